// E1's tech tokens (engine/tech_tokens.cpp): the deal, the income and the victory bonus.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "model/state.h"
#include "model/tokens.h"

namespace dune {

// The deal is due as turn 1's Storm ends (end_phase asks). deal_tech_tokens gives the default
// owners theirs and asks for the next of the rest (a TechTokenDeal chance step; true: the step's
// outcome goes on through on_tech_token_dealt, which ends the phase), or, none left to deal or no
// seat without a token, closes the deal (false).
bool tech_deal_due(const GameState& state);
bool deal_tech_tokens(GameState& state);
// The TechTokenDeal outcomes: the indices of the tokens still undealt.
std::vector<std::uint8_t> tech_tokens_to_deal(const GameState& state);
void on_tech_token_dealt(GameState& state, Seat seat, std::uint8_t token);

// A trigger of `token`'s income by faction `by` (its rule site calls it); the income of each token
// held and triggered this phase is paid as the phase ends (pay_tech_income, from end_phase).
void note_tech_trigger(GameState& state, TechTokenKind token, Faction by);
void pay_tech_income(GameState& state);

// After a battle won (§1.4): the tokens the loser holds, which the winner may take, one of them,
// as the battle ends (BattleStage::WinnerTechToken, asked when this is not empty); its answer.
std::vector<TechTokenKind> tech_tokens_to_take(const GameState& state);
std::optional<Rejection> validate_take_tech_token(const GameState& state, Seat seat, const TakeTechToken& c);
void apply_take_tech_token(GameState& state, Seat seat, const TakeTechToken& c);

// Whether `f` holds all three tokens: one more stronghold for its side's stronghold victory.
bool holds_every_tech_token(const GameState& state, Faction f);

}  // namespace dune

// E1's tech tokens (engine/tech_tokens.cpp): the deal, the income and the victory bonus.
#pragma once

#include <cstdint>
#include <vector>

#include "model/state.h"

namespace dune {

// The tokens in kTechTokens order (model/tokens.h).
enum class TechTokenKind : std::uint8_t { AxlotlTanks, Heighliners, SpiceProduction };

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

// Whether `f` holds all three tokens: one more stronghold for its side's stronghold victory.
bool holds_every_tech_token(const GameState& state, Faction f);

}  // namespace dune

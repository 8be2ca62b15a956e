// E1's tech tokens (option cards.e1_tech_tokens; fact sheet §4.3 row "Tech tokens (E1, optional)";
// digest docs/rules/tech-tokens-and-amal.md §1). The printed E1 text was not retrieved: every rule
// here rests on the two engines, [TO] and [DB], and where they part our reading is in the README's
// rules-status table ("E1 tech tokens").
//
// - Deal (§1.2, 2 sources): as turn 1's Storm ends (the first storm placed, so storm order exists),
//   each seated default owner takes its token; the rest are shuffled and dealt one each, in storm
//   order, to seats holding none (a TechTokenDeal chance step each); what is left once every seat
//   holds one is set aside (both engines; OPEN whether printed, Q1).
// - Income (§1.3, 2 sources): a free revival of forces by a faction other than the Tleilaxu (Axlotl
//   Tanks), a shipment from off-planet by a faction other than the Guild and the Fremen
//   (Heighliners), a Charity claim by a faction other than the Bene Gesserit (Spice Production)
//   marks the token's income due, once a phase however often it happens; as the phase ends its
//   holder takes from the bank 1 spice for each tech token it holds.
// - Victory (§1.5, one source, [TO] NumberOfVictoryPoints): holding all three counts as one more
//   stronghold for a stronghold victory, for an alliance when either ally holds them.
// - Battle (§1.4, 2 sources): the winner of a battle may take one token its opponent holds, as
//   the battle ends, after its cards and before the Nexus windows, the capture and the Face Dancer
//   reveal. [TO] lets it decline, [DB] makes it take one: our reading is [TO]'s (README, Q2). A
//   battle that ends with no winner (an explosion, two traitors) moves none.
#include "engine/tech_tokens.h"

#include <algorithm>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "model/tokens.h"

namespace dune {
namespace {

int tokens_held(const GameState& state, Seat seat) {
  return static_cast<int>(std::count(state.tech.holder.begin(), state.tech.holder.end(), std::optional<Seat>(seat)));
}

// The first seat in storm order holding no token (§1.2), if any.
std::optional<Seat> next_token_less(const GameState& state) {
  for (Seat s : storm_order(state)) {
    if (tokens_held(state, s) == 0) return s;
  }
  return std::nullopt;
}

}  // namespace

bool tech_deal_due(const GameState& state) {
  return state.options.cards.e1_tech_tokens && !state.tech.dealt && state.turn == 1 && state.phase == Phase::Storm;
}

bool deal_tech_tokens(GameState& state) {
  for (std::size_t t = 0; t < kTechTokens.size(); ++t) {
    const auto owner = state.seat_of(kTechTokens[t].default_owner);
    if (owner && !mutant_active(Mutant::TechDefaultOwnersShuffled)) state.tech.holder[t] = owner;
  }
  const auto seat = next_token_less(state);
  if (seat && !tech_tokens_to_deal(state).empty()) {
    request_chance(state, PendingChance{ChanceKind::TechTokenDeal, *seat, 0});
    return true;  // on_tech_token_dealt goes on, at once when the outcome is forced
  }
  state.tech.dealt = true;  // the rest, if any, are set aside
  return false;
}

std::vector<std::uint8_t> tech_tokens_to_deal(const GameState& state) {
  std::vector<std::uint8_t> out;
  if (state.tech.dealt) return out;
  for (std::size_t t = 0; t < kTechTokens.size(); ++t) {
    if (!state.tech.holder[t]) out.push_back(static_cast<std::uint8_t>(t));
  }
  return out;
}

void on_tech_token_dealt(GameState& state, Seat seat, std::uint8_t token) {
  state.tech.holder[token] = seat;
  end_phase(state);  // the deal goes on, then the Storm ends
}

void note_tech_trigger(GameState& state, TechTokenKind token, Faction by) {
  const std::size_t t = static_cast<std::size_t>(token);
  if (!state.tech.holder[t]) return;
  const Faction excluded[] = {Faction::Tleilaxu, Faction::SpacingGuild, Faction::BeneGesserit};
  if (by == excluded[t] || (token == TechTokenKind::Heighliners && by == Faction::Fremen)) return;
  state.tech.income_due[t] = true;
}

void pay_tech_income(GameState& state) {
  for (std::size_t t = 0; t < kTechTokens.size(); ++t) {
    if (!state.tech.income_due[t]) continue;
    state.tech.income_due[t] = false;
    if (const auto holder = state.tech.holder[t]) {
      receive_from_bank(state, *holder, Spice{tokens_held(state, *holder)});
    }
  }
}

std::vector<TechTokenKind> tech_tokens_to_take(const GameState& state) {
  std::vector<TechTokenKind> out;
  const BattleState& b = state.battle;
  if (!state.tech.dealt || !b.winner) return out;
  const Seat loser = b.combatants[1 - battle_detail::side_of(state, *b.winner)];
  for (std::size_t t = 0; t < kTechTokens.size(); ++t) {
    if (state.tech.holder[t] == loser) out.push_back(static_cast<TechTokenKind>(t));
  }
  return out;
}

std::optional<Rejection> validate_take_tech_token(const GameState& state, Seat seat, const TakeTechToken& c) {
  if (state.battle.stage != BattleStage::WinnerTechToken || state.battle.winner != seat) {
    return reject(RejectCode::WrongPhase, "a tech token is taken by the winner of a battle, as the battle ends (E1 tech tokens)");
  }
  const auto takeable = tech_tokens_to_take(state);
  if (std::find(takeable.begin(), takeable.end(), c.token) == takeable.end()) {
    return reject(RejectCode::IllegalChoice, "the loser does not hold the {} token", kTechTokens[static_cast<std::size_t>(c.token)].name);
  }
  return std::nullopt;
}

void apply_take_tech_token(GameState& state, Seat seat, const TakeTechToken& c) {
  if (!mutant_active(Mutant::TechTokenTakeIgnored)) state.tech.holder[static_cast<std::size_t>(c.token)] = seat;
}

bool holds_every_tech_token(const GameState& state, Faction f) {
  const auto seat = state.seat_of(f);
  return seat && tokens_held(state, *seat) == static_cast<int>(kTechTokens.size());
}

}  // namespace dune

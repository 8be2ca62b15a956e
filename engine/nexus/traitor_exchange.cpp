// The Harkonnen Nexus card's physical traitor operation (nexus.traitor_exchange; seed 000, Harkonnen
// row: "draw a Traitor Card into the hand, then choose one held Traitor Card to shuffle back";
// "draw two Traitor Cards, then choose two held cards to shuffle back"; the Betrayal's replacement
// draw). "Physical custody remains authoritative ... Draw first then return cards in the order
// stated" (seed 000): each draw is a TraitorDraw chance step from the Traitor Deck, then the seat
// shuffles the returns back one ReturnTraitor at a time. While the exchange lasts nothing else goes
// on (flow.cpp asks it before the step it interrupts); the step resumes unchanged after it.
#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/nexus.h"

namespace dune {

namespace {

void continue_exchange(GameState& state) {
  auto& x = state.nexus.traitor_exchange;
  if (!x) return;
  if (x->draws > 0) {
    // The families offer an exchange only when the deck holds its draws; a replacement owed to
    // an exhausted deck is not drawn (nothing to draw).
    if (state.traitor_deck.size() == 0) {
      x->draws = 0;
    } else {
      request_chance(state, PendingChance{ChanceKind::TraitorDraw, x->seat, 0});
      return;
    }
  }
  if (x->returns == 0) x.reset();
}

}  // namespace

void begin_traitor_exchange(GameState& state, Seat seat, std::uint8_t draws, std::uint8_t returns) {
  state.nexus.traitor_exchange = TraitorExchange{seat, draws, returns};
  continue_exchange(state);
}

void on_traitor_drawn(GameState& state, Seat seat, TraitorCardId card) {
  transfer(state.traitor_deck, state.seat(seat).traitors, card);
  auto& x = state.nexus.traitor_exchange;
  if (x && x->draws > 0) --x->draws;
  continue_exchange(state);
}

std::vector<Seat> awaited_traitor_exchange(const GameState& state) {
  const auto& x = state.nexus.traitor_exchange;
  if (!x || x->draws > 0 || x->returns == 0) return {};
  return {x->seat};
}

// A revealed Face Dancer of the Tleilaxu playing the card (their retained cards are Face Dancers,
// seed 000) stays face up until the group's last is revealed (seed 000, 002): it is not returned
// (our reading; no source says either way; README rules status).
namespace {
bool returnable(const SeatState& s, TraitorCardId t) {
  return std::find(s.revealed_dancers.begin(), s.revealed_dancers.end(), t) == s.revealed_dancers.end();
}
}  // namespace

std::vector<Command> traitor_exchange_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  for (TraitorCardId t : state.seat(seat).traitors) {
    if (returnable(state.seat(seat), t)) out.push_back(ReturnTraitor{t});
  }
  return out;
}

std::optional<Rejection> validate_traitor_exchange(const GameState& state, Seat seat, const Command& c) {
  const auto* r = std::get_if<ReturnTraitor>(&c);
  if (!r) {
    return reject(RejectCode::WrongPhase, "{} shuffle {} Traitor Card(s) back first (the Harkonnen Nexus card, seed 000); "
                  "the {} waits", to_string(state.faction_of(seat)), state.nexus.traitor_exchange->returns, to_string(state.step));
  }
  const auto& held = state.seat(seat).traitors;
  if (std::find(held.begin(), held.end(), r->card) == held.end()) {
    return reject(RejectCode::IllegalChoice, "you hold no such Traitor Card to shuffle back");
  }
  if (!returnable(state.seat(seat), r->card)) {
    return reject(RejectCode::IllegalChoice, "a revealed Face Dancer stays face up until all have been revealed (seed 000, 002)");
  }
  return std::nullopt;
}

void apply_traitor_exchange(GameState& state, Seat seat, const Command& c) {
  const auto& r = std::get<ReturnTraitor>(c);
  if (!mutant_active(Mutant::NexusReturnedTraitorKept)) transfer(state.seat(seat).traitors, state.traitor_deck, r.card);
  auto& x = state.nexus.traitor_exchange;
  if (--x->returns == 0) x.reset();
}

}  // namespace dune

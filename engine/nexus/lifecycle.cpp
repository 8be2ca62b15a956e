// The E3 Nexus card module: the common lifecycle (seed 000, "Publisher's common rules" and
// "Executable lifecycle composition" 1–9). The families' plays: plays.cpp and one file per family.
#include "engine/nexus/nexus.h"

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"

namespace dune {

NexusMode nexus_mode(const GameState& state, Seat seat, NexusCardId card) {
  if (state.faction_of(seat) == card.faction) return NexusMode::Cunning;
  return state.seat_of(card.faction) ? NexusMode::Betrayal : NexusMode::SecretAlly;
}

bool holds_nexus_card(const GameState& state, Seat seat) {
  return state.nexus.held[seat.value].has_value();
}

// Seed 000, items 1–2: only when selected; all twelve identities, absent factions included (else
// Secret Ally could never happen); no initial deal.
void init_nexus_module(GameState& state) {
  if (state.options.nexus == NexusModuleMode::Off) return;
  state.nexus.enabled = true;
  for (Faction f : kAllFactions) place_new(state.nexus.deck, NexusCardId{f});
}

void discard_nexus_card(GameState& state, Seat seat) {
  auto& held = state.nexus.held[seat.value];
  if (held) transfer(held, state.nexus.discard, *held);
}

// Seed 000, item 6: the accepted alliance transaction discards both partners' held cards.
void on_alliance_formed(GameState& state, Faction a, Faction b) {
  if (mutant_active(Mutant::NexusKeptOnAlliance)) return;
  for (Faction f : {a, b}) {
    if (const auto seat = state.seat_of(f)) discard_nexus_card(state, *seat);
  }
}

namespace {

// Deal order (seed 000, "The text does not specify a Nexus-dealing seat order"): one seat at a
// time in storm order — implementation ordering, never a public batch reveal.
std::optional<Seat> next_to_answer(const GameState& state) {
  for (Seat s : storm_order(state)) {
    if (state.nexus.eligible[s.value] && !state.nexus.answered[s.value]) return s;
  }
  return std::nullopt;
}

void close_opportunity(GameState& state) {
  NexusState& n = state.nexus;
  n.opportunity_open = false;
  n.eligible = {};
  n.answered = {};
  n.drawing.reset();
  n.redraws_left = 0;
  end_phase(state);  // Spice Blow and Nexus is over: CHOAM Charity next
}

void after_answer(GameState& state) {
  if (!next_to_answer(state)) close_opportunity(state);
}

// Exhaustion recycles the discards (seed 000, "Publisher's common rules"): the discard becomes an
// unordered deck; the draw that follows is the chance step, so the shuffle needs none of its own.
void start_draw(GameState& state, Seat seat) {
  NexusState& n = state.nexus;
  if (n.deck.empty()) {
    transfer_all(n.discard, n.deck);
  }
  if (n.deck.empty()) {  // every card is held: nothing to draw (cannot happen for a replacement)
    n.drawing.reset();
    after_answer(state);
    return;
  }
  n.drawing = seat;
  request_chance(state, PendingChance{ChanceKind::NexusDraw, seat, 0});
}

// Seed 000, item 4: the private redraw preference, applied without a later confirmation. It stops
// when the deck and discard hold no other card, so RedrawOwnAlways always ends.
bool redraw_own(const GameState& state, Seat seat, NexusCardId card) {
  const NexusState& n = state.nexus;
  if (card.faction != state.faction_of(seat)) return false;
  if (n.deck.size() + n.discard.size() == 0) return false;
  switch (n.redraw[seat.value]) {
    case RedrawPolicy::KeepAny: return false;
    case RedrawPolicy::RedrawOwnOnce: return n.redraws_left > 0;
    case RedrawPolicy::RedrawOwnAlways: return true;
  }
  return false;
}

}  // namespace

void on_nexus_drawn(GameState& state, Seat seat, NexusCardId card) {
  NexusState& n = state.nexus;
  transfer(n.deck, n.held[seat.value], card);  // drawn into the seat's (empty) slot
  if (redraw_own(state, seat, card)) {
    transfer(n.held[seat.value], n.discard, card);  // the physical intermediate discard, public (seed 000, item 5)
    if (mutant_active(Mutant::NexusRedrawPausesPublicly)) return n.drawing.reset(), void(n.answered[seat.value] = false);
    if (n.redraws_left > 0) --n.redraws_left;
    start_draw(state, seat);
    return;
  }
  n.drawing.reset();
  n.redraws_left = 0;
  after_answer(state);
}

// Seed 000, item 3: at the end of the whole phase, when a Nexus happened in it (the phase-level
// fact) and an alliance exists on the final alliances; the unallied seats are eligible.
bool open_nexus_draw(GameState& state) {
  NexusState& n = state.nexus;
  if (!n.enabled || !state.blow.nexus_occurred || state.alliances.empty()) return false;
  n.eligible = {};
  n.answered = {};
  for (Seat s : all_seats(state)) n.eligible[s.value] = !ally_of(state, state.faction_of(s));
  if (!next_to_answer(state)) return false;
  n.opportunity_open = true;
  state.step = Step::NexusDraw;
  return true;
}

std::vector<Seat> awaited_nexus_draw(const GameState& state) {
  if (state.nexus.drawing) return {};
  const auto s = next_to_answer(state);
  return s ? std::vector<Seat>{*s} : std::vector<Seat>{};
}

std::vector<Command> candidates_nexus_draw(const GameState&, Seat) { return {DrawNexus{}, Pass{}}; }

std::optional<Rejection> validate_nexus_draw(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;  // decline, or keep the held card
  if (!std::holds_alternative<DrawNexus>(c)) {
    return reject(RejectCode::WrongPhase, "the Nexus card draw takes DrawNexus or Pass");
  }
  const NexusState& n = state.nexus;
  if (!holds_nexus_card(state, seat) && n.deck.empty() && n.discard.empty()) {
    return reject(RejectCode::IllegalChoice, "no Nexus card is left to draw: all twelve are held");
  }
  return std::nullopt;
}

void apply_nexus_draw(GameState& state, Seat seat, const Command& c) {
  NexusState& n = state.nexus;
  n.answered[seat.value] = true;  // one opportunity, not repeated replacements (seed 000, item 4)
  if (std::holds_alternative<Pass>(c)) {
    after_answer(state);
    return;
  }
  discard_nexus_card(state, seat);  // with a card: discard-and-replace
  n.redraws_left = n.redraw[seat.value] == RedrawPolicy::RedrawOwnOnce ? 1 : 0;
  start_draw(state, seat);
}

}  // namespace dune

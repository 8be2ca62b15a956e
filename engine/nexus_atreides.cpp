// The Atreides Nexus family (seed 000, Atreides row and "Effect integration boundaries"):
//   Betrayal    stop Atreides' attempt to inspect one battle-plan element (names the attempt);
//   Cunning     in Atreides' battle, after Prescience was answered, obtain a second, different
//               element from the opponent (its own cause and receipt);
//   Secret Ally (Atreides absent) in one's own battle, inspect one opposing plan element.
// Inspections disclose to the inspecting seat only (a private Sighting), whereas our Prescience
// answer is told aloud. Windows open on public facts only: who holds *a* Nexus card, never which.
#include <fmt/format.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus.h"
#include "model/nexus_registry.h"

namespace dune {

using battle_detail::side_of;

namespace {

constexpr std::array kElements{PlanElement::Leader, PlanElement::Weapon, PlanElement::Defense, PlanElement::Dial};

bool is_combatant(const GameState& state, Seat seat) {
  const auto& c = state.battle.combatants;
  return c[0] == seat || c[1] == seat;
}

std::string battle_event(const GameState& state) {
  return fmt::format("battle in {}, turn {}", to_string(state.battle.territory), state.turn);
}

// One receipt per play, then the card goes to the Nexus discard: it can never be consumed twice.
void commit_play(GameState& state, Seat seat, const PlayNexus& c, std::string answers) {
  NexusReceipt r;
  r.id = static_cast<std::uint32_t>(state.nexus.receipts.size() + 1);
  r.seat = seat;
  r.card = c.card;
  r.mode = c.mode;
  r.turn = state.turn;
  r.phase = state.phase;
  r.event = battle_event(state);
  r.answers = std::move(answers);
  state.nexus.receipts.push_back(std::move(r));
  if (!mutant_active(Mutant::NexusPlayableTwice)) discard_nexus_card(state, seat);
}

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  const BattleState& b = state.battle;
  if (b.stage != BattleStage::NexusBetrayal || b.nexus_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Atreides Betrayal answers a Prescience attempt while its window is open");
  }
  if (c.answers != b.prescience_attempt) {
    return reject(RejectCode::IllegalChoice, "the open Prescience attempt is number {}, not {}", b.prescience_attempt, c.answers);
  }
  if (c.element) return reject(RejectCode::IllegalChoice, "Atreides Betrayal names the attempt, not a plan element");
  return std::nullopt;
}

std::optional<Rejection> validate_inspection(const GameState& state, Seat seat, const PlayNexus& c) {
  const BattleState& b = state.battle;
  if (!c.element || std::find(kElements.begin(), kElements.end(), *c.element) == kElements.end()) {
    return reject(RejectCode::IllegalChoice, "name the plan element to inspect: leader, weapon, defense or dial");
  }
  if (c.answers != 0) return reject(RejectCode::IllegalChoice, "an inspection answers no attempt (answers must be 0)");
  if (!is_combatant(state, seat)) return reject(RejectCode::IllegalChoice, "only in one's own battle");
  if (b.nexus_inspector) return reject(RejectCode::IllegalChoice, "a Nexus inspection was already made in this battle");
  if (c.mode == NexusMode::SecretAlly) {
    if (b.stage != BattleStage::NexusSecretAlly || b.nexus_answered[seat.value]) {
      return reject(RejectCode::WrongPhase, "Atreides Secret Ally is played in its window before the battle plans");
    }
    return std::nullopt;
  }
  // Cunning: after Prescience has been answered, a second element that differs from it.
  if (b.stage != BattleStage::Plans || !b.prescience || !b.prescience_answered) {
    return reject(RejectCode::WrongPhase, "Atreides Cunning follows an answered Prescience, while plans are made");
  }
  if (*c.element == *b.prescience) {
    return reject(RejectCode::IllegalChoice, "the second element must differ from the Prescience element ({})",
                  to_string(*b.prescience));
  }
  return std::nullopt;
}

void close_window(GameState& state) {
  BattleState& b = state.battle;
  b.stage = b.stage == BattleStage::NexusBetrayal ? BattleStage::PrescienceAnswer : BattleStage::Plans;
  b.nexus_answered = {};
}

}  // namespace

bool open_prescience_betrayal_window(GameState& state) {
  if (!state.nexus.enabled) return false;
  BattleState& b = state.battle;
  b.prescience_attempt = ++state.nexus.attempts;  // every attempt is numbered: a play names it
  const auto atreides = state.seat_of(Faction::Atreides);
  b.nexus_answered = {};
  for (Seat s : all_seats(state)) {
    if (s != atreides && holds_nexus_card(state, s)) {
      b.stage = BattleStage::NexusBetrayal;
      return true;
    }
  }
  return false;
}

bool open_secret_ally_window(GameState& state) {
  BattleState& b = state.battle;
  if (!state.nexus.enabled || state.seat_of(Faction::Atreides) || b.nexus_inspector) return false;
  if (!holds_nexus_card(state, b.combatants[0]) && !holds_nexus_card(state, b.combatants[1])) return false;
  b.nexus_answered = {};
  b.stage = BattleStage::NexusSecretAlly;
  return true;
}

std::vector<Seat> awaited_nexus_window(const GameState& state) {
  const BattleState& b = state.battle;
  std::vector<Seat> out;
  for (Seat s : all_seats(state)) {
    if (b.nexus_answered[s.value] || !holds_nexus_card(state, s)) continue;
    const bool offered = b.stage == BattleStage::NexusBetrayal ? state.seat_of(Faction::Atreides) != s
                                                               : is_combatant(state, s);
    if (offered) out.push_back(s);
  }
  return out;
}

std::vector<Command> nexus_play_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const auto held = state.nexus.held[seat.value];
  if (!held || family_status(held->faction).kind == StatusKind::Unavailable) return out;
  const NexusMode mode = nexus_mode(state, seat, *held);
  if (mode == NexusMode::Betrayal) {
    out.push_back(PlayNexus{*held, mode, std::nullopt, state.battle.prescience_attempt});
    return out;
  }
  for (PlanElement e : kElements) out.push_back(PlayNexus{*held, mode, e, 0});
  return out;
}

std::optional<Rejection> validate_nexus_play(const GameState& state, Seat seat, const PlayNexus& c) {
  if (!state.nexus.enabled) return reject(RejectCode::IllegalChoice, "the Nexus card module is not in this game");
  if (state.nexus.held[seat.value] != c.card) {
    return reject(RejectCode::IllegalChoice, "you do not hold the {} Nexus card", to_string(c.card.faction));
  }
  const FamilyStatus family = family_status(c.card.faction);
  if (family.kind == StatusKind::Unavailable) {
    return reject(RejectCode::NotImplemented, "the {} Nexus card cannot be played: {}", to_string(c.card.faction), family.reason);
  }
  const NexusMode mode = nexus_mode(state, seat, c.card);
  if (c.mode != mode) {
    return reject(RejectCode::IllegalChoice, "you hold the {} card in {} mode, not {} (native roster, seed 000 item 8)",
                  to_string(c.card.faction), to_string(mode), to_string(c.mode));
  }
  return mode == NexusMode::Betrayal ? validate_betrayal(state, seat, c) : validate_inspection(state, seat, c);
}

void apply_nexus_play(GameState& state, Seat seat, const PlayNexus& c) {
  BattleState& b = state.battle;
  if (c.mode == NexusMode::Betrayal) {
    // The attempt is stopped: no answer is given. Whether Atreides may then continue (ask again)
    // is an open source question (seed 000, "Remaining source questions"): no continuation.
    commit_play(state, seat, c, fmt::format("Prescience attempt {} ({})", b.prescience_attempt, to_string(*b.prescience)));
    b.prescience_stopped = true;
    b.nexus_answered = {};
    b.stage = BattleStage::Plans;
    return;
  }
  commit_play(state, seat, c, "");
  b.nexus_inspector = seat;
  b.nexus_element = c.element;
  b.nexus_answered = {};
  const std::size_t other = static_cast<std::size_t>(1 - side_of(state, seat));
  const bool committed = *c.element == PlanElement::Dial ? b.wheels[other].has_value() : b.plans[other].has_value();
  if (committed) {
    disclose_nexus_inspection(state);
    b.stage = BattleStage::Plans;
    return;
  }
  b.stage = BattleStage::NexusAnswer;  // like the Prescience answer: commit that part first
}

void apply_nexus_window_pass(GameState& state, Seat seat) {
  state.battle.nexus_answered[seat.value] = true;
  if (awaited_nexus_window(state).empty()) close_window(state);
}

void disclose_nexus_inspection(GameState& state) {
  const BattleState& b = state.battle;
  const Seat inspector = *b.nexus_inspector;
  const int other = 1 - side_of(state, inspector);
  const auto v = battle_detail::plan_element_value(state, other, *b.nexus_element);
  const std::string what =
      fmt::format("Nexus card (Atreides) in {}: {}'s {} is {}", to_string(b.territory),
                  to_string(state.faction_of(b.combatants[static_cast<std::size_t>(other)])), to_string(*b.nexus_element), v.value);
  record_sighting(state, inspector, SeenKind::PlanElement, v.id, what);
}

}  // namespace dune

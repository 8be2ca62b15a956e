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
#include "engine/nexus/family.h"

namespace dune {

using battle_detail::side_of;

namespace {

constexpr std::array kElements{PlanElement::Leader, PlanElement::Weapon, PlanElement::Defense, PlanElement::Dial};

// A Nexus battle stage this family opened.
bool owns_window(const GameState& state) { return nexus_window_of(state, Faction::Atreides); }

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  const BattleState& b = state.battle;
  if (b.stage != BattleStage::NexusBetrayal || !owns_window(state) || b.nexus_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Atreides Betrayal answers a Prescience attempt while its window is open");
  }
  if (c.answers != b.prescience_attempt) {
    return reject(RejectCode::IllegalChoice, "the open Prescience attempt is number {}, not {}", b.prescience_attempt, c.answers);
  }
  if (c.element) return reject(RejectCode::IllegalChoice, "Atreides Betrayal names the attempt, not a plan element");
  return unread_fields(c, kReadsNothing);
}

std::optional<Rejection> validate_inspection(const GameState& state, Seat seat, const PlayNexus& c) {
  const BattleState& b = state.battle;
  if (!c.element || std::find(kElements.begin(), kElements.end(), *c.element) == kElements.end()) {
    return reject(RejectCode::IllegalChoice, "name the plan element to inspect: leader, weapon, defense or dial");
  }
  if (c.answers != 0) return reject(RejectCode::IllegalChoice, "an inspection answers no attempt (answers must be 0)");
  if (auto r = unread_fields(c, kReadsElement)) return r;
  if (!nexus_combatant(state, seat)) return reject(RejectCode::IllegalChoice, "only in one's own battle");
  if (b.nexus_inspector) return reject(RejectCode::IllegalChoice, "a Nexus inspection was already made in this battle");
  if (c.mode == NexusMode::SecretAlly) {
    if (b.stage != BattleStage::NexusSecretAlly || !owns_window(state) || b.nexus_answered[seat.value]) {
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
  b.nexus_window.reset();
}

// NexusHook::PrescienceAsked: opens the Betrayal window (numbering the attempt) when another seat
// holds a Nexus card.
bool open_prescience_betrayal_window(GameState& state) {
  state.battle.prescience_attempt = ++state.nexus.attempts;  // every attempt is numbered: a play names it
  return open_nexus_battle_window(state, Faction::Atreides, BattleStage::NexusBetrayal);
}

// NexusHook::PlansBegin: opens the Secret Ally window when Atreides is absent and a combatant
// holds a Nexus card.
bool open_secret_ally_window(GameState& state) {
  if (state.seat_of(Faction::Atreides) || state.battle.nexus_inspector) return false;
  return open_nexus_battle_window(state, Faction::Atreides, BattleStage::NexusSecretAlly);
}

std::vector<Seat> awaited_window(const GameState& state) { return nexus_window_awaited(state, Faction::Atreides); }

std::vector<Command> candidates(const GameState& state, Seat, NexusMode mode) {
  const NexusCardId card{Faction::Atreides};
  if (mode == NexusMode::Betrayal) return {PlayNexus{card, mode, std::nullopt, state.battle.prescience_attempt, ForceCount{0}}};
  std::vector<Command> out;
  for (PlanElement e : kElements) out.push_back(PlayNexus{card, mode, e, 0, ForceCount{0}});
  return out;
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  return c.mode == NexusMode::Betrayal ? validate_betrayal(state, seat, c) : validate_inspection(state, seat, c);
}

// NexusHook::InspectedPartCommitted: the private disclosure to the inspecting seat.
void disclose_inspection(GameState& state) {
  const BattleState& b = state.battle;
  const Seat inspector = *b.nexus_inspector;
  const int other = 1 - side_of(state, inspector);
  const auto v = battle_detail::plan_element_value(state, other, *b.nexus_element);
  const std::string what =
      fmt::format("Nexus card (Atreides) in {}: {}'s {} is {}", to_string(b.territory),
                  to_string(state.faction_of(b.combatants[static_cast<std::size_t>(other)])), to_string(*b.nexus_element), v.value);
  record_sighting(state, inspector, SeenKind::PlanElement, v.id, what);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  BattleState& b = state.battle;
  if (c.mode == NexusMode::Betrayal) {
    // The attempt is stopped: no answer is given. Whether Atreides may then continue (ask again)
    // is an open source question (seed 000, "Remaining source questions"): no continuation.
    commit_nexus_play(state, seat, c, nexus_battle_event(state),
                      fmt::format("Prescience attempt {} ({})", b.prescience_attempt, to_string(*b.prescience)));
    b.prescience_stopped = true;
    b.nexus_answered = {};
    b.nexus_window.reset();
    b.stage = mutant_active(Mutant::NexusBetrayalPrescienceAnswered) ? BattleStage::PrescienceAnswer : BattleStage::Plans;
    return;
  }
  commit_nexus_play(state, seat, c, nexus_battle_event(state), "");
  b.nexus_inspector = seat;
  b.nexus_element = c.element;
  b.nexus_answered = {};
  b.nexus_window.reset();
  const std::size_t other = static_cast<std::size_t>(1 - side_of(state, seat));
  const bool committed = *c.element == PlanElement::Dial ? b.wheels[other].has_value() : b.plans[other].has_value();
  if (committed) {
    disclose_inspection(state);
    b.stage = BattleStage::Plans;
    return;
  }
  b.stage = BattleStage::NexusAnswer;  // like the Prescience answer: commit that part first
}

void pass(GameState& state, Seat seat) {
  state.battle.nexus_answered[seat.value] = true;
  if (awaited_window(state).empty()) close_window(state);
}

void on_hook(GameState& state, NexusHook hook) {
  switch (hook) {
    case NexusHook::PrescienceAsked: open_prescience_betrayal_window(state); return;
    case NexusHook::PlansBegin: open_secret_ally_window(state); return;
    case NexusHook::InspectedPartCommitted:
      if (state.battle.nexus_inspector) disclose_inspection(state);
      return;
    default: return;
  }
}


// ---- for the gate and the explorer ----

// A Betrayal window closed by a pass, so the Prescience attempt went ahead.
std::uint64_t betrayal_window_passed(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && std::holds_alternative<Pass>(e->command) && owns_window(before) && before.battle.stage == BattleStage::NexusBetrayal ? 1 : 0;
}

constexpr std::array kPrescienceAsked{NexusHook::PrescienceAsked};
constexpr std::array kPlansBegin{NexusHook::PlansBegin};
// Cunning opens no window: it is offered during the plans, after an answered Prescience.
constexpr std::array<NexusHook, 0> kDuringPlans{};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (Prescience goes ahead)", 3,
                     "more games: aggressive seats fight Atreides more often", betrayal_window_passed},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"cunning", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 3, 0,
                     "Atreides holds the Atreides card"},
    NexusBattleStart{"betrayal", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 3, 2,
                     "the Emperor (not fighting) holds the Atreides card"},
    NexusBattleStart{"secret-ally", {Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild}, 4, 0,
                     "Harkonnen holds the Atreides card, Atreides absent"},
};

constexpr std::array kScopes{
    NexusScope{"atreides-battle",
               "one battle in Arrakeen with the Atreides Nexus card held in each mode: Cunning (Atreides), Betrayal "
               "(the Emperor, Atreides seated), Secret Ally (Harkonnen, Atreides absent)",
               kBattleStarts},
};

// A play consumed twice is only reachable through a family's plays (commit_nexus_play); a stopped
// Prescience answered all the same is this family's Betrayal.
constexpr std::array<std::string_view, 2> kMutants{"nexus-playable-twice", "nexus-betrayal-prescience-answered"};

}  // namespace

extern const NexusFamily kAtreidesFamily{
    Faction::Atreides,
    "engine/nexus/atreides.cpp",
    {{{NexusMode::Betrayal, kPrescienceAsked,
       "no continuation after the stop: whether Atreides may then ask again is open (seed 000, \"Remaining source "
       "questions\")"},
      {NexusMode::Cunning, kDuringPlans, ""},
      {NexusMode::SecretAlly, kPlansBegin, ""}}},
    on_hook,
    owns_window,
    awaited_window,
    pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"contract.atreides.betrayal", "contract.atreides.cunning", "contract.atreides.secret-ally"},
};

}  // namespace dune

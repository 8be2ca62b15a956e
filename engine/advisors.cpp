// Advanced Bene Gesserit flips ([LR] 2.02.15–21, abilities of the Advanced game only, 2.02.00).
// A territory holds one Bene Gesserit stance (Board::advisors), so a flip turns every Bene
// Gesserit token of that territory. The decisions are public and come in windows
// (MovementState::flip_window) in which only the Bene Gesserit are awaited:
//   Wartime     (2.02.17) as Shipment and Movement opens: flip the advisors of any territories to
//               fighters, one FlipBeneGesserit per territory, until Pass;
//   Intrusion   (2.02.15) after forces of a faction not allied to them enter a territory where
//               they have fighters, by shipment, cross-shipment, Fremen sending or movement:
//               flip those fighters to advisors, or Pass (before the spiritual advisor decision
//               of the same shipment: our order; awaited_shipment_movement asks the window first);
//   Take Up Arms (2.02.16) after they moved advisors into an occupied territory where they had
//               no advisors: flip them to fighters, or Pass.
// Universal Stewards (2.02.21) is automatic: as Shipment and Movement ends (the last moment
// "before Battle Phase"), advisors alone in a territory become fighters.
// Every flip to fighters obeys Peacetime (2.02.18: not with an ally's forces there) and Stormed In
// (2.02.19: choice, not where any of the territory's Bene Gesserit tokens is under the storm, since
// the stance is the territory's), and the occupancy limit (printed for Take Up Arms; applied to
// every flip, so that a stronghold never holds three occupants, [LR] 1.06.03.05).
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/shipment_movement.h"

namespace dune::shipment_movement {
namespace {

bool flips_in_play(const GameState& s) {
  return s.options.rules.bene_gesserit_advisors && in_play(s, Faction::BeneGesserit);
}

bool has_advisors(const GameState& s, TerritoryId t) {
  return s.board.advisors[index(t)] && forces_in_territory(s, Faction::BeneGesserit, t) > ForceCount{0};
}

bool has_fighters(const GameState& s, TerritoryId t) {
  return !s.board.advisors[index(t)] && forces_in_territory(s, Faction::BeneGesserit, t) > ForceCount{0};
}

bool wartime_open(const GameState& s) {
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    if (!check_flip_to_fighters(s, territory_at(i))) return true;
  }
  return false;
}

}  // namespace

std::optional<Rejection> check_flip_to_fighters(const GameState& s, TerritoryId t) {
  if (!has_advisors(s, t)) {
    return reject(RejectCode::IllegalChoice, "the Bene Gesserit have no advisors in {} to flip", to_string(t));
  }
  if (const auto ally = ally_of(s, Faction::BeneGesserit);
      ally && forces_in_territory(s, *ally, t) > ForceCount{0}) {
    return reject(RejectCode::IllegalChoice, "Peacetime: advisors cannot flip to fighters with an ally present ({} in {}, [LR] 2.02.18)",
                  to_string(*ally), to_string(t));
  }
  for (CellId c : cells_of(t)) {
    if (forces_in_cell(s, Faction::BeneGesserit, c) > ForceCount{0} && cell_in_storm(s, c)) {
      return reject(RejectCode::StormBlocked, "Stormed In: advisors in {} are under the storm and cannot flip to fighters ([LR] 2.02.19)",
                    to_string(t));
    }
  }
  if (occupancy_blocked(s, Faction::BeneGesserit, t)) {
    return reject(RejectCode::OccupancyLimit, "{} already holds fighting forces of two other factions: advisors there cannot "
                  "flip to fighters ([LR] 2.02.16, 1.06.03.05)", to_string(t));
  }
  return std::nullopt;
}

void open_nexus_cunning(GameState& s) { s.movement.flip_window = FlipWindow{FlipOccasion::NexusCunning, TerritoryId{}}; }

bool any_flip_to_fighters(const GameState& s) { return flips_in_play(s) && wartime_open(s); }

void open_wartime(GameState& s) {
  if (any_flip_to_fighters(s)) s.movement.flip_window = FlipWindow{FlipOccasion::Wartime, TerritoryId{}};
}

void open_intrusion(GameState& s, Faction mover, TerritoryId t) {
  if (!flips_in_play(s) || mover == Faction::BeneGesserit || ally_of(s, Faction::BeneGesserit) == mover) return;
  if (forces_in_territory(s, mover, t) == ForceCount{0} || !has_fighters(s, t)) return;
  s.movement.flip_window = FlipWindow{FlipOccasion::Intrusion, t};
}

void open_take_up_arms(GameState& s, TerritoryId t, bool had_forces_there) {
  if (!flips_in_play(s) || had_forces_there || check_flip_to_fighters(s, t)) return;
  s.movement.flip_window = FlipWindow{FlipOccasion::TakeUpArms, t};
}

std::vector<Command> flip_candidates(const GameState& s) {
  std::vector<Command> out{Pass{}};
  const FlipWindow w = *s.movement.flip_window;
  const BeneGesseritSide to = w.occasion == FlipOccasion::Intrusion ? BeneGesseritSide::Advisors : BeneGesseritSide::Fighters;
  if (!any_territory(w.occasion)) {
    out.push_back(FlipBeneGesserit{w.territory, to});
    return out;
  }
  for (std::size_t i = 0; i < kTerritoryCount; ++i) out.push_back(FlipBeneGesserit{territory_at(i), to});
  return out;
}

std::optional<Rejection> validate_flip(const GameState& s, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  const auto* flip = std::get_if<FlipBeneGesserit>(&c);
  if (!flip) {
    return reject(RejectCode::WrongPhase, "the Bene Gesserit first decide whether to flip their forces (FlipBeneGesserit or Pass, [LR] 2.02.15–17)");
  }
  if (index(flip->territory) >= kTerritoryCount) return reject(RejectCode::IllegalChoice, "no such territory");
  const FlipWindow w = *s.movement.flip_window;
  if (!any_territory(w.occasion) && flip->territory != w.territory) {
    return reject(RejectCode::IllegalChoice, "the flip now open is in {}, not {}", to_string(w.territory), to_string(flip->territory));
  }
  if (w.occasion == FlipOccasion::Intrusion) {
    if (flip->to != BeneGesseritSide::Advisors) {
      return reject(RejectCode::IllegalChoice, "Intrusion flips fighters to advisors ([LR] 2.02.15)");
    }
    return std::nullopt;
  }
  if (flip->to != BeneGesseritSide::Fighters) {
    return reject(RejectCode::IllegalChoice, "{} flips advisors to fighters ({})",
                  w.occasion == FlipOccasion::Wartime ? "Wartime" : w.occasion == FlipOccasion::NexusCunning ? "the Nexus card's Cunning" : "Take Up Arms",
                  w.occasion == FlipOccasion::Wartime ? "[LR] 2.02.17" : w.occasion == FlipOccasion::NexusCunning ? "seed 000" : "[LR] 2.02.16");
  }
  return check_flip_to_fighters(s, flip->territory);
}

// [LR] 2.02.15-17 ✷, 3.01.11.01: another seat's standing Karama order cancels the flip as it is
// made: nothing turns, and nothing is retaken (a flip without the ability is no action, 3.04). A
// Wartime is one use however many territories it turns (one public announcement, 2.02.17), so
// cancelled it closes: no further territory flips in this Wartime.
void apply_flip(GameState& s, const Command& c) {
  const FlipWindow w = *s.movement.flip_window;
  s.movement.flip_window.reset();
  const auto* flip = std::get_if<FlipBeneGesserit>(&c);
  if (!flip) return;  // Pass closes the window
  const auto ability = karama_ability_of(w.occasion);
  if (ability && karama_cancels(s, *s.seat_of(Faction::BeneGesserit), *ability) && !mutant_active(Mutant::KaramaCancelBgFlipStands)) {
    return;
  }
  s.board.advisors[index(flip->territory)] = flip->to == BeneGesseritSide::Advisors;
  if (any_territory(w.occasion) && wartime_open(s)) s.movement.flip_window = w;  // other territories may follow
}

void universal_stewards(GameState& s) {
  if (!flips_in_play(s) || mutant_active(Mutant::UniversalStewardsSkipped)) return;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId t = territory_at(i);
    if (factions_in_territory(s, t).size() == 1 && !check_flip_to_fighters(s, t)) s.board.advisors[i] = false;
  }
}

// ---- the spiritual advisor that follows a shipment ([LR] 2.02.05, 2.02.11) --------------------

// Basic: one fighter to the Polar Sink; Advanced: one advisor into the shipment's cell, when the
// Bene Gesserit have no fighters in that territory ([LR] 2.02.05, 2.02.11; a territory holds one
// stance).
bool advisor_may_join(const GameState& s, CellId shipped_to) {
  const TerritoryId t = cell_info(shipped_to).territory;
  const bool bg_fighters_there =
      forces_in_territory(s, Faction::BeneGesserit, t) > ForceCount{0} && !s.board.advisors[index(t)];
  return s.options.rules.bene_gesserit_advisors && !bg_fighters_there;
}

void send_spiritual_advisor(GameState& s, CellId shipped_to, AdvisorDestination to) {
  CellId cell = kPolarSinkCell;
  if (to == AdvisorDestination::ShipmentCell) {
    cell = shipped_to;
    s.board.advisors[index(cell_info(shipped_to).territory)] = true;
  }
  transfer_forces(s, Faction::BeneGesserit, InReserves{}, AtCell{cell}, ForceCount{1}, ForceCount{0});
}

std::optional<Rejection> validate_spiritual_advisor(const GameState& s, const Command& c) {
  const auto* send = std::get_if<SendSpiritualAdvisor>(&c);
  if (!send) {
    return reject(RejectCode::WrongPhase, "the Bene Gesserit decide whether to send a spiritual advisor ([LR] 2.02.05)");
  }
  if (send->to == AdvisorDestination::ShipmentCell && !advisor_may_join(s, *s.movement.spiritual_advisor_cell)) {
    return reject(RejectCode::IllegalChoice,
                  "an advisor joins the shipment only in the Advanced game and where no Bene Gesserit fighters are ([LR] 2.02.11)");
  }
  if (static_cast<int>(send->to) > static_cast<int>(AdvisorDestination::ShipmentCell)) {
    return reject(RejectCode::IllegalChoice, "unknown spiritual advisor destination");
  }
  return std::nullopt;
}

}  // namespace dune::shipment_movement

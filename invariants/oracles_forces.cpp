// Force oracles of the Advanced faction rules (oracles.h): Fremen sending with storm migration
// ([LR] 2.04.05, 2.04.17) and the Bene Gesserit advisor flips ([LR] 2.02.15–21). Recomputed from
// the board and the printed text, never through the engine's helpers.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <variant>

#include "invariants/oracle_support.h"

namespace dune::invariants::oracle_detail {
namespace {

bool storm_sector(const GameState& s, std::size_t cell) {
  return kCells[cell].sector && *kCells[cell].sector == s.storm.sector;
}

std::optional<Faction> ally_faction(const GameState& s, Faction f) {
  const auto seat = s.seat_of(f);
  if (!seat) return std::nullopt;
  const auto ally = ally_seat(s, *seat);
  return ally ? std::optional<Faction>(s.faction_of(*ally)) : std::nullopt;
}

// Fighting forces (Bene Gesserit advisors aside, [LR] 2.02.12) of factions other than `f` in t.
int other_occupants(const GameState& s, Faction f, TerritoryId t) {
  int n = 0;
  for (Faction g : s.options.factions) {
    if (g == f || territory_forces(s, g, t) == 0) continue;
    if (g == Faction::BeneGesserit && s.board.advisors[index(t)]) continue;
    ++n;
  }
  return n;
}

// Why the printed restrictions forbid the Bene Gesserit in t to become fighters now, if they do:
// Peacetime (2.02.18), Stormed In (2.02.19, any token of the territory under the storm: the
// engine's stated choice) and the occupancy limit of a stronghold (2.02.16, 1.06.03.05).
std::optional<std::string> fighters_forbidden(const GameState& s, TerritoryId t) {
  if (const auto ally = ally_faction(s, Faction::BeneGesserit); ally && territory_forces(s, *ally, t) > 0) {
    return fmt::format("the ally {} is there (Peacetime)", to_string(*ally));
  }
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t && cell_forces(s, c, Faction::BeneGesserit) > 0 && storm_sector(s, c)) {
      return std::string("a token there is under the storm (Stormed In)");
    }
  }
  if (is_stronghold(t) && other_occupants(s, Faction::BeneGesserit, t) >= 2) return std::string("two other factions occupy it");
  return std::nullopt;
}

Violations same_forces(Oracle o, const GameState& b, const GameState& a, std::string_view what) {
  Violations out;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (Faction f : b.options.factions) {
      if (cell_forces(a, c, f) != cell_forces(b, c, f)) {
        out.push_back(violation(o, fmt::format("{}: {} forces in {} changed from {} to {}", what, to_string(f),
                                               to_string(kCells[c].territory), cell_forces(b, c, f), cell_forces(a, c, f))));
      }
    }
  }
  return out;
}

// The Bene Gesserit stance of every territory they hold after a step with no flip of its own.
Violations stances_kept(const GameState& b, const GameState& a, std::optional<TerritoryId> flipped, std::string_view what) {
  Violations out;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    if (ter == flipped || territory_forces(a, Faction::BeneGesserit, ter) == 0) continue;
    if (a.board.advisors[i] != b.board.advisors[i]) {
      out.push_back(violation(kAdvisorFlip, fmt::format("{}: the Bene Gesserit in {} became {}", what, to_string(ter),
                                                       a.board.advisors[i] ? "advisors" : "fighters")));
    }
  }
  return out;
}

// Universal Stewards (2.02.21) as Shipment and Movement ends: advisors alone in a territory are
// fighters in the Battle Phase, unless under the storm; every other stance is kept.
Violations universal_stewards(const Transition& t) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  // The board as the phase left it: the same turn (Battle, Collection, the Mentat Pause), or the
  // next turn's Storm before the storm moved.
  const bool as_left = a.turn == b.turn || (a.phase == Phase::Storm && a.storm.sector == b.storm.sector);
  if (!single_step(t) || !as_left || !a.halted.empty()) return skipped(kAdvisorFlip);
  Violations out;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    if (territory_forces(a, Faction::BeneGesserit, ter) == 0) continue;
    bool alone = true;
    for (Faction f : a.options.factions) alone = alone && (f == Faction::BeneGesserit || territory_forces(a, f, ter) == 0);
    const bool expected = b.board.advisors[i] && !(alone && !fighters_forbidden(a, ter));
    if (a.board.advisors[i] != expected) {
      out.push_back(violation(kAdvisorFlip, fmt::format("Universal Stewards: the Bene Gesserit in {} ({}) should be {} as the Battle Phase comes, not {}",
                                                       to_string(ter), alone ? "alone" : "not alone", expected ? "advisors" : "fighters",
                                                       a.board.advisors[i] ? "advisors" : "fighters")));
    }
  }
  return decided(kAdvisorFlip, std::move(out));
}

}  // namespace

// ---- Fremen sending: every sent force arrives, except into the storm (Advanced storm migration,
// ---- [LR] 2.04.17), where half the group, rounded up, goes to the Tanks, normal forces first -----
Violations storm_migration(const Transition& t, const GameContext&) {
  const auto* ship = command_of<Ship>(t);
  if (!ship || t.before.faction_of(envelope_of(t)->seat) != Faction::Fremen) return {};
  if (!single_step(t)) return skipped(kStormMigration);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const std::size_t to = index(ship->to);
  const bool migration = b.options.rules.fremen_storm_losses && storm_sector(b, to);
  int lost_normal = 0;
  int lost_special = 0;
  if (migration) {
    const int lost = (ship->normal.value + ship->special.value + 1) / 2;
    lost_normal = std::min(lost, ship->normal.value);
    lost_special = lost - lost_normal;
  }
  Violations out;
  const int got_normal = a.board.normal[to][index(Faction::Fremen)].value - b.board.normal[to][index(Faction::Fremen)].value;
  const int got_special = a.board.special[to][index(Faction::Fremen)].value - b.board.special[to][index(Faction::Fremen)].value;
  if (got_normal != ship->normal.value - lost_normal || got_special != ship->special.value - lost_special) {
    out.push_back(violation(kStormMigration, fmt::format("{} Fremen forces and {} special sent to {}{}: {} and {} arrived, the rules say {} and {}",
                                                         ship->normal.value, ship->special.value, to_string(kCells[to].territory),
                                                         migration ? " in the storm" : "", got_normal, got_special,
                                                         ship->normal.value - lost_normal, ship->special.value - lost_special)));
  }
  const int tanks_gain = tanks(a, seat) - tanks(b, seat);
  if (tanks_gain != lost_normal + lost_special) {
    out.push_back(violation(kStormMigration, fmt::format("the Fremen Tanks gained {} forces on a sending that loses {}", tanks_gain,
                                                         lost_normal + lost_special)));
  }
  return decided(kStormMigration, std::move(out));
}

// ---- Bene Gesserit flips: a flip turns exactly the named territory to the named side, moves no --
// ---- force, and to fighters only where Peacetime, Stormed In and the occupancy limit allow ----------
// ---- ([LR] 2.02.15–19); Universal Stewards as the phase ends (2.02.21) ------------------------------
Violations advisor_flip(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!b.options.rules.bene_gesserit_advisors || !b.seat_of(Faction::BeneGesserit)) return {};
  if (b.phase == Phase::ShipmentAndMovement && (a.phase != Phase::ShipmentAndMovement || a.turn != b.turn)) {
    return universal_stewards(t);
  }
  const auto* flip = command_of<FlipBeneGesserit>(t);
  if (!flip) return {};
  if (!single_step(t)) return skipped(kAdvisorFlip);
  const TerritoryId ter = flip->territory;
  const bool to_advisors = flip->to == BeneGesseritSide::Advisors;
  const std::string what = fmt::format("a flip of the Bene Gesserit in {} to {}", to_string(ter), to_advisors ? "advisors" : "fighters");
  Violations out = same_forces(kAdvisorFlip, b, a, what);
  for (Violation& v : stances_kept(b, a, ter, what)) out.push_back(std::move(v));
  if (a.board.advisors[index(ter)] != to_advisors) {
    out.push_back(violation(kAdvisorFlip, fmt::format("{}: they are still {}", what, to_advisors ? "fighters" : "advisors")));
  }
  if (b.board.advisors[index(ter)] == to_advisors || territory_forces(b, Faction::BeneGesserit, ter) == 0) {
    out.push_back(violation(kAdvisorFlip, fmt::format("{}: there were no {} to flip", what, to_advisors ? "fighters" : "advisors")));
  }
  if (!to_advisors) {
    if (const auto why = fighters_forbidden(b, ter)) out.push_back(violation(kAdvisorFlip, fmt::format("{}, but {}", what, *why)));
  }
  return decided(kAdvisorFlip, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

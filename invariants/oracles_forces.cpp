// Force oracles (oracles.h): what the storm, the worms and the worm rides do to forces and spice
// ([LR] 1.01.03, 1.02.05, 2.04.07–08, 2.04.15–16), Fremen sending with storm migration ([LR] 2.04.05,
// 2.04.17) and the Bene Gesserit advisor flips ([LR] 2.02.15–21). Recomputed from the board and
// the printed text, never through the engine's helpers.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <variant>

#include "engine/nexus/family.h"
#include "invariants/oracle_support.h"

namespace dune::invariants::oracle_detail {
namespace {

std::optional<Faction> ally_faction(const GameState& s, Faction f) {
  const auto seat = s.seat_of(f);
  if (!seat) return std::nullopt;
  const auto ally = ally_seat(s, *seat);
  return ally ? std::optional<Faction>(s.faction_of(*ally)) : std::nullopt;
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
  // [LR] 2.04.17 ✷: another seat's standing Karama order cancels a sending into the storm: nothing
  // is sent, and the Fremen retake it (3.04; oracle.karama-cancel checks the rest).
  if (migration && !karama_ready(b, seat, KaramaAbility::FremenStormMigration).empty()) {
    Violations out;
    if (a.board != b.board || tanks(a, seat) != tanks(b, seat)) {
      out.push_back(violation(kStormMigration, fmt::format("a Fremen sending into the storm in {} went ahead although a Karama "
                                                           "order stood ready to cancel it", to_string(kCells[to].territory))));
    }
    return decided(kStormMigration, std::move(out));
  }
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
  // [LR] 2.02.15-17 ✷, 3.01.11.01: with another seat's standing Karama order ready against the
  // ability the flip uses (the window's occasion), it is cancelled as made: nothing turns, and a
  // cancelled Wartime flips no further territory (README: one use however many territories).
  if (b.movement.flip_window) {
    const auto ability = karama_ability_of(b.movement.flip_window->occasion);
    if (ability && !karama_ready(b, *b.seat_of(Faction::BeneGesserit), *ability).empty()) {
      if (a.board.advisors != b.board.advisors) {
        out.push_back(violation(kAdvisorFlip, fmt::format("{} turned although a Karama order stood ready to cancel it ([LR] 3.01.11.01)", what)));
      }
      if (a.movement.flip_window) out.push_back(violation(kAdvisorFlip, fmt::format("{}: the flip window stays open after the cancel", what)));
      return decided(kAdvisorFlip, std::move(out));
    }
  }
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

// ---- storm damage: every sector the storm enters loses its spice and its unprotected forces ----
// ---- (the engine's "enters" reading, fact sheet §3.3); Advanced Fremen lose half, rounded up -----
// ---- ([LR] 1.01.03, 2.04.16); rock, strongholds, Imperial Basin and the Polar Sink protect -------

namespace {

bool protected_from_storm(const GameState& s, TerritoryId t) {
  if (s.board.shield_wall_destroyed &&
      std::find(kShieldWallProtected.begin(), kShieldWallProtected.end(), t) != kShieldWallProtected.end()) {
    return false;  // Family Atomics (§2.1)
  }
  return territory_info(t).storm_protected;
}

std::array<bool, kSectorCount> entered_sectors(Sector from, int movement) {
  std::array<bool, kSectorCount> out{};
  for (int k = 1; k <= std::min(movement, static_cast<int>(kSectorCount)); ++k) out[(from.value + k) % kSectorCount] = true;
  return out;
}

}  // namespace

// Whether the storm of this turn moved in this step: the Storm phase had not seen it move, and it
// has now (the phase is over, or the Fremen draw next turn's storm card after it moved, [LR]
// 2.04.13). Not read from the sector alone: a movement of 18 ends where it began, having passed
// over every sector.
bool storm_moved_in(const Transition& t) {
  // The storm has moved once the phase is over, or while the Fremen draw next turn's storm card,
  // or while turn 1's tech tokens are dealt as the Storm ends (E1 option), or while the Ixians
  // place their Hidden Mobile Stronghold after them.
  const auto moved = [](const GameState& s) {
    return s.phase != Phase::Storm || phase_steps_over(s) || (s.chance && s.chance->kind == ChanceKind::StormCard && s.storm.movement) ||
           (s.chance && s.chance->kind == ChanceKind::TechTokenDeal) || s.step == Step::HmsPlacement;
  };
  return t.before.turn > 0 && !moved(t.before) && moved(t.after);
}

namespace {

// The sectors the storm entered in this step (none if it did not move); nullopt when its recorded
// movement does not explain where it stands. Their cells are the storm oracle's to decide.
std::optional<std::array<bool, kSectorCount>> stormed_sectors(const Transition& t) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!storm_moved_in(t)) return std::array<bool, kSectorCount>{};
  if (!a.storm.movement || (b.storm.sector.value + *a.storm.movement) % kSectorCount != a.storm.sector.value) return std::nullopt;
  return entered_sectors(b.storm.sector, *a.storm.movement);
}


// `hms_taken`: the spice E1's HMS took from the cell earlier in the step, its last step before the
// storm moved (oracle.hms's hms_takes).
Violations storm_cell(const Transition& t, std::size_t cell, bool entered, bool check_spice, bool fremen_half, int hms_taken,
                      std::array<int, kMaxSeats>& lost) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  const TerritoryId ter = kCells[cell].territory;
  // Protection as the storm finds it: Family Atomics played in this same step has already exposed
  // the cities behind the Shield Wall.
  const bool damaged = entered && !protected_from_storm(a, ter);
  // Family Atomics played in this step, before the storm moves: every force on the Shield Wall goes
  // to the Tanks ([LR] 3.01.07), whether or not the storm then reaches it.
  const bool atomics = command_of<PlayFamilyAtomics>(t) != nullptr && ter == TerritoryId::ShieldWall;
  for (std::size_t s = 0; s < b.seat_count(); ++s) {
    const Faction f = b.options.factions[s];
    const int had = cell_forces(b, cell, f);
    int expected = had;
    if (damaged) expected = f == Faction::Fremen && fremen_half ? had - (had + 1) / 2 : 0;
    if (atomics) expected = 0;
    lost[s] += had - expected;
    if (cell_forces(a, cell, f) != expected) {
      out.push_back(violation(kStorm, fmt::format("{} ({}): {} had {} forces and should have {} after the storm, not {}",
                                                  to_string(ter), atomics ? "Family Atomics" : damaged ? "damaged" : entered ? "protected" : "not entered",
                                                  to_string(f), had, expected, cell_forces(a, cell, f))));
    }
  }
  const int spice_expected = entered ? 0 : b.board.spice[cell].value - hms_taken;
  if (check_spice && a.board.spice[cell].value != spice_expected) {
    out.push_back(violation(kStorm, fmt::format("{}: {} spice after the storm, the rules say {}", to_string(ter),
                                                a.board.spice[cell].value, spice_expected)));
  }
  return out;
}

}  // namespace

Violations storm_damage(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!storm_moved_in(t) || !owns_step(t)) return {};
  // The spice blow follows the storm inside the same step when its draws are forced (the
  // Atreides saw the top card, [LR] 2.01.06): the spice of the territories it blows in or a worm
  // devours is oracle.spice-blow's, the forces a worm devours oracle.worm's.
  const auto draws = step_draws(t);
  const auto stormed = stormed_sectors(t);
  if (!draws || !stormed) return skipped(kStorm);
  const auto& entered = *stormed;
  Violations out;
  // The last dial moves the storm the sum of the dials ([LR] 1.01.02), recomputed, not the
  // engine's movement taken on trust.
  if (const auto* dial = command_of<DialStorm>(t)) {
    const int sum = storm_dial_sum(b, envelope_of(t)->seat, dial->amount);
    if (*a.storm.movement != sum) {
      out.push_back(violation(kStorm, fmt::format("the dials add up to {}, but the storm moved {} ([LR] 1.01.02)", sum, *a.storm.movement)));
    }
  }
  std::vector<TerritoryId> blown, devoured;  // spice left to oracle.spice-blow; forces too, to oracle.worm
  for (const StepDraw& d : *draws) {
    if (d.worm && d.devours) devoured.push_back(*d.devours);
    if (d.worm && d.devours) blown.push_back(*d.devours);
    if (spice_card_info(d.card).kind == SpiceCardKind::Territory) blown.push_back(spice_card_info(d.card).territory);
  }
  // [LR] 2.04.16 ✷: when the storm catches Fremen forces, another seat's standing Karama order
  // cancels the half losses of this storm movement: the Fremen lose all they have there (1.01.03).
  bool fremen_caught = false;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    const bool in = kCells[c].sector && entered[kCells[c].sector->value];
    fremen_caught = fremen_caught || (in && !protected_from_storm(a, kCells[c].territory) && cell_forces(b, c, Faction::Fremen) > 0);
  }
  const auto fremen = b.seat_of(Faction::Fremen);
  const bool fremen_half = b.options.rules.fremen_storm_losses &&
                           !(fremen && fremen_caught && !karama_ready(b, *fremen, KaramaAbility::FremenStormLosses).empty());
  std::array<int, kMaxSeats> lost{};
  const auto hms_taken = hms_takes(t);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    const bool in = kCells[c].sector && entered[kCells[c].sector->value];
    if (std::ranges::find(devoured, kCells[c].territory) != devoured.end()) {  // the worm's: what left, left for the Tanks
      for (std::size_t seat = 0; seat < b.seat_count(); ++seat) {
        lost[seat] += cell_forces(b, c, b.options.factions[seat]) - cell_forces(a, c, b.options.factions[seat]);
      }
      continue;
    }
    const bool blow_here = std::ranges::find(blown, kCells[c].territory) != blown.end();
    for (Violation& v : storm_cell(t, c, in, !blow_here, fremen_half, hms_taken[c], lost)) out.push_back(std::move(v));
  }
  for (std::size_t s = 0; s < b.seat_count(); ++s) {
    const Seat seat{static_cast<std::uint8_t>(s)};
    if (tanks(a, seat) - tanks(b, seat) != lost[s]) {
      out.push_back(violation(kStorm, fmt::format("{} lost {} forces to the storm but its Tanks gained {}",
                                                  name_of(b, seat), lost[s], tanks(a, seat) - tanks(b, seat))));
    }
  }
  return decided(kStorm, std::move(out));
}

// ---- Shai-Hulud: after turn 1 a worm devours every force and the spice of the territory of ----
// ---- the topmost territory card of its pile; the Fremen (and a protected ally) are immune ----------
// ---- ([LR] 1.02.05, 2.04.07, 2.04.10); Advanced Fremen place the later worms of a blow (2.04.15) --

std::optional<TerritoryId> topmost_territory(const std::vector<SpiceCardId>& pile) {
  for (auto it = pile.rbegin(); it != pile.rend(); ++it) {
    if (spice_card_info(*it).kind == SpiceCardKind::Territory) return spice_card_info(*it).territory;
  }
  return std::nullopt;
}

const SpiceBlowSite* just_revealed_site(const GameState& s) {
  const auto& pile = s.blow.discard[s.blow.pile];
  if (pile.empty() || spice_card_info(pile.back()).kind != SpiceCardKind::Territory) return nullptr;
  return blow_site(spice_card_info(pile.back()).territory);
}

// The Fremen Nexus card's Secret Ally (seed 000): with the Fremen absent, a worm appearing where a
// seat holding a Nexus card has forces waits for their window before it devours; the blow waits
// with it (engine/nexus/fremen.cpp opens the window on exactly these public facts). The forces are
// those the step's storm, if any, left there (it moves before the draws).
bool worm_waits(const Transition& t, TerritoryId where) {
  const GameState& s = t.before;
  if (!s.nexus.enabled || s.seat_of(Faction::Fremen) || !find_nexus_family(Faction::Fremen)) return false;
  const auto stormed = stormed_sectors(t);
  const bool sheltered = protected_from_storm(t.after, where);
  // A card played in this step's window (the Fremen Secret Ally itself) is no longer held when a
  // later draw of the step brings another worm.
  const auto* play = command_of<PlayNexus>(t);
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    if (!s.nexus.held[i] || (play && envelope_of(t)->seat.value == i)) continue;
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (kCells[c].territory != where || cell_forces(s, c, s.options.factions[i]) == 0) continue;
      const bool storm_killed = stormed && kCells[c].sector && (*stormed)[kCells[c].sector->value] && !sheltered;
      if (!storm_killed) return true;
    }
  }
  return false;
}

// Replayed from the piles as the step found them, in log order ([LR] 1.02.02-05): a territory card
// tops its pile; a worm after turn 1 devours the territory of the topmost territory card of its
// pile (turn 1: set aside, 1.02.02). nullopt: a card the rules alone do not place (an expansion
// card, or a draw after an Advanced Fremen worm).
std::optional<std::vector<StepDraw>> step_draws(const Transition& t) {
  const GameState& b = t.before;
  std::array<std::vector<SpiceCardId>, 2> piles{b.blow.discard[0], b.blow.discard[1]};
  std::uint8_t pile = b.blow.pile;
  int worms = b.blow.worms_in_blow;
  // A step that opens the phase, or answers the Fremen Karama worm decision, begins pile A afresh:
  // the counts the state keeps are the last phase's. The Fremen Karama worm is pile A's first worm
  // ([LR] 1.14.03: "treated as a normal sandworm").
  if (b.phase != Phase::SpiceBlowAndNexus || b.step == Step::KaramaWorm) {
    pile = 0;
    worms = command_of<KaramaWorm>(t) ? 1 : 0;
  }
  // E1's Thumper: its worm is one of pile A's (fact sheet §4.2), before the step's draws.
  if (command_of<PlayThumper>(t)) ++worms;
  bool fremen_place = false;
  std::vector<StepDraw> out;
  for (std::size_t i = b.log.size(); i < t.after.log.size(); ++i) {
    const auto* c = std::get_if<ChanceRecord>(&t.after.log[i]);
    if (!c || c->request.kind != ChanceKind::SpiceDraw) continue;
    if (c->request.pile != pile) {  // the next pile's blow begins ([LR] 1.13.02.03)
      pile = c->request.pile;
      worms = 0;
    }
    if (fremen_place) return std::nullopt;  // the blow waits for the Fremen's PlaceWorm
    StepDraw d{pile, SpiceCardId{c->outcome}, false, std::nullopt};
    const SpiceCardInfo& info = spice_card_info(d.card);
    if (info.kind == SpiceCardKind::ShaiHulud && b.turn > 1) {
      // A later worm of an Advanced blow is the Fremen's to place ([LR] 2.04.15): it devours
      // nothing yet (oracle.worm decides it at their PlaceWorm).
      fremen_place = b.options.rules.fremen_worm_sending && b.seat_of(Faction::Fremen) && worms >= 1;
      if (fremen_place) {
        out.push_back(d);
        continue;
      }
      d.worm = true;
      d.devours = topmost_territory(piles[pile]);
      ++worms;
      // Where a worm of this step has already devoured, no holder's forces are left to wait for
      // (the card's player, spared once, has played it).
      const bool eaten = d.devours && (std::ranges::any_of(out, [&](const StepDraw& e) { return e.worm && e.devours == d.devours; }) ||
                                       b.blow.worm_waiting == d.devours);
      if (d.devours && !eaten && worm_waits(t, *d.devours)) {  // it devours when its window closes: a later step
        d.devours.reset();
        piles[pile].push_back(d.card);
        out.push_back(d);
        return out;
      }
    } else if (info.kind != SpiceCardKind::Territory && info.kind != SpiceCardKind::ShaiHulud) {
      return std::nullopt;
    }
    if (info.kind == SpiceCardKind::Territory || d.worm) piles[pile].push_back(d.card);
    out.push_back(d);
  }
  // A deck run out is reshuffled as the next card is asked for ([LR] 1.13.03): after the step's
  // last draw, since a card drawn after a reshuffle is unseen and so never forced into the same
  // step; the piles it leaves are the next step's.
  return out;
}

namespace {

// [LR] 2.04.07 ✷, 2.04.10 ✷: where the Fremen (or their protected ally) have forces in the worm's
// territory, another seat's standing Karama order cancels the sparing: they are devoured (1.02.05).
// The orders are the step's first state's (a Karama played here is gone after), the alliance the
// one the worm found (an alliance formed by the step's own command comes first).
bool worm_immune(const GameState& orders, const GameState& allies, Faction f, std::optional<TerritoryId> where) {
  const auto fremen = orders.seat_of(Faction::Fremen);
  if (!fremen) return false;
  const auto cancelled = [&](KaramaAbility a) {
    return where && territory_forces(orders, f, *where) > 0 && !karama_ready(orders, *fremen, a).empty();
  };
  if (f == Faction::Fremen) return !cancelled(KaramaAbility::FremenShaiHulud);
  if (!allies.seat(*fremen).protects_ally_from_worms) return false;
  const auto ally = ally_seat(allies, *fremen);
  return ally && allies.faction_of(*ally) == f && !cancelled(KaramaAbility::FremenAllyWormProtection);
}

// The Fremen Nexus card's Secret Ally protects its player's forces from the worm that waits
// (seed 000: "from a worm"): the plays made in its window, this step's included; only in that
// worm's territory, and not from another worm that the step's later draws bring there.
bool nexus_protected(const Transition& t, Faction f, TerritoryId where, const std::vector<TerritoryId>& devoured) {
  const GameState& b = t.before;
  const auto seat = b.seat_of(f);
  if (!seat || b.blow.worm_waiting != where || std::ranges::count(devoured, where) > 1) return false;
  const auto* p = command_of<PlayNexus>(t);
  const bool now = p && envelope_of(t)->seat == *seat && p->card.faction == Faction::Fremen && p->mode == NexusMode::SecretAlly;
  return now || b.blow.worm_protected[seat->value];
}

// The worm the step's command places: nullopt when it places none; inside, where it appears.
std::optional<std::optional<TerritoryId>> placed_worm(const Transition& t) {
  const GameState& b = t.before;
  if (const auto* place = command_of<PlaceWorm>(t)) {
    // [LR] 2.04.15 ✷: another seat's standing Karama order cancels the placing; the worm appears
    // where the printed rule puts it (1.02.05).
    const auto fremen = b.seat_of(Faction::Fremen);
    if (fremen && !karama_ready(b, *fremen, KaramaAbility::FremenSandworms).empty()) return topmost_territory(b.blow.discard[b.blow.pile]);
    return std::optional<TerritoryId>(place->territory);
  }
  if (b.step == Step::WormPlacement && command_of<Pass>(t)) return topmost_territory(b.blow.discard[b.blow.pile]);
  // The worm that waited for the Fremen Secret Ally window devours as the window's last answer is
  // given (seed 000).
  if (b.blow.worm_waiting && !t.after.blow.worm_waiting && (command_of<Pass>(t) || command_of<PlayNexus>(t))) {
    return std::optional<TerritoryId>(*b.blow.worm_waiting);
  }
  // The Fremen Karama worm ([LR] 1.14.03): where they place it; their sparing and their ally's
  // stand unless another seat's order cancels it, as for any worm.
  if (const auto* k = command_of<KaramaWorm>(t)) return std::optional<TerritoryId>(k->territory);
  // E1's Thumper (fact sheet §4.2): a worm of pile A instead of its first card, where the topmost
  // territory card of pile A lies ([LR] 1.02.05), none without one. After the Fremen's Karama worm
  // it is the blow's second, theirs to place in Advanced games (2.04.15): it appears at their
  // PlaceWorm. It waits, like a revealed worm, for the Fremen Nexus card's Secret Ally window.
  if (command_of<PlayThumper>(t)) {
    if (b.options.rules.fremen_worm_sending && b.seat_of(Faction::Fremen) && b.blow.worms_in_blow >= 1) return std::nullopt;
    const auto where = topmost_territory(b.blow.discard[0]);
    if (where && worm_waits(t, *where)) return std::nullopt;
    return std::optional<std::optional<TerritoryId>>(where);
  }
  return std::nullopt;
}

// Whether the step revealed a spice card, or a worm after turn 1.
bool reveals(const Transition& t, bool worm_only) {
  for (std::size_t i = t.before.log.size(); i < t.after.log.size(); ++i) {
    const auto* c = std::get_if<ChanceRecord>(&t.after.log[i]);
    if (!c || c->request.kind != ChanceKind::SpiceDraw) continue;
    if (!worm_only || (t.before.turn > 1 && spice_card_info(SpiceCardId{c->outcome}).kind != SpiceCardKind::Territory)) return true;
  }
  return false;
}

// The step's own command moves no force or spice outside the storm and the Shield Wall (where
// Family Atomics strikes first, [LR] 3.01.07): the draws it forces are all that happen.
bool command_moves_nothing(const Transition& t) {
  const Envelope* e = envelope_of(t);
  if (!e) return true;  // a chance step
  return std::holds_alternative<Pass>(e->command) || std::holds_alternative<PlaceWorm>(e->command) ||
         std::holds_alternative<PlayThumper>(e->command) || std::holds_alternative<PlayHarvester>(e->command) ||
         std::holds_alternative<KaramaWorm>(e->command) || std::holds_alternative<PlayNexus>(e->command) ||
         std::holds_alternative<DialStorm>(e->command) || std::holds_alternative<PlayWeatherControl>(e->command) ||
         std::holds_alternative<PlayFamilyAtomics>(e->command) || std::holds_alternative<ProposeAlliance>(e->command) ||
         std::holds_alternative<AcceptAlliance>(e->command) || std::holds_alternative<BreakAlliance>(e->command);
}

bool stormed_cell(const std::array<bool, kSectorCount>& stormed, std::size_t c) {
  return kCells[c].sector && stormed[kCells[c].sector->value];
}

// A step of the spice blow, as oracle.worm and oracle.spice-blow read it: the worm its command
// placed, the territories devoured in order, the draws, the sectors its storm entered.
struct BlowStep {
  std::optional<TerritoryId> placed;  // where the worm the command placed appeared
  std::vector<TerritoryId> devoured;  // that one, then each revealed worm's, in order
  std::vector<StepDraw> draws;
  std::array<bool, kSectorCount> stormed{};
};

// The board before the step's draws: the step's Fremen worm ride first ([LR] 2.04.08: the named
// forces from the worm's territory, out of the storm, the destination cell's own last), as
// oracle.worm-ride reads it; the step's state as it was for any other command.
GameState ridden(const Transition& t) {
  GameState out = t.before;
  const auto* ride = command_of<RideWorm>(t);
  if (!ride) return out;
  const std::size_t to = index(ride->to);
  const std::size_t f = index(Faction::Fremen);
  std::array<int, 2> left{ride->normal.value, ride->special.value};
  for (const bool destination : {false, true}) {
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (kCells[c].territory != ride->from || storm_sector(t.before, c) || (c == to) != destination) continue;
      if (c == to) return out;  // those taken from the destination itself stay there
      const int n = std::min(left[0], out.board.normal[c][f].value);
      const int x = std::min(left[1], out.board.special[c][f].value);
      out.board.normal[c][f] -= ForceCount{n};
      out.board.special[c][f] -= ForceCount{x};
      out.board.normal[to][f] += ForceCount{n};
      out.board.special[to][f] += ForceCount{x};
      left[0] -= n;
      left[1] -= x;
    }
  }
  return out;
}

// nullopt: not such a step (no worm with `worm_only`, else no spice card and no placed worm) or
// not the step's owning entry; a skip, counted for `o`, when the step cannot be decided. A worm
// ride followed by the next pile's forced draws is decided on the board as the ride left it.
std::optional<std::optional<BlowStep>> blow_step(const Transition& t, Oracle o, bool worm_only) {
  if (!owns_step(t)) return std::nullopt;
  const auto placed = placed_worm(t);
  if (!placed && !reveals(t, worm_only)) return std::nullopt;
  const auto draws = step_draws(t);
  const auto stormed = stormed_sectors(t);
  if (!draws || !stormed || !(command_moves_nothing(t) || command_of<RideWorm>(t))) {
    skipped(o);
    return std::optional<BlowStep>();
  }
  BlowStep out{placed ? *placed : std::nullopt, {}, *draws, *stormed};
  if (out.placed) out.devoured.push_back(*out.placed);
  for (const StepDraw& d : *draws) {
    if (d.worm && d.devours) out.devoured.push_back(*d.devours);
  }
  return std::optional<BlowStep>(std::move(out));
}

}  // namespace

// Every worm of the step, placed or revealed, in one reckoning: the forces of each devoured
// territory go, but the Fremen's and a protected ally's; nothing else moves outside the storm.
Violations worm(const Transition& t, const GameContext&) {
  const auto step = blow_step(t, kWorm, true);
  if (!step || !*step) return {};
  const auto& devoured = (*step)->devoured;
  const GameState base = ridden(t);
  const GameState& b = base;
  const GameState& a = t.after;
  const bool atomics = command_of<PlayFamilyAtomics>(t) != nullptr;
  Violations out;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (atomics && kCells[c].territory == TerritoryId::ShieldWall) continue;
    const bool here = std::ranges::find(devoured, kCells[c].territory) != devoured.end();
    const bool in_storm = stormed_cell((*step)->stormed, c);
    if (in_storm && !here) continue;  // the storm oracle's
    for (Faction f : b.options.factions) {
      const bool immune = worm_immune(b, a, f, kCells[c].territory) || nexus_protected(t, f, kCells[c].territory, devoured);
      if (in_storm && immune) continue;  // what the storm left of them is the storm oracle's
      const int expected = here && !immune ? 0 : cell_forces(b, c, f);
      if (cell_forces(a, c, f) != expected) {
        out.push_back(violation(kWorm, fmt::format("{}: {} should have {} forces after the worm ({}), not {}",
                                                   to_string(kCells[c].territory), to_string(f), expected,
                                                   here ? "devoured here" : "elsewhere", cell_forces(a, c, f))));
      }
    }
  }
  return decided(kWorm, std::move(out));
}

// The spice board after the step's spice cards ([LR] 1.02.04-05): the storm of the step first
// (its sectors lose their spice, 1.01.03), then each card in turn: a territory card lays its
// printed amount at its blow cell unless the storm is there, a worm takes all of its territory's.
Violations spice_blow(const Transition& t, const GameContext&) {
  const auto step = blow_step(t, kSpiceBlow, false);
  if (!step || !*step) return {};
  const GameState& b = t.before;
  const GameState& a = t.after;
  std::array<int, kCellCount> spice{};
  for (std::size_t c = 0; c < kCellCount; ++c) spice[c] = stormed_cell((*step)->stormed, c) ? 0 : b.board.spice[c].value;
  const auto devour = [&](TerritoryId where) {
    for (std::size_t c = 0; c < kCellCount; ++c) spice[c] = kCells[c].territory == where ? 0 : spice[c];
  };
  // E1's Harvester played in this step: the territory card just revealed blows once more, its
  // printed amount (README rules status), before the draws the step forces (the next pile's).
  if (const SpiceBlowSite* site = command_of<PlayHarvester>(t) ? just_revealed_site(b) : nullptr) {
    spice[index(site->cell)] += site->amount.value;
  }
  // The placed worm comes first, then the draws in order: a worm devours what lay there so far.
  if ((*step)->placed) devour(*(*step)->placed);
  for (const StepDraw& d : (*step)->draws) {
    if (d.worm) {
      if (d.devours) devour(*d.devours);
      continue;
    }
    if (spice_card_info(d.card).kind != SpiceCardKind::Territory) continue;  // a turn-1 worm, set aside
    const SpiceBlowSite* site = blow_site(spice_card_info(d.card).territory);
    if (!site) continue;
    const std::size_t c = index(site->cell);
    if (!storm_sector(a, c)) spice[c] += site->amount.value;
  }
  Violations out;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (a.board.spice[c].value != spice[c]) {
      out.push_back(violation(kSpiceBlow, fmt::format("{} (cell {}): {} spice after the spice blow, the rules say {}",
                                                      to_string(kCells[c].territory), c, a.board.spice[c].value, spice[c])));
    }
  }
  return decided(kSpiceBlow, std::move(out));
}

// ---- movement: exactly the named forces leave the named territory, none from a cell under the ----
// ---- storm ([LR] 1.06.05.02: no force moves out of a sector in storm), and arrive at the named ---
// ---- cell; nothing else moves, no spice changes hands ([LR] 1.06.05: movement is free) ----------

Violations movement(const Transition& t, const GameContext&) {
  const auto* m = command_of<Move>(t);
  if (!m) return {};
  if (!single_step(t)) return skipped(kMovement);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const Faction mover = b.faction_of(seat);
  // [LR] 2.04.06 ✷: a Karama cancelled the Fremen's two-territory move: nothing moved
  // (oracle.karama-cancel checks the rest).
  const bool cancelled = std::ranges::any_of(added_cancels(b, a), [&](const KaramaCancel& k) { return k.against == seat; });
  const bool within = kCells[index(m->to)].territory == m->from;
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kMovement, fmt::format("{} moved {}+{} from {} to {}: {}",
      to_string(mover), m->normal.value, m->special.value, to_string(m->from), to_string(kCells[index(m->to)].territory), what))); };
  std::array<int, 2> left{}, arrived{};  // normal, special
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (Faction f : b.options.factions) {
      const int dn = a.board.normal[c][index(f)].value - b.board.normal[c][index(f)].value;
      const int ds = a.board.special[c][index(f)].value - b.board.special[c][index(f)].value;
      if (dn == 0 && ds == 0) continue;
      const bool from_cell = kCells[c].territory == m->from && c != index(m->to);
      if (f != mover || cancelled || (!from_cell && c != index(m->to))) {
        fault(fmt::format("{} forces changed by {}+{} in {} (cell {})", to_string(f), dn, ds, to_string(kCells[c].territory), c));
        continue;
      }
      if (c == index(m->to)) {
        arrived = {dn, ds};
        continue;
      }
      if (dn > 0 || ds > 0) fault(fmt::format("forces arrived in cell {} of the territory they left", c));
      if (storm_sector(b, c)) fault(fmt::format("forces left cell {}, under the storm ([LR] 1.06.05.02)", c));
      left[0] -= dn;
      left[1] -= ds;
    }
  }
  const std::array<int, 2> named{cancelled ? 0 : m->normal.value, cancelled ? 0 : m->special.value};
  // Inside one territory the destination may give some of them itself: what arrived is the rest.
  if (within ? (arrived != left || left[0] > named[0] || left[1] > named[1])
             : (left != named || arrived != named)) {
    fault(fmt::format("{}+{} left and {}+{} arrived", left[0], left[1], arrived[0], arrived[1]));
  }
  if (a.board.spice != b.board.spice) fault("spice moved on the board");
  // No spice changes hands but the E1 tech token income of a last move (compare_flows adds it).
  for (Violation& v : compare_flows(kMovement, t, Flows(b), fmt::format("{}'s move", to_string(mover)))) out.push_back(std::move(v));
  return decided(kMovement, std::move(out));
}

// ---- worm ride: the named Fremen forces, and only they, leave the worm's territory (from its ----
// ---- cells out of the storm) for the chosen cell ([LR] 2.04.08: "some or all the Forces") --------

Violations worm_ride(const Transition& t, const GameContext&) {
  const auto* ride = command_of<RideWorm>(t);
  if (!ride) return {};
  // The next pile's forced draws may follow in the step: territory cards lay spice only; a worm
  // among them devours a territory, whose cells are oracle.worm's (on the board as the ride left
  // it); a ride from or into a devoured territory is left to oracle.worm altogether.
  std::vector<TerritoryId> devoured;
  if (!single_step(t)) {
    const auto draws = step_draws(t);
    if (!draws) return skipped(kWormRide);
    for (const StepDraw& d : *draws) {
      if (!d.worm) continue;
      if (!d.devours) return skipped(kWormRide);
      devoured.push_back(*d.devours);
    }
  }
  const auto is_devoured = [&](TerritoryId where) { return std::ranges::find(devoured, where) != devoured.end(); };
  if (is_devoured(ride->from) || is_devoured(kCells[index(ride->to)].territory)) return skipped(kWormRide);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::size_t to = index(ride->to);
  Violations out;
  std::array<int, 2> left{};  // normal, special that left the worm's territory
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (is_devoured(kCells[c].territory)) continue;
    for (Faction f : b.options.factions) {
      const int dn = a.board.normal[c][index(f)].value - b.board.normal[c][index(f)].value;
      const int ds = a.board.special[c][index(f)].value - b.board.special[c][index(f)].value;
      if (dn == 0 && ds == 0) continue;
      const bool rider_cell = f == Faction::Fremen && kCells[c].territory == ride->from && c != to &&
                              !storm_sector(b, c);
      if (f == Faction::Fremen && c == to) continue;  // checked below
      if (rider_cell && dn <= 0 && ds <= 0) {
        left[0] -= dn;
        left[1] -= ds;
        continue;
      }
      out.push_back(violation(kWormRide, fmt::format("{} ({}): {} forces changed by {} and {} special in a worm ride from {}",
                                                     to_string(kCells[c].territory), c, to_string(f), dn, ds, to_string(ride->from))));
    }
  }
  // A ride may end in another cell of the worm's own territory: the riders come from the other
  // cells first, and those taken from the destination cell itself stay where they are.
  std::array<int, 2> expected{ride->normal.value, ride->special.value};
  const bool to_rider_cell = kCells[to].territory == ride->from && !storm_sector(b, to);
  if (to_rider_cell) {
    std::array<int, 2> others{};
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (c == to || kCells[c].territory != ride->from || storm_sector(b, c)) continue;
      others[0] += b.board.normal[c][index(Faction::Fremen)].value;
      others[1] += b.board.special[c][index(Faction::Fremen)].value;
    }
    expected = {std::min(expected[0], others[0]), std::min(expected[1], others[1])};
  }
  if (left != expected) {
    out.push_back(violation(kWormRide, fmt::format("{} Fremen forces and {} special left {} on the worm; the ride named {} and {}{}",
                                                   left[0], left[1], to_string(ride->from), ride->normal.value, ride->special.value,
                                                   to_rider_cell ? fmt::format(" (to a cell of {}: {} and {} from its other cells)",
                                                                               to_string(ride->from), expected[0], expected[1])
                                                                 : "")));
  }
  const int gained_normal = a.board.normal[to][index(Faction::Fremen)].value - b.board.normal[to][index(Faction::Fremen)].value;
  const int gained_special = a.board.special[to][index(Faction::Fremen)].value - b.board.special[to][index(Faction::Fremen)].value;
  if (gained_normal != left[0] || gained_special != left[1]) {
    out.push_back(violation(kWormRide, fmt::format("{} gained {} Fremen forces and {} special, but {} and {} rode the worm",
                                                   to_string(kCells[to].territory), gained_normal, gained_special, left[0], left[1])));
  }
  return decided(kWormRide, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

// Shipment and Movement (fact sheet §6.2 row 6, §3.3 obstruction, §5.2, §7.1; [LR] 1.06): in storm
// order each seat makes one shipment (or passes), then one movement (or passes). Movement distance
// is measured over the cell graph (kCellLinks): a step inside a territory costs 0, a step into
// another territory costs 1, storm cells and strongholds held by two other factions are never
// entered ([TO] Map.FindNeighbours).
#include <algorithm>
#include <deque>
#include <limits>

#include "engine/engine.h"
#include "engine/internal.h"

namespace dune {
namespace {

constexpr int kUnreachable = std::numeric_limits<int>::max();

Seat acting_seat(const GameState& s) { return storm_order(s)[s.movement.turn_index]; }

bool valid_cell(CellId c) { return c.value < kCellCount; }

std::vector<CellId> cells_of(TerritoryId t) {
  std::vector<CellId> out;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t) out.push_back(cell_at(c));
  }
  return out;
}

bool bg_advisors_in(const GameState& s, Faction f, TerritoryId t) {
  return f == Faction::BeneGesserit && s.board.advisors[index(t)];
}

std::optional<Rejection> check_group(ForceCount normal, ForceCount special) {
  if (normal < ForceCount{0} || special < ForceCount{0} || normal + special == ForceCount{0}) {
    return reject(RejectCode::IllegalChoice, "name at least one force, and no negative count");
  }
  return std::nullopt;
}

// ---- shipment -------------------------------------------------------------------------------

bool guild_rates(const GameState& s, Faction f) {
  return f == Faction::SpacingGuild || ally_of(s, f) == Faction::SpacingGuild;
}

// 1 spice per force into a stronghold, 2 elsewhere ([LR] 1.06.03.01); the Guild and its ally pay
// half, rounded up ([LR] 2.06.06, 2.06.09).
Spice shipment_cost(const GameState& s, Faction f, TerritoryId to, ForceCount forces) {
  int cost = (is_stronghold(to) ? 1 : 2) * forces.value;
  if (guild_rates(s, f)) cost = (cost + 1) / 2;
  return Spice{cost};
}

// Payment goes to the Guild when it is in play; the Guild's own shipments go to the bank
// ([LR] 2.06.04). Choice: a Guild ally's cross-shipment pays the Guild too, like any shipment.
void pay_for_shipment(GameState& s, Seat seat, Spice cost) {
  if (cost == Spice{0}) return;
  const auto guild = s.seat_of(Faction::SpacingGuild);
  if (guild && *guild != seat) {
    pay_to_seat(s, seat, *guild, cost);
  } else {
    pay_to_bank(s, seat, cost);
  }
}

std::optional<Rejection> check_destination(const GameState& s, Faction f, CellId to) {
  const TerritoryId t = cell_info(to).territory;
  if (cell_in_storm(s, to)) {
    return reject(RejectCode::StormBlocked, "no shipment into a sector in storm ([LR] 1.06.03.04): {} is in sector {}",
                  to_string(t), cell_info(to).sector->value);
  }
  if (occupancy_blocked(s, f, t)) {
    return reject(RejectCode::OccupancyLimit, "{} already holds forces of two other factions ([LR] 1.06.03.05)",
                  to_string(t));
  }
  // Advanced: Bene Gesserit ship fighters, never into a territory holding their advisors ([LR] 2.02.13).
  if (bg_advisors_in(s, f, t) && forces_in_territory(s, f, t) > ForceCount{0}) {
    return reject(RejectCode::IllegalChoice,
                  "Bene Gesserit ship fighters and cannot ship into {}, where their advisors are ([LR] 2.02.13)",
                  to_string(t));
  }
  return std::nullopt;
}

std::optional<Rejection> check_payment(const GameState& s, Seat seat, Spice cost, ForceCount forces) {
  if (cost > s.seat(seat).spice) {
    return reject(RejectCode::InsufficientSpice, "shipping {} forces costs {} spice; you have {}", forces.value,
                  cost.value, s.seat(seat).spice.value);
  }
  return std::nullopt;
}

std::optional<Rejection> validate_ship(const GameState& s, Seat seat, const Ship& c) {
  const Faction f = s.faction_of(seat);
  if (c.karama) {
    return reject(RejectCode::NotImplemented, "a Karama shipment at Guild rates is not implemented yet (Engine I)");
  }
  if (!valid_cell(c.to)) return reject(RejectCode::IllegalChoice, "no such cell");
  if (auto r = check_group(c.normal, c.special)) return r;
  const SeatState& me = s.seat(seat);
  if (c.normal > me.reserves_normal || c.special > me.reserves_special) {
    return reject(RejectCode::NotEnoughForces, "{} reserves hold {} forces and {} special forces, not {} and {}",
                  to_string(f), me.reserves_normal.value, me.reserves_special.value, c.normal.value, c.special.value);
  }
  const TerritoryId t = cell_info(c.to).territory;
  if (f == Faction::Fremen) {
    // Fremen reserves are on Dune: they send for free, only near The Great Flat ([LR] 2.04.03, 2.04.05).
    if (!territory_info(t).fremen_free_ship) {
      return reject(RejectCode::IllegalChoice,
                    "Fremen send reserves only onto The Great Flat or a territory within 2 of it ([LR] 2.04.05), "
                    "not {}", to_string(t));
    }
    if (cell_in_storm(s, c.to) && s.options.rules.fremen_storm_losses) {
      return reject(RejectCode::NotImplemented,
                    "Fremen storm migration (sending into the storm at half loss, [LR] 2.04.17) is not implemented yet");
    }
    return check_destination(s, f, c.to);
  }
  if (auto r = check_destination(s, f, c.to)) return r;
  const ForceCount forces = c.normal + c.special;
  return check_payment(s, seat, shipment_cost(s, f, t, forces), forces);
}

std::optional<Rejection> check_forces_in_cell(const GameState& s, Faction f, CellId from, ForceCount normal,
                                              ForceCount special) {
  const ForceCount have_normal = s.board.normal[index(from)][index(f)];
  const ForceCount have_special = s.board.special[index(from)][index(f)];
  if (normal > have_normal || special > have_special) {
    return reject(RejectCode::NotEnoughForces, "{} has {} forces and {} special forces there, not {} and {}",
                  to_string(f), have_normal.value, have_special.value, normal.value, special.value);
  }
  if (cell_in_storm(s, from)) {
    return reject(RejectCode::StormBlocked, "no shipment out of a sector in storm ([LR] 1.06.03.04)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate_cross_ship(const GameState& s, Seat seat, const CrossShip& c) {
  const Faction f = s.faction_of(seat);
  if (!guild_rates(s, f)) {
    return reject(RejectCode::IllegalChoice, "only the Spacing Guild and its ally cross-ship ([LR] 2.06.05.02, 2.06.10)");
  }
  if (!valid_cell(c.from) || !valid_cell(c.to)) return reject(RejectCode::IllegalChoice, "no such cell");
  if (auto r = check_group(c.normal, c.special)) return r;
  const TerritoryId t = cell_info(c.to).territory;
  if (cell_info(c.from).territory == t) {
    return reject(RejectCode::IllegalChoice, "cross-shipping goes to another territory ([LR] 2.06.05.02)");
  }
  if (auto r = check_forces_in_cell(s, f, c.from, c.normal, c.special)) return r;
  if (auto r = check_destination(s, f, c.to)) return r;
  const ForceCount forces = c.normal + c.special;
  return check_payment(s, seat, shipment_cost(s, f, t, forces), forces);
}

// 1 spice per 2 forces, rounded up (choice, as half-price shipping rounds up; [LR] 2.06.07).
Spice retreat_cost(ForceCount forces) { return Spice{(forces.value + 1) / 2}; }

std::optional<Rejection> validate_ship_to_reserves(const GameState& s, Seat seat, const ShipToReserves& c) {
  const Faction f = s.faction_of(seat);
  if (f != Faction::SpacingGuild) {
    return reject(RejectCode::IllegalChoice,
                  "only the Spacing Guild ships forces back to reserves ([LR] 1.06.04, 2.06.05.03)");
  }
  if (!valid_cell(c.from)) return reject(RejectCode::IllegalChoice, "no such cell");
  if (auto r = check_group(c.normal, c.special)) return r;
  if (auto r = check_forces_in_cell(s, f, c.from, c.normal, c.special)) return r;
  const ForceCount forces = c.normal + c.special;
  return check_payment(s, seat, retreat_cost(forces), forces);
}

void put_forces(GameState& s, Faction f, CellId c, ForceCount normal, ForceCount special) {
  s.board.normal[index(c)][index(f)] += normal;
  s.board.special[index(c)][index(f)] += special;
}

void take_forces(GameState& s, Faction f, CellId c, ForceCount normal, ForceCount special) {
  s.board.normal[index(c)][index(f)] -= normal;
  s.board.special[index(c)][index(f)] -= special;
}

// Bene Gesserit tokens arriving in t match the Bene Gesserit tokens already there ([LR] 2.02.20),
// become fighters in an unoccupied territory ([LR] 2.02.14), else keep their side. The optional
// flips of [LR] 2.02.15–17 have no command yet (listed unavailable).
bool arriving_as_advisors(const GameState& s, TerritoryId t, bool advisors) {
  if (forces_in_territory(s, Faction::BeneGesserit, t) > ForceCount{0}) return s.board.advisors[index(t)];
  const auto present = factions_in_territory(s, t);
  return present.empty() ? false : advisors;
}

void forget_empty_stance(GameState& s, TerritoryId t) {
  if (forces_in_territory(s, Faction::BeneGesserit, t) == ForceCount{0}) s.board.advisors[index(t)] = false;
}

// Basic: one fighter to the Polar Sink; Advanced: one advisor into the shipment's cell, when the
// Bene Gesserit have no fighters in that territory ([LR] 2.02.05, 2.02.11).
// Advanced: an advisor may join the shipment's cell unless Bene Gesserit fighters are already in
// that territory (a territory holds one stance).
bool advisor_may_join(const GameState& s, CellId shipped_to) {
  const TerritoryId t = cell_info(shipped_to).territory;
  const bool bg_fighters_there =
      forces_in_territory(s, Faction::BeneGesserit, t) > ForceCount{0} && !s.board.advisors[index(t)];
  return s.options.rules.bene_gesserit_advisors && !bg_fighters_there;
}

void send_spiritual_advisor(GameState& s, CellId shipped_to, AdvisorDestination to) {
  const Seat bg = *s.seat_of(Faction::BeneGesserit);
  CellId cell = kPolarSinkCell;
  if (to == AdvisorDestination::ShipmentCell) {
    cell = shipped_to;
    s.board.advisors[index(cell_info(shipped_to).territory)] = true;
  }
  s.seat(bg).reserves_normal -= ForceCount{1};
  put_forces(s, Faction::BeneGesserit, cell, ForceCount{1}, ForceCount{0});
}

void after_shipment(GameState& s, Seat seat, bool from_off_planet, CellId to) {
  const auto bg = s.seat_of(Faction::BeneGesserit);
  if (from_off_planet && bg && *bg != seat && s.seat(*bg).reserves_normal > ForceCount{0}) {
    s.movement.spiritual_advisor_cell = to;  // the Bene Gesserit decide next ([LR] 2.02.05)
    return;
  }
  s.step = Step::Movement;
}

void apply_ship(GameState& s, Seat seat, const Ship& c) {
  const Faction f = s.faction_of(seat);
  const TerritoryId t = cell_info(c.to).territory;
  if (f != Faction::Fremen) pay_for_shipment(s, seat, shipment_cost(s, f, t, c.normal + c.special));
  s.seat(seat).reserves_normal -= c.normal;
  s.seat(seat).reserves_special -= c.special;
  put_forces(s, f, c.to, c.normal, c.special);
  if (f == Faction::BeneGesserit) s.board.advisors[index(t)] = false;  // shipped as fighters ([LR] 2.02.13)
  // Fremen reserves are on Dune: their sending is not a shipment from off-planet ([LR] 2.04.03).
  after_shipment(s, seat, f != Faction::Fremen, c.to);
}

void apply_cross_ship(GameState& s, Seat seat, const CrossShip& c) {
  const Faction f = s.faction_of(seat);
  const TerritoryId from = cell_info(c.from).territory;
  const TerritoryId to = cell_info(c.to).territory;
  pay_for_shipment(s, seat, shipment_cost(s, f, to, c.normal + c.special));
  const bool advisors = f == Faction::BeneGesserit && arriving_as_advisors(s, to, s.board.advisors[index(from)]);
  take_forces(s, f, c.from, c.normal, c.special);
  put_forces(s, f, c.to, c.normal, c.special);
  if (f == Faction::BeneGesserit) {
    s.board.advisors[index(to)] = advisors;
    forget_empty_stance(s, from);
  }
  after_shipment(s, seat, false, c.to);
}

void apply_ship_to_reserves(GameState& s, Seat seat, const ShipToReserves& c) {
  const Faction f = s.faction_of(seat);
  pay_to_bank(s, seat, retreat_cost(c.normal + c.special));
  take_forces(s, f, c.from, c.normal, c.special);
  s.seat(seat).reserves_normal += c.normal;
  s.seat(seat).reserves_special += c.special;
  after_shipment(s, seat, false, c.from);
}

// ---- movement -------------------------------------------------------------------------------

// Ornithopters: 3 territories for a seat occupying Arrakeen or Carthag at the start of its move
// ([LR] 1.06.05.04), Fremen included; otherwise Fremen 2 ([LR] 2.04.06), everyone else 1.
int movement_range(const GameState& s, Faction f) {
  for (TerritoryId city : kOrnithopterCities) {
    if (occupies(s, f, city)) return 3;  // advisors grant no ornithopters (choice: [LR] 2.02.12)
  }
  return f == Faction::Fremen ? 2 : 1;
}

// The cells of t out of the storm, split into the groups the storm separates ([LR] 1.06.05).
std::vector<std::vector<CellId>> groups_of(const GameState& s, TerritoryId t) {
  std::vector<std::vector<CellId>> groups;
  std::vector<CellId> left;
  for (CellId c : cells_of(t)) {
    if (!cell_in_storm(s, c)) left.push_back(c);
  }
  while (!left.empty()) {
    std::vector<CellId> group{left.front()};
    left.erase(left.begin());
    for (std::size_t i = 0; i < group.size(); ++i) {
      for (auto it = left.begin(); it != left.end();) {
        if (cells_adjacent(group[i], *it)) {
          group.push_back(*it);
          it = left.erase(it);
        } else {
          ++it;
        }
      }
    }
    std::sort(group.begin(), group.end());
    groups.push_back(group);
  }
  return groups;
}

struct GroupForces {
  ForceCount normal, special;
};

GroupForces forces_in_group(const GameState& s, Faction f, const std::vector<CellId>& group) {
  GroupForces out{};
  for (CellId c : group) {
    out.normal += s.board.normal[index(c)][index(f)];
    out.special += s.board.special[index(c)][index(f)];
  }
  return out;
}

struct Obstacles {
  bool storm = true;
  bool occupancy = true;
};

// Territories crossed from `group` to every cell: 0-1 breadth-first search over kCellLinks.
std::array<int, kCellCount> distances(const GameState& s, Faction f, const std::vector<CellId>& group,
                                      Obstacles obstacles) {
  std::array<int, kCellCount> dist;
  dist.fill(kUnreachable);
  std::array<bool, kTerritoryCount> blocked{};
  for (TerritoryId t : kStrongholds) blocked[index(t)] = obstacles.occupancy && occupancy_blocked(s, f, t);
  std::deque<CellId> queue;
  for (CellId c : group) {
    dist[index(c)] = 0;
    queue.push_back(c);
  }
  while (!queue.empty()) {
    const CellId at = queue.front();
    queue.pop_front();
    for (const CellLink& link : kCellLinks) {
      if (link.from != at) continue;
      const TerritoryId t = cell_info(link.to).territory;
      if (obstacles.storm && cell_in_storm(s, link.to)) continue;
      if (blocked[index(t)]) continue;
      const int step = t == cell_info(at).territory ? 0 : 1;
      if (dist[index(at)] + step >= dist[index(link.to)]) continue;
      dist[index(link.to)] = dist[index(at)] + step;
      if (step == 0) {
        queue.push_front(link.to);
      } else {
        queue.push_back(link.to);
      }
    }
  }
  return dist;
}

bool moves_as_advisors(const GameState& s, Faction f, TerritoryId from, CellId to) {
  return bg_advisors_in(s, f, from) && arriving_as_advisors(s, cell_info(to).territory, true);
}

// The group (storm-separated part of `from`) that can make this move, first in cell order.
std::optional<std::vector<CellId>> moving_group(const GameState& s, Faction f, const Move& c) {
  const Obstacles obstacles{true, !moves_as_advisors(s, f, c.from, c.to)};
  for (const auto& group : groups_of(s, c.from)) {
    const GroupForces have = forces_in_group(s, f, group);
    if (c.normal > have.normal || c.special > have.special) continue;
    if (distances(s, f, group, obstacles)[index(c.to)] <= movement_range(s, f)) return group;
  }
  return std::nullopt;
}

// Why no group can make the move: storm, occupancy or distance, for the first group with the forces.
Rejection explain_move(const GameState& s, Faction f, const Move& c) {
  const int range = movement_range(s, f);
  for (const auto& group : groups_of(s, c.from)) {
    const GroupForces have = forces_in_group(s, f, group);
    if (c.normal > have.normal || c.special > have.special) continue;
    if (distances(s, f, group, Obstacles{false, true})[index(c.to)] <= range) {
      return reject(RejectCode::StormBlocked, "the storm blocks every path from {} to {} ([LR] 1.06.05.06)",
                    to_string(c.from), to_string(cell_info(c.to).territory));
    }
    if (distances(s, f, group, Obstacles{true, false})[index(c.to)] <= range) {
      return reject(RejectCode::OccupancyLimit,
                    "every path passes through a stronghold held by two other factions ([LR] 1.06.05.09)");
    }
    return reject(RejectCode::NotAdjacent, "{} is beyond {}'s movement of {} territor{} from {} ([LR] 1.06.05)",
                  to_string(cell_info(c.to).territory), to_string(f), range, range == 1 ? "y" : "ies",
                  to_string(c.from));
  }
  return reject(RejectCode::NotEnoughForces,
                "{} has no group of {} forces and {} special forces out of the storm in {} ([LR] 1.06.05, 1.01.04)",
                to_string(f), c.normal.value, c.special.value, to_string(c.from));
}

std::optional<Rejection> validate_move(const GameState& s, Seat seat, const Move& c) {
  const Faction f = s.faction_of(seat);
  if (index(c.from) >= kTerritoryCount || !valid_cell(c.to)) {
    return reject(RejectCode::IllegalChoice, "no such territory or cell");
  }
  if (auto r = check_group(c.normal, c.special)) return r;
  const TerritoryId to = cell_info(c.to).territory;
  if (cell_in_storm(s, c.to)) {
    return reject(RejectCode::StormBlocked, "no movement into a sector in storm ([LR] 1.06.05.06): {} is in sector {}",
                  to_string(to), cell_info(c.to).sector->value);
  }
  if (to != c.from && !moves_as_advisors(s, f, c.from, c.to) && occupancy_blocked(s, f, to)) {
    return reject(RejectCode::OccupancyLimit, "{} already holds forces of two other factions ([LR] 1.06.05.09)",
                  to_string(to));
  }
  if (moving_group(s, f, c)) return std::nullopt;
  return explain_move(s, f, c);
}

// Takes `wanted` from the group's cells in cell order, the destination cell last.
void lift(GameState& s, Faction f, const std::vector<CellId>& group, CellId to, ForceCount normal,
          ForceCount special) {
  std::vector<CellId> order = group;
  std::stable_partition(order.begin(), order.end(), [&](CellId c) { return c != to; });
  for (CellId c : order) {
    const ForceCount n = std::min(normal, s.board.normal[index(c)][index(f)]);
    const ForceCount sp = std::min(special, s.board.special[index(c)][index(f)]);
    take_forces(s, f, c, n, sp);
    normal -= n;
    special -= sp;
  }
}

void apply_move(GameState& s, Seat seat, const Move& c) {
  const Faction f = s.faction_of(seat);
  const TerritoryId to = cell_info(c.to).territory;
  const auto group = moving_group(s, f, c);
  const bool advisors = f == Faction::BeneGesserit && arriving_as_advisors(s, to, s.board.advisors[index(c.from)]);
  lift(s, f, *group, c.to, c.normal, c.special);
  put_forces(s, f, c.to, c.normal, c.special);
  if (f == Faction::BeneGesserit) {
    s.board.advisors[index(to)] = advisors;
    forget_empty_stance(s, c.from);
  }
}

// At the end of its actions, the seat's forces sharing a territory with its ally (not the Polar
// Sink) go to the Tanks ([LR] 1.06.07); advisors coexist with allies ([LR] 2.02.12).
void tank_forces_sharing_with_ally(GameState& s, Seat seat) {
  const Faction f = s.faction_of(seat);
  const auto ally = ally_of(s, f);
  if (!ally) return;
  for (std::size_t i = 1; i < kTerritoryCount; ++i) {  // 0 is the Polar Sink
    const TerritoryId t = territory_at(i);
    if (forces_in_territory(s, f, t) == ForceCount{0} || forces_in_territory(s, *ally, t) == ForceCount{0}) continue;
    if (bg_advisors_in(s, f, t) || bg_advisors_in(s, *ally, t)) continue;
    for (CellId c : cells_of(t)) {
      destroy_forces(s, f, c, s.board.normal[index(c)][index(f)], s.board.special[index(c)][index(f)]);
    }
    if (f == Faction::BeneGesserit) forget_empty_stance(s, t);
  }
}

void finish_turn(GameState& s, Seat seat) {
  tank_forces_sharing_with_ally(s, seat);
  s.movement.turn_index += 1;
  if (s.movement.turn_index >= s.seat_count()) {
    end_phase(s);
    return;
  }
  s.step = Step::Shipment;
}

// ---- candidates -----------------------------------------------------------------------------

void add_ship_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  const SeatState& me = s.seat(seat);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (int sp = 0; sp <= me.reserves_special.value; ++sp) {
      for (int n = 0; n <= me.reserves_normal.value; ++n) {
        if (n + sp > 0) out.push_back(Ship{cell_at(c), ForceCount{n}, ForceCount{sp}});
      }
    }
  }
}

void add_guild_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  const Faction f = s.faction_of(seat);
  if (!guild_rates(s, f)) return;
  for (std::size_t from = 0; from < kCellCount; ++from) {
    const int normal = s.board.normal[from][index(f)].value;
    const int special = s.board.special[from][index(f)].value;
    for (int sp = 0; sp <= special; ++sp) {
      for (int n = 0; n <= normal; ++n) {
        if (n + sp == 0) continue;
        if (f == Faction::SpacingGuild) out.push_back(ShipToReserves{cell_at(from), ForceCount{n}, ForceCount{sp}});
        for (std::size_t to = 0; to < kCellCount; ++to) {
          out.push_back(CrossShip{cell_at(from), cell_at(to), ForceCount{n}, ForceCount{sp}});
        }
      }
    }
  }
}

void add_move_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  const Faction f = s.faction_of(seat);
  const int range = movement_range(s, f);
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId from = territory_at(i);
    for (const auto& group : groups_of(s, from)) {
      const GroupForces have = forces_in_group(s, f, group);
      if (have.normal + have.special == ForceCount{0}) continue;
      const auto dist = distances(s, f, group, Obstacles{true, false});  // over-generates; validate decides
      for (std::size_t to = 0; to < kCellCount; ++to) {
        if (dist[to] > range) continue;
        for (int sp = 0; sp <= have.special.value; ++sp) {
          for (int n = 0; n <= have.normal.value; ++n) {
            if (n + sp > 0) out.push_back(Move{from, cell_at(to), ForceCount{n}, ForceCount{sp}});
          }
        }
      }
    }
  }
}

}  // namespace

void enter_shipment_movement(GameState& state) {
  state.movement = MovementState{};
  state.step = Step::Shipment;
}

std::vector<Seat> awaited_shipment_movement(const GameState& state) {
  if (state.movement.spiritual_advisor_cell) return {*state.seat_of(Faction::BeneGesserit)};
  if (state.movement.turn_index >= state.seat_count()) return {};
  return {acting_seat(state)};
}

std::vector<Command> candidates_shipment_movement(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.movement.spiritual_advisor_cell) {
    return {SendSpiritualAdvisor{AdvisorDestination::None}, SendSpiritualAdvisor{AdvisorDestination::PolarSink},
            SendSpiritualAdvisor{AdvisorDestination::ShipmentCell}};
  }
  out.push_back(Pass{});
  if (state.step == Step::Shipment) {
    add_ship_candidates(state, seat, out);
    add_guild_candidates(state, seat, out);
  } else if (state.step == Step::Movement) {
    add_move_candidates(state, seat, out);
  }
  return out;
}

std::optional<Rejection> validate_shipment_movement(const GameState& state, Seat seat, const Command& c) {
  if (state.movement.spiritual_advisor_cell) {
    if (const auto* send = std::get_if<SendSpiritualAdvisor>(&c)) {
      if (send->to == AdvisorDestination::ShipmentCell && !advisor_may_join(state, *state.movement.spiritual_advisor_cell)) {
        return reject(RejectCode::IllegalChoice,
                      "an advisor joins the shipment only in the Advanced game and where no Bene Gesserit fighters are ([LR] 2.02.11)");
      }
      if (static_cast<int>(send->to) > static_cast<int>(AdvisorDestination::ShipmentCell)) {
        return reject(RejectCode::IllegalChoice, "unknown spiritual advisor destination");
      }
      return std::nullopt;
    }
    return reject(RejectCode::WrongPhase, "the Bene Gesserit decide whether to send a spiritual advisor ([LR] 2.02.05)");
  }
  if (std::holds_alternative<GuildActNow>(c)) {
    return reject(RejectCode::NotImplemented, "Advanced Guild shipment timing ([LR] 2.06.12) is not implemented yet");
  }
  if (std::holds_alternative<PlayHajr>(c)) {
    return reject(RejectCode::NotImplemented, "Hajr (an extra movement, [LR] 3.01) is not implemented yet");
  }
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (state.step == Step::Shipment) {
    if (const auto* ship = std::get_if<Ship>(&c)) return validate_ship(state, seat, *ship);
    if (const auto* cross = std::get_if<CrossShip>(&c)) return validate_cross_ship(state, seat, *cross);
    if (const auto* back = std::get_if<ShipToReserves>(&c)) return validate_ship_to_reserves(state, seat, *back);
    return reject(RejectCode::WrongPhase, "Shipment: ship forces or pass ([LR] 1.06.03)");
  }
  if (const auto* move = std::get_if<Move>(&c)) return validate_move(state, seat, *move);
  return reject(RejectCode::WrongPhase, "Movement: move one group or pass ([LR] 1.06.05)");
}

void apply_shipment_movement(GameState& state, Seat seat, const Command& c) {
  if (const auto* send = std::get_if<SendSpiritualAdvisor>(&c)) {
    if (send->to != AdvisorDestination::None) send_spiritual_advisor(state, *state.movement.spiritual_advisor_cell, send->to);
    state.movement.spiritual_advisor_cell.reset();
    state.step = Step::Movement;  // the shipper's movement follows
    return;
  }
  if (state.step == Step::Shipment) {
    if (const auto* ship = std::get_if<Ship>(&c)) {
      apply_ship(state, seat, *ship);
    } else if (const auto* cross = std::get_if<CrossShip>(&c)) {
      apply_cross_ship(state, seat, *cross);
    } else if (const auto* back = std::get_if<ShipToReserves>(&c)) {
      apply_ship_to_reserves(state, seat, *back);
    } else {
      state.step = Step::Movement;  // Pass
    }
    return;
  }
  if (const auto* move = std::get_if<Move>(&c)) apply_move(state, seat, *move);
  finish_turn(state, seat);
}

}  // namespace dune

// Movement, the second half of a seat's Shipment and Movement turn (fact sheet §6.2 row 6, §3.3
// obstruction, §5.2; [LR] 1.06.05): one group moves, or the seat passes. Distance is measured over
// the cell graph (kCellLinks): a step inside a territory costs 0, a step into another territory
// costs 1, storm cells and strongholds held by two other factions are never entered
// ([TO] Map.FindNeighbours).
//
// Hajr ([LR] 3.01.09: "Play during FORCE MOVEMENT [1.06.05]. You gain an extra Force movement
// action ... The Forces you Move may be a group you've already moved this Phase or another
// group"): played in one's own Movement step, before or after the first move, it allows a second
// group move. So a seat's Movement step ends only when it passes: after its move every seat is
// awaited again (Pass, or PlayHajr when it holds one), whether or not it holds Hajr, so that the
// pending set never tells who holds the card.
#include <algorithm>
#include <bit>
#include <limits>
#include <set>
#include <tuple>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/nexus.h"
#include "engine/shipment_movement.h"

namespace dune::shipment_movement {
namespace {

constexpr int kUnreachable = std::numeric_limits<int>::max();

// One group move per Movement step, two once Hajr is played ([LR] 1.06.05, 3.01.09).
bool move_left(const MovementState& m) {
  return m.moves_made < (m.hajr_played || mutant_active(Mutant::MoveTwiceWithoutHajr) ? 2 : 1);
}

// The Fremen Nexus card's Betrayal suppressed the two-territory movement during this Shipment and
// Movement (seed 000, Fremen row; its receipt binds until the phase ends): the Fremen move one
// territory, as everyone else (ornithopters still carry them three).
bool fremen_movement_suppressed(const GameState& s) {
  return nexus_effect_binds(s, Faction::Fremen, NexusMode::Betrayal, Phase::ShipmentAndMovement) &&
         !mutant_active(Mutant::NexusMoveSuppressionIgnored);
}

// The two-territory move a Karama may cancel: the Fremen's ([LR] 2.04.06 ✷) and the Ixians' with
// Cyborgs (one source, [TO] GreyCyborgExtraMove).
std::optional<KaramaAbility> two_territory_ability(Faction f) {
  if (f == Faction::Fremen) return KaramaAbility::FremenMovement;
  if (f == Faction::Ixians) return KaramaAbility::IxiansCyborgMovement;
  return std::nullopt;
}

// Ornithopters: 3 territories for a seat occupying Arrakeen or Carthag at the start of its move
// ([LR] 1.06.05.04), Fremen included; otherwise Fremen 2 ([LR] 2.04.06), an Ixian group with a
// Cyborg among the `special` forces moving 2 (E1, ixians.md §3, 2 sources; open question Q6: [TO]
// asks whether the group that moves holds a Cyborg, [DB] whether the territory it leaves does:
// [TO]'s reading, so Suboids move 2 only beside a Cyborg), everyone else 1. With Hajr each move is
// a move of its own: the range is taken at the start of each (choice).
// A Karama that cancelled the two-territory move this turn ([LR] 2.04.06 ✷, 3.04; the Ixians' by
// [TO]) leaves the ordinary one territory for the rest of this turn's movement: the retake, and a
// Hajr move after it (our choice: the state keeps no count of the moves each cancel covers).
int movement_range(const GameState& s, Faction f, ForceCount special) {
  for (TerritoryId city : kOrnithopterCities) {
    if (occupies(s, f, city)) return 3;  // advisors grant no ornithopters (choice: [LR] 2.02.12)
  }
  const auto ability = two_territory_ability(f);
  if (!ability) return mutant_active(Mutant::MoveRangeTwoForAll) ? 2 : 1;
  const auto seat = s.seat_of(f);
  const bool stands = f == Faction::Fremen ? mutant_active(Mutant::KaramaCancelFremenMoveStands) : mutant_active(Mutant::KaramaCancelCyborgMoveStands);
  const bool cancelled = seat && karama_cancelled_this_turn(s, *seat, *ability) && !stands;
  if (f == Faction::Ixians) {
    const bool cyborgs = special > ForceCount{0} || mutant_active(Mutant::CyborgMovementForEveryGroup);
    return cyborgs && !cancelled ? 2 : 1;
  }
  return cancelled || fremen_movement_suppressed(s) ? 1 : 2;
}

// The most cells any territory has: the fixed capacity of a group (no allocation on this path).
constexpr std::size_t kMaxTerritoryCells = [] {
  std::size_t most = 0;
  for (const CellRange& r : kTerritoryCells) most = std::max<std::size_t>(most, r.count);
  return most;
}();

// A storm-separated part of a territory: its cells in ascending order.
struct Group {
  std::array<CellId, kMaxTerritoryCells> cells{};
  std::uint8_t size = 0;
  const CellId* begin() const { return cells.data(); }
  const CellId* end() const { return cells.data() + size; }
};

struct Groups {
  std::array<Group, kMaxTerritoryCells> items{};
  std::uint8_t size = 0;
  const Group* begin() const { return items.data(); }
  const Group* end() const { return items.data() + size; }
};

bool linked(CellId a, CellId b) {
  for (const CellLink& l : links_from(a)) {
    if (l.to == b) return true;
  }
  return false;
}

// The cells of t out of the storm, split into the groups the storm separates ([LR] 1.06.05), in
// the order of their first cell.
Groups groups_of(const GameState& s, TerritoryId t) {
  Groups groups;
  std::array<CellId, kMaxTerritoryCells> left{};
  std::size_t left_size = 0;
  for (CellId c : cells_of(t)) {
    if (!cell_in_storm(s, c)) left[left_size++] = c;
  }
  std::array<bool, kMaxTerritoryCells> taken{};
  for (std::size_t first = 0; first < left_size; ++first) {
    if (taken[first]) continue;
    Group& group = groups.items[groups.size++];
    group.cells[group.size++] = left[first];
    taken[first] = true;
    for (std::size_t i = 0; i < group.size; ++i) {
      for (std::size_t j = first + 1; j < left_size; ++j) {
        if (!taken[j] && linked(group.cells[i], left[j])) {
          group.cells[group.size++] = left[j];
          taken[j] = true;
        }
      }
    }
    std::sort(group.cells.begin(), group.cells.begin() + group.size);
  }
  return groups;
}

struct GroupForces {
  ForceCount normal, special;
};

GroupForces forces_in_group(const GameState& s, Faction f, const Group& group) {
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
  bool strongholds = false;  // every stronghold closed (E1's Hidden Mobile Stronghold moving)
};

using Distances = std::array<int, kCellCount>;

// Territories crossed from `group` to every cell: 0-1 breadth-first search over kCellLinks and, with
// E1's Hidden Mobile Stronghold on the board, its one link to its host cell, a territory step each
// way (ixians.md §4, one source, [TO] Neighbours), on a fixed ring buffer (a cell is queued again
// only when its distance drops: at most once per link).
Distances search_distances(const GameState& s, Faction f, const Group& group, Obstacles obstacles) {
  Distances dist;
  dist.fill(kUnreachable);
  std::array<bool, kTerritoryCount> blocked{};
  for_each_stronghold_in_play(s, [&](TerritoryId t) {
    blocked[index(t)] = obstacles.strongholds || (obstacles.occupancy && occupancy_blocked(s, f, t));
  });
  constexpr std::size_t kRing = std::bit_ceil(kCellLinks.size() + 2 + kCellCount);
  std::array<CellId, kRing> ring;
  std::size_t head = 0, tail = 0;  // the queue is ring[head, tail), indices taken mod kRing
  for (CellId c : group) {
    dist[index(c)] = 0;
    ring[tail++ % kRing] = c;
  }
  const auto relax = [&](CellId at, CellId to) {
    const TerritoryId t = cell_info(to).territory;
    if (obstacles.storm && cell_in_storm(s, to)) return;
    if (blocked[index(t)]) return;
    const int step = t == cell_info(at).territory ? 0 : 1;
    if (dist[index(at)] + step >= dist[index(to)]) return;
    dist[index(to)] = dist[index(at)] + step;
    if (step == 0) {
      ring[--head % kRing] = to;
    } else {
      ring[tail++ % kRing] = to;
    }
  };
  const std::optional<CellId> host = s.board.hms_host;
  while (head != tail) {
    const CellId at = ring[head++ % kRing];
    for (const CellLink& link : links_from(at)) relax(at, link.to);
    if (host && at == *host) relax(at, kHmsCell);
    if (host && at == kHmsCell) relax(at, *host);
  }
  return dist;
}

// The same, kept for the rest of a listing (internal.h ListingScope): validating every move
// candidate asks the same few searches again and again. Groups are disjoint, so a group's first
// cell names it while the state stays the same.
Distances distances(const GameState& s, Faction f, const Group& group, Obstacles obstacles) {
  struct Memo {
    std::uint64_t serial = 0;
    Faction faction{};
    Obstacles obstacles;
    Distances dist;
  };
  static thread_local std::array<Memo, kCellCount> memo;
  const ListingScope* listing = ListingScope::listing(s);
  if (!listing || !obstacles.storm) return search_distances(s, f, group, obstacles);
  Memo& m = memo[index(group.cells[0])];
  if (m.serial != listing->serial() || m.faction != f || m.obstacles.occupancy != obstacles.occupancy) {
    m = Memo{listing->serial(), f, obstacles, search_distances(s, f, group, obstacles)};
  }
  return m.dist;
}

bool moves_as_advisors(const GameState& s, Faction f, TerritoryId from, CellId to) {
  return bg_advisors_in(s, f, from) && arriving_as_advisors(s, cell_info(to).territory, true);
}

// The group (storm-separated part of `from`) that can make this move, first in cell order.
std::optional<Group> moving_group(const GameState& s, Faction f, const Move& c) {
  const Obstacles obstacles{true, !moves_as_advisors(s, f, c.from, c.to)};
  const int range = movement_range(s, f, c.special);
  for (const auto& group : groups_of(s, c.from)) {
    const GroupForces have = forces_in_group(s, f, group);
    if (c.normal > have.normal || c.special > have.special) continue;
    if (distances(s, f, group, obstacles)[index(c.to)] <= range) return group;
  }
  return std::nullopt;
}

// The two-territory ability the move uses (the Fremen's, [LR] 2.04.06, or the Ixians' with Cyborgs):
// it crosses two territories, beyond the ordinary one, without ornithopters (their three
// territories are everyone's, [LR] 1.06.05.04).
std::optional<KaramaAbility> two_territory_move(const GameState& s, Faction f, const Move& c) {
  const auto ability = two_territory_ability(f);
  if (!ability || movement_range(s, f, c.special) != 2) return std::nullopt;
  const Obstacles obstacles{true, true};
  for (const auto& group : groups_of(s, c.from)) {
    const GroupForces have = forces_in_group(s, f, group);
    if (c.normal > have.normal || c.special > have.special) continue;
    if (distances(s, f, group, obstacles)[index(c.to)] <= 1) return std::nullopt;
  }
  return ability;
}

// Why no group can make the move: storm, occupancy or distance, for the first group with the forces.
Rejection explain_move(const GameState& s, Faction f, const Move& c) {
  const int range = movement_range(s, f, c.special);
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
    const auto ability = two_territory_ability(f);
    const bool cancelled = ability && s.seat_of(f) && karama_cancelled_this_turn(s, *s.seat_of(f), *ability);
    const bool suppressed = f == Faction::Fremen && fremen_movement_suppressed(s);
    return reject(RejectCode::NotAdjacent, "{} is beyond {}'s movement of {} territor{} from {} ([LR] 1.06.05{}{}{})",
                  to_string(cell_info(c.to).territory), to_string(f), range, range == 1 ? "y" : "ies", to_string(c.from),
                  cancelled ? "; a Karama cancelled the two-territory movement this turn, 2.04.06, 3.04" : "",
                  suppressed ? "; the Fremen Nexus card's Betrayal suppressed the two-territory movement this phase, seed 000" : "",
                  f == Faction::Ixians && c.special == ForceCount{0} ? "; Suboids move two territories only beside a Cyborg, ixians.md §3" : "");
  }
  return reject(RejectCode::NotEnoughForces,
                "{} has no group of {} forces and {} special forces out of the storm in {} ([LR] 1.06.05, 1.01.04)",
                to_string(f), c.normal.value, c.special.value, to_string(c.from));
}

std::optional<Rejection> validate_move(const GameState& s, Seat seat, const Move& c) {
  const Faction f = s.faction_of(seat);
  if (!move_left(s.movement) && s.movement.extra_shipment && !s.movement.hajr_played) {
    return reject(RejectCode::IllegalChoice, "after the Spacing Guild Cunning's second shipment the Guild does not move unless "
                  "Hajr permits it (seed 000): play Hajr or pass");
  }
  if (!move_left(s.movement)) {
    return reject(RejectCode::IllegalChoice, "{} made {} move{} this Movement step: pass{} ([LR] 1.06.05, 3.01.09)",
                  to_string(f), int{s.movement.moves_made}, s.movement.moves_made == 1 ? "" : "s",
                  s.movement.hajr_played ? "" : ", or play Hajr for another");
  }
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

// Moves `wanted` from the group's cells in cell order, the destination cell last, to `to`.
void move_group(GameState& s, Faction f, const Group& group, CellId to, ForceCount normal,
                ForceCount special) {
  Group order = group;
  std::stable_partition(order.cells.begin(), order.cells.begin() + order.size, [&](CellId c) { return c != to; });
  for (CellId c : order) {
    const ForceCount n = std::min(normal, s.board.normal[index(c)][index(f)]);
    const ForceCount sp = std::min(special, s.board.special[index(c)][index(f)]);
    transfer_forces(s, f, AtCell{c}, AtCell{to}, n, sp);
    normal -= n;
    special -= sp;
  }
}

void apply_move(GameState& s, Seat seat, const Move& c) {
  const Faction f = s.faction_of(seat);
  const TerritoryId to = cell_info(c.to).territory;
  const auto group = moving_group(s, f, c);
  const bool advisors = f == Faction::BeneGesserit && arriving_as_advisors(s, to, s.board.advisors[index(c.from)]);
  const bool had_forces_there = forces_in_territory(s, f, to) > ForceCount{0};
  CellId dest = c.to;
  if (mutant_active(Mutant::MoveArrivesInFirstCell)) {
    for (std::size_t i = 0; i < kCellCount && dest == c.to; ++i) dest = kCells[i].territory == to ? cell_at(i) : dest;
  }
  move_group(s, f, *group, dest, c.normal, c.special);
  if (f == Faction::BeneGesserit) {
    s.board.advisors[index(to)] = advisors;
    forget_empty_stance(s, c.from);
  }
  if (to == c.from) return;  // nothing entered a territory
  if (f == Faction::BeneGesserit) {
    open_take_up_arms(s, to, had_forces_there);  // [LR] 2.02.16
  } else {
    open_intrusion(s, f, to);  // [LR] 2.02.15
  }
}

std::optional<Rejection> validate_hajr(const GameState& s, Seat seat) {
  if (!card_in_hand(s.seat(seat), "Hajr")) {
    return reject(RejectCode::IllegalChoice, "you hold no Hajr card (fact sheet §4.1, [LR] 3.01.09)");
  }
  if (s.movement.hajr_played) {
    return reject(RejectCode::IllegalChoice, "Hajr was already played in this Movement step ([LR] 3.01.09)");
  }
  return std::nullopt;
}

void add_move_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  const Faction f = s.faction_of(seat);
  const std::array<int, 2> range{movement_range(s, f, ForceCount{0}), movement_range(s, f, ForceCount{1})};  // without, with specials
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId from = territory_at(i);
    if (forces_in_territory(s, f, from) == ForceCount{0}) continue;
    const auto groups = groups_of(s, from);
    // In a territory the storm splits, two groups may make the same move: it is listed once (the
    // Move names the territory, and the first group that can make it moves).
    std::set<std::tuple<std::size_t, int, int>> listed;
    for (const auto& group : groups) {
      const GroupForces have = forces_in_group(s, f, group);
      if (have.normal + have.special == ForceCount{0}) continue;
      const auto dist = distances(s, f, group, Obstacles{true, false});  // over-generates; validate decides
      for (std::size_t to = 0; to < kCellCount; ++to) {
        if (dist[to] > std::max(range[0], range[1])) continue;
        for (int sp = 0; sp <= have.special.value; ++sp) {
          if (dist[to] > range[sp > 0 ? 1 : 0]) continue;
          for (int n = 0; n <= have.normal.value; ++n) {
            if (n + sp == 0 || (groups.size > 1 && !listed.emplace(to, n, sp).second)) continue;
            out.push_back(Move{from, cell_at(to), ForceCount{n}, ForceCount{sp}});
          }
        }
      }
    }
  }
}

}  // namespace

void add_movement_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  if (card_in_hand(s.seat(seat), "Hajr")) out.push_back(PlayHajr{});
  if (move_left(s.movement)) add_move_candidates(s, seat, out);
}

std::optional<Rejection> validate_movement(const GameState& s, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (std::holds_alternative<PlayHajr>(c)) return validate_hajr(s, seat);
  if (const auto* move = std::get_if<Move>(&c)) return validate_move(s, seat, *move);
  return reject(RejectCode::WrongPhase, "Movement: move one group, play Hajr, or pass ([LR] 1.06.05)");
}

bool apply_movement(GameState& s, Seat seat, const Command& c) {
  if (std::holds_alternative<PlayHajr>(c)) {
    discard_from_hand(s, seat, *card_in_hand(s.seat(seat), "Hajr"));
    s.movement.hajr_played = true;
    return false;
  }
  const auto* move = std::get_if<Move>(&c);
  if (!move) return true;  // Pass ends the seat's movement
  // [LR] 2.04.06 ✷, 3.01.11.01: a Karama cancels the two-territory move; nothing moves and the
  // Fremen retake their movement as an ordinary one-territory move ([LR] 3.04). The Ixians' with
  // Cyborgs likewise (one source, [TO] GreyCyborgExtraMove).
  if (const auto ability = two_territory_move(s, s.faction_of(seat), *move); ability && karama_cancels(s, seat, *ability) &&
      !mutant_active(*ability == KaramaAbility::FremenMovement ? Mutant::KaramaCancelFremenMoveStands : Mutant::KaramaCancelCyborgMoveStands)) {
    return false;
  }
  apply_move(s, seat, *move);
  s.movement.moves_made += 1;
  return false;  // the seat passes to end its step: Hajr may still follow ([LR] 3.01.09)
}

std::array<int, kCellCount> territories_crossed_outside_strongholds(const GameState& s, CellId from) {
  Group group;
  group.cells[group.size++] = from;
  const bool storm = !mutant_active(Mutant::HmsMovesThroughStorm);
  const bool strongholds = !mutant_active(Mutant::HmsMovesIntoStronghold);
  return search_distances(s, Faction::Ixians, group, Obstacles{storm, false, strongholds});
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

}  // namespace dune::shipment_movement

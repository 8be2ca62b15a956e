// Legality oracles (issue 17 item 3): whether what the engine allowed should have been allowed,
// decided by a second, small reference implementation written from the rulebook, never by calling
// the engine's validators. A postcondition cannot see a wrong legality rule (the engine then applies
// its own rule consistently), and nothing sees a legal command the engine never offers; these can.
//
// oracle.legal-shipment: every accepted Ship was legal ([LR] 1.06.03): from the shipper's reserves,
// at least one force; not into a sector in storm (1.06.03.04), except an Advanced Fremen storm
// migration a Karama did not cancel this turn (2.04.17, 3.04); not into a stronghold already holding
// forces of two other factions, Bene Gesserit advisors not counted (1.06.03.05); the Fremen only
// onto The Great Flat or within 2 territories of it (2.04.03, 2.04.05), never by Karama (README:
// no source says how Karama applies to reserves on Dune); Advanced Bene Gesserit fighters never
// where their advisors are (2.02.13); a Karama shipment with a Karama card in hand (fact sheet
// §4.1 (b)); and the price within the shipper's spice and what its ally lets it spend (1.06.03,
// 1.10.02.06). And, on a sample of shipment decisions, the engine offers exactly the shipments the
// reference allows (the offered set is complete, and each offered one is legal).
//
// oracle.legal-movement: every accepted Move was legal ([LR] 1.06.05): named forces of one group of
// the source territory (the sectors of it the storm does not separate, none under the storm), to a
// sector out of the storm, within the mover's range counted in territories entered: 1, 3 with
// ornithopters (forces, advisors aside, in Arrakeen or Carthag, 1.06.05.04), 2 for the Fremen
// (2.04.06) unless a Karama cancelled that this turn (3.04); never into or through a sector in
// storm (1.06.05.06) nor into or through a stronghold holding two other factions (1.06.05.09). The
// range is searched here as a relaxation over the board's sector links, the engine's search not
// consulted. Advanced Bene Gesserit moving from where their tokens are advisors are held to storm
// and range only (their advisors coexist, 2.02.12: the reference does not model which ones arrive
// as advisors), and their moves are left out of the completeness sample.
//
// oracle.legal-bidding: every accepted Bid was legal ([LR] 1.04): by a seat whose hand is below its
// limit (4, the Harkonnen 8; 1.04.03, 2.05.07), of at least 1 and above the standing bid (1.04.06);
// in spice, within its own and what its ally lets it spend (1.04.06.04, 1.10.02.05); by Karama, with
// a Karama card (or the Advanced Bene Gesserit's worthless card, 1.14.06) and up to the engine's
// stated limit of 100 or the minimum bid (README rules status, Bidding: a Karama bid needs no spice, so the list
// of bids is capped). Sampled, the offered bids compared with the reference's both ways.
//
// oracle.legal-revival: every accepted Revive was legal by revive_illegal (oracles_legality_rules.cpp:
// once a turn, the limits, the Tanks, the leader and Kwisatz Haderach conditions, the Emperor's
// extras, the price), and on a sample of Revival decisions the engine offers exactly the revivals
// the reference allows, both ways.
//
// Every other command kind's legality, and the once-a-turn limits of shipments and moves, are
// oracle.legal-command's (oracles_legality_rules.cpp). A seat's shipping or moving turn itself is
// left to the completeness checks, which run where the engine offers that seat some shipment or
// move.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

// Why `c` is no legal shipment for `seat` in `s`, or "" when it is one.
std::string ship_illegal(const GameState& s, Seat seat, const Ship& c) {
  const Faction f = s.faction_of(seat);
  const SeatState& me = s.seat(seat);
  if (c.to.value >= kCellCount) return "no such sector";
  if (auto why = hms_shut(s, f, c.to); !why.empty()) return std::string(why);
  if (c.normal < ForceCount{0} || c.special < ForceCount{0} || c.normal + c.special == ForceCount{0}) return "no force named";
  if (c.normal > me.reserves_normal || c.special > me.reserves_special) return "more forces than its reserves hold";
  if (nexus_richese_shipment(s, seat)) {  // the Richese card's Secret Ally (seed 000)
    if ((c.normal + c.special).value > 5) return "the Richese Secret Ally ships up to five forces (seed 000)";
    if (c.karama) return "the Richese Secret Ally's shipment is paid in spice";
  }
  const TerritoryId t = cell_info(c.to).territory;
  if (c.karama) {
    if (f == Faction::Fremen) return "a Fremen Karama shipment (not available: README)";
    if (!holds_karama(s, seat)) return "a Karama shipment without a Karama card (fact sheet §4.1 (b))";
  }
  if (f == Faction::Fremen && !territory_info(t).fremen_free_ship) return "Fremen send only near The Great Flat ([LR] 2.04.05)";
  if (storm_sector(s, index(c.to))) {
    const bool migration = f == Faction::Fremen && !c.karama && s.options.rules.fremen_storm_losses &&
                           !cancelled_this_turn(s, seat, KaramaAbility::FremenStormMigration);
    if (!migration) return "into a sector in storm ([LR] 1.06.03.04)";
  }
  if (is_stronghold(t) && other_occupants(s, f, t) >= 2) return "into a stronghold holding two other factions ([LR] 1.06.03.05)";
  if (f == Faction::BeneGesserit && s.board.advisors[index(t)] && territory_forces(s, f, t) > 0) {
    return "Bene Gesserit fighters where their advisors are ([LR] 2.02.13)";
  }
  if (f != Faction::Fremen || c.karama) {
    const int cost = ship_cost(s, seat, c.to, c.normal + c.special, c.karama);
    if (cost > me.spice.value + ally_grant(s, seat)) {
      return fmt::format("it costs {} spice, more than its {} and its ally's grant of {}", cost, me.spice.value, ally_grant(s, seat));
    }
  }
  return "";
}

// Every shipment the reference allows `seat` in `s`: each sector, count and Karama choice.
std::vector<Ship> legal_ships(const GameState& s, Seat seat) {
  std::vector<Ship> out;
  const SeatState& me = s.seat(seat);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (int sp = 0; sp <= me.reserves_special.value; ++sp) {
      for (int n = 0; n <= me.reserves_normal.value; ++n) {
        for (bool karama : {false, true}) {
          const Ship ship{cell_at(c), ForceCount{n}, ForceCount{sp}, karama};
          if (ship_illegal(s, seat, ship).empty()) out.push_back(ship);
        }
      }
    }
  }
  return out;
}


// ---- movement ------------------------------------------------------------------------------------

constexpr int kFar = 1000;

// The range of a move with `special` forces: ornithopters 3, the Fremen 2, an Ixian group with a
// Cyborg 2 (ixians.md §3; open question Q6, [TO]'s reading: the moving group holds a Cyborg), else 1;
// a two-territory move a Karama cancelled this turn leaves 1 (3.04; the Ixians' by [TO]).
int move_range(const GameState& s, Seat seat, int special) {
  const Faction f = s.faction_of(seat);
  if (occupies(s, f, TerritoryId::Arrakeen) || occupies(s, f, TerritoryId::Carthag)) return 3;
  if (f == Faction::Ixians) return special > 0 && !cancelled_this_turn(s, seat, KaramaAbility::IxiansCyborgMovement) ? 2 : 1;
  if (f != Faction::Fremen) return 1;
  // The Fremen Nexus card's Betrayal, played this Shipment and Movement (its receipt, seed 000).
  const bool suppressed = played_this_turn(s, Faction::Fremen, NexusMode::Betrayal, Phase::ShipmentAndMovement);
  return cancelled_this_turn(s, seat, KaramaAbility::FremenMovement) || suppressed ? 1 : 2;
}

// Territories entered from `start` to every sector, by relaxation over the sector links and E1's
// Hidden Mobile Stronghold's link to its host cell, both ways, one territory (ixians.md §4): sectors
// in storm and, with `occupancy`, strongholds holding two other factions are not entered.
std::array<int, kCellCount> entered(const GameState& s, Faction f, const std::vector<CellId>& start, bool occupancy) {
  std::array<int, kCellCount> d;
  d.fill(kFar);
  for (CellId c : start) d[index(c)] = 0;
  std::array<bool, kTerritoryCount> closed{};
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    const TerritoryId id = kTerritories[t].id;
    closed[t] = occupancy && is_stronghold(id) && other_occupants(s, f, id) >= 2;
  }
  std::array<CellLink, 2> hms_links{};  // the HMS's, both ways, while it is on the board
  const std::size_t dynamic = s.board.hms_host ? 2 : 0;
  if (dynamic) hms_links = {CellLink{*s.board.hms_host, kHmsCell}, CellLink{kHmsCell, *s.board.hms_host}};
  for (bool changed = true; changed;) {
    changed = false;
    const auto relax = [&](const CellLink& l) {
      const int from = d[index(l.from)];
      if (from == kFar || storm_sector(s, index(l.to)) || closed[index(cell_info(l.to).territory)]) return;
      const int to = from + (cell_info(l.to).territory == cell_info(l.from).territory ? 0 : 1);
      if (to < d[index(l.to)]) {
        d[index(l.to)] = to;
        changed = true;
      }
    };
    for (const CellLink& l : kCellLinks) relax(l);
    for (std::size_t i = 0; i < dynamic; ++i) relax(hms_links[i]);
  }
  return d;
}

bool advisors_moving(const GameState& s, Faction f, TerritoryId from) {
  return f == Faction::BeneGesserit && s.options.rules.bene_gesserit_advisors && s.board.advisors[index(from)];
}

// One group of a territory for a move ([LR] 1.06.05): its sectors out of the storm that touch,
// the mover's forces there, and the territories entered from it to every sector.
struct MoveGroup {
  int normal = 0, special = 0;
  std::array<int, kCellCount> reach{};
};

// The groups of `from` for `f`, each with its reach: computed once per source territory.
std::vector<MoveGroup> move_groups(const GameState& s, Faction f, TerritoryId from) {
  std::vector<int> group(kCellCount, -1);
  int groups = 0;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory != from || storm_sector(s, c) || group[c] >= 0) continue;
    group[c] = groups;
    for (bool grew = true; grew;) {  // flood within the territory
      grew = false;
      for (const CellLink& l : kCellLinks) {
        if (group[index(l.from)] == groups && group[index(l.to)] < 0 && cell_info(l.to).territory == from && !storm_sector(s, index(l.to))) {
          group[index(l.to)] = groups;
          grew = true;
        }
      }
    }
    ++groups;
  }
  std::vector<MoveGroup> out(static_cast<std::size_t>(groups));
  std::vector<std::vector<CellId>> cells(static_cast<std::size_t>(groups));
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (group[c] < 0) continue;
    MoveGroup& g = out[static_cast<std::size_t>(group[c])];
    g.normal += s.board.normal[c][index(f)].value;
    g.special += s.board.special[c][index(f)].value;
    cells[static_cast<std::size_t>(group[c])].push_back(cell_at(c));
  }
  const bool occupancy = !advisors_moving(s, f, from);
  for (std::size_t g = 0; g < out.size(); ++g) out[g].reach = entered(s, f, cells[g], occupancy);
  return out;
}

// Why `c` is no legal move for `seat`, given the groups of its source territory, or "" when it is one.
std::string move_illegal(const GameState& s, Seat seat, const Move& c, const std::vector<MoveGroup>& groups) {
  const Faction f = s.faction_of(seat);
  if (c.normal < ForceCount{0} || c.special < ForceCount{0} || c.normal + c.special == ForceCount{0}) return "no force named";
  if (storm_sector(s, index(c.to))) return "into a sector in storm ([LR] 1.06.05.06)";
  const TerritoryId to = cell_info(c.to).territory;
  if (!advisors_moving(s, f, c.from) && to != c.from && is_stronghold(to) && other_occupants(s, f, to) >= 2) {
    return "into a stronghold holding two other factions ([LR] 1.06.05.09)";
  }
  const int range = move_range(s, seat, c.special.value);
  bool forces = false;
  for (const MoveGroup& g : groups) {
    if (c.normal.value > g.normal || c.special.value > g.special) continue;
    forces = true;
    if (g.reach[index(c.to)] <= range) return "";
  }
  if (!forces) return "no group out of the storm there holds the forces named ([LR] 1.06.05)";
  return fmt::format("no path of at most {} territor{} avoiding the storm and full strongholds ([LR] 1.06.05)", range, range == 1 ? "y" : "ies");
}

// Why `c` is no legal move for `seat` in `s`, or "" when it is one.
std::string move_illegal(const GameState& s, Seat seat, const Move& c) {
  if (index(c.from) >= kTerritoryCount || c.to.value >= kCellCount) return "no such territory or sector";
  return move_illegal(s, seat, c, move_groups(s, s.faction_of(seat), c.from));
}

// Every move the reference allows `seat` in `s`, each (from, to, normal, special) once: every
// count up to the largest group of the source, decided by move_illegal on groups computed once.
std::vector<Move> legal_moves(const GameState& s, Seat seat) {
  const Faction f = s.faction_of(seat);
  const int range = move_range(s, seat, 1);  // the farthest any move of the seat reaches
  std::vector<Move> out;
  for (const TerritoryInfo& info : kTerritories) {
    const std::vector<MoveGroup> groups = move_groups(s, f, info.id);
    int normal = 0, special = 0;
    for (const MoveGroup& g : groups) {
      normal = std::max(normal, g.normal);
      special = std::max(special, g.special);
    }
    if (normal + special == 0) continue;
    for (std::size_t to = 0; to < kCellCount; ++to) {
      // Only sectors some group reaches can be legal: the others are not asked about.
      if (std::none_of(groups.begin(), groups.end(), [&](const MoveGroup& g) { return g.reach[to] <= range; })) continue;
      for (int sp = 0; sp <= special; ++sp) {
        for (int n = 0; n <= normal; ++n) {
          const Move m{info.id, cell_at(to), ForceCount{n}, ForceCount{sp}};
          if (move_illegal(s, seat, m, groups).empty()) out.push_back(m);
        }
      }
    }
  }
  return out;
}

// ---- bidding -------------------------------------------------------------------------------------

constexpr int kKaramaBidCap = 100;  // README rules status, Bidding: the engine's stated cap on a Karama bid

int minimum_bid(const GameState& s) { return s.bidding.high_bidder ? s.bidding.high_bid.value + 1 : 1; }

std::string bid_illegal(const GameState& s, Seat seat, const Bid& c) {
  if (s.bidding.lots.empty()) return "no card is up for bid";
  if (s.seat(seat).hand.size() >= hand_limit(s.faction_of(seat))) return "a full hand cannot bid ([LR] 1.04.03)";
  if (c.amount.value < minimum_bid(s)) return fmt::format("a bid must be at least {} ([LR] 1.04.06)", minimum_bid(s));
  if (c.karama) {
    if (!holds_karama(s, seat)) return "a Karama bid without a Karama card";
    if (c.amount.value > std::max(kKaramaBidCap, minimum_bid(s))) return "a Karama bid above the stated cap";
    return "";
  }
  const int spendable = s.seat(seat).spice.value + ally_grant(s, seat);
  if (c.amount.value > spendable) return fmt::format("more than the {} spice it may spend ([LR] 1.04.06.04, 1.10.02.05)", spendable);
  return "";
}

std::vector<Bid> legal_bids(const GameState& s, Seat seat) {
  std::vector<Bid> out;
  const int top = std::max(s.seat(seat).spice.value + ally_grant(s, seat), std::max(kKaramaBidCap, minimum_bid(s)));
  for (int a = minimum_bid(s); a <= top; ++a) {
    for (bool karama : {false, true}) {
      const Bid bid{Spice{a}, karama};
      if (bid_illegal(s, seat, bid).empty()) out.push_back(bid);
    }
  }
  return out;
}

// ---- revival -------------------------------------------------------------------------------------

// Every revival the reference allows `seat` (revive_illegal, oracles_legality_rules.cpp): each
// count of normal and special forces up to the limit and the Emperor's 3 extras, each own leader in
// the Tanks (any leader there for the Tleilaxu's gholas) or none, the Kwisatz Haderach or not (the Advanced Atreides), each number of extras
// (the Emperor's ally); a kind of choice the reference rules out for the seat is not enumerated.
std::vector<Revive> legal_revives(const GameState& s, Seat seat) {
  std::vector<Revive> out;
  if (!revival_turn_illegal(s, seat).empty()) return out;
  const SeatState& me = s.seat(seat);
  const Faction f = s.faction_of(seat);
  const auto ally = ally_seat(s, seat);
  const int extras = ally && s.faction_of(*ally) == Faction::Emperor ? 3 : 0;  // only the Emperor's ally asks for extras
  const bool kwisatz_haderach = f == Faction::Atreides && s.options.rules.kwisatz_haderach;
  const auto limit = force_revival_limit(s, seat);
  // The Emperor pays for 3 beyond the limit; without a limit, whatever the Tanks hold.
  const int most = limit ? *limit + 3 : me.tanks_normal.value + me.tanks_special.value;
  std::vector<std::optional<LeaderId>> leaders{std::nullopt};
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    const LeaderId leader{static_cast<std::uint8_t>(l)};
    // The Tleilaxu's, and (Advanced Gholas) every other leader in the Tanks for them.
    if ((leader_owner(s, leader) == f || f == Faction::Tleilaxu) && in_tanks(s, leader)) leaders.push_back(leader);
  }
  for (int n = 0; n <= std::min(me.tanks_normal.value, most); ++n) {
    for (int sp = 0; sp <= std::min(me.tanks_special.value, most); ++sp) {
      for (const auto& leader : leaders) {
        for (int kh = 0; kh <= (kwisatz_haderach ? 1 : 0); ++kh) {
          for (int extra = 0; extra <= std::min(extras, n + sp); ++extra) {
            const Revive r{ForceCount{n}, ForceCount{sp}, leader, ForceCount{extra}, kh == 1};
            if (revival_choice_illegal(s, seat, r).empty()) out.push_back(r);
          }
        }
      }
    }
  }
  return out;
}

// The Nexus cards' revivals (seed 000, Emperor, Fremen and Tleilaxu rows): why `c` is no legal
// play for `seat` in Revival, or "" when it is one. Played as Secret Ally (the card's faction
// absent), by the holder, at its own Revival decision before its ordinary revival:
// - the Emperor's and the Fremen's card: exactly three forces free (seed 003: not offered when three
//   cannot be revived), `special` of them special, no leader;
// - the Tleilaxu card (seed 002's prototype of 14 October): one own leader in the Tanks, mandatory,
//   the unavailable-roster condition waived ([LR] 1.05.03) but not the face-down one (1.05.04), or
//   the Advanced Atreides' dead Kwisatz Haderach instead; up to five forces at one spice each.
// Advanced Sardaukar and Fedaykin: one a turn across every revival (November FAQ p.2).
std::string nexus_revival_illegal(const GameState& s, Seat seat, const PlayNexus& c) {
  const auto held = s.nexus.held[seat.value];
  if (!held || !(*held == c.card)) return "a Nexus card it does not hold (seed 000, item 9)";
  if (c.mode != NexusMode::SecretAlly || s.seat_of(c.card.faction)) return "only a Secret Ally revives, its faction absent (seed 000)";
  // Whose decision it is the protocol checker decides; after an ordinary revival it is over.
  if (!revival_turn_illegal(s, seat).empty()) return "after its ordinary revival (its Revival decision is over)";
  if (c.element || c.answers != 0) return "a revival names no plan element and answers no attempt";
  const Faction f = s.faction_of(seat);
  const SeatState& me = s.seat(seat);
  if (c.normal.value < 0 || c.special.value < 0) return "a negative count";
  if (s.options.rules.special_forces && (f == Faction::Emperor || f == Faction::Fremen) &&
      c.special.value + specials_revived_this_turn(s, seat) > 1) {
    return "one special force revived a turn ([LR] 2.03.11; November FAQ p.2)";
  }
  switch (c.card.faction) {
    case Faction::Emperor:
    case Faction::Fremen:
      if (c.leader || c.kwisatz_haderach || c.normal.value != 0) return "the three forces name only how many are special (seed 000)";
      if (c.special.value > 3 || c.special > me.tanks_special || 3 - c.special.value > me.tanks_normal.value) {
        return "three forces cannot be revived from the Tanks (seed 003)";
      }
      return "";
    case Faction::Tleilaxu: {
      if (c.normal > me.tanks_normal || c.special > me.tanks_special) return "more forces than its Tanks hold";
      if ((c.normal + c.special).value > 5) return "up to five forces (seed 000)";
      if ((c.normal + c.special).value > me.spice.value) return "one spice each, more than it has (seed 000)";
      if (c.leader.has_value() == c.kwisatz_haderach) return "one own leader or the Kwisatz Haderach, mandatory (prototype policy, seed 002)";
      if (c.kwisatz_haderach) {
        if (f != Faction::Atreides || !s.options.rules.kwisatz_haderach || !s.battle.kwisatz_haderach_dead) {
          return "the Kwisatz Haderach of the Advanced Atreides, dead ([LR] 2.01.14)";
        }
        return "";
      }
      if (c.leader->value >= kLeaderCount || leader_owner(s, *c.leader) != f || !in_tanks(s, *c.leader)) {
        return "one of its own leaders in the Tanks (seed 002)";
      }
      if (face_down_waits(s, f, *c.leader)) return "a face-down leader waits for the face-up ones ([LR] 1.05.04)";
      return "";
    }
    default:
      return "no other Nexus card revives (seed 000)";
  }
}

// A play of a card whose Secret Ally revives in Revival (another card's play there is an at-any-time
// play, the Harkonnen Cunning: not a revival, oracle.legal-command's).
bool revival_card(const PlayNexus& p) {
  const Faction f = p.card.faction;
  return p.mode == NexusMode::SecretAlly && (f == Faction::Emperor || f == Faction::Fremen || f == Faction::Tleilaxu);
}

// Every Nexus revival the reference allows `seat`: its held card's, each leader (or none, or the
// Kwisatz Haderach) and each count.
std::vector<PlayNexus> legal_nexus_revivals(const GameState& s, Seat seat) {
  std::vector<PlayNexus> out;
  const auto held = s.nexus.held[seat.value];
  if (!held || !revival_card(PlayNexus{*held, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}})) return out;
  std::vector<std::optional<LeaderId>> leaders{std::nullopt};
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    if (leader_owner(s, leader_at(l)) == s.faction_of(seat)) leaders.emplace_back(LeaderId{static_cast<std::uint8_t>(l)});
  }
  for (const auto& leader : leaders) {
    for (int kh = 0; kh <= 1; ++kh) {
      for (int n = 0; n <= 5; ++n) {
        for (int sp = 0; sp <= 5; ++sp) {
          PlayNexus p{*held, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{sp}};
          p.normal = ForceCount{n};
          p.leader = leader;
          p.kwisatz_haderach = kh == 1;
          if (nexus_revival_illegal(s, seat, p).empty()) out.push_back(p);
        }
      }
    }
  }
  return out;
}

// ---- the two checks of a legality oracle -------------------------------------------------------

// The completeness probe (sampled): where the engine offers `seat` some command of kind C, it
// offers exactly the ones the reference allows, both ways. False when it offers none (nothing was
// compared: the seat is not at that decision), unless `at_decision` says it is.
template <class C>
bool compare_offered(const Transition& t, Seat seat, Oracle o, std::vector<C> (*reference)(const GameState&, Seat),
                     std::string (*illegal)(const GameState&, Seat, const C&), Violations& out, bool at_decision = false,
                     bool (*among)(const C&) = nullptr) {
  const GameState& b = t.before;
  std::vector<C> offered;
  for (const Command& c : legal_commands(b, seat)) {
    if (const auto* x = std::get_if<C>(&c); x && (!among || among(*x))) offered.push_back(*x);
  }
  if (offered.empty() && !at_decision) return false;
  const std::vector<C> allowed = reference(b, seat);
  for (const C& x : allowed) {
    if (std::find(offered.begin(), offered.end(), x) == offered.end()) {
      out.push_back(violation(o, fmt::format("{} may {}, but it is not offered", name_of(b, seat), to_string(Command{x}))));
      return true;
    }
  }
  for (const C& x : offered) {
    if (std::find(allowed.begin(), allowed.end(), x) == allowed.end()) {
      out.push_back(violation(o, fmt::format("{} is offered to {}, which is illegal: {}", name_of(b, seat), to_string(Command{x}), illegal(b, seat, x))));
      return true;
    }
  }
  return true;
}

// A legality oracle over the commands C of `step`: every accepted C legal by the reference, and on
// every fourth decision there (a C or a Pass) the offered set compared with the reference's.
template <class C>
Violations legality(const Transition& t, Step step, Oracle o, std::vector<C> (*reference)(const GameState&, Seat),
                    std::string (*illegal)(const GameState&, Seat, const C&), bool sample) {
  const Envelope* e = envelope_of(t);
  if (!e || t.before.step != step) return {};
  const auto* c = std::get_if<C>(&e->command);
  const bool sampled = sample && t.index % 4 == 0 && (c || std::holds_alternative<Pass>(e->command));
  if (!c && !sampled) return {};
  Violations out;
  if (c) {
    if (const std::string why = illegal(t.before, e->seat, *c); !why.empty()) {
      out.push_back(violation(o, fmt::format("{} was allowed the illegal {}: {}", name_of(t.before, e->seat), to_string(e->command), why)));
    }
  }
  const bool compared = sampled && compare_offered(t, e->seat, o, reference, illegal, out);
  if (!c && !compared) return {};
  return decided(o, std::move(out));
}

}  // namespace

Violations legal_shipment(const Transition& t, const GameContext&) {
  return legality<Ship>(t, Step::Shipment, kLegalShipment, legal_ships, ship_illegal, true);
}

// The ordinary revivals and the Nexus cards' revival plays: a play is decided by its own
// reference; on a sampled ordinary decision (the seat revived or passed: it was at its decision)
// both offered sets are compared, the plays even when the engine offers none. The step is counted
// once, by the ordinary part (a second count would show more steps decided than there are).
Violations legal_revival(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (const auto* p = e ? std::get_if<PlayNexus>(&e->command) : nullptr) {
    if (!revival_card(*p)) return {};
    return legality<PlayNexus>(t, Step::Revival, kLegalRevival, legal_nexus_revivals, nexus_revival_illegal, true);
  }
  Violations out = legality<Revive>(t, Step::Revival, kLegalRevival, legal_revives, revive_illegal, true);
  if (e && t.before.step == Step::Revival && t.index % 4 == 0) {
    const bool at_decision = std::holds_alternative<Revive>(e->command) || std::holds_alternative<Pass>(e->command);
    compare_offered<PlayNexus>(t, e->seat, kLegalRevival, legal_nexus_revivals, nexus_revival_illegal, out, at_decision, revival_card);
  }
  return out;
}

Violations legal_bidding(const Transition& t, const GameContext&) {
  return legality<Bid>(t, Step::Bidding, kLegalBidding, legal_bids, bid_illegal, true);
}

// Advanced Bene Gesserit moves are not sampled: the reference holds their advisors to storm and
// range only (above).
Violations legal_movement(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const bool advisors = e && t.before.faction_of(e->seat) == Faction::BeneGesserit && t.before.options.rules.bene_gesserit_advisors;
  return legality<Move>(t, Step::Movement, kLegalMovement, legal_moves, move_illegal, !advisors);
}

}  // namespace dune::invariants::oracle_detail

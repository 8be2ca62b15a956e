#include "invariants/conservation.h"

#include <fmt/format.h>

#include "engine/engine.h"
#include "model/board.h"
#include "model/factions.h"

namespace dune::invariants {

Spice spice_total(const GameState& s) {
  Spice total = s.bank;
  for (const SeatState& seat : s.seats) total += seat.spice + seat.in_front_of_shield;
  for (Spice on_cell : s.board.spice) total += on_cell;
  return total;
}

Violations check_spice_ledger(const GameState& s, Spice opening_total) {
  const Spice total = spice_total(s);
  if (total != opening_total) {
    return {{"conservation.spice", fmt::format("the spice ledger adds up to {}, not the opening {} (bank {})",
                                               total.value, opening_total.value, s.bank.value)}};
  }
  return {};
}

// [LR] 1.06.03.05: no more than two factions' forces in a stronghold; Bene Gesserit advisors do
// not count (advisors coexist: [LR] 2.02, facts sheet "Bene Gesserit").
void check_stronghold_occupancy(const GameState& s, Violations& out) {
  for (TerritoryId t : kStrongholds) {
    const CellRange cells = kTerritoryCells[index(t)];
    std::string who;
    int factions = 0;
    for (Faction f : s.options.factions) {
      if (f == Faction::BeneGesserit && s.board.advisors[index(t)]) continue;
      bool present = false;
      for (std::size_t c = cells.first; c < cells.first + cells.count; ++c) {
        present = present || s.board.normal[c][index(f)] > ForceCount{0} || s.board.special[c][index(f)] > ForceCount{0};
      }
      if (!present) continue;
      ++factions;
      who += fmt::format("{}{}", who.empty() ? "" : ", ", to_string(f));
    }
    if (factions > 2) {
      out.push_back({"capacity.stronghold", fmt::format("{} holds forces of {} factions ({}): at most two ([LR] 1.06.03.05)", to_string(t), factions, who)});
    }
  }
}

// No negative force count in reserves or the Tanks (the board's cells are checked by the census).
void check_negative_forces(const GameState& s, Violations& out) {
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const SeatState& seat = s.seats[i];
    for (ForceCount n : {seat.reserves_normal, seat.reserves_special, seat.tanks_normal, seat.tanks_special}) {
      if (n < ForceCount{0}) {
        out.push_back({"capacity.forces", fmt::format("{} has a negative force count in its reserves or the Tanks", to_string(s.options.factions[i]))});
        break;
      }
    }
  }
}

// A seat may bid while its Treachery hand is below the printed limit ([LR] 1.04.01, fact sheet
// §5.2); a held Nexus card is no Treachery card and takes no slot (seed 000, item 1).
bool below_hand_limit(const GameState& s, std::size_t seat) {
  return static_cast<int>(s.seats[seat].hand.size()) < faction_info(s.options.factions[seat]).hand_limit;
}

Violations check_bidding_capacity(const GameState& before, const GameState& after) {
  if (after.phase != Phase::Bidding) return {};
  Violations out;
  // The row of lots is dealt when the phase opens: one card per seat below its limit (fewer only
  // when the Treachery deck and its discard run out).
  if (before.phase != Phase::Bidding) {
    int bidders = 0;
    for (std::size_t i = 0; i < after.seat_count(); ++i) bidders += below_hand_limit(after, i) ? 1 : 0;
    const bool exhausted = after.treachery.deck.empty() && after.treachery.discard.empty();
    if (after.bidding.lots_total != bidders && !(exhausted && after.bidding.lots_total < bidders)) {
      out.push_back({"capacity.bidding", fmt::format("the auction deals {} lots, but {} seats are below their Treachery hand limit "
                                                     "([LR] 1.04.01; a Nexus card takes no slot)", after.bidding.lots_total, bidders)});
    }
  }
  for (Seat s : pending(after)) {
    if (after.step == Step::Bidding && !below_hand_limit(after, s.value)) {
      out.push_back({"capacity.bidding", fmt::format("{} is asked to bid with {} Treachery cards, at its limit ([LR] 1.04.01)",
                                                     to_string(after.faction_of(s)), after.seat(s).hand.size())});
    }
  }
  return out;
}

Violations check_capacity(const GameState& s) {
  Violations out;
  check_stronghold_occupancy(s, out);
  check_negative_forces(s, out);
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const Faction f = s.options.factions[i];
    const SeatState& seat = s.seats[i];
    if (seat.spice < Spice{0} || seat.in_front_of_shield < Spice{0}) {
      out.push_back({"capacity.spice", fmt::format("{} has negative spice ({})", to_string(f), seat.spice.value)});
    }
    const int limit = faction_info(f).hand_limit;
    if (static_cast<int>(seat.hand.size()) > limit) {
      out.push_back({"capacity.hand", fmt::format("{} holds {} Treachery cards, over its limit of {}", to_string(f), seat.hand.size(), limit)});
    }
  }
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (s.board.spice[c] < Spice{0}) {
      out.push_back({"capacity.spice", fmt::format("cell L{:02} holds negative spice ({})", c, s.board.spice[c].value)});
    }
  }
  return out;
}

}  // namespace dune::invariants

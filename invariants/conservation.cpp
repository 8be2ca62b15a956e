#include "invariants/conservation.h"

#include <fmt/format.h>

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

Violations check_capacity(const GameState& s) {
  Violations out;
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

// Conservation and capacity: the spice ledger balances, no count is negative, hands respect
// their limits.
#pragma once

#include "invariants/capacity.h"
#include "invariants/violation.h"
#include "model/state.h"

namespace dune::invariants {

// Spice as a double-entry ledger: every seat's spice, the spice in front of shields, on the board
// and in the bank always add up to the reserve the game started with.
Spice spice_total(const GameState& state);
Violations check_spice_ledger(const GameState& state, Spice opening_total);

// No negative spice or forces; Treachery hands within their limits; at most two factions in a
// stronghold.
// Who may bid: the lots dealt when Bidding opens and every seat asked to bid are the seats below
// their printed Treachery hand limit; a held Nexus card never counts against it.
Violations check_bidding_capacity(const GameState& before, const GameState& after);

}  // namespace dune::invariants

// The panel contracts of the registered Nexus families (issue 17 item 4): each panel's contract is a
// checker of its own, named contract.<family>.<panel>, written here from the seed (never from the
// family's engine code) and named by the family's registration (NexusFamily::contracts,
// engine/nexus/<family>.cpp), so the gate and the bounded explorer, which run every checker, turn
// every reachable breach of a panel's contract into a counterexample. oracle.nexus-play keeps the
// contract common to every play.
#pragma once

#include <span>

#include "invariants/registry.h"
#include "model/nexus_panels.h"

namespace dune::invariants {

std::span<const Checker> contract_checkers();
// Whether the family of `card` registers a contract checker for its panel in `mode`.
bool has_contract(Faction card, NexusMode mode);

}  // namespace dune::invariants

// Single consumption and the Nexus lifecycle (issue 7 item 2; seed 000, "Executable lifecycle
// composition" items 1-9): each seed item is its own named checker, written from the seed contract
// against NexusState and the Nexus commands, independently of engine/nexus*.cpp. While the module
// is off every check holds trivially.
#pragma once

#include <span>

#include "invariants/registry.h"

namespace dune::invariants {

std::span<const Checker> single_consumption_checkers();
std::span<const Checker> lifecycle_checkers();

}  // namespace dune::invariants

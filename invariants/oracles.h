// Rule oracles (issue 7 item 2): for every accepted command and chance step, an independent
// postcondition written from the rulebook checks what the step touched — who paid whom, where
// forces and cards went, who won. Census and conservation cannot see a rule applied wrongly but
// consistently; these can.
#pragma once

#include <span>

#include "invariants/registry.h"

namespace dune::invariants {

std::span<const Checker> oracle_checkers();

}  // namespace dune::invariants

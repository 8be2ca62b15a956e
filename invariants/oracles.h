// Rule oracles (issue 7 item 2): for every accepted command and chance step, an independent
// postcondition written from the rulebook checks what the step touched — who paid whom, where
// forces and cards went, who won. Census and conservation cannot see a rule applied wrongly but
// consistently; these can.
//
// Each oracle recomputes its expectation from the rules and the board data (model/), never by
// calling the engine's rule helpers. Where the rules have variants, it checks the variant the
// README rules-status table says the engine implements. A case an oracle cannot decide (several
// log entries in one step, a Karama interaction, Advanced force mixes, ...) is skipped and
// counted, never passed silently: see oracle_coverage.h.
#pragma once

#include <span>

#include "invariants/registry.h"

namespace dune::invariants {

std::span<const Checker> oracle_checkers();

}  // namespace dune::invariants

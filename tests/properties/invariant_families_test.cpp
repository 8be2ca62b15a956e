// One property per invariant family (issue 7 item 3): every checker of the family holds after
// every step of random legal games (harness/runner.h, generated GameSpecs). Fixed seeds and
// budgets come from RC_PARAMS; games are kept short so the binary's share of CI stays small.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <string_view>
#include <vector>

#include "generators/arbitrary.h"
#include "harness/runner.h"
#include "invariants/registry.h"

namespace dune::invariants {
namespace {

std::vector<Checker> family(std::string_view name) {
  std::vector<Checker> out;
  for (const Checker& c : all_checkers()) {
    if (c.family == name) out.push_back(c);
  }
  return out;
}

// Plays one generated game of at most `decisions` commands with the family's checkers.
void holds(std::string_view name, int decisions, CheckOptions options = {}) {
  const std::vector<Checker> checkers = family(name);
  RC_ASSERT(!checkers.empty());
  const auto spec = *generators::gen_spec(generators::SpecBounds{1, 3, decisions});
  harness::RunConfig config;
  config.check_options = options;
  config.checkers = checkers;
  const harness::RunResult r = harness::run_game(spec, config);
  if (r.violation) {
    RC_FAIL(r.violation->violation.invariant + ": " + r.violation->violation.message + " (step " +
            std::to_string(r.violation->step) + ", " + generators::to_string(spec) + ")");
  }
}

RC_GTEST_PROP(InvariantFamilies, Census, ()) { holds("census", 60); }
RC_GTEST_PROP(InvariantFamilies, Capacity, ()) { holds("capacity", 60); }
RC_GTEST_PROP(InvariantFamilies, Conservation, ()) { holds("conservation", 60); }
RC_GTEST_PROP(InvariantFamilies, Protocol, ()) { holds("protocol", 40); }
RC_GTEST_PROP(InvariantFamilies, Determinism, ()) { holds("determinism", 40); }
RC_GTEST_PROP(InvariantFamilies, SingleConsumption, ()) { holds("single-consumption", 60); }
RC_GTEST_PROP(InvariantFamilies, Lifecycle, ()) { holds("lifecycle", 60); }
RC_GTEST_PROP(InvariantFamilies, Noninterference, ()) { holds("noninterference", 25, CheckOptions{true, false}); }

}  // namespace
}  // namespace dune::invariants

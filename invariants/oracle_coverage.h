// Which oracle decides each kind of step, and how often it decided or skipped one (issue 17
// item 1): a checker that looks at a step but cannot decide it proves nothing, so every oracle
// counts the steps it decided and those it skipped, per kind of step, into the table of the
// caller that checks the step (harness::check_step: one table per game, summed by the gate).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "model/state.h"

namespace dune::invariants {

// The kinds of step: every command kind (Command variant order), then every chance kind.
std::size_t step_kind_count();
std::size_t step_kind(const LogEntry& e);
std::string_view step_kind_name(std::size_t kind);  // the command's JSON kind, or the chance kind's name
bool step_kind_is_chance(std::size_t kind);

// The oracles, in their fixed order (oracle_checkers()).
std::span<const std::string_view> oracle_names();

// Per oracle and kind of step: the steps it decided and those it skipped; per kind, the steps the
// oracles were run on.
class OracleCoverage {
 public:
  OracleCoverage();
  void count(std::size_t oracle, std::size_t kind, bool decided);
  void count_step(std::size_t kind) { ++steps_[kind]; }
  std::uint64_t decided(std::size_t oracle, std::size_t kind) const { return decided_[oracle * kinds_ + kind]; }
  std::uint64_t skipped(std::size_t oracle, std::size_t kind) const { return skipped_[oracle * kinds_ + kind]; }
  std::uint64_t steps(std::size_t kind) const { return steps_[kind]; }
  OracleCoverage& operator+=(const OracleCoverage& other);
  friend bool operator==(const OracleCoverage&, const OracleCoverage&) = default;

 private:
  std::size_t kinds_;
  std::vector<std::uint64_t> decided_, skipped_, steps_;
};

// While alive, the cases the oracles decide or skip on this thread are counted into `into`
// under the kind of `entry`, and the step itself once. Scopes do not nest.
class OracleCoverageScope {
 public:
  OracleCoverageScope(OracleCoverage& into, const LogEntry& entry);
  ~OracleCoverageScope();
  OracleCoverageScope(const OracleCoverageScope&) = delete;
  OracleCoverageScope& operator=(const OracleCoverageScope&) = delete;
};

// The oracles' hook (oracles.cpp): one case of oracle `oracle`, decided or skipped, on this
// thread's current step. Without a scope it is not counted.
void note_oracle_case(std::size_t oracle, bool decided);

}  // namespace dune::invariants

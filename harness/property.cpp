#include "harness/property.h"

#include <fmt/format.h>

#include <cstdlib>
#include <iostream>

namespace dune::harness {
namespace {

std::string rapidcheck_params() {
  const char* params = std::getenv("RC_PARAMS");
  return params ? fmt::format("RC_PARAMS=\"{}\"", params) : "";
}

std::string describe_found(const Found& f) {
  return fmt::format("invariant {} (checker {}) failed at step {} after {} decisions: {}", f.violation.invariant,
                     f.checker, f.step, f.decisions, f.violation.message);
}

}  // namespace

PropertyOutcome check_game(const GameSpec& spec, const PropertyOptions& options) {
  PropertyOutcome out;
  RunConfig config;
  config.check_options = options.check_options;
  config.checkers = options.checkers;
  out.run = run_game(spec, config);
  if (!out.run.violation) {
    if (!out.run.finished()) {
      out.failure = fmt::format("the game stopped early after {} decisions: {}\nseed {}; spec: {}", out.run.decisions,
                                out.run.engine_bug, spec.seed, generators::to_string(spec));
      std::cerr << out.failure << "\n";
    }
    return out;
  }
  const Found& found = *out.run.violation;
  ShrinkOptions shrink_options{options.shrink_budget, options.check_options, options.checkers};
  out.shrunk = shrink(spec, out.run.choices, found, shrink_options);
  const ShrinkResult& s = *out.shrunk;
  Counterexample c;
  c.spec = s.spec;
  c.choices = s.choices;
  c.violation = s.violation;
  c.rapidcheck = rapidcheck_params();
  c.note = fmt::format("shrunk from {} to {} decisions, {} not the default ({} candidates, {:.1f} s{})", s.original_size,
                       s.choices.size(), non_default_decisions(s.choices),
                       s.candidates, s.seconds, s.timed_out ? ", budget reached" : "");
  const Written written = write_counterexample(c, options.file_name);
  out.path = written.path;
  out.failure = fmt::format(
      "{}\nseed {}; {}\nspec: {}\nshrunk: {}: {}\n{}", describe_found(found), spec.seed, c.rapidcheck,
      generators::to_string(spec), c.note, describe_found(s.violation),
      written.error.empty() ? fmt::format("counterexample written to {}\nreplay it: dunecheck replay {}", written.path, written.path)
                            : written.error);
  std::cerr << out.failure << "\n";
  return out;
}

}  // namespace dune::harness

// `dunecheck mutants`: lists the mutant catalogue (harness/mutants.h), or runs the harness against
// each named mutant and reports killed or survived, the time to the first failure, the invariant
// that failed and the shrunk counterexample's size. Exits 1 when a mutant survives. A build without
// mutants (the release preset) says so instead: exit 0 for the list, 2 for --run.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "harness/mutant_run.h"
#include "tools/commands.h"

namespace dune::cli {
namespace {

struct Args {
  bool run = false;
  std::vector<std::string> names;
  int games = 0;
  std::uint64_t seed = 1;
  bool shrink = true;
  int shrink_seconds = 10;
};

void list() {
  for (const harness::MutantInfo& m : harness::mutant_catalogue()) {
    std::cout << fmt::format("{:34} {:18} {}\n", m.name, m.family, m.description);
  }
}

std::vector<harness::MutantInfo> selected(const Args& args) {
  std::vector<harness::MutantInfo> out;
  if (args.names.empty()) return {harness::mutant_catalogue().begin(), harness::mutant_catalogue().end()};
  for (const std::string& name : args.names) {
    const auto m = harness::find_mutant(name);
    if (!m) {
      std::cerr << fmt::format("dunecheck mutants: no mutant named '{}' (see `dunecheck mutants`)\n", name);
      throw CLI::RuntimeError(2);
    }
    out.push_back(*m);
  }
  return out;
}

std::string verdict(const harness::MutantOutcome& o) { return o.killed ? "killed" : "SURVIVED"; }

std::string detail(const harness::MutantOutcome& o) {
  const std::string excluded =
      (o.not_applicable.empty() ? "" : fmt::format(" [not applicable: {}]", fmt::join(o.not_applicable, ", "))) +
      (o.excluded.empty() ? "" : fmt::format(" [the control fails {} too: excluded]", fmt::join(o.excluded, ", ")));
  if (!o.killed) return fmt::format("no checker failed in {} games{}", o.games, excluded);
  return fmt::format("by {} ({}) at step {}, game {}{}: {}{}", o.found->checker, o.family, o.found->step, o.games,
                     o.shrunk_size ? fmt::format(", shrunk to {} decisions", *o.shrunk_size) : "",
                     o.found->violation.message, excluded);
}

void run(const Args& args) {
  harness::MutantRunOptions options;
  options.games = args.games;
  options.seed = args.seed;
  options.shrink = args.shrink;
  options.shrink_budget = std::chrono::seconds(args.shrink_seconds);
  int survived = 0;
  std::vector<double> times;
  for (const harness::MutantInfo& m : selected(args)) {
    const harness::MutantOutcome o = harness::run_mutant(m, options);
    std::cout << fmt::format("{:34} {:18} {:8} {:7.2f}s  {}\n", m.name, m.family, verdict(o), o.seconds, detail(o))
              << std::flush;
    if (o.killed) times.push_back(o.seconds);
    if (!o.killed) survived += 1;
  }
  if (!times.empty()) {
    std::sort(times.begin(), times.end());
    std::cout << fmt::format("{} killed, {} survived; median time to first failure {:.2f}s\n", times.size(), survived,
                             times[times.size() / 2]);
  }
  if (survived > 0) throw CLI::RuntimeError(1);
}

}  // namespace

void add_mutants_command(CLI::App& app) {
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("mutants", "List the mutant catalogue, or run the harness against mutants (--run)");
  cmd->add_flag("--run", args->run, "Run the harness against each named mutant (all when none is named)");
  cmd->add_option("names", args->names, "Mutant names (with --run)");
  cmd->add_option("--games", args->games, "Games per mutant (default: the mutant's own setup)")->check(CLI::PositiveNumber);
  cmd->add_option("--seed", args->seed, "Seed of the first game (game g uses seed + g)");
  cmd->add_option("--shrink-seconds", args->shrink_seconds, "Shrink budget per counterexample (0: no shrinking)")
      ->check(CLI::Range(0, 600));
  cmd->callback([args] {
    if (!kMutantsBuilt) {  // the list is empty (exit 0); a run has nothing to run (exit 2)
      (args->run ? std::cerr : std::cout) << "dunecheck mutants: " << harness::kNoMutantsMessage << "\n";
      if (args->run) throw CLI::RuntimeError(2);
      return;
    }
    if (!args->run) {
      list();
      return;
    }
    args->shrink = args->shrink_seconds > 0;
    run(*args);
  });
}

}  // namespace dune::cli

// `dunecheck explore --scope NAME [--depth D] [--max-states M] [--out DIR] [--mutant NAME]`: the
// bounded exhaustive exploration of a named scope (proofs/explorer.h). Prints states, transitions,
// the depth reached, invariant checks, states per second, the process's peak resident memory and
// whether the scope was exhausted; on
// a violation writes the shortest counterexample as a replay file and exits 1.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <chrono>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>

#include "harness/mutants.h"
#include "harness/peak_memory.h"
#include "proofs/explorer.h"
#include "tools/commands.h"
#include "tools/file_io.h"

namespace dune::cli {
namespace {

struct Args {
  std::string scope;
  int depth = -1;
  std::uint64_t max_states = 0;
  int jobs = 0;  // 0: every core
  std::string out = ".";
  std::string mutant;
  std::vector<std::string> exclude;
};

void list_scopes() {
  for (std::string_view name : proofs::scope_names()) std::cout << fmt::format("{:16} {}\n", name, proofs::scope_summary(name));
}

// `baseline_mb`: the peak resident memory before the exploration (the program, its tables).
void print(const proofs::ExploreResult& r, double baseline_mb, int jobs) {
  std::cout << fmt::format("scope {}: {}\n", r.scope, proofs::scope_summary(r.scope));
  for (const std::string& s : r.starts) std::cout << "  start " << s << "\n";
  for (const std::string& u : r.unchecked) std::cout << "  unchecked: " << u << "\n";
  const double rate = r.seconds > 0 ? static_cast<double>(r.states) / r.seconds : 0;
  std::cout << fmt::format("states {}, transitions {}, depth reached {}, invariant checks {}, leaves {} ({} halted)\n",
                           r.states, r.transitions, r.depth_reached, r.checks, r.leaves, r.halted)
            << fmt::format("{:.2f}s, {:.0f} states/s on {} worker thread(s), peak memory {:.0f} MB: {:.2f} KB per stored state over the "
                           "{:.0f} MB at start; {} steps replayed (a stored state is its path, replayed to be expanded or compared)\n",
                           r.seconds, rate, jobs, harness::peak_resident_mb(),
                           r.states > 0 ? (harness::peak_resident_mb() - baseline_mb) * 1024.0 / static_cast<double>(r.states) : 0.0,
                           baseline_mb, r.replayed)
            << (r.exhausted ? "exhausted: yes (no state cut by the depth bound or the state budget)\n"
                            : "exhausted: NO\n");
}

// Writes the counterexample into `dir`; the path, or empty (named on stderr) when it fails.
std::string write(const harness::Counterexample& c, const std::string& dir, const std::string& name) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::string path = (std::filesystem::path(dir) / fmt::format("{}.replay.json", name)).string();
  write_text_file(path, harness::counterexample_to_json(c).dump(2) + "\n");
  return path;
}

void run(const Args& args) {
  std::optional<ScopedMutant> mutant;
  if (!args.mutant.empty()) {
    if (!kMutantsBuilt) {
      std::cerr << fmt::format("dunecheck explore: --mutant '{}': {}\n", args.mutant, harness::kNoMutantsMessage);
      throw CLI::RuntimeError(2);
    }
    const auto m = harness::find_mutant(args.mutant);
    if (!m) {
      std::cerr << fmt::format("dunecheck explore: no mutant named '{}' (see `dunecheck mutants`)\n", args.mutant);
      throw CLI::RuntimeError(2);
    }
    mutant.emplace(m->id);
    std::cout << "mutant " << m->name << " active\n";
  }
  const double baseline_mb = harness::peak_resident_mb();
  const int jobs = jobs_or_every_core(args.jobs);
  const auto clock = std::chrono::steady_clock::now();
  proofs::ExploreLimits limits{args.depth, args.max_states, jobs, {}};
  limits.on_level = [&](int depth, std::uint64_t states, std::uint64_t transitions) {  // progress, on stderr
    std::cerr << fmt::format("  depth {} done: {} states, {} transitions, {:.0f} s\n", depth, states, transitions,
                             std::chrono::duration<double>(std::chrono::steady_clock::now() - clock).count());
  };
  auto result = proofs::explore(args.scope, limits, args.exclude);
  if (auto* e = std::get_if<std::string>(&result)) {
    std::cerr << "dunecheck explore: " << *e << "\n";
    throw CLI::RuntimeError(2);
  }
  const auto& r = std::get<proofs::ExploreResult>(result);
  print(r, baseline_mb, jobs);
  if (!r.violation) {
    std::cout << "all invariants hold\n";
    return;
  }
  const harness::Found& f = *r.violation;
  std::cout << fmt::format("VIOLATION at step {} (after {} decisions): {} (checker {}): {}\n", f.step, f.decisions,
                           f.violation.invariant, f.checker, f.violation.message);
  if (r.counterexample) {
    const harness::Counterexample& c = *r.counterexample;
    const std::string path = write(c, args.out, fmt::format("explore-{}", r.scope));
    std::cout << fmt::format("shortest counterexample: {} choices, {} chance outcomes\nreplay it: dunecheck replay {}\n",
                             c.choices.size(), c.chance.size(), path);
  }
  throw CLI::RuntimeError(1);
}

}  // namespace

void add_explore_command(CLI::App& app) {
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("explore", "Bounded exhaustive exploration of a named scope (every invariant: the state checks once per distinct state, the others on every transition)");
  cmd->add_option("--scope", args->scope, "The scope (without: list the scopes)");
  cmd->add_option("--depth", args->depth, "Depth bound (default: the scope's)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-states", args->max_states, "State budget (default: the scope's)")
      ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1'000'000'000}));
  cmd->add_option("--jobs", args->jobs, "Worker threads (default: every core); the result does not depend on it")
      ->check(CLI::Range(1, 256));
  cmd->add_option("--out", args->out, "Directory for the counterexample file (default: .)");
  cmd->add_option("--mutant", args->mutant, "Explore with this mutant of the catalogue active");
  cmd->add_option("--exclude", args->exclude, "Checkers to switch off by name (e.g. a known gap a mutant's control shows)");
  cmd->callback([args] {
    if (args->scope.empty()) {
      list_scopes();
      return;
    }
    run(*args);
  });
}

}  // namespace dune::cli

#include "harness/mutant_run.h"

#include <chrono>

#include "model/options.h"

namespace dune::harness {

GameSpec mutant_spec(const MutantInfo& mutant, std::uint64_t seed) {
  const MutantSetup& setup = mutant.setup;
  const bool nexus = mutant.name.starts_with("nexus-");
  std::vector<Faction> factions;
  for (std::size_t i = 0; i < kBaseFactions.size(); ++i) {
    if ((setup.factions >> i) & 1U) factions.push_back(kBaseFactions[i]);
  }
  Options options = setup.advanced ? Options::advanced(factions) : Options::basic(factions);
  options.turn_limit = setup.turns;
  if (nexus) options.nexus = NexusModuleMode::Audit;
  GameSpec spec = generators::uniform_spec(std::move(options), seed);
  // Aggressive bots on every other game reach battles, strongholds and high bids sooner.
  if (seed % 2 == 1) spec.bots.assign(spec.bots.size(), generators::BotProfile::Aggressive);
  if (nexus) spec.bots.assign(spec.bots.size(), seed % 2 == 1 ? generators::BotProfile::NexusEager : generators::BotProfile::AllyEager);
  return spec;
}

std::string family_of(std::string_view checker) {
  for (const invariants::Checker& c : invariants::all_checkers()) {
    if (c.name == checker) return std::string(c.family);
  }
  return {};
}

namespace {

// The control: the same game on the unmutated engine fails at or before `step` with these checkers.
std::optional<Found> control_failure(const GameSpec& spec, const RunConfig& config, int step) {
  const ScopedMutant none(Mutant::None);
  RunResult control = run_game(spec, config);
  if (control.violation && control.violation->step <= step) return control.violation;
  return std::nullopt;
}

}  // namespace

MutantOutcome run_mutant(const MutantInfo& mutant, const MutantRunOptions& options) {
  MutantOutcome out;
  out.info = mutant;
  if (!mutant.pending.empty()) return out;
  const ScopedMutant active(mutant.id);
  const auto start = std::chrono::steady_clock::now();
  std::vector<invariants::Checker> checkers(invariants::all_checkers().begin(), invariants::all_checkers().end());
  const int games = options.games > 0 ? options.games : mutant.setup.games;
  for (int g = 0; g < games && !out.killed; ++g) {
    out.spec = mutant_spec(mutant, options.seed + static_cast<std::uint64_t>(g));
    out.spec.max_decisions = options.max_decisions;
    RunConfig config;
    config.checkers = checkers;
    RunResult run = run_game(out.spec, config);
    out.games = g + 1;
    if (!run.violation) continue;
    if (const auto control = control_failure(out.spec, config, run.violation->step)) {
      out.excluded.push_back(control->checker);
      std::erase_if(checkers, [&](const invariants::Checker& c) { return c.name == control->checker; });
      --g;  // the same game again, without the checker the control trips
      continue;
    }
    out.killed = true;
    out.found = run.violation;
    out.family = family_of(run.violation->checker);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.shrink) {
      ShrinkOptions shrink_options;
      shrink_options.budget = options.shrink_budget;
      shrink_options.checkers = checkers;
      out.shrunk_size = shrink(out.spec, run.choices, *run.violation, shrink_options).choices.size();
    }
  }
  if (!out.killed) out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace dune::harness

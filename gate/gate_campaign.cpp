#include "gate/gate_campaign.h"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <thread>

#include "engine/json_io.h"
#include "engine/nexus/family.h"
#include "gate/gate_plan.h"
#include "generators/random_player.h"
#include "harness/mutant_run.h"
#include "harness/peak_memory.h"
#include "harness/replay_file.h"
#include "harness/runner.h"
#include "harness/shrink.h"
#include "model/nexus_registry.h"
#include "proofs/explorer.h"

namespace dune::gate {
namespace {

using Clock = std::chrono::steady_clock;

// The runner's own finding (a listed command rejected, no legal command) is a failure like any
// invariant's, tallied under this name so the report shows it was checked on every game.
constexpr std::string_view kProgressCheck = "engine.progress";

std::string mutant_name(Mutant m) {
  for (const harness::MutantInfo& info : harness::mutant_catalogue()) {
    if (info.id == m) return std::string(info.name);
  }
  return "";
}

std::string file_stem(Faction family, std::uint64_t game) {
  std::string name(to_string(family));
  std::erase(name, ' ');
  return fmt::format("{}-game{}", name, game);
}

// Writes the replay file; returns its path, or the path and why it could not be written.
std::string write_replay(const GateOptions& o, const harness::Counterexample& c, const std::string& stem) {
  const std::filesystem::path dir = std::filesystem::path(o.out_dir.empty() ? "." : o.out_dir) / "counterexamples";
  const std::string path = (dir / (stem + ".replay.json")).string();
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  std::ofstream out(path, std::ios::binary);
  out << harness::counterexample_to_json(c).dump(2) << "\n";
  return out ? path : path + " (could not be written)";
}

reports::Counterexample shrunk_counterexample(const GateOptions& o, Faction family, std::uint64_t game,
                                              const generators::GameSpec& spec, const harness::RunResult& run) {
  const harness::Found& found = *run.violation;
  harness::ShrinkOptions shrink_options;
  shrink_options.budget = o.shrink_budget;
  const harness::ShrinkResult s = harness::shrink(spec, run.choices, found, shrink_options);
  harness::Counterexample file;
  file.spec = s.spec;
  file.choices = s.choices;
  file.violation = s.violation;
  file.note = fmt::format("dunecheck gate --family {} --seed {}: game {}, shrunk from {} to {} decisions, {} not the default "
                          "({} candidates, {} cached, {:.1f} s{})",
                          json_io::name_of(family), o.seed, game, s.original_size, s.choices.size(),
                          harness::non_default_decisions(s.choices), s.candidates, s.cache_hits, s.seconds,
                          s.timed_out ? ", budget reached" : "");
  file.mutant = mutant_name(o.mutant);
  reports::Counterexample c;
  c.invariant = s.violation.checker;
  c.invariant_family = harness::family_of(s.violation.checker);
  c.message = s.violation.violation.message;
  c.game = game;
  c.step = s.violation.step;
  c.shrunk_decisions = static_cast<int>(s.choices.size());
  c.non_default_decisions = static_cast<int>(harness::non_default_decisions(s.choices));
  c.original_decisions = static_cast<int>(s.original_size);
  c.shrink_seconds = s.seconds;
  c.setup = generators::to_string(s.spec);
  c.replay_file = write_replay(o, file, file_stem(family, game));
  c.trace = harness::story_of(file);  // as `dunecheck replay` tells it
  return c;
}

reports::Counterexample stuck_counterexample(const GateOptions& o, Faction family, std::uint64_t game,
                                             const generators::GameSpec& spec, const harness::RunResult& run) {
  harness::Counterexample file;
  file.spec = spec;
  file.choices = run.choices;
  file.note = fmt::format("dunecheck gate --family {} --seed {}: game {}: {}", json_io::name_of(family), o.seed, game, run.engine_bug);
  file.mutant = mutant_name(o.mutant);
  reports::Counterexample c;
  c.invariant = std::string(kProgressCheck);
  c.invariant_family = "protocol";
  c.message = run.engine_bug;
  c.game = game;
  c.step = run.steps;
  c.shrunk_decisions = static_cast<int>(run.choices.size());
  c.non_default_decisions = static_cast<int>(harness::non_default_decisions(run.choices));
  c.original_decisions = c.shrunk_decisions;  // a game that stopped is not shrunk
  c.setup = generators::to_string(spec);
  c.replay_file = write_replay(o, file, file_stem(family, game));
  c.trace = {fmt::format("the game stopped after {} decisions: {}", run.decisions, run.engine_bug)};
  return c;
}

// A failed game's counterexample: its first violation shrunk, or the game the engine stopped
// (not shrunk); none when the game passed.
std::optional<reports::Counterexample> counterexample_of(const GateOptions& o, Faction family, std::uint64_t game,
                                                         const generators::GameSpec& spec, const harness::RunResult& run) {
  if (run.violation) return shrunk_counterexample(o, family, game, spec, run);
  if (!run.engine_bug.empty()) return stuck_counterexample(o, family, game, spec, run);
  return std::nullopt;
}

// One bounded scope, explored to its own default bounds.
reports::BoundedProof prove(const GateOptions& o, std::string_view scope) {
  const ScopedMutant mutant(o.mutant);
  reports::BoundedProof p;
  p.scope = std::string(scope);
  auto explored = proofs::explore(scope);
  if (auto* error = std::get_if<std::string>(&explored)) {
    p.violation = "the scope could not be staged: " + *error;
    return p;
  }
  const proofs::ExploreResult& e = std::get<proofs::ExploreResult>(explored);
  p.states = e.states;
  p.transitions = e.transitions;
  p.checks = e.checks;
  p.depth = e.depth_reached;
  p.exhausted = e.exhausted;
  if (e.violation) {
    p.violation = fmt::format("{}: {}", e.violation->checker, e.violation->violation.message);
    p.shortest = e.violation->step + 1;
  }
  if (e.counterexample) {
    harness::Counterexample file = *e.counterexample;
    file.mutant = mutant_name(o.mutant);
    std::string stem = "proof-" + p.scope;
    std::ranges::replace(stem, '/', '-');
    p.replay_file = write_replay(o, file, stem);
  }
  return p;
}

// The family's bounded scopes, each on a thread of its own: beside the games they share the
// cores, and once the games are done the longest scopes still use every core. Each result lands
// at its scope's position, so the outcome does not depend on the scheduling.
std::vector<reports::BoundedProof> run_proofs(const GateOptions& o, Faction family) {
  const std::vector<std::string_view> scopes = proofs::scopes_for_family(family);
  std::vector<reports::BoundedProof> out(scopes.size());
  {
    std::vector<std::jthread> threads;
    for (std::size_t i = 0; i < scopes.size(); ++i) threads.emplace_back([&, i] { out[i] = prove(o, scopes[i]); });
  }  // joins
  return out;
}

// The oracles' cases of one game per kind of step: every kind, and per kind every oracle that
// decided or skipped one of its steps.
std::vector<reports::OracleRow> oracle_rows(const invariants::OracleCoverage& c) {
  std::vector<reports::OracleRow> out;
  const auto names = invariants::oracle_names();
  for (std::size_t k = 0; k < invariants::step_kind_count(); ++k) {
    reports::OracleRow row{std::string(invariants::step_kind_name(k)), invariants::step_kind_is_chance(k), c.steps(k), {}};
    for (std::size_t o = 0; o < names.size(); ++o) {
      if (c.decided(o, k) + c.skipped(o, k) > 0) row.oracles.push_back({std::string(names[o]), c.decided(o, k), c.skipped(o, k)});
    }
    out.push_back(std::move(row));
  }
  return out;
}

reports::GameRecord play(const GateOptions& o, Faction family, const std::vector<CoverageRule>& rules, std::uint64_t game) {
  const PlannedGame plan = plan_game(family, o.seed, game);
  reports::GameRecord record;
  record.game = game;
  record.setup = plan.setup;
  for (const CoverageRule& rule : rules) record.coverage[rule.what] = 0;
  harness::RunConfig config;
  config.on_step = [&](const invariants::Transition& t) {
    for (const CoverageRule& rule : rules) {
      if (const std::uint64_t n = rule.hits(t, family)) record.coverage[rule.what] += n;
    }
  };
  const harness::RunResult run = harness::run_game(plan.spec, config);
  record.steps = static_cast<std::uint64_t>(run.steps);
  record.oracles = oracle_rows(run.oracle_coverage);
  const auto checkers = invariants::all_checkers();
  for (std::size_t i = 0; i < checkers.size(); ++i) {
    const bool failed = run.violation && run.violation->checker == checkers[i].name;
    record.checks.push_back({std::string(checkers[i].name), std::string(checkers[i].family), run.check_counts[i], failed ? 1U : 0U});
  }
  const bool stuck = !run.violation && !run.engine_bug.empty();
  record.checks.push_back({std::string(kProgressCheck), "protocol", 1, stuck ? 1U : 0U});
  if (auto c = counterexample_of(o, family, game, plan.spec, run)) record.counterexamples.push_back(std::move(*c));
  return record;
}

// This shard's games of one family, on `jobs` threads; records land by position, so the result
// does not depend on the scheduling.
void run_family(const GateOptions& o, reports::FamilyResult& f, Clock::time_point deadline, Progress& progress,
                const ProgressSink& sink) {
  const std::vector<CoverageRule> rules = coverage_rules(f.family, o.games);
  for (const CoverageRule& rule : rules) reports::declare_coverage(f, rule.kind, rule.what, rule.required, rule.suggestion, rule.mode);
  // The card's panels as the registry and the family's file have them (the report's panel table).
  const NexusFamily* registered = find_nexus_family(f.family);
  for (const NexusPanelInfo& p : kNexusPanels) {
    if (p.card != f.family) continue;
    const PanelStatus status = panel_status(p);
    const bool available = status.kind != StatusKind::Unavailable;
    std::string edges(status.reason);  // unavailable: why
    if (registered && available) edges = std::string(registered->panels[index(p.mode)].not_offered);
    f.panels.push_back({p.mode, status.kind, std::move(edges), available ? std::string(status.reason) : ""});
  }
  std::vector<std::uint64_t> games;
  for (std::uint64_t g = static_cast<std::uint64_t>(o.shard.index); g < o.games; g += static_cast<std::uint64_t>(o.shard.count)) {
    games.push_back(g);
  }
  std::vector<std::optional<reports::GameRecord>> records(games.size());
  std::atomic<std::size_t> next{0};
  std::mutex report_mutex;
  const auto start = Clock::now();
  const auto worker = [&] {
    const ScopedMutant mutant(o.mutant);
    for (std::size_t i = next++; i < games.size(); i = next++) {
      if (o.time_budget.count() > 0 && Clock::now() >= deadline) return;
      records[i] = play(o, f.family, rules, games[i]);
      const std::scoped_lock lock(report_mutex);
      progress.done += 1;
      progress.violations += records[i]->counterexamples.size();
      progress.seconds = std::chrono::duration<double>(Clock::now() - start).count();
      if (sink) sink(progress);
    }
  };
  std::vector<std::jthread> pool;
  for (int j = 1; j < std::max(1, o.jobs); ++j) pool.emplace_back(worker);
  worker();
  pool.clear();  // joins
  for (const auto& r : records) {
    if (r) reports::add_game(f, *r);
  }
}

}  // namespace

FirstCounterexample first_counterexample(const GateOptions& o, Faction family, std::uint64_t max_games) {
  FirstCounterexample out;
  const ScopedMutant mutant(o.mutant);
  const auto start = Clock::now();
  for (std::uint64_t game = 0; game < max_games; ++game) {
    const PlannedGame plan = plan_game(family, o.seed, game);
    const harness::RunResult run = harness::run_game(plan.spec);
    out.games = game + 1;
    if (!run.violation && run.engine_bug.empty()) continue;
    out.seconds_to_failure = std::chrono::duration<double>(Clock::now() - start).count();
    out.counterexample = counterexample_of(o, family, game, plan.spec, run);
    break;
  }
  return out;
}

reports::CampaignResult run_campaign(const GateOptions& o, const ProgressSink& sink) {
  reports::CampaignResult r;
  r.params.seed = o.seed;
  r.params.games = o.games;
  r.params.time_budget_seconds = static_cast<std::uint64_t>(o.time_budget.count());
  r.params.shard_count = o.shard.count;
  r.params.shards = {o.shard.index};
  for (Faction family : kAllFactions) {
    const FamilyStatus s = family_status(family);
    r.module.push_back({family, s.kind, std::string(s.reason), std::string(s.digest)});
  }
  const auto start = Clock::now();
  const auto deadline = start + o.time_budget;
  Progress progress;
  double proof_seconds = 0;
  std::uint64_t proof_states = 0;
  for (Faction family : o.families) {
    const FamilyStatus s = family_status(family);
    if (s.kind == StatusKind::Unavailable) {
      reports::add_family(r, family, std::string(s.reason));
      continue;
    }
    progress.planned += (o.games + static_cast<std::uint64_t>(o.shard.count - 1 - o.shard.index)) / static_cast<std::uint64_t>(o.shard.count);
  }
  for (Faction family : o.families) {
    if (family_status(family).kind == StatusKind::Unavailable) continue;
    progress.family = std::string(to_string(family));
    reports::FamilyResult& f = reports::add_family(r, family);
    // The bounded proofs explore beside the games (a thread per scope, run_proofs): their longest
    // scope takes about as long as the games on a small machine.
    std::vector<reports::BoundedProof> proofs;
    std::jthread explorer;
    if (o.proofs && o.shard.index == 0) {
      explorer = std::jthread([&] {
        const auto proofs_start = Clock::now();
        proofs = run_proofs(o, family);
        proof_seconds += std::chrono::duration<double>(Clock::now() - proofs_start).count();
      });
    }
    run_family(o, f, deadline, progress, sink);
    if (explorer.joinable()) {
      progress.family += ": the games are done, the bounded proofs still run";
      if (sink) sink(progress);
      explorer.join();
    }
    for (const reports::BoundedProof& p : proofs) proof_states += p.states;
    f.proofs = std::move(proofs);
  }
  const double wall = std::chrono::duration<double>(Clock::now() - start).count();
  r.timing.wall_seconds = wall;
  r.timing.games_per_second = wall > 0 ? static_cast<double>(progress.done) / wall : 0;
  r.timing.states_per_second = proof_seconds > 0 ? static_cast<double>(proof_states) / proof_seconds : 0;
  r.timing.peak_memory_mb = harness::peak_resident_mb();
  reports::finalise(r);
  return r;
}

}  // namespace dune::gate

// `dunecheck bench`: the Google Benchmark suite (speed targets live here, never in timed tests).
// Extra arguments go to Google Benchmark, e.g. --benchmark_filter=RandomGame.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <ctime>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "gate/gate_campaign.h"
#include "gate/gate_plan.h"
#include "generators/random_player.h"
#include "harness/mutant_run.h"
#include "harness/planted.h"
#include "harness/shrink.h"
#include "invariants/noninterference.h"
#include "tools/commands.h"

namespace dune::cli {
namespace {

// A state from the middle of a 6-seat Advanced random game (seed 17, after 1000 decisions).
GameState mid_game_state() {
  return generators::play_random_game(Options::advanced(kBaseFactions), 17, 1000).final_state;
}

// CPU seconds per copy of `state`, timed here so that a benchmark can print its ratio to the floor
// in the same run (issue 19: one GameState copy per decision is the floor of any engine step).
double seconds_per_copy(const GameState& state) {
  constexpr int kCopies = 20000;
  const std::clock_t start = std::clock();
  for (int i = 0; i < kCopies; ++i) {
    GameState copy = state;
    benchmark::DoNotOptimize(copy.version);
  }
  return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / kCopies;
}

// The floor: one GameState copy (mid-game, with its shared histories).
void BM_StateCopy(benchmark::State& bench) {
  const GameState state = mid_game_state();
  for (auto _ : bench) {
    GameState copy = state;
    benchmark::DoNotOptimize(copy.version);
  }
  bench.counters["copies/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_StateCopy)->Unit(benchmark::kMicrosecond)->MinTime(1.0);

// Full random games, 6 seats, Advanced, no invariant checks: games per second, the median number
// of decisions per game (issue "Engine II" baseline), and x_floor: the CPU time per decision over
// the time of one state copy, measured in the same run.
void BM_RandomGame(benchmark::State& bench) {
  std::uint64_t seed = 1;
  std::vector<int> decisions;
  std::int64_t finished = 0, total_decisions = 0;
  const std::clock_t start = std::clock();
  for (auto _ : bench) {
    const auto game = generators::play_random_game(Options::advanced(kBaseFactions), seed++);
    decisions.push_back(game.decisions);
    total_decisions += game.decisions;
    finished += game.final_state.step == Step::GameOver ? 1 : 0;
    benchmark::DoNotOptimize(game.final_state.version);
  }
  const double per_decision = static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC / static_cast<double>(total_decisions);
  std::nth_element(decisions.begin(), decisions.begin() + static_cast<std::ptrdiff_t>(decisions.size() / 2), decisions.end());
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["median_decisions"] = decisions[decisions.size() / 2];
  bench.counters["us/decision"] = per_decision * 1e6;
  bench.counters["x_floor"] = per_decision / seconds_per_copy(mid_game_state());
  bench.counters["finished_share"] = static_cast<double>(finished) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMillisecond)->MinTime(3.0);

// Generated games through the property harness (issue 7 item 7): 6 uniform seats, Advanced, run
// with no checks, with every checker, or with every checker but noninterference.
enum class Checks { None, All, AllButNoninterference };

void generated_games(benchmark::State& bench, Checks checks) {
  std::uint64_t seed = 1;
  std::uint64_t steps = 0, checks_made = 0;
  harness::RunConfig config;
  config.check = checks != Checks::None;
  config.check_options.noninterference = checks != Checks::AllButNoninterference;
  for (auto _ : bench) {
    const harness::RunResult r = harness::run_game(generators::uniform_spec(Options::advanced(kBaseFactions), seed++), config);
    steps += static_cast<std::uint64_t>(r.steps);
    for (std::uint64_t n : r.check_counts) checks_made += n;
    if (r.violation) bench.SkipWithError(("violation: " + r.violation->violation.invariant).c_str());
    benchmark::DoNotOptimize(r.final_state.version);
  }
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["steps/s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
  bench.counters["checks/s"] = benchmark::Counter(static_cast<double>(checks_made), benchmark::Counter::kIsRate);
}
BENCHMARK_CAPTURE(generated_games, no_checks, Checks::None)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK_CAPTURE(generated_games, all_checks, Checks::All)->Unit(benchmark::kMillisecond)->MinTime(3.0);
BENCHMARK_CAPTURE(generated_games, all_but_noninterference, Checks::AllButNoninterference)
    ->Unit(benchmark::kMillisecond)->MinTime(3.0);

// Time to the first failure and shrink time / final size for the planted fault (a bid above 5
// accepted; harness/planted.h) over tables of aggressive bidders, one seed per iteration.
void BM_ShrinkPlantedFault(benchmark::State& bench) {
  std::uint64_t seed = 1;
  std::vector<double> sizes, shrink_seconds, first_failure_seconds;
  int candidates = 0;
  for (auto _ : bench) {
    generators::GameSpec spec = generators::uniform_spec(Options::advanced(kBaseFactions), seed++, 2000);
    spec.bots.assign(spec.bots.size(), generators::BotProfile::Aggressive);
    harness::RunConfig config;
    config.checkers = harness::planted_big_bid();
    const auto start = std::chrono::steady_clock::now();
    const harness::RunResult r = harness::run_game(spec, config);
    first_failure_seconds.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
    if (!r.violation) continue;
    harness::ShrinkOptions options;
    options.checkers = harness::planted_big_bid();
    const harness::ShrinkResult s = harness::shrink(spec, r.choices, *r.violation, options);
    sizes.push_back(static_cast<double>(s.choices.size()));
    shrink_seconds.push_back(s.seconds);
    candidates += s.candidates;
  }
  auto median = [](std::vector<double> v) {
    if (v.empty()) return 0.0;
    std::nth_element(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(v.size() / 2), v.end());
    return v[v.size() / 2];
  };
  bench.counters["median_first_failure_s"] = median(first_failure_seconds);
  bench.counters["median_shrink_s"] = median(shrink_seconds);
  bench.counters["median_shrunk_decisions"] = median(sizes);
  bench.counters["max_shrunk_decisions"] = sizes.empty() ? 0.0 : *std::max_element(sizes.begin(), sizes.end());
  bench.counters["candidates/shrink"] = sizes.empty() ? 0.0 : candidates / static_cast<double>(sizes.size());
}
BENCHMARK(BM_ShrinkPlantedFault)->Unit(benchmark::kMillisecond)->Iterations(10);

// Noninterference checks per second: one check = one observer's twin compared on views, pending
// set, legal commands, ~200 probe rejections and the same next step (invariants/noninterference.h),
// over states sampled from a 6-seat Advanced random game.
void BM_NoninterferenceCheck(benchmark::State& bench) {
  std::vector<GameState> states;
  int step = 0;
  generators::play_random_game(Options::advanced(kBaseFactions), 17, 600, [&](const GameState&, const LogEntry&, const GameState& after) {
    if (step++ % 10 == 0) states.push_back(after);
  });
  std::size_t i = 0;
  for (auto _ : bench) {
    const GameState& s = states[i % states.size()];
    const std::uint8_t o = static_cast<std::uint8_t>(i % (s.seat_count() + 1));
    const auto v = invariants::check_noninterference(s, o < s.seat_count() ? invariants::Observer{Seat{o}} : std::nullopt, i);
    benchmark::DoNotOptimize(v.size());
    ++i;
  }
  bench.counters["checks/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
}
BENCHMARK(BM_NoninterferenceCheck)->Unit(benchmark::kMillisecond)->MinTime(3.0);

// Shrink time and final size per mutant (issue 7 item 7): the mutant's own games with every checker
// (harness/mutant_run.h), the first counterexample shrunk. One run each; `--benchmark_filter=Mutant/`
// selects them all, `Mutant/<name>$` one. A survivor reports killed 0 and the time spent in vain.
void mutant_shrink(benchmark::State& bench, const harness::MutantInfo& mutant) {
  harness::MutantOutcome outcome;
  double total_seconds = 0;
  for (auto _ : bench) {
    harness::MutantRunOptions options;
    options.shrink = true;
    const auto start = std::chrono::steady_clock::now();
    outcome = harness::run_mutant(mutant, options);
    total_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  bench.counters["killed"] = outcome.killed ? 1 : 0;
  bench.counters["games"] = outcome.games;
  bench.counters["time_to_failure_s"] = outcome.seconds;
  // run_mutant shrinks right after it stamps the time to failure, so the rest is the shrink.
  bench.counters["shrink_s"] = outcome.killed ? total_seconds - outcome.seconds : 0.0;
  bench.counters["shrunk_decisions"] = static_cast<double>(outcome.shrunk_size.value_or(0));
  bench.SetLabel(outcome.found ? outcome.found->checker : "survived");
}

// What a user of the gate meets (issue 23 item 5): per mutant of the catalogue, the first
// counterexample of `dunecheck gate --family F --mutant M` at its default shrink budget (F:
// harness::gate_family, the family that lists the mutant, else the Ixians' or the Tleilaxu's when
// its setup seats them, else the first registered one), and its shrunk size and shrink
// time. `--benchmark_filter=GateShrink/` runs them all and then GateShrink/catalogue, which
// reports the median and worst over the mutants run before it in the same process.
struct GateShrinkSample {
  double total = 0, non_default = 0, seconds = 0;
};
std::vector<GateShrinkSample>& gate_shrink_samples() {
  static std::vector<GateShrinkSample> samples;
  return samples;
}
int& gate_shrink_not_found() {
  static int not_found = 0;
  return not_found;
}

void gate_shrink(benchmark::State& bench, const harness::MutantInfo& mutant) {
  gate::FirstCounterexample first;
  for (auto _ : bench) {
    gate::GateOptions options;
    options.mutant = mutant.id;
    options.out_dir = (std::filesystem::temp_directory_path() / "dunecheck-bench-gate-shrink").string();
    first = gate::first_counterexample(options, harness::gate_family(mutant), gate::kDefaultGames);
  }
  const std::optional<reports::Counterexample>& c = first.counterexample;
  bench.counters["found"] = c ? 1 : 0;
  bench.counters["games"] = static_cast<double>(first.games);
  bench.counters["time_to_failure_s"] = first.seconds_to_failure;
  if (!c) {
    bench.SetLabel("not found");
    gate_shrink_not_found() += 1;
    return;
  }
  bench.counters["original"] = c->original_decisions;
  bench.counters["total"] = c->shrunk_decisions;
  bench.counters["non_default"] = c->non_default_decisions;
  bench.counters["shrink_s"] = c->shrink_seconds;
  bench.SetLabel(c->invariant);
  gate_shrink_samples().push_back({static_cast<double>(c->shrunk_decisions), static_cast<double>(c->non_default_decisions),
                                   c->shrink_seconds});
}

void gate_shrink_catalogue(benchmark::State& bench) {
  for (auto _ : bench) benchmark::DoNotOptimize(gate_shrink_samples().size());
  const auto& samples = gate_shrink_samples();
  auto column = [&](double GateShrinkSample::*field) {
    std::vector<double> v;
    for (const GateShrinkSample& s : samples) v.push_back(s.*field);
    std::sort(v.begin(), v.end());
    return v;
  };
  auto median = [](const std::vector<double>& v) { return v.empty() ? 0.0 : (v[(v.size() - 1) / 2] + v[v.size() / 2]) / 2; };
  auto worst = [](const std::vector<double>& v) { return v.empty() ? 0.0 : v.back(); };
  const auto total = column(&GateShrinkSample::total), non_default = column(&GateShrinkSample::non_default),
             seconds = column(&GateShrinkSample::seconds);
  bench.counters["mutants"] = static_cast<double>(samples.size());
  bench.counters["not_found"] = gate_shrink_not_found();
  // Issue 23's bar: the worst within 3x the median.
  bench.counters["worst_over_median_total"] = median(total) > 0 ? worst(total) / median(total) : 0.0;
  bench.counters["worst_over_median_non_default"] = median(non_default) > 0 ? worst(non_default) / median(non_default) : 0.0;
  bench.counters["median_total"] = median(total);
  bench.counters["worst_total"] = worst(total);
  bench.counters["median_non_default"] = median(non_default);
  bench.counters["worst_non_default"] = worst(non_default);
  bench.counters["median_shrink_s"] = median(seconds);
  bench.counters["worst_shrink_s"] = worst(seconds);
}

// A build without mutants (the release preset) registers none.
void register_mutant_benchmarks() {
  if (!kMutantsBuilt) return;
  for (const harness::MutantInfo& mutant : harness::mutant_catalogue()) {
    benchmark::RegisterBenchmark(("Mutant/" + std::string(mutant.name)).c_str(), mutant_shrink, mutant)
        ->Unit(benchmark::kSecond)
        ->Iterations(1);
  }
  for (const harness::MutantInfo& mutant : harness::mutant_catalogue()) {
    benchmark::RegisterBenchmark(("GateShrink/" + std::string(mutant.name)).c_str(), gate_shrink, mutant)
        ->Unit(benchmark::kSecond)
        ->Iterations(1);
  }
  benchmark::RegisterBenchmark("GateShrink/catalogue", gate_shrink_catalogue)->Iterations(1);
}

}  // namespace

void add_bench_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("bench", "Run the benchmarks (Google Benchmark; extra flags are passed on)");
  cmd->allow_extras();
  cmd->callback([cmd] {
    std::vector<std::string> extras = cmd->remaining();
    std::vector<char*> argv;
    std::string name = "dunecheck bench";
    argv.push_back(name.data());
    for (std::string& e : extras) argv.push_back(e.data());
    int argc = static_cast<int>(argv.size());
    register_mutant_benchmarks();
    benchmark::Initialize(&argc, argv.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  });
}

}  // namespace dune::cli

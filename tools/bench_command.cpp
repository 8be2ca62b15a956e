// `dunecheck bench`: the Google Benchmark suite (speed targets live here, never in timed tests).
// Extra arguments go to Google Benchmark, e.g. --benchmark_filter=RandomGame.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "generators/random_player.h"
#include "tools/commands.h"

namespace dune::cli {
namespace {

// Full random games, 6 seats, Advanced, no invariant checks: games per second, and the median
// number of decisions per game (issue "Engine II" baseline).
void BM_RandomGame(benchmark::State& bench) {
  std::uint64_t seed = 1;
  std::vector<int> decisions;
  std::int64_t finished = 0;
  for (auto _ : bench) {
    const auto game = generators::play_random_game(Options::advanced(kBaseFactions), seed++);
    decisions.push_back(game.decisions);
    finished += game.final_state.step == Step::GameOver ? 1 : 0;
    benchmark::DoNotOptimize(game.final_state.version);
  }
  std::nth_element(decisions.begin(), decisions.begin() + static_cast<std::ptrdiff_t>(decisions.size() / 2), decisions.end());
  bench.counters["games/s"] = benchmark::Counter(static_cast<double>(bench.iterations()), benchmark::Counter::kIsRate);
  bench.counters["median_decisions"] = decisions[decisions.size() / 2];
  bench.counters["finished_share"] = static_cast<double>(finished) / static_cast<double>(bench.iterations());
}
BENCHMARK(BM_RandomGame)->Unit(benchmark::kMillisecond)->MinTime(3.0);

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
    benchmark::Initialize(&argc, argv.data());
    benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
  });
}

}  // namespace dune::cli

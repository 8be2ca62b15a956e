// Fixed games seating the Tleilaxu with Advanced Gholas (docs/rules/tleilaxu.md §5.2; one source,
// [TO] Rule.PurpleGholas): every checker holds on every step, the Tleilaxu revive other factions'
// leaders as their own, and those gholas go on to fight and die as the Tleilaxu's.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <variant>
#include <vector>

#include "generators/game_spec.h"
#include "harness/runner.h"

namespace dune {
namespace {

// Eight turns of the Tleilaxu, the Harkonnen, the Atreides and the Emperor, Advanced (so Gholas),
// every bot aggressive, so leaders die in battles early and the Tleilaxu lose some of theirs.
generators::GameSpec aggressive_tleilaxu_game(std::uint64_t seed) {
  Options options = Options::advanced({Faction::Tleilaxu, Faction::Harkonnen, Faction::Atreides, Faction::Emperor});
  options.turn_limit = 8;
  generators::GameSpec spec = generators::uniform_spec(std::move(options), seed, 4000);
  spec.bots.assign(spec.bots.size(), generators::BotProfile::Aggressive);
  return spec;
}

TEST(TleilaxuGames, TheTleilaxuReviveGholasAndFightWithThem) {
  int revived = 0, fought = 0, died = 0;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    harness::RunConfig config;
    config.on_step = [&](const invariants::Transition& t) {
      for (std::size_t l = 0; l < kLeaderCount; ++l) {
        const LeaderState& was = t.before.leaders[l];
        const LeaderState& is = t.after.leaders[l];
        revived += !was.ghola && is.ghola;
        fought += is.ghola && !was.fought_this_phase && is.fought_this_phase;
        died += was.ghola && was.where == LeaderLocation::Available && is.where != LeaderLocation::Available &&
                is.where != LeaderLocation::Captured;
      }
    };
    const harness::RunResult r = harness::run_game(aggressive_tleilaxu_game(seed), config);
    ASSERT_FALSE(r.violation) << r.violation->violation.invariant << ": " << r.violation->violation.message << " (step "
                              << r.violation->step << ", seed " << seed << ")";
    EXPECT_EQ(r.engine_bug, std::string()) << "seed " << seed;
  }
  // Measured: 7 gholas revived, 3 battles fought by one, 2 of them killed again.
  EXPECT_GT(revived, 0) << "no game revived a ghola";
  EXPECT_GT(fought, 0) << "no ghola fought for the Tleilaxu";
  EXPECT_GT(died, 0) << "no ghola died again: oracle.ghola never saw one stay the Tleilaxu's in the Tanks";
  std::printf("%d gholas revived, %d battles fought by one, %d died again\n", revived, fought, died);
}

}  // namespace
}  // namespace dune

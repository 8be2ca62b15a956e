// Every command kind and every chance kind is reached by random legal games (issue 16,
// acceptance): a fixed table of seeded games, Basic and Advanced, 2-6 seats, prints how often each
// kind was played and fails naming the kinds no game played. A rule whose command the random
// player never reaches is a rule no property checks.
#include <gtest/gtest.h>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "engine/json_io.h"
#include "harness/command_usage.h"

namespace dune {
namespace {

// Enough games that the rarest kinds (Family Atomics, a Karama purchase, a Harkonnen capture, the
// Atreides Karama look at a battle plan: first in game 273)
// appear; each game runs without checkers, so the table costs seconds.
constexpr int kUsageGames = 300;

TEST(CommandUsage, RandomGamesPlayEveryCommandAndChanceKind) {
  const harness::UsageReport r = harness::command_usage(harness::usage_specs(kUsageGames));
  std::printf("%s", harness::to_string(r).c_str());
  EXPECT_EQ(r.games, kUsageGames);
  EXPECT_TRUE(r.never().empty()) << "never played in " << r.games << " random games: " << fmt::format("{}", fmt::join(r.never(), ", "));
}

// The table is what it says: one row per command kind and per chance kind, and the counts add up
// to the steps taken.
TEST(CommandUsage, CountsAddUpToTheSteps) {
  const harness::UsageReport r = harness::command_usage(harness::usage_specs(3));
  std::uint64_t sum = 0;
  for (const harness::KindUsage& k : r.kinds) sum += k.count;
  EXPECT_EQ(sum, r.steps);
  EXPECT_EQ(r.kinds.size(), std::variant_size_v<Command> + json_io::EnumNames<ChanceKind>::names.size());
  EXPECT_GT(r.steps, 0u);
}

// The check can fail: one short two-seat game leaves kinds unplayed, and they are named.
TEST(CommandUsage, AShortTableNamesWhatItNeverPlayed) {
  auto specs = harness::usage_specs(1);
  specs[0].options.turn_limit = 1;
  const harness::UsageReport r = harness::command_usage(specs);
  const auto never = r.never();
  EXPECT_NE(std::find(never.begin(), never.end(), std::string_view("PlayNexus")), never.end());
  EXPECT_NE(harness::to_string(r).find("PlayNexus                      0  NEVER PLAYED"), std::string::npos);
}

}  // namespace
}  // namespace dune

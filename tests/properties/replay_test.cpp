// Counterexample replay files (issue 7 item 5): a failing game written by check_game round-trips
// through its file, replays to the same violation, and a game's choices replay to the same state.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "generators/arbitrary.h"
#include "harness/mutant_run.h"
#include "harness/mutants.h"
#include "harness/planted.h"
#include "harness/replay_file.h"
#include "harness/shrink.h"
#include "tests/skip_without_mutants.h"
#include "harness/property.h"
#include "io/persistence.h"

namespace dune {
namespace {

using generators::GameSpec;

std::string read(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Replaying a game's own choices (no bots) reaches the same state: chance depends only on the
// seed and the choices, never on the bots' stream.
RC_GTEST_PROP(Replay, ChoicesReplayToTheSameState, ()) {
  const GameSpec spec = *generators::gen_spec({1, 1, 150});
  harness::RunConfig config;
  config.check = false;
  const harness::RunResult first = harness::run_game(spec, config);
  config.prefix = first.choices;
  config.extend = false;
  const harness::RunResult again = harness::run_game(spec, config);
  RC_ASSERT(again.choices == first.choices);
  RC_ASSERT(digest_of(state_to_json(again.final_state)) == digest_of(state_to_json(first.final_state)));
}

TEST(Replay, AFailingGameWritesAShrunkFileThatRoundTripsAndReplaysToTheViolation) {
  const auto dir = std::filesystem::temp_directory_path() / "dune_replay_test";
  ::setenv("DUNE_COUNTEREXAMPLE_DIR", dir.c_str(), 1);
  GameSpec spec = generators::uniform_spec(Options::advanced(kBaseFactions), 3, 2000);
  spec.options.turn_limit = 3;
  spec.bots.assign(spec.bots.size(), generators::BotProfile::Aggressive);
  harness::PropertyOptions options;
  options.checkers = harness::planted_big_bid();
  options.shrink_budget = std::chrono::seconds(20);
  options.file_name = "planted-big-bid";
  const harness::PropertyOutcome outcome = harness::check_game(spec, options);
  ::unsetenv("DUNE_COUNTEREXAMPLE_DIR");
  ASSERT_FALSE(outcome.failure.empty());
  EXPECT_NE(outcome.failure.find("planted.big-bid"), std::string::npos);
  EXPECT_NE(outcome.failure.find("dunecheck replay"), std::string::npos);
  ASSERT_EQ(outcome.path, (dir / "planted-big-bid.replay.json").string());

  const auto parsed = harness::counterexample_from_json(nlohmann::json::parse(read(outcome.path)));
  ASSERT_TRUE(std::holds_alternative<harness::Counterexample>(parsed)) << std::get<std::string>(parsed);
  const harness::Counterexample& c = std::get<harness::Counterexample>(parsed);
  EXPECT_EQ(c.spec, outcome.shrunk->spec);
  EXPECT_EQ(c.choices, outcome.shrunk->choices);
  ASSERT_TRUE(c.violation);
  EXPECT_EQ(c.violation->violation, outcome.shrunk->violation.violation);
  EXPECT_EQ(c.violation->step, outcome.shrunk->violation.step);

  // Replayed with the planted checker, the file's game fails at the recorded step.
  harness::RunConfig config;
  config.prefix = c.choices;
  config.extend = false;
  config.checkers = harness::planted_big_bid();
  const harness::RunResult r = harness::run_game(c.spec, config);
  ASSERT_TRUE(r.violation);
  EXPECT_EQ(r.violation->step, c.violation->step);
}

TEST(Replay, ThePrintedReplayShowsStepsAndViewDiffs) {
  harness::Counterexample c;
  c.spec = generators::uniform_spec(Options::basic({Faction::Atreides, Faction::Harkonnen}), 5, 50);
  c.choices = {0, 1, 0};
  std::ostringstream out;
  const harness::RunResult r = harness::replay_counterexample(c, out, /*all=*/true);
  EXPECT_FALSE(r.violation);
  EXPECT_EQ(r.decisions, 3);
  EXPECT_NE(out.str().find("step 0: chance:"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("    seat 0 Atreides:"), std::string::npos) << out.str();
}

// Issue 23 item 4: by default a replay tells the story of the failure: each decision that is not
// the default choice (with its choice), the violating step and what it changed, the other steps
// folded into "... n steps" lines; --all shows every step.
TEST(Replay, TheStoryShowsTheChosenDecisionsAndTheViolationAndFoldsTheRest) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  const auto mutant = harness::find_mutant("sold-card-also-discarded");
  ASSERT_TRUE(mutant);
  harness::Counterexample c;
  c.mutant = std::string(mutant->name);
  harness::RunResult found;
  for (std::uint64_t seed = 1; seed < 40 && !found.violation; ++seed) {
    c.spec = harness::mutant_spec(*mutant, seed);
    const ScopedMutant on(mutant->id);
    found = harness::run_game(c.spec);
  }
  ASSERT_TRUE(found.violation) << "the mutant is killed in random games";
  c.choices = found.choices;
  const std::vector<std::string> story = harness::story_of(c);
  std::ostringstream all;
  harness::replay_counterexample(c, all, /*all=*/true);
  const auto count = [&](std::string_view needle) {
    return std::count_if(story.begin(), story.end(), [&](const std::string& l) { return l.find(needle) != std::string::npos; });
  };
  EXPECT_EQ(count("<- the violation"), 1) << ::testing::PrintToString(story);
  EXPECT_EQ(count("  [choice "), static_cast<long>(harness::non_default_decisions(c.choices)));
  EXPECT_GT(count("  ... "), 0);
  EXPECT_NE(story.back().find("violated at step " + std::to_string(found.violation->step)), std::string::npos);
  const std::string every_step = all.str();
  EXPECT_LT(story.size() * 2, static_cast<std::size_t>(std::count(every_step.begin(), every_step.end(), '\n')))
      << "the story is shorter than half of every step, even unshrunk";
}

TEST(Replay, NotACounterexampleIsLeftToTheLogReplay) {
  std::ostringstream out, err;
  EXPECT_FALSE(harness::replay_if_counterexample(nlohmann::json::parse(R"({"format": "dunecheck-log"})"), "x", out, err));
  EXPECT_EQ(harness::replay_if_counterexample(nlohmann::json::parse(R"({"format": "dunecheck-counterexample"})"), "x", out, err), 3);
  EXPECT_NE(err.str().find("version"), std::string::npos);
  EXPECT_EQ(harness::replay_if_counterexample(nlohmann::json::parse(R"({"format": "dunecheck-counterexample", "version": 5})"), "x", out, err), 3);
  EXPECT_NE(err.str().find("spec"), std::string::npos);
}

}  // namespace
}  // namespace dune

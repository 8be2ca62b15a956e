// The shrinker (issue 7 item 4) against a planted fault: a checker that fails when a bid above 5
// is accepted. The shrunk game still fails the same invariant, is no longer than the original,
// and lands within 20 decisions (the median target).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/arbitrary.h"
#include "harness/planted.h"
#include "harness/shrink.h"

namespace dune {
namespace {

using generators::BotProfile;
using generators::GameSpec;

harness::RunResult run_planted(const GameSpec& spec, std::span<const generators::Choice> prefix = {}, bool extend = true) {
  harness::RunConfig config;
  config.checkers = harness::planted_big_bid();
  config.prefix = prefix;
  config.extend = extend;
  return harness::run_game(spec, config);
}

// A table of aggressive bidders reaches a bid above 5 in its first auction.
GameSpec aggressive_table(std::uint64_t seed) {
  GameSpec spec = generators::uniform_spec(Options::advanced(kBaseFactions), seed, 2000);
  spec.options.turn_limit = 3;
  spec.bots.assign(spec.bots.size(), BotProfile::Aggressive);
  return spec;
}

TEST(Shrink, PlantedBigBidShrinksToAtMost20Decisions) {
  const GameSpec spec = aggressive_table(3);
  const harness::RunResult r = run_planted(spec);
  ASSERT_TRUE(r.violation) << "the planted fault was never reached";
  harness::ShrinkOptions options;
  options.checkers = harness::planted_big_bid();
  options.budget = std::chrono::seconds(20);
  const harness::ShrinkResult s = harness::shrink(spec, r.choices, *r.violation, options);
  EXPECT_LE(s.choices.size(), 20u) << "shrunk from " << s.original_size << " in " << s.candidates << " candidates";
  EXPECT_LT(s.choices.size(), s.original_size);
  EXPECT_LE(s.spec.options.seat_count(), spec.options.seat_count());
  EXPECT_EQ(s.violation.violation.invariant, "planted.big-bid");
  // The shrunk game, replayed alone, fails the same way at its last decision.
  const harness::RunResult again = run_planted(s.spec, s.choices, false);
  ASSERT_TRUE(again.violation);
  EXPECT_EQ(again.violation->violation.invariant, "planted.big-bid");
  EXPECT_EQ(again.violation->decisions, static_cast<int>(s.choices.size()));
}

TEST(Shrink, StopsAtItsBudget) {
  const GameSpec spec = aggressive_table(3);
  const harness::RunResult r = run_planted(spec);
  ASSERT_TRUE(r.violation);
  harness::ShrinkOptions options;
  options.checkers = harness::planted_big_bid();
  options.budget = std::chrono::milliseconds(0);
  const harness::ShrinkResult s = harness::shrink(spec, r.choices, *r.violation, options);
  EXPECT_TRUE(s.timed_out);
  EXPECT_EQ(s.candidates, 0);
  EXPECT_EQ(s.choices, r.choices);  // the input, unchanged
}

// Over random one-turn games: whenever the planted fault fires, the shrunk game is a legal game
// that fails the same invariant and is no longer than the original.
RC_GTEST_PROP(Shrink, ShrunkGamesStillFailTheSameInvariant, ()) {
  const GameSpec spec = *generators::gen_spec({1, 1, 120});
  const harness::RunResult r = run_planted(spec);
  RC_CLASSIFY(r.violation.has_value());
  if (!r.violation) return;
  harness::ShrinkOptions options;
  options.checkers = harness::planted_big_bid();
  options.budget = std::chrono::milliseconds(300);
  const harness::ShrinkResult s = harness::shrink(spec, r.choices, *r.violation, options);
  RC_ASSERT(s.choices.size() <= r.choices.size());
  const harness::RunResult again = run_planted(s.spec, s.choices, false);
  RC_ASSERT(again.violation.has_value());
  RC_ASSERT(again.violation->violation.invariant == std::string("planted.big-bid"));
}

// A run resumed at a checkpoint ends exactly as the whole game from setup: the same choices,
// steps, violation and final state (the shrinker relies on it to skip a shared prefix).
TEST(Shrink, AResumedRunEndsAsTheWholeGame) {
  const GameSpec spec = aggressive_table(3);
  const harness::RunResult found = run_planted(spec);
  ASSERT_TRUE(found.violation);
  std::vector<harness::Checkpoint> checkpoints;
  harness::RunConfig config;
  config.checkers = harness::planted_big_bid();
  config.prefix = found.choices;
  config.extend = false;
  config.checkpoints = &checkpoints;
  const harness::RunResult whole = harness::run_game(spec, config);
  ASSERT_EQ(checkpoints.size(), found.choices.size());
  for (std::size_t k : {std::size_t{0}, checkpoints.size() / 2, checkpoints.size() - 1}) {
    harness::RunConfig resumed = config;
    resumed.checkpoints = nullptr;
    resumed.resume = &checkpoints[k];
    const harness::RunResult r = harness::run_game(spec, resumed);
    EXPECT_EQ(r.choices, whole.choices) << "resumed before decision " << k;
    EXPECT_EQ(r.steps, whole.steps);
    ASSERT_TRUE(r.violation);
    EXPECT_EQ(r.violation->step, whole.violation->step);
    EXPECT_EQ(r.final_state, whole.final_state);
  }
  // The bots draw only once the prefix is used up: resumed within the prefix, a run that hands
  // over to them ends as the whole game does (the shrinker's restarts); past it, it is refused.
  const std::size_t half = checkpoints.size() / 2;
  harness::RunConfig extending = config;
  extending.extend = true;
  extending.prefix = std::span<const generators::Choice>(found.choices.data(), half);
  const harness::RunResult whole_extended = harness::run_game(spec, extending);
  extending.resume = &checkpoints[half];
  const harness::RunResult resumed_extended = harness::run_game(spec, extending);
  EXPECT_EQ(resumed_extended.choices, whole_extended.choices);
  EXPECT_EQ(resumed_extended.final_state, whole_extended.final_state);
  extending.prefix = std::span<const generators::Choice>(found.choices.data(), half - 1);
  EXPECT_FALSE(harness::run_game(spec, extending).engine_bug.empty()) << "a checkpoint past the prefix knows nothing of the bots";
}

// A chooser names the decisions after the prefix instead of the bots (the shrinker's game without
// a seat): one that always names index 0 plays the same game as a prefix of zeros.
TEST(Shrink, AChooserNamesTheDecisionsAfterThePrefix) {
  const GameSpec spec = aggressive_table(3);
  harness::RunConfig zeros;
  zeros.check = false;
  const std::vector<generators::Choice> prefix(150, 0);
  zeros.prefix = prefix;
  zeros.extend = false;
  const harness::RunResult by_prefix = harness::run_game(spec, zeros);
  harness::RunConfig chosen;
  chosen.check = false;
  int asked = 0;
  chosen.chooser = [&](const GameState&, const std::vector<Seat>&) {
    ++asked;
    return generators::Choice{0};
  };
  GameSpec capped = spec;
  capped.max_decisions = 150;
  const harness::RunResult by_chooser = harness::run_game(capped, chosen);
  EXPECT_EQ(asked, 150);
  EXPECT_EQ(by_chooser.choices, by_prefix.choices);
  EXPECT_EQ(by_chooser.final_state, by_prefix.final_state);
}

// The shrinker's restarts pin the chance steps before the phase start they go on from, under a
// seed of their own: whatever the spec it ends with, the shrunk game replays from setup alone
// to the same violation at its last decision, and pins only chance steps it reaches.
TEST(Shrink, ARestartedGameReplaysFromSetupUnderItsPins) {
  int restarted = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    GameSpec spec = aggressive_table(seed);
    spec.options.turn_limit = 6;
    spec.bots.assign(spec.bots.size(), BotProfile::Passive);
    spec.bots.back() = BotProfile::Aggressive;
    const harness::RunResult r = run_planted(spec);
    if (!r.violation) continue;
    harness::ShrinkOptions options;
    options.checkers = harness::planted_big_bid();
    options.budget = std::chrono::seconds(10);
    const harness::ShrinkResult s = harness::shrink(spec, r.choices, *r.violation, options);
    restarted += s.spec.seed != spec.seed ? 1 : 0;
    const harness::RunResult again = run_planted(s.spec, s.choices, false);
    ASSERT_TRUE(again.violation) << "seed " << seed << ": " << generators::to_string(s.spec);
    EXPECT_EQ(again.violation->violation.invariant, "planted.big-bid");
    EXPECT_EQ(again.violation->decisions, static_cast<int>(s.choices.size()));
    EXPECT_LE(s.spec.options.turn_limit, std::max(1, again.final_state.turn)) << "the game ends with the turn it fails in";
  }
  EXPECT_GT(restarted, 0) << "no shrink restarted under another seed";
}

}  // namespace
}  // namespace dune

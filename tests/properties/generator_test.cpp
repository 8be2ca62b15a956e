// Generators (issue 7 item 1): every generated game is legal to the end, specs round-trip through
// JSON, and any index is a legal choice.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/arbitrary.h"
#include "generators/choices.h"
#include "generators/random_player.h"
#include "harness/runner.h"
#include "model/command_steps.h"

namespace dune {
namespace {

using generators::GameSpec;

// Short games keep 200 cases within the CI budget (1-2 turns, at most 400 decisions).
constexpr generators::SpecBounds kShort{1, 2, 400};

RC_GTEST_PROP(Generators, EveryGeneratedGameIsLegalToTheEndOrTheCap, ()) {
  const GameSpec spec = *generators::gen_spec(kShort);
  harness::RunConfig config;
  config.check = false;
  const harness::RunResult r = harness::run_game(spec, config);
  RC_ASSERT(r.engine_bug == std::string());
  RC_ASSERT(r.finished());
  RC_ASSERT(r.decisions <= spec.max_decisions);
  RC_ASSERT(r.choices.size() == static_cast<std::size_t>(r.decisions));
}

RC_GTEST_PROP(Generators, SpecsRoundTripThroughJson, (const GameSpec& spec)) {
  const auto back = generators::spec_from_json(generators::spec_to_json(spec));
  RC_ASSERT(std::holds_alternative<GameSpec>(back));
  RC_ASSERT(std::get<GameSpec>(back) == spec);
}

TEST(Generators, SpecFromJsonNamesTheBadField) {
  auto j = generators::spec_to_json(generators::uniform_spec(Options::basic(kBaseFactions), 7));
  j["bots"][2] = "berserk";
  const auto back = generators::spec_from_json(j);
  ASSERT_TRUE(std::holds_alternative<std::string>(back));
  EXPECT_NE(std::get<std::string>(back).find("berserk"), std::string::npos);
}

// Pinned chance outcomes (the shrinker's restarts, issue 23) survive the file and are named on
// the spec's line; malformed pins are refused with the field named.
TEST(Generators, PinnedChanceRoundTripsAndBadPinsAreNamed) {
  GameSpec spec = generators::uniform_spec(Options::basic(kBaseFactions), 7);
  spec.pinned_chance = {{ChanceKind::SpiceDraw, 3, 21}, {ChanceKind::StormCard, 0, 4}};
  const auto back = generators::spec_from_json(generators::spec_to_json(spec));
  ASSERT_TRUE(std::holds_alternative<GameSpec>(back));
  EXPECT_EQ(std::get<GameSpec>(back), spec);
  EXPECT_NE(generators::to_string(spec).find("chance pinned: SpiceDraw #3 = "), std::string::npos) << generators::to_string(spec);
  EXPECT_FALSE(generators::spec_to_json(generators::uniform_spec(Options::basic(kBaseFactions), 7)).contains("pinned_chance"));
  const auto refused = [&](const nlohmann::json& pins) {
    auto j = generators::spec_to_json(spec);
    j["pinned_chance"] = pins;
    const auto r = generators::spec_from_json(j);
    return std::holds_alternative<std::string>(r) ? std::get<std::string>(r) : "accepted";
  };
  EXPECT_THAT(refused({{{"kind", "Sandworm"}, {"nth", 0}, {"outcome", 1}}}), testing::HasSubstr("unknown chance kind"));
  EXPECT_THAT(refused({{{"kind", "StormCard"}, {"nth", -1}, {"outcome", 1}}}), testing::HasSubstr("\"nth\""));
  EXPECT_THAT(refused({{{"kind", "StormCard"}, {"nth", 0}, {"outcome", 256}}}), testing::HasSubstr("\"outcome\""));
  EXPECT_THAT(refused({{{"kind", "StormCard"}, {"nth", 0}, {"outcome", 1}, {"extra", 1}}}), testing::HasSubstr("expected"));
  const nlohmann::json storm_one{{"kind", "StormCard"}, {"nth", 1}, {"outcome", 1}};
  const nlohmann::json storm_one_again{{"kind", "StormCard"}, {"nth", 1}, {"outcome", 2}};
  EXPECT_THAT(refused(nlohmann::json::array({storm_one, storm_one_again})), testing::HasSubstr("once"));
  EXPECT_THAT(refused(7), testing::HasSubstr("expected an array"));
}

// A pin decides its chance step when the engine lists its outcome; otherwise the seed does, so a
// pinned game is always legal.
TEST(Generators, APinDecidesItsChanceStepOnlyWithAListedOutcome) {
  GameSpec spec = generators::uniform_spec(Options::basic(kBaseFactions), 7);
  const std::vector<std::uint8_t> outcomes{1, 2, 3, 4, 5, 6};
  const std::uint8_t free = generators::chance_pick(spec, ChanceKind::StormCard, 2, outcomes);
  const std::uint8_t other = free == 6 ? 1 : static_cast<std::uint8_t>(free + 1);
  spec.pinned_chance = {{ChanceKind::StormCard, 2, other}};
  EXPECT_EQ(generators::chance_pick(spec, ChanceKind::StormCard, 2, outcomes), other);
  EXPECT_EQ(generators::chance_pick(spec, ChanceKind::StormCard, 1, outcomes),
            generators::chance_pick(spec.seed, ChanceKind::StormCard, 1, outcomes));
  spec.pinned_chance = {{ChanceKind::StormCard, 2, 9}};  // not listed
  EXPECT_EQ(generators::chance_pick(spec, ChanceKind::StormCard, 2, outcomes), free);
}

// A spec's line names the flags that are on (it read them from a destroyed temporary once, and
// printed "Advanced {}" for a game with two flags on).
TEST(Generators, ASpecLineNamesItsFlags) {
  GameSpec spec = generators::uniform_spec(Options::basic(kBaseFactions), 7);
  spec.options.rules.double_spice_blow = true;
  spec.options.rules.guild_shipment_timing = true;
  EXPECT_NE(generators::to_string(spec).find("Advanced {double_spice_blow, guild_shipment_timing}"), std::string::npos)
      << generators::to_string(spec);
}

// Index 0 is the default choice (issue 23): where the first listed command is a standing choice
// (which changes nothing a reader follows) and Pass is legal, index 0 is the Pass.
TEST(Generators, IndexZeroIsTheDefaultChoice) {
  int seen = 0;
  generators::play_random_game(Options::basic(kBaseFactions), 3, 400, [&](const GameState&, const LogEntry&, const GameState& after) {
    const auto seats = pending(after);
    if (seats.empty() || after.chance) return;
    const auto legal = legal_commands(after, seats.front());
    if (legal.empty() || !is_standing_command(legal.front())) return;
    const auto d = generators::decide(after, seats, 0);
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(d->command, legal[default_choice(legal)]);
    EXPECT_FALSE(is_standing_command(d->command)) << to_string(d->command);
    ++seen;
  });
  EXPECT_GT(seen, 0);
}

// Any index names a legal (seat, command) pair, and normalising it is idempotent.
RC_GTEST_PROP(Generators, AnyIndexIsALegalChoice, (std::uint32_t index)) {
  const GameState s = std::get<GameState>(new_game(Options::basic(kBaseFactions)));
  const auto seats = pending(s);
  const auto d = generators::decide(s, seats, index);
  RC_ASSERT(d.has_value());
  const auto again = generators::decide(s, seats, d->choice);
  RC_ASSERT(again->choice == d->choice);
  RC_ASSERT(again->command == d->command);
  const auto legal = legal_commands(s, d->seat);
  RC_ASSERT(std::find(legal.begin(), legal.end(), d->command) != legal.end());
}

// The profiles bite: a passive table passes in a larger share of its decisions than a uniform one.
TEST(Generators, PassiveBotsPassMoreThanUniformOnes) {
  auto passes = [](generators::BotProfile profile) {
    GameSpec spec = generators::uniform_spec(Options::basic(kBaseFactions), 11, 300);
    spec.options.turn_limit = 2;
    spec.bots.assign(spec.bots.size(), profile);
    double count = 0;
    harness::RunConfig config;
    config.check = false;
    config.on_step = [&count](const invariants::Transition& t) {
      const auto* e = std::get_if<Envelope>(&t.entry);
      count += e && std::holds_alternative<Pass>(e->command) ? 1 : 0;
    };
    const harness::RunResult r = harness::run_game(spec, config);
    return count / r.decisions;
  };
  EXPECT_GT(passes(generators::BotProfile::Passive), passes(generators::BotProfile::Uniform));
}

}  // namespace
}  // namespace dune

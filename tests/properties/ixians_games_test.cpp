// Fixed games seating the Ixians in every game (random games draw them among seven factions), Basic
// and Advanced: every checker must hold on every step, each game places their Hidden Mobile
// Stronghold as turn 1's Storm ends (slice 3), and aggressive bots bring them to battles, where
// Suboids and Cyborgs fight at their own strengths (slice 2).
#include <gtest/gtest.h>

#include <string>
#include <variant>
#include <vector>

#include "generators/game_spec.h"
#include "harness/runner.h"

namespace dune {
namespace {

TEST(IxianGames, EveryCheckerHoldsInGamesSeatingTheIxians) {
  const std::vector<Faction> factions{Faction::Ixians, Faction::Harkonnen, Faction::Atreides, Faction::Emperor};
  int battles = 0, placements = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    Options options = seed % 2 == 0 ? Options::advanced(factions) : Options::basic(factions);
    options.turn_limit = 6;
    generators::GameSpec spec = generators::uniform_spec(std::move(options), seed, 3000);
    spec.bots.assign(spec.bots.size(), generators::BotProfile::Aggressive);
    harness::RunConfig config;
    config.on_step = [&](const invariants::Transition& t) {
      const auto* e = std::get_if<Envelope>(&t.entry);
      battles += e && std::holds_alternative<DialBattle>(e->command) && t.before.faction_of(e->seat) == Faction::Ixians;
      placements += e && std::holds_alternative<PlaceHms>(e->command);
    };
    const harness::RunResult r = harness::run_game(spec, config);
    ASSERT_FALSE(r.violation) << r.violation->violation.invariant << ": " << r.violation->violation.message << " (step "
                              << r.violation->step << ", seed " << seed << ")";
    EXPECT_EQ(r.engine_bug, std::string()) << "seed " << seed;
  }
  EXPECT_EQ(placements, 16) << "each game places the Hidden Mobile Stronghold once";
  EXPECT_GT(battles, 5) << "the Ixians dialed too few battles: the games test little of their strengths";
}

// Advanced games with the Fremen seated: turn 1's storm is followed by the Fremen's draw of the next
// storm card (a chance step) before the Ixians place their stronghold, and later Storm phases reveal
// that card after the HMS movement. Every checker holds, and each game places the HMS and moves it.
TEST(IxianGames, TheStrongholdIsPlacedAndMovedAroundTheFremenStormCard) {
  const std::vector<Faction> factions{Faction::Ixians, Faction::Fremen, Faction::Atreides};
  int placements = 0, moves = 0;
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    Options options = Options::advanced(factions);
    options.turn_limit = 4;
    const generators::GameSpec spec = generators::uniform_spec(std::move(options), seed, 3000);
    harness::RunConfig config;
    config.on_step = [&](const invariants::Transition& t) {
      const auto* e = std::get_if<Envelope>(&t.entry);
      placements += e && std::holds_alternative<PlaceHms>(e->command);
      moves += e && std::holds_alternative<MoveHms>(e->command);
    };
    const harness::RunResult r = harness::run_game(spec, config);
    ASSERT_FALSE(r.violation) << r.violation->violation.invariant << ": " << r.violation->violation.message << " (step "
                              << r.violation->step << ", seed " << seed << ")";
    EXPECT_EQ(r.engine_bug, std::string()) << "seed " << seed;
  }
  EXPECT_EQ(placements, 4);
  EXPECT_GT(moves, 0) << "no game moved the Hidden Mobile Stronghold";
}

}  // namespace
}  // namespace dune

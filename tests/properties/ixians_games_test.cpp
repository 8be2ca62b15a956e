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

}  // namespace
}  // namespace dune

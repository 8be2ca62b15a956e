// The Ixians are seated by setup (issue 22, slice 1b) but random games draw them only once their
// stronghold can be placed (model/factions.h, faction_generated): until then these fixed games
// seat them, Basic and Advanced, and every checker must hold on every step. Aggressive bots bring
// them to battles, where Suboids and Cyborgs fight at their own strengths (slice 2).
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
  int battles = 0;
  for (std::uint64_t seed = 1; seed <= 16; ++seed) {
    Options options = seed % 2 == 0 ? Options::advanced(factions) : Options::basic(factions);
    options.turn_limit = 6;
    generators::GameSpec spec = generators::uniform_spec(std::move(options), seed, 3000);
    spec.bots.assign(spec.bots.size(), generators::BotProfile::Aggressive);
    harness::RunConfig config;
    config.on_step = [&](const invariants::Transition& t) {
      const auto* e = std::get_if<Envelope>(&t.entry);
      battles += e && std::holds_alternative<DialBattle>(e->command) && t.before.faction_of(e->seat) == Faction::Ixians;
    };
    const harness::RunResult r = harness::run_game(spec, config);
    ASSERT_FALSE(r.violation) << r.violation->violation.invariant << ": " << r.violation->violation.message << " (step "
                              << r.violation->step << ", seed " << seed << ")";
    EXPECT_EQ(r.engine_bug, std::string()) << "seed " << seed;
  }
  EXPECT_GT(battles, 5) << "the Ixians dialed too few battles: the games test little of their strengths";
}

}  // namespace
}  // namespace dune

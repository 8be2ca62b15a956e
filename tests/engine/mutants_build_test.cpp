// The mutant switch (engine/mutants.h, issue 14 item 5): injection points exist only in builds made
// for checking. The presets say which: `default` and `asan` build them, `release` does not. In a
// build with them a mutant changes what the engine does inside its ScopedMutant and nothing outside
// it; in a build without them mutant_active is a constant false that no ScopedMutant changes.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <string>

#include "engine/mutants.h"
#include "engine/projection.h"
#include "generators/random_player.h"

namespace dune {
namespace {

using json = nlohmann::json;

// The DUNE_MUTANTS cache value a configure preset sets, following `inherits` ("" when none does).
std::string preset_mutants(const json& presets, const std::string& name) {
  for (const json& p : presets["configurePresets"]) {
    if (p["name"] != name) continue;
    if (p.contains("cacheVariables") && p["cacheVariables"].contains("DUNE_MUTANTS")) {
      return p["cacheVariables"]["DUNE_MUTANTS"].get<std::string>();
    }
    return p.contains("inherits") ? preset_mutants(presets, p["inherits"].get<std::string>()) : "";
  }
  ADD_FAILURE() << "no configure preset " << name;
  return "";
}

TEST(MutantsBuildTest, ReleaseHasNoMutantsAndTheCheckingPresetsDo) {
  std::ifstream in(std::string(DUNE_SOURCE_DIR) + "/CMakePresets.json");
  ASSERT_TRUE(in) << "cannot read CMakePresets.json";
  const json presets = json::parse(in);
  EXPECT_EQ(preset_mutants(presets, "release"), "OFF");
  EXPECT_EQ(preset_mutants(presets, "default"), "ON");
  EXPECT_EQ(preset_mutants(presets, "asan"), "ON");
}

// The public view of a short game after which the first seat holds a Treachery card.
json public_view_of_a_short_game() {
  const auto game = generators::play_random_game(Options::basic({Faction::Atreides, Faction::Harkonnen}), 3, 40);
  EXPECT_FALSE(game.final_state.seats.front().hand.empty());
  return view_to_json(project_public(game.final_state));
}

TEST(MutantsBuildTest, AMutantChangesTheEngineOnlyInABuildWithMutantsAndOnlyInItsScope) {
  const json clean = public_view_of_a_short_game();
  {
    const ScopedMutant leak(Mutant::HandInPublicView);
    EXPECT_EQ(mutant_active(Mutant::HandInPublicView), kMutantsBuilt);
    EXPECT_FALSE(mutant_active(Mutant::BidPaidToBank));
    if (kMutantsBuilt) {
      EXPECT_NE(public_view_of_a_short_game(), clean) << "the public view ignores the mutant hand-in-public-view";
    } else {
      EXPECT_EQ(public_view_of_a_short_game(), clean) << "a build without mutants changed under a ScopedMutant";
    }
  }
  EXPECT_FALSE(mutant_active(Mutant::HandInPublicView));
  EXPECT_EQ(public_view_of_a_short_game(), clean);
}

#if !DUNE_MUTANTS
// Without mutants every injection point is a constant the compiler folds away.
static_assert(!mutant_active(Mutant::HandInPublicView));
#endif

}  // namespace
}  // namespace dune

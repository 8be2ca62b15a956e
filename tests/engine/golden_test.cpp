// Golden views (issue "Projections, knowledge, persistence and scenario files", acceptance): for
// fixed seeds, the public view and every seat view of a random game at chosen steps equal the JSON
// committed under tests/golden/. A change to the engine or to the view JSON shows up here as the
// first JSON pointer that differs.
//
// Regenerate after an intended change (then review `git diff tests/golden`):
//   make golden
// or  DUNE_UPDATE_GOLDEN=1 build/default/tests/engine/engine_test --gtest_filter='GoldenViewTest.*'
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "engine/projection.h"
#include "generators/random_player.h"
#include "model/factions.h"

namespace dune {
namespace {

using json = nlohmann::json;

// One golden file: a random game (generators::play_random_game, seed-determined) stopped after
// `decisions` accepted commands. The name is the file's stem under tests/golden/.
struct GoldenCase {
  std::string name;
  Options options;
  std::uint64_t seed;
  int decisions;
};
// Read by GoogleTest for the CTest names ("# GetParam() = ..."), not raw bytes.
void PrintTo(const GoldenCase& c, std::ostream* os) { *os << c.name << ", seed " << c.seed << ", " << c.decisions << " decisions"; }

std::vector<GoldenCase> golden_cases() {
  Options six = Options::advanced(kBaseFactions);
  six.turn_limit = 3;
  Options three = Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Fremen});
  three.turn_limit = 2;
  return {{"advanced6_seed7_step0", six, 7, 0},      // after setup's chance steps, before any decision
          {"advanced6_seed7_step60", six, 7, 60},    // setup done, turn 1 under way
          {"advanced6_seed7_step250", six, 7, 250},  // later turns: bidding, battles, knowledge
          {"basic3_seed3_step120", three, 3, 120}};
}

// The views of one state: the public view and each seat's view, in seat order.
json views_of(const GameState& s) {
  json seats = json::array();
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) seats.push_back(view_to_json(project_seat(s, Seat{i})));
  return {{"public", view_to_json(project_public(s))}, {"seats", seats}};
}

std::string golden_path(const std::string& name) { return std::string(DUNE_GOLDEN_DIR) + "/" + name + ".json"; }

bool updating() {
  const char* flag = std::getenv("DUNE_UPDATE_GOLDEN");
  return flag != nullptr && std::string(flag) == "1";
}

// The first difference as "at /seats/2/you/spice: expected 5, got 7" (RFC 6901 pointer).
std::string first_difference(const json& expected, const json& actual) {
  const json patch = json::diff(expected, actual);
  if (patch.empty()) return "";
  const json& op = patch.front();
  const json::json_pointer at(op["path"].get<std::string>());
  const std::string was = expected.contains(at) ? expected.at(at).dump() : "(absent)";
  const std::string now = actual.contains(at) ? actual.at(at).dump() : "(absent)";
  return "at " + at.to_string() + ": expected " + was + ", got " + now + " (" + std::to_string(patch.size()) +
         " differences in all)";
}

class GoldenViewTest : public ::testing::TestWithParam<GoldenCase> {};

TEST_P(GoldenViewTest, ViewsMatchTheCommittedJson) {
  const GoldenCase& c = GetParam();
  const GameState s = generators::play_random_game(c.options, c.seed, c.decisions).final_state;
  const json actual = views_of(s);
  const std::string path = golden_path(c.name);
  if (updating()) {
    std::ofstream(path) << actual.dump(1) << "\n";
    GTEST_SKIP() << "wrote " << path;
  }
  std::ifstream in(path);
  ASSERT_TRUE(in) << "no golden file " << path << ": run `make golden` (DUNE_UPDATE_GOLDEN=1) and commit it";
  std::stringstream text;
  text << in.rdbuf();
  const json expected = json::parse(text.str(), nullptr, false);
  ASSERT_FALSE(expected.is_discarded()) << path << " is not valid JSON";
  EXPECT_EQ(first_difference(expected, actual), "")
      << path << " differs from the views the engine produces now. If the change is intended, run `make golden`"
      << " and review `git diff tests/golden`.";
}

INSTANTIATE_TEST_SUITE_P(FixedSeeds, GoldenViewTest, ::testing::ValuesIn(golden_cases()),
                         [](const ::testing::TestParamInfo<GoldenCase>& param_info) { return param_info.param.name; });

// The comparison itself must be able to fail, and say where.
TEST(GoldenViewDiffTest, NamesTheFirstDifferingPointer) {
  const json a{{"public", {{"turn", 2}}}, {"seats", json::array({{{"you", {{"spice", 5}}}}})}};
  json b = a;
  b["seats"][0]["you"]["spice"] = 7;
  EXPECT_EQ(first_difference(a, a), "");
  EXPECT_EQ(first_difference(a, b), "at /seats/0/you/spice: expected 5, got 7 (1 differences in all)");
}

}  // namespace
}  // namespace dune

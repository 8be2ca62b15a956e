// Damaged snapshots (issue "Projections, knowledge, persistence and scenario files", acceptance):
// each single-byte change, truncation and field deletion is rejected with a clear error or loads to
// a state equal to the original; never a crash, never a silently different game. Its own binary so
// that CI builds and runs it under the `asan` preset too (`make test`, see the Makefile) without
// building the rest of the tree there.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "engine/persistence.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using json = nlohmann::json;

const Options kFiveSeats = Options::advanced({Faction::Atreides, Faction::BeneGesserit, Faction::Emperor,
                                              Faction::Fremen, Faction::Harkonnen});

std::string load_error(const std::string& text) {
  auto result = load_snapshot(text);
  if (auto* e = std::get_if<LoadError>(&result)) return e->message;
  return "(loaded)";
}

// Re-signs an edited state so the check under test is the structural one, not the digest.
std::string resigned(const json& state) {
  return json{{"format", "dunecheck-snapshot"}, {"schema", kSchemaVersion}, {"digest", digest_of(state)}, {"state", state}}.dump();
}

TEST(CorruptionTest, LoadNamesEachKindOfDamage) {
  const GameState s = testing::random_game(kFiveSeats, 15, 80);
  const std::string text = save_snapshot(s);
  const json doc = json::parse(text);
  const json state = doc["state"];
  auto expect_error = [&](const std::string& file, const std::string& part) {
    const std::string message = load_error(file);
    EXPECT_NE(message.find(part), std::string::npos) << "expected \"" << part << "\" in: " << message;
  };
  expect_error(text.substr(0, text.size() / 2), "not valid JSON");
  json bad_digest = doc;
  bad_digest["state"]["bank"] = state["bank"].get<int>() + 1;
  expect_error(bad_digest.dump(), "digest mismatch");
  json schema = doc;
  schema["schema"] = 2;
  expect_error(schema.dump(), "unknown schema version 2");

  json e = state;
  e["phase"] = "Teatime";
  expect_error(resigned(e), "state.phase: unknown Phase \"Teatime\"");
  e = state;
  e["board"]["spice"] = json::array({{{"cell", 200}, {"amount", 3}}});
  expect_error(resigned(e), "out of range");
  e = state;
  e["seats"][0]["reserves_normal"] = state["seats"][0]["reserves_normal"].get<int>() + 1;
  expect_error(resigned(e), "forces on the board, in reserves and in the Tanks");
  e = state;
  const int in_deck = e["treachery"]["deck"]["unseen"][0].get<int>();
  auto hand = e["seats"][1]["hand"].get<std::vector<int>>();
  hand.push_back(in_deck);
  std::sort(hand.begin(), hand.end());
  e["seats"][1]["hand"] = hand;
  expect_error(resigned(e), "in 2 places");
  e = state;
  e["seats"].erase(e["seats"].size() - 1);
  expect_error(resigned(e), "expected 5 entries");
  e = state;
  e["storm"].erase("sector");
  expect_error(resigned(e), "state.storm: missing field \"sector\"");
}

// Every single-byte change at sampled positions and every sampled truncation is rejected or loads
// to the same state; deleting any field (digest recomputed) is rejected. Never a crash.
TEST(CorruptionTest, CorruptedSnapshotsAreRejectedNeverMisread) {
  const GameState s = testing::random_game(kFiveSeats, 16, 70);
  const std::string text = save_snapshot(s);
  auto rejected_or_same = [&](const std::string& damaged) {
    auto result = load_snapshot(damaged);
    if (auto* e = std::get_if<LoadError>(&result)) return !e->message.empty();
    return std::get<GameState>(result) == s;
  };
  for (std::size_t pos = 0; pos < text.size(); pos += 1 + text.size() / 400) {
    for (char b : {'0', '9', '"', '}', ' ', 'x', '-', '\0'}) {
      std::string damaged = text;
      if (damaged[pos] == b) continue;
      damaged[pos] = b;
      EXPECT_TRUE(rejected_or_same(damaged)) << "byte " << pos << " set to '" << b << "'";
    }
    EXPECT_TRUE(rejected_or_same(text.substr(0, pos))) << "truncated at " << pos;
  }
  const json state = json::parse(text)["state"];
  int deletions = 0;
  std::function<void(const json::json_pointer&)> visit = [&](const json::json_pointer& at) {
    const json& node = state.at(at);
    if (node.is_object()) {
      for (const auto& [key, value] : node.items()) {
        json damaged = state;
        damaged.at(at).erase(key);
        ++deletions;
        EXPECT_FALSE(std::holds_alternative<GameState>(load_snapshot(resigned(damaged)))) << (at / key).to_string();
        visit(at / key);
      }
    } else if (node.is_array() && !node.empty()) {
      visit(at / 0);
    }
  };
  visit(json::json_pointer{});
  EXPECT_GT(deletions, 100);
}

}  // namespace
}  // namespace dune

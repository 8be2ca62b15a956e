// Damaged snapshots (issue "Projections, knowledge, persistence and scenario files", acceptance):
// each single-byte change, truncation and field deletion is rejected with a clear error or loads to
// a state equal to the original; never a crash, never a silently different game. Its own binary so
// that CI builds and runs it under the `asan` preset too (`make test`, see the Makefile) without
// building the rest of the tree there.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "io/persistence.h"
#include "model/factions.h"
#include <set>
#include <stdexcept>
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
  schema["schema"] = kSchemaVersion + 1;
  expect_error(schema.dump(), fmt::format("unknown schema version {}", kSchemaVersion + 1));

  json e = state;
  e["phase"] = "Teatime";
  expect_error(resigned(e), "state.phase: unknown Phase \"Teatime\"");
  e = state;
  e["board"]["spice"] = json::array({{{"cell", 200}, {"amount", 3}}});
  expect_error(resigned(e), "out of range");
  e = state;
  e["seats"][0]["reserves_normal"] = state["seats"][0]["reserves_normal"].get<int>() + 1;
  expect_error(resigned(e), "normal and 0 special across reserves, board and Tanks; the catalogue has");
  e = state;
  const int in_deck = e["treachery"]["deck"]["unseen"][0].get<int>();
  auto hand = e["seats"][1]["hand"].get<std::vector<int>>();
  hand.push_back(in_deck);
  std::sort(hand.begin(), hand.end());
  e["seats"][1]["hand"] = hand;
  expect_error(resigned(e), "in 2 zones");
  e = state;
  e["seats"].erase(e["seats"].size() - 1);
  expect_error(resigned(e), "expected 5 entries");
  e = state;
  e["storm"].erase("sector");
  expect_error(resigned(e), "state.storm: missing field \"sector\"");
}

// Issue 18 finding 7 (first part): a re-signed snapshot that breaks a capacity limit no reachable
// state breaks is refused, naming the limit: the same checks the harness runs after every step.
TEST(CorruptionTest, LoadRefusesAStateOverItsCapacity) {
  const GameState s = testing::random_game(kFiveSeats, 15, 80);
  const json state = json::parse(save_snapshot(s))["state"];
  // A hand of eight Treachery cards for a seat whose limit is four: cards moved from the deck.
  json e = state;
  std::size_t seat = 0;
  while (state["options"]["factions"][seat] == "Harkonnen") ++seat;  // Harkonnen's limit is eight
  auto hand = e["seats"][seat]["hand"].get<std::vector<int>>();
  auto deck = e["treachery"]["deck"]["unseen"].get<std::vector<int>>();
  while (hand.size() < 8 && !deck.empty()) {
    hand.push_back(deck.back());
    deck.pop_back();
  }
  std::sort(hand.begin(), hand.end());
  e["seats"][seat]["hand"] = hand;
  e["treachery"]["deck"]["unseen"] = deck;
  const std::string message = load_error(resigned(e));
  EXPECT_NE(message.find("capacity.hand"), std::string::npos) << message;
  EXPECT_NE(message.find("over its limit of 4"), std::string::npos) << message;
}

// Issue 18 finding 7 and item 3: a re-signed snapshot no game can reach is refused, naming the
// broken invariant (invariants/shape.h, invariants/capacity.h): the same checks the harness runs
// after every step, so a loaded state is a reachable-shaped one.
TEST(CorruptionTest, LoadRefusesAStateNoGameReaches) {
  const GameState s = testing::random_game(kFiveSeats, 15, 80);
  const json state = json::parse(save_snapshot(s))["state"];
  ASSERT_EQ(load_error(resigned(state)), "(loaded)");
  ASSERT_TRUE(state["alliances"].empty()) << "the edits below assume no alliance";
  ASSERT_NE(state["step"], "GameOver");
  auto leader = [&](json& e, const std::string& faction_name, int nth) -> json& {
    const auto owner = faction_from_string(faction_name);
    int seen = 0;
    for (json& l : e["leaders"]) {
      if (leader_info(LeaderId{l["leader"].get<std::uint8_t>()}).faction == owner && seen++ == nth) return l;
    }
    throw std::runtime_error("no such leader");
  };
  const std::vector<std::pair<std::string, std::function<void(json&)>>> edits{
      {"shape.step", [](json& e) { e["phase"] = "Storm"; e["step"] = "Battle"; }},
      {"shape.step", [](json& e) { e["phase"] = "Revival"; e["step"] = "Bidding"; }},
      {"shape.turn", [](json& e) { e["turn"] = 15; }},
      {"shape.turn", [](json& e) { e["turn"] = 0; }},
      {"shape.turn", [](json& e) { e["step"] = "SetupTraitorSelection"; }},
      {"shape.alliance", [](json& e) { e["alliances"] = json::array({json::array({"Atreides", "Atreides"})}); }},
      {"shape.alliance", [](json& e) { e["seats"][0]["ally"] = "Emperor"; }},
      {"shape.alliance", [](json& e) { e["alliances"] = json::array({json::array({"Atreides", "Emperor"})}); }},
      {"shape.alliance", [](json& e) {
         e["alliances"] = json::array({json::array({"Atreides", "SpacingGuild"})});
         e["seats"][0]["ally"] = "SpacingGuild";
       }},
      {"shape.alliance", [](json& e) {
         e["alliances"] = json::array({json::array({"Atreides", "Emperor"}), json::array({"Atreides", "Fremen"})});
         e["seats"][0]["ally"] = "Emperor";
         e["seats"][2]["ally"] = "Atreides";
         e["seats"][3]["ally"] = "Atreides";
       }},
      {"shape.winners", [](json& e) { e["winners"] = json::array({"Fremen"}); }},
      {"shape.winners", [](json& e) { e["winners"] = json::array({"SpacingGuild"}); e["step"] = "GameOver"; }},
      {"shape.winners", [](json& e) { e["winners"] = json::array({"Fremen", "Fremen"}); e["step"] = "GameOver"; }},
      {"shape.prediction", [](json& e) { e["prediction"] = {{"faction", "SpacingGuild"}, {"turn", 3}}; }},
      {"shape.prediction", [](json& e) { e["prediction"] = {{"faction", "Fremen"}, {"turn", 15}}; }},
      {"shape.leader", [&](json& e) { json& l = leader(e, "Atreides", 0); l["where"] = "Captured"; l["holder"] = 0; }},
      {"shape.leader", [&](json& e) { json& l = leader(e, "Atreides", 1); l["where"] = "Captured"; l["holder"] = 1; }},
      {"shape.leader", [&](json& e) { json& l = leader(e, "Emperor", 0); l["where"] = "Available"; l["holder"] = 3; }},
      {"shape.leader", [&](json& e) { json& l = leader(e, "Fremen", 0); l["where"] = "Tanks"; l["deaths"] = 0; }},
      {"census", [&](json& e) { leader(e, "Harkonnen", 0)["where"] = "NotInPlay"; }},  // the census counts leader discs
      {"shape.bidding", [](json& e) { e["bidding"]["lot"] = 200; e["bidding"]["lots_total"] = 3; }},
      {"shape.bidding", [](json& e) { e["bidding"]["lots_total"] = 9; }},
      {"shape.bidding", [](json& e) { e["bidding"]["high_bid"] = -3; }},
      {"shape.bidding", [](json& e) { e["bidding"]["high_bid"] = 4; e["bidding"]["high_bidder"] = nullptr; }},
      {"shape.battle", [](json& e) { e["battle"]["atreides_battle_losses"] = -2; }},
      {"shape.battle", [](json& e) {  // a Nexus window that no family opened
         e["phase"] = "Battle";
         e["step"] = "Battle";
         e["battle"]["stage"] = "NexusSecretAlly";
         e["battle"]["combatants"] = {0, 1};
       }},

      {"shape.karama", [](json& e) {  // a power used by a faction it is not, without Advanced Karama
         e["karama"] = {{"armed", json::array()}, {"cancels", json::array()}, {"retakes_at_full_price", nullptr}, {"retakes_without_worthless", nullptr},
                        {"powers", json::array({{{"by", 0}, {"power", "GuildShipment"}, {"turn", 1}, {"target", 1}}})},
                        {"exchange", nullptr}};
       }},
      {"shape.karama", [](json& e) {  // a hand exchange nobody began
         e["karama"] = {{"armed", json::array()}, {"cancels", json::array()}, {"retakes_at_full_price", nullptr}, {"retakes_without_worthless", nullptr},
                        {"powers", json::array()}, {"exchange", {{"harkonnen", 0}, {"target", 1}, {"owed", 1}}}};
       }},
      {"shape.karama", [](json& e) { e["revival"]["karama_special"] = 7; }},
      {"shape.history", [](json& e) { e["version"] = 0; }},
      {"shape.history", [](json& e) { e["version"] = e["log"].size() + 5; }},
      {"shape.history", [](json& e) { e["committed"].erase(e["committed"].size() - 1); }},
      {"capacity.stronghold", [](json& e) {
         // Forces of three factions (the Bene Gesserit left out: advisors do not count) in Carthag,
         // cell 4, each taken from that faction's reserves.
         std::set<std::string> present;
         for (const json& f : e["board"]["forces"]) {
           if (f["cell"] == 4 && f["faction"] != "BeneGesserit") present.insert(f["faction"].get<std::string>());
         }
         const json& factions = e["options"]["factions"];
         for (std::size_t seat = 0; seat < factions.size() && present.size() < 3; ++seat) {
           const std::string f = factions[seat].get<std::string>();
           if (f == "BeneGesserit" || present.contains(f) || e["seats"][seat]["reserves_normal"].get<int>() == 0) continue;
           e["seats"][seat]["reserves_normal"] = e["seats"][seat]["reserves_normal"].get<int>() - 1;
           e["board"]["forces"].push_back({{"cell", 4}, {"faction", f}, {"normal", 1}, {"special", 0}});
           present.insert(f);
         }
       }},
  };
  for (const auto& [invariant, edit] : edits) {
    json e = state;
    edit(e);
    const std::string message = load_error(resigned(e));
    EXPECT_EQ(message.rfind(invariant + ":", 0), 0u) << "expected " << invariant << ", got: " << message;
  }
}

// Under AddressSanitizer (`make asan-corruption`: a Debug build with ASan + UBSan) each load costs
// about ten times more, so that run damages fewer sampled places; every kind of damage stays.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kUnderAsan = true;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kUnderAsan = true;
#else
constexpr bool kUnderAsan = false;
#endif
#else
constexpr bool kUnderAsan = false;
#endif

// Byte positions damaged (each: every replacement byte, one bit flip, a truncation), and the share
// of fields damaged (each: deleted, and its value swapped for one of another type).
constexpr std::size_t kBytePositions = kUnderAsan ? 32 : 400;
constexpr std::uint64_t kFieldOneIn = kUnderAsan ? 6 : 1;

// A fixed-seed generator (splitmix64): every run damages the same places.
class Sampler {
 public:
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
  }
  std::size_t below(std::size_t n) { return static_cast<std::size_t>(next() % n); }

 private:
  std::uint64_t state_ = 20261130;
};

// One position in each of `count` equal slices of the text, so the whole file is covered.
std::vector<std::size_t> sampled_positions(std::size_t size, std::size_t count, Sampler& sampler) {
  std::vector<std::size_t> positions;
  count = std::min(count, size);
  for (std::size_t k = 0; k < count; ++k) {
    const std::size_t lo = size * k / count, hi = size * (k + 1) / count;
    positions.push_back(lo + sampler.below(hi - lo));
  }
  return positions;
}

// The same field holding a value of another JSON type.
json of_another_type(const json& value) {
  if (value.is_string()) return 7;
  if (value.is_number()) return "7";
  if (value.is_boolean()) return 1;
  if (value.is_object()) return json::array();
  if (value.is_array()) return json::object();
  return true;  // null
}

// Every single-byte change and bit flip at sampled positions and every sampled truncation is
// rejected or loads to the same state; deleting a field or changing its type (digest recomputed)
// is rejected. Never a crash.
TEST(CorruptionTest, CorruptedSnapshotsAreRejectedNeverMisread) {
  const GameState s = testing::random_game(kFiveSeats, 16, 70);
  const std::string text = save_snapshot(s);
  auto rejected_or_same = [&](const std::string& damaged) {
    auto result = load_snapshot(damaged);
    if (auto* e = std::get_if<LoadError>(&result)) return !e->message.empty();
    return std::get<GameState>(result) == s;
  };
  Sampler sampler;
  for (std::size_t pos : sampled_positions(text.size(), kBytePositions, sampler)) {
    for (char b : {'0', '9', '"', '}', ' ', 'x', '-', '\0'}) {
      std::string damaged = text;
      if (damaged[pos] == b) continue;
      damaged[pos] = b;
      EXPECT_TRUE(rejected_or_same(damaged)) << "byte " << pos << " set to '" << b << "'";
    }
    std::string flipped = text;
    const int bit = static_cast<int>(sampler.below(8));
    flipped[pos] = static_cast<char>(flipped[pos] ^ (1 << bit));
    EXPECT_TRUE(rejected_or_same(flipped)) << "bit " << bit << " of byte " << pos << " flipped";
    EXPECT_TRUE(rejected_or_same(text.substr(0, pos))) << "truncated at " << pos;
  }
  const json state = json::parse(text)["state"];
  int deletions = 0, type_changes = 0;
  auto loads = [](const json& damaged) { return std::holds_alternative<GameState>(load_snapshot(resigned(damaged))); };
  auto change_type = [&](const json::json_pointer& at) {
    json damaged = state;
    damaged.at(at) = of_another_type(state.at(at));
    ++type_changes;
    EXPECT_FALSE(loads(damaged)) << at.to_string() << " changed from " << state.at(at).type_name();
  };
  std::function<void(const json::json_pointer&)> visit = [&](const json::json_pointer& at) {
    const json& node = state.at(at);
    if (node.is_object()) {
      for (const auto& [key, value] : node.items()) {
        if (sampler.below(kFieldOneIn) == 0) {
          json damaged = state;
          damaged.at(at).erase(key);
          ++deletions;
          EXPECT_FALSE(loads(damaged)) << (at / key).to_string() << " deleted";
          change_type(at / key);
        }
        visit(at / key);
      }
    } else if (node.is_array() && !node.empty()) {
      if (sampler.below(kFieldOneIn) == 0) change_type(at / 0);
      visit(at / 0);
    }
  };
  visit(json::json_pointer{});
  EXPECT_GT(deletions, kUnderAsan ? 25 : 100);
  EXPECT_GE(type_changes, deletions);
}

}  // namespace
}  // namespace dune

// Typed zones (issue 14 item 2): the card zones of GameState are the catalogue's zone containers,
// transfer() is the one way a card moves between them (transfer_forces for the counted forces), and
// no rules file changes a zone any other way (a source scan over engine/, like the
// alliance-producer scan of tests/nexus).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>

#include "model/state.h"

namespace dune {
namespace {

TEST(ZonesTest, TransferMovesOneCardBetweenZonesOfItsKind) {
  GameState s;
  s.seats.resize(1);
  place_new(s.treachery.deck, TreacheryCardId{7});
  place_new(s.treachery.deck, TreacheryCardId{3});
  EXPECT_TRUE(transfer(s.treachery.deck, s.seat(Seat{0}).hand, TreacheryCardId{7}));
  EXPECT_TRUE(transfer(s.treachery.deck, s.seat(Seat{0}).hand, TreacheryCardId{3}));
  EXPECT_EQ(s.seat(Seat{0}).hand, (std::vector<TreacheryCardId>{TreacheryCardId{3}, TreacheryCardId{7}}));  // a hand is sorted
  EXPECT_TRUE(s.treachery.deck.empty());
  EXPECT_FALSE(transfer(s.treachery.deck, s.seat(Seat{0}).hand, TreacheryCardId{3}));  // not there: nothing changes
  EXPECT_EQ(s.seat(Seat{0}).hand.size(), 2u);
  EXPECT_TRUE(transfer(s.seat(Seat{0}).hand, s.treachery.discard, TreacheryCardId{7}));
  EXPECT_EQ(s.treachery.discard.back(), TreacheryCardId{7});  // the discard's top
}

TEST(ZonesTest, ASeatHoldsAtMostOneNexusCard) {
  GameState s;
  place_new(s.nexus.deck, NexusCardId{Faction::Fremen});
  place_new(s.nexus.deck, NexusCardId{Faction::Emperor});
  EXPECT_TRUE(transfer(s.nexus.deck, s.nexus.held[0], NexusCardId{Faction::Fremen}));
  EXPECT_FALSE(transfer(s.nexus.deck, s.nexus.held[0], NexusCardId{Faction::Emperor}));  // the slot is full
  EXPECT_EQ(s.nexus.held[0], NexusCardId{Faction::Fremen});
  EXPECT_EQ(s.nexus.deck.size(), 1u);
  EXPECT_TRUE(transfer(s.nexus.held[0], s.nexus.discard, NexusCardId{Faction::Fremen}));
  EXPECT_EQ(s.nexus.held[0], std::nullopt);
}

TEST(ZonesTest, AWholePileMovesOldestFirstAndOntoTheTopInOrder) {
  GameState s;
  s.treachery.discard = {TreacheryCardId{1}, TreacheryCardId{2}};
  transfer_all(s.treachery.discard, s.treachery.deck);
  EXPECT_TRUE(s.treachery.discard.empty());
  EXPECT_EQ(s.treachery.deck.unseen.size(), 2u);  // shuffled in: unseen
  s.bidding.lots = {TreacheryCardId{5}, TreacheryCardId{6}};
  for (TreacheryCardId c : {TreacheryCardId{6}, TreacheryCardId{5}}) transfer_onto_top(s.bidding.lots, s.treachery.deck, c);
  EXPECT_EQ(s.treachery.deck.known_top, (std::vector<TreacheryCardId>{TreacheryCardId{5}, TreacheryCardId{6}}));
}

// Every line of a rules file that changes a card zone by hand: a zone member of GameState with a
// mutating call or an assignment, a force count changed, or a mutable alias of a zone (which could
// be changed unseen).
// Deliberate mutants (`mutant_active` lines) are the exception.
std::vector<std::string> hand_made_zone_changes(const std::filesystem::path& file) {
  static const std::string zones = "(hand|traitors|traitor_offer|discard|deck|set_aside|lots|traitor_deck|known_top|unseen)";
  static const std::regex zone_change(
      R"((\.|->)\s*)" + zones + R"(\b(\[[^\]]*\])?\s*)"
      R"((\.\s*(push_back|insert|erase|clear|pop_back|emplace_back|emplace|add_unseen|take_top|take_unseen|reset|assign|resize|swap)\s*\(|=[^=]))"
      R"(|(\.|->)\s*held\s*\[[^\]]*\]\s*(\.\s*(reset|emplace)\s*\(|=[^=]))");
  // Force counts: a seat's reserves and Tanks, the board's cells (transfer_forces moves them).
  static const std::regex force_change(
      R"(\b(reserves|tanks)_(normal|special)\s*([-+]?=[^=]|\+\+|--))"
      R"(|\bboard\s*\.\s*(normal|special)\s*\[[^\]]*\]\s*\[[^\]]*\]\s*([-+]?=[^=]|\+\+|--))");
  static const std::regex mutable_alias(R"(^\s*auto\s*&\s*\w+\s*=\s*[^;]*(\.|->)\s*)" + zones + R"(\b(\[[^\]]*\])?\s*;)");
  std::vector<std::string> out;
  std::ifstream in(file);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    const auto code = line.substr(0, line.find("//"));
    if (code.find("mutant_active") != std::string::npos) continue;
    if (std::regex_search(code, zone_change) || std::regex_search(code, force_change) ||
        std::regex_search(code, mutable_alias)) {
      out.push_back(file.filename().string() + ":" + std::to_string(n) + ": " + line);
    }
  }
  return out;
}

TEST(ZonesTest, NoRulesFileChangesAZoneWithoutTheTransfer) {
  const std::filesystem::path engine = std::filesystem::path(DUNE_SOURCE_DIR) / "engine";
  std::vector<std::string> found;
  std::size_t files = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(engine)) {
    const auto ext = entry.path().extension();
    if (ext != ".cpp" && ext != ".h") continue;
    // Views read a const state (the compiler rejects a change there); their own fields share names.
    if (entry.path().filename() == "projection.cpp") continue;
    ++files;
    for (std::string& f : hand_made_zone_changes(entry.path())) found.push_back(std::move(f));
  }
  EXPECT_GT(files, 20u);
  for (const std::string& f : found) ADD_FAILURE() << "a zone changed without transfer(): " << f;
}

// The scan sees what it must: a planted hand-made change in a copy of a rules line.
TEST(ZonesTest, TheScanCatchesAHandMadeChange) {
  const auto file = std::filesystem::temp_directory_path() / "dunecheck_zone_scan_probe.cpp";
  std::ofstream(file) << "void f(GameState& state) {\n  state.treachery.discard.push_back(card);\n"
                      << "  state.nexus.held[seat.value] = card;\n  auto& hand = state.seat(seat).hand;\n"
                      << "  const auto& seen = state.seat(seat).hand;\n  transfer(state.seat(seat).hand, state.treachery.discard, card);\n"
                      << "  state.seat(seat).reserves_normal -= n;\n  s.board.special[index(c)][index(f)] += n;\n"
                      << "  if (s.seat(seat).tanks_normal == n) return;\n}\n";
  EXPECT_EQ(hand_made_zone_changes(file).size(), 5u);
  std::filesystem::remove(file);
}

}  // namespace
}  // namespace dune

// Census, conservation and capacity: each checker bites on a planted fault, and holds after every
// step of random legal games.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/chance_source.h"
#include "generators/random_player.h"
#include "invariants/census.h"
#include "invariants/conservation.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

GameState opening(const Options& options, std::uint64_t seed) {
  SeededChance chance(seed);
  return settle(std::get<GameState>(new_game(options)), chance);
}

Spice ledger_total(const GameState& s) {
  Spice total = s.bank;
  for (const SeatState& seat : s.seats) total += seat.spice + seat.in_front_of_shield;
  for (Spice c : s.board.spice) total += c;
  return total;
}

bool names(const Violations& v, const std::string& invariant, const std::string& fragment) {
  for (const Violation& x : v) {
    if (x.invariant == invariant && x.message.find(fragment) != std::string::npos) return true;
  }
  return false;
}

TEST(CensusTest, HoldsAtTheOpening) {
  const GameState s = opening(Options::advanced(kBaseFactions), 1);
  EXPECT_EQ(check_census(s), Violations{});
  EXPECT_EQ(check_capacity(s), Violations{});
}

TEST(CensusTest, ACardInTwoZonesIsNamedWithBothZones) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  ASSERT_FALSE(s.treachery.deck.unseen.empty());
  const TreacheryCardId card = s.treachery.deck.unseen.front();
  s.treachery.discard.push_back(card);  // the same physical card also on the discard
  const Violations v = check_census(s);
  EXPECT_TRUE(names(v, "census.Treachery", "in 2 zones")) << (v.empty() ? "" : v.front().message);
  EXPECT_TRUE(names(v, "census.Treachery", "discard"));
}

TEST(CensusTest, ALostCardIsCounted) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  s.treachery.deck.unseen.pop_back();
  EXPECT_TRUE(names(check_census(s), "census.Treachery", "32 Treachery cards accounted for, the catalogue has 33"));
}

// A card swapped for one this setup does not use (an E1 Treachery card in a base game, the traitor
// of a faction not at the table): the counts still match, the identity does not.
TEST(CensusTest, ACardFromOutsideTheSetupIsNamed) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  std::optional<TreacheryCardId> e1;
  for (std::uint8_t id = 0; id < kTreacheryCardCount && !e1; ++id) {
    if (card_type(TreacheryCardId{id}).expansion == Expansion::IxiansTleilaxu) e1 = TreacheryCardId{id};
  }
  ASSERT_TRUE(e1);
  s.treachery.deck.unseen.back() = *e1;
  EXPECT_TRUE(names(check_census(s), "census.Treachery", "is not part of this game"));
  GameState t = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  const LeaderId fremen = ordinary_leaders(Faction::Fremen).front();
  t.seat(Seat{1}).traitors.back() = TraitorCardId{fremen.value};
  EXPECT_TRUE(names(check_census(t), "census.traitor", "is not part of this game"));
}

TEST(CensusTest, ATraitorDealtTwiceIsCaught) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  ASSERT_EQ(s.seat(Seat{1}).traitors.size(), 4U);  // Harkonnen keep all four at once
  s.seat(Seat{0}).traitors.push_back(s.seat(Seat{1}).traitors.front());
  EXPECT_TRUE(names(check_census(s), "census.traitor", "in 2 zones"));
}

TEST(ConservationTest, ForcesFromNowhereAreCaught) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  s.board.normal[5][index(Faction::Atreides)] += ForceCount{1};
  EXPECT_TRUE(names(check_census(s), "conservation.forces", "Atreides forces: 21 normal"));
}

TEST(ConservationTest, SpiceFromNowhereBreaksTheLedger) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  const Spice total = ledger_total(s);
  EXPECT_EQ(check_spice_ledger(s, total), Violations{});
  s.seat(Seat{0}).spice += Spice{3};
  EXPECT_TRUE(names(check_spice_ledger(s, total), "conservation.spice", "adds up to"));
}

TEST(CapacityTest, AnOverfullHandIsCaught) {
  GameState s = opening(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  while (s.seat(Seat{0}).hand.size() < 5) {
    s.seat(Seat{0}).hand.push_back(s.treachery.deck.unseen.back());
    s.treachery.deck.unseen.pop_back();
  }
  EXPECT_TRUE(names(check_capacity(s), "capacity.hand", "Atreides holds 5 Treachery cards, over its limit of 4"));
}

// Every step of random legal games keeps the census, conservation and capacity.
RC_GTEST_PROP(InvariantsTest, HoldAfterEveryStepOfRandomGames, ()) {
  const auto seats = static_cast<std::size_t>(*rc::gen::inRange(2, 7));
  std::vector<Faction> factions(kBaseFactions.begin(), kBaseFactions.begin() + static_cast<std::ptrdiff_t>(seats));
  const Options options = *rc::gen::arbitrary<bool>() ? Options::advanced(factions) : Options::basic(factions);
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  std::optional<Spice> opening_total;
  Violations found;
  std::string where;
  generators::play_random_game(options, seed, 400, [&](const GameState& before, const LogEntry& entry, const GameState& after) {
    if (!found.empty()) return;
    if (!opening_total) opening_total = ledger_total(before);
    for (Violations v : {check_census(after), check_capacity(after), check_spice_ledger(after, *opening_total)}) {
      found.insert(found.end(), v.begin(), v.end());
    }
    if (!found.empty()) where = generators::describe(before, entry);
  });
  if (!found.empty()) RC_FAIL(found.front().invariant + ": " + found.front().message + " after " + where);
}

}  // namespace
}  // namespace dune::invariants

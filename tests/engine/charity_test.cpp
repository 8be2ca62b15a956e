// CHOAM Charity (fact sheet §6.2 row 3; [LR] 1.03, 2.02.09) as scenarios.
#include <gtest/gtest.h>

#include "engine/internal.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;
using testing::seat_of;

// A game entering CHOAM Charity on turn 2 with the given spice holdings (moved to or from the bank).
GameState at_charity(const std::vector<Faction>& factions, const std::vector<int>& spice) {
  GameState s = std::get<GameState>(new_game(Options::basic(factions)));
  s.chance.reset();
  s.turn = 2;
  for (std::size_t i = 0; i < factions.size(); ++i) {
    SeatState& seat = s.seats[i];
    s.bank += seat.spice - Spice{spice[i]};
    seat.spice = Spice{spice[i]};
  }
  enter_phase(s, Phase::ChoamCharity);
  return s;
}

TEST(CharityTest, PlayersWithZeroOrOneSpiceClaimUpToTwo) {
  SeededChance chance(1);
  GameState s = at_charity({Faction::Atreides, Faction::Harkonnen, Faction::Fremen, Faction::Emperor}, {0, 1, 6, 2});
  const Spice bank = s.bank;
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const Seat emperor = seat_of(s, Faction::Emperor);
  ASSERT_EQ(s.step, Step::Charity);
  EXPECT_EQ(pending(s).size(), 4U);  // everyone answers: the pending set reveals no spice

  expect_rejected(s, envelope(s, fremen, ClaimCharity{}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, emperor, ClaimCharity{}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, ProposeAlliance{Faction::Atreides}), RejectCode::WrongPhase);
  EXPECT_EQ(testing::step_commands(s, fremen), std::vector<Command>{Pass{}});
  EXPECT_EQ(legal_commands(s, atreides), (std::vector<Command>{ClaimCharity{}, Pass{}}));

  s = play(s, atreides, ClaimCharity{}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{2});
  expect_rejected(s, envelope(s, atreides, ClaimCharity{}), RejectCode::NotYourTurn);  // once a turn
  s = play(s, harkonnen, ClaimCharity{}, chance);
  EXPECT_EQ(s.seat(harkonnen).spice, Spice{2});
  EXPECT_EQ(s.bank, bank - Spice{3});
  s = play(s, fremen, Pass{}, chance);
  EXPECT_EQ(s.phase, Phase::ChoamCharity);
  s = play(s, emperor, Pass{}, chance);
  EXPECT_EQ(s.phase, Phase::Bidding);
  EXPECT_EQ(s.seat(fremen).spice, Spice{6});
}

TEST(CharityTest, BeneGesseritAlwaysReceiveTwo) {
  SeededChance chance(1);
  GameState s = at_charity({Faction::BeneGesserit, Faction::Atreides}, {5, 1});
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  const Seat atreides = seat_of(s, Faction::Atreides);
  s = play(s, bg, ClaimCharity{}, chance);  // [LR] 2.02.09, basic
  EXPECT_EQ(s.seat(bg).spice, Spice{7});
  s = play(s, atreides, ClaimCharity{}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{2});

  GameState one = at_charity({Faction::BeneGesserit, Faction::Atreides}, {1, 4});
  one = play(one, bg, ClaimCharity{}, chance);
  EXPECT_EQ(one.seat(bg).spice, Spice{3});  // at least 2 of charity, not just up to 2
  expect_rejected(one, envelope(one, atreides, ClaimCharity{}), RejectCode::IllegalChoice);
}

}  // namespace
}  // namespace dune

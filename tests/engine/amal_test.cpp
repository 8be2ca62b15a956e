// E1's Amal (engine/amal.cpp; README rules status, "E1 Treachery cards"): a public window at the
// start of every phase, asking every seat holding cards; the play halves the spice behind every
// shield, rounded up, to the bank, and the phase starts when every asked seat has passed.
#include <gtest/gtest.h>

#include "engine/internal.h"
#include "model/cards.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;
using testing::seat_of;

Options with_amal(Options o) {
  o.cards.e1_amal = true;
  return o;
}

void hold(GameState& s, Faction f, std::string_view name) {
  const TreacheryCardId card = testing::card_named(name);
  ASSERT_TRUE(s.treachery.deck.take_unseen(card));
  s.seat(seat_of(s, f)).hand.push_back(card);
}

// The end of the Battle phase of turn 2, spice set per seat: the Atreides hold Amal, the Harkonnen
// a Baliset, the Emperor no card.
GameState after_battle() {
  GameState s = testing::started(with_amal(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor})));
  s.phase = Phase::Battle;
  hold(s, Faction::Atreides, "Amal");
  hold(s, Faction::Harkonnen, "Baliset");
  s.seat(seat_of(s, Faction::Atreides)).spice = Spice{10};
  s.seat(seat_of(s, Faction::Harkonnen)).spice = Spice{7};
  s.seat(seat_of(s, Faction::Harkonnen)).in_front_of_shield = Spice{3};
  s.seat(seat_of(s, Faction::Emperor)).spice = Spice{1};
  return s;
}

TEST(AmalTest, TheWindowAtAPhaseStartAsksEverySeatHoldingCardsAndThePlayHalvesEveryShieldRoundedUp) {
  SeededChance chance(1);
  GameState s = after_battle();
  const Seat at = seat_of(s, Faction::Atreides), hk = seat_of(s, Faction::Harkonnen), em = seat_of(s, Faction::Emperor);
  const Spice bank = s.bank;
  enter_phase(s, Phase::SpiceCollection);
  // Between the two phases: Battle has ended, Spice Collection has not begun.
  ASSERT_EQ(s.step, Step::AmalWindow);
  EXPECT_EQ(s.phase, Phase::Battle);
  EXPECT_EQ(s.amal.starting, Phase::SpiceCollection);
  EXPECT_EQ(pending(s), (std::vector<Seat>{at, hk}));
  expect_rejected(s, envelope(s, em, Pass{}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, hk, PlayAmal{}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, at, PlayThumper{}), RejectCode::WrongPhase);
  s = play(s, at, PlayAmal{}, chance);
  EXPECT_EQ(s.seat(at).spice, Spice{5});
  EXPECT_EQ(s.seat(hk).spice, Spice{3});               // 7: 4 discarded, rounded up
  EXPECT_EQ(s.seat(hk).in_front_of_shield, Spice{3});  // bribes stay
  EXPECT_EQ(s.seat(em).spice, Spice{0});
  EXPECT_EQ(s.bank, bank + Spice{10});
  EXPECT_EQ(s.treachery.discard.back(), testing::card_named("Amal"));
  // The play answers nothing: the window waits for both passes.
  ASSERT_EQ(s.step, Step::AmalWindow);
  EXPECT_EQ(pending(s), (std::vector<Seat>{at, hk}));
  EXPECT_EQ(testing::step_commands(s, at), std::vector<Command>{Pass{}});
  s = play(s, hk, Pass{}, chance);
  ASSERT_EQ(s.step, Step::AmalWindow);
  s = play(s, at, Pass{}, chance);
  EXPECT_EQ(s.phase, Phase::SpiceCollection);
  EXPECT_EQ(s.step, Step::Collection);
  EXPECT_FALSE(s.amal.starting.has_value());
}

// Held only while Amal could be in a hand by public facts: not once it lies face up, nor when no
// seat holds a card, nor without the set.
TEST(AmalTest, NoWindowWhenAmalIsFaceUpOrNoSeatHoldsACard) {
  GameState s = after_battle();
  GameState face_up = s;
  const Seat at = seat_of(s, Faction::Atreides);
  discard_from_hand(face_up, at, testing::card_named("Amal"));
  enter_phase(face_up, Phase::SpiceCollection);
  EXPECT_EQ(face_up.step, Step::Collection);
  GameState empty = s;
  for (SeatState& seat : empty.seats) seat.hand.clear();
  enter_phase(empty, Phase::SpiceCollection);
  EXPECT_EQ(empty.step, Step::Collection);
  GameState without = s;
  without.options.cards.e1_amal = false;
  enter_phase(without, Phase::SpiceCollection);
  EXPECT_EQ(without.step, Step::Collection);
}

// The window before a turn's Storm belongs to the Mentat Pause that ended: the turn is counted when
// it closes. Turn 1's Storm has one too, right after setup.
TEST(AmalTest, TheNextTurnBeginsWhenTheWindowBeforeItsStormCloses) {
  SeededChance chance(1);
  GameState s = after_battle();
  s.phase = Phase::MentatPause;
  enter_phase(s, Phase::Storm);
  ASSERT_EQ(s.step, Step::AmalWindow);
  EXPECT_EQ(s.turn, 2);
  for (Seat seat : pending(s)) s = play(s, seat, Pass{}, chance);
  EXPECT_EQ(s.turn, 3);
  EXPECT_EQ(s.phase, Phase::Storm);

  GameState first = testing::past_setup(with_amal(Options::basic({Faction::Atreides, Faction::Harkonnen})), 3);
  ASSERT_EQ(first.step, Step::AmalWindow);
  EXPECT_EQ(first.turn, 1);
  EXPECT_EQ(first.amal.starting, Phase::Storm);
  for (Seat seat : pending(first)) first = play(first, seat, Pass{}, chance);
  EXPECT_EQ(first.step, Step::StormDial);
  EXPECT_EQ(first.turn, 1);
}

}  // namespace
}  // namespace dune

// The Harkonnen Nexus family (seed 000, Harkonnen row): the traitor exchange ("draw ... then choose
// ... to shuffle back", nothing in between), the Cunning at any time (at the action boundary), the
// Secret Ally in the Mentat Pause, and the Betrayal's replacement owed after the battle. The
// panels' printed examples are the scenario fixtures tests/scenarios/nexus/harkonnen_*.json.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/nexus/family.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

const NexusCardId kHarkonnenCard{Faction::Harkonnen};

bool holds(const GameState& s, Seat seat, TraitorCardId t) {
  const auto& held = s.seat(seat).traitors;
  return std::find(held.begin(), held.end(), t) != held.end();
}

// Seed 000: "At any time, draw a Traitor Card into the hand, then choose one held Traitor Card to
// shuffle back." Played at a decision of theirs (here their Shipment), the draw comes first; then
// only the return is accepted, and the Shipment goes on unchanged.
TEST(HarkonnenNexus, CunningAtAnyTimeDrawsThenShufflesOneBackAndNothingComesBetween) {
  StagedChance chance(9);
  GameState s = audit_game(false, kFour);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  give(s, harkonnen, Faction::Harkonnen);
  s = at_shipment_of(std::move(s), harkonnen, chance);
  ASSERT_EQ(s.step, Step::Shipment);
  const auto before = s.seat(harkonnen).traitors.size();
  const auto deck = s.traitor_deck.size();
  // Offered among the plays at any time, not as the step's own decision.
  const auto legal = legal_commands(s, harkonnen);
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{PlayNexus{kHarkonnenCard, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}}}),
            legal.end());
  s = play(s, harkonnen, PlayNexus{kHarkonnenCard, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}}, chance);
  ASSERT_TRUE(s.nexus.traitor_exchange);
  EXPECT_EQ(s.nexus.traitor_exchange->draws, 0);
  EXPECT_EQ(s.nexus.traitor_exchange->returns, 1);
  EXPECT_EQ(s.seat(harkonnen).traitors.size(), before + 1);
  EXPECT_EQ(s.traitor_deck.size(), deck - 1);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  expect_rejected(s, envelope(s, harkonnen, Ship{kArrakeen, ForceCount{1}, ForceCount{0}, false}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, harkonnen, GiveSpice{seat_of(s, Faction::Atreides)}), RejectCode::WrongPhase);
  const TraitorCardId back = s.seat(harkonnen).traitors.front();
  s = play(s, harkonnen, ReturnTraitor{back}, chance);
  EXPECT_FALSE(s.nexus.traitor_exchange);
  EXPECT_FALSE(holds(s, harkonnen, back));
  EXPECT_EQ(s.seat(harkonnen).traitors.size(), before);
  EXPECT_EQ(s.traitor_deck.size(), deck);
  EXPECT_EQ(s.step, Step::Shipment);  // the step resumes, the Harkonnen still to ship
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  EXPECT_EQ(s.nexus.receipts.size(), 1U);
}

// Seed 000: "During Mentat Pause draw two Traitor Cards, then choose two held cards to shuffle
// back." Refused in another phase; at the Mentat Pause before the player's answer, two draws, two
// returns, and the player still answers the decision point.
TEST(HarkonnenNexus, SecretAllyAtTheMentatPauseDrawsTwoThenShufflesTwoBack) {
  StagedChance chance(9);
  GameState s = audit_game(false, {Faction::Atreides, Faction::Emperor, Faction::Fremen});
  const Seat atreides = seat_of(s, Faction::Atreides);
  give(s, atreides, Faction::Harkonnen);
  const PlayNexus play_card{kHarkonnenCard, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}};
  s = at_shipment_of(std::move(s), atreides, chance);
  expect_rejected(s, envelope(s, atreides, play_card), RejectCode::WrongPhase);
  s.phase = Phase::MentatPause;
  enter_phase(s, Phase::MentatPause);
  s = settle(std::move(s), chance);
  ASSERT_EQ(s.step, Step::MentatPause);
  const auto before = s.seat(atreides).traitors.size();
  s = play(s, atreides, play_card, chance);
  ASSERT_TRUE(s.nexus.traitor_exchange);
  EXPECT_EQ(s.seat(atreides).traitors.size(), before + 2);
  EXPECT_EQ(s.nexus.traitor_exchange->returns, 2);
  s = play(s, atreides, ReturnTraitor{s.seat(atreides).traitors.front()}, chance);
  EXPECT_TRUE(s.nexus.traitor_exchange);
  s = play(s, atreides, ReturnTraitor{s.seat(atreides).traitors.back()}, chance);
  EXPECT_FALSE(s.nexus.traitor_exchange);
  EXPECT_EQ(s.seat(atreides).traitors.size(), before);
  EXPECT_EQ(s.step, Step::MentatPause);
  const auto awaited = pending(s);
  EXPECT_NE(std::find(awaited.begin(), awaited.end(), atreides), awaited.end());  // still to answer
  expect_rejected(s, envelope(s, atreides, play_card), RejectCode::IllegalChoice);   // the card is gone
}

// Seed 000: "A canceled Harkonnen traitor owes a later replacement even after the original battle
// is finished." The receipt of a Betrayal of an earlier phase binds until the Mentat Pause, which
// begins with the Harkonnen drawing the replacement; a second Mentat Pause owes nothing.
TEST(HarkonnenNexus, BetrayalReplacementIsDrawnAsTheMentatPauseBegins) {
  StagedChance chance(9);
  GameState s = audit_game(false, kFour);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), emperor = seat_of(s, Faction::Emperor);
  s.turn = 2;
  NexusReceipt r;
  r.id = 1;
  r.seat = emperor;
  r.card = kHarkonnenCard;
  r.mode = NexusMode::Betrayal;
  r.turn = 2;
  r.phase = Phase::Battle;
  r.delayed = true;
  r.consumed = false;
  s.nexus.receipts.push_back(r);
  const TraitorCardId cancelled = s.seat(harkonnen).traitors.front();  // as cancel_traitor_call shuffles it back
  transfer(s.seat(harkonnen).traitors, s.traitor_deck, cancelled);
  const auto short_one = s.seat(harkonnen).traitors.size();
  enter_phase(s, Phase::MentatPause);
  s = settle(std::move(s), chance);
  EXPECT_EQ(s.step, Step::MentatPause);
  EXPECT_FALSE(s.nexus.traitor_exchange);
  EXPECT_EQ(s.seat(harkonnen).traitors.size(), short_one + 1);
  EXPECT_TRUE(s.nexus.receipts[0].consumed);
  GameState again = s;
  enter_phase(again, Phase::MentatPause);
  again = settle(std::move(again), chance);
  EXPECT_EQ(again.seat(harkonnen).traitors.size(), short_one + 1);
}

}  // namespace
}  // namespace dune

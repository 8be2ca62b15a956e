// Cards outside battle: Truthtrance and Tleilaxu Ghola (fact sheet §4.1), and the action boundary of
// plays made at any time (issue 16 item 14).
#include <gtest/gtest.h>

#include "engine/cards.h"
#include "engine/internal.h"
#include "model/cards.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;

using testing::card_named;

// Atreides (seat 0) and Harkonnen (seat 1) at traitor selection, with chosen hands.
GameState at_traitor_selection(std::vector<TreacheryCardId> atreides_hand, std::vector<TreacheryCardId> harkonnen_hand) {
  SeededChance chance(11);
  GameState s = testing::start(Options::basic({Faction::Atreides, Faction::Harkonnen}), chance);
  EXPECT_EQ(s.step, Step::SetupTraitorSelection);
  s.seat(Seat{0}).hand = std::move(atreides_hand);
  s.seat(Seat{1}).hand = std::move(harkonnen_hand);
  return s;
}

TEST(CardsTest, TruthtranceIsAnsweredTruthfullyAndPublicly) {
  GameState s = at_traitor_selection({card_named("Truthtrance")}, {card_named("Karama"), card_named("Lasgun")});
  SeededChance chance(1);
  const auto legal = legal_commands(s, Seat{0});
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsKarama}}), legal.end());
  s = play(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsKarama}, chance);
  ASSERT_EQ(s.truthtrance_answers.size(), 1U);
  EXPECT_TRUE(s.truthtrance_answers[0].answer);
  EXPECT_TRUE(s.seat(Seat{0}).hand.empty());  // the card is discarded
  EXPECT_EQ(s.treachery.discard.back(), card_named("Truthtrance"));
  EXPECT_EQ(pending(s), std::vector<Seat>{Seat{0}});  // still awaited for its own traitor choice
}

TEST(CardsTest, TruthtranceAnswersEachQuestionFromTheState) {
  GameState s = at_traitor_selection({}, {card_named("Lasgun")});
  s.seat(Seat{1}).spice = Spice{10};
  s.seat(Seat{1}).traitors = {TraitorCardId{0}};  // Thufir Hawat, an Atreides leader
  EXPECT_TRUE(truthful_answer(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsWeapon}));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsDefense}));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsKarama}));
  EXPECT_TRUE(truthful_answer(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HasAtLeastTenSpice}));
  EXPECT_TRUE(truthful_answer(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsTraitorOfMine}));
  s.seat(Seat{1}).spice = Spice{9};
  EXPECT_FALSE(truthful_answer(s, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HasAtLeastTenSpice}));
}

TEST(CardsTest, TruthtranceNeedsTheCardAndAnotherPlayer) {
  const GameState s = at_traitor_selection({card_named("Truthtrance")}, {});
  expect_rejected(s, envelope(s, Seat{0}, PlayTruthtrance{Seat{0}, TruthtranceQuestion::HoldsKarama}), RejectCode::IllegalChoice);
  GameState holds_none = s;
  holds_none.seat(Seat{0}).hand.clear();
  expect_rejected(holds_none, envelope(holds_none, Seat{0}, PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsKarama}),
                  RejectCode::IllegalChoice);
  // Cards are played only by an awaited seat: Harkonnen keep all four traitors and wait here.
  expect_rejected(s, envelope(s, Seat{1}, PlayTruthtrance{Seat{0}, TruthtranceQuestion::HoldsKarama}), RejectCode::NotYourTurn);
}

TEST(CardsTest, GholaRevivesALeaderOrUpToFiveForcesFree) {
  GameState s = at_traitor_selection({card_named("Tleilaxu Ghola")}, {});
  s.leaders[0].where = LeaderLocation::Tanks;  // Thufir Hawat
  s.seat(Seat{0}).tanks_normal = ForceCount{7};
  s.seat(Seat{0}).reserves_normal = ForceCount{3};
  expect_rejected(s, envelope(s, Seat{0}, PlayGhola{std::nullopt, ForceCount{6}}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, PlayGhola{LeaderId{1}, ForceCount{0}}), RejectCode::IllegalChoice);  // alive
  expect_rejected(s, envelope(s, Seat{0}, PlayGhola{LeaderId{20}, ForceCount{0}}), RejectCode::IllegalChoice); // not own
  SeededChance chance(1);
  const GameState forces = play(s, Seat{0}, PlayGhola{std::nullopt, ForceCount{5}}, chance);
  EXPECT_EQ(forces.seat(Seat{0}).tanks_normal, ForceCount{2});
  EXPECT_EQ(forces.seat(Seat{0}).reserves_normal, ForceCount{8});
  EXPECT_EQ(forces.seat(Seat{0}).spice, s.seat(Seat{0}).spice);  // free
  const GameState leader = play(s, Seat{0}, PlayGhola{LeaderId{0}, ForceCount{0}}, chance);
  EXPECT_EQ(leader.leaders[0].where, LeaderLocation::Available);
  EXPECT_TRUE(leader.seat(Seat{0}).hand.empty());
}


// Harkonnen (seat 0, aggressor) and the Emperor (seat 1) in Carthag, at the battle plans; the
// Emperor holds a Tleilaxu Ghola and has forces in the Tanks.
GameState at_battle_plans() {
  GameState s = testing::started(Options::basic({Faction::Harkonnen, Faction::Emperor}));
  s.board.normal[4][index(Faction::Harkonnen)] = ForceCount{10};  // Carthag
  s.board.normal[4][index(Faction::Emperor)] = ForceCount{8};
  s.seat(Seat{1}).reserves_normal -= ForceCount{3};
  s.seat(Seat{1}).tanks_normal = ForceCount{3};
  s.treachery.deck.take_unseen(card_named("Tleilaxu Ghola"));
  s.seat(Seat{1}).hand = {card_named("Tleilaxu Ghola")};
  enter_phase(s, Phase::Battle);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
  return s;
}

// Seed 000: a play with no printed phase "cannot bypass another player's committed private
// choice". Once Harkonnen have committed a part of their plan, the Emperor (still awaited) may not
// play the Ghola until the plans are revealed; before it, he may.
TEST(CardsTest, APlayAtAnyTimeCannotLandBetweenAnotherSeatsCommittedPlanAndItsReveal) {
  GameState s = at_battle_plans();
  const Command ghola = PlayGhola{std::nullopt, ForceCount{3}};
  const auto listed = [](const GameState& st, const Command& c) {
    const auto legal = legal_commands(st, Seat{1});
    return std::find(legal.begin(), legal.end(), c) != legal.end();
  };
  EXPECT_TRUE(listed(s, ghola));  // nothing committed yet
  SeededChance chance(3);
  const LeaderId feyd = [] {
    for (std::size_t l = 0; l < kLeaderCount; ++l) if (kLeaders[l].name == "Feyd Rautha") return leader_at(l);
    return LeaderId{0};
  }();
  s = play(s, Seat{0}, PlanBattle{feyd, std::nullopt, std::nullopt, std::nullopt, false}, chance);
  ASSERT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));  // both still plan
  EXPECT_FALSE(listed(s, ghola));
  expect_rejected(s, envelope(s, Seat{1}, ghola), RejectCode::WrongPhase);
  // Harkonnen's own play is not held back by its own commitment.
  s.treachery.deck.take_unseen(card_named("Truthtrance"));
  s.seat(Seat{0}).hand = {card_named("Truthtrance")};
  const auto legal = legal_commands(s, Seat{0});
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsKarama}}), legal.end());
}

// The same boundary for the first storm's dials, which are revealed together ([LR] 0.16).
TEST(CardsTest, APlayAtAnyTimeWaitsForTheOtherStormDial) {
  SeededChance chance(11);
  GameState s = testing::past_setup(Options::basic({Faction::Atreides, Faction::Harkonnen}), 11);
  ASSERT_EQ(s.step, Step::StormDial);
  s.treachery.deck.take_unseen(card_named("Truthtrance"));
  s.seat(Seat{0}).hand = {card_named("Truthtrance")};
  const Command truthtrance = PlayTruthtrance{Seat{1}, TruthtranceQuestion::HoldsKarama};
  s = play(s, Seat{1}, DialStorm{3}, chance);
  expect_rejected(s, envelope(s, Seat{0}, truthtrance), RejectCode::WrongPhase);
}

}  // namespace
}  // namespace dune

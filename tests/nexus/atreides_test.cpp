// The Atreides Nexus family (seed 000, Atreides row, "Effect integration boundaries"): each panel
// in Basic and Advanced, Betrayal stopping a Prescience attempt, "the second element must differ".
#include <gtest/gtest.h>

#include "engine/battle.h"
#include "engine/projection.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

// A battle in Arrakeen between the first faction (there from setup or placed) and `opponent`.
GameState battle(bool advanced, std::vector<Faction> factions, Faction a, Faction opponent) {
  GameState s = audit_game(advanced, factions);
  s.storm.sector = Sector{0};
  for (Faction f : {a, opponent}) {
    if (forces_in_cell(s, f, kArrakeen) > ForceCount{0}) continue;
    SeatState& seat = s.seat(seat_of(s, f));
    seat.reserves_normal -= ForceCount{3};
    s.board.normal[index(kArrakeen)][index(f)] += ForceCount{3};
  }
  s.turn = 2;
  enter_phase(s, Phase::Battle);
  return s;
}

// The first legal command of that kind for `seat`.
template <class C>
C first_legal(const GameState& s, Seat seat) {
  for (const Command& c : legal_commands(s, seat)) {
    if (const auto* x = std::get_if<C>(&c)) return *x;
  }
  ADD_FAILURE() << "no legal command of that kind";
  return C{};
}

GameState commit_plan(GameState s, Seat seat, ChanceSource& chance) {
  return play(s, seat, first_legal<PlanBattle>(s, seat), chance);
}
GameState commit_wheel(GameState s, Seat seat, ChanceSource& chance) {
  return play(s, seat, first_legal<DialBattle>(s, seat), chance);
}

bool saw_nexus(const GameState& s, Seat seat) {
  for (const Sighting& x : s.knowledge.sightings) {
    if (x.seat == seat && x.what.rfind("Nexus card (Atreides)", 0) == 0) return true;
  }
  return false;
}

class AtreidesNexus : public ::testing::TestWithParam<bool> {};  // Basic, Advanced

TEST_P(AtreidesNexus, CunningObtainsASecondDifferentElementPrivately) {
  StagedChance chance(21);
  GameState s = battle(GetParam(), kFour, Faction::Atreides, Faction::Harkonnen);
  const Seat atreides = seat_of(s, Faction::Atreides), harkonnen = seat_of(s, Faction::Harkonnen);
  ASSERT_EQ(s.battle.stage, BattleStage::Prescience);
  give(s, atreides, Faction::Atreides);
  s = play(s, atreides, UsePrescience{PlanElement::Dial}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::PrescienceAnswer);  // nobody else holds a card: no window
  EXPECT_EQ(s.battle.prescience_attempt, 1u);
  s = commit_wheel(s, harkonnen, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::Plans);
  // The same element again is rejected: the second element must differ.
  expect_rejected(s, envelope(s, atreides, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Cunning, PlanElement::Dial, 0, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  // The wrong mode is rejected (native roster: Cunning).
  expect_rejected(s, envelope(s, atreides, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Betrayal, std::nullopt, 1, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  s = play(s, atreides, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Cunning, PlanElement::Leader, 0, ForceCount{0}}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusAnswer);  // Harkonnen must commit its leader first
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  s = commit_plan(s, harkonnen, chance);
  EXPECT_TRUE(saw_nexus(s, atreides));
  EXPECT_FALSE(saw_nexus(s, harkonnen));  // private to the inspecting seat
  ASSERT_EQ(s.nexus.receipts.size(), 1u);
  EXPECT_EQ(s.nexus.receipts[0].mode, NexusMode::Cunning);
  EXPECT_EQ(s.nexus.discard, std::vector<NexusCardId>{NexusCardId{Faction::Atreides}});  // the Nexus discard
  EXPECT_FALSE(s.nexus.held[atreides.value]);
  // Never consumed twice: the card is gone.
  expect_rejected(s, envelope(s, atreides, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Cunning, PlanElement::Weapon, 0, ForceCount{0}}),
                  RejectCode::IllegalChoice);
}

TEST_P(AtreidesNexus, CunningNeedsAnAnsweredPrescience) {
  StagedChance chance(22);
  GameState s = battle(GetParam(), kFour, Faction::Atreides, Faction::Harkonnen);
  const Seat atreides = seat_of(s, Faction::Atreides);
  give(s, atreides, Faction::Atreides);
  s = play(s, atreides, Pass{}, chance);  // no Prescience
  ASSERT_EQ(s.battle.stage, BattleStage::Plans);
  expect_rejected(s, envelope(s, atreides, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Cunning, PlanElement::Leader, 0, ForceCount{0}}),
                  RejectCode::WrongPhase);
}

TEST_P(AtreidesNexus, BetrayalStopsThePrescienceAttemptItNames) {
  StagedChance chance(23);
  GameState s = battle(GetParam(), kFour, Faction::Atreides, Faction::Harkonnen);
  const Seat atreides = seat_of(s, Faction::Atreides), harkonnen = seat_of(s, Faction::Harkonnen);
  const Seat emperor = seat_of(s, Faction::Emperor), guild = seat_of(s, Faction::SpacingGuild);
  give(s, emperor, Faction::Atreides);
  give(s, guild, Faction::Moritani);  // holds a card too: offered the window, cannot play it here
  s = play(s, atreides, UsePrescience{PlanElement::Weapon}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusBetrayal);
  auto awaited = pending(s);
  std::sort(awaited.begin(), awaited.end(), [](Seat a, Seat b) { return a.value < b.value; });
  std::vector<Seat> expected{emperor, guild};
  std::sort(expected.begin(), expected.end(), [](Seat a, Seat b) { return a.value < b.value; });
  EXPECT_EQ(awaited, expected);  // who holds *a* card, never which
  // Another card is judged by its own family: the Moritani Secret Ally plays only in its own
  // window, on a battle lost (WrongPhase).
  expect_rejected(s, envelope(s, guild, PlayNexus{NexusCardId{Faction::Moritani}, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}}),
                  RejectCode::WrongPhase);
  // The wrong attempt number is rejected.
  expect_rejected(s, envelope(s, emperor, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Betrayal, std::nullopt, 2, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  s = play(s, emperor, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Betrayal, std::nullopt, 1, ForceCount{0}}, chance);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
  EXPECT_TRUE(s.battle.prescience_stopped);
  ASSERT_EQ(s.nexus.receipts.size(), 1u);
  EXPECT_EQ(s.nexus.receipts[0].answers, "Prescience attempt 1 (weapon)");
  s = commit_plan(s, harkonnen, chance);
  for (const Sighting& x : s.knowledge.sightings) EXPECT_EQ(x.what.find("Prescience in"), std::string::npos);  // no answer
}

TEST_P(AtreidesNexus, PassingTheBetrayalWindowLetsPrescienceBeAnswered) {
  StagedChance chance(24);
  GameState s = battle(GetParam(), kFour, Faction::Atreides, Faction::Harkonnen);
  const Seat atreides = seat_of(s, Faction::Atreides), harkonnen = seat_of(s, Faction::Harkonnen);
  give(s, harkonnen, Faction::Atreides);
  s = play(s, atreides, UsePrescience{PlanElement::Dial}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusBetrayal);
  s = play(s, harkonnen, Pass{}, chance);
  EXPECT_EQ(s.battle.stage, BattleStage::PrescienceAnswer);
  EXPECT_TRUE(s.nexus.held[harkonnen.value]);
}

TEST_P(AtreidesNexus, SecretAllyInspectsOneOpposingElementWhenAtreidesIsAbsent) {
  StagedChance chance(25);
  const std::vector<Faction> factions{Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild};
  GameState s = battle(GetParam(), factions, Faction::Harkonnen, Faction::Emperor);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), emperor = seat_of(s, Faction::Emperor);
  // Enter the battle again now that a card is held (the window opens on entering the plans).
  give(s, harkonnen, Faction::Atreides);
  reenter_plans(s);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusSecretAlly);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  const auto alliances = s.alliances;
  s = play(s, harkonnen, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::SecretAlly, PlanElement::Weapon, 0, ForceCount{0}}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusAnswer);
  s = commit_plan(s, emperor, chance);
  EXPECT_TRUE(saw_nexus(s, harkonnen));
  EXPECT_FALSE(saw_nexus(s, emperor));
  EXPECT_EQ(s.alliances, alliances);  // seed 000 item 7: no real ally, nothing else
  EXPECT_EQ(s.nexus.receipts.back().mode, NexusMode::SecretAlly);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
}

TEST_P(AtreidesNexus, SecretAllyWindowIsOfferedToAnyCardHolderAndPassable) {
  StagedChance chance(26);
  const std::vector<Faction> factions{Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild};
  GameState s = battle(GetParam(), factions, Faction::Harkonnen, Faction::Emperor);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), emperor = seat_of(s, Faction::Emperor);
  give(s, emperor, Faction::Moritani);  // not the Atreides card: offered anyway (public fact)
  reenter_plans(s);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusSecretAlly);
  EXPECT_EQ(pending(s), std::vector<Seat>{emperor});
  s = play(s, emperor, Pass{}, chance);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
  (void)harkonnen;
}

INSTANTIATE_TEST_SUITE_P(BasicAndAdvanced, AtreidesNexus, ::testing::Bool(),
                         [](const auto& p) { return p.param ? "Advanced" : "Basic"; });

}  // namespace
}  // namespace dune

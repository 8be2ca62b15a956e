// Spice Collection and Mentat Pause (fact sheet §6.2 rows 8–9, §6.4; [LR] 1.08, 1.09, 1.13.01) as
// scenarios: a game is started, its board edited, and the phase entered directly.
#include <gtest/gtest.h>

#include "engine/internal.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::seat_of;

constexpr CellId kCarthag{4};
constexpr CellId kArrakeen{5};
constexpr CellId kTueksSietch{6};
constexpr CellId kSietchTabr{7};
constexpr CellId kHabbanyaSietch{8};
constexpr CellId kOldGapMiddle{50};
constexpr CellId kOldGapWest{51};

// Storm in sector 16: with seats on circles spread from 0, the storm order is the seat order.
GameState started(const Options& options, int turn = 2) {
  SeededChance chance(7);
  GameState s = testing::start(options, chance);
  s.board = BoardState{};
  s.storm.sector = Sector{16};
  s.turn = turn;
  return s;
}

void put(GameState& s, Faction f, CellId c, int normal) { s.board.normal[index(c)][index(f)] = ForceCount{normal}; }

Spice spice_of(const GameState& s, Faction f) { return s.seat(seat_of(s, f)).spice; }

// ---- Spice Collection -----------------------------------------------------------------------

TEST(CollectionMentatTest, ForcesCollectTwoPerForceUntilTheSpiceRunsOut) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  put(s, Faction::Atreides, kOldGapMiddle, 3);
  s.board.spice[index(kOldGapWest)] = Spice{10};  // another cell of the same territory
  put(s, Faction::Harkonnen, CellId{53}, 4);       // Broken Land West
  s.board.spice[53] = Spice{5};
  enter_phase(s, Phase::SpiceCollection);
  EXPECT_EQ(spice_of(s, Faction::Atreides), Spice{10 + 6});
  EXPECT_EQ(s.board.spice[index(kOldGapWest)], Spice{4});
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10 + 5});
  EXPECT_EQ(s.board.spice[53], Spice{0});
  // Collection's decision point asks every seat (issue 16 item 10).
  EXPECT_EQ(s.step, Step::Collection);
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));
}

// Both decision points: every seat answers; the Mentat Pause finds no winner, the next turn begins.
TEST(CollectionMentatTest, EverySeatAnswersCollectionAndTheMentatPauseThenTheNextTurnBegins) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  enter_phase(s, Phase::SpiceCollection);
  SeededChance chance(1);
  expect_rejected(s, envelope(s, Seat{0}, ClaimCharity{}), RejectCode::WrongPhase);
  s = testing::play(s, Seat{1}, Pass{}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{Seat{0}});
  expect_rejected(s, envelope(s, Seat{1}, Pass{}), RejectCode::NotYourTurn);
  s = testing::play(s, Seat{0}, Pass{}, chance);
  EXPECT_EQ(s.step, Step::MentatPause);
  EXPECT_EQ(s.turn, 2);
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));
  s = testing::play(s, Seat{0}, Pass{}, chance);
  s = testing::play(s, Seat{1}, Pass{}, chance);
  EXPECT_EQ(s.phase, Phase::Storm);
  EXPECT_EQ(s.turn, 3);
}

TEST(CollectionMentatTest, OccupyingArrakeenOrCarthagCollectsThreePerForce) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  put(s, Faction::Atreides, kArrakeen, 1);
  put(s, Faction::Atreides, kOldGapMiddle, 3);
  s.board.spice[index(kOldGapMiddle)] = Spice{12};
  enter_phase(s, Phase::SpiceCollection);
  EXPECT_EQ(spice_of(s, Faction::Atreides), Spice{10 + 9});
  EXPECT_EQ(s.board.spice[index(kOldGapMiddle)], Spice{3});
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10});  // Basic: no city income
}

TEST(CollectionMentatTest, SeveralFactionsCollectInStormOrderAndAdvisorsDoNotCollect) {
  GameState s = started(Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::BeneGesserit}));
  put(s, Faction::Atreides, kOldGapMiddle, 2);
  put(s, Faction::Harkonnen, kOldGapMiddle, 2);
  put(s, Faction::BeneGesserit, kOldGapMiddle, 3);
  s.board.advisors[index(TerritoryId::OldGap)] = true;
  s.board.spice[index(kOldGapMiddle)] = Spice{6};
  const Spice bg = spice_of(s, Faction::BeneGesserit);
  enter_phase(s, Phase::SpiceCollection);
  EXPECT_EQ(spice_of(s, Faction::Atreides), Spice{10 + 4});  // first in storm order
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10 + 2});
  EXPECT_EQ(spice_of(s, Faction::BeneGesserit), bg);
}

TEST(CollectionMentatTest, AdvancedCityIncomeFromTheBank) {
  GameState s = started(Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::SpacingGuild}));
  put(s, Faction::Atreides, kArrakeen, 1);
  put(s, Faction::Harkonnen, kCarthag, 1);
  put(s, Faction::SpacingGuild, kTueksSietch, 1);
  const Spice bank = s.bank;
  enter_phase(s, Phase::SpiceCollection);
  EXPECT_EQ(spice_of(s, Faction::Atreides), Spice{12});
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{12});
  EXPECT_EQ(spice_of(s, Faction::SpacingGuild), Spice{6});
  EXPECT_EQ(s.bank, bank - Spice{5});
}

TEST(CollectionMentatTest, NoCommandIsAcceptedOnceTheGameIsOver) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  for (CellId c : {kArrakeen, kCarthag, kTueksSietch}) put(s, Faction::Atreides, c, 1);
  enter_phase(s, Phase::SpiceCollection);
  SeededChance chance(1);
  for (Seat seat : pending(s)) s = testing::play(s, seat, Pass{}, chance);  // Collection's decision point
  ASSERT_EQ(s.step, Step::GameOver);
  EXPECT_TRUE(pending(s).empty());
  expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), Pass{}), RejectCode::GameOver);
}

// ---- Mentat Pause ---------------------------------------------------------------------------

TEST(CollectionMentatTest, BribesInFrontOfTheShieldJoinTheSpice) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  s.seat(seat_of(s, Faction::Harkonnen)).in_front_of_shield = Spice{4};
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{14});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Harkonnen)).in_front_of_shield, Spice{0});
}

TEST(CollectionMentatTest, ThreeStrongholdsAloneWin) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor}));
  for (CellId c : {kArrakeen, kCarthag, kTueksSietch}) put(s, Faction::Harkonnen, c, 1);
  GameState shared = s;
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, std::vector<Faction>{Faction::Harkonnen});
  EXPECT_EQ(s.step, Step::GameOver);
  EXPECT_EQ(s.turn, 2);

  put(shared, Faction::Emperor, kTueksSietch, 1);  // shared: nobody controls Tuek's Sietch
  enter_phase(shared, Phase::MentatPause);
  EXPECT_TRUE(shared.winners.empty());
  EXPECT_EQ(shared.step, Step::MentatPause);  // the war continues: the Mentat Pause's decision point
  EXPECT_EQ(shared.turn, 2);
}

TEST(CollectionMentatTest, AdvisorsDoNotPreventControl) {
  GameState s = started(Options::advanced({Faction::Atreides, Faction::BeneGesserit}));
  for (CellId c : {kArrakeen, kCarthag, kTueksSietch}) put(s, Faction::Atreides, c, 1);
  put(s, Faction::BeneGesserit, kCarthag, 1);
  s.board.advisors[index(TerritoryId::Carthag)] = true;
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, std::vector<Faction>{Faction::Atreides});
}

TEST(CollectionMentatTest, AlliesNeedFourStrongholdsTogether) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor}));
  s.alliances.push_back(Alliance{Faction::Harkonnen, Faction::Emperor});
  put(s, Faction::Harkonnen, kArrakeen, 1);
  put(s, Faction::Harkonnen, kCarthag, 1);
  put(s, Faction::Emperor, kTueksSietch, 1);
  GameState three = s;
  enter_phase(three, Phase::MentatPause);
  EXPECT_TRUE(three.winners.empty());

  put(s, Faction::Emperor, kSietchTabr, 1);
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, (std::vector<Faction>{Faction::Emperor, Faction::Harkonnen}));
  EXPECT_EQ(s.step, Step::GameOver);
}

TEST(CollectionMentatTest, AnAllyDoesNotMakeThreeEnough) {
  // Harkonnen hold 3 alone, but are allied: the alliance needs 4 ([LR] 1.10.02.02).
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  for (CellId c : {kArrakeen, kCarthag, kTueksSietch}) put(s, Faction::Harkonnen, c, 1);
  enter_phase(s, Phase::MentatPause);
  EXPECT_TRUE(s.winners.empty());
}

TEST(CollectionMentatTest, BeneGesseritPredictionWinsAlone) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::BeneGesserit}), 4);
  for (CellId c : {kArrakeen, kCarthag, kTueksSietch}) put(s, Faction::Harkonnen, c, 1);
  s.prediction = Prediction{Faction::Harkonnen, 4};
  GameState other_turn = s;
  other_turn.prediction = Prediction{Faction::Harkonnen, 5};
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, std::vector<Faction>{Faction::BeneGesserit});
  enter_phase(other_turn, Phase::MentatPause);
  EXPECT_EQ(other_turn.winners, std::vector<Faction>{Faction::Harkonnen});
}

TEST(CollectionMentatTest, PredictionCoversAnAlliedWin) {
  GameState s = started(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::BeneGesserit}), 4);
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  for (CellId c : {kArrakeen, kCarthag}) put(s, Faction::Harkonnen, c, 1);
  for (CellId c : {kTueksSietch, kSietchTabr}) put(s, Faction::Atreides, c, 1);
  s.prediction = Prediction{Faction::Atreides, 4};
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, std::vector<Faction>{Faction::BeneGesserit});
}

TEST(CollectionMentatTest, FremenSpecialVictoryAtTheEndWithTheirAlly) {
  Options options = Options::basic({Faction::Fremen, Faction::SpacingGuild, Faction::Atreides, Faction::Emperor});
  GameState s = started(options, options.turn_limit);
  s.alliances.push_back(Alliance{Faction::Fremen, Faction::Emperor});
  put(s, Faction::Fremen, kSietchTabr, 3);
  put(s, Faction::SpacingGuild, kTueksSietch, 2);
  GameState atreides_in_tueks = s;
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, (std::vector<Faction>{Faction::Emperor, Faction::Fremen}));
  EXPECT_EQ(s.step, Step::GameOver);

  // Atreides in Tuek's Sietch: no Fremen special victory, so the Guild (and no ally) wins.
  put(atreides_in_tueks, Faction::Atreides, kTueksSietch, 1);
  enter_phase(atreides_in_tueks, Phase::MentatPause);
  EXPECT_EQ(atreides_in_tueks.winners, std::vector<Faction>{Faction::SpacingGuild});
}

TEST(CollectionMentatTest, GuildWinsAtTheEndWithItsAlly) {
  Options options = Options::basic({Faction::Atreides, Faction::SpacingGuild, Faction::Harkonnen});
  GameState s = started(options, options.turn_limit);
  s.alliances.push_back(Alliance{Faction::SpacingGuild, Faction::Harkonnen});
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, (std::vector<Faction>{Faction::Harkonnen, Faction::SpacingGuild}));
}

TEST(CollectionMentatTest, FremenWinAtTheEndWithoutTheGuild) {
  Options options = Options::basic({Faction::Fremen, Faction::Atreides});
  GameState s = started(options, options.turn_limit);
  put(s, Faction::Atreides, kHabbanyaSietch, 1);  // the special condition fails; the default holds
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, std::vector<Faction>{Faction::Fremen});
}

// [LR] 1.09.05 without the Guild and the Fremen: "the player Occupying the most Strongholds wins.
// If several qualify, all who qualify win" (this used to halt the game: the sources disagree, and
// the printed rule is followed now).
TEST(CollectionMentatTest, DefaultWinnersWithoutGuildOrFremenAreEveryoneOccupyingTheMostStrongholds) {
  Options options = Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor});
  GameState tied = started(options, options.turn_limit);
  put(tied, Faction::Atreides, kArrakeen, 1);
  put(tied, Faction::Emperor, kCarthag, 1);
  GameState most = tied;
  GameState allied = tied;
  enter_phase(tied, Phase::MentatPause);
  EXPECT_EQ(tied.step, Step::GameOver);
  EXPECT_TRUE(tied.halted.empty());
  EXPECT_EQ(tied.winners, (std::vector<Faction>{Faction::Atreides, Faction::Emperor}));
  put(most, Faction::Atreides, kHabbanyaSietch, 1);
  enter_phase(most, Phase::MentatPause);
  EXPECT_EQ(most.winners, std::vector<Faction>{Faction::Atreides});
  // Allied forces count as one ([LR] 1.10.02.01): Harkonnen and the Emperor together hold 2.
  allied.alliances.push_back(Alliance{Faction::Harkonnen, Faction::Emperor});
  put(allied, Faction::Harkonnen, kHabbanyaSietch, 1);
  enter_phase(allied, Phase::MentatPause);
  EXPECT_EQ(allied.winners, (std::vector<Faction>{Faction::Emperor, Faction::Harkonnen}));
}

TEST(CollectionMentatTest, AStrongholdWinOnTheLastTurnBeatsTheSpecialVictories) {
  Options options = Options::basic({Faction::Atreides, Faction::SpacingGuild, Faction::Fremen});
  GameState s = started(options, options.turn_limit);
  for (CellId c : {kArrakeen, kCarthag, kHabbanyaSietch}) put(s, Faction::Atreides, c, 1);
  enter_phase(s, Phase::MentatPause);
  EXPECT_EQ(s.winners, std::vector<Faction>{Faction::Atreides});
}

}  // namespace
}  // namespace dune

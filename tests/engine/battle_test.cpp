// The Battle phase (fact sheet §6.3, §4.1, §5.2; [LR] 1.07, 1.13.04, 2.01–2.05) as scenarios: a
// game is started, its board, hands, leaders and traitors edited, and the phase entered directly.
#include <gtest/gtest.h>

#include "engine/battle.h"
#include "engine/internal.h"
#include "model/cards.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::seat_of;

constexpr CellId kCarthag{4};
constexpr CellId kArrakeen{5};
constexpr CellId kTueksSietch{6};
constexpr CellId kOldGapMiddle{50};

using testing::card_named;

LeaderId leader_named(std::string_view name) {
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (kLeaders[i].name == name) return leader_at(i);
  }
  ADD_FAILURE() << "no leader " << name;
  return {};
}

using testing::started;

void put(GameState& s, Faction f, CellId c, int normal, int special = 0) {
  s.board.normal[index(c)][index(f)] = ForceCount{normal};
  s.board.special[index(c)][index(f)] = ForceCount{special};
}

void give(GameState& s, Faction f, std::vector<TreacheryCardId> cards) {
  auto& hand = s.seat(seat_of(s, f)).hand;
  for (TreacheryCardId c : cards) {
    s.treachery.deck.take_unseen(c);
    hand.insert(std::upper_bound(hand.begin(), hand.end(), c), c);
  }
}

ForceCount on_board(const GameState& s, Faction f, CellId c) { return forces_in_cell(s, f, c); }
Spice spice_of(const GameState& s, Faction f) { return s.seat(seat_of(s, f)).spice; }
bool holds(const GameState& s, Faction f, TreacheryCardId c) {
  const auto& h = s.seat(seat_of(s, f)).hand;
  return std::find(h.begin(), h.end(), c) != h.end();
}

GameState play(const GameState& s, Faction f, Command c) {
  SeededChance chance(3);
  return testing::play(s, seat_of(s, f), std::move(c), chance);
}

PlanBattle with_leader(std::string_view name, std::optional<TreacheryCardId> weapon = std::nullopt,
                       std::optional<TreacheryCardId> defense = std::nullopt) {
  return PlanBattle{leader_named(name), std::nullopt, weapon, defense, false};
}

DialBattle dial(int whole) { return DialBattle{2 * whole, Spice{0}}; }

// Harkonnen (aggressor) and the Emperor, both in Carthag.
GameState harkonnen_emperor(Options options = Options::basic({Faction::Harkonnen, Faction::Emperor})) {
  GameState s = started(std::move(options));
  put(s, Faction::Harkonnen, kCarthag, 10);
  put(s, Faction::Emperor, kCarthag, 8);
  return s;
}

// Both plans, then (unless `stop_at_traitors`) every seat that may call a traitor passes: who is
// asked is public, so they are asked even when they hold no matching card.
GameState plans(GameState s, Faction a, PlanBattle ap, DialBattle ad, Faction b, PlanBattle bp, DialBattle bd,
                bool stop_at_traitors = false) {
  s = play(s, a, ap);
  s = play(s, a, ad);
  s = play(s, b, bp);
  s = play(s, b, bd);
  SeededChance chance(3);
  while (!stop_at_traitors && s.phase == Phase::Battle && s.battle.stage == BattleStage::Traitors) {
    s = testing::play(s, pending(s).front(), Pass{}, chance);
  }
  return s;
}

GameState both_plans(GameState s, PlanBattle h, DialBattle hd, PlanBattle e, DialBattle ed, bool stop_at_traitors = false) {
  return plans(std::move(s), Faction::Harkonnen, h, hd, Faction::Emperor, e, ed, stop_at_traitors);
}

bool battle_over(const GameState& s) { return s.phase != Phase::Battle; }

// ---- which battles --------------------------------------------------------------------------

TEST(BattleTest, ASingleBattleStartsWithoutAChoice) {
  GameState s = harkonnen_emperor();
  enter_phase(s, Phase::Battle);
  EXPECT_EQ(s.step, Step::Battle);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
  EXPECT_EQ(s.battle.territory, TerritoryId::Carthag);
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));
}

TEST(BattleTest, NoBattleEndsThePhaseAtOnce) {
  GameState s = started(Options::basic({Faction::Harkonnen, Faction::Emperor}));
  put(s, Faction::Harkonnen, kCarthag, 5);
  put(s, Faction::Emperor, kArrakeen, 3);
  enter_phase(s, Phase::Battle);
  EXPECT_TRUE(battle_over(s));
}

TEST(BattleTest, TheAggressorChoosesTerritoryAndOpponentThenThePhaseEnds) {
  GameState s = started(Options::basic({Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild}));
  put(s, Faction::Harkonnen, kCarthag, 5);
  put(s, Faction::Emperor, kCarthag, 3);
  put(s, Faction::SpacingGuild, kCarthag, 2);
  put(s, Faction::Harkonnen, kTueksSietch, 2);
  put(s, Faction::SpacingGuild, kTueksSietch, 4);
  enter_phase(s, Phase::Battle);
  ASSERT_EQ(s.battle.stage, BattleStage::Choose);
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Harkonnen)});
  EXPECT_EQ(testing::step_commands(s, seat_of(s, Faction::Harkonnen)).size(), 3u);
  expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), ChooseBattle{TerritoryId::Arrakeen, Faction::Emperor}),
                  RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, seat_of(s, Faction::Emperor), ChooseBattle{TerritoryId::Carthag, Faction::Harkonnen}),
                  RejectCode::NotYourTurn);
  // Harkonnen beat the Emperor in Carthag (Feyd 6 + 1 against Bashar 2 + 0).
  s = play(s, Faction::Harkonnen, ChooseBattle{TerritoryId::Carthag, Faction::Emperor});
  s = both_plans(s, with_leader("Feyd Rautha"), dial(1), with_leader("Bashar"), dial(0));
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{4});
  // Two battles left for Harkonnen: against the Guild in Carthag and in Tuek's Sietch.
  ASSERT_EQ(s.battle.stage, BattleStage::Choose);
  // Feyd fought in Carthag: he may fight there again but not in Tuek's Sietch ([LR] 1.07.04.04).
  s = play(s, Faction::Harkonnen, ChooseBattle{TerritoryId::TueksSietch, Faction::SpacingGuild});
  expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), with_leader("Feyd Rautha")), RejectCode::IllegalChoice);
  s = plans(s, Faction::Harkonnen, with_leader("Beast Rabban"), dial(0), Faction::SpacingGuild, with_leader("Staban Tuek"), dial(4));
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kTueksSietch), ForceCount{0});
  // The last battle starts by itself: Harkonnen against the Guild in Carthag; Feyd again.
  ASSERT_EQ(s.battle.stage, BattleStage::Plans);
  EXPECT_EQ(s.battle.territory, TerritoryId::Carthag);
  s = plans(s, Faction::Harkonnen, with_leader("Feyd Rautha"), dial(2), Faction::SpacingGuild, with_leader("Esmar Tuek"), dial(1));
  EXPECT_TRUE(battle_over(s));
  EXPECT_EQ(s.storm.dialers, (std::array<Seat, 2>{seat_of(s, Faction::Harkonnen), seat_of(s, Faction::SpacingGuild)}));
  EXPECT_EQ(s.leaders[leader_named("Feyd Rautha").value].fought_this_phase, false);  // leader return
}

// ---- plain resolution -----------------------------------------------------------------------

TEST(BattleTest, TheHigherTotalWinsAndTheWinnerLosesItsDial) {
  GameState s = harkonnen_emperor();
  enter_phase(s, Phase::Battle);
  // Harkonnen 3 + Feyd 6 = 9 against the Emperor 5 + Hasimir Fenring 6 = 11.
  s = both_plans(s, with_leader("Feyd Rautha"), dial(3), with_leader("Hasimir Fenring"), dial(5));
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{0});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Harkonnen)).tanks_normal, ForceCount{10});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{3});
  EXPECT_EQ(s.leaders[leader_named("Feyd Rautha").value].where, LeaderLocation::Available);
  EXPECT_EQ(s.storm.dialers, (std::array<Seat, 2>{Seat{0}, Seat{1}}));
  EXPECT_TRUE(battle_over(s));
}

TEST(BattleTest, ATieGoesToTheAggressor) {
  GameState s = harkonnen_emperor();
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(5), with_leader("Hasimir Fenring"), dial(5));
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{5});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
}

TEST(BattleTest, AnUndefendedWeaponKillsTheLeaderAndTheWinnerCollectsItsStrength) {
  GameState s = harkonnen_emperor();
  give(s, Faction::Harkonnen, {card_named("Crysknife")});
  give(s, Faction::Emperor, {card_named("Snooper")});
  enter_phase(s, Phase::Battle);
  // Fenring is killed (a Snooper does not stop a projectile): the Emperor counts 5 against 3 + 6.
  s = both_plans(s, with_leader("Feyd Rautha", card_named("Crysknife")), dial(3),
                 with_leader("Hasimir Fenring", std::nullopt, card_named("Snooper")), dial(5));
  const LeaderState& fenring = s.leaders[leader_named("Hasimir Fenring").value];
  EXPECT_EQ(fenring.where, LeaderLocation::Tanks);
  EXPECT_EQ(fenring.deaths, 1);
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{7});
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10 + 6});
  EXPECT_TRUE(holds(s, Faction::Harkonnen, card_named("Crysknife")));  // the winner keeps it
  EXPECT_FALSE(holds(s, Faction::Emperor, card_named("Snooper")));     // the loser discards
  EXPECT_EQ(s.treachery.discard.back(), card_named("Snooper"));
}

TEST(BattleTest, TheRightDefenseStopsTheWeapon) {
  GameState s = harkonnen_emperor();
  give(s, Faction::Harkonnen, {card_named("Crysknife")});
  give(s, Faction::Emperor, {card_named("Shield")});
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha", card_named("Crysknife")), dial(3),
                 with_leader("Hasimir Fenring", std::nullopt, card_named("Shield")), dial(5));
  EXPECT_EQ(s.leaders[leader_named("Hasimir Fenring").value].where, LeaderLocation::Available);
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{0});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{3});
  EXPECT_TRUE(holds(s, Faction::Emperor, card_named("Shield")));
}

TEST(BattleTest, ASecondDeathPutsTheLeaderFaceDown) {
  GameState s = harkonnen_emperor();
  give(s, Faction::Harkonnen, {card_named("Chaumas")});
  s.leaders[leader_named("Bashar").value].deaths = 1;  // died once and was revived
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha", card_named("Chaumas")), dial(1), with_leader("Bashar"), dial(0));
  EXPECT_EQ(s.leaders[leader_named("Bashar").value].where, LeaderLocation::TanksFaceDown);
}

TEST(BattleTest, LasgunAndShieldExplode) {
  GameState s = started(Options::basic({Faction::Harkonnen, Faction::Emperor}));
  put(s, Faction::Harkonnen, kOldGapMiddle, 6);
  put(s, Faction::Emperor, kOldGapMiddle, 4);
  s.board.spice[index(kOldGapMiddle)] = Spice{8};
  give(s, Faction::Harkonnen, {card_named("Lasgun"), card_named("Shield")});
  enter_phase(s, Phase::Battle);
  // Harkonnen's own Shield sets it off: every force, leader and spice there is lost.
  s = both_plans(s, with_leader("Feyd Rautha", card_named("Lasgun"), card_named("Shield")), dial(2),
                 with_leader("Caid"), dial(4));
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kOldGapMiddle), ForceCount{0});
  EXPECT_EQ(on_board(s, Faction::Emperor, kOldGapMiddle), ForceCount{0});
  EXPECT_EQ(s.board.spice[index(kOldGapMiddle)], Spice{0});
  EXPECT_EQ(s.leaders[leader_named("Feyd Rautha").value].where, LeaderLocation::Tanks);
  EXPECT_EQ(s.leaders[leader_named("Caid").value].where, LeaderLocation::Tanks);
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10});  // no spice for killed leaders
  EXPECT_EQ(spice_of(s, Faction::Emperor), Spice{10});
  EXPECT_FALSE(holds(s, Faction::Harkonnen, card_named("Lasgun")));
  EXPECT_FALSE(holds(s, Faction::Harkonnen, card_named("Shield")));
}

// ---- traitors -------------------------------------------------------------------------------

TEST(BattleTest, ATraitorCallWinsAndTheCallerLosesNothing) {
  GameState s = harkonnen_emperor();
  s.seat(seat_of(s, Faction::Harkonnen)).traitors = {TraitorCardId{leader_named("Hasimir Fenring").value}};
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(3), with_leader("Hasimir Fenring"), dial(8), true);
  ASSERT_EQ(s.battle.stage, BattleStage::Traitors);
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));  // public: both may hold a traitor
  expect_rejected(s, envelope(s, seat_of(s, Faction::Emperor), CallTraitor{}), RejectCode::IllegalChoice);
  s = play(s, Faction::Emperor, Pass{});
  s = play(s, Faction::Harkonnen, CallTraitor{});
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{10});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
  EXPECT_EQ(s.leaders[leader_named("Hasimir Fenring").value].where, LeaderLocation::Tanks);
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10 + 6});
  EXPECT_FALSE(s.leaders[leader_named("Feyd Rautha").value].fought_this_phase);  // back in the pool
  EXPECT_TRUE(battle_over(s));
}

TEST(BattleTest, TwoTraitorsLoseEverythingAndNobodyIsPaid) {
  GameState s = harkonnen_emperor();
  s.seat(seat_of(s, Faction::Harkonnen)).traitors = {TraitorCardId{leader_named("Hasimir Fenring").value}};
  s.seat(seat_of(s, Faction::Emperor)).traitors = {TraitorCardId{leader_named("Feyd Rautha").value}};
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(3), with_leader("Hasimir Fenring"), dial(2), true);
  s = play(s, Faction::Harkonnen, CallTraitor{});
  s = play(s, Faction::Emperor, CallTraitor{});
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{0});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
  EXPECT_EQ(s.leaders[leader_named("Hasimir Fenring").value].where, LeaderLocation::Tanks);
  EXPECT_EQ(s.leaders[leader_named("Feyd Rautha").value].where, LeaderLocation::Tanks);
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10});
  EXPECT_EQ(spice_of(s, Faction::Emperor), Spice{10});
}

// ---- Cheap Hero and leader availability -----------------------------------------------------

TEST(BattleTest, ACheapHeroIsMandatoryWithoutLeadersAndDiscardedAfterUse) {
  GameState s = harkonnen_emperor();
  for (LeaderId l : ordinary_leaders(Faction::Emperor)) s.leaders[l.value].where = LeaderLocation::Tanks;
  give(s, Faction::Emperor, {card_named("Cheap Hero"), card_named("Shield")});
  enter_phase(s, Phase::Battle);
  const Seat emperor = seat_of(s, Faction::Emperor);
  expect_rejected(s, envelope(s, emperor, PlanBattle{}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, emperor, with_leader("Bashar")), RejectCode::IllegalChoice);  // in the Tanks
  s = both_plans(s, with_leader("Umman Kudu"), dial(2),
                 PlanBattle{std::nullopt, card_named("Cheap Hero"), std::nullopt, card_named("Shield"), false}, dial(4));
  // Umman Kudu 1 + 2 = 3 against the Cheap Hero 0 + 4 = 4: the Emperor wins and loses 4.
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{4});
  EXPECT_FALSE(holds(s, Faction::Emperor, card_named("Cheap Hero")));
  EXPECT_TRUE(holds(s, Faction::Emperor, card_named("Shield")));
}

TEST(BattleTest, WithNoLeaderNorCheapHeroOnlyTheWheelIsPlayed) {
  GameState s = harkonnen_emperor();
  for (LeaderId l : ordinary_leaders(Faction::Emperor)) s.leaders[l.value].where = LeaderLocation::Tanks;
  give(s, Faction::Emperor, {card_named("Shield")});
  enter_phase(s, Phase::Battle);
  const Seat emperor = seat_of(s, Faction::Emperor);
  expect_rejected(s, envelope(s, emperor, PlanBattle{std::nullopt, std::nullopt, std::nullopt, card_named("Shield"), false}),
                  RejectCode::IllegalChoice);
  const auto legal = legal_commands(s, emperor);
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{PlanBattle{}}), legal.end());
  s = both_plans(s, with_leader("Umman Kudu"), dial(2), PlanBattle{}, dial(4));
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{4});
}

TEST(BattleTest, PlanRejectionsLeaveTheStateUnchanged) {
  GameState s = harkonnen_emperor();
  give(s, Faction::Harkonnen, {card_named("Crysknife"), card_named("Karama")});
  enter_phase(s, Phase::Battle);
  const Seat h = seat_of(s, Faction::Harkonnen);
  expect_rejected(s, envelope(s, h, with_leader("Bashar")), RejectCode::IllegalChoice);  // not Harkonnen's
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha", card_named("Stunner"))), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha", card_named("Karama"))), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha", std::nullopt, card_named("Crysknife"))), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, h, dial(11)), RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, h, DialBattle{3, Spice{0}}), RejectCode::IllegalChoice);  // no half steps in Basic
  expect_rejected(s, envelope(s, h, DialBattle{2, Spice{1}}), RejectCode::IllegalChoice);  // no support in Basic
  expect_rejected(s, envelope(s, h, DialBattle{-2, Spice{0}}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, h, Bid{Spice{1}, false}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, h, Pass{}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, h, CallTraitor{}), RejectCode::WrongPhase);
  s = play(s, Faction::Harkonnen, dial(10));
  expect_rejected(s, envelope(s, h, dial(1)), RejectCode::WrongPhase);  // already committed
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));  // Harkonnen still owes its leader
}

// ---- Advanced combat and special forces -----------------------------------------------------

TEST(BattleTest, AdvancedCombatSupportsForcesWithSpiceAndUnsupportedOnesCountHalf) {
  Options o = Options::basic({Faction::Harkonnen, Faction::Emperor});
  o.rules.advanced_combat = true;
  GameState s = harkonnen_emperor(o);
  s.seat(seat_of(s, Faction::Harkonnen)).spice = Spice{3};
  enter_phase(s, Phase::Battle);
  const Seat h = seat_of(s, Faction::Harkonnen);
  // 10 unsupported forces are worth 5; each spice of support adds a half.
  expect_rejected(s, envelope(s, h, DialBattle{11, Spice{0}}), RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, h, DialBattle{14, Spice{3}}), RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, h, DialBattle{12, Spice{4}}), RejectCode::InsufficientSpice);
  expect_rejected(s, envelope(s, h, DialBattle{12, Spice{11}}), RejectCode::IllegalChoice);
  // Harkonnen dial 3.5 (7 half points) with 2 spice: 2 supported forces and 3 at half strength.
  s = both_plans(s, with_leader("Feyd Rautha"), DialBattle{7, Spice{2}}, with_leader("Bashar"), DialBattle{4, Spice{0}});
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{1});  // support paid to the bank
  EXPECT_EQ(on_board(s, Faction::Harkonnen, kCarthag), ForceCount{10 - 5});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
}

TEST(BattleTest, FremenNeedNoSpiceSupport) {
  Options o = Options::basic({Faction::Fremen, Faction::Harkonnen});
  o.rules.advanced_combat = true;
  GameState s = started(o);
  put(s, Faction::Fremen, kCarthag, 4);
  put(s, Faction::Harkonnen, kCarthag, 4);
  enter_phase(s, Phase::Battle);
  const Seat fremen = seat_of(s, Faction::Fremen);
  expect_rejected(s, envelope(s, fremen, DialBattle{8, Spice{1}}), RejectCode::IllegalChoice);
  s = play(s, Faction::Fremen, DialBattle{8, Spice{0}});  // full strength without spice
  EXPECT_EQ(spice_of(s, Faction::Fremen), Spice{10});
}

TEST(BattleTest, SardaukarAreWorthTwoExceptAgainstFremen) {
  Options o = Options::basic({Faction::Emperor, Faction::Fremen, Faction::Harkonnen});
  o.rules.special_forces = true;
  GameState s = started(o);
  put(s, Faction::Emperor, kCarthag, 2, 2);
  put(s, Faction::Fremen, kCarthag, 3);
  enter_phase(s, Phase::Battle);
  const Seat e = seat_of(s, Faction::Emperor);
  expect_rejected(s, envelope(s, e, dial(5)), RejectCode::NotEnoughForces);  // 2 + 2 × 1 = 4
  s = plans(s, Faction::Emperor, with_leader("Bashar"), dial(4), Faction::Fremen, with_leader("Jamis"), dial(0));
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});  // a dial of 4 costs all 4
  // Against Harkonnen they are worth 2 each, and count 2 when taking losses.
  s = started(o);
  put(s, Faction::Emperor, kCarthag, 2, 2);
  put(s, Faction::Harkonnen, kCarthag, 3);
  enter_phase(s, Phase::Battle);
  s = plans(s, Faction::Emperor, with_leader("Bashar"), dial(4), Faction::Harkonnen, with_leader("Umman Kudu"), dial(0));
  // The winner chooses: 2 normal and 1 Sardaukar, or 2 Sardaukar ([LR] 1.07.06.06, seed 003).
  ASSERT_EQ(s.battle.stage, BattleStage::WinnerLosses);
  EXPECT_EQ(testing::step_commands(s, e), (std::vector<Command>{TakeLosses{ForceCount{2}, ForceCount{1}}, TakeLosses{ForceCount{0}, ForceCount{2}}}));
  expect_rejected(s, envelope(s, e, TakeLosses{ForceCount{1}, ForceCount{2}}), RejectCode::IllegalChoice);  // a force to spare
  s = play(s, Faction::Emperor, TakeLosses{ForceCount{0}, ForceCount{2}});
  EXPECT_EQ(s.board.normal[index(kCarthag)][index(Faction::Emperor)], ForceCount{2});
  EXPECT_EQ(s.board.special[index(kCarthag)][index(Faction::Emperor)], ForceCount{0});
}

// ---- Atreides: Kwisatz Haderach and Prescience -----------------------------------------------

GameState atreides_harkonnen(Options o = Options::basic({Faction::Atreides, Faction::Harkonnen})) {
  GameState s = started(std::move(o));
  put(s, Faction::Atreides, kArrakeen, 6);
  put(s, Faction::Harkonnen, kArrakeen, 6);
  return s;
}

TEST(BattleTest, TheKwisatzHaderachAddsTwoOnceActiveAndCannotBeATraitor) {
  Options o = Options::basic({Faction::Atreides, Faction::Harkonnen});
  o.rules.kwisatz_haderach = true;
  GameState s = atreides_harkonnen(o);
  s.seat(seat_of(s, Faction::Harkonnen)).traitors = {TraitorCardId{leader_named("Duncan Idaho").value}};
  s.battle.atreides_battle_losses = ForceCount{6};
  enter_phase(s, Phase::Battle);
  s = play(s, Faction::Atreides, Pass{});  // no Prescience
  PlanBattle duncan_kh = with_leader("Duncan Idaho");
  duncan_kh.kwisatz_haderach = true;
  const Seat a = seat_of(s, Faction::Atreides);
  expect_rejected(s, envelope(s, a, duncan_kh), RejectCode::IllegalChoice);  // 6 of 7 losses
  GameState active = s;
  active.battle.atreides_battle_losses = ForceCount{7};
  // Duncan 2 + KH 2 + 1 = 5 against Rabban 4 + 1 = 5: a tie, won by the aggressor, Atreides.
  active = plans(active, Faction::Atreides, duncan_kh, dial(1), Faction::Harkonnen, with_leader("Beast Rabban"), dial(1), true);
  // Duncan with the Kwisatz Haderach cannot turn traitor: only Atreides are asked about traitors.
  ASSERT_EQ(active.battle.stage, BattleStage::Traitors);
  EXPECT_EQ(pending(active), std::vector<Seat>{a});
  active = play(active, Faction::Atreides, Pass{});
  EXPECT_EQ(on_board(active, Faction::Harkonnen, kArrakeen), ForceCount{0});
  EXPECT_EQ(on_board(active, Faction::Atreides, kArrakeen), ForceCount{5});
  // Without it, Duncan 2 + 1 loses to Rabban 4 + 1, and the six Atreides losses activate it.
  s = plans(s, Faction::Atreides, with_leader("Duncan Idaho"), dial(1), Faction::Harkonnen, with_leader("Beast Rabban"), dial(1), true);
  ASSERT_EQ(s.battle.stage, BattleStage::Traitors);
  s = play(s, Faction::Harkonnen, Pass{});
  s = play(s, Faction::Atreides, Pass{});
  EXPECT_EQ(s.battle.atreides_battle_losses, ForceCount{12});
  EXPECT_EQ(on_board(s, Faction::Atreides, kArrakeen), ForceCount{0});
}

TEST(BattleTest, PrescienceMakesTheOpponentCommitAndRevealTheAskedElementFirst) {
  GameState s = atreides_harkonnen();
  give(s, Faction::Harkonnen, {card_named("Maula Pistol")});
  enter_phase(s, Phase::Battle);
  ASSERT_EQ(s.battle.stage, BattleStage::Prescience);
  const Seat a = seat_of(s, Faction::Atreides);
  const Seat h = seat_of(s, Faction::Harkonnen);
  EXPECT_EQ(pending(s), std::vector<Seat>{a});
  expect_rejected(s, envelope(s, h, dial(1)), RejectCode::NotYourTurn);
  s = play(s, Faction::Atreides, UsePrescience{PlanElement::Weapon});
  EXPECT_EQ(pending(s), std::vector<Seat>{h});
  expect_rejected(s, envelope(s, h, dial(1)), RejectCode::WrongPhase);  // the weapon first
  const std::size_t seen = s.knowledge.sightings.size();
  s = play(s, Faction::Harkonnen, with_leader("Feyd Rautha", card_named("Maula Pistol")));
  // The answer is told aloud: every seat sees it.
  ASSERT_EQ(s.knowledge.sightings.size(), seen + 2);
  EXPECT_EQ(s.knowledge.sightings.back().kind, SeenKind::PlanElement);
  EXPECT_EQ(s.knowledge.sightings.back().id, card_named("Maula Pistol").value);
  EXPECT_EQ(pending(s), (std::vector<Seat>{a, h}));
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha")), RejectCode::WrongPhase);  // it is final
}

TEST(BattleTest, PrescienceOnTheDialRevealsTheNumber) {
  GameState s = atreides_harkonnen();
  enter_phase(s, Phase::Battle);
  s = play(s, Faction::Atreides, UsePrescience{PlanElement::Dial});
  expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), with_leader("Feyd Rautha")), RejectCode::WrongPhase);
  s = play(s, Faction::Harkonnen, dial(4));
  EXPECT_EQ(s.knowledge.sightings.back().id, 8);  // half points
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
}

// ---- Bene Gesserit: the Voice ---------------------------------------------------------------

GameState voiced(VoiceSubject subject, bool must_play) {
  GameState s = started(Options::basic({Faction::BeneGesserit, Faction::Harkonnen}));
  put(s, Faction::BeneGesserit, kArrakeen, 3);
  put(s, Faction::Harkonnen, kArrakeen, 3);
  give(s, Faction::Harkonnen, {card_named("Crysknife"), card_named("Chaumas"), card_named("Baliset")});
  enter_phase(s, Phase::Battle);
  EXPECT_EQ(s.battle.stage, BattleStage::Voice);
  return play(s, Faction::BeneGesserit, UseVoice{subject, must_play});
}

TEST(BattleTest, TheVoiceCommandsTheOpponentToPlayACardItCanPlay) {
  GameState s = voiced(VoiceSubject::ProjectileWeapon, true);
  const Seat h = seat_of(s, Faction::Harkonnen);
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha")), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha", card_named("Chaumas"))), RejectCode::IllegalChoice);
  s = play(s, Faction::Harkonnen, with_leader("Feyd Rautha", card_named("Crysknife")));
  EXPECT_TRUE(s.battle.plans[1].has_value());
}

TEST(BattleTest, TheVoiceForbidsACard) {
  GameState s = voiced(VoiceSubject::Worthless, false);
  const Seat h = seat_of(s, Faction::Harkonnen);
  expect_rejected(s, envelope(s, h, with_leader("Feyd Rautha", card_named("Baliset"))), RejectCode::IllegalChoice);
  s = play(s, Faction::Harkonnen, with_leader("Feyd Rautha", card_named("Chaumas")));
  // The Voice does not bind the Bene Gesserit themselves.
  give(s, Faction::BeneGesserit, {card_named("Kulon")});
  s = play(s, Faction::BeneGesserit, with_leader("Alia", card_named("Kulon")));
}

TEST(BattleTest, AnUnableOpponentIsNotBoundByTheVoice) {
  GameState s = voiced(VoiceSubject::PoisonDefense, true);  // Harkonnen hold no poison defense
  s = play(s, Faction::Harkonnen, with_leader("Feyd Rautha"));
  EXPECT_TRUE(s.battle.plans[1].has_value());
}

TEST(BattleTest, TheVoiceCanForbidTheOnlyCheapHero) {
  GameState s = started(Options::basic({Faction::BeneGesserit, Faction::Harkonnen}));
  put(s, Faction::BeneGesserit, kArrakeen, 3);
  put(s, Faction::Harkonnen, kArrakeen, 3);
  for (LeaderId l : ordinary_leaders(Faction::Harkonnen)) s.leaders[l.value].where = LeaderLocation::Tanks;
  give(s, Faction::Harkonnen, {card_named("Cheap Hero")});
  enter_phase(s, Phase::Battle);
  GameState free = s;
  expect_rejected(free, envelope(free, seat_of(free, Faction::Harkonnen), PlanBattle{}), RejectCode::NotYourTurn);
  free = play(free, Faction::BeneGesserit, Pass{});
  expect_rejected(free, envelope(free, seat_of(free, Faction::Harkonnen), PlanBattle{}), RejectCode::IllegalChoice);
  s = play(s, Faction::BeneGesserit, UseVoice{VoiceSubject::CheapHero, false});
  // The ability overrides the rule that a Cheap Hero must be played: no leader at all.
  expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), PlanBattle{std::nullopt, card_named("Cheap Hero"), {}, {}, false}),
                  RejectCode::IllegalChoice);
  s = play(s, Faction::Harkonnen, PlanBattle{});
  EXPECT_TRUE(s.battle.plans[1].has_value());
}

// ---- Advanced Harkonnen: capture ------------------------------------------------------------

// Harkonnen beat the Emperor's Bashar; the traitor answers are given with `chance`, which draws
// the leader to capture ([LR] 2.05.10.01).
GameState harkonnen_won(bool capture_rule, ChanceSource& chance) {
  Options o = Options::basic({Faction::Harkonnen, Faction::Emperor});
  o.rules.harkonnen_capture = capture_rule;
  GameState s = harkonnen_emperor(o);
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(1), with_leader("Bashar"), dial(0), true);
  while (s.phase == Phase::Battle && s.battle.stage == BattleStage::Traitors) s = testing::play(s, pending(s).front(), Pass{}, chance);
  return s;
}

// The leader is drawn at random among the loser's active leaders, the surviving battle leader
// included ([LR] 2.05.10.01); Harkonnen only decide on that one: capture or kill (2.05.10.02-03).
// (Harkonnen used to choose the leader: a deviation, now gone.)
TEST(BattleTest, HarkonnenCaptureOrKillTheLeaderDrawnFromTheLoser) {
  StagedChance staged;
  staged.stage(ChanceKind::CaptureDraw, leader_named("Bashar").value);
  GameState s = harkonnen_won(true, staged);
  EXPECT_TRUE(staged.exhausted()) << "the draw took the staged Bashar, the Emperor's battle leader";
  ASSERT_EQ(s.battle.stage, BattleStage::Capture);
  EXPECT_EQ(s.battle.capture_leader, leader_named("Bashar"));
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Harkonnen)});
  for (std::string_view other : {"Caid", "Piter de Vries"}) {
    expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), CaptureLeader{leader_named(other), false}),
                    RejectCode::IllegalChoice);
  }
  EXPECT_EQ(testing::step_commands(s, seat_of(s, Faction::Harkonnen)),
            (std::vector<Command>{Pass{}, CaptureLeader{leader_named("Bashar"), false}, CaptureLeader{leader_named("Bashar"), true}}));
  const GameState before = s;
  s = play(s, Faction::Harkonnen, CaptureLeader{leader_named("Bashar"), false});
  EXPECT_EQ(s.leaders[leader_named("Bashar").value].where, LeaderLocation::Captured);
  EXPECT_EQ(s.leaders[leader_named("Bashar").value].holder, seat_of(s, Faction::Harkonnen));
  EXPECT_TRUE(battle_over(s));
  // Or kill it: face down in the Tanks for 2 spice.
  s = play(before, Faction::Harkonnen, CaptureLeader{leader_named("Bashar"), true});
  EXPECT_EQ(s.leaders[leader_named("Bashar").value].where, LeaderLocation::TanksFaceDown);
  EXPECT_EQ(spice_of(s, Faction::Harkonnen), Spice{10 + 2});
}

// The draw lists every active leader of the loser, and only those ([LR] 2.05.10.01).
TEST(BattleTest, TheCaptureDrawListsTheLosersActiveLeaders) {
  Options o = Options::basic({Faction::Harkonnen, Faction::Emperor});
  o.rules.harkonnen_capture = true;
  GameState s = harkonnen_emperor(o);
  s.leaders[leader_named("Caid").value].where = LeaderLocation::Tanks;
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(1), with_leader("Bashar"), dial(0), true);
  while (s.battle.stage == BattleStage::Traitors) {  // unsettled: the draw stays pending
    s = std::get<Accepted>(submit(s, envelope(s, pending(s).front(), Pass{}))).next;
  }
  ASSERT_TRUE(s.chance.has_value());
  EXPECT_EQ(s.chance->kind, ChanceKind::CaptureDraw);
  EXPECT_EQ(s.chance->seat, seat_of(s, Faction::Harkonnen));
  EXPECT_TRUE(pending(s).empty());
  std::vector<std::uint8_t> expected;
  for (LeaderId l : ordinary_leaders(Faction::Emperor)) {
    if (l != leader_named("Caid")) expected.push_back(l.value);
  }
  auto listed = chance_outcomes(s);
  std::sort(listed.begin(), listed.end());
  std::sort(expected.begin(), expected.end());
  EXPECT_EQ(listed, expected);
}

TEST(BattleTest, WithoutTheCaptureRuleHarkonnenCaptureNothing) {
  SeededChance chance(3);
  EXPECT_TRUE(battle_over(harkonnen_won(false, chance)));
}

}  // namespace
}  // namespace dune

namespace dune {
namespace {

// ---- the Tleilaxu's Face Dancers (fact sheet §4.3, seed 002; engine/face_dancers.cpp) ---------

// Harkonnen (aggressor) and the Emperor in Carthag, the Tleilaxu watching: their Face Dancers are
// `dancers` (taken from wherever they were), of which `revealed` are face up.
GameState dancers_table(std::vector<std::string_view> dancers, std::size_t revealed) {
  GameState s = harkonnen_emperor(Options::basic({Faction::Harkonnen, Faction::Emperor, Faction::Tleilaxu}));
  SeatState& t = s.seat(seat_of(s, Faction::Tleilaxu));
  for (TraitorCardId c : t.traitors) s.traitor_deck.add_unseen(c);
  t.traitors.clear();
  for (std::string_view name : dancers) {
    const TraitorCardId card{leader_named(name).value};
    for (SeatState& x : s.seats) std::erase(x.traitors, card);
    s.traitor_deck.take_unseen(card);
    t.traitors.push_back(card);
    if (t.revealed_dancers.size() < revealed) t.revealed_dancers.push_back(card);
  }
  return s;
}

TEST(FaceDancerTest, TheTleilaxuAreAskedOnPublicFactsAndMayOnlyPassWithoutTheWinnersLeader) {
  GameState s = dancers_table({"Wykk", "Blin", "Master Zaaf"}, 0);
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(3), with_leader("Hasimir Fenring"), dial(5));
  ASSERT_EQ(s.battle.stage, BattleStage::FaceDancer);  // asked although they hold no Fenring
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Tleilaxu)});
  const auto legal = legal_commands(s, seat_of(s, Faction::Tleilaxu));  // Pass (and a bribe, at any time)
  EXPECT_TRUE(std::none_of(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<RevealFaceDancer>(c); }));
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), Command{Pass{}}) != legal.end());
  expect_rejected(s, envelope(s, seat_of(s, Faction::Tleilaxu), RevealFaceDancer{leader_named("Hasimir Fenring"), ForceCount{0}, kCarthag}),
                  RejectCode::IllegalChoice);
  s = play(s, Faction::Tleilaxu, Pass{});
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{3});
  EXPECT_TRUE(battle_over(s));
}

TEST(FaceDancerTest, TheLastRevealReturnsTheGroupToTheTraitorDeckAndThreeAreDrawn) {
  GameState s = dancers_table({"Wykk", "Blin", "Hasimir Fenring"}, 2);
  const Seat tleilaxu = seat_of(s, Faction::Tleilaxu);
  const ForceCount emperor_reserves = s.seat(seat_of(s, Faction::Emperor)).reserves_normal;
  const Spice emperor_spice = spice_of(s, Faction::Emperor);
  enter_phase(s, Phase::Battle);
  s = both_plans(s, with_leader("Feyd Rautha"), dial(3), with_leader("Hasimir Fenring"), dial(5));
  ASSERT_EQ(s.battle.stage, BattleStage::FaceDancer);
  s = play(s, Faction::Tleilaxu, RevealFaceDancer{leader_named("Hasimir Fenring"), ForceCount{3}, kCarthag});
  EXPECT_EQ(s.leaders[leader_named("Hasimir Fenring").value].where, LeaderLocation::Tanks);
  EXPECT_EQ(spice_of(s, Faction::Emperor), emperor_spice);  // nobody is paid for the reveal
  EXPECT_EQ(on_board(s, Faction::Emperor, kCarthag), ForceCount{0});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Emperor)).reserves_normal, emperor_reserves + ForceCount{3});
  EXPECT_EQ(on_board(s, Faction::Tleilaxu, kCarthag), ForceCount{3});
  // The cycle (seed 002): none face up, three held again, the old group back in circulation.
  EXPECT_TRUE(s.seat(tleilaxu).revealed_dancers.empty());
  EXPECT_EQ(s.seat(tleilaxu).traitors.size(), 3U);
  for (std::string_view name : {"Wykk", "Blin", "Hasimir Fenring"}) {
    const TraitorCardId card{leader_named(name).value};
    const auto& held = s.seat(tleilaxu).traitors;
    const auto& deck = s.traitor_deck.unseen;
    EXPECT_TRUE(std::count(held.begin(), held.end(), card) + std::count(deck.begin(), deck.end(), card) == 1) << name;
  }
  EXPECT_TRUE(battle_over(s));
}

}  // namespace
}  // namespace dune

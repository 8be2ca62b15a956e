// Advanced Bene Gesserit flips ([LR] 2.02.15–21) and Advanced Fremen storm migration ([LR] 2.04.17)
// as scenarios: a game is started, its board cleared and edited, and Shipment and Movement entered.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/internal.h"
#include "engine/shipment_movement.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;
using testing::seat_of;

constexpr CellId kImperialBasinCenter{2};  // sector 9
constexpr CellId kCarthag{4};              // sector 10
constexpr CellId kArrakeen{5};             // sector 9
constexpr CellId kRimWallWest{43};         // sector 8, rock
constexpr CellId kOldGapMiddle{50};        // sector 9
constexpr CellId kTheGreatFlat{69};        // sector 14

struct Token {
  Faction faction;
  CellId cell;
  int normal;
};

// The board holds only `tokens` (Bene Gesserit ones as advisors where `advisors` names the
// territory) when Shipment and Movement opens; seats on circles spread from 0 and the storm in
// sector 16 make the storm order the seat order.
GameState at_phase(const Options& options, const std::vector<Token>& tokens, std::vector<TerritoryId> advisors,
                   ChanceSource& chance, Sector storm = Sector{16}) {
  GameState s = testing::start(options, chance);
  s.board = BoardState{};
  for (const Token& t : tokens) s.board.normal[index(t.cell)][index(t.faction)] = ForceCount{t.normal};
  for (TerritoryId t : advisors) s.board.advisors[index(t)] = true;
  s.storm.sector = storm;
  s.turn = 2;
  enter_phase(s, Phase::ShipmentAndMovement);
  return settle(s, chance);
}

bool lists(const GameState& s, Seat seat, const Command& c) {
  const auto legal = legal_commands(s, seat);
  return std::find(legal.begin(), legal.end(), c) != legal.end();
}

bool advisors(const GameState& s, TerritoryId t) { return s.board.advisors[index(t)]; }

FlipBeneGesserit to_fighters(TerritoryId t) { return FlipBeneGesserit{t, BeneGesseritSide::Fighters}; }
FlipBeneGesserit to_advisors(TerritoryId t) { return FlipBeneGesserit{t, BeneGesseritSide::Advisors}; }

const std::vector<Faction> kTrio{Faction::BeneGesserit, Faction::Atreides, Faction::Harkonnen};

TEST(AdvisorsTest, WartimeFlipsAdvisorsToFightersTerritoryByTerritory) {
  SeededChance chance(1);
  GameState s = at_phase(Options::advanced(kTrio),
                         {{Faction::BeneGesserit, kArrakeen, 1}, {Faction::Atreides, kArrakeen, 3},
                          {Faction::BeneGesserit, kCarthag, 2}, {Faction::Harkonnen, kCarthag, 3}},
                         {TerritoryId::Arrakeen, TerritoryId::Carthag}, chance);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  const Seat atreides = seat_of(s, Faction::Atreides);
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});
  EXPECT_TRUE(lists(s, bg, to_fighters(TerritoryId::Arrakeen)));
  EXPECT_TRUE(lists(s, bg, to_fighters(TerritoryId::Carthag)));
  EXPECT_FALSE(lists(s, bg, to_advisors(TerritoryId::Carthag)));
  expect_rejected(s, envelope(s, bg, to_fighters(TerritoryId::OldGap)), RejectCode::IllegalChoice);  // no advisors there
  expect_rejected(s, envelope(s, atreides, to_fighters(TerritoryId::Arrakeen)), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, bg, Ship{kOldGapMiddle, ForceCount{1}, ForceCount{0}}), RejectCode::WrongPhase);
  s = play(s, bg, to_fighters(TerritoryId::Arrakeen), chance);
  EXPECT_FALSE(advisors(s, TerritoryId::Arrakeen));
  EXPECT_TRUE(advisors(s, TerritoryId::Carthag));
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});  // Carthag may follow
  s = play(s, bg, Pass{}, chance);
  EXPECT_TRUE(advisors(s, TerritoryId::Carthag));
  EXPECT_FALSE(s.movement.flip_window.has_value());
  EXPECT_EQ(s.step, Step::Shipment);  // the Bene Gesserit's own turn begins
  expect_rejected(s, envelope(s, bg, to_fighters(TerritoryId::Carthag)), RejectCode::WrongPhase);
}

TEST(AdvisorsTest, PeacetimeAndStormedInForbidFlippingToFighters) {
  SeededChance chance(1);
  Options options = Options::advanced(kTrio);
  // Peacetime ([LR] 2.02.18): the ally's forces share Arrakeen.
  GameState s = testing::start(options, chance);
  s.alliances.push_back(Alliance{Faction::BeneGesserit, Faction::Atreides});
  s.seat(seat_of(s, Faction::BeneGesserit)).ally = Faction::Atreides;
  s.seat(seat_of(s, Faction::Atreides)).ally = Faction::BeneGesserit;
  s.board = BoardState{};
  s.board.normal[index(kArrakeen)][index(Faction::BeneGesserit)] = ForceCount{1};
  s.board.normal[index(kArrakeen)][index(Faction::Atreides)] = ForceCount{2};
  s.board.advisors[index(TerritoryId::Arrakeen)] = true;
  s.storm.sector = Sector{16};
  s.turn = 2;
  enter_phase(s, Phase::ShipmentAndMovement);
  s = settle(s, chance);
  EXPECT_FALSE(s.movement.flip_window.has_value());  // nothing may flip: no Wartime decision
  ASSERT_TRUE(shipment_movement::check_flip_to_fighters(s, TerritoryId::Arrakeen).has_value());
  EXPECT_EQ(shipment_movement::check_flip_to_fighters(s, TerritoryId::Arrakeen)->code, RejectCode::IllegalChoice);
  // Stormed In ([LR] 2.02.19): Rim Wall West (rock) lies under the storm in sector 8.
  GameState stormed = at_phase(Options::advanced(kTrio),
                               {{Faction::BeneGesserit, kRimWallWest, 2}, {Faction::Harkonnen, kRimWallWest, 1}},
                               {TerritoryId::RimWallWest}, chance, Sector{8});
  EXPECT_FALSE(stormed.movement.flip_window.has_value());
  EXPECT_EQ(shipment_movement::check_flip_to_fighters(stormed, TerritoryId::RimWallWest)->code, RejectCode::StormBlocked);
}

// Bene Gesserit fighters hold Old Gap; they pass their turn, and Atreides (allied to them or not)
// move 2 forces in from Arrakeen.
GameState atreides_enter_old_gap(const Options& options, bool allied, ChanceSource& chance) {
  GameState s = at_phase(options, {{Faction::BeneGesserit, kOldGapMiddle, 2}, {Faction::Atreides, kArrakeen, 5}}, {}, chance);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  const Seat atreides = seat_of(s, Faction::Atreides);
  if (allied) {
    s.alliances.push_back(Alliance{Faction::BeneGesserit, Faction::Atreides});
    s.seat(bg).ally = Faction::Atreides;
    s.seat(atreides).ally = Faction::BeneGesserit;
  }
  s = play(s, bg, Pass{}, chance);
  s = play(s, bg, Pass{}, chance);
  s = play(s, atreides, Pass{}, chance);
  return play(s, atreides, Move{TerritoryId::Arrakeen, kOldGapMiddle, ForceCount{2}, ForceCount{0}}, chance);
}

TEST(AdvisorsTest, IntrusionLetsFightersBecomeAdvisors) {
  SeededChance chance(1);
  GameState s = atreides_enter_old_gap(Options::advanced(kTrio), false, chance);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  const Seat atreides = seat_of(s, Faction::Atreides);
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});
  EXPECT_TRUE(lists(s, bg, Pass{}));
  EXPECT_TRUE(lists(s, bg, to_advisors(TerritoryId::OldGap)));
  EXPECT_FALSE(lists(s, bg, to_fighters(TerritoryId::OldGap)));
  expect_rejected(s, envelope(s, bg, to_fighters(TerritoryId::OldGap)), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, bg, to_advisors(TerritoryId::Arrakeen)), RejectCode::IllegalChoice);
  s = play(s, bg, to_advisors(TerritoryId::OldGap), chance);
  EXPECT_TRUE(advisors(s, TerritoryId::OldGap));
  EXPECT_EQ(pending(s), std::vector<Seat>{atreides});  // the mover's step goes on
  // An ally's forces are no intrusion ([LR] 2.02.15: "another faction that you are not allied to").
  EXPECT_EQ(pending(atreides_enter_old_gap(Options::advanced(kTrio), true, chance)), std::vector<Seat>{atreides});
}

TEST(AdvisorsTest, TakeUpArmsFlipsAdvisorsMovedIntoAnOccupiedTerritory) {
  SeededChance chance(1);
  GameState s = at_phase(Options::advanced(kTrio),
                         {{Faction::BeneGesserit, kArrakeen, 2}, {Faction::Atreides, kArrakeen, 3},
                          {Faction::Harkonnen, kImperialBasinCenter, 4}},
                         {TerritoryId::Arrakeen}, chance);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  s = play(s, bg, Pass{}, chance);  // no Wartime flip
  s = play(s, bg, Pass{}, chance);  // no shipment
  s = play(s, bg, Move{TerritoryId::Arrakeen, kImperialBasinCenter, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_TRUE(advisors(s, TerritoryId::ImperialBasin));  // they arrive as advisors
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});
  ASSERT_EQ(s.movement.flip_window, (FlipWindow{FlipOccasion::TakeUpArms, TerritoryId::ImperialBasin}));
  expect_rejected(s, envelope(s, bg, to_advisors(TerritoryId::ImperialBasin)), RejectCode::IllegalChoice);
  s = play(s, bg, to_fighters(TerritoryId::ImperialBasin), chance);
  EXPECT_FALSE(advisors(s, TerritoryId::ImperialBasin));
  EXPECT_EQ(forces_in_territory(s, Faction::BeneGesserit, TerritoryId::ImperialBasin), ForceCount{2});
  EXPECT_EQ(pending(s), std::vector<Seat>{bg});  // its Movement step ends when it passes
}

TEST(AdvisorsTest, TakeUpArmsFollowsTheOccupancyLimit) {
  SeededChance chance(1);
  GameState s = at_phase(Options::advanced({Faction::BeneGesserit, Faction::Atreides, Faction::Harkonnen, Faction::Emperor}),
                         {{Faction::BeneGesserit, kImperialBasinCenter, 2}, {Faction::Atreides, kImperialBasinCenter, 1},
                          {Faction::Harkonnen, kCarthag, 3}, {Faction::Emperor, kCarthag, 2}},
                         {TerritoryId::ImperialBasin}, chance);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  s = play(s, bg, Pass{}, chance);
  s = play(s, bg, Pass{}, chance);
  s = play(s, bg, Move{TerritoryId::ImperialBasin, kCarthag, ForceCount{2}, ForceCount{0}}, chance);  // advisors may enter
  EXPECT_TRUE(advisors(s, TerritoryId::Carthag));
  EXPECT_FALSE(s.movement.flip_window.has_value());  // two other factions occupy Carthag
  EXPECT_EQ(shipment_movement::check_flip_to_fighters(s, TerritoryId::Carthag)->code, RejectCode::OccupancyLimit);
}

TEST(AdvisorsTest, UniversalStewardsFlipLoneAdvisorsBeforeTheBattlePhase) {
  SeededChance chance(1);
  GameState s = at_phase(Options::advanced(kTrio),
                         {{Faction::BeneGesserit, kOldGapMiddle, 2}, {Faction::Harkonnen, kOldGapMiddle, 1},
                          {Faction::BeneGesserit, kRimWallWest, 1}, {Faction::Atreides, kArrakeen, 3},
                          {Faction::BeneGesserit, kArrakeen, 1}},
                         {TerritoryId::OldGap, TerritoryId::RimWallWest, TerritoryId::Arrakeen}, chance, Sector{8});
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  if (s.movement.flip_window) s = play(s, bg, Pass{}, chance);  // Wartime declined
  for (Seat seat : storm_order(s)) {
    s = play(s, seat, Pass{}, chance);
    if (seat == harkonnen) {
      // Harkonnen leave Old Gap: the advisors there are alone.
      s = play(s, seat, Move{TerritoryId::OldGap, kImperialBasinCenter, ForceCount{1}, ForceCount{0}}, chance);
    }
    s = play(s, seat, Pass{}, chance);
  }
  EXPECT_NE(s.phase, Phase::ShipmentAndMovement);
  EXPECT_FALSE(advisors(s, TerritoryId::OldGap));      // alone: fighters ([LR] 2.02.21)
  EXPECT_TRUE(advisors(s, TerritoryId::RimWallWest));  // alone, but under the storm ([LR] 2.02.19)
  EXPECT_TRUE(advisors(s, TerritoryId::Arrakeen));     // not alone
}

TEST(AdvisorsTest, FlipsBelongToTheAdvancedGame) {
  SeededChance chance(1);
  GameState s = atreides_enter_old_gap(Options::basic(kTrio), false, chance);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  const Seat atreides = seat_of(s, Faction::Atreides);
  EXPECT_EQ(pending(s), std::vector<Seat>{atreides});
  expect_rejected(s, envelope(s, bg, to_advisors(TerritoryId::OldGap)), RejectCode::NotYourTurn);
}

// [LR] 2.04.17: "You may Send your reserves into a storm at half loss" (Advanced Fremen).
TEST(AdvisorsTest, AdvancedFremenMayMigrateIntoTheStormAtHalfLoss) {
  SeededChance chance(1);
  GameState s = at_phase(Options::advanced({Faction::Fremen, Faction::Atreides}), {}, {}, chance, Sector{14});
  const Seat fremen = seat_of(s, Faction::Fremen);
  ASSERT_EQ(pending(s), std::vector<Seat>{fremen});
  const ForceCount reserves = s.seat(fremen).reserves_normal;
  s = play(s, fremen, Ship{kTheGreatFlat, ForceCount{5}, ForceCount{0}}, chance);
  EXPECT_EQ(forces_in_cell(s, Faction::Fremen, kTheGreatFlat), ForceCount{2});
  EXPECT_EQ(s.seat(fremen).tanks_normal, ForceCount{3});  // half of 5, rounded up
  EXPECT_EQ(s.seat(fremen).reserves_normal, reserves - ForceCount{5});
  GameState basic = at_phase(Options::basic({Faction::Fremen, Faction::Atreides}), {}, {}, chance, Sector{14});
  expect_rejected(basic, envelope(basic, fremen, Ship{kTheGreatFlat, ForceCount{5}, ForceCount{0}}), RejectCode::StormBlocked);
}

}  // namespace
}  // namespace dune

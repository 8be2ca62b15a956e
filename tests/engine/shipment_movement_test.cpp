// Shipment and Movement (fact sheet §6.2 row 6, §3.3, §5.2, §7.1; [LR] 1.06) as scenarios: a game
// is started, its board cleared and edited, and the phase entered directly.
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

constexpr CellId kCarthag{4};
constexpr CellId kArrakeen{5};
constexpr CellId kTueksSietch{6};
constexpr CellId kSietchTabr{7};
constexpr CellId kHabbanyaSietch{8};        // sector 16
constexpr CellId kImperialBasinCenter{2};
constexpr CellId kOldGapEast{49};           // sector 8
constexpr CellId kOldGapMiddle{50};         // sector 9
constexpr CellId kOldGapWest{51};           // sector 10
constexpr CellId kBrokenLandWest{53};
constexpr CellId kPlasticBasinMiddle{62};
constexpr CellId kTheGreatFlat{69};
constexpr CellId kTheGreaterFlat{74};

// Storm in sector 16: with seats on circles spread from 0, the storm order is the seat order.
GameState at_shipment(const Options& options, Sector storm = Sector{16}) {
  SeededChance chance(7);
  GameState s = testing::start(options, chance);
  s.board = BoardState{};
  s.storm.sector = storm;
  s.turn = 2;
  enter_phase(s, Phase::ShipmentAndMovement);
  return settle(s, chance);  // Atreides' look at the top spice card is a chance step
}

void put(GameState& s, Faction f, CellId c, int normal, int special = 0) {
  s.board.normal[index(c)][index(f)] = ForceCount{normal};
  s.board.special[index(c)][index(f)] = ForceCount{special};
}

ForceCount at(const GameState& s, Faction f, CellId c) { return forces_in_cell(s, f, c); }

TEST(ShipmentMovementTest, ShippingCostsOneIntoAStrongholdAndTwoElsewhere) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  ASSERT_EQ(s.step, Step::Shipment);
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  const Spice bank = s.bank;
  s = play(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{7});
  EXPECT_EQ(s.bank, bank + Spice{3});
  EXPECT_EQ(at(s, Faction::Atreides, kArrakeen), ForceCount{3});
  EXPECT_EQ(s.seat(atreides).reserves_normal, ForceCount{7});
  ASSERT_EQ(s.step, Step::Movement);
  s = play(s, atreides, Pass{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{harkonnen});
  s = play(s, harkonnen, Ship{kOldGapMiddle, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_EQ(s.seat(harkonnen).spice, Spice{6});
  EXPECT_EQ(s.bank, bank + Spice{7});
}

TEST(ShipmentMovementTest, ShipmentRejectionsLeaveTheStateUnchanged) {
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  expect_rejected(s, envelope(s, harkonnen, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::Arrakeen, kOldGapMiddle, ForceCount{1}, ForceCount{0}}),
                  RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{11}, ForceCount{0}}), RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{0}, ForceCount{0}}), RejectCode::IllegalChoice);
  s.seat(atreides).hand.clear();
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{1}, ForceCount{0}, true}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, atreides, GuildActNow{}), RejectCode::IllegalChoice);
  s.seat(atreides).spice = Spice{3};
  expect_rejected(s, envelope(s, atreides, Ship{kOldGapMiddle, ForceCount{2}, ForceCount{0}}), RejectCode::InsufficientSpice);
  EXPECT_FALSE(std::holds_alternative<Rejection>(submit(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}}))));
}

TEST(ShipmentMovementTest, GuildShipsAtHalfPriceAndOthersPayTheGuild) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::SpacingGuild}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  const Spice bank = s.bank;
  s = play(s, atreides, Ship{kOldGapMiddle, ForceCount{3}, ForceCount{0}}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{4});
  EXPECT_EQ(s.seat(guild).spice, Spice{5 + 6});
  EXPECT_EQ(s.bank, bank);
  s = play(s, atreides, Pass{}, chance);
  s = play(s, guild, Ship{kOldGapMiddle, ForceCount{3}, ForceCount{0}}, chance);  // 6 halved: 3, to the bank
  EXPECT_EQ(s.seat(guild).spice, Spice{11 - 3});
  EXPECT_EQ(s.bank, bank + Spice{3});
}

TEST(ShipmentMovementTest, GuildAllyPaysHalfRoundedUpToTheGuild) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::SpacingGuild}));
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::SpacingGuild});
  const Seat atreides = seat_of(s, Faction::Atreides);
  s = play(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}}, chance);  // 3 halved, rounded up: 2
  EXPECT_EQ(s.seat(atreides).spice, Spice{8});
  EXPECT_EQ(s.seat(seat_of(s, Faction::SpacingGuild)).spice, Spice{7});
}

TEST(ShipmentMovementTest, GuildCrossShipsAndShipsBackToReserves) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::SpacingGuild, Faction::Atreides}));
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  const Seat atreides = seat_of(s, Faction::Atreides);
  put(s, Faction::SpacingGuild, kTueksSietch, 5);
  put(s, Faction::Atreides, kArrakeen, 2);
  expect_rejected(s, envelope(s, guild, CrossShip{kTueksSietch, kTueksSietch, ForceCount{1}, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, guild, CrossShip{kTueksSietch, kHabbanyaSietch, ForceCount{1}, ForceCount{0}}),
                  RejectCode::StormBlocked);
  const GameState before = s;
  s = play(s, guild, CrossShip{kTueksSietch, kOldGapMiddle, ForceCount{2}, ForceCount{0}}, chance);  // 4 halved
  EXPECT_EQ(s.seat(guild).spice, Spice{3});
  EXPECT_EQ(at(s, Faction::SpacingGuild, kTueksSietch), ForceCount{3});
  EXPECT_EQ(at(s, Faction::SpacingGuild, kOldGapMiddle), ForceCount{2});
  s = play(s, guild, Pass{}, chance);
  expect_rejected(s, envelope(s, atreides, CrossShip{kArrakeen, kOldGapMiddle, ForceCount{1}, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, atreides, ShipToReserves{kArrakeen, ForceCount{1}, ForceCount{0}}),
                  RejectCode::IllegalChoice);

  s = play(before, guild, ShipToReserves{kTueksSietch, ForceCount{3}, ForceCount{0}}, chance);  // 1 per 2, rounded up
  EXPECT_EQ(s.seat(guild).spice, Spice{3});
  EXPECT_EQ(s.seat(guild).reserves_normal, before.seat(guild).reserves_normal + ForceCount{3});
  EXPECT_EQ(at(s, Faction::SpacingGuild, kTueksSietch), ForceCount{2});
}

// The Advanced Fremen storm migration is a sending ([LR] 2.04.17 "Send"): a cross-ship, the
// Guild's ability their ally uses (2.06.05.02, 2.06.10), is bound by 1.06.03.04 like any shipment.
// Found by oracle.legal-command (session 11): the engine let the Fremen cross-ship into the storm.
TEST(ShipmentMovementTest, TheFremenCrossShipNotIntoTheStormDespiteTheirMigration) {
  Options options = Options::basic({Faction::Fremen, Faction::SpacingGuild});
  options.rules.fremen_storm_losses = true;
  GameState s = at_shipment(options);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  s.alliances.push_back(Alliance{Faction::Fremen, Faction::SpacingGuild});
  s.seat(fremen).ally = Faction::SpacingGuild;
  s.seat(guild).ally = Faction::Fremen;
  put(s, Faction::Fremen, kTueksSietch, 5);
  ASSERT_EQ(pending(s), std::vector<Seat>{fremen});
  expect_rejected(s, envelope(s, fremen, CrossShip{kTueksSietch, kHabbanyaSietch, ForceCount{1}, ForceCount{0}}),
                  RejectCode::StormBlocked);
}

TEST(ShipmentMovementTest, FremenSendForFreeOnlyNearTheGreatFlat) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Fremen, Faction::Atreides}));
  const Seat fremen = seat_of(s, Faction::Fremen);
  expect_rejected(s, envelope(s, fremen, Ship{kArrakeen, ForceCount{2}, ForceCount{0}}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, Ship{kOldGapMiddle, ForceCount{2}, ForceCount{0}}), RejectCode::IllegalChoice);
  const Spice bank = s.bank;
  s = play(s, fremen, Ship{kSietchTabr, ForceCount{12}, ForceCount{0}}, chance);  // more than 3 spice could buy
  EXPECT_EQ(s.seat(fremen).spice, Spice{3});
  EXPECT_EQ(s.bank, bank);
  EXPECT_EQ(at(s, Faction::Fremen, kSietchTabr), ForceCount{12});
  ASSERT_EQ(s.step, Step::Movement);
}

TEST(ShipmentMovementTest, StormBlocksShipmentAndMovement) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}), Sector{9});
  const Seat atreides = seat_of(s, Faction::Atreides);
  put(s, Faction::Atreides, kOldGapEast, 4);
  const std::vector<Seat> order = storm_order(s);
  s.movement.turn_index = static_cast<std::uint8_t>(std::find(order.begin(), order.end(), atreides) - order.begin());
  s.step = Step::Shipment;
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}), RejectCode::StormBlocked);
  expect_rejected(s, envelope(s, atreides, Ship{kOldGapMiddle, ForceCount{1}, ForceCount{0}}), RejectCode::StormBlocked);
  s = play(s, atreides, Pass{}, chance);
  // Old Gap is cut by the storm in its Middle cell: the East group cannot reach the West cell.
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::OldGap, kOldGapWest, ForceCount{1}, ForceCount{0}}),
                  RejectCode::StormBlocked);
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::OldGap, kImperialBasinCenter, ForceCount{1}, ForceCount{0}}),
                  RejectCode::StormBlocked);
  s = play(s, atreides, Move{TerritoryId::OldGap, CellId{43}, ForceCount{4}, ForceCount{0}}, chance);  // Rim Wall West
  EXPECT_EQ(at(s, Faction::Atreides, CellId{43}), ForceCount{4});
}

TEST(ShipmentMovementTest, OccupancyLimitCountsFightersNotAdvisors) {
  SeededChance chance(1);
  Options options = Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::Emperor, Faction::BeneGesserit});
  GameState s = at_shipment(options);
  const Seat atreides = seat_of(s, Faction::Atreides);
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  put(s, Faction::Harkonnen, kCarthag, 3);
  put(s, Faction::Emperor, kCarthag, 2);
  put(s, Faction::Harkonnen, kArrakeen, 3);
  put(s, Faction::BeneGesserit, kArrakeen, 1);
  s.board.advisors[index(TerritoryId::Arrakeen)] = true;
  put(s, Faction::Atreides, CellId{3}, 2);  // Imperial Basin West, next to Carthag
  expect_rejected(s, envelope(s, atreides, Ship{kCarthag, ForceCount{1}, ForceCount{0}}), RejectCode::OccupancyLimit);
  s = play(s, atreides, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::Atreides, kArrakeen), ForceCount{1});
  s = play(s, seat_of(s, Faction::BeneGesserit), SendSpiritualAdvisor{AdvisorDestination::None}, chance);
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::ImperialBasin, kCarthag, ForceCount{1}, ForceCount{0}}),
                  RejectCode::OccupancyLimit);
}

TEST(ShipmentMovementTest, MovementRangeIsOneOrThreeWithOrnithopters) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  put(s, Faction::Atreides, kOldGapMiddle, 5);
  s = play(s, atreides, Pass{}, chance);
  ASSERT_EQ(s.step, Step::Movement);
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::OldGap, kPlasticBasinMiddle, ForceCount{1}, ForceCount{0}}),
                  RejectCode::NotAdjacent);
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{6}, ForceCount{0}}),
                  RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::Arrakeen, kOldGapMiddle, ForceCount{1}, ForceCount{0}}),
                  RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}), RejectCode::WrongPhase);
  const GameState one = play(s, atreides, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_EQ(at(one, Faction::Atreides, kBrokenLandWest), ForceCount{2});
  EXPECT_EQ(at(one, Faction::Atreides, kOldGapMiddle), ForceCount{3});

  put(s, Faction::Atreides, kArrakeen, 1);  // ornithopters: 3 territories
  const GameState three = play(s, atreides, Move{TerritoryId::OldGap, kSietchTabr, ForceCount{5}, ForceCount{0}}, chance);
  EXPECT_EQ(at(three, Faction::Atreides, kSietchTabr), ForceCount{5});
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::OldGap, kTheGreaterFlat, ForceCount{1}, ForceCount{0}}),
                  RejectCode::NotAdjacent);
}

TEST(ShipmentMovementTest, FremenMoveTwoTerritories) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Fremen, Faction::Atreides}));
  const Seat fremen = seat_of(s, Faction::Fremen);
  put(s, Faction::Fremen, kTheGreatFlat, 4);
  s = play(s, fremen, Pass{}, chance);
  expect_rejected(s, envelope(s, fremen, Move{TerritoryId::TheGreatFlat, kOldGapWest, ForceCount{1}, ForceCount{0}}),
                  RejectCode::NotAdjacent);
  s = play(s, fremen, Move{TerritoryId::TheGreatFlat, kBrokenLandWest, ForceCount{4}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::Fremen, kBrokenLandWest), ForceCount{4});
}

TEST(ShipmentMovementTest, SpiritualAdvisorGoesToThePolarSinkInBasic) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::BeneGesserit}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  s = play(s, atreides, Ship{kArrakeen, ForceCount{2}, ForceCount{0}}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});
  expect_rejected(s, envelope(s, atreides, Pass{}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, bg, Pass{}), RejectCode::WrongPhase);
  const ForceCount reserves = s.seat(bg).reserves_normal;
  s = play(s, bg, SendSpiritualAdvisor{AdvisorDestination::PolarSink}, chance);
  EXPECT_EQ(at(s, Faction::BeneGesserit, kPolarSinkCell), ForceCount{1});
  EXPECT_EQ(s.seat(bg).reserves_normal, reserves - ForceCount{1});
  EXPECT_EQ(pending(s), std::vector<Seat>{atreides});
  EXPECT_EQ(s.step, Step::Movement);
}

TEST(ShipmentMovementTest, AdvancedSpiritualAdvisorJoinsTheShipmentAsAnAdvisor) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::advanced({Faction::Atreides, Faction::BeneGesserit}));
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  s = play(s, seat_of(s, Faction::Atreides), Ship{kArrakeen, ForceCount{2}, ForceCount{0}}, chance);
  s = play(s, bg, SendSpiritualAdvisor{AdvisorDestination::ShipmentCell}, chance);
  EXPECT_EQ(at(s, Faction::BeneGesserit, kArrakeen), ForceCount{1});
  EXPECT_TRUE(s.board.advisors[index(TerritoryId::Arrakeen)]);
  EXPECT_EQ(at(s, Faction::BeneGesserit, kPolarSinkCell), ForceCount{0});
}

TEST(ShipmentMovementTest, AdvancedBeneGesseritAdvisorsShipMoveAndEnlist) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::advanced({Faction::BeneGesserit, Faction::Atreides}));
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});
  put(s, Faction::Atreides, kArrakeen, 2);
  put(s, Faction::BeneGesserit, kArrakeen, 1);
  s.board.advisors[index(TerritoryId::Arrakeen)] = true;
  expect_rejected(s, envelope(s, bg, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}), RejectCode::IllegalChoice);
  s = play(s, bg, Pass{}, chance);
  // Advisors in Arrakeen give no ornithopters: one territory only.
  expect_rejected(s, envelope(s, bg, Move{TerritoryId::Arrakeen, kBrokenLandWest, ForceCount{1}, ForceCount{0}}),
                  RejectCode::NotAdjacent);
  s = play(s, bg, Move{TerritoryId::Arrakeen, kOldGapMiddle, ForceCount{1}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::BeneGesserit, kOldGapMiddle), ForceCount{1});
  EXPECT_FALSE(s.board.advisors[index(TerritoryId::OldGap)]);    // alone: a fighter ([LR] 2.02.14)
  EXPECT_FALSE(s.board.advisors[index(TerritoryId::Arrakeen)]);  // no Bene Gesserit left there
}

TEST(ShipmentMovementTest, FremenSendingIsNotFromOffPlanet) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Fremen, Faction::BeneGesserit}));
  s = play(s, seat_of(s, Faction::Fremen), Ship{kTheGreatFlat, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_FALSE(s.movement.spiritual_advisor_cell.has_value());
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Fremen)});
}

TEST(ShipmentMovementTest, ForcesSharingATerritoryWithTheAllyGoToTheTanks) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  const Seat atreides = seat_of(s, Faction::Atreides);
  put(s, Faction::Harkonnen, kOldGapMiddle, 3);
  put(s, Faction::Harkonnen, kPolarSinkCell, 1);
  put(s, Faction::Atreides, kPolarSinkCell, 1);
  s = play(s, atreides, Ship{kOldGapEast, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::Atreides, kOldGapEast), ForceCount{2});  // only at the end of its actions
  s = play(s, atreides, Pass{}, chance);
  EXPECT_EQ(at(s, Faction::Atreides, kOldGapEast), ForceCount{0});
  EXPECT_EQ(s.seat(atreides).tanks_normal, ForceCount{2});
  EXPECT_EQ(at(s, Faction::Harkonnen, kOldGapMiddle), ForceCount{3});
  EXPECT_EQ(at(s, Faction::Atreides, kPolarSinkCell), ForceCount{1});  // the Polar Sink is exempt
}

TEST(ShipmentMovementTest, PhaseEndsAfterEverySeatThenBattlesFollow) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor}));
  put(s, Faction::Harkonnen, kOldGapMiddle, 3);  // a battle to fight
  put(s, Faction::Emperor, kOldGapMiddle, 2);
  for (Seat seat : storm_order(s)) {
    ASSERT_EQ(pending(s), std::vector<Seat>{seat});
    s = play(s, seat, Pass{}, chance);
    s = play(s, seat, Pass{}, chance);
  }
  EXPECT_EQ(s.phase, Phase::Battle);
}

TEST(ShipmentMovementTest, WithoutBattlesTheTurnGoesOnToCollection) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor}));
  put(s, Faction::Harkonnen, kOldGapMiddle, 3);
  s.board.spice[index(kOldGapMiddle)] = Spice{4};
  const Spice before = s.seat(seat_of(s, Faction::Harkonnen)).spice;
  const int turn = s.turn;
  for (Seat seat : storm_order(s)) {
    s = play(s, seat, Pass{}, chance);
    s = play(s, seat, Pass{}, chance);
  }
  EXPECT_TRUE(s.halted.empty()) << s.halted;
  EXPECT_EQ(s.seat(seat_of(s, Faction::Harkonnen)).spice, before + Spice{4});  // collected, 2 per force
  EXPECT_EQ(s.turn, turn);  // Collection ran; its decision point waits for every seat
  EXPECT_EQ(s.step, Step::Collection);
}

TEST(ShipmentMovementTest, LegalCommandsAreAllAcceptedAndIncludeTheObviousOnes) {
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const auto ships = legal_commands(s, atreides);
  EXPECT_NE(std::find(ships.begin(), ships.end(), Command{Ship{kArrakeen, ForceCount{10}, ForceCount{0}}}), ships.end());
  EXPECT_EQ(std::find(ships.begin(), ships.end(), Command{Ship{kHabbanyaSietch, ForceCount{1}, ForceCount{0}}}), ships.end());
  put(s, Faction::Atreides, kOldGapMiddle, 2);
  s.step = Step::Movement;
  const auto moves = legal_commands(s, atreides);
  EXPECT_NE(std::find(moves.begin(), moves.end(), Command{Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{2}, ForceCount{0}}}),
            moves.end());
  EXPECT_EQ(std::find(moves.begin(), moves.end(), Command{Move{TerritoryId::OldGap, kSietchTabr, ForceCount{2}, ForceCount{0}}}),
            moves.end());
  for (const Command& c : moves) {
    EXPECT_FALSE(std::holds_alternative<Rejection>(submit(s, envelope(s, atreides, c)))) << to_string(c);
  }
}


// ---- Hajr, Karama shipment, ally spice, Advanced Guild timing -----------------------------

using testing::card_named;

// Moves the first copy of a card into the seat's hand, from the deck or from another hand.
void give(GameState& s, Seat seat, std::string_view name) {
  const TreacheryCardId card = card_named(name);
  for (SeatState& other : s.seats) std::erase(other.hand, card);
  s.treachery.deck.take_unseen(card);
  auto& hand = s.seat(seat).hand;
  hand.insert(std::upper_bound(hand.begin(), hand.end(), card), card);
}

bool holds(const GameState& s, Seat seat, std::string_view name) {
  const auto& hand = s.seat(seat).hand;
  return std::find(hand.begin(), hand.end(), card_named(name)) != hand.end();
}

bool lists(const GameState& s, Seat seat, const Command& c) {
  const auto legal = legal_commands(s, seat);
  return std::find(legal.begin(), legal.end(), c) != legal.end();
}

// Atreides to ship, with 2 forces in Old Gap and Hajr in hand; Harkonnen next.
GameState atreides_holding_hajr() {
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  put(s, Faction::Atreides, kOldGapMiddle, 2);
  give(s, seat_of(s, Faction::Atreides), "Hajr");
  return s;
}

TEST(ShipmentMovementTest, HajrGivesASecondMoveAndIsDiscarded) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  put(s, Faction::Atreides, kOldGapMiddle, 5);
  give(s, atreides, "Hajr");
  EXPECT_FALSE(lists(s, atreides, PlayHajr{}));  // not during the shipment
  s = play(s, atreides, Pass{}, chance);
  ASSERT_TRUE(lists(s, atreides, PlayHajr{}));
  s = play(s, atreides, PlayHajr{}, chance);
  EXPECT_FALSE(holds(s, atreides, "Hajr"));
  EXPECT_EQ(s.treachery.discard.back(), card_named("Hajr"));
  EXPECT_TRUE(s.movement.hajr_played);
  ASSERT_EQ(s.step, Step::Movement);
  s = play(s, atreides, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{2}, ForceCount{0}}, chance);
  ASSERT_EQ(s.step, Step::Movement);  // the second move is still to come
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  s = play(s, atreides, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{3}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::Atreides, kBrokenLandWest), ForceCount{5});
  EXPECT_EQ(at(s, Faction::Atreides, kOldGapMiddle), ForceCount{0});
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});  // the step ends when the seat passes
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::BrokenLand, kOldGapMiddle, ForceCount{1}, ForceCount{0}}),
                  RejectCode::IllegalChoice);  // no third move
  s = play(s, atreides, Pass{}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Harkonnen)});
  EXPECT_EQ(s.step, Step::Shipment);
  EXPECT_FALSE(s.movement.hajr_played);
}

TEST(ShipmentMovementTest, HajrMayMoveTheSameGroupTwiceOrBeFollowedByAPass) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  put(s, Faction::Atreides, kOldGapMiddle, 2);
  give(s, atreides, "Hajr");
  s = play(s, atreides, Pass{}, chance);
  s = play(s, atreides, PlayHajr{}, chance);
  const GameState played = s;
  s = play(s, atreides, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{2}, ForceCount{0}}, chance);
  s = play(s, atreides, Move{TerritoryId::BrokenLand, kPlasticBasinMiddle, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::Atreides, kPlasticBasinMiddle), ForceCount{2});
  const GameState passed = play(played, atreides, Pass{}, chance);  // the card is spent all the same
  EXPECT_EQ(pending(passed), std::vector<Seat>{seat_of(passed, Faction::Harkonnen)});
  EXPECT_FALSE(holds(passed, atreides, "Hajr"));
}

// [LR] 3.01.09: "Play during FORCE MOVEMENT ... The Forces you Move may be a group you've already
// moved this Phase": Hajr after the first move. Every seat is awaited after its move, card or not.
TEST(ShipmentMovementTest, HajrMayBePlayedAfterTheFirstMove) {
  SeededChance chance(1);
  GameState s = atreides_holding_hajr();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  s = play(s, atreides, Pass{}, chance);
  s = play(s, atreides, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{2}, ForceCount{0}}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  EXPECT_TRUE(lists(s, atreides, PlayHajr{}));
  expect_rejected(s, envelope(s, atreides, Move{TerritoryId::BrokenLand, kPlasticBasinMiddle, ForceCount{2}, ForceCount{0}}),
                  RejectCode::IllegalChoice);  // a second move needs the card
  GameState without = s;
  without.seat(atreides).hand.clear();
  EXPECT_EQ(pending(without), std::vector<Seat>{atreides});  // awaited all the same: the hand stays secret
  EXPECT_EQ(testing::step_commands(without, atreides), std::vector<Command>{Pass{}});
  s = play(s, atreides, PlayHajr{}, chance);
  s = play(s, atreides, Move{TerritoryId::BrokenLand, kPlasticBasinMiddle, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::Atreides, kPlasticBasinMiddle), ForceCount{2});
  EXPECT_FALSE(holds(s, atreides, "Hajr"));
  s = play(s, atreides, Pass{}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
}

TEST(ShipmentMovementTest, HajrRejectionsLeaveTheStateUnchanged) {
  SeededChance chance(1);
  GameState s = atreides_holding_hajr();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  expect_rejected(s, envelope(s, atreides, PlayHajr{}), RejectCode::WrongPhase);  // Shipment step
  expect_rejected(s, envelope(s, harkonnen, PlayHajr{}), RejectCode::NotYourTurn);
  s = play(s, atreides, Pass{}, chance);
  GameState without = s;
  without.seat(atreides).hand.clear();
  expect_rejected(without, envelope(without, atreides, PlayHajr{}), RejectCode::IllegalChoice);
  EXPECT_FALSE(lists(without, atreides, PlayHajr{}));
  s = play(s, atreides, PlayHajr{}, chance);
  expect_rejected(s, envelope(s, atreides, PlayHajr{}), RejectCode::IllegalChoice);  // spent
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}), RejectCode::WrongPhase);
}

TEST(ShipmentMovementTest, KaramaShipsAtGuildRatesPaidToTheBank) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::SpacingGuild}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  give(s, atreides, "Karama");
  const Spice bank = s.bank;
  const Spice guild_spice = s.seat(guild).spice;
  const Command karama_ship = Ship{kOldGapMiddle, ForceCount{3}, ForceCount{0}, true};
  ASSERT_TRUE(lists(s, atreides, karama_ship));
  s = play(s, atreides, karama_ship, chance);  // 6 halved: 3, to the bank, not the Guild
  EXPECT_EQ(s.seat(atreides).spice, Spice{10 - 3});
  EXPECT_EQ(s.bank, bank + Spice{3});
  EXPECT_EQ(s.seat(guild).spice, guild_spice);
  EXPECT_EQ(at(s, Faction::Atreides, kOldGapMiddle), ForceCount{3});
  EXPECT_FALSE(holds(s, atreides, "Karama"));
  EXPECT_EQ(s.treachery.discard.back(), card_named("Karama"));
  EXPECT_EQ(s.step, Step::Movement);
}

TEST(ShipmentMovementTest, KaramaShipmentRoundsUpAndItsRejectionsLeaveTheStateUnchanged) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Fremen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat fremen = seat_of(s, Faction::Fremen);
  s.seat(atreides).hand.clear();
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}, true}), RejectCode::IllegalChoice);
  EXPECT_FALSE(lists(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}, true}));
  give(s, atreides, "Karama");
  s.seat(atreides).spice = Spice{1};
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}, true}),
                  RejectCode::InsufficientSpice);  // 3 halved, rounded up: 2
  s.seat(atreides).spice = Spice{2};
  const Spice bank = s.bank;
  s = play(s, atreides, Ship{kArrakeen, ForceCount{3}, ForceCount{0}, true}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{0});
  EXPECT_EQ(s.bank, bank + Spice{2});
  s = play(s, atreides, Pass{}, chance);
  give(s, fremen, "Karama");
  expect_rejected(s, envelope(s, fremen, Ship{kTheGreatFlat, ForceCount{1}, ForceCount{0}, true}), RejectCode::NotImplemented);
  EXPECT_FALSE(lists(s, fremen, Ship{kTheGreatFlat, ForceCount{1}, ForceCount{0}, true}));
}

TEST(ShipmentMovementTest, AllySpicePaysTheRemainderUpToItsLimit) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::SpacingGuild}));
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  s = play(s, harkonnen, AllySpice{Spice{4}}, chance);  // a public standing choice
  s.seat(atreides).spice = Spice{2};
  const Spice harkonnen_spice = s.seat(harkonnen).spice;
  const Spice guild_spice = s.seat(guild).spice;
  // 4 forces outside a stronghold cost 8: more than 2 own + 4 permitted.
  expect_rejected(s, envelope(s, atreides, Ship{kOldGapMiddle, ForceCount{4}, ForceCount{0}}), RejectCode::InsufficientSpice);
  EXPECT_FALSE(lists(s, atreides, Ship{kOldGapMiddle, ForceCount{4}, ForceCount{0}}));
  EXPECT_TRUE(lists(s, atreides, Ship{kOldGapMiddle, ForceCount{3}, ForceCount{0}}));
  s = play(s, atreides, Ship{kOldGapMiddle, ForceCount{3}, ForceCount{0}}, chance);  // 6: own 2 first, ally 4
  EXPECT_EQ(s.seat(atreides).spice, Spice{0});
  EXPECT_EQ(s.seat(harkonnen).spice, harkonnen_spice - Spice{4});
  EXPECT_EQ(s.seat(guild).spice, guild_spice + Spice{6});  // the ally's part goes to the Guild too
  EXPECT_EQ(s.seat(harkonnen).ally_spice_limit, Spice{0});  // the permission is used up
}

TEST(ShipmentMovementTest, OwnSpicePaysFirstAndTheAllyOnlyTheRest) {
  SeededChance chance(1);
  GameState s = at_shipment(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  s.seat(harkonnen).ally_spice_limit = Spice{5};
  s.seat(harkonnen).spice = Spice{3};  // the permission is capped by the ally's spice
  s.seat(atreides).spice = Spice{4};
  const Spice bank = s.bank;
  expect_rejected(s, envelope(s, atreides, Ship{kArrakeen, ForceCount{8}, ForceCount{0}}), RejectCode::InsufficientSpice);
  s = play(s, atreides, Ship{kArrakeen, ForceCount{6}, ForceCount{0}}, chance);  // 6: own 4, ally 2
  EXPECT_EQ(s.seat(atreides).spice, Spice{0});
  EXPECT_EQ(s.seat(harkonnen).spice, Spice{1});
  EXPECT_EQ(s.seat(harkonnen).ally_spice_limit, Spice{3});
  EXPECT_EQ(s.bank, bank + Spice{6});
}

// Atreides, Spacing Guild, Harkonnen in storm order, with the Advanced Guild timing rule only.
GameState guild_timing_game() {
  Options o = Options::basic({Faction::Atreides, Faction::SpacingGuild, Faction::Harkonnen});
  o.rules.guild_shipment_timing = true;
  return at_shipment(o);
}

TEST(ShipmentMovementTest, GuildMayTakeItsWholeTurnBeforeTheFirstSeat) {
  SeededChance chance(1);
  GameState s = guild_timing_game();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  ASSERT_EQ(storm_order(s), (std::vector<Seat>{atreides, guild, harkonnen}));
  ASSERT_EQ(pending(s), std::vector<Seat>{guild});
  EXPECT_TRUE(lists(s, guild, GuildActNow{}));
  EXPECT_TRUE(lists(s, guild, Pass{}));
  EXPECT_FALSE(lists(s, guild, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}));
  s = play(s, guild, GuildActNow{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{guild});
  ASSERT_EQ(s.step, Step::Shipment);
  s = play(s, guild, Ship{kArrakeen, ForceCount{2}, ForceCount{0}}, chance);
  s = play(s, guild, Pass{}, chance);
  EXPECT_TRUE(s.movement.guild_done);
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});  // the Guild is never asked again
  s = play(s, atreides, Pass{}, chance);
  s = play(s, atreides, Pass{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{harkonnen});  // the Guild's own place is skipped
  s = play(s, harkonnen, Pass{}, chance);
  s = play(s, harkonnen, Pass{}, chance);
  EXPECT_NE(s.phase, Phase::ShipmentAndMovement);
}

TEST(ShipmentMovementTest, GuildMayWaitAndActAfterAnySeat) {
  SeededChance chance(1);
  GameState s = guild_timing_game();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  s = play(s, guild, Pass{}, chance);  // wait
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  s = play(s, atreides, Pass{}, chance);
  s = play(s, atreides, Pass{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{guild});  // at its own place: act now, or Delay
  s = play(s, guild, Pass{}, chance);               // Delay ([LR] 2.06.12.03)
  ASSERT_EQ(pending(s), std::vector<Seat>{guild});  // asked again before Harkonnen
  s = play(s, guild, GuildActNow{}, chance);
  s = play(s, guild, Pass{}, chance);
  s = play(s, guild, Pass{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{harkonnen});
  s = play(s, harkonnen, Pass{}, chance);
  s = play(s, harkonnen, Pass{}, chance);
  EXPECT_NE(s.phase, Phase::ShipmentAndMovement);
}

TEST(ShipmentMovementTest, GuildThatKeepsWaitingGoesLast) {
  SeededChance chance(1);
  GameState s = guild_timing_game();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  put(s, Faction::SpacingGuild, kOldGapMiddle, 2);
  s = play(s, guild, Pass{}, chance);
  s = play(s, atreides, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}, chance);
  s = play(s, atreides, Pass{}, chance);
  s = play(s, guild, Pass{}, chance);  // Delay at its own place
  s = play(s, guild, Pass{}, chance);  // wait before Harkonnen
  ASSERT_EQ(pending(s), std::vector<Seat>{harkonnen});
  s = play(s, harkonnen, Pass{}, chance);
  s = play(s, harkonnen, Pass{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{guild});  // after the last seat, no more waiting
  EXPECT_TRUE(s.movement.guild_acting);
  EXPECT_FALSE(lists(s, guild, GuildActNow{}));
  ASSERT_EQ(s.phase, Phase::ShipmentAndMovement);
  s = play(s, guild, Pass{}, chance);
  s = play(s, guild, Move{TerritoryId::OldGap, kBrokenLandWest, ForceCount{2}, ForceCount{0}}, chance);
  EXPECT_EQ(at(s, Faction::SpacingGuild, kBrokenLandWest), ForceCount{2});
  ASSERT_EQ(s.phase, Phase::ShipmentAndMovement);  // its Movement step ends when it passes ([LR] 3.01.09)
  s = play(s, guild, Pass{}, chance);
  EXPECT_NE(s.phase, Phase::ShipmentAndMovement);
}

TEST(ShipmentMovementTest, GuildTimingRejectionsLeaveTheStateUnchanged) {
  SeededChance chance(1);
  GameState s = guild_timing_game();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  expect_rejected(s, envelope(s, atreides, Pass{}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, atreides, GuildActNow{}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, guild, Ship{kArrakeen, ForceCount{1}, ForceCount{0}}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, guild, Move{TerritoryId::Arrakeen, kOldGapMiddle, ForceCount{1}, ForceCount{0}}),
                  RejectCode::WrongPhase);
  s = play(s, guild, GuildActNow{}, chance);
  expect_rejected(s, envelope(s, guild, GuildActNow{}), RejectCode::WrongPhase);  // already acting
  s = play(s, guild, Pass{}, chance);
  s = play(s, guild, Pass{}, chance);
  expect_rejected(s, envelope(s, atreides, GuildActNow{}), RejectCode::IllegalChoice);
  // Without the Advanced rule the Guild acts in its storm-order place and is never asked.
  GameState basic = at_shipment(Options::basic({Faction::Atreides, Faction::SpacingGuild}));
  EXPECT_EQ(pending(basic), std::vector<Seat>{seat_of(basic, Faction::Atreides)});
  basic = play(basic, seat_of(basic, Faction::Atreides), Pass{}, chance);
  basic = play(basic, seat_of(basic, Faction::Atreides), Pass{}, chance);
  expect_rejected(basic, envelope(basic, seat_of(basic, Faction::SpacingGuild), GuildActNow{}), RejectCode::IllegalChoice);
}

}  // namespace
}  // namespace dune

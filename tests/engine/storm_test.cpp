// Storm phase (fact sheet §3.3, §6.2 row 1, §2.1 Family Atomics) as scenarios: setup is played
// with chance, later turns are built by editing the state and entering the phase again.
#include <gtest/gtest.h>

#include <string_view>

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
constexpr CellId kImperialBasinEast{1};    // sector 8
constexpr CellId kImperialBasinCenter{2};  // sector 9
constexpr CellId kImperialBasinWest{3};    // sector 10, not linked to the Shield Wall
constexpr CellId kCielagoNorthWest{9};     // sector 0 (the Storm Start sector)
constexpr CellId kCielagoNorthCenter{10};  // sector 1
constexpr CellId kBasin{42};               // sand, sector 8
constexpr CellId kRimWallWest{43};         // rock, sector 8
constexpr CellId kShieldWallSouth{46};     // sector 7
constexpr CellId kShieldWallNorth{47};     // sector 8
constexpr CellId kGaraKulon{48};           // sand, sector 7, next to Shield Wall South
constexpr CellId kOldGapMiddle{50};        // sand, sector 9
constexpr CellId kOldGapWest{51};          // sand, sector 10

// Plays setup with the first legal command of each awaited seat, up to the first storm dial.
GameState first_storm(const Options& options, ChanceSource& chance) {
  GameState s = testing::start(options, chance);
  while (s.step != Step::StormDial && !is_terminal(s)) {
    const Seat seat = pending(s).front();
    s = play(s, seat, legal_commands(s, seat).front(), chance);
  }
  EXPECT_EQ(s.turn, 1);
  EXPECT_EQ(s.step, Step::StormDial);
  return s;
}

// Submits an accepted command without settling chance: the storm's effects are visible before
// the next phase draws anything.
GameState play_unsettled(const GameState& s, Seat seat, Command c) {
  auto result = submit(s, envelope(s, seat, c));
  if (auto* r = std::get_if<Rejection>(&result)) {
    ADD_FAILURE() << "rejected " << to_string(c) << ": " << r->message;
    return s;
  }
  return std::get<Accepted>(std::move(result)).next;
}

// A turn-2 state before the Storm phase: hands emptied back into the deck, storm at `sector`.
GameState before_later_storm(GameState s, std::uint8_t sector) {
  s.turn = 2;
  s.chance.reset();
  s.halted.clear();
  for (SeatState& seat : s.seats) {
    for (TreacheryCardId c : seat.hand) s.treachery.deck.add_unseen(c);
    seat.hand.clear();
  }
  s.storm.sector = Sector{sector};
  return s;
}

using testing::card_named;

void give_card(GameState& s, Faction f, std::string_view name) {
  const TreacheryCardId card = card_named(name);
  EXPECT_TRUE(s.treachery.deck.take_unseen(card)) << name;
  s.seat(seat_of(s, f)).hand.push_back(card);
}

ForceCount& normal_at(GameState& s, CellId c, Faction f) {
  return s.board.normal[index(c)][index(f)];
}
ForceCount& special_at(GameState& s, CellId c, Faction f) {
  return s.board.special[index(c)][index(f)];
}

// Two seats: Atreides (circle 0, 10 in Arrakeen) and Harkonnen (circle 3, 10 in Carthag).
GameState two_seat_first_storm(ChanceSource& chance) {
  return first_storm(Options::basic({Faction::Atreides, Faction::Harkonnen}), chance);
}

TEST(StormTest, FirstStormDialersAreTheSeatsNearestEitherSideOfTheStormStart) {
  SeededChance chance(11);
  const GameState s = first_storm(Options::basic(kBaseFactions), chance);
  // Circles 0..5 in seat order; storm order from sector 0 is seat order, so seats 0 and 5 dial.
  const std::vector<Seat> order = storm_order(s);
  EXPECT_EQ(s.storm.sector, Sector{0});
  EXPECT_EQ(s.storm.dialers[0], order.front());
  EXPECT_EQ(s.storm.dialers[1], order.back());
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{5}}));

  std::vector<Command> dials;  // a held Truthtrance or Ghola card may add card commands
  for (const Command& c : legal_commands(s, Seat{0})) {
    if (std::holds_alternative<DialStorm>(c)) dials.push_back(c);
  }
  ASSERT_EQ(dials.size(), 21U);  // 0..20 ([LR] 0.16)
  EXPECT_EQ(dials.front(), Command{DialStorm{0}});
  EXPECT_EQ(dials.back(), Command{DialStorm{20}});
  EXPECT_TRUE(legal_commands(s, Seat{2}).empty());

  expect_rejected(s, envelope(s, Seat{0}, DialStorm{21}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{2}, DialStorm{3}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, Seat{0}, Pass{}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, Seat{0}, PlayWeatherControl{2}), RejectCode::WrongPhase);

  const GameState after = play(s, Seat{0}, DialStorm{20}, chance);
  EXPECT_EQ(pending(after),
            std::vector<Seat>{Seat{5}});  // the dial stays secret; who dialed is public
  expect_rejected(after, envelope(after, Seat{0}, DialStorm{1}), RejectCode::NotYourTurn);
}

TEST(StormTest, FirstStormLandsOnTheSumModulo18) {
  SeededChance chance(12);
  const GameState s = two_seat_first_storm(chance);
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));  // two seats: both dial
  GameState a = play(s, Seat{1}, DialStorm{15}, chance);
  a = play_unsettled(a, Seat{0}, DialStorm{10});
  EXPECT_EQ(a.storm.sector, Sector{7});  // 25 % 18
  EXPECT_EQ(a.storm.movement, std::optional<std::uint8_t>{25});
  EXPECT_EQ(a.phase, Phase::SpiceBlowAndNexus);

  GameState b = play(s, Seat{0}, DialStorm{20}, chance);
  b = play_unsettled(b, Seat{1}, DialStorm{20});
  EXPECT_EQ(b.storm.sector, Sector{4});  // 40 % 18

  GameState z = play(s, Seat{0}, DialStorm{0}, chance);
  z = play_unsettled(z, Seat{1}, DialStorm{0});
  EXPECT_EQ(z.storm.sector, Sector{0});
}

// Choice: turn 1 moves sector by sector from sector 0 and damages each sector entered, as later
// turns do ([LR] 1.01.03 "passes through"; [TO] PositionFirstStorm damages only the end sector).
TEST(StormTest, FirstStormDamagesSectorsEnteredButNotTheStartSector) {
  SeededChance chance(13);
  GameState s = two_seat_first_storm(chance);
  normal_at(s, kCielagoNorthWest, Faction::Atreides) = ForceCount{2};    // sector 0: start
  normal_at(s, kCielagoNorthCenter, Faction::Atreides) = ForceCount{3};  // sector 1: passed
  s.seat(Seat{0}).reserves_normal -= ForceCount{5};
  s = play(s, Seat{0}, DialStorm{1}, chance);
  s = play_unsettled(s, Seat{1}, DialStorm{1});
  EXPECT_EQ(s.storm.sector, Sector{2});
  EXPECT_EQ(normal_at(s, kCielagoNorthWest, Faction::Atreides), ForceCount{2});
  EXPECT_EQ(normal_at(s, kCielagoNorthCenter, Faction::Atreides), ForceCount{0});
  EXPECT_EQ(s.seat(Seat{0}).tanks_normal, ForceCount{3});
}

TEST(StormTest, LaterTurnDialsAreOneToThreeByTheBattleWheelHolders) {
  SeededChance chance(14);
  GameState s = before_later_storm(two_seat_first_storm(chance), 0);
  enter_phase(s, Phase::Storm);
  ASSERT_EQ(s.step, Step::StormDial);
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));
  EXPECT_EQ(testing::step_commands(s, Seat{1}),
            (std::vector<Command>{DialStorm{1}, DialStorm{2}, DialStorm{3}}));
  expect_rejected(s, envelope(s, Seat{0}, DialStorm{4}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, DialStorm{0}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, PlayFamilyAtomics{}), RejectCode::WrongPhase);
  s = play(s, Seat{0}, DialStorm{3}, chance);
  s = play_unsettled(s, Seat{1}, DialStorm{2});
  EXPECT_EQ(s.storm.sector, Sector{5});
  EXPECT_EQ(s.phase, Phase::SpiceBlowAndNexus);  // nobody holds a card: no window
}

TEST(StormTest, StormDestroysForcesInSandButNotInProtectedCells) {
  SeededChance chance(15);
  GameState s = before_later_storm(two_seat_first_storm(chance), 7);
  for (CellId c : {kBasin, kRimWallWest, kImperialBasinEast, kImperialBasinCenter, kOldGapMiddle,
                   kOldGapWest, kPolarSinkCell}) {
    normal_at(s, c, Faction::Harkonnen) = ForceCount{1};
  }
  s.seat(Seat{1}).reserves_normal -= ForceCount{7};
  enter_phase(s, Phase::Storm);
  s = play(s, Seat{0}, DialStorm{1}, chance);
  s = play_unsettled(s, Seat{1}, DialStorm{1});  // enters sectors 8 and 9
  EXPECT_EQ(s.storm.sector, Sector{9});
  EXPECT_EQ(normal_at(s, kBasin, Faction::Harkonnen), ForceCount{0});         // sand, sector 8
  EXPECT_EQ(normal_at(s, kOldGapMiddle, Faction::Harkonnen), ForceCount{0});  // sand, sector 9
  EXPECT_EQ(normal_at(s, kRimWallWest, Faction::Harkonnen), ForceCount{1});   // rock
  EXPECT_EQ(normal_at(s, kImperialBasinEast, Faction::Harkonnen), ForceCount{1});
  EXPECT_EQ(normal_at(s, kImperialBasinCenter, Faction::Harkonnen), ForceCount{1});
  EXPECT_EQ(normal_at(s, kOldGapWest, Faction::Harkonnen),
            ForceCount{1});  // sector 10: not reached
  EXPECT_EQ(normal_at(s, kPolarSinkCell, Faction::Harkonnen), ForceCount{1});
  EXPECT_EQ(normal_at(s, kArrakeen, Faction::Atreides), ForceCount{10});  // stronghold, sector 9
  EXPECT_EQ(s.seat(Seat{1}).tanks_normal, ForceCount{2});
}

TEST(StormTest, StormRemovesSpiceFromEnteredSectorsToTheBank) {
  SeededChance chance(16);
  GameState s = before_later_storm(two_seat_first_storm(chance), 7);
  s.board.spice[index(kBasin)] = Spice{6};
  s.board.spice[index(kOldGapWest)] = Spice{4};
  s.bank -= Spice{10};
  const Spice bank = s.bank;
  enter_phase(s, Phase::Storm);
  s = play(s, Seat{0}, DialStorm{1}, chance);
  s = play_unsettled(s, Seat{1}, DialStorm{1});
  EXPECT_EQ(s.board.spice[index(kBasin)], Spice{0});
  EXPECT_EQ(s.board.spice[index(kOldGapWest)], Spice{4});
  EXPECT_EQ(s.bank, bank + Spice{6});
}

TEST(StormTest, FremenLoseHalfRoundedUpWithAdvancedStormLosses) {
  for (bool half : {false, true}) {
    SCOPED_TRACE(half);
    Options o = Options::basic({Faction::Atreides, Faction::Fremen});
    o.rules.fremen_storm_losses = half;
    SeededChance chance(17);
    GameState s = before_later_storm(first_storm(o, chance), 7);
    const Seat fremen = seat_of(s, Faction::Fremen);
    normal_at(s, kBasin, Faction::Fremen) = ForceCount{3};
    special_at(s, kBasin, Faction::Fremen) = ForceCount{2};
    s.seat(fremen).reserves_normal -= ForceCount{5};
    enter_phase(s, Phase::Storm);
    s = play(s, Seat{0}, DialStorm{1}, chance);
    s = play_unsettled(s, Seat{1}, DialStorm{1});
    // Half of 5 rounded up is 3, normal forces first; Basic loses all 5.
    EXPECT_EQ(normal_at(s, kBasin, Faction::Fremen), ForceCount{0});
    EXPECT_EQ(special_at(s, kBasin, Faction::Fremen), ForceCount{half ? 2 : 0});
    EXPECT_EQ(s.seat(fremen).tanks_normal, ForceCount{3});
    EXPECT_EQ(s.seat(fremen).tanks_special, ForceCount{half ? 0 : 2});
  }
}

TEST(StormTest, WeatherControlReplacesTheDialedMovement) {
  SeededChance chance(18);
  GameState s = before_later_storm(two_seat_first_storm(chance), 7);
  give_card(s, Faction::Harkonnen, "Weather Control");
  give_card(s, Faction::Atreides, "Baliset");
  enter_phase(s, Phase::Storm);
  s = play(s, Seat{0}, DialStorm{3}, chance);
  s = play(s, Seat{1}, DialStorm{3}, chance);
  ASSERT_EQ(s.step, Step::StormCardWindow);
  EXPECT_EQ(s.storm.sector, Sector{7});                          // the storm waits for the window
  EXPECT_EQ(pending(s), (std::vector<Seat>{Seat{0}, Seat{1}}));  // every seat with cards
  EXPECT_EQ(testing::step_commands(s, Seat{0}), std::vector<Command>{Pass{}});
  EXPECT_EQ(testing::step_commands(s, Seat{1}).size(), 12U);  // pass, 0..10

  expect_rejected(s, envelope(s, Seat{1}, PlayWeatherControl{11}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, PlayWeatherControl{1}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, PlayFamilyAtomics{}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{1}, DialStorm{2}), RejectCode::WrongPhase);

  s = play(s, Seat{0}, Pass{}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{Seat{1}});
  expect_rejected(s, envelope(s, Seat{0}, Pass{}), RejectCode::NotYourTurn);
  s = play_unsettled(s, Seat{1}, PlayWeatherControl{1});
  EXPECT_EQ(s.storm.sector, Sector{8});  // 1 sector, not the dialed 6
  EXPECT_TRUE(s.seat(Seat{1}).hand.empty());
  EXPECT_EQ(s.treachery.discard, std::vector<TreacheryCardId>{card_named("Weather Control")});
}

TEST(StormTest, WeatherControlMayHoldTheStormStill) {
  SeededChance chance(19);
  GameState s = before_later_storm(two_seat_first_storm(chance), 7);
  give_card(s, Faction::Atreides, "Weather Control");
  enter_phase(s, Phase::Storm);
  s = play(s, Seat{0}, DialStorm{2}, chance);
  s = play(s, Seat{1}, DialStorm{2}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{Seat{0}});
  s = play_unsettled(s, Seat{0}, PlayWeatherControl{0});
  EXPECT_EQ(s.storm.sector, Sector{7});
  EXPECT_EQ(s.phase, Phase::SpiceBlowAndNexus);
}

TEST(StormTest, FamilyAtomicsDestroysTheShieldWallAndItsProtection) {
  SeededChance chance(20);
  GameState s = before_later_storm(two_seat_first_storm(chance), 5);
  give_card(s, Faction::Atreides, "Family Atomics");
  normal_at(s, kImperialBasinEast, Faction::Atreides) = ForceCount{2};  // next to Shield Wall North
  normal_at(s, kShieldWallSouth, Faction::Harkonnen) = ForceCount{3};
  special_at(s, kShieldWallNorth, Faction::Harkonnen) = ForceCount{1};
  s.seat(Seat{0}).reserves_normal -= ForceCount{2};
  s.seat(Seat{1}).reserves_normal -= ForceCount{3};
  enter_phase(s, Phase::Storm);
  s = play(s, Seat{0}, DialStorm{3}, chance);
  s = play(s, Seat{1}, DialStorm{2}, chance);
  ASSERT_EQ(s.step, Step::StormCardWindow);
  EXPECT_EQ(testing::step_commands(s, Seat{0}), (std::vector<Command>{Pass{}, PlayFamilyAtomics{}}));

  s = play_unsettled(s, Seat{0}, PlayFamilyAtomics{});
  EXPECT_TRUE(s.board.shield_wall_destroyed);
  EXPECT_EQ(normal_at(s, kShieldWallSouth, Faction::Harkonnen), ForceCount{0});
  EXPECT_EQ(special_at(s, kShieldWallNorth, Faction::Harkonnen), ForceCount{0});
  // "Set Aside this card" ([LR] 3.01.07): no longer discarded, where a reshuffle brought it back.
  EXPECT_TRUE(s.treachery.discard.empty());
  EXPECT_EQ(s.treachery.set_aside, std::vector<TreacheryCardId>{card_named("Family Atomics")});
  // The storm then moves 5 (sectors 6..10): Imperial Basin, Arrakeen and Carthag are no longer
  // safe.
  EXPECT_EQ(s.storm.sector, Sector{10});
  EXPECT_EQ(normal_at(s, kImperialBasinEast, Faction::Atreides), ForceCount{0});
  EXPECT_EQ(normal_at(s, kArrakeen, Faction::Atreides), ForceCount{0});
  EXPECT_EQ(normal_at(s, kCarthag, Faction::Harkonnen), ForceCount{0});
  EXPECT_EQ(s.seat(Seat{0}).tanks_normal, ForceCount{12});
  EXPECT_EQ(s.seat(Seat{1}).tanks_normal, ForceCount{13});
  EXPECT_EQ(s.seat(Seat{1}).tanks_special, ForceCount{1});
}

TEST(StormTest, FamilyAtomicsNeedsForcesNextToTheShieldWallWithNoStormBetween) {
  SeededChance chance(21);
  const GameState start = two_seat_first_storm(chance);
  // Atreides hold Family Atomics, with one force in `cell` besides Arrakeen; the window is open.
  auto window = [&](std::uint8_t storm, std::optional<CellId> cell) {
    GameState s = before_later_storm(start, storm);
    give_card(s, Faction::Atreides, "Family Atomics");
    if (cell) {
      normal_at(s, *cell, Faction::Atreides) = ForceCount{1};
      s.seat(Seat{0}).reserves_normal -= ForceCount{1};
    }
    enter_phase(s, Phase::Storm);
    s = play(s, Seat{0}, DialStorm{1}, chance);
    s = play(s, Seat{1}, DialStorm{1}, chance);
    EXPECT_EQ(s.step, Step::StormCardWindow);
    return s;
  };

  // Only in Arrakeen, which does not touch the Shield Wall.
  const GameState far = window(5, std::nullopt);
  EXPECT_EQ(testing::step_commands(far, Seat{0}), std::vector<Command>{Pass{}});
  expect_rejected(far, envelope(far, Seat{0}, PlayFamilyAtomics{}), RejectCode::NotAdjacent);

  // Next to Shield Wall North, but the storm sits on both (sector 8).
  const GameState stormy = window(8, kImperialBasinEast);
  expect_rejected(stormy, envelope(stormy, Seat{0}, PlayFamilyAtomics{}), RejectCode::NotAdjacent);

  // In Gara Kulon, next to Shield Wall South, out of the storm: allowed.
  const GameState near = window(8, kGaraKulon);
  EXPECT_EQ(testing::step_commands(near, Seat{0}), (std::vector<Command>{Pass{}, PlayFamilyAtomics{}}));

  // Any sector of a territory adjacent to the Shield Wall ([LR] 3.01.07), not only the cells that
  // touch it: Imperial Basin West (sector 10) with the storm away, but not with the storm in
  // sector 9, between it and the Wall (only Imperial Basin East, sector 8, touches the Wall).
  const GameState basin_west = window(5, kImperialBasinWest);
  EXPECT_EQ(testing::step_commands(basin_west, Seat{0}), (std::vector<Command>{Pass{}, PlayFamilyAtomics{}}));
  const GameState storm_between = window(9, kImperialBasinWest);
  expect_rejected(storm_between, envelope(storm_between, Seat{0}, PlayFamilyAtomics{}), RejectCode::NotAdjacent);
}

TEST(StormTest, FremenDrawTheNextStormCardWhichMovesTheStormNextTurn) {
  Options o = Options::basic({Faction::Atreides, Faction::Fremen});
  o.rules.fremen_storm_deck = true;
  StagedChance chance(22);
  chance.stage(ChanceKind::StormCard, 4);
  chance.stage(ChanceKind::StormCard, 2);
  GameState s = first_storm(o, chance);
  const Seat fremen = seat_of(s, Faction::Fremen);
  s = play(s, Seat{0}, DialStorm{1}, chance);
  s = play_unsettled(s, Seat{1}, DialStorm{2});
  EXPECT_EQ(s.storm.sector, Sector{3});
  ASSERT_TRUE(s.chance.has_value());
  EXPECT_EQ(*s.chance, (PendingChance{ChanceKind::StormCard, fremen, 0}));
  EXPECT_TRUE(pending(s).empty());
  s = settle(s, chance);
  EXPECT_EQ(s.storm.next_card, std::optional<std::uint8_t>{4});
  EXPECT_NE(s.phase, Phase::Storm);

  // Turn 2: no dial; the card moves the storm, then the Fremen draw the next one.
  s = before_later_storm(s, 3);
  enter_phase(s, Phase::Storm);
  EXPECT_EQ(s.storm.sector, Sector{7});
  EXPECT_EQ(s.storm.movement, std::optional<std::uint8_t>{4});
  ASSERT_TRUE(s.chance.has_value());
  s = settle(s, chance);
  EXPECT_EQ(s.storm.next_card, std::optional<std::uint8_t>{2});
  EXPECT_TRUE(chance.exhausted());
}

TEST(StormTest, StormCardIsRevealedBeforeTheWindow) {
  Options o = Options::basic({Faction::Atreides, Faction::Fremen});
  o.rules.fremen_storm_deck = true;
  SeededChance chance(23);
  GameState s = before_later_storm(first_storm(o, chance), 3);
  s.storm.next_card = 5;
  give_card(s, Faction::Atreides, "Weather Control");
  enter_phase(s, Phase::Storm);
  ASSERT_EQ(s.step, Step::StormCardWindow);
  EXPECT_EQ(s.storm.movement, std::optional<std::uint8_t>{5});
  EXPECT_FALSE(s.storm.next_card.has_value());
  expect_rejected(s, envelope(s, Seat{0}, DialStorm{2}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, Seat{1}, Pass{}), RejectCode::NotYourTurn);  // no cards: not asked
  s = play_unsettled(s, Seat{0}, Pass{});
  EXPECT_EQ(s.storm.sector, Sector{8});
  EXPECT_EQ(*s.chance, (PendingChance{ChanceKind::StormCard, seat_of(s, Faction::Fremen), 0}));
}

}  // namespace
}  // namespace dune

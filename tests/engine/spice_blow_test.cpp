// Spice Blow and Nexus (fact sheet §3.1, §3.2, §3.4) as scenarios with staged spice cards.
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

// Spice card ids (model/cards.h kSpiceCards order).
constexpr std::uint8_t kCielagoNorth = 0;  // 8 spice, East cell, sector 2
constexpr std::uint8_t kSouthMesa = 2;     // 10 spice
constexpr std::uint8_t kRedChasm = 3;      // 8 spice
constexpr std::uint8_t kHaggaBasin = 8;    // 6 spice
constexpr std::uint8_t kWorm = 15;
constexpr std::uint8_t kWorm2 = 16;
constexpr Sector kQuietSector{5};  // no blow cell used below lies in sector 5

const SpiceBlowSite& site(TerritoryId t) { return *blow_site(t); }

// A game at the start of the Spice Blow of `turn`, with no forces placed beyond the fixed ones.
GameState before_blow(const Options& options, int turn) {
  GameState s = std::get<GameState>(new_game(options));
  s.chance.reset();
  s.turn = turn;
  s.storm.sector = kQuietSector;
  return s;
}

GameState blow(GameState s, ChanceSource& chance) {
  enter_phase(s, Phase::SpiceBlowAndNexus);
  return settle(std::move(s), chance);
}

void put(GameState& s, Faction f, CellId c, int n) {
  s.board.normal[index(c)][index(f)] += ForceCount{n};
  s.seat(seat_of(s, f)).reserves_normal -= ForceCount{n};
}

void put_spice(GameState& s, CellId c, int n) {
  s.board.spice[index(c)] += Spice{n};
  s.bank -= Spice{n};
}

void discard(GameState& s, std::uint8_t pile, std::uint8_t card) {
  ASSERT_TRUE(s.blow.deck.take_unseen(SpiceCardId{card}));
  s.blow.discard[pile].push_back(SpiceCardId{card});
}

std::vector<SpiceCardId> ids(std::initializer_list<std::uint8_t> v) {
  std::vector<SpiceCardId> out;
  for (std::uint8_t x : v) out.push_back(SpiceCardId{x});
  return out;
}

void ally(GameState& s, Faction a, Faction b) {
  s.alliances.push_back(Alliance{a, b});
  s.seat(seat_of(s, a)).ally = b;
  s.seat(seat_of(s, b)).ally = a;
}

TEST(SpiceBlowTest, TerritoryCardPlacesItsSpiceFromTheBank) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  const GameState before = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  const GameState s = blow(before, chance);
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::CielagoNorth).cell)], Spice{8});
  EXPECT_EQ(s.bank, before.bank - Spice{8});
  EXPECT_EQ(s.blow.discard[0], ids({kCielagoNorth}));
  EXPECT_EQ(s.blow.deck.size(), 20U);
  EXPECT_FALSE(s.blow.nexus_occurred);
  EXPECT_EQ(s.step, Step::Charity);
}

TEST(SpiceBlowTest, StormOverTheBlowCellBlocksPlacement) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  GameState before = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  before.storm.sector = *cell_info(site(TerritoryId::CielagoNorth).cell).sector;
  const GameState s = blow(before, chance);
  EXPECT_EQ(total_spice_on_board(s), Spice{0});
  EXPECT_EQ(s.bank, before.bank);
  EXPECT_EQ(s.blow.discard[0], ids({kCielagoNorth}));  // the card is still discarded
}

TEST(SpiceBlowTest, TurnOneWormIsSetAsideAndReshuffled) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  GameState before = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen}), 1);
  put(before, Faction::Harkonnen, site(TerritoryId::CielagoNorth).cell, 2);
  const GameState s = blow(before, chance);
  EXPECT_TRUE(chance.exhausted());
  EXPECT_EQ(s.blow.discard[0], ids({kCielagoNorth}));  // the worm is not discarded
  EXPECT_TRUE(s.blow.set_aside.empty());
  EXPECT_EQ(s.blow.deck.size(), 20U);
  EXPECT_TRUE(std::binary_search(s.blow.deck.unseen.begin(), s.blow.deck.unseen.end(), SpiceCardId{kWorm}));
  EXPECT_FALSE(s.blow.nexus_occurred);  // no Nexus on turn 1 ([LR] 1.02.03)
  EXPECT_EQ(s.board.normal[index(site(TerritoryId::CielagoNorth).cell)][index(Faction::Harkonnen)], ForceCount{2});
  EXPECT_EQ(s.step, Step::Charity);
}

// Turn 3, Hagga Basin on top of pile A with spice and forces; the worm comes, then South Mesa.
GameState after_worm(const std::vector<Faction>& factions, StagedChance& chance, GameState* before_out = nullptr) {
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState before = before_blow(Options::basic(factions), 3);
  discard(before, 0, kHaggaBasin);
  const CellId hagga_west = site(TerritoryId::HaggaBasin).cell;
  const CellId hagga_east{64};
  put_spice(before, hagga_west, 6);
  put_spice(before, site(TerritoryId::CielagoNorth).cell, 5);
  put(before, Faction::Atreides, hagga_west, 3);
  put(before, Faction::Harkonnen, hagga_east, 2);
  put(before, Faction::Fremen, hagga_west, 4);
  if (before_out) *before_out = before;
  return blow(before, chance);
}

TEST(SpiceBlowTest, LaterWormDevoursSpiceAndForcesButNotFremen) {
  StagedChance chance(1);
  GameState before;
  const GameState s = after_worm({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}, chance, &before);
  const CellId hagga_west = site(TerritoryId::HaggaBasin).cell;
  EXPECT_EQ(s.board.spice[index(hagga_west)], Spice{0});
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::CielagoNorth).cell)], Spice{5});  // elsewhere: untouched
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::SouthMesa).cell)], Spice{10});
  EXPECT_EQ(s.bank, before.bank + Spice{6} - Spice{10});
  EXPECT_EQ(forces_in_territory(s, Faction::Atreides, TerritoryId::HaggaBasin), ForceCount{0});
  EXPECT_EQ(forces_in_territory(s, Faction::Harkonnen, TerritoryId::HaggaBasin), ForceCount{0});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Atreides)).tanks_normal, ForceCount{3});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Harkonnen)).tanks_normal, ForceCount{2});
  EXPECT_EQ(forces_in_territory(s, Faction::Fremen, TerritoryId::HaggaBasin), ForceCount{4});  // [LR] 2.04.07
  EXPECT_EQ(s.blow.discard[0], ids({kHaggaBasin, kWorm, kSouthMesa}));
  EXPECT_EQ(s.step, Step::NexusNegotiation);
  EXPECT_TRUE(s.blow.nexus_occurred);
  EXPECT_EQ(pending(s).size(), 3U);
}

// As after_worm, with the Atreides allied to the Fremen, who protect them or not ([LR] 2.04.10).
GameState worm_with_fremen_ally(bool protect, StagedChance& chance) {
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState before = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}), 3);
  discard(before, 0, kHaggaBasin);
  const CellId hagga_west = site(TerritoryId::HaggaBasin).cell;
  put_spice(before, hagga_west, 6);
  put(before, Faction::Atreides, hagga_west, 3);
  put(before, Faction::Harkonnen, CellId{64}, 2);
  put(before, Faction::Fremen, hagga_west, 4);
  ally(before, Faction::Atreides, Faction::Fremen);
  before.seat(seat_of(before, Faction::Fremen)).protects_ally_from_worms = protect;
  return blow(before, chance);
}

TEST(SpiceBlowTest, FremenProtectTheirAllyFromWormsWhenTheyChooseTo) {
  StagedChance chance(1);
  const GameState s = worm_with_fremen_ally(true, chance);
  EXPECT_EQ(forces_in_territory(s, Faction::Atreides, TerritoryId::HaggaBasin), ForceCount{3});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Atreides)).tanks_normal, ForceCount{0});
  EXPECT_EQ(forces_in_territory(s, Faction::Harkonnen, TerritoryId::HaggaBasin), ForceCount{0});  // not allied
  EXPECT_EQ(forces_in_territory(s, Faction::Fremen, TerritoryId::HaggaBasin), ForceCount{4});
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::HaggaBasin).cell)], Spice{0});  // the spice is still eaten
}

TEST(SpiceBlowTest, FremenAllyIsDevouredWithoutProtection) {
  StagedChance chance(1);
  const GameState s = worm_with_fremen_ally(false, chance);
  EXPECT_EQ(forces_in_territory(s, Faction::Atreides, TerritoryId::HaggaBasin), ForceCount{0});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Atreides)).tanks_normal, ForceCount{3});
  EXPECT_EQ(forces_in_territory(s, Faction::Fremen, TerritoryId::HaggaBasin), ForceCount{4});
}

TEST(SpiceBlowTest, ProtectionChoiceIsAStandingCommandOfTheFremenOnly) {
  StagedChance chance(1);
  GameState s = worm_with_fremen_ally(false, chance);
  ASSERT_EQ(s.step, Step::NexusNegotiation);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const Seat atreides = seat_of(s, Faction::Atreides);
  expect_rejected(s, envelope(s, atreides, ProtectAllyFromWorms{true}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, ProtectAllyFromWorms{false}), RejectCode::IllegalChoice);  // no change
  s = play(s, fremen, ProtectAllyFromWorms{true}, chance);
  EXPECT_TRUE(s.seat(fremen).protects_ally_from_worms);
}

TEST(SpiceBlowTest, NexusFormsAnAlliance) {
  StagedChance chance(1);
  GameState s = after_worm({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}, chance);
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const Seat fremen = seat_of(s, Faction::Fremen);

  expect_rejected(s, envelope(s, harkonnen, AcceptAlliance{Faction::Atreides}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, ProposeAlliance{Faction::Fremen}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, ClaimCharity{}), RejectCode::WrongPhase);
  expect_rejected(s, envelope(s, fremen, BreakAlliance{}), RejectCode::IllegalChoice);

  s = play(s, atreides, ProposeAlliance{Faction::Harkonnen}, chance);
  s = play(s, fremen, ProposeAlliance{Faction::Harkonnen}, chance);
  EXPECT_EQ(s.blow.proposals.size(), 2U);  // public
  expect_rejected(s, envelope(s, atreides, Pass{}), RejectCode::NotYourTurn);  // one action each
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  const auto legal = legal_commands(s, harkonnen);
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), Command{AcceptAlliance{Faction::Fremen}}) != legal.end());

  s = play(s, harkonnen, AcceptAlliance{Faction::Atreides}, chance);
  EXPECT_EQ(s.alliances, (std::vector<Alliance>{{Faction::Atreides, Faction::Harkonnen}}));
  EXPECT_EQ(ally_of(s, Faction::Harkonnen), Faction::Atreides);
  EXPECT_EQ(s.seat(atreides).ally, Faction::Harkonnen);
  EXPECT_FALSE(ally_of(s, Faction::Fremen).has_value());  // Fremen's proposal lapsed
  // Everyone has acted: the Nexus is over. The Fremen in Hagga Basin may ride its worm, a Basic
  // ability ([LR] 2.04.08; this test used to expect the phase over here); they pass.
  ASSERT_EQ(s.step, Step::WormRide);
  EXPECT_EQ(pending(s), std::vector<Seat>{fremen});
  s = play(s, fremen, Pass{}, chance);
  EXPECT_EQ(s.step, Step::Charity);
  EXPECT_TRUE(s.blow.nexus_occurred);
  EXPECT_TRUE(s.blow.proposals.empty());
}

TEST(SpiceBlowTest, AThirdPartyCannotJoinAnAlliance) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Fremen, Faction::Emperor}), 2);
  discard(s, 0, kHaggaBasin);
  ally(s, Faction::Atreides, Faction::Harkonnen);
  s = blow(s, chance);
  ASSERT_EQ(s.step, Step::NexusNegotiation);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const Seat emperor = seat_of(s, Faction::Emperor);
  expect_rejected(s, envelope(s, fremen, ProposeAlliance{Faction::Atreides}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, seat_of(s, Faction::Atreides), ProposeAlliance{Faction::Fremen}),
                  RejectCode::IllegalChoice);  // an allied player cannot take a second partner
  s = play(s, emperor, ProposeAlliance{Faction::Fremen}, chance);
  expect_rejected(s, envelope(s, fremen, AcceptAlliance{Faction::Harkonnen}), RejectCode::IllegalChoice);
  s = play(s, fremen, AcceptAlliance{Faction::Emperor}, chance);
  EXPECT_EQ(s.alliances.size(), 2U);
  EXPECT_EQ(ally_of(s, Faction::Fremen), Faction::Emperor);
  EXPECT_EQ(ally_of(s, Faction::Atreides), Faction::Harkonnen);
}

TEST(SpiceBlowTest, BreakingFreesThePartner) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}), 2);
  discard(s, 0, kHaggaBasin);
  ally(s, Faction::Atreides, Faction::Harkonnen);
  s = blow(s, chance);
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const Seat fremen = seat_of(s, Faction::Fremen);

  s = play(s, atreides, BreakAlliance{}, chance);
  EXPECT_TRUE(s.alliances.empty());
  EXPECT_FALSE(s.seat(harkonnen).ally.has_value());
  EXPECT_FALSE(s.seat(atreides).ally.has_value());
  // Breaking does not use the breaker's Nexus: it may still ally ([LR] 1.10.01.02, 1.10.01.06).
  const auto legal = legal_commands(s, atreides);
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), Command{ProposeAlliance{Faction::Fremen}}) != legal.end());
  EXPECT_TRUE(std::find(legal.begin(), legal.end(), Command{BreakAlliance{}}) == legal.end());  // no ally to break
  expect_rejected(s, envelope(s, harkonnen, BreakAlliance{}), RejectCode::IllegalChoice);
  s = play(s, harkonnen, ProposeAlliance{Faction::Fremen}, chance);
  s = play(s, fremen, AcceptAlliance{Faction::Harkonnen}, chance);
  EXPECT_EQ(s.alliances, (std::vector<Alliance>{{Faction::Harkonnen, Faction::Fremen}}));
  EXPECT_EQ(pending(s), std::vector<Seat>{atreides});
  s = play(s, atreides, Pass{}, chance);
  EXPECT_EQ(s.step, Step::Charity);
}

TEST(SpiceBlowTest, AdvancedWormInPileAKeepsNexusOccurredThroughPileB) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(Options::advanced({Faction::Atreides, Faction::Harkonnen}), 2);
  discard(s, 0, kHaggaBasin);
  s = blow(s, chance);
  ASSERT_EQ(s.step, Step::NexusNegotiation);  // held before pile B
  EXPECT_EQ(s.blow.pile, std::uint8_t{0});
  EXPECT_TRUE(s.blow.discard[1].empty());
  s = play(s, Seat{0}, Pass{}, chance);
  s = play(s, Seat{1}, Pass{}, chance);
  EXPECT_EQ(s.blow.discard[0], ids({kHaggaBasin, kWorm, kCielagoNorth}));
  EXPECT_EQ(s.blow.discard[1], ids({kSouthMesa}));
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::SouthMesa).cell)], Spice{10});
  EXPECT_TRUE(s.alliances.empty());
  EXPECT_TRUE(s.blow.nexus_occurred);
  EXPECT_EQ(s.step, Step::Charity);
}

TEST(SpiceBlowTest, WormFreePhaseHasNoNexus) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(Options::advanced({Faction::Atreides, Faction::Harkonnen}), 4);
  s.blow.nexus_occurred = true;  // left over from an earlier turn
  s = blow(s, chance);
  EXPECT_FALSE(s.blow.nexus_occurred);
  EXPECT_EQ(s.blow.discard[0], ids({kCielagoNorth}));
  EXPECT_EQ(s.blow.discard[1], ids({kSouthMesa}));
  EXPECT_EQ(s.step, Step::Charity);
}

TEST(SpiceBlowTest, FremenPlaceALaterWormAndRideIt) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kWorm);
  chance.stage(ChanceKind::SpiceDraw, kWorm2);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}), 2);
  discard(s, 0, kHaggaBasin);
  const CellId great_flat = site(TerritoryId::TheGreatFlat).cell;
  put(s, Faction::Atreides, site(TerritoryId::HaggaBasin).cell, 1);
  put(s, Faction::Harkonnen, great_flat, 3);
  put(s, Faction::Fremen, great_flat, 2);
  s = blow(s, chance);
  const Seat fremen = seat_of(s, Faction::Fremen);
  ASSERT_EQ(s.step, Step::KaramaWorm);  // their Karama power (1.14.03) is offered first
  s = play(s, fremen, Pass{}, chance);

  // The first worm devours Hagga Basin as printed; the Fremen place the second ([LR] 2.04.15).
  EXPECT_EQ(forces_in_territory(s, Faction::Atreides, TerritoryId::HaggaBasin), ForceCount{0});
  ASSERT_EQ(s.step, Step::WormPlacement);
  EXPECT_EQ(pending(s), std::vector<Seat>{fremen});
  expect_rejected(s, envelope(s, seat_of(s, Faction::Atreides), PlaceWorm{TerritoryId::TheGreatFlat}),
                  RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, fremen, PlaceWorm{TerritoryId::Arrakeen}), RejectCode::IllegalChoice);
  s = play(s, fremen, PlaceWorm{TerritoryId::TheGreatFlat}, chance);
  EXPECT_EQ(s.board.normal[index(great_flat)][index(Faction::Harkonnen)], ForceCount{0});
  EXPECT_EQ(s.board.normal[index(great_flat)][index(Faction::Fremen)], ForceCount{2});
  ASSERT_EQ(s.step, Step::NexusNegotiation);
  for (Seat seat : pending(s)) s = play(s, seat, Pass{}, chance);

  // At the end of the Nexus the Fremen may ride the worm ([LR] 2.04.08).
  ASSERT_EQ(s.step, Step::WormRide);
  const CellId arrakeen{5};
  CellId stormy{};
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (cell_in_storm(s, cell_at(c))) stormy = cell_at(c);
  }
  const ForceCount two{2};
  expect_rejected(s, envelope(s, fremen, RideWorm{TerritoryId::HaggaBasin, arrakeen, two, ForceCount{0}}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, RideWorm{TerritoryId::TheGreatFlat, stormy, two, ForceCount{0}}), RejectCode::StormBlocked);
  // The ride names its forces ("some or all", [LR] 2.04.08): at most the 2 there, at least one.
  expect_rejected(s, envelope(s, fremen, RideWorm{TerritoryId::TheGreatFlat, arrakeen, ForceCount{3}, ForceCount{0}}),
                  RejectCode::NotEnoughForces);
  expect_rejected(s, envelope(s, fremen, RideWorm{TerritoryId::TheGreatFlat, arrakeen, ForceCount{0}, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  s = play(s, fremen, RideWorm{TerritoryId::TheGreatFlat, arrakeen, two, ForceCount{0}}, chance);
  EXPECT_EQ(s.board.normal[index(arrakeen)][index(Faction::Fremen)], ForceCount{2});
  EXPECT_EQ(forces_in_territory(s, Faction::Fremen, TerritoryId::TheGreatFlat), ForceCount{0});
  EXPECT_EQ(s.blow.discard[1], ids({kSouthMesa}));  // then pile B
  EXPECT_EQ(s.step, Step::Charity);
}

// [LR] 1.14.03: after turn 1, as the Spice Blow opens, the Advanced Fremen may play a Karama to
// place their sandworm in any sand territory: it devours there as a normal worm (the Fremen spared,
// 2.04.07) and causes a Nexus (1.02.06); then the blow goes on. Once a game.
TEST(SpiceBlowTest, FremenKaramaWormDevoursWhereTheyWishAndCausesANexus) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}), 2);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const TreacheryCardId karama = testing::card_named("Karama");
  ASSERT_TRUE(s.treachery.deck.take_unseen(karama));
  s.seat(fremen).hand.push_back(karama);
  const CellId great_flat = site(TerritoryId::TheGreatFlat).cell;
  put(s, Faction::Harkonnen, great_flat, 3);
  put(s, Faction::Fremen, great_flat, 2);
  put_spice(s, great_flat, 4);
  s = blow(s, chance);
  ASSERT_EQ(s.step, Step::KaramaWorm);
  EXPECT_EQ(pending(s), std::vector<Seat>{fremen});
  expect_rejected(s, envelope(s, seat_of(s, Faction::Atreides), KaramaWorm{TerritoryId::TheGreatFlat}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, fremen, KaramaWorm{TerritoryId::Arrakeen}), RejectCode::IllegalChoice);
  s = play(s, fremen, KaramaWorm{TerritoryId::TheGreatFlat}, chance);
  EXPECT_EQ(s.board.normal[index(great_flat)][index(Faction::Harkonnen)], ForceCount{0});
  EXPECT_EQ(s.board.normal[index(great_flat)][index(Faction::Fremen)], ForceCount{2});
  EXPECT_EQ(s.board.spice[index(great_flat)], Spice{0});
  EXPECT_EQ(s.treachery.discard, std::vector<TreacheryCardId>{karama});
  ASSERT_EQ(s.karama.powers.size(), 1U);
  EXPECT_EQ(s.karama.powers[0].power, KaramaPower::FremenWorm);
  EXPECT_EQ(s.blow.discard[0], ids({kSouthMesa}));
  EXPECT_EQ(s.step, Step::NexusNegotiation);  // after pile A's territory card
  for (Seat seat : pending(s)) s = play(s, seat, Pass{}, chance);
  EXPECT_EQ(s.step, Step::WormRide);  // the Fremen may ride it (2.04.08)

  // Once a game: the next phase opens without the decision.
  GameState later = before_blow(Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::Fremen}), 3);
  later.karama.powers = s.karama.powers;
  chance.stage(ChanceKind::SpiceDraw, kRedChasm);
  later = blow(later, chance);
  EXPECT_NE(later.step, Step::KaramaWorm);
}

// The decision is offered on public facts alone, so a Fremen without a Karama is awaited too and
// may only pass; not on turn 1, nor without the Advanced Karama rule.
TEST(SpiceBlowTest, FremenKaramaWormDecisionRevealsNoHand) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  const std::vector<Faction> table{Faction::Atreides, Faction::Harkonnen, Faction::Fremen};
  GameState s = blow(before_blow(Options::advanced(table), 2), chance);
  ASSERT_EQ(s.step, Step::KaramaWorm);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const auto legal = legal_commands(s, fremen);
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{Pass{}}), legal.end());
  EXPECT_TRUE(std::none_of(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<KaramaWorm>(c); }));
  expect_rejected(s, envelope(s, fremen, KaramaWorm{TerritoryId::TheGreatFlat}), RejectCode::IllegalChoice);
  s = play(s, fremen, Pass{}, chance);
  EXPECT_EQ(s.blow.discard[0], ids({kSouthMesa}));
  chance.stage(ChanceKind::SpiceDraw, kRedChasm);
  EXPECT_NE(blow(before_blow(Options::advanced(table), 1), chance).step, Step::KaramaWorm);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  EXPECT_NE(blow(before_blow(Options::basic(table), 2), chance).step, Step::KaramaWorm);
}

TEST(SpiceBlowTest, DeckExhaustionReshufflesUnderTheTopmostTerritoryCard) {
  // [LR] 1.13.03: the cards under the topmost territory card of pile A go back into the deck.
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kRedChasm);
  GameState s = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen}), 5);
  s.blow.deck = {};
  s.blow.discard[0] = ids({kRedChasm, kWorm, kCielagoNorth});
  s = blow(s, chance);
  EXPECT_TRUE(chance.exhausted());
  EXPECT_EQ(s.blow.discard[0], ids({kCielagoNorth, kRedChasm}));
  EXPECT_EQ(s.blow.deck.unseen, ids({kWorm}));
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::RedChasm).cell)], Spice{8});
  EXPECT_EQ(s.step, Step::Charity);
}

TEST(SpiceBlowTest, NoCommandIsAcceptedWhileDrawing) {
  SeededChance chance(1);
  GameState s = before_blow(Options::basic({Faction::Atreides, Faction::Harkonnen}), 2);
  enter_phase(s, Phase::SpiceBlowAndNexus);
  ASSERT_TRUE(s.chance.has_value());
  EXPECT_TRUE(pending(s).empty());
  expect_rejected(s, envelope(s, Seat{0}, Pass{}), RejectCode::ChancePending);
}

// ---- E1's Harvester and Thumper (README rules status, "E1 Treachery cards") ----

constexpr std::uint8_t kHarvesterCard = 41;
constexpr std::uint8_t kThumperCard = 42;
constexpr std::uint8_t kBaliset = 28;

Options with_spice_cards(std::vector<Faction> f) {
  Options o = Options::basic(std::move(f));
  o.cards.e1_harvester_thumper = true;
  return o;
}

void hold(GameState& s, Faction f, std::uint8_t card) {
  ASSERT_TRUE(s.treachery.deck.take_unseen(TreacheryCardId{card}));
  s.seat(seat_of(s, f)).hand.push_back(TreacheryCardId{card});
}

TEST(SpiceBlowTest, HarvesterWindowAsksEverySeatHoldingCardsAndBlowsTheCardOnceMore) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  // Turn 1: no Thumper window comes first; a Harvester may be played on turn 1's blow.
  GameState s = before_blow(with_spice_cards({Faction::Atreides, Faction::Harkonnen, Faction::Emperor}), 1);
  ASSERT_EQ(card_type(TreacheryCardId{kHarvesterCard}).name, "Harvester");
  ASSERT_EQ(card_type(TreacheryCardId{kBaliset}).name, "Baliset");
  hold(s, Faction::Atreides, kHarvesterCard);
  hold(s, Faction::Harkonnen, kBaliset);
  const Spice bank = s.bank;
  s = blow(s, chance);
  ASSERT_EQ(s.step, Step::HarvesterWindow);
  // Both seats holding cards are asked, the Harvester's holder and the other alike; the Emperor,
  // with no card, is not.
  EXPECT_EQ(pending(s), (std::vector<Seat>{seat_of(s, Faction::Atreides), seat_of(s, Faction::Harkonnen)}));
  expect_rejected(s, envelope(s, seat_of(s, Faction::Harkonnen), PlayHarvester{}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, seat_of(s, Faction::Atreides), PlayThumper{}), RejectCode::WrongPhase);
  s = play(s, seat_of(s, Faction::Harkonnen), Pass{}, chance);
  ASSERT_EQ(s.step, Step::HarvesterWindow);
  s = play(s, seat_of(s, Faction::Atreides), PlayHarvester{}, chance);
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::CielagoNorth).cell)], Spice{16});
  EXPECT_EQ(s.bank, bank - Spice{16});
  EXPECT_EQ(s.treachery.discard.back(), TreacheryCardId{kHarvesterCard});
  EXPECT_TRUE(s.seat(seat_of(s, Faction::Atreides)).hand.empty());
  EXPECT_EQ(s.step, Step::Charity);
}

TEST(SpiceBlowTest, NoHarvesterWindowWhenTheStormTookTheBlowOrNoSeatHoldsACard) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  GameState s = before_blow(with_spice_cards({Faction::Atreides, Faction::Harkonnen}), 1);
  hold(s, Faction::Atreides, kHarvesterCard);
  s.storm.sector = *cell_info(site(TerritoryId::CielagoNorth).cell).sector;
  EXPECT_EQ(blow(s, chance).step, Step::Charity);
  StagedChance again(1);
  again.stage(ChanceKind::SpiceDraw, kCielagoNorth);
  EXPECT_EQ(blow(before_blow(with_spice_cards({Faction::Atreides, Faction::Harkonnen}), 1), again).step, Step::Charity);
}

TEST(SpiceBlowTest, ThumperBringsAWormToTheTopmostCardOfPileAAfterTurnOneOnly) {
  // Turn 1: no Thumper window (its worm would be ignored, [LR] 1.02.02).
  StagedChance first(1);
  first.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState one = before_blow(with_spice_cards({Faction::Atreides, Faction::Harkonnen}), 1);
  hold(one, Faction::Harkonnen, kThumperCard);
  EXPECT_NE(blow(one, first).step, Step::ThumperWindow);

  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  GameState s = before_blow(with_spice_cards({Faction::Atreides, Faction::Harkonnen}), 2);
  hold(s, Faction::Harkonnen, kThumperCard);
  discard(s, 0, kHaggaBasin);
  const CellId hagga = site(TerritoryId::HaggaBasin).cell;
  put(s, Faction::Atreides, hagga, 3);
  put_spice(s, hagga, 6);
  s = blow(s, chance);
  ASSERT_EQ(s.step, Step::ThumperWindow);
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Harkonnen)});
  s = play(s, seat_of(s, Faction::Harkonnen), PlayThumper{}, chance);
  EXPECT_EQ(s.board.normal[index(hagga)][index(Faction::Atreides)], ForceCount{0});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Atreides)).tanks_normal, ForceCount{3});
  EXPECT_EQ(s.board.spice[index(hagga)], Spice{0});
  EXPECT_EQ(s.treachery.discard.back(), TreacheryCardId{kThumperCard});
  // The blow drew on to a territory card, and a Nexus follows.
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::SouthMesa).cell)], Spice{10});
  EXPECT_TRUE(chance.exhausted());
  EXPECT_EQ(s.step, Step::NexusNegotiation);
}

// After the Fremen's Karama worm (both "at the start" of Spice Blow, our order), the Thumper's worm
// is the blow's second, the Advanced Fremen's to place ([LR] 2.04.15).
TEST(SpiceBlowTest, ThumperAfterTheFremenKaramaWormIsTheirsToPlace) {
  StagedChance chance(1);
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);
  Options o = Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::Fremen});
  o.cards.e1_harvester_thumper = true;
  GameState s = before_blow(o, 2);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const TreacheryCardId karama = testing::card_named("Karama");
  ASSERT_TRUE(s.treachery.deck.take_unseen(karama));
  s.seat(fremen).hand.push_back(karama);
  hold(s, Faction::Harkonnen, kThumperCard);
  discard(s, 0, kHaggaBasin);
  s = blow(s, chance);
  ASSERT_EQ(s.step, Step::KaramaWorm);
  s = play(s, fremen, KaramaWorm{TerritoryId::TheGreatFlat}, chance);
  ASSERT_EQ(s.step, Step::ThumperWindow);  // the Fremen now hold no card: the Harkonnen alone are asked
  EXPECT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::Harkonnen)});
  s = play(s, seat_of(s, Faction::Harkonnen), PlayThumper{}, chance);
  ASSERT_EQ(s.step, Step::WormPlacement);
  EXPECT_EQ(s.blow.worms_in_blow, 2);
  s = play(s, fremen, PlaceWorm{TerritoryId::TheGreatFlat}, chance);
  EXPECT_EQ(s.board.spice[index(site(TerritoryId::SouthMesa).cell)], Spice{10});
  EXPECT_EQ(s.step, Step::NexusNegotiation);
}

}  // namespace
}  // namespace dune

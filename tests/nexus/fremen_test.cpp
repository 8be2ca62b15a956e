// The Fremen Nexus family (seed 000, Fremen row; "Delayed effects outlive card custody"): the
// delayed suppressions outliving the card (a later worm of the turn, the rest of the phase, and
// their end with the phase), the windows' public awaited sets, and the Cunning's empty-worm
// condition. The panels' printed examples are the scenario fixtures tests/scenarios/nexus/fremen_*.json.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/nexus/family.h"
#include "engine/projection.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

const NexusCardId kFremenCard{Faction::Fremen};

PlayNexus fremen_play(NexusMode mode, std::uint32_t answers = 0) {
  return PlayNexus{kFremenCard, mode, std::nullopt, answers, ForceCount{0}};
}

TerritoryId territory_of(std::uint8_t card) { return kSpiceCards[card].territory; }
CellId blow_cell(std::uint8_t card) { return blow_site(territory_of(card))->cell; }

// `count` forces of `f` from its reserves to `cell`.
void place(GameState& s, Faction f, CellId cell, int count) {
  s.seat(seat_of(s, f)).reserves_normal -= ForceCount{count};
  s.board.normal[index(cell)][index(f)] += ForceCount{count};
}

int forces_at(const GameState& s, Faction f, CellId cell) {
  return (s.board.normal[index(cell)][index(f)] + s.board.special[index(cell)][index(f)]).value;
}

// An audit game with the double spice blow, turn 2's blow about to begin: pile A's and pile B's
// topmost territory cards already down (territory cards 0 and 1), so each pile's first worm appears
// there; the storm away from both.
GameState two_piles(std::vector<Faction> factions) {
  Options o = audit_options(std::move(factions));
  o.rules.double_spice_blow = true;
  GameState s = testing::past_setup(o, 11);
  s.blow.deck.take_unseen(SpiceCardId{territory_card(0)});
  s.blow.discard[0].push_back(SpiceCardId{territory_card(0)});
  s.blow.deck.take_unseen(SpiceCardId{territory_card(1)});
  s.blow.discard[1].push_back(SpiceCardId{territory_card(1)});
  s.storm.sector = Sector{9};
  EXPECT_FALSE(cell_in_storm(s, blow_cell(territory_card(0))));
  EXPECT_FALSE(cell_in_storm(s, blow_cell(territory_card(1))));
  return s;
}

const std::vector<Faction> kWithFremen{Faction::Fremen, Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild};

// Seed 000: "Suppress worm riding for this turn"; "Delayed effects outlive card custody ... Fremen
// riding prevention ... need saved receipts". The Betrayal played against pile A's worm also keeps
// pile B's worm from being ridden, with the card long discarded; its receipt is consumed as the
// phase ends, and next turn the Fremen ride again.
TEST(FremenNexus, RidingSuppressedForTheTurnOutlivesTheCard) {
  StagedChance chance(5);
  GameState s = two_piles(kWithFremen);
  const Seat fremen = seat_of(s, Faction::Fremen), harkonnen = seat_of(s, Faction::Harkonnen);
  place(s, Faction::Fremen, blow_cell(territory_card(0)), 2);
  place(s, Faction::Fremen, blow_cell(territory_card(1)), 2);
  give(s, harkonnen, Faction::Fremen);
  // Pile A: a worm (in territory card 0's territory), then a territory card; the Nexus follows.
  s = enter_blow(std::move(s), 2, {worm(0), territory_card(2), worm(1), territory_card(3)}, chance);
  ASSERT_EQ(s.step, Step::NexusNegotiation);
  s = all_pass(std::move(s), Step::NexusNegotiation, chance);
  // The worm is offered to ride: the Betrayal window comes first, awaiting the holder only.
  ASSERT_EQ(s.step, Step::WormRide);
  ASSERT_EQ(s.nexus.window, Faction::Fremen);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  const std::uint32_t attempt = s.nexus.window_attempt;
  ASSERT_GT(attempt, 0U);
  expect_rejected(s, envelope(s, fremen, RideWorm{territory_of(territory_card(0)), kArrakeen, ForceCount{1}, ForceCount{0}}),
                  RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, harkonnen, fremen_play(NexusMode::Betrayal, attempt + 1)), RejectCode::IllegalChoice);
  s = play(s, harkonnen, fremen_play(NexusMode::Betrayal, attempt), chance);
  ASSERT_EQ(s.nexus.receipts.size(), 1U);
  EXPECT_TRUE(s.nexus.receipts[0].delayed);
  EXPECT_FALSE(s.nexus.receipts[0].consumed);
  EXPECT_FALSE(s.nexus.held[harkonnen.value]);
  // Pile B: its worm appears where the Fremen have forces too, and no ride is offered.
  ASSERT_EQ(s.blow.pile, 1);
  ASSERT_EQ(s.step, Step::NexusNegotiation);
  s = all_pass(std::move(s), Step::NexusNegotiation, chance);
  EXPECT_NE(s.step, Step::WormRide);
  EXPECT_EQ(forces_at(s, Faction::Fremen, blow_cell(territory_card(1))), 2);
  EXPECT_NE(s.phase, Phase::SpiceBlowAndNexus);
  EXPECT_TRUE(s.nexus.receipts[0].consumed);  // the phase ended: the suppression is over
}

// Seed 000: "suppress the two-territory movement advantage during Shipment and Movement". The
// window opens once, as the Fremen begin their Movement; after the play they move one territory
// for the rest of the phase (a Hajr move included), and two again next turn.
TEST(FremenNexus, TwoTerritoryMovementSuppressedForThePhase) {
  StagedChance chance(7);
  GameState s = audit_game(false, kWithFremen);
  const Seat fremen = seat_of(s, Faction::Fremen), emperor = seat_of(s, Faction::Emperor);
  give(s, emperor, Faction::Fremen);
  s.turn = 2;
  enter_phase(s, Phase::ShipmentAndMovement);
  s = settle(std::move(s), chance);
  while (!(s.step == Step::Movement && s.nexus.window) && s.phase == Phase::ShipmentAndMovement) {
    s = play(s, pending(s).front(), Pass{}, chance);
  }
  ASSERT_EQ(s.nexus.window, Faction::Fremen);
  EXPECT_EQ(pending(s), std::vector<Seat>{emperor});
  s = play(s, emperor, fremen_play(NexusMode::Betrayal, s.nexus.window_attempt), chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{fremen});
  EXPECT_FALSE(s.nexus.window);
  // Every Move offered to the Fremen now covers one territory at most (no ornithopters here).
  for (const Command& c : legal_commands(s, fremen)) {
    if (const auto* m = std::get_if<Move>(&c)) {
      const auto ter = cell_info(m->to).territory;
      bool adjacent = ter == m->from;
      for (const CellLink& l : kCellLinks) {
        adjacent = adjacent || (kCells[index(l.from)].territory == m->from && kCells[index(l.to)].territory == ter);
      }
      EXPECT_TRUE(adjacent) << to_string(c);
    }
  }
  EXPECT_TRUE(nexus_effect_binds(s, Faction::Fremen, NexusMode::Betrayal, Phase::ShipmentAndMovement));
  // The phase ends: the receipt is consumed and binds no more.
  while (s.phase == Phase::ShipmentAndMovement) s = play(s, pending(s).front(), Pass{}, chance);
  ASSERT_EQ(s.nexus.receipts.size(), 1U);
  EXPECT_TRUE(s.nexus.receipts[0].consumed);
  EXPECT_FALSE(nexus_effect_binds(s, Faction::Fremen, NexusMode::Betrayal, Phase::ShipmentAndMovement));
}

// The windows wait on public facts only: who holds *a* card. Held by another seat than the
// Fremen card's holder, the awaited set, the public view and every other seat's view are the same.
TEST(FremenNexus, TheRideWindowTellsNobodyWhichCardIsHeld) {
  const auto at_ride = [](Faction card) {
    StagedChance chance(5);
    GameState s = two_piles(kWithFremen);
    place(s, Faction::Fremen, blow_cell(territory_card(0)), 2);
    give(s, seat_of(s, Faction::Harkonnen), card);
    s = enter_blow(std::move(s), 2, {worm(0), territory_card(2)}, chance);
    return all_pass(std::move(s), Step::NexusNegotiation, chance);
  };
  const GameState a = at_ride(Faction::Fremen);
  const GameState b = at_ride(Faction::Atreides);
  ASSERT_EQ(a.nexus.window, Faction::Fremen);
  EXPECT_EQ(pending(a), pending(b));
  EXPECT_EQ(view_to_json(project_public(a)), view_to_json(project_public(b)));
  for (Faction f : {Faction::Fremen, Faction::Emperor, Faction::SpacingGuild}) {
    EXPECT_EQ(view_to_json(project_seat(a, seat_of(a, f))), view_to_json(project_seat(b, seat_of(b, f)))) << to_string(f);
  }
  // The Atreides card's holder may only pass here; the Fremen card's holder may play.
  const auto plays = [](const GameState& s) {
    int n = 0;
    for (const Command& c : legal_commands(s, seat_of(s, Faction::Harkonnen))) n += std::holds_alternative<PlayNexus>(c) ? 1 : 0;
    return n;
  };
  EXPECT_EQ(plays(a), 1);
  EXPECT_EQ(plays(b), 0);
}

// Seed 000: Cunning rides "a worm appearing in a territory without forces". A worm that found a
// force (here the Emperor's, devoured) is not such a worm: no ride is offered on it although the
// Fremen hold their card and have a group in the sand elsewhere.
TEST(FremenNexus, CunningNeedsAWormThatFoundNoForces) {
  for (const bool occupied : {false, true}) {
    StagedChance chance(5);
    GameState s = two_piles(kWithFremen);
    const Seat fremen = seat_of(s, Faction::Fremen);
    give(s, fremen, Faction::Fremen);
    place(s, Faction::Fremen, blow_cell(territory_card(1)), 3);  // pile B's site: sand, elsewhere
    ASSERT_EQ(territory_info(territory_of(territory_card(1))).type, TerritoryType::Sand);
    if (occupied) place(s, Faction::Emperor, blow_cell(territory_card(0)), 1);
    s = enter_blow(std::move(s), 2, {worm(0), territory_card(2)}, chance);
    s = all_pass(std::move(s), Step::NexusNegotiation, chance);
    const auto& empty = s.blow.empty_worms;
    EXPECT_EQ(std::find(empty.begin(), empty.end(), territory_of(territory_card(0))) != empty.end(), !occupied);
    if (occupied) {
      EXPECT_NE(s.step, Step::WormRide);
      continue;
    }
    ASSERT_EQ(s.step, Step::WormRide);
    ASSERT_EQ(pending(s), std::vector<Seat>{fremen});
    const CellId polar_sink = *cells_of(TerritoryId::PolarSink).begin();  // never in storm
    const RideWorm ride{territory_of(territory_card(1)), polar_sink, ForceCount{2}, ForceCount{0}};
    expect_rejected(s, envelope(s, fremen, ride), RejectCode::IllegalChoice);  // not before the Cunning
    s = play(s, fremen, fremen_play(NexusMode::Cunning), chance);
    ASSERT_TRUE(s.blow.cunning_ride);
    s = play(s, fremen, ride, chance);
    EXPECT_EQ(forces_at(s, Faction::Fremen, polar_sink), 2);
    EXPECT_EQ(forces_at(s, Faction::Fremen, blow_cell(territory_card(1))), 1);
  }
}

// Seed 000: "Protect one's forces from a worm". With the Fremen absent, the worm waits for every
// seat holding a card with forces there; the one protected keeps its forces, the one that passed
// loses its own, and the spice goes to the bank all the same.
TEST(FremenNexus, SecretAllyProtectsOnlyItsPlayersForces) {
  StagedChance chance(5);
  GameState s = two_piles(kFour);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), emperor = seat_of(s, Faction::Emperor);
  const CellId site = blow_cell(territory_card(0));
  place(s, Faction::Harkonnen, site, 2);
  place(s, Faction::Emperor, site, 3);
  place(s, Faction::SpacingGuild, site, 1);  // holds no card: not awaited, devoured
  s.board.spice[index(site)] = Spice{4};
  give(s, harkonnen, Faction::Fremen);
  give(s, emperor, Faction::Atreides);
  s = enter_blow(std::move(s), 2, {worm(0), territory_card(2)}, chance);
  ASSERT_EQ(s.blow.worm_waiting, territory_of(territory_card(0)));
  auto awaited = pending(s);
  std::sort(awaited.begin(), awaited.end(), [](Seat x, Seat y) { return x.value < y.value; });
  std::vector<Seat> expected{harkonnen, emperor};
  std::sort(expected.begin(), expected.end(), [](Seat x, Seat y) { return x.value < y.value; });
  EXPECT_EQ(awaited, expected);
  s = play(s, harkonnen, fremen_play(NexusMode::SecretAlly), chance);
  ASSERT_TRUE(s.blow.worm_waiting);  // the Emperor has not answered
  EXPECT_EQ(forces_at(s, Faction::Emperor, site), 3);
  s = play(s, emperor, Pass{}, chance);
  EXPECT_FALSE(s.blow.worm_waiting);
  EXPECT_EQ(forces_at(s, Faction::Harkonnen, site), 2);
  EXPECT_EQ(forces_at(s, Faction::Emperor, site), 0);
  EXPECT_EQ(forces_at(s, Faction::SpacingGuild, site), 0);
  EXPECT_EQ(s.board.spice[index(site)], Spice{0});  // to the bank, protected or not
}

}  // namespace
}  // namespace dune

// Setup (fact sheet §6.1) as scenarios with staged chance.
#include <gtest/gtest.h>

#include <algorithm>

#include "model/catalogue.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;
using testing::seat_of;

TEST(SetupTest, RejectsUnsupportedOptions) {
  EXPECT_TRUE(std::holds_alternative<Rejection>(new_game(Options::basic({Faction::Atreides}))));
  EXPECT_TRUE(std::holds_alternative<Rejection>(new_game(Options::basic({Faction::Atreides, Faction::Atreides}))));
  const auto richese = new_game(Options::basic({Faction::Atreides, Faction::Richese}));
  ASSERT_TRUE(std::holds_alternative<Rejection>(richese));
  EXPECT_EQ(std::get<Rejection>(richese).code, RejectCode::NotImplemented);
  EXPECT_NE(std::get<Rejection>(richese).message.find("Richese is not playable"), std::string::npos);
  // The Nexus module: audit mode plays; released mode needs every family verified (issue 6).
  Options nexus = Options::basic({Faction::Atreides, Faction::Fremen});
  nexus.nexus = NexusModuleMode::Audit;
  EXPECT_TRUE(std::holds_alternative<GameState>(new_game(nexus)));
  nexus.nexus = NexusModuleMode::Released;
  const auto released = new_game(nexus);
  ASSERT_TRUE(std::holds_alternative<Rejection>(released));
  EXPECT_NE(std::get<Rejection>(released).message.find("verified"), std::string::npos) << std::get<Rejection>(released).message;
}

// The optional card sets (model/options.h CardSets): the E1 set of Poison Blade and Shield Snooper
// and each other E1 set join the Treachery deck, all fourteen cards with every set; the Cheap Hero
// traitor card joins the Traitor Deck (fact sheet §4.3).
TEST(SetupTest, TheE1SetsJoinTheDeck) {
  const auto deck_names = [](const Options& o) {
    const GameState s = std::get<GameState>(new_game(o));
    std::vector<std::string_view> names;
    for (TreacheryCardId c : s.treachery.deck.unseen) names.push_back(card_type(c).name);
    return names;
  };
  Options o = Options::basic({Faction::Atreides, Faction::Harkonnen});
  const auto base = deck_names(o);
  EXPECT_EQ(base.size(), 33u);
  EXPECT_EQ(std::count(base.begin(), base.end(), "Poison Blade"), 0);
  o.cards.e1_poison_blade_shield_snooper = true;
  const auto with = deck_names(o);
  EXPECT_EQ(with.size(), 35u);
  EXPECT_EQ(std::count(with.begin(), with.end(), "Poison Blade"), 1);
  EXPECT_EQ(std::count(with.begin(), with.end(), "Shield Snooper"), 1);
  EXPECT_EQ(std::count(with.begin(), with.end(), "Shield"), 4);  // the fifth Shield is in the battle set
  o.cards.e1_battle = true;
  const auto battle = deck_names(o);
  EXPECT_EQ(battle.size(), 44u);
  for (std::string_view name : {"Hunter-Seeker", "Basilia Weapon", "Weirding Way", "Chemistry", "Poison Tooth", "Artillery Strike", "Kull Wahad"}) {
    EXPECT_EQ(std::count(battle.begin(), battle.end(), name), 1) << name;
  }
  EXPECT_EQ(std::count(battle.begin(), battle.end(), "Shield"), 5);
  EXPECT_EQ(std::count(battle.begin(), battle.end(), "Snooper"), 5);
  EXPECT_EQ(std::count(battle.begin(), battle.end(), "Harvester"), 0);
  o.cards.e1_harvester_thumper = true;
  const auto spice_cards = deck_names(o);
  EXPECT_EQ(spice_cards.size(), 46u);
  EXPECT_EQ(std::count(spice_cards.begin(), spice_cards.end(), "Harvester"), 1);
  EXPECT_EQ(std::count(spice_cards.begin(), spice_cards.end(), "Thumper"), 1);
  EXPECT_EQ(std::count(spice_cards.begin(), spice_cards.end(), "Amal"), 0);
  o.cards.e1_amal = true;
  const auto all = deck_names(o);
  EXPECT_EQ(all.size(), 47u);
  EXPECT_EQ(std::count(all.begin(), all.end(), "Amal"), 1);
  Options traitor = Options::basic({Faction::Atreides, Faction::Harkonnen});
  EXPECT_EQ(std::get<GameState>(new_game(traitor)).traitor_deck.size(), 10u);
  traitor.cards.cheap_hero_traitor = true;
  const GameState with_traitor = std::get<GameState>(new_game(traitor));
  EXPECT_EQ(with_traitor.traitor_deck.size(), 11u);
  EXPECT_TRUE(std::ranges::find(with_traitor.traitor_deck.unseen, kCheapHeroTraitor) != with_traitor.traitor_deck.unseen.end());
}

// The Tleilaxu (fact sheet §4.3): no traitors dealt to them; once every other seat has chosen,
// they draw 3 Face Dancers from the Traitor Deck (which holds their own leaders' cards too). With
// only the Harkonnen beside them nobody chooses, and the draws follow the deal at once.
TEST(SetupTest, TleilaxuAreDealtNoTraitorsAndDrawThreeFaceDancersAfterTheOthersChose) {
  SeededChance chance(5);
  GameState s = testing::start(Options::basic({Faction::Atreides, Faction::Tleilaxu, Faction::Emperor}), chance);
  ASSERT_EQ(s.step, Step::SetupTraitorSelection);
  const Seat tleilaxu = seat_of(s, Faction::Tleilaxu);
  EXPECT_TRUE(s.seat(tleilaxu).traitor_offer.empty());
  EXPECT_TRUE(s.seat(tleilaxu).traitors.empty());
  EXPECT_EQ(pending(s).size(), 2U);  // the Atreides and the Emperor choose; the Tleilaxu are not asked
  EXPECT_EQ(s.traitor_deck.size(), 15U - 8U);
  for (Faction f : {Faction::Atreides, Faction::Emperor}) {
    const Seat seat = seat_of(s, f);
    s = play(s, seat, ChooseTraitor{s.seat(seat).traitor_offer.front()}, chance);
  }
  EXPECT_NE(s.step, Step::SetupTraitorSelection);
  EXPECT_EQ(s.seat(tleilaxu).traitors.size(), 3U);
  EXPECT_EQ(s.traitor_deck.size(), 15U - 2U - 3U);
  EXPECT_EQ(s.seat(tleilaxu).reserves_normal, ForceCount{20});
  EXPECT_EQ(s.seat(tleilaxu).spice, Spice{5});

  SeededChance quick(6);
  const GameState h = testing::start(Options::basic({Faction::Harkonnen, Faction::Tleilaxu}), quick);
  EXPECT_NE(h.step, Step::SetupTraitorSelection);
  EXPECT_EQ(h.seat(seat_of(h, Faction::Harkonnen)).traitors.size(), 4U);
  EXPECT_EQ(h.seat(seat_of(h, Faction::Tleilaxu)).traitors.size(), 3U);
}

TEST(SetupTest, StartingSpiceAndForces) {
  SeededChance chance(1);
  const GameState s = testing::start(Options::advanced(kBaseFactions), chance);
  EXPECT_EQ(s.seat(seat_of(s, Faction::Atreides)).spice, Spice{10});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Fremen)).spice, Spice{3});
  EXPECT_EQ(s.board.normal[5][index(Faction::Atreides)], ForceCount{10});  // Arrakeen
  EXPECT_EQ(s.seat(seat_of(s, Faction::Emperor)).reserves_special, ForceCount{5});  // Advanced Sardaukar
  EXPECT_EQ(s.seat(seat_of(s, Faction::Fremen)).reserves_special, ForceCount{3});   // Fedaykin
  EXPECT_EQ(s.seat(seat_of(s, Faction::SpacingGuild)).reserves_normal, ForceCount{15});
}

// The Ixians (docs/rules/ixians.md §2, FS:258): 10 spice; 13 Suboids and 7 Cyborgs in Basic and
// Advanced alike, 3 of each in their Hidden Mobile Stronghold, which is off the board until they
// place it after turn 1's storm, and the rest in reserves.
TEST(SetupTest, TheIxiansStartWithThreeSuboidsAndThreeCyborgsInTheirUnplacedStronghold) {
  for (bool advanced : {false, true}) {
    SeededChance chance(1);
    const std::vector<Faction> factions{Faction::Atreides, Faction::Ixians};
    const GameState s = testing::start(advanced ? Options::advanced(factions) : Options::basic(factions), chance);
    const SeatState& ix = s.seat(seat_of(s, Faction::Ixians));
    EXPECT_EQ(ix.spice, Spice{10});
    EXPECT_EQ(ix.reserves_normal, ForceCount{10});
    EXPECT_EQ(ix.reserves_special, ForceCount{4});
    EXPECT_EQ(s.board.normal[index(kHmsCell)][index(Faction::Ixians)], ForceCount{3});
    EXPECT_EQ(s.board.special[index(kHmsCell)][index(Faction::Ixians)], ForceCount{3});
    EXPECT_FALSE(s.board.hms_host.has_value());
  }
}

TEST(SetupTest, PredictionThenTraitorsThenPlacementThenCards) {
  StagedChance chance(3);
  GameState s = testing::start(Options::basic(kBaseFactions), chance);
  ASSERT_EQ(s.step, Step::SetupPrediction);
  ASSERT_EQ(pending(s), std::vector<Seat>{seat_of(s, Faction::BeneGesserit)});

  expect_rejected(s, envelope(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::BeneGesserit, 2}),
                  RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Fremen, 11}),
                  RejectCode::IllegalChoice);
  s = play(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Fremen, 7}, chance);
  ASSERT_TRUE(s.prediction.has_value());
  EXPECT_EQ(s.prediction->turn, 7);

  // Traitors: 4 dealt to each; Harkonnen keep all four, the other five choose simultaneously.
  ASSERT_EQ(s.step, Step::SetupTraitorSelection);
  EXPECT_EQ(s.seat(seat_of(s, Faction::Harkonnen)).traitors.size(), 4U);
  EXPECT_EQ(pending(s).size(), 5U);
  EXPECT_EQ(s.traitor_deck.size(), 30U - 24U);
  for (Faction f : {Faction::Atreides, Faction::BeneGesserit, Faction::Emperor, Faction::Fremen, Faction::SpacingGuild}) {
    const Seat seat = seat_of(s, f);
    const TraitorCardId kept = s.seat(seat).traitor_offer.front();
    s = play(s, seat, ChooseTraitor{kept}, chance);
    EXPECT_EQ(s.seat(seat).traitors, std::vector<TraitorCardId>{kept});
  }
  EXPECT_EQ(s.traitor_deck.size(), 30U - 4U - 5U);  // returned cards are back, unseen

  // Fremen placement: 10 among Sietch Tabr, False Wall South, False Wall West.
  ASSERT_EQ(s.step, Step::SetupFremenPlacement);
  const Seat fremen = seat_of(s, Faction::Fremen);
  expect_rejected(s, envelope(s, fremen, PlaceForces{CellId{5}, ForceCount{3}, ForceCount{0}}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, PlaceForces{CellId{7}, ForceCount{11}, ForceCount{0}}), RejectCode::NotEnoughForces);
  s = play(s, fremen, PlaceForces{CellId{7}, ForceCount{6}, ForceCount{0}}, chance);   // Sietch Tabr
  ASSERT_EQ(s.step, Step::SetupFremenPlacement);
  expect_rejected(s, envelope(s, fremen, PlaceForces{CellId{24}, ForceCount{5}, ForceCount{0}}), RejectCode::NotEnoughForces);
  s = play(s, fremen, PlaceForces{CellId{24}, ForceCount{4}, ForceCount{0}}, chance);  // False Wall South
  EXPECT_EQ(s.seat(fremen).reserves_normal, ForceCount{10});

  // Basic Bene Gesserit: one fighter in the Polar Sink; starting cards: 1 each, Harkonnen 2.
  EXPECT_EQ(s.board.normal[0][index(Faction::BeneGesserit)], ForceCount{1});
  EXPECT_EQ(s.seat(seat_of(s, Faction::Harkonnen)).hand.size(), 2U);
  EXPECT_EQ(s.seat(seat_of(s, Faction::Atreides)).hand.size(), 1U);
  EXPECT_EQ(s.treachery.deck.size(), 33U - 7U);
  EXPECT_EQ(s.turn, 1);
  EXPECT_EQ(s.phase, Phase::Storm);
}

TEST(SetupTest, AdvancedBeneGesseritPlacesAnAdvisorAfterTheFremen) {
  SeededChance chance(5);
  GameState s = testing::start(Options::advanced({Faction::BeneGesserit, Faction::Fremen, Faction::Atreides}), chance);
  s = play(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Atreides, 2}, chance);
  for (Seat seat : pending(s)) s = play(s, seat, ChooseTraitor{s.seat(seat).traitor_offer.back()}, chance);
  const Seat fremen = seat_of(s, Faction::Fremen);
  s = play(s, fremen, PlaceForces{CellId{7}, ForceCount{7}, ForceCount{3}}, chance);
  ASSERT_EQ(s.step, Step::SetupBeneGesseritPlacement);
  expect_rejected(s, envelope(s, seat_of(s, Faction::BeneGesserit), PlaceForces{CellId{5}, ForceCount{2}, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  s = play(s, seat_of(s, Faction::BeneGesserit), PlaceForces{CellId{5}, ForceCount{1}, ForceCount{0}}, chance);  // Arrakeen
  EXPECT_TRUE(s.board.advisors[index(TerritoryId::Arrakeen)]);  // shares Arrakeen with Atreides
  EXPECT_EQ(s.board.normal[5][index(Faction::BeneGesserit)], ForceCount{1});
}

TEST(SetupTest, StagedStartingCardsAreDealtAsStaged) {
  StagedChance chance(9);
  chance.stage(ChanceKind::TreacheryDeal, 8);  // Lasgun to the first seat
  GameState s = testing::start(Options::basic({Faction::Atreides, Faction::Harkonnen}), chance);
  ASSERT_EQ(s.step, Step::SetupTraitorSelection);
  s = play(s, Seat{0}, ChooseTraitor{s.seat(Seat{0}).traitor_offer.front()}, chance);
  EXPECT_EQ(card_type(s.seat(Seat{0}).hand.front()).name, "Lasgun");
}

}  // namespace
}  // namespace dune

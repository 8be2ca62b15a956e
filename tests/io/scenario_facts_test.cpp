// Scenario facts over the whole state and JSON-pointer assertions on views: each holds on a state
// the engine played to, and a wrong expectation fails with the message a fixture author reads.
#include <gtest/gtest.h>

#include "engine/internal.h"
#include "io/scenario.h"
#include "io/scenario_facts.h"
#include "tests/engine/test_support.h"
#include "tests/nexus/nexus_support.h"

namespace dune {
namespace {

using json = nlohmann::json;
using testing::card_named;
using testing::seat_of;

// One expectation as a scenario step writes it, read and checked as the runner does.
std::optional<std::string> check(const GameState& s, const std::string& expectation) {
  const json j = json::parse(expectation);
  try {
    return check_fact(s, scenario_io::read_fact(json_io::In{j, "expect"}, s.options));
  } catch (const json_io::JsonFailure& e) {
    ADD_FAILURE() << e.what();
    return "(not read)";
  }
}

std::string read_error(const GameState& s, const std::string& expectation) {
  const json j = json::parse(expectation);
  try {
    scenario_io::read_fact(json_io::In{j, "expect"}, s.options);
  } catch (const json_io::JsonFailure& e) {
    return e.what();
  }
  return "(read)";
}

GameState resolved(const GameState& s, std::uint8_t outcome) {
  auto next = apply_chance(s, outcome);
  if (auto* r = std::get_if<Rejection>(&next)) {
    ADD_FAILURE() << r->message;
    return s;
  }
  return std::get<GameState>(std::move(next));
}

// Atreides are offered Feyd Rautha, Beast Rabban, Duncan Idaho and Dr. Yueh and dealt the Lasgun.
GameState at_traitor_selection(StagedChance& chance) {
  for (std::uint8_t leader : {20, 21, 3, 4}) chance.stage(ChanceKind::TraitorDeal, leader);
  chance.stage(ChanceKind::TreacheryDeal, card_named("Lasgun").value);
  return testing::start(Options::basic({Faction::Atreides, Faction::Harkonnen}), chance);
}

TEST(ScenarioFactsTest, TraitorsTheOfferAndTheTraitorDeck) {
  StagedChance chance(1);
  const GameState offered = at_traitor_selection(chance);
  EXPECT_EQ(check(offered, R"({"fact": "traitor_offer", "seat": "Atreides",
                                "equals": ["Duncan Idaho", 20, "Beast Rabban", "Dr. Wellington Yueh"]})"), std::nullopt);
  EXPECT_EQ(check(offered, R"({"fact": "traitors", "seat": "Atreides", "equals": ["Duncan Idaho"]})"),
            R"(traitors of Atreides: expected ["Duncan Idaho"], got [])");
  // Two factions' ten leaders, eight dealt.
  EXPECT_EQ(check(offered, R"({"fact": "traitor_deck_size", "equals": 2})"), std::nullopt);
  EXPECT_EQ(check(offered, R"({"fact": "traitor_deck_size", "equals": 10})"), "traitor_deck_size: expected 10, got 2");

  const GameState kept = testing::play(offered, Seat{0}, ChooseTraitor{TraitorCardId{21}}, chance);
  EXPECT_EQ(check(kept, R"({"fact": "traitors", "seat": "Atreides", "equals": ["Beast Rabban"]})"), std::nullopt);
  EXPECT_EQ(check(kept, R"({"fact": "traitor_offer", "seat": "Atreides", "equals": []})"), std::nullopt);
  EXPECT_EQ(check(kept, R"({"fact": "traitor_offer", "seat": "Atreides", "equals": ["Feyd Rautha"]})"),
            R"(traitor_offer of Atreides: expected ["Feyd Rautha"], got [])");
  EXPECT_EQ(read_error(kept, R"({"fact": "traitors", "seat": "Atreides", "equals": ["Beast Raban"]})"),
            R"(expect.equals[0]: unknown traitor "Beast Raban")");
}

TEST(ScenarioFactsTest, HandsAndTheTreacheryDeck) {
  StagedChance chance(1);
  const GameState offered = at_traitor_selection(chance);
  EXPECT_EQ(check(offered, R"({"fact": "hand", "seat": "Atreides", "equals": []})"), std::nullopt);  // dealt after the choice
  GameState s = testing::play(offered, Seat{0}, ChooseTraitor{TraitorCardId{21}}, chance);
  EXPECT_EQ(check(s, R"({"fact": "hand", "seat": "Atreides", "equals": ["Lasgun"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "hand", "seat": "Atreides", "equals": [8]})"), std::nullopt);  // by id
  EXPECT_EQ(check(s, R"({"fact": "hand", "seat": "Atreides", "equals": ["Shield"]})"),
            R"(hand of Atreides: expected ["Shield"], got ["Lasgun"])");
  // The base deck's 33 cards, one dealt to Atreides and two to Harkonnen.
  EXPECT_EQ(check(s, R"({"fact": "treachery_deck_size", "equals": 30})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "treachery_deck_size", "equals": 33})"), "treachery_deck_size: expected 33, got 30");
  EXPECT_EQ(check(s, R"({"fact": "treachery_known_top", "equals": []})"), std::nullopt);
  EXPECT_EQ(read_error(s, R"({"fact": "hand", "seat": "Atreides", "equals": ["Lazgun"]})"),
            R"(expect.equals[0]: unknown Treachery card "Lazgun")");
  // Nothing in play fixes the Treachery deck's top; a loaded snapshot may (io/persistence.h).
  s.treachery.deck.take_unseen(card_named("Shield", 2));
  s.treachery.deck.take_unseen(card_named("Baliset"));
  s.treachery.deck.known_top = {card_named("Shield", 2), card_named("Baliset")};
  EXPECT_EQ(check(s, R"({"fact": "treachery_known_top", "equals": ["Shield", "Baliset"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "treachery_known_top", "equals": ["Baliset", "Shield"]})"),
            R"(treachery_known_top: expected ["Baliset","Shield"], got ["Shield","Baliset"])");
  EXPECT_EQ(read_error(s, R"({"fact": "treachery_known_top", "equals": [], "ordered": true})"), "expect.ordered: unknown key");
}

LeaderId leader_named(std::string_view name) {
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (kLeaders[i].name == name) return leader_at(i);
  }
  ADD_FAILURE() << "no leader " << name;
  return {};
}

// Harkonnen (Feyd Rautha with a Crysknife, 10 forces) attack the Emperor (Hasimir Fenring with a
// Snooper, 8 forces) in Carthag; a Snooper does not stop a projectile.
GameState carthag_battle() {
  SeededChance chance(7);
  GameState s = testing::start(Options::basic({Faction::Harkonnen, Faction::Emperor}), chance);
  s.board = BoardState{};
  s.storm.sector = Sector{16};
  s.turn = 2;
  const std::pair<Faction, std::string_view> armed[] = {{Faction::Harkonnen, "Crysknife"}, {Faction::Emperor, "Snooper"}};
  for (const auto& [faction, card] : armed) {
    SeatState& seat = s.seat(seat_of(s, faction));
    for (TreacheryCardId c : seat.hand) s.treachery.deck.add_unseen(c);
    seat.hand.clear();
    seat.traitors.clear();
    seat.traitor_offer.clear();
    s.treachery.deck.take_unseen(card_named(card));
    seat.hand.push_back(card_named(card));
  }
  s.board.normal[4][index(Faction::Harkonnen)] = ForceCount{10};
  s.board.normal[4][index(Faction::Emperor)] = ForceCount{8};
  enter_phase(s, Phase::Battle);
  return s;
}

GameState with_plans(GameState s, ChanceSource& chance) {
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), emperor = seat_of(s, Faction::Emperor);
  s = testing::play(s, harkonnen, PlanBattle{leader_named("Feyd Rautha"), std::nullopt, card_named("Crysknife"), std::nullopt, false}, chance);
  s = testing::play(s, harkonnen, DialBattle{6, Spice{0}}, chance);
  s = testing::play(s, emperor, PlanBattle{leader_named("Hasimir Fenring"), std::nullopt, std::nullopt, card_named("Snooper"), false}, chance);
  return testing::play(s, emperor, DialBattle{10, Spice{0}}, chance);
}

TEST(ScenarioFactsTest, BeneGesseritAdvisorsByTerritory) {
  StagedChance chance(1);
  GameState s = at_traitor_selection(chance);
  s.board.advisors[index(TerritoryId::Carthag)] = true;
  EXPECT_EQ(check(s, R"({"fact": "advisors", "territory": "Carthag", "equals": true})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "advisors", "territory": "Arrakeen", "equals": true})"), "advisors in Arrakeen: expected true, got false");
}

TEST(ScenarioFactsTest, TheBattleUnderWay) {
  SeededChance chance(3);
  const GameState planning = carthag_battle();
  EXPECT_EQ(check(planning, R"({"fact": "battle_stage", "equals": "Plans"})"), std::nullopt);
  EXPECT_EQ(check(planning, R"({"fact": "battle_stage", "equals": "Traitors"})"), R"(battle_stage: expected "Traitors", got "Plans")");
  EXPECT_EQ(check(planning, R"({"fact": "battle_territory", "equals": "Carthag"})"), std::nullopt);
  EXPECT_EQ(check(planning, R"({"fact": "battle_territory", "equals": "Arrakeen"})"),
            R"(battle_territory: expected "Arrakeen", got "Carthag")");
  EXPECT_EQ(check(planning, R"({"fact": "combatants", "equals": ["Harkonnen", "Emperor"]})"), std::nullopt);
  EXPECT_EQ(check(planning, R"({"fact": "combatants", "equals": ["Emperor", "Harkonnen"]})"),  // aggressor first
            R"(combatants: expected ["Emperor","Harkonnen"], got ["Harkonnen","Emperor"])");
  EXPECT_EQ(check(planning, R"({"fact": "battle_revealed", "equals": false})"), std::nullopt);

  const GameState revealed = with_plans(planning, chance);
  EXPECT_EQ(check(revealed, R"({"fact": "battle_stage", "equals": "Traitors"})"), std::nullopt);
  EXPECT_EQ(check(revealed, R"({"fact": "battle_revealed", "equals": true})"), std::nullopt);
  EXPECT_EQ(check(planning, R"({"fact": "battle_revealed", "equals": true})"), "battle_revealed: expected true, got false");
  EXPECT_EQ(read_error(planning, R"({"fact": "battle_stage", "equals": "Plan"})"), R"(expect.equals: unknown BattleStage "Plan")");
}

TEST(ScenarioFactsTest, LeadersAndTheTreacheryDiscardAfterABattle) {
  SeededChance chance(3);
  GameState s = with_plans(carthag_battle(), chance);
  while (s.phase == Phase::Battle && s.battle.stage == BattleStage::Traitors) s = testing::play(s, pending(s).front(), Pass{}, chance);
  EXPECT_EQ(check(s, R"({"fact": "battle_stage", "equals": "WinnerCards"})"), std::nullopt);
  s = testing::play(s, pending(s).front(), DiscardPlayed{false, false, false}, chance);  // the winner keeps its Crysknife
  EXPECT_EQ(check(s, R"({"fact": "leader", "leader": "Hasimir Fenring", "equals": "Tanks"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "leader", "leader": "Feyd Rautha", "equals": "Available"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "leader", "leader": 10, "equals": "Available"})"),
            R"(leader of Hasimir Fenring: expected "Available", got "Tanks")");
  EXPECT_EQ(check(s, R"({"fact": "leader", "leader": "Duncan Idaho", "equals": "NotInPlay"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "leader_deaths", "leader": "Hasimir Fenring", "equals": 1})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "leader_deaths", "leader": "Feyd Rautha", "equals": 1})"),
            "leader_deaths of Feyd Rautha: expected 1, got 0");
  EXPECT_EQ(check(s, R"({"fact": "leader_holder", "leader": "Hasimir Fenring", "equals": "Emperor"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "leader_holder", "leader": "Duncan Idaho", "equals": null})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "leader_holder", "leader": "Feyd Rautha", "equals": "Emperor"})"),
            R"(leader_holder of Feyd Rautha: expected "Emperor", got "Harkonnen")");
  // The loser discards its Snooper, the winner keeps its Crysknife.
  EXPECT_EQ(check(s, R"({"fact": "treachery_discard", "equals": ["Snooper"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "treachery_discard", "equals": ["Crysknife"]})"),
            R"(treachery_discard: expected ["Crysknife"], got ["Snooper"])");
  // Only a played Family Atomics is set aside ([LR] 3.01.07); a battle sets nothing aside.
  EXPECT_EQ(check(s, R"({"fact": "treachery_set_aside", "equals": []})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "treachery_set_aside", "equals": ["Family Atomics"]})"),
            R"(treachery_set_aside: expected ["Family Atomics"], got [])");
  EXPECT_EQ(check(s, R"({"fact": "hand", "seat": "Harkonnen", "equals": ["Crysknife"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "battle_stage", "equals": "None"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "battle_territory", "equals": null})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "combatants", "equals": []})"), std::nullopt);
  EXPECT_EQ(read_error(s, R"({"fact": "leader", "leader": "Fenring", "equals": "Tanks"})"), R"(expect.leader: unknown leader "Fenring")");
  EXPECT_EQ(read_error(s, R"({"fact": "leader", "leader": 10, "equals": "Tank"})"), R"(expect.equals: unknown LeaderLocation "Tank")");
}

TEST(ScenarioFactsTest, TheSpiceDeckItsPilesAndTheTurnOneWorms) {
  GameState s = testing::past_setup(Options::basic({Faction::Atreides, Faction::Harkonnen}), 11);
  enter_phase(s, Phase::SpiceBlowAndNexus);
  ASSERT_TRUE(s.chance);
  // Turn 1: a worm is set aside and the next card drawn.
  s = resolved(s, nexus_testing::worm());
  EXPECT_EQ(check(s, R"({"fact": "spice_set_aside", "equals": ["Shai-Hulud"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_set_aside", "equals": []})"), R"(spice_set_aside: expected [], got ["Shai-Hulud"])");
  // The base deck's 21 cards, one drawn.
  EXPECT_EQ(check(s, R"({"fact": "spice_deck_size", "equals": 20})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_deck_size", "equals": 21})"), "spice_deck_size: expected 21, got 20");
  s = resolved(s, nexus_testing::territory_card());
  EXPECT_EQ(check(s, R"({"fact": "spice_discard", "pile": "A", "equals": ["Cielago North"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_discard", "pile": "B", "equals": []})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_discard", "pile": "B", "equals": ["Cielago North"]})"),
            R"(spice_discard of pile B: expected ["Cielago North"], got [])");
  // After the phase the worm goes back into the deck.
  EXPECT_EQ(check(s, R"({"fact": "spice_set_aside", "equals": []})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_deck_size", "equals": 20})"), std::nullopt);
  EXPECT_EQ(read_error(s, R"({"fact": "spice_discard", "pile": "C", "equals": []})"),
            R"(expect.pile: unknown spice pile "C": expected "A" or "B")");
}

// Atreides see the top spice card as Shipment and Movement opens.
GameState after_atreides_peek() {
  GameState s = testing::past_setup(Options::basic({Faction::Atreides, Faction::Harkonnen}), 11);
  enter_phase(s, Phase::ShipmentAndMovement);
  EXPECT_TRUE(s.chance);
  return resolved(s, 3);  // Red Chasm
}

TEST(ScenarioFactsTest, ThePeekedSpiceTopAndSightings) {
  const GameState s = after_atreides_peek();
  EXPECT_EQ(check(s, R"({"fact": "spice_known_top", "equals": ["Red Chasm"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_known_top", "equals": [3]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "spice_known_top", "equals": []})"), R"(spice_known_top: expected [], got ["Red Chasm"])");
  EXPECT_EQ(check(s, R"({"fact": "sighting_count", "seat": "Atreides", "equals": 1})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "sighting_count", "seat": "Harkonnen", "equals": 1})"), "sighting_count of Harkonnen: expected 1, got 0");
  EXPECT_EQ(check(s, R"({"fact": "sightings", "seat": "Atreides",
                          "equals": [{"kind": "SpiceCard", "id": 3, "what": "top card of the spice deck"}]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "sightings", "seat": "Harkonnen", "equals": [{"kind": "SpiceCard", "id": 3, "what": "top spice card"}]})"),
            R"(sightings of Harkonnen: expected [{"id":3,"kind":"SpiceCard","what":"top spice card"}], got [])");
  EXPECT_EQ(read_error(s, R"({"fact": "sightings", "seat": "Atreides", "equals": [{"kind": "SpiceCard", "id": 3}]})"),
            R"(expect.equals[0]: missing field "what")");
}

TEST(ScenarioFactsTest, TheNexusDrawOpportunityAlliancesAndRedrawPolicies) {
  using namespace nexus_testing;
  StagedChance chance(5);
  GameState s = at_opportunity(chance);
  EXPECT_EQ(check(s, R"({"fact": "nexus_opportunity_open", "equals": true})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "nexus_eligible", "equals": ["SpacingGuild", "Emperor"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "nexus_eligible", "equals": ["Emperor"]})"),
            R"(nexus_eligible: expected ["Emperor"], got ["Emperor","SpacingGuild"])");
  EXPECT_EQ(check(s, R"({"fact": "nexus_eligible", "equals": ["SpacingGuild", "Emperor"], "ordered": true})"),
            R"(nexus_eligible: expected ["SpacingGuild","Emperor"], got ["Emperor","SpacingGuild"])");
  EXPECT_EQ(check(s, R"({"fact": "alliances", "equals": [["Harkonnen", "Atreides"]]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "alliances", "equals": []})"), R"(alliances: expected [], got [["Atreides","Harkonnen"]])");
  EXPECT_EQ(check(s, R"({"fact": "ally", "seat": "Harkonnen", "equals": "Atreides"})"), std::nullopt);
  EXPECT_EQ(read_error(s, R"({"fact": "alliances", "equals": [["Atreides"]]})"), "expect.equals[0]: expected 2 entries, found 1");

  const Seat emperor = seat_of(s, Faction::Emperor);
  s = play(s, emperor, SetRedrawPolicy{RedrawPolicy::RedrawOwnOnce}, chance);
  EXPECT_EQ(check(s, R"({"fact": "redraw_policy", "seat": "Emperor", "equals": "RedrawOwnOnce"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "redraw_policy", "seat": "SpacingGuild", "equals": "RedrawOwnOnce"})"),
            R"(redraw_policy of Spacing Guild: expected "RedrawOwnOnce", got "KeepAny")");
  while (pending(s).front() != emperor) s = play(s, pending(s).front(), Pass{}, chance);
  // The Emperor draws its own card: discarded, and the redraw is kept.
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Tleilaxu));
  s = play(s, emperor, DrawNexus{}, chance);
  EXPECT_EQ(check(s, R"({"fact": "nexus_held", "seat": "Emperor", "equals": "Tleilaxu"})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "nexus_held", "seat": "Emperor", "equals": "Atreides"})"),
            R"(nexus_held of Emperor: expected "Atreides", got "Tleilaxu")");
  EXPECT_EQ(check(s, R"({"fact": "nexus_discard", "equals": ["Emperor"]})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "nexus_discard", "equals": ["Tleilaxu"]})"), R"(nexus_discard: expected ["Tleilaxu"], got ["Emperor"])");
  EXPECT_EQ(check(s, R"({"fact": "nexus_deck_size", "equals": 10})"), std::nullopt);
}

TEST(ScenarioFactsTest, NexusReceiptsOfACunningPlay) {
  using namespace nexus_testing;
  StagedChance chance(21);
  GameState s = audit_game();
  const Seat atreides = seat_of(s, Faction::Atreides), harkonnen = seat_of(s, Faction::Harkonnen);
  // Harkonnen join the Atreides in Arrakeen on turn 2; the Atreides hold their own Nexus card.
  s.storm.sector = Sector{0};
  s.seat(harkonnen).reserves_normal -= ForceCount{3};
  s.board.normal[5][index(Faction::Harkonnen)] += ForceCount{3};
  s.turn = 2;
  s.nexus.deck.take_unseen(NexusCardId{Faction::Atreides});
  s.nexus.held[atreides.value] = NexusCardId{Faction::Atreides};
  enter_phase(s, Phase::Battle);
  EXPECT_EQ(check(s, R"({"fact": "nexus_receipt_count", "equals": 0})"), std::nullopt);
  s = play(s, atreides, Pass{}, chance);  // the Bene Gesserit Secret Ally window: the Bene Gesserit are absent
  s = play(s, atreides, UsePrescience{PlanElement::Dial}, chance);
  s = play(s, harkonnen, DialBattle{2, Spice{0}}, chance);
  s = play(s, atreides, PlayNexus{NexusCardId{Faction::Atreides}, NexusMode::Cunning, PlanElement::Leader, 0, ForceCount{0}}, chance);
  EXPECT_EQ(check(s, R"({"fact": "nexus_receipt_count", "equals": 1})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "nexus_receipt_count", "equals": 0})"), "nexus_receipt_count: expected 0, got 1");
  EXPECT_EQ(check(s, R"({"fact": "nexus_receipts", "equals": [{"seat": "Atreides", "card": "Atreides", "mode": "Cunning"}]})"),
            std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "nexus_receipts", "equals": [{"seat": "Atreides", "card": "Atreides", "mode": "Betrayal"}]})"),
            R"(nexus_receipts: expected [{"card":"Atreides","mode":"Betrayal","seat":"Atreides"}], got [{"card":"Atreides","mode":"Cunning","seat":"Atreides"}])");
  EXPECT_EQ(read_error(s, R"({"fact": "nexus_receipts", "equals": [{"seat": "Atreides", "card": "Atreides", "mode": "Sly"}]})"),
            R"(expect.equals[0].mode: unknown NexusMode "Sly")");
}

TEST(ScenarioFactsTest, TheBeneGesseritPrediction) {
  SeededChance chance(4);
  GameState s = testing::start(Options::basic({Faction::BeneGesserit, Faction::Harkonnen}), chance);
  while (s.step == Step::SetupTraitorSelection) {
    const Seat seat = pending(s).front();
    s = testing::play(s, seat, ChooseTraitor{s.seat(seat).traitor_offer.front()}, chance);
  }
  EXPECT_EQ(check(s, R"({"fact": "prediction", "equals": null})"), std::nullopt);
  s = testing::play(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Harkonnen, 3}, chance);
  EXPECT_EQ(check(s, R"({"fact": "prediction", "equals": {"faction": "Harkonnen", "turn": 3}})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "prediction", "equals": {"faction": "Harkonnen", "turn": 4}})"),
            R"(prediction: expected {"faction":"Harkonnen","turn":4}, got {"faction":"Harkonnen","turn":3})");
  EXPECT_EQ(check(s, R"({"fact": "prediction", "equals": null})"), R"(prediction: expected null, got {"faction":"Harkonnen","turn":3})");
  EXPECT_EQ(read_error(s, R"({"fact": "prediction", "equals": {"faction": "Harkonnen", "turns": 3}})"),
            "expect.equals.turns: unknown key");
}

TEST(ScenarioFactsTest, TheFremenStormCard) {
  Options o = Options::basic({Faction::Atreides, Faction::Fremen});
  o.rules.fremen_storm_deck = true;
  GameState s = testing::past_setup(o, 22);
  StagedChance chance(22);
  chance.stage(ChanceKind::StormCard, 4);
  EXPECT_EQ(check(s, R"({"fact": "storm_card", "equals": null})"), std::nullopt);
  while (s.step == Step::StormDial) s = testing::play(s, pending(s).front(), DialStorm{1}, chance);
  EXPECT_EQ(check(s, R"({"fact": "storm_card", "equals": 4})"), std::nullopt);
  EXPECT_EQ(check(s, R"({"fact": "storm_card", "equals": 5})"), "storm_card: expected 5, got 4");
}

// ---- through the runner: the step prefix, the command protocol, views ---------------------

const std::string kTwoSeats = R"("options": {"factions": ["Atreides", "Harkonnen"], "player_circles": [0, 3]},
  "chance": [{"kind": "TraitorDeal", "outcome": 20}, {"kind": "TraitorDeal", "outcome": 21},
             {"kind": "TraitorDeal", "outcome": 3}, {"kind": "TraitorDeal", "outcome": 4},
             {"kind": "TreacheryDeal", "outcome": 8}],)";

// The scenario's failures after its first step, Atreides keeping Beast Rabban as command 7.
std::vector<std::string> failures_after_choice(const std::string& expect) {
  auto parsed = parse_scenario("{" + kTwoSeats + R"("steps": [
      {"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 21}, "id": 7},
      {"expect": [)" + expect + "]}]}");
  if (auto* e = std::get_if<LoadError>(&parsed)) return {"(not parsed) " + e->message};
  return run_scenario(std::get<Scenario>(parsed)).failures;
}

std::string parse_error(const std::string& expect) {
  auto parsed = parse_scenario("{" + kTwoSeats + R"("steps": [{"expect": [)" + expect + "]}]}");
  return std::holds_alternative<LoadError>(parsed) ? std::get<LoadError>(parsed).message : "(parsed)";
}

using Failures = std::vector<std::string>;

TEST(ScenarioFactsTest, VersionAndTheCommittedCommands) {
  // Every chance record counts a version: eight traitor deals, the choice (version 9), then one
  // Treachery card for Atreides and two for Harkonnen.
  EXPECT_EQ(failures_after_choice(R"({"fact": "committed_count", "equals": 1}, {"fact": "version", "equals": 12})"), Failures{});
  EXPECT_EQ(failures_after_choice(R"({"fact": "committed_count", "equals": 2})"), Failures{"at step 2: committed_count: expected 2, got 1"});
  EXPECT_EQ(failures_after_choice(R"({"fact": "version", "equals": 9})"), Failures{"at step 2: version: expected 9, got 12"});
  const std::string receipt = R"({"seat": "Atreides", "version": 9, "summary": "Atreides: keep a traitor"}})";
  EXPECT_EQ(failures_after_choice(R"({"fact": "receipt", "id": 7, "equals": )" + receipt), Failures{});
  EXPECT_EQ(failures_after_choice(R"({"fact": "receipt", "id": 8, "equals": )" + receipt),
            Failures{R"(at step 2: receipt of command 8: expected {"seat":"Atreides","summary":"Atreides: keep a traitor","version":9}, got null)"});
}

TEST(ScenarioFactsTest, ViewAssertionsEqualsAbsentPresent) {
  EXPECT_EQ(failures_after_choice(R"({"view": "public", "pointer": "/turn", "equals": 1},
      {"view": "Atreides", "pointer": "/you/hand_names", "equals": ["Lasgun"]},
      {"view": "Atreides", "pointer": "/you/prediction", "absent": true},
      {"view": "Harkonnen", "pointer": "/you/traitors", "present": true})"), Failures{});
  EXPECT_EQ(failures_after_choice(R"({"view": "public", "pointer": "/turn", "equals": 2})"),
            Failures{"at step 2: public view /turn: expected 2, got 1"});
  EXPECT_EQ(failures_after_choice(R"({"view": "Atreides", "pointer": "/you/hand_names", "absent": true})"),
            Failures{R"(at step 2: Atreides view /you/hand_names: expected absent, got ["Lasgun"])"});
  EXPECT_EQ(failures_after_choice(R"({"view": "public", "pointer": "/seats/0/hand_names", "present": true})"),
            Failures{"at step 2: public view /seats/0/hand_names: expected present, got absent"});
  EXPECT_EQ(failures_after_choice(R"({"view": "public", "pointer": "/seats/0/hand_names", "equals": ["Lasgun"]})"),
            Failures{R"(at step 2: public view /seats/0/hand_names: expected ["Lasgun"], got absent)"});
  // A long value is cut short.
  const Failures leaders = failures_after_choice(R"({"view": "public", "pointer": "/leaders", "absent": true})");
  ASSERT_EQ(leaders.size(), 1u);
  EXPECT_EQ(leaders[0].rfind("at step 2: public view /leaders: expected absent, got [{", 0), 0u) << leaders[0];
  EXPECT_EQ(leaders[0].substr(leaders[0].size() - 3), "...");
  EXPECT_LT(leaders[0].size(), 300u);
}

TEST(ScenarioFactsTest, AMalformedViewAssertionIsAParseErrorNamingItsPath) {
  EXPECT_EQ(parse_error(R"({"view": "public", "pointer": "turn", "equals": 1})"),
            R"(scenario.steps[0].expect[0].pointer: not a JSON pointer: "turn" (e.g. "/seats/0/spice"))");
  EXPECT_EQ(parse_error(R"({"view": "public", "pointer": "/a~2", "present": true})"),
            R"(scenario.steps[0].expect[0].pointer: not a JSON pointer: "/a~2" (e.g. "/seats/0/spice"))");
  EXPECT_EQ(parse_error(R"({"view": "public", "pointer": "/turn", "equals": 1, "absent": true})"),
            R"(scenario.steps[0].expect[0]: a view assertion needs exactly one of "equals", "absent" or "present")");
  EXPECT_EQ(parse_error(R"({"view": "public", "pointer": "/turn", "absent": false})"),
            R"(scenario.steps[0].expect[0].absent: expected true ("absent": false is not an assertion))");
  EXPECT_EQ(parse_error(R"({"view": "Fremen", "pointer": "/you", "present": true})"),
            "scenario.steps[0].expect[0].view: Fremen is not seated in this game");
  EXPECT_EQ(parse_error(R"({"view": "public", "pointer": "/turn", "equal": 1})"), "scenario.steps[0].expect[0].equal: unknown key");
}

}  // namespace
}  // namespace dune

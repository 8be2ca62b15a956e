// Projections: named facts of the public view and of seat views at chosen steps, and canaries
// planted in hidden fields that no other observer's view may contain.
#include "model/command_steps.h"
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <nlohmann/json.hpp>

#include "engine/projection.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using json = nlohmann::json;

const Options kTwoSeats = [] {
  Options o = Options::basic({Faction::Atreides, Faction::Harkonnen});
  o.player_circles = {0, 3};
  return o;
}();

// Setup with staged traitors and starting cards (the same deal as tests/scenarios/setup.json).
GameState after_setup(StagedChance& chance) {
  for (std::uint8_t t : {20, 21, 3, 4, 0, 1, 22, 23}) chance.stage(ChanceKind::TraitorDeal, t);
  for (std::uint8_t c : {8, 23, 24}) chance.stage(ChanceKind::TreacheryDeal, c);
  GameState s = testing::start(kTwoSeats, chance);
  return testing::play(s, Seat{0}, ChooseTraitor{TraitorCardId{20}}, chance);
}

// Plays the first legal step command of the first awaited seat until `done` holds (standing
// choices, e.g. the Harkonnen's Karama order against Prescience, would only toggle).
GameState advance_until(GameState s, ChanceSource& chance, const std::function<bool(const GameState&)>& done) {
  for (int i = 0; i < 200 && !done(s) && !is_terminal(s); ++i) {
    const Seat seat = pending(s).front();
    const auto legal = legal_commands(s, seat);
    const auto step = std::find_if(legal.begin(), legal.end(), [](const Command& c) { return !is_standing_command(c); });
    s = testing::play(s, seat, step != legal.end() ? *step : legal.front(), chance);
  }
  EXPECT_TRUE(done(s));
  return s;
}

TEST(ProjectionTest, PublicViewAfterSetupShowsCountsNotSecrets) {
  StagedChance chance(1);
  const GameState s = after_setup(chance);
  const PublicView v = project_public(s);
  EXPECT_EQ(v.turn, 1);
  EXPECT_EQ(v.step, Step::StormDial);
  ASSERT_EQ(v.seats.size(), 2u);
  EXPECT_EQ(v.seats[0].hand_size, 1u);
  EXPECT_EQ(v.seats[1].hand_size, 2u);
  EXPECT_EQ(v.seats[0].traitor_count, 1u);
  EXPECT_EQ(v.seats[1].traitor_count, 4u);  // Harkonnen keep all four ([LR] 2.05)
  EXPECT_EQ(v.decks.treachery_deck, 30u);
  EXPECT_EQ(v.decks.traitor_deck, 5u);
  EXPECT_EQ(v.pending, (std::vector<Seat>{Seat{0}, Seat{1}}));
  ASSERT_EQ(v.board.cells.size(), 2u);
  EXPECT_EQ(v.board.cells[0].forces, (std::vector<ForcesView>{{Faction::Harkonnen, ForceCount{10}, ForceCount{0}, false}}));
  EXPECT_EQ(to_string(cell_info(v.board.cells[1].cell).territory), "Arrakeen");

  const json j = view_to_json(v);
  for (const json& seat : j["seats"]) EXPECT_FALSE(seat.contains("spice")) << "spice is secret";
  EXPECT_FALSE(j.contains("you"));
  EXPECT_EQ(j["decks"]["treachery_deck_size"], 30);
}

TEST(ProjectionTest, SeatViewAddsOnlyItsOwnSecretsAndLegalCommands) {
  StagedChance chance(1);
  const GameState s = after_setup(chance);
  const SeatView atreides = project_seat(s, Seat{0});
  EXPECT_EQ(atreides.spice, Spice{10});
  EXPECT_EQ(atreides.hand, (std::vector<TreacheryCardId>{TreacheryCardId{8}}));
  EXPECT_EQ(atreides.traitors, (std::vector<TraitorCardId>{TraitorCardId{20}}));
  EXPECT_EQ(atreides.legal_commands, legal_commands(s, Seat{0}));
  EXPECT_EQ(atreides.legal_commands.size(), 21u);  // turn 1 dials 0..20
  EXPECT_FALSE(atreides.prediction);
  EXPECT_EQ(atreides.table, project_public(s));

  const json j = view_to_json(project_seat(s, Seat{1}));
  EXPECT_EQ(j["you"]["hand"], json::array({23, 24}));
  EXPECT_EQ(j["you"]["hand_names"], json::array({"Karama", "Karama"}));
  EXPECT_EQ(j["you"]["traitors"].size(), 4u);
  // Standing choices first: holding a Karama, the Harkonnen may order it against the Atreides
  // Prescience ([LR] 2.01.08 ✷); then the step's own decision.
  EXPECT_EQ(j["you"]["legal_commands"][0], json({{"kind", "ArmKarama"}, {"ability", "AtreidesPrescience"}}));
  EXPECT_EQ(j["you"]["legal_commands"][1], json({{"kind", "DialStorm"}, {"amount", 0}}));
}

TEST(ProjectionTest, StormDialIsSecretUntilBothAreIn) {
  StagedChance chance(1);
  GameState s = after_setup(chance);
  s = testing::play(s, Seat{0}, DialStorm{7}, chance);
  EXPECT_EQ(project_public(s).storm.dialed, (std::vector<Seat>{Seat{0}}));
  EXPECT_TRUE(project_public(s).storm.dials.empty());
  EXPECT_EQ(project_seat(s, Seat{0}).own_dial, std::optional<std::uint8_t>{7});
  EXPECT_FALSE(project_seat(s, Seat{1}).own_dial);
}

TEST(ProjectionTest, OnlyTheSeatThatSawTheLotSeesTheCardUpForBid) {
  StagedChance chance(1);
  GameState s = after_setup(chance);
  s = advance_until(s, chance, [](const GameState& x) { return x.step == Step::Bidding && !x.bidding.lots.empty(); });
  ASSERT_FALSE(s.bidding.lots.empty());
  const TreacheryCardId up = s.bidding.lots.front();
  EXPECT_EQ(project_seat(s, Seat{0}).table.bidding.card_up_for_bid, up);  // Atreides prescience ([LR] 2.01.05)
  EXPECT_FALSE(project_seat(s, Seat{1}).table.bidding.card_up_for_bid);
  EXPECT_FALSE(project_public(s).bidding.card_up_for_bid);
  EXPECT_EQ(project_public(s).bidding.lots_on_table, s.bidding.lots.size());
  EXPECT_FALSE(view_to_json(project_public(s))["bidding"].contains("card_up_for_bid"));
}

// E1 Technology: a card given face down in a lot's place (kTechnologyNote) is known to be up for bid
// to the seat that gave it and to whoever sees it afterwards (the Atreides' look), not to a seat that
// had seen it before in a hand: that sighting does not tell which card was given.
TEST(ProjectionTest, ACardSwappedInIsUpOnlyForThoseWhoSawItGiven) {
  StagedChance chance(1);
  GameState s = after_setup(chance);
  s = advance_until(s, chance, [](const GameState& x) { return x.step == Step::Bidding && !x.bidding.lots.empty(); });
  ASSERT_FALSE(s.bidding.lots.empty());
  ASSERT_FALSE(s.seat(Seat{1}).hand.empty());
  // Seat 1 trades a card of its hand for the lot, as the Ixians' SwapLot does; seat 0 had seen that
  // card earlier this Bidding phase.
  const TreacheryCardId given = s.seat(Seat{1}).hand.front();
  const auto sight = [&](Seat seat, std::string what) {
    s.knowledge.sightings.push_back(Sighting{seat, s.turn, s.phase, SeenKind::TreacheryCard, given.value, std::move(what)});
  };
  sight(Seat{0}, "seen in a hand");
  std::swap(s.seat(Seat{1}).hand.front(), s.bidding.lots.front());
  EXPECT_EQ(project_seat(s, Seat{0}).table.bidding.card_up_for_bid, given);  // without the swap's note, the old sighting tells
  sight(Seat{1}, std::string(kTechnologyNote));
  EXPECT_FALSE(project_seat(s, Seat{0}).table.bidding.card_up_for_bid);
  EXPECT_EQ(project_seat(s, Seat{1}).table.bidding.card_up_for_bid, given);
  sight(Seat{0}, "card up for bid #1");
  EXPECT_EQ(project_seat(s, Seat{0}).table.bidding.card_up_for_bid, given);
  EXPECT_FALSE(project_public(s).bidding.card_up_for_bid);
}

std::vector<Sighting> spice_sightings(const SeatView& v) {
  std::vector<Sighting> out;
  for (const Sighting& x : v.sightings) {
    if (x.kind == SeenKind::SpiceCard) out.push_back(x);
  }
  return out;
}

// Atreides see the top spice card during Shipment and Movement (fact sheet §5.2, [LR] 2.01): the
// peek fixes the deck's top (consuming the staged "next spice card"), the next blow reveals that
// very card, and only the Atreides seat's view shows the sighting.
TEST(ProjectionTest, AtreidesSeeTheTopSpiceCardInShipmentAndMovement) {
  constexpr std::uint8_t kCielagoNorth = 0, kSouthMesa = 2;
  StagedChance chance(1);
  GameState s = after_setup(chance);
  chance.stage(ChanceKind::SpiceDraw, kCielagoNorth);  // turn 1's blow
  chance.stage(ChanceKind::SpiceDraw, kSouthMesa);     // the next card: seen by Atreides, blown on turn 2
  s = advance_until(s, chance, [](const GameState& x) { return x.phase == Phase::Bidding; });
  EXPECT_TRUE(spice_sightings(project_seat(s, Seat{0})).empty()) << "not before Shipment and Movement";
  s = advance_until(s, chance, [](const GameState& x) { return x.phase == Phase::ShipmentAndMovement; });
  EXPECT_EQ(s.blow.deck.known_top, (std::vector<SpiceCardId>{SpiceCardId{kSouthMesa}}));
  const auto seen = spice_sightings(project_seat(s, Seat{0}));
  ASSERT_EQ(seen.size(), 1u);
  EXPECT_EQ(seen[0].id, kSouthMesa);
  EXPECT_EQ(seen[0].turn, 1);
  EXPECT_EQ(seen[0].phase, Phase::ShipmentAndMovement);
  const auto log = s.log.to_vector();
  EXPECT_NE(std::find(log.begin(), log.end(), LogEntry{ChanceRecord{{ChanceKind::SpicePeek, Seat{0}, 0}, kSouthMesa}}),
            log.end());

  // Harkonnen's view and the public view show no trace of it, in types or JSON.
  EXPECT_TRUE(spice_sightings(project_seat(s, Seat{1})).empty());
  EXPECT_EQ(view_to_json(project_seat(s, Seat{0}))["you"]["sightings"].back()["what"], "top card of the spice deck");
  EXPECT_EQ(view_to_json(project_seat(s, Seat{1})).dump().find("top card of the spice deck"), std::string::npos);
  EXPECT_EQ(view_to_json(project_public(s)).dump().find("top card of the spice deck"), std::string::npos);

  // The turn-2 blow reveals the card Atreides saw: the draw is forced to the known top.
  s = advance_until(s, chance, [](const GameState& x) { return x.turn == 2 && x.phase == Phase::ChoamCharity; });
  const auto later = s.log.to_vector();
  EXPECT_NE(std::find(later.begin(), later.end(), LogEntry{ChanceRecord{{ChanceKind::SpiceDraw, Seat{}, 0}, kSouthMesa}}),
            later.end());
  EXPECT_TRUE(s.blow.deck.known_top.empty());
}

TEST(ProjectionTest, NoSpicePeekWithoutAtreides) {
  Options o = Options::basic({Faction::Harkonnen, Faction::Fremen});
  GameState s = testing::past_setup(o, 4);
  SeededChance chance(4);
  s = advance_until(s, chance, [](const GameState& x) { return x.phase == Phase::ShipmentAndMovement; });
  EXPECT_TRUE(s.blow.deck.known_top.empty());
  for (const LogEntry& e : s.log.to_vector()) {
    if (const auto* r = std::get_if<ChanceRecord>(&e)) {
      EXPECT_NE(r->request.kind, ChanceKind::SpicePeek);
    }
  }
  for (std::uint8_t i = 0; i < 2; ++i) EXPECT_TRUE(spice_sightings(project_seat(s, Seat{i})).empty());
}

// Finds any number in [lo, hi] anywhere in a JSON tree.
bool contains_number_in(const json& j, int lo, int hi) {
  if (j.is_number_integer()) return j.get<long long>() >= lo && j.get<long long>() <= hi;
  if (j.is_structured()) {
    for (const auto& child : j) {
      if (contains_number_in(child, lo, hi)) return true;
    }
  }
  return false;
}

TEST(ProjectionTest, CanariesInHiddenFieldsNeverReachOtherViews) {
  Options o = Options::advanced({Faction::Atreides, Faction::BeneGesserit, Faction::Fremen});
  SeededChance chance(3);
  GameState s = testing::start(o, chance);
  // Markers 201..209: no catalogue id, count or version of this early state can take these values.
  s.seat(Seat{1}).hand = {TreacheryCardId{201}, TreacheryCardId{202}};
  s.seat(Seat{1}).traitors = {TraitorCardId{203}};
  s.seat(Seat{1}).traitor_offer = {TraitorCardId{209}};
  s.treachery.deck.known_top = {TreacheryCardId{204}};
  s.blow.deck.known_top = {SpiceCardId{205}};
  s.traitor_deck.known_top = {TraitorCardId{206}};
  s.prediction = Prediction{Faction::Fremen, 207};
  s.storm.next_card = 208;
  s.bidding.lots = {TreacheryCardId{204}};
  ASSERT_LT(s.version, 200u);

  EXPECT_FALSE(contains_number_in(view_to_json(project_public(s)), 201, 209)) << view_to_json(project_public(s)).dump();
  EXPECT_FALSE(contains_number_in(view_to_json(project_seat(s, Seat{0})), 201, 209));
  // The Bene Gesserit (seat 1) sees its own hand, traitors and prediction — and nothing else planted.
  const json bg = view_to_json(project_seat(s, Seat{1}));
  EXPECT_TRUE(contains_number_in(bg["you"]["hand"], 201, 202));
  EXPECT_EQ(bg["you"]["prediction"]["turn"], 207);
  EXPECT_FALSE(contains_number_in(bg["table"], 201, 209));
  EXPECT_FALSE(bg["you"].contains("storm_card"));
  // Fremen (seat 2) see the storm card, nothing of the Bene Gesserit's.
  json fremen = view_to_json(project_seat(s, Seat{2}));
  EXPECT_EQ(fremen["you"]["storm_card"], 208);
  fremen["you"].erase("storm_card");
  EXPECT_FALSE(contains_number_in(fremen, 201, 207));
}

// Noninterference in miniature: changing only hidden fields leaves other observers' views equal.
TEST(ProjectionTest, HiddenChangesLeaveOtherViewsEqual) {
  StagedChance chance(1);
  const GameState s = after_setup(chance);
  GameState twin = s;
  twin.seat(Seat{1}).hand = {TreacheryCardId{0}, TreacheryCardId{1}};  // still two cards
  twin.seat(Seat{1}).spice = Spice{3};
  ASSERT_TRUE(twin.treachery.deck.take_unseen(TreacheryCardId{5}));
  twin.treachery.deck.known_top = {TreacheryCardId{5}};  // a known top: same deck size
  EXPECT_EQ(view_to_json(project_public(twin)), view_to_json(project_public(s)));
  EXPECT_EQ(view_to_json(project_seat(twin, Seat{0})), view_to_json(project_seat(s, Seat{0})));
  EXPECT_NE(view_to_json(project_seat(twin, Seat{1})), view_to_json(project_seat(s, Seat{1})));
}

}  // namespace
}  // namespace dune

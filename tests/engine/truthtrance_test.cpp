// Truthtrance questions with a subject (issue 16 item 5, [LR] 3.01.22): a named card, a named
// leader as traitor, the Bene Gesserit prediction, a held Nexus card, spice thresholds. Each is
// answered truthfully from the target's state, and listed only with a subject it can take.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/cards.h"
#include "engine/internal.h"
#include "engine/projection.h"
#include "model/cards.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::card_named;
using testing::envelope;
using testing::expect_rejected;
using testing::play;

LeaderId leader_named(std::string_view name) {
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    if (kLeaders[l].name == name) return leader_at(l);
  }
  ADD_FAILURE() << "no leader " << name;
  return LeaderId{0};
}

// Atreides (seat 0, holding a Truthtrance), Harkonnen (1) and the Bene Gesserit (2) on turn 2,
// at the Collection decision point.
GameState table(NexusModuleMode nexus = NexusModuleMode::Off, CardSets cards = {}) {
  Options o = Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::BeneGesserit});
  o.nexus = nexus;
  o.cards = cards;
  GameState s = testing::started(o);
  s.prediction = Prediction{Faction::Harkonnen, 3};
  s.treachery.deck.take_unseen(card_named("Truthtrance"));
  s.seat(Seat{0}).hand = {card_named("Truthtrance")};
  enter_phase(s, Phase::SpiceCollection);  // its decision point awaits every seat
  EXPECT_EQ(s.step, Step::Collection);
  return s;
}

PlayTruthtrance ask(Seat target, TruthtranceQuestion q) { return PlayTruthtrance{target, q}; }
PlayTruthtrance about_card(Seat target, std::string_view name) {
  PlayTruthtrance t = ask(target, TruthtranceQuestion::HoldsCardNamed);
  t.card = card_named(name);
  return t;
}
PlayTruthtrance about_leader(Seat target, std::string_view name) {
  PlayTruthtrance t = ask(target, TruthtranceQuestion::HoldsLeaderAsTraitor);
  t.leader = leader_named(name);
  return t;
}
PlayTruthtrance about_faction(Seat target, TruthtranceQuestion q, std::optional<Faction> f) {
  PlayTruthtrance t = ask(target, q);
  t.faction = f;
  return t;
}
PlayTruthtrance about_turn(Seat target, int turn) {
  PlayTruthtrance t = ask(target, TruthtranceQuestion::PredictedTurn);
  t.turn = static_cast<std::uint8_t>(turn);
  return t;
}
PlayTruthtrance about_spice(Seat target, int amount) {
  PlayTruthtrance t = ask(target, TruthtranceQuestion::HasAtLeastSpice);
  t.spice = Spice{amount};
  return t;
}

bool listed(const GameState& s, Seat seat, const PlayTruthtrance& t) {
  const auto legal = legal_commands(s, seat);
  return std::find(legal.begin(), legal.end(), Command{t}) != legal.end();
}

TEST(TruthtranceTest, ANamedCardIsAnsweredByItsNameWhicheverCopyIsHeld) {
  GameState s = table();
  s.treachery.deck.take_unseen(card_named("Shield", 3));
  s.seat(Seat{1}).hand = {card_named("Shield", 3)};
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_card(Seat{1}, "Shield")));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_card(Seat{1}, "Snooper")));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_card(Seat{2}, "Shield")));
  // By name, not by kind: a Maula Pistol is no Crysknife, though both are projectile weapons.
  s.treachery.deck.take_unseen(card_named("Maula Pistol"));
  s.seat(Seat{2}).hand = {card_named("Maula Pistol")};
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_card(Seat{2}, "Maula Pistol")));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_card(Seat{2}, "Crysknife")));
  EXPECT_TRUE(listed(s, Seat{0}, about_card(Seat{1}, "Weather Control")));
  // A name is asked by the first card of that name, once; a card not in this game is refused.
  PlayTruthtrance second = about_card(Seat{1}, "Shield");
  second.card = card_named("Shield", 2);
  expect_rejected(s, envelope(s, Seat{0}, second), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, about_card(Seat{1}, "Poison Blade")), RejectCode::IllegalChoice);  // E1
  SeededChance chance(1);
  const GameState after = play(s, Seat{0}, about_card(Seat{1}, "Shield"), chance);
  ASSERT_EQ(after.truthtrance_answers.size(), 1U);
  EXPECT_TRUE(after.truthtrance_answers[0].answer);
  EXPECT_EQ(after.truthtrance_answers[0].card, card_named("Shield"));
  // The public record says what was asked.
  const auto answers = view_to_json(project_public(after)).at("truthtrance_answers");
  EXPECT_EQ(answers.at(0).at("question"), "HoldsCardNamed");
  EXPECT_EQ(answers.at(0).at("card"), card_named("Shield").value);
  EXPECT_EQ(answers.at(0).at("answer"), true);
}

// With the E1 set of Poison Blade and Shield Snooper dealt, both names may be asked; the other E1
// names (Hunter-Seeker) stay refused.
TEST(TruthtranceTest, TheE1CardsOfTheGameMayBeNamed) {
  CardSets cards;
  cards.e1_poison_blade_shield_snooper = true;
  GameState s = table(NexusModuleMode::Off, cards);
  s.treachery.deck.take_unseen(card_named("Shield Snooper"));
  s.seat(Seat{1}).hand = {card_named("Shield Snooper")};
  EXPECT_TRUE(listed(s, Seat{0}, about_card(Seat{1}, "Poison Blade")));
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_card(Seat{1}, "Shield Snooper")));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_card(Seat{1}, "Shield")));  // by name: it is no Shield
  expect_rejected(s, envelope(s, Seat{0}, about_card(Seat{1}, "Hunter-Seeker")), RejectCode::IllegalChoice);
}

TEST(TruthtranceTest, ANamedLeaderIsAnsweredFromTheTargetsTraitors) {
  GameState s = table();
  s.seat(Seat{1}).traitors = {TraitorCardId{leader_named("Duncan Idaho").value}};
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_leader(Seat{1}, "Duncan Idaho")));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_leader(Seat{1}, "Thufir Hawat")));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_leader(Seat{2}, "Duncan Idaho")));
  EXPECT_TRUE(listed(s, Seat{0}, about_leader(Seat{1}, "Feyd Rautha")));  // any leader in play
  // The Emperor is not in this game: his leaders are not in play.
  PlayTruthtrance absent = ask(Seat{1}, TruthtranceQuestion::HoldsLeaderAsTraitor);
  absent.leader = leader_at([] {
    for (std::size_t l = 0; l < kLeaderCount; ++l) if (kLeaders[l].faction == Faction::Emperor) return l;
    return std::size_t{0};
  }());
  expect_rejected(s, envelope(s, Seat{0}, absent), RejectCode::IllegalChoice);
}

TEST(TruthtranceTest, TheBeneGesseritAnswerForTheirPrediction) {
  GameState s = table();
  const Seat bg{2};
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_faction(bg, TruthtranceQuestion::PredictedFaction, Faction::Harkonnen)));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_faction(bg, TruthtranceQuestion::PredictedFaction, Faction::Atreides)));
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_turn(bg, 3)));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_turn(bg, 4)));
  EXPECT_TRUE(listed(s, Seat{0}, about_turn(bg, 10)));
  EXPECT_FALSE(listed(s, Seat{0}, about_turn(Seat{1}, 3)));  // only the Bene Gesserit predicted
  expect_rejected(s, envelope(s, Seat{0}, about_turn(Seat{1}, 3)), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, about_turn(bg, 11)), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, about_faction(bg, TruthtranceQuestion::PredictedFaction, Faction::Emperor)),
                  RejectCode::IllegalChoice);  // not in the game
}

TEST(TruthtranceTest, AHeldNexusCardIsAnsweredForAnyCardAndForANamedFaction) {
  GameState s = table(NexusModuleMode::Audit);
  ASSERT_TRUE(s.nexus.enabled);
  s.nexus.held[1] = NexusCardId{Faction::Emperor};
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_faction(Seat{1}, TruthtranceQuestion::HoldsNexusCard, std::nullopt)));
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_faction(Seat{1}, TruthtranceQuestion::HoldsNexusCard, Faction::Emperor)));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_faction(Seat{1}, TruthtranceQuestion::HoldsNexusCard, Faction::Fremen)));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_faction(Seat{2}, TruthtranceQuestion::HoldsNexusCard, std::nullopt)));
  EXPECT_TRUE(listed(s, Seat{0}, about_faction(Seat{2}, TruthtranceQuestion::HoldsNexusCard, Faction::Moritani)));
  const GameState off = table();
  EXPECT_FALSE(listed(off, Seat{0}, about_faction(Seat{1}, TruthtranceQuestion::HoldsNexusCard, std::nullopt)));
  expect_rejected(off, envelope(off, Seat{0}, about_faction(Seat{1}, TruthtranceQuestion::HoldsNexusCard, std::nullopt)),
                  RejectCode::IllegalChoice);
}

TEST(TruthtranceTest, SpiceIsAskedAtFiveTenFifteenAndTwenty) {
  GameState s = table();
  s.seat(Seat{1}).spice = Spice{15};
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_spice(Seat{1}, 5)));
  EXPECT_TRUE(truthful_answer(s, Seat{0}, about_spice(Seat{1}, 15)));
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_spice(Seat{1}, 20)));
  s.seat(Seat{1}).spice = Spice{4};
  EXPECT_FALSE(truthful_answer(s, Seat{0}, about_spice(Seat{1}, 5)));
  for (int amount : {5, 15, 20}) EXPECT_TRUE(listed(s, Seat{0}, about_spice(Seat{1}, amount))) << amount;
  for (int amount : {0, 7, 10, 25}) {
    EXPECT_FALSE(listed(s, Seat{0}, about_spice(Seat{1}, amount))) << amount;
    expect_rejected(s, envelope(s, Seat{0}, about_spice(Seat{1}, amount)), RejectCode::IllegalChoice);
  }
}

TEST(TruthtranceTest, AQuestionTakesOnlyItsOwnSubject) {
  const GameState s = table();
  PlayTruthtrance karama = ask(Seat{1}, TruthtranceQuestion::HoldsKarama);
  karama.card = card_named("Karama");
  expect_rejected(s, envelope(s, Seat{0}, karama), RejectCode::IllegalChoice);
  PlayTruthtrance card = about_card(Seat{1}, "Lasgun");
  card.leader = leader_named("Duncan Idaho");
  expect_rejected(s, envelope(s, Seat{0}, card), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, Seat{0}, ask(Seat{1}, TruthtranceQuestion::HoldsCardNamed)), RejectCode::IllegalChoice);
}

// Every listed question is accepted, and the list is what README "Truthtrance" counts: per other
// seat 5 plain questions, 3 spice amounts, the 24 names of the base deck, every leader in play,
// the Nexus questions (module on) and, to the Bene Gesserit, the prediction's factions and turns.
TEST(TruthtranceTest, TheListedQuestionsAreAcceptedAndCounted) {
  const GameState s = table(NexusModuleMode::Audit);
  std::size_t questions = 0;
  for (const Command& c : legal_commands(s, Seat{0})) {
    if (!std::holds_alternative<PlayTruthtrance>(c)) continue;
    questions += 1;
    const auto result = submit(s, envelope(s, Seat{0}, c));
    EXPECT_TRUE(std::holds_alternative<Accepted>(result)) << to_string(c);
  }
  const std::size_t per_target = 5 + 3 + 24 + 15 + 13;  // 15 leaders of three factions, 1 + 12 Nexus
  EXPECT_EQ(questions, 2 * per_target + 2 + 10);        // the Bene Gesserit: 2 factions, turns 1-10
}

}  // namespace
}  // namespace dune

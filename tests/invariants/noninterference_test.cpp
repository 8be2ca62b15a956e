// The noninterference twins (invariants/noninterference.h): the twin resamples only what the
// observer cannot know, deterministically per seed, and the checker passes on the engine and
// fails on the engine's planted leaks (engine/mutants.h).
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "engine/mutants.h"
#include "tests/skip_without_mutants.h"
#include "generators/random_player.h"
#include "invariants/noninterference.h"
#include "invariants/registry.h"
#include "model/factions.h"
#include "engine/internal.h"
#include "model/cards.h"
#include "tests/engine/test_support.h"

namespace dune::invariants {
namespace {

// Six seats past the setup deal: hands and traitors are dealt.
GameState opening(std::uint64_t seed = 3) {
  GameState s = generators::play_random_game(Options::basic(kBaseFactions), seed, 12).final_state;
  for (const SeatState& seat : s.seats) EXPECT_FALSE(seat.hand.empty() && seat.traitors.empty());
  return s;
}

TEST(TwinTest, TheSameSeedGivesTheSameTwinAndAnotherSeedAnother) {
  const GameState s = opening();
  EXPECT_EQ(make_twin(s, std::nullopt, 1), make_twin(s, std::nullopt, 1));
  EXPECT_NE(make_twin(s, std::nullopt, 1), make_twin(s, std::nullopt, 2));
  EXPECT_NE(make_twin(s, std::nullopt, 1), s) << "the public knows no hand: something is resampled";
}

TEST(TwinTest, KeepsTheObserversSecretsAndEveryHandSize) {
  const GameState s = opening();
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
    const GameState t = make_twin(s, Seat{i}, 11 + i);
    EXPECT_EQ(t.seats[i].hand, s.seats[i].hand);
    EXPECT_EQ(t.seats[i].traitor_offer, s.seats[i].traitor_offer);
    for (std::size_t j = 0; j < s.seat_count(); ++j) {
      EXPECT_EQ(t.seats[j].hand.size(), s.seats[j].hand.size());
      EXPECT_EQ(t.seats[j].traitor_offer.size(), s.seats[j].traitor_offer.size());
    }
    EXPECT_EQ(t.treachery.deck.size(), s.treachery.deck.size());
  }
}

TEST(TwinTest, ACardTheObserverSawStaysPut) {
  GameState s = opening();
  ASSERT_FALSE(s.seats[2].hand.empty());
  const TreacheryCardId seen = s.seats[2].hand.front();
  s.knowledge.sightings.push_back(Sighting{Seat{0}, 1, Phase::Bidding, SeenKind::TreacheryCard, seen.value, "card up for bid #1"});
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const GameState t = make_twin(s, Seat{0}, seed);
    EXPECT_TRUE(std::find(t.seats[2].hand.begin(), t.seats[2].hand.end(), seen) != t.seats[2].hand.end()) << seed;
  }
}

// A card put back face down on the top or under the bottom of the Treachery deck (a bought-in lot,
// the Ixians' returned lot) is a known place, not a known card: a seat that never saw it cannot
// tell it from another unseen card, a seat that saw it can.
TEST(TwinTest, ACardPutBackOnTheDeckIsKnownOnlyToWhoSawIt) {
  GameState s = opening();
  ASSERT_GE(s.treachery.deck.unseen.size(), 2u);
  const TreacheryCardId top = s.treachery.deck.unseen.front();
  const TreacheryCardId bottom = s.treachery.deck.unseen.back();
  ASSERT_TRUE(s.treachery.deck.take_unseen(top) && s.treachery.deck.take_unseen(bottom));
  s.treachery.deck.known_top.push_back(top);
  s.treachery.deck.known_bottom.push_back(bottom);
  for (TreacheryCardId c : {top, bottom}) {
    s.knowledge.sightings.push_back(Sighting{Seat{0}, 1, Phase::Bidding, SeenKind::TreacheryCard, c.value, "returned to the deck"});
  }
  bool moved_top = false, moved_bottom = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const GameState saw = make_twin(s, Seat{0}, seed);
    EXPECT_EQ(saw.treachery.deck.known_top, s.treachery.deck.known_top) << seed;
    EXPECT_EQ(saw.treachery.deck.known_bottom, s.treachery.deck.known_bottom) << seed;
    const GameState blind = make_twin(s, Seat{1}, seed);
    ASSERT_EQ(blind.treachery.deck.known_top.size(), 1u);
    moved_top = moved_top || blind.treachery.deck.known_top.front() != top;
    moved_bottom = moved_bottom || blind.treachery.deck.known_bottom.front() != bottom;
  }
  EXPECT_TRUE(moved_top && moved_bottom) << "a seat that never saw them is shown other cards there in some twin";
}

TEST(TwinTest, ThePredictionIsResampledForOthersOnly) {
  GameState s = opening();
  s.prediction = Prediction{Faction::Emperor, 4};
  const Seat bg = *s.seat_of(Faction::BeneGesserit);
  for (std::uint64_t seed = 0; seed < 10; ++seed) EXPECT_EQ(make_twin(s, bg, seed).prediction, s.prediction);
  bool changed = false;
  for (std::uint64_t seed = 0; seed < 10; ++seed) changed = changed || make_twin(s, std::nullopt, seed).prediction != s.prediction;
  EXPECT_TRUE(changed);
}

// A Truthtrance answer discloses one fact: the answering seat's other cards are still resampled,
// and every twin gives the same answer ([LR] 3.01.22).
TEST(TwinTest, AnAnsweredSeatKeepsItsAnswerAndNothingMore) {
  GameState s = opening();
  const auto holds_karama = [](const SeatState& seat) {
    return std::any_of(seat.hand.begin(), seat.hand.end(), [](TreacheryCardId c) { return card_type(c).name == "Karama"; });
  };
  const auto weapons = [](const SeatState& seat) {
    return std::count_if(seat.hand.begin(), seat.hand.end(), [](TreacheryCardId c) {
      const TreacheryClass k = card_type(c).classification;
      return k == TreacheryClass::WeaponProjectile || k == TreacheryClass::WeaponPoison || k == TreacheryClass::WeaponSpecial;
    }) > 0;
  };
  ASSERT_FALSE(s.seats[2].hand.empty());
  s.truthtrance_answers.push_back(TruthtranceAnswer{Seat{0}, Seat{2}, TruthtranceQuestion::HoldsKarama, holds_karama(s.seats[2])});
  s.truthtrance_answers.push_back(TruthtranceAnswer{Seat{1}, Seat{2}, TruthtranceQuestion::HoldsWeapon, weapons(s.seats[2])});
  bool other_cards = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    const GameState t = make_twin(s, Seat{0}, seed);
    EXPECT_EQ(holds_karama(t.seats[2]), holds_karama(s.seats[2])) << seed;
    EXPECT_EQ(weapons(t.seats[2]), weapons(s.seats[2])) << seed;
    other_cards = other_cards || t.seats[2].hand != s.seats[2].hand;
  }
  EXPECT_TRUE(other_cards) << "the answered seat's hand was never resampled";
}

TEST(NoninterferenceTest, HoldsThroughTheFirstStepsOfARandomGame) {
  int checked = 0;
  generators::play_random_game(Options::basic(kBaseFactions), 5, 40, [&](const GameState&, const LogEntry&, const GameState& after) {
    for (std::uint8_t i = 0; i <= after.seat_count(); ++i) {
      const Observer o = i < after.seat_count() ? Observer{Seat{i}} : std::nullopt;
      const Violations v = check_noninterference(after, o, 100 + checked);
      EXPECT_TRUE(v.empty()) << v.front().invariant << ": " << v.front().message;
      ++checked;
    }
  });
  EXPECT_GT(checked, 100);
}

// The engine's planted leaks (engine/mutants.h) each make the checker fail at the opening.
class PlantedLeakTest : public ::testing::TestWithParam<Mutant> {};

TEST_P(PlantedLeakTest, IsCaught) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  const ScopedMutant mutant(GetParam());
  bool caught = false;
  // Atreides and Harkonnen reach the Bidding (where a rejection could name the lot) quickly.
  generators::play_random_game(Options::basic({Faction::Atreides, Faction::Harkonnen}), 5, 80, [&](const GameState&, const LogEntry&, const GameState& after) {
    for (std::uint8_t i = 0; i <= after.seat_count() && !caught; ++i) {
      const Observer o = i < after.seat_count() ? Observer{Seat{i}} : std::nullopt;
      caught = !check_noninterference(after, o, 7 + i).empty();
    }
  });
  EXPECT_TRUE(caught);
}

INSTANTIATE_TEST_SUITE_P(Mutants, PlantedLeakTest,
                         ::testing::Values(Mutant::HandInPublicView, Mutant::RejectionNamesHiddenCard, Mutant::OtherTraitorInSeatView));

// [LR] 3.01.22: a Truthtrance answer is public. The check takes the play as the observer's next
// step and compares the views after it with the twin's, the twin's answer set to the real one:
// that one answer is the only disclosure it accepts (without that, the twin's other hands answer
// otherwise and the check fails).
TEST(NoninterferenceTest, ATruthtranceDisclosesItsAnswerAndNothingElse) {
  GameState s = testing::started(Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::BeneGesserit}));
  s.prediction = Prediction{Faction::Harkonnen, 3};
  for (const char* name : {"Truthtrance", "Lasgun", "Shield", "Karama", "Snooper"}) s.treachery.deck.take_unseen(testing::card_named(name));
  s.seat(Seat{0}).hand = {testing::card_named("Truthtrance")};
  s.seat(Seat{1}).hand = {testing::card_named("Lasgun"), testing::card_named("Shield")};
  s.seat(Seat{2}).hand = {testing::card_named("Karama"), testing::card_named("Snooper")};
  std::sort(s.seat(Seat{1}).hand.begin(), s.seat(Seat{1}).hand.end());
  std::sort(s.seat(Seat{2}).hand.begin(), s.seat(Seat{2}).hand.end());
  enter_phase(s, Phase::SpiceCollection);  // every seat is awaited at its decision point
  ASSERT_EQ(s.step, Step::Collection);
  int violations = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    const Violations v = check_noninterference(s, Seat{0}, seed);
    violations += v.empty() ? 0 : 1;
    EXPECT_TRUE(v.empty()) << seed << ": " << v.front().invariant << ": " << v.front().message;
  }
  EXPECT_EQ(violations, 0);
}

TEST(NoninterferenceTest, TheCheckerIsOffUnlessAsked) {
  for (const Checker& c : all_checkers()) {
    if (c.family != "noninterference") continue;
    ASSERT_NE(c.enabled, nullptr);
    EXPECT_FALSE(c.enabled(CheckOptions{false, true}));
    EXPECT_TRUE(c.enabled(CheckOptions{true, true}));
  }
}

}  // namespace
}  // namespace dune::invariants

// The Harkonnen's Advanced Karama power moves secret cards ([LR] 1.14.04): the noninterference
// twin check accepts exactly what it discloses. The Harkonnen see the target's hand (it is in
// theirs), the target sees the cards it receives, every other observer sees the use and the hand
// sizes only. Checked for every observer at each state of an exchange, and the third seat's view
// is the same whichever cards the hand held.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/projection.h"
#include "invariants/noninterference.h"
#include "tests/invariants/play_support.h"
#include "model/cards.h"

namespace dune::invariants {
namespace {

using testing_support::play;
using testing_support::until;

// A card of that name from the unseen deck into `seat`'s first hand slot, in exchange for the card
// there (the census holds); hands and the unseen deck kept sorted.
void give(GameState& s, Seat seat, std::string_view name) {
  TreacheryCardId* where = nullptr;
  for (TreacheryCardId& c : s.treachery.deck.unseen) if (!where && card_type(c).name == name) where = &c;
  ASSERT_NE(where, nullptr);
  std::swap(*where, s.seat(seat).hand.front());
  for (SeatState& x : s.seats) std::sort(x.hand.begin(), x.hand.end());
  std::sort(s.treachery.deck.unseen.begin(), s.treachery.deck.unseen.end());
}

void expect_no_leak(const GameState& s, std::uint64_t seed) {
  for (std::uint8_t i = 0; i <= s.seat_count(); ++i) {
    const Observer o = i < s.seat_count() ? Observer{Seat{i}} : std::nullopt;
    for (std::uint64_t k = 0; k < 4; ++k) {
      const Violations v = check_noninterference(s, o, seed * 16 + i * 4 + k);
      EXPECT_TRUE(v.empty()) << "observer " << int(i) << ": " << v.front().invariant << ": " << v.front().message;
    }
  }
}

struct Exchange {
  GameState before, taken, done;
  Seat atreides, harkonnen, emperor;
};

Exchange exchange(std::string_view atreides_card) {
  Options o = Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor});
  o.rules.advanced_karama = true;
  GameState s = std::get<GameState>(new_game(o));
  Exchange x{s, s, s, *s.seat_of(Faction::Atreides), *s.seat_of(Faction::Harkonnen), *s.seat_of(Faction::Emperor)};
  s = until(s, Step::Bidding, x.harkonnen);
  give(s, x.harkonnen, "Karama");
  give(s, x.atreides, atreides_card);
  x.before = s;
  x.taken = play(s, x.harkonnen, KaramaTakeHand{x.atreides});
  GameState g = x.taken;
  while (g.karama.exchange) g = play(g, x.harkonnen, KaramaGiveCard{g.seat(x.harkonnen).hand.front()});
  x.done = g;
  return x;
}

TEST(KaramaPowerTest, TheHarkonnenHandExchangeShowsOnlyWhatItDiscloses) {
  const Exchange x = exchange("Shield");
  ASSERT_TRUE(x.taken.karama.exchange);
  EXPECT_EQ(pending(x.taken), std::vector<Seat>{x.harkonnen});
  EXPECT_EQ(x.done.seat(x.atreides).hand.size(), x.before.seat(x.atreides).hand.size());
  EXPECT_EQ(x.done.seat(x.harkonnen).hand.size() + 1, x.before.seat(x.harkonnen).hand.size());
  expect_no_leak(x.before, 1);
  expect_no_leak(x.taken, 2);
  expect_no_leak(x.done, 3);
}

// Two games that differ only in which card the Atreides held: the Emperor and the public see the
// same all through the exchange; the Atreides see the card they receive.
TEST(KaramaPowerTest, AThirdSeatSeesTheSameWhateverTheHandHeld) {
  const Exchange a = exchange("Shield");
  const Exchange b = exchange("Snooper");
  ASSERT_NE(a.taken.seat(a.harkonnen).hand, b.taken.seat(b.harkonnen).hand);
  for (const auto& [p, q] : {std::pair{&a.before, &b.before}, std::pair{&a.taken, &b.taken}, std::pair{&a.done, &b.done}}) {
    EXPECT_EQ(project_public(*p), project_public(*q));
    EXPECT_EQ(project_seat(*p, a.emperor), project_seat(*q, b.emperor));
    EXPECT_EQ(pending(*p), pending(*q));
  }
  EXPECT_EQ(project_seat(a.done, a.atreides).hand, a.done.seat(a.atreides).hand);
}

// The Atreides' look at a battle plan ([LR] 1.14.01) shows the Emperor's committed plan to the
// Atreides only: before the look the twin check (which resamples committed plan parts) holds for
// every observer, after it too, and the public view is the same whichever plan the Emperor
// committed; only the Atreides' sightings tell the two apart.
GameState battle_plans(Seat& atreides, Seat& emperor, bool crysknife) {
  Options o = Options::basic({Faction::Atreides, Faction::Emperor});
  o.rules.advanced_karama = true;
  GameState s = std::get<GameState>(new_game(o));
  atreides = *s.seat_of(Faction::Atreides);
  emperor = *s.seat_of(Faction::Emperor);
  s = until(s, Step::Shipment, emperor);
  s = play(s, emperor, Ship{CellId{5}, ForceCount{3}, ForceCount{0}, false});  // into Arrakeen
  s = until(s, Step::Battle, atreides);
  if (s.battle.stage == BattleStage::Prescience) s = play(s, atreides, Pass{});
  give(s, atreides, "Karama");
  give(s, emperor, crysknife ? "Crysknife" : "Shield");
  const TreacheryCardId card = s.seat(emperor).hand.front();
  PlanBattle plan;
  for (std::size_t l = 0; l < kLeaderCount && !plan.leader; ++l) {
    if (s.leaders[l].holder == emperor) plan.leader = leader_at(l);
  }
  (crysknife ? plan.weapon : plan.defense) = card;
  s = play(s, emperor, plan);
  return play(s, emperor, DialBattle{crysknife ? 2 : 4, Spice{0}});
}

TEST(KaramaPowerTest, TheAtreidesLookShowsThePlanToTheAtreidesOnly) {
  Seat atreides, emperor;
  const GameState a = battle_plans(atreides, emperor, true);
  const GameState b = battle_plans(atreides, emperor, false);
  ASSERT_EQ(a.battle.stage, BattleStage::Plans);
  expect_no_leak(a, 4);
  const GameState seen_a = play(a, atreides, KaramaSeePlan{});
  const GameState seen_b = play(b, atreides, KaramaSeePlan{});
  expect_no_leak(seen_a, 5);
  EXPECT_EQ(project_public(seen_a), project_public(seen_b));
  EXPECT_EQ(project_seat(seen_a, emperor).sightings, project_seat(a, emperor).sightings);  // it knows its plan; nothing new
  EXPECT_NE(project_seat(seen_a, atreides).sightings, project_seat(seen_b, atreides).sightings);
  EXPECT_EQ(project_seat(seen_a, atreides).sightings.size(), project_seat(a, atreides).sightings.size() + 4);
}

}  // namespace
}  // namespace dune::invariants

// The hidden optional reaction policy (README "Karama"): a Karama standing order is private, the
// engine plays it inside the step that uses the ability, and nothing before that shows who holds
// a Karama or who gave an order: two games that differ only in who holds the Karama (and who
// ordered it) give every other observer the same view and pending set up to the moment it is
// played, and the twin check holds on both. Also the Karama bid of [LR] 3.01.11.04.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/projection.h"
#include "invariants/noninterference.h"
#include "invariants/oracles.h"
#include "tests/invariants/play_support.h"
#include "model/cards.h"

namespace dune::invariants {
namespace {

using testing_support::play;
using testing_support::until;

TreacheryCardId& hand_card(GameState& s, Seat seat) { return s.seat(seat).hand.front(); }

// Every slot a Treachery card can be in that this test touches: hands, the unseen deck, the lots.
TreacheryCardId* find_card(GameState& s, TreacheryCardId c) {
  for (SeatState& seat : s.seats) {
    for (TreacheryCardId& x : seat.hand) if (x == c) return &x;
  }
  for (TreacheryCardId& x : s.treachery.deck.unseen) if (x == c) return &x;
  for (TreacheryCardId& x : s.bidding.lots) if (x == c) return &x;
  return nullptr;
}

// Puts card `c` into `seat`'s first hand slot, the card there taking c's old place (census kept).
void give(GameState& s, Seat seat, TreacheryCardId c) {
  TreacheryCardId* where = find_card(s, c);
  ASSERT_NE(where, nullptr);
  std::swap(*where, hand_card(s, seat));
}

TreacheryCardId first_named(std::string_view name) {
  for (std::uint8_t i = 0; i < kTreacheryCardCount; ++i) {
    if (card_type(TreacheryCardId{i}).name == name) return TreacheryCardId{i};
  }
  return TreacheryCardId{0};
}

struct Pair {
  GameState harkonnen_holds;  // Harkonnen hold the Karama and gave the order
  GameState emperor_holds;    // the Emperor holds it and gave the order; the Harkonnen his card
  Seat atreides, harkonnen, emperor, guild;
};

Pair karama_pair() {
  const Options o = Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild});
  GameState s = std::get<GameState>(new_game(o));
  Pair p{s, s, *s.seat_of(Faction::Atreides), *s.seat_of(Faction::Harkonnen), *s.seat_of(Faction::Emperor),
         *s.seat_of(Faction::SpacingGuild)};
  s = until(s, Step::Shipment, p.atreides);
  const TreacheryCardId karama = first_named("Karama");
  give(s, p.harkonnen, karama);
  // Only that Karama is in the two hands: another copy changes places with a deck card.
  for (const Seat seat : {p.harkonnen, p.emperor}) {
    for (TreacheryCardId& c : s.seat(seat).hand) {
      if (c == karama || card_type(c).name != "Karama") continue;
      for (TreacheryCardId& d : s.treachery.deck.unseen) {
        if (card_type(d).name != "Karama") {
          std::swap(c, d);
          break;
        }
      }
    }
  }
  const auto sort_hands = [](GameState& g) {
    for (SeatState& seat : g.seats) std::sort(seat.hand.begin(), seat.hand.end());  // hands are kept sorted
    std::sort(g.treachery.deck.unseen.begin(), g.treachery.deck.unseen.end());
  };
  sort_hands(s);
  GameState a = s;
  a.karama.armed[p.harkonnen.value] = KaramaAbility::GuildPaymentForShipment;
  GameState b = s;
  TreacheryCardId* in_harkonnen = &*std::find(b.seat(p.harkonnen).hand.begin(), b.seat(p.harkonnen).hand.end(), karama);
  std::swap(*in_harkonnen, hand_card(b, p.emperor));
  sort_hands(b);
  b.karama.armed[p.emperor.value] = KaramaAbility::GuildPaymentForShipment;
  p.harkonnen_holds = a;
  p.emperor_holds = b;
  return p;
}

TEST(KaramaReactionTest, WhoHoldsTheKaramaChangesNoOtherViewUntilItIsPlayed) {
  const Pair p = karama_pair();
  const GameState& a = p.harkonnen_holds;
  const GameState& b = p.emperor_holds;
  ASSERT_NE(a, b);
  EXPECT_EQ(project_public(a), project_public(b));
  EXPECT_EQ(pending(a), pending(b));
  EXPECT_EQ(project_seat(a, p.atreides), project_seat(b, p.atreides));
  EXPECT_EQ(project_seat(a, p.guild), project_seat(b, p.guild));
  for (std::uint8_t i = 0; i <= a.seat_count(); ++i) {
    const Observer o = i < a.seat_count() ? Observer{Seat{i}} : std::nullopt;
    for (const GameState* s : {&a, &b}) {
      const Violations v = check_noninterference(*s, o, 40 + i);
      EXPECT_TRUE(v.empty()) << v.front().invariant << ": " << v.front().message;
    }
  }
  // Atreides ship 2 into Carthag, paying the Guild: the Karama is played inside that step, and
  // the game goes on to the same seat in both, with no window in between.
  const Command ship = Ship{CellId{4}, ForceCount{2}, ForceCount{0}};
  const GameState a2 = play(a, p.atreides, ship);
  const GameState b2 = play(b, p.atreides, ship);
  EXPECT_EQ(pending(a2), pending(b2));
  GameState nobody = a;  // the same game where no order was given
  nobody.karama.armed = {};
  EXPECT_EQ(pending(a2), pending(play(nobody, p.atreides, ship)));
  ASSERT_EQ(a2.karama.cancels.size(), 1u);
  ASSERT_EQ(b2.karama.cancels.size(), 1u);
  EXPECT_EQ(a2.karama.cancels[0].by, p.harkonnen);  // played face up: now the table knows
  EXPECT_EQ(b2.karama.cancels[0].by, p.emperor);
  EXPECT_EQ(a2.seat(p.guild).spice, a.seat(p.guild).spice);
  EXPECT_EQ(b2.seat(p.guild).spice, b.seat(p.guild).spice);
}

TEST(KaramaReactionTest, AnOrderWithoutACardOrAgainstNoUseIsInvisible) {
  Pair p = karama_pair();
  GameState armed = p.harkonnen_holds;
  GameState none = armed;
  none.karama.armed = {};
  EXPECT_EQ(project_public(armed), project_public(none));
  EXPECT_EQ(project_seat(armed, p.atreides), project_seat(none, p.atreides));
  // Passing uses no ability: nothing is played, and the two games stay alike for the others.
  const GameState a2 = play(armed, p.atreides, Pass{});
  const GameState n2 = play(none, p.atreides, Pass{});
  EXPECT_TRUE(a2.karama.cancels.empty());
  EXPECT_EQ(project_public(a2), project_public(n2));
  EXPECT_EQ(pending(a2), pending(n2));
}

TEST(KaramaReactionTest, TheTwinVariesOtherSeatsOrdersOnly) {
  const Pair p = karama_pair();
  const GameState& a = p.harkonnen_holds;
  bool varied = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_EQ(make_twin(a, p.harkonnen, seed).karama.armed[p.harkonnen.value], KaramaAbility::GuildPaymentForShipment);
    varied = varied || make_twin(a, p.atreides, seed).karama.armed[p.harkonnen.value] != KaramaAbility::GuildPaymentForShipment;
  }
  EXPECT_TRUE(varied);
}

// [LR] 3.01.11.04: a Karama bid is made without revealing the card.
TEST(KaramaBidTest, OnlyTheBidderSeesThatItsBidIsAKaramaBid) {
  Pair p = karama_pair();
  GameState s = p.harkonnen_holds;
  s.bidding.high_bidder = p.harkonnen;
  s.bidding.high_bid = Spice{3};
  s.bidding.high_bid_karama = true;
  EXPECT_EQ(project_public(s).bidding.high_bid_karama, std::nullopt);
  EXPECT_EQ(project_seat(s, p.atreides).table.bidding.high_bid_karama, std::nullopt);
  EXPECT_EQ(project_seat(s, p.harkonnen).table.bidding.high_bid_karama, std::optional<bool>{true});
  bool spice_bid_twin = false;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    EXPECT_TRUE(make_twin(s, p.harkonnen, seed).bidding.high_bid_karama);
    spice_bid_twin = spice_bid_twin || !make_twin(s, p.atreides, seed).bidding.high_bid_karama;
  }
  EXPECT_TRUE(spice_bid_twin) << "the twin must vary a Karama bid that spice could have made";
  // A Karama bid above the bidder's spice could not be a spice bid: the twin keeps it.
  s.bidding.high_bid = s.seat(p.harkonnen).spice + Spice{1};
  for (std::uint64_t seed = 0; seed < 10; ++seed) EXPECT_TRUE(make_twin(s, p.atreides, seed).bidding.high_bid_karama);
}

// [LR] 2.02.22 ✷, 3.04: the Bene Gesserit Karama shipment paid with a worthless card is cancelled;
// the normal shipment they then retake is their first shipment of the turn, and every oracle
// (oracle.legal-command's one-shipment-a-turn rule among them) holds on both steps.
TEST(KaramaReactionTest, AWorthlessKaramaShipmentCancelledIsRetakenWithinTheOracles) {
  GameState s = std::get<GameState>(new_game(Options::advanced({Faction::Harkonnen, Faction::BeneGesserit, Faction::Atreides})));
  const Seat bg = *s.seat_of(Faction::BeneGesserit);
  const Seat atreides = *s.seat_of(Faction::Atreides);
  s = until(std::move(s), Step::Shipment, bg);
  give(s, atreides, TreacheryCardId{23});  // Karama
  give(s, bg, TreacheryCardId{28});        // Baliset
  s.karama.armed[atreides.value] = KaramaAbility::BeneGesseritWorthlessKarama;
  const GameContext context = GameContext::of(s);
  const auto checked = [&](const GameState& before, Command c) {
    const GameState after = play(before, bg, std::move(c));
    const Transition t{before, after.log.back(), after, 0};
    for (const Checker& k : oracle_checkers()) {
      for (const Violation& v : k.check(t, context)) ADD_FAILURE() << v.invariant << ": " << v.message;
    }
    return after;
  };
  s = checked(s, Ship{CellId{69}, ForceCount{2}, ForceCount{0}, true});  // The Great Flat, by Karama
  ASSERT_EQ(s.karama.cancels.size(), 1u);
  ASSERT_EQ(s.step, Step::Shipment);
  s = checked(s, Ship{CellId{69}, ForceCount{1}, ForceCount{0}, false});
  EXPECT_EQ(s.step, Step::Movement);
}

}  // namespace
}  // namespace dune::invariants

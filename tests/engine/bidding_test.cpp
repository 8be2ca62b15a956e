// Bidding (fact sheet §6.2 row 4, [LR] 1.04) as scenarios: a table after setup with every
// Treachery card back in the deck, hands and spice set by hand, lots staged.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/internal.h"
#include "model/cards.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;
using testing::seat_of;

constexpr std::uint8_t kCrysknife = 0, kLasgun = 8, kSnooper = 13, kKarama = 23, kBaliset = 28, kKulon = 30;

// Setup played to turn 1, then: turn 2, storm at sector 0, empty hands, no halt.
GameState table(const Options& options) {
  GameState s = testing::past_setup(options, 11);
  for (SeatState& seat : s.seats) {
    for (TreacheryCardId c : seat.hand) s.treachery.deck.add_unseen(c);
    seat.hand.clear();
  }
  s.halted.clear();
  s.chance.reset();
  s.turn = 2;
  s.storm.sector = Sector{0};
  return s;
}

void give(GameState& s, Seat seat, std::initializer_list<std::uint8_t> cards) {
  for (std::uint8_t c : cards) {
    ASSERT_TRUE(s.treachery.deck.take_unseen(TreacheryCardId{c})) << "card " << int{c} << " not in the deck";
    auto& hand = s.seat(seat).hand;
    hand.insert(std::upper_bound(hand.begin(), hand.end(), TreacheryCardId{c}), TreacheryCardId{c});
  }
}

// Fills a hand to its limit with distinct cards from the deck's unseen remainder.
void fill_hand(GameState& s, Seat seat) {
  while (static_cast<int>(s.seat(seat).hand.size()) < hand_limit(s, seat)) {
    const TreacheryCardId c = s.treachery.deck.unseen.back();
    give(s, seat, {c.value});
  }
}

GameState enter_bidding_with(GameState s, std::initializer_list<std::uint8_t> lots, StagedChance& chance) {
  for (std::uint8_t c : lots) chance.stage(ChanceKind::TreacheryLot, c);
  enter_phase(s, Phase::Bidding);
  return settle(s, chance);
}

std::vector<TreacheryCardId> ids(std::initializer_list<std::uint8_t> v) {
  std::vector<TreacheryCardId> out;
  for (std::uint8_t c : v) out.push_back(TreacheryCardId{c});
  return out;
}

// No Harkonnen here, so no bonus card blurs the hands (their bonus has its own tests).
const std::vector<Faction> kFour{Faction::Atreides, Faction::Emperor, Faction::Fremen, Faction::SpacingGuild};

TEST(BiddingTest, LotsDealtEqualEligibleBiddersAndFullHandsAreSkipped) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  fill_hand(s, order[0]);  // the first player cannot bid
  const std::size_t deck_before = s.treachery.deck.size();
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper}, chance);
  EXPECT_EQ(s.step, Step::Bidding);
  EXPECT_EQ(s.bidding.lots_total, 3);
  EXPECT_EQ(s.bidding.lots, ids({kCrysknife, kLasgun, kSnooper}));
  EXPECT_EQ(s.treachery.deck.size(), deck_before - 3);
  EXPECT_EQ(pending(s), std::vector<Seat>{order[1]});  // the first eligible seat opens
  expect_rejected(s, envelope(s, order[0], Bid{Spice{1}}), RejectCode::NotYourTurn);
}

TEST(BiddingTest, FullHandCannotBid) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  fill_hand(s, order[2]);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper}, chance);
  // The full hand is never asked ([LR] 1.04.03)...
  s = play(s, order[0], Bid{Spice{1}}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{order[1]});
  s = play(s, order[1], Pass{}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{order[3]});
  expect_rejected(s, envelope(s, order[2], Bid{Spice{2}}), RejectCode::NotYourTurn);
  // ...and the rule itself names the full hand, for a bid and for Karama.
  const auto bid = validate_bidding(s, order[2], Bid{Spice{2}});
  ASSERT_TRUE(bid.has_value());
  EXPECT_EQ(bid->code, RejectCode::HandFull);
  const auto take = validate_bidding(s, order[2], KaramaTakeCard{});
  ASSERT_TRUE(take.has_value());
  EXPECT_EQ(take->code, RejectCode::HandFull);
}

TEST(BiddingTest, OpeningBidAndRaiseRules) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{order[0]});
  expect_rejected(s, envelope(s, order[0], Bid{Spice{0}}), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, order[1], Bid{Spice{1}}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, order[0], ClaimCharity{}), RejectCode::WrongPhase);
  s = play(s, order[0], Bid{Spice{1}}, chance);
  expect_rejected(s, envelope(s, order[1], Bid{Spice{1}}), RejectCode::IllegalChoice);
  s = play(s, order[1], Bid{Spice{2}}, chance);
  EXPECT_EQ(s.bidding.high_bidder, order[1]);
  EXPECT_EQ(s.bidding.high_bid, Spice{2});
  // Every legal bid tops the standing one.
  for (const Command& c : legal_commands(s, order[2])) {
    if (const auto* b = std::get_if<Bid>(&c)) {
      EXPECT_GT(b->amount.value, 2);
    }
  }
}

TEST(BiddingTest, BidAboveOnesSpiceIsRejected) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  s.seat(order[0]).spice = Spice{3};
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  expect_rejected(s, envelope(s, order[0], Bid{Spice{4}}), RejectCode::InsufficientSpice);
  expect_rejected(s, envelope(s, order[0], Bid{Spice{4}, true}), RejectCode::IllegalChoice);  // no Karama
  s = play(s, order[0], Bid{Spice{3}}, chance);
  EXPECT_EQ(s.bidding.high_bid, Spice{3});
}

// Plays the current lot: `buyer` bids `amount` when first asked, everyone else passes.
GameState sell_lot(GameState s, Seat buyer, Spice amount, StagedChance& chance) {
  const std::uint8_t lot = s.bidding.lot;
  bool bid = false;
  while (s.step == Step::Bidding && s.bidding.lot == lot && !pending(s).empty()) {
    const Seat seat = pending(s).front();
    if (seat == buyer && !bid) {
      s = play(s, seat, Bid{amount}, chance);
      bid = true;
    } else {
      s = play(s, seat, Pass{}, chance);
    }
  }
  return s;
}

TEST(BiddingTest, PaymentGoesToTheEmperorUnlessTheEmperorBuys) {
  GameState s = table(Options::basic(kFour));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat emperor = seat_of(s, Faction::Emperor);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  const Spice bank = s.bank;
  s = sell_lot(s, atreides, Spice{3}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{7});
  EXPECT_EQ(s.seat(emperor).spice, Spice{13});
  EXPECT_EQ(s.bank, bank);
  EXPECT_EQ(s.seat(atreides).hand, ids({kCrysknife}));
  EXPECT_EQ(s.bidding.lot, 1);

  s = sell_lot(s, emperor, Spice{4}, chance);
  EXPECT_EQ(s.seat(emperor).spice, Spice{9});
  EXPECT_EQ(s.bank, bank + Spice{4});  // the Emperor's own purchase goes to the bank
  EXPECT_EQ(s.seat(emperor).hand, ids({kLasgun}));
}

TEST(BiddingTest, PaymentGoesToTheBankWithoutTheEmperor) {
  GameState s = table(Options::basic({Faction::Atreides, Faction::SpacingGuild}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
  const Spice bank = s.bank;
  s = sell_lot(s, atreides, Spice{2}, chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{8});
  EXPECT_EQ(s.bank, bank + Spice{2});
}

TEST(BiddingTest, NextLotOpensAfterThePreviousOpenerAndPassesAreNotFinal) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  s = play(s, order[0], Pass{}, chance);
  s = play(s, order[1], Bid{Spice{1}}, chance);
  s = play(s, order[2], Pass{}, chance);
  s = play(s, order[3], Pass{}, chance);
  ASSERT_EQ(pending(s), std::vector<Seat>{order[0]});  // it passed once, and may still bid
  s = play(s, order[0], Bid{Spice{2}}, chance);
  s = play(s, order[1], Pass{}, chance);
  s = play(s, order[2], Pass{}, chance);
  s = play(s, order[3], Pass{}, chance);
  EXPECT_EQ(s.seat(order[0]).hand, ids({kCrysknife}));
  EXPECT_EQ(pending(s), std::vector<Seat>{order[1]});  // lot 2 opens after lot 1's opener
}

TEST(BiddingTest, HarkonnenDrawAFreeCardPerPurchase) {
  GameState s = table(Options::basic({Faction::Atreides, Faction::Emperor, Faction::Harkonnen, Faction::SpacingGuild}));
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  chance.stage(ChanceKind::TreacheryDeal, kKulon);
  s = sell_lot(s, harkonnen, Spice{1}, chance);
  EXPECT_EQ(s.seat(harkonnen).hand, ids({kCrysknife, kKulon}));
  EXPECT_EQ(s.bidding.lots, ids({kLasgun, kSnooper, kBaliset}));
  EXPECT_EQ(s.step, Step::Bidding);
  EXPECT_FALSE(pending(s).empty());
}

TEST(BiddingTest, HarkonnenBonusOnTheLastLotAndNoneIntoAFullHand) {
  GameState s = table(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const Seat atreides = seat_of(s, Faction::Atreides);
  give(s, harkonnen, {kKarama, kLasgun, kSnooper, kBaliset, kKulon, kCrysknife});  // 6 of 8
  fill_hand(s, atreides);
  s.seat(atreides).tanks_normal = ForceCount{1};  // Revival then waits for Atreides
  StagedChance chance(1);
  s = enter_bidding_with(s, {1}, chance);
  ASSERT_EQ(s.bidding.lots_total, 1);
  chance.stage(ChanceKind::TreacheryDeal, 2);
  s = sell_lot(s, harkonnen, Spice{1}, chance);
  EXPECT_EQ(s.seat(harkonnen).hand.size(), 8U);  // the lot and the bonus: 8 of 8
  EXPECT_EQ(s.step, Step::Revival);

  // At 7 cards the purchase fills the hand: no bonus.
  GameState t = table(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  give(t, harkonnen, {kKarama, kLasgun, kSnooper, kBaliset, kKulon, kCrysknife, 1});
  fill_hand(t, atreides);
  t.seat(atreides).tanks_normal = ForceCount{1};
  t = enter_bidding_with(t, {2}, chance);
  const std::size_t deck = t.treachery.deck.size();
  t = sell_lot(t, harkonnen, Spice{1}, chance);
  EXPECT_EQ(t.seat(harkonnen).hand.size(), 8U);
  EXPECT_EQ(t.treachery.deck.size(), deck);
}

TEST(BiddingTest, KaramaBidAboveOnesSpiceIsPaidWithTheKarama) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  const Seat emperor = seat_of(s, Faction::Emperor);
  const Seat buyer = order[0] == emperor ? order[1] : order[0];
  give(s, buyer, {kKarama});
  s.seat(buyer).spice = Spice{2};
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  const Spice emperor_spice = s.seat(emperor).spice;
  while (pending(s).front() != buyer) s = play(s, pending(s).front(), Pass{}, chance);
  s = play(s, buyer, Bid{Spice{9}, true}, chance);
  while (s.bidding.lot == 0) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_EQ(s.seat(buyer).hand, ids({kCrysknife}));  // the Karama is spent
  EXPECT_EQ(s.seat(buyer).spice, Spice{2});
  EXPECT_EQ(s.seat(emperor).spice, emperor_spice);
  EXPECT_EQ(s.treachery.discard, ids({kKarama}));
}

TEST(BiddingTest, KaramaBidsAreListedUpToTheEngineLimit) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  give(s, order[0], {kKarama});
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  expect_rejected(s, envelope(s, order[0], Bid{Spice{101}, true}), RejectCode::IllegalChoice);
  const auto legal = legal_commands(s, order[0]);
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{Bid{Spice{100}, true}}), legal.end());
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{KaramaTakeCard{}}), legal.end());
  EXPECT_EQ(std::find(legal.begin(), legal.end(), Command{Bid{Spice{11}, false}}), legal.end());  // 10 spice
}

TEST(BiddingTest, KaramaTakesTheCardWithoutPaying) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  give(s, order[1], {kKarama});
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  expect_rejected(s, envelope(s, order[0], KaramaTakeCard{}), RejectCode::IllegalChoice);  // no Karama
  s = play(s, order[0], Bid{Spice{5}}, chance);
  const Spice spice = s.seat(order[1]).spice;
  s = play(s, order[1], KaramaTakeCard{}, chance);
  EXPECT_EQ(s.seat(order[1]).hand, ids({kCrysknife}));
  EXPECT_EQ(s.seat(order[1]).spice, spice);
  EXPECT_EQ(s.seat(order[0]).spice, Spice{faction_info(s.faction_of(order[0])).starting_spice});
  EXPECT_EQ(s.treachery.discard, ids({kKarama}));
  EXPECT_EQ(s.bidding.lots, ids({kLasgun, kSnooper, kBaliset}));
  EXPECT_EQ(pending(s), std::vector<Seat>{order[1]});  // opens after lot 1's opener, order[0]
}

TEST(BiddingTest, BoughtInReturnsTheRestOnTopOfTheDeck) {
  GameState s = table(Options::basic(kFour));
  const std::vector<Seat> order = storm_order(s);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  s = sell_lot(s, order[0], Spice{1}, chance);
  ASSERT_EQ(s.bidding.lot, 1);
  const std::size_t deck = s.treachery.deck.size();
  for (int k = 0; k < 4; ++k) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_NE(s.step, Step::Bidding);
  EXPECT_TRUE(s.bidding.lots.empty());
  EXPECT_EQ(s.treachery.deck.known_top, ids({kLasgun, kSnooper, kBaliset}));
  EXPECT_EQ(s.treachery.deck.size(), deck + 3);
  EXPECT_EQ(s.seat(order[0]).hand, ids({kCrysknife}));
}

TEST(BiddingTest, EmptyDeckIsRefilledFromTheDiscard) {
  GameState s = table(Options::basic({Faction::Atreides, Faction::Emperor}));
  // Only the Crysknife is left in the deck; the rest lies in the discard pile.
  for (TreacheryCardId c : s.treachery.deck.unseen) {
    if (c.value != kCrysknife) s.treachery.discard.push_back(c);
  }
  s.treachery.deck.unseen = ids({kCrysknife});
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
  EXPECT_EQ(s.bidding.lots, ids({kCrysknife, kLasgun}));
  EXPECT_TRUE(s.treachery.discard.empty());
}

void ally(GameState& s, Faction a, Faction b, int grant_of_b) {
  s.alliances.push_back(Alliance{a, b});
  s.seat(seat_of(s, a)).ally = b;
  s.seat(seat_of(s, b)).ally = a;
  s.seat(seat_of(s, b)).ally_spice_limit = Spice{grant_of_b};
}

bool listed(const GameState& s, Seat seat, const Command& c) {
  const auto legal = legal_commands(s, seat);
  return std::find(legal.begin(), legal.end(), c) != legal.end();
}

TEST(BiddingTest, AllyPaysForBidsAboveOnesOwnSpiceOwnSpiceFirst) {
  GameState s = table(Options::basic(kFour));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const Seat emperor = seat_of(s, Faction::Emperor);
  ally(s, Faction::Atreides, Faction::Fremen, 3);  // Atreides 10, the Fremen grant 3 of their 3
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  while (pending(s).front() != atreides) s = play(s, pending(s).front(), Pass{}, chance);
  expect_rejected(s, envelope(s, atreides, Bid{Spice{14}}), RejectCode::InsufficientSpice);
  EXPECT_TRUE(listed(s, atreides, Bid{Spice{13}}));
  EXPECT_FALSE(listed(s, atreides, Bid{Spice{14}}));
  s = play(s, atreides, Bid{Spice{12}}, chance);
  while (s.bidding.lot == 0) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_EQ(s.seat(atreides).hand, ids({kCrysknife}));
  EXPECT_EQ(s.seat(atreides).spice, Spice{0});  // its own 10 first
  EXPECT_EQ(s.seat(fremen).spice, Spice{1});    // the ally the other 2
  EXPECT_EQ(s.seat(fremen).ally_spice_limit, Spice{1});
  EXPECT_EQ(s.seat(emperor).spice, Spice{22});  // all 12 to the Emperor
}

// [LR] 1.12.03: no gift "that would contravene the rules": while Atreides hold a bid of 12 that
// their 10 and the Fremen's 3 pay, the Fremen may give one spice away, not two; the lot is then paid.
TEST(BiddingTest, TheBiddersAllyKeepsTheSpiceOfTheStandingBid) {
  GameState s = table(Options::basic(kFour));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat fremen = seat_of(s, Faction::Fremen);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  ally(s, Faction::Atreides, Faction::Fremen, 3);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  while (pending(s).front() != atreides) s = play(s, pending(s).front(), Pass{}, chance);
  s = play(s, atreides, Bid{Spice{12}}, chance);
  while (pending(s).front() != fremen) s = play(s, pending(s).front(), Pass{}, chance);
  s = play(s, fremen, GiveSpice{guild}, chance);
  EXPECT_EQ(s.seat(guild).in_front_of_shield, Spice{1});
  expect_rejected(s, envelope(s, fremen, GiveSpice{guild}), RejectCode::InsufficientSpice);
  EXPECT_FALSE(listed(s, fremen, GiveSpice{guild}));
  while (s.bidding.lot == 0) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_EQ(s.seat(atreides).hand, ids({kCrysknife}));
  EXPECT_EQ(s.seat(fremen).spice, Spice{0});
}

TEST(BiddingTest, GrantIsCappedByTheAllysSpiceAndAbsentWithoutAlliance) {
  GameState s = table(Options::basic(kFour));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  s.seat(guild).ally_spice_limit = Spice{5};  // no alliance: the grant means nothing
  StagedChance chance(1);
  GameState alone = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  while (pending(alone).front() != atreides) alone = play(alone, pending(alone).front(), Pass{}, chance);
  expect_rejected(alone, envelope(alone, atreides, Bid{Spice{11}}), RejectCode::InsufficientSpice);

  ally(s, Faction::Atreides, Faction::SpacingGuild, 5);
  s.seat(guild).spice = Spice{2};  // grants 5, holds 2
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  while (pending(s).front() != atreides) s = play(s, pending(s).front(), Pass{}, chance);
  expect_rejected(s, envelope(s, atreides, Bid{Spice{13}}), RejectCode::InsufficientSpice);
  EXPECT_TRUE(listed(s, atreides, Bid{Spice{12}}));
}

TEST(BiddingTest, EmperorFundingHisAllysCardKeepsHisShare) {
  GameState s = table(Options::basic(kFour));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat emperor = seat_of(s, Faction::Emperor);
  ally(s, Faction::Atreides, Faction::Emperor, 5);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  const Spice bank = s.bank;
  s = sell_lot(s, atreides, Spice{13}, chance);
  EXPECT_EQ(s.seat(atreides).hand, ids({kCrysknife}));
  EXPECT_EQ(s.seat(atreides).spice, Spice{0});
  EXPECT_EQ(s.seat(emperor).spice, Spice{20});  // Atreides' 10 in, his own 3 paid back to himself
  EXPECT_EQ(s.seat(emperor).ally_spice_limit, Spice{2});
  EXPECT_EQ(s.bank, bank);
}

TEST(BiddingTest, AllyFundingTheEmperorsCardPaysTheBank) {
  GameState s = table(Options::basic(kFour));
  const Seat emperor = seat_of(s, Faction::Emperor);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  ally(s, Faction::Emperor, Faction::SpacingGuild, 4);
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper, kBaliset}, chance);
  const Spice bank = s.bank;
  s = sell_lot(s, emperor, Spice{12}, chance);
  EXPECT_EQ(s.seat(emperor).spice, Spice{0});
  EXPECT_EQ(s.seat(guild).spice, Spice{3});
  EXPECT_EQ(s.seat(guild).ally_spice_limit, Spice{2});
  EXPECT_EQ(s.bank, bank + Spice{12});
}

std::vector<std::uint8_t> lots_seen_by(const GameState& s, Seat seat) {
  std::vector<std::uint8_t> out;
  for (const Sighting& x : s.knowledge.sightings) {
    if (x.seat == seat && x.kind == SeenKind::TreacheryCard && x.phase == Phase::Bidding) out.push_back(x.id);
  }
  return out;
}

TEST(BiddingTest, AtreidesSeeEachCardAsItComesUpForBid) {
  GameState s = table(Options::basic(kFour));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  fill_hand(s, atreides);  // a full hand still looks
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun, kSnooper}, chance);
  EXPECT_EQ(lots_seen_by(s, atreides), std::vector<std::uint8_t>{kCrysknife});  // not the whole row
  s = sell_lot(s, guild, Spice{1}, chance);
  EXPECT_EQ(lots_seen_by(s, atreides), (std::vector<std::uint8_t>{kCrysknife, kLasgun}));
  EXPECT_TRUE(lots_seen_by(s, guild).empty());
  // Bought in: the rest goes back unseen.
  while (s.step == Step::Bidding) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_EQ(lots_seen_by(s, atreides), (std::vector<std::uint8_t>{kCrysknife, kLasgun}));
}

TEST(BiddingTest, NoSightingsWithoutAtreides) {
  GameState s = table(Options::basic({Faction::Emperor, Faction::SpacingGuild}));
  StagedChance chance(1);
  const std::size_t before = s.knowledge.sightings.size();
  s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
  EXPECT_EQ(s.knowledge.sightings.size(), before);
}

// A table with the Bene Gesserit: a fresh game set to turn 2 (no setup played), empty hands.
GameState bene_gesserit_table(bool advanced_karama) {
  Options options = Options::basic({Faction::BeneGesserit, Faction::Emperor});
  options.rules.advanced_karama = advanced_karama;
  GameState s = std::get<GameState>(new_game(options));
  s.chance.reset();
  s.halted.clear();
  s.turn = 2;
  s.storm.sector = Sector{0};
  return s;
}

TEST(BiddingTest, AdvancedBeneGesseritBidWithAWorthlessCardAsKarama) {
  for (bool advanced : {false, true}) {
    GameState s = bene_gesserit_table(advanced);
    const Seat bg = seat_of(s, Faction::BeneGesserit);
    give(s, bg, {kBaliset, kKarama});
    StagedChance chance(1);
    s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
    while (pending(s).front() != bg) s = play(s, pending(s).front(), Pass{}, chance);
    s = play(s, bg, Bid{Spice{20}, true}, chance);
    while (s.bidding.lot == 0) s = play(s, pending(s).front(), Pass{}, chance);
    // Advanced: the worthless card is spent and the Karama kept; basic: the Karama is spent.
    EXPECT_EQ(s.treachery.discard, ids({advanced ? kBaliset : kKarama}));
    EXPECT_EQ(s.seat(bg).hand, advanced ? ids({kCrysknife, kKarama}) : ids({kCrysknife, kBaliset}));
  }
  GameState s = bene_gesserit_table(true);
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  give(s, bg, {kKulon});
  StagedChance chance(1);
  s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
  while (pending(s).front() != bg) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_TRUE(listed(s, bg, KaramaTakeCard{}));
  s = play(s, bg, KaramaTakeCard{}, chance);
  EXPECT_EQ(s.seat(bg).hand, ids({kCrysknife}));

  GameState basic = bene_gesserit_table(false);
  give(basic, bg, {kKulon});
  basic = enter_bidding_with(basic, {kCrysknife, kLasgun}, chance);
  while (pending(basic).front() != bg) basic = play(basic, pending(basic).front(), Pass{}, chance);
  expect_rejected(basic, envelope(basic, bg, KaramaTakeCard{}), RejectCode::IllegalChoice);
}

// [LR] 2.02.22 ✷, 3.01.11.01, 3.04: the Emperor's Karama cancels the worthless card the Bene
// Gesserit play as a Karama to take a card: nothing is taken, the card stays, and they retake the
// decision without the ability: a real Karama serves, a worthless one only after the retake.
TEST(BiddingTest, AKaramaCancelsAWorthlessCardTakenAsKaramaAndTheRetakeIsWithoutIt) {
  constexpr std::uint8_t kSecondKarama = kKarama + 1;
  for (bool real : {true, false}) {
    GameState s = bene_gesserit_table(true);
    const Seat bg = seat_of(s, Faction::BeneGesserit);
    const Seat emperor = seat_of(s, Faction::Emperor);
    give(s, bg, {kKulon, real ? kKarama : kBaliset});
    give(s, emperor, {kSecondKarama});
    s.karama.armed[emperor.value] = KaramaAbility::BeneGesseritWorthlessKarama;
    StagedChance chance(1);
    s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
    while (pending(s).front() != bg) s = play(s, pending(s).front(), Pass{}, chance);
    s = play(s, bg, KaramaTakeCard{}, chance);
    EXPECT_EQ(s.seat(bg).hand, real ? ids({kKarama, kKulon}) : ids({kBaliset, kKulon}));
    EXPECT_EQ(s.treachery.discard, ids({kSecondKarama}));
    EXPECT_EQ(s.bidding.lots, ids({kCrysknife, kLasgun}));
    EXPECT_EQ(pending(s), std::vector<Seat>{bg});
    EXPECT_EQ(s.karama.retakes_without_worthless, bg);
    ASSERT_EQ(s.karama.cancels.size(), 1u);
    EXPECT_EQ(s.karama.cancels[0].ability, KaramaAbility::BeneGesseritWorthlessKarama);
    if (real) {
      s = play(s, bg, KaramaTakeCard{}, chance);
      EXPECT_EQ(s.seat(bg).hand, ids({kCrysknife, kKulon}));
      EXPECT_EQ(s.treachery.discard, ids({kSecondKarama, kKarama}));
    } else {
      expect_rejected(s, envelope(s, bg, KaramaTakeCard{}), RejectCode::IllegalChoice);
      EXPECT_FALSE(listed(s, bg, Bid{Spice{20}, true}));
      s = play(s, bg, Bid{Spice{1}}, chance);  // the retake: Kulon and Baliset serve again after it
    }
    EXPECT_FALSE(s.karama.retakes_without_worthless);
  }
}

// [LR] 2.02.22 ✷: the Bene Gesserit's own standing order, about to be played with a worthless card,
// is cancelled by the Emperor's; the order is retaken at once with their real Karama (3.04), or,
// without one, stands and the Emperor is paid.
TEST(BiddingTest, ABeneGesseritOrderPlayedWithAWorthlessCardMayItselfBeCancelled) {
  constexpr std::uint8_t kSecondKarama = kKarama + 1;
  for (bool real : {true, false}) {
    GameState s = bene_gesserit_table(true);
    const Seat bg = seat_of(s, Faction::BeneGesserit);
    const Seat emperor = seat_of(s, Faction::Emperor);
    give(s, bg, {kKulon});
    if (real) give(s, bg, {kKarama});
    give(s, emperor, {kSecondKarama});
    s.karama.armed[bg.value] = KaramaAbility::EmperorPaymentForTreachery;
    s.karama.armed[emperor.value] = KaramaAbility::BeneGesseritWorthlessKarama;
    const Spice imperial = s.seat(emperor).spice;
    StagedChance chance(1);
    s = enter_bidding_with(s, {kCrysknife, kLasgun}, chance);
    while (pending(s).front() != bg) s = play(s, pending(s).front(), Pass{}, chance);
    s = play(s, bg, Bid{Spice{1}}, chance);
    while (s.bidding.lot == 0) s = play(s, pending(s).front(), Pass{}, chance);
    ASSERT_GE(s.karama.cancels.size(), 1u);
    EXPECT_EQ(s.karama.cancels[0].by, emperor);
    EXPECT_EQ(s.karama.cancels[0].ability, KaramaAbility::BeneGesseritWorthlessKarama);
    EXPECT_TRUE(std::count(s.seat(bg).hand.begin(), s.seat(bg).hand.end(), TreacheryCardId{kKulon}));
    EXPECT_FALSE(s.karama.retakes_without_worthless);
    if (real) {
      ASSERT_EQ(s.karama.cancels.size(), 2u);
      EXPECT_EQ(s.karama.cancels[1].ability, KaramaAbility::EmperorPaymentForTreachery);
      EXPECT_EQ(s.treachery.discard, ids({kSecondKarama, kKarama}));
      EXPECT_EQ(s.seat(emperor).spice, imperial);  // the card was paid to the bank
    } else {
      EXPECT_EQ(s.karama.cancels.size(), 1u);
      EXPECT_EQ(s.karama.armed[bg.value], KaramaAbility::EmperorPaymentForTreachery);  // the order stands
      EXPECT_EQ(s.seat(emperor).spice, imperial + Spice{1});
    }
  }
}

}  // namespace
}  // namespace dune

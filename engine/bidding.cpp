// Bidding (fact sheet §6.2 row 4, [LR] 1.04; Emperor / Harkonnen / Atreides §5.2; Karama §4.1).
// Hand sizes are public; the row of lots is dealt face down as chance steps, then auctioned one by
// one in storm order among the seats whose hand is below its limit. E1: with the Ixians seated, one
// lot more is dealt and they return one of the row to the deck first (Step::IxCardSelection:
// ReturnLot; row_dealt); the Ixians' ally answers on each lot it buys, before the lot is handed over
// (Step::AllyCardReplacement: ReplaceBoughtCard or Pass; deliver_lot). Advanced E1: before each lot
// comes up, the Ixians may swap a card of their hand for it, once a phase (Step::IxTechnology:
// SwapLot or Pass; lot_comes_up).
#include <algorithm>
#include <cassert>

#include "engine/engine.h"
#include "engine/mutants.h"
#include "engine/internal.h"
#include "engine/karama_hand.h"
#include "engine/nexus/family.h"
#include "engine/projection.h"
#include "engine/standing.h"
#include "model/cards.h"

namespace dune {
namespace {

// No rule bounds a Karama bid ([LR] 1.04, fact sheet §4.1 (c)); the engine caps it so that the
// legal commands stay a finite list. Engine limit, not a rule: a Karama bid may always top the
// standing bid by 1, and otherwise names at most this much.
constexpr Spice kKaramaBidLimit{100};

Spice minimum_bid(const GameState& state) {
  if (mutant_active(Mutant::BidNeedNotTop) && state.bidding.high_bidder) return state.bidding.high_bid;
  return state.bidding.high_bidder ? state.bidding.high_bid + Spice{1} : Spice{1};
}

Spice karama_bid_limit(const GameState& state) { return std::max(kKaramaBidLimit, minimum_bid(state)); }

bool eligible(const GameState& state, Seat s) {
  return mutant_active(Mutant::FullHandBids) || static_cast<int>(state.seat(s).hand.size()) < hand_limit(state, s);
}

int count_bidders(const GameState& state) {
  int n = 0;
  for (Seat s : all_seats(state)) n += eligible(state, s) ? 1 : 0;
  return n;
}

// A Karama, or an Advanced Bene Gesserit worthless card (karama.cpp, [LR] 1.14.06).
std::optional<TreacheryCardId> karama_in_hand(const GameState& state, Seat s) { return karama_card(state, s); }

// What a seat may bid in spice: its own plus what its ally lets it spend ([LR] 1.10.02.06).
Spice spendable(const GameState& state, Seat s) { return state.seat(s).spice + ally_spice_available(state, s); }

// Atreides look at each card as it comes up for bid ([LR] 2.01, fact sheet §5.2), full hand or not.
void show_lot_to_atreides(GameState& state) {
  const auto atreides = state.seat_of(Faction::Atreides);
  if (!atreides || state.bidding.lots.empty()) return;
  const BiddingState& b = state.bidding;
  record_sighting(state, *atreides, SeenKind::TreacheryCard, b.lots.front().value,
                  fmt::format("card up for bid #{}", b.lot + 1));
}

// The first eligible seat strictly after `after` in storm order (from the top when nullopt).
std::optional<Seat> next_eligible(const GameState& state, std::optional<Seat> after) {
  const std::vector<Seat> order = storm_order(state);
  std::size_t start = 0;
  if (after) start = static_cast<std::size_t>(std::find(order.begin(), order.end(), *after) - order.begin()) + 1;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const Seat s = order[(start + k) % order.size()];
    if (eligible(state, s)) return s;
  }
  return std::nullopt;
}

// The first lot opens with the first eligible seat in storm order; each next lot with the first
// eligible seat after the previous lot's opener ([LR] 1.04.06). Computed when the lot opens, so
// a Harkonnen bonus card drawn in between is already counted.
std::optional<Seat> current_bidder(const GameState& state) {
  const BiddingState& b = state.bidding;
  if (b.lots.empty() || b.lots.size() + b.lot < b.lots_total) return std::nullopt;  // still dealing
  if (b.to_act) return b.to_act;
  return next_eligible(state, b.previous_opener);
}

// When the Treachery deck runs out, the discard pile is shuffled to form a new deck.
void reshuffle_if_empty(GameState& state) {
  TreacheryState& t = state.treachery;
  if (!t.deck.empty()) return;
  transfer_all(t.discard, t.deck);
}

// E1 Ixians' bidding advantage (docs/rules/ixians.md §5, 2 sources: [TO] numberOfCardsToDraw++ and
// GreyRemovedCardFromAuction, [DB] populateMarket and putBackIxCard): whenever the Ixians are
// seated, one lot more than the seats that may bid is dealt, and the Ixians return one card of the
// row to the deck. Their own hand does not matter: the sources add the card for the Ixians being in
// play. A Karama stops it for the phase as the row is dealt (2 sources: no extra card, no
// selection; enter_bidding), and so does the Ixians Nexus card's Betrayal, played in the window that
// opens then (seed 000: "prevent ... the Bidding advantage"; engine/nexus/ixians.cpp): its receipt
// binds until the phase ends.
bool ixians_select(const GameState& state) {
  const auto ixians = state.seat_of(Faction::Ixians);
  if (!ixians || mutant_active(Mutant::IxSelectionNotOffered)) return false;
  if (nexus_effect_binds(state, Faction::Ixians, NexusMode::Betrayal, Phase::Bidding) && !mutant_active(Mutant::NexusIxSelectionBetrayedStands)) {
    return false;
  }
  return !karama_cancelled_this_turn(state, *ixians, KaramaAbility::IxiansBiddingSelection);
}

// E1 Ixians' Technology advantage (Advanced; docs/rules/ixians.md §5, 2 sources: [TO]
// GreySwappedCardOnBid, offered before each card; [DB] ixTechnology, once a turn, only with no card
// up): once a Bidding phase, as a lot is about to come up, the Ixians holding a card are asked
// whether to swap one for it. They are asked before every lot until they swap: their hand size is
// public, so being asked tells nothing. A Karama ordered against it (one source, [TO]
// GreySwappingCard prevents the advantage) is met as the phase opens (enter_bidding): no swap this phase.
bool technology_offered(const GameState& state) {
  const auto ixians = state.seat_of(Faction::Ixians);
  const BiddingState& b = state.bidding;
  if (!ixians || !state.options.rules.ixians_technology || b.technology_used || b.lots.empty() || state.seat(*ixians).hand.empty()) {
    return false;
  }
  return !karama_cancelled_this_turn(state, *ixians, KaramaAbility::IxiansTechnology) || mutant_active(Mutant::KaramaCancelIxTechnologyStands);
}

// A lot is about to come up for bid: the Ixians' Technology first, then the Atreides look at the
// lot that is up ([TO] swaps before PutNextCardOnAuction; [3P] "before Atreides looks at it").
void lot_comes_up(GameState& state) {
  if (state.bidding.lots.empty()) return;
  const bool looked = mutant_active(Mutant::IxTechnologyAfterAtreidesLook);
  if (looked) show_lot_to_atreides(state);
  if (technology_offered(state)) {
    state.step = Step::IxTechnology;
    return;
  }
  if (!looked) show_lot_to_atreides(state);
}

// The auction begins with its first lot, or the phase ends on an empty row.
void auction_begins(GameState& state) {
  if (state.bidding.lots.empty()) {
    end_phase(state);
    return;
  }
  lot_comes_up(state);
}

// The row is dealt (complete, or short when every card is in a hand). The Ixians see it whole and
// select first; they see it in card-id order, which tells them nothing of the row's order: the
// lots were drawn one by one at random, so the cards left are already in the order a shuffle would
// give ([TO] and [DB] shuffle them after the selection).
void row_dealt(GameState& state) {
  const BiddingState& b = state.bidding;
  const bool select = ixians_select(state) || (mutant_active(Mutant::KaramaCancelIxSelectionStands) && state.seat_of(Faction::Ixians));
  if (!select || b.lots.empty()) {
    auction_begins(state);
    return;
  }
  for (TreacheryCardId c : by_card_id(b.lots)) {
    record_sighting(state, *state.seat_of(Faction::Ixians), SeenKind::TreacheryCard, c.value, std::string(kRowSightingNote));
  }
  state.step = Step::IxCardSelection;
}

void deal_next_lot(GameState& state) {
  BiddingState& b = state.bidding;
  if (b.lots.size() >= b.lots_total) {  // the row is complete
    row_dealt(state);
    return;
  }
  reshuffle_if_empty(state);
  if (state.treachery.deck.empty()) {
    // Every card is in a hand: fewer lots than dealt for.
    b.lots_total = static_cast<std::uint8_t>(b.lots.size());
    row_dealt(state);
    return;
  }
  request_chance(state, PendingChance{ChanceKind::TreacheryLot, Seat{}, 0});
}

void reset_lot(BiddingState& b) {
  b.high_bidder.reset();
  b.high_bid = Spice{0};
  b.high_bid_karama = false;
  b.previous_opener = b.opener;
  b.opener.reset();
  b.to_act.reset();
  b.passed = {};
}

// Bought-in ([LR] 1.04): the lot up for bid and all remaining lots go back on top of the deck in
// their row order and bidding ends. Kept as the deck's known top, not mixed into the unseen
// remainder: the rule fixes them as the next cards drawn. Who knows which cards they are (only
// Atreides saw the current one) is the knowledge layer's business, not the deck's.
void buy_in(GameState& state) {
  BiddingState& b = state.bidding;
  const std::vector<TreacheryCardId> row(b.lots.begin(), b.lots.end());
  for (auto it = row.rbegin(); it != row.rend(); ++it) transfer_onto_top(b.lots, state.treachery.deck, *it);
  reset_lot(b);
  end_phase(state);
}

// The lot up for bid leaves the row (to `to`, a hand or the discard); the next lot is shown.
template <class Zone>
void lot_leaves(GameState& state, Zone& to) {
  BiddingState& b = state.bidding;
  transfer(b.lots, to, b.lots.front());
  b.lot += 1;
  reset_lot(b);
  lot_comes_up(state);
}

// After a purchase: Harkonnen draw a free card per purchase while below their hand limit
// ([LR] 2.05); then the next lot, or the end of the auction. That draw is the last step taken here,
// so the flow goes on by itself once the chance step resolves (on_treachery_dealt).
void after_purchase(GameState& state, Seat buyer) {
  BiddingState& b = state.bidding;
  bool bonus = state.faction_of(buyer) == Faction::Harkonnen && eligible(state, buyer);
  if (bonus) {
    reshuffle_if_empty(state);
    bonus = !state.treachery.deck.empty();
  }
  // [LR] 2.05.08 TOP CARD ✷: a Karama cancels this use; the purchase stands ([LR] 3.01.11.01).
  if (bonus && karama_cancels(state, buyer, KaramaAbility::HarkonnenTopCard)) bonus = false;
  if (bonus) request_chance(state, PendingChance{ChanceKind::TreacheryDeal, buyer, 0});
  if (b.lots.empty()) end_phase(state);
}

// The lot is bought by `buyer` (paid, or taken with Karama). A Nexus family may open its window on
// the bought lot first (seed 000, the Ixians Secret Ally), on the public fact that the buyer holds
// a Nexus card: the buyer then sees the card, and the lot waits in the row with the buyer as its
// high bidder until the window closes (hand_over_bought_lot, replace_bought_lot).
void deliver_lot(GameState& state, Seat buyer) {
  BiddingState& b = state.bidding;
  if (mutant_active(Mutant::SoldCardAlsoDiscarded)) state.treachery.discard.push_back(b.lots.front());
  if (b.high_bidder != buyer) {  // a lot taken with Karama: the buyer becomes its high bidder, for no price
    b.high_bidder = buyer;
    b.high_bid = Spice{0};
    b.high_bid_karama = false;
  }
  nexus_hook(state, NexusHook::LotBought);
  // E1: the Ixians' ally answers on the lot it just bought (Step::AllyCardReplacement): discard it
  // for the next Treachery deck card, or keep it (docs/rules/ixians.md §6, 2 sources; open question
  // Q10, [DB]'s reading: the ally's own right, no Ixian permission, no Karama against it). Whether a
  // seat is the Ixians' ally is public; an ally holds no Nexus card, so no Nexus window is open.
  const bool replaceable = !state.nexus.window && state.faction_of(buyer) != Faction::Ixians &&
                           ally_of(state, state.faction_of(buyer)) == Faction::Ixians && !mutant_active(Mutant::AllyReplacementNotOffered);
  if (state.nexus.window || replaceable) {
    record_sighting(state, buyer, SeenKind::TreacheryCard, b.lots.front().value, fmt::format("bought lot #{}", b.lot + 1));
    if (replaceable) state.step = Step::AllyCardReplacement;
    return;
  }
  hand_over_bought_lot(state);
}

void discard_karama(GameState& state, Seat s) {
  transfer(state.seat(s).hand, state.treachery.discard, *karama_in_hand(state, s));
}

// Who is paid for the card: the Emperor when he plays and is not the buyer, else the bank
// ([LR] 2.03.04). That is a use of a ✷ ability: a Karama armed against it sends this sale's
// payment to the bank ([LR] 3.01.11.01).
std::optional<Seat> card_payee(GameState& state, Seat buyer) {
  const auto emperor = state.seat_of(Faction::Emperor);
  if (!emperor || *emperor == buyer || mutant_active(Mutant::BidPaidToBank)) return std::nullopt;
  if (karama_cancels(state, *emperor, KaramaAbility::EmperorPaymentForTreachery)) return std::nullopt;
  return emperor;
}

// Pays `amount` from `from` to `payee` (nullopt: the bank). The Emperor paying part of his ally's
// card pays himself: nothing moves (November FAQ p.2: Emperor-funded auction help goes to the ally
// and is paid back to the Emperor).
void pay_for_card(GameState& state, std::optional<Seat> payee, Seat from, Spice amount) {
  if (payee) {
    if (from != *payee) pay_to_seat(state, from, *payee, amount);
  } else {
    pay_to_bank(state, from, amount);
  }
}

// The buyer's own spice pays first, its ally covers the rest ([LR] 1.10.02.06; our choice of
// order, as [TO] PayForCard). The ally's share is drawn from the AllySpice grant, which shrinks
// by that much ([TO] DecreasePermittedUseOfAllySpice). A share promised when the bid was made is
// paid even if the ally lowered its grant since: nothing else spends the ally's spice meanwhile.
// A winning Karama bid is paid with the Karama card instead of spice ([TO] WinWithKarma).
void sell(GameState& state, bool paid) {
  BiddingState& b = state.bidding;
  const Seat buyer = *b.high_bidder;
  if (!paid) {  // the Emperor Secret Ally: the buyer keeps the price (seed 003); the card is sold all the same
    deliver_lot(state, buyer);
    return;
  }
  if (b.high_bid_karama) {
    discard_karama(state, buyer);
    if (mutant_active(Mutant::KaramaBidCharged)) pay_for_card(state, card_payee(state, buyer), buyer, std::min(b.high_bid, state.seat(buyer).spice));
    deliver_lot(state, buyer);
    return;
  }
  const std::optional<Seat> payee = card_payee(state, buyer);  // one use of the Emperor's ability per sale
  const Spice own = std::min(b.high_bid, state.seat(buyer).spice);
  pay_for_card(state, payee, buyer, own);
  const Spice share = b.high_bid - own;
  if (share > Spice{0}) {
    const Seat ally = *state.seat_of(*ally_of(state, state.faction_of(buyer)));
    assert(state.seat(ally).spice >= share);
    pay_for_card(state, payee, ally, share);
    Spice& grant = state.seat(ally).ally_spice_limit;
    grant = grant > share ? grant - share : Spice{0};
  }
  deliver_lot(state, buyer);
}

}  // namespace

void complete_purchase(GameState& state, bool paid) {
  state.bidding.purchase_window = false;
  sell(state, paid);
}

void hand_over_bought_lot(GameState& state) {
  const Seat buyer = *state.bidding.high_bidder;
  lot_leaves(state, state.seat(buyer).hand);
  after_purchase(state, buyer);
}

void replace_bought_lot(GameState& state) {
  const Seat buyer = *state.bidding.high_bidder;
  if (mutant_active(Mutant::NexusIxianCardKept) || mutant_active(Mutant::AllyReplacementCardKept)) {
    lot_leaves(state, state.seat(buyer).hand);
  } else {
    lot_leaves(state, state.treachery.discard);
  }
  if (mutant_active(Mutant::NexusIxianNoReplacement)) {
    after_purchase(state, buyer);
    return;
  }
  reshuffle_if_empty(state);  // the discard holds the bought card at least
  request_chance(state, PendingChance{ChanceKind::TreacheryDeal, buyer, kLotReplacementDeal});
}

void lot_replaced(GameState& state, Seat buyer) { after_purchase(state, buyer); }

namespace {

// After `seat` acted: the next eligible seat in storm order is to act. A pass is not final: the
// lot is sold when the bidding comes back round to the high bidder ([TO] HandleNormalBid), and
// bought in when every eligible seat passed without a bid.
void advance(GameState& state, Seat seat) {
  BiddingState& b = state.bidding;
  const std::optional<Seat> next = next_eligible(state, seat);
  if (b.high_bidder && next == b.high_bidder) {
    // Won: a Nexus family may open its purchase window first (seed 003, the Emperor Secret Ally),
    // on the public fact that the buyer holds a Nexus card. A Karama bid opens it too: whether the
    // bid is one stays hidden until the sale ([LR] 3.01.11.04); the play then is not valid.
    nexus_hook(state, NexusHook::PurchaseWon);
    if (!b.purchase_window) sell(state, true);
    return;
  }
  if (!b.high_bidder) {
    bool all_passed = true;
    for (Seat s : all_seats(state)) all_passed = all_passed && (!eligible(state, s) || b.passed[s.value]);
    if (all_passed) {
      buy_in(state);
      return;
    }
  }
  b.to_act = next;
}

std::optional<Rejection> validate_bid(const GameState& state, Seat seat, const Bid& bid) {
  const BiddingState& b = state.bidding;
  if (!eligible(state, seat)) {
    return reject(RejectCode::HandFull, "a full hand ({} cards) cannot bid ([LR] 1.04.03)",
                  state.seat(seat).hand.size());
  }
  if (mutant_active(Mutant::RejectionNamesHiddenCard) && bid.amount < Spice{1} && !b.lots.empty()) return reject(RejectCode::IllegalChoice, "a bid is at least 1 spice, even for {}", card_type(b.lots.front()).name);
  if (bid.amount < Spice{1}) {
    return reject(RejectCode::IllegalChoice, "a bid is at least 1 spice, not {} ([LR] 1.04.06)", bid.amount.value);
  }
  if (b.high_bidder && bid.amount <= b.high_bid && !(mutant_active(Mutant::BidNeedNotTop) && bid.amount == b.high_bid)) {
    return reject(RejectCode::IllegalChoice, "a bid must top the standing bid of {}, not {} ([LR] 1.04.06)",
                  b.high_bid.value, bid.amount.value);
  }
  if (bid.karama) {
    if (!karama_in_hand(state, seat)) {
      return reject(RejectCode::IllegalChoice, "a Karama bid needs a Karama card in hand (fact sheet §4.1)");
    }
    if (bid.amount > karama_bid_limit(state)) {
      return reject(RejectCode::IllegalChoice, "a Karama bid names at most {} spice here (engine limit), not {}",
                    karama_bid_limit(state).value, bid.amount.value);
    }
    return std::nullopt;
  }
  if (bid.amount > spendable(state, seat)) {
    return reject(RejectCode::InsufficientSpice,
                  "a bid of {} is more than your {} spice plus the {} your ally lets you spend ([LR] 1.04.06, 1.10.02.06)",
                  bid.amount.value, state.seat(seat).spice.value, ally_spice_available(state, seat).value);
  }
  return std::nullopt;
}

std::optional<Rejection> validate_karama_take(const GameState& state, Seat seat) {
  if (!eligible(state, seat)) {
    return reject(RejectCode::HandFull, "Karama cannot take a card into a full hand ({} cards) (fact sheet §4.1)",
                  state.seat(seat).hand.size());
  }
  if (!karama_in_hand(state, seat)) {
    return reject(RejectCode::IllegalChoice, "taking the card without paying needs a Karama card in hand");
  }
  return std::nullopt;
}

}  // namespace

void enter_bidding(GameState& state) {
  state.step = Step::Bidding;
  state.bidding = BiddingState{};
  int bidders = count_bidders(state);
  // A Karama ordered against the Ixians' selection is played as the phase opens, before the row is
  // dealt ([TO] prevents the extra card; [DB] "must be done now"), and so is one against their
  // Technology ([TO] prevents the advantage for the phase): the hands are counted after them, so a
  // seat whose full hand a Karama left may bid, and is dealt a lot.
  if (const auto ixians = state.seat_of(Faction::Ixians); ixians && bidders > 0) {
    bool played = ixians_select(state) && karama_cancels(state, *ixians, KaramaAbility::IxiansBiddingSelection);
    if (state.options.rules.ixians_technology && karama_cancels(state, *ixians, KaramaAbility::IxiansTechnology)) played = true;
    if (played) bidders = count_bidders(state);
  }
  if (bidders == 0) {
    end_phase(state);
    return;
  }
  if (ixians_select(state)) {  // the Ixians Nexus card's Betrayal may prevent it (engine/nexus/ixians.cpp)
    nexus_hook(state, NexusHook::IxianSelectionDue);
    if (state.nexus.window) return;
  }
  deal_bidding_row(state);
}

void deal_bidding_row(GameState& state) {
  state.bidding.lots_total = static_cast<std::uint8_t>(count_bidders(state) + (ixians_select(state) ? 1 : 0));
  deal_next_lot(state);
}

void on_lot_drawn(GameState& state, TreacheryCardId card) {
  // The row is face down. Atreides sees each card when it comes up for bid ([LR] 2.01): the
  // knowledge layer records that for lots.front() (knowledge tracking comes later).
  transfer(state.treachery.deck, state.bidding.lots, card);
  deal_next_lot(state);
}

std::vector<Seat> awaited_bidding(const GameState& state) {
  if (state.step == Step::IxCardSelection || state.step == Step::IxTechnology) return {*state.seat_of(Faction::Ixians)};
  if (state.step == Step::AllyCardReplacement) return {*state.bidding.high_bidder};
  if (hand_exchange_under_way(state)) return {state.karama.exchange->harkonnen};  // [LR] 1.14.04, 1.00.05
  if (state.bidding.purchase_window) return awaited_nexus_window(state);
  const std::optional<Seat> s = current_bidder(state);
  return s ? std::vector<Seat>{*s} : std::vector<Seat>{};
}

std::vector<Command> candidates_bidding(const GameState& state, Seat seat) {
  if (state.step == Step::IxCardSelection) {  // in card-id order, as the Ixians saw the row
    std::vector<Command> out;
    for (TreacheryCardId c : by_card_id(state.bidding.lots)) {
      out.push_back(ReturnLot{c, true});
      out.push_back(ReturnLot{c, false});
    }
    return out;
  }
  if (state.step == Step::AllyCardReplacement) return {Pass{}, ReplaceBoughtCard{}};
  if (state.step == Step::IxTechnology) {  // their hand is kept in card-id order
    std::vector<Command> out{Pass{}};
    for (TreacheryCardId c : state.seat(seat).hand) out.push_back(SwapLot{c});
    return out;
  }
  if (hand_exchange_under_way(state)) return give_card_candidates(state, seat);
  if (state.bidding.purchase_window) {
    std::vector<Command> out{Pass{}};
    for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));
    return out;
  }
  const Spice minimum = minimum_bid(state);
  std::vector<Command> out{Pass{}};
  for (Spice a = minimum; a <= spendable(state, seat); a += Spice{1}) out.push_back(Bid{a, false});
  if (karama_in_hand(state, seat)) {
    for (Spice a = minimum; a <= karama_bid_limit(state); a += Spice{1}) out.push_back(Bid{a, true});
    out.push_back(KaramaTakeCard{});
  }
  return out;
}

std::optional<Rejection> validate_bidding(const GameState& state, Seat seat, const Command& c) {
  if (state.step == Step::IxCardSelection) {
    if (state.faction_of(seat) != Faction::Ixians) return reject(RejectCode::NotYourTurn, "the Ixians first return one card of the row to the Treachery deck");
    const auto* r = std::get_if<ReturnLot>(&c);
    if (!r) return reject(RejectCode::WrongPhase, "the Ixians return one card of the row to the top or the bottom of the Treachery deck (ReturnLot)");
    const auto& lots = state.bidding.lots;
    if (std::find(lots.begin(), lots.end(), r->card) == lots.end()) {
      return reject(RejectCode::IllegalChoice, "{} is not in the row dealt for the auction", card_type(r->card).name);
    }
    return std::nullopt;
  }
  if (state.step == Step::AllyCardReplacement) {
    if (seat != state.bidding.high_bidder) return reject(RejectCode::NotYourTurn, "the Ixians' ally that bought the card answers on it");
    if (std::holds_alternative<Pass>(c) || std::holds_alternative<ReplaceBoughtCard>(c)) return std::nullopt;
    return reject(RejectCode::WrongPhase, "the Ixians' ally discards the card it bought for the next one (ReplaceBoughtCard) or keeps it (Pass)");
  }
  if (state.step == Step::IxTechnology) {
    if (state.faction_of(seat) != Faction::Ixians) return reject(RejectCode::NotYourTurn, "the Ixians first say whether they swap a card for the lot about to come up");
    if (std::holds_alternative<Pass>(c)) return std::nullopt;
    const auto* swap = std::get_if<SwapLot>(&c);
    if (!swap) return reject(RejectCode::WrongPhase, "the Ixians swap a card of their hand for the lot about to come up (SwapLot) or pass");
    const auto& hand = state.seat(seat).hand;
    if (std::find(hand.begin(), hand.end(), swap->card) == hand.end()) {
      return reject(RejectCode::IllegalChoice, "{} is not in the Ixians' hand", card_type(swap->card).name);
    }
    return std::nullopt;
  }
  if (const auto* g = std::get_if<KaramaGiveCard>(&c)) return validate_give_card(state, seat, *g);
  if (hand_exchange_under_way(state)) {
    return reject(RejectCode::IllegalChoice, "the Harkonnen first give {} more card(s) back ([LR] 1.14.04)", state.karama.exchange->owed);
  }
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
  if (state.bidding.purchase_window) {
    return reject(RejectCode::WrongPhase, "the lot is won: its buyer plays a Nexus card on the purchase or passes (seed 003)");
  }
  if (const auto* bid = std::get_if<Bid>(&c)) return validate_bid(state, seat, *bid);
  if (std::holds_alternative<KaramaTakeCard>(c)) return validate_karama_take(state, seat);
  return reject(RejectCode::WrongPhase, "Bidding: bid, pass, or use Karama to take the card");
}

namespace {

// One decision on the lot up for bid ([LR] 1.04).
void apply_bid_decision(GameState& state, Seat seat, const Command& c) {
  BiddingState& b = state.bidding;
  if (std::holds_alternative<KaramaTakeCard>(c)) {
    // [LR] 2.02.22 ✷, 3.01.11.01: a worthless card played as the Karama may be cancelled: nothing
    // is taken and the Bene Gesserit retake their decision on this lot without the ability (3.04).
    if (worthless_karama_cancelled(state, seat)) return;
    if (!b.opener) b.opener = seat;
    discard_karama(state, seat);  // fact sheet §4.1 (c): buy a card without paying
    deliver_lot(state, seat);
    return;
  }
  if (!b.opener) b.opener = seat;
  if (const auto* bid = std::get_if<Bid>(&c)) {
    b.high_bidder = seat;
    b.high_bid = bid->amount;
    b.high_bid_karama = bid->karama;
    b.passed = {};
  } else {
    b.passed[seat.value] = true;
  }
  advance(state, seat);
}

// The Ixians' card leaves the row face down for the top or the bottom of the Treachery deck; the
// rest are auctioned.
void apply_return_lot(GameState& state, Seat seat, const ReturnLot& r) {
  BiddingState& b = state.bidding;
  const bool top = r.top || mutant_active(Mutant::IxBottomCardOnTop);
  if (!mutant_active(Mutant::IxReturnedCardKeptInRow)) {
    if (top) {
      transfer_onto_top(b.lots, state.treachery.deck, r.card);
    } else {
      transfer_onto_bottom(b.lots, state.treachery.deck, r.card);
    }
  }
  record_sighting(state, seat, SeenKind::TreacheryCard, r.card.value,
                  fmt::format("returned to the {} of the Treachery deck", r.top ? "top" : "bottom"));
  b.lots_total = static_cast<std::uint8_t>(b.lots.size());
  state.step = Step::Bidding;
  auction_begins(state);
}

// The Ixians' Technology: they take the lot about to come up into their hand and give `card` face
// down in its place, where it is auctioned; or they pass. Either way the lot then comes up, and
// the Atreides look at the card now up. That a swap was made is public ([TO] logs it), which card
// left the hand is not: it is the Ixians' sighting alone (kTechnologyNote).
//
// On the auction's last lot the Ixians Nexus card's Betrayal may prevent the swap (seed 000:
// "prevent ... the Technology advantage"; engine/nexus/ixians.cpp): the named card is held in
// technology_offer while the window is open, and finish_technology makes the swap once it closes.
// Before the last lot no window opens (the seed leaves the Betrayal's scope over the lots after a
// prevented swap open: the family's not_offered text).
void apply_technology(GameState& state, const Command& c) {
  BiddingState& b = state.bidding;
  state.step = Step::Bidding;
  if (const auto* swap = std::get_if<SwapLot>(&c)) {
    b.technology_used = !mutant_active(Mutant::IxTechnologyTwice);
    b.technology_offer = swap->card;
    if (b.lots.size() == 1 && !mutant_active(Mutant::NexusIxTechnologyWindowSkipped)) {
      nexus_hook(state, NexusHook::TechnologyOffered);
      if (state.nexus.window) return;
    }
  }
  finish_technology(state, /*prevented=*/false);
}

}  // namespace

void finish_technology(GameState& state, bool prevented) {
  BiddingState& b = state.bidding;
  if (b.technology_offer && (!prevented || mutant_active(Mutant::NexusIxTechnologyBetrayedStands))) {
    const Seat seat = *state.seat_of(Faction::Ixians);
    const TreacheryCardId given = *b.technology_offer;
    const TreacheryCardId taken = b.lots.front();
    transfer(b.lots, state.seat(seat).hand, taken);
    transfer(state.seat(seat).hand, b.lots, given);
    std::rotate(b.lots.begin(), b.lots.end() - 1, b.lots.end());  // the given card is the one up
    record_sighting(state, seat, SeenKind::TreacheryCard, taken.value, fmt::format("taken for lot #{} (Technology)", b.lot + 1));
    record_sighting(state, seat, SeenKind::TreacheryCard, given.value, std::string(kTechnologyNote));
  }
  b.technology_offer.reset();
  if (!mutant_active(Mutant::IxTechnologyAfterAtreidesLook)) show_lot_to_atreides(state);
}

void apply_bidding(GameState& state, Seat seat, const Command& c) {
  if (state.step == Step::IxCardSelection) {
    apply_return_lot(state, seat, std::get<ReturnLot>(c));
    return;
  }
  if (state.step == Step::IxTechnology) {
    apply_technology(state, c);
    return;
  }
  if (state.step == Step::AllyCardReplacement) {  // the card goes to the discard, the next one is dealt; or kept
    state.step = Step::Bidding;
    if (std::holds_alternative<ReplaceBoughtCard>(c)) {
      replace_bought_lot(state);
    } else {
      hand_over_bought_lot(state);
    }
    return;
  }
  if (const auto* g = std::get_if<KaramaGiveCard>(&c)) {
    apply_give_card(state, seat, *g);
    return;
  }
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);
    return;
  }
  if (state.bidding.purchase_window) {
    apply_nexus_window_pass(state, seat);
    return;
  }
  // A seat retaking its decision without worthless Karamas ends the retake with it.
  const bool retake = state.karama.retakes_without_worthless == seat;
  apply_bid_decision(state, seat, c);
  if (retake) state.karama.retakes_without_worthless.reset();
}

}  // namespace dune

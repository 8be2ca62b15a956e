// The Harkonnen's Advanced Karama power ([LR] 1.14.04), once a game: "During the Bidding Phase you
// may use a Karama Card to take the entire hand of another player and add their cards to your
// hand. For each card you added to your hand, you must then give that player one card in return."
// KaramaTakeHand is a play at the action boundary (flow.cpp), accepted only during Bidding, by the
// Harkonnen when they are awaited (to bid). The exchange is public (a Karama face up, the target,
// the count owed); the Harkonnen then give the cards back one at a time (KaramaGiveCard), and
// nothing else goes on until they are done ([LR] 1.00.05). Secrecy: the Harkonnen see the target's
// cards (they are in their hand); the target sees the cards it receives and knows where its own
// went; the others see counts only.
#include "engine/karama_hand.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/internal.h"
#include "engine/mutants.h"
#include "model/cards.h"

namespace dune {

bool hand_exchange_under_way(const GameState& state) { return state.karama.exchange.has_value(); }

std::vector<Command> take_hand_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.step != Step::Bidding || state.faction_of(seat) != Faction::Harkonnen || !karama_card(state, seat)) return out;
  for (Seat target : all_seats(state)) {
    if (target != seat) out.push_back(KaramaTakeHand{target});
  }
  return out;
}

// Checked in an order that uses only what the Harkonnen may know: the rules, the power's use and
// their own hand, the phase, then public facts about the target (its hand's size, the standing bid).
std::optional<Rejection> validate_take_hand(const GameState& state, Seat seat, const KaramaTakeHand& c) {
  if (auto bad = validate_karama_power(state, seat, Faction::Harkonnen, "take a hand by their Karama power ([LR] 1.14.04)")) return bad;
  if (state.step != Step::Bidding) {
    return reject(RejectCode::WrongPhase, "the Harkonnen take a hand during the Bidding Phase ([LR] 1.14.04)");
  }
  // Our choice, as for the standing bid below: not while a Nexus window is open (a purchase's: the
  // lot is not settled, and the window's last answer may end the Bidding with cards still owed).
  if (state.nexus.window || state.bidding.purchase_window) {
    return reject(RejectCode::WrongPhase, "the Harkonnen take a hand once the open Nexus window is answered (our choice)");
  }
  if (c.target.value >= state.seat_count() || c.target == seat) {
    return reject(RejectCode::IllegalChoice, "the Harkonnen take the hand of another player at the table ([LR] 1.14.04)");
  }
  if (state.seat(c.target).hand.empty()) {
    return reject(RejectCode::IllegalChoice, "{} holds no Treachery card", to_string(state.faction_of(c.target)));
  }
  // Our choice: a standing bid may be a Karama bid, paid with a card of that hand ([LR] 3.01.11.04),
  // so the high bidder's hand is not taken until its lot is settled (who bids is public).
  if (state.bidding.high_bidder == c.target) {
    return reject(RejectCode::IllegalChoice, "{} holds the standing bid: its hand is taken once the lot is settled (our choice)",
                  to_string(state.faction_of(c.target)));
  }
  return std::nullopt;
}

void apply_take_hand(GameState& state, Seat seat, const KaramaTakeHand& c) {
  use_karama_power(state, seat, KaramaPower::HarkonnenHand, c.target);
  const std::vector<TreacheryCardId> taken(state.seat(c.target).hand.begin(), state.seat(c.target).hand.end());
  const std::string harkonnen(to_string(state.faction_of(seat)));
  for (TreacheryCardId card : taken) {
    transfer(state.seat(c.target).hand, state.seat(seat).hand, card);
    record_sighting(state, c.target, SeenKind::TreacheryCard, card.value, fmt::format("taken by {} (Karama)", harkonnen));
  }
  std::size_t owed = taken.size();
  if (mutant_active(Mutant::KaramaHandShortChange)) owed -= 1;
  state.karama.exchange = HandExchange{seat, c.target, static_cast<std::uint8_t>(owed)};
  if (owed == 0) state.karama.exchange.reset();
}

std::vector<Command> give_card_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const auto& x = state.karama.exchange;
  if (!x || x->harkonnen != seat) return out;
  for (TreacheryCardId card : state.seat(seat).hand) {
    if (out.empty() || std::get<KaramaGiveCard>(out.back()).card != card) out.push_back(KaramaGiveCard{card});
  }
  return out;
}

std::optional<Rejection> validate_give_card(const GameState& state, Seat seat, const KaramaGiveCard& c) {
  const auto& x = state.karama.exchange;
  if (!x || x->harkonnen != seat) return reject(RejectCode::IllegalChoice, "no hand exchange of yours is under way ([LR] 1.14.04)");
  const auto& hand = state.seat(seat).hand;
  if (std::find(hand.begin(), hand.end(), c.card) == hand.end()) {
    return reject(RejectCode::IllegalChoice, "you do not hold that card");
  }
  return std::nullopt;
}

void apply_give_card(GameState& state, Seat seat, const KaramaGiveCard& c) {
  HandExchange& x = *state.karama.exchange;
  transfer(state.seat(seat).hand, state.seat(x.target).hand, c.card);
  record_sighting(state, seat, SeenKind::TreacheryCard, c.card.value,
                  fmt::format("given to {} (Karama)", to_string(state.faction_of(x.target))));
  x.owed -= 1;
  if (x.owed == 0) state.karama.exchange.reset();  // the Harkonnen are to bid again
}

}  // namespace dune

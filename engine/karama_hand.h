// The Harkonnen's Advanced Karama power ([LR] 1.14.04): take another player's hand during Bidding,
// then give as many cards back (karama_hand.cpp). The take is a play at the action boundary
// (any_time.cpp); the give-back is the Harkonnen's Bidding decision while the exchange is under way.
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

bool hand_exchange_under_way(const GameState& state);
std::vector<Command> take_hand_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_take_hand(const GameState& state, Seat seat, const KaramaTakeHand& c);
void apply_take_hand(GameState& state, Seat seat, const KaramaTakeHand& c);
std::vector<Command> give_card_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_give_card(const GameState& state, Seat seat, const KaramaGiveCard& c);
void apply_give_card(GameState& state, Seat seat, const KaramaGiveCard& c);

}  // namespace dune

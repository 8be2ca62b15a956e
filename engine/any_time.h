// Plays with no printed phase, made "at any time" (CommandClass::AnyTime): the flow accepts them
// only at its action boundary (engine/flow.cpp) and then asks these. Today: Truthtrance and
// Tleilaxu Ghola (cards.cpp), the Harkonnen's Karama power during Bidding (karama_hand.cpp),
// spice given to another seat (spice_gifts.cpp), and a Nexus panel its family declares played at
// any time (the Harkonnen Cunning; engine/nexus/plays.cpp).
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

std::vector<Command> any_time_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_any_time(const GameState& state, Seat seat, const Command& c);
void apply_any_time(GameState& state, Seat seat, const Command& c);

// spice_gifts.cpp: one spice given; the Emperor's to his ally goes behind the ally's shield.
bool is_emperor_gift(const GameState& state, Seat giver, Seat to);
std::vector<Command> gift_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_gift(const GameState& state, Seat seat, const GiveSpice& c);
void apply_gift(GameState& state, Seat seat, const GiveSpice& c);

}  // namespace dune

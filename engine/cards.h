// Treachery cards playable outside battle whenever the game awaits the seat (cards.cpp).
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

std::vector<Command> card_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_card(const GameState& state, Seat seat, const Command& c);
void apply_card(GameState& state, Seat seat, const Command& c);
bool truthful_answer(const GameState& state, Seat asker, Seat target, TruthtranceQuestion q);

}  // namespace dune

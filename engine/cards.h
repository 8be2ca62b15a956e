// Treachery cards played at any time, outside battle (cards.cpp), at the action boundary of flow.cpp.
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

std::vector<Command> card_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_card(const GameState& state, Seat seat, const Command& c);
void apply_card(GameState& state, Seat seat, const Command& c);
bool truthful_answer(const GameState& state, Seat asker, const PlayTruthtrance& question);

}  // namespace dune

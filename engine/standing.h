// Standing choices (standing.cpp): public side commands any seat may make at any live moment.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/state.h"

namespace dune {

std::vector<Command> standing_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_standing(const GameState& state, Seat seat, const Command& c);
void apply_standing(GameState& state, Seat seat, const Command& c);

// What the ally of `spender` lets it spend now (its AllySpice limit, capped by its spice); 0
// without an ally. Bidding, shipment and Emperor-paid revivals draw on it.
Spice ally_spice_available(const GameState& state, Seat spender);

}  // namespace dune

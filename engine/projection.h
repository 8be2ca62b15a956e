// Projections (DESIGN.md, "Projections and knowledge"): what the table sees, and what one seat
// sees, as their own types (model/views.h) and as JSON. The public view is a function of public
// facts only; a seat view adds exactly that seat's secrets and what it legitimately saw.
#pragma once

#include <nlohmann/json.hpp>

#include "model/state.h"
#include "model/views.h"

namespace dune {

PublicView project_public(const GameState& state);
// Precondition: seat.value < state.seat_count().
SeatView project_seat(const GameState& state, Seat seat);

nlohmann::json view_to_json(const PublicView& view);
nlohmann::json view_to_json(const SeatView& view);

}  // namespace dune

// Projections (DESIGN.md, "Projections and knowledge"): what the table sees, and what one seat
// sees, as their own types (model/views.h) and as JSON. The public view is a function of public
// facts only; a seat view adds exactly that seat's secrets and what it legitimately saw.
#pragma once

#include <nlohmann/json.hpp>

#include <string_view>

#include "model/state.h"
#include "model/views.h"

namespace dune {

PublicView project_public(const GameState& state);
// Precondition: seat.value < state.seat_count().
SeatView project_seat(const GameState& state, Seat seat);

nlohmann::json view_to_json(const PublicView& view);
nlohmann::json view_to_json(const SeatView& view);

// The note of a sighting that tells a card of the Bidding row but not its place in the row (E1: the
// Ixians see the whole row to select from it): no seat view shows such a card as the one up for
// bid, and noninterference's twins move it among the row's places.
inline constexpr std::string_view kRowSightingNote = "auction selection";

// The note of the Ixians' sightings of the starting-card draft (E1): the cards, not which seat each
// goes to.
inline constexpr std::string_view kDraftSightingNote = "starting-card draft";

// The note of the Ixians' sighting of the card they give for a lot with their Technology (E1): the
// card is up for bid, known to the Ixians; a sighting of it from before does not tell the lot.
inline constexpr std::string_view kTechnologyNote = "given for the lot up for bid (Technology)";

}  // namespace dune

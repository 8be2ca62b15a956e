// Shipment and Movement: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_shipment_movement(GameState& state) { halt(state, "the Shipment and Movement phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_shipment_movement(const GameState&) { return {}; }
std::vector<Command> candidates_shipment_movement(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_shipment_movement(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Shipment and Movement phase is not implemented yet");
}
void apply_shipment_movement(GameState&, Seat, const Command&) {}

}  // namespace dune

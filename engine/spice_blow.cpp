// Spice Blow and Nexus: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_spice_blow(GameState& state) { halt(state, "the Spice Blow and Nexus phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_spice_blow(const GameState&) { return {}; }
std::vector<Command> candidates_spice_blow(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_spice_blow(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Spice Blow and Nexus phase is not implemented yet");
}
void apply_spice_blow(GameState&, Seat, const Command&) {}
void on_spice_drawn(GameState&, std::uint8_t, SpiceCardId) {}

}  // namespace dune

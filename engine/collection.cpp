// Spice Collection: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_collection(GameState& state) { halt(state, "the Spice Collection phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_collection(const GameState&) { return {}; }
std::vector<Command> candidates_collection(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_collection(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Spice Collection phase is not implemented yet");
}
void apply_collection(GameState&, Seat, const Command&) {}

}  // namespace dune

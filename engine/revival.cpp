// Revival: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_revival(GameState& state) { halt(state, "the Revival phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_revival(const GameState&) { return {}; }
std::vector<Command> candidates_revival(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_revival(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Revival phase is not implemented yet");
}
void apply_revival(GameState&, Seat, const Command&) {}

}  // namespace dune

// Mentat Pause: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_mentat(GameState& state) { halt(state, "the Mentat Pause phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_mentat(const GameState&) { return {}; }
std::vector<Command> candidates_mentat(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_mentat(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Mentat Pause phase is not implemented yet");
}
void apply_mentat(GameState&, Seat, const Command&) {}

}  // namespace dune

// CHOAM Charity: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_charity(GameState& state) { halt(state, "the CHOAM Charity phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_charity(const GameState&) { return {}; }
std::vector<Command> candidates_charity(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_charity(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the CHOAM Charity phase is not implemented yet");
}
void apply_charity(GameState&, Seat, const Command&) {}

}  // namespace dune

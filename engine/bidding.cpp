// Bidding: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_bidding(GameState& state) { halt(state, "the Bidding phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_bidding(const GameState&) { return {}; }
std::vector<Command> candidates_bidding(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_bidding(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Bidding phase is not implemented yet");
}
void apply_bidding(GameState&, Seat, const Command&) {}
void on_lot_drawn(GameState&, TreacheryCardId) {}

}  // namespace dune

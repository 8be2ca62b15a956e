// Storm: not implemented yet. Entering the phase halts the game with a visible reason
// (rules-status table); no command is offered, so no placeholder is ever legal.
#include "engine/internal.h"

namespace dune {

void enter_storm(GameState& state) { halt(state, "the Storm phase is not implemented yet (Engine I)"); }
std::vector<Seat> awaited_storm(const GameState&) { return {}; }
std::vector<Command> candidates_storm(const GameState&, Seat) { return {}; }
std::optional<Rejection> validate_storm(const GameState&, Seat, const Command&) {
  return reject(RejectCode::NotImplemented, "the Storm phase is not implemented yet");
}
void apply_storm(GameState&, Seat, const Command&) {}
void on_storm_card(GameState&, std::uint8_t) {}

}  // namespace dune

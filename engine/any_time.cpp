// The plays made at any time, by kind (engine/any_time.h).
#include "engine/any_time.h"

#include "engine/cards.h"

namespace dune {

std::vector<Command> any_time_candidates(const GameState& state, Seat seat) { return card_candidates(state, seat); }

std::optional<Rejection> validate_any_time(const GameState& state, Seat seat, const Command& c) {
  return validate_card(state, seat, c);
}

void apply_any_time(GameState& state, Seat seat, const Command& c) { apply_card(state, seat, c); }

}  // namespace dune

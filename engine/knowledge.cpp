#include "engine/internal.h"

namespace dune {

void record_sighting(GameState& state, Seat seat, SeenKind kind, std::uint8_t id, std::string what) {
  state.knowledge.sightings.push_back(Sighting{seat, state.turn, state.phase, kind, id, std::move(what)});
}

}  // namespace dune

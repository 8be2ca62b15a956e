// The E3 Nexus card module: the common lifecycle (seed 000, "Executable lifecycle composition").
// Placeholder while issue 6 is under way: the module cannot be selected yet (setup rejects it).
#include "engine/internal.h"

namespace dune {

void on_nexus_drawn(GameState& state, Seat seat, NexusCardId card) {
  state.nexus.held[seat.value] = card;
}

}  // namespace dune

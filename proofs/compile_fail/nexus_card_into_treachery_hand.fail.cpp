// A Nexus card can never enter a Treachery hand (seed 000, item 1): the one transfer between the
// real GameState zones (model/zones.h) does not compile for it.
// expect: this component kind may not occupy the destination zone
#include "model/state.h"

int main() {
  using namespace dune;
  GameState s;
  s.seats.resize(1);
  [[maybe_unused]] bool legal = transfer(s.nexus.deck, s.nexus.held[0], NexusCardId{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] bool illegal = transfer(s.nexus.deck, s.seat(Seat{0}).hand, NexusCardId{});
#endif
}

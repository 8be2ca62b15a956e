// A Treachery card is never discarded onto the Nexus discard (seed 000, item 1: no ordinary discard
// hook): the transfer between the real GameState zones does not compile.
// expect: this component kind may not occupy the destination zone
#include "model/state.h"

int main() {
  using namespace dune;
  GameState s;
  s.seats.resize(1);
  [[maybe_unused]] bool legal = transfer(s.seat(Seat{0}).hand, s.treachery.discard, TreacheryCardId{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] bool illegal = transfer(s.seat(Seat{0}).hand, s.nexus.discard, TreacheryCardId{});
#endif
}

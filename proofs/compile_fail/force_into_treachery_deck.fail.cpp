// Forces live in reserves, on the board or in the Tanks (counted, model/state.h), never in a card
// zone: no zone of GameState takes a force token, and the transfer into the Treachery deck does not
// compile.
// expect: could not convert .*dune::ForceKind
#include "model/state.h"

int main() {
  using namespace dune;
  GameState s;
  s.seats.resize(1);
  [[maybe_unused]] bool legal = transfer(s.seat(Seat{0}).hand, s.treachery.deck, TreacheryCardId{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] bool illegal = transfer(s.seat(Seat{0}).hand, s.treachery.deck, ForceKind{});
#endif
}

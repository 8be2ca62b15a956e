// A zone of one kind never takes a component of another: a traitor card kept behind a shield
// cannot be put on a spice discard pile, even though both are ordinary lists.
// expect: this component kind may not occupy the destination zone
#include "model/state.h"

int main() {
  using namespace dune;
  GameState s;
  s.seats.resize(1);
  [[maybe_unused]] bool legal = transfer(s.seat(Seat{0}).traitors, s.traitor_deck, TraitorCardId{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] bool illegal = transfer(s.seat(Seat{0}).traitors, s.blow.discard[0], TraitorCardId{});
#endif
}

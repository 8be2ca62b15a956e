// Forces live in reserves, on the board or in the Tanks, never in a card zone.
// expect: this component kind may not occupy the destination zone
#include "model/catalogue.h"

int main() {
  using namespace dune;
  [[maybe_unused]] auto legal = move_component<ForceToken, Reserves, Board>(ForceKind{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] auto illegal = move_component<ForceToken, Reserves, Deck<TreacheryCard>>(ForceKind{});
#endif
}

// A Treachery card is never discarded onto the Nexus discard (seed 000, item 1: no ordinary discard hook).
// expect: this component kind may not occupy the destination zone
#include "model/catalogue.h"

int main() {
  using namespace dune;
  [[maybe_unused]] auto legal = move_component<TreacheryCard, Held<TreacheryCard>, Discard<TreacheryCard>>(TreacheryCardId{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] auto illegal = move_component<TreacheryCard, Held<TreacheryCard>, Discard<NexusCard>>(TreacheryCardId{});
#endif
}

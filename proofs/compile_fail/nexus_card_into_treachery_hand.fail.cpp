// A Nexus card can never enter a Treachery hand (seed 000, item 1).
// expect: this component kind may not occupy the destination zone
#include "model/catalogue.h"

int main() {
  using namespace dune;
  [[maybe_unused]] auto legal = move_component<NexusCard, Deck<NexusCard>, Held<NexusCard>>(NexusCardId{});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] auto illegal = move_component<NexusCard, Deck<NexusCard>, Held<TreacheryCard>>(NexusCardId{});
#endif
}

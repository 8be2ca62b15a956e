// Spice and forces never add up: there is no operator+ for mixed quantities.
// expect: no match for .*operator\+
#include "model/quantity.h"

int main() {
  using namespace dune;
  [[maybe_unused]] auto legal = Spice{2} + Spice{3};
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] auto illegal = Spice{2} + ForceCount{3};
#endif
}

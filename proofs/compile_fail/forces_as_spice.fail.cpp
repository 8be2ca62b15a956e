// A force count is not spice: the strong quantities do not convert or mix.
// expect: could not convert .*dune::ForceCount.* to .*dune::Spice
#include "model/quantity.h"

namespace {
constexpr dune::Spice pay(dune::Spice cost) { return cost; }
}  // namespace

int main() {
  using namespace dune;
  [[maybe_unused]] auto legal = pay(Spice{2});
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] auto illegal = pay(ForceCount{2});
#endif
}

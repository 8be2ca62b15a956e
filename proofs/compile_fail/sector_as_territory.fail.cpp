// A sector is not a territory: the strong ids do not convert.
// expect: cannot convert .*dune::Sector.* to .*dune::TerritoryId
#include "model/board.h"

int main() {
  using namespace dune;
  [[maybe_unused]] auto legal = territory_info(TerritoryId::Arrakeen).name;
#ifdef DUNE_COMPILE_FAIL
  [[maybe_unused]] auto illegal = territory_info(Sector{9}).name;
#endif
}

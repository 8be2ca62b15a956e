// Replaced by the property harness (issue 7).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "engine/engine.h"

namespace dune {
namespace {

RC_GTEST_PROP(PropertyHarness, NewGamesStartAtVersionZero, ()) {
  const GameState s = std::get<GameState>(new_game(Options::basic(kBaseFactions)));
  RC_ASSERT(s.version == 0u);
}

}  // namespace
}  // namespace dune

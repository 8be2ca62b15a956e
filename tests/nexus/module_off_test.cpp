#include <gtest/gtest.h>

#include "engine/engine.h"

namespace dune {
namespace {

TEST(NexusModuleOff, AGameWithoutTheModuleHasNoNexusCards) {
  const GameState s = std::get<GameState>(new_game(Options::basic(kBaseFactions)));
  EXPECT_FALSE(s.nexus.enabled);
  EXPECT_EQ(s.nexus.deck.size(), 0u);
  for (const auto& held : s.nexus.held) EXPECT_FALSE(held.has_value());
}

}  // namespace
}  // namespace dune

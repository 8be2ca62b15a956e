#include "engine/chance_source.h"

#include <algorithm>

#include "engine/engine.h"

namespace dune {

std::uint8_t SeededChance::choose(const GameState&, std::span<const std::uint8_t> outcomes) {
  std::uniform_int_distribution<std::size_t> pick(0, outcomes.size() - 1);
  return outcomes[pick(rng_)];
}

// A staged spice card is "the next card of the spice deck": Atreides' peek at the top card fixes
// that same card (the draw that follows is then forced to it), so the peek consumes it.
bool staged_serves(ChanceKind staged, ChanceKind pending) {
  return staged == pending || (staged == ChanceKind::SpiceDraw && pending == ChanceKind::SpicePeek);
}

std::uint8_t StagedChance::choose(const GameState& state, std::span<const std::uint8_t> outcomes) {
  for (auto it = staged_.begin(); it != staged_.end(); ++it) {
    if (!staged_serves(it->first, state.chance->kind)) continue;
    if (std::find(outcomes.begin(), outcomes.end(), it->second) == outcomes.end()) continue;
    const std::uint8_t outcome = it->second;
    staged_.erase(it);
    return outcome;
  }
  return fallback_.choose(state, outcomes);
}

GameState settle(GameState state, ChanceSource& chance) {
  while (state.chance) {
    const auto outcomes = chance_outcomes(state);
    auto next = apply_chance(state, chance.choose(state, outcomes));
    state = std::get<GameState>(std::move(next));
  }
  return state;
}

}  // namespace dune

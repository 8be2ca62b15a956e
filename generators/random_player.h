// A random legal player: from a seed, plays any legal command of any awaited seat, and resolves
// chance steps with a seeded source. The seed decides everything, so a game is reproducible.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/engine.h"

namespace dune::generators {

struct RandomGame {
  GameState final_state;
  int decisions = 0;      // accepted commands
  int chance_steps = 0;   // resolved chance steps (forced ones included)
};

// Called after every accepted command and every resolved chance step, with the state before and
// after and the log entry that led from one to the other.
using StepObserver = std::function<void(const GameState& before, const LogEntry& entry, const GameState& after)>;

// Plays until the game is terminal or `max_decisions` commands were played.
RandomGame play_random_game(const Options& options, std::uint64_t seed, int max_decisions = 20000,
                            const StepObserver& observer = {});

// A readable line for a log entry, in the context of the state it applied to.
std::string describe(const GameState& before, const LogEntry& entry);

}  // namespace dune::generators

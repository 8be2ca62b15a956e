// Playing a game forward in the invariants tests (karama_reaction_test, karama_power_test).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>

#include "engine/engine.h"

namespace dune::invariants::testing_support {

inline GameState play(const GameState& s, Seat seat, Command c) {
  auto r = submit(s, Envelope{CommandId{s.version + 1000}, seat, s.version, std::move(c)});
  EXPECT_TRUE(std::holds_alternative<Accepted>(r)) << (std::holds_alternative<Rejection>(r) ? std::get<Rejection>(r).message : "");
  return std::holds_alternative<Accepted>(r) ? std::get<Accepted>(std::move(r)).next : s;
}

// The default policy (Pass first) with the first chance outcome, until `seat` is awaited at `step`.
inline GameState until(GameState s, Step step, Seat seat) {
  for (int n = 0; n < 500; ++n) {
    if (s.chance) {
      s = std::get<GameState>(apply_chance(s, chance_outcomes(s).front()));
      continue;
    }
    const auto awaited = pending(s);
    if (s.step == step && std::find(awaited.begin(), awaited.end(), seat) != awaited.end()) return s;
    const Seat next = awaited.front();
    const auto legal = legal_commands(s, next);
    s = play(s, next, legal[default_choice(legal)]);
  }
  ADD_FAILURE() << "never reached the step";
  return s;
}

}  // namespace dune::invariants::testing_support

// Helpers for engine tests: build a game, submit with the right version and a fresh id.
#pragma once

#include <gtest/gtest.h>

#include <variant>

#include "engine/chance_source.h"
#include "engine/engine.h"

namespace dune::testing {

inline GameState start(const Options& options, ChanceSource& chance) {
  auto game = new_game(options);
  EXPECT_TRUE(std::holds_alternative<GameState>(game)) << std::get<Rejection>(game).message;
  return settle(std::get<GameState>(std::move(game)), chance);
}

inline Envelope envelope(const GameState& state, Seat seat, Command c) {
  return Envelope{CommandId{state.version * 1000 + seat.value + 1}, seat, state.version, std::move(c)};
}

// Submits a command that must be accepted, then settles chance.
inline GameState play(const GameState& state, Seat seat, Command c, ChanceSource& chance) {
  auto result = submit(state, envelope(state, seat, c));
  if (auto* r = std::get_if<Rejection>(&result)) {
    ADD_FAILURE() << "rejected " << to_string(c) << ": " << r->message;
    return state;
  }
  return settle(std::get<Accepted>(std::move(result)).next, chance);
}

// Expects a rejection with `code` and the state unchanged.
inline void expect_rejected(const GameState& state, const Envelope& e, RejectCode code) {
  const GameState before = state;
  auto result = submit(state, e);
  ASSERT_TRUE(std::holds_alternative<Rejection>(result)) << "accepted " << to_string(e.command);
  EXPECT_EQ(to_string(std::get<Rejection>(result).code), to_string(code)) << std::get<Rejection>(result).message;
  EXPECT_EQ(state, before);
}

inline Seat seat_of(const GameState& state, Faction f) { return *state.seat_of(f); }

}  // namespace dune::testing

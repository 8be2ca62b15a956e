// Our own shrinker for counterexample games (issue 7 item 4; DESIGN.md, "Generators and
// shrinking"). RapidCheck's built-in shrinking of long command sequences is quadratic and has no
// time limit, so a failing game is shrunk here first: cut at the failing step, remove chunks
// (delta debugging), simplify the spec (fewer seats, Basic, fewer flags, Nexus off, fewer turns),
// lower indices toward 0 — keeping "the same invariant still fails", within a time budget. Every
// candidate is a legal game by construction (choices are taken modulo the legal pairs).
#pragma once

#include <chrono>
#include <span>
#include <vector>

#include "harness/runner.h"

namespace dune::harness {

struct ShrinkOptions {
  std::chrono::milliseconds budget{60'000};
  invariants::CheckOptions check_options{};
  std::span<const invariants::Checker> checkers = invariants::all_checkers();
  const GameState* start = nullptr;  // the game's staged start (RunConfig::start); the spec then stays as is
};

struct ShrinkResult {
  GameSpec spec;
  std::vector<Choice> choices;  // ends at the failing decision
  Found violation;              // as the shrunk game reproduces it
  std::size_t original_size = 0;
  int candidates = 0;           // games replayed
  int accepted = 0;             // candidates that still failed and were kept
  bool timed_out = false;
  double seconds = 0;
};

// `found` must come from run_game(spec, {prefix = choices, ...}) with the same checkers.
ShrinkResult shrink(const GameSpec& spec, const std::vector<Choice>& choices, const Found& found,
                    const ShrinkOptions& options = {});

}  // namespace dune::harness

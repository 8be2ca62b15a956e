// Our own shrinker for counterexample games (issue 7 item 4, issue 23 item 2; DESIGN.md,
// "Generators and shrinking"). RapidCheck's built-in shrinking of long command sequences is
// quadratic and has no time limit, so a failing game is shrunk here first, Hypothesis-style, on
// its choice sequence: simplify the spec (fewer seats, Basic, fewer flags, Nexus off, fewer
// turns), zero spans (index 0: the default choice) and delete spans at every scale
// (adaptive sizes: a few small steps, doubling, then a binary search), lower each index toward 0
// — keeping "the same invariant still fails", within a time budget, and never replaying a
// candidate already tried under the same spec. Every candidate is a legal game by construction
// (choices are taken modulo the legal pairs) and stops at its first violation.
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
  std::size_t original_non_default = 0;
  int candidates = 0;           // games replayed
  int cache_hits = 0;           // candidates not replayed: already tried under the same spec
  int accepted = 0;             // candidates that still failed and were kept
  bool timed_out = false;
  double seconds = 0;
};

// Decisions that are not the default choice (index 0: the first awaited seat's first command):
// what a reader of a counterexample has to follow.
std::size_t non_default_decisions(std::span<const Choice> choices);

// `found` must come from run_game(spec, {prefix = choices, ...}) with the same checkers.
ShrinkResult shrink(const GameSpec& spec, const std::vector<Choice>& choices, const Found& found,
                    const ShrinkOptions& options = {});

}  // namespace dune::harness

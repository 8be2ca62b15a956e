// Our own shrinker for counterexample games (issue 7 item 4, issue 23 items 2-3; DESIGN.md,
// "Generators and shrinking"). RapidCheck's built-in shrinking of long command sequences is
// quadratic and has no time limit, so a failing game is shrunk here first, Hypothesis-style, on
// its choice sequence, keeping "the same invariant still fails", within a time budget, and never
// replaying a candidate already tried under the same spec. Each round:
//   - a simpler spec: fewer seats, Basic, fewer flags, Nexus off, fewer turns — with the same
//     choices, else fresh games of the bots on it under new seeds; a seat is first dropped by
//     projection (the other seats play the commands they played, where still legal);
//   - restarts (shortest-path finishing): from each phase start of the best game, the bots go on
//     under a new seed with the chance steps before it pinned (GameSpec::pinned_chance), and from
//     each phase start of a game of default choices; a continuation that fails sooner is kept;
//   - zero spans (index 0: the default choice) and delete spans at every scale (adaptive sizes: a
//     few small steps, doubling, then a binary search), lower each index toward 0, drop pins the
//     game no longer needs.
// Rounds repeat while one makes progress (and a few times more: restarts draw new seeds). Every
// candidate is a legal game by construction (choices are taken modulo the legal pairs, a pin
// whose outcome is not listed is not taken) and stops at its first violation. Candidates run only
// the failing checker; the game kept is then replayed under every checker, and if another checker
// fails first it becomes a guard and the shrink starts over, so the file replays to the violation
// it names.
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

// Runs one generated game (issue 7 items 1-2): a GameSpec plus an optional fixed choice prefix,
// with the invariant checkers after every step, stopping at the first violation.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "generators/choices.h"
#include "generators/game_spec.h"
#include "invariants/oracle_coverage.h"
#include "invariants/registry.h"

namespace dune::harness {

using generators::Choice;
using generators::GameSpec;

// The first violation of a game: what failed, the checker that found it, and where.
struct Found {
  invariants::Violation violation;
  std::string checker;  // Checker::name
  int step = 0;         // 0-based step (decisions and chance steps, as Transition::index)
  int decisions = 0;    // decisions made up to and including the failing step
};

// Called after every step (accepted command or chance step), before the checks.
using StepHook = std::function<void(const invariants::Transition&)>;

struct RunResult;

// A run paused just before one of its decisions: everything a run needs to go on from there as if
// it had played the whole prefix (the shrinker resumes candidates that share a prefix with the
// best game so far, instead of replaying it from setup).
struct Checkpoint {
  GameState state;
  std::vector<Choice> choices;  // the normalised choices made before it
  int steps = 0;
  std::array<std::uint32_t, 16> chance_seen{};  // per ChanceKind
  std::size_t explicit_chance = 0;
  std::uint64_t id_base = 0;
  invariants::GameContext context{};
};

struct RunConfig {
  std::span<const Choice> prefix;  // the first choices; after them the bots choose (or the game stops)
  bool extend = true;              // false: stop when the prefix is used up (replays and shrinking)
  bool check = true;               // false: the fast path, no checker runs (benchmarks)
  invariants::CheckOptions check_options{};
  std::span<const invariants::Checker> checkers = invariants::all_checkers();
  StepHook on_step;
  // Bounded exploration (proofs/explorer.h) replays its counterexamples with these:
  const GameState* start = nullptr;      // begin here instead of new_game; steps count from 0 at it
  std::span<const std::uint8_t> chance;  // explicit outcomes of the first chance steps, in order
  bool every_step = false;               // sampled checkers run on every step (see check_step)
  // Resume at a checkpoint of an earlier run of the same spec and config whose choices are a
  // prefix of `prefix`; the result is the one the whole game from its start would give. (A spec
  // that differs only in a seed and pins that reproduce the checkpoint's chance steps is the same
  // here.) The bots' stream is not part of a checkpoint: with extend, the checkpoint must lie
  // within the prefix, before the bots' first draw.
  const Checkpoint* resume = nullptr;
  // After the prefix, when set (with extend), names each decision instead of the bots: a choice
  // among the awaited seats' legal pairs, read as a prefix choice is.
  std::function<Choice(const GameState&, const std::vector<Seat>&)> chooser;
  // When set, one checkpoint per decision is appended (checkpoints[k]: just before decision k of
  // the run's start, resumed ones included as far as they are known to the caller).
  std::vector<Checkpoint>* checkpoints = nullptr;
};

struct RunResult {
  std::vector<Choice> choices;        // normalised choices made, in order
  int steps = 0;                      // steps taken (decisions and chance steps)
  int decisions = 0;
  bool capped = false;                // stopped at spec.max_decisions
  std::optional<Found> violation;     // the first one, if any
  std::vector<std::uint64_t> check_counts;  // per checker (config.checkers order)
  invariants::OracleCoverage oracle_coverage;  // per oracle and kind of step: decided and skipped
  GameState final_state;              // halted: the engine stopped the game (e.g. an unavailable rule)
  std::string engine_bug;             // what the runner caught: a listed command rejected, no legal command

  bool finished() const;              // terminal (engine halts included) or capped, and no engine bug
};

RunResult run_game(const GameSpec& spec, const RunConfig& config = {});

// Runs config.checkers on one step, counting each check in `counts` (config.checkers order) and,
// with `coverage`, each case the oracles decided or skipped; the first violation, with
// `decisions` made so far. With config.every_step, a checker that samples
// by step (noninterference, determinism) and would skip step i runs as at step bit_ceil(i), a
// step it always samples, so every transition is checked (the explorer's contract).
std::optional<Found> check_step(const invariants::Transition& t, const invariants::GameContext& game,
                                const RunConfig& config, std::span<std::uint64_t> counts, int decisions,
                                invariants::OracleCoverage* coverage = nullptr);

}  // namespace dune::harness

// Counterexample replay files (issue 7 item 5): a failing game as JSON — the spec, the choice
// sequence, the violated invariant and its step, the seed and the RapidCheck reproduce string —
// and the step-by-step replay `dunecheck replay FILE` prints, with each view's diff per step.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/runner.h"

namespace dune::harness {

inline constexpr std::string_view kCounterexampleFormat = "dunecheck-counterexample";
// 3: a choice ranks the commands default first (generators::choice_order); 1 and 2 used the
// engine's listing order and are refused, since they would replay a different game. 4: the spec's
// options name their card sets (options.cards); a version 3 file has none and is refused. 5: the
// set e1_others became e1_battle and e1_harvester_thumper (model/options.h CardSets).
inline constexpr std::uint64_t kCounterexampleVersion = 5;

// Where a bounded exploration (proofs/explorer.h) began: the scope's staged state, stored as a
// snapshot's content, and the checkers that do not apply from it (e.g. determinism.replay after a
// staging edit that no event log reproduces). Absent: the game starts at new_game(spec.options).
struct StagedStart {
  std::string scope;  // e.g. "lifecycle-3/small-deck"
  GameState state;
  std::vector<std::string> unchecked;  // Checker::name
};

struct Counterexample {
  GameSpec spec;
  std::vector<Choice> choices;
  std::optional<Found> violation;  // none: a game that must replay clean (a regression file)
  std::string rapidcheck;          // the RapidCheck reproduce string or RC_PARAMS, when known
  std::string note;                // free text, e.g. how the file was made or shrunk
  // All optional (bounded exploration writes them):
  std::optional<StagedStart> start;  // "start": the staged state the game begins at
  std::vector<std::uint8_t> chance;  // "chance": explicit outcomes of the first chance steps
  bool every_step = false;           // "every_step": RunConfig::every_step
  std::string mutant;              // "mutant" (optional): the engine mutant switched on (harness/mutants.h)
};

nlohmann::json counterexample_to_json(const Counterexample& c);
std::variant<Counterexample, std::string> counterexample_from_json(const nlohmann::json& j);
// Whether a parsed document carries the counterexample format tag.
bool is_counterexample(const nlohmann::json& j);

// Writes `<dir>/<name>.replay.json`, dir from env DUNE_COUNTEREXAMPLE_DIR (default: the working
// directory).
struct Written {
  std::string path;
  std::string error;  // empty when the file was written
};
Written write_counterexample(const Counterexample& c, std::string_view name);

// Runs the file's game as it was found: from its start, with its explicit chance outcomes and its
// engine mutant on, under every registered checker that applies; `on_step` sees each step.
RunResult run_counterexample(const Counterexample& c, const StepHook& on_step = {});

// Replays the file's game (run_counterexample), printing its story: each decision that is not
// the default choice, each step that changes something the violating step changes (a seat's
// spice, a board cell, a leader ...), and the violating step with its whole diff, the other steps
// folded into one line per run. `all` prints every step (generators::describe) with the diff of
// the public view and of each seat's own part of its view. The result holds the first violation,
// if any (the caller names it and exits 1), and any engine halt.
RunResult replay_counterexample(const Counterexample& c, std::ostream& out, bool all = false);

// The story replay_counterexample prints, one line each, then the violation it reaches, if any:
// the trace a report shows.
std::vector<std::string> story_of(const Counterexample& c);

// `dunecheck replay FILE` for counterexample files: nullopt when the parsed document `doc` is not
// one (the caller replays it as an event log or snapshot); else the exit code — 0 when no violation reproduces,
// 1 at a violation (named on `err`) or an engine halt, 3 when the file is malformed.
std::optional<int> replay_if_counterexample(const nlohmann::json& doc, const std::string& path, std::ostream& out,
                                            std::ostream& err, bool all = false);

}  // namespace dune::harness

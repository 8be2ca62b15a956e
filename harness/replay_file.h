// Counterexample replay files (issue 7 item 5): a failing game as JSON — the spec, the choice
// sequence, the violated invariant and its step, the seed and the RapidCheck reproduce string —
// and the step-by-step replay `dunecheck replay FILE` prints, with each view's diff per step.
#pragma once

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

struct Counterexample {
  GameSpec spec;
  std::vector<Choice> choices;
  std::optional<Found> violation;  // none: a game that must replay clean (a regression file)
  std::string rapidcheck;          // the RapidCheck reproduce string or RC_PARAMS, when known
  std::string note;                // free text, e.g. how the file was made or shrunk
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

// Replays the file's game with every registered checker, printing each step (generators::describe)
// and the diff of the public view and of each seat's own part of its view. The result holds the
// first violation, if any (the caller names it and exits 1), and any engine halt.
RunResult replay_counterexample(const Counterexample& c, std::ostream& out);

// `dunecheck replay FILE` for counterexample files: nullopt when `text` is not one (the caller
// replays it as an event log or snapshot); else the exit code — 0 when no violation reproduces,
// 1 at a violation (named on `err`) or an engine halt, 3 when the file is malformed.
std::optional<int> replay_if_counterexample(const std::string& text, const std::string& path, std::ostream& out,
                                            std::ostream& err);

}  // namespace dune::harness

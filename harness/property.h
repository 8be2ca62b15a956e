// The property side of the harness (issue 7 items 4-5): play one generated game with the
// checkers; on a violation (or an engine halt) shrink it, write the counterexample replay file,
// and print the seed, the RapidCheck parameters and the file's path.
#pragma once

#include <optional>
#include <string>

#include "harness/replay_file.h"
#include "harness/shrink.h"

namespace dune::harness {

struct PropertyOptions {
  invariants::CheckOptions check_options{};
  std::span<const invariants::Checker> checkers = invariants::all_checkers();
  std::chrono::milliseconds shrink_budget{60'000};
  std::string file_name = "counterexample";  // <file_name>.replay.json
};

struct PropertyOutcome {
  RunResult run;
  std::optional<ShrinkResult> shrunk;
  std::string failure;  // empty: the game passed; else the whole report (also printed to stderr)
  std::string path;     // the replay file written, if any
};

PropertyOutcome check_game(const GameSpec& spec, const PropertyOptions& options = {});

}  // namespace dune::harness

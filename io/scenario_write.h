// Writing a scenario file from a recorded game (`dunecheck scenario new`, issue 15 item 5): its
// envelopes as steps, the chance outcomes it chose staged in order, and a last step pinning where
// it ended, so a replay or a shrunk counterexample becomes a fixture (io/scenario.h reads it).
//
// {"name", "note", "options" (or "start": a snapshot document), "seed": 0,
//  "chance": [{"kind", "seat" (kinds dealt to a seat), "outcome"}],
//  "steps": [{"seat", "command", "id" / "version" only where they are not the runner's default},
//            ..., {"expect": [phase, step, turn, pending, winners, and halted if it halted]}]}
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "io/persistence.h"

namespace dune {

struct RecordedGame {
  Options options;                 // the table, when the game begins at new_game(options)
  std::optional<GameState> start;  // else the staged state it begins at (written as "start")
  std::vector<LogEntry> log;       // every entry, the start's own log first
};

struct WrittenScenario {
  nlohmann::json scenario;
  GameState reached;  // the state the log replays to
};

// Replays the log (an entry the engine refuses is an error) and writes the scenario that plays it.
// Outcomes the engine forced (a known top card) are not staged: the runner never asks for them.
std::variant<WrittenScenario, LoadError> scenario_from_game(const RecordedGame& game, const std::string& name,
                                                            const std::string& note);

// The file's text: one top-level key, chance entry and step a line, in the order above.
std::string scenario_text(const nlohmann::json& scenario);

}  // namespace dune

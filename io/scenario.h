// Scenario files (DESIGN.md, "Who uses it": pin a printed example or a bug as a fixture). A
// scenario is JSON: options (or a start snapshot), staged chance outcomes, a list of steps (a
// seat's command, optionally expected to be rejected with a code, or an advance with the default
// policy) and expectations on named facts. README "Scenario files" documents every key.
//
// {
//   "name": "...", "note": "free text",
//   "options": {"factions": ["Atreides", "Harkonnen"], "rules": "basic" | "advanced" | {flags},
//               "player_circles": [0, 3], "turn_limit": 10},          (all but factions optional)
//   "start": "saved.snapshot.json" | {snapshot document},     instead of options: start from it
//   "seed": 1,                                   fallback for unstaged chance (default 0)
//   "chance": [{"kind": "TraitorDeal", "seat": "Atreides", "outcome": 7},
//              {"kind": "TreacheryDeal", "seat": "Atreides", "card": "Lasgun"}, ...],
//   "steps": [
//     {"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 7}},
//     {"seat": "Harkonnen", "command": {"kind": "Pass"}, "expect_rejected": "WrongPhase"},
//     {"expect": [{"fact": "spice", "seat": "Atreides", "equals": 10}]},
//     {"seat": "Atreides", "id": 3, "version": 2, "command": {...}},     envelope id and version
//     {"seat": "Atreides", "legal": [{...}], "not_legal": [{...}]},      checked before any command
//     {"advance": {"until": {"phase": "Bidding", "turn": 2}, "prefer": [{"seat": ..., "command": ...}],
//                  "max_commands": 1000}},
//     {"save": "here.snapshot.json"}                                     after the step
//   ]
// }
// A command's default id is one above the highest id used so far (the start's committed table
// included); its default version is the state's.
// Options also take "nexus": "Off" | "Audit" | "Released" (or lower case); a mode new_game rejects
// fails parsing at "scenario.options.nexus". An unknown key anywhere is an error naming its path.
// A rejected step also checks the state is unchanged.
// Facts: {"fact": "hand", "seat": "Atreides", "equals": ["Lasgun"]} — one table of named facts
// (io/scenario_facts.cpp), each with its arguments and JSON form listed in README "Scenario files";
// values use names (factions, cards, leaders). Set-valued facts compare unordered unless
// "ordered": true. Views: {"view": "public" | <seat>, "pointer": "/seats/0/spice", "equals": 10 |
// "absent": true | "present": true} on view_to_json of project_public or project_seat.
#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "io/persistence.h"
#include "model/state.h"

namespace dune {

// One named fact and the value it must have, or a JSON-pointer assertion on a view (name "view");
// checked by check_fact.
struct Fact {
  enum class Check : std::uint8_t { Equals, Absent, Present };  // absent / present: view assertions
  std::string name;
  nlohmann::json args;    // the fact's own arguments (seat, cell, leader, ...), resolved; a view
                          // assertion: "pointer", and "seat" unless it is on the public view
  nlohmann::json equals;  // the expected value, in the JSON form the fact reports
  bool ordered = false;   // a set-valued fact: compare as lists (default: as sets)
  Check check = Check::Equals;
  friend bool operator==(const Fact&, const Fact&) = default;
};

// `advance`: the default policy (engine default_choice) plays for the first awaited seat until
// every given condition holds; a `prefer` command is sent instead whenever its seat is awaited
// and it is legal (each once, in order; one never sent fails the step). The condition is checked
// whenever a seat is to decide: a step no seat decides in (SpiceBlow) is never stopped at.
struct AdvanceUntil {
  std::optional<Phase> phase;
  std::optional<Step> step;
  std::optional<int> turn;
  std::optional<Seat> awaiting;  // this seat is among the pending ones
  friend bool operator==(const AdvanceUntil&, const AdvanceUntil&) = default;
};
struct Advance {
  AdvanceUntil until;
  std::vector<std::pair<Seat, Command>> prefer;
  int max_commands = 1000;  // a run that needs more fails, saying where it stopped
  friend bool operator==(const Advance&, const Advance&) = default;
};

struct ScenarioStep {
  std::optional<Seat> seat;        // with command: a submission; without: expectations only
  std::optional<Command> command;
  std::optional<std::uint64_t> id;       // the envelope's command id (default: a fresh one)
  std::optional<std::uint64_t> version;  // its expected version (default: the current one)
  std::optional<RejectCode> expect_rejected;  // and the state must be unchanged
  std::vector<Command> legal, not_legal;  // seat may / may not send these now (before command)
  std::optional<Advance> advance;  // played before the command (a step has one or the other)
  std::vector<Fact> expect;        // checked after this step
  std::string save;                // non-empty: write a snapshot here after the step
  friend bool operator==(const ScenarioStep&, const ScenarioStep&) = default;
};

// One staged chance outcome: taken by the next chance step of its kind (and seat, when given).
// An outcome that is not among that step's outcomes, or one never taken, fails the run.
struct StagedOutcome {
  ChanceKind kind;
  std::optional<Seat> seat;            // whose draw (TraitorDeal, TreacheryDeal, NexusDraw, ...)
  std::optional<std::uint8_t> outcome;  // this exact outcome, or else:
  std::string card;                    // the first listed outcome of this printed name
  std::string where;                   // its path in the file, for messages
  friend bool operator==(const StagedOutcome&, const StagedOutcome&) = default;
};

struct Scenario {
  std::string name;
  std::string note;
  Options options;
  std::optional<GameState> start;  // the snapshot the scenario starts from (default: new_game)
  std::uint64_t seed = 0;
  std::vector<StagedOutcome> chance;
  std::vector<ScenarioStep> steps;
};

// Parses a scenario; an error names the path of the problem (unknown command kind, fact, seat).
// Relative paths in it (`start`, `save`) are taken from `base` (the scenario file's folder).
std::variant<Scenario, LoadError> parse_scenario(std::string_view text, const std::filesystem::path& base = {});

struct ScenarioRun {
  GameState final_state;
  std::vector<std::string> log;       // one line per step and per chance record
  std::vector<std::string> failures;  // which expectation failed and why; empty: passed
};

// Plays the steps in order; stops at the first step that does not go as expected, or fails at the
// end when a staged chance outcome was never taken.
ScenarioRun run_scenario(const Scenario& scenario);

// nullopt when `after` equals `before`, else which part differs ("the seats differ").
std::optional<std::string> state_change(const GameState& before, const GameState& after);

// nullopt when the fact holds, else why not ("spice of Atreides: expected 10, got 8").
std::optional<std::string> check_fact(const GameState& state, const Fact& fact);

}  // namespace dune

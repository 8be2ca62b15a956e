// Scenario files (DESIGN.md, "Who uses it": pin a printed example or a bug as a fixture). A
// scenario is JSON: options, staged chance outcomes per kind in order, a list of steps (a seat's
// command, optionally expected to be rejected with a code) and expectations on named facts.
//
// {
//   "name": "...",
//   "options": {"factions": ["Atreides", "Harkonnen"], "rules": "basic" | "advanced" | {flags},
//               "player_circles": [0, 3], "turn_limit": 10},          (all but factions optional)
//   "seed": 1,                                   fallback for unstaged chance (default 0)
//   "chance": [{"kind": "TraitorDeal", "outcome": 7}, ...],
//   "steps": [
//     {"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 7}},
//     {"seat": "Harkonnen", "command": {"kind": "Pass"}, "expect_rejected": "WrongPhase"},
//     {"expect": [{"fact": "spice", "seat": "Atreides", "equals": 10}]},
//     {"seat": "Atreides", "id": 3, "version": 2, "command": {...}},     envelope id and version
//     {"seat": "Atreides", "legal": [{...}], "not_legal": [{...}]}       checked before any command
//   ]
// }
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

struct ScenarioStep {
  std::optional<Seat> seat;        // with command: a submission; without: expectations only
  std::optional<Command> command;
  std::optional<std::uint64_t> id;       // the envelope's command id (default: a fresh one)
  std::optional<std::uint64_t> version;  // its expected version (default: the current one)
  std::optional<RejectCode> expect_rejected;  // and the state must be unchanged
  std::vector<Command> legal, not_legal;  // seat may / may not send these now (before command)
  std::vector<Fact> expect;        // checked after this step
  friend bool operator==(const ScenarioStep&, const ScenarioStep&) = default;
};

struct Scenario {
  std::string name;
  Options options;
  std::uint64_t seed = 0;
  std::vector<std::pair<ChanceKind, std::uint8_t>> chance;
  std::vector<ScenarioStep> steps;
};

// Parses a scenario; an error names the path of the problem (unknown command kind, fact, seat).
std::variant<Scenario, LoadError> parse_scenario(std::string_view text);

struct ScenarioRun {
  GameState final_state;
  std::vector<std::string> log;       // one line per step and per chance record
  std::vector<std::string> failures;  // which expectation failed and why; empty: passed
};

// Plays the steps in order; stops at the first step that does not go as expected.
ScenarioRun run_scenario(const Scenario& scenario);

// nullopt when `after` equals `before`, else which part differs ("the seats differ").
std::optional<std::string> state_change(const GameState& before, const GameState& after);

// nullopt when the fact holds, else why not ("spice of Atreides is 8, expected 10").
std::optional<std::string> check_fact(const GameState& state, const Fact& fact);

}  // namespace dune

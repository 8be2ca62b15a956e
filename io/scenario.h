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
//     {"expect": [{"fact": "spice", "seat": "Atreides", "equals": 10}]}
//   ]
// }
// Facts: spice, hand_size (seat); forces_in_cell (faction, cell), forces_in_territory (faction,
// territory), reserves, tanks (faction) — equals a total or {"normal", "special"}; spice_in_cell,
// spice_in_territory; card_zone (card: id) — "deck", "discard", "lot", "hand:<Faction>";
// pending, winners (lists of factions); phase, step, turn, storm_sector, ally (seat), halted.
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

// One named fact and the value it must have; checked by check_fact.
struct Fact {
  std::string name;
  nlohmann::json args;    // the fact's own arguments (seat, cell, territory, card), resolved
  nlohmann::json equals;  // the expected value, in the JSON form the fact reports
  friend bool operator==(const Fact&, const Fact&) = default;
};

struct ScenarioStep {
  std::optional<Seat> seat;        // with command: a submission; without: expectations only
  std::optional<Command> command;
  std::optional<RejectCode> expect_rejected;
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

// nullopt when the fact holds, else why not ("spice of Atreides is 8, expected 10").
std::optional<std::string> check_fact(const GameState& state, const Fact& fact);

}  // namespace dune

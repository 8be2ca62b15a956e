// How often random games play each command kind and each chance kind (issue 16, acceptance:
// "random games, Basic and Advanced, 2-6 seats, exercise every new command: the harness property
// reports how often each was played and fails when one never was").
//
// The games are a fixed, seeded table (usage_specs), not RapidCheck draws, so the counts are the
// same on every machine and a kind that stops being reached shows up as a zero in one place.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "generators/game_spec.h"

namespace dune::harness {

struct KindUsage {
  std::string_view kind;   // the command's JSON kind, or the chance kind's name
  bool chance = false;     // a chance kind (resolved by the dealer, not played by a seat)
  std::uint64_t count = 0;
  int first_game = -1;     // index into the spec table of the first game that played it
};

struct UsageReport {
  std::vector<KindUsage> kinds;  // every command kind (variant order), then every chance kind
  int games = 0;
  std::uint64_t steps = 0;
  std::vector<std::string_view> never() const;  // kinds with count 0
};

// `games` specs cycling 2..6 seats over rotating base factions, Basic and Advanced with every rule
// flag alternating, the Nexus module in Audit every third game (when this build accepts it) with a
// registered family's card favoured as the gate does (each family in turn, offset by the seat count
// so that each is favoured both seated and absent), bot
// profiles rotating by seat, seeds from `seed` on, the full ten turns.
std::vector<generators::GameSpec> usage_specs(int games, std::uint64_t seed = 1);

// Plays each spec without checkers and counts every accepted command and resolved chance step.
UsageReport command_usage(const std::vector<generators::GameSpec>& specs);

// A table "kind  count  first game", the zeros marked, for a test's output or a terminal.
std::string to_string(const UsageReport& r);

}  // namespace dune::harness

// Runs the harness against one mutant of the catalogue (issue 7 item 6; harness/mutants.h): random
// games from the mutant's setup with every checker after every step, until a checker kills it or
// the games run out. Shared by `dunecheck mutants --run` and tests/properties/mutant_test.cpp.
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "harness/mutants.h"
#include "harness/runner.h"
#include "harness/shrink.h"

namespace dune::harness {

struct MutantRunOptions {
  int games = 0;             // 0: the mutant's own setup decides
  std::uint64_t seed = 1;    // game g uses seed + g
  int max_decisions = 4000;  // per game
  bool shrink = false;       // shrink the first counterexample
  std::chrono::milliseconds shrink_budget{10'000};
};

struct MutantOutcome {
  MutantInfo info;
  bool killed = false;
  int games = 0;                   // games played (up to and including the killing one)
  double seconds = 0;              // time to the first failure (or spent in vain)
  std::optional<Found> found;      // the first violation
  std::string family;              // the family of the checker that found it
  GameSpec spec;                   // the killing game
  std::optional<std::size_t> shrunk_size;  // decisions in the shrunk counterexample
  // Checkers left out, reported, never hidden. not_applicable: they cannot apply to the setup (the
  // event-log replay from a staged start). excluded: they already fail on the unmutated engine in
  // these games (the control run: the game is replayed without them) — a checker false positive;
  // each named with where the control failed and why.
  std::vector<std::string> not_applicable;
  std::vector<std::string> excluded;
};

// A game for a mutant: its setup's factions, Basic or Advanced, turn limit; the Nexus module (Audit)
// with Nexus-eager bots for the Nexus mutants, aggressive bots on odd seeds.
GameSpec mutant_spec(const MutantInfo& mutant, std::uint64_t seed);

// Activates the mutant on this thread for the run. Throws std::logic_error (kNoMutantsMessage) in
// a build without mutants, where no run could kill anything.
MutantOutcome run_mutant(const MutantInfo& mutant, const MutantRunOptions& options = {});

// The Nexus family whose card a Nexus mutant's games favour: the registered family that lists the
// mutant (engine/nexus/family.h, `mutants`), else the first registered one.
Faction nexus_mutant_family(std::string_view mutant);

// The family whose gate campaign a mutant is looked for in (issue 23's GateShrink benchmark and
// its GateCounterexample test, as a user would run `dunecheck gate --family F --mutant M`): the
// Nexus family that lists it; else, when its own setup seats the Ixians or the Tleilaxu, their
// family (a base family's games seat base factions only, gate/gate_plan.cpp); else the first.
Faction gate_family(const MutantInfo& mutant);

// The family of a checker of the catalogue, by name ("" if unknown).
std::string family_of(std::string_view checker);

}  // namespace dune::harness

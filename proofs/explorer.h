// Bounded exhaustive exploration (issue 9; DESIGN.md "Layout": the bounded explorer): every state
// of a small game reachable within a bound, on the real engine, in the spirit of TLC and Alloy's
// small-scope hypothesis. From a scope's staged start, breadth first: every legal command of every
// awaited seat and every outcome of every chance step (engine/engine.h), each new state checked by
// every invariant of invariants::all_checkers() on every transition (harness::check_step with
// every_step: the sampled checkers run on every step too), except the state checks, which run once
// per distinct state, on the first transition that reaches it: the two determinism checkers (a
// replay of the whole log, a save and load of the state) and the noninterference twins (a function
// of the state after the step; a revisit would only draw other random twins of the same state).
//
// State identity. Two states are merged when they are equal in everything but their history: the
// event log, the committed-command table and the version counter. A canonical hash (a function of
// the compared fields only) picks the bucket and full GameState equality decides, so a hash
// collision can cost time but never merge two different states. Leaving the history out is sound
// because the engine reads it only to recognise a retried command id and to check the expected
// version, and the explorer always submits with a fresh id and the current version: from two
// merged states every command and chance outcome is accepted or rejected alike and leads to
// merged states again. The representative kept is the first reached (a shortest path); the
// protocol and determinism checkers run on its own history.
//
// Knobs (each keeps the real rules; what it leaves out is said beside it):
//  - start: each scope's start points are played through the engine from new_game with staged
//    chance outcomes and a fixed policy (pass when allowed), optionally followed by a documented
//    edit of the state (a small Nexus deck, a held card, forces in a territory, the phase entered),
//    as the tests in tests/nexus stage them. Leaves out every other way to reach the start. After
//    an edit the event log no longer reproduces the state, so determinism.replay is switched off
//    from that start (StartPoint::unchecked says so; every other checker stays on).
//  - kinds: the command kinds explored (empty: all). An awaited seat with a legal command of an
//    explored kind branches on all of them; a seat with none takes the fixed policy's single
//    command (engine default_choice: Pass when legal, else the first neither standing nor card).
//    Leaves out the other commands of seats that have an explored one (e.g. bids, battle plans).
//  - awaited seats only: like the harness's choice encoding, only awaited seats act. Standing
//    commands (SetRedrawPolicy) of a seat that is not awaited are left out; it makes the same
//    choice when next awaited.
//  - chance narrowing: a scope may restrict a chance kind to a few outcomes chosen from the state
//    (e.g. spice cards: one territory card and one worm, never the whole spice deck). Leaves out
//    the other outcomes of that kind; every other chance kind is enumerated in full.
//  - region: states outside the scope's region (e.g. once the Spice Blow and Nexus phase is over)
//    are checked when reached but not expanded. Leaves out everything after the region.
//  - depth and state budget: a bound on path length (decisions and chance steps) and on distinct
//    states. A scope is exhausted only when no state was cut by either.
#pragma once

#include <functional>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "harness/replay_file.h"
#include "harness/runner.h"
#include "model/state.h"

namespace dune::proofs {

struct ExploreLimits {
  int depth = -1;                 // -1: the scope's default
  std::uint64_t max_states = 0;   // 0: the scope's default
  int jobs = 1;                   // worker threads; the result does not depend on it
  // Called after each breadth-first level of each start: the depth done, and the distinct states
  // and transitions of that start so far (a long scope's progress).
  std::function<void(int depth, std::uint64_t states, std::uint64_t transitions)> on_level = {};
};

struct ExploreResult {
  std::string scope;
  std::uint64_t states = 0, transitions = 0, checks = 0;
  int depth_reached = 0;
  bool exhausted = false;
  double seconds = 0;
  std::optional<harness::Found> violation;
  std::optional<harness::Counterexample> counterexample;  // the shortest path to the violation
  // Also reported:
  std::uint64_t leaves = 0;          // states outside the region, terminal or halted (not expanded)
  std::uint64_t halted = 0;          // states the engine halted (a rule listed unavailable)
  std::uint64_t replayed = 0;        // steps replayed: a stored state is its path, replayed to be expanded or compared
  std::vector<std::string> starts;   // "<name>: turn T, step S[, edited: ...]"
  std::vector<std::string> unchecked;  // "<checker> from <start>: <why>"
};

std::vector<std::string_view> scope_names();
// The scopes that bear on a Nexus family (lifecycle scopes for every family, the battle scope of
// a family's own card).
std::vector<std::string_view> scopes_for_family(Faction family);
// One line describing a scope (the CLI's listing).
std::string_view scope_summary(std::string_view scope);
// The named scope, explored; a string names an unknown scope or a staging failure. `exclude`
// switches checkers off by name (a mutant run excludes what its control already fails), and the
// result and counterexample say so.
std::variant<ExploreResult, std::string> explore(std::string_view scope, const ExploreLimits& limits = {},
                                                 const std::vector<std::string>& exclude = {});

// ---- the scope description (scopes.cpp) ----------------------------------------------------

// A command kind as its index in the Command variant.
template <class C, std::size_t I = 0>
constexpr std::size_t command_kind() {
  if constexpr (std::is_same_v<std::variant_alternative_t<I, Command>, C>) return I;
  else return command_kind<C, I + 1>();
}

// A start point: an engine-played prefix (new_game, then `choices` and `chance` as the harness
// replays them) and an optional documented edit of the state it reaches.
struct StartPoint {
  std::string name;
  harness::GameSpec spec;
  std::vector<harness::Choice> choices;
  std::vector<std::uint8_t> chance;
  std::function<void(GameState&)> edit;  // empty: none
  std::string edit_note;  // what the edit does (and so why determinism.replay is off after it)
};

struct Scope {
  std::string_view name;
  std::string_view summary;
  std::vector<Faction> families;            // the Nexus families whose cards it exercises
  std::vector<std::size_t> kinds;           // explored command kinds (command_kind<C>); empty: all
  bool (*in_region)(const GameState&) = nullptr;  // nullptr: everywhere
  // Narrows the outcomes of a pending chance step; nullptr or an unchanged list: every outcome.
  std::vector<std::uint8_t> (*narrow)(const GameState&, std::vector<std::uint8_t> outcomes) = nullptr;
  int depth = 40;
  std::uint64_t max_states = 200000;
  std::function<std::vector<StartPoint>()> starts;
  bool in_gate = true;  // false: too long for a gate campaign; `dunecheck explore` only
};

const std::vector<Scope>& scopes();

}  // namespace dune::proofs

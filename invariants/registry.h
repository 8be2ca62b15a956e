// The invariant catalogue: every checker the harness runs after every step (DESIGN.md,
// "Invariants"; issue 7 item 2). Each checker recomputes its fact independently of the engine's
// helpers and returns named violations, each with a sentence.
//
// The harness (generators/, tools/ gate, proofs/ explorer) calls check_transition() after every
// accepted command and every chance step; reports list checks by Checker::name and family.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>

#include "invariants/violation.h"
#include "model/state.h"

namespace dune::invariants {

// One step of a game: the state before, the log entry that was applied (an accepted envelope or a
// chance record), and the state after.
struct Transition {
  const GameState& before;
  const LogEntry& entry;
  const GameState& after;
  int index = 0;  // 0-based step number in the game (decisions and chance steps)
};

// What a campaign switches on. Expensive families can be sampled (see each checker).
struct CheckOptions {
  bool noninterference = true;
  bool determinism = true;   // sampled at steps < 10 and powers of two (OpenSpiel RandomSimTest)
};

// Facts fixed for the whole game, computed once from its opening state.
struct GameContext {
  Spice opening_spice;  // the spice ledger's total
  static GameContext of(const GameState& opening);
};

struct Checker {
  std::string_view name;    // unique, e.g. "census", "spice-ledger", "protocol.atomic"
  std::string_view family;  // census | capacity | conservation | single-consumption | lifecycle |
                            // protocol | determinism | oracle | noninterference
  std::string_view summary; // one line for reports
  Violations (*check)(const Transition& t, const GameContext& game);
  bool (*enabled)(const CheckOptions& options) = nullptr;  // nullptr: always on
};

// Every checker, in a fixed order.
std::span<const Checker> all_checkers();

// Runs every enabled checker on one transition; `counts` (optional) is incremented per checker
// index for each check made (reports count checks per invariant).
Violations check_transition(const Transition& t, const GameContext& game, const CheckOptions& options,
                            std::uint64_t* counts = nullptr);

}  // namespace dune::invariants

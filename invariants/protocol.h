// Protocol and determinism (issue 7 item 2; DESIGN.md, "The command protocol", "Invariants").
// Protocol: on the state before each step, a stale version, a seat not awaited and a reused
// command id are rejected with their codes and change nothing; re-submitting the step's own
// envelope is idempotent. Determinism (sampled at steps < 10 and powers of two, like OpenSpiel's
// RandomSimTest): replaying the event log and save -> load reproduce the state.
#pragma once

#include <span>

#include "invariants/registry.h"

namespace dune::invariants {

std::span<const Checker> protocol_checkers();
std::span<const Checker> determinism_checkers();

// A command id no committed command of `state` uses (probes and retries need one).
CommandId fresh_id(const GameState& state);

// Whether step `index` is one the determinism checkers sample.
bool determinism_sampled(int index);

}  // namespace dune::invariants

// The checks every loaded state passes (io/persistence.h check_census; state_from_json runs them,
// so snapshots, counterexample starts and scenario starts alike): no negative count, the
// invariants' census (every card of the setup in exactly one zone, leaders and forces whole), their
// capacity and shape checks (a reachable-shaped state), and the setup's spice total.
#include "io/persistence.h"

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "invariants/capacity.h"
#include "invariants/census.h"
#include "invariants/shape.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

// ---- census ---------------------------------------------------------------------------------
namespace {

std::optional<LoadError> check_counts(const GameState& s) {
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (std::size_t f = 0; f < kFactionCount; ++f) {
      if (s.board.normal[c][f].value < 0 || s.board.special[c][f].value < 0 || s.board.spice[c].value < 0) {
        return LoadError{fmt::format("census: negative count in cell {}", c)};
      }
    }
  }
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const SeatState& x = s.seats[i];
    for (int v : {x.spice.value, x.in_front_of_shield.value, x.reserves_normal.value, x.reserves_special.value,
                  x.tanks_normal.value, x.tanks_special.value, x.ally_spice_limit.value}) {
      if (v < 0) return LoadError{fmt::format("census: seat {} has a negative count ({})", i, v)};
    }
  }
  if (s.bank.value < 0) return LoadError{"census: the spice bank is negative"};
  return std::nullopt;
}

Spice spice_total(const GameState& s) {
  Spice total = s.bank;
  for (const SeatState& x : s.seats) total += x.spice + x.in_front_of_shield;
  for (Spice c : s.board.spice) total += c;
  return total;
}

}  // namespace

std::optional<LoadError> check_census(const GameState& s) {
  auto game = new_game(s.options);
  if (auto* r = std::get_if<Rejection>(&game)) return LoadError{"census: options rejected: " + r->message};
  const GameState& reference = std::get<GameState>(game);
  if (s.seats.size() != reference.seats.size()) return LoadError{"census: seat count does not match the options"};
  if (auto e = check_counts(s)) return e;
  // Every card of this setup in exactly one zone, none from outside it, leaders and forces whole:
  // the invariants' own census (invariants/census.h), not a copy of it.
  if (const auto violations = invariants::check_census(s); !violations.empty()) {
    return LoadError{"census: " + violations.front().message};
  }
  // The limits any reachable state keeps (hand limits, stronghold occupancy, no negative count).
  if (const auto violations = invariants::check_capacity(s); !violations.empty()) {
    return LoadError{fmt::format("{}: {}", violations.front().invariant, violations.front().message)};
  }
  // The shape of a reachable state: turn and step, alliances, the table, leaders, lots, history.
  if (const auto violations = invariants::check_shape(s); !violations.empty()) {
    return LoadError{fmt::format("{}: {}", violations.front().invariant, violations.front().message)};
  }
  if (spice_total(s) != spice_total(reference)) {
    return LoadError{fmt::format("census: {} spice in the game, {} at the start", spice_total(s).value,
                                 spice_total(reference).value)};
  }
  return std::nullopt;
}

}  // namespace dune

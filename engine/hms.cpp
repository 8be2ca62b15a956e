// E1's Ixians: the Hidden Mobile Stronghold's placement (docs/rules/ixians.md §2.2, §4).
//
// - When (2 sources, [TO] and [DB]): turn 1, after the first storm has moved and E1's tech tokens
//   were dealt ([TO]: PositionFirstStorm, then the tokens, then PerformHmsPlacement), before the
//   Spice Blow. The Ixians alone decide; the choice is public.
// - Where (one source, [TO] PerformHmsPlacement.ValidLocations): a map cell of a territory that is
//   not a stronghold, out of the storm. The Polar Sink is allowed ([TO] has no exception, and a
//   third-party Q&A agrees): the README's rules-status row lists it as our reading.
// - What: the stronghold, with the 3 Suboids and 3 Cyborgs set in it at setup, hangs on that cell
//   from now on (BoardState::hms_host): its one neighbour, a territory step away (movement.cpp),
//   a stronghold for victory (mentat.cpp) and for occupancy, and only the Ixians ship into it
//   (shipment_movement.cpp check_destination).
#include "engine/hms.h"

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"

namespace dune {
namespace {

bool hms_cell_allowed(const GameState& state, CellId c) {
  return index(c) < kMapCellCount && !is_stronghold(cell_info(c).territory) && !cell_in_storm(state, c);
}

}  // namespace

bool hms_placement_due(const GameState& state) {
  return in_play(state, Faction::Ixians) && state.turn == 1 && state.phase == Phase::Storm && !hms_on_board(state);
}

std::vector<Seat> awaited_hms(const GameState& state) {
  const auto ixians = state.seat_of(Faction::Ixians);
  return ixians ? std::vector<Seat>{*ixians} : std::vector<Seat>{};
}

std::vector<Command> candidates_hms(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.faction_of(seat) != Faction::Ixians) return out;
  for (std::size_t i = 0; i < kMapCellCount; ++i) {
    if (hms_cell_allowed(state, cell_at(i))) out.push_back(PlaceHms{cell_at(i)});
  }
  return out;
}

std::optional<Rejection> validate_hms(const GameState& state, Seat seat, const Command& c) {
  const auto* p = std::get_if<PlaceHms>(&c);
  if (!p) return reject(RejectCode::WrongPhase, "the Ixians place their Hidden Mobile Stronghold now (PlaceHms)");
  if (state.faction_of(seat) != Faction::Ixians) {
    return reject(RejectCode::NotYourTurn, "only the Ixians place their Hidden Mobile Stronghold");
  }
  if (index(p->to) >= kMapCellCount) return reject(RejectCode::IllegalChoice, "cell {} is not a cell of the map", p->to.value);
  const TerritoryId t = cell_info(p->to).territory;
  if (is_stronghold(t)) {
    return reject(RejectCode::IllegalChoice, "{} is a stronghold: the Hidden Mobile Stronghold hangs on any other territory (ixians.md §2.2)",
                  to_string(t));
  }
  if (cell_in_storm(state, p->to)) {
    return reject(RejectCode::StormBlocked, "{} is in sector {}, in the storm: the Hidden Mobile Stronghold is placed out of it (ixians.md §2.2)",
                  to_string(t), cell_info(p->to).sector->value);
  }
  return std::nullopt;
}

void apply_hms(GameState& state, Seat seat, const Command& c) {
  CellId to = std::get<PlaceHms>(c).to;
  if (mutant_active(Mutant::HmsPlacedInFirstCell)) to = std::get<PlaceHms>(candidates_hms(state, seat).front()).to;
  state.board.hms_host = to;
  end_phase(state);  // the Storm phase ends (the Spice Blow, or an Amal window, comes next)
}

}  // namespace dune

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
// - Movement (§4.1, 2 sources, [TO] and [DB]): after turn 1, as the Storm phase starts, before the
//   dials and the Fremen's storm card, when Ixian forces (any kind) are inside and its host is not
//   in storm ([DB] hmsUnderStorm), the Ixians may move it up to 3 territories, each step into a
//   territory that is not a stronghold, never into or through a sector in storm. One command
//   names where it ends (MoveHms), or Pass keeps it: the digest's step-by-step moves differ only in
//   the spice collected while moving (open questions Q2, Q3: not built), and with one command the
//   reach is the cells within 3 territories over such sectors, another cell of the host's own
//   territory included ([TO]'s steps count such a cell, open question Q8: within reach either
//   way). Every force inside moves with it.
// - Karama (§7.2, one source, [TO] GreyMovingHms, which a Karama prevents): another seat's standing
//   order meets the Ixians' MoveHms: the card is spent, the HMS stays where it is and the Storm
//   phase goes on (no retake: without the ability the Ixians have no move to make).
#include "engine/hms.h"

#include <array>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/shipment_movement.h"

namespace dune {
namespace {

bool hms_cell_allowed(const GameState& state, CellId c) {
  return index(c) < kMapCellCount && !is_stronghold(cell_info(c).territory) && !cell_in_storm(state, c);
}

// How far the HMS may move: 3 territories (4 under the mutant).
int hms_reach() { return mutant_active(Mutant::HmsMovesFourTerritories) ? 4 : 3; }

// Why the HMS may not end its move on `to`, or nullopt; `crossed`: territories_crossed_outside_strongholds
// from its host, computed once by the caller.
std::optional<Rejection> check_hms_move(const GameState& state, CellId to, const std::array<int, kCellCount>& crossed) {
  const CellId host = *state.board.hms_host;
  if (index(to) >= kMapCellCount) return reject(RejectCode::IllegalChoice, "cell {} is not a cell of the map", to.value);
  if (to == host) return reject(RejectCode::IllegalChoice, "the Hidden Mobile Stronghold is there already: pass to keep it");
  if (is_stronghold(cell_info(to).territory) && !mutant_active(Mutant::HmsMovesIntoStronghold)) {
    return reject(RejectCode::IllegalChoice, "{} is a stronghold: the Hidden Mobile Stronghold moves through other territories only (ixians.md §4.1)",
                  to_string(cell_info(to).territory));
  }
  if (cell_in_storm(state, to)) return reject(RejectCode::StormBlocked, "{} is in the storm (ixians.md §4.1)", to_string(cell_info(to).territory));
  if (crossed[index(to)] > hms_reach()) {
    return reject(RejectCode::NotAdjacent, "{} is more than 3 territories away through territories that are not strongholds, out of the storm (ixians.md §4.1)",
                  to_string(cell_info(to).territory));
  }
  return std::nullopt;
}

}  // namespace

bool hms_placement_due(const GameState& state) {
  return in_play(state, Faction::Ixians) && state.turn == 1 && state.phase == Phase::Storm && !hms_on_board(state);
}

bool hms_move_offered(const GameState& state) {
  return hms_on_board(state) && in_play(state, Faction::Ixians) && forces_in_cell(state, Faction::Ixians, kHmsCell) > ForceCount{0} &&
         !cell_in_storm(state, *state.board.hms_host);
}

std::vector<Seat> awaited_hms(const GameState& state) {
  const auto ixians = state.seat_of(Faction::Ixians);
  return ixians ? std::vector<Seat>{*ixians} : std::vector<Seat>{};
}

std::vector<Command> candidates_hms(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.faction_of(seat) != Faction::Ixians) return out;
  if (state.step == Step::HmsMovement) {
    out.push_back(Pass{});
    const auto crossed = shipment_movement::territories_crossed_outside_strongholds(state, *state.board.hms_host);
    for (std::size_t i = 0; i < kMapCellCount; ++i) {
      if (!check_hms_move(state, cell_at(i), crossed)) out.push_back(MoveHms{cell_at(i)});
    }
    return out;
  }
  for (std::size_t i = 0; i < kMapCellCount; ++i) {
    if (hms_cell_allowed(state, cell_at(i))) out.push_back(PlaceHms{cell_at(i)});
  }
  return out;
}

std::optional<Rejection> validate_hms(const GameState& state, Seat seat, const Command& c) {
  if (state.step == Step::HmsMovement) {
    if (state.faction_of(seat) != Faction::Ixians) return reject(RejectCode::NotYourTurn, "only the Ixians move their Hidden Mobile Stronghold");
    if (std::holds_alternative<Pass>(c)) return std::nullopt;
    const auto* m = std::get_if<MoveHms>(&c);
    if (!m) return reject(RejectCode::WrongPhase, "the Ixians may move their Hidden Mobile Stronghold now (MoveHms), or pass");
    return check_hms_move(state, m->to, shipment_movement::territories_crossed_outside_strongholds(state, *state.board.hms_host));
  }
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
  if (state.step == Step::HmsMovement) {
    const auto* m = std::get_if<MoveHms>(&c);
    const bool cancelled = m && karama_cancels(state, seat, KaramaAbility::IxiansHmsMovement) &&
                           !mutant_active(Mutant::KaramaCancelHmsMovementStands);
    if (m && !cancelled) state.board.hms_host = m->to;
    continue_storm(state);  // the dials, or the storm card revealed
    return;
  }
  CellId to = std::get<PlaceHms>(c).to;
  if (mutant_active(Mutant::HmsPlacedInFirstCell)) to = std::get<PlaceHms>(candidates_hms(state, seat).front()).to;
  state.board.hms_host = to;
  end_phase(state);  // the Storm phase ends (the Spice Blow, or an Amal window, comes next)
}

}  // namespace dune

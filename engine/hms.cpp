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
//   territory that is not a stronghold, never into or through a sector in storm. Every force inside
//   moves with it. Pass keeps it.
//   - With Options::hms_spice Off, one command names where it ends (MoveHms): the reach is the
//     cells within 3 territories over such sectors, another cell of the host's own territory
//     included ([TO]'s steps count such a cell, open question Q8: within reach either way).
//   - With a reading of the spice it takes while moving (§4.2, open questions Q2, Q3; both engines
//     move it so), it moves by steps: each MoveHms is one step to a cell within 1 territory
//     (another cell of its host's territory is a step, Q8 as [TO]), up to 3; Pass ends the move.
//     Each step takes spice by the reading (model/options.h HmsSpice), from a board cell to the
//     Ixians' supply. BoardState::hms_path keeps the cells the move has visited. [DB] takes its
//     spice once the move ends, from each distinct cell visited; taking it as each new cell is
//     entered (the start with the first step) takes the same, as nothing else happens between the
//     steps of a move.
// - Karama (§7.2, one source, [TO] GreyMovingHms, which a Karama prevents): another seat's standing
//   order meets the Ixians' MoveHms: the card is spent, the HMS stays where it is and the Storm
//   phase goes on (no retake: without the ability the Ixians have no move to make). With the PerStep
//   reading, a Pass that takes spice from the host is the same ability used, and meets the order.
// - The Ixians' Karama power (§7.1, one source, [TO] KarmaHmsMovement): up to 2 territories in their
//   own Shipment and Movement action, by the same rules; by steps with a reading on, the move under
//   way ending with any other decision of that step (apply_shipment_movement clears the path).
#include "engine/hms.h"

#include <algorithm>
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

// How far the HMS may move: in the Storm phase 3 territories (4 under the mutant), by the Ixians'
// Karama power 2 (3 under the mutant).
// By steps (a reading of the spice on), each is also the most steps of a move.
int storm_reach() { return mutant_active(Mutant::HmsMovesFourTerritories) ? 4 : 3; }
int karama_reach() { return mutant_active(Mutant::IxKaramaHmsThreeTerritories) ? 3 : 2; }

bool by_steps(const GameState& state) { return state.options.hms_spice != HmsSpice::Off; }
int steps_made(const GameState& state) { return state.board.hms_path.empty() ? 0 : static_cast<int>(state.board.hms_path.size()) - 1; }
// How far one command moves it: a step, or the whole move.
int command_reach(const GameState& state, int move_reach) { return by_steps(state) ? 1 : move_reach; }

// 2 spice a force inside: the Ixians' (PerStep, [TO]) or every faction's but Bene Gesserit
// advisors (PerVisit, [DB]).
Spice hms_rate(const GameState& state) {
  const std::size_t hms = index(kHmsCell);
  int forces = 0;
  for (Faction f : state.options.factions) {
    if (state.options.hms_spice == HmsSpice::PerStep && f != Faction::Ixians) continue;
    if (f == Faction::BeneGesserit && state.board.advisors[index(cell_info(kHmsCell).territory)]) continue;
    forces += state.board.normal[hms][index(f)].value + state.board.special[hms][index(f)].value;
  }
  return Spice{2 * forces};
}

Spice hms_take(const GameState& state, CellId cell) { return std::min(hms_rate(state), state.board.spice[index(cell)]); }

// The Ixians take the rate from `cell`, capped by the spice there.
void take_hms_spice(GameState& state, CellId cell) {
  const Spice taken = hms_take(state, cell);
  state.board.spice[index(cell)] -= taken;
  state.seat(*state.seat_of(Faction::Ixians)).spice += mutant_active(Mutant::HmsSpiceUncapped) ? hms_rate(state) : taken;
}

// One step of a move by steps to `to`: the spice by the reading, the host moved, the path grown.
void hms_step(GameState& state, CellId to) {
  std::vector<CellId>& path = state.board.hms_path;
  const CellId from = *state.board.hms_host;
  const bool first = path.empty();
  if (first) path.push_back(from);
  if (state.options.hms_spice == HmsSpice::PerStep) {  // the cell left and the cell entered
    take_hms_spice(state, from);
    if (!mutant_active(Mutant::HmsSpiceFromCellLeftOnly)) take_hms_spice(state, to);
  } else {  // each distinct cell the move visits, its start with the first step
    if (first) take_hms_spice(state, from);
    if (std::ranges::find(path, to) == path.end()) take_hms_spice(state, to);
  }
  path.push_back(to);
  state.board.hms_host = to;
}

// Why the HMS may not end a move of up to `reach` territories on `to`, or nullopt; `crossed`:
// territories_crossed_outside_strongholds from its host, computed once by the caller.
std::optional<Rejection> check_hms_move(const GameState& state, CellId to, const std::array<int, kCellCount>& crossed, int reach) {
  const CellId host = *state.board.hms_host;
  if (index(to) >= kMapCellCount) return reject(RejectCode::IllegalChoice, "cell {} is not a cell of the map", to.value);
  if (to == host) return reject(RejectCode::IllegalChoice, "the Hidden Mobile Stronghold is there already");
  if (is_stronghold(cell_info(to).territory) && !mutant_active(Mutant::HmsMovesIntoStronghold)) {
    return reject(RejectCode::IllegalChoice, "{} is a stronghold: the Hidden Mobile Stronghold moves through other territories only (ixians.md §4.1)",
                  to_string(cell_info(to).territory));
  }
  if (cell_in_storm(state, to)) return reject(RejectCode::StormBlocked, "{} is in the storm (ixians.md §4.1)", to_string(cell_info(to).territory));
  if (crossed[index(to)] > reach) {
    return reject(RejectCode::NotAdjacent, "{} is more than {} territories away through territories that are not strongholds, out of the storm (ixians.md "
                  "§4.1: 3 in the Storm phase, §7.1: 2 by Karama)", to_string(cell_info(to).territory), reach);
  }
  return std::nullopt;
}

// The HMS cells within `reach` of its host, in cell order.
std::vector<CellId> hms_destinations(const GameState& state, int reach) {
  std::vector<CellId> out;
  const auto crossed = shipment_movement::territories_crossed_outside_strongholds(state, *state.board.hms_host);
  for (std::size_t i = 0; i < kMapCellCount; ++i) {
    if (!check_hms_move(state, cell_at(i), crossed, reach)) out.push_back(cell_at(i));
  }
  return out;
}

// The Ixians' Karama power is theirs to use now: Advanced Karama, unused (or used, under the
// mutant), their own Shipment or Movement action with nothing else pending, a Karama in hand, the
// HMS movable as in the Storm phase (placed, Ixian forces inside, its host out of the storm).
bool karama_hms_open(const GameState& state, Seat seat) {
  return state.options.rules.advanced_karama && state.faction_of(seat) == Faction::Ixians &&
         (!karama_power_used(state, Faction::Ixians) || mutant_active(Mutant::IxKaramaHmsTwice)) &&
         (state.step == Step::Shipment || state.step == Step::Movement) && shipment_movement::in_own_action(state, seat) &&
         karama_card(state, seat) && hms_move_offered(state) && state.board.hms_path.empty();
}

// A Karama move by steps is under way and may go on: the Ixians' own action, a step made, another left.
bool karama_steps_open(const GameState& state, Seat seat) {
  return by_steps(state) && !state.board.hms_path.empty() && state.faction_of(seat) == Faction::Ixians &&
         (state.step == Step::Shipment || state.step == Step::Movement) && shipment_movement::in_own_action(state, seat) &&
         steps_made(state) < karama_reach() && hms_move_offered(state);
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
    for (CellId to : hms_destinations(state, command_reach(state, storm_reach()))) out.push_back(MoveHms{to});
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
    return check_hms_move(state, m->to, shipment_movement::territories_crossed_outside_strongholds(state, *state.board.hms_host),
                          command_reach(state, storm_reach()));
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
    // The move's first decision uses the ability: a move, or (PerStep) a Pass taking spice there.
    const bool first = state.board.hms_path.empty();
    const bool takes = !m && first && state.options.hms_spice == HmsSpice::PerStep && hms_take(state, *state.board.hms_host) > Spice{0};
    const bool cancelled = first && (m || takes) && karama_cancels(state, seat, KaramaAbility::IxiansHmsMovement) &&
                           !mutant_active(Mutant::KaramaCancelHmsMovementStands);
    if (m && !cancelled) {
      if (!by_steps(state)) {
        state.board.hms_host = m->to;
      } else {
        hms_step(state, m->to);
        if (steps_made(state) < storm_reach()) return;  // the Ixians step on, or pass
      }
    }
    if (takes && !cancelled) take_hms_spice(state, *state.board.hms_host);
    state.board.hms_path.clear();
    continue_storm(state);  // the dials, or the storm card revealed
    return;
  }
  CellId to = std::get<PlaceHms>(c).to;
  if (mutant_active(Mutant::HmsPlacedInFirstCell)) to = std::get<PlaceHms>(candidates_hms(state, seat).front()).to;
  state.board.hms_host = to;
  end_phase(state);  // the Storm phase ends (the Spice Blow, or an Amal window, comes next)
}

void add_karama_hms_candidates(const GameState& state, Seat seat, std::vector<Command>& out) {
  if (!karama_steps_open(state, seat) && !karama_hms_open(state, seat)) return;
  for (CellId to : hms_destinations(state, command_reach(state, karama_reach()))) out.push_back(KaramaMoveHms{to});
}

std::optional<Rejection> validate_karama_hms(const GameState& state, Seat seat, const KaramaMoveHms& k) {
  const auto crossed = [&] { return shipment_movement::territories_crossed_outside_strongholds(state, *state.board.hms_host); };
  if (karama_steps_open(state, seat)) return check_hms_move(state, k.to, crossed(), 1);  // the move goes on
  if (!state.options.rules.advanced_karama) return reject(RejectCode::IllegalChoice, "the faction Karama powers are Advanced rules ([LR] 1.13.06)");
  if (state.faction_of(seat) != Faction::Ixians) {
    return reject(RejectCode::IllegalChoice, "only the Ixians move their Hidden Mobile Stronghold by their Karama power (one source: [TO])");
  }
  if (karama_power_used(state, Faction::Ixians) && !mutant_active(Mutant::IxKaramaHmsTwice)) {
    return reject(RejectCode::IllegalChoice, "the Ixians have used their Karama power: once a game ([LR] 1.14.00)");
  }
  if (!karama_card(state, seat)) return reject(RejectCode::IllegalChoice, "the Ixians Karama power needs a Karama card in hand ([LR] 1.14.00)");
  if (!shipment_movement::in_own_action(state, seat)) {
    return reject(RejectCode::NotYourTurn, "the Ixians move their stronghold by Karama in their own Shipment and Movement action (one source: [TO])");
  }
  if (!hms_move_offered(state)) {
    return reject(RejectCode::IllegalChoice, "the Hidden Mobile Stronghold moves with Ixian forces inside and its host out of the storm (ixians.md §4.1)");
  }
  return check_hms_move(state, k.to, crossed(), command_reach(state, karama_reach()));
}

void apply_karama_hms(GameState& state, Seat seat, const KaramaMoveHms& k) {
  const CellId to = mutant_active(Mutant::IxKaramaHmsFirstCell) ? hms_destinations(state, command_reach(state, karama_reach())).front() : k.to;
  if (state.board.hms_path.empty()) use_karama_power(state, seat, KaramaPower::IxiansHmsMovement, std::nullopt);
  if (!by_steps(state)) {
    state.board.hms_host = to;  // the forces inside move with it; the Ixians' action goes on
    return;
  }
  hms_step(state, to);
  if (steps_made(state) >= karama_reach()) state.board.hms_path.clear();  // the move is over
}

}  // namespace dune

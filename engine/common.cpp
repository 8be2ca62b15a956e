// Rule helpers shared by the phase modules.
#include <algorithm>

#include "engine/engine.h"
#include "engine/mutants.h"
#include "engine/internal.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

std::optional<Seat> GameState::seat_of(Faction f) const {
  for (std::size_t i = 0; i < options.factions.size(); ++i) {
    if (options.factions[i] == f) return Seat{static_cast<std::uint8_t>(i)};
  }
  return std::nullopt;
}

std::vector<Seat> all_seats(const GameState& state) {
  std::vector<Seat> out;
  out.reserve(state.seat_count());
  for (std::size_t i = 0; i < state.seat_count(); ++i) out.push_back(Seat{static_cast<std::uint8_t>(i)});
  return out;
}

std::vector<Seat> seats_not_answered(const GameState& state, const std::array<bool, kMaxSeats>& answered) {
  std::vector<Seat> out;
  out.reserve(state.seat_count());
  for (std::size_t i = 0; i < state.seat_count(); ++i) {
    if (!answered[i]) out.push_back(Seat{static_cast<std::uint8_t>(i)});
  }
  return out;
}

bool ask_card_holders(const GameState& state, std::array<bool, kMaxSeats>& answered) {
  bool any = false;
  for (Seat s : all_seats(state)) {
    answered[s.value] = state.seat(s).hand.empty();
    any = any || !answered[s.value];
  }
  return any;
}

bool in_play(const GameState& state, Faction f) { return state.seat_of(f).has_value(); }

std::optional<Faction> ally_of(const GameState& state, Faction f) {
  for (const Alliance& a : state.alliances) {
    if (a.a == f) return a.b;
    if (a.b == f) return a.a;
  }
  return std::nullopt;
}

// Player circle k sits at sector 3k; the first player is the first circle at or after the storm
// sector in the storm's direction. This reproduces [TO] PlayerSequence.DetermineFirstPlayer,
// ceil(storm × 6 / 18) mod 6 (fact sheet §1).
std::vector<Seat> storm_order(const GameState& state) {
  std::vector<Seat> seats = all_seats(state);
  const int storm = state.storm.sector.value;
  auto distance = [&](Seat s) {
    const int sector = 3 * state.options.player_circles[s.value];
    return (sector - storm + kSectorCount) % kSectorCount;
  };
  // A stable insertion sort: at most six seats, and std::stable_sort allocates a buffer.
  for (std::size_t i = 1; i < seats.size(); ++i) {
    for (std::size_t j = i; j > 0 && distance(seats[j]) < distance(seats[j - 1]); --j) std::swap(seats[j], seats[j - 1]);
  }
  return seats;
}

bool sector_in_storm(const GameState& state, Sector s) { return s == state.storm.sector; }

bool cell_in_storm(const GameState& state, CellId c) {
  const auto& sector = cell_info(c).sector;
  return sector && sector_in_storm(state, *sector);
}

bool hms_on_board(const GameState& state) { return state.board.hms_host.has_value(); }

bool cell_on_board(const GameState& state, CellId c) {
  return index(c) < kMapCellCount || (c == kHmsCell && hms_on_board(state));
}

bool cell_storm_protected(const GameState& state, CellId c) {
  const TerritoryId t = cell_info(c).territory;
  if (state.board.shield_wall_destroyed &&
      std::find(kShieldWallProtected.begin(), kShieldWallProtected.end(), t) != kShieldWallProtected.end()) {
    return false;  // Family Atomics: Imperial Basin, Arrakeen and Carthag lose protection (§2.1)
  }
  return territory_info(t).storm_protected;
}

ForceCount forces_in_cell(const GameState& state, Faction f, CellId c) {
  return state.board.normal[index(c)][index(f)] + state.board.special[index(c)][index(f)];
}

ForceCount forces_in_territory(const GameState& state, Faction f, TerritoryId t) {
  ForceCount n{};
  for (CellId c : cells_of(t)) n += forces_in_cell(state, f, c);
  return n;
}

std::vector<Faction> factions_in_territory(const GameState& state, TerritoryId t) {
  std::vector<Faction> out;
  for (Faction f : state.options.factions) {
    if (forces_in_territory(state, f, t) > ForceCount{0}) out.push_back(f);
  }
  return out;
}

std::vector<Faction> occupants(const GameState& state, TerritoryId t) {
  std::vector<Faction> out;
  for (Faction f : factions_in_territory(state, t)) {
    if (!(f == Faction::BeneGesserit && state.board.advisors[index(t)])) out.push_back(f);
  }
  return out;
}

// As membership of occupants(state, t), without building the list (a hot path of movement).
bool occupies(const GameState& state, Faction f, TerritoryId t) {
  if (f == Faction::BeneGesserit && state.board.advisors[index(t)]) return false;
  const auto& in_play = state.options.factions;
  return std::find(in_play.begin(), in_play.end(), f) != in_play.end() && forces_in_territory(state, f, t) > ForceCount{0};
}

bool occupancy_blocked(const GameState& state, Faction mover, TerritoryId t) {
  if (!is_stronghold(t)) return false;
  int others = 0;
  for (Faction f : occupants(state, t)) others += f != mover ? 1 : 0;
  return others >= 2;
}

std::optional<TreacheryCardId> card_in_hand(const SeatState& seat, std::string_view name) {
  for (TreacheryCardId id : seat.hand) {
    if (card_type(id).name == name) return id;
  }
  return std::nullopt;
}

bool treachery_card_in_game(const Options& options, TreacheryCardId card) {
  switch (treachery_set(card_type(card))) {
    case TreacherySet::Base: return true;
    case TreacherySet::E1PoisonBladeShieldSnooper: return options.cards.e1_poison_blade_shield_snooper;
    case TreacherySet::E1Amal: return options.cards.e1_amal;
    case TreacherySet::E1Battle: return options.cards.e1_battle;
    case TreacherySet::E1HarvesterThumper: return options.cards.e1_harvester_thumper;
    case TreacherySet::RicheseCache:  // with the Richese, who are not seated yet
    case TreacherySet::E3: return false;  // no option deals them yet
  }
  return false;
}

void discard_from_hand(GameState& state, Seat seat, TreacheryCardId card) {
  transfer(state.seat(seat).hand, state.treachery.discard, card);
}

void set_aside_from_hand(GameState& state, Seat seat, TreacheryCardId card) {
  transfer(state.seat(seat).hand, state.treachery.set_aside, card);
}

int hand_limit(const GameState& state, Seat s) { return faction_info(state.faction_of(s)).hand_limit - (mutant_active(Mutant::NexusCountsAgainstHandLimit) && state.nexus.held[s.value] ? 1 : 0); }

Spice total_spice_on_board(const GameState& state) {
  Spice n{};
  for (Spice s : state.board.spice) n += s;
  return n;
}

void pay_to_bank(GameState& state, Seat from, Spice amount) {
  state.seat(from).spice -= amount;
  state.bank += amount;
}

void pay_to_seat(GameState& state, Seat from, Seat to, Spice amount) {
  state.seat(from).spice -= amount;
  state.seat(to).spice += amount;
}

void receive_from_bank(GameState& state, Seat to, Spice amount) {
  state.bank -= amount;
  state.seat(to).spice += amount;
}

ForceLoss fremen_half_loss(ForceCount normal, ForceCount special) {
  const int loss = ((normal + special).value + 1) / 2;
  const ForceCount lost_normal{std::min(loss, normal.value)};
  return ForceLoss{lost_normal, ForceCount{loss - lost_normal.value}};
}

void destroy_forces(GameState& state, Faction f, CellId c, ForceCount normal, ForceCount special) {
  if (mutant_active(Mutant::DestroyedForcesVanish)) return void((state.board.normal[index(c)][index(f)] -= normal, state.board.special[index(c)][index(f)] -= special));
  transfer_forces(state, f, AtCell{c}, InTanks{}, normal, special);
}

}  // namespace dune

// Storm phase (fact sheet §3.3, §6.2 row 1): the storm dials (turn 1: 0..20 each; later: 1..3
// each, or the Fremen storm card in Advanced), the storm card window (Weather Control, Family
// Atomics), the sector-by-sector movement with its destruction, and the next storm card.
#include <algorithm>
#include <array>
#include <string_view>

#include "engine/engine.h"
#include "engine/hms.h"
#include "engine/mutants.h"
#include "engine/internal.h"
#include "model/cards.h"

namespace dune {
namespace {

constexpr int kFirstStormDialMax = 20;  // [LR] 0.16, [TO] StormDialled (turn 1: 0..20)
constexpr int kLaterDialMin = 1;        // [LR] 1.01.02, [TO] StormDialled (later: 1..3)
constexpr int kLaterDialMax = 3;
constexpr int kWeatherControlMax = 10;  // [DB] card text "0 to 10"; [LR] "1 through 10 or not move"
constexpr std::string_view kWeatherControl = "Weather Control";
constexpr std::string_view kFamilyAtomics = "Family Atomics";

struct DialRange {
  int min;
  int max;
};

DialRange dial_range(const GameState& state) {
  return state.turn == 1 ? DialRange{0, kFirstStormDialMax}
                         : DialRange{kLaterDialMin, kLaterDialMax};
}

// Advanced: the storm deck is used when the Fremen play ([LR] 2.04.13, [TO] UseStormDeck).
bool uses_storm_deck(const GameState& state) {
  return state.options.rules.fremen_storm_deck && in_play(state, Faction::Fremen);
}

// The seats that dial this turn, without repeats (public: the battle-wheel holders).
std::vector<Seat> storm_dialers(const GameState& state) {
  std::vector<Seat> out{state.storm.dialers[0]};
  if (state.storm.dialers[1] != state.storm.dialers[0]) out.push_back(state.storm.dialers[1]);
  return out;
}


bool is_shield_wall(CellId c) { return cell_info(c).territory == TerritoryId::ShieldWall; }

// Whether the storm lies between a cell of a territory next to the Shield Wall and the Wall: a
// walk through that territory's cells that never enters a sector in storm reaches a Shield Wall
// cell out of the storm. The cell itself must be out of the storm too, as before.
bool wall_reachable_without_storm(const GameState& state, CellId from) {
  const TerritoryId own = cell_info(from).territory;
  std::array<bool, kCellCount> seen{};
  std::vector<CellId> todo{from};
  seen[index(from)] = true;
  while (!todo.empty()) {
    const CellId c = todo.back();
    todo.pop_back();
    if (cell_in_storm(state, c)) continue;
    if (is_shield_wall(c)) return true;
    for (const CellLink& l : links_from(c)) {
      const TerritoryId t = cell_info(l.to).territory;
      if (seen[index(l.to)] || (t != own && t != TerritoryId::ShieldWall)) continue;
      seen[index(l.to)] = true;
      todo.push_back(l.to);
    }
  }
  return false;
}

// Family Atomics position ([LR] 3.01.07: "one or more Forces on the Shield Wall or a Territory
// adjacent to the Shield Wall with no storm between your Sector and the Wall"): forces on the
// Shield Wall, or in any sector of a territory adjacent to it (the territory table: Imperial
// Basin, False Wall East, The Minor Erg, Pasty Mesa, Hole In The Rock, Sihaya Ridge, Gara Kulon),
// not only in the cells that touch it, when no sector in storm separates them from the Wall.
bool in_position_for_atomics(const GameState& state, Faction f) {
  for (std::size_t i = 0; i < kCellCount; ++i) {
    const CellId c = cell_at(i);
    if (forces_in_cell(state, f, c) == ForceCount{0}) continue;
    if (is_shield_wall(c)) return true;
    if (territories_adjacent(cell_info(c).territory, TerritoryId::ShieldWall) && wall_reachable_without_storm(state, c)) {
      return true;
    }
  }
  return false;
}

// Whether the Fremen half losses stand for this storm movement ([LR] 2.04.16 ✷): asked of the
// Karama orders at the first Fremen forces the storm catches; a cancel covers the whole movement
// (our choice: one storm catching the Fremen is one use), whose Fremen losses are then full (1.01.03).
enum class HalfLossesUse : std::uint8_t { NotYetUsed, Half, Full };

// Fremen in Advanced lose half their forces, rounded up ([LR] 2.04.16, [TO] LossesToTake).
void storm_losses(GameState& state, Faction f, CellId c, HalfLossesUse& fremen) {
  const ForceCount normal = state.board.normal[index(c)][index(f)];
  const ForceCount special = state.board.special[index(c)][index(f)];
  if (normal + special == ForceCount{0}) return;
  if (f == Faction::Fremen && state.options.rules.fremen_storm_losses && fremen == HalfLossesUse::NotYetUsed) {
    const bool cancelled = karama_cancels(state, *state.seat_of(f), KaramaAbility::FremenStormLosses) &&
                           !mutant_active(Mutant::KaramaCancelStormLossesStands);
    fremen = cancelled ? HalfLossesUse::Full : HalfLossesUse::Half;
  }
  if (f != Faction::Fremen || !state.options.rules.fremen_storm_losses || mutant_active(Mutant::FremenFullStormLosses) ||
      fremen == HalfLossesUse::Full) {
    destroy_forces(state, f, c, normal, special);
    return;
  }
  const ForceLoss lost = fremen_half_loss(normal, special);
  destroy_forces(state, f, c, lost.normal, lost.special);
}

// The Bene Gesserit stance flag means nothing once no token is left in the territory.
void clear_empty_advisor_flags(GameState& state) {
  if (!in_play(state, Faction::BeneGesserit)) return;
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    if (forces_in_territory(state, Faction::BeneGesserit, territory_at(t)) == ForceCount{0}) {
      state.board.advisors[t] = false;
    }
  }
}

// A sector the storm enters: unprotected forces are destroyed, spice is removed ([LR] 1.01.03).
void storm_enters(GameState& state, Sector sector, HalfLossesUse& fremen) {
  for (std::size_t i = 0; i < kCellCount; ++i) {
    const CellId c = cell_at(i);
    if (cell_info(c).sector != sector) continue;  // the Polar Sink has no sector: never in storm
    if (!cell_storm_protected(state, c) || mutant_active(Mutant::StormKillsInRock)) {
      for (Faction f : state.options.factions) storm_losses(state, f, c, fremen);
    }
    if (!mutant_active(Mutant::StormSpiceVanishes)) state.bank += state.board.spice[i];  // back to the bank: the spice ledger stays exact
    state.board.spice[i] = Spice{0};
    if (mutant_active(Mutant::HmsStormedWithHost) && state.board.hms_host == c) {
      for (Faction f : state.options.factions) storm_losses(state, f, kHmsCell, fremen);
    }
  }
}

// Damage applies to each sector entered, not to the start sector (fact sheet §3.3: [TO]
// MoveStormAndDetermineNext and [DB] Territories.moveStorm; [LR] 1.01.03 says "starts in").
void move_storm(GameState& state, int sectors) {
  HalfLossesUse fremen = HalfLossesUse::NotYetUsed;
  for (int i = 0; i < sectors; ++i) {
    state.storm.sector =
        Sector{static_cast<std::uint8_t>((state.storm.sector.value + 1) % kSectorCount)};
    storm_enters(state, state.storm.sector, fremen);
  }
  clear_empty_advisor_flags(state);
}

// The storm moves; then the Fremen draw the next storm card, privately ([LR] 2.04.13–14).
void resolve_storm(GameState& state) {
  move_storm(state, *state.storm.movement);
  if (uses_storm_deck(state)) {
    request_chance(state, PendingChance{ChanceKind::StormCard, *state.seat_of(Faction::Fremen), 0});
    return;
  }
  end_phase(state);
}

// Whether a seat still answers in the window. Who is asked is fixed when the window opens (every
// seat holding cards then), so a card played meanwhile (Truthtrance) cannot strand the window.
bool window_awaits(const GameState& state, Seat s) { return !state.storm.window_done[s.value]; }

// The movement is known: after turn 1 the storm card window opens before the storm moves
// (fact sheet §3.3). Every seat with cards is asked, so the window reveals no holder.
void after_movement_known(GameState& state) {
  if (state.turn > 1) {
    state.step = Step::StormCardWindow;
    if (ask_card_holders(state, state.storm.window_done)) return;
  }
  resolve_storm(state);
}

int dial_sum(const GameState& state) {
  int sum = 0;
  for (Seat s : storm_dialers(state)) sum += *state.storm.dials[s.value];
  return sum;
}

std::optional<Rejection> validate_dial(const GameState& state, const Command& c) {
  const auto* d = std::get_if<DialStorm>(&c);
  if (!d) return reject(RejectCode::WrongPhase, "the storm dialers must dial the storm now");
  const DialRange range = dial_range(state);
  if (d->amount < range.min || d->amount > range.max) {
    return reject(RejectCode::IllegalChoice, "turn {} storm dials are {}..{}, not {} ([LR] {})",
                  state.turn, range.min, range.max, d->amount,
                  state.turn == 1 ? "0.16" : "1.01.02");
  }
  return std::nullopt;
}

std::optional<Rejection> validate_window(const GameState& state, Seat seat, const Command& c) {
  const SeatState& s = state.seat(seat);
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* w = std::get_if<PlayWeatherControl>(&c)) {
    if (!card_in_hand(s, kWeatherControl)) {
      return reject(RejectCode::IllegalChoice, "you hold no Weather Control card");
    }
    if (w->sectors > kWeatherControlMax) {
      return reject(RejectCode::IllegalChoice,
                    "Weather Control moves the storm 0..{} sectors, not {}", kWeatherControlMax,
                    w->sectors);
    }
    return std::nullopt;
  }
  if (std::holds_alternative<PlayFamilyAtomics>(c)) {
    if (!card_in_hand(s, kFamilyAtomics)) {
      return reject(RejectCode::IllegalChoice, "you hold no Family Atomics card");
    }
    if (!in_position_for_atomics(state, state.faction_of(seat))) {
      return reject(
          RejectCode::NotAdjacent,
          "Family Atomics needs your forces on the Shield Wall or next to it with no storm "
          "between ([LR] 3.01.07)");
    }
    return std::nullopt;
  }
  return reject(RejectCode::WrongPhase,
                "storm card window: play Weather Control, Family Atomics, or pass");
}

void play_weather_control(GameState& state, Seat seat, std::uint8_t sectors) {
  discard_from_hand(state, seat, *card_in_hand(state.seat(seat), kWeatherControl));
  state.storm.movement = sectors;  // instead of the dialed amount or the storm card
}

// Family Atomics ([LR] 3.01.07, [DB] Game.destroyShieldWall): every force on the Shield Wall goes
// to the Tanks, and Imperial Basin, Arrakeen and Carthag lose storm protection (common.cpp).
// "Set Aside this card": it leaves the game, so no reshuffle of the discard brings it back.
void play_family_atomics(GameState& state, Seat seat) {
  set_aside_from_hand(state, seat, *card_in_hand(state.seat(seat), kFamilyAtomics));
  for (std::size_t i = 0; i < kCellCount; ++i) {
    const CellId c = cell_at(i);
    if (!is_shield_wall(c)) continue;
    for (Faction f : state.options.factions) {
      destroy_forces(state, f, c, state.board.normal[i][index(f)],
                     state.board.special[i][index(f)]);
    }
  }
  state.board.shield_wall_destroyed = true;
  clear_empty_advisor_flags(state);
}

}  // namespace

void enter_storm(GameState& state) {
  state.storm.dials = {};
  state.storm.window_done = {};
  state.storm.movement.reset();
  // E1's Ixians may first move their stronghold (engine/hms.cpp), before the dials and before the
  // Fremen's storm card is revealed (ixians.md §4.1); their answer goes on with continue_storm.
  if (state.turn > 1 && hms_move_offered(state)) {
    state.step = Step::HmsMovement;
    return;
  }
  continue_storm(state);
}

void continue_storm(GameState& state) {
  state.step = Step::StormDial;
  if (state.turn == 1) {
    // The storm starts at the Storm Start sector; the seats nearest on either side dial ([LR]
    // 0.16).
    state.storm.sector = Sector{0};
    const std::vector<Seat> order = storm_order(state);
    state.storm.dialers = {order.front(), order.back()};
    return;
  }
  if (!uses_storm_deck(state)) return;  // Basic: the battle-wheel holders dial ([LR] 1.01.02)
  if (state.storm.next_card) {
    state.storm.movement = *state.storm.next_card;  // revealed now ([LR] 2.04.14)
    state.storm.next_card.reset();
    after_movement_known(state);
    return;
  }
  // No card was drawn last turn (the storm deck came into play): draw one now, face up.
  request_chance(state, PendingChance{ChanceKind::StormCard, *state.seat_of(Faction::Fremen), 0});
}

std::vector<Seat> awaited_storm(const GameState& state) {
  std::vector<Seat> out;
  if (state.step == Step::StormDial) {
    for (Seat s : storm_dialers(state)) {
      if (!state.storm.dials[s.value]) out.push_back(s);
    }
    return out;
  }
  if (state.step == Step::StormCardWindow) {
    for (Seat s : all_seats(state)) {
      if (window_awaits(state, s)) out.push_back(s);
    }
  }
  return out;
}

std::vector<Command> candidates_storm(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.step == Step::StormDial) {
    const DialRange range = dial_range(state);
    for (int a = range.min; a <= range.max; ++a)
      out.push_back(DialStorm{static_cast<std::uint8_t>(a)});
    return out;
  }
  out.push_back(Pass{});
  if (card_in_hand(state.seat(seat), kWeatherControl)) {
    for (int a = 0; a <= kWeatherControlMax; ++a)
      out.push_back(PlayWeatherControl{static_cast<std::uint8_t>(a)});
  }
  if (card_in_hand(state.seat(seat), kFamilyAtomics)) out.push_back(PlayFamilyAtomics{});
  return out;
}

std::optional<Rejection> validate_storm(const GameState& state, Seat seat, const Command& c) {
  if (state.step == Step::StormDial) return validate_dial(state, c);
  if (state.step == Step::StormCardWindow) return validate_window(state, seat, c);
  return reject(RejectCode::WrongPhase, "not a storm step");
}

void apply_storm(GameState& state, Seat seat, const Command& c) {
  if (state.step == Step::StormDial) {
    state.storm.dials[seat.value] = static_cast<std::uint8_t>(std::get<DialStorm>(c).amount);  // secret until both dialed
    if (!awaited_storm(state).empty()) return;
    state.storm.movement = static_cast<std::uint8_t>(dial_sum(state));
    after_movement_known(state);
    return;
  }
  // One response per seat ends its part in the window (a seat holding both cards plays one).
  state.storm.window_done[seat.value] = true;
  if (const auto* w = std::get_if<PlayWeatherControl>(&c))
    play_weather_control(state, seat, w->sectors);
  if (std::holds_alternative<PlayFamilyAtomics>(c)) play_family_atomics(state, seat);
  if (awaited_storm(state).empty()) resolve_storm(state);
}

// The storm card the Fremen drew: kept for next turn (private to the Fremen), or, when drawn at
// the start of this phase, the movement for this turn.
void on_storm_card(GameState& state, std::uint8_t value) {
  if (!state.storm.movement) {
    state.storm.movement = value;
    after_movement_known(state);
    return;
  }
  state.storm.next_card = value;
  end_phase(state);
}

}  // namespace dune

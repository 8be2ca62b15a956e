// The Fremen Nexus family (seed 000, Fremen row; "Delayed effects outlive card custody"):
//   Betrayal    suppress worm riding for this turn (a window as each worm is offered to ride), or
//               suppress the two-territory movement advantage during Shipment and Movement (a
//               window as the Fremen's Movement step begins). Each names the attempt it answers;
//               its receipt is a delayed effect that binds until the phase ends.
//   Cunning     a worm that appeared in a territory without forces lets a group of the Fremen
//               from one sand (desert) territory ride it elsewhere, respecting storm and
//               occupancy (the ride's own checks, [LR] 2.04.08, 1.06.05.09).
//   Secret Ally (Fremen absent) protect one's forces from a worm (a window as the worm appears,
//               awaiting the seats with forces there), or during Revival revive three forces free
//               beyond the limit (the Emperor card's revival, engine/nexus/plays.cpp).
// Windows open on public facts only: who holds *a* Nexus card, never which. The card's effects are
// not the Fremen's faction abilities: no Karama order cancels them (README "Nexus families").
#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"

namespace dune {

namespace {

constexpr NexusCardId kCard{Faction::Fremen};

// The family's windows outside battle (NexusState::window), told apart by the step they interrupt.
enum class Window : std::uint8_t { None, Ride, Movement, Worm };

Window open_window(const GameState& state) {
  if (state.nexus.window != Faction::Fremen) return Window::None;
  switch (state.step) {
    case Step::WormRide: return Window::Ride;
    case Step::Movement: return Window::Movement;
    case Step::SpiceBlow: return state.blow.worm_waiting ? Window::Worm : Window::None;
    default: return Window::None;
  }
}

bool owns_window(const GameState& state) { return open_window(state) != Window::None; }

bool has_forces_in(const GameState& state, Seat seat, TerritoryId t) {
  return forces_in_territory(state, state.faction_of(seat), t) > ForceCount{0};
}

// The one hidden-reaction policy: a Betrayal window awaits every seat but the Fremen holding *a*
// card; the Secret Ally worm window every seat holding one with forces where the worm appeared.
std::vector<Seat> awaited(const GameState& state) {
  std::vector<Seat> out;
  const Window w = open_window(state);
  const auto fremen = state.seat_of(Faction::Fremen);
  for (Seat s : all_seats(state)) {
    if (state.nexus.window_answered[s.value] || !holds_nexus_card(state, s)) continue;
    if (w == Window::Worm ? has_forces_in(state, s, *state.blow.worm_waiting) : s != fremen) out.push_back(s);
  }
  return out;
}

bool forces_on_planet(const GameState& state, Faction f) {
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    if (forces_in_territory(state, f, territory_at(i)) > ForceCount{0}) return true;
  }
  return false;
}

std::string worm_event(const GameState& state, TerritoryId t) {
  return fmt::format("worm in {}, pile {}, turn {}", to_string(t), state.blow.pile == 0 ? "A" : "B", state.turn);
}

// A Betrayal window's attempt: the worm offered to ride, or the Fremen's Movement step.
std::string attempt_named(const GameState& state) {
  if (open_window(state) == Window::Ride) {
    return fmt::format("worm ride attempt {} (worm in {})", state.nexus.window_attempt, to_string(state.blow.worm_rides.front()));
  }
  return fmt::format("two-territory movement attempt {} (the Fremen Movement)", state.nexus.window_attempt);
}

// ---- validation ----

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  const Window w = open_window(state);
  if ((w != Window::Ride && w != Window::Movement) || state.nexus.window_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Fremen Betrayal is played in its window: as a worm is offered to ride (riding "
                  "suppressed for the turn), or as the Fremen begin their Movement (two-territory movement suppressed) (seed 000)");
  }
  return plain_nexus_play(c, state.nexus.window_attempt);
}

std::optional<Rejection> validate_cunning(const GameState& state, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (state.step != Step::WormRide || state.nexus.window || state.blow.cunning_ride || !cunning_ride_offered(state)) {
    return reject(RejectCode::WrongPhase, "Fremen Cunning is played as a worm that appeared in a territory without forces is "
                  "offered to ride, with a Fremen group in another sand territory (seed 000)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate_secret_ally(const GameState& state, Seat seat, const PlayNexus& c) {
  // The revival reads its forces (validate_free_revival); the worm protection reads nothing more.
  if (auto r = plain_nexus_play(c, 0, state.step == Step::Revival ? kReadsRevival : kReadsNothing)) return r;
  if (state.step == Step::Revival) return validate_free_revival(state, seat, c);
  if (open_window(state) != Window::Worm || state.nexus.window_answered[seat.value] ||
      !has_forces_in(state, seat, *state.blow.worm_waiting)) {
    return reject(RejectCode::WrongPhase, "Fremen Secret Ally protects your forces as a worm appears where they are, or "
                  "revives three forces free during Revival (seed 000)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal: return validate_betrayal(state, seat, c);
    case NexusMode::Cunning: return validate_cunning(state, c);
    case NexusMode::SecretAlly: return validate_secret_ally(state, seat, c);
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  if (mode == NexusMode::SecretAlly && state.step == Step::Revival) return free_revival_candidates(state, seat, kCard);
  return plain_nexus_candidates(state, Faction::Fremen, mode);
}

// ---- application ----

// The window closes: the step it interrupted goes on (a worm devours, a ride or a Movement waits
// for the Fremen, or riding is over for the turn).
void close_window(GameState& state, Window w) {
  close_nexus_step_window(state);
  if (w == Window::Worm) nexus_worm_window_closed(state);
  if (w == Window::Ride) nexus_ride_window_closed(state);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  const Window w = open_window(state);
  switch (c.mode) {
    case NexusMode::Betrayal: {  // a delayed effect: its receipt binds until the phase ends
      const std::string event = w == Window::Ride ? worm_event(state, state.blow.worm_rides.front())
                                                  : fmt::format("Shipment and Movement, turn {}", state.turn);
      commit_nexus_play(state, seat, c, event, attempt_named(state), true);
      close_window(state, w);
      return;
    }
    case NexusMode::Cunning:  // a group of one sand territory may now ride this worm elsewhere
      commit_nexus_play(state, seat, c, worm_event(state, state.blow.worm_rides.front()), "");
      state.blow.cunning_ride = true;
      return;
    case NexusMode::SecretAlly:
      if (state.step == Step::Revival) {
        apply_free_revival(state, seat, c);
        return;
      }
      commit_nexus_play(state, seat, c, worm_event(state, *state.blow.worm_waiting), "");
      state.blow.worm_protected[seat.value] = true;
      state.nexus.window_answered[seat.value] = true;
      if (awaited(state).empty()) close_window(state, w);
      return;
  }
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (awaited(state).empty()) close_window(state, open_window(state));
}

// WormAppears: the Secret Ally window, the Fremen absent. WormRideOffered / MovementBegins (the
// Fremen's, with forces on the planet, not suppressed yet): a Betrayal window, a numbered attempt.
// PhaseEnds: the Betrayal receipts of this phase are consumed (their effect is over).
void on_hook(GameState& state, NexusHook hook) {
  const auto fremen = state.seat_of(Faction::Fremen);
  switch (hook) {
    case NexusHook::WormAppears:
      if (!fremen) open_nexus_step_window(state, Faction::Fremen, 0, awaited);
      return;
    case NexusHook::WormRideOffered:
      open_nexus_attempt_window(state, Faction::Fremen, awaited);
      return;
    case NexusHook::MovementBegins:
      if (!fremen || shipment_movement_seat(state) != *fremen || !forces_on_planet(state, Faction::Fremen) ||
          nexus_effect_binds(state, Faction::Fremen, NexusMode::Betrayal, Phase::ShipmentAndMovement)) {
        return;
      }
      open_nexus_attempt_window(state, Faction::Fremen, awaited);
      return;
    case NexusHook::PhaseEnds:
      consume_phase_receipts(state, Faction::Fremen);
      return;
    default:
      return;
  }
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry, NexusMode mode) { return nexus_play_in(entry, Faction::Fremen, mode); }

std::uint64_t riding_suppressed(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::Betrayal) && open_window(before) == Window::Ride ? 1 : 0;
}

std::uint64_t movement_suppressed(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::Betrayal) && open_window(before) == Window::Movement ? 1 : 0;
}

// A Betrayal window closed by passes: the Fremen ride or move as printed.
std::uint64_t betrayal_window_passed(const GameState& before, const LogEntry& entry, const GameState& after) {
  const auto* e = std::get_if<Envelope>(&entry);
  const Window w = open_window(before);
  return e && std::holds_alternative<Pass>(e->command) && (w == Window::Ride || w == Window::Movement) && !after.nexus.window ? 1 : 0;
}

// A delayed effect's receipt consumed as its phase ended.
std::uint64_t delayed_consumed(const GameState& before, const LogEntry&, const GameState& after) {
  std::uint64_t n = 0;
  for (std::size_t i = 0; i < before.nexus.receipts.size(); ++i) {
    const NexusReceipt& r = before.nexus.receipts[i];
    if (r.card == kCard && r.delayed && !r.consumed && after.nexus.receipts[i].consumed) ++n;
  }
  return n;
}

// A group carried by a Cunning ride (from a territory other than the worm's).
std::uint64_t cunning_ridden(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  const auto* r = e ? std::get_if<RideWorm>(&e->command) : nullptr;
  return r && before.blow.cunning_ride && !before.blow.worm_rides.empty() && r->from != before.blow.worm_rides.front() ? 1 : 0;
}

std::uint64_t worm_protection(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::SecretAlly) && before.step != Step::Revival ? 1 : 0;
}

constexpr std::array kBetrayalOpens{NexusHook::WormRideOffered, NexusHook::MovementBegins};
constexpr std::array kCunningOpens{NexusHook::WormRideOffered};
constexpr std::array kSecretAllyOpens{NexusHook::WormAppears};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal suppressed worm riding for the turn", 3,
                     "more games where the Fremen have forces where worms appear, and another seat holds the Fremen card",
                     riding_suppressed},
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal suppressed the two-territory movement", 3,
                     "more games where another seat holds the Fremen card as the Fremen begin their Movement", movement_suppressed},
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (the Fremen ride or move as printed)", 3,
                     "more games where seats holding a Nexus card meet the Fremen's rides and movement", betrayal_window_passed},
    NexusCoverageRow{NexusMode::Betrayal, "delayed suppression consumed as its phase ended", 3,
                     "more Betrayal plays of the Fremen card (its receipts end with the phase)", delayed_consumed},
    NexusCoverageRow{NexusMode::Cunning, "Cunning ride from another sand territory", 3,
                     "more games where the Fremen hold their card, with groups in the sand, when a worm finds no forces",
                     cunning_ridden},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally protected forces from a worm", 3,
                     "more games without the Fremen: the holder has forces in the sand when a worm appears", worm_protection},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally revived three forces", 3,
                     "more games without the Fremen: the holder has three forces in the Tanks at Revival", free_revival_made<Faction::Fremen>},
};

constexpr std::array kBlowStarts{
    NexusBlowStart{"betrayal", {Faction::Fremen, Faction::Harkonnen, Faction::Emperor}, 4, 1,
                   "the Harkonnen hold the Fremen card (Betrayal) as the Fremen may ride the worm", 0, 3, 0},
    NexusBlowStart{"cunning", {Faction::Fremen, Faction::Harkonnen, Faction::Emperor}, 4, 0,
                   "the Fremen hold their card (Cunning): the worm finds no forces, a Fremen group waits elsewhere", 0, 0, 3},
    NexusBlowStart{"secret-ally", {Faction::BeneGesserit, Faction::Harkonnen, Faction::Emperor}, 4, 1,
                   "the Harkonnen hold the Fremen card (Secret Ally, the Fremen absent) with forces where the worm appears", 2, 0, 0},
};

constexpr std::array kScopes{
    NexusScope{"fremen-worm",
               "turn 2's Spice Blow and Nexus with the Fremen card held as Betrayal (the Harkonnen, against a ride), as Cunning "
               "(the Fremen, a worm without forces) and as Secret Ally (the Harkonnen, forces where the worm appears)",
               {}, kBlowStarts},
};

constexpr std::array<std::string_view, 5> kMutants{"nexus-ride-suppression-ignored", "nexus-move-suppression-ignored",
                                                    "nexus-cunning-ride-from-anywhere", "nexus-full-worm-counted-empty",
                                                    "nexus-worm-protection-ignored"};

}  // namespace

extern const NexusFamily kFremenFamily{
    Faction::Fremen,
    "engine/nexus/fremen.cpp",
    {{{NexusMode::Betrayal, kBetrayalOpens, ""},
      {NexusMode::Cunning, kCunningOpens, ""},
      {NexusMode::SecretAlly, kSecretAllyOpens,
       "the revival is not offered when three forces cannot be revived (the Tanks, or the one-per-turn special cap), because "
       "the panel says three without an up-to (seed 003's reading of the same Emperor revival: short groups are open)"}}},
    on_hook,
    owns_window,
    awaited,
    pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"contract.fremen.betrayal", "contract.fremen.cunning", "contract.fremen.secret-ally"},
};

}  // namespace dune

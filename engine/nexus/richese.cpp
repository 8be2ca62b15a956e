// The Richese Nexus family (seed 000, Richese row). The Richese faction is not playable yet (setup
// refuses it), so no seat can play its card as Betrayal (the Richese seated) or Cunning (the
// Richese's own): those panels wait for the faction (model/nexus_registry.h).
//   Secret Ally (Richese absent) "replace normal shipping with a reserve shipment of up to five
//               forces priced as one": played in one's own Shipment, before shipping; the
//               shipping action is then one shipment from reserves of one to five forces, priced
//               as one force ([LR] 1.06.03: 1 into a stronghold, 2 elsewhere; the Guild's half
//               price for the Guild and its ally still halves it; the Fremen still send free),
//               paid to its payee as any shipment, never by Karama; no cross-shipment or shipment
//               back to reserves in its place. Its receipt is a delayed effect that binds until
//               the player's Movement begins (engine/shipment_movement.cpp reads it).
// The card's effect, not a Richese ability: no Karama cancels it.
#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/shipment_movement.h"

namespace dune {

namespace {

constexpr std::string_view kWaits =
    "the Richese faction is not playable yet: its Betrayal needs it seated and its Cunning its native player (setup refuses "
    "it; rules-status table)";

bool binding(const NexusReceipt& r) {
  return r.card.faction == Faction::Richese && r.mode == NexusMode::SecretAlly && r.delayed && !r.consumed;
}

// In its own Shipment, before shipping, nothing else pending (no window, flip, advisor or timing).
bool before_shipping(const GameState& state, Seat seat) {
  if (mutant_active(Mutant::NexusRicheseAfterShipping)) {
    return !state.nexus.window && (state.step == Step::Shipment || state.step == Step::Movement) &&
           shipment_movement::in_own_action(state, seat);
  }
  return !state.nexus.window && state.step == Step::Shipment && shipment_movement::in_own_action(state, seat);
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  if (c.mode != NexusMode::SecretAlly) {
    return reject(RejectCode::NotImplemented, "the Richese {} cannot be played: {}", to_string(c.mode), kWaits);
  }
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (!before_shipping(state, seat)) {
    return reject(RejectCode::WrongPhase, "Richese Secret Ally is played in your own Shipment, before you ship: it replaces that "
                  "shipping (seed 000)");
  }
  return std::nullopt;
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  if (mode != NexusMode::SecretAlly || !before_shipping(state, seat)) return {};
  return plain_nexus_candidates(state, Faction::Richese, mode);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  commit_nexus_play(state, seat, c, fmt::format("{} action, turn {}", to_string(state.faction_of(seat)), state.turn), "",
                    /*delayed=*/true);
}

// MovementBegins: the moving seat's shipping is over; PhaseEnds: none outlives its phase.
void on_hook(GameState& state, NexusHook hook) {
  if (hook != NexusHook::MovementBegins && hook != NexusHook::PhaseEnds) return;
  const Seat mover = shipment_movement_seat(state);
  for (NexusReceipt& r : state.nexus.receipts) {
    if (binding(r) && (hook == NexusHook::PhaseEnds || r.seat == mover)) r.consumed = true;
  }
}


// ---- for the gate and the explorer ----

// A shipment made under the card's receipt, of `least` forces or more.
template <int least>
std::uint64_t richese_shipment(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  const auto* ship = e ? std::get_if<Ship>(&e->command) : nullptr;
  if (!ship || (ship->normal + ship->special).value < least) return 0;
  return nexus_richese_shipper(before, e->seat) ? 1 : 0;
}

constexpr std::array kOpens{NexusHook::MovementBegins};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally reserve shipment priced as one", 3,
                     "more games without the Richese: the holder ships after playing the card", richese_shipment<1>},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally reserve shipment of two to five forces", 1,
                     "more games without the Richese: the holder ships several forces after playing the card", richese_shipment<2>},
};

constexpr std::array kShipmentStarts{
    NexusShipmentStart{"secret-ally", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 0,
                       "the Emperor holds the Richese card (Secret Ally, the Richese absent) with two forces in reserve",
                       {2, 0, 0}},
};

constexpr std::array kScopes{
    NexusScope{"richese-shipment",
               "turn 2's Shipment and Movement with the Richese card held as Secret Ally (the Emperor, the Richese absent): "
               "a reserve shipment of up to five forces priced as one",
               {}, {}, kShipmentStarts},
};

constexpr std::array<std::string_view, 3> kMutants{"nexus-richese-priced-per-force", "nexus-richese-group-unbounded",
                                                    "nexus-richese-after-shipping"};

}  // namespace

bool nexus_richese_shipper(const GameState& state, Seat seat) {
  return std::ranges::any_of(state.nexus.receipts, [&](const NexusReceipt& r) { return binding(r) && r.seat == seat; });
}

std::optional<Rejection> richese_shipping_replaced(const GameState& state, Seat seat) {
  if (!nexus_richese_shipper(state, seat)) return std::nullopt;
  return reject(RejectCode::IllegalChoice, "the Richese Secret Ally replaced your shipping with a shipment from reserves of up to "
                "five forces (seed 000): ship them, or pass");
}

extern const NexusFamily kRicheseFamily{
    Faction::Richese,
    "engine/nexus/richese.cpp",
    {{{NexusMode::Betrayal, {}, ""},
      {NexusMode::Cunning, {}, ""},
      {NexusMode::SecretAlly, kOpens, ""}}},
    on_hook,
    no_nexus_window,
    no_nexus_window_awaited,
    no_nexus_window_pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"", "", "contract.richese.secret-ally"},
};

}  // namespace dune

// The Spacing Guild Nexus family (seed 000, Spacing Guild row; "Delayed effects outlive card
// custody": the Guild's extra shipment):
//   Betrayal    take one entire shipment payment otherwise owed to the Guild or the bank, one's
//               own included: a window after each paid shipment (movement.invoice, a numbered
//               attempt) that every seat but the Guild holding *a* card answers; the play moves the
//               whole payment from its payee to the player. (The face's override of the Guild's
//               income for occupying Junction has no object here: Junction is an expansion
//               homeworld, not in the base game.)
//   Cunning     immediately after its own Shipment and Movement action, the Guild makes a second
//               shipment; that group cannot move unless Hajr permits it. Played in the Guild's own
//               action, the receipt is a delayed effect consumed as that action ends.
//   Secret Ally (Guild absent) in one's own Shipment, before shipping: Guild shipping prices for
//               this shipment, and cross-shipping or returning to reserves allowed as the shipping
//               action (movement.nexus_guild_rates; paid to the bank, the Guild absent).
// Windows open on public facts only: who holds *a* Nexus card, never which. The card's effects are
// not the Guild's faction abilities: no Karama order cancels them (README "Nexus families").
#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/shipment_movement.h"

namespace dune {

namespace {

constexpr NexusCardId kCard{Faction::SpacingGuild};

bool owns_window(const GameState& state) {
  return state.nexus.window == Faction::SpacingGuild && state.movement.invoice.has_value();
}

// The one hidden-reaction policy (plays.cpp).
std::vector<Seat> awaited(const GameState& state) { return betrayal_window_awaited(state, Faction::SpacingGuild); }

std::string payee_name(const GameState& state, const std::optional<Seat>& payee) {
  return payee ? std::string(to_string(state.faction_of(*payee))) : "the bank";
}

std::string invoice_named(const GameState& state) {
  const ShipmentInvoice& i = *state.movement.invoice;
  return fmt::format("shipment invoice {}: {} paid {} to {}", state.nexus.window_attempt, to_string(state.faction_of(i.payer)),
                     i.amount.value, payee_name(state, i.payee));
}

std::string action_event(const GameState& state) { return fmt::format("Shipment and Movement, turn {}", state.turn); }

// ---- validation ----

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  if (!owns_window(state) || state.nexus.window_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Spacing Guild Betrayal takes a shipment payment in its window, right after the "
                  "shipment is paid (seed 000)");
  }
  return plain_nexus_play(c, state.nexus.window_attempt);
}

// In its own Shipment and Movement action, nothing else pending (no window, flip, advisor or timing).
bool own_action(const GameState& state, Seat seat) {
  return !state.nexus.window && (state.step == Step::Shipment || state.step == Step::Movement) &&
         shipment_movement::in_own_action(state, seat);
}

std::optional<Rejection> validate_cunning(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (!own_action(state, seat) || state.movement.extra_shipment) {
    return reject(RejectCode::WrongPhase, "Spacing Guild Cunning is played in the Guild's own Shipment and Movement action: "
                  "its second shipment follows that action (seed 000)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate_secret_ally(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (!own_action(state, seat) || state.step != Step::Shipment || state.movement.nexus_guild_rates) {
    return reject(RejectCode::WrongPhase, "Spacing Guild Secret Ally is played in your own Shipment, before you ship (seed "
                  "000: Guild prices, cross-shipping or returning to reserves as the shipping action)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal: return validate_betrayal(state, seat, c);
    case NexusMode::Cunning: return validate_cunning(state, seat, c);
    case NexusMode::SecretAlly: return validate_secret_ally(state, seat, c);
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat, NexusMode mode) {
  return plain_nexus_candidates(state, Faction::SpacingGuild, mode);
}

// ---- application ----

void close_window(GameState& state) {
  close_nexus_step_window(state);
  nexus_invoice_window_closed(state);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal: {  // the whole payment, from its payee to the player
      const ShipmentInvoice i = *state.movement.invoice;
      commit_nexus_play(state, seat, c, action_event(state), invoice_named(state));
      if (!mutant_active(Mutant::NexusGuildPaymentNotTaken)) {
        if (i.payee) {
          pay_to_seat(state, *i.payee, seat, i.amount);
        } else {
          receive_from_bank(state, seat, i.amount);
        }
      }
      close_window(state);
      return;
    }
    case NexusMode::Cunning:  // a delayed effect: the second shipment as the action ends
      commit_nexus_play(state, seat, c, action_event(state), "", true);
      return;
    case NexusMode::SecretAlly:
      commit_nexus_play(state, seat, c, action_event(state), "");
      state.movement.nexus_guild_rates = seat;
      return;
  }
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (awaited(state).empty()) close_window(state);
}

// ShipmentPaid: the Betrayal window, the Guild seated (a numbered attempt: the invoice).
// ActionEnds: the Guild's own action ends with its Cunning receipt binding: it is consumed and
// the second shipment begins (the engine reads movement.extra_shipment).
void on_hook(GameState& state, NexusHook hook) {
  const auto guild = state.seat_of(Faction::SpacingGuild);
  if (hook == NexusHook::ShipmentPaid && guild) {
    open_nexus_attempt_window(state, Faction::SpacingGuild, awaited);
  }
  if (hook == NexusHook::ActionEnds && guild && shipment_movement_seat(state) == *guild) {
    for (NexusReceipt& r : state.nexus.receipts) {
      if (r.card == kCard && r.mode == NexusMode::Cunning && r.delayed && !r.consumed && r.turn == state.turn &&
          r.phase == Phase::ShipmentAndMovement) {
        r.consumed = true;
        state.movement.extra_shipment = true;
      }
    }
  }
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry, NexusMode mode) { return nexus_play_in(entry, Faction::SpacingGuild, mode); }

bool shipment(const LogEntry& entry) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && (std::holds_alternative<Ship>(e->command) || std::holds_alternative<CrossShip>(e->command) ||
               std::holds_alternative<ShipToReserves>(e->command));
}

std::uint64_t payment_taken(const GameState&, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::Betrayal) ? 1 : 0;
}

std::uint64_t second_shipment(const GameState& before, const LogEntry& entry, const GameState&) {
  return before.movement.extra_shipment && shipment(entry) ? 1 : 0;
}

std::uint64_t guild_rates_shipment(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  return shipment(entry) && before.movement.nexus_guild_rates == e->seat ? 1 : 0;
}

std::uint64_t cross_or_back(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  const bool kind = e && (std::holds_alternative<CrossShip>(e->command) || std::holds_alternative<ShipToReserves>(e->command));
  return kind && before.movement.nexus_guild_rates == e->seat ? 1 : 0;
}

constexpr std::array kShipmentPaid{NexusHook::ShipmentPaid};
constexpr std::array<NexusHook, 0> kInOwnAction{};  // Cunning and Secret Ally: in one's own action, no window

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal took a shipment payment", 3,
                     "more games where another seat than the Guild holds the Guild card as shipments are paid", payment_taken},
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (the payee keeps the payment)", 3,
                     "more games where seats holding a Nexus card see paid shipments", step_window_passed<owns_window>},
    NexusCoverageRow{NexusMode::Cunning, "Cunning second shipment made after the Guild's action", 3,
                     "more games where the Guild holds its card in Shipment and Movement", second_shipment},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally shipment at Guild rates", 3,
                     "more games without the Guild: the holder ships after playing the card", guild_rates_shipment},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally cross-shipped or shipped back to reserves", 1,
                     "more games without the Guild: the holder has forces on the board as it plays the card", cross_or_back},
};

constexpr std::array kShipmentStarts{
    NexusShipmentStart{"betrayal", {Faction::Emperor, Faction::Harkonnen, Faction::SpacingGuild}, 5, 1,
                       "the Harkonnen hold the Guild card (Betrayal) as the Emperor ships one force", {1, 0, 0}},
    NexusShipmentStart{"cunning", {Faction::SpacingGuild, Faction::Harkonnen, Faction::Emperor}, 5, 0,
                       "the Guild holds its card (Cunning) with one force to ship, in its first or its second shipment", {1, 0, 0}},
    NexusShipmentStart{"secret-ally", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 0,
                       "the Emperor holds the Guild card (Secret Ally, the Guild absent) with one force in reserve", {1, 0, 0}},
};

constexpr std::array kScopes{
    NexusScope{"guild-shipment",
               "turn 2's Shipment and Movement with the Spacing Guild card held as Betrayal (the Harkonnen, as the Emperor "
               "pays), as Cunning (the Guild, a second shipment) and as Secret Ally (the Emperor, Guild rates)",
               {}, {}, kShipmentStarts},
};

constexpr std::array<std::string_view, 4> kMutants{"nexus-guild-payment-not-taken", "nexus-guild-invoice-short",
                                                    "nexus-guild-second-group-moves", "nexus-guild-rates-not-given"};

}  // namespace

extern const NexusFamily kSpacingGuildFamily{
    Faction::SpacingGuild,
    "engine/nexus/guild.cpp",
    {{{NexusMode::Betrayal, kShipmentPaid, ""},
      {NexusMode::Cunning, kInOwnAction, ""},
      {NexusMode::SecretAlly, kInOwnAction, ""}}},
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
    {"contract.spacing-guild.betrayal", "contract.spacing-guild.cunning", "contract.spacing-guild.secret-ally"},
};

}  // namespace dune

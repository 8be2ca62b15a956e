// Shipment and Movement (fact sheet §6.2 row 6, §4.1, §5.2; [LR] 1.06, 2.06, 3.01): in storm
// order each seat makes one shipment (or passes), then one movement (or passes; movement.cpp).
// This file holds the turn order, the Advanced Guild timing and the Shipment step.
//
// Advanced Guild timing ([LR] 2.06.12–2.06.12.03, fact sheet §5.2 "may act at any point in storm
// order"), as public decisions: before each turn in storm order — its own place included — while
// the Guild has not acted, the Guild alone is awaited with {GuildActNow, Pass}. GuildActNow: the
// Guild takes its whole turn (shipment, then movement) now, then the turn it preceded begins
// (at its own place: its normal turn). Pass: it waits — before another seat's turn, that seat
// acts; at its own place, "Delay" ([LR] 2.06.12.03) skips it. A Guild that waited past every
// seat takes its turn after the last one.
//
// Ship As It Pleases You is marked ✷ before and after ([LR] 2.06.12): a Karama may prevent it
// (3.01.11.02, "before that faction uses that ability") and cancel a use (3.01.11.01). By the one
// policy (README "Karama"), a standing order GuildShipAsItPleases: one standing as the phase
// begins prevents the ability for this phase; one given during the phase cancels the Guild's next
// out-of-turn act (GuildActNow before its place, or its Delay). Either way the Guild retakes its
// turn in storm order, without the ability ([LR] 3.04): it takes its turn at its own place and is
// asked no timing decision for the rest of the phase.
#include <algorithm>

#include "engine/engine.h"
#include "engine/hms.h"
#include "engine/mutants.h"
#include "engine/internal.h"
#include "engine/tech_tokens.h"
#include "engine/nexus/family.h"
#include "engine/shipment_movement.h"
#include "engine/standing.h"
#include "model/cards.h"

namespace dune {
namespace shipment_movement {

bool valid_cell(CellId c) { return c.value < kCellCount; }

bool bg_advisors_in(const GameState& s, Faction f, TerritoryId t) {
  return f == Faction::BeneGesserit && s.board.advisors[index(t)];
}

std::optional<Rejection> check_group(ForceCount normal, ForceCount special) {
  if (normal < ForceCount{0} || special < ForceCount{0} || normal + special == ForceCount{0}) {
    return reject(RejectCode::IllegalChoice, "name at least one force, and no negative count");
  }
  return std::nullopt;
}

// Bene Gesserit tokens arriving in t match the Bene Gesserit tokens already there ([LR] 2.02.20),
// become fighters in an unoccupied territory ([LR] 2.02.14), else keep their side. The optional
// flips of [LR] 2.02.15–17 are decisions that follow the arrival (advisors.cpp).
bool arriving_as_advisors(const GameState& s, TerritoryId t, bool advisors) {
  if (forces_in_territory(s, Faction::BeneGesserit, t) > ForceCount{0}) return s.board.advisors[index(t)];
  const auto present = factions_in_territory(s, t);
  return present.empty() ? false : advisors;
}

void forget_empty_stance(GameState& s, TerritoryId t) {
  if (forces_in_territory(s, Faction::BeneGesserit, t) == ForceCount{0}) s.board.advisors[index(t)] = false;
}


}  // namespace shipment_movement

namespace {

using namespace shipment_movement;

// ---- turn order and Guild timing ------------------------------------------------------------

Seat guild_seat(const GameState& s) { return *s.seat_of(Faction::SpacingGuild); }

bool guild_timing(const GameState& s) {
  if (!s.options.rules.guild_shipment_timing || !in_play(s, Faction::SpacingGuild)) return false;
  // Prevented or cancelled this phase ([LR] 2.06.12 ✷, 3.01.11.01-02, 3.04): storm order.
  return !karama_cancelled_this_turn(s, guild_seat(s), KaramaAbility::GuildShipAsItPleases) ||
         mutant_active(Mutant::KaramaCancelGuildTimingStands);
}

// The Guild decides whether to act now before the turn at turn_index begins.
bool guild_deciding(const GameState& s) {
  const MovementState& m = s.movement;
  return guild_timing(s) && !m.guild_done && !m.guild_acting && !m.guild_waits && m.turn_index < s.seat_count();
}

Seat acting_seat(const GameState& s) {
  return s.movement.guild_acting ? guild_seat(s) : storm_order(s)[s.movement.turn_index];
}

// Starts the turn at turn_index: skips the Guild's own place once it has acted, lets a Guild that
// waited past every seat act last, and ends the phase after the last turn.
void begin_turn(GameState& s) {
  MovementState& m = s.movement;
  m.hajr_played = false;
  m.moves_made = 0;
  m.invoice.reset();
  m.nexus_guild_rates.reset();
  m.extra_shipment = false;
  m.guild_waits = false;
  s.step = Step::Shipment;
  if (guild_timing(s)) {
    const auto order = storm_order(s);
    while (m.turn_index < s.seat_count() && order[m.turn_index] == guild_seat(s) && m.guild_done) ++m.turn_index;
    if (m.turn_index >= s.seat_count() && !m.guild_done) {
      m.guild_acting = true;
      return;
    }
  }
  if (m.turn_index >= s.seat_count()) {
    universal_stewards(s);  // [LR] 2.02.21: before the Battle Phase
    end_phase(s);
  }
}

}  // namespace

// The acting seat's Movement step begins (after its shipment, or none): the one place, so the
// Nexus families hear of it once (the Fremen Betrayal's window, engine/nexus/fremen.cpp).
void begin_movement(GameState& s) {
  s.step = Step::Movement;
  nexus_hook(s, NexusHook::MovementBegins);
}

Seat shipment_movement_seat(const GameState& s) { return acting_seat(s); }

namespace {

void finish_turn(GameState& s, Seat seat) {
  // The Spacing Guild Nexus card's Cunning (seed 000): immediately after the Guild's Shipment and
  // Movement, a second shipment; its group cannot move unless Hajr permits it (the move this step
  // allows is spent: only a Hajr brings one).
  if (!s.movement.extra_shipment) {
    nexus_hook(s, NexusHook::ActionEnds);
    if (s.movement.extra_shipment) {
      s.movement.moves_made = mutant_active(Mutant::NexusGuildSecondGroupMoves) ? 0 : std::max<std::uint8_t>(s.movement.moves_made, 1);
      s.step = Step::Shipment;
      return;
    }
  }
  s.movement.extra_shipment = false;
  tank_forces_sharing_with_ally(s, seat);
  if (s.movement.guild_acting) {
    s.movement.guild_acting = false;
    s.movement.guild_done = true;
  } else {
    s.movement.turn_index += 1;
  }
  begin_turn(s);
}

// The Guild's out-of-turn act meets a Karama order ([LR] 2.06.12 ✷, 3.01.11.01): acting now
// before its own place (2.06.12.02) or its Delay at its place (2.06.12.03). Cancelled, the turn at
// turn_index goes on in storm order (at the Guild's place: the Guild's own turn, [LR] 3.04). Its
// act after a Delay completes that use and is not cancelled again (its place has passed).
bool guild_timing_cancelled(GameState& s, const Command& c) {
  const auto order = storm_order(s);
  const auto place = static_cast<std::size_t>(std::find(order.begin(), order.end(), guild_seat(s)) - order.begin());
  const std::size_t at = s.movement.turn_index;
  const bool out_of_turn = std::holds_alternative<GuildActNow>(c) ? at < place : at == place;
  return out_of_turn && karama_cancels(s, guild_seat(s), KaramaAbility::GuildShipAsItPleases) &&
         !mutant_active(Mutant::KaramaCancelGuildTimingStands);
}

void apply_guild_decision(GameState& s, const Command& c) {
  MovementState& m = s.movement;
  if (guild_timing_cancelled(s, c)) return;
  if (std::holds_alternative<GuildActNow>(c)) {
    m.guild_acting = true;  // ahead of schedule, or at its own place ([LR] 2.06.12.02)
  } else if (storm_order(s)[m.turn_index] == guild_seat(s)) {
    m.turn_index += 1;  // "Delay" at its own place ([LR] 2.06.12.03)
    begin_turn(s);
  } else {
    m.guild_waits = true;
  }
}

std::optional<Rejection> validate_guild_act_now(const GameState& s, Seat seat) {
  if (!guild_timing(s) || s.faction_of(seat) != Faction::SpacingGuild) {
    return reject(RejectCode::IllegalChoice,
                  "only the Spacing Guild, with the Advanced timing rule, chooses when to act ([LR] 2.06.12)");
  }
  return reject(RejectCode::WrongPhase, "the Guild chooses to act now only before a turn begins ([LR] 2.06.12)");
}

// ---- shipment -------------------------------------------------------------------------------

// The Spacing Guild Nexus card's Secret Ally (engine/nexus/guild.cpp, seed 000): its player ships
// at Guild rates, and may cross-ship or ship back to reserves, in this shipment. The card's effect,
// not the Guild's abilities: no Karama cancels it.
bool nexus_guild_shipper(const GameState& s, Faction f) {
  return s.movement.nexus_guild_rates && s.movement.nexus_guild_rates == s.seat_of(f) &&
         !mutant_active(Mutant::NexusGuildRatesNotGiven);
}

bool guild_rates(const GameState& s, Faction f) {
  return (f == Faction::SpacingGuild && !mutant_active(Mutant::GuildPaysFullPrice)) || ally_of(s, f) == Faction::SpacingGuild ||
         nexus_guild_shipper(s, f);
}

// Half-price shipping ([LR] 2.06.06, 2.06.09), unless a Karama cancelled it for the shipment this
// seat is retaking ([LR] 3.04).
bool half_price(const GameState& s, Faction f) {
  return guild_rates(s, f) && s.karama.retakes_at_full_price != s.seat_of(f);
}

// 1 spice per force into a stronghold, 2 elsewhere ([LR] 1.06.03.01); the Guild and its ally pay
// half, rounded up ([LR] 2.06.06, 2.06.09), and so does a Karama shipment (fact sheet §4.1 (b)).
Spice shipment_cost(const GameState& s, Faction f, TerritoryId to, ForceCount forces, bool karama = false) {
  const auto seat = s.seat_of(f);
  if (seat && nexus_richese_shipper(s, *seat) && !mutant_active(Mutant::NexusRichesePricedPerForce)) {
    forces = std::min(forces, ForceCount{1});  // "priced as one" (seed 000)
  }
  int cost = (is_stronghold(to) ? 1 : 2) * forces.value;
  if (karama || half_price(s, f)) cost = (cost + 1) / 2;
  return Spice{cost};
}

// 1 spice per 2 forces, rounded up (choice, as half-price shipping rounds up; [LR] 2.06.07).
Spice retreat_cost(ForceCount forces) { return Spice{(forces.value + 1) / 2}; }

// Payment goes to the Guild when it is in play; the Guild's own shipments go to the bank
// ([LR] 2.06.04), and so does a Karama shipment (fact sheet §4.1 (b)). Choice: a Guild ally's
// cross-shipment pays the Guild too, like any shipment.
std::optional<Seat> shipment_payee(const GameState& s, Seat seat, bool karama) {
  const auto guild = s.seat_of(Faction::SpacingGuild);
  if (karama || !guild || *guild == seat || mutant_active(Mutant::ShipmentPaidToBank)) return std::nullopt;
  return guild;
}

// The Guild's ✷ abilities in a shipment may meet a Karama ([LR] 3.01.11.01, karama.cpp). Half
// price ([LR] 2.06.06, 2.06.09) cancelled: the shipment does not happen and the shipper retakes it
// at full price ([LR] 3.04); false then. A Karama shipment is at Guild rates by the card, not by
// the ability ([LR] 3.01.11.03), so it is not a use of it.
bool half_price_stands(GameState& s, Seat seat, bool karama) {
  if (karama || !half_price(s, s.faction_of(seat)) || nexus_guild_shipper(s, s.faction_of(seat))) return true;
  if (!karama_cancels(s, seat, KaramaAbility::HalfPriceShipping)) return true;
  if (mutant_active(Mutant::KaramaCancelGuildAbilityStands)) return true;
  s.karama.retakes_at_full_price = seat;
  return false;
}

// The payment to the Guild ([LR] 2.06.04) cancelled: this shipment is paid to the bank.
std::optional<Seat> karama_checked_payee(GameState& s, Seat seat, bool karama, Spice cost) {
  const std::optional<Seat> payee = shipment_payee(s, seat, karama);
  if (payee && cost > Spice{0} && karama_cancels(s, *payee, KaramaAbility::GuildPaymentForShipment) &&
      !mutant_active(Mutant::KaramaCancelGuildAbilityStands)) {
    return std::nullopt;
  }
  return payee;
}

void pay(GameState& s, Seat from, Spice amount, std::optional<Seat> payee) {
  if (amount == Spice{0}) return;
  if (payee) {
    pay_to_seat(s, from, *payee, amount);
  } else {
    pay_to_bank(s, from, amount);
  }
}

// The shipper's own spice pays first; its ally's permitted spice covers the rest (choice: the
// command names no split; [TO] lets the shipper choose it). What the ally paid comes off the
// ally's permission, as [TO] DecreasePermittedUseOfAllySpice does.
void pay_for_shipment(GameState& s, Seat seat, Spice cost, std::optional<Seat> payee) {
  // The invoice a Spacing Guild Nexus Betrayal may take (after_shipment opens its window).
  if (cost > Spice{0}) {
    const Spice shown = mutant_active(Mutant::NexusGuildInvoiceShort) && cost > Spice{1} ? cost - Spice{1} : cost;
    s.movement.invoice = ShipmentInvoice{seat, shown, payee, false, CellId{}};
  }
  const Spice own = std::min(cost, s.seat(seat).spice);
  pay(s, seat, own, payee);
  const Spice from_ally = cost - own;
  if (from_ally == Spice{0}) return;
  const Seat ally = *s.seat_of(*ally_of(s, s.faction_of(seat)));
  pay(s, ally, from_ally, payee);
  s.seat(ally).ally_spice_limit -= from_ally;
}

// The shipper's own spice and what its ally lets it spend ([LR] 1.06.03, 2.06.09).
Spice shipment_budget(const GameState& s, Seat seat) { return s.seat(seat).spice + ally_spice_available(s, seat); }

std::optional<Rejection> check_payment(const GameState& s, Seat seat, Spice cost, ForceCount forces) {
  const Spice budget = shipment_budget(s, seat);
  if (cost > budget) {
    const Spice own = s.seat(seat).spice;
    return reject(RejectCode::InsufficientSpice,
                  "shipping {} forces costs {} spice; you have {} and your ally lets you spend {} ([LR] 1.06.03)",
                  forces.value, cost.value, own.value, (budget - own).value);
  }
  return std::nullopt;
}

// Advanced Fremen may send their reserves into the storm, at half loss ([LR] 2.04.17); not in the
// retake of a sending whose storm migration a Karama cancelled this turn ([LR] 3.04).
bool storm_migration(const GameState& s, Faction f, CellId to) {
  if (f != Faction::Fremen || !s.options.rules.fremen_storm_losses || !cell_in_storm(s, to)) return false;
  const auto fremen = s.seat_of(f);
  return !(fremen && karama_cancelled_this_turn(s, *fremen, KaramaAbility::FremenStormMigration));
}

// `sending`: the Fremen send their reserves, the only shipment their storm migration applies to
// ([LR] 2.04.17 "Send"); a cross-ship is the Guild's ability (2.06.05.02, 2.06.10), bound by
// 1.06.03.04 like any other shipment.
std::optional<Rejection> check_destination(const GameState& s, Faction f, CellId to, bool sending) {
  const TerritoryId t = cell_info(to).territory;
  if (!cell_on_board(s, to)) return reject(RejectCode::IllegalChoice, "the Hidden Mobile Stronghold is not on the board");
  // Only the Ixians ship into their stronghold, by Karama too; no cross-ship, not their ally (ixians.md §4; the ally: [TO], Q9).
  const bool hms_shut = t == TerritoryId::HiddenMobileStronghold && f != Faction::Ixians && !mutant_active(Mutant::HmsOpenToEveryShipper);
  if (hms_shut) return reject(RejectCode::IllegalChoice, "only the Ixians ship into their Hidden Mobile Stronghold (E1; ixians.md §4)");
  if (cell_in_storm(s, to) && !(sending && storm_migration(s, f, to)) && !mutant_active(Mutant::ShipIntoStormAllowed)) {
    const bool cancelled = sending && f == Faction::Fremen && s.options.rules.fremen_storm_losses;
    return reject(RejectCode::StormBlocked, "no shipment into a sector in storm ([LR] 1.06.03.04{}): {} is in sector {}",
                  cancelled ? "; a Karama cancelled the Fremen storm migration this turn, 2.04.17, 3.04" : "",
                  to_string(t), cell_info(to).sector->value);
  }
  if (occupancy_blocked(s, f, t)) {
    return reject(RejectCode::OccupancyLimit, "{} already holds forces of two other factions ([LR] 1.06.03.05)",
                  to_string(t));
  }
  // Advanced: Bene Gesserit ship fighters, never into a territory holding their advisors ([LR] 2.02.13).
  if (bg_advisors_in(s, f, t) && forces_in_territory(s, f, t) > ForceCount{0}) {
    return reject(RejectCode::IllegalChoice,
                  "Bene Gesserit ship fighters and cannot ship into {}, where their advisors are ([LR] 2.02.13)",
                  to_string(t));
  }
  return std::nullopt;
}

std::optional<Rejection> check_karama(const GameState& s, Seat seat) {
  if (s.faction_of(seat) == Faction::Fremen) {
    return reject(RejectCode::NotImplemented,
                  "a Fremen Karama shipment from off-planet is not implemented: Fremen reserves are on Dune "
                  "([LR] 2.04.03) and no source says how Karama applies to them");
  }
  if (!karama_card(s, seat)) {
    return reject(RejectCode::IllegalChoice, "a Karama shipment needs a Karama card in hand (fact sheet §4.1 (b))");
  }
  return std::nullopt;
}

// Where a shipment from reserves may land, whatever it carries (a valid cell).
std::optional<Rejection> check_ship_destination(const GameState& s, Faction f, CellId to) {
  if (f == Faction::Fremen) {
    // Fremen reserves are on Dune: they send for free, only near The Great Flat ([LR] 2.04.03, 2.04.05).
    const TerritoryId t = cell_info(to).territory;
    if (!territory_info(t).fremen_free_ship) {
      return reject(RejectCode::IllegalChoice,
                    "Fremen send reserves only onto The Great Flat or a territory within 2 of it ([LR] 2.04.05), "
                    "not {}", to_string(t));
    }
    return check_destination(s, f, to, true);
  }
  return check_destination(s, f, to, false);
}

std::optional<Rejection> validate_ship(const GameState& s, Seat seat, const Ship& c) {
  const Faction f = s.faction_of(seat);
  if (c.karama) {
    if (auto r = check_karama(s, seat)) return r;
  }
  if (!valid_cell(c.to)) return reject(RejectCode::IllegalChoice, "no such cell");
  if (auto r = check_group(c.normal, c.special)) return r;
  if (nexus_richese_shipper(s, seat)) {
    if (c.karama) return reject(RejectCode::IllegalChoice, "the Richese Secret Ally's shipment is paid in spice, not by Karama (seed 000)");
    if (c.normal + c.special > kNexusRicheseGroup && !mutant_active(Mutant::NexusRicheseGroupUnbounded)) {
      return reject(RejectCode::IllegalChoice, "the Richese Secret Ally ships up to {} forces from reserves, not {} (seed 000)",
                    kNexusRicheseGroup.value, (c.normal + c.special).value);
    }
  }
  const SeatState& me = s.seat(seat);
  if (c.normal > me.reserves_normal || c.special > me.reserves_special) {
    return reject(RejectCode::NotEnoughForces, "{} reserves hold {} forces and {} special forces, not {} and {}",
                  to_string(f), me.reserves_normal.value, me.reserves_special.value, c.normal.value, c.special.value);
  }
  if (auto r = check_ship_destination(s, f, c.to)) return r;
  if (f == Faction::Fremen) return std::nullopt;  // they send for free ([LR] 2.04.03)
  const ForceCount forces = c.normal + c.special;
  return check_payment(s, seat, shipment_cost(s, f, cell_info(c.to).territory, forces, c.karama), forces);
}

// A Karama cancelled this seat's cross-ship or shipment back to reserves in this phase ([LR]
// 2.06.05.02-03, 2.06.10 ✷): it retakes its shipment without that ability, as a normal shipment
// from reserves (2.06.05.01) or a pass ([LR] 3.04); it is the acting seat until it does.
std::optional<Rejection> check_retake(const GameState& s, Seat seat) {
  for (KaramaAbility a : {KaramaAbility::GuildCrossShip, KaramaAbility::GuildShipToReserves}) {
    if (karama_cancelled_this_turn(s, seat, a)) {
      return reject(RejectCode::IllegalChoice, "a Karama cancelled {}: retake your shipment as a normal shipment from "
                    "reserves, or pass ([LR] 3.04)", to_string(a));
    }
  }
  return std::nullopt;
}

std::optional<Rejection> check_forces_in_cell(const GameState& s, Faction f, CellId from, ForceCount normal,
                                              ForceCount special) {
  const ForceCount have_normal = s.board.normal[index(from)][index(f)];
  const ForceCount have_special = s.board.special[index(from)][index(f)];
  if (normal > have_normal || special > have_special) {
    return reject(RejectCode::NotEnoughForces, "{} has {} forces and {} special forces there, not {} and {}",
                  to_string(f), have_normal.value, have_special.value, normal.value, special.value);
  }
  if (cell_in_storm(s, from)) {
    return reject(RejectCode::StormBlocked, "no shipment out of a sector in storm ([LR] 1.06.03.04)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate_cross_ship(const GameState& s, Seat seat, const CrossShip& c) {
  const Faction f = s.faction_of(seat);
  if (auto r = richese_shipping_replaced(s, seat)) return r;
  if (!guild_rates(s, f)) {
    return reject(RejectCode::IllegalChoice, "only the Spacing Guild and its ally cross-ship ([LR] 2.06.05.02, 2.06.10)");
  }
  if (auto r = check_retake(s, seat)) return r;
  if (!valid_cell(c.from) || !valid_cell(c.to)) return reject(RejectCode::IllegalChoice, "no such cell");
  if (auto r = check_group(c.normal, c.special)) return r;
  const TerritoryId t = cell_info(c.to).territory;
  if (cell_info(c.from).territory == t) {
    return reject(RejectCode::IllegalChoice, "cross-shipping goes to another territory ([LR] 2.06.05.02)");
  }
  if (auto r = check_forces_in_cell(s, f, c.from, c.normal, c.special)) return r;
  if (auto r = check_destination(s, f, c.to, false)) return r;
  const ForceCount forces = c.normal + c.special;
  return check_payment(s, seat, shipment_cost(s, f, t, forces), forces);
}

std::optional<Rejection> validate_ship_to_reserves(const GameState& s, Seat seat, const ShipToReserves& c) {
  const Faction f = s.faction_of(seat);
  if (auto r = richese_shipping_replaced(s, seat)) return r;
  if (f != Faction::SpacingGuild && !nexus_guild_shipper(s, f)) {
    return reject(RejectCode::IllegalChoice,
                  "only the Spacing Guild (or the player of its Nexus card as Secret Ally) ships forces back to reserves "
                  "([LR] 1.06.04, 2.06.05.03; seed 000)");
  }
  if (auto r = check_retake(s, seat)) return r;
  if (!valid_cell(c.from)) return reject(RejectCode::IllegalChoice, "no such cell");
  if (auto r = check_group(c.normal, c.special)) return r;
  if (auto r = check_forces_in_cell(s, f, c.from, c.normal, c.special)) return r;
  const ForceCount forces = c.normal + c.special;
  return check_payment(s, seat, retreat_cost(forces), forces);
}

void continue_after_shipment(GameState& s, Seat seat, bool from_off_planet, CellId to) {
  const auto bg = s.seat_of(Faction::BeneGesserit);
  if (from_off_planet && bg && *bg != seat && s.seat(*bg).reserves_normal > ForceCount{0}) {
    s.movement.spiritual_advisor_cell = to;  // the Bene Gesserit decide next ([LR] 2.02.05)
    return;
  }
  begin_movement(s);
}

// A paid shipment may first open the Spacing Guild Nexus card's Betrayal window (seed 000: take one
// entire shipment payment); what follows the shipment waits for it (nexus_invoice_window_closed).
void after_shipment(GameState& s, Seat seat, bool from_off_planet, CellId to) {
  if (s.movement.invoice) {
    s.movement.invoice->off_planet = from_off_planet;
    s.movement.invoice->to = to;
    nexus_hook(s, NexusHook::ShipmentPaid);
    if (s.nexus.window) return;
    s.movement.invoice.reset();
  }
  continue_after_shipment(s, seat, from_off_planet, to);
}

// The Guild's Advanced Karama power ([LR] 1.14.05: "cancel one off-planet shipment of any one
// player"), by its standing order (karama.cpp), inside the shipment's step. Cancelled: nothing
// moves and nothing is paid (a Karama shipment keeps its card); the shipment action is used
// ([LR] 1.06.02), since the retake of 1.00.04 / 3.04 follows a cancelled ability, not a cancelled
// shipment. Fremen sending is not from off-planet ([LR] 2.04.03).
bool shipment_cancelled(GameState& s, Seat seat, const Ship& c) {
  if (s.faction_of(seat) == Faction::Fremen || !karama_cancels(s, seat, KaramaAbility::OffPlanetShipment)) return false;
  if (mutant_active(Mutant::KaramaCancelledShipmentPaid) && !c.karama) {
    const Spice cost = shipment_cost(s, s.faction_of(seat), cell_info(c.to).territory, c.normal + c.special);
    pay_for_shipment(s, seat, cost, shipment_payee(s, seat, false));
  }
  return true;
}

void apply_ship(GameState& s, Seat seat, const Ship& c) {
  const Faction f = s.faction_of(seat);
  const TerritoryId t = cell_info(c.to).territory;
  // [LR] 2.02.22 ✷, 3.01.11.01: the worthless card played as the Karama may be cancelled: nothing
  // is shipped or paid and the Bene Gesserit retake their shipment without the ability (3.04).
  if (c.karama && worthless_karama_cancelled(s, seat)) return;
  if (shipment_cancelled(s, seat, c)) {
    begin_movement(s);
    return;
  }
  // [LR] 2.04.17 ✷, 3.01.11.01: a Karama cancels the sending into the storm; nothing is sent and
  // the Fremen retake their sending, now out of the storm ([LR] 3.04).
  const bool migration = storm_migration(s, f, c.to);
  if (migration && karama_cancels(s, seat, KaramaAbility::FremenStormMigration) &&
      !mutant_active(Mutant::KaramaCancelStormMigrationStands)) {
    return;
  }
  if (f != Faction::Fremen) {
    if (!half_price_stands(s, seat, c.karama)) return;  // the seat retakes its shipment
    const Spice cost = shipment_cost(s, f, t, c.normal + c.special, c.karama);
    pay_for_shipment(s, seat, cost, karama_checked_payee(s, seat, c.karama, cost));
  }
  if (f == Faction::Fremen && mutant_active(Mutant::FremenPayToShip)) pay_to_bank(s, seat, std::min(Spice{(c.normal + c.special).value}, s.seat(seat).spice));
  if (c.karama) discard_from_hand(s, seat, *karama_card(s, seat));
  transfer_forces(s, f, InReserves{}, AtCell{c.to}, c.normal, c.special);
  // A shipment from off-planet by a faction other than the Guild and the Fremen triggers the
  // Heighliners (E1 tech tokens; the mutant lets the Guild's trigger too).
  note_tech_trigger(s, TechTokenKind::Heighliners, mutant_active(Mutant::TechIncomeFromGuildShipment) && f == Faction::SpacingGuild ? Faction::Atreides : f);
  if (migration && !mutant_active(Mutant::StormMigrationUnharmed)) {
    // Half of the sent group, rounded up, is lost at once ([LR] 2.04.17, as 2.04.16); forces
    // already in that cell are not hit again.
    const ForceLoss lost = fremen_half_loss(c.normal, c.special);
    destroy_forces(s, f, c.to, lost.normal, lost.special);
  }
  if (f == Faction::BeneGesserit) s.board.advisors[index(t)] = false;  // shipped as fighters ([LR] 2.02.13)
  open_intrusion(s, f, t);
  // Fremen reserves are on Dune: their sending is not a shipment from off-planet ([LR] 2.04.03).
  after_shipment(s, seat, f != Faction::Fremen, c.to);
}

void apply_cross_ship(GameState& s, Seat seat, const CrossShip& c) {
  const Faction f = s.faction_of(seat);
  const TerritoryId from = cell_info(c.from).territory;
  const TerritoryId to = cell_info(c.to).territory;
  // [LR] 2.06.05.02, 2.06.10 ✷, 3.01.11.01: cancelled, nothing moves or is paid; the seat retakes
  // its shipment as a normal one ([LR] 3.04, check_retake).
  if (!nexus_guild_shipper(s, f) && karama_cancels(s, seat, KaramaAbility::GuildCrossShip) &&
      !mutant_active(Mutant::KaramaCancelCrossShipStands)) {
    return;
  }
  if (!half_price_stands(s, seat, false)) return;  // the seat retakes its shipment
  const Spice cost = shipment_cost(s, f, to, c.normal + c.special);
  pay_for_shipment(s, seat, cost, karama_checked_payee(s, seat, false, cost));
  const bool advisors = f == Faction::BeneGesserit && arriving_as_advisors(s, to, s.board.advisors[index(from)]);
  transfer_forces(s, f, AtCell{c.from}, AtCell{c.to}, c.normal, c.special);
  if (f == Faction::BeneGesserit) {
    s.board.advisors[index(to)] = advisors;
    forget_empty_stance(s, from);
  }
  open_intrusion(s, f, to);
  after_shipment(s, seat, false, c.to);
}

void apply_ship_to_reserves(GameState& s, Seat seat, const ShipToReserves& c) {
  const Faction f = s.faction_of(seat);
  // [LR] 2.06.05.03 ✷, 3.01.11.01: cancelled, nothing moves or is paid; the Guild retakes its
  // shipment as a normal one ([LR] 3.04, check_retake).
  if (!nexus_guild_shipper(s, f) && karama_cancels(s, seat, KaramaAbility::GuildShipToReserves) &&
      !mutant_active(Mutant::KaramaCancelShipToReservesStands)) {
    return;
  }
  pay_for_shipment(s, seat, retreat_cost(c.normal + c.special), std::nullopt);  // the Guild's own: the bank
  transfer_forces(s, f, AtCell{c.from}, InReserves{}, c.normal, c.special);
  after_shipment(s, seat, false, c.from);
}

std::optional<Rejection> validate_shipment(const GameState& s, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* ship = std::get_if<Ship>(&c)) return validate_ship(s, seat, *ship);
  if (const auto* cross = std::get_if<CrossShip>(&c)) return validate_cross_ship(s, seat, *cross);
  if (const auto* back = std::get_if<ShipToReserves>(&c)) return validate_ship_to_reserves(s, seat, *back);
  if (std::holds_alternative<PlayHajr>(c)) {
    return reject(RejectCode::WrongPhase, "Hajr is played in your Movement step, before or after your move ([LR] 3.01.09)");
  }
  return reject(RejectCode::WrongPhase, "Shipment: ship forces or pass ([LR] 1.06.03)");
}

void apply_shipment(GameState& s, Seat seat, const Command& c) {
  // A seat retaking a cancelled shipment ([LR] 3.04) is the acting seat: whatever it does now ends
  // the retake (at full price its shipment uses no half price that could be cancelled again),
  // unless its cross-ship or shipment back is cancelled now: still at full price, it retakes again.
  const bool retaking = s.karama.retakes_at_full_price.has_value();
  const bool retaking_without_worthless = s.karama.retakes_without_worthless == seat;
  const std::size_t cancels = s.karama.cancels.size();
  const auto retakes_again = [&] {
    return s.karama.cancels.size() > cancels && (s.karama.cancels.back().ability == KaramaAbility::GuildCrossShip ||
                                                 s.karama.cancels.back().ability == KaramaAbility::GuildShipToReserves);
  };
  if (const auto* ship = std::get_if<Ship>(&c)) {
    apply_ship(s, seat, *ship);
  } else if (const auto* cross = std::get_if<CrossShip>(&c)) {
    apply_cross_ship(s, seat, *cross);
  } else if (const auto* back = std::get_if<ShipToReserves>(&c)) {
    apply_ship_to_reserves(s, seat, *back);
  } else {
    begin_movement(s);  // Pass
  }
  if (retaking && !retakes_again()) s.karama.retakes_at_full_price.reset();
  if (retaking_without_worthless) s.karama.retakes_without_worthless.reset();
}

// ---- candidates -----------------------------------------------------------------------------

// Candidates are filtered by validate_shipment; these loops only leave out what one of its
// conjuncts rejects for a whole family at once: a destination rejected whatever is shipped
// (check_ship_destination, check_destination), and counts beyond the budget (the cost grows with
// the count, so the first unaffordable count ends its row). The order of what is left is unchanged.
void add_ship_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  const Faction f = s.faction_of(seat);
  const SeatState& me = s.seat(seat);
  const bool richese = nexus_richese_shipper(s, seat);
  const bool karama = f != Faction::Fremen && karama_card(s, seat) && !richese;
  const Spice budget = shipment_budget(s, seat);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    const TerritoryId t = cell_info(cell_at(c)).territory;
    if (mutant_active(Mutant::StrongholdShipmentNotOffered) && is_stronghold(t)) continue;
    if (check_ship_destination(s, f, cell_at(c))) continue;
    const auto affordable = [&](int forces, bool by_karama) {
      return f == Faction::Fremen || shipment_cost(s, f, t, ForceCount{forces}, by_karama) <= budget;
    };
    for (int sp = 0; sp <= me.reserves_special.value; ++sp) {
      for (int n = 0; n <= me.reserves_normal.value; ++n) {
        if (n + sp == 0) continue;
        if (richese && n + sp > kNexusRicheseGroup.value && !mutant_active(Mutant::NexusRicheseGroupUnbounded)) break;
        const bool paid = affordable(n + sp, false), by_karama = karama && affordable(n + sp, true);
        if (!paid && !by_karama) break;
        if (paid) out.push_back(Ship{cell_at(c), ForceCount{n}, ForceCount{sp}});
        if (by_karama) out.push_back(Ship{cell_at(c), ForceCount{n}, ForceCount{sp}, true});
      }
    }
  }
}

void add_guild_candidates(const GameState& s, Seat seat, std::vector<Command>& out) {
  const Faction f = s.faction_of(seat);
  if (!guild_rates(s, f) || check_retake(s, seat) || nexus_richese_shipper(s, seat)) return;
  const Spice budget = shipment_budget(s, seat);
  for (std::size_t from = 0; from < kCellCount; ++from) {
    const int normal = s.board.normal[from][index(f)].value;
    const int special = s.board.special[from][index(f)].value;
    if (normal + special == 0) continue;
    for (int sp = 0; sp <= special; ++sp) {
      for (int n = 0; n <= normal; ++n) {
        if (n + sp == 0) continue;
        if (f == Faction::SpacingGuild || nexus_guild_shipper(s, f)) out.push_back(ShipToReserves{cell_at(from), ForceCount{n}, ForceCount{sp}});
        for (std::size_t to = 0; to < kCellCount; ++to) {
          const TerritoryId t = cell_info(cell_at(to)).territory;
          if (shipment_cost(s, f, t, ForceCount{n + sp}) > budget) continue;  // as add_ship_candidates
          out.push_back(CrossShip{cell_at(from), cell_at(to), ForceCount{n}, ForceCount{sp}});
        }
      }
    }
  }
}

}  // namespace

void nexus_invoice_window_closed(GameState& s) {
  const ShipmentInvoice i = *s.movement.invoice;
  s.movement.invoice.reset();
  continue_after_shipment(s, i.payer, i.off_planet, i.to);
}

namespace shipment_movement {

// Atreides see the top card of the spice deck during Shipment and Movement (fact sheet §5.2,
// [LR] 2.01), so the peek happens as the phase opens (or as soon as no other chance step is
// pending). An unseen top is fixed by a chance step (SpicePeek), exactly as a lot is drawn before
// Atreides look at it in Bidding. An empty deck shows nothing: the discards are reshuffled only
// when a card is drawn ([LR] 1.13.03, our choice).
void show_top_spice_card_to_atreides(GameState& s) {
  const auto atreides = s.seat_of(Faction::Atreides);
  if (s.phase != Phase::ShipmentAndMovement || !atreides || s.chance || !s.halted.empty() || s.blow.deck.empty()) return;
  for (const Sighting& seen : s.knowledge.sightings) {
    if (seen.seat == *atreides && seen.kind == SeenKind::SpiceCard && seen.turn == s.turn &&
        seen.phase == Phase::ShipmentAndMovement) {
      return;  // already seen in this phase
    }
  }
  request_chance(s, PendingChance{ChanceKind::SpicePeek, *atreides, 0});
}

}  // namespace shipment_movement

void on_spice_peeked(GameState& state, Seat seat, SpiceCardId card) {
  record_sighting(state, seat, SeenKind::SpiceCard, card.value, "top card of the spice deck");
}

void enter_shipment_movement(GameState& state) {
  state.movement = MovementState{};
  // [LR] 2.06.12 ✷..✷, 3.01.11.02: an order standing as the phase begins prevents the Guild's
  // timing, before its first use; the Guild then acts in storm order this phase (guild_timing).
  if (guild_timing(state)) karama_cancels(state, guild_seat(state), KaramaAbility::GuildShipAsItPleases);
  shipment_movement::open_wartime(state);  // [LR] 2.02.17: before Shipment and Movement
  shipment_movement::show_top_spice_card_to_atreides(state);
  begin_turn(state);
}

bool shipment_movement::in_own_action(const GameState& s, Seat seat) {
  if (s.movement.flip_window || s.movement.spiritual_advisor_cell || guild_deciding(s)) return false;
  if (!s.movement.guild_acting && s.movement.turn_index >= s.seat_count()) return false;
  return acting_seat(s) == seat;
}

std::vector<Seat> awaited_shipment_movement(const GameState& state) {
  if (state.movement.flip_window) return {*state.seat_of(Faction::BeneGesserit)};
  if (state.movement.spiritual_advisor_cell) return {*state.seat_of(Faction::BeneGesserit)};
  if (guild_deciding(state)) return {guild_seat(state)};
  if (!state.movement.guild_acting && state.movement.turn_index >= state.seat_count()) return {};
  return {acting_seat(state)};
}

std::vector<Command> candidates_shipment_movement(const GameState& state, Seat seat) {
  if (state.movement.flip_window) return flip_candidates(state);
  if (state.movement.spiritual_advisor_cell) {
    return {SendSpiritualAdvisor{AdvisorDestination::None}, SendSpiritualAdvisor{AdvisorDestination::PolarSink},
            SendSpiritualAdvisor{AdvisorDestination::ShipmentCell}};
  }
  if (guild_deciding(state)) return {GuildActNow{}, Pass{}};
  std::vector<Command> out{Pass{}};
  if (state.step == Step::Shipment) {
    add_ship_candidates(state, seat, out);
    add_guild_candidates(state, seat, out);
  } else {
    add_movement_candidates(state, seat, out);
  }
  add_karama_hms_candidates(state, seat, out);  // the Ixians' Karama power (engine/hms.cpp)
  for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));  // a family decides when
  return out;
}

std::optional<Rejection> validate_shipment_movement(const GameState& state, Seat seat, const Command& c) {
  if (state.movement.flip_window) return validate_flip(state, c);
  if (std::holds_alternative<FlipBeneGesserit>(c)) {
    return reject(RejectCode::WrongPhase, "no Bene Gesserit flip is open now: Wartime opens the phase, Intrusion and "
                  "Take Up Arms follow a shipment or a move ([LR] 2.02.15–17)");
  }
  if (state.movement.spiritual_advisor_cell) return validate_spiritual_advisor(state, c);
  if (guild_deciding(state)) {
    if (std::holds_alternative<GuildActNow>(c) || std::holds_alternative<Pass>(c)) return std::nullopt;
    return reject(RejectCode::WrongPhase,
                  "the Spacing Guild first chooses to take its turn now or to wait (GuildActNow or Pass, [LR] 2.06.12)");
  }
  if (std::holds_alternative<GuildActNow>(c)) return validate_guild_act_now(state, seat);
  if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
  if (const auto* k = std::get_if<KaramaMoveHms>(&c)) return validate_karama_hms(state, seat, *k);
  if (state.step == Step::Shipment) return validate_shipment(state, seat, c);
  return validate_movement(state, seat, c);
}

void apply_shipment_movement(GameState& state, Seat seat, const Command& c) {
  // Any other decision ends a Karama move of the HMS by steps under way (engine/hms.cpp).
  if (!std::holds_alternative<KaramaMoveHms>(c)) state.board.hms_path.clear();
  if (state.movement.flip_window) {
    apply_flip(state, c);
    return;
  }
  if (const auto* send = std::get_if<SendSpiritualAdvisor>(&c)) {
    // [LR] 2.02.05 ✷, 3.01.11.01: another seat's standing Karama order cancels the sending as it is
    // made: nothing is sent, and nothing is retaken (3.04).
    const bool cancelled = send->to != AdvisorDestination::None &&
                           karama_cancels(state, seat, KaramaAbility::BeneGesseritSpiritualAdvisors) &&
                           !mutant_active(Mutant::KaramaCancelSpiritualAdvisorStands);
    if (send->to != AdvisorDestination::None && !cancelled) send_spiritual_advisor(state, *state.movement.spiritual_advisor_cell, send->to);
    state.movement.spiritual_advisor_cell.reset();
    begin_movement(state);  // the shipper's movement follows
    return;
  }
  if (guild_deciding(state)) {
    apply_guild_decision(state, c);
    return;
  }
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);
    return;
  }
  if (const auto* k = std::get_if<KaramaMoveHms>(&c)) {
    apply_karama_hms(state, seat, *k);
    if (mutant_active(Mutant::IxKaramaHmsEndsAction)) apply_shipment_movement(state, seat, Pass{});
    return;
  }
  if (state.step == Step::Shipment) {
    apply_shipment(state, seat, c);
    return;
  }
  if (apply_movement(state, seat, c)) finish_turn(state, seat);
}

}  // namespace dune

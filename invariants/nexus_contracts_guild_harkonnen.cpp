// The panel contracts of the Spacing Guild and Harkonnen families (see invariants/nexus_contracts.h;
// the checker table is invariants/nexus_contracts.cpp):
//
// Spacing Guild (seed 000, panel table; engine/nexus/guild.cpp): see the three checkers below.
//
// Harkonnen (seed 000, panel table: "draw ... then choose ... to shuffle back"; "A canceled
// Harkonnen traitor owes a later replacement even after the original battle is finished";
// engine/nexus/harkonnen.cpp):
//   contract.harkonnen.betrayal     by a seat other than the Harkonnen, naming a numbered attempt,
//            as the Harkonnen's traitor call is the battle's last call, not yet resolved; that
//            identity leaves the Harkonnen for the Traitor Deck; nobody learns anything; and as each
//            Mentat Pause begins, the Harkonnen draw one replacement for each Betrayal of the turn
//            (recounted from the receipts of the turn, as far as the Traitor Deck holds them);
//   contract.harkonnen.cunning      by the Harkonnen, awaited, no Nexus window open: one Traitor
//            Card drawn, then one shuffled back; while any such exchange lasts, its draws and
//            returns are the only steps;
//   contract.harkonnen.secret-ally  with the Harkonnen absent, at the Mentat Pause before the
//            player's answer: two drawn, then two shuffled back.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/nexus_contracts_detail.h"
#include "invariants/oracle_support.h"
#include "model/command_steps.h"

namespace dune::invariants::contract_detail {

using namespace oracle_detail;

namespace {

// ---- the Spacing Guild family ----

// The spice a seat and the bank hold, before and after a step.
int spice_of(const GameState& s, std::optional<Seat> seat) { return seat ? s.seat(*seat).spice.value : s.bank.value; }

}  // namespace

Violations guild_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.spacing-guild.betrayal";
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  // The invoice the window shows is the payment the shipment made: what its payer (and the ally
  // helping it) lost in that step went to the payee.
  if (!b.movement.invoice && a.movement.invoice && envelope_of(t)) {
    const ShipmentInvoice& i = *a.movement.invoice;
    // The payer's own spice, then what its ally lets it spend (the ally's grant shrinks by what it
    // paid, even when the ally is the payee).
    int lost = b.seat(i.payer).spice.value - a.seat(i.payer).spice.value;
    if (const auto ally = ally_seat(b, i.payer)) lost += (b.seat(*ally).ally_spice_limit - a.seat(*ally).ally_spice_limit).value;
    if (lost != i.amount.value) {
      out.push_back({name, fmt::format("the shipment invoice shows {} paid, and {} left its payer", i.amount.value, lost)});
    }
  }
  const PlayNexus* p = play_of(t, Faction::SpacingGuild, NexusMode::Betrayal);
  if (!p) return out;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  if (!b.seat_of(Faction::SpacingGuild) || b.seat_of(Faction::SpacingGuild) == seat || !b.movement.invoice || p->answers == 0 ||
      p->answers != b.nexus.window_attempt) {
    out.push_back({name, fmt::format("{}'s Spacing Guild Betrayal does not answer a shipment just paid, by another seat than the "
                                     "Guild (seed 000)", who)});
    return out;
  }
  const ShipmentInvoice& i = *b.movement.invoice;
  if (i.payee != seat && (spice_of(a, seat) - spice_of(b, seat) != i.amount.value ||
                          spice_of(b, i.payee) - spice_of(a, i.payee) != i.amount.value)) {
    out.push_back({name, fmt::format("{} took {} of the {} paid to {} (seed 000: one entire shipment payment)", who,
                                     spice_of(a, seat) - spice_of(b, seat), i.amount.value,
                                     i.payee ? name_of(b, *i.payee) : std::string("the bank"))});
  }
  if (a.board != b.board) out.push_back({name, "a Spacing Guild Betrayal moved forces or spice on the board"});
  if (!new_sightings(t).empty()) out.push_back({name, "somebody learned something from a Spacing Guild Betrayal"});
  return out;
}

Violations guild_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.spacing-guild.cunning";
  Violations out;
  const GameState& b = t.before;
  // That group cannot move unless Hajr permits it: after the second shipment, a Guild move needs
  // a Hajr played this turn.
  if (const auto* m = command_of<Move>(t); m && b.movement.extra_shipment && !b.movement.hajr_played) {
    out.push_back({name, "the Guild moved after its Cunning second shipment without a Hajr (seed 000)"});
  }
  if (b.movement.extra_shipment && command_of<PlayNexus>(t)) {
    out.push_back({name, "a Nexus card was played in the Guild's second shipment"});
  }
  if (!play_of(t, Faction::SpacingGuild, NexusMode::Cunning)) return out;
  const Seat seat = envelope_of(t)->seat;
  const auto next = pending(b);
  if (b.seat_of(Faction::SpacingGuild) != seat || (b.step != Step::Shipment && b.step != Step::Movement) ||
      next != std::vector<Seat>{seat} || b.nexus.window) {
    out.push_back({name, fmt::format("the Spacing Guild Cunning was played by {} outside the Guild's own Shipment and Movement "
                                     "action (seed 000)", name_of(b, seat))});
  }
  if (t.after.board != b.board) out.push_back({name, "the Spacing Guild Cunning itself moved forces"});
  return out;
}

Violations guild_secret_ally(const Transition& t, const GameContext&) {
  const std::string name = "contract.spacing-guild.secret-ally";
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  // The shipment that follows the play: at Guild prices (half, rounded up), to the bank.
  if (const auto* ship = command_of<Ship>(t); ship && envelope_of(t)->seat == b.movement.nexus_guild_rates && single_step(t)) {
    const Seat seat = envelope_of(t)->seat;
    const int full = (is_stronghold(cell_info(ship->to).territory) ? 1 : 2) * (ship->normal + ship->special).value;
    const int guild_price = b.faction_of(seat) == Faction::Fremen ? 0 : (full + 1) / 2;  // the Fremen send free ([LR] 2.04.03)
    int paid = b.seat(seat).spice.value - a.seat(seat).spice.value;
    if (const auto ally = ally_seat(b, seat)) paid += (b.seat(*ally).ally_spice_limit - a.seat(*ally).ally_spice_limit).value;
    if (paid != guild_price) {
      out.push_back({name, fmt::format("{} shipped {} forces after its Spacing Guild Secret Ally and paid {}, not the Guild price {} "
                                       "(seed 000)", name_of(b, seat), (ship->normal + ship->special).value, paid, guild_price)});
    }
  }
  if (!play_of(t, Faction::SpacingGuild, NexusMode::SecretAlly)) return out;
  const Seat seat = envelope_of(t)->seat;
  if (b.seat_of(Faction::SpacingGuild)) {
    out.push_back({name, "the Spacing Guild Secret Ally was played with the Guild at the table (seed 000, item 8)"});
  }
  if (b.step != Step::Shipment || pending(b) != std::vector<Seat>{seat}) {
    out.push_back({name, fmt::format("{}'s Spacing Guild Secret Ally was not played in its own Shipment (seed 000)", name_of(b, seat))});
  }
  if (a.board != b.board) out.push_back({name, "the Spacing Guild Secret Ally itself moved forces"});
  return out;
}

namespace {

std::size_t traitors_of(const GameState& s, Seat seat) { return s.seat(seat).traitors.size(); }

// The exchange a play began, as its step left it: the seat's traitors gained plus the draws still
// owed make the printed draws, and all the printed returns are still owed (they come after).
void check_exchange_begun(const Transition& t, Seat seat, std::size_t draws, std::string_view name, std::string_view panel,
                          Violations& out) {
  const auto& x = t.after.nexus.traitor_exchange;
  const std::size_t owed = x && x->seat == seat ? x->draws : 0;
  const std::size_t returns = x && x->seat == seat ? x->returns : 0;
  const std::size_t drawn = traitors_of(t.after, seat) - std::min(traitors_of(t.after, seat), traitors_of(t.before, seat));
  if (drawn + owed != draws || returns != draws) {
    out.push_back({std::string(name), fmt::format("{}'s {} draws {} and shuffles back {} Traitor Card(s), not {} and {} (seed 000)",
                                                  name_of(t.before, seat), panel, drawn + owed, returns, draws, draws)});
  }
}

}  // namespace

Violations harkonnen_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.harkonnen.betrayal";
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto harkonnen = b.seat_of(Faction::Harkonnen);
  // The replacement owed, drawn as the Mentat Pause begins.
  if (harkonnen && b.phase != Phase::MentatPause && a.phase == Phase::MentatPause && a.step == Step::MentatPause) {
    const auto owed = static_cast<std::size_t>(std::count_if(a.nexus.receipts.begin(), a.nexus.receipts.end(), [&](const NexusReceipt& r) {
      return r.card.faction == Faction::Harkonnen && r.mode == NexusMode::Betrayal && r.turn == a.turn;
    }));
    const auto& x = a.nexus.traitor_exchange;
    const std::size_t pending = x && x->seat == *harkonnen ? x->draws : 0;
    const std::size_t expected = traitors_of(b, *harkonnen) + std::min(owed, b.traitor_deck.size());
    if (traitors_of(a, *harkonnen) + pending != expected) {
      out.push_back({name, fmt::format("the Mentat Pause began with the Harkonnen drawing {} replacement Traitor Card(s), not the {} "
                                       "their cancelled traitors of this turn owe (seed 000)",
                                       traitors_of(a, *harkonnen) + pending - traitors_of(b, *harkonnen), owed)});
    }
  }
  const PlayNexus* p = play_of(t, Faction::Harkonnen, NexusMode::Betrayal);
  if (!p) return out;
  const Seat seat = envelope_of(t)->seat;
  const Envelope* call = last_command(b, [](const Envelope& e) { return std::holds_alternative<CallTraitor>(e.command); });
  if (!harkonnen || seat == *harkonnen || !call || call->seat != *harkonnen || b.step != Step::Battle ||
      b.battle.stage != BattleStage::Traitors || p->answers == 0 || p->answers != b.nexus.window_attempt) {
    out.push_back({name, fmt::format("{}'s Harkonnen Betrayal does not answer a traitor the Harkonnen have just revealed, by another "
                                     "seat (seed 000)", name_of(b, seat))});
    return out;
  }
  // The identity revealed: the card naming the leader on the other side of the Harkonnen's call.
  const int hk_side = b.battle.combatants[0] == *harkonnen || ally_seat(b, *harkonnen) == b.battle.combatants[0] ? 0 : 1;
  const auto& leader = b.battle.plans[static_cast<std::size_t>(1 - hk_side)]->leader;
  const TraitorCardId card{leader ? leader->value : kCheapHeroTraitor.value};
  const auto& now = a.seat(*harkonnen).traitors;
  if (std::find(now.begin(), now.end(), card) != now.end() || traitors_of(a, *harkonnen) + 1 != traitors_of(b, *harkonnen) ||
      a.traitor_deck.size() != b.traitor_deck.size() + 1) {
    out.push_back({name, "the traitor the Harkonnen Betrayal cancelled is not shuffled from the Harkonnen into the Traitor Deck (seed 000)"});
  }
  if (a.step == Step::Battle && a.battle.stage == BattleStage::Traitors && a.battle.combatants == b.battle.combatants &&
      a.battle.traitor_revealed[harkonnen->value]) {
    out.push_back({name, "the traitor the Harkonnen Betrayal cancelled still stands in the battle (seed 000)"});
  }
  if (!new_sightings(t).empty()) out.push_back({name, "somebody learned something from a Harkonnen Betrayal"});
  return out;
}

Violations harkonnen_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.harkonnen.cunning";
  Violations out;
  const GameState& b = t.before;
  // Any traitor exchange (the Cunning's, the Secret Ally's, the Betrayal's replacement) is one
  // effect: draw, then shuffle back, nothing in between (seed 000: "Draw first then return").
  if (const auto& x = b.nexus.traitor_exchange) {
    const auto* r = std::get_if<ChanceRecord>(&t.entry);
    const Envelope* e = envelope_of(t);
    const bool draw = r && r->request.kind == ChanceKind::TraitorDraw && r->request.seat == x->seat;
    const bool back = e && e->seat == x->seat && std::holds_alternative<ReturnTraitor>(e->command);
    if ((!draw && !back && !is_standing_command(e ? e->command : Command{Pass{}})) || (back && x->draws > 0)) {
      out.push_back({name, fmt::format("during {}'s traitor exchange another step came: {} (seed 000: draw first, then return)",
                                       name_of(b, x->seat), e ? to_string(e->command) : std::string("a chance step"))});
    }
  }
  const PlayNexus* p = play_of(t, Faction::Harkonnen, NexusMode::Cunning);
  if (!p) return out;
  const Seat seat = envelope_of(t)->seat;
  const auto awaited = pending(b);
  if (b.seat_of(Faction::Harkonnen) != seat || std::find(awaited.begin(), awaited.end(), seat) == awaited.end() || b.nexus.window) {
    out.push_back({name, fmt::format("the Harkonnen Cunning was played by {} outside the Harkonnen's own decision", name_of(b, seat))});
  }
  check_exchange_begun(t, seat, 1, name, "Harkonnen Cunning", out);
  return out;
}

Violations harkonnen_secret_ally(const Transition& t, const GameContext&) {
  const std::string name = "contract.harkonnen.secret-ally";
  Violations out;
  const PlayNexus* p = play_of(t, Faction::Harkonnen, NexusMode::SecretAlly);
  if (!p) return out;
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  if (b.seat_of(Faction::Harkonnen) || b.step != Step::MentatPause || b.decision_point.answered[seat.value]) {
    out.push_back({name, fmt::format("the Harkonnen Secret Ally was played by {} outside the Mentat Pause, or with the Harkonnen "
                                     "seated (seed 000)", name_of(b, seat))});
  }
  check_exchange_begun(t, seat, 2, name, "Harkonnen Secret Ally", out);
  return out;
}


}  // namespace dune::invariants::contract_detail

// The panel contracts of the expansion cards played as Secret Ally (see invariants/nexus_contracts.h;
// the checker table is invariants/nexus_contracts.cpp). Written from the seeds, not from the
// families' code, and recomputed from what happened (the log and the pieces), not from engine flags.
//
// Tleilaxu (seed 000, panel table: "During Revival, revive an own leader free and up to five forces
// at one spice each"; seed 002, the recommended combined revival prototype of 14 October, a seed
// policy; engine/nexus/tleilaxu.cpp):
//   contract.tleilaxu.secret-ally  with the Tleilaxu absent, in Revival, by a player who has not
//            made its ordinary revival this turn: one own leader that was in the Tanks returns to
//            its shield with its deaths unchanged (or the Atreides' dead Kwisatz Haderach returns),
//            never force-only; at most five forces go from its Tanks to its reserves, and its spice
//            drops by exactly one for each, to the bank. Its ordinary revival afterwards in the same
//            turn returns no leader and at most its limit and the ceiling of five less the group.
//   contract.tleilaxu.betrayal  (seed 000: "Cancel a revealed Face Dancer. It stays revealed until
//            all Face Dancers have been revealed") by a seat other than the Tleilaxu, naming the
//            numbered attempt, while the Tleilaxu's last command is a reveal not yet followed by a
//            battle or a phase: the revealed leader keeps its place, no force moves, nobody is paid
//            or learns anything, and the dancer is still face up (or, the group's last, the whole
//            group went back to the Traitor Deck with draws owed).
//   contract.tleilaxu.cunning  (seed 002, "complete physical operation") by the Tleilaxu, with at
//            least one Face Dancer revealed, no Nexus window open: every draw that follows it,
//            until the last, comes from the deck and never from the set-aside revealed group, and
//            after the last the group is in the Traitor Deck, none is revealed, and the Tleilaxu
//            hold their unrevealed dancers plus as many new ones as the group had.
//
// Richese (seed 000, panel table: "Replace normal shipping with a reserve shipment of up to five
// forces priced as one"; engine/nexus/richese.cpp):
//   contract.richese.secret-ally  with the Richese absent, in the player's own Shipment before it
//            shipped this turn; its shipping then is one shipment from reserves (no cross-shipment,
//            no shipment back, no Karama) of at most five forces, costing the player and its ally
//            together no more than one force would (1 into a stronghold, 2 elsewhere).
//
// Ixians (seed 000, panel table: "Discard a just-purchased Bidding Treachery Card and take the next
// Treachery deck card"; engine/nexus/ixians.cpp):
//   contract.ixians.secret-ally  with the Ixians absent, in Bidding, by the seat that just bought the
//            lot up for bid (the last bid or Karama take of the log), before it is handed over: that
//            card goes face up to the Treachery discard (or, the deck run out, into the deck
//            reshuffled from it), into no hand, and the seat is dealt the next Treachery deck card:
//            its hand grows by exactly the cards dealt to it, and the first deal after the play is
//            to it.
//
// Ecaz (seed 000, panel table: "Make one player disclose whether any of one's leaders are among
// their traitors, without identifying those leaders"; engine/nexus/ecaz.cpp):
//   contract.ecaz.secret-ally  with Ecaz absent, naming another seated player: the asker, and no
//            other seat, learns in this step exactly one private answer about that player, and it
//            is true: whether any of the target's Traitor Cards names one of the asker's leaders
//            (from the card tables). Which leaders is no part of it (the noninterference twins
//            keep only that bit, invariants/noninterference.cpp).
//
// CHOAM (seed 000, panel table: "During Collection, trade a Worthless card for two spice;
// alternatively after winning a battle privately inspect a random opposing held card that was not
// used in that battle"; engine/nexus/choam.cpp):
//   contract.choam.secret-ally  with CHOAM absent, either the trade: in Spice Collection, a
//            Worthless card (by the card table) the player held goes to the top of the Treachery
//            discard and into no hand, and the player gains exactly two spice from the bank; or the
//            inspection: by the winner of the battle just fought, followed by one CardInspect for
//            it (pending or made), after which the player, and no other seat, has seen exactly one
//            card more, the one inspected (what oracle.deal checks it was: a card the loser holds
//            and did not play).
//
// Moritani (seed 000, panel table: "After losing a battle with a winner, retain one played
// Treachery Card that could have been retained after winning"; engine/nexus/moritani.cpp):
//   contract.moritani.secret-ally  with the Moritani absent, by the loser of the battle just fought
//            (revealed, with a winner): the card named was its weapon or its defense in that
//            battle, and is back in its hand, out of the discard, its hand one card larger.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/nexus_contracts_detail.h"
#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::contract_detail {

using namespace oracle_detail;

namespace {

constexpr std::string_view kTleilaxuSecretAlly = "contract.tleilaxu.secret-ally";

void tleilaxu_play(const Transition& t, const PlayNexus& p, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const Faction f = b.faction_of(seat);
  const std::string who = name_of(b, seat);
  const auto fault = [&](std::string message) { out.push_back({std::string(kTleilaxuSecretAlly), std::move(message)}); };
  if (b.seat_of(Faction::Tleilaxu) || b.step != Step::Revival || !revival_turn_illegal(b, seat).empty()) {
    fault(fmt::format("the Tleilaxu Secret Ally was played by {} outside Revival, after its ordinary revival, or with the Tleilaxu "
                      "seated (seed 000, seed 002)", who));
  }
  const int group = (p.normal + p.special).value;
  if (group < 0 || group > 5) fault(fmt::format("{} returned {} forces with the Tleilaxu Secret Ally: up to five (seed 000)", who, group));
  const SeatState& sb = b.seat(seat);
  const SeatState& sa = a.seat(seat);
  if (sb.tanks_normal - sa.tanks_normal != p.normal || sb.tanks_special - sa.tanks_special != p.special ||
      sa.reserves_normal - sb.reserves_normal != p.normal || sa.reserves_special - sb.reserves_special != p.special) {
    fault(fmt::format("the Tleilaxu Secret Ally did not move exactly {} and {} special forces of {} from the Tanks to its reserves",
                      p.normal.value, p.special.value, who));
  }
  if ((sb.spice - sa.spice).value != group || (a.bank - b.bank).value != group) {
    fault(fmt::format("{} paid {} spice to the bank for {} forces with the Tleilaxu Secret Ally: one each (seed 000; seed 002: "
                      "not free)", who, (sb.spice - sa.spice).value, group));
  }
  if (p.leader.has_value() == p.kwisatz_haderach) {
    fault(fmt::format("{} played the Tleilaxu Secret Ally without exactly one leader: the leader is mandatory, force-only use is "
                      "not allowed (prototype policy, seed 002)", who));
    return;
  }
  if (p.kwisatz_haderach) {
    if (f != Faction::Atreides || !b.battle.kwisatz_haderach_dead || a.battle.kwisatz_haderach_dead) {
      fault(fmt::format("{}'s Tleilaxu Secret Ally did not return the dead Kwisatz Haderach it named (revived like a leader, seed 002)", who));
    }
    return;
  }
  const LeaderId l = *p.leader;
  if (l.value >= kLeaderCount) return fault("the Tleilaxu Secret Ally named no leader");
  const LeaderState& lb = b.leaders[l.value];
  const LeaderState& la = a.leaders[l.value];
  if (leader_owner(b, l) != f || !in_tanks(b, l)) {
    fault(fmt::format("{} returned {} with the Tleilaxu Secret Ally: one of its own leaders in the Tanks (seed 002)", who,
                      kLeaders[l.value].name));
  }
  if (la.where != LeaderLocation::Available || la.holder != seat || la.deaths != lb.deaths) {
    fault(fmt::format("{} did not return to {}'s shield with its deaths unchanged (seed 002: no synthetic cycle in history)",
                      kLeaders[l.value].name, who));
  }
}

// The player's ordinary revival after its Tleilaxu revival this turn.
void ordinary_after(const Transition& t, const Revive& r, Violations& out) {
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  const PlayNexus* card = tleilaxu_revival_this_turn(b, seat);
  if (!card) return;
  const std::string who = name_of(b, seat);
  if (r.leader || r.kwisatz_haderach) {
    out.push_back({std::string(kTleilaxuSecretAlly),
                   fmt::format("{} revived a leader after its Tleilaxu Secret Ally took the one leader slot of the turn (seed 002)", who)});
  }
  const auto limit = faction_info(b.faction_of(seat)).revival_limit;
  if (!limit) return;
  const int allowed = std::min(limit->value, std::max(limit->value, 5) - (card->normal + card->special).value);
  const int ordinary = (r.normal + r.special - r.ally_paid_extra).value;
  if (ordinary > allowed) {
    out.push_back({std::string(kTleilaxuSecretAlly),
                   fmt::format("{} revived {} forces after returning {} with the Tleilaxu Secret Ally: at most {} (the shared ceiling of "
                               "five, prototype policy, seed 002)", who, ordinary, (card->normal + card->special).value, allowed)});
  }
}

constexpr std::string_view kRicheseSecretAlly = "contract.richese.secret-ally";

bool shipping(const Command& c) {
  return std::holds_alternative<Ship>(c) || std::holds_alternative<CrossShip>(c) || std::holds_alternative<ShipToReserves>(c);
}

int spice_of(const GameState& s, std::optional<Seat> seat) { return seat ? s.seat(*seat).spice.value : 0; }

constexpr std::string_view kIxiansSecretAlly = "contract.ixians.secret-ally";

template <class Zone>
bool in_zone(const Zone& z, TreacheryCardId c) {
  return std::find(z.begin(), z.end(), c) != z.end();
}

void ixians_play(const Transition& t, Violations& out) {
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  const auto fault = [&](std::string message) { out.push_back({std::string(kIxiansSecretAlly), std::move(message)}); };
  const Envelope* bought = last_command(b, [](const Envelope& e) {
    return std::holds_alternative<Bid>(e.command) || std::holds_alternative<KaramaTakeCard>(e.command);
  });
  if (b.seat_of(Faction::Ixians) || b.step != Step::Bidding || b.bidding.lots.empty() || !bought || bought->seat != seat) {
    fault(fmt::format("the Ixians Secret Ally was played by {} outside Bidding, on no lot it just bought, or with the Ixians "
                      "seated (seed 000)", who));
    return;
  }
  for (std::string& why : lot_replacement_faults(t, seat)) fault(why + " (seed 000)");
}

// The deal right after an Ixians play goes to its player.
void ixians_replacement(const Transition& t, const ChanceRecord& r, Violations& out) {
  const std::size_t at = entry_position(t);
  if (at == 0 || r.request.kind != ChanceKind::TreacheryDeal) return;
  const auto* e = std::get_if<Envelope>(&t.after.log[at - 1]);
  if (!e || !ixian_play_at(t.after.log, at - 1, e->seat) || r.request.seat == e->seat) return;
  out.push_back({std::string(kIxiansSecretAlly), fmt::format("the card replacing the one {} discarded with the Ixians Secret Ally was "
                                                             "dealt to {} (seed 000)", name_of(t.before, e->seat),
                                                             name_of(t.before, r.request.seat))});
}

constexpr std::string_view kEcazSecretAlly = "contract.ecaz.secret-ally";

constexpr std::string_view kChoamSecretAlly = "contract.choam.secret-ally";

void choam_trade(const Transition& t, TreacheryCardId card, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  const auto fault = [&](std::string message) { out.push_back({std::string(kChoamSecretAlly), std::move(message)}); };
  if (b.phase != Phase::SpiceCollection) fault(fmt::format("{} traded a card with the CHOAM Secret Ally outside Spice Collection (seed 000)", who));
  if (card.value >= kTreacheryCardCount || card_type(card).classification != TreacheryClass::Worthless || !in_zone(b.seat(seat).hand, card)) {
    fault(fmt::format("{} traded a card it did not hold, or not a Worthless one, with the CHOAM Secret Ally (seed 000)", who));
    return;
  }
  bool held = false;
  for (const SeatState& x : a.seats) held = held || in_zone(x.hand, card);
  if (held || a.treachery.discard.empty() || a.treachery.discard.back() != card) {
    fault(fmt::format("the {} {} traded with the CHOAM Secret Ally is not on top of the Treachery discard (seed 000)", card_type(card).name, who));
  }
  if ((a.seat(seat).spice - b.seat(seat).spice).value != 2 || (b.bank - a.bank).value != 2) {
    fault(fmt::format("{} gained {} spice (the bank paid {}) for its Worthless card with the CHOAM Secret Ally: two (seed 000)", who,
                      (a.seat(seat).spice - b.seat(seat).spice).value, (b.bank - a.bank).value));
  }
}

// The Treachery Cards seen in this step, by seat.
std::vector<std::pair<Seat, std::uint8_t>> cards_seen(const Transition& t) {
  std::vector<std::pair<Seat, std::uint8_t>> out;
  const auto& seen = t.after.knowledge.sightings;
  for (std::size_t i = t.before.knowledge.sightings.size(); i < seen.size(); ++i) {
    if (seen[i].kind == SeenKind::TreacheryCard) out.emplace_back(seen[i].seat, seen[i].id);
  }
  return out;
}

// The inspection's one card, seen by its player alone, in the step that made it.
void choam_sighting(const Transition& t, Seat seat, std::uint8_t card, Violations& out) {
  const auto seen = cards_seen(t);
  if (seen.size() != 1 || seen.front() != std::pair<Seat, std::uint8_t>{seat, card}) {
    out.push_back({std::string(kChoamSecretAlly),
                   fmt::format("the CHOAM Secret Ally's inspection showed {} card(s) in all, not the one {} inspected to it alone (seed "
                               "000: a random card, privately)", seen.size(), name_of(t.before, seat))});
  }
}

std::optional<std::uint8_t> inspected_in(const Transition& t, Seat seat) {
  for (std::size_t i = t.before.log.size(); i < t.after.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&t.after.log[i]);
    if (r && r->request.kind == ChanceKind::CardInspect && r->request.seat == seat) return r->outcome;
  }
  return std::nullopt;
}

void choam_inspection(const Transition& t, Violations& out) {
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  if (b.step != Step::Battle || !b.battle.revealed || b.battle.winner != seat) {
    out.push_back({std::string(kChoamSecretAlly),
                   fmt::format("{} played the CHOAM Secret Ally's inspection without having just won a battle (seed 000)", who)});
  }
  const auto card = inspected_in(t, seat);
  if (card) return choam_sighting(t, seat, *card, out);
  if (!(t.after.chance == PendingChance{ChanceKind::CardInspect, seat, 0})) {
    out.push_back({std::string(kChoamSecretAlly), fmt::format("no card of the loser was picked for {} to inspect (seed 000)", who)});
  }
}

constexpr std::string_view kMoritaniSecretAlly = "contract.moritani.secret-ally";

// The Moritani Secret Ally (seed 000): the loser of the battle just fought keeps one card it played
// in it that a winner could have kept, its weapon or its defense, which comes back from the
// discard: the hand grows by that card, the discard loses it, nothing else of the cards moves.
void moritani_play(const Transition& t, const PlayNexus& p, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  const auto fault = [&](std::string message) { out.push_back({std::string(kMoritaniSecretAlly), std::move(message)}); };
  const BattleState& x = b.battle;
  const bool combatant = x.combatants[0] == seat || x.combatants[1] == seat;
  if (b.seat_of(Faction::Moritani) || b.step != Step::Battle || !x.revealed || !x.winner || *x.winner == seat || !combatant) {
    fault(fmt::format("the Moritani Secret Ally was played by {} with the Moritani seated, or not as the loser of a battle with a "
                      "winner (seed 000)", who));
    return;
  }
  const auto& plan = x.plans[x.combatants[0] == seat ? 0 : 1];
  if (!p.treachery || !plan || (plan->weapon != p.treachery && plan->defense != p.treachery)) {
    fault(fmt::format("{} kept a card with the Moritani Secret Ally that was not its weapon or defense in the battle it lost: only a "
                      "played card a winner could keep (seed 000)", who));
    return;
  }
  const TreacheryCardId card = *p.treachery;
  // E1's one-time weapons, discarded after use even by a winner (fact sheet §4.2): the Artillery
  // Strike, and the Poison Tooth unless its player cancelled it (its CancelPoisonTooth, in the log
  // after its plan: the newer of the two).
  const Envelope* last = last_command(b, [&](const Envelope& e) {
    return e.seat == seat && (std::holds_alternative<PlanBattle>(e.command) || std::holds_alternative<CancelPoisonTooth>(e.command));
  });
  const bool tooth_struck = card_type(card).name == "Poison Tooth" && !(last && std::holds_alternative<CancelPoisonTooth>(last->command));
  if (plan->weapon == p.treachery && (card_type(card).name == "Artillery Strike" || tooth_struck)) {
    fault(fmt::format("{} kept its {} with the Moritani Secret Ally: discarded after use, no winner keeps it (fact sheet §4.2)", who,
                      card_type(card).name));
  }
  if (!in_zone(a.seat(seat).hand, card) || in_zone(a.treachery.discard, card)) {
    fault(fmt::format("the {} {} kept with the Moritani Secret Ally is not back in its hand (seed 000)", card_type(card).name, who));
  }
  // A Karama standing order the play's continuation meets (the Harkonnen capture) spends a card.
  std::size_t spent = 0;
  for (const auto& [by, c] : cards_spent_on_cancels(t)) spent += by == seat ? 1 : 0;
  if (a.seat(seat).hand.size() + spent != b.seat(seat).hand.size() + 1) {
    fault(fmt::format("{}'s hand went from {} to {} cards keeping one card with the Moritani Secret Ally (seed 000: one card)", who,
                      b.seat(seat).hand.size(), a.seat(seat).hand.size()));
  }
}

}  // namespace

Violations moritani_secret_ally(const Transition& t, const GameContext&) {
  Violations out;
  if (const PlayNexus* p = play_of(t, Faction::Moritani, NexusMode::SecretAlly)) moritani_play(t, *p, out);
  return out;
}

Violations choam_secret_ally(const Transition& t, const GameContext&) {
  Violations out;
  if (const PlayNexus* p = play_of(t, Faction::Choam, NexusMode::SecretAlly)) {
    if (t.before.seat_of(Faction::Choam)) {
      out.push_back({std::string(kChoamSecretAlly), "the CHOAM Secret Ally was played with CHOAM seated (seed 000)"});
    }
    if (p->treachery) {
      choam_trade(t, *p->treachery, out);
    } else {
      choam_inspection(t, out);
    }
    return out;
  }
  if (const auto* r = std::get_if<ChanceRecord>(&t.entry); r && r->request.kind == ChanceKind::CardInspect && single_step(t)) {
    choam_sighting(t, r->request.seat, r->outcome, out);
  }
  return out;
}

Violations ecaz_secret_ally(const Transition& t, const GameContext&) {
  Violations out;
  const PlayNexus* p = play_of(t, Faction::Ecaz, NexusMode::SecretAlly);
  if (!p) return out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  const auto fault = [&](std::string message) { out.push_back({std::string(kEcazSecretAlly), std::move(message)}); };
  if (b.seat_of(Faction::Ecaz) || !p->target || p->target->value >= b.seat_count() || *p->target == seat) {
    fault(fmt::format("the Ecaz Secret Ally was played by {} with Ecaz seated, or asking no other player (seed 000)", who));
    return out;
  }
  const Seat target = *p->target;
  const auto& traitors = b.seat(target).traitors;
  const bool truth = std::any_of(traitors.begin(), traitors.end(), [&](TraitorCardId c) {
    return c.value < kLeaderCount && leader_owner(b, LeaderId{c.value}) == b.faction_of(seat);
  });
  std::vector<Sighting> learned;
  for (std::size_t i = b.knowledge.sightings.size(); i < a.knowledge.sightings.size(); ++i) learned.push_back(a.knowledge.sightings[i]);
  const auto answer = std::find_if(learned.begin(), learned.end(), [&](const Sighting& x) {
    return x.kind == SeenKind::TraitorOfYoursHeld || x.kind == SeenKind::NoTraitorOfYoursHeld;
  });
  if (learned.size() != 1 || answer == learned.end() || answer->seat != seat || answer->id != target.value) {
    fault(fmt::format("{}'s Ecaz Secret Ally did not give {} alone one private answer about {} ({} sightings recorded; seed 000)", who,
                      who, name_of(b, target), learned.size()));
    return out;
  }
  for (std::size_t l = 0; l < kLeaderCount; ++l) {  // "without identifying those leaders"
    if (leader_owner(b, leader_at(l)) == b.faction_of(seat) && answer->what.find(kLeaders[l].name) != std::string::npos) {
      fault(fmt::format("{}'s Ecaz Secret Ally answer names {} (seed 000: without identifying those leaders)", who, kLeaders[l].name));
    }
  }
  if ((answer->kind == SeenKind::TraitorOfYoursHeld) != truth) {
    fault(fmt::format("{} disclosed to {} that it holds {} of its leaders as a traitor; it holds {} (seed 000)", name_of(b, target), who,
                      answer->kind == SeenKind::TraitorOfYoursHeld ? "one or more" : "none", truth ? "one or more" : "none"));
  }
  return out;
}

Violations ixians_secret_ally(const Transition& t, const GameContext&) {
  Violations out;
  if (play_of(t, Faction::Ixians, NexusMode::SecretAlly)) ixians_play(t, out);
  if (const auto* r = std::get_if<ChanceRecord>(&t.entry)) ixians_replacement(t, *r, out);
  return out;
}

Violations richese_secret_ally(const Transition& t, const GameContext&) {
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Envelope* e = envelope_of(t);
  if (!e) return out;
  const auto fault = [&](std::string message) { out.push_back({std::string(kRicheseSecretAlly), std::move(message)}); };
  const std::string who = name_of(b, e->seat);
  if (play_of(t, Faction::Richese, NexusMode::SecretAlly)) {
    // A shipment a Karama cancelled did not happen: its player retakes it ([LR] 3.04), and may retake
    // it with this card (the retake is its shipping still to come).
    const int retaken = retakes(b, e->seat, kShipmentRetakes);
    if (b.seat_of(Faction::Richese) || b.step != Step::Shipment || shipments_this_turn(b, e->seat) > retaken) {
      fault(fmt::format("the Richese Secret Ally was played by {} outside its own Shipment before it shipped, or with the Richese "
                        "seated (seed 000: it replaces normal shipping)", who));
    }
    return out;
  }
  if (!shipping(e->command) || !nexus_richese_shipment(b, e->seat)) return out;
  const auto* ship = std::get_if<Ship>(&e->command);
  if (!ship) {
    fault(fmt::format("{} cross-shipped or shipped back after the Richese Secret Ally replaced its shipping with a reserve shipment "
                      "(seed 000)", who));
    return out;
  }
  const int forces = (ship->normal + ship->special).value;
  if (forces > 5 || ship->karama) {
    fault(fmt::format("{} shipped {} forces{} after the Richese Secret Ally: up to five, paid in spice (seed 000)", who, forces,
                      ship->karama ? " by Karama" : ""));
  }
  const auto ally = ally_seat(b, e->seat);
  const int paid = spice_of(b, e->seat) - spice_of(a, e->seat) + spice_of(b, ally) - spice_of(a, ally);
  const int one = is_stronghold(cell_info(ship->to).territory) ? 1 : 2;
  if (paid > one) {
    fault(fmt::format("{} paid {} for {} forces after the Richese Secret Ally: priced as one force, at most {} (seed 000)", who, paid,
                      forces, one));
  }
  return out;
}

Violations tleilaxu_secret_ally(const Transition& t, const GameContext&) {
  Violations out;
  if (const PlayNexus* p = play_of(t, Faction::Tleilaxu, NexusMode::SecretAlly)) tleilaxu_play(t, *p, out);
  if (const auto* r = command_of<Revive>(t); r && t.before.step == Step::Revival) ordinary_after(t, *r, out);
  return out;
}

// ---- the Tleilaxu Betrayal and Cunning (seeds 000 and 002) ----

namespace {

ForceCount board_forces(const GameState& s, Faction f) {
  ForceCount n{0};
  for (std::size_t c = 0; c < kCellCount; ++c) n += s.board.normal[c][index(f)] + s.board.special[c][index(f)];
  return n;
}

// The Tleilaxu Cunning whose draws are under way at `s`: the last Tleilaxu Cunning played, when
// every command logged since is that play (its draws are chance steps).
const Envelope* cunning_under_way(const GameState& s) {
  const Envelope* last = last_command(s, [](const Envelope&) { return true; });
  const auto* p = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
  return p && p->card.faction == Faction::Tleilaxu && p->mode == NexusMode::Cunning ? last : nullptr;
}

}  // namespace

Violations tleilaxu_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.tleilaxu.betrayal";
  const PlayNexus* p = play_of(t, Faction::Tleilaxu, NexusMode::Betrayal);
  if (!p) return {};
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const auto tleilaxu = b.seat_of(Faction::Tleilaxu);
  // The reveal is the battle's last decision: no plan, wheel or battle chosen after it (gifts and
  // passes in the window may follow it).
  const Envelope* last = last_command(b, [](const Envelope& e) {
    return std::holds_alternative<RevealFaceDancer>(e.command) || std::holds_alternative<ChooseBattle>(e.command) ||
           std::holds_alternative<PlanBattle>(e.command) || std::holds_alternative<DialBattle>(e.command);
  });
  const auto* reveal = last ? std::get_if<RevealFaceDancer>(&last->command) : nullptr;
  if (!tleilaxu || seat == *tleilaxu || !reveal || last->seat != *tleilaxu || b.step != Step::Battle || p->answers == 0 ||
      p->answers != b.nexus.window_attempt) {
    out.push_back({name, fmt::format("{}'s Tleilaxu Betrayal does not answer a Face Dancer the Tleilaxu have just revealed, by another "
                                     "seat (seed 000)", name_of(b, seat))});
    return out;
  }
  const TraitorCardId dancer{reveal->leader.value};
  const LeaderState& was = b.leaders[reveal->leader.value];
  const LeaderState& is = a.leaders[reveal->leader.value];
  if (is.where != was.where || is.holder != was.holder || is.deaths != was.deaths) {
    out.push_back({name, fmt::format("{} was revealed as a Face Dancer and the reveal cancelled, yet the leader moved", leader_info(reveal->leader).name)});
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    const Faction f = b.faction_of(Seat{i});
    if (board_forces(a, f) != board_forces(b, f) || a.seat(Seat{i}).reserves_normal != b.seat(Seat{i}).reserves_normal ||
        a.seat(Seat{i}).reserves_special != b.seat(Seat{i}).reserves_special) {
      out.push_back({name, fmt::format("a cancelled Face Dancer reveal moved {}'s forces", to_string(f))});
    }
  }
  const SeatState& before = b.seat(*tleilaxu);
  const SeatState& after = a.seat(*tleilaxu);
  const bool last_of_group = before.revealed_dancers.size() >= before.traitors.size();
  if (last_of_group ? !after.revealed_dancers.empty() || (!contains(a.traitor_deck.unseen, dancer) && !contains(after.traitors, dancer))
                    : !contains(after.revealed_dancers, dancer) || after.traitors != before.traitors) {
    out.push_back({name, fmt::format("the cancelled Face Dancer {} did not stay revealed until the group's last reveal (seed 000)",
                                     leader_info(reveal->leader).name)});
  }
  if (!new_sightings(t).empty()) out.push_back({name, "a cancelled Face Dancer reveal showed someone something"});
  return out;
}

Violations tleilaxu_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.tleilaxu.cunning";
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  if (play_of(t, Faction::Tleilaxu, NexusMode::Cunning)) {
    const Seat seat = envelope_of(t)->seat;
    if (b.faction_of(seat) != Faction::Tleilaxu || b.seat(seat).revealed_dancers.empty() || b.nexus.window) {
      out.push_back({name, fmt::format("{} played the Tleilaxu Cunning without being the Tleilaxu with a revealed Face Dancer, or inside "
                                       "a Nexus window (seed 002)", name_of(b, seat))});
    }
    return out;
  }
  const auto* r = std::get_if<ChanceRecord>(&t.entry);
  if (!r || r->request.kind != ChanceKind::FaceDancerDraw || !owns_step(t) || !cunning_under_way(b)) return out;
  const Seat seat = r->request.seat;
  const SeatState& before = b.seat(seat);
  const SeatState& after = a.seat(seat);
  const TraitorCardId drawn{r->outcome};
  if (contains(before.revealed_dancers, drawn)) {
    out.push_back({name, fmt::format("the Tleilaxu Cunning drew {}, one of the revealed Face Dancers it replaces (seed 002)", traitor_name(drawn))});
  }
  if (a.chance && a.chance->kind == ChanceKind::FaceDancerDraw) return out;  // more to draw: the group stays aside
  // The last draw: the held cards gain it and lose the whole revealed group, back in the deck.
  const bool returned = std::all_of(before.revealed_dancers.begin(), before.revealed_dancers.end(),
                                    [&](TraitorCardId c) { return contains(a.traitor_deck.unseen, c) && !contains(after.traitors, c); });
  if (!after.revealed_dancers.empty() || !returned || after.traitors.size() + before.revealed_dancers.size() != before.traitors.size() + 1) {
    out.push_back({name, "the Tleilaxu Cunning's last draw did not leave the revealed group shuffled into the Traitor Deck and none revealed (seed 002)"});
  }
  return out;
}

}  // namespace dune::invariants::contract_detail

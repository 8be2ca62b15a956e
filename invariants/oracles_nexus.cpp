// The Nexus play oracle (oracle.nexus-play): every PlayNexus keeps seed 000's common contract;
// each registered family's panels keep their own contracts, checkers of their own registered with
// the family (invariants/nexus_contracts.h, e.g. contract.atreides.betrayal).
//   common   the card was held and goes to the Nexus discard; exactly one receipt names the seat,
//            the card, the mode, the turn and the phase (item 9); the mode is the native roster's:
//            one's own faction's card Cunning, a seated faction's Betrayal, an absent one's Secret
//            Ally (item 8); no alliance changes (item 7); no physical piece moves (seed 003: a
//            Nexus card creates no component) but those the panel's printed effect moves: the
//            Emperor Secret Ally's purchase hands the buyer its lot, its revival returns three of
//            the player's forces (as the play names them) from the Tanks to its reserves; the
//            Tleilaxu Secret Ally's returns the named leader to its owner's shield and the named
//            forces to reserves, each force paid one spice to the bank (seed 000, seed 002); the
//            Ixians Secret Ally's sends the bought lot to the Treachery discard (seed 000); the
//            CHOAM Secret Ally's trade sends the named Worthless card there, for two spice from the
//            bank (seed 000); the Moritani Secret Ally's brings the loser's named played card back
//            from there into its hand (seed 000).
// A play whose panel has no contract checker is decided only as far as the common contract goes,
// and counted skipped.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/nexus_contracts.h"
#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

// What the step moved after the play, once the battle it was played in went on in the same step
// (resolved, or over and the next one begun or the phase ended): the battle oracles' and the
// phases' to decide, not the card's.
void battle_went_on(const GameState& a, GameState& want) {
  want.board = a.board;
  want.bank = a.bank;
  want.leaders = a.leaders;
  want.treachery.discard = a.treachery.discard;
  for (std::size_t i = 0; i < want.seat_count(); ++i) {
    SeatState& w = want.seats[i];
    const SeatState& g = a.seats[i];
    w.spice = g.spice;
    w.in_front_of_shield = g.in_front_of_shield;
    w.hand = g.hand;
    w.reserves_normal = g.reserves_normal;
    w.reserves_special = g.reserves_special;
    w.tanks_normal = g.tanks_normal;
    w.tanks_special = g.tanks_special;
  }
}

// The existing components a panel's printed effect moves (seed 000 "Physical custody remains
// authoritative"), added to `want`.
void panel_pieces(const Transition& t, const PlayNexus& p, Seat seat, GameState& want) {
  const GameState& b = t.before;
  // The worm that waited for the Fremen Secret Ally window devours as it closes: what the worm does
  // is oracle.worm's and oracle.spice-blow's (the protection included).
  if (b.blow.worm_waiting && !t.after.blow.worm_waiting) {
    want.board = t.after.board;
    want.bank = t.after.bank;
    for (std::size_t i = 0; i < want.seat_count(); ++i) {
      want.seats[i].tanks_normal = t.after.seats[i].tanks_normal;
      want.seats[i].tanks_special = t.after.seats[i].tanks_special;
    }
  }
  // The Harkonnen Betrayal closes the window the battle's traitor calls waited for: when the battle
  // resolves in the same step, what it moves is the battle oracles' (oracle.battle-winner decides
  // the cancelled call), the card's own effect moves no piece (a Traitor Card is not one here).
  if (p.card.faction == Faction::Harkonnen && p.mode == NexusMode::Betrayal && battle_resolved(t)) battle_went_on(t.after, want);
  // The Tleilaxu Betrayal closes the window a Face Dancer reveal waited for: the battle goes on in
  // the same step (the next battle, the phase's end); what the cancelled reveal did not move is
  // contract.tleilaxu.betrayal's.
  if (p.card.faction == Faction::Tleilaxu && p.mode == NexusMode::Betrayal) battle_went_on(t.after, want);
  // The CHOAM Secret Ally's inspection moves no piece; when the one card to pick was seen at once,
  // the battle went on in the same step (captured leaders, the next battle, the phase's end).
  if (p.card.faction == Faction::Choam && p.mode == NexusMode::SecretAlly && !p.treachery &&
      !(t.after.chance && t.after.chance->kind == ChanceKind::CardInspect)) {
    battle_went_on(t.after, want);
    return;
  }
  // The Moritani Secret Ally: the named card the loser discarded back into its hand (seed 000);
  // unless a window on the battle won opened, the battle went on in the same step.
  if (p.card.faction == Faction::Moritani && p.mode == NexusMode::SecretAlly && p.treachery) {
    if (!t.after.nexus.window) {
      battle_went_on(t.after, want);
      return;
    }
    auto& discard = want.treachery.discard;
    if (const auto at = std::find(discard.begin(), discard.end(), *p.treachery); at != discard.end()) {
      discard.erase(at);
      auto& hand = want.seat(seat).hand;
      hand.insert(std::upper_bound(hand.begin(), hand.end(), *p.treachery), *p.treachery);
    }
    return;
  }
  // The CHOAM Secret Ally's trade: the Worthless card to the Treachery discard, two spice from the
  // bank (seed 000).
  if (p.card.faction == Faction::Choam && p.mode == NexusMode::SecretAlly && p.treachery) {
    auto& hand = want.seat(seat).hand;
    if (const auto at = std::find(hand.begin(), hand.end(), *p.treachery); at != hand.end()) hand.erase(at);
    want.treachery.discard.push_back(*p.treachery);
    want.seat(seat).spice += Spice{2};
    want.bank -= Spice{2};
    return;
  }
  // The Spacing Guild Betrayal takes the whole payment of the shipment just paid from its payee
  // (the Guild or the bank) for its player (seed 000); the invoice is the payment the shipment's
  // own step made (contract.spacing-guild.betrayal holds the two to each other).
  if (p.card.faction == Faction::SpacingGuild && p.mode == NexusMode::Betrayal && b.movement.invoice) {
    const ShipmentInvoice& i = *b.movement.invoice;
    if (i.payee != seat) {
      want.seat(seat).spice += i.amount;
      if (i.payee) {
        want.seat(*i.payee).spice -= i.amount;
      } else {
        want.bank -= i.amount;
      }
    }
  }
  // The Tleilaxu Secret Ally: the named leader (or the Kwisatz Haderach, no piece here) and up to
  // five forces, one spice each to the bank (seed 000; seed 002: the five are not free).
  if (p.card.faction == Faction::Tleilaxu && p.mode == NexusMode::SecretAlly && b.step == Step::Revival) {
    SeatState& w = want.seat(seat);
    w.tanks_normal -= p.normal;
    w.tanks_special -= p.special;
    w.reserves_normal += p.normal;
    w.reserves_special += p.special;
    const Spice price{(p.normal + p.special).value};
    w.spice -= price;
    want.bank += price;
    if (p.leader && p.leader->value < kLeaderCount) {
      LeaderState& l = want.leaders[p.leader->value];
      l.where = LeaderLocation::Available;
      l.holder = seat;
      l.fought_this_phase = false;
    }
    return;
  }
  // The Ixians Betrayal moves nothing; the row dealt after it in the same step draws from the deck,
  // or from the discard reshuffled into it (oracle.deal).
  if (p.card.faction == Faction::Ixians && p.mode == NexusMode::Betrayal) {
    want.treachery = t.after.treachery;
    return;
  }
  // The Ixians Secret Ally: the bought lot to the Treachery discard, which is shuffled to form the
  // deck when the deck is out, for the replacement dealt next (seed 000; oracle.deal decides it).
  if (p.card.faction == Faction::Ixians && p.mode == NexusMode::SecretAlly && b.step == Step::Bidding && !b.bidding.lots.empty()) {
    want.treachery.discard.push_back(b.bidding.lots.front());
    if (b.treachery.deck.size() == 0) want.treachery.discard.clear();
    return;
  }
  // The Emperor's and the Fremen's Secret Ally revive three forces (seed 000, seed 003).
  const bool revives = p.card.faction == Faction::Emperor || p.card.faction == Faction::Fremen;
  if (!revives || p.mode != NexusMode::SecretAlly) return;
  SeatState& w = want.seat(seat);
  if (b.step == Step::Bidding && !b.bidding.lots.empty()) {  // the lot bought (seed 003: a real completed sale)
    const TreacheryCardId lot = b.bidding.lots.front();
    w.hand.insert(std::upper_bound(w.hand.begin(), w.hand.end(), lot), lot);
    // A Harkonnen buyer still below its limit is owed a free card ([LR] 2.05.08), dealt next: an
    // empty deck is formed again from the whole discard first, in this step.
    if (b.faction_of(seat) == Faction::Harkonnen && w.hand.size() < hand_limit(Faction::Harkonnen) && b.treachery.deck.size() == 0) {
      want.treachery.discard.clear();
    }
  } else if (b.step == Step::Revival) {  // "revive three additional forces free" (seed 003)
    const ForceCount special = std::min(p.special, w.tanks_special);
    const ForceCount normal = std::min(ForceCount{3} - special, w.tanks_normal);
    w.tanks_normal -= normal;
    w.tanks_special -= special;
    w.reserves_normal += normal;
    w.reserves_special += special;
  }
}

}  // namespace

Violations nexus_play(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const auto* p = e ? std::get_if<PlayNexus>(&e->command) : nullptr;
  if (!p) return {};
  // The Ixians Betrayal closes the window the Bidding row's deal waited for: the lots drawn in the
  // same step are oracle.deal's; the play itself is decided here.
  const bool row_dealt_after = p->card.faction == Faction::Ixians && p->mode == NexusMode::Betrayal &&
                               others_only_draws(t, {ChanceKind::TreacheryLot});
  if (!single_step(t) && !row_dealt_after) return skipped(kNexusPlay);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = e->seat;
  const std::string who = name_of(b, seat);
  Violations out;
  if (!(b.nexus.held[seat.value] == p->card) || a.nexus.held[seat.value].has_value()) {
    out.push_back(violation(kNexusPlay, fmt::format("{} played the {} card without holding it, or holds a card after the play (seed 000, item 9)",
                                                    who, to_string(p->card.faction))));
  }
  if (a.nexus.discard.size() != b.nexus.discard.size() + 1 || !(a.nexus.discard.back() == p->card)) {
    out.push_back(violation(kNexusPlay, fmt::format("the {} card {} played is not on top of the Nexus discard (seed 000, item 9)",
                                                    to_string(p->card.faction), who)));
  }
  const auto& receipts = a.nexus.receipts;
  if (receipts.size() != b.nexus.receipts.size() + 1) {
    out.push_back(violation(kNexusPlay, fmt::format("{}'s Nexus play left {} receipts, not one (seed 000, item 9)", who,
                                                    receipts.size() - b.nexus.receipts.size())));
  } else {
    const NexusReceipt& r = receipts.back();
    if (r.seat != seat || !(r.card == p->card) || r.mode != p->mode || r.turn != b.turn || r.phase != b.phase) {
      out.push_back(violation(kNexusPlay, fmt::format("{}'s Nexus receipt does not name its seat, card, mode, turn and phase (seed 000, item 9)", who)));
    }
  }
  const NexusMode native = p->card.faction == b.faction_of(seat) ? NexusMode::Cunning
                           : b.seat_of(p->card.faction)          ? NexusMode::Betrayal
                                                                 : NexusMode::SecretAlly;
  if (p->mode != native) {
    out.push_back(violation(kNexusPlay, fmt::format("{} played the {} card as {}; the native roster makes it {} (seed 000, item 8)", who,
                                                    to_string(p->card.faction), to_string(p->mode), to_string(native))));
  }
  if (a.alliances != b.alliances) out.push_back(violation(kNexusPlay, "a Nexus play changed an alliance (seed 000, item 7)"));
  GameState want = b;
  panel_pieces(t, *p, seat, want);
  // A Karama standing order the play's continuation meets (the purchase's Harkonnen top card)
  // spends its card: no Nexus effect ([LR] 3.01.11.01, 2.02.22).
  for (const auto& [by, card] : cards_spent_on_cancels(t)) transfer(want.seat(by).hand, want.treachery.discard, card);
  expect_pieces(kNexusPlay, want, a, fmt::format("{}'s Nexus play", who), out);
  // The panel's own contract is its family's contract checker (invariants/nexus_contracts.h); a
  // panel without one leaves the play undecided beyond the common contract: counted skipped.
  if (!has_contract(p->card.faction, p->mode)) {
    skipped(kNexusPlay);
    return out;
  }
  return decided(kNexusPlay, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

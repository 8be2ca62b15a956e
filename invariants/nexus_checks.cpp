#include "invariants/nexus_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "engine/engine.h"
#include "engine/projection.h"
#include "invariants/oracle_support.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

const Envelope* envelope_of(const Transition& t) { return std::get_if<Envelope>(&t.entry); }

template <class C>
const C* command_of(const Transition& t) {
  const Envelope* e = envelope_of(t);
  return e ? std::get_if<C>(&e->command) : nullptr;
}

const ChanceRecord* nexus_draw_of(const Transition& t) {
  const auto* r = std::get_if<ChanceRecord>(&t.entry);
  return r && r->request.kind == ChanceKind::NexusDraw ? r : nullptr;
}

std::string who(const GameState& s, Seat seat) {
  return seat.value < s.seat_count() ? std::string(to_string(s.faction_of(seat))) : fmt::format("seat {}", seat.value);
}

std::string card_name(NexusCardId c) { return fmt::format("Nexus card {}", to_string(c.faction)); }

bool in(const std::vector<NexusCardId>& v, NexusCardId c) { return std::find(v.begin(), v.end(), c) != v.end(); }

// What happened in this turn's Spice Blow and Nexus phase, recomputed from the log and the card
// table, never from the engine's own flags (issue 17 item 4): the spice cards drawn since this
// turn's storm (its dials, or the Fremen storm card of Advanced games), newest first.
struct BlowFacts {
  bool nexus = false;   // a Shai-Hulud revealed after turn 1 ([LR] 1.02.06, 1.10.00), the Fremen Karama worm (1.14.03) or E1's Thumper
  bool pile_b = false;  // blow B has begun (a card drawn for pile B, [LR] 1.13.02.03)
};
template <class F>
void since_storm(const GameState& s, F&& f) {
  for (std::size_t i = s.log.size(); i-- > 0;) {
    if (const auto* e = std::get_if<Envelope>(&s.log[i]); e && std::holds_alternative<DialStorm>(e->command)) return;
    if (const auto* r = std::get_if<ChanceRecord>(&s.log[i]); r && r->request.kind == ChanceKind::StormCard) return;
    f(s.log[i]);
  }
}
BlowFacts blow_facts(const GameState& s) {
  BlowFacts out;
  since_storm(s, [&](const LogEntry& x) {
    // The Fremen Karama worm "is treated as a normal sandworm and will cause a nexus" ([LR] 1.14.03);
    // so is E1's Thumper worm (fact sheet §4.2), after turn 1 only.
    if (const auto* e = std::get_if<Envelope>(&x)) {
      out.nexus = out.nexus || std::holds_alternative<KaramaWorm>(e->command) ||
                  (s.turn > 1 && std::holds_alternative<PlayThumper>(e->command));
    }
    const auto* r = std::get_if<ChanceRecord>(&x);
    if (!r || r->request.kind != ChanceKind::SpiceDraw) return;
    out.pile_b = out.pile_b || r->request.pile == 1;
    out.nexus = out.nexus || (s.turn > 1 && spice_card_info(SpiceCardId{r->outcome}).kind == SpiceCardKind::ShaiHulud);
  });
  return out;
}

bool any_unallied(const GameState& s) {
  return std::any_of(s.seats.begin(), s.seats.end(), [](const SeatState& x) { return !x.ally; });
}

bool seated(const GameState& s, Faction f) {
  const auto& fs = s.options.factions;
  return std::find(fs.begin(), fs.end(), f) != fs.end();
}

// ---- single consumption ---------------------------------------------------------------------

// Seed 000 item 9: an accepted play commits exactly one receipt that binds the card, the seat and
// the mode, and the card leaves the seat's hand for the Nexus discard.
Violations one_receipt(const Transition& t, const GameContext&) {
  const auto* play = command_of<PlayNexus>(t);
  if (!play) return {};
  const Seat seat = envelope_of(t)->seat;
  const auto& before = t.before.nexus;
  const auto& after = t.after.nexus;
  Violations out;
  const std::string name = "single-consumption.one-receipt";
  if (after.receipts.size() != before.receipts.size() + 1) {
    out.push_back({name, fmt::format("{} played the {} and {} receipts were committed, not exactly one", who(t.before, seat),
                                     card_name(play->card), static_cast<long>(after.receipts.size()) - static_cast<long>(before.receipts.size()))});
  } else {
    const NexusReceipt& r = after.receipts.back();
    if (r.seat != seat || r.card != play->card || r.mode != play->mode) {
      out.push_back({name, fmt::format("the receipt of {}'s play of the {} names {} and the {} instead", who(t.before, seat),
                                       card_name(play->card), who(t.before, r.seat), card_name(r.card))});
    }
  }
  if (after.held[seat.value].has_value() || after.discard.empty() || after.discard.back() != play->card) {
    out.push_back({name, fmt::format("the {} played by {} did not leave its hand for the top of the Nexus discard",
                                     card_name(play->card), who(t.before, seat))});
  }
  return out;
}

// A card not held cannot be played: the engine must have rejected it.
Violations held_to_play(const Transition& t, const GameContext&) {
  const auto* play = command_of<PlayNexus>(t);
  if (!play) return {};
  const Seat seat = envelope_of(t)->seat;
  if (t.before.nexus.held[seat.value] == play->card) return {};
  return {{"single-consumption.held", fmt::format("{} played the {} without holding it", who(t.before, seat), card_name(play->card))}};
}

// Receipts are append-only; a delayed receipt is consumed at most once and never un-consumed.
Violations append_only(const Transition& t, const GameContext&) {
  const auto& before = t.before.nexus.receipts;
  const auto& after = t.after.nexus.receipts;
  const std::string name = "single-consumption.append-only";
  if (after.size() < before.size()) {
    return {{name, fmt::format("{} Nexus receipts became {}: a committed receipt was erased", before.size(), after.size())}};
  }
  Violations out;
  for (std::size_t i = 0; i < before.size(); ++i) {
    NexusReceipt was = before[i];
    const NexusReceipt& now = after[i];
    if (was.consumed && !now.consumed) {
      out.push_back({name, fmt::format("receipt {} ({}) was consumed and became unconsumed: its effect can be used twice", was.id, card_name(was.card))});
    }
    was.consumed = now.consumed;
    if (!(was == now)) out.push_back({name, fmt::format("committed receipt {} ({}) was rewritten", was.id, card_name(was.card))});
  }
  for (std::size_t i = 0; i < after.size(); ++i) {
    if (after[i].id != i + 1) {
      out.push_back({name, fmt::format("receipt #{} has id {}: receipts are numbered 1, 2, ... in commitment order", i + 1, after[i].id)});
      break;
    }
  }
  return out;
}

// A committed command id replayed is a no-op: such a step leaves the state as it was.
Violations retry_noop(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (!e) return {};
  if (e->id.value > t.before.committed.highest_id()) return {};  // a fresh id: no retry (no scan of the game)
  for (const Committed& done : t.before.committed) {
    if (done.envelope.id != e->id) continue;
    if (t.after == t.before) return {};
    return {{"single-consumption.retry", fmt::format("command id {} was already committed, and replaying it changed the game", e->id.value)}};
  }
  return {};
}

// Drawing a card never replays a receipt: draws commit none, and revive no delayed effect (seed
// 000, "Delayed effects"). A delayed effect of the phase the draw ends may end with it (consumed).
Violations draw_no_replay(const Transition& t, const GameContext&) {
  if (!command_of<DrawNexus>(t) && !nexus_draw_of(t)) return {};
  const auto& was = t.before.nexus.receipts;
  const auto& now = t.after.nexus.receipts;
  bool same = was.size() == now.size();
  for (std::size_t i = 0; same && i < was.size(); ++i) {
    NexusReceipt ended = was[i];
    ended.consumed = ended.consumed || (ended.delayed && now[i].consumed);
    same = ended == now[i];
  }
  if (same) return {};
  return {{"single-consumption.draw", "a Nexus draw changed the committed receipts: a drawn card replayed an effect"}};
}

// ---- lifecycle (seed 000, "Executable lifecycle composition") -------------------------------

// Item 1: a separate deck; a Nexus step never touches Treachery hands, deck or discard.
Violations separate_deck(const Transition& t, const GameContext&) {
  if (!command_of<DrawNexus>(t) && !command_of<PlayNexus>(t) && !nexus_draw_of(t) && !command_of<SetRedrawPolicy>(t)) return {};
  // The one Treachery card a Nexus play moves is one the panel's printed effect names: the lot the
  // Emperor Secret Ally buys (seed 003: a real completed sale), into its buyer's hand, the lot the
  // Ixians Secret Ally discards, the Worthless card the CHOAM Secret Ally trades, or the played card
  // the Moritani Secret Ally keeps.
  std::vector<Held<TreacheryCard>> hands;
  for (const SeatState& s : t.before.seats) hands.push_back(s.hand);
  const auto* p = command_of<PlayNexus>(t);
  // The Harkonnen Betrayal closes the window the battle's traitor calls waited for: the battle
  // resolves in the same step and its plans' cards go where the battle oracles say.
  if (p && p->card.faction == Faction::Harkonnen && p->mode == NexusMode::Betrayal && oracle_detail::battle_resolved(t)) return {};
  if (p && p->card.faction == Faction::Emperor && p->mode == NexusMode::SecretAlly && t.before.step == Step::Bidding &&
      !t.before.bidding.lots.empty()) {
    if (t.after.log.size() != t.before.log.size() + 1) return {};  // the Harkonnen's free card follows the purchase (oracle.deal decides it)
    auto& hand = hands[envelope_of(t)->seat.value];
    const TreacheryCardId lot = t.before.bidding.lots.front();
    hand.insert(std::upper_bound(hand.begin(), hand.end(), lot), lot);
  }
  TreacheryState treachery = t.before.treachery;
  // A Harkonnen buyer is owed its free card ([LR] 2.05.08), dealt in the next step; an empty deck is
  // formed again from the whole discard before that draw, in this step (no Nexus effect).
  if (p && p->card.faction == Faction::Emperor && p->mode == NexusMode::SecretAlly && t.before.step == Step::Bidding &&
      !t.before.bidding.lots.empty() && treachery.deck.size() == 0 && t.before.faction_of(envelope_of(t)->seat) == Faction::Harkonnen &&
      hands[envelope_of(t)->seat.value].size() < oracle_detail::hand_limit(Faction::Harkonnen)) {
    transfer_all(treachery.discard, treachery.deck);
  }
  // The Ixians Secret Ally discards the bought lot (seed 000): the lot to the Treachery discard, the
  // next deck card dealt after it (oracle.deal and contract.ixians.secret-ally decide that deal).
  if (p && p->card.faction == Faction::Ixians && p->mode == NexusMode::SecretAlly && t.before.step == Step::Bidding &&
      !t.before.bidding.lots.empty()) {
    if (t.after.log.size() != t.before.log.size() + 1 || t.before.treachery.deck.size() == 0) return {};
    treachery.discard.push_back(t.before.bidding.lots.front());
  }
  // The Ixians Betrayal closes the window the Bidding row's deal waited for: the lots drawn in the
  // same step are the row's (oracle.deal decides them), and no hand changes.
  if (p && p->card.faction == Faction::Ixians && p->mode == NexusMode::Betrayal &&
      oracle_detail::others_only_draws(t, {ChanceKind::TreacheryLot})) {
    treachery = t.after.treachery;
  }
  // The CHOAM Secret Ally's trade (seed 000): the named Worthless card from its hand to the discard.
  if (p && p->card.faction == Faction::Choam && p->mode == NexusMode::SecretAlly && p->treachery) {
    auto& hand = hands[envelope_of(t)->seat.value];
    if (const auto at = std::find(hand.begin(), hand.end(), *p->treachery); at != hand.end()) hand.erase(at);
    treachery.discard.push_back(*p->treachery);
  }
  // The Moritani Secret Ally (seed 000): the named card the loser discarded back into its hand.
  if (p && p->card.faction == Faction::Moritani && p->mode == NexusMode::SecretAlly && p->treachery &&
      std::find(treachery.discard.begin(), treachery.discard.end(), *p->treachery) != treachery.discard.end()) {
    auto& hand = hands[envelope_of(t)->seat.value];
    transfer(treachery.discard, hand, *p->treachery);
  }
  // A Karama standing order the play's continuation meets (the battle won goes on to the Harkonnen
  // capture, cancelled) is no Nexus effect: each cancel it records spends one card, a Karama or a
  // Bene Gesserit worthless card, from its player's hand to the discard ([LR] 3.01.11.01, 2.02.22).
  for (const auto& [by, card] : oracle_detail::cards_spent_on_cancels(t)) transfer(hands[by.value], treachery.discard, card);
  bool same = t.after.treachery == treachery;
  for (std::size_t i = 0; same && i < t.after.seat_count(); ++i) same = t.after.seats[i].hand == hands[i];
  if (same) return {};
  return {{"lifecycle.1-separate-deck", "a Nexus step changed a Treachery hand, deck or discard: the Nexus card is not a Treachery card"}};
}

// Item 2: the module exists only when selected; then all twelve identities, absent factions
// included, are in the deck, the discard or held, each once; no initial deal during setup.
Violations initialization(const Transition& t, const GameContext&) {
  const GameState& s = t.after;
  const std::string name = "lifecycle.2-initialization";
  const bool selected = s.options.nexus != NexusModuleMode::Off;
  if (!selected) {
    if (s.nexus == NexusState{}) return {};
    return {{name, "the Nexus module was not selected, yet its state is not empty"}};
  }
  Violations out;
  if (!s.nexus.enabled) out.push_back({name, "the Nexus module was selected but is not enabled"});
  std::array<int, kFactionCount> seen{};
  for (NexusCardId c : s.nexus.deck.known_top) ++seen[index(c.faction)];
  for (NexusCardId c : s.nexus.deck.unseen) ++seen[index(c.faction)];
  for (NexusCardId c : s.nexus.deck.known_bottom) ++seen[index(c.faction)];
  for (NexusCardId c : s.nexus.discard) ++seen[index(c.faction)];
  for (const auto& h : s.nexus.held) if (h) ++seen[index(h->faction)];
  for (std::size_t f = 0; f < kFactionCount; ++f) {
    if (seen[f] != 1) {
      out.push_back({name, fmt::format("the {} is found {} times; each of the twelve identities exists once",
                                       card_name(NexusCardId{static_cast<Faction>(f)}), seen[f])});
    }
  }
  if (s.turn == 0) {
    for (std::size_t i = 0; i < kMaxSeats; ++i) {
      if (s.nexus.held[i]) out.push_back({name, fmt::format("{} holds a Nexus card during setup: no initial deal is prescribed", who(s, Seat{static_cast<std::uint8_t>(i)}))});
    }
  }
  return out;
}

// Item 3: the opportunity opens when, and only when, the whole Spice Blow and Nexus phase ends
// (both blows with the double blow) with a Nexus in it and an alliance on the final alliances, and
// a seat unallied to answer it. Whether a Nexus occurred, and whether blow B was drawn, are
// recomputed from the spice cards the phase revealed and a Fremen Karama worm (blow_facts), not
// read from the engine.
Violations draw_trigger(const Transition& t, const GameContext&) {
  const std::string name = "lifecycle.3-draw-trigger";
  Violations out;
  const bool opened = !t.before.nexus.opportunity_open && t.after.nexus.opportunity_open;
  // The phase's own steps end where the next phase begins, or where E1's Amal window before it
  // opens (engine/amal.cpp: the window sits between the two).
  const bool leaving = t.before.phase == Phase::SpiceBlowAndNexus && t.before.step != Step::AmalWindow &&
                       (t.after.phase != Phase::SpiceBlowAndNexus || t.after.turn != t.before.turn || t.after.step == Step::AmalWindow);
  if (!opened && !leaving) return out;
  const BlowFacts blow = blow_facts(t.after);
  if (opened) {
    if (!blow.nexus) out.push_back({name, "a Nexus draw opportunity opened although no worm was revealed after turn 1 this phase"});
    if (t.before.phase != Phase::SpiceBlowAndNexus || t.after.step != Step::NexusDraw) {
      out.push_back({name, fmt::format("a Nexus draw opportunity opened during {}, not at the end of the Spice Blow and Nexus phase", to_string(t.after.step))});
    }
    if (t.before.options.rules.double_spice_blow && !blow.pile_b) {
      out.push_back({name, "a Nexus draw opportunity opened after blow A alone: the trigger is the end of the whole phase"});
    }
  }
  // Leaving the phase: from the opportunity's last answer whenever one was owed.
  const bool owed = t.before.options.nexus != NexusModuleMode::Off && blow.nexus && !t.after.alliances.empty() && any_unallied(t.after);
  if (leaving && owed && t.before.step != Step::NexusDraw) {
    out.push_back({name, "the Spice Blow and Nexus phase ended without the Nexus draw opportunity, though a worm was revealed after "
                         "turn 1 in it and an alliance stands (seed 000, item 3)"});
  }
  return out;
}

// Item 3 (final alliances) and item 4 (one opportunity): only seats unallied on the final
// alliances are eligible, and each answers once.
Violations one_opportunity(const Transition& t, const GameContext&) {
  const std::string name = "lifecycle.4-one-opportunity";
  Violations out;
  const auto& after = t.after.nexus;
  if (!t.before.nexus.opportunity_open && after.opportunity_open) {
    for (std::size_t i = 0; i < t.after.seat_count(); ++i) {
      const bool unallied = !t.after.seats[i].ally.has_value();
      if (after.eligible[i] != unallied) {
        out.push_back({name, fmt::format("{} is {} on the final alliances but was made {}eligible to draw", who(t.after, Seat{static_cast<std::uint8_t>(i)}),
                                         unallied ? "unallied" : "allied", after.eligible[i] ? "" : "not ")});
      }
    }
  }
  if (const auto* draw = command_of<DrawNexus>(t)) {
    (void)draw;
    const Seat seat = envelope_of(t)->seat;
    // Recomputed: the step of the draws, a Nexus this phase, the seat unallied, and no draw of its
    // own yet this phase (one opportunity per seat, seed 000 item 4).
    bool drew = false;
    since_storm(t.before, [&](const LogEntry& x) {
      const auto* e = std::get_if<Envelope>(&x);
      drew = drew || (e && e->seat == seat && std::holds_alternative<DrawNexus>(e->command));
    });
    if (t.before.step != Step::NexusDraw || !blow_facts(t.before).nexus || t.before.seat(seat).ally || drew) {
      out.push_back({name, fmt::format("{} drew a Nexus card without an unanswered opportunity of its own", who(t.before, seat))});
    }
  }
  if (t.before.nexus.opportunity_open && after.opportunity_open) {
    for (std::size_t i = 0; i < kMaxSeats; ++i) {
      if (t.before.nexus.answered[i] && !after.answered[i]) {
        out.push_back({name, fmt::format("{} answered the draw opportunity and was asked again", who(t.after, Seat{static_cast<std::uint8_t>(i)}))});
      }
    }
  }
  return out;
}

// Item 5: the drawn card lands before anything is projected: the drawing seat holds it, or (the
// redraw policy) it went to the Nexus discard because it is that seat's own faction.
Violations draw_lands(const Transition& t, const GameContext&) {
  const ChanceRecord* r = nexus_draw_of(t);
  if (!r) return {};
  const NexusCardId card{static_cast<Faction>(r->outcome)};
  const Seat seat = r->request.seat;
  if (seat.value >= t.after.seat_count()) return {{"lifecycle.5-draw-lands", fmt::format("a Nexus card was drawn for seat {}, not at the table", seat.value)}};
  if (t.after.nexus.held[seat.value] == card) return {};
  if (in(t.after.nexus.discard, card) && card.faction == t.after.faction_of(seat)) return {};
  // Redrawn with the deck exhausted: the discard, the redrawn card with it, became the new deck
  // before the next draw (seed 000, "Publisher's common rules": exhaustion recycles the discards).
  const bool recycled = t.after.nexus.deck.size() > t.before.nexus.deck.size() && t.after.nexus.discard.empty();
  if (recycled && in(t.after.nexus.deck.unseen, card) && card.faction == t.after.faction_of(seat)) return {};
  return {{"lifecycle.5-draw-lands", fmt::format("the {} drawn for {} is neither held by it nor discarded as its own faction's card",
                                                 card_name(card), who(t.after, seat))}};
}

// Item 6: an alliance formed discards both partners' held cards; offers, refusals and leaving
// discard nothing, and leaving opens no draw.
Violations alliance_discards(const Transition& t, const GameContext&) {
  const std::string name = "lifecycle.6-alliance-discards";
  Violations out;
  for (std::size_t i = 0; i < t.after.seat_count(); ++i) {
    const Seat seat{static_cast<std::uint8_t>(i)};
    const bool formed = !t.before.seats[i].ally && t.after.seats[i].ally;
    const auto& held = t.before.nexus.held[i];
    if (formed && held && (t.after.nexus.held[i] || !in(t.after.nexus.discard, *held))) {
      out.push_back({name, fmt::format("{} allied while holding the {}, which was not discarded", who(t.after, seat), card_name(*held))});
    }
    if (!formed && held && !t.after.nexus.held[i] && (command_of<ProposeAlliance>(t) || command_of<BreakAlliance>(t))) {
      out.push_back({name, fmt::format("{} lost its {} to an alliance offer or a break, not a formation", who(t.after, seat), card_name(*held))});
    }
  }
  // The break may be the phase's last command; the end of the phase then opens the opportunity by
  // item 3 (a Nexus this phase, an alliance on the final alliances), and the seat that left is
  // unallied on them. Only an opening item 3 does not explain was generated by the leaving.
  // (The log scan runs only on a break that opened it, not on every step.)
  if (command_of<BreakAlliance>(t) && !t.before.nexus.opportunity_open && t.after.nexus.opportunity_open &&
      !(blow_facts(t.after).nexus && !t.after.alliances.empty())) {
    out.push_back({name, "leaving an alliance opened a Nexus draw opportunity"});
  }
  return out;
}

// Item 7: Secret Ally selects an effect; playing a Nexus card makes no real ally.
Violations no_real_ally(const Transition& t, const GameContext&) {
  if (!command_of<PlayNexus>(t)) return {};
  bool same = t.after.alliances == t.before.alliances;
  for (std::size_t i = 0; same && i < t.after.seat_count(); ++i) same = t.after.seats[i].ally == t.before.seats[i].ally;
  if (same) return {};
  return {{"lifecycle.7-no-real-ally", "playing a Nexus card changed the alliances: Secret Ally does not create a real ally"}};
}

// Item 8: the native roster identity decides the mode: one's own faction is Cunning, another
// seated faction Betrayal, an absent faction Secret Ally.
Violations native_mode(const Transition& t, const GameContext&) {
  const auto* play = command_of<PlayNexus>(t);
  if (!play) return {};
  const Seat seat = envelope_of(t)->seat;
  const Faction card = play->card.faction;
  const NexusMode expected = card == t.before.faction_of(seat) ? NexusMode::Cunning
                             : seated(t.before, card)          ? NexusMode::Betrayal
                                                               : NexusMode::SecretAlly;
  if (play->mode == expected) return {};
  return {{"lifecycle.8-native-mode", fmt::format("{} played the {} in the wrong mode: its native identity decides the mode", who(t.before, seat), card_name(play->card))}};
}

// Item 9: the public view and the pending set never depend on held identities: swapping every
// held card for another hidden one changes neither.
Violations public_inventory(const Transition& t, const GameContext&) {
  const GameState& s = t.after;
  if (!s.nexus.enabled) return {};
  GameState twin = s;
  std::vector<NexusCardId> pool(twin.nexus.deck.unseen);
  std::vector<std::size_t> holders;
  for (std::size_t i = 0; i < kMaxSeats; ++i) {
    if (twin.nexus.held[i]) {
      pool.push_back(*twin.nexus.held[i]);
      holders.push_back(i);
    }
  }
  if (holders.empty() || pool.size() < 2) return {};
  std::rotate(pool.begin(), pool.begin() + 1, pool.end());  // every hidden identity moves
  for (std::size_t k = 0; k < holders.size(); ++k) twin.nexus.held[holders[k]] = pool[k];
  twin.nexus.deck.unseen.assign(pool.begin() + static_cast<std::ptrdiff_t>(holders.size()), pool.end());
  std::sort(twin.nexus.deck.unseen.begin(), twin.nexus.deck.unseen.end());
  // Compared by value, as the noninterference picture is (every field of the view is public).
  if (project_public(s) == project_public(twin) && pending(s) == pending(twin)) return {};
  return {{"lifecycle.9-public-inventory", "the public view or the pending set changes with which Nexus cards are held: a held identity leaks"}};
}

constexpr std::array kSingleConsumption{
    Checker{"single-consumption.one-receipt", "single-consumption", "an accepted Nexus play commits exactly one receipt and discards the card", one_receipt},
    Checker{"single-consumption.held", "single-consumption", "only a held Nexus card can be played", held_to_play},
    Checker{"single-consumption.append-only", "single-consumption", "receipts are append-only; a delayed receipt is consumed at most once", append_only},
    Checker{"single-consumption.retry", "single-consumption", "a committed command id replayed changes nothing", retry_noop},
    Checker{"single-consumption.draw", "single-consumption", "a Nexus draw never replays or commits a receipt", draw_no_replay},
};

constexpr std::array kLifecycle{
    Checker{"lifecycle.1-separate-deck", "lifecycle", "seed 000 item 1: Nexus steps never touch Treachery hands, deck or discard", separate_deck},
    Checker{"lifecycle.2-initialization", "lifecycle", "seed 000 item 2: twelve identities, only when selected, no initial deal", initialization},
    Checker{"lifecycle.3-draw-trigger", "lifecycle", "seed 000 item 3: a draw opens only at the end of a phase with a Nexus", draw_trigger},
    Checker{"lifecycle.4-one-opportunity", "lifecycle", "seed 000 items 3-4: unallied seats on final alliances, one answer each", one_opportunity},
    Checker{"lifecycle.5-draw-lands", "lifecycle", "seed 000 item 5: a drawn card is held, or discarded as own faction", draw_lands},
    Checker{"lifecycle.6-alliance-discards", "lifecycle", "seed 000 item 6: forming an alliance discards both partners' cards", alliance_discards},
    Checker{"lifecycle.7-no-real-ally", "lifecycle", "seed 000 item 7: a Nexus play changes no alliance", no_real_ally},
    Checker{"lifecycle.8-native-mode", "lifecycle", "seed 000 item 8: the native identity decides the mode", native_mode},
    Checker{"lifecycle.9-public-inventory", "lifecycle", "seed 000 item 9: public view and pending set hide held identities", public_inventory},
};

}  // namespace

std::span<const Checker> single_consumption_checkers() { return kSingleConsumption; }
std::span<const Checker> lifecycle_checkers() { return kLifecycle; }

}  // namespace dune::invariants

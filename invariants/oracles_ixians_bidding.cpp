// E1 Ixians' bidding abilities' oracle (oracle.ixian-bidding; docs/rules/ixians.md §5, §6; the
// README's rules-status row "Ixians faction"), recomputed from the digest, not the engine:
// - the ally's card replacement (§6, 2 sources; open question Q10, [DB]'s reading: the ally's own
//   right): a lot the Ixians' ally just bought (paid, or taken with Karama) waits first in the row
//   for the ally's answer (Step::AllyCardReplacement); a lot anyone else bought goes to its hand.
//   The answer is the ally's alone: ReplaceBoughtCard sends the lot to the Treachery discard and
//   deals the ally the next deck card (lot_replacement_faults), Pass hands the lot over.
// - the Ixians' selection of the lots (§5, 2 sources): with the Ixians seated, the row is dealt one
//   lot more than the seats that may bid (fewer only when no card is left to deal), and the step
//   that completes it asks the Ixians alone (Step::IxCardSelection) before any bid. Their ReturnLot
//   puts one card of the row face down on the top or under the bottom of the Treachery deck and
//   leaves the rest in the row, in their order; nothing else moves. A Karama played against the
//   selection this turn (2 sources) leaves one lot per seat that may bid and no selection.
// - the Ixians' Technology (§5, Advanced, 2 sources): each time a lot comes up for bid, the Ixians
//   alone are asked (Step::IxTechnology) exactly when the rule is on, they hold a card, they have not
//   swapped this phase and no Karama stopped it this turn (one source); the Atreides look only after
//   the answer. SwapLot puts the named card of their hand in the lot's place in the row and the lot
//   in their hand; nothing else moves. The phase's flag that a swap was made changes only so. On the
//   auction's last lot, with a seat but the Ixians holding a Nexus card, the swap waits for the
//   Ixians Nexus card's Betrayal window (seed 000): made when it closes with every seat passing, not
//   at all when a Betrayal closes it; the Atreides look once it closed.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/command_steps.h"

namespace dune::invariants::oracle_detail {
namespace {

// Whether this step dealt lots for the auction and the dealing is over: a lot drawn among its log
// entries, and no further lot awaits a draw.
bool row_completed(const Transition& t) {
  const GameState& a = t.after;
  bool drawn = false;
  for (std::size_t i = t.before.log.size(); i < a.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&a.log[i]);
    drawn = drawn || (r && r->request.kind == ChanceKind::TreacheryLot);
  }
  return drawn && !(a.chance && a.chance->kind == ChanceKind::TreacheryLot);
}

// §5: asked exactly when the row is complete, of the Ixians alone, on a row of the due size;
// never in a turn when a Karama or the Ixians Nexus card's Betrayal stopped it.
void selection_asked(const Transition& t, Seat ixians, Violations& out) {
  const GameState& a = t.after;
  const bool asked = a.step == Step::IxCardSelection;
  const bool stopped = ixian_selection_stopped(a, ixians);
  if (asked && stopped) {
    out.push_back(violation(kIxianBidding, "the Ixians select in a turn when a Karama or a Betrayal stopped their selection (ixians.md §5; "
                                           "seed 000)"));
  }
  if (!row_completed(t)) {
    if (asked && t.before.step != Step::IxCardSelection) out.push_back(violation(kIxianBidding, "the Ixians' selection is asked with no row just dealt (ixians.md §5)"));
    return;
  }
  if (a.bidding.lots.empty()) return;  // nothing dealt: the phase is over
  if (!asked && !stopped) {
    out.push_back(violation(kIxianBidding, "the auction begins without the Ixians' selection from the row (ixians.md §5)"));
    return;
  }
  if (asked && pending(a) != std::vector<Seat>{ixians}) out.push_back(violation(kIxianBidding, "the selection awaits someone other than the Ixians alone"));
  // The hands are as the phase found them: nothing is sold before the selection.
  const std::size_t due = lots_to_deal(a);
  const bool cards_left = a.treachery.deck.size() + a.treachery.discard.size() > 0;
  if (a.bidding.lots.size() != due && (a.bidding.lots.size() > due || cards_left)) {
    out.push_back(violation(kIxianBidding, fmt::format("the row is dealt {} cards: {} are due, one per seat that may bid and {} (ixians.md §5)",
                                                       a.bidding.lots.size(), due, stopped ? "none more: a Karama or a Betrayal stopped the Ixians' selection"
                                                                                           : "one more for the Ixians' selection")));
  }
}

// §5: the Ixians' ReturnLot moves the one card, to the named end of the deck, and nothing else.
void selection_made(const Transition& t, const Envelope& e, Seat ixians, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kIxianBidding, std::move(what) + " (ixians.md §5)")); };
  const auto* r = std::get_if<ReturnLot>(&e.command);
  if (!r || e.seat != ixians) {
    fault(fmt::format("{} answered the Ixians' selection with {}: the Ixians alone return a lot", name_of(b, e.seat), to_string(e.command)));
    return;
  }
  const std::vector<TreacheryCardId> was(b.bidding.lots.begin(), b.bidding.lots.end());
  std::vector<TreacheryCardId> rest;
  std::copy_if(was.begin(), was.end(), std::back_inserter(rest), [&](TreacheryCardId c) { return c != r->card; });
  if (rest.size() + 1 != was.size()) fault("the returned card was not in the row");
  const std::vector<TreacheryCardId> row(a.bidding.lots.begin(), a.bidding.lots.end());
  if (a.phase == Phase::Bidding ? row != rest : !rest.empty()) {
    fault(fmt::format("the row after the selection holds {} cards, not the {} left in their order", row.size(), rest.size()));
  }
  const HiddenPile<TreacheryCardId>& deck_was = b.treachery.deck;
  const HiddenPile<TreacheryCardId>& deck = a.treachery.deck;
  const bool placed = r->top ? deck.known_top.size() == deck_was.known_top.size() + 1 && deck.known_top.front() == r->card
                             : deck.known_bottom.size() == deck_was.known_bottom.size() + 1 && deck.known_bottom.back() == r->card;
  if (!placed || deck.size() != deck_was.size() + 1) {
    fault(fmt::format("the returned card is not the one card added {} the Treachery deck", r->top ? "on top of" : "under the bottom of"));
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (a.seats[i].hand != b.seats[i].hand) fault(fmt::format("{}'s hand changed in the Ixians' selection", name_of(b, Seat{i})));
  }
  if (a.treachery.discard != b.treachery.discard) fault("the Treachery discard changed in the Ixians' selection");
  if (a.step == Step::IxCardSelection) fault("the selection is asked again after the answer");
}

// Whether the Atreides looked, in this step, at `card` (their sighting of a card up for bid).
bool atreides_looked(const Transition& t, TreacheryCardId card) {
  const auto atreides = t.after.seat_of(Faction::Atreides);
  if (!atreides) return false;
  const std::vector<Sighting> seen = new_sightings(t);
  return std::any_of(seen.begin(), seen.end(), [&](const Sighting& x) {
    return x.seat == *atreides && x.kind == SeenKind::TreacheryCard && x.id == card.value;
  });
}

// §5 Technology: whether this step brought a lot up for bid (an unopened lot of a fully dealt row
// stands after it, and before it the row was still being dealt or selected from, or another lot
// stood). The answer to the Technology itself is decided by technology_made.
// Whether a command in the Ixians' own steps (the selection, the Technology) is their answer: not a
// standing order, not an at-any-time command, not a Nexus play (in these steps only an at-any-time
// panel may be played: the Harkonnen and Tleilaxu Cunning, the Ecaz Secret Ally; oracle.legal-command
// decides it).
bool answers_the_step(const Command& c) {
  return !is_standing_command(c) && !is_any_time_command(c) && !std::holds_alternative<PlayNexus>(c);
}

bool lot_came_up(const Transition& t) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const BiddingState& ab = a.bidding;
  if (a.phase != Phase::Bidding || ab.lots.empty() || ab.opener || ab.high_bidder || ab.purchase_window ||
      ab.lots.size() + ab.lot < ab.lots_total || b.step == Step::IxTechnology) {
    return false;
  }
  if (a.step != Step::Bidding && a.step != Step::IxTechnology) return false;
  const BiddingState& bb = b.bidding;
  // (A row not dealt yet, lots_total 0: the Ixians Nexus card's Betrayal window held it.)
  return b.phase != Phase::Bidding || b.step == Step::IxCardSelection || bb.lot != ab.lot || bb.lots_total == 0 ||
         bb.lots.size() + bb.lot < bb.lots_total;
}

// §5 Technology: asked, as a lot comes up, exactly when due; the Atreides look after the answer.
void technology_asked(const Transition& t, Seat ixians, Violations& out) {
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kIxianBidding, std::move(what) + " (ixians.md §5)")); };
  const bool asked = a.step == Step::IxTechnology;
  const bool stopped = cancelled_this_turn(a, ixians, KaramaAbility::IxiansTechnology);
  const bool due = a.options.rules.ixians_technology && !a.bidding.technology_used && !a.seat(ixians).hand.empty() && !stopped;
  if (asked && !due) {
    fault(!a.options.rules.ixians_technology ? "the Ixians are asked for their Technology in a game without the rule"
          : a.bidding.technology_used        ? "the Ixians are asked for their Technology again in a phase they swapped a card"
          : stopped                          ? "the Ixians are asked for their Technology in a turn when a Karama stopped it"
                                             : "the Ixians are asked for their Technology with no card in hand");
  }
  if (!asked && due) fault("a lot comes up without the Ixians being asked for their Technology");
  if (asked && !a.chance && pending(a) != std::vector<Seat>{ixians}) fault("the Technology awaits someone other than the Ixians alone");
  const TreacheryCardId up = a.bidding.lots.front();
  if (asked && atreides_looked(t, up)) fault("the Atreides look at the lot before the Ixians' Technology");
  if (!asked && a.seat_of(Faction::Atreides) && !atreides_looked(t, up)) fault("the lot comes up without the Atreides looking at it ([LR] 2.01)");
}

// Whether a seat but the Ixians holds a Nexus card: the Ixians Nexus card's Betrayal window on a
// swap for the last lot then awaits it (seed 000; the one hidden-reaction policy, README).
bool betrayal_may_answer(const GameState& s, Seat ixians) {
  if (!s.nexus.enabled) return false;
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
    if (Seat{i} != ixians && s.nexus.held[i].content) return true;
  }
  return false;
}

// §5 Technology: the swap of `given` for the lot up (made), or none (the Ixians passed, or a
// Betrayal prevented it): the row, the hands, the decks; then the Atreides look at the lot now up.
void swap_outcome(const Transition& t, Seat ixians, std::optional<TreacheryCardId> given, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kIxianBidding, std::move(what) + " (ixians.md §5)")); };
  const TreacheryCardId lot = b.bidding.lots.front();
  std::vector<TreacheryCardId> want(b.bidding.lots.begin(), b.bidding.lots.end());
  if (given) {
    if (!holds(b.seat(ixians), *given)) fault("the card given for the lot was not in the Ixians' hand");
    want.front() = *given;
    if (!holds(a.seat(ixians), lot) || holds(a.seat(ixians), *given) || a.seat(ixians).hand.size() != b.seat(ixians).hand.size()) {
      fault("the Ixians' hand does not hold the lot in place of the card they gave");
    }
  } else if (a.seat(ixians).hand != b.seat(ixians).hand) {
    fault("the Ixians' hand changed although no swap was made (they passed, or a Betrayal prevented it)");
  }
  if (std::vector<TreacheryCardId>(a.bidding.lots.begin(), a.bidding.lots.end()) != want) {
    fault(given ? "the row after the swap is not the given card in the lot's place and the others in their order"
                : "the row changed although no swap was made (the Ixians passed, or a Betrayal prevented it)");
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (Seat{i} != ixians && a.seats[i].hand != b.seats[i].hand) fault(fmt::format("{}'s hand changed in the Ixians' Technology", name_of(b, Seat{i})));
  }
  if (a.treachery.discard != b.treachery.discard || a.treachery.deck.size() != b.treachery.deck.size()) {
    fault("the Treachery deck or discard changed in the Ixians' Technology");
  }
  if (a.step == Step::IxTechnology) fault("the Technology is asked again after the answer");
  if (a.seat_of(Faction::Atreides) && !atreides_looked(t, want.front())) fault("the Atreides do not look at the lot now up after the Ixians' Technology ([LR] 2.01)");
}

// §5 Technology: the Ixians' answer. SwapLot trades the named hand card for the lot about to come
// up, in its place in the row; Pass moves nothing. Then the Atreides look at the lot now up. On the
// auction's last lot, with a seat but the Ixians holding a Nexus card, the swap waits instead for
// the Ixians Nexus card's Betrayal window (seed 000): nothing moves, nobody looks yet.
void technology_made(const Transition& t, const Envelope& e, Seat ixians, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kIxianBidding, std::move(what) + " (ixians.md §5)")); };
  const auto* swap = std::get_if<SwapLot>(&e.command);
  if (e.seat != ixians || (!swap && !std::holds_alternative<Pass>(e.command))) {
    fault(fmt::format("{} answered the Ixians' Technology with {}: the Ixians alone swap a card or pass", name_of(b, e.seat), to_string(e.command)));
    return;
  }
  if (swap && !a.bidding.technology_used) fault("the swap is not recorded as the phase's Technology, so it could be made again");
  if (!swap || b.bidding.lots.size() != 1 || !betrayal_may_answer(b, ixians)) {
    if (a.nexus.window == Faction::Ixians) fault("the Ixians Nexus card's Betrayal window opened on a Technology answer it may not answer (seed 000)");
    swap_outcome(t, ixians, swap ? std::optional<TreacheryCardId>(swap->card) : std::nullopt, out);
    return;
  }
  if (a.nexus.window != Faction::Ixians || a.bidding.technology_offer != swap->card) {
    fault("the swap for the last lot does not wait for the Ixians Nexus card's Betrayal window, holding the card named (seed 000)");
  }
  if (a.seat(ixians).hand != b.seat(ixians).hand || !std::ranges::equal(a.bidding.lots, b.bidding.lots)) {
    fault("the swap for the last lot was made before the Ixians Nexus card's Betrayal window closed (seed 000)");
  }
  if (atreides_looked(t, b.bidding.lots.front()) || atreides_looked(t, swap->card)) {
    fault("the Atreides look at the last lot before the Betrayal window on the Ixians' swap closed ([LR] 2.01)");
  }
}

// The Ixians Nexus card's Betrayal window on a swap for the last lot closes (seed 000): a Betrayal
// played prevents the swap, every seat passing lets it be made. Nullopt: the step closes no such window.
std::optional<Violations> technology_window_closed(const Transition& t, Seat ixians) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (b.phase != Phase::Bidding || b.nexus.window != Faction::Ixians || b.bidding.lots.size() != 1 || a.nexus.window == Faction::Ixians) {
    return std::nullopt;
  }
  const auto named = technology_named(b);  // a scan of the turn's log: only once a window closed
  if (!named) return std::nullopt;
  const Envelope* e = envelope_of(t);
  const auto* play = e ? std::get_if<PlayNexus>(&e->command) : nullptr;
  const bool prevented = play && play->card.faction == Faction::Ixians && play->mode == NexusMode::Betrayal;
  Violations out;
  swap_outcome(t, ixians, prevented ? std::nullopt : named, out);
  return out;
}

// §5 Technology: the phase's flag starts clear and is set by a swap alone.
void technology_flag(const Transition& t, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (a.phase != Phase::Bidding) return;
  if (b.phase != Phase::Bidding && a.bidding.technology_used) {
    out.push_back(violation(kIxianBidding, "a Bidding phase opens with the Ixians' Technology already used (ixians.md §5: once a phase)"));
  }
  const Envelope* e = envelope_of(t);
  const bool swapped = b.step == Step::IxTechnology && e && std::holds_alternative<SwapLot>(e->command);
  if (b.phase == Phase::Bidding && a.bidding.technology_used != b.bidding.technology_used && !swapped) {
    out.push_back(violation(kIxianBidding, "the Ixians' Technology flag changed without a swap (ixians.md §5)"));
  }
}

// §6: the ally's card replacement, asked and answered (nullopt: the step has nothing of it).
std::optional<Violations> ally_replacement(const Transition& t, Seat ixians) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (b.bidding.lots.empty()) return std::nullopt;
  const std::optional<Seat> ally = ally_seat(b, ixians);
  const Envelope* e = envelope_of(t);
  if (!e || !is_decision(*e)) return std::nullopt;
  const TreacheryCardId lot = b.bidding.lots.front();
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kIxianBidding, std::move(what))); };
  if (b.step == Step::AllyCardReplacement) {
    const Seat seat = e->seat;
    if (seat != ally || b.bidding.high_bidder != seat) {
      fault(fmt::format("{} answered on the bought lot: the Ixians' ally that bought it alone answers (ixians.md §6)", name_of(b, seat)));
    }
    if (std::holds_alternative<ReplaceBoughtCard>(e->command)) {
      for (std::string& why : lot_replacement_faults(t, seat)) fault(why + " (ixians.md §6)");
    } else if (!holds(a.seat(seat), lot)) {
      fault(fmt::format("{} kept the card it bought, which is not in its hand", name_of(b, seat)));
    }
    if (a.step == Step::AllyCardReplacement) fault("the replacement is asked again after the answer");
    return out;
  }
  if (b.step != Step::Bidding) return std::nullopt;
  if (a.step == Step::AllyCardReplacement) {
    const bool right = ally && a.bidding.high_bidder == ally && !a.bidding.lots.empty() && a.bidding.lots.front() == lot;
    if (!right) {
      fault(fmt::format("the card replacement is asked of {}: only of the Ixians' ally, on the lot it just bought (ixians.md §6)",
                        a.bidding.high_bidder ? name_of(b, *a.bidding.high_bidder) : std::string("nobody")));
    }
    return out;
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (holds(b.seat(Seat{i}), lot) || !holds(a.seat(Seat{i}), lot)) continue;
    if (Seat{i} == ally) fault(fmt::format("{} took the lot it bought without being asked whether to replace it (ixians.md §6)", name_of(b, Seat{i})));
    return out;
  }
  return std::nullopt;
}

}  // namespace

Violations ixian_bidding(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto ixians = b.seat_of(Faction::Ixians);
  if (!ixians || !owns_step(t)) return {};
  Violations out;
  technology_flag(t, out);
  bool decides = false;
  if (b.step == Step::IxCardSelection || b.step == Step::IxTechnology) {
    const Envelope* e = envelope_of(t);
    if (!e || !answers_the_step(e->command)) return out;
    if (b.step == Step::IxCardSelection) {
      selection_made(t, *e, *ixians, out);
    } else {
      technology_made(t, *e, *ixians, out);
    }
    decides = true;
  } else if (a.phase == Phase::Bidding && (row_completed(t) || a.step == Step::IxCardSelection)) {
    selection_asked(t, *ixians, out);
    decides = true;
  } else if (std::optional<Violations> w = technology_window_closed(t, *ixians)) {
    out.insert(out.end(), w->begin(), w->end());
    decides = true;
  } else if (std::optional<Violations> v = ally_replacement(t, *ixians)) {
    out.insert(out.end(), v->begin(), v->end());
    decides = true;
  }
  if (lot_came_up(t)) {
    technology_asked(t, *ixians, out);
    decides = true;
  } else if (a.step == Step::IxTechnology && b.step != Step::IxTechnology) {
    out.push_back(violation(kIxianBidding, "the Ixians' Technology is asked with no lot coming up (ixians.md §5)"));
    decides = true;
  }
  return decides ? decided(kIxianBidding, std::move(out)) : out;
}

}  // namespace dune::invariants::oracle_detail

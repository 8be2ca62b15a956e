// The deal oracle (oracle.deal): every card a chance step draws leaves its deck for the place the
// rule sends it, and the rules decide how many are drawn and for whom.
//   TraitorDeal   4 to each faction at setup, into its offer; the Harkonnen keep all 4 ([LR] 0.11,
//                 2.05.03; fact sheet §4.3);
//   TreacheryDeal the starting cards, 1 each and 2 for the Harkonnen (fact sheet §6.1, [LR] 2.05.04);
//                 with the Ixians seated, one per seat face down to their draft, the Harkonnen's
//                 second apart and first (ixians.md §2.1),
//                 and in play only the Harkonnen's free card on a purchase, below their hand of 8
//                 ([LR] 2.05.08), and the Ixians Secret Ally's replacement to the seat that just
//                 played it (seed 000);
//   TreacheryLot  the Bidding row, face down, no more cards than seats that may bid ([LR] 1.04.01);
//   NexusDraw     to the drawing, unallied seat's slot, or (own faction, by its redraw policy) to
//                 the Nexus discard (seed 000, items 3-5);
//   SpicePeek     the Atreides see the top spice card, which stays on top ([LR] 2.01.07 WORMSIGN);
//   StormCard     the Fremen storm card as drawn: next turn's, or this turn's when none was drawn
//                 ([LR] 2.04.13-14, Advanced).
// And the DrawNexus command: the held card (if any) goes to the Nexus discard and one draw for
// that seat follows (seed 000, item 4). Of a SpiceDraw only the source is checked here (what the
// card does is oracle.spice-blow's and oracle.worm's); the capture draw is oracle.capture's.
//
// A drawn card comes from its deck as the step found it (the known top first, in order), or,
// once the step has drawn that deck empty, from the discard reshuffled into it. A step's draws are
// checked on the state the whole step leaves, so a step of several draws is decided, not skipped.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

// Why card `id` cannot be the `n`th draw (0-based) of this step from `deck`, or "" when it can.
template <class Pile, class Discard, class Id>
std::string drawn_from(const Pile& deck, const Discard& discard, std::size_t n, const Id& id) {
  const std::size_t top = deck.known_top.size(), middle = top + deck.unseen.size();
  if (n < top) return deck.known_top[n] == id ? "" : "it is not the deck's known top card, which is drawn first";
  if (n < middle) return contains(deck.unseen, id) ? "" : "it was not among the deck's unseen cards, which are drawn next";
  if (n < middle + deck.known_bottom.size()) {
    return deck.known_bottom[n - middle] == id ? "" : "it is not the deck's known bottom card, which is drawn once the rest are gone";
  }
  return contains(discard, id) ? "" : "it was neither in the deck nor in the discard reshuffled when the deck ran out";
}

// How many draws of the same deck the step made before its entry at `position`.
std::size_t draws_before(const Transition& t, std::size_t position, bool (*same_deck)(ChanceKind)) {
  std::size_t n = 0;
  for (std::size_t i = t.before.log.size(); i < position && i < t.after.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&t.after.log[i]);
    if (r && same_deck(r->request.kind)) ++n;
  }
  return n;
}

bool treachery_deck(ChanceKind k) { return k == ChanceKind::TreacheryDeal || k == ChanceKind::TreacheryLot; }
bool nexus_deck(ChanceKind k) { return k == ChanceKind::NexusDraw; }
bool spice_deck(ChanceKind k) { return k == ChanceKind::SpiceDraw; }

std::size_t starting_cards(Faction f) { return f == Faction::Harkonnen ? 2 : 1; }     // fact sheet §6.1

// E1: the seats still owed a starting card, each one card of the Ixians' draft (ixians.md §2.1).
std::size_t seats_owed_a_starting_card(const GameState& s) {
  std::size_t owed = 0;
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) owed += s.seat(Seat{i}).hand.size() < starting_cards(s.faction_of(Seat{i})) ? 1 : 0;
  return owed;
}

void traitor_deal(const Transition& t, Seat seat, TraitorCardId card, std::size_t n, Violations& out) {
  const GameState& b = t.before;
  const SeatState& was = b.seat(seat);
  const SeatState& is = t.after.seat(seat);
  const std::string who = name_of(b, seat);
  if (b.turn != 0) out.push_back(violation(kDeal, fmt::format("a traitor was dealt to {} after setup ([LR] 0.11)", who)));
  if (const std::string why = drawn_from(b.traitor_deck, std::vector<TraitorCardId>{}, n, card); !why.empty()) {
    out.push_back(violation(kDeal, fmt::format("the traitor dealt to {} cannot have been drawn: {}", who, why)));
  }
  if (!contains(is.traitor_offer, card) && !contains(is.traitors, card)) {
    out.push_back(violation(kDeal, fmt::format("the traitor dealt to {} is not in its offer", who)));
  }
  if (b.faction_of(seat) == Faction::Tleilaxu) {
    out.push_back(violation(kDeal, "a traitor was dealt to the Tleilaxu, who take none (fact sheet §4.3)"));
  }
  if (was.traitor_offer.size() + was.traitors.size() >= 4 || is.traitor_offer.size() + is.traitors.size() > 4) {
    out.push_back(violation(kDeal, fmt::format("{} was dealt more than 4 traitors ([LR] 0.11)", who)));
  }
  // The deal is complete when no further traitor is awaited: the Harkonnen keep all four (2.05.03).
  if (!t.after.chance || t.after.chance->kind != ChanceKind::TraitorDeal) {
    for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
      const SeatState& x = t.after.seat(Seat{i});
      const std::size_t dealt = b.faction_of(Seat{i}) == Faction::Tleilaxu ? 0 : 4;
      if (x.traitor_offer.size() + x.traitors.size() != dealt && t.after.step == Step::SetupTraitorSelection) {
        out.push_back(violation(kDeal, fmt::format("the traitor deal ended with {} holding {} traitors, not {} ([LR] 0.11)",
                                                   name_of(b, Seat{i}), x.traitor_offer.size() + x.traitors.size(), dealt)));
      }
      if (b.faction_of(Seat{i}) == Faction::Harkonnen && (!x.traitor_offer.empty() || x.traitors.size() != 4)) {
        out.push_back(violation(kDeal, "the Harkonnen do not keep all four traitors dealt ([LR] 2.05.03)"));
      }
    }
  }
}

// A draw from the Traitor Deck into a seat's traitor zone (`what`, named `zone` there): the card
// comes from the deck as the step found it (the step's `n` earlier draws aside), lands in the
// drawer's zone, and nobody else's traitors change.
void drawn_into_traitors(const Transition& t, Seat seat, TraitorCardId card, std::size_t n, std::string_view what, std::string_view zone,
                         Violations& out) {
  const GameState& b = t.before;
  const std::string who = name_of(b, seat);
  if (const std::string why = drawn_from(b.traitor_deck, std::vector<TraitorCardId>{}, n, card); !why.empty()) {
    out.push_back(violation(kDeal, fmt::format("the {} {} drew cannot have been drawn: {}", what, who, why)));
  }
  if (!contains(t.after.seat(seat).traitors, card)) {
    out.push_back(violation(kDeal, fmt::format("the {} {} drew is not among its {}", what, who, zone)));
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (Seat{i} != seat && t.after.seat(Seat{i}).traitors != b.seat(Seat{i}).traitors) {
      out.push_back(violation(kDeal, fmt::format("{}'s {} draw changed {}'s traitors", who, what, name_of(b, Seat{i}))));
    }
  }
}

// The Tleilaxu's Face Dancers (fact sheet §4.3, setup step 4): drawn in setup, only once no other
// seat still holds an offer (every other faction has chosen and its returned cards are in the
// deck); after setup only to refill the group, in the Battle (the cycle after the last reveal) or
// the Mentat Pause (the replacement; seed 002), or at any time for the Tleilaxu Nexus card's
// Cunning (`cunning`: its draws, whose group size contract.tleilaxu.cunning decides). From the
// Traitor Deck as the step found it, into the Tleilaxu's own, at most 3 otherwise; nobody else's
// traitors change.
void face_dancer_draw(const Transition& t, Seat seat, TraitorCardId card, std::size_t n, bool cunning, Violations& out) {
  const GameState& b = t.before;
  const std::string who = name_of(b, seat);
  if (b.turn != 0 && b.step != Step::Battle && b.step != Step::MentatPause && !cunning) {
    out.push_back(violation(kDeal, fmt::format("a Face Dancer was drawn for {} at {}, neither in setup, after a reveal nor in the Mentat Pause",
                                               who, to_string(b.step))));
  }
  if (b.faction_of(seat) != Faction::Tleilaxu) out.push_back(violation(kDeal, fmt::format("{} drew a Face Dancer; only the Tleilaxu have them", who)));
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {  // read after the step: its choice may precede the draw
    if (b.turn == 0 && !t.after.seat(Seat{i}).traitor_offer.empty()) {
      out.push_back(violation(kDeal, fmt::format("a Face Dancer was drawn while {} had not chosen its traitor (fact sheet §4.3)", name_of(b, Seat{i}))));
    }
  }
  drawn_into_traitors(t, seat, card, n, "Face Dancer", "Face Dancers", out);
  const SeatState& is = t.after.seat(seat);
  if (is.traitors.size() > 3 && !cunning) out.push_back(violation(kDeal, fmt::format("{} hold {} Face Dancers, more than 3", who, is.traitors.size())));
}

// The Harkonnen Nexus card's draws (seed 000, Harkonnen row): after setup, from the Traitor Deck
// as the step found it, into the drawer's traitors; nobody else's traitors change.
void traitor_draw(const Transition& t, Seat seat, TraitorCardId card, std::size_t n, Violations& out) {
  const GameState& b = t.before;
  const std::string who = name_of(b, seat);
  if (b.turn == 0) out.push_back(violation(kDeal, fmt::format("a Nexus traitor draw for {} during setup", who)));
  drawn_into_traitors(t, seat, card, n, "Traitor Card", "traitors", out);
}

// A ReturnTraitor: exactly the named card leaves the seat's traitors for the Traitor Deck, unseen
// (shuffled, seed 000); nothing else changes hands.
Violations return_traitor(const Transition& t, Seat seat, TraitorCardId card) {
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::string who = name_of(b, seat);
  std::vector<TraitorCardId> expected(b.seat(seat).traitors.begin(), b.seat(seat).traitors.end());
  if (const auto it = std::find(expected.begin(), expected.end(), card); it != expected.end()) expected.erase(it);
  const std::vector<TraitorCardId> now(a.seat(seat).traitors.begin(), a.seat(seat).traitors.end());
  auto sorted = [](std::vector<TraitorCardId> v) { std::sort(v.begin(), v.end()); return v; };
  if (sorted(now) != sorted(expected) || now.size() + 1 != b.seat(seat).traitors.size()) {
    out.push_back(violation(kDeal, fmt::format("{} shuffled a Traitor Card back, but its traitors are not the ones it held less that card", who)));
  }
  if (!contains(a.traitor_deck.unseen, card) || a.traitor_deck.size() != b.traitor_deck.size() + 1) {
    out.push_back(violation(kDeal, fmt::format("the Traitor Card {} shuffled back is not in the Traitor Deck", who)));
  }
  return out;
}

void treachery_deal(const Transition& t, Seat seat, TreacheryCardId card, std::size_t n, std::size_t at, Violations& out) {
  const GameState& b = t.before;
  const Faction f = b.faction_of(seat);
  const std::string who = name_of(b, seat);
  if (const std::string why = drawn_from(b.treachery.deck, b.treachery.discard, n, card); !why.empty()) {
    out.push_back(violation(kDeal, fmt::format("the Treachery card dealt to {} cannot have been drawn: {}", who, why)));
  }
  // E1: with the Ixians seated the starting cards are dealt face down to their draft, one per seat;
  // only the Harkonnen's second card is dealt to a hand, apart and first (ixians.md §2.1, open
  // question Q15: [TO]'s reading). The Ixians' keep is decided below (keep_starting_card).
  const auto ixians = b.seat_of(Faction::Ixians);
  if (b.turn == 0 && ixians && seat == *ixians && contains(t.after.treachery.draft, card)) {
    const std::size_t owed = seats_owed_a_starting_card(b);
    if (b.treachery.draft.size() >= owed) {
      out.push_back(violation(kDeal, fmt::format("a starting card dealt to the Ixians' draft beyond one per seat owed one ({})", owed)));
    }
    // Complete, the draft is shown to the Ixians and they alone are asked to keep a card.
    const GameState& a = t.after;
    if (a.treachery.draft.size() == owed) {
      if (a.step != Step::SetupIxianDraft || a.chance || pending(a) != std::vector<Seat>{*ixians}) {
        out.push_back(violation(kDeal, "the starting-card draft is complete, but the Ixians alone are not asked to keep a card (ixians.md §2.1)"));
      }
      std::vector<std::uint8_t> seen;
      for (const Sighting& x : new_sightings(t)) {
        if (x.seat == *ixians && x.kind == SeenKind::TreacheryCard) seen.push_back(x.id);
      }
      for (TreacheryCardId c : a.treachery.draft) {
        if (!contains(seen, c.value)) out.push_back(violation(kDeal, fmt::format("the Ixians are not shown {} of their draft (ixians.md §2.1)", card_type(c).name)));
      }
    } else if (!(a.chance && a.chance->kind == ChanceKind::TreacheryDeal && a.chance->seat == *ixians)) {
      out.push_back(violation(kDeal, fmt::format("the starting-card draft stops at {} of {} cards (ixians.md §2.1)", a.treachery.draft.size(), owed)));
    }
    return;
  }
  if (!contains(t.after.seat(seat).hand, card)) {
    out.push_back(violation(kDeal, fmt::format("the Treachery card dealt to {} is not in its hand", who)));
  }
  // Ixians that hold a hand before any draft (a staged start) draft nothing: the others are dealt
  // as without them, which the engine's setup states too.
  const bool draft_due = ixians && b.seat(*ixians).hand.empty();
  if (b.turn == 0 && draft_due && (f != Faction::Harkonnen || !b.seat(seat).hand.empty() || !b.treachery.draft.empty())) {
    out.push_back(violation(kDeal, fmt::format("{} was dealt a starting card outside the Ixians' draft: only the Harkonnen's second card is, "
                                               "before it (ixians.md §2.1, Q15: [TO]'s reading)", who)));
    return;
  }
  if (b.turn == 0) {
    if (b.seat(seat).hand.size() >= starting_cards(f)) {
      out.push_back(violation(kDeal, fmt::format("{} was dealt more than its {} starting card(s) (fact sheet §6.1)", who, starting_cards(f))));
    }
    // The setup deal is over: every faction holds at least its starting cards (no more is dealt to a
    // seat that has them, above; a staged start may hand a seat more before the deal).
    if (t.after.turn != 0) {
      for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
        const Faction x = b.faction_of(Seat{i});
        if (t.after.seat(Seat{i}).hand.size() < starting_cards(x)) {
          out.push_back(violation(kDeal, fmt::format("the game began with {} holding {} starting card(s), not {} (fact sheet §6.1, [LR] 2.05.04)",
                                                     name_of(b, Seat{i}), t.after.seat(Seat{i}).hand.size(), starting_cards(x))));
        }
      }
    }
    return;
  }
  // A replaced lot's card: the next deck card to the seat whose replacement it follows (the Ixians
  // Secret Ally, seed 000; the Ixians' ally's right, ixians.md §6).
  const auto& log = t.after.log;
  if (lot_replacement_deal(t, at, seat)) return;
  // The free card follows the purchase; after the last lot the phases have already moved on (to
  // Revival, or past it when nobody revives) when it is drawn, the purchase (a Bidding command, or
  // the Emperor Secret Ally played on it, seed 003, or the Ixians Secret Ally's replacement deal)
  // the last entry of the log.
  const auto* last = b.log.empty() ? nullptr : std::get_if<Envelope>(&b.log.back());
  const auto* play = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
  const auto* deal = at > 0 ? std::get_if<ChanceRecord>(&log[at - 1]) : nullptr;
  const bool replaced = deal && deal->request.kind == ChanceKind::TreacheryDeal && lot_replacement_at(log, at - 2, seat);
  const bool after_a_sale = b.phase == Phase::Bidding || replaced ||
                            (last && (std::holds_alternative<Bid>(last->command) || std::holds_alternative<Pass>(last->command) ||
                                      std::holds_alternative<KaramaTakeCard>(last->command) ||
                                      (play && play->card.faction == Faction::Emperor && play->mode == NexusMode::SecretAlly)));
  if (f != Faction::Harkonnen || !after_a_sale || b.seat(seat).hand.size() >= hand_limit(f)) {
    out.push_back(violation(kDeal, fmt::format("{} was dealt a Treachery card in play: only the Harkonnen's free card on a purchase, "
                                               "below a hand of 8, is dealt ([LR] 2.05.08)", who)));
  }
}

void lot_deal(const Transition& t, TreacheryCardId card, std::size_t n, Violations& out) {
  const GameState& b = t.before;
  if (const std::string why = drawn_from(b.treachery.deck, b.treachery.discard, n, card); !why.empty()) {
    out.push_back(violation(kDeal, fmt::format("a lot cannot have been drawn: {}", why)));
  }
  if (!contains(t.after.bidding.lots, card)) {  // the step that opens Bidding may deal it (a forced draw)
    out.push_back(violation(kDeal, "a card dealt for the auction is not in the Bidding row ([LR] 1.04.01)"));
  }
  const std::size_t due = lots_to_deal(b);  // the row is dealt before any sale, so the hands are as the phase found them
  const std::size_t dealt = t.after.bidding.lots.size() + t.after.bidding.lot;
  if (t.after.phase == Phase::Bidding && dealt > due) {
    out.push_back(violation(kDeal, fmt::format("{} cards were dealt for the auction, but only {} are due: one per seat that may bid "
                                               "([LR] 1.04.04), one more with the Ixians seated (ixians.md §5)", dealt, due)));
  }
}

void nexus_deal(const Transition& t, Seat seat, NexusCardId card, std::size_t n, Violations& out) {
  const GameState& b = t.before;
  const NexusState& was = b.nexus;
  const NexusState& is = t.after.nexus;
  const std::string who = name_of(b, seat);
  // The card came from the deck or the discard (the discard becomes the deck when it runs out, and
  // may then hold what this step discarded: the drawer's old card, an own-faction card redrawn).
  const bool earlier_in_step = n > 0 || was.held[seat.value] == card;
  if (!in_pile(was.deck, card) && !contains(was.discard, card) && !earlier_in_step) {
    out.push_back(violation(kDeal, fmt::format("the Nexus card drawn by {} was in no deck, discard or its own slot", who)));
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (Seat{i} != seat && was.held[i] == card) {
      out.push_back(violation(kDeal, fmt::format("{} drew the Nexus card {} holds", who, name_of(b, Seat{i}))));
    }
  }
  if (ally_seat(b, seat)) out.push_back(violation(kDeal, fmt::format("{} drew a Nexus card while allied (seed 000, item 3)", who)));
  const bool held = is.held[seat.value] == card;
  // An own-faction card redrawn goes to the discard; when that redraw then finds the deck empty,
  // the discard, the card with it, becomes the deck in the same step.
  const bool reshuffled = is.deck.size() > was.deck.size() && in_pile(is.deck, card);
  const bool redrawn = card.faction == b.faction_of(seat) && (contains(is.discard, card) || reshuffled);
  if (!held && !redrawn) {
    out.push_back(violation(kDeal, fmt::format("the Nexus card drawn by {} is neither in its slot nor, its own faction's, in the discard "
                                               "(seed 000, item 5)", who)));
  }
  if (redrawn && !held && was.redraw[seat.value] == RedrawPolicy::KeepAny) {
    out.push_back(violation(kDeal, fmt::format("{} keeps any card, yet its own faction's card was discarded (seed 000, item 4)", who)));
  }
}

void spice_peek(const Transition& t, Seat seat, SpiceCardId card, Violations& out) {
  const GameState& b = t.before;
  const auto& was = b.blow.deck;
  const auto& is = t.after.blow.deck;
  // The look is taken as Shipment and Movement opens: a forced one (a top card already known) in
  // the step of the command that closed the phase before.
  const bool this_phase = b.phase == Phase::ShipmentAndMovement || t.after.phase == Phase::ShipmentAndMovement;
  if (b.faction_of(seat) != Faction::Atreides || !this_phase) {
    out.push_back(violation(kDeal, fmt::format("{} looked at the top spice card in {}: only the Atreides, in Shipment and Movement "
                                               "([LR] 2.01.07)", name_of(b, seat), to_string(b.phase))));
  }
  if (const std::string why = drawn_from(was, std::vector<SpiceCardId>{}, 0, card); !why.empty()) {
    out.push_back(violation(kDeal, fmt::format("the spice card the Atreides saw cannot be the top card: {}", why)));
  }
  if (is.size() != was.size() || is.known_top.empty() || is.known_top.front() != card) {
    out.push_back(violation(kDeal, "the spice card the Atreides saw is not left on top of the deck"));
  }
  const auto seen = new_sightings(t);
  if (std::none_of(seen.begin(), seen.end(), [&](const Sighting& x) { return x.seat == seat && x.kind == SeenKind::SpiceCard && x.id == card.value; })) {
    out.push_back(violation(kDeal, "the Atreides did not see the top spice card they looked at"));
  }
  for (const Sighting& x : seen) {
    if (x.seat != seat && x.kind == SeenKind::SpiceCard) {
      out.push_back(violation(kDeal, fmt::format("{} saw the top spice card the Atreides looked at", name_of(b, x.seat))));
    }
  }
}

void storm_card(const Transition& t, Seat seat, std::uint8_t value, Violations& out) {
  const GameState& b = t.before;
  if (b.faction_of(seat) != Faction::Fremen || !b.options.rules.fremen_storm_deck) {
    out.push_back(violation(kDeal, fmt::format("{} drew a storm card: only the Fremen, with the Advanced storm deck ([LR] 2.04.13)", name_of(b, seat))));
  }
  if (value < 1 || value > 6) out.push_back(violation(kDeal, fmt::format("storm card {} is not one of the six (1-6)", value)));
  // Drawn as this turn's storm moved, it is next turn's, kept private; with none drawn (the first
  // use of the deck) it is this turn's movement, revealed at once ([LR] 2.04.14).
  const bool next = b.storm.movement.has_value();
  if (next ? t.after.storm.next_card != value : t.after.storm.movement != value) {
    out.push_back(violation(kDeal, fmt::format("the storm card drawn, {}, is not recorded as {} ([LR] 2.04.14)", value,
                                               next ? "next turn's storm card" : "this turn's storm movement")));
  }
}

Violations draw_nexus(const Transition& t, Seat seat) {
  const GameState& b = t.before;
  const NexusState& was = b.nexus;
  const NexusState& is = t.after.nexus;
  Violations out;
  const std::string who = name_of(b, seat);
  // The old card goes to the discard; with the deck empty the discard is the new deck at once
  // (seed 000, "Publisher's common rules"), so it may lie there or be drawn again: at once, or
  // when the step's draws empty the deck (the last card drawn, an own card redrawn).
  const bool reshuffled = was.deck.empty() || is.deck.size() > was.deck.size();
  if (const auto old = was.held[seat.value];
      old && !contains(is.discard, *old) && !(reshuffled && (in_pile(is.deck, *old) || is.held[seat.value] == *old))) {
    out.push_back(violation(kDeal, fmt::format("{} replaced its Nexus card, but the old one is not in the discard (seed 000, item 4)", who)));
  }
  bool drawn = t.after.chance == PendingChance{ChanceKind::NexusDraw, seat, 0};
  for (std::size_t i = b.log.size(); i < t.after.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&t.after.log[i]);
    drawn = drawn || (r && r->request.kind == ChanceKind::NexusDraw && r->request.seat == seat);
  }
  if (!drawn) out.push_back(violation(kDeal, fmt::format("{} chose to draw a Nexus card, but no draw for it followed", who)));
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (Seat{i} != seat && is.held[i] != was.held[i]) {
      out.push_back(violation(kDeal, fmt::format("{}'s draw changed the Nexus card {} holds", who, name_of(b, Seat{i}))));
    }
  }
  return out;
}

// A spice card comes from the spice deck as the step found it, the Atreides' known top first, or,
// once the step drew the deck empty, from the cards reshuffled into it: the discard piles and the
// turn-1 worms set aside ([LR] 1.02.02, 1.13.03; a superset of what 1.13.03 reshuffles). What it
// does is oracle.spice-blow's and oracle.worm's.
void spice_draw(const Transition& t, SpiceCardId card, std::size_t n, Violations& out) {
  const GameState& b = t.before;
  std::vector<SpiceCardId> reshuffled(b.blow.set_aside.begin(), b.blow.set_aside.end());
  for (const auto& pile : b.blow.discard) reshuffled.insert(reshuffled.end(), pile.begin(), pile.end());
  if (const std::string why = drawn_from(b.blow.deck, reshuffled, n, card); !why.empty()) {
    out.push_back(violation(kDeal, fmt::format("the spice card {} cannot have been drawn: {}", spice_card_info(card).name, why)));
  }
}

// The CHOAM Secret Ally's inspection (seed 000: "after winning a battle privately inspect a random
// opposing held card that was not used in that battle"): for the battle's winner, a card its
// opponent holds and did not play in it; a card is seen, none moves (what the inspector learns is
// contract.choam.secret-ally's).
void card_inspect(const Transition& t, Seat seat, TreacheryCardId card, Violations& out) {
  const GameState& b = t.before;
  const BattleState& x = b.battle;
  const std::string who = name_of(b, seat);
  if (b.step != Step::Battle || x.winner != seat || (x.combatants[0] != seat && x.combatants[1] != seat)) {
    out.push_back(violation(kDeal, fmt::format("{} inspected a card without having won the battle just fought (seed 000, CHOAM)", who)));
    return;
  }
  const int side = x.combatants[0] == seat ? 1 : 0;
  const Seat loser = x.combatants[static_cast<std::size_t>(side)];
  const auto& plan = x.plans[static_cast<std::size_t>(side)];
  const bool played = plan && (plan->weapon == card || plan->defense == card || plan->cheap_hero == card);
  if (!contains(b.seat(loser).hand, card) || played) {
    out.push_back(violation(kDeal, fmt::format("{} inspected {}, which {} does not hold unused after the battle (seed 000, CHOAM)", who,
                                               card.value < kTreacheryCardCount ? card_type(card).name : "no card", name_of(b, loser))));
  }
  if (!single_step(t)) return;
  // The battle goes on in the same step once the window closes: a Karama played then by a standing
  // order (against the Harkonnen's capture, say) goes to the discard, and oracle.karama-cancel
  // decides which card (3.01.11.01); every other hand and the discard are as they were.
  std::vector<bool> karama_player(b.seat_count(), false);
  for (const KaramaCancel& k : added_cancels(b, t.after)) karama_player[k.by.value] = true;
  const bool karama_played = std::ranges::find(karama_player, true) != karama_player.end();
  bool moved = !karama_played && t.after.treachery.discard != b.treachery.discard;
  for (std::size_t i = 0; i < b.seat_count(); ++i) moved = moved || (!karama_player[i] && t.after.seats[i].hand != b.seats[i].hand);
  if (moved) out.push_back(violation(kDeal, fmt::format("{}'s inspection moved a Treachery Card (seed 000: it is seen, not taken)", who)));
}

// E1 Ixians' starting-card draft (ixians.md §2.1, 2 sources; Q15, [TO]'s reading): the Ixians
// keep the named card; the others go one to each other seat owed a starting card, in seat order,
// in the order dealt; nothing else moves, and the setup deal is over.
Violations keep_starting_card(const Transition& t, Seat seat, TreacheryCardId card) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kDeal, std::move(what) + " (ixians.md §2.1)")); };
  if (b.step != Step::SetupIxianDraft || b.faction_of(seat) != Faction::Ixians) {
    fault(fmt::format("{} kept a card of the starting-card draft: the Ixians alone, when asked", name_of(b, seat)));
    return out;
  }
  std::vector<TreacheryCardId> rest;
  for (TreacheryCardId c : b.treachery.draft) {
    if (c != card) rest.push_back(c);
  }
  if (rest.size() + 1 != b.treachery.draft.size()) fault("the kept card was not in the draft");
  std::size_t next = 0;
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    const Seat s{i};
    std::vector<TreacheryCardId> want(b.seat(s).hand.begin(), b.seat(s).hand.end());
    if (s == seat) {
      want.push_back(card);
    } else if (b.seat(s).hand.size() < starting_cards(b.faction_of(s)) && next < rest.size()) {
      want.push_back(rest[next++]);
    }
    std::sort(want.begin(), want.end());
    if (!std::ranges::equal(a.seat(s).hand, want)) {
      fault(fmt::format("{} holds {} cards after the draft, not its hand and {}", name_of(b, s), a.seat(s).hand.size(),
                        s == seat ? "the kept card" : "the next card of the draft"));
    }
  }
  if (next != rest.size() || !a.treachery.draft.empty()) fault("cards of the starting-card draft are left over, or it is not emptied");
  if (a.treachery.deck.size() != b.treachery.deck.size() || a.treachery.discard != b.treachery.discard) {
    fault("the Treachery deck or discard changed in the Ixians' draft");
  }
  if (a.turn == 0) fault("the setup does not end with the Ixians' draft");
  return out;
}

}  // namespace

Violations deal(const Transition& t, const GameContext&) {
  if (const Envelope* e = envelope_of(t)) {
    if (const auto* k = std::get_if<KeepStartingCard>(&e->command)) return decided(kDeal, keep_starting_card(t, e->seat, k->card));
    if (const auto* r = std::get_if<ReturnTraitor>(&e->command)) return decided(kDeal, return_traitor(t, e->seat, r->card));
    if (!std::holds_alternative<DrawNexus>(e->command)) return {};
    return decided(kDeal, draw_nexus(t, e->seat));
  }
  const auto& r = std::get<ChanceRecord>(t.entry);
  const Seat seat = r.request.seat;
  const std::size_t at = entry_position(t);
  Violations out;
  switch (r.request.kind) {
    case ChanceKind::TraitorDeal:
      traitor_deal(t, seat, TraitorCardId{r.outcome}, draws_before(t, at, [](ChanceKind k) { return k == ChanceKind::TraitorDeal; }), out);
      break;
    case ChanceKind::TreacheryDeal: treachery_deal(t, seat, TreacheryCardId{r.outcome}, draws_before(t, at, treachery_deck), at, out); break;
    case ChanceKind::TreacheryLot: lot_deal(t, TreacheryCardId{r.outcome}, draws_before(t, at, treachery_deck), out); break;
    case ChanceKind::NexusDraw:
      nexus_deal(t, seat, NexusCardId{static_cast<Faction>(r.outcome)}, draws_before(t, at, nexus_deck), out);
      break;
    case ChanceKind::SpicePeek: spice_peek(t, seat, SpiceCardId{r.outcome}, out); break;
    case ChanceKind::StormCard: storm_card(t, seat, r.outcome, out); break;
    case ChanceKind::SpiceDraw: spice_draw(t, SpiceCardId{r.outcome}, draws_before(t, at, spice_deck), out); break;
    case ChanceKind::TraitorDraw:
      traitor_draw(t, seat, TraitorCardId{r.outcome}, draws_before(t, at, [](ChanceKind k) { return k == ChanceKind::TraitorDraw; }), out);
      break;
    case ChanceKind::FaceDancerDraw:
      face_dancer_draw(t, seat, TraitorCardId{r.outcome}, draws_before(t, at, [](ChanceKind k) { return k == ChanceKind::FaceDancerDraw; }),
                       r.request.pile > 0, out);
      break;
    case ChanceKind::CaptureDraw: return {};  // oracle.capture: one of the loser's active leaders
    case ChanceKind::TechTokenDeal: return {};  // oracle.tech-tokens: the deal in storm order
    case ChanceKind::CardInspect: card_inspect(t, seat, TreacheryCardId{r.outcome}, out); break;
  }
  return decided(kDeal, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

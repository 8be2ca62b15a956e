#include "invariants/noninterference.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <random>
#include <utility>

#include "engine/engine.h"
#include "engine/projection.h"
#include "invariants/oracle_support.h"
#include "invariants/protocol.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

using Rng = std::mt19937_64;

bool is_observer(Observer o, std::size_t seat) { return o && o->value == seat; }

std::string observer_name(const GameState& s, Observer o) {
  return o ? std::string(to_string(s.faction_of(*o))) : std::string("the public");
}

// Hidden slots of one card kind: pointers to every resampled slot; their cards are shuffled among
// them. Fixed cards are simply not registered.
template <class Id>
class Slots {
 public:
  void add(Id& slot) { slots_.push_back(&slot); }
  void shuffle(Rng& rng) {
    std::vector<Id> cards;
    for (Id* s : slots_) cards.push_back(*s);
    std::shuffle(cards.begin(), cards.end(), rng);
    for (std::size_t i = 0; i < slots_.size(); ++i) *slots_[i] = cards[i];
  }

 private:
  std::vector<Id*> slots_;
};

template <class Id>
bool contains(const std::vector<Id>& v, Id id) { return std::find(v.begin(), v.end(), id) != v.end(); }

// What the observer knows when the twin is built: the state's own knowledge, and after a step
// the knowledge of the state after it (`after`), so the twin resamples only what the observer
// still cannot know once the step disclosed what it legitimately shows (a card up for bid to the
// Atreides, a card dealt into its hand).
struct Knows {
  const GameState& now;
  const GameState* after = nullptr;
};

// What the observer saw of one kind (its sightings), as raw ids.
std::vector<std::uint8_t> sighted(const Knows& k, Observer o, SeenKind kind) {
  std::vector<std::uint8_t> out;
  if (!o) return out;
  for (const GameState* s : {&k.now, k.after}) {
    if (!s) continue;
    for (const Sighting& x : s->knowledge.sightings) {
      if (x.seat == *o && x.kind == kind) out.push_back(x.id);
    }
  }
  return out;
}

// The observer's own cards after the step: it knows them, wherever they were before it.
template <class Zone>
void own_after(const Knows& k, Observer o, const Zone SeatState::*cards, std::vector<std::uint8_t>& out) {
  if (!o || !k.after) return;
  for (const auto& c : k.after->seat(*o).*cards) out.push_back(c.value);
}

// Whether a seat's standing Karama bid must stay a Karama bid in the twin: it names more than the
// bidder's own spice (left fixed), so a spice bid of that size could not stand in its place.
bool karama_bid_pinned(const GameState& s) {
  return s.bidding.high_bid_karama && s.bidding.high_bidder && s.bidding.high_bidder->value < s.seat_count() &&
         s.bidding.high_bid > s.seat(*s.bidding.high_bidder).spice;
}

bool is_disclosure(const Sighting& x) { return x.kind == SeenKind::TraitorOfYoursHeld || x.kind == SeenKind::NoTraitorOfYoursHeld; }

// Seats whose hand and traitors stay put in the twin: one standing on a Karama bid the twin cannot
// turn into a spice bid (karama_bid_pinned), and, when `frozen_answers` (the fallback of twin_of),
// every seat that answered a Truthtrance question.
std::vector<bool> questioned(const GameState& s, bool frozen_answers) {
  std::vector<bool> out(s.seat_count(), false);
  for (const TruthtranceAnswer& a : s.truthtrance_answers) {
    if (frozen_answers && a.target.value < out.size()) out[a.target.value] = true;
  }
  for (const Sighting& x : s.knowledge.sightings) {  // a private disclosure (the Ecaz Secret Ally) likewise
    if (frozen_answers && is_disclosure(x) && x.id < out.size()) out[x.id] = true;
  }
  if (karama_bid_pinned(s)) out[s.bidding.high_bidder->value] = true;
  return out;
}

// The observer's private disclosures (the Ecaz Nexus card's Secret Ally, seed 000): the seat `id`
// told it whether any of its leaders are among that seat's traitors, the one fact Truthtrance's
// HoldsTraitorOfMine asks. The twin keeps each such fact true as it is now, and nothing more: a
// view that showed which leaders would differ between such twins.
TruthtranceAnswer disclosed_fact(Seat observer, const Sighting& x) {
  return TruthtranceAnswer{observer, Seat{x.id}, TruthtranceQuestion::HoldsTraitorOfMine, x.kind == SeenKind::TraitorOfYoursHeld};
}

bool discloses(const GameState& s, Observer o) {
  return o && std::any_of(s.knowledge.sightings.begin(), s.knowledge.sightings.end(),
                          [&](const Sighting& x) { return x.seat == *o && is_disclosure(x); });
}

bool disclosures_agree(const GameState& s, const GameState& twin, Observer o) {
  if (!o) return true;
  return std::all_of(s.knowledge.sightings.begin(), s.knowledge.sightings.end(), [&](const Sighting& x) {
    if (x.seat != *o || !is_disclosure(x) || x.id >= s.seat_count()) return true;
    const TruthtranceAnswer fact = disclosed_fact(*o, x);
    return oracle_detail::truthtrance_fact(s, fact) == oracle_detail::truthtrance_fact(twin, fact);
  });
}

// Every Truthtrance question asked so far has the same truth in the twin as in the state now
// (oracle_detail::truthtrance_fact, from the card tables): the answers are public, so a twin that
// would answer one otherwise is one the observer could tell apart.
bool answers_agree(const GameState& s, const GameState& twin) {
  return std::all_of(s.truthtrance_answers.begin(), s.truthtrance_answers.end(), [&](const TruthtranceAnswer& a) {
    return oracle_detail::truthtrance_fact(s, a) == oracle_detail::truthtrance_fact(twin, a);
  });
}

// A card its holder may use as a Karama: a Karama, or (Advanced Karama) a Bene Gesserit worthless
// card ([LR] 1.14.06, 2.02.22). Written here from the card table, not by the engine's helper.
bool holds_karama(const GameState& s, Seat seat) {
  const bool worthless_counts = s.options.rules.advanced_karama && s.faction_of(seat) == Faction::BeneGesserit;
  for (TreacheryCardId c : s.seat(seat).hand) {
    const TreacheryCardType& t = card_type(c);
    if (t.name == "Karama" || (worthless_counts && t.classification == TreacheryClass::Worthless)) return true;
  }
  return false;
}

// A Karama bid is made without revealing the card ([LR] 3.01.11.04): for anyone but the bidder,
// the standing bid may be a Karama bid or a spice bid, as far as the twin's hands allow.
void resample_karama_bid(GameState& t, Observer o, Rng& rng) {
  BiddingState& b = t.bidding;
  if (!b.high_bidder || b.high_bidder->value >= t.seat_count() || is_observer(o, b.high_bidder->value) || karama_bid_pinned(t)) return;
  b.high_bid_karama = holds_karama(t, *b.high_bidder) && std::uniform_int_distribution<int>(0, 1)(rng) == 1;
}

std::vector<TreacheryCardId> cards_in_plans(const GameState& s) {
  std::vector<TreacheryCardId> out;
  for (const auto& plan : s.battle.plans) {
    if (!plan) continue;
    for (const auto& c : {plan->cheap_hero, plan->weapon, plan->defense}) {
      if (c) out.push_back(*c);
    }
  }
  return out;
}

// The cards the observer saw only in the whole Bidding row (kRowSightingNote: the Ixians'
// selection, E1), not where in it: no other sighting of theirs, before or after the step, names them.
std::vector<std::uint8_t> seen_only_in_row(const Knows& k, Observer o) {
  std::vector<std::uint8_t> row, placed;
  if (!o) return row;
  for (const GameState* s : {&k.now, k.after}) {
    if (!s) continue;
    for (const Sighting& x : s->knowledge.sightings) {
      if (x.seat != *o || x.kind != SeenKind::TreacheryCard) continue;
      (x.what == kRowSightingNote ? row : placed).push_back(x.id);
    }
  }
  std::erase_if(row, [&](std::uint8_t id) { return contains(placed, id); });
  return row;
}

void resample_treachery(GameState& t, const Knows& k, Observer o, Rng& rng, bool frozen_answers) {
  auto seen = sighted(k, o, SeenKind::TreacheryCard);
  own_after(k, o, &SeatState::hand, seen);
  const auto in_plans = cards_in_plans(t);
  const auto asked = questioned(t, frozen_answers);
  const auto fixed = [&](TreacheryCardId c) { return contains(seen, c.value) || contains(in_plans, c); };
  Slots<TreacheryCardId> slots;
  for (std::size_t i = 0; i < t.seat_count(); ++i) {
    if (is_observer(o, i) || asked[i]) continue;
    for (TreacheryCardId& c : t.seats[i].hand) if (!fixed(c)) slots.add(c);
  }
  for (TreacheryCardId& c : t.treachery.deck.unseen) if (!fixed(c)) slots.add(c);
  // A card put back face down on the top or under the bottom of the deck (a bought-in lot, the
  // Ixians' returned lot) is a known place, not a known card: who has not seen it cannot tell it.
  for (TreacheryCardId& c : t.treachery.deck.known_top) if (!fixed(c)) slots.add(c);
  for (TreacheryCardId& c : t.treachery.deck.known_bottom) if (!fixed(c)) slots.add(c);
  for (TreacheryCardId& c : t.bidding.lots) if (!fixed(c)) slots.add(c);  // face down on the table
  for (TreacheryCardId& c : t.treachery.draft) if (!fixed(c)) slots.add(c);  // the Ixians' draft, face down
  // The Ixians' card named for the last lot (technology_offer) is one of their hand: it follows its
  // place there.
  const auto ixians = t.seat_of(Faction::Ixians);
  std::optional<std::size_t> offered;
  if (ixians && t.bidding.technology_offer) {
    const auto& hand = t.seat(*ixians).hand;
    offered = static_cast<std::size_t>(std::ranges::find(hand, *t.bidding.technology_offer) - hand.begin());
  }
  slots.shuffle(rng);
  if (offered && *offered < t.seat(*ixians).hand.size()) t.bidding.technology_offer = t.seat(*ixians).hand[*offered];
  // Seen in the row but not where: they change places among themselves.
  const auto row_only = seen_only_in_row(k, o);
  Slots<TreacheryCardId> places;
  for (TreacheryCardId& c : t.bidding.lots) if (contains(row_only, c.value) && !contains(in_plans, c)) places.add(c);
  places.shuffle(rng);
  for (SeatState& seat : t.seats) std::sort(seat.hand.begin(), seat.hand.end());
  std::sort(t.treachery.deck.unseen.begin(), t.treachery.deck.unseen.end());
}

// The Tleilaxu's revealed Face Dancers, before or after the step, are face up (seed 002): every
// observer sees them where they are.
void revealed_dancers(const Knows& k, std::vector<std::uint8_t>& out) {
  for (const GameState* s : {&k.now, k.after}) {
    if (!s) continue;
    for (const SeatState& x : s->seats) for (TraitorCardId c : x.revealed_dancers) out.push_back(c.value);
  }
}

void resample_traitors(GameState& t, const Knows& k, Observer o, Rng& rng, bool frozen_answers) {
  auto seen = sighted(k, o, SeenKind::TraitorCard);
  own_after(k, o, &SeatState::traitors, seen);
  own_after(k, o, &SeatState::traitor_offer, seen);
  revealed_dancers(k, seen);
  const auto asked = questioned(t, frozen_answers);
  // A traitor called in this battle is revealed: the combatants' traitors stay put.
  const bool called = t.battle.traitor_called[0] || t.battle.traitor_called[1];
  Slots<TraitorCardId> slots;
  for (std::size_t i = 0; i < t.seat_count(); ++i) {
    // The Harkonnen calling in their ally's battle reveal theirs likewise ([LR] 2.05.09).
    const bool combatant = (called && (t.battle.combatants[0].value == i || t.battle.combatants[1].value == i)) ||
                           t.battle.traitor_revealed[i];
    if (is_observer(o, i) || asked[i] || combatant) continue;
    for (auto* cards : {&t.seats[i].traitors, &t.seats[i].traitor_offer}) {
      for (TraitorCardId& c : *cards) if (!contains(seen, c.value)) slots.add(c);
    }
  }
  for (TraitorCardId& c : t.traitor_deck.unseen) if (!contains(seen, c.value)) slots.add(c);
  slots.shuffle(rng);
  std::sort(t.traitor_deck.unseen.begin(), t.traitor_deck.unseen.end());
}

void resample_nexus(GameState& t, const Knows& k, Observer o, Rng& rng) {
  if (!t.nexus.enabled) return;
  // A card the observer holds after the step stays where it was before it.
  const auto drawn = [&](NexusCardId c) { return o && k.after && k.after->nexus.held[o->value] == c; };
  Slots<NexusCardId> slots;
  for (std::size_t i = 0; i < t.seat_count(); ++i) {
    if (is_observer(o, i)) continue;
    if (t.nexus.held[i] && !drawn(*t.nexus.held[i])) slots.add(*t.nexus.held[i]);
    t.nexus.redraw[i] = static_cast<RedrawPolicy>(std::uniform_int_distribution<int>(0, 2)(rng));
  }
  for (NexusCardId& c : t.nexus.deck.unseen) if (!drawn(c)) slots.add(c);
  slots.shuffle(rng);
  std::sort(t.nexus.deck.unseen.begin(), t.nexus.deck.unseen.end());
}

// Karama standing orders are private to their seat (README "Karama"): any order, or none, for
// every other seat. Only orders a seat could give (another faction's ability, that faction in play;
// the Guild its Karama power while unused).
void resample_karama_orders(GameState& t, Observer o, Rng& rng) {
  for (std::size_t i = 0; i < t.seat_count(); ++i) {
    if (is_observer(o, i)) continue;
    std::vector<std::optional<KaramaAbility>> orders{std::nullopt};
    const Faction own = t.faction_of(Seat{static_cast<std::uint8_t>(i)});
    for (KaramaAbility a : kKaramaAbilities) {
      if (a == KaramaAbility::OffPlanetShipment) {  // the Guild's own once-a-game power ([LR] 1.14.05)
        const bool used = std::any_of(t.karama.powers.begin(), t.karama.powers.end(),
                                      [&](const KaramaPowerUse& u) { return t.faction_of(u.by) == Faction::SpacingGuild; });
        if (own == Faction::SpacingGuild && t.options.rules.advanced_karama && !used) orders.push_back(a);
        continue;
      }
      if (!karama_ability_in_game(t.options, a)) continue;
      const Faction f = karama_ability_owner(a);
      if (t.seat_of(f) && f != own) orders.push_back(a);
    }
    t.karama.armed[i] = orders[std::uniform_int_distribution<std::size_t>(0, orders.size() - 1)(rng)];
  }
}

// Whether the observer saw `side`'s whole committed plan by the Atreides Karama power ([LR]
// 1.14.01), now or in the step the twin is built for: the power's public record names the seat
// whose plan it showed. (A second battle against the same seat that turn stays fixed too.)
bool looked_at(const Knows& k, Observer o, const GameState& t, int side) {
  if (!o) return false;
  const Seat target = t.battle.combatants[static_cast<std::size_t>(side)];
  for (const GameState* s : {&k.now, k.after}) {
    if (!s) continue;
    for (const KaramaPowerUse& u : s->karama.powers) {
      if (u.power == KaramaPower::AtreidesBattlePlan && u.by == *o && u.target == target && u.turn == t.turn) return true;
    }
  }
  return false;
}

// A committed battle plan part is secret until the reveal ([LR] 1.07.04-05): for an observer that
// is not its combatant and has not seen it, it may be any part that combatant could have
// committed (its legal commands with that part undone, the same spice support). Kept fixed: the
// plans once revealed, both sides' after an answered Prescience (told to every seat) or before the
// Nexus inspector (it saw one element), and a plan the observer looked at by Karama.
void resample_battle_plans(GameState& t, const Knows& k, Observer o, Rng& rng) {
  const BattleState& b = t.battle;
  if (t.step != Step::Battle || b.stage == BattleStage::None || b.stage == BattleStage::Choose || b.revealed || t.chance) return;
  if (b.prescience_answered || (o && b.nexus_inspector == *o)) return;
  for (int side = 0; side < 2; ++side) {
    const std::size_t i = static_cast<std::size_t>(side);
    const Seat seat = b.combatants[i];
    if (is_observer(o, seat.value) || looked_at(k, o, t, side)) continue;
    for (const bool wheel : {false, true}) {
      if (wheel ? !t.battle.wheels[i] : !t.battle.plans[i]) continue;
      GameState undone = t;
      undone.battle.stage = BattleStage::Plans;
      if (wheel) undone.battle.wheels[i].reset();
      else undone.battle.plans[i].reset();
      std::vector<Command> parts;
      for (Command& c : legal_commands(undone, seat)) {
        const auto* d = std::get_if<DialBattle>(&c);
        if (wheel ? d && d->support == t.battle.wheels[i]->support : std::holds_alternative<PlanBattle>(c)) parts.push_back(std::move(c));
      }
      if (parts.empty()) continue;
      const Command& pick = parts[std::uniform_int_distribution<std::size_t>(0, parts.size() - 1)(rng)];
      if (wheel) t.battle.wheels[i] = std::get<DialBattle>(pick);
      else t.battle.plans[i] = std::get<PlanBattle>(pick);
    }
  }
}

// The prediction is secret from everyone but the Bene Gesserit ([LR] 2.02.03).
void resample_prediction(GameState& t, Observer o, Rng& rng) {
  if (!t.prediction || (o && t.faction_of(*o) == Faction::BeneGesserit)) return;
  std::vector<Faction> others;
  for (Faction f : t.options.factions) if (f != Faction::BeneGesserit) others.push_back(f);
  t.prediction->faction = others[std::uniform_int_distribution<std::size_t>(0, others.size() - 1)(rng)];
  t.prediction->turn = static_cast<std::uint8_t>(std::uniform_int_distribution<int>(1, t.options.turn_limit)(rng));
}

// ---- comparison -------------------------------------------------------------------------

// An observer's whole outward picture of a state, compared by value.
struct Picture {
  std::optional<PublicView> table;
  std::optional<SeatView> seat;
  std::vector<Seat> awaited;
  friend bool operator==(const Picture&, const Picture&) = default;
};

Picture picture(const GameState& s, Observer o) {
  Picture p;
  if (o) p.seat = project_seat(s, *o);  // holds the table view and legal_commands
  else p.table = project_public(s);
  p.awaited = pending(s);
  return p;
}

// The first difference, named for the report with its JSON path.
std::string difference(const Picture& a, const Picture& b) {
  if (a.awaited != b.awaited) return "the pending set";
  const nlohmann::json ja = a.seat ? view_to_json(*a.seat) : view_to_json(*a.table);
  const nlohmann::json jb = b.seat ? view_to_json(*b.seat) : view_to_json(*b.table);
  const nlohmann::json patch = nlohmann::json::diff(ja, jb);
  if (patch.empty()) return "its view (equal as JSON)";
  const std::string path = patch.front().value("path", "");
  return fmt::format("its view at {} ({} vs {})", path, ja.contains(nlohmann::json::json_pointer(path)) ? ja.at(nlohmann::json::json_pointer(path)).dump() : "absent",
                     patch.front().contains("value") ? patch.front().at("value").dump() : "absent");
}

std::string outcome_text(const std::optional<Rejection>& r) {
  if (r) return fmt::format("rejected ({}): {}", to_string(r->code), r->message);
  return "accepted";
}

// Every probe command from the observer, on the state and on its twin, as `submit` would answer it
// with a fresh id at the current version (engine verdicts): the same acceptance, or the same
// rejection code and message. (An acceptance's receipt names only the seat's faction and the
// command's kind, the same in both.)
void compare_probes(const GameState& s, const GameState& twin, Seat o, Violations& out) {
  const std::vector<Command>& probes = probe_commands();
  const auto a = verdicts(s, o, probes);
  const auto b = verdicts(twin, o, probes);
  for (std::size_t i = 0; i < probes.size(); ++i) {
    if (a[i] != b[i]) {
      out.push_back({"noninterference.rejections", fmt::format("{} gets different answers to {} depending on what it cannot know: \"{}\" vs \"{}\"",
                                                               to_string(s.faction_of(o)), to_string(probes[i]), outcome_text(a[i]), outcome_text(b[i]))});
      return;
    }
  }
}

std::size_t sightings_of(const GameState& s, Seat o) {
  return static_cast<std::size_t>(std::count_if(s.knowledge.sightings.begin(), s.knowledge.sightings.end(),
                                                [&](const Sighting& x) { return x.seat == o; }));
}

// The step showed the observer something new (a card into its hand, a sighting): the twin was
// consistent with what it knew before, not necessarily with what it knows now.
bool observer_learned(const GameState& before, const GameState& after, Observer o) {
  if (!o) return false;
  const SeatState& a = before.seat(*o);
  const SeatState& b = after.seat(*o);
  return a.hand != b.hand || a.traitors != b.traitors || a.traitor_offer != b.traitor_offer ||
         before.nexus.held[o->value] != after.nexus.held[o->value] || sightings_of(before, *o) != sightings_of(after, *o);
}

// A step that reveals to everyone what was resampled (beyond the observer's own knowledge, which
// the informed twin accounts for): the comparison after it would be unfair.
bool reveals(const GameState& before, const GameState& after, const LogEntry& entry) {
  if (after.step == Step::GameOver || !after.winners.empty()) return true;  // the prediction
  // A card entering the public Nexus discard shows its face: a held card discarded by an alliance
  // (seed 000 item 6) or a replacement, a played card, an own-faction redraw (item 4).
  if (after.nexus.discard.size() > before.nexus.discard.size()) return true;
  // A sold lot shows how it was paid: a Karama bid puts the card face up on the discard (the lot
  // handed over, or held in the row by a Nexus window on the bought lot, the Ixians Secret Ally, or
  // by the Ixians' ally's card replacement, E1).
  const bool held = (!before.nexus.window && after.nexus.window) ||
                    (before.step != Step::AllyCardReplacement && after.step == Step::AllyCardReplacement);
  if (before.bidding.high_bidder && (after.bidding.lot != before.bidding.lot || !after.bidding.high_bidder || held)) {
    return true;
  }
  // The plans revealed: shown still, or already resolved with the next battle begun (or the phase
  // over) in the same step, when no traitor call waits.
  const BattleState& was = before.battle;
  const BattleState& is = after.battle;
  const bool planned = before.step == Step::Battle && !was.revealed && was.stage != BattleStage::None && was.stage != BattleStage::Choose;
  const bool moved_on = after.step != Step::Battle || is.stage == BattleStage::None || is.stage == BattleStage::Choose ||
                        is.territory != was.territory || is.combatants != was.combatants;
  if (planned && (is.revealed || moved_on)) return true;
  if (const auto* e = std::get_if<Envelope>(&entry)) return std::holds_alternative<CallTraitor>(e->command);
  const auto& r = std::get<ChanceRecord>(entry);
  // An own-faction Nexus draw is redrawn to the public discard under some policies (seed 000 item 4).
  return r.request.kind == ChanceKind::NexusDraw && r.request.seat.value < before.seat_count() &&
         static_cast<Faction>(r.outcome) == before.faction_of(r.request.seat);
}

// The same next step in both: the observer's own command if it is awaited, else a chance outcome
// legal in both. Returns false when no common step exists.
bool next_step(const GameState& s, const GameState& twin, Observer o, Rng& rng, GameState& s2, GameState& twin2, LogEntry& entry) {
  if (s.chance) {
    const auto outcomes = chance_outcomes(s);
    if (outcomes.empty()) return false;
    const std::uint8_t pick = outcomes[std::uniform_int_distribution<std::size_t>(0, outcomes.size() - 1)(rng)];
    const auto in_twin = chance_outcomes(twin);
    if (!contains(in_twin, pick)) return false;
    auto a = apply_chance(s, pick);
    auto b = apply_chance(twin, pick);
    if (!std::holds_alternative<GameState>(a) || !std::holds_alternative<GameState>(b)) return false;
    s2 = std::get<GameState>(std::move(a));
    twin2 = std::get<GameState>(std::move(b));
    entry = ChanceRecord{*s.chance, pick};
    return true;
  }
  if (!o) return false;
  const auto awaited = pending(s);
  if (!contains(awaited, *o)) return false;
  const auto legal = legal_commands(s, *o);
  if (legal.empty()) return false;
  const Envelope e{fresh_id(s), *o, s.version, legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng)]};
  auto a = submit(s, e);
  auto b = submit(twin, e);
  if (!std::holds_alternative<Accepted>(a) || !std::holds_alternative<Accepted>(b)) return false;  // compared by the probes
  s2 = std::get<Accepted>(std::move(a)).next;
  twin2 = std::get<Accepted>(std::move(b)).next;
  entry = e;
  return true;
}

Violations twins_checker(const Transition& t, const GameContext&) {
  if (!noninterference_sampled(t.index)) return {};
  Violations out;
  const std::uint64_t base = static_cast<std::uint64_t>(t.index) * 0x9E3779B97F4A7C15ULL;
  for (std::uint8_t i = 0; i <= t.after.seat_count() && out.empty(); ++i) {
    const Observer o = i < t.after.seat_count() ? Observer{Seat{i}} : std::nullopt;
    out = check_noninterference(t.after, o, base + i);
  }
  return out;
}

bool noninterference_on(const CheckOptions& o) { return o.noninterference; }

GameState resampled(const GameState& state, const Knows& k, Observer observer, std::uint64_t seed, bool frozen_answers) {
  Rng rng(seed);
  GameState twin = state;
  resample_battle_plans(twin, k, observer, rng);  // first: the cards of the twin's plans stay put below
  resample_treachery(twin, k, observer, rng, frozen_answers);
  resample_karama_bid(twin, observer, rng);
  resample_traitors(twin, k, observer, rng, frozen_answers);
  resample_nexus(twin, k, observer, rng);
  resample_prediction(twin, observer, rng);
  resample_karama_orders(twin, observer, rng);
  return twin;
}

// A Truthtrance answer discloses one fact, not the answering seat's whole hand: the twin resamples
// that seat too and is kept when every answer's truth is unchanged. After kAnswerAttempts twins that
// each contradict an answer, the answered seats' hands and traitors stay put (conservative).
constexpr int kAnswerAttempts = 8;

GameState twin_of(const GameState& state, const Knows& k, Observer observer, std::uint64_t seed) {
  if (state.truthtrance_answers.empty() && !discloses(state, observer)) return resampled(state, k, observer, seed, false);
  for (int attempt = 0; attempt < kAnswerAttempts; ++attempt) {
    GameState twin = resampled(state, k, observer, seed + 0x632BE59BD9B4E019ULL * static_cast<std::uint64_t>(attempt), false);
    if (answers_agree(state, twin) && disclosures_agree(state, twin, observer)) return twin;
  }
  return resampled(state, k, observer, seed, true);
}

// `entry` taken in `twin`: false when it is not legal there (then nothing is compared).
bool same_step(const GameState& twin, const LogEntry& entry, GameState& out) {
  if (const auto* r = std::get_if<ChanceRecord>(&entry)) {
    if (!twin.chance || !contains(chance_outcomes(twin), r->outcome)) return false;
    auto next = apply_chance(twin, r->outcome);
    if (!std::holds_alternative<GameState>(next)) return false;
    out = std::get<GameState>(std::move(next));
    return true;
  }
  auto next = submit(twin, std::get<Envelope>(entry));
  if (!std::holds_alternative<Accepted>(next)) return false;
  out = std::get<Accepted>(std::move(next)).next;
  return true;
}

constexpr std::array kNoninterference{
    Checker{"noninterference", "noninterference",
            "views, pending set, legal commands and rejections depend only on what each observer may know (sampled)",
            twins_checker, noninterference_on},
};

template <std::size_t... I>
void default_commands(std::vector<Command>& out, std::index_sequence<I...>) {
  (out.push_back(Command{std::variant_alternative_t<I, Command>{}}), ...);
}

}  // namespace

GameState make_twin(const GameState& state, Observer observer, std::uint64_t seed) {
  return twin_of(state, Knows{state}, observer, seed);
}

const std::vector<Command>& probe_commands() {
  static const std::vector<Command> probes = [] {
    std::vector<Command> out;
    default_commands(out, std::make_index_sequence<std::variant_size_v<Command>>{});
    for (std::size_t f = 0; f < kFactionCount; ++f) {
      for (NexusMode m : kNexusModes) out.push_back(PlayNexus{NexusCardId{static_cast<Faction>(f)}, m, std::nullopt, 0, ForceCount{0}});
    }
    for (std::uint8_t l = 0; l <= kLeaderCount; ++l) out.push_back(ChooseTraitor{TraitorCardId{l}});
    for (std::uint8_t c = 0; c < kTreacheryCardCount; ++c) {
      PlanBattle plan;
      plan.weapon = TreacheryCardId{c};
      out.push_back(plan);
    }
    return out;
  }();
  return probes;
}

Violations check_noninterference(const GameState& state, Observer observer, std::uint64_t seed) {
  const GameState twin = make_twin(state, observer, seed);
  if (twin == state) return {};  // nothing this observer cannot know
  const std::string who = observer_name(state, observer);
  Violations out;
  const Picture a = picture(state, observer);
  const Picture b = picture(twin, observer);
  if (!(a == b)) {
    out.push_back({"noninterference.view", fmt::format("{} can tell the twin apart by {}: it depends on what {} cannot know",
                                                        who, difference(a, b), who)});
    return out;
  }
  if (observer) compare_probes(state, twin, *observer, out);
  if (!out.empty()) return out;
  Rng rng(seed ^ 0x5DEECE66DULL);
  GameState s2, twin2;
  LogEntry entry = ChanceRecord{};
  if (!next_step(state, twin, observer, rng, s2, twin2, entry) || reveals(state, s2, entry)) return out;
  // The step showed the observer something (a card up for bid to the Atreides, a card into its
  // hand): compare with a twin that resamples only what it still cannot know after the step.
  if (observer_learned(state, s2, observer) &&
      !same_step(twin_of(state, Knows{state, &s2}, observer, seed), entry, twin2)) {
    return out;
  }
  // A Karama played against an ability, in the state or in its twin, shows its card and its
  // player's order to everyone: a disclosure, not a leak.
  if (s2.karama.cancels.size() != state.karama.cancels.size() || twin2.karama.cancels.size() != state.karama.cancels.size()) {
    return out;
  }
  // A Truthtrance discloses its one answer ([LR] 3.01.22, "publicly ask"): the twin may answer
  // otherwise, and nothing else may differ.
  if (std::holds_alternative<Envelope>(entry) && std::holds_alternative<PlayTruthtrance>(std::get<Envelope>(entry).command) &&
      !s2.truthtrance_answers.empty() && s2.truthtrance_answers.size() == twin2.truthtrance_answers.size()) {
    twin2.truthtrance_answers.back().answer = s2.truthtrance_answers.back().answer;
  }
  const Picture a2 = picture(s2, observer);
  const Picture b2 = picture(twin2, observer);
  if (!(a2 == b2)) {
    out.push_back({"noninterference.next-step", fmt::format("after the same step, {} can tell the twin apart by {}", who, difference(a2, b2))});
  }
  return out;
}

bool noninterference_sampled(int index) {
  return index < 10 || std::has_single_bit(static_cast<unsigned>(index)) || index % 8 == 0;
}

std::span<const Checker> noninterference_checkers() { return kNoninterference; }

}  // namespace dune::invariants

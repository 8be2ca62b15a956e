// Persistence, the writing half (io/persistence.h): the digest, and one JSON writer per struct of
// GameState. Each writer's reader is in io/persistence.cpp; a new field goes into both, and the
// round-trip test (load(save(s)) == s) fails until it does.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "engine/mutants.h"
#include "io/persistence.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

using json = nlohmann::json;
using json_io::name_of;
using json_io::flip_window_json;
using json_io::invoice_json;

// ---- digest ---------------------------------------------------------------------------------

std::uint64_t fnv1a64(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;  // FNV-1a 64 offset basis
  for (unsigned char b : bytes) {
    h ^= b;
    h *= 0x100000001b3ULL;  // FNV 64 prime
  }
  return h;
}

std::string digest_of(const json& content) { return fmt::format("fnv1a64:{:016x}", fnv1a64(content.dump())); }

namespace {

// ---- writers --------------------------------------------------------------------------------

template <class Id>
json ids(const std::vector<Id>& v) {
  json out = json::array();
  for (const Id& id : v) out.push_back(id.value);
  return out;
}
template <class Id>
json pile(const HiddenPile<Id>& p) {
  return {{"known_top", ids(p.known_top)}, {"unseen", ids(p.unseen)}, {"known_bottom", ids(p.known_bottom)}};
}
json seat_set(const std::array<bool, kMaxSeats>& flags) {
  json out = json::array();
  for (std::size_t i = 0; i < kMaxSeats; ++i) if (flags[i]) out.push_back(i);
  return out;
}
json opt_seat(const std::optional<Seat>& s) { return s ? json(s->value) : json(nullptr); }

json tech_json(const TechTokenState& t) {
  json holder = json::array();
  json due = json::array();
  for (std::size_t i = 0; i < t.holder.size(); ++i) {
    holder.push_back(opt_seat(t.holder[i]));
    due.push_back(t.income_due[i]);
  }
  return {{"dealt", t.dealt}, {"holder", holder}, {"income_due", due}};
}
json chance_json(const PendingChance& c) { return {{"kind", name_of(c.kind)}, {"seat", c.seat.value}, {"pile", c.pile}}; }

json seat_json(const SeatState& s) {
  return {{"spice", s.spice.value}, {"in_front_of_shield", s.in_front_of_shield.value},
          {"hand", ids(s.hand)}, {"traitors", ids(s.traitors)}, {"traitor_offer", ids(s.traitor_offer)},
          {"revealed_dancers", ids(s.revealed_dancers)}, {"reserves_normal", s.reserves_normal.value}, {"reserves_special", s.reserves_special.value},
          {"tanks_normal", s.tanks_normal.value}, {"tanks_special", s.tanks_special.value},
          {"ally", s.ally ? json(name_of(*s.ally)) : json(nullptr)},
          {"ally_spice_limit", mutant_active(Mutant::AllySpiceNotSaved) ? 0 : s.ally_spice_limit.value}, {"protects_ally_from_worms", s.protects_ally_from_worms},
          {"grants_ally_free_revivals", s.grants_ally_free_revivals}, {"revival_limit_raised", s.revival_limit_raised.value}};
}

json leaders_json(const std::array<LeaderState, kLeaderCount>& leaders) {
  json out = json::array();  // sparse: leaders left at their default are not written
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const LeaderState& l = leaders[i];
    if (l == LeaderState{}) continue;
    out.push_back({{"leader", i}, {"where", name_of(l.where)}, {"holder", l.holder.value},
                   {"deaths", l.deaths}, {"fought_this_phase", l.fought_this_phase}, {"ghola", l.ghola}});
  }
  return out;
}

json board_json(const BoardState& b) {
  json forces = json::array(), spice = json::array(), advisors = json::array();
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (Faction f : kAllFactions) {
      const ForceCount n = b.normal[c][index(f)], s = b.special[c][index(f)];
      if (n.value != 0 || s.value != 0) {
        forces.push_back({{"cell", c}, {"faction", name_of(f)}, {"normal", n.value}, {"special", s.value}});
      }
    }
    if (b.spice[c].value != 0) spice.push_back({{"cell", c}, {"amount", b.spice[c].value}});
  }
  for (std::size_t t = 0; t < kTerritoryCount; ++t) if (b.advisors[t]) advisors.push_back(name_of(territory_at(t)));
  json hms_path = json::array();
  for (CellId c : b.hms_path) hms_path.push_back(index(c));
  return {{"forces", forces}, {"spice", spice}, {"advisors", advisors}, {"shield_wall_destroyed", b.shield_wall_destroyed},
          {"hms_host", b.hms_host ? json(index(*b.hms_host)) : json(nullptr)}, {"hms_path", hms_path}};
}

json storm_json(const StormState& s) {
  json dials = json::array();
  for (std::size_t i = 0; i < kMaxSeats; ++i) if (s.dials[i]) dials.push_back({{"seat", i}, {"amount", *s.dials[i]}});
  return {{"sector", mutant_active(Mutant::StormSectorNotSaved) ? 0 : s.sector.value}, {"dials", dials}, {"dialers", {s.dialers[0].value, s.dialers[1].value}},
          {"next_card", s.next_card ? json(*s.next_card) : json(nullptr)},
          {"movement", s.movement ? json(*s.movement) : json(nullptr)}, {"window_done", seat_set(s.window_done)}};
}

json blow_json(const SpiceBlowState& b) {
  json worm_rides = json::array();
  for (TerritoryId t : b.worm_rides) worm_rides.push_back(name_of(t));
  json empty_worms = json::array();
  for (TerritoryId t : b.empty_worms) empty_worms.push_back(name_of(t));
  json proposals = json::array();
  for (const auto& [from, to] : b.proposals) proposals.push_back({name_of(from), name_of(to)});
  return {{"deck", pile(b.deck)}, {"discard", {ids(b.discard[0]), ids(b.discard[1])}}, {"set_aside", ids(b.set_aside)},
          {"pile", b.pile}, {"nexus_pending", b.nexus_pending}, {"nexus_occurred", b.nexus_occurred},
          {"worm_rides", worm_rides},
          {"proposals", proposals}, {"nexus_done", seat_set(b.nexus_done)}, {"worms_in_blow", b.worms_in_blow},
          {"empty_worms", empty_worms}, {"cunning_ride", b.cunning_ride},
          {"worm_waiting", b.worm_waiting ? json(name_of(*b.worm_waiting)) : json(nullptr)},
          {"worm_protected", seat_set(b.worm_protected)}, {"card_window_done", seat_set(b.card_window_done)},
          {"thumper_window_held", b.thumper_window_held}};
}

// Per seat, the nonzero counts only.
json seat_counts_json(const std::array<ForceCount, kMaxSeats>& counts) {
  json out = json::array();
  for (std::size_t i = 0; i < kMaxSeats; ++i) {
    if (counts[i] != ForceCount{0}) out.push_back({{"seat", i}, {"forces", counts[i].value}});
  }
  return out;
}

json early_offers_json(const std::array<std::optional<EarlyRevivalOffer>, kMaxSeats>& offers) {
  json out = json::array();
  for (std::size_t seat = 0; seat < kMaxSeats; ++seat) {
    if (offers[seat]) out.push_back({{"seat", seat}, {"leader", offers[seat]->leader.value}, {"price", offers[seat]->price.value}});
  }
  return out;
}

json bidding_json(const BiddingState& b) {
  return {{"lots", ids(b.lots)}, {"lot", b.lot}, {"lots_total", b.lots_total}, {"high_bidder", opt_seat(b.high_bidder)},
          {"high_bid", b.high_bid.value}, {"high_bid_karama", b.high_bid_karama}, {"opener", opt_seat(b.opener)},
          {"previous_opener", opt_seat(b.previous_opener)}, {"to_act", opt_seat(b.to_act)}, {"passed", seat_set(b.passed)},
          {"purchase_window", b.purchase_window}, {"technology_used", b.technology_used},
          {"technology_offer", b.technology_offer ? json(b.technology_offer->value) : json(nullptr)}};
}

json movement_json(const MovementState& m) {
  return {{"turn_index", m.turn_index},
          {"spiritual_advisor_cell", m.spiritual_advisor_cell ? json(m.spiritual_advisor_cell->value) : json(nullptr)},
          {"hajr_played", m.hajr_played}, {"moves_made", m.moves_made}, {"guild_waits", m.guild_waits},
          {"guild_acting", m.guild_acting}, {"guild_done", m.guild_done}, {"flip_window", flip_window_json(m.flip_window)},
          {"invoice", invoice_json(m.invoice)},
          {"nexus_guild_rates", m.nexus_guild_rates ? json(m.nexus_guild_rates->value) : json(nullptr)},
          {"extra_shipment", m.extra_shipment}};
}

// Plan parts, the Voice and the like are Command alternatives: stored in their command form.
template <class T>
json opt_command(const std::optional<T>& c) { return c ? command_to_json(Command{*c}) : json(nullptr); }

// BattleState (owned by the Battle module): extend this writer and Reader::battle together.
json battle_json(const BattleState& b) {
  json cells = json::array(), leader_territory = json::array();
  for (CellId c : b.cells) cells.push_back(c.value);
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (b.leader_territory[i]) leader_territory.push_back({{"leader", i}, {"territory", name_of(*b.leader_territory[i])}});
  }
  return {{"stage", name_of(b.stage)}, {"territory", name_of(b.territory)}, {"cells", cells},
          {"combatants", {b.combatants[0].value, b.combatants[1].value}},
          {"plans", {opt_command(b.plans[0]), opt_command(b.plans[1])}},
          {"wheels", {opt_command(b.wheels[0]), opt_command(b.wheels[1])}}, {"revealed", b.revealed},
          {"voice", opt_command(b.voice)},
          {"voice_side", b.voice_side ? json(*b.voice_side) : json(nullptr)}, {"voice_attempt", b.voice_attempt},
          {"nexus_window", b.nexus_window ? json(name_of(*b.nexus_window)) : json(nullptr)}, {"prescience", b.prescience ? json(name_of(*b.prescience)) : json(nullptr)},
          {"prescience_attempt", b.prescience_attempt}, {"prescience_answered", b.prescience_answered},
          {"prescience_stopped", b.prescience_stopped}, {"nexus_answered", seat_set(b.nexus_answered)},
          {"nexus_inspector", opt_seat(b.nexus_inspector)},
          {"nexus_element", b.nexus_element ? json(name_of(*b.nexus_element)) : json(nullptr)},
          {"nexus_sardaukar", b.nexus_sardaukar}, {"sardaukar_prevented", b.sardaukar_prevented},
          {"sardaukar_attempt", b.sardaukar_attempt}, {"cyborgs_prevented", b.cyborgs_prevented}, {"substitution_prevented", b.substitution_prevented}, {"plans_hooks_run", b.plans_hooks_run},
          {"traitor_answered", seat_set(b.traitor_answered)}, {"traitor_called", b.traitor_called},
          {"traitor_revealed", seat_set(b.traitor_revealed)},
          {"poison_tooth_side", b.poison_tooth_side ? json(*b.poison_tooth_side) : json(nullptr)},
          {"poison_tooth_cancelled", b.poison_tooth_cancelled},
          {"capture_from", opt_seat(b.capture_from)},
          {"capture_leader", b.capture_leader ? json(b.capture_leader->value) : json(nullptr)},
          {"winner", opt_seat(b.winner)}, {"face_dancer_winner", opt_seat(b.face_dancer_winner)}, {"leader_territory", leader_territory},
          {"kwisatz_haderach_territory", b.kwisatz_haderach_territory ? json(name_of(*b.kwisatz_haderach_territory)) : json(nullptr)},
          {"atreides_battle_losses", b.atreides_battle_losses.value}, {"kwisatz_haderach_dead", b.kwisatz_haderach_dead}};
}

// NexusState (the Nexus card module, engine/nexus*.cpp): a card is stored as its faction's name.
json nexus_cards(const std::vector<NexusCardId>& v) {
  json out = json::array();
  for (NexusCardId c : v) out.push_back(name_of(c.faction));
  return out;
}

json nexus_json(const NexusState& n) {
  json held = json::array(), redraw = json::array(), receipts = json::array();
  for (std::size_t i = 0; i < kMaxSeats; ++i) {
    if (n.held[i]) held.push_back({{"seat", i}, {"card", name_of(n.held[i]->faction)}});
    if (n.redraw[i] != RedrawPolicy::KeepAny) redraw.push_back({{"seat", i}, {"policy", name_of(n.redraw[i])}});
  }
  for (const NexusReceipt& r : n.receipts) {
    receipts.push_back({{"id", r.id}, {"seat", r.seat.value}, {"card", name_of(r.card.faction)}, {"mode", name_of(r.mode)},
                        {"turn", r.turn}, {"phase", name_of(r.phase)}, {"event", r.event}, {"answers", r.answers},
                        {"delayed", r.delayed}, {"consumed", r.consumed}});
  }
  return {{"enabled", n.enabled},
          {"deck", {{"known_top", nexus_cards(n.deck.known_top)}, {"unseen", nexus_cards(n.deck.unseen)}}},
          {"discard", nexus_cards(n.discard)}, {"held", held}, {"redraw", redraw},
          {"opportunity_open", n.opportunity_open}, {"eligible", seat_set(n.eligible)},
          {"answered", seat_set(n.answered)}, {"drawing", opt_seat(n.drawing)}, {"redraws_left", n.redraws_left},
          {"receipts", receipts}, {"attempts", n.attempts},
          {"window", n.window ? json(name_of(*n.window)) : json(nullptr)}, {"window_answered", seat_set(n.window_answered)},
          {"window_attempt", n.window_attempt},
          {"traitor_exchange", n.traitor_exchange ? json{{"seat", n.traitor_exchange->seat.value}, {"draws", n.traitor_exchange->draws},
                                                         {"returns", n.traitor_exchange->returns}}
                                                  : json(nullptr)}};
}

json sighting_json(const Sighting& s) {
  return {{"seat", s.seat.value}, {"turn", s.turn}, {"phase", name_of(s.phase)}, {"kind", name_of(s.kind)},
          {"id", s.id}, {"what", s.what}};
}

json envelope_json(const Envelope& e) {
  return {{"id", e.id.value}, {"seat", e.seat.value}, {"expected_version", e.expected_version},
          {"command", command_to_json(e.command)}};
}

}  // namespace

json committed_to_json(const Committed& c) {
  const Receipt& r = c.receipt;
  return {{"envelope", envelope_json(c.envelope)},
          {"receipt", {{"id", r.id.value}, {"seat", r.seat.value}, {"version", r.version}, {"summary", r.summary}}}};
}

json log_entry_to_json(const LogEntry& entry) {
  if (const auto* e = std::get_if<Envelope>(&entry)) return {{"envelope", envelope_json(*e)}};
  const auto& c = std::get<ChanceRecord>(entry);
  json out = chance_json(c.request);
  out["outcome"] = c.outcome;
  return {{"chance", out}};
}

// Karama standing orders, the cancellations so far and a pending retake (engine/karama.cpp); the
// Advanced faction Karama powers used and a Harkonnen hand exchange under way (schema 4); the Bene Gesserit retake without
// worthless Karamas (schema 5).
json karama_json(const KaramaState& k) {
  json armed = json::array(), cancels = json::array();
  for (std::size_t i = 0; i < kMaxSeats; ++i) {
    if (k.armed[i]) armed.push_back({{"seat", i}, {"ability", name_of(*k.armed[i])}});
  }
  for (const KaramaCancel& c : k.cancels) {
    cancels.push_back({{"by", c.by.value}, {"against", c.against.value}, {"ability", name_of(c.ability)}, {"turn", c.turn}});
  }
  json powers = json::array();
  for (const KaramaPowerUse& u : k.powers) {
    powers.push_back({{"by", u.by.value}, {"power", name_of(u.power)}, {"turn", u.turn}, {"target", opt_seat(u.target)}});
  }
  json exchange = nullptr;
  if (k.exchange) exchange = {{"harkonnen", k.exchange->harkonnen.value}, {"target", k.exchange->target.value}, {"owed", k.exchange->owed}};
  return {{"armed", armed}, {"cancels", cancels}, {"retakes_at_full_price", opt_seat(k.retakes_at_full_price)},
          {"retakes_without_worthless", opt_seat(k.retakes_without_worthless)}, {"powers", powers}, {"exchange", exchange}};
}

json state_to_json(const GameState& s) {
  json seats = json::array(), alliances = json::array(), sightings = json::array(), answers = json::array(),
       winners = json::array(), committed = json::array(), log = json::array();
  for (const SeatState& seat : s.seats) seats.push_back(seat_json(seat));
  for (const Alliance& a : s.alliances) alliances.push_back({name_of(a.a), name_of(a.b)});
  for (const Sighting& x : s.knowledge.sightings) sightings.push_back(sighting_json(x));
  for (const TruthtranceAnswer& a : s.truthtrance_answers) {
    answers.push_back(json_io::truthtrance_answer_json(a));
  }
  for (Faction f : s.winners) winners.push_back(name_of(f));
  for (const Committed& c : s.committed) committed.push_back(committed_to_json(c));
  for (const LogEntry& e : s.log) log.push_back(log_entry_to_json(e));
  json out{{"options", options_to_json(s.options)}, {"turn", s.turn}, {"phase", name_of(s.phase)},
          {"step", name_of(s.step)}, {"chance", s.chance ? chance_json(*s.chance) : json(nullptr)},
          {"seats", seats}, {"leaders", leaders_json(s.leaders)},
          {"prediction", s.prediction ? json{{"faction", name_of(s.prediction->faction)}, {"turn", s.prediction->turn}}
                                      : json(nullptr)},
          {"board", board_json(s.board)}, {"storm", storm_json(s.storm)}, {"blow", blow_json(s.blow)},
          {"charity", {{"answered", seat_set(s.charity.answered)}}},
          {"amal", {{"starting", s.amal.starting ? json(name_of(*s.amal.starting)) : json(nullptr)}, {"passed", seat_set(s.amal.passed)}}},
          {"tech", tech_json(s.tech)},
          {"decision_point", {{"answered", seat_set(s.decision_point.answered)}, {"face_dancer_replaced", s.decision_point.face_dancer_replaced}}},
          {"treachery", {{"deck", pile(s.treachery.deck)}, {"discard", ids(s.treachery.discard)}, {"set_aside", ids(s.treachery.set_aside)}, {"draft", ids(s.treachery.draft)}}},
          {"traitor_deck", pile(s.traitor_deck)}, {"alliances", alliances}, {"bidding", bidding_json(s.bidding)},
          {"revival", {{"done", seat_set(s.revival.done)}, {"karama_special", s.revival.karama_special.value},
                       {"nexus_special", seat_counts_json(s.revival.nexus_special)},
                       {"nexus_returns", seat_counts_json(s.revival.nexus_returns)}, {"nexus_leader", seat_set(s.revival.nexus_leader)},
                       {"early_offers", early_offers_json(s.revival.early_offers)}}}, {"movement", movement_json(s.movement)},
          {"battle", battle_json(s.battle)}, {"nexus", nexus_json(s.nexus)}, {"knowledge", {{"sightings", sightings}}}, {"bank", s.bank.value},
          {"truthtrance_answers", answers}, {"winners", winners}, {"halted", s.halted}, {"version", s.version},
          {"committed", committed}, {"log", log}, {"karama", karama_json(s.karama)}};
  return out;
}

}  // namespace dune

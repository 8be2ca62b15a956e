// Projections and their JSON (engine/projection.h), and the JSON form of commands
// (engine/json_forms.h), which views list as legal commands and logs and scenarios carry.
//
// Field by field (model/state.h): PUBLIC — board forces, advisor stance, spice per cell, storm
// sector and known movement, shield wall, hand/traitor counts, bribes, reserves, Tanks, alliances,
// ally permissions, proposals, leaders, phase/step/turn/version, pending, chance request, deck
// sizes, discards, bidding progress, phase progress, Truthtrance answers, winners, halted.
// PRIVATE to one seat — spice, hand, traitors and offer, the Bene Gesserit prediction, the Fremen
// storm card, its own storm dial, its sightings and legal commands. HIDDEN from all — deck order
// and known tops, unseen remainders, the lots' identities (except to a seat that saw one), the
// command log and committed table (they carry secret commands and chance outcomes), the bank.
#include "engine/mutants.h"
#include "engine/projection.h"

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/json_forms.h"
#include "engine/json_io.h"
#include "model/nexus_registry.h"
#include "model/tokens.h"

namespace dune {

using json = nlohmann::json;
using json_io::In;
using json_io::name_of;
using json_io::flip_window_json;
using json_io::invoice_json;

namespace {

std::vector<Seat> seats_where(const GameState& s, const std::array<bool, kMaxSeats>& flags) {
  std::vector<Seat> out;
  for (Seat seat : all_seats(s)) if (flags[seat.value]) out.push_back(seat);
  return out;
}

std::vector<std::pair<Seat, EarlyRevivalOffer>> early_offers(const GameState& s) {
  std::vector<std::pair<Seat, EarlyRevivalOffer>> out;
  for (Seat seat : all_seats(s)) {
    if (const auto& o = s.revival.early_offers[seat.value]) out.emplace_back(seat, *o);
  }
  return out;
}

std::vector<std::uint8_t> nexus_returns(const GameState& s) {
  std::vector<std::uint8_t> out;
  for (Seat seat : all_seats(s)) out.push_back(static_cast<std::uint8_t>(s.revival.nexus_returns[seat.value].value));
  return out;
}

BoardView board_view(const GameState& s) {
  BoardView v{s.storm.sector, s.board.shield_wall_destroyed, {}, s.board.hms_host, s.board.hms_path};
  for (std::size_t c = 0; c < kCellCount; ++c) {
    CellView cell{cell_at(c), {}, s.board.spice[c]};
    for (Faction f : kAllFactions) {
      const ForceCount n = s.board.normal[c][index(f)], sp = s.board.special[c][index(f)];
      if (n.value == 0 && sp.value == 0) continue;
      const bool advisors = f == Faction::BeneGesserit && s.board.advisors[index(cell_info(cell_at(c)).territory)];
      cell.forces.push_back(ForcesView{f, n, sp, advisors});
    }
    if (!cell.forces.empty() || cell.spice.value != 0) v.cells.push_back(std::move(cell));
  }
  return v;
}

SeatPublicView seat_public(const GameState& s, Seat seat) {
  const SeatState& x = s.seat(seat);
  return SeatPublicView{seat, s.faction_of(seat), x.hand.size(), x.traitors.size(), x.traitor_offer.size(),
                        x.in_front_of_shield, x.reserves_normal, x.reserves_special, x.tanks_normal,
                        x.tanks_special, x.ally, x.ally_spice_limit, x.protects_ally_from_worms,
                        x.grants_ally_free_revivals, x.revealed_dancers, x.revival_limit_raised};
}

StormView storm_view(const GameState& s) {
  StormView v{s.storm.sector, {s.storm.dialers.begin(), s.storm.dialers.end()}, {}, {}, s.storm.movement,
              seats_where(s, s.storm.window_done)};
  for (Seat seat : all_seats(s)) {
    const auto& dial = s.storm.dials[seat.value];
    if (!dial) continue;
    v.dialed.push_back(seat);
    if (s.storm.movement) v.dials.emplace_back(seat, *dial);  // dials are revealed together
  }
  return v;
}

BiddingView bidding_view(const GameState& s) {
  const BiddingState& b = s.bidding;
  const std::optional<bool> karama = mutant_active(Mutant::KaramaBidShown) ? std::optional<bool>{b.high_bid_karama} : std::nullopt;
  return BiddingView{b.lots_total, b.lot, b.lots.size(), b.high_bidder, b.high_bid, karama,
                     b.opener, b.to_act, seats_where(s, b.passed), b.purchase_window, b.technology_used, std::nullopt, std::nullopt};
}

// The card up for bid, if `seat` saw it as such during this Bidding phase (e.g. Atreides'
// prescience); a card seen only in the whole row does not tell its place (kRowSightingNote). A card
// the Ixians swapped in (kTechnologyNote) was given face down: from then on only the Ixians, and
// whoever sees it after (the Atreides' look), know it is up; an earlier sighting of it in a hand
// does not tell which of the Ixians' cards they gave.
std::optional<TreacheryCardId> seen_card_up_for_bid(const GameState& s, Seat seat) {
  if (s.bidding.lots.empty() || s.phase != Phase::Bidding) return std::nullopt;
  const TreacheryCardId up = s.bidding.lots.front();
  bool seen = false;
  for (const Sighting& x : s.knowledge.sightings) {
    if (x.kind != SeenKind::TreacheryCard || x.id != up.value || x.turn != s.turn || x.phase != Phase::Bidding) continue;
    if (x.what == kTechnologyNote) {
      seen = x.seat == seat;
    } else if (x.seat == seat && x.what != kRowSightingNote) {
      seen = true;
    }
  }
  if (seen) return up;
  return std::nullopt;
}

BattleView battle_view(const GameState& s) {
  const BattleState& b = s.battle;
  BattleView v;
  v.stage = b.stage;
  v.territory = b.territory;
  v.cells = b.cells;
  if (b.stage != BattleStage::None) v.combatants = {b.combatants.begin(), b.combatants.end()};
  for (std::size_t i = 0; i < 2; ++i) {
    v.plan_committed[i] = b.plans[i].has_value();
    v.wheel_committed[i] = b.wheels[i].has_value();
    if (b.revealed) {
      v.plans[i] = b.plans[i];
      v.wheels[i] = b.wheels[i];
    }
  }
  v.revealed = b.revealed;
  v.voice = b.voice;
  v.voice_side = b.voice_side;
  v.voice_attempt = b.voice_attempt;
  v.nexus_window = b.nexus_window;
  v.prescience = b.prescience;
  v.prescience_attempt = b.prescience_attempt;
  v.prescience_stopped = b.prescience_stopped;
  v.nexus_inspector = b.nexus_inspector;
  v.nexus_element = b.nexus_element;
  v.nexus_sardaukar = b.nexus_sardaukar;
  v.sardaukar_prevented = b.sardaukar_prevented;
  v.sardaukar_attempt = b.sardaukar_attempt;
  v.cyborgs_prevented = b.cyborgs_prevented;
  v.substitution_prevented = b.substitution_prevented;
  v.traitor_answered = seats_where(s, b.traitor_answered);
  v.traitor_called = b.traitor_called;
  v.traitor_revealed = seats_where(s, b.traitor_revealed);
  v.poison_tooth_side = b.poison_tooth_side;
  v.poison_tooth_cancelled = b.poison_tooth_cancelled;
  v.capture_from = b.capture_from;
  v.capture_leader = b.capture_leader;
  v.winner = b.winner;
  v.face_dancer_winner = b.face_dancer_winner;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (b.leader_territory[i]) v.leader_territory.emplace_back(leader_at(i), *b.leader_territory[i]);
  }
  v.kwisatz_haderach_territory = b.kwisatz_haderach_territory;
  v.atreides_battle_losses = b.atreides_battle_losses;
  v.kwisatz_haderach_dead = b.kwisatz_haderach_dead;
  return v;
}

NexusView nexus_view(const GameState& s) {
  const NexusState& n = s.nexus;
  NexusView v;
  v.enabled = n.enabled;
  if (!n.enabled) return v;
  v.deck = n.deck.size();
  v.discard = n.discard;
  for (Seat seat : all_seats(s)) {
    if (n.held[seat.value]) v.holders.push_back(seat);
  }
  v.opportunity_open = n.opportunity_open;
  v.eligible = seats_where(s, n.eligible);
  v.answered = seats_where(s, n.answered);
  v.receipts = n.receipts;
  v.attempts = n.attempts;
  v.window = n.window;
  v.window_answered = seats_where(s, n.window_answered);
  v.window_attempt = n.window_attempt;
  v.traitor_exchange = n.traitor_exchange;
  for (const NexusPanelInfo& p : kNexusPanels) {
    const PanelStatus st = panel_status(p);
    v.reference.push_back(NexusPanelView{p.card, p.mode, p.summary, st.kind, st.reason});
  }
  return v;
}

}  // namespace

PublicView project_public(const GameState& s) {
  PublicView v;
  v.options = s.options;
  v.turn = s.turn;
  v.phase = s.phase;
  v.step = s.step;
  v.version = s.version;
  v.chance = s.chance;
  v.pending = pending(s);
  for (Seat seat : all_seats(s)) v.seats.push_back(seat_public(s, seat));
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const LeaderState& l = s.leaders[i];
    if (l.where != LeaderLocation::NotInPlay) v.leaders.push_back({leader_at(i), l.where, l.holder, l.deaths, l.fought_this_phase, l.ghola});
  }
  v.board = board_view(s);
  v.storm = storm_view(s);
  v.blow = BlowView{s.blow.pile, s.blow.nexus_pending, s.blow.nexus_occurred, s.blow.worm_rides,
                    s.blow.worms_in_blow, seats_where(s, s.blow.nexus_done), s.blow.empty_worms, s.blow.cunning_ride,
                    s.blow.worm_waiting, seats_where(s, s.blow.worm_protected)};
  v.decks = DecksView{s.treachery.deck.size(), s.blow.deck.size(), s.traitor_deck.size(), s.treachery.discard,
                      {s.blow.discard[0], s.blow.discard[1]}, s.blow.set_aside, s.treachery.set_aside};
  if (mutant_active(Mutant::HandInPublicView) && !s.seats.front().hand.empty()) v.decks.treachery_discard.push_back(s.seats.front().hand.front());
  v.alliances = s.alliances;
  v.proposals = s.blow.proposals;
  v.bidding = bidding_view(s);
  v.progress = ProgressView{seats_where(s, s.charity.answered), seats_where(s, s.decision_point.answered),
                            s.decision_point.face_dancer_replaced, seats_where(s, s.revival.done), nexus_returns(s), seats_where(s, s.revival.nexus_leader), early_offers(s),
                            s.movement.turn_index, s.movement.spiritual_advisor_cell, s.movement.hajr_played,
                            s.movement.moves_made, s.movement.guild_waits, s.movement.guild_acting,
                            s.movement.guild_done, s.movement.flip_window, s.movement.invoice, s.movement.nexus_guild_rates,
                            s.movement.extra_shipment, s.amal.starting, seats_where(s, s.amal.passed)};
  v.battle = battle_view(s);
  v.nexus = nexus_view(s);
  v.truthtrance_answers = s.truthtrance_answers;
  v.karama_cancels = s.karama.cancels;
  v.karama_powers = s.karama.powers;
  v.karama_exchange = s.karama.exchange;
  v.tech = s.tech;
  v.winners = s.winners;
  v.halted = s.halted;
  return v;
}

SeatView project_seat(const GameState& s, Seat seat) {
  const SeatState& x = s.seat(seat);
  const Faction f = s.faction_of(seat);
  SeatView v{project_public(s), seat, f, x.spice, x.hand, x.traitors, x.traitor_offer, std::nullopt,
             std::nullopt, s.storm.dials[seat.value], std::nullopt, std::nullopt, {}, legal_commands(s, seat),
             s.nexus.held[seat.value].content, s.nexus.redraw[seat.value], s.karama.armed[seat.value]};
  v.table.bidding.card_up_for_bid = seen_card_up_for_bid(s, seat);
  if (s.faction_of(seat) == Faction::Ixians) v.table.bidding.technology_offer = s.bidding.technology_offer;
  if (s.bidding.high_bidder == seat) v.table.bidding.high_bid_karama = s.bidding.high_bid_karama;  // [LR] 3.01.11.04
  if (mutant_active(Mutant::DeckOrderLeaked) && !s.treachery.deck.unseen.empty()) v.table.bidding.card_up_for_bid = s.treachery.deck.unseen.front();
  if (mutant_active(Mutant::OtherTraitorInSeatView)) v.traitors = s.seat(Seat{static_cast<std::uint8_t>((seat.value + 1) % s.seat_count())}).traitors;
  if (f == Faction::BeneGesserit) v.prediction = s.prediction;
  if (f == Faction::Fremen) v.storm_card = s.storm.next_card;
  for (std::size_t i = 0; i < 2; ++i) {
    if (s.battle.stage != BattleStage::None && s.battle.combatants[i] == seat) {
      v.own_plan = s.battle.plans[i];
      v.own_wheel = s.battle.wheels[i];
    }
  }
  for (const Sighting& sighting : s.knowledge.sightings) {
    if (sighting.seat == seat) v.sightings.push_back(sighting);
  }
  return v;
}

// ---- view JSON ------------------------------------------------------------------------------
namespace {

json seats_json(const std::vector<Seat>& seats) {
  json out = json::array();
  for (Seat s : seats) out.push_back(s.value);
  return out;
}

json early_offers_json(const std::vector<std::pair<Seat, EarlyRevivalOffer>>& offers) {
  json out = json::array();
  for (const auto& [seat, o] : offers) {
    out.push_back({{"seat", seat.value}, {"leader", o.leader.value}, {"name", leader_info(o.leader).name}, {"price", o.price.value}});
  }
  return out;
}

json opt_seat(const std::optional<Seat>& s) { return s ? json(s->value) : json(nullptr); }
template <class Id>
json ids(const std::vector<Id>& v) {
  json out = json::array();
  for (const Id& id : v) out.push_back(id.value);
  return out;
}
json cell_json(CellId c) {
  const CellInfo& info = cell_info(c);
  return {{"cell", c.value}, {"territory", name_of(info.territory)},
          {"sector", info.sector ? json(info.sector->value) : json(nullptr)}};
}

json board_json(const BoardView& b) {
  json cells = json::array();
  for (const CellView& c : b.cells) {
    json forces = json::array();
    for (const ForcesView& f : c.forces) {
      forces.push_back({{"faction", name_of(f.faction)}, {"normal", f.normal.value}, {"special", f.special.value},
                        {"advisors", f.advisors}});
    }
    json cell = cell_json(c.cell);
    cell["forces"] = forces;
    cell["spice"] = c.spice.value;
    cells.push_back(cell);
  }
  json hms_path = json::array();
  for (CellId c : b.hms_path) hms_path.push_back(cell_json(c));
  return {{"storm_sector", b.storm_sector.value}, {"shield_wall_destroyed", b.shield_wall_destroyed}, {"cells", cells},
          {"hms_host", b.hms_host ? cell_json(*b.hms_host) : json(nullptr)}, {"hms_path", hms_path}};
}

json seat_public_json(const SeatPublicView& s) {
  return {{"seat", s.seat.value}, {"faction", name_of(s.faction)}, {"hand_size", s.hand_size},
          {"traitor_count", s.traitor_count}, {"traitor_offer_size", s.traitor_offer_size},
          {"in_front_of_shield", s.in_front_of_shield.value}, {"reserves_normal", s.reserves_normal.value},
          {"reserves_special", s.reserves_special.value}, {"tanks_normal", s.tanks_normal.value},
          {"tanks_special", s.tanks_special.value}, {"ally", s.ally ? json(name_of(*s.ally)) : json(nullptr)},
          {"ally_spice_limit", s.ally_spice_limit.value}, {"protects_ally_from_worms", s.protects_ally_from_worms},
          {"grants_ally_free_revivals", s.grants_ally_free_revivals}, {"revealed_dancers", ids(s.revealed_dancers)},
          {"revival_limit_raised", s.revival_limit_raised.value}};
}

json storm_json(const StormView& s) {
  json dials = json::array();
  for (const auto& [seat, amount] : s.dials) dials.push_back({{"seat", seat.value}, {"amount", amount}});
  return {{"sector", s.sector.value}, {"dialers", seats_json(s.dialers)}, {"dialed", seats_json(s.dialed)},
          {"dials", dials}, {"movement", s.movement ? json(*s.movement) : json(nullptr)},
          {"window_done", seats_json(s.window_done)}};
}

json bidding_json(const BiddingView& b) {
  json out{{"lots_total", b.lots_total}, {"lots_sold", b.lot}, {"lots_on_table", b.lots_on_table},
           {"high_bidder", opt_seat(b.high_bidder)}, {"high_bid", b.high_bid.value},
           {"high_bid_karama", b.high_bid_karama ? json(*b.high_bid_karama) : json(nullptr)}, {"opener", opt_seat(b.opener)}, {"to_act", opt_seat(b.to_act)},
           {"passed", seats_json(b.passed)}, {"purchase_window", b.purchase_window}, {"technology_used", b.technology_used}};
  if (b.card_up_for_bid) out["card_up_for_bid"] = b.card_up_for_bid->value;
  if (b.technology_offer) out["technology_offer"] = b.technology_offer->value;
  return out;
}

json decks_json(const DecksView& d) {
  return {{"treachery_deck_size", d.treachery_deck}, {"spice_deck_size", d.spice_deck},
          {"traitor_deck_size", d.traitor_deck}, {"treachery_discard", ids(d.treachery_discard)},
          {"spice_discard", {ids(d.spice_discard[0]), ids(d.spice_discard[1])}},
          {"spice_set_aside", ids(d.spice_set_aside)}, {"treachery_set_aside", ids(d.treachery_set_aside)}};
}

template <class T>
json opt_command(const std::optional<T>& c) { return c ? command_to_json(Command{*c}) : json(nullptr); }

json battle_json(const BattleView& b) {
  json cells = json::array(), leader_territory = json::array();
  for (CellId c : b.cells) cells.push_back(cell_json(c));
  for (const auto& [l, t] : b.leader_territory) leader_territory.push_back({{"leader", l.value}, {"territory", name_of(t)}});
  return {{"stage", name_of(b.stage)}, {"territory", b.stage == BattleStage::None ? json(nullptr) : json(name_of(b.territory))},
          {"cells", cells}, {"combatants", seats_json(b.combatants)}, {"plan_committed", b.plan_committed},
          {"wheel_committed", b.wheel_committed}, {"revealed", b.revealed},
          {"plans", {opt_command(b.plans[0]), opt_command(b.plans[1])}},
          {"wheels", {opt_command(b.wheels[0]), opt_command(b.wheels[1])}}, {"voice", opt_command(b.voice)},
          {"voice_side", b.voice_side ? json(*b.voice_side) : json(nullptr)}, {"voice_attempt", b.voice_attempt},
          {"nexus_window", b.nexus_window ? json(name_of(*b.nexus_window)) : json(nullptr)},
          {"prescience", b.prescience ? json(name_of(*b.prescience)) : json(nullptr)},
          {"prescience_attempt", b.prescience_attempt}, {"prescience_stopped", b.prescience_stopped},
          {"nexus_inspector", opt_seat(b.nexus_inspector)},
          {"nexus_element", b.nexus_element ? json(name_of(*b.nexus_element)) : json(nullptr)},
          {"nexus_sardaukar", b.nexus_sardaukar}, {"sardaukar_prevented", b.sardaukar_prevented},
          {"sardaukar_attempt", b.sardaukar_attempt}, {"cyborgs_prevented", b.cyborgs_prevented}, {"substitution_prevented", b.substitution_prevented},
          {"traitor_answered", seats_json(b.traitor_answered)}, {"traitor_called", b.traitor_called},
          {"traitor_revealed", seats_json(b.traitor_revealed)},
          {"poison_tooth_side", b.poison_tooth_side ? json(*b.poison_tooth_side) : json(nullptr)},
          {"poison_tooth_cancelled", b.poison_tooth_cancelled},
          {"capture_from", opt_seat(b.capture_from)},
          {"capture_leader", b.capture_leader ? json(b.capture_leader->value) : json(nullptr)},
          {"winner", opt_seat(b.winner)}, {"face_dancer_winner", opt_seat(b.face_dancer_winner)}, {"leader_territory", leader_territory},
          {"kwisatz_haderach_territory", b.kwisatz_haderach_territory ? json(name_of(*b.kwisatz_haderach_territory)) : json(nullptr)},
          {"atreides_battle_losses", b.atreides_battle_losses.value}, {"kwisatz_haderach_dead", b.kwisatz_haderach_dead}};
}

json nexus_json(const NexusView& n) {
  if (!n.enabled) return {{"enabled", false}};
  json discard = json::array(), receipts = json::array(), reference = json::array();
  for (NexusCardId c : n.discard) discard.push_back(name_of(c.faction));
  for (const NexusReceipt& r : n.receipts) {
    receipts.push_back({{"id", r.id}, {"seat", r.seat.value}, {"card", name_of(r.card.faction)}, {"mode", name_of(r.mode)},
                        {"turn", r.turn}, {"phase", name_of(r.phase)}, {"event", r.event}, {"answers", r.answers},
                        {"delayed", r.delayed}, {"consumed", r.consumed}});
  }
  for (const NexusPanelView& p : n.reference) {
    reference.push_back({{"card", name_of(p.card)}, {"mode", name_of(p.mode)}, {"summary", p.summary},
                         {"status", std::string(to_string(p.status))}, {"reason", p.reason}});
  }
  return {{"enabled", true}, {"deck_size", n.deck}, {"discard", discard}, {"holders", seats_json(n.holders)},
          {"opportunity_open", n.opportunity_open}, {"eligible", seats_json(n.eligible)},
          {"answered", seats_json(n.answered)}, {"receipts", receipts}, {"attempts", n.attempts},
          {"window", n.window ? json(name_of(*n.window)) : json(nullptr)}, {"window_answered", seats_json(n.window_answered)},
          {"window_attempt", n.window_attempt},
          {"traitor_exchange", n.traitor_exchange ? json{{"seat", n.traitor_exchange->seat.value}, {"draws", n.traitor_exchange->draws},
                                                         {"returns", n.traitor_exchange->returns}}
                                                  : json(nullptr)},
          {"reference", reference}};
}

// The tech tokens by kTechTokens order: each one's holder (null before the deal, or set aside)
// and whether its income is due this phase.
json tech_tokens_json(const TechTokenState& t) {
  json tokens = json::array();
  for (std::size_t i = 0; i < t.holder.size(); ++i) {
    tokens.push_back({{"token", kTechTokens[i].name}, {"holder", t.holder[i] ? json(t.holder[i]->value) : json(nullptr)},
                      {"income_due", t.income_due[i]}});
  }
  return {{"dealt", t.dealt}, {"tokens", tokens}};
}

}  // namespace

json view_to_json(const PublicView& v) {
  json leaders = json::array(), alliances = json::array(), proposals = json::array(), answers = json::array(),
       winners = json::array(), seats = json::array();
  for (const SeatPublicView& s : v.seats) seats.push_back(seat_public_json(s));
  for (const LeaderView& l : v.leaders) {
    leaders.push_back({{"leader", l.leader.value}, {"name", leader_info(l.leader).name}, {"where", name_of(l.where)},
                       {"holder", l.holder.value}, {"deaths", l.deaths}, {"fought_this_phase", l.fought_this_phase},
                       {"ghola", l.ghola}});
  }
  for (const Alliance& a : v.alliances) alliances.push_back({name_of(a.a), name_of(a.b)});
  for (const auto& [from, to] : v.proposals) proposals.push_back({{"proposer", name_of(from)}, {"invitee", name_of(to)}});
  for (const TruthtranceAnswer& a : v.truthtrance_answers) {
    answers.push_back(json_io::truthtrance_answer_json(a));
  }
  for (Faction f : v.winners) winners.push_back(name_of(f));
  json karama = json::array();
  for (const KaramaCancel& k : v.karama_cancels) {
    karama.push_back({{"by", k.by.value}, {"against", k.against.value}, {"ability", name_of(k.ability)}, {"turn", k.turn}});
  }
  json powers = json::array();
  for (const KaramaPowerUse& u : v.karama_powers) {
    powers.push_back({{"by", u.by.value}, {"power", name_of(u.power)}, {"turn", u.turn}, {"target", opt_seat(u.target)}});
  }
  json exchange = nullptr;
  if (v.karama_exchange) {
    exchange = {{"harkonnen", v.karama_exchange->harkonnen.value}, {"target", v.karama_exchange->target.value}, {"owed", v.karama_exchange->owed}};
  }
  json worm_rides = json::array();
  for (TerritoryId t : v.blow.worm_rides) worm_rides.push_back(name_of(t));
  json empty_worms = json::array();
  for (TerritoryId t : v.blow.empty_worms) empty_worms.push_back(name_of(t));
  json chance = nullptr;
  if (v.chance) chance = {{"kind", name_of(v.chance->kind)}, {"seat", v.chance->seat.value}, {"pile", v.chance->pile}};
  return {{"options", options_to_json(v.options)}, {"turn", v.turn}, {"phase", name_of(v.phase)},
          {"step", name_of(v.step)}, {"version", v.version}, {"chance", chance}, {"pending", seats_json(v.pending)},
          {"seats", seats}, {"leaders", leaders}, {"board", board_json(v.board)}, {"storm", storm_json(v.storm)},
          {"blow", {{"pile", v.blow.pile}, {"nexus_pending", v.blow.nexus_pending}, {"nexus_occurred", v.blow.nexus_occurred},
                    {"worm_rides", worm_rides},
                    {"worms_in_blow", v.blow.worms_in_blow}, {"nexus_done", seats_json(v.blow.nexus_done)},
                    {"empty_worms", empty_worms}, {"cunning_ride", v.blow.cunning_ride},
                    {"worm_waiting", v.blow.worm_waiting ? json(name_of(*v.blow.worm_waiting)) : json(nullptr)},
                    {"worm_protected", seats_json(v.blow.worm_protected)}}},
          {"decks", decks_json(v.decks)}, {"alliances", alliances}, {"proposals", proposals},
          {"bidding", bidding_json(v.bidding)}, {"battle", battle_json(v.battle)}, {"nexus", nexus_json(v.nexus)},
          {"progress", {{"hajr_played", v.progress.hajr_played}, {"moves_made", v.progress.moves_made},
                        {"guild_waits", v.progress.guild_waits}, {"guild_acting", v.progress.guild_acting},
                        {"guild_done", v.progress.guild_done},{"charity_answered", seats_json(v.progress.charity_answered)},
                        {"decision_point_answered", seats_json(v.progress.decision_point_answered)},
                        {"face_dancer_replaced", v.progress.face_dancer_replaced},
                        {"revival_done", seats_json(v.progress.revival_done)},
                        {"revival_nexus_returns", v.progress.revival_nexus_returns},
                        {"revival_leader_taken", seats_json(v.progress.revival_leader_taken)},
                        {"revival_early_offers", early_offers_json(v.progress.revival_early_offers)},
                        {"movement_turn_index", v.progress.movement_turn_index},
                        {"spiritual_advisor_cell", v.progress.spiritual_advisor_cell
                                                       ? cell_json(*v.progress.spiritual_advisor_cell) : json(nullptr)},
                        {"flip_window", flip_window_json(v.progress.flip_window)},
                        {"invoice", invoice_json(v.progress.invoice)},
                        {"nexus_guild_rates", v.progress.nexus_guild_rates ? json(v.progress.nexus_guild_rates->value) : json(nullptr)},
                        {"extra_shipment", v.progress.extra_shipment},
                        {"amal_window_for", v.progress.amal_window_for ? json(name_of(*v.progress.amal_window_for)) : json(nullptr)},
                        {"amal_passed", seats_json(v.progress.amal_passed)}}},
          {"truthtrance_answers", answers}, {"karama_cancels", karama}, {"karama_powers", powers}, {"karama_exchange", exchange},
          {"tech_tokens", tech_tokens_json(v.tech)}, {"winners", winners}, {"halted", v.halted}};
}

json view_to_json(const SeatView& v) {
  json sightings = json::array(), legal = json::array();
  for (const Sighting& s : v.sightings) {
    sightings.push_back({{"turn", s.turn}, {"phase", name_of(s.phase)}, {"kind", name_of(s.kind)}, {"id", s.id},
                         {"what", s.what}});
  }
  for (const Command& c : v.legal_commands) legal.push_back(command_to_json(c));
  json mine{{"seat", v.seat.value}, {"faction", name_of(v.faction)}, {"spice", v.spice.value},
            {"hand", ids(v.hand)}, {"traitors", ids(v.traitors)}, {"traitor_offer", ids(v.traitor_offer)},
            {"sightings", sightings}, {"legal_commands", legal}};
  json hand_names = json::array();
  for (TreacheryCardId c : v.hand) hand_names.push_back(card_type(c).name);
  mine["hand_names"] = hand_names;
  if (v.prediction) mine["prediction"] = {{"faction", name_of(v.prediction->faction)}, {"turn", v.prediction->turn}};
  if (v.storm_card) mine["storm_card"] = *v.storm_card;
  if (v.own_dial) mine["storm_dial"] = *v.own_dial;
  if (v.own_plan) mine["battle_plan"] = command_to_json(Command{*v.own_plan});
  if (v.own_wheel) mine["battle_wheel"] = command_to_json(Command{*v.own_wheel});
  if (v.nexus_card) mine["nexus_card"] = name_of(v.nexus_card->faction);
  if (v.table.nexus.enabled) mine["redraw_policy"] = name_of(v.redraw_policy);
  if (v.karama_order) mine["karama_order"] = name_of(*v.karama_order);
  return {{"table", view_to_json(v.table)}, {"you", mine}};
}

// ---- commands as JSON -----------------------------------------------------------------------
namespace {

template <class T> concept Counted = std::is_same_v<T, ForceCount> || std::is_same_v<T, Spice>;
template <class T> concept RawId = std::is_same_v<T, TraitorCardId> || std::is_same_v<T, TreacheryCardId> ||
                                   std::is_same_v<T, LeaderId> || std::is_same_v<T, Seat> || std::is_same_v<T, CellId>;
template <class T> struct IsOptional : std::false_type {};
template <class T> struct IsOptional<std::optional<T>> : std::true_type {};

template <class T>
json encode(const T& v) {
  if constexpr (IsOptional<T>::value) return v ? encode(*v) : json(nullptr);
  else if constexpr (Counted<T> || RawId<T>) return v.value;
  else if constexpr (std::is_same_v<T, NexusCardId>) return name_of(v.faction);
  else if constexpr (std::is_same_v<T, bool> || std::is_integral_v<T>) return v;
  else return name_of(v);  // Faction, TerritoryId and the command enums
}

template <class T>
void decode(const In& in, T& out) {
  if constexpr (IsOptional<T>::value) {
    if (in.j.is_null()) out.reset();
    else decode(in, out.emplace());
  } else if constexpr (Counted<T>) out = T{static_cast<std::int32_t>(in.integer(-1'000'000, 1'000'000))};
  else if constexpr (std::is_same_v<T, CellId>) out = in.cell();
  else if constexpr (std::is_same_v<T, Seat>) out = Seat{in.byte(kMaxSeats)};
  else if constexpr (std::is_same_v<T, TreacheryCardId>) out = T{in.byte(kTreacheryCardCount)};
  else if constexpr (std::is_same_v<T, TraitorCardId>) out = T{in.byte(kLeaderCount + 1)};
  else if constexpr (std::is_same_v<T, LeaderId>) out = T{in.byte(kLeaderCount)};
  else if constexpr (std::is_same_v<T, bool>) out = in.boolean();
  else if constexpr (std::is_same_v<T, std::uint8_t>) out = static_cast<std::uint8_t>(in.integer(0, 255));
  else if constexpr (std::is_same_v<T, NexusCardId>) out = NexusCardId{in.enumeration<Faction>()};
  else if constexpr (std::is_same_v<T, std::uint32_t>) out = static_cast<std::uint32_t>(in.integer(0, 1'000'000));
  else if constexpr (std::is_same_v<T, std::int32_t>) out = static_cast<std::int32_t>(in.integer(-1'000'000, 1'000'000));
  else if constexpr (std::is_same_v<T, TerritoryId>) out = in.territory();
  else out = in.enumeration<T>();
}

template <class T>
constexpr bool has_default = Counted<T> || std::is_same_v<T, bool> || IsOptional<T>::value;

// The kind named `kind`, read field by field from its descriptor (model/commands.h).
Command read_command(std::string_view kind, const In& in, bool lenient) {
  std::optional<Command> out;
  for_each_command_kind([&](auto type) {
    using C = typename decltype(type)::type;
    if (out || C::kInfo.kind != kind) return;
    C c{};
    std::vector<std::string_view> known{"kind"};
    for_each_field(c, [&](std::string_view name, auto&) { known.push_back(name); });
    in.only_keys(known);  // "command.dial: unknown key"
    for_each_field(c, [&](std::string_view name, auto& field) {
      using T = std::remove_cvref_t<decltype(field)>;
      if (in.has(name)) {
        decode(in[name], field);
      } else if (!lenient || !has_default<T>) {
        json_io::fail(in.path, fmt::format("{} needs field \"{}\"", kind, name));
      }
    });
    out = std::move(c);
  });
  if (!out) json_io::fail(in.path + ".kind", fmt::format("unknown command kind \"{}\"", kind));
  return *std::move(out);
}

}  // namespace

Command json_io::read_command(const In& in, bool lenient) { return dune::read_command(in["kind"].string(), in, lenient); }

json command_to_json(const Command& c) {
  json out{{"kind", command_info(c).kind}};
  std::visit([&](const auto& x) { for_each_field(x, [&](std::string_view name, const auto& v) { out[name] = encode(v); }); }, c);
  return out;
}

std::variant<Command, LoadError> command_from_json(const json& j, bool lenient) {
  try {
    return json_io::read_command(In{j, "command"}, lenient);
  } catch (const json_io::JsonFailure& e) {
    return LoadError{e.what()};
  }
}

}  // namespace dune

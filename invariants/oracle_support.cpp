// The rule oracles' shared support (oracle_support.h): the tallies, reading a transition, the
// frame of pieces a step may not move, spice flows and the board and card facts several oracles
// compare. Each is written from the rulebook and the board and card data, never from the engine's
// rule helpers.
#include "invariants/oracle_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "invariants/oracle_coverage.h"
#include "model/cards.h"
#include "model/command_steps.h"
#include "model/factions.h"
#include "model/nexus_families.h"

namespace dune::invariants::oracle_detail {

// Each case is counted in the table of the caller checking the step (oracle_coverage.h).
Violations decided(Oracle o, Violations v) {
  note_oracle_case(o, true);
  return v;
}
Violations skipped(Oracle o) {
  note_oracle_case(o, false);
  return {};
}

Violation violation(Oracle o, std::string message) { return Violation{std::string(kNames[o]), std::move(message)}; }

// ---- reading a transition -------------------------------------------------------------------

const Envelope* envelope_of(const Transition& t) { return std::get_if<Envelope>(&t.entry); }

bool single_step(const Transition& t) { return t.after.log.size() == t.before.log.size() + 1; }

bool single_mover(const Transition& t) {
  std::size_t movers = 0;
  for (std::size_t i = t.before.log.size(); i < t.after.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&t.after.log[i]);
    if (!r || r->request.kind != ChanceKind::CardInspect) ++movers;
  }
  return movers <= 1 && t.after.log.size() > t.before.log.size();
}

bool owns_step(const Transition& t) {
  const std::size_t from = t.before.log.size(), to = t.after.log.size();
  if (to <= from) return false;
  for (std::size_t i = from; i < to; ++i) {
    if (std::holds_alternative<Envelope>(t.after.log[i])) return t.entry == t.after.log[i];
  }
  return t.entry == t.after.log[from];
}

std::vector<const LogEntry*> other_entries(const Transition& t) {
  std::vector<const LogEntry*> out;
  for (std::size_t i = t.before.log.size(); i < t.after.log.size(); ++i) {
    if (!(t.after.log[i] == t.entry)) out.push_back(&t.after.log[i]);
  }
  return out;
}

bool others_only_draws(const Transition& t, std::initializer_list<ChanceKind> kinds) {
  for (const LogEntry* e : other_entries(t)) {
    const auto* r = std::get_if<ChanceRecord>(e);
    if (!r || std::find(kinds.begin(), kinds.end(), r->request.kind) == kinds.end()) return false;
  }
  return true;
}

std::size_t entry_position(const Transition& t) {
  for (std::size_t i = t.before.log.size(); i < t.after.log.size(); ++i) {
    if (t.after.log[i] == t.entry) return i;
  }
  return t.after.log.size();
}

void expect_pieces(Oracle o, const GameState& want, const GameState& got, std::string_view what, Violations& out) {
  const auto fault = [&](std::string_view moved) { out.push_back(violation(o, fmt::format("{} moved {}", what, moved))); };
  if (got.board.normal != want.board.normal || got.board.special != want.board.special) fault("forces on the board");
  // A stance means something only where a Bene Gesserit token stands (a flag left where none is
  // left is not a piece: engine/storm.cpp clears such flags when it next looks).
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    const bool w = want.board.advisors[i] && territory_forces(want, Faction::BeneGesserit, ter) > 0;
    const bool g = got.board.advisors[i] && territory_forces(got, Faction::BeneGesserit, ter) > 0;
    if (w != g) {
      fault(fmt::format("a Bene Gesserit stance in {}", to_string(ter)));
      break;
    }
  }
  if (got.board.spice != want.board.spice || got.bank != want.bank) fault("spice on the board or in the bank");
  if (got.leaders != want.leaders) fault("a leader");
  if (got.treachery.discard != want.treachery.discard) fault("a Treachery card to or from the discard");
  for (std::size_t i = 0; i < want.seat_count(); ++i) {
    const SeatState& w = want.seats[i];
    const SeatState& g = got.seats[i];
    const std::string who(to_string(want.options.factions[i]));
    if (g.spice != w.spice || g.in_front_of_shield != w.in_front_of_shield) fault(who + "'s spice");
    if (g.hand != w.hand) fault(who + "'s hand");
    if (g.reserves_normal != w.reserves_normal || g.reserves_special != w.reserves_special || g.tanks_normal != w.tanks_normal ||
        g.tanks_special != w.tanks_special) {
      fault(who + "'s reserves or Tanks");
    }
  }
}

void basic_bene_gesserit_start(const Transition& t, GameState& want) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto bg = b.seat_of(Faction::BeneGesserit);
  if (!bg || b.options.rules.bene_gesserit_advisors || territory_forces(b, Faction::BeneGesserit, TerritoryId::PolarSink) > 0) return;
  // The placement closes when the Fremen have placed their 10 ([LR] 2.04.02), or without them
  // when every traitor is kept and the Tleilaxu, if seated, hold their 3 Face Dancers.
  int fremen = 0;
  for (std::size_t c = 0; c < kCellCount; ++c) fremen += cell_forces(a, c, Faction::Fremen);
  const auto tleilaxu = a.seat_of(Faction::Tleilaxu);
  const bool closes =
      b.seat_of(Faction::Fremen)
          ? b.step == Step::SetupFremenPlacement && fremen >= 10
          : b.step == Step::SetupTraitorSelection &&
                std::all_of(a.seats.begin(), a.seats.end(), [](const SeatState& x) { return x.traitor_offer.empty(); }) &&
                (!tleilaxu || a.seat(*tleilaxu).traitors.size() == 3);
  if (!closes) return;
  want.board.normal[index(kPolarSinkCell)][index(Faction::BeneGesserit)] += ForceCount{1};
  want.seat(*bg).reserves_normal -= ForceCount{1};
}

std::vector<Sighting> new_sightings(const Transition& t) {
  const auto& a = t.after.knowledge.sightings;
  const std::size_t from = std::min(a.size(), t.before.knowledge.sightings.size());
  return {a.begin() + static_cast<std::ptrdiff_t>(from), a.end()};
}

std::array<std::uint8_t, 4> plan_ids(const PlanBattle& p, const DialBattle& w) {
  const auto card = [](const std::optional<TreacheryCardId>& c) -> std::uint8_t {
    return c && card_type(*c).classification != TreacheryClass::BattleSlotNonWeapon ? c->value : 255;
  };
  const std::uint8_t head = p.cheap_hero ? p.cheap_hero->value : p.leader ? p.leader->value : 255;
  return {head, card(p.weapon), card(p.defense), static_cast<std::uint8_t>(w.dial_halves)};
}

std::string name_of(const GameState& s, Seat seat) { return std::string(to_string(s.faction_of(seat))); }

std::optional<Seat> ally_seat(const GameState& s, Seat seat) {
  const Faction f = s.faction_of(seat);
  for (const Alliance& a : s.alliances) {
    if (a.a == f) return s.seat_of(a.b);
    if (a.b == f) return s.seat_of(a.a);
  }
  return std::nullopt;
}

int ally_grant(const GameState& s, Seat seat) {
  const auto ally = ally_seat(s, seat);
  return ally ? std::min(s.seat(*ally).ally_spice_limit.value, s.seat(*ally).spice.value) : 0;
}

bool in_tanks(const GameState& s, LeaderId l) {
  const LeaderLocation w = s.leaders[l.value].where;
  return w == LeaderLocation::Tanks || w == LeaderLocation::TanksFaceDown;
}

bool face_down_waits(const GameState& s, Faction f, LeaderId l) {
  if (s.leaders[l.value].where != LeaderLocation::TanksFaceDown) return false;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (leader_owner(s, leader_at(i)) == f && s.leaders[i].where == LeaderLocation::Tanks) return true;
  }
  return false;
}

// The seat's own leaders that are active: alive behind its own shield ([LR] 1.05.03).
int active_leaders(const GameState& s, Seat seat) {
  int n = 0;
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    n += leader_owner(s, leader_at(l)) == s.faction_of(seat) && s.leaders[l].where == LeaderLocation::Available && s.leaders[l].holder == seat;
  }
  return n;
}

bool all_leaders_died(const GameState& s, Faction f) {
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    if (leader_owner(s, leader_at(l)) == f && s.leaders[l].where != LeaderLocation::NotInPlay && s.leaders[l].deaths == 0) return false;
  }
  return true;
}

std::string leader_roster_rule(const GameState& s, Seat seat, LeaderId l) {
  const Faction f = s.faction_of(seat);
  if (active_leaders(s, seat) > 0 && !all_leaders_died(s, f)) return "a leader only when none is active or all have died ([LR] 1.05.03)";
  return face_down_waits(s, f, l) ? "a face-down leader waits for the face-up ones ([LR] 1.05.04)" : "";
}

std::span<const KaramaCancel> added_cancels(const GameState& before, const GameState& after) {
  const auto& all = after.karama.cancels;
  return std::span<const KaramaCancel>(all).subspan(std::min(all.size(), before.karama.cancels.size()));
}

const EarlyRevivalOffer* early_offer_for(const GameState& s, Seat seat, LeaderId l) {
  const auto& o = s.revival.early_offers[seat.value];
  return o && o->leader == l ? &*o : nullptr;
}

void pay(const GameState& before, Flows& f, Seat payer, int amount, std::optional<Seat> payee) {
  const int own = std::min(amount, before.seat(payer).spice.value);
  f.seat[payer.value] -= own;
  if (amount > own) {
    if (const auto ally = ally_seat(before, payer)) f.seat[ally->value] -= amount - own;
  }
  if (payee) {
    f.seat[payee->value] += amount;
  } else {
    f.bank += amount;
  }
}

std::size_t storm_place(const GameState& s, Seat seat) {
  const auto distance = [&](std::size_t i) { return (3 * s.options.player_circles[i] - s.storm.sector.value + kSectorCount) % kSectorCount; };
  std::size_t place = 0;
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    if (distance(i) < distance(seat.value) || (distance(i) == distance(seat.value) && i < seat.value)) ++place;
  }
  return place;
}

std::string_view hms_shut(const GameState& s, Faction shipper, CellId to) {
  if (to.value < kMapCellCount) return "";
  if (!s.board.hms_host) return "the Hidden Mobile Stronghold is not on the board (E1)";
  return shipper == Faction::Ixians ? "" : "only the Ixians ship into their Hidden Mobile Stronghold (E1)";
}

Phase tech_phase(std::size_t token) {
  constexpr std::array<Phase, 3> kPhases{Phase::Revival, Phase::ShipmentAndMovement, Phase::ChoamCharity};
  return kPhases[token];
}

int tech_tokens_held(const GameState& s, Seat seat) {
  return static_cast<int>(std::count(s.tech.holder.begin(), s.tech.holder.end(), std::optional<Seat>(seat)));
}

bool tech_triggered(const Transition& t, std::size_t token) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Envelope* e = envelope_of(t);
  if (!e || !b.tech.holder[token] || b.phase != tech_phase(token) || b.step == Step::AmalWindow) return false;
  const Faction f = b.faction_of(e->seat);
  const SeatState& was = b.seat(e->seat);
  const SeatState& is = a.seat(e->seat);
  switch (token) {
    case 0: {  // Axlotl Tanks: forces of a faction other than the Tleilaxu revived with a free revival
      const auto* r = std::get_if<Revive>(&e->command);
      if (!r || f == Faction::Tleilaxu || (is.tanks_normal + is.tanks_special) >= (was.tanks_normal + was.tanks_special)) return false;
      const RevivalPrice p = revival_price(b, e->seat, *r);
      return p.free > 0 && p.own_forces > 0;
    }
    case 1:  // Heighliners: forces shipped from off-planet by a faction other than the Guild and the Fremen
      return std::holds_alternative<Ship>(e->command) && f != Faction::SpacingGuild && f != Faction::Fremen &&
             (is.reserves_normal + is.reserves_special) < (was.reserves_normal + was.reserves_special);
    default:  // Spice Production: a Charity claim by a faction other than the Bene Gesserit
      return std::holds_alternative<ClaimCharity>(e->command) && f != Faction::BeneGesserit;
  }
}

bool left_phase(const Transition& t) {
  return t.before.step != Step::AmalWindow && (t.after.phase != t.before.phase || t.after.step == Step::AmalWindow);
}

void add_tech_income(const Transition& t, Flows& f) {
  const GameState& b = t.before;
  if (!left_phase(t)) return;
  for (std::size_t k = 0; k < b.tech.holder.size(); ++k) {
    const auto holder = b.tech.holder[k];
    if (!holder || b.phase != tech_phase(k) || !(b.tech.income_due[k] || tech_triggered(t, k))) continue;
    const int amount = tech_tokens_held(b, *holder);
    f.seat[holder->value] += amount;
    f.bank -= amount;
  }
}

Violations compare_flows(Oracle o, const Transition& t, const Flows& given, std::string_view what) {
  // Every spice comparison expects the E1 tech token income the step pays as it ends a phase
  // (oracle.tech-tokens holds the marks it is paid from to the rules).
  Flows expected = given;
  add_tech_income(t, expected);
  Violations out;
  for (std::size_t i = 0; i < expected.seat.size(); ++i) {
    const Seat s{static_cast<std::uint8_t>(i)};
    const int got = t.after.seat(s).spice.value - t.before.seat(s).spice.value;
    if (got != expected.seat[i]) {
      out.push_back(violation(o, fmt::format("{}: {} spice changed by {}, the rules say {}", what,
                                             name_of(t.before, s), got, expected.seat[i])));
    }
  }
  const int bank = t.after.bank.value - t.before.bank.value;
  if (bank != expected.bank) {
    out.push_back(violation(o, fmt::format("{}: the bank changed by {}, the rules say {}", what, bank, expected.bank)));
  }
  return out;
}

int territory_forces(const GameState& s, Faction f, TerritoryId t) {
  int n = 0;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t) n += s.board.normal[c][index(f)].value + s.board.special[c][index(f)].value;
  }
  return n;
}

int territory_specials(const GameState& s, Faction f, TerritoryId t) {
  int n = 0;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t) n += s.board.special[c][index(f)].value;
  }
  return n;
}

int other_occupants(const GameState& s, Faction f, TerritoryId t) {
  int n = 0;
  for (Faction g : s.options.factions) {
    if (g == f || territory_forces(s, g, t) == 0) continue;
    if (g == Faction::BeneGesserit && s.board.advisors[index(t)]) continue;
    ++n;
  }
  return n;
}

int territory_spice(const GameState& s, TerritoryId t) {
  int n = 0;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t) n += s.board.spice[c].value;
  }
  return n;
}

int cell_forces(const GameState& s, std::size_t cell, Faction f) {
  return s.board.normal[cell][index(f)].value + s.board.special[cell][index(f)].value;
}

int tanks(const GameState& s, Seat seat) { return s.seat(seat).tanks_normal.value + s.seat(seat).tanks_special.value; }

bool holds(const SeatState& seat, TreacheryCardId c) { return std::find(seat.hand.begin(), seat.hand.end(), c) != seat.hand.end(); }

bool karama_usable(const GameState& s, Seat seat, TreacheryCardId c) {
  const TreacheryCardType& t = card_type(c);
  // [LR] 1.14.06, 2.02.22; not while retaking an action whose worthless Karama was cancelled (3.04).
  return t.name == "Karama" || (s.options.rules.advanced_karama && s.faction_of(seat) == Faction::BeneGesserit &&
                                t.classification == TreacheryClass::Worthless && s.karama.retakes_without_worthless != seat);
}

bool spends_worthless(const GameState& s, Seat seat) {
  const auto& hand = s.seat(seat).hand;
  return std::any_of(hand.begin(), hand.end(), [&](TreacheryCardId c) {
    return card_type(c).classification == TreacheryClass::Worthless && karama_usable(s, seat, c);
  });
}

bool holds_karama(const GameState& s, Seat seat) {
  const auto& hand = s.seat(seat).hand;
  return std::any_of(hand.begin(), hand.end(), [&](TreacheryCardId c) { return karama_usable(s, seat, c); });
}

std::size_t hand_limit(Faction f) { return static_cast<std::size_t>(faction_info(f).hand_limit); }

std::size_t lots_to_deal(const GameState& s) {
  std::size_t may_bid = 0;
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) may_bid += s.seat(Seat{i}).hand.size() < hand_limit(s.faction_of(Seat{i})) ? 1 : 0;
  const auto ixians = s.seat_of(Faction::Ixians);
  const bool extra = ixians && !ixian_selection_stopped(s, *ixians);
  return may_bid == 0 ? 0 : may_bid + (extra ? 1 : 0);
}

std::optional<TreacheryCardId> technology_named(const GameState& s) {
  std::optional<TreacheryCardId> out;
  bool done = false;
  this_turn(s, [&](const Envelope& e) {
    if (done) return;
    if (const auto* swap = std::get_if<SwapLot>(&e.command)) {
      out = swap->card;
      done = true;
    } else if (!std::holds_alternative<Pass>(e.command) && !std::holds_alternative<PlayNexus>(e.command) && is_decision(e)) {
      done = true;  // a bid, a purchase, a selection: the swap, if any, is behind it
    }
  });
  return out;
}

bool ixians_selection_betrayed(const GameState& s) {
  return std::any_of(s.nexus.receipts.begin(), s.nexus.receipts.end(), [&](const NexusReceipt& r) {
    return r.card.faction == Faction::Ixians && r.mode == NexusMode::Betrayal && r.turn == s.turn && r.phase == Phase::Bidding && r.delayed;
  });
}

bool ixian_selection_stopped(const GameState& s, Seat ixians) {
  return cancelled_this_turn(s, ixians, KaramaAbility::IxiansBiddingSelection) || ixians_selection_betrayed(s);
}

bool suboids_at_full_strength(const GameState& s) { return played_this_turn(s, Faction::Ixians, NexusMode::Cunning, std::nullopt); }

bool storm_sector(const GameState& s, std::size_t cell) { return kCells[cell].sector && *kCells[cell].sector == s.storm.sector; }

int storm_dial_sum(const GameState& before, Seat seat, int amount) {
  int sum = amount;
  for (std::size_t i = 0; i < before.seat_count(); ++i) {
    if (i != seat.value && before.storm.dials[i]) sum += *before.storm.dials[i];
  }
  return sum;
}

int counted_sardaukar(const GameState& s) { return s.battle.nexus_sardaukar; }

std::pair<int, int> forces_by_role(const GameState& s, Faction f, int normal, int special) {
  if (f != Faction::Emperor) return {normal, special};
  const int counted = std::min(normal, counted_sardaukar(s));
  return {normal - counted, special + counted};
}

bool cyborgs_plain(const GameState& s) { return s.battle.cyborgs_prevented; }

bool sardaukar_plain(const GameState& s, Faction f, Faction opponent) {
  return f == Faction::Emperor && (opponent == Faction::Fremen || s.battle.sardaukar_prevented);
}

bool cancelled_this_turn(const GameState& s, Seat seat, KaramaAbility ability) {
  return std::any_of(s.karama.cancels.begin(), s.karama.cancels.end(),
                     [&](const KaramaCancel& k) { return k.against == seat && k.ability == ability && k.turn == s.turn; });
}

std::vector<Seat> karama_ready(const GameState& s, Seat user, KaramaAbility a) {
  std::vector<Seat> out;
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
    const Seat seat{i};
    if (seat == user || s.karama.armed[i] != a || !holds_karama(s, seat)) continue;
    // An order the Bene Gesserit would play with a worthless card, which another seat's order
    // cancels ([LR] 2.02.22 ✷), is played only with a real Karama card (retaken without the
    // ability, 3.04): without one it does not cancel.
    if (a != KaramaAbility::BeneGesseritWorthlessKarama && spends_worthless(s, seat) &&
        !karama_ready(s, seat, KaramaAbility::BeneGesseritWorthlessKarama).empty()) {
      const auto& hand = s.seat(seat).hand;
      if (std::none_of(hand.begin(), hand.end(), [](TreacheryCardId c) { return card_type(c).name == "Karama"; })) continue;
    }
    out.push_back(seat);
  }
  return out;
}

RevivalPrice revival_price(const GameState& s, Seat seat, const Revive& r) {
  const FactionInfo& info = faction_info(s.faction_of(seat));
  const auto ally = ally_seat(s, seat);
  RevivalPrice p;
  p.free = info.free_revival.value;
  if (ally && s.faction_of(*ally) == Faction::Fremen && s.seat(*ally).grants_ally_free_revivals &&
      !cancelled_this_turn(s, seat, KaramaAbility::FremenAllyFreeRevival)) {
    p.free = std::max(p.free, 3);
  }
  const int extra_normal = std::min(r.ally_paid_extra.value, r.normal.value);
  const int extra_special = r.ally_paid_extra.value - extra_normal;
  const int own_normal = r.normal.value - extra_normal;
  const int own_special = r.special.value - extra_special;
  const int free_special = std::min(p.free, own_special);
  const int free_normal = std::min(p.free - free_special, own_normal);
  // The Tleilaxu's own half price is their table's 1 spice a force (fact sheet §5.2); in the retake
  // after a Karama cancelled it this turn, the printed 2 ([LR] 1.05.01.02; one source, [TO]
  // PurpleRevivalDiscount; 3.04), and a leader at its full strength below.
  const bool tleilaxu = s.faction_of(seat) == Faction::Tleilaxu;
  const bool own_half = tleilaxu && !cancelled_this_turn(s, seat, KaramaAbility::TleilaxuRevivalDiscount);
  const int per_normal = tleilaxu && !own_half ? 2 : info.force_revival_cost.value;
  p.own = per_normal * (own_normal - free_normal) + info.special_force_revival_cost.value * (own_special - free_special);
  p.tleilaxu_half = own_half && p.own > 0;
  // The Tleilaxu's ally: its forces at half price, rounded up (fact sheet §5.2); its leader not.
  // Not in the retake after a Karama cancelled that discount this turn (one source, [TO]; 3.04).
  if (ally && s.faction_of(*ally) == Faction::Tleilaxu && p.own > 0 && !cancelled_this_turn(s, seat, KaramaAbility::TleilaxuAllyRevivalDiscount)) {
    p.own = (p.own + 1) / 2;
    p.tleilaxu_half = true;
  }
  // A leader costs its strength ([LR] 1.05.03.02); the Tleilaxu pay half for theirs, rounded up
  // (fact sheet §5.2, [TO] and [DB]).
  // A leader revived on the Tleilaxu's offer costs the price offered (docs/rules/tleilaxu.md §4.4;
  // [TO] GetPriceOfHeroRevival).
  if (const EarlyRevivalOffer* offer = r.leader ? early_offer_for(s, seat, *r.leader) : nullptr) {
    p.own += offer->price.value;
  } else if (r.leader) {
    const int strength = leader_info(*r.leader).strength;
    p.own += own_half ? (strength + 1) / 2 : strength;
    p.tleilaxu_half = p.tleilaxu_half || (own_half && strength > 0);
  }
  if (r.kwisatz_haderach) p.own += 2;
  p.extra = info.force_revival_cost.value * extra_normal + info.special_force_revival_cost.value * extra_special;
  p.own_forces = own_normal + own_special;
  return p;
}

std::optional<int> force_revival_limit(const GameState& s, Seat seat) {
  const auto printed = faction_info(s.faction_of(seat)).revival_limit;
  if (!printed) return std::nullopt;
  const int raised = s.seat(seat).revival_limit_raised.value;
  return raised > 0 ? raised : printed->value;
}

std::string raise_limit_rule(const GameState& s, Seat seat, const RaiseRevivalLimit& c) {
  if (s.faction_of(seat) != Faction::Tleilaxu) return "only the Tleilaxu raise another faction's revival limit (fact sheet §5.2)";
  const auto target = s.seat_of(c.faction);
  if (!target || c.faction == Faction::Tleilaxu || faction_info(c.faction).revival_limit != ForceCount{3}) {
    return "the limit raised is another seated faction's printed limit of 3 (fact sheet §5.2; CHOAM has none)";
  }
  if (c.limit.value < 3 || c.limit.value > 5) return "a revival limit is raised to at most 5 (fact sheet §5.2), and 3 restores it";
  return force_revival_limit(s, *target) == c.limit.value ? "the limit is already that" : "";
}

bool revival_prevented(const GameState& s, Seat seat) {
  return std::any_of(s.karama.powers.begin(), s.karama.powers.end(), [&](const KaramaPowerUse& u) {
    return u.power == KaramaPower::TleilaxuRevivalPrevention && u.turn == s.turn && u.target == seat;
  });
}

bool played_this_turn(const GameState& s, Faction card, NexusMode mode, std::optional<Phase> phase) {
  return std::any_of(s.nexus.receipts.begin(), s.nexus.receipts.end(), [&](const NexusReceipt& r) {
    return r.card.faction == card && r.mode == mode && r.turn == s.turn && (!phase || r.phase == *phase);
  });
}

namespace {

// The seat retakes a shipment whose half price a Karama cancelled ([LR] 3.04: without the ability):
// a cancel this turn, and its last decision a shipment that left it in its Shipment step. A later
// shipment the same turn (the Spacing Guild Cunning's second one) is another use of the ability.
// Read from the public record of cancels, not the engine's retake flag (issue 17 item 4).
bool retaking_at_full_price(const GameState& s, Seat seat) {
  if (s.step != Step::Shipment || !cancelled_this_turn(s, seat, KaramaAbility::HalfPriceShipping)) return false;
  const Envelope* last = last_command(s, is_decision);
  return last && last->seat == seat &&
         (std::holds_alternative<Ship>(last->command) || std::holds_alternative<CrossShip>(last->command) ||
          std::holds_alternative<ShipToReserves>(last->command));
}

// Whether `seat`'s last decision of this Shipment step was its Secret Ally play of `card`, or was
// a shipment a Karama cancelled right after that play: the retake still ships under the card
// ([LR] 3.04 takes away the Guild's ability, not the card's effect).
bool shipment_follows_secret_ally(const GameState& s, Seat seat, Faction card) {
  if (s.step != Step::Shipment) return false;
  std::size_t skip = retaking_at_full_price(s, seat) ? 1 : 0;
  const Envelope* play = last_command(s, [&](const Envelope& e) { return is_decision(e) && skip-- == 0; });
  const auto* p = play && play->seat == seat ? std::get_if<PlayNexus>(&play->command) : nullptr;
  return p && p->card.faction == card && p->mode == NexusMode::SecretAlly;
}

}  // namespace

int retakes(const GameState& s, Seat seat, std::initializer_list<KaramaAbility> abilities) {
  int n = 0;
  for (const KaramaCancel& k : s.karama.cancels) {
    n += k.against == seat && k.turn == s.turn && std::find(abilities.begin(), abilities.end(), k.ability) != abilities.end();
  }
  return n;
}

std::vector<std::pair<Seat, TreacheryCardId>> cards_spent_on_cancels(const Transition& t) {
  std::vector<std::pair<Seat, TreacheryCardId>> out;
  for (const KaramaCancel& c : added_cancels(t.before, t.after)) {
    if (c.by.value >= t.before.seat_count()) continue;
    const auto& had = t.before.seat(c.by).hand;
    const auto& still = t.after.seat(c.by).hand;
    const auto spent = std::find_if(had.begin(), had.end(), [&](TreacheryCardId x) {
      const TreacheryCardType& type = card_type(x);
      const bool karama = type.name == "Karama" || (t.before.faction_of(c.by) == Faction::BeneGesserit && type.classification == TreacheryClass::Worthless);
      const bool taken = std::none_of(out.begin(), out.end(), [&](const auto& o) { return o.second == x; });
      return karama && taken && std::find(still.begin(), still.end(), x) == still.end();
    });
    if (spent != had.end()) out.emplace_back(c.by, *spent);
  }
  return out;
}

bool nexus_guild_rates(const GameState& s, Seat seat) { return shipment_follows_secret_ally(s, seat, Faction::SpacingGuild); }

bool nexus_richese_shipment(const GameState& s, Seat seat) { return shipment_follows_secret_ally(s, seat, Faction::Richese); }

bool lot_waits_for_ixian_play(const GameState& after, Seat buyer) {
  return after.nexus.enabled && family_registered(Faction::Ixians) && !after.seat_of(Faction::Ixians) &&
         after.nexus.held[buyer.value].has_value();
}

bool ixian_play_at(const History<LogEntry>& log, std::size_t i, Seat seat) {
  const auto* e = i < log.size() ? std::get_if<Envelope>(&log[i]) : nullptr;
  const auto* p = e && e->seat == seat ? std::get_if<PlayNexus>(&e->command) : nullptr;
  return p && p->card.faction == Faction::Ixians && p->mode == NexusMode::SecretAlly;
}

bool lot_replacement_at(const History<LogEntry>& log, std::size_t i, Seat seat) {
  const auto* e = i < log.size() ? std::get_if<Envelope>(&log[i]) : nullptr;
  return ixian_play_at(log, i, seat) || (e && e->seat == seat && std::holds_alternative<ReplaceBoughtCard>(e->command));
}

std::vector<std::string> lot_replacement_faults(const Transition& t, Seat seat) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::string who = name_of(b, seat);
  std::vector<std::string> out;
  const TreacheryCardId lot = b.bidding.lots.front();
  // A draw of the step that found the deck empty formed it again from the discard, the bought card
  // with it: the replacement itself, or the Harkonnen's free card after it (the lot is never in the
  // deck before: only a reshuffle of the discard puts it there in this step).
  const bool reshuffled = !in_pile(b.treachery.deck, lot) && in_pile(a.treachery.deck, lot);
  const bool discarded = contains(a.treachery.discard, lot) || reshuffled;
  bool held = contains(a.bidding.lots, lot);
  for (const SeatState& x : a.seats) held = held || contains(x.hand, lot);
  if (!discarded || held) out.push_back(fmt::format("the card {} just bought did not go to the Treachery discard", who));
  std::size_t dealt = 0;
  for (std::size_t i = b.log.size(); i < a.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&a.log[i]);
    dealt += r && r->request.kind == ChanceKind::TreacheryDeal && r->request.seat == seat ? 1 : 0;
  }
  const bool pending = a.chance && a.chance->kind == ChanceKind::TreacheryDeal && a.chance->seat == seat;
  if (!pending && dealt == 0) out.push_back(fmt::format("{} took no Treachery deck card for the one it discarded", who));
  if (a.seat(seat).hand.size() != b.seat(seat).hand.size() + dealt) {
    out.push_back(fmt::format("{}'s hand went from {} to {} cards with {} dealt: the bought card is discarded, not kept", who,
                              b.seat(seat).hand.size(), a.seat(seat).hand.size(), dealt));
  }
  return out;
}

bool lot_replacement_deal(const Transition& t, std::size_t at, Seat seat) {
  const auto& log = t.after.log;
  if (at > 0 && lot_replacement_at(log, at - 1, seat)) return true;
  for (std::size_t i = t.before.log.size(); i < at; ++i) {
    const auto* r = std::get_if<ChanceRecord>(&log[i]);
    if (r && r->request.kind == ChanceKind::TreacheryDeal) return false;
  }
  for (std::size_t i = at + 1; i < log.size(); ++i) {
    if (std::holds_alternative<Envelope>(log[i])) return lot_replacement_at(log, i, seat);
  }
  return false;
}

bool guild_rates(const GameState& s, Seat seat) {
  const Faction f = s.faction_of(seat);
  if (f == Faction::SpacingGuild || nexus_guild_rates(s, seat)) return true;
  const auto ally = ally_seat(s, seat);
  return ally && s.faction_of(*ally) == Faction::SpacingGuild;
}

// Half price by the Guild's ability, unless a Karama cancelled it this turn and the seat retakes
// its shipment at full price ([LR] 3.04).
bool half_price(const GameState& s, Seat seat) { return guild_rates(s, seat) && !retaking_at_full_price(s, seat); }

int ship_cost(const GameState& s, Seat seat, CellId to, ForceCount forces, bool karama) {
  if (nexus_richese_shipment(s, seat)) forces = std::min(forces, ForceCount{1});  // "priced as one" (seed 000)
  const int full = (is_stronghold(cell_info(to).territory) ? 1 : 2) * forces.value;
  return karama || half_price(s, seat) ? (full + 1) / 2 : full;
}

}  // namespace dune::invariants::oracle_detail

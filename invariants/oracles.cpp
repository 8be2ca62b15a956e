// Rule oracles: one Checker per rule, each an independent postcondition from the rulebook
// (fact sheet /work/shared/rules/gf9-dune-facts.md, [LR] citations) and the engine's documented
// choices (README rules-status table). They read the board and card data of model/, never the
// engine's rule helpers, so a rule applied wrongly but consistently shows up here.
#include "invariants/oracles.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <optional>
#include <variant>
#include <vector>

#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

// ---- tallies: decided and skipped cases per oracle ------------------------------------------

enum Oracle : std::size_t {
  kBid, kShipment, kRevival, kCharity, kCollection, kStorm, kWorm,
  kBattleWinner, kBattleLosses, kLeaderFate, kLeaderPrize, kTraitor, kExplosion, kVictory, kOracleCount
};

constexpr std::array<std::string_view, kOracleCount> kNames{
    "oracle.bid-payment",   "oracle.shipment-payment", "oracle.revival-payment", "oracle.charity",
    "oracle.collection",    "oracle.storm-damage",     "oracle.worm",            "oracle.battle-winner",
    "oracle.battle-losses", "oracle.leader-fate",      "oracle.leader-prize",    "oracle.traitor-call",
    "oracle.explosion",     "oracle.victory"};

std::array<std::atomic<std::uint64_t>, kOracleCount> g_decided{};
std::array<std::atomic<std::uint64_t>, kOracleCount> g_skipped{};

Violations decided(Oracle o, Violations v = {}) {
  g_decided[o].fetch_add(1, std::memory_order_relaxed);
  return v;
}
Violations skipped(Oracle o) {
  g_skipped[o].fetch_add(1, std::memory_order_relaxed);
  return {};
}

Violation violation(Oracle o, std::string message) { return Violation{std::string(kNames[o]), std::move(message)}; }

// ---- reading a transition -------------------------------------------------------------------

// The command of the step, when it is one (nullptr for a chance step).
const Envelope* envelope_of(const Transition& t) { return std::get_if<Envelope>(&t.entry); }

template <class C>
const C* command_of(const Transition& t) {
  const Envelope* e = envelope_of(t);
  return e ? std::get_if<C>(&e->command) : nullptr;
}

// One log entry led from before to after: nothing else (a forced chance outcome) mixed in.
bool single_step(const Transition& t) { return t.after.log.size() == t.before.log.size() + 1; }

std::string name_of(const GameState& s, Seat seat) { return std::string(to_string(s.faction_of(seat))); }

std::optional<Seat> ally_seat(const GameState& s, Seat seat) {
  const Faction f = s.faction_of(seat);
  for (const Alliance& a : s.alliances) {
    if (a.a == f) return s.seat_of(a.b);
    if (a.b == f) return s.seat_of(a.a);
  }
  return std::nullopt;
}

// Expected spice movements of one step: per seat, and the bank.
struct Flows {
  std::vector<int> seat;
  int bank = 0;
  explicit Flows(const GameState& s) : seat(s.seat_count(), 0) {}
};

// A payment of `amount` by `payer`: its own spice first, then what its ally lets it spend
// ([LR] 1.10.02.06; the engine's stated order), to `payee` (nullopt: the bank).
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

// Compares the observed spice changes of the step with the expected flows.
Violations compare_flows(Oracle o, const Transition& t, const Flows& expected, std::string_view what) {
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

// ---- bidding: the winning bid goes to the Emperor, else the bank ([LR] 1.04, 2.03) --------------

std::optional<Seat> emperor_payee(const GameState& s, Seat buyer) {
  const auto emperor = s.seat_of(Faction::Emperor);
  return emperor && *emperor != buyer ? emperor : std::nullopt;
}

bool holds(const SeatState& seat, TreacheryCardId c) { return std::find(seat.hand.begin(), seat.hand.end(), c) != seat.hand.end(); }

// The sale of this step: the buyer, the price, and whether a Karama card pays for it. A bid can
// sell at once when no other seat is eligible.
struct Sale {
  Seat buyer;
  int price = 0;
  bool karama = false;
};

std::optional<Sale> sale_of(const Transition& t) {
  const GameState& b = t.before;
  const Envelope* e = envelope_of(t);
  if (!e || b.step != Step::Bidding || b.bidding.lots.empty()) return std::nullopt;
  std::optional<Sale> sale;
  if (std::holds_alternative<KaramaTakeCard>(e->command)) {
    sale = Sale{e->seat, 0, true};
  } else if (const auto* bid = std::get_if<Bid>(&e->command)) {
    sale = Sale{e->seat, bid->amount.value, bid->karama};
  } else if (b.bidding.high_bidder) {
    sale = Sale{*b.bidding.high_bidder, b.bidding.high_bid.value, b.bidding.high_bid_karama};
  }
  const TreacheryCardId lot = b.bidding.lots.front();
  if (!sale || holds(b.seat(sale->buyer), lot) || !holds(t.after.seat(sale->buyer), lot)) return std::nullopt;
  return sale;
}

Violations bid_payment(const Transition& t, const GameContext&) {
  const auto sale = sale_of(t);
  if (!sale) return {};
  if (!single_step(t)) return skipped(kBid);
  const GameState& b = t.before;
  Flows expected(b);
  // A Karama card buys the lot without spice (fact sheet §4.1 (c)), and so does a winning Karama
  // bid (the engine's [TO] WinWithKarma choice).
  if (!sale->karama) pay(b, expected, sale->buyer, sale->price, emperor_payee(b, sale->buyer));
  return decided(kBid, compare_flows(kBid, t, expected, fmt::format("{} bought a card for {}{}", name_of(b, sale->buyer),
                                                                    sale->price, sale->karama ? " with Karama" : "")));
}

// ---- shipment: 1 per force into a stronghold, 2 elsewhere; half for the Guild and its ally; ----
// ---- paid to the Guild unless the Guild ships; Fremen send reserves free ([LR] 1.06.03, 2.06) --

bool guild_rates(const GameState& s, Seat seat) {
  const Faction f = s.faction_of(seat);
  if (f == Faction::SpacingGuild) return true;
  const auto ally = ally_seat(s, seat);
  return ally && s.faction_of(*ally) == Faction::SpacingGuild;
}

std::optional<Seat> guild_payee(const GameState& s, Seat shipper, bool karama) {
  const auto guild = s.seat_of(Faction::SpacingGuild);
  return !karama && guild && *guild != shipper ? guild : std::nullopt;
}

int ship_cost(const GameState& s, Seat seat, CellId to, ForceCount forces, bool karama) {
  const int full = (is_stronghold(cell_info(to).territory) ? 1 : 2) * forces.value;
  return karama || guild_rates(s, seat) ? (full + 1) / 2 : full;
}

Violations shipment_payment(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const Envelope* e = envelope_of(t);
  if (!e) return {};
  Flows expected(b);
  std::string what;
  if (const auto* ship = std::get_if<Ship>(&e->command)) {
    const bool fremen_free = b.faction_of(e->seat) == Faction::Fremen && !ship->karama;  // [LR] 2.04.03
    const int cost = fremen_free ? 0 : ship_cost(b, e->seat, ship->to, ship->normal + ship->special, ship->karama);
    pay(b, expected, e->seat, cost, guild_payee(b, e->seat, ship->karama));
    what = fmt::format("{} shipped {} forces for {}", name_of(b, e->seat), (ship->normal + ship->special).value, cost);
  } else if (const auto* cross = std::get_if<CrossShip>(&e->command)) {
    const int cost = ship_cost(b, e->seat, cross->to, cross->normal + cross->special, false);
    pay(b, expected, e->seat, cost, guild_payee(b, e->seat, false));
    what = fmt::format("{} cross-shipped for {}", name_of(b, e->seat), cost);
  } else if (const auto* back = std::get_if<ShipToReserves>(&e->command)) {
    const int cost = ((back->normal + back->special).value + 1) / 2;  // [LR] 2.06.07, rounded up
    pay(b, expected, e->seat, cost, std::nullopt);
    what = fmt::format("{} shipped back to reserves for {}", name_of(b, e->seat), cost);
  } else {
    return {};
  }
  if (!single_step(t)) return skipped(kShipment);
  return decided(kShipment, compare_flows(kShipment, t, expected, what));
}

// ---- revival: free revivals first, then the printed price, to the bank; a leader costs its ----
// ---- strength; the Emperor pays his ally's extra revivals ([LR] 1.05, 2.03) ----------------------

Violations revival_payment(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const auto* r = command_of<Revive>(t);
  if (!r) return {};
  if (!single_step(t)) return skipped(kRevival);
  const Seat seat = envelope_of(t)->seat;
  const FactionInfo& info = faction_info(b.faction_of(seat));
  const auto ally = ally_seat(b, seat);
  int free = info.free_revival.value;
  if (ally && b.faction_of(*ally) == Faction::Fremen) free = std::max(free, 3);  // fact sheet §5.1
  // The Emperor's extras are the last forces revived, normal ones first (the engine's choice).
  const int extra_normal = std::min(r->ally_paid_extra.value, r->normal.value);
  const int extra_special = r->ally_paid_extra.value - extra_normal;
  const int own_normal = r->normal.value - extra_normal;
  const int own_special = r->special.value - extra_special;
  const int free_special = std::min(free, own_special);  // the dearer ones first
  const int free_normal = std::min(free - free_special, own_normal);
  int own = info.force_revival_cost.value * (own_normal - free_normal) +
            info.special_force_revival_cost.value * (own_special - free_special);
  if (r->leader) own += leader_info(*r->leader).strength;  // [LR] 1.05.03.02
  Flows expected(b);
  pay(b, expected, seat, own, std::nullopt);
  const int extra = info.force_revival_cost.value * extra_normal + info.special_force_revival_cost.value * extra_special;
  if (extra > 0) {
    const auto emperor = b.seat_of(Faction::Emperor);
    if (!emperor) return skipped(kRevival);
    expected.seat[emperor->value] -= extra;
    expected.bank += extra;
  }
  return decided(kRevival, compare_flows(kRevival, t, expected,
                                         fmt::format("{} revived {} forces{}", name_of(b, seat),
                                                     (r->normal + r->special).value, r->leader ? " and a leader" : "")));
}

// ---- CHOAM Charity: a seat with 0 or 1 spice is brought up to 2 from the bank; the Bene ----------
// ---- Gesserit always receive 2 ([LR] 1.03.01, 2.02.09) ------------------------------------------

Violations charity(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const Envelope* e = envelope_of(t);
  if (!e || b.step != Step::Charity) return {};
  if (!single_step(t)) return skipped(kCharity);
  Flows expected(b);
  if (std::holds_alternative<ClaimCharity>(e->command)) {
    const int held = b.seat(e->seat).spice.value;
    const int gain = b.faction_of(e->seat) == Faction::BeneGesserit ? 2 : std::max(0, 2 - held);
    expected.seat[e->seat.value] += gain;
    expected.bank -= gain;
  }
  return decided(kCharity, compare_flows(kCharity, t, expected, fmt::format("{} answered CHOAM Charity", name_of(b, e->seat))));
}

// ---- Spice Collection: 2 per force, 3 for a faction occupying Arrakeen or Carthag, until the ----
// ---- territory's spice runs out ([LR] 1.08) -------------------------------------------------------

bool occupies(const GameState& s, Faction f, TerritoryId t) {
  if (f == Faction::BeneGesserit && s.board.advisors[index(t)]) return false;  // [LR] 2.02.12
  return territory_forces(s, f, t) > 0;
}

// Collection ran inside this step: it started before it (Shipment and Movement or Battle) and
// ended in the Mentat Pause, the next turn or the end of the game.
bool collection_happened(const GameState& b, const GameState& a) {
  if (b.phase != Phase::ShipmentAndMovement && b.phase != Phase::Battle) return false;
  return a.turn > b.turn || a.phase == Phase::SpiceCollection || a.phase == Phase::MentatPause || a.step == Step::GameOver;
}

Violations collection(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!collection_happened(b, a)) return {};
  // The storm of the next turn may already have moved (storm deck): the board is not the one
  // collected from.
  if (!single_step(t) || a.storm.sector != b.storm.sector || !a.halted.empty()) return skipped(kCollection);
  Violations out;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    const int before_spice = territory_spice(b, ter);
    if (before_spice == 0) continue;
    if (b.phase == Phase::Battle && b.battle.stage != BattleStage::None && ter == b.battle.territory) continue;  // explosions
    int demand = 0;
    for (Faction f : a.options.factions) {
      if (!occupies(a, f, ter)) continue;
      const bool city = occupies(a, f, TerritoryId::Arrakeen) || occupies(a, f, TerritoryId::Carthag);
      demand += (city ? 3 : 2) * territory_forces(a, f, ter);
    }
    const int expected = std::max(0, before_spice - demand);
    if (territory_spice(a, ter) != expected) {
      out.push_back(violation(kCollection, fmt::format("{}: {} spice, occupants due {}, so {} should remain, not {}",
                                                       to_string(ter), before_spice, demand, expected, territory_spice(a, ter))));
    }
  }
  return decided(kCollection, std::move(out));
}

// ---- storm damage: every sector the storm enters loses its spice and its unprotected forces ----
// ---- (the engine's "enters" reading, fact sheet §3.3); Advanced Fremen lose half, rounded up -----
// ---- ([LR] 1.01.03, 2.04.16); rock, strongholds, Imperial Basin and the Polar Sink protect -------

bool protected_from_storm(const GameState& s, TerritoryId t) {
  if (s.board.shield_wall_destroyed &&
      std::find(kShieldWallProtected.begin(), kShieldWallProtected.end(), t) != kShieldWallProtected.end()) {
    return false;  // Family Atomics (§2.1)
  }
  return territory_info(t).storm_protected;
}

std::array<bool, kSectorCount> entered_sectors(Sector from, int movement) {
  std::array<bool, kSectorCount> out{};
  for (int k = 1; k <= std::min(movement, static_cast<int>(kSectorCount)); ++k) out[(from.value + k) % kSectorCount] = true;
  return out;
}

Violations storm_cell(const Transition& t, std::size_t cell, bool entered, std::array<int, kMaxSeats>& lost) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  const TerritoryId ter = kCells[cell].territory;
  const bool damaged = entered && !protected_from_storm(b, ter);
  for (std::size_t s = 0; s < b.seat_count(); ++s) {
    const Faction f = b.options.factions[s];
    const int had = cell_forces(b, cell, f);
    int expected = had;
    if (damaged) expected = f == Faction::Fremen && b.options.rules.fremen_storm_losses ? had - (had + 1) / 2 : 0;
    lost[s] += had - expected;
    if (cell_forces(a, cell, f) != expected) {
      out.push_back(violation(kStorm, fmt::format("{} ({}): {} had {} forces and should have {} after the storm, not {}",
                                                  to_string(ter), damaged ? "damaged" : entered ? "protected" : "not entered",
                                                  to_string(f), had, expected, cell_forces(a, cell, f))));
    }
  }
  const int spice_expected = entered ? 0 : b.board.spice[cell].value;
  if (a.board.spice[cell].value != spice_expected) {
    out.push_back(violation(kStorm, fmt::format("{}: {} spice after the storm, the rules say {}", to_string(ter),
                                                a.board.spice[cell].value, spice_expected)));
  }
  return out;
}

Violations storm_damage(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (b.phase != Phase::Storm || b.turn == 0 || a.storm.sector == b.storm.sector) return {};
  if (!single_step(t) || !a.storm.movement ||
      (b.storm.sector.value + *a.storm.movement) % kSectorCount != a.storm.sector.value) {
    return skipped(kStorm);
  }
  const auto entered = entered_sectors(b.storm.sector, *a.storm.movement);
  Violations out;
  std::array<int, kMaxSeats> lost{};
  for (std::size_t c = 0; c < kCellCount; ++c) {
    const bool in = kCells[c].sector && entered[kCells[c].sector->value];
    for (Violation& v : storm_cell(t, c, in, lost)) out.push_back(std::move(v));
  }
  for (std::size_t s = 0; s < b.seat_count(); ++s) {
    const Seat seat{static_cast<std::uint8_t>(s)};
    if (tanks(a, seat) - tanks(b, seat) != lost[s]) {
      out.push_back(violation(kStorm, fmt::format("{} lost {} forces to the storm but its Tanks gained {}",
                                                  name_of(b, seat), lost[s], tanks(a, seat) - tanks(b, seat))));
    }
  }
  return decided(kStorm, std::move(out));
}

// ---- Shai-Hulud: after turn 1 a worm devours every force and the spice of the territory of ----
// ---- the topmost territory card of its pile; the Fremen (and a protected ally) are immune ----------
// ---- ([LR] 1.02.05, 2.04.07, 2.04.10); Advanced Fremen place the later worms of a blow (2.04.15) --

std::optional<TerritoryId> topmost_territory(const std::vector<SpiceCardId>& pile) {
  for (auto it = pile.rbegin(); it != pile.rend(); ++it) {
    if (spice_card_info(*it).kind == SpiceCardKind::Territory) return spice_card_info(*it).territory;
  }
  return std::nullopt;
}

bool worm_immune(const GameState& s, Faction f) {
  if (f == Faction::Fremen) return true;
  const auto fremen = s.seat_of(Faction::Fremen);
  if (!fremen || !s.seat(*fremen).protects_ally_from_worms) return false;
  const auto ally = ally_seat(s, *fremen);
  return ally && s.faction_of(*ally) == f;
}

// Where the worm of this step devours: nullopt when the step is not a worm that devours now.
std::optional<std::optional<TerritoryId>> worm_target(const Transition& t) {
  const GameState& b = t.before;
  if (const auto* place = command_of<PlaceWorm>(t)) return std::optional<TerritoryId>(place->territory);
  if (b.step == Step::WormPlacement && command_of<Pass>(t)) return topmost_territory(b.blow.discard[b.blow.pile]);
  const auto* chance = std::get_if<ChanceRecord>(&t.entry);
  if (!chance || chance->request.kind != ChanceKind::SpiceDraw || b.turn <= 1) return std::nullopt;
  if (spice_card_info(SpiceCardId{chance->outcome}).kind != SpiceCardKind::ShaiHulud) return std::nullopt;
  const bool fremen_place = b.options.rules.fremen_worm_sending && b.seat_of(Faction::Fremen) && b.blow.worms_in_blow >= 1;
  if (fremen_place) return std::nullopt;  // the Fremen place it: decided at PlaceWorm
  return topmost_territory(b.blow.discard[chance->request.pile]);
}

Violations worm(const Transition& t, const GameContext&) {
  const auto target = worm_target(t);
  if (!target) return {};
  if (!single_step(t)) return skipped(kWorm);
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    const bool here = *target && kCells[c].territory == **target;
    for (Faction f : b.options.factions) {
      const int expected = here && !worm_immune(b, f) ? 0 : cell_forces(b, c, f);
      if (cell_forces(a, c, f) != expected) {
        out.push_back(violation(kWorm, fmt::format("{}: {} should have {} forces after the worm ({}), not {}",
                                                   to_string(kCells[c].territory), to_string(f), expected,
                                                   here ? "devoured here" : "elsewhere", cell_forces(a, c, f))));
      }
    }
    if (here && a.board.spice[c] != Spice{0}) {
      out.push_back(violation(kWorm, fmt::format("{}: the worm left {} spice", to_string(kCells[c].territory), a.board.spice[c].value)));
    }
  }
  return decided(kWorm, std::move(out));
}

// ---- battles ([LR] 1.07.05–07, fact sheet §4.1) ------------------------------------------------

struct Battle {
  std::array<PlanBattle, 2> plan;
  std::array<DialBattle, 2> wheel;
  std::array<Seat, 2> seat;
  std::array<Faction, 2> faction;
};

int committed_parts(const BattleState& b) {
  int n = 0;
  for (int i = 0; i < 2; ++i) n += (b.plans[static_cast<std::size_t>(i)] ? 1 : 0) + (b.wheels[static_cast<std::size_t>(i)] ? 1 : 0);
  return n;
}

// The battle of `before` was resolved by this step.
bool battle_resolved(const Transition& t) {
  const BattleState& b = t.before.battle;
  const BattleState& a = t.after.battle;
  if (t.before.phase != Phase::Battle || (b.stage != BattleStage::Plans && b.stage != BattleStage::Traitors)) return false;
  if (a.stage == BattleStage::Traitors && t.after.phase == Phase::Battle) return false;
  const bool same_battle = a.territory == b.territory && a.combatants == b.combatants;
  return !(t.after.phase == Phase::Battle && a.stage == BattleStage::Plans && same_battle && committed_parts(a) > committed_parts(b));
}

// The revealed plans: those committed before, plus the part this step committed.
std::optional<Battle> revealed_battle(const Transition& t) {
  const BattleState& bs = t.before.battle;
  Battle out;
  std::array<std::optional<PlanBattle>, 2> plans = bs.plans;
  std::array<std::optional<DialBattle>, 2> wheels = bs.wheels;
  if (const Envelope* e = envelope_of(t)) {
    for (std::size_t side = 0; side < 2; ++side) {
      if (e->seat != bs.combatants[side]) continue;
      if (const auto* p = std::get_if<PlanBattle>(&e->command)) plans[side] = *p;
      if (const auto* d = std::get_if<DialBattle>(&e->command)) wheels[side] = *d;
    }
  }
  for (std::size_t side = 0; side < 2; ++side) {
    if (!plans[side] || !wheels[side]) return std::nullopt;
    out.plan[side] = *plans[side];
    out.wheel[side] = *wheels[side];
    out.seat[side] = bs.combatants[side];
    out.faction[side] = t.before.faction_of(bs.combatants[side]);
  }
  return out;
}

TreacheryClass class_of(const std::optional<TreacheryCardId>& c) {
  return c ? card_type(*c).classification : TreacheryClass::Worthless;
}
bool is_lasgun(const std::optional<TreacheryCardId>& c) { return c && card_type(*c).name == "Lasgun"; }
bool is_shield(const std::optional<TreacheryCardId>& c) {
  const TreacheryClass k = class_of(c);
  return c && (k == TreacheryClass::DefenseProjectile || k == TreacheryClass::DefenseProjectileAndPoison);
}

// Fact sheet §4.1: a projectile weapon is stopped by a Shield, a poison weapon by a Snooper, the
// Poison Blade only by the Shield Snooper; nothing stops a Lasgun. nullopt: a weapon this oracle
// does not model (the expansion special weapons).
std::optional<bool> weapon_kills(const std::optional<TreacheryCardId>& weapon, const std::optional<TreacheryCardId>& defense) {
  const TreacheryClass d = class_of(defense);
  const bool shield = d == TreacheryClass::DefenseProjectile || d == TreacheryClass::DefenseProjectileAndPoison;
  const bool snooper = d == TreacheryClass::DefensePoison || d == TreacheryClass::DefenseProjectileAndPoison;
  switch (class_of(weapon)) {
    case TreacheryClass::WeaponProjectile: return !shield;
    case TreacheryClass::WeaponPoison: return !snooper;
    case TreacheryClass::WeaponProjectileAndPoison: return !(shield && snooper);
    case TreacheryClass::WeaponSpecial: return is_lasgun(weapon) ? std::optional<bool>(true) : std::nullopt;
    default: return false;
  }
}

bool has_leader(const PlanBattle& p) { return p.leader || p.cheap_hero; }

struct Outcome {
  int winner = 0;
  std::array<bool, 2> killed{};
  std::array<int, 2> total{};
};

// Strength = the dial + the leader's value unless a weapon the defense does not stop killed it
// (+2 for the Kwisatz Haderach); ties go to the aggressor ([LR] 1.07.06.01).
std::optional<Outcome> fight_outcome(const Battle& battle) {
  Outcome o;
  for (std::size_t side = 0; side < 2; ++side) {
    const PlanBattle& p = battle.plan[side];
    const auto kills = weapon_kills(battle.plan[1 - side].weapon, p.defense);
    if (!kills) return std::nullopt;
    o.killed[side] = has_leader(p) && *kills;
    const int leader = p.leader ? leader_info(*p.leader).strength : 0;
    const int halves = 2 * leader + (p.kwisatz_haderach ? 4 : 0);
    o.total[side] = battle.wheel[side].dial_halves + (o.killed[side] ? 0 : halves);
  }
  o.winner = o.total[0] >= o.total[1] ? 0 : 1;
  return o;
}

enum class Resolution { Fight, Traitor, DoubleTraitor, Explosion, Undecided };

Resolution resolution_of(const Transition& t, const Battle& battle, int& caller) {
  std::array<bool, 2> called = t.before.battle.traitor_called;
  if (const Envelope* e = envelope_of(t); e && std::holds_alternative<CallTraitor>(e->command)) {
    if (e->seat == battle.seat[0]) called[0] = true;
    else if (e->seat == battle.seat[1]) called[1] = true;
    else return Resolution::Undecided;  // a call by a third seat: not modelled here
  }
  if (called[0] && called[1]) return Resolution::DoubleTraitor;
  if (called[0] || called[1]) {
    caller = called[0] ? 0 : 1;
    return Resolution::Traitor;
  }
  const bool lasgun = is_lasgun(battle.plan[0].weapon) || is_lasgun(battle.plan[1].weapon);
  const bool shield = is_shield(battle.plan[0].defense) || is_shield(battle.plan[1].defense);
  return lasgun && shield ? Resolution::Explosion : Resolution::Fight;
}

// Forces of `f` in the cells of the battle of `t` (the state after may already hold the next battle).
int battle_forces(const Transition& t, const GameState& s, Faction f) {
  int n = 0;
  for (CellId c : t.before.battle.cells) n += cell_forces(s, index(c), f);
  return n;
}

bool in_tanks(const GameState& s, LeaderId l) {
  const LeaderLocation w = s.leaders[l.value].where;
  return w == LeaderLocation::Tanks || w == LeaderLocation::TanksFaceDown;
}

// What every battle oracle needs: the decided case, or the reason to skip.
struct BattleCase {
  Battle battle;
  Resolution resolution = Resolution::Undecided;
  int caller = 0;
  std::optional<Outcome> outcome;  // Fight only
};

std::optional<BattleCase> battle_case(const Transition& t) {
  if (!battle_resolved(t)) return std::nullopt;
  BattleCase c;
  const auto battle = revealed_battle(t);
  if (!battle || !single_step(t)) return BattleCase{};  // Undecided
  c.battle = *battle;
  c.resolution = resolution_of(t, c.battle, c.caller);
  if (c.resolution == Resolution::Fight) {
    c.outcome = fight_outcome(c.battle);
    if (!c.outcome) c.resolution = Resolution::Undecided;
  }
  return c;
}

bool cards_discarded(const GameState& a, const PlanBattle& p) {
  for (const auto& card : {p.cheap_hero, p.weapon, p.defense}) {
    if (card && std::find(a.treachery.discard.begin(), a.treachery.discard.end(), *card) == a.treachery.discard.end()) return false;
  }
  return true;
}

// Who won shows in the cards: the loser discards every card it played; the winner keeps its
// weapon and defense (the engine's stated choice) ([LR] 1.07.06.05–06).
Violations battle_winner(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  if (c->resolution != Resolution::Fight) return c->resolution == Resolution::Undecided ? skipped(kBattleWinner) : Violations{};
  const Battle& bt = c->battle;
  const int w = c->outcome->winner;
  const auto at = [](int side) { return static_cast<std::size_t>(side); };
  Violations out;
  if (!cards_discarded(t.after, bt.plan[at(1 - w)])) {
    out.push_back(violation(kBattleWinner, fmt::format("{} lost ({} to {} half points) but kept cards it played",
                                                       to_string(bt.faction[at(1 - w)]), c->outcome->total[at(1 - w)], c->outcome->total[at(w)])));
  }
  for (const auto& card : {bt.plan[at(w)].weapon, bt.plan[at(w)].defense}) {
    if (card && !holds(t.after.seat(bt.seat[at(w)]), *card)) {
      out.push_back(violation(kBattleWinner, fmt::format("{} won ({} to {} half points{}) but no longer holds its {}",
                                                         to_string(bt.faction[at(w)]), c->outcome->total[at(w)], c->outcome->total[at(1 - w)],
                                                         w == 0 ? ", ties to the aggressor" : "", card_type(*card).name)));
    }
  }
  return decided(kBattleWinner, std::move(out));
}

// The loser loses every force in the territory; the winner loses what it dialed (Basic: a force
// per point; Advanced force mixes are skipped) ([LR] 1.07.06.03–04).
Violations battle_losses(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  if (c->resolution != Resolution::Fight) return c->resolution == Resolution::Undecided ? skipped(kBattleLosses) : Violations{};
  const Battle& bt = c->battle;
  const auto w = static_cast<std::size_t>(c->outcome->winner);
  Violations out;
  const int loser_left = battle_forces(t, t.after, bt.faction[1 - w]);
  if (loser_left != 0) {
    out.push_back(violation(kBattleLosses, fmt::format("{} lost the battle in {} but keeps {} forces there",
                                                       to_string(bt.faction[1 - w]), to_string(t.before.battle.territory), loser_left)));
  }
  const RuleFlags& r = t.before.options.rules;
  if (r.advanced_combat || r.special_forces) return decided(kBattleLosses, std::move(out));
  const int had = battle_forces(t, t.before, bt.faction[w]);
  const int expected = had - std::min(had, bt.wheel[w].dial_halves / 2);
  if (battle_forces(t, t.after, bt.faction[w]) != expected) {
    out.push_back(violation(kBattleLosses, fmt::format("{} won with {} forces dialing {}: {} should remain, not {}",
                                                       to_string(bt.faction[w]), had, bt.wheel[w].dial_halves / 2, expected,
                                                       battle_forces(t, t.after, bt.faction[w]))));
  }
  return decided(kBattleLosses, std::move(out));
}

// Killed leaders go to the Tanks; a surviving leader does not ([LR] 1.07.06.02, 1.05).
Violations leader_fate(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  if (c->resolution == Resolution::Undecided || c->resolution == Resolution::DoubleTraitor) return skipped(kLeaderFate);
  Violations out;
  for (std::size_t side = 0; side < 2; ++side) {
    const auto& leader = c->battle.plan[side].leader;
    if (!leader) continue;
    bool dies = c->resolution == Resolution::Explosion;
    if (c->resolution == Resolution::Fight) dies = c->outcome->killed[side];
    if (c->resolution == Resolution::Traitor) dies = static_cast<int>(side) != c->caller;
    if (in_tanks(t.after, *leader) != dies) {
      out.push_back(violation(kLeaderFate, fmt::format("{} {} in the Tanks after the battle, the rules say it {}",
                                                       leader_info(*leader).name, in_tanks(t.after, *leader) ? "is" : "is not",
                                                       dies ? "died" : "survived")));
    }
  }
  return decided(kLeaderFate, std::move(out));
}

// The winner is paid the value of every leader killed in the battle ([LR] 1.07.06.02); a traitor
// caller is paid its traitor's value (1.07.06.07); spice support goes to the bank, and a traitor
// caller keeps its own (1.13.05). Checked while the Battle phase goes on (collection would mix in).
Violations leader_prize(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  const bool fight = c->resolution == Resolution::Fight;
  if (!fight && c->resolution != Resolution::Traitor) return c->resolution == Resolution::Explosion ? Violations{} : skipped(kLeaderPrize);
  if (t.after.phase != Phase::Battle) return skipped(kLeaderPrize);
  const Battle& bt = c->battle;
  Flows expected(t.before);
  int prize = 0;
  std::size_t winner = 0;
  if (fight) {
    winner = static_cast<std::size_t>(c->outcome->winner);
    for (std::size_t side = 0; side < 2; ++side) {
      if (c->outcome->killed[side] && bt.plan[side].leader) prize += leader_info(*bt.plan[side].leader).strength;
      pay(t.before, expected, bt.seat[side], bt.wheel[side].support.value, std::nullopt);
    }
  } else {
    winner = static_cast<std::size_t>(c->caller);
    const auto& traitor = bt.plan[1 - winner].leader;
    if (!traitor) return skipped(kLeaderPrize);
    prize = leader_info(*traitor).strength;
    pay(t.before, expected, bt.seat[1 - winner], bt.wheel[1 - winner].support.value, std::nullopt);
  }
  expected.seat[bt.seat[winner].value] += prize;
  expected.bank -= prize;
  return decided(kLeaderPrize, compare_flows(kLeaderPrize, t, expected,
                                             fmt::format("{} won a battle worth {} in leaders", to_string(bt.faction[winner]), prize)));
}

// A called traitor: its side loses every force there; the caller loses nothing ([LR] 1.07.06.07).
Violations traitor_call(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c || (c->resolution != Resolution::Traitor && c->resolution != Resolution::DoubleTraitor)) return {};
  const Battle& bt = c->battle;
  Violations out;
  for (std::size_t side = 0; side < 2; ++side) {
    const bool betrayed = c->resolution == Resolution::DoubleTraitor || static_cast<int>(side) != c->caller;
    const int had = battle_forces(t, t.before, bt.faction[side]);
    const int expected = betrayed ? 0 : had;
    if (battle_forces(t, t.after, bt.faction[side]) != expected) {
      out.push_back(violation(kTraitor, fmt::format("{} {}: {} forces should remain, not {}", to_string(bt.faction[side]),
                                                    betrayed ? "was betrayed" : "called the traitor", expected,
                                                    battle_forces(t, t.after, bt.faction[side]))));
    }
  }
  return decided(kTraitor, std::move(out));
}

// Lasgun and Shield: every force and the spice in the battle's cells are lost, both leaders die
// (fact sheet §4.1, [LR] 3.01).
Violations explosion(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c || c->resolution != Resolution::Explosion) return {};
  Violations out;
  for (Faction f : t.before.options.factions) {
    if (battle_forces(t, t.after, f) != 0) {
      out.push_back(violation(kExplosion, fmt::format("{} keeps {} forces in {} after a Lasgun/Shield explosion", to_string(f),
                                                      battle_forces(t, t.after, f), to_string(t.before.battle.territory))));
    }
  }
  for (CellId cell : t.before.battle.cells) {
    if (t.after.board.spice[index(cell)] != Spice{0}) {
      out.push_back(violation(kExplosion, fmt::format("spice left in {} after an explosion", to_string(t.before.battle.territory))));
    }
  }
  return decided(kExplosion, std::move(out));
}


// ---- victory: at the Mentat Pause a side controlling 3 strongholds alone, or 4 allied, wins -----
// ---- ([LR] 1.09.02); the Bene Gesserit prediction takes it over (2.02.03). The end-game rules ------
// ---- of the last turn (1.09.05) and ties between qualifying sides are skipped here --------------

std::vector<Faction> side_of(const GameState& s, Faction f) {
  std::vector<Faction> side{f};
  for (const Alliance& a : s.alliances) {
    if (a.a == f) side.push_back(a.b);
    if (a.b == f) side.push_back(a.a);
  }
  std::sort(side.begin(), side.end());
  return side;
}

// A stronghold is controlled when the side has forces there and nobody else does (advisors aside).
int strongholds_controlled(const GameState& s, const std::vector<Faction>& side) {
  int n = 0;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    if (!is_stronghold(ter)) continue;
    bool ours = false;
    bool theirs = false;
    for (Faction f : s.options.factions) {
      if (!occupies(s, f, ter)) continue;
      (std::find(side.begin(), side.end(), f) != side.end() ? ours : theirs) = true;
    }
    n += ours && !theirs ? 1 : 0;
  }
  return n;
}

std::vector<std::vector<Faction>> qualifying_sides(const GameState& s) {
  std::vector<std::vector<Faction>> out;
  for (Faction f : s.options.factions) {
    const auto side = side_of(s, f);
    if (strongholds_controlled(s, side) >= (side.size() == 1 ? 3 : 4) &&
        std::find(out.begin(), out.end(), side) == out.end()) {
      out.push_back(side);
    }
  }
  return out;
}

bool mentat_happened(const GameState& b, const GameState& a) {
  return (b.phase == Phase::ShipmentAndMovement || b.phase == Phase::Battle) &&
         (a.turn > b.turn || a.step == Step::GameOver || !a.halted.empty());
}

Violations victory(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!mentat_happened(b, a)) return {};
  if (!single_step(t) || a.storm.sector != b.storm.sector) return skipped(kVictory);
  const auto sides = qualifying_sides(a);
  const bool last_turn = b.turn >= b.options.turn_limit;
  if (sides.size() > 1 || (sides.empty() && last_turn)) return skipped(kVictory);
  if (sides.empty()) {
    if (a.winners.empty()) return decided(kVictory);
    return decided(kVictory, {violation(kVictory, fmt::format("{} won on turn {} without 3 strongholds alone or 4 allied",
                                                              to_string(a.winners.front()), b.turn))});
  }
  const bool predicted = b.prediction && b.prediction->turn == b.turn &&
                         std::find(sides[0].begin(), sides[0].end(), b.prediction->faction) != sides[0].end();
  const std::vector<Faction> expected = predicted ? std::vector<Faction>{Faction::BeneGesserit} : sides[0];
  if (a.winners == expected) return decided(kVictory);
  return decided(kVictory, {violation(kVictory, fmt::format("{} controls enough strongholds on turn {}, but the winners are [{}]",
                                                            to_string(sides[0].front()), b.turn, a.winners.size()))});
}

constexpr std::array<Checker, kOracleCount> kOracles{
    Checker{kNames[kBid], "oracle", "a sold lot is paid to the Emperor (not the buyer), else the bank; Karama buys free", bid_payment},
    Checker{kNames[kShipment], "oracle", "shipments: 1/2 per force, Guild rates, paid to the Guild or the bank, Fremen free", shipment_payment},
    Checker{kNames[kRevival], "oracle", "revivals: free ones first, printed price and leader value to the bank", revival_payment},
    Checker{kNames[kCharity], "oracle", "CHOAM Charity brings 0-1 spice up to 2 from the bank; Bene Gesserit get 2", charity},
    Checker{kNames[kCollection], "oracle", "collection takes 2 (3 for a city occupant) per force until the spice runs out", collection},
    Checker{kNames[kStorm], "oracle", "the storm kills unprotected forces and removes spice in the sectors it enters only", storm_damage},
    Checker{kNames[kWorm], "oracle", "a worm devours forces and spice of its territory, Fremen and a protected ally spared", worm},
    Checker{kNames[kBattleWinner], "oracle", "the battle winner from the revealed plans: loser discards, winner keeps its cards", battle_winner},
    Checker{kNames[kBattleLosses], "oracle", "the loser loses all its forces there, the winner what it dialed", battle_losses},
    Checker{kNames[kLeaderFate], "oracle", "killed and betrayed leaders go to the Tanks, survivors do not", leader_fate},
    Checker{kNames[kLeaderPrize], "oracle", "the winner is paid for killed leaders from the bank; support goes to the bank", leader_prize},
    Checker{kNames[kTraitor], "oracle", "a betrayed side loses every force there, the traitor's caller nothing", traitor_call},
    Checker{kNames[kExplosion], "oracle", "Lasgun/Shield: every force and the spice there are lost", explosion},
    Checker{kNames[kVictory], "oracle", "3 strongholds alone or 4 allied win at the Mentat Pause (prediction aside)", victory},
};

}  // namespace

std::span<const Checker> oracle_checkers() { return kOracles; }

std::vector<OracleTally> oracle_tallies() {
  std::vector<OracleTally> out;
  for (std::size_t i = 0; i < kOracleCount; ++i) {
    out.push_back(OracleTally{kNames[i], g_decided[i].load(std::memory_order_relaxed), g_skipped[i].load(std::memory_order_relaxed)});
  }
  return out;
}

void reset_oracle_tallies() {
  for (std::size_t i = 0; i < kOracleCount; ++i) {
    g_decided[i].store(0, std::memory_order_relaxed);
    g_skipped[i].store(0, std::memory_order_relaxed);
  }
}

}  // namespace dune::invariants

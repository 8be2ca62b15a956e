// Rule oracles: one Checker per rule, each an independent postcondition from the rulebook
// (fact sheet /work/shared/rules/gf9-dune-facts.md, [LR] citations) and the engine's documented
// choices (README rules-status table). They read the board and card data of model/, never the
// engine's rule helpers, so a rule applied wrongly but consistently shows up here.
#include "invariants/oracles.h"

#include "invariants/oracle_coverage.h"
#include "invariants/oracle_support.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/cards.h"
#include "model/factions.h"
#include "model/nexus_families.h"

namespace dune::invariants {

namespace {

using namespace oracle_detail;

// ---- bidding: the winning bid goes to the Emperor, else the bank ([LR] 1.04, 2.03) --------------

std::optional<Seat> emperor_payee(const GameState& s, Seat buyer) {
  const auto emperor = s.seat_of(Faction::Emperor);
  return emperor && *emperor != buyer ? emperor : std::nullopt;
}

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
  // An answer in a Nexus window on the bought lot is no sale: the lot was paid as it was bought.
  if (!sale || b.nexus.window) return std::nullopt;
  // A lot won with a spice bid by a seat holding a Nexus card, the Emperor absent, waits for the
  // Emperor card's Secret Ally first (seed 003): sold by the answer in that window, not now.
  const bool emperor_window = !b.bidding.purchase_window && !sale->karama && !std::holds_alternative<KaramaTakeCard>(e->command) &&
                              b.nexus.enabled && family_registered(Faction::Emperor) && !b.seat_of(Faction::Emperor) &&
                              b.nexus.held[sale->buyer.value].has_value();
  if (emperor_window) return std::nullopt;
  const TreacheryCardId lot = b.bidding.lots.front();
  // The lot is handed over, or waits in the row for its buyer's Ixians Secret Ally (seed 000) or,
  // the buyer the Ixians' ally, for its answer on replacing it (ixians.md §6). (A bid that does not
  // end the auction leaves it in the row too: the window or step open on it tells them apart.)
  const bool window = (t.after.nexus.window == Faction::Ixians && lot_waits_for_ixian_play(t.after, sale->buyer)) ||
                      (t.after.step == Step::AllyCardReplacement && t.after.bidding.high_bidder == sale->buyer);
  const bool waits = window && !t.after.bidding.lots.empty() && t.after.bidding.lots.front() == lot;
  if (holds(b.seat(sale->buyer), lot) || (!holds(t.after.seat(sale->buyer), lot) && !waits)) return std::nullopt;
  return sale;
}

Violations bid_payment(const Transition& t, const GameContext&) {
  const auto sale = sale_of(t);
  if (!sale) return {};
  // A deal in the same step (the Harkonnen's bonus card, forced from a known top) moves no spice.
  if (!others_only_draws(t, {ChanceKind::TreacheryDeal})) return skipped(kBid);
  const GameState& b = t.before;
  Flows expected(b);
  // The Emperor's payment is a ✷ ability ([LR] 2.03.04): a Karama ordered against it sends the
  // price to the bank ([LR] 3.01.11.01).
  std::optional<Seat> payee = emperor_payee(b, sale->buyer);
  if (payee && !sale->karama && sale->price > 0) {
    const auto ready = karama_ready(b, *payee, KaramaAbility::EmperorPaymentForTreachery);
    if (ready.size() > 1) return skipped(kBid);
    if (ready.size() == 1) payee.reset();
  }
  // A Karama card buys the lot without spice (fact sheet §4.1 (c)), and so does a winning Karama
  // bid (the engine's [TO] WinWithKarma choice). The Emperor Nexus card as Secret Ally, played by
  // the buyer on this purchase, keeps the price (seed 003): nobody is paid.
  const auto* play = command_of<PlayNexus>(t);
  const bool kept = play && play->card.faction == Faction::Emperor && play->mode == NexusMode::SecretAlly &&
                    envelope_of(t)->seat == sale->buyer && !b.seat_of(Faction::Emperor);
  if (!sale->karama && !kept) pay(b, expected, sale->buyer, sale->price, payee);
  return decided(kBid, compare_flows(kBid, t, expected, fmt::format("{} bought a card for {}{}", name_of(b, sale->buyer),
                                                                    sale->price, sale->karama ? " with Karama" : "")));
}

// ---- shipment: 1 per force into a stronghold, 2 elsewhere; half for the Guild and its ally; ----
// ---- paid to the Guild unless the Guild ships; Fremen send reserves free ([LR] 1.06.03, 2.06) --

std::optional<Seat> guild_payee(const GameState& s, Seat shipper, bool karama) {
  const auto guild = s.seat_of(Faction::SpacingGuild);
  return !karama && guild && *guild != shipper ? guild : std::nullopt;
}

// A shipment meets the Karama orders against the Guild's abilities ([LR] 3.01.11.01): half price
// cancelled, nothing is paid (the shipper retakes it); the payment to the Guild cancelled, the
// bank is paid. False when several seats could play (the engine's storm-order pick).
struct ShipmentTerms {
  bool cancelled = false;
  std::optional<Seat> payee;
};
std::optional<ShipmentTerms> shipment_terms(const GameState& b, Seat seat, bool karama, int cost, bool off_planet = false) {
  ShipmentTerms terms{false, guild_payee(b, seat, karama)};
  // A worthless card played as the Karama, cancelled: nothing paid, the shipment retaken ([LR] 2.02.22 ✷, 3.04).
  if (karama && spends_worthless(b, seat) && !karama_ready(b, seat, KaramaAbility::BeneGesseritWorthlessKarama).empty()) {
    return ShipmentTerms{true, std::nullopt};
  }
  // The Guild's Karama power cancels an off-planet shipment: nothing paid ([LR] 1.14.05, README).
  if (off_planet && !karama_ready(b, seat, KaramaAbility::OffPlanetShipment).empty()) return ShipmentTerms{true, std::nullopt};
  if (!karama && half_price(b, seat)) {
    const auto ready = karama_ready(b, seat, KaramaAbility::HalfPriceShipping);
    if (ready.size() > 1) return std::nullopt;
    if (ready.size() == 1) return ShipmentTerms{true, std::nullopt};
  }
  if (terms.payee && cost > 0) {
    const auto ready = karama_ready(b, *terms.payee, KaramaAbility::GuildPaymentForShipment);
    if (ready.size() > 1) return std::nullopt;
    if (ready.size() == 1) terms.payee.reset();
  }
  return terms;
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
    std::optional<ShipmentTerms> terms = ShipmentTerms{false, guild_payee(b, e->seat, ship->karama)};
    if (b.faction_of(e->seat) != Faction::Fremen) terms = shipment_terms(b, e->seat, ship->karama, cost, true);
    if (!terms) return skipped(kShipment);
    if (!terms->cancelled) pay(b, expected, e->seat, cost, terms->payee);
    what = fmt::format("{} shipped {} forces for {}{}", name_of(b, e->seat), (ship->normal + ship->special).value, cost,
                       terms->cancelled ? " (cancelled by Karama: nothing paid)" : "");
  } else if (const auto* cross = std::get_if<CrossShip>(&e->command)) {
    const int cost = ship_cost(b, e->seat, cross->to, cross->normal + cross->special, false);
    // [LR] 2.06.05.02, 2.06.10 ✷: another seat's standing order cancels the cross-ship before any
    // payment ([LR] 3.01.11.01): nothing is paid.
    const bool cancelled = !karama_ready(b, e->seat, KaramaAbility::GuildCrossShip).empty();
    const auto terms = cancelled ? std::optional<ShipmentTerms>{ShipmentTerms{true, std::nullopt}} : shipment_terms(b, e->seat, false, cost);
    if (!terms) return skipped(kShipment);
    if (!terms->cancelled) pay(b, expected, e->seat, cost, terms->payee);
    what = fmt::format("{} cross-shipped for {}", name_of(b, e->seat), cost);
  } else if (const auto* back = std::get_if<ShipToReserves>(&e->command)) {
    const int cost = ((back->normal + back->special).value + 1) / 2;  // [LR] 2.06.07, rounded up
    // [LR] 2.06.05.03 ✷: cancelled by another seat's standing order, nothing is paid.
    const bool cancelled = !karama_ready(b, e->seat, KaramaAbility::GuildShipToReserves).empty();
    if (!cancelled) pay(b, expected, e->seat, cost, std::nullopt);
    what = fmt::format("{} shipped back to reserves for {}{}", name_of(b, e->seat), cost, cancelled ? " (cancelled by Karama: nothing paid)" : "");
  } else {
    return {};
  }
  if (!single_step(t)) return skipped(kShipment);
  return decided(kShipment, compare_flows(kShipment, t, expected, what));
}

// ---- revival: free revivals first, then the printed price, to the bank; a leader costs its ----
// ---- strength; the Emperor pays his ally's extra revivals ([LR] 1.05, 2.03). With the Tleilaxu ----
// ---- seated, what another faction pays is theirs, and each free revival taken earns them 1 from ----
// ---- the bank (fact sheet §5.2 Tleilaxu income) -------------------------------------------------

Violations revival_payment(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const auto* r = command_of<Revive>(t);
  if (!r) return {};
  if (!single_step(t)) return skipped(kRevival);
  const Seat seat = envelope_of(t)->seat;
  const FactionInfo& info = faction_info(b.faction_of(seat));
  const RevivalPrice price = revival_price(b, seat, *r);
  Flows expected(b);
  // [LR] 2.03.07 ✷, 2.04.11 ✷: another seat's standing Karama order cancels the Emperor's extras,
  // the Fremen's 3 free revivals or (one source, [TO]) the Tleilaxu ally's half price, the Tleilaxu's
  // own, or their revival of a ghola; the revival
  // does not happen and is retaken without them
  // ([LR] 3.04): nothing is paid, nothing leaves the Tanks (oracle.karama-cancel checks the rest).
  const bool fremen_grant = price.free > info.free_revival.value && price.own_forces > info.free_revival.value;
  const bool ghola = r->leader && b.faction_of(seat) == Faction::Tleilaxu && leader_owner(b, *r->leader) != Faction::Tleilaxu;
  const char* cancelled = ghola && !karama_ready(b, seat, KaramaAbility::TleilaxuGholaRevival).empty()
                              ? "a ghola"
                          : r->ally_paid_extra.value > 0 && !karama_ready(b, seat, KaramaAbility::EmperorAllyRevivals).empty()
                              ? "the Emperor's extras"
                          : fremen_grant && !karama_ready(b, seat, KaramaAbility::FremenAllyFreeRevival).empty()
                              ? "the Fremen's 3 free revivals"
                          : price.tleilaxu_half && !karama_ready(b, seat, b.faction_of(seat) == Faction::Tleilaxu
                                                                               ? KaramaAbility::TleilaxuRevivalDiscount
                                                                               : KaramaAbility::TleilaxuAllyRevivalDiscount).empty()
                              ? "the Tleilaxu's half price"
                              : nullptr;
  if (cancelled) {
    Violations out = compare_flows(kRevival, t, expected, fmt::format("{}'s revival with {}, cancelled by Karama", name_of(b, seat), cancelled));
    if (tanks(t.after, seat) != tanks(b, seat)) {
      out.push_back(violation(kRevival, fmt::format("{}'s revival with {} was cancelled by Karama, yet forces left the Tanks "
                                                    "([LR] 3.01.11.01, 3.04)", name_of(b, seat), cancelled)));
    }
    return decided(kRevival, std::move(out));
  }
  // The Tleilaxu's income from this revival: others' payments, and 1 spice from the bank for a
  // free revival (fact sheet §5.2). One source, [TO] PurpleReceiveRevive: another seat's standing
  // Karama order cancels the whole income of the one revival; what was paid goes to the bank.
  const auto seated = b.seat_of(Faction::Tleilaxu);
  const bool free_income = seated && price.own_forces > 0 && price.free > 0;
  const bool income_cancelled = seated && (free_income || price.extra > 0 || (*seated != seat && price.own > 0)) &&
                                !karama_ready(b, *seated, KaramaAbility::TleilaxuRevivalIncome).empty();
  const bool receives = seated && !income_cancelled;
  const auto income_to = [&](Seat payer) { return receives && *seated != payer ? seated : std::nullopt; };
  pay(b, expected, seat, price.own, income_to(seat));
  if (const int extra = price.extra; extra > 0) {
    const auto emperor = b.seat_of(Faction::Emperor);
    if (!emperor) return skipped(kRevival);
    expected.seat[emperor->value] -= extra;
    if (const auto to = income_to(*emperor)) expected.seat[to->value] += extra;
    else expected.bank += extra;
  }
  if (receives && free_income) {
    expected.seat[seated->value] += 1;
    expected.bank -= 1;
  }
  Violations out = compare_flows(kRevival, t, expected,
                                 fmt::format("{} revived {} forces{}{}", name_of(b, seat), (r->normal + r->special).value,
                                             r->leader ? " and a leader" : "", r->kwisatz_haderach ? " and the Kwisatz Haderach" : ""));
  if (r->kwisatz_haderach && t.after.battle.kwisatz_haderach_dead) {
    out.push_back(violation(kRevival, "the Kwisatz Haderach was revived but is still dead ([LR] 2.01.14)"));
  }
  return decided(kRevival, std::move(out));
}

// ---- CHOAM Charity: a seat with 0 or 1 spice is brought up to 2 from the bank; the Bene ----------
// ---- Gesserit always receive 2 ([LR] 1.03.01, 2.02.09) ------------------------------------------

Violations charity(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const Envelope* e = envelope_of(t);
  if (!e || b.step != Step::Charity) return {};
  if (!std::holds_alternative<ClaimCharity>(e->command) && !std::holds_alternative<Pass>(e->command)) return {};  // a play at any time
  // The last answer opens the Bidding, whose first lot may be dealt in the same step (a forced
  // draw): a card dealt moves no spice, so the Charity is still decided; anything else is not.
  if (!others_only_draws(t, {ChanceKind::TreacheryLot})) return skipped(kCharity);
  Flows expected(b);
  if (std::holds_alternative<ClaimCharity>(e->command)) {
    const int held = b.seat(e->seat).spice.value;
    int gain = b.faction_of(e->seat) == Faction::BeneGesserit ? 2 : std::max(0, 2 - held);
    // [LR] 2.02.09 ✷: a Karama cancels the Bene Gesserit use; the normal Charity remains.
    if (gain > std::max(0, 2 - held)) {
      const auto ready = karama_ready(b, e->seat, KaramaAbility::BeneGesseritCharity);
      if (ready.size() > 1) return skipped(kCharity);
      if (ready.size() == 1) gain = std::max(0, 2 - held);
    }
    expected.seat[e->seat.value] += gain;
    expected.bank -= gain;
  }
  return decided(kCharity, compare_flows(kCharity, t, expected, fmt::format("{} answered CHOAM Charity", name_of(b, e->seat))));
}

// ---- Spice Collection: 2 per force, 3 for a faction occupying Arrakeen or Carthag, until the ----
// ---- territory's spice runs out ([LR] 1.08) -------------------------------------------------------

}  // namespace

namespace oracle_detail {

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

std::optional<bool> expect_collection(const Transition& t, Flows& expected, Violations* board) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  // The board collected from is the one the step left: a storm of the next turn (storm deck)
  // moved after it, and a halted step stopped somewhere inside it.
  if (a.storm.sector != b.storm.sector || !a.halted.empty() || a.phase != Phase::SpiceCollection) return std::nullopt;
  bool seats_decided = true;
  const bool explosion_here = b.phase == Phase::Battle && b.battle.stage != BattleStage::None;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    const int before_spice = territory_spice(b, ter);
    if (before_spice == 0) continue;
    // Each occupant collects 2 spice per force, 3 while it occupies Arrakeen or Carthag ([LR]
    // 1.08.01-02), until the spice runs out; Bene Gesserit advisors collect nothing (2.02.12).
    std::vector<std::pair<Seat, int>> due;
    int demand = 0;
    for (std::size_t s = 0; s < a.seat_count(); ++s) {
      const Faction f = a.options.factions[s];
      if (!occupies(a, f, ter)) continue;
      const bool city = occupies(a, f, TerritoryId::Arrakeen) || occupies(a, f, TerritoryId::Carthag);
      // A Cyborg collects 3 whatever its city (docs/rules/ixians.md §3, 2 sources: [TO], [DB]).
      const int cyborgs = f == Faction::Ixians ? territory_specials(a, f, ter) : 0;
      due.emplace_back(Seat{static_cast<std::uint8_t>(s)}, (city ? 3 : 2) * (territory_forces(a, f, ter) - cyborgs) + 3 * cyborgs);
      demand += due.back().second;
    }
    // A Lasgun/Shield explosion of this step sent the spice of the battle's cells to the bank
    // ([LR] 3.01; oracle.explosion decides it) and left nobody there to collect: that territory is
    // the explosion's, the others are still decided (before, the whole step was skipped).
    if (explosion_here && ter == b.battle.territory && due.empty() && territory_spice(a, ter) != before_spice) continue;
    // Several collectors short of spice: who collects first is the engine's choice (storm order),
    // not the rulebook's; the board is still decided, the seats are not.
    if (due.size() > 1 && demand > before_spice) seats_decided = false;
    for (const auto& [seat, n] : due) expected.seat[seat.value] += std::min(n, before_spice);
    const int left = std::max(0, before_spice - demand);
    if (board && territory_spice(a, ter) != left) {
      board->push_back(violation(kCollection, fmt::format("{}: {} spice, occupants due {}, so {} should remain, not {}",
                                                          to_string(ter), before_spice, demand, left, territory_spice(a, ter))));
    }
  }
  // Advanced: +2 to each occupant of Arrakeen and of Carthag, +1 of Tuek's Sietch, from the bank ([LR] 1.13.01).
  if (b.options.rules.double_spice_blow) {
    for (const auto& [ter, income] : {std::pair{TerritoryId::Arrakeen, 2}, std::pair{TerritoryId::Carthag, 2}, std::pair{TerritoryId::TueksSietch, 1}}) {
      for (std::size_t s = 0; s < a.seat_count(); ++s) {
        if (!occupies(a, a.options.factions[s], ter)) continue;
        expected.seat[s] += income;
        expected.bank -= income;
      }
    }
  }
  return seats_decided;
}

}  // namespace oracle_detail

namespace {

// Collection's own steps: what each territory keeps and each seat gains. A step that also
// resolved a battle or a capture pays more than the collection: oracle.leader-prize and
// oracle.capture add the collection to their payments there.
Violations collection(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  if (!collection_happened(b, t.after) || !owns_step(t)) return {};
  Flows expected(b);
  Violations out;
  const auto seats_decided = single_mover(t) ? expect_collection(t, expected, &out) : std::nullopt;
  if (!seats_decided) return skipped(kCollection);
  // The board is decided; the seats' gains here only when nothing else paid them in the step.
  if (!*seats_decided || (b.phase == Phase::Battle && (battle_resolved(t) || command_of<CaptureLeader>(t)))) {
    return decided(kCollection, std::move(out));
  }
  for (Violation& v : compare_flows(kCollection, t, expected, "the Spice Collection")) out.push_back(std::move(v));
  return decided(kCollection, std::move(out));
}

// ---- victory: at the Mentat Pause a side controlling 3 strongholds alone, or 4 allied, wins -----
// ---- ([LR] 1.09.02); the Bene Gesserit prediction takes it over (2.02.03). With no such winner on --
// ---- the last turn, the end-game rules (1.09.05). Ties between qualifying sides are skipped here --

std::vector<Faction> side_of(const GameState& s, Faction f) {
  std::vector<Faction> side{f};
  for (const Alliance& a : s.alliances) {
    if (a.a == f) side.push_back(a.b);
    if (a.b == f) side.push_back(a.a);
  }
  std::sort(side.begin(), side.end());
  return side;
}

// The strongholds with the side's fighting forces in them (advisors aside): occupied, shared or
// not, and controlled, when nobody else is there.
struct Strongholds {
  int occupied = 0;
  int controlled = 0;
};

Strongholds strongholds_of(const GameState& s, const std::vector<Faction>& side) {
  Strongholds n;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId ter = territory_at(i);
    // E1's Hidden Mobile Stronghold counts once on the board (ixians.md §4; its forces before the
    // placement are in no stronghold of the map).
    if (!is_stronghold(ter) || (ter == TerritoryId::HiddenMobileStronghold && !s.board.hms_host)) continue;
    bool ours = false;
    bool theirs = false;
    for (Faction f : s.options.factions) {
      if (!occupies(s, f, ter)) continue;
      (std::find(side.begin(), side.end(), f) != side.end() ? ours : theirs) = true;
    }
    n.occupied += ours ? 1 : 0;
    n.controlled += ours && !theirs ? 1 : 0;
  }
  return n;
}

// E1's tech tokens: a side one of whose factions holds all three counts one stronghold more (one
// source, [TO] NumberOfVictoryPoints; README rules status).
int tech_bonus(const GameState& s, const std::vector<Faction>& side) {
  for (Faction f : side) {
    const auto seat = s.seat_of(f);
    if (seat && tech_tokens_held(s, *seat) == static_cast<int>(s.tech.holder.size())) return 1;
  }
  return 0;
}

std::vector<std::vector<Faction>> qualifying_sides(const GameState& s) {
  std::vector<std::vector<Faction>> out;
  for (Faction f : s.options.factions) {
    const auto side = side_of(s, f);
    if (strongholds_of(s, side).controlled + tech_bonus(s, side) >= (side.size() == 1 ? 3 : 4) &&
        std::find(out.begin(), out.end(), side) == out.end()) {
      out.push_back(side);
    }
  }
  return out;
}

// Nobody but `f` occupies the territory (or nobody at all).
bool only(const GameState& s, Faction f, TerritoryId t) {
  for (Faction g : s.options.factions) {
    if (g != f && occupies(s, g, t)) return false;
  }
  return true;
}

// The last turn without a stronghold winner (README rules status, "Mentat Pause and victory"):
// the Fremen special victory with their ally ([LR] 2.04.09, 2.04.12), else the Guild and its ally
// (2.06.08), else the Fremen (1.09.05); with neither in the game, 1.09.05: "the player Occupying
// the most Strongholds wins. If several qualify, all who qualify win", allies counted together
// (1.10.02.01). No prediction: none of these is a stronghold victory (2.02.03).
std::vector<Faction> end_game_winners(const GameState& s) {
  const bool fremen = in_game(s, Faction::Fremen);
  if (fremen && only(s, Faction::Fremen, TerritoryId::SietchTabr) && only(s, Faction::Fremen, TerritoryId::HabbanyaSietch) &&
      !occupies(s, Faction::Atreides, TerritoryId::TueksSietch) && !occupies(s, Faction::Harkonnen, TerritoryId::TueksSietch) &&
      !occupies(s, Faction::Emperor, TerritoryId::TueksSietch)) {
    return side_of(s, Faction::Fremen);
  }
  if (in_game(s, Faction::SpacingGuild)) return side_of(s, Faction::SpacingGuild);
  if (fremen) return {Faction::Fremen};
  int most = 0;
  for (Faction f : s.options.factions) most = std::max(most, strongholds_of(s, side_of(s, f)).occupied);
  std::vector<Faction> out;
  for (Faction f : s.options.factions) {
    if (strongholds_of(s, side_of(s, f)).occupied == most) out.push_back(f);  // its ally ties with it
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string faction_list(const std::vector<Faction>& v) {
  std::string out;
  for (Faction f : v) out += fmt::format("{}{}", out.empty() ? "" : ", ", to_string(f));
  return out;
}

// The Mentat Pause's victory check ran inside this step: it began before the Mentat Pause (at
// Collection's decision point, or earlier) and reached the Mentat Pause's decision point, the
// next turn or the end of the game.
bool mentat_happened(const GameState& b, const GameState& a) {
  return (b.phase == Phase::ShipmentAndMovement || b.phase == Phase::Battle || b.phase == Phase::SpiceCollection) &&
         (a.phase == Phase::MentatPause || a.turn > b.turn || a.step == Step::GameOver || !a.halted.empty());
}

Violations victory(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!mentat_happened(b, a)) return {};
  if (!single_step(t) || a.storm.sector != b.storm.sector) return skipped(kVictory);
  const auto sides = qualifying_sides(a);
  const bool last_turn = b.turn >= b.options.turn_limit;
  if (sides.size() > 1) return skipped(kVictory);
  if (sides.empty() && last_turn) {
    if (!a.halted.empty()) return skipped(kVictory);  // halted before the Mentat Pause
    const auto expected = end_game_winners(a);
    if (a.step == Step::GameOver && a.winners == expected) return decided(kVictory);
    return decided(kVictory, {violation(kVictory, fmt::format("the last turn ended without a stronghold victory: [{}] win ([LR] 1.09.05), not [{}]",
                                                              faction_list(expected), faction_list(a.winners)))});
  }
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

// ---- Karama against an ability ([LR] 3.01.11.00-01): each Karama played was ordered by its ----
// ---- player against that ability of another faction, held, and went to the discard ---------------

Violations karama_cancel(const Transition& t, const GameContext&) {
  const auto& before = t.before.karama.cancels;
  const auto& after = t.after.karama.cancels;
  Violations out;
  if (single_step(t)) guild_timing_checks(t, out);
  const auto in_battle = battle_ability_cancel(t);  // Prescience and the Voice (oracles_karama.cpp)
  if (in_battle) out.insert(out.end(), in_battle->begin(), in_battle->end());
  if (after.size() <= before.size()) return in_battle || !out.empty() ? decided(kKarama, std::move(out)) : out;
  // The Atreides' look at the top spice card moves no card, spice or force ([LR] 2.01.07), nor does
  // the CHOAM Secret Ally's look at a card of the battle opponent's hand (seed 000), the lots
  // dealt after a sale or as Bidding opens move a deck card to the table only, and a Treachery card
  // dealt (a bought lot's replacement, the Harkonnen free card) one into a hand, no Karama; a spice
  // card drawn moves no Treachery card, and a worm's sparing cancelled among several worms of the
  // step is found by its territory (fremen_cancel_checks): a step of at most one command and such
  // draws is decided once, as the step's command's, or as its first entry's when it has none (the
  // other entries' transitions of the step leave it to that one).
  const auto is_draw = [](const LogEntry& e) {
    const auto* c = std::get_if<ChanceRecord>(&e);
    return c && (c->request.kind == ChanceKind::SpicePeek || c->request.kind == ChanceKind::TreacheryLot ||
                 c->request.kind == ChanceKind::TreacheryDeal || c->request.kind == ChanceKind::SpiceDraw ||
                 c->request.kind == ChanceKind::CardInspect);
  };
  if (!single_step(t)) {
    std::size_t commands = 0, draws = 0;
    for (std::size_t i = t.before.log.size(); i < t.after.log.size(); ++i) {
      commands += std::holds_alternative<Envelope>(t.after.log[i]) ? 1 : 0;
      draws += is_draw(t.after.log[i]) ? 1 : 0;
    }
    if (commands + draws != t.after.log.size() - t.before.log.size() || commands > 1) return skipped(kKarama);
    if (!owns_step(t)) return {};
  }
  std::vector<TreacheryCardId> spent;  // a card accounts for one Karama only
  for (std::size_t i = before.size(); i < after.size(); ++i) {
    const KaramaCancel& k = after[i];
    const std::string who = name_of(t.before, k.by);
    if (k.by == k.against) out.push_back(violation(kKarama, fmt::format("{} played a Karama against its own ability", who)));
    if (t.before.karama.armed[k.by.value] != k.ability) {
      out.push_back(violation(kKarama, fmt::format("{} played a Karama against {} without a standing order for it", who, to_string(k.ability))));
    }
    if (t.after.karama.armed[k.by.value]) out.push_back(violation(kKarama, fmt::format("{}'s Karama order outlived its use", who)));
    // The card comes from its hand, or is the lot it bought in this same step: a purchase that
    // ends the Bidding may open Shipment and Movement, where an order against the Guild's timing
    // is played at once ([LR] 2.06.12 ✷..✷).
    std::vector<TreacheryCardId> hand(t.before.seat(k.by).hand.begin(), t.before.seat(k.by).hand.end());
    if (t.before.phase == Phase::Bidding && !t.before.bidding.lots.empty()) hand.push_back(t.before.bidding.lots.front());
    // The Treachery deck may run out later in the step: the discard, the card with it, is then
    // shuffled to form a new deck (engine/bidding.cpp, as the deal asks for a card).
    const bool reshuffled = t.after.treachery.deck.size() > t.before.treachery.deck.size();
    const auto card = std::find_if(hand.begin(), hand.end(), [&](TreacheryCardId c) {
      return karama_usable(t.before, k.by, c) && !holds(t.after.seat(k.by), c) &&
             std::find(spent.begin(), spent.end(), c) == spent.end() &&
             (reshuffled || std::find(t.after.treachery.discard.begin(), t.after.treachery.discard.end(), c) != t.after.treachery.discard.end());
    });
    if (card == hand.end()) {
      out.push_back(violation(kKarama, fmt::format("{} cancelled {} but no Karama of its hand went to the discard", who, to_string(k.ability))));
    } else {
      spent.push_back(*card);
    }
    if (k.ability == KaramaAbility::OffPlanetShipment) {
      const SeatState& was = t.before.seat(k.against);
      const SeatState& is = t.after.seat(k.against);
      if (t.before.faction_of(k.by) != Faction::SpacingGuild || !t.before.options.rules.advanced_karama) {
        out.push_back(violation(kKarama, fmt::format("{} cancelled a shipment by the Guild's Karama power ([LR] 1.14.05)", who)));
      }
      if (was.reserves_normal != is.reserves_normal || was.reserves_special != is.reserves_special || t.after.board != t.before.board) {
        out.push_back(violation(kKarama, fmt::format("{}'s shipment cancelled by the Guild's Karama power moved forces ([LR] 1.14.05)",
                                                     name_of(t.before, k.against))));
      }
      if (t.after.step != Step::Movement || t.after.karama.retakes_at_full_price) {
        out.push_back(violation(kKarama, fmt::format("{}'s cancelled shipment did not use its shipment action (README: no retake)",
                                                     name_of(t.before, k.against))));
      }
    }
    if (k.ability == KaramaAbility::HarkonnenCapturedLeaders &&
        (t.after.battle.stage == BattleStage::Capture || t.after.battle.capture_leader)) {
      out.push_back(violation(kKarama, fmt::format("the Harkonnen capture cancelled by {}'s Karama drew a leader all the same "
                                                   "([LR] 2.05.10.01, 3.01.11.01)", who)));
    }
    guild_and_emperor_cancel(t, k, who, out);
    fremen_cancel_checks(t, k, who, out);
    worthless_cancel_checks(t, i, who, out);
    if (k.ability == KaramaAbility::HalfPriceShipping) {
      const SeatState& was = t.before.seat(k.against);
      const SeatState& is = t.after.seat(k.against);
      if (was.reserves_normal != is.reserves_normal || was.reserves_special != is.reserves_special ||
          t.after.karama.retakes_at_full_price != k.against) {
        out.push_back(violation(kKarama, fmt::format("{}'s cancelled half-price shipment moved forces or left no retake", name_of(t.before, k.against))));
      }
    }
  }
  return decided(kKarama, std::move(out));
}

// ---- gifts and bribes: one spice from the giver; the Emperor's to his ally behind the ally's --
// ---- shield, any other in front of the recipient's ([LR] 1.12.02, 2.03.06). What lies in front --
// ---- of a shield moves behind it as the Mentat Pause opens (1.09.01), and at no other time -----

Violations bribes(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Envelope* e = envelope_of(t);
  const GiveSpice* g = e ? std::get_if<GiveSpice>(&e->command) : nullptr;
  const auto lying = [](const GameState& s) {
    return std::any_of(s.seats.begin(), s.seats.end(), [](const SeatState& x) { return x.in_front_of_shield > Spice{0}; });
  };
  if (!g && !lying(b) && !lying(a)) return {};
  if (g && !single_step(t)) return skipped(kBribes);
  Violations out;
  std::vector<int> given(b.seat_count(), 0);  // bribes laid in front of each shield by this step
  if (g) {
    Flows expected(b);
    expected.seat[e->seat.value] -= 1;
    const bool to_ally = b.faction_of(e->seat) == Faction::Emperor && ally_seat(b, e->seat) == g->to;
    (to_ally ? expected.seat[g->to.value] : given[g->to.value]) += 1;
    out = compare_flows(kBribes, t, expected, fmt::format("{} gave a spice to {}", name_of(b, e->seat), name_of(b, g->to)));
  }
  const bool collected = b.phase != Phase::MentatPause && a.phase == Phase::MentatPause;
  for (std::size_t i = 0; i < b.seat_count(); ++i) {
    const Seat s{static_cast<std::uint8_t>(i)};
    const int expected = collected ? 0 : b.seat(s).in_front_of_shield.value + given[i];
    if (a.seat(s).in_front_of_shield.value != expected) {
      out.push_back(violation(kBribes, fmt::format("{} has {} spice in front of its shield, the rules say {}{}", name_of(b, s),
                                                   a.seat(s).in_front_of_shield.value, expected,
                                                   collected ? " (the Mentat Pause collects every bribe)" : "")));
    }
  }
  // Only a gift and the collection are outcomes this oracle decides; on any other step it checks
  // the frame (nothing in front of a shield moved), which decides nothing about that step's kind.
  return g || collected ? decided(kBribes, std::move(out)) : out;
}

constexpr std::array<Checker, kOracleCount> kOracles{
    Checker{kNames[kBid], "oracle", "a sold lot is paid to the Emperor (not the buyer), else the bank; Karama buys free", bid_payment},
    Checker{kNames[kShipment], "oracle", "shipments: 1/2 per force, Guild rates, paid to the Guild or the bank, Fremen free", shipment_payment},
    Checker{kNames[kRevival], "oracle", "revivals: free ones first, printed price and leader value to the bank", revival_payment},
    Checker{kNames[kCharity], "oracle", "CHOAM Charity brings 0-1 spice up to 2 from the bank; Bene Gesserit get 2", charity},
    Checker{kNames[kCollection], "oracle", "collection takes 2 (3 for a city occupant, and for a Cyborg) per force until the spice runs out", collection},
    Checker{kNames[kStorm], "oracle", "the storm kills unprotected forces and removes spice in the sectors it enters only", storm_damage},
    Checker{kNames[kWorm], "oracle", "a worm devours forces and spice of its territory, Fremen and a protected ally spared", worm},
    Checker{kNames[kSpiceBlow], "oracle", "a territory card lays its printed spice at its blow cell unless in storm; a worm takes its territory's", spice_blow},
    Checker{kNames[kMovement], "oracle", "a move takes exactly the named forces out of the named territory, none from under the storm, to the named cell", movement},
    Checker{kNames[kChoices], "oracle", "a recording choice (traitor kept, prediction, standing choices, proposal) records what it names and moves nothing", choices},
    Checker{kNames[kWormRide], "oracle", "a worm ride moves exactly the named Fremen forces from the worm's territory to one cell", worm_ride},
    Checker{kNames[kBattleWinner], "oracle", "the battle winner from the revealed plans: loser discards, winner keeps its cards", battle_winner},
    Checker{kNames[kBattleLosses], "oracle", "the loser loses all its forces there, the winner what it dialed", battle_losses},
    Checker{kNames[kLeaderFate], "oracle", "killed and betrayed leaders go to the Tanks, survivors do not", leader_fate},
    Checker{kNames[kLeaderPrize], "oracle", "the winner is paid for killed leaders from the bank; support goes to the bank", leader_prize},
    Checker{kNames[kTraitor], "oracle", "a betrayed side loses every force there, the traitor's caller nothing", traitor_call},
    Checker{kNames[kExplosion], "oracle", "Lasgun/Shield: every force and the spice there are lost", explosion},
    Checker{kNames[kVictory], "oracle", "3 strongholds alone or 4 allied win at the Mentat Pause (prediction aside); the end-game rules on the last turn", victory},
    Checker{kNames[kCapture], "oracle", "Harkonnen capture: a leader drawn among the loser's active ones; kill (face down, +2) or capture", capture},
    Checker{kNames[kStormMigration], "oracle", "Fremen sending: every force arrives, half (rounded up) lost when sent into the storm", storm_migration},
    Checker{kNames[kAdvisorFlip], "oracle", "Bene Gesserit flips: the named territory only, to fighters within Peacetime/Stormed In; Universal Stewards", advisor_flip},
    Checker{kNames[kKarama], "oracle", "a Karama cancels an ability only by its player's standing order, and goes to the discard", karama_cancel},
    Checker{kNames[kKaramaPower], "oracle", "an Advanced faction Karama power: once a game, a Karama to the discard, and exactly its effect", karama_power},
    Checker{kNames[kWinnerChoice], "oracle", "the winner loses a mix of forces that makes up its dial and support, and keeps or discards its played cards as it chose", winner_choice},
    Checker{kNames[kBribes], "oracle", "a gift moves one spice: the Emperor's to his ally behind its shield, a bribe in front; the Mentat Pause collects the bribes", bribes},
    Checker{kNames[kTruthtrance], "oracle", "a Truthtrance records one public answer to the question asked, the truth about the target before the play", truthtrance},
    Checker{kNames[kDeal], "oracle", "a drawn card leaves its deck for where the rule sends it: traitors, starting cards (Harkonnen 2), lots, Nexus cards, the peek, the storm card", deal},
    Checker{kNames[kPlacement], "oracle", "forces placed from reserves land where named and allowed: the Fremen start, the Bene Gesserit start and spiritual advisor", placement},
    Checker{kNames[kCardPlay], "oracle", "Hajr and Tleilaxu Ghola go to the discard and do exactly what they print", card_play},
    Checker{kNames[kLegalShipment], "oracle", "every accepted shipment was legal by a reference from the rulebook; a sample of decisions offers exactly the legal ones", legal_shipment},
    Checker{kNames[kLegalMovement], "oracle", "every accepted move was legal by a reference from the rulebook (range, storm, occupancy); a sample of decisions offers exactly the legal ones", legal_movement},
    Checker{kNames[kLegalBidding], "oracle", "every accepted bid was legal by a reference from the rulebook (hand, minimum, spice, Karama); a sample of decisions offers exactly the legal ones", legal_bidding},
    Checker{kNames[kLegalCommand], "oracle", "every accepted command of every kind was legal by a reference from the rulebook: its phase, its faction, card and rule, its limits a turn", legal_command},
    Checker{kNames[kLegalRevival], "oracle", "every accepted revival was legal by a reference from the rulebook (once a turn, limits, leaders, price); a sample of decisions offers exactly the legal ones", legal_revival},
    Checker{kNames[kFaceDancer], "oracle", "a Face Dancer reveal kills the leader, sends the winner's forces home and puts the Tleilaxu's named ones there; the last returns the group; a replacement returns one for one draw", face_dancer},
    Checker{kNames[kNexusPlay], "oracle", "a Nexus play: held, one receipt, native mode, to the discard; each family's panel contract", nexus_play},
    Checker{kNames[kTech], "oracle", "E1 tech tokens: owners first, the rest to token-less seats in storm order; income marked by its trigger, paid as the phase ends, 1 a token held", tech_tokens},
    Checker{kNames[kHms], "oracle", "E1 Hidden Mobile Stronghold: the Ixians place it once, as turn 1's Storm ends, on a non-stronghold map cell out of the storm, moving nothing; after turn 1, when due, they move it up to 3 territories, forces inside with it; nothing else moves it", hms},
    Checker{kNames[kIxianBidding], "oracle", "E1 Ixians' bidding abilities: their ally, and no one else, answers on a lot it just bought; replaced, the card goes to the discard and the next deck card to the ally; kept, to the ally's hand", ixian_bidding},
    Checker{kNames[kGhola], "oracle", "E1 Advanced Gholas: a leader becomes a ghola only by the Tleilaxu's revival naming another faction's dead leader, then stands behind their shield, and stays theirs for the rest of the game", ghola},
};

}  // namespace

std::span<const Checker> oracle_checkers() { return kOracles; }

}  // namespace dune::invariants

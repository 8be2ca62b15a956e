// Legality oracles (issue 17 item 3): whether what the engine allowed should have been allowed,
// decided by a second, small reference implementation written from the rulebook, never by calling
// the engine's validators. A postcondition cannot see a wrong legality rule (the engine then applies
// its own rule consistently), and nothing sees a legal command the engine never offers; these can.
//
// oracle.legal-shipment: every accepted Ship was legal ([LR] 1.06.03): from the shipper's reserves,
// at least one force; not into a sector in storm (1.06.03.04), except an Advanced Fremen storm
// migration a Karama did not cancel this turn (2.04.17, 3.04); not into a stronghold already holding
// forces of two other factions, Bene Gesserit advisors not counted (1.06.03.05); the Fremen only
// onto The Great Flat or within 2 territories of it (2.04.03, 2.04.05), never by Karama (README:
// no source says how Karama applies to reserves on Dune); Advanced Bene Gesserit fighters never
// where their advisors are (2.02.13); a Karama shipment with a Karama card in hand (fact sheet
// §4.1 (b)); and the price within the shipper's spice and what its ally lets it spend (1.06.03,
// 1.10.02.06). And, on a sample of shipment decisions, the engine offers exactly the shipments the
// reference allows (the offered set is complete, and each offered one is legal).
//
// Left to later slices, and so decided by nobody yet: cross-shipments and shipments back to
// reserves, moves (ranges, ornithopters, storm passage), revivals, bids, battle plans; and a seat's
// shipping turn itself (the completeness check runs where the engine offers that seat some shipment).
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

bool in_storm(const GameState& s, CellId c) {
  const auto& sector = cell_info(c).sector;
  return sector && *sector == s.storm.sector;
}

bool migration_cancelled(const GameState& s, Seat fremen) {
  return std::any_of(s.karama.cancels.begin(), s.karama.cancels.end(), [&](const KaramaCancel& k) {
    return k.against == fremen && k.ability == KaramaAbility::FremenStormMigration && k.turn == s.turn;
  });
}

int ally_grant(const GameState& s, Seat seat) {
  const auto ally = ally_seat(s, seat);
  return ally ? std::min(s.seat(*ally).ally_spice_limit.value, s.seat(*ally).spice.value) : 0;
}

// Why `c` is no legal shipment for `seat` in `s`, or "" when it is one.
std::string ship_illegal(const GameState& s, Seat seat, const Ship& c) {
  const Faction f = s.faction_of(seat);
  const SeatState& me = s.seat(seat);
  if (c.to.value >= kCellCount) return "no such sector";
  if (c.normal < ForceCount{0} || c.special < ForceCount{0} || c.normal + c.special == ForceCount{0}) return "no force named";
  if (c.normal > me.reserves_normal || c.special > me.reserves_special) return "more forces than its reserves hold";
  const TerritoryId t = cell_info(c.to).territory;
  if (c.karama) {
    if (f == Faction::Fremen) return "a Fremen Karama shipment (not available: README)";
    const bool card = std::any_of(me.hand.begin(), me.hand.end(), [&](TreacheryCardId x) { return karama_usable(s, seat, x); });
    if (!card) return "a Karama shipment without a Karama card (fact sheet §4.1 (b))";
  }
  if (f == Faction::Fremen && !territory_info(t).fremen_free_ship) return "Fremen send only near The Great Flat ([LR] 2.04.05)";
  if (in_storm(s, c.to)) {
    const bool migration = f == Faction::Fremen && !c.karama && s.options.rules.fremen_storm_losses && !migration_cancelled(s, seat);
    if (!migration) return "into a sector in storm ([LR] 1.06.03.04)";
  }
  if (is_stronghold(t) && other_occupants(s, f, t) >= 2) return "into a stronghold holding two other factions ([LR] 1.06.03.05)";
  if (f == Faction::BeneGesserit && s.board.advisors[index(t)] && territory_forces(s, f, t) > 0) {
    return "Bene Gesserit fighters where their advisors are ([LR] 2.02.13)";
  }
  if (f != Faction::Fremen || c.karama) {
    const int cost = ship_cost(s, seat, c.to, c.normal + c.special, c.karama);
    if (cost > me.spice.value + ally_grant(s, seat)) {
      return fmt::format("it costs {} spice, more than its {} and its ally's grant of {}", cost, me.spice.value, ally_grant(s, seat));
    }
  }
  return "";
}

// Every shipment the reference allows `seat` in `s`: each sector, count and Karama choice.
std::vector<Ship> legal_ships(const GameState& s, Seat seat) {
  std::vector<Ship> out;
  const SeatState& me = s.seat(seat);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (int sp = 0; sp <= me.reserves_special.value; ++sp) {
      for (int n = 0; n <= me.reserves_normal.value; ++n) {
        for (bool karama : {false, true}) {
          const Ship ship{cell_at(c), ForceCount{n}, ForceCount{sp}, karama};
          if (ship_illegal(s, seat, ship).empty()) out.push_back(ship);
        }
      }
    }
  }
  return out;
}

// The completeness probe: sampled, at a shipment decision (the engine offers the seat a Ship).
// False when it is none (nothing compared).
bool offered_ships(const Transition& t, Seat seat, Violations& out) {
  const GameState& b = t.before;
  std::vector<Ship> offered;
  for (const Command& c : legal_commands(b, seat)) {
    if (const auto* ship = std::get_if<Ship>(&c)) offered.push_back(*ship);
  }
  if (offered.empty()) return false;
  const std::vector<Ship> allowed = legal_ships(b, seat);
  const auto describe = [&](const Ship& s) { return to_string(Command{s}); };
  for (const Ship& s : allowed) {
    if (std::find(offered.begin(), offered.end(), s) == offered.end()) {
      out.push_back(violation(kLegalShipment, fmt::format("{} may make the shipment {}, but it is not offered", name_of(b, seat), describe(s))));
      return true;
    }
  }
  for (const Ship& s : offered) {
    if (std::find(allowed.begin(), allowed.end(), s) == allowed.end()) {
      out.push_back(violation(kLegalShipment, fmt::format("{} is offered the shipment {}, which is illegal: {}", name_of(b, seat), describe(s),
                                                          ship_illegal(b, seat, s))));
      return true;
    }
  }
  return true;
}

}  // namespace

Violations legal_shipment(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (!e || t.before.step != Step::Shipment) return {};
  const auto* ship = std::get_if<Ship>(&e->command);
  const bool sampled = t.index % 4 == 0 && (ship || std::holds_alternative<Pass>(e->command));
  if (!ship && !sampled) return {};
  Violations out;
  if (ship) {
    if (const std::string why = ship_illegal(t.before, e->seat, *ship); !why.empty()) {
      out.push_back(violation(kLegalShipment, fmt::format("{} made an illegal shipment, {}: {}", name_of(t.before, e->seat),
                                                          to_string(e->command), why)));
    }
  }
  const bool compared = sampled && offered_ships(t, e->seat, out);
  if (!ship && !compared) return {};
  return decided(kLegalShipment, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

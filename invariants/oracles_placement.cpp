// The placement oracle (oracle.placement): forces put on the board from reserves go exactly where
// the command names and the rule allows, and nothing else moves.
//   PlaceForces (setup)   the Fremen's 10 in Sietch Tabr, False Wall South and False Wall West,
//                         as they choose ([LR] 2.04.02); the Advanced Bene Gesserit's one force in
//                         any territory, an advisor there unless alone (fact sheet §6.1, [LR] 2.02.08);
//   SendSpiritualAdvisor  after another faction's shipment from off-planet, one Bene Gesserit force
//                         free to the Polar Sink, or (Advanced) as an advisor into the shipment's
//                         sector where no Bene Gesserit fighters are, or none ([LR] 2.02.05, 2.02.11).
// The shipment's sector is read from the log (the last Ship of another seat), not from the
// engine's pending-decision field. A step of several log entries is skipped and counted.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

constexpr std::array kFremenStart{TerritoryId::SietchTabr, TerritoryId::FalseWallSouth, TerritoryId::FalseWallWest};

int board_forces(const GameState& s, Faction f) {
  int n = 0;
  for (std::size_t c = 0; c < kCellCount; ++c) n += cell_forces(s, c, f);
  return n;
}

}  // namespace

Violations placement(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (!e) return {};
  const auto* place = std::get_if<PlaceForces>(&e->command);
  const auto* send = std::get_if<SendSpiritualAdvisor>(&e->command);
  if (!place && !send) return {};
  if (!single_step(t)) return skipped(kPlacement);
  const GameState& b = t.before;
  const Seat seat = e->seat;
  const Faction f = b.faction_of(seat);
  const std::string who = name_of(b, seat);
  Violations out;
  GameState want = b;
  const auto put = [&](CellId cell, ForceCount normal, ForceCount special) {
    want.board.normal[index(cell)][index(f)] += normal;
    want.board.special[index(cell)][index(f)] += special;
    want.seat(seat).reserves_normal -= normal;
    want.seat(seat).reserves_special -= special;
  };
  if (place) {
    const TerritoryId territory = cell_info(place->cell).territory;
    if (b.step == Step::SetupFremenPlacement) {
      if (f != Faction::Fremen || std::find(kFremenStart.begin(), kFremenStart.end(), territory) == kFremenStart.end()) {
        out.push_back(violation(kPlacement, fmt::format("{} placed starting forces in {}: the Fremen start in Sietch Tabr, False Wall South "
                                                        "and False Wall West ([LR] 2.04.02)", who, to_string(territory))));
      }
      if (board_forces(t.after, Faction::Fremen) > 10) {
        out.push_back(violation(kPlacement, "the Fremen placed more than their 10 starting forces ([LR] 2.04.02)"));
      }
    } else {
      if (f != Faction::BeneGesserit || place->normal != ForceCount{1} || place->special != ForceCount{0}) {
        out.push_back(violation(kPlacement, fmt::format("{} placed {} force(s) at setup: the Bene Gesserit place one ([LR] 2.02.08)", who,
                                                        (place->normal + place->special).value)));
      }
      const bool others = std::any_of(b.options.factions.begin(), b.options.factions.end(), [&](Faction x) {
        return x != Faction::BeneGesserit && territory_forces(b, x, territory) > 0;
      });
      want.board.advisors[index(territory)] = others;  // an advisor, a fighter when alone there (fact sheet §6.1)
    }
    put(place->cell, place->normal, place->special);
    basic_bene_gesserit_start(t, want);  // the Fremen's last placement closes the setup placement
    expect_pieces(kPlacement, want, t.after, fmt::format("{}'s placement of {} in {}", who, (place->normal + place->special).value,
                                                         to_string(territory)), out);
    return decided(kPlacement, std::move(out));
  }
  // The shipment from off-planet by another seat that the advisor answers.
  const Envelope* shipment = last_command(b, [&](const Envelope& x) { return x.seat != seat && std::holds_alternative<Ship>(x.command); });
  if (f != Faction::BeneGesserit || !shipment) {
    out.push_back(violation(kPlacement, fmt::format("{} sent a spiritual advisor without another faction's shipment ([LR] 2.02.05)", who)));
    return decided(kPlacement, std::move(out));
  }
  const CellId shipped_to = std::get<Ship>(shipment->command).to;
  const TerritoryId there = cell_info(shipped_to).territory;
  // [LR] 2.02.05 ✷, 3.01.11.01: with another seat's standing Karama order ready against it, the
  // sending is cancelled as it is made: nothing is sent, and the order's card goes to the discard
  // (oracle.karama-cancel checks the card).
  const auto ready = send->to == AdvisorDestination::None
                         ? std::vector<Seat>{}
                         : karama_ready(b, seat, KaramaAbility::BeneGesseritSpiritualAdvisors);
  if (!ready.empty()) {
    want.seat(ready.front()).hand = t.after.seat(ready.front()).hand;
    want.treachery.discard = t.after.treachery.discard;
    expect_pieces(kPlacement, want, t.after, fmt::format("the spiritual advisor after the shipment into {}, cancelled by a Karama", to_string(there)), out);
    return decided(kPlacement, std::move(out));
  }
  switch (send->to) {
    case AdvisorDestination::None: break;
    case AdvisorDestination::PolarSink: put(kPolarSinkCell, ForceCount{1}, ForceCount{0}); break;
    case AdvisorDestination::ShipmentCell: {
      const bool fighters = territory_forces(b, Faction::BeneGesserit, there) > 0 && !b.board.advisors[index(there)];
      if (!b.options.rules.bene_gesserit_advisors || fighters) {
        out.push_back(violation(kPlacement, fmt::format("an advisor joined the shipment into {}: only in the Advanced game and where no Bene "
                                                        "Gesserit fighters are ([LR] 2.02.11)", to_string(there))));
      }
      put(shipped_to, ForceCount{1}, ForceCount{0});
      want.board.advisors[index(there)] = true;
      break;
    }
  }
  expect_pieces(kPlacement, want, t.after, fmt::format("the spiritual advisor after the shipment into {}", to_string(there)), out);
  return decided(kPlacement, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

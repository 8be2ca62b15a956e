// The choice oracles (oracle.choices): the commands that only record a decision (a standing
// choice, a prediction, a traitor kept, a proposal, a battle named) record exactly what they
// name, and nothing else changes: no force, spice, card in hand, traitor or leader moves. A step
// with more than one log entry (the phase moved on inside it) is skipped and counted.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/oracle_support.h"

namespace dune::invariants::oracle_detail {
namespace {

// What every choice leaves as it was ([LR] 1.00-1.10: recording a choice moves nothing).
void frame(const Transition& t, std::string_view what, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string_view moved) {
    out.push_back(violation(kChoices, fmt::format("{} moved {}", what, moved)));
  };
  if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("forces on the board");
  if (a.board.spice != b.board.spice || a.bank != b.bank) fault("spice on the board or in the bank");
  if (a.leaders != b.leaders) fault("a leader");
  if (a.treachery.discard != b.treachery.discard) fault("a Treachery card to the discard");
  for (std::size_t i = 0; i < b.seat_count(); ++i) {
    const SeatState& was = b.seats[i];
    const SeatState& is = a.seats[i];
    const std::string who(to_string(b.options.factions[i]));
    if (is.spice != was.spice || is.in_front_of_shield != was.in_front_of_shield) fault(who + "'s spice");
    if (is.hand != was.hand) fault(who + "'s hand");
    if (is.reserves_normal != was.reserves_normal || is.reserves_special != was.reserves_special ||
        is.tanks_normal != was.tanks_normal || is.tanks_special != was.tanks_special) {
      fault(who + "'s reserves or Tanks");
    }
  }
}

}  // namespace

Violations choices(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (!e) return {};
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = e->seat;
  const SeatState& is = a.seat(seat);
  Violations out;
  const auto expect = [&](bool held, std::string what) {
    if (!held) out.push_back(violation(kChoices, fmt::format("{}: {}", name_of(b, seat), what)));
  };
  // Each choice's record, or nullptr when the command is not a recording choice.
  const char* kind = std::visit(
      [&](const auto& c) -> const char* {
        using C = std::decay_t<decltype(c)>;
        if constexpr (std::is_same_v<C, ChooseTraitor>) {
          // [LR] 1.00 (setup, traitors): one of the four dealt is kept, the others leave the hand.
          const auto& offer = b.seat(seat).traitor_offer;
          expect(std::find(offer.begin(), offer.end(), c.card) != offer.end(), "kept a traitor it was not dealt");
          expect(std::find(is.traitors.begin(), is.traitors.end(), c.card) != is.traitors.end() &&
                     is.traitors.size() == b.seat(seat).traitors.size() + 1 && is.traitor_offer.empty(),
                 "does not hold exactly the traitor it kept, the rest of the offer gone");
          return "ChooseTraitor";
        } else if constexpr (std::is_same_v<C, Predict>) {
          expect(a.prediction == Prediction{c.faction, c.turn}, "the prediction recorded is not the one made ([LR] 2.02.03)");
          return "Predict";
        } else if constexpr (std::is_same_v<C, AllySpice>) {
          expect(is.ally_spice_limit == c.limit, "the spice it lets its ally spend is not the one it set ([LR] 1.10.02.06)");
          return "AllySpice";
        } else if constexpr (std::is_same_v<C, ProtectAllyFromWorms>) {
          expect(is.protects_ally_from_worms == c.protect, "the worm protection recorded is not the one chosen ([LR] 2.04.10)");
          return "ProtectAllyFromWorms";
        } else if constexpr (std::is_same_v<C, GrantAllyFreeRevivals>) {
          expect(is.grants_ally_free_revivals == c.grant, "the free-revival grant recorded is not the one chosen ([LR] 2.04.11)");
          return "GrantAllyFreeRevivals";
        } else if constexpr (std::is_same_v<C, SetRedrawPolicy>) {
          expect(a.nexus.redraw[seat.value] == c.policy, "the redraw policy recorded is not the one set (seed 000)");
          return "SetRedrawPolicy";
        } else if constexpr (std::is_same_v<C, ArmKarama>) {
          expect(a.karama.armed[seat.value] == c.ability, "the Karama standing order recorded is not the one given");
          return "ArmKarama";
        } else if constexpr (std::is_same_v<C, ProposeAlliance>) {
          const std::pair<Faction, Faction> p{b.faction_of(seat), c.with};
          expect(std::find(a.blow.proposals.begin(), a.blow.proposals.end(), p) != a.blow.proposals.end(),
                 "its proposal is not on record ([LR] 1.10.01.02)");
          return "ProposeAlliance";
        } else {
          return nullptr;
        }
      },
      e->command);
  if (!kind) return {};
  if (!single_step(t)) return skipped(kChoices);
  // The last traitor kept opens the placement: in Basic the Bene Gesserit's one fighter goes to
  // the Polar Sink by itself ([LR] 2.02.02); the Fremen and Advanced Bene Gesserit place later.
  const auto bg = b.seat_of(Faction::BeneGesserit);
  const bool traitors_kept = std::all_of(a.seats.begin(), a.seats.end(), [](const SeatState& x) { return x.traitor_offer.empty(); });
  if (std::holds_alternative<ChooseTraitor>(e->command) && traitors_kept && bg && !b.options.rules.bene_gesserit_advisors &&
      territory_forces(b, Faction::BeneGesserit, TerritoryId::PolarSink) == 0 && a.step != Step::SetupFremenPlacement) {
    GameState placed = b;
    placed.board.normal[index(kPolarSinkCell)][index(Faction::BeneGesserit)] += ForceCount{1};
    placed.seat(*bg).reserves_normal -= ForceCount{1};
    frame(Transition{placed, t.entry, a, t.index}, kind, out);
    return decided(kChoices, std::move(out));
  }
  frame(t, kind, out);
  return decided(kChoices, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

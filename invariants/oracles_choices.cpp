// The choice oracles (oracle.choices): the commands that only record a decision (a standing
// choice, a prediction, a traitor kept, a proposal, an alliance formed or broken, a battle named,
// the Guild's timing) record exactly what they name, and nothing else changes: no force, spice,
// card in hand, traitor or leader moves ([LR] 1.00-1.10: recording a choice moves nothing). A
// step with more than one log entry (the phase moved on inside it) is skipped and counted.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"

namespace dune::invariants::oracle_detail {
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
  // Whether another seat's standing Karama order stood ready against the Tleilaxu's `ability` as
  // they used it (one source, [TO]; 3.01.11.01): the use is then cancelled, and exactly then a
  // Karama against it is played.
  const auto karama_stops = [&](KaramaAbility ability, std::string_view what) {
    const bool ready = b.faction_of(seat) == Faction::Tleilaxu && !karama_ready(b, seat, ability).empty();
    const auto added = added_cancels(b, a);
    const bool played = std::any_of(added.begin(), added.end(), [&](const KaramaCancel& k) { return k.ability == ability; });
    if (ready && !played) expect(false, fmt::format("another seat's Karama order stood ready against its {}, and none was played (3.01.11.01)", what));
    if (played && !ready) expect(false, fmt::format("a Karama was played against its {} with no order ready", what));
    return ready;
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
        } else if constexpr (std::is_same_v<C, Bid>) {
          // [LR] 1.04.06: a bid that does not buy the lot stands as the high bid; a sale is
          // oracle.bid-payment's (one that leaves the lot in the row opens a Nexus window on it, or
          // the Ixians' ally's card replacement, E1).
          const auto& lots = b.bidding.lots;
          if (lots.empty() || std::find(a.bidding.lots.begin(), a.bidding.lots.end(), lots.front()) == a.bidding.lots.end()) return nullptr;
          if ((a.nexus.window && !b.nexus.window) || a.step == Step::AllyCardReplacement) return nullptr;
          expect(a.bidding.high_bidder == seat && a.bidding.high_bid == c.amount && a.bidding.high_bid_karama == c.karama,
                 fmt::format("its bid of {} does not stand as the high bid ([LR] 1.04.06)", c.amount.value));
          return "Bid";
        } else if constexpr (std::is_same_v<C, DialStorm>) {
          // [LR] 1.01.02: a dial is kept secret until every dialer has dialed; the last dial sets
          // the storm's movement to the sum of the dials, which the storm card window may still
          // change before the storm moves (3.01.23). Where the storm goes and what it destroys is
          // oracle.storm-damage's, which checks the same sum when the storm moves in this step.
          // Decided here while the storm waits: for the other dial, or in the storm card window.
          if (a.phase != Phase::Storm || (a.step != Step::StormDial && a.step != Step::StormCardWindow) || a.chance) return nullptr;
          if (!a.storm.movement) {
            expect(a.storm.dials[seat.value] == c.amount, fmt::format("its storm dial of {} is not the one recorded ([LR] 1.01.02)", c.amount));
          } else {
            const int sum = storm_dial_sum(b, seat, c.amount);
            expect(*a.storm.movement == sum, fmt::format("the dials add up to {}, but the storm is set to move {} ([LR] 1.01.02)", sum, *a.storm.movement));
          }
          return "DialStorm";
        } else if constexpr (std::is_same_v<C, PlanBattle> || std::is_same_v<C, DialBattle>) {
          // [LR] 1.07.04: a plan part is committed secretly, as made, and both plans are revealed
          // together (1.07.05); the resolution is the battle oracles' (a step that resolves the
          // battle is theirs).
          const auto& bb = a.battle;
          const bool fighting = bb.combatants[0] == seat || bb.combatants[1] == seat;
          if (!fighting || b.battle.stage == BattleStage::None || bb.territory != b.battle.territory || battle_resolved(t)) return nullptr;
          const std::size_t side = bb.combatants[0] == seat ? 0 : 1;
          if (bb.revealed) {
            expect(bb.plans[0] && bb.wheels[0] && bb.plans[1] && bb.wheels[1],
                   "the plans are revealed before both combatants committed both parts ([LR] 1.07.05)");
          }
          if constexpr (std::is_same_v<C, PlanBattle>) {
            expect(bb.plans[side] == c, "the battle plan committed is not the one made ([LR] 1.07.04)");
            return "PlanBattle";
          } else {
            expect(bb.wheels[side] == c, "the battle wheel committed is not the one dialed ([LR] 1.07.04)");
            return "DialBattle";
          }
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
        } else if constexpr (std::is_same_v<C, RaiseRevivalLimit>) {
          // A raise above the printed 3 is the Tleilaxu's ability: another seat's standing Karama
          // order ready against it cancels it, and the limit stays (one source, [TO]).
          const auto target = b.seat_of(c.faction);
          if (c.limit.value > 3 && karama_stops(KaramaAbility::TleilaxuRaisedRevivalLimits, "raise of a revival limit")) {
            expect(target && force_revival_limit(a, *target) == force_revival_limit(b, *target),
                   "a revival limit raised although a Karama cancelled the raise (one source: [TO]; 3.01.11.01)");
          } else {
            expect(force_revival_limit(a, *a.seat_of(c.faction)) == c.limit.value,
                   "the revival limit recorded is not the one the Tleilaxu set (fact sheet §5.2)");
          }
          return "RaiseRevivalLimit";
        } else if constexpr (std::is_same_v<C, OfferLeaderRevival>) {
          const auto owner = leader_owner(b, c.leader);
          const auto target = owner ? a.seat_of(*owner) : std::nullopt;
          if (karama_stops(KaramaAbility::TleilaxuEarlyLeaderRevival, "offer of an early leader revival")) {
            expect(a.revival.early_offers == b.revival.early_offers,
                   "an early leader revival offer recorded although a Karama cancelled it (one source: [TO]; 3.01.11.01)");
          } else {
            expect(target && a.revival.early_offers[target->value] == EarlyRevivalOffer{c.leader, c.price},
                   "the early leader revival offer recorded is not the one the Tleilaxu made (docs/rules/tleilaxu.md §4.4)");
          }
          return "OfferLeaderRevival";
        } else if constexpr (std::is_same_v<C, SetRedrawPolicy>) {
          expect(a.nexus.redraw[seat.value] == c.policy, "the redraw policy recorded is not the one set (seed 000)");
          return "SetRedrawPolicy";
        } else if constexpr (std::is_same_v<C, ArmKarama>) {
          expect(a.karama.armed[seat.value] == c.ability, "the Karama standing order recorded is not the one given");
          return "ArmKarama";
        } else if constexpr (std::is_same_v<C, AcceptAlliance>) {
          // [LR] 1.10.01.02-04: the two form one alliance; every other proposal from or to either lapses.
          const Faction me = b.faction_of(seat);
          const auto allied = [&](Faction x, Faction y) {
            return std::any_of(a.alliances.begin(), a.alliances.end(),
                               [&](const Alliance& al) { return (al.a == x && al.b == y) || (al.a == y && al.b == x); });
          };
          const auto proposer = b.seat_of(c.proposer);
          expect(proposer && allied(me, c.proposer) && a.alliances.size() == b.alliances.size() + 1 &&
                     is.ally == c.proposer && a.seat(*proposer).ally == me,
                 fmt::format("accepting {}'s proposal did not form exactly that alliance ([LR] 1.10.01.02)", to_string(c.proposer)));
          expect(std::none_of(a.blow.proposals.begin(), a.blow.proposals.end(),
                              [&](const auto& p) { return p.first == me || p.second == me || p.first == c.proposer || p.second == c.proposer; }),
                 "a proposal from or to a new ally still stands ([LR] 1.10.01.04: at most two per alliance)");
          return "AcceptAlliance";
        } else if constexpr (std::is_same_v<C, BreakAlliance>) {
          // [LR] 1.10.01.06: the alliance ends for both partners; no other alliance changes.
          const Faction me = b.faction_of(seat);
          const auto partner = b.seat(seat).ally;
          const bool gone = std::none_of(a.alliances.begin(), a.alliances.end(), [&](const Alliance& al) { return al.a == me || al.b == me; });
          expect(partner && gone && a.alliances.size() + 1 == b.alliances.size() && !is.ally && b.seat_of(*partner) &&
                     !a.seat(*b.seat_of(*partner)).ally,
                 "breaking its alliance did not end exactly that alliance for both partners ([LR] 1.10.01.06)");
          return "BreakAlliance";
        } else if constexpr (std::is_same_v<C, ChooseBattle>) {
          // [LR] 1.07.02-03: the aggressor fights the battle it named, against the opponent it named.
          const auto opponent = b.seat_of(c.opponent);
          expect(opponent && a.battle.territory == c.territory && a.battle.combatants == std::array<Seat, 2>{seat, *opponent} &&
                     a.battle.stage != BattleStage::None && a.battle.stage != BattleStage::Choose,
                 fmt::format("the battle under way is not the one it chose, in {} against {} ([LR] 1.07.02)", to_string(c.territory),
                             to_string(c.opponent)));
          return "ChooseBattle";
        } else if constexpr (std::is_same_v<C, GuildActNow>) {
          // [LR] 2.06.12.02: the Guild takes its turn now, shipment first. A Karama cancel of the
          // timing (3.01.11.01) is oracle.karama-cancel's to decide.
          const bool cancelled = a.karama.cancels.size() > b.karama.cancels.size();
          expect(cancelled || (a.step == Step::Shipment && pending(a) == std::vector<Seat>{seat}),
                 "acting now did not make the Guild's shipment the next decision ([LR] 2.06.12.02)");
          return "GuildActNow";
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
  // The last traitor kept may close the setup placement (no Fremen): the Basic Bene Gesserit's
  // fighter goes to the Polar Sink by itself then.
  GameState want = b;
  basic_bene_gesserit_start(t, want);
  // A Karama played against the Guild's timing as it acts goes to the discard (oracle.karama-cancel
  // decides which card; 3.01.11.01).
  for (const KaramaCancel& k : added_cancels(b, a)) {
    want.seat(k.by).hand = a.seat(k.by).hand;
    want.treachery.discard = a.treachery.discard;
  }
  expect_pieces(kChoices, want, a, kind, out);
  return decided(kChoices, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

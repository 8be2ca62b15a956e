// The Ixians Nexus card's native panels (see invariants/nexus_contracts.h; the checker table is
// invariants/nexus_contracts.cpp, the Secret Ally's contract invariants/nexus_contracts_expansion.cpp).
// Written from seed 000 (Ixians row; "Delayed effects outlive card custody": turn-long Suboid
// strength needs a saved receipt), not from engine/nexus/ixians.cpp, and recomputed from the pieces.
//
//   contract.ixians.betrayal  ("prevent either the Bidding advantage or Technology advantage; one
//            card cannot cancel both") by a seat other than the Ixians, naming the numbered attempt
//            of the Ixians' window then open, at most once in a turn's Bidding. Against the Bidding
//            advantage, before any lot of the phase is dealt: the row is dealt without the Ixians'
//            extra card (one lot for each seat below its hand limit, at most), nothing else moves,
//            nobody learns anything; the Ixians are not asked to select in that turn; the receipt
//            binds until the Bidding phase ends and is consumed then, not before. Against the
//            Technology advantage (offered on the auction's last lot alone: the seed leaves the
//            scope over several lots open), after the Ixians named a hand card to swap for the one
//            lot left (their newest SwapLot of the turn): no swap, the lot stays up as it was, the
//            card stays in their hand, nothing moves, and only the Atreides learn something (they
//            look at the lot now up, [LR] 2.01).
//   contract.ixians.cunning  ("before making one's battle plan, give every Suboid full unsupported
//            strength in all battles for the remainder of this turn") by the Ixians, in their own
//            battle while plans are made, before their plan: nothing moves, nobody learns anything;
//            the receipt binds until the Battle phase ends and is consumed then, not before. The
//            strength itself is decided by the oracles (oracle.legal-command, oracle.winner-choice:
//            oracle_support.cpp suboids_at_full_strength).
#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "engine/engine.h"
#include "invariants/nexus_contracts_detail.h"
#include "invariants/oracle_support.h"

namespace dune::invariants::contract_detail {

using namespace oracle_detail;

namespace {

constexpr std::string_view kBetrayal = "contract.ixians.betrayal";
constexpr std::string_view kCunning = "contract.ixians.cunning";

bool pieces_unchanged(const GameState& b, const GameState& a) {
  if (b.board != a.board || b.bank != a.bank) return false;
  for (std::size_t i = 0; i < b.seat_count(); ++i) {
    const SeatState& x = b.seats[i];
    const SeatState& y = a.seats[i];
    if (x.spice != y.spice || x.hand != y.hand || x.reserves_normal != y.reserves_normal || x.reserves_special != y.reserves_special ||
        x.tanks_normal != y.tanks_normal || x.tanks_special != y.tanks_special) {
      return false;
    }
  }
  return true;
}

// A delayed receipt of the card in `mode` binds until the end of the phase it was committed in:
// it is consumed exactly as that phase ends (the game leaves it, or waits between it and the next
// in E1's Amal window), never earlier.
void consumed_with_its_phase(std::string_view name, NexusMode mode, const Transition& t, Violations& out) {
  const auto& was = t.before.nexus.receipts;
  const auto& is = t.after.nexus.receipts;
  for (std::size_t i = 0; i < was.size() && i < is.size(); ++i) {
    const NexusReceipt& r = was[i];
    if (r.card.faction != Faction::Ixians || r.mode != mode || !r.delayed || r.consumed == is[i].consumed) continue;
    const bool left = t.after.phase != r.phase || t.after.turn != r.turn || t.after.step == Step::AmalWindow;
    const bool phase_over = t.before.phase == r.phase && t.before.turn == r.turn && left;
    if (!is[i].consumed || !phase_over) {
      out.push_back({std::string(name), fmt::format("the Ixians {} receipt {} was consumed before its {} ended (seed 000: it binds for "
                                                    "the rest of it)", to_string(mode), r.id, to_string(r.phase))});
    }
  }
}

// The Betrayal of a Technology swap for the last lot: no swap, the lot up as it was, the card kept.
void technology_betrayed(const Transition& t, TreacheryCardId named, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto ixians = *b.seat_of(Faction::Ixians);
  if (!std::ranges::equal(a.bidding.lots, b.bidding.lots)) {
    out.push_back({std::string(kBetrayal), "the lot up for bid changed after an Ixians Betrayal of their Technology swap (seed 000: the swap is prevented)"});
  }
  if (std::ranges::find(a.seat(ixians).hand, named) == a.seat(ixians).hand.end()) {
    out.push_back({std::string(kBetrayal), fmt::format("the Ixians gave up {} although a Betrayal prevented their Technology swap (seed 000)",
                                                       card_type(named).name)});
  }
  if (!pieces_unchanged(b, a)) out.push_back({std::string(kBetrayal), "an Ixians Betrayal moved cards, forces or spice"});
  const auto atreides = b.seat_of(Faction::Atreides);
  for (const Sighting& x : new_sightings(t)) {
    const bool look = atreides && x.seat == *atreides && x.kind == SeenKind::TreacheryCard && !a.bidding.lots.empty() && x.id == a.bidding.lots.front().value;
    if (!look) out.push_back({std::string(kBetrayal), "somebody but the Atreides (looking at the lot up) learned something from an Ixians Betrayal"});
  }
}

int seats_below_hand_limit(const GameState& s) {
  int n = 0;
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) n += s.seat(Seat{i}).hand.size() < hand_limit(s.faction_of(Seat{i})) ? 1 : 0;
  return n;
}

}  // namespace

Violations ixians_betrayal(const Transition& t, const GameContext&) {
  Violations out;
  consumed_with_its_phase(kBetrayal, NexusMode::Betrayal, t, out);
  if (t.after.step == Step::IxCardSelection && t.before.step != Step::IxCardSelection && ixians_selection_betrayed(t.after)) {
    out.push_back({std::string(kBetrayal), "the Ixians are asked to select from the row in a turn when a Betrayal prevented it (seed 000)"});
  }
  // The play closes the window the row's deal waited for: the lots may be drawn in the same step.
  const auto* p = command_of<PlayNexus>(t);
  if (!p || p->card.faction != Faction::Ixians || p->mode != NexusMode::Betrayal || !others_only_draws(t, {ChanceKind::TreacheryLot})) {
    return out;
  }
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  if (played_this_turn(b, Faction::Ixians, NexusMode::Betrayal, Phase::Bidding)) {
    out.push_back({std::string(kBetrayal), "a second Ixians Betrayal in one Bidding phase (seed 000: one card cannot cancel both advantages)"});
  }
  const bool named = b.seat_of(Faction::Ixians) == seat || !b.seat_of(Faction::Ixians) || b.nexus.window != Faction::Ixians ||
                     p->answers == 0 || p->answers != b.nexus.window_attempt;
  if (const auto swap = technology_named(b); swap && b.phase == Phase::Bidding && b.bidding.lots.size() == 1) {
    technology_betrayed(t, *swap, out);
    if (named) {
      out.push_back({std::string(kBetrayal), fmt::format("{}'s Ixians Betrayal of the Technology swap is not another seat's answer to the "
                                                         "Ixians' window, naming its attempt (seed 000)", name_of(b, seat))});
    }
    return out;
  }
  const bool before_the_row = b.phase == Phase::Bidding && b.bidding.lots.empty() && b.bidding.lot == 0 && b.bidding.lots_total == 0;
  if (named || !before_the_row) {
    out.push_back({std::string(kBetrayal), fmt::format("{}'s Ixians Betrayal does not answer the Ixians' selection as the Bidding row is "
                                                       "about to be dealt, nor their Technology swap for the last lot, naming its attempt "
                                                       "(seed 000)", name_of(b, seat))});
  }
  if (a.bidding.lots_total > seats_below_hand_limit(b)) {
    out.push_back({std::string(kBetrayal), fmt::format("the row is dealt {} lots after an Ixians Betrayal: at most one per seat below its "
                                                       "hand limit, {}, with no extra card (seed 000: the Bidding advantage prevented)",
                                                       a.bidding.lots_total, seats_below_hand_limit(b))});
  }
  if (!pieces_unchanged(b, a)) out.push_back({std::string(kBetrayal), "an Ixians Betrayal moved cards, forces or spice"});
  // (With the row dealt in the same step, the Atreides look at the first lot: [LR] 2.01.)
  if (single_step(t) && !new_sightings(t).empty()) out.push_back({std::string(kBetrayal), "somebody learned something from an Ixians Betrayal"});
  return out;
}

Violations ixians_cunning(const Transition& t, const GameContext&) {
  Violations out;
  consumed_with_its_phase(kCunning, NexusMode::Cunning, t, out);
  if (!play_of(t, Faction::Ixians, NexusMode::Cunning)) return out;
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  const BattleState& bt = b.battle;
  const bool fights = bt.combatants[0] == seat || bt.combatants[1] == seat;
  const auto side = static_cast<std::size_t>(bt.combatants[0] == seat ? 0 : 1);
  const bool making = b.step == Step::Battle && (bt.stage == BattleStage::Plans || bt.stage == BattleStage::PrescienceAnswer);
  if (b.seat_of(Faction::Ixians) != seat || !fights || !making || bt.plans[side] || bt.wheels[side]) {
    out.push_back({std::string(kCunning), fmt::format("the Ixians Cunning was played by {} outside the Ixians' own battle before their "
                                                      "plan (seed 000)", name_of(b, seat))});
  }
  if (!pieces_unchanged(b, t.after)) out.push_back({std::string(kCunning), "the Ixians Cunning moved cards, forces or spice"});
  if (!new_sightings(t).empty()) out.push_back({std::string(kCunning), "somebody learned something from the Ixians Cunning"});
  return out;
}

}  // namespace dune::invariants::contract_detail

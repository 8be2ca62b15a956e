#include "invariants/conservation.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "model/board.h"
#include "model/factions.h"

namespace dune::invariants {

Spice spice_total(const GameState& s) {
  Spice total = s.bank;
  for (const SeatState& seat : s.seats) total += seat.spice + seat.in_front_of_shield;
  for (Spice on_cell : s.board.spice) total += on_cell;
  return total;
}

Violations check_spice_ledger(const GameState& s, Spice opening_total) {
  const Spice total = spice_total(s);
  if (total != opening_total) {
    return {{"conservation.spice", fmt::format("the spice ledger adds up to {}, not the opening {} (bank {})",
                                               total.value, opening_total.value, s.bank.value)}};
  }
  return {};
}

// A seat may bid while its Treachery hand is below the printed limit ([LR] 1.04.01, fact sheet
// §5.2); a held Nexus card is no Treachery card and takes no slot (seed 000, item 1).
bool below_hand_limit(const GameState& s, std::size_t seat) {
  return static_cast<int>(s.seats[seat].hand.size()) < faction_info(s.options.factions[seat]).hand_limit;
}

Violations check_bidding_capacity(const GameState& before, const GameState& after) {
  if (after.phase != Phase::Bidding) return {};
  Violations out;
  // The row of lots is dealt when the phase opens, or when the Ixians Nexus card's Betrayal window
  // that opens with it closes: one card per seat below its limit, one more with the Ixians seated
  // (E1, ixians.md §5), fewer only when the Treachery deck and its discard run out.
  const auto row_waits = [](const GameState& s) {
    return s.nexus.window == Faction::Ixians && s.bidding.lots_total == 0 && s.bidding.lots.empty() && s.bidding.lot == 0;
  };
  if ((before.phase != Phase::Bidding || row_waits(before)) && !row_waits(after)) {
    int bidders = 0;
    for (std::size_t i = 0; i < after.seat_count(); ++i) bidders += below_hand_limit(after, i) ? 1 : 0;
    // ... unless a Karama (2 sources) or the Ixians Nexus card's Betrayal (seed 000) stopped the
    // Ixians' selection as the row was dealt.
    const auto& seated = after.options.factions;
    const bool ixians = std::find(seated.begin(), seated.end(), Faction::Ixians) != seated.end();
    const bool stopped = std::any_of(after.karama.cancels.begin(), after.karama.cancels.end(), [&](const KaramaCancel& k) {
      return k.ability == KaramaAbility::IxiansBiddingSelection && k.turn == after.turn;
    }) || std::any_of(after.nexus.receipts.begin(), after.nexus.receipts.end(), [&](const NexusReceipt& r) {
      return r.card.faction == Faction::Ixians && r.mode == NexusMode::Betrayal && r.turn == after.turn && r.phase == Phase::Bidding;
    });
    const int due = bidders + (bidders > 0 && ixians && !stopped ? 1 : 0);
    const bool exhausted = after.treachery.deck.empty() && after.treachery.discard.empty();
    if (after.bidding.lots_total != due && !(exhausted && after.bidding.lots_total < due)) {
      out.push_back({"capacity.bidding", fmt::format("the auction deals {} lots, but {} seats are below their Treachery hand limit{} "
                                                     "([LR] 1.04.01; a Nexus card takes no slot)", after.bidding.lots_total, bidders,
                                                     !ixians ? ""
                                                     : stopped ? ", and a Karama or a Betrayal stopped the Ixians' extra lot (ixians.md §5)"
                                                               : ", and the Ixians seated deal one more (ixians.md §5)")});
    }
  }
  // During a Harkonnen hand exchange ([LR] 1.14.04) the Harkonnen are awaited to give cards back,
  // not to bid; in a Nexus card's window the seats holding one, to play it or pass (a Nexus card
  // takes no slot).
  for (Seat s : pending(after)) {
    if (after.step == Step::Bidding && !after.karama.exchange && !after.nexus.window && !below_hand_limit(after, s.value)) {
      out.push_back({"capacity.bidding", fmt::format("{} is asked to bid with {} Treachery cards, at its limit ([LR] 1.04.01)",
                                                     to_string(after.faction_of(s)), after.seat(s).hand.size())});
    }
  }
  return out;
}

}  // namespace dune::invariants

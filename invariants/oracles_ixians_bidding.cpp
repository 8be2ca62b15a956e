// E1 Ixians' bidding abilities' oracle (oracle.ixian-bidding; docs/rules/ixians.md §5, §6; the
// README's rules-status row "Ixians faction"), recomputed from the digest, not the engine:
// - the ally's card replacement (§6, 2 sources; open question Q10, [DB]'s reading: the ally's own
//   right): a lot the Ixians' ally just bought (paid, or taken with Karama) waits first in the row
//   for the ally's answer (Step::AllyCardReplacement); a lot anyone else bought goes to its hand.
//   The answer is the ally's alone: ReplaceBoughtCard sends the lot to the Treachery discard and
//   deals the ally the next deck card (lot_replacement_faults), Pass hands the lot over.
// The Ixians' own selection of the lots (§5) is not built: nothing to decide yet.
#include <fmt/format.h>

#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/command_steps.h"

namespace dune::invariants::oracle_detail {

Violations ixian_bidding(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto ixians = b.seat_of(Faction::Ixians);
  if (!ixians || !owns_step(t) || b.bidding.lots.empty()) return {};
  const std::optional<Seat> ally = ally_seat(b, *ixians);
  const Envelope* e = envelope_of(t);
  if (!e || is_standing_command(e->command) || is_any_time_command(e->command)) return {};
  const TreacheryCardId lot = b.bidding.lots.front();
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kIxianBidding, std::move(what))); };
  if (b.step == Step::AllyCardReplacement) {
    const Seat seat = e->seat;
    if (seat != ally || b.bidding.high_bidder != seat) {
      fault(fmt::format("{} answered on the bought lot: the Ixians' ally that bought it alone answers (ixians.md §6)", name_of(b, seat)));
    }
    if (std::holds_alternative<ReplaceBoughtCard>(e->command)) {
      for (std::string& why : lot_replacement_faults(t, seat)) fault(why + " (ixians.md §6)");
    } else if (!holds(a.seat(seat), lot)) {
      fault(fmt::format("{} kept the card it bought, which is not in its hand", name_of(b, seat)));
    }
    if (a.step == Step::AllyCardReplacement) fault("the replacement is asked again after the answer");
    return decided(kIxianBidding, std::move(out));
  }
  if (b.step != Step::Bidding) return {};
  if (a.step == Step::AllyCardReplacement) {
    const bool right = ally && a.bidding.high_bidder == ally && !a.bidding.lots.empty() && a.bidding.lots.front() == lot;
    if (!right) {
      fault(fmt::format("the card replacement is asked of {}: only of the Ixians' ally, on the lot it just bought (ixians.md §6)",
                        a.bidding.high_bidder ? name_of(b, *a.bidding.high_bidder) : std::string("nobody")));
    }
    return decided(kIxianBidding, std::move(out));
  }
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    if (holds(b.seat(Seat{i}), lot) || !holds(a.seat(Seat{i}), lot)) continue;
    if (Seat{i} == ally) fault(fmt::format("{} took the lot it bought without being asked whether to replace it (ixians.md §6)", name_of(b, Seat{i})));
    return decided(kIxianBidding, std::move(out));
  }
  return {};
}

}  // namespace dune::invariants::oracle_detail

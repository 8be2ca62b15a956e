// The Ixians Nexus family (seed 000, Ixians row). The Ixians faction is seated in slices
// (docs/rules/ixians-engine-plan.md) and its Betrayal (the Ixians seated) and Cunning (the Ixians'
// own) come last, in slice 7: until then no seat can play them (model/nexus_registry.h,
// native_panels_built).
//   Secret Ally (Ixians absent) "discard a just-purchased Bidding Treachery Card and take the next
//               Treachery deck card": a window on the bought lot, as it is bought (paid, or taken
//               with Karama) and before it is handed over (bidding.cpp, LotBought), awaiting the
//               buyer when it holds *a* Nexus card (the one hidden-reaction policy, README). The
//               buyer sees the card; the lot waits in the row. Played: the card goes face up to the
//               Treachery discard and the buyer is dealt the next Treachery deck card (a chance
//               step; the deck reshuffled from the discard first if it is empty), then the purchase
//               goes on (the Harkonnen free card, the next lot). Passed: the card is handed over.
// A Karama purchase is a purchase in Bidding: the window opens on it too. The Harkonnen free card
// is not a purchase: no window. The card's effect, not an Ixian ability: no Karama cancels it.
#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/nexus/family.h"
#include "model/nexus_registry.h"

namespace dune {

namespace {

bool owns_window(const GameState& state) { return state.nexus.window == Faction::Ixians && state.step == Step::Bidding; }

// The buyer, until it answers, when it holds a Nexus card.
std::vector<Seat> awaited(const GameState& state) {
  if (!owns_window(state) || !state.bidding.high_bidder) return {};
  const Seat buyer = *state.bidding.high_bidder;
  if (state.nexus.window_answered[buyer.value] || !holds_nexus_card(state, buyer)) return {};
  return {buyer};
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  if (c.mode != NexusMode::SecretAlly) {
    return reject(RejectCode::NotImplemented, "the Ixians {} cannot be played: {}", to_string(c.mode), kNativePanelsNotBuilt);
  }
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (!owns_window(state) || state.bidding.high_bidder != seat) {
    return reject(RejectCode::WrongPhase, "the Ixians Secret Ally is played on a Treachery Card you just bought in Bidding, before "
                  "it is handed over (seed 000)");
  }
  return std::nullopt;
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  if (mode != NexusMode::SecretAlly || !owns_window(state) || state.bidding.high_bidder != seat) return {};
  return plain_nexus_candidates(state, Faction::Ixians, mode);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  commit_nexus_play(state, seat, c, fmt::format("Bidding lot {}, turn {}", state.bidding.lot + 1, state.turn), "");
  close_nexus_step_window(state);
  replace_bought_lot(state);
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (!awaited(state).empty()) return;
  close_nexus_step_window(state);
  hand_over_bought_lot(state);
}

// LotBought: the window on the bought lot, the Ixians absent.
void on_hook(GameState& state, NexusHook hook) {
  if (hook == NexusHook::LotBought && !state.seat_of(Faction::Ixians)) open_nexus_step_window(state, Faction::Ixians, 0, awaited);
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry) { return nexus_play_in(entry, Faction::Ixians, NexusMode::SecretAlly); }

std::uint64_t card_replaced(const GameState&, const LogEntry& entry, const GameState&) { return play_in(entry) ? 1 : 0; }

std::uint64_t last_lot_replaced(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry) && before.bidding.lots.size() == 1 ? 1 : 0;
}

constexpr std::array kLotBought{NexusHook::LotBought};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally discarded a bought card and took the next Treachery deck card", 3,
                     "more games without the Ixians: the holder buys a lot", card_replaced},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally replaced the auction's last lot (the purchase goes on after the draw)", 1,
                     "more games without the Ixians: the holder buys the last lot", last_lot_replaced},
    NexusCoverageRow{NexusMode::SecretAlly, "the bought-lot window passed (the buyer keeps the card)", 3,
                     "more games where a seat holding a Nexus card buys a lot", step_window_passed<owns_window>},
};

constexpr std::array kBiddingStarts{
    NexusBiddingStart{"secret-ally", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 0,
                      "the Emperor holds the Ixians card (Secret Ally, the Ixians absent)", {2, 1, 1}},
    NexusBiddingStart{"secret-ally-harkonnen", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 1,
                      "the Harkonnen hold the Ixians card (Secret Ally, the Ixians absent); a bought card replaced, then the "
                      "Harkonnen free card", {1, 2, 1}},
};

constexpr std::array kScopes{
    NexusScope{"ixians-bidding",
               "turn 2's Bidding with the Ixians card held as Secret Ally (the Harkonnen, the Ixians absent): a bought card "
               "discarded and replaced by the next Treachery deck card, or kept",
               {}, {}, {}, {}, kBiddingStarts},
};

constexpr std::array<std::string_view, 2> kMutants{"nexus-ixian-card-kept", "nexus-ixian-no-replacement"};

}  // namespace

extern const NexusFamily kIxiansFamily{
    Faction::Ixians,
    "engine/nexus/ixians.cpp",
    {{{NexusMode::Betrayal, {}, ""},
      {NexusMode::Cunning, {}, ""},
      {NexusMode::SecretAlly, kLotBought, ""}}},
    on_hook,
    owns_window,
    awaited,
    pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"", "", "contract.ixians.secret-ally"},
};

}  // namespace dune

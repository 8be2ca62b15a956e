// The Ixians Nexus family (seed 000, Ixians row; the faction: docs/rules/ixians.md).
//   Betrayal    (the Ixians seated, another seat) "prevent either the Bidding advantage or Technology
//               advantage; one card cannot cancel both": against the Bidding advantage, a window as
//               the Bidding phase opens with the Ixians' selection due (bidding.cpp,
//               IxianSelectionDue), before the row is dealt, awaiting every seat but the Ixians
//               that holds *a* Nexus card (the one hidden-reaction policy, README). Played: the
//               selection is prevented for the phase (one lot per seat that may bid, no extra card,
//               no IxCardSelection): the receipt binds until the Bidding phase ends, as a Karama
//               against it would. Against the Technology advantage, on the auction's last lot alone:
//               a window as the Ixians name the card to swap for it (bidding.cpp, TechnologyOffered;
//               bidding.technology_offer holds the card), awaiting the same seats. Played: no swap,
//               the card stays in the Ixians' hand and the lot comes up as it was; the receipt acts
//               at once (not delayed). Passed: the swap is made. Before the last lot it is not
//               offered (the panel's not_offered text). One card cannot cancel both: it is discarded.
//   Cunning     (the Ixians) "before making one's battle plan, give every Suboid full unsupported
//               strength in all battles for the remainder of this turn": in the Ixians' own battle,
//               before their plan. A Suboid counts 1 (not ½) in every battle of the turn, never
//               needing spice (battle_plans.cpp tokens_of); the receipt binds until the Battle phase
//               ends (seed 000: "turn-long Suboid strength ... need saved receipts").
//   Secret Ally (Ixians absent) "discard a just-purchased Bidding Treachery Card and take the next
//               Treachery deck card": a window on the bought lot, as it is bought (paid, or taken
//               with Karama) and before it is handed over (bidding.cpp, LotBought), awaiting the
//               buyer when it holds *a* Nexus card (the one hidden-reaction policy, README). The
//               buyer sees the card; the lot waits in the row. Played: the card goes face up to the
//               Treachery discard and the buyer is dealt the next Treachery deck card (a chance
//               step; the deck reshuffled from the discard first if it is empty), then the purchase
//               goes on (the Harkonnen free card, the next lot). Passed: the card is handed over.
// A Karama purchase is a purchase in Bidding: the window opens on it too. The Harkonnen free card
// is not a purchase: no window. The card's effects are not Ixian abilities: no Karama cancels them.
#include <fmt/format.h>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"

namespace dune {

using battle_detail::side_of;

namespace {

bool owns_window(const GameState& state) { return state.nexus.window == Faction::Ixians && state.step == Step::Bidding; }

// The Betrayal windows (the Ixians seated): on the selection, or on the Technology swap offered for
// the last lot; otherwise the window is the Secret Ally's on a bought lot (the Ixians absent).
bool betrayal_window(const GameState& state) { return owns_window(state) && state.seat_of(Faction::Ixians).has_value(); }
bool technology_window(const GameState& state) { return betrayal_window(state) && state.bidding.technology_offer.has_value(); }
bool selection_window(const GameState& state) { return betrayal_window(state) && !state.bidding.technology_offer; }
bool lot_window(const GameState& state) { return owns_window(state) && !state.seat_of(Faction::Ixians); }

// A Betrayal window: every seat but the Ixians holding a Nexus card. The Secret Ally window: the
// buyer, until it answers, when it holds a Nexus card.
std::vector<Seat> awaited(const GameState& state) {
  if (betrayal_window(state)) return betrayal_window_awaited(state, Faction::Ixians);
  if (!lot_window(state) || !state.bidding.high_bidder) return {};
  const Seat buyer = *state.bidding.high_bidder;
  if (state.nexus.window_answered[buyer.value] || !holds_nexus_card(state, buyer)) return {};
  return {buyer};
}

// The Cunning: in the Ixians' own battle while plans are made, before their plan (seed 000).
std::optional<Rejection> validate_cunning(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  const BattleState& b = state.battle;
  const bool answering = b.stage == BattleStage::PrescienceAnswer && pending(state) == std::vector<Seat>{seat};
  if (state.step != Step::Battle || (b.stage != BattleStage::Plans && !answering) || !nexus_combatant(state, seat)) {
    return reject(RejectCode::WrongPhase, "the Ixians Cunning is played in the Ixians' own battle as the plans are made (seed 000)");
  }
  const auto side = static_cast<std::size_t>(side_of(state, seat));
  if (b.plans[side] || b.wheels[side]) {
    return reject(RejectCode::WrongPhase, "the Ixians Cunning comes before the Ixians make their battle plan (seed 000)");
  }
  return std::nullopt;
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal:
      if (!betrayal_window(state)) {
        return reject(RejectCode::WrongPhase, "the Ixians Betrayal prevents the Ixians' selection in the window that opens as the "
                      "Bidding row is about to be dealt, or their Technology swap for the auction's last lot as they offer it "
                      "(seed 000); not a swap before the last lot (README, Ixians row)");
      }
      return plain_nexus_play(c, state.nexus.window_attempt);
    case NexusMode::Cunning: return validate_cunning(state, seat, c);
    case NexusMode::SecretAlly:
      if (auto r = plain_nexus_play(c, 0)) return r;
      if (!lot_window(state) || state.bidding.high_bidder != seat) {
        return reject(RejectCode::WrongPhase, "the Ixians Secret Ally is played on a Treachery Card you just bought in Bidding, "
                      "before it is handed over (seed 000)");
      }
      return std::nullopt;
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  std::vector<Command> out = plain_nexus_candidates(state, Faction::Ixians, mode);
  if (validate(state, seat, std::get<PlayNexus>(out.front()))) return {};
  return out;
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal:
      if (technology_window(state)) {  // the swap is not made: the lot comes up as it was
        commit_nexus_play(state, seat, c, fmt::format("Bidding lot {}, turn {}", state.bidding.lot + 1, state.turn),
                          fmt::format("the Ixians' Technology, attempt {}", c.answers));
        close_nexus_step_window(state);
        finish_technology(state, /*prevented=*/true);
        return;
      }
      // the selection is prevented for the phase: the row is dealt without it
      commit_nexus_play(state, seat, c, fmt::format("Bidding, turn {}", state.turn),
                        fmt::format("the Ixians' selection, attempt {}", c.answers), /*delayed=*/true);
      close_nexus_step_window(state);
      deal_bidding_row(state);
      return;
    case NexusMode::Cunning:  // every Suboid at full strength in the turn's battles (tokens_of)
      commit_nexus_play(state, seat, c, nexus_battle_event(state), "", /*delayed=*/true);
      return;
    case NexusMode::SecretAlly:
      commit_nexus_play(state, seat, c, fmt::format("Bidding lot {}, turn {}", state.bidding.lot + 1, state.turn), "");
      close_nexus_step_window(state);
      replace_bought_lot(state);
      return;
  }
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (!awaited(state).empty()) return;
  const bool selection = selection_window(state);
  const bool technology = technology_window(state);
  close_nexus_step_window(state);
  if (technology) {
    finish_technology(state, /*prevented=*/false);
  } else if (selection) {
    deal_bidding_row(state);
  } else {
    hand_over_bought_lot(state);
  }
}

// IxianSelectionDue, TechnologyOffered: a Betrayal window, a numbered attempt. LotBought: the Secret Ally window, the
// Ixians absent. PhaseEnds: the receipts of this phase's Betrayal (Bidding) and Cunning (Battle)
// are consumed: their effect is over.
void on_hook(GameState& state, NexusHook hook) {
  switch (hook) {
    case NexusHook::IxianSelectionDue:
    case NexusHook::TechnologyOffered:
      open_nexus_attempt_window(state, Faction::Ixians, awaited);
      return;
    case NexusHook::LotBought:
      if (!state.seat_of(Faction::Ixians)) open_nexus_step_window(state, Faction::Ixians, 0, awaited);
      return;
    case NexusHook::PhaseEnds:
      consume_phase_receipts(state, Faction::Ixians);
      return;
    default:
      return;
  }
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry, NexusMode mode) { return nexus_play_in(entry, Faction::Ixians, mode); }

std::uint64_t selection_prevented(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::Betrayal) && selection_window(before) ? 1 : 0;
}

std::uint64_t swap_prevented(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::Betrayal) && technology_window(before) ? 1 : 0;
}

// A battle of the Ixians with Suboids in it revealed while their Cunning binds (counted on the
// step's command, once however many entries the step has).
std::uint64_t suboids_fought_at_full(const GameState& before, const LogEntry& entry, const GameState& after) {
  const auto ixians = before.seat_of(Faction::Ixians);
  if (!ixians || !std::holds_alternative<Envelope>(entry) || before.step != Step::Battle || before.battle.revealed || !after.battle.revealed || !nexus_combatant(before, *ixians) ||
      !nexus_effect_binds(before, Faction::Ixians, NexusMode::Cunning, Phase::Battle)) {
    return 0;
  }
  int suboids = 0;
  for (CellId c : before.battle.cells) suboids += before.board.normal[index(c)][index(Faction::Ixians)].value;
  return suboids > 0 ? 1 : 0;
}

std::uint64_t card_replaced(const GameState&, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::SecretAlly) ? 1 : 0;
}

std::uint64_t last_lot_replaced(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::SecretAlly) && before.bidding.lots.size() == 1 ? 1 : 0;
}

constexpr std::array kBetrayalOpens{NexusHook::IxianSelectionDue, NexusHook::TechnologyOffered};
constexpr std::array<NexusHook, 0> kDuringPlans{};  // Cunning: offered in the Plans stage, no window
constexpr std::array kLotBought{NexusHook::LotBought};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal prevented the Ixians' selection (the row dealt without the extra card)", 3,
                     "more games seating the Ixians: another seat holds the Ixians card as a Bidding phase opens", selection_prevented},
    NexusCoverageRow{NexusMode::Betrayal, "the selection's Betrayal window passed (the Ixians select)", 3,
                     "more games seating the Ixians where another seat holds a Nexus card as a Bidding phase opens",
                     step_window_passed<selection_window>},
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal prevented the Ixians' Technology swap for the auction's last lot", 1,
                     "more Advanced games seating the Ixians: they swap on the last lot while another seat holds the Ixians card",
                     swap_prevented},
    NexusCoverageRow{NexusMode::Betrayal, "the Technology's Betrayal window passed (the swap for the last lot made)", 3,
                     "more Advanced games seating the Ixians: they swap on the last lot while another seat holds a Nexus card",
                     step_window_passed<technology_window>},
    NexusCoverageRow{NexusMode::Cunning, "Cunning: an Ixian battle with Suboids revealed while their full strength binds", 3,
                     "more games seating the Ixians: they fight with Suboids while they hold their own card", suboids_fought_at_full},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally discarded a bought card and took the next Treachery deck card", 3,
                     "more games without the Ixians: the holder buys a lot", card_replaced},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally replaced the auction's last lot (the purchase goes on after the draw)", 1,
                     "more games without the Ixians: the holder buys the last lot", last_lot_replaced},
    NexusCoverageRow{NexusMode::SecretAlly, "the bought-lot window passed (the buyer keeps the card)", 3,
                     "more games where a seat holding a Nexus card buys a lot", step_window_passed<lot_window>},
};

constexpr std::array kBiddingStarts{
    NexusBiddingStart{"secret-ally", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 0,
                      "the Emperor holds the Ixians card (Secret Ally, the Ixians absent)", {2, 1, 1}},
    NexusBiddingStart{"secret-ally-harkonnen", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 1,
                      "the Harkonnen hold the Ixians card (Secret Ally, the Ixians absent); a bought card replaced, then the "
                      "Harkonnen free card", {1, 2, 1}},
};

constexpr std::array kTechnologyStarts{
    NexusBiddingStart{"technology-last-lot", {Faction::Ixians, Faction::Atreides, Faction::Harkonnen}, 5, 1,
                      "the Atreides hold the Ixians card (Betrayal, the Ixians seated) as the Ixians are asked whether to swap a "
                      "card for the last lot", {2, 1, 1}, true},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"cunning", {Faction::Ixians, Faction::Harkonnen, Faction::Emperor}, 3, 0,
                     "the Ixians hold the Ixians card (Cunning): three Suboids and a Cyborg against three Harkonnen forces", 3, 1},
};

constexpr std::array kScopes{
    NexusScope{"ixians-bidding",
               "turn 2's Bidding with the Ixians card held as Secret Ally (the Harkonnen, the Ixians absent): a bought card "
               "discarded and replaced by the next Treachery deck card, or kept",
               {}, {}, {}, {}, kBiddingStarts},
    NexusScope{"ixians-battle", "one battle of the Ixians with their Nexus card held as Cunning (Suboids at full strength)",
               kBattleStarts},
    NexusScope{"ixians-technology",
               "turn 2's last lot with the Ixians' Technology (Advanced rule) and the Ixians card held as Betrayal by the Atreides: "
               "the swap named, its window passed or the Betrayal played",
               {}, {}, {}, {}, kTechnologyStarts},
};

constexpr std::array<std::string_view, 6> kMutants{"nexus-ixian-card-kept", "nexus-ixian-no-replacement",
                                                    "nexus-ix-selection-betrayed-stands", "nexus-ix-cunning-uncounted",
                                                    "nexus-ix-technology-window-skipped", "nexus-ix-technology-betrayed-stands"};

}  // namespace

extern const NexusFamily kIxiansFamily{
    Faction::Ixians,
    "engine/nexus/ixians.cpp",
    {{{NexusMode::Betrayal, kBetrayalOpens,
       "not offered against a Technology swap before the auction's last lot, because seed 000 leaves the Betrayal's scope "
       "over several auction lots open: one swap prevented with lots after it would either end the Technology for the "
       "phase (an entire-phase cancellation, which the seed says not to infer from the word advantage) or let the Ixians "
       "swap again; on the last lot no lot follows, so it is offered there"},
      {NexusMode::Cunning, kDuringPlans, ""},
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
    {"contract.ixians.betrayal", "contract.ixians.cunning", "contract.ixians.secret-ally"},
};

}  // namespace dune

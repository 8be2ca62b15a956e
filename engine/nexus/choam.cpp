// The CHOAM Nexus family (seed 000, CHOAM row). The CHOAM faction is not playable yet (setup refuses
// it), so no seat can play its card as Betrayal (CHOAM seated) or Cunning (CHOAM's own): those
// panels wait for the faction (model/nexus_registry.h).
//   Secret Ally (CHOAM absent) "During Collection, trade a Worthless card for two spice;
//               alternatively after winning a battle privately inspect a random opposing held card
//               that was not used in that battle": two alternatives, each at its own point.
//     the trade       at the Spice Collection decision point, before one's answer (decision_point.cpp),
//                     naming a Worthless Treachery Card in one's hand (`treachery`): the card goes
//                     face up to the Treachery discard and the bank pays two spice.
//     the inspection  a window as a battle with a winner is over but for its captured leaders
//                     (battle_resolution.cpp, BattleWon: after the winner's losses and its choice of
//                     cards to keep, before captured leaders return and the Advanced Harkonnen
//                     capture), awaiting the winner when it holds *a* Nexus card and the loser holds
//                     a card (the one hidden-reaction policy, README; hand sizes are public, and the
//                     loser has discarded every card it played). Played: one of the cards the loser
//                     holds and did not use in the battle is picked at random (a chance step,
//                     ChanceKind::CardInspect) and seen by the winner alone (a sighting); no card
//                     moves. Passed, or once seen: the battle goes on (battle_won_over).
// The timing of the inspection among the winner's after-battle steps is our reading (rules-status
// table). The card's effect, not a CHOAM ability: no Karama cancels it.
#include <fmt/format.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/nexus/nexus.h"
#include "model/cards.h"

namespace dune {

namespace {

constexpr std::string_view kWaits =
    "the CHOAM faction is not playable yet: its Betrayal needs it seated and its Cunning its native player (setup refuses it; "
    "rules-status table)";

bool owns_window(const GameState& state) { return state.nexus.window == Faction::Choam && state.step == Step::Battle; }

bool worthless(TreacheryCardId c) { return card_type(c).classification == TreacheryClass::Worthless; }

// The winner, until it answers, when it holds a Nexus card and the loser holds a card.
std::vector<Seat> awaited(const GameState& state) {
  if (!owns_window(state) || !state.battle.winner) return {};
  const Seat winner = *state.battle.winner;
  if (state.nexus.window_answered[winner.value] || !holds_nexus_card(state, winner) || inspectable_cards(state).empty()) return {};
  return {winner};
}

bool collecting(const GameState& state, Seat seat) {
  return state.step == Step::Collection && !state.decision_point.answered[seat.value];
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  if (c.mode != NexusMode::SecretAlly) {
    return reject(RejectCode::NotImplemented, "the CHOAM {} cannot be played: {}", to_string(c.mode), kWaits);
  }
  if (auto r = plain_nexus_play(c, 0, kReadsTreachery)) return r;
  if (owns_window(state)) {
    if (state.battle.winner != seat || state.nexus.window_answered[seat.value]) {
      return reject(RejectCode::WrongPhase, "the CHOAM Secret Ally's inspection is the battle winner's, played once as the battle "
                    "is won (seed 000)");
    }
    if (c.treachery) {
      return reject(RejectCode::IllegalChoice, "the CHOAM Secret Ally's inspection names no card: one is picked at random (seed 000)");
    }
    return std::nullopt;
  }
  if (!collecting(state, seat)) {
    return reject(RejectCode::WrongPhase, "the CHOAM Secret Ally trades a Worthless card during Spice Collection, before you pass, "
                  "or inspects a card of the loser as you win a battle (seed 000)");
  }
  if (!c.treachery) return reject(RejectCode::IllegalChoice, "the CHOAM Secret Ally's trade names the Worthless card it trades");
  const auto& hand = state.seat(seat).hand;
  if (std::find(hand.begin(), hand.end(), *c.treachery) == hand.end()) {
    return reject(RejectCode::IllegalChoice, "you hold no {} to trade", card_type(*c.treachery).name);
  }
  if (!worthless(*c.treachery)) {
    return reject(RejectCode::IllegalChoice, "{} is not a Worthless card: the CHOAM Secret Ally trades a Worthless card (seed 000)",
                  card_type(*c.treachery).name);
  }
  return std::nullopt;
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  if (mode != NexusMode::SecretAlly) return {};
  if (owns_window(state)) {
    if (state.battle.winner != seat || state.nexus.window_answered[seat.value]) return {};
    return plain_nexus_candidates(state, Faction::Choam, mode);
  }
  if (!collecting(state, seat)) return {};
  std::vector<Command> out;
  for (TreacheryCardId c : state.seat(seat).hand) {
    if (!worthless(c)) continue;
    PlayNexus p{NexusCardId{Faction::Choam}, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}};
    p.treachery = c;
    out.push_back(p);
  }
  return out;
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  if (owns_window(state)) {
    commit_nexus_play(state, seat, c, nexus_battle_event(state), "");
    close_nexus_step_window(state);
    request_chance(state, PendingChance{ChanceKind::CardInspect, seat, 0});
    return;
  }
  commit_nexus_play(state, seat, c, fmt::format("Spice Collection, turn {}", state.turn), "");
  transfer(state.seat(seat).hand, state.treachery.discard, *c.treachery);  // face up: the discard is public
  receive_from_bank(state, seat, Spice{mutant_active(Mutant::NexusChoamTradePaysOne) ? 1 : 2});
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (!awaited(state).empty()) return;
  close_nexus_step_window(state);
  battle_detail::battle_won_over(state);
}

// BattleWon: the window on the battle won, CHOAM absent.
void on_hook(GameState& state, NexusHook hook) {
  if (hook == NexusHook::BattleWon && !state.seat_of(Faction::Choam)) open_nexus_step_window(state, Faction::Choam, 0, awaited);
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry) { return nexus_play_in(entry, Faction::Choam, NexusMode::SecretAlly); }

std::uint64_t traded(const GameState&, const LogEntry& entry, const GameState&) {
  const PlayNexus* p = play_in(entry);
  return p && p->treachery ? 1 : 0;
}

std::uint64_t inspected(const GameState&, const LogEntry& entry, const GameState&) {
  const auto* r = std::get_if<ChanceRecord>(&entry);
  return r && r->request.kind == ChanceKind::CardInspect ? 1 : 0;
}

constexpr std::array kBattleWon{NexusHook::BattleWon};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally traded a Worthless card for two spice in Spice Collection", 3,
                     "more games without CHOAM: the holder reaches Spice Collection holding a Worthless card", traded},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally inspected a random card of the battle's loser", 3,
                     "more games without CHOAM: the holder wins a battle against a seat holding cards", inspected},
    NexusCoverageRow{NexusMode::SecretAlly, "the window on a battle won passed (no inspection)", 1,
                     "more battles won by a seat holding a Nexus card against a seat holding cards", step_window_passed<owns_window>},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"secret-ally-winner", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 3, 1,
                     "the Harkonnen (the defender, who win) hold the CHOAM card (Secret Ally, CHOAM absent): one of the "
                     "Atreides' cards seen at random, or none", 3, 0, false, 2},
    NexusBattleStart{"secret-ally-loser", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 3, 0,
                     "the Atreides (the aggressor, who lose) hold the CHOAM card (Secret Ally, CHOAM absent): no window for "
                     "a loser"},
};

constexpr std::array kCollectionStarts{
    NexusCollectionStart{"secret-ally-trade", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 3, 1,
                         "the Harkonnen hold the CHOAM card (Secret Ally, CHOAM absent) and two Worthless cards", 2},
};

constexpr std::array kScopes{
    NexusScope{"choam-battle",
               "one battle with the CHOAM card held as Secret Ally by either combatant (CHOAM absent): the winner inspects a "
               "random card of the loser's, or passes; the loser is not asked",
               kBattleStarts},
    NexusScope{"choam-collection",
               "turn 2's Spice Collection with the CHOAM card held as Secret Ally (the Harkonnen, CHOAM absent): a Worthless card "
               "traded for two spice, or none",
               {}, {}, {}, {}, {}, kCollectionStarts},
};

constexpr std::array<std::string_view, 2> kMutants{"nexus-choam-trade-pays-one", "nexus-choam-whole-hand-seen"};

}  // namespace

std::vector<TreacheryCardId> inspectable_cards(const GameState& state) {
  const auto loser = battle_detail::battle_loser(state);
  if (!loser) return {};
  const auto& plan = state.battle.plans[static_cast<std::size_t>(battle_detail::side_of(state, *loser))];
  std::vector<TreacheryCardId> out;
  for (TreacheryCardId c : state.seat(*loser).hand) {
    if (!plan || (plan->weapon != c && plan->defense != c && plan->cheap_hero != c)) out.push_back(c);
  }
  return out;
}

void on_card_inspected(GameState& state, Seat seat, TreacheryCardId card) {
  const Seat loser = *battle_detail::battle_loser(state);
  std::vector<TreacheryCardId> seen{card};
  if (mutant_active(Mutant::NexusChoamWholeHandSeen)) seen = inspectable_cards(state);
  for (TreacheryCardId c : seen) {
    record_sighting(state, seat, SeenKind::TreacheryCard, c.value,
                    fmt::format("CHOAM Secret Ally: {} in {}'s hand, seen at random after the battle in {}", card_type(c).name,
                                to_string(state.faction_of(loser)), to_string(state.battle.territory)));
  }
  battle_detail::battle_won_over(state);
}

extern const NexusFamily kChoamFamily{
    Faction::Choam,
    "engine/nexus/choam.cpp",
    {{{NexusMode::Betrayal, {}, ""},
      {NexusMode::Cunning, {}, ""},
      {NexusMode::SecretAlly, kBattleWon, ""}}},
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
    {"", "", "contract.choam.secret-ally"},
};

}  // namespace dune

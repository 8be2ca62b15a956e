// The Moritani Nexus family (seed 000, Moritani row; "Moritani Secret Ally retention timing", 14
// September). The Moritani faction is not playable yet (setup refuses it), so no seat can play its
// card as Betrayal (Moritani seated) or Cunning (Moritani's own): those panels wait for the faction
// (model/nexus_registry.h).
//   Secret Ally (Moritani absent) "After losing a battle with a winner, retain one played Treachery
//               Card that could have been retained after winning": a window as a battle with a
//               winner is over but for its captured leaders (battle_resolution.cpp, BattleLost:
//               after the winner's losses and its choice of cards to keep, before the CHOAM window
//               on the battle won), awaiting the loser when it holds *a* Nexus card and played a
//               card a winner may keep (the one hidden-reaction policy, README: every loser holding
//               any Nexus card is paused, which answers the seed's objection that pausing only a
//               holder of this card reveals custody; the plans are public once revealed). Played,
//               naming the card (`treachery`): the card the loser discarded as it lost comes back
//               from the Treachery discard into its hand, as if it had not been discarded (nothing
//               draws from the discard in between). A winner may keep its weapon and its defense
//               ([LR] 1.07.06.06; a Worthless card played in either slot too); a Cheap Hero is
//               discarded after use ([LR] 3.01.04) and so is not retainable, nor are the seed's
//               mandatory discards, E1's Artillery Strike and a Poison Tooth that struck (a
//               cancelled one a winner keeps: [TO] PoisonToothCancelled).
// The card's effect, not a Moritani ability: no Karama cancels it.
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
    "the Moritani faction is not playable yet: its Betrayal needs it seated and its Cunning its native player (setup refuses "
    "it; rules-status table)";

bool owns_window(const GameState& state) { return state.nexus.window == Faction::Moritani && state.step == Step::Battle; }

// The cards the loser played that a winner may keep, as they lie in the Treachery discard.
std::vector<TreacheryCardId> retainable(const GameState& state) {
  const auto loser = battle_detail::battle_loser(state);
  if (!loser) return {};
  const auto side = static_cast<std::size_t>(battle_detail::side_of(state, *loser));
  const auto& plan = state.battle.plans[side];
  if (!plan) return {};
  std::vector<std::optional<TreacheryCardId>> played{plan->weapon, plan->defense};
  if (battle_detail::discarded_after_use(state, static_cast<int>(side))) played[0].reset();
  if (mutant_active(Mutant::NexusMoritaniAnyDiscard)) played.assign(state.treachery.discard.begin(), state.treachery.discard.end());
  std::vector<TreacheryCardId> out;
  const auto& discard = state.treachery.discard;
  for (const auto& c : played) {
    if (c && std::find(discard.begin(), discard.end(), *c) != discard.end()) out.push_back(*c);
  }
  return out;
}

// The loser, until it answers, when it holds a Nexus card and played a card a winner may keep.
std::vector<Seat> awaited(const GameState& state) {
  const auto loser = battle_detail::battle_loser(state);
  if (!owns_window(state) || !loser) return {};
  if (state.nexus.window_answered[loser->value] || !holds_nexus_card(state, *loser) || retainable(state).empty()) return {};
  return {*loser};
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  if (c.mode != NexusMode::SecretAlly) {
    return reject(RejectCode::NotImplemented, "the Moritani {} cannot be played: {}", to_string(c.mode), kWaits);
  }
  if (auto r = plain_nexus_play(c, 0, kReadsTreachery)) return r;
  if (!owns_window(state) || battle_detail::battle_loser(state) != seat || state.nexus.window_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "the Moritani Secret Ally is played by the loser of a battle with a winner, as the battle is "
                  "lost (seed 000)");
  }
  const auto cards = retainable(state);
  if (!c.treachery || std::find(cards.begin(), cards.end(), *c.treachery) == cards.end()) {
    return reject(RejectCode::IllegalChoice, "the Moritani Secret Ally names one card you played in this battle that a winner could "
                  "keep: your weapon or your defense (seed 000)");
  }
  return std::nullopt;
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  if (mode != NexusMode::SecretAlly || !owns_window(state) || battle_detail::battle_loser(state) != seat) return {};
  std::vector<Command> out;
  for (TreacheryCardId c : retainable(state)) {
    PlayNexus p{NexusCardId{Faction::Moritani}, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}};
    p.treachery = c;
    out.push_back(p);
  }
  return out;
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  commit_nexus_play(state, seat, c, nexus_battle_event(state), "");
  transfer(state.treachery.discard, state.seat(seat).hand, *c.treachery);
  close_nexus_step_window(state);
  battle_detail::battle_lost_over(state);
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (!awaited(state).empty()) return;
  close_nexus_step_window(state);
  battle_detail::battle_lost_over(state);
}

// BattleLost: the window on the battle lost, Moritani absent.
void on_hook(GameState& state, NexusHook hook) {
  if (hook == NexusHook::BattleLost && !state.seat_of(Faction::Moritani)) open_nexus_step_window(state, Faction::Moritani, 0, awaited);
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry) { return nexus_play_in(entry, Faction::Moritani, NexusMode::SecretAlly); }

std::uint64_t retained(const GameState&, const LogEntry& entry, const GameState&) { return play_in(entry) ? 1 : 0; }

constexpr std::array kBattleLost{NexusHook::BattleLost};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally retained a played card after a battle lost", 3,
                     "more games without the Moritani: the holder loses a battle in which it played a weapon or a defense", retained},
    NexusCoverageRow{NexusMode::SecretAlly, "the window on a battle lost passed (the cards stay discarded)", 1,
                     "more battles lost by a seat holding a Nexus card that played a weapon or a defense", step_window_passed<owns_window>},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"secret-ally", {Faction::Emperor, Faction::Fremen, Faction::Harkonnen}, 3, 0,
                     "the Emperor hold the Moritani card (Secret Ally, Moritani absent): as they lose, the weapon they played "
                     "kept, or not", 3, 0, false, 0, true},
};

constexpr std::array kScopes{
    NexusScope{"moritani-battle",
               "one battle with the Moritani card held as Secret Ally by a combatant (Moritani absent), every plan explored: the "
               "loser keeps the weapon it played, or passes",
               kBattleStarts, {}, {}, {}, {}, {}, /*explore_plans=*/true},
};

constexpr std::array<std::string_view, 1> kMutants{"nexus-moritani-any-discard"};

}  // namespace

extern const NexusFamily kMoritaniFamily{
    Faction::Moritani,
    "engine/nexus/moritani.cpp",
    {{{NexusMode::Betrayal, {}, ""},
      {NexusMode::Cunning, {}, ""},
      {NexusMode::SecretAlly, kBattleLost, ""}}},
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
    {"", "", "contract.moritani.secret-ally"},
};

}  // namespace dune

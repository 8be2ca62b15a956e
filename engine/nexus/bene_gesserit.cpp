// The Bene Gesserit Nexus family (seed 000, Bene Gesserit row and "Effect integration boundaries"):
//   Betrayal    stop the Voice: names the Voice command attempted (its attempt number), which
//               then binds nobody;
//   Cunning     during the Bene Gesserit's own Shipment and Movement action, convert any selected
//               advisor groups to fighters (Advanced only: advisors exist only under
//               bene_gesserit_advisors, [LR] 2.02.10); each territory holds one stance, so a group
//               is all of a territory's advisors;
//   Secret Ally (Bene Gesserit absent) in one's own battle, before Prescience (the official FAQ),
//               use the Voice against one's battle opponent.
// Windows open on public facts only: who holds *a* Nexus card, never which (the one policy for
// hidden optional reactions, README "Karama and hidden optional reactions"). A Secret Ally Voice or
// a Cunning conversion is the card's effect, not the faction's ✷ ability: no Karama cancels it.
#include <fmt/format.h>

#include "engine/battle.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/shipment_movement.h"

namespace dune {

using battle_detail::side_of;

namespace {

constexpr NexusCardId kCard{Faction::BeneGesserit};

bool window_open(const GameState& state, BattleStage stage) {
  return state.battle.stage == stage && nexus_window_of(state, Faction::BeneGesserit);
}

// The Cunning conversion: the Advanced advisors in play and one group at least able to turn.
bool cunning_open(const GameState& state, Seat seat) {
  return state.options.rules.bene_gesserit_advisors && (state.step == Step::Shipment || state.step == Step::Movement) &&
         shipment_movement::in_own_action(state, seat) && shipment_movement::any_flip_to_fighters(state);
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  const BattleState& b = state.battle;
  if (auto r = unread_fields(c, kReadsNothing)) return r;
  switch (c.mode) {
    case NexusMode::Betrayal:
      if (!window_open(state, BattleStage::NexusBetrayal) || b.nexus_answered[seat.value]) {
        return reject(RejectCode::WrongPhase, "Bene Gesserit Betrayal stops a Voice while its window is open (seed 000)");
      }
      if (c.answers != b.voice_attempt) {
        return reject(RejectCode::IllegalChoice, "the open Voice attempt is number {}, not {}", b.voice_attempt, c.answers);
      }
      return std::nullopt;
    case NexusMode::Cunning:
      if (c.answers != 0) return reject(RejectCode::IllegalChoice, "a conversion answers no attempt (answers must be 0)");
      if (!state.options.rules.bene_gesserit_advisors) {
        return reject(RejectCode::IllegalChoice, "Bene Gesserit Cunning converts advisors, which exist only in the Advanced game "
                      "([LR] 2.02.10; seed 003: Advanced-only Cunning effects)");
      }
      if (!cunning_open(state, seat)) {
        return reject(RejectCode::WrongPhase, "Bene Gesserit Cunning is played during your own Shipment and Movement action, "
                      "with an advisor group able to flip to fighters (seed 000)");
      }
      return std::nullopt;
    case NexusMode::SecretAlly:
      if (c.answers != 0) return reject(RejectCode::IllegalChoice, "a Secret Ally Voice answers no attempt (answers must be 0)");
      if (!window_open(state, BattleStage::NexusSecretAlly) || b.nexus_answered[seat.value] || !nexus_combatant(state, seat)) {
        return reject(RejectCode::WrongPhase, "Bene Gesserit Secret Ally is played in one's own battle, in its window before "
                      "Prescience (seed 000, official FAQ)");
      }
      return std::nullopt;
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat, NexusMode mode) {
  return {PlayNexus{kCard, mode, std::nullopt, mode == NexusMode::Betrayal ? state.battle.voice_attempt : 0, ForceCount{0}}};
}

void close_window(GameState& state) {
  BattleState& b = state.battle;
  b.nexus_answered = {};
  b.nexus_window.reset();
  battle_detail::after_voice(state);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  BattleState& b = state.battle;
  switch (c.mode) {
    case NexusMode::Betrayal:  // the Voice attempted is stopped: it binds nobody
      commit_nexus_play(state, seat, c, nexus_battle_event(state),
                        fmt::format("Voice attempt {} ({})", b.voice_attempt, to_string(Command{*b.voice})));
      if (!mutant_active(Mutant::NexusBetrayalVoiceBinds)) b.voice.reset();
      close_window(state);
      return;
    case NexusMode::Cunning:  // the conversion window: any groups, one flip each, until Pass
      commit_nexus_play(state, seat, c, fmt::format("{} action, turn {}", to_string(state.faction_of(seat)), state.turn), "");
      shipment_movement::open_nexus_cunning(state);
      return;
    case NexusMode::SecretAlly:  // the player's Voice is owed now, against its battle opponent
      commit_nexus_play(state, seat, c, nexus_battle_event(state), "");
      b.nexus_answered = {};
      b.nexus_window.reset();
      b.voice_side = static_cast<std::uint8_t>(side_of(state, seat));
      b.stage = BattleStage::Voice;
      if (mutant_active(Mutant::NexusSecretAllyVoiceSkipped)) battle_detail::after_voice(state);
      return;
  }
}

// NexusHook::VoiceUsed: numbers the attempt and opens the Betrayal window when a seat other than
// the Bene Gesserit holds a Nexus card.
void open_betrayal_window(GameState& state) {
  state.battle.voice_attempt = ++state.nexus.attempts;  // every attempt is numbered: a play names it
  open_nexus_battle_window(state, Faction::BeneGesserit, BattleStage::NexusBetrayal);
}

// NexusHook::BattleBegins (no Bene Gesserit side): the Secret Ally window when the Bene Gesserit
// are absent and a combatant holds a Nexus card.
void open_secret_ally_window(GameState& state) {
  if (!state.seat_of(Faction::BeneGesserit)) open_nexus_battle_window(state, Faction::BeneGesserit, BattleStage::NexusSecretAlly);
}

void on_hook(GameState& state, NexusHook hook) {
  if (hook == NexusHook::VoiceUsed) open_betrayal_window(state);
  if (hook == NexusHook::BattleBegins) open_secret_ally_window(state);
}

bool owns_window(const GameState& state) { return nexus_window_of(state, Faction::BeneGesserit); }

std::vector<Seat> awaited_window(const GameState& state) { return nexus_window_awaited(state, Faction::BeneGesserit); }

void pass(GameState& state, Seat seat) {
  state.battle.nexus_answered[seat.value] = true;
  if (awaited_window(state).empty()) close_window(state);
}

// ---- for the gate and the explorer ----

// A Betrayal window closed by passes, so the Voice binds.
std::uint64_t betrayal_window_passed(const GameState& before, const LogEntry& entry, const GameState& after) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && std::holds_alternative<Pass>(e->command) && window_open(before, BattleStage::NexusBetrayal) &&
                 !owns_window(after)
             ? 1
             : 0;
}

// A group converted by the Cunning conversion.
std::uint64_t cunning_group_converted(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && std::holds_alternative<FlipBeneGesserit>(e->command) && before.movement.flip_window &&
                 before.movement.flip_window->occasion == FlipOccasion::NexusCunning
             ? 1
             : 0;
}

constexpr std::array kVoiceUsed{NexusHook::VoiceUsed};
constexpr std::array kBattleBegins{NexusHook::BattleBegins};
// Cunning opens no battle window: it is offered in the player's own Shipment and Movement action.
constexpr std::array<NexusHook, 0> kOwnAction{};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (the Voice binds)", 3,
                     "more games: aggressive seats fight the Bene Gesserit more often", betrayal_window_passed},
    NexusCoverageRow{NexusMode::Cunning, "Cunning converted an advisor group", 3,
                     "more Advanced games: the Bene Gesserit need advisors on the board when they hold their card",
                     cunning_group_converted},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"betrayal", {Faction::BeneGesserit, Faction::Harkonnen, Faction::Emperor}, 3, 2,
                     "the Emperor (not fighting) holds the Bene Gesserit card"},
    NexusBattleStart{"secret-ally", {Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild}, 4, 0,
                     "Harkonnen holds the Bene Gesserit card, Bene Gesserit absent"},
};

constexpr std::array kScopes{
    NexusScope{"bene-gesserit-battle",
               "one battle with the Bene Gesserit Nexus card held as Betrayal (the Emperor, Bene Gesserit fighting) and as "
               "Secret Ally (Harkonnen, Bene Gesserit absent)",
               kBattleStarts},
};

constexpr std::array<std::string_view, 2> kMutants{"nexus-betrayal-voice-binds", "nexus-secret-ally-voice-skipped"};

}  // namespace

extern const NexusFamily kBeneGesseritFamily{
    Faction::BeneGesserit,
    "engine/nexus/bene_gesserit.cpp",
    {{{NexusMode::Betrayal, kVoiceUsed, ""},
      {NexusMode::Cunning, kOwnAction,
       "not offered in the Basic game, because advisors exist only under the Advanced rule ([LR] 2.02.10; seed 003: "
       "Advanced-only Cunning effects); not offered for a group under the storm, with the ally's forces there, or where "
       "fighters would exceed the occupancy limit, because the card does not say it lifts Stormed In, Peacetime or the "
       "limit ([LR] 2.02.18-19, 1.06.03.05; seed 000: do not invent)"},
      {NexusMode::SecretAlly, kBattleBegins,
       "not offered when the battle's Voice has been used, because a battle holds one Voice (the other combatant's window "
       "closes with the first play; our choice, as the Atreides family's one inspection)"}}},
    on_hook,
    owns_window,
    awaited_window,
    pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"contract.bene-gesserit.betrayal", "contract.bene-gesserit.cunning", "contract.bene-gesserit.secret-ally"},
    true,
};

}  // namespace dune

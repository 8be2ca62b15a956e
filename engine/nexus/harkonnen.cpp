// The Harkonnen Nexus family (seed 000, Harkonnen row; "Cancellation needs the original attempted
// effect ... for a traitor/Face Dancer, the actual revealed identity"; "A canceled Harkonnen
// traitor owes a later replacement even after the original battle is finished"; "Delayed effects
// outlive card custody ... Harkonnen's Mentat replacement"):
//   Betrayal    cancel a revealed Harkonnen traitor, shuffle that identity into the Traitor Deck,
//               and give the Harkonnen a replacement draw during the Mentat Pause: a window as the
//               Harkonnen call a traitor (their own battle or their ally's, a numbered attempt
//               naming the traitor), answered by every seat but the Harkonnen holding *a* card.
//               Its receipt is a delayed effect, consumed by the replacement draw as the next
//               Mentat Pause begins.
//   Cunning     at any time, draw a Traitor Card into the hand, then choose one held Traitor Card
//               to shuffle back: an at-any-time play (the action boundary of flow.cpp), then the
//               traitor exchange (traitor_exchange.cpp).
//   Secret Ally (Harkonnen absent) during the Mentat Pause, draw two Traitor Cards, then choose two
//               held cards to shuffle back: played at the Mentat Pause decision point before one's
//               answer. (The Tleilaxu's retained Face Dancer: no Tleilaxu in the base game.)
// The draws are offered only while the Traitor Deck holds them (a public count). Windows open on
// public facts only: who holds *a* Nexus card, never which. The card's effects are not Harkonnen
// faction abilities: no Karama order cancels them (README "Nexus families").
#include <fmt/format.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"

namespace dune {

namespace {

constexpr NexusCardId kCard{Faction::Harkonnen};

bool owns_window(const GameState& state) { return state.nexus.window == Faction::Harkonnen; }

// The one hidden-reaction policy (plays.cpp).
std::vector<Seat> awaited(const GameState& state) { return betrayal_window_awaited(state, Faction::Harkonnen); }

std::string traitor_named(const GameState& state) {
  const TraitorCardId t = battle_detail::revealed_traitor(state, *state.seat_of(Faction::Harkonnen));
  return fmt::format("traitor call {}: {} revealed by Harkonnen", state.nexus.window_attempt, traitor_name(t));
}

std::string turn_event(const GameState& state) { return fmt::format("{}, turn {}", to_string(state.phase), state.turn); }

// ---- validation ----

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  if (!owns_window(state) || state.nexus.window_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Harkonnen Betrayal cancels a revealed Harkonnen traitor in its window, as the "
                  "Harkonnen call it (seed 000)");
  }
  return plain_nexus_play(c, state.nexus.window_attempt);
}

std::optional<Rejection> deck_holds(const GameState& state, std::size_t draws) {
  if (state.traitor_deck.size() < draws) {
    return reject(RejectCode::IllegalChoice, "the Traitor Deck holds {} card(s), fewer than the {} this card draws", state.traitor_deck.size(),
                  draws);
  }
  return std::nullopt;
}

// At any time (the flow's action boundary has been checked): not inside another Nexus window,
// whose answer it would bypass.
std::optional<Rejection> validate_cunning(const GameState& state, Seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (nexus_window_open(state)) {
    return reject(RejectCode::WrongPhase, "Harkonnen Cunning waits until the open Nexus window has been answered");
  }
  return deck_holds(state, 1);
}

std::optional<Rejection> validate_secret_ally(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (state.step != Step::MentatPause || state.decision_point.answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Harkonnen Secret Ally is played during the Mentat Pause, before you pass (seed 000)");
  }
  return deck_holds(state, 2);
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal: return validate_betrayal(state, seat, c);
    case NexusMode::Cunning: return validate_cunning(state, seat, c);
    case NexusMode::SecretAlly: return validate_secret_ally(state, seat, c);
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat, NexusMode mode) {
  return plain_nexus_candidates(state, Faction::Harkonnen, mode);
}

// ---- application ----

// The window closes; the traitor calls of the battle go on (resolution once all have answered).
void close_window(GameState& state) {
  close_nexus_step_window(state);
  battle_detail::continue_traitors(state);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal:  // the call is void, the identity shuffled back; the replacement owed
      commit_nexus_play(state, seat, c, nexus_battle_event(state), traitor_named(state), true);
      if (!mutant_active(Mutant::NexusHarkonnenTraitorStands)) {
        battle_detail::cancel_traitor_call(state, *state.seat_of(Faction::Harkonnen));
      }
      close_window(state);
      return;
    case NexusMode::Cunning:
      commit_nexus_play(state, seat, c, turn_event(state), "");
      begin_traitor_exchange(state, seat, 1, 1);
      return;
    case NexusMode::SecretAlly:
      commit_nexus_play(state, seat, c, turn_event(state), "");
      begin_traitor_exchange(state, seat, mutant_active(Mutant::NexusHarkonnenSecretAllyDrawsOne) ? 1 : 2, 2);
      return;
  }
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (awaited(state).empty()) close_window(state);
}

// TraitorCalled: the Betrayal window, numbered (the attempt names the revealed identity).
// MentatPauseBegins: every replacement the Betrayal receipts still owe, drawn now (their receipts
// consumed), however long ago the battle was.
void on_hook(GameState& state, NexusHook hook) {
  const auto harkonnen = state.seat_of(Faction::Harkonnen);
  if (!harkonnen) return;
  if (hook == NexusHook::TraitorCalled) {
    open_nexus_attempt_window(state, Faction::Harkonnen, awaited);
  }
  if (hook == NexusHook::MentatPauseBegins) {
    std::uint8_t owed = 0;
    for (NexusReceipt& r : state.nexus.receipts) {
      if (r.card == kCard && r.mode == NexusMode::Betrayal && r.delayed && !r.consumed) {
        r.consumed = true;
        ++owed;
      }
    }
    if (owed > 0 && !mutant_active(Mutant::NexusHarkonnenReplacementSkipped)) begin_traitor_exchange(state, *harkonnen, owed, 0);
  }
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry, NexusMode mode) { return nexus_play_in(entry, Faction::Harkonnen, mode); }

std::uint64_t traitor_cancelled(const GameState&, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::Betrayal) ? 1 : 0;
}

std::size_t consumed_betrayals(const GameState& s) {
  return static_cast<std::size_t>(std::count_if(s.nexus.receipts.begin(), s.nexus.receipts.end(), [](const NexusReceipt& r) {
    return r.card == kCard && r.mode == NexusMode::Betrayal && r.delayed && r.consumed;
  }));
}

std::uint64_t replacement_drawn(const GameState& before, const LogEntry&, const GameState& after) {
  return consumed_betrayals(after) - std::min(consumed_betrayals(after), consumed_betrayals(before));
}

// The exchange a play of `mode` began ended with this step's last return.
template <NexusMode mode>
std::uint64_t exchange_completed(const GameState& before, const LogEntry& entry, const GameState& after) {
  const auto* e = std::get_if<Envelope>(&entry);
  if (!e || !std::holds_alternative<ReturnTraitor>(e->command) || after.nexus.traitor_exchange) return 0;
  const auto& r = before.nexus.receipts;
  const auto last = std::find_if(r.rbegin(), r.rend(), [&](const NexusReceipt& x) { return x.card == kCard && x.seat == e->seat; });
  return last != r.rend() && last->mode == mode ? 1 : 0;
}

constexpr std::string_view kShortDeck =
    "not offered when the Traitor Deck holds fewer cards than the panel draws, because the panel prints a draw and no source "
    "says what a short draw does";

constexpr std::array kTraitorCalled{NexusHook::TraitorCalled};
constexpr std::array<NexusHook, 0> kAnyTime{};     // Cunning: at the action boundary, no window
constexpr std::array<NexusHook, 0> kMentatPause{};  // Secret Ally: at the Mentat Pause decision point, no window

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal cancelled a revealed Harkonnen traitor", 3,
                     "more battles where the Harkonnen call a traitor while another seat holds the Harkonnen card", traitor_cancelled},
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (the traitor stands)", 3,
                     "more battles where the Harkonnen call a traitor while seats hold Nexus cards", step_window_passed<owns_window>},
    NexusCoverageRow{NexusMode::Betrayal, "delayed replacement drawn in the Mentat Pause", 3,
                     "more Betrayal plays of the Harkonnen card before a Mentat Pause (its receipts wait for one)", replacement_drawn},
    NexusCoverageRow{NexusMode::Cunning, "Cunning drew a Traitor Card and shuffled one back", 3,
                     "more games where the Harkonnen hold their card", exchange_completed<NexusMode::Cunning>},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally drew two Traitor Cards and shuffled two back", 3,
                     "more games without the Harkonnen: the holder reaches a Mentat Pause", exchange_completed<NexusMode::SecretAlly>},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"betrayal", {Faction::Harkonnen, Faction::Atreides, Faction::Emperor}, 5, 2,
                     "the Emperor holds the Harkonnen card (Betrayal) as the Harkonnen may call a traitor"},
    NexusBattleStart{"cunning", {Faction::Harkonnen, Faction::Atreides, Faction::Emperor}, 3, 0,
                     "the Harkonnen hold their card (Cunning): a traitor drawn and one shuffled back at any of their decisions"},
};

constexpr std::array kScopes{
    NexusScope{"harkonnen-battle",
               "one battle of the Harkonnen and the Atreides with the Harkonnen card held as Betrayal (the Emperor, as a "
               "traitor is called) and as Cunning (the Harkonnen, at any of their decisions)",
               kBattleStarts},
};

constexpr std::array<std::string_view, 4> kMutants{"nexus-harkonnen-traitor-stands", "nexus-harkonnen-replacement-skipped",
                                                    "nexus-harkonnen-secret-ally-draws-one", "nexus-returned-traitor-kept"};

}  // namespace

extern const NexusFamily kHarkonnenFamily{
    Faction::Harkonnen,
    "engine/nexus/harkonnen.cpp",
    {{{NexusMode::Betrayal, kTraitorCalled, ""},
      {NexusMode::Cunning, kAnyTime, kShortDeck, true},
      {NexusMode::SecretAlly, kMentatPause, kShortDeck}}},
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
    {"contract.harkonnen.betrayal", "contract.harkonnen.cunning", "contract.harkonnen.secret-ally"},
};

}  // namespace dune

// E1's Amal (card set e1_amal; fact sheet §4.2; digest docs/rules/tech-tokens-and-amal.md §2):
// "at the start of any phase, everyone discards half their spice, rounded up".
//
// When: a public window at the start of every phase, turn 1's Storm included (no source restricts
// the turn), before anything of the phase is done and so before its other start-of-phase plays
// (the storm card window, the Fremen Karama worm and the Thumper, Wartime, ...). Our reading of "any
// phase" and of that order: the README rules-status row lists both as open. The window sits
// between the two phases: `phase` is still the one that ended, `amal.starting` the one to start.
//
// Who is asked: every seat holding cards when it opens (ask_card_holders), so being asked reveals
// no holder. It is held only when Amal could be in a hand by public facts: the set is dealt and
// Amal is not face up in the discard pile.
//
// The play answers nothing: the window closes when each asked seat has passed, its player too. So
// the halving and the phase's start are two steps, and each checker sees one of them.
#include <fmt/format.h>

#include "engine/internal.h"
#include "engine/mutants.h"
#include "model/cards.h"

namespace dune {
namespace {

constexpr std::string_view kAmal = "Amal";

bool amal_face_up(const GameState& state) {
  for (TreacheryCardId id : state.treachery.discard) {
    if (card_type(id).name == kAmal) return true;
  }
  return false;
}

// Every seat, its player's too, discards half the spice behind its shield, rounded up, to the bank
// ([TO] AmalPlayed: Ceiling(0.5 * Resources); [DB] "behind their shields"): bribes in front of the
// shield stay ([LR] 1.12.02). The card goes to the discard ([TO]; one source).
void play_amal(GameState& state, Seat seat) {
  if (!mutant_active(Mutant::AmalKeptAfterUse)) discard_from_hand(state, seat, *card_in_hand(state.seat(seat), kAmal));
  for (Seat s : all_seats(state)) {
    SeatState& x = state.seat(s);
    const int half_up = mutant_active(Mutant::AmalRoundsDown) ? x.spice.value / 2 : (x.spice.value + 1) / 2;
    pay_to_bank(state, s, Spice{half_up});
    if (mutant_active(Mutant::AmalHalvesBribes)) {
      const Spice bribes{(x.in_front_of_shield.value + 1) / 2};
      x.in_front_of_shield -= bribes;
      state.bank += bribes;
    }
  }
}

}  // namespace

bool open_amal_window(GameState& state, Phase starting) {
  if (!state.options.cards.e1_amal || amal_face_up(state)) return false;
  if (starting == Phase::MentatPause && mutant_active(Mutant::AmalNoMentatPauseWindow)) return false;
  if (!ask_card_holders(state, state.amal.passed)) return false;
  state.amal.starting = starting;
  state.step = Step::AmalWindow;
  return true;
}

std::vector<Seat> awaited_amal(const GameState& state) { return seats_not_answered(state, state.amal.passed); }

std::vector<Command> candidates_amal(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.amal.passed[seat.value]) return out;
  out.push_back(Pass{});
  if (card_in_hand(state.seat(seat), kAmal)) out.push_back(PlayAmal{});
  return out;
}

std::optional<Rejection> validate_amal(const GameState& state, Seat seat, const Command& c) {
  if (state.amal.passed[seat.value]) return reject(RejectCode::NotYourTurn, "you have passed in this Amal window");
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (std::holds_alternative<PlayAmal>(c)) {
    if (!card_in_hand(state.seat(seat), kAmal)) return reject(RejectCode::IllegalChoice, "you hold no Amal card");
    return std::nullopt;
  }
  return reject(RejectCode::WrongPhase, "Amal window before {}: play Amal, or pass", to_string(*state.amal.starting));
}

void apply_amal(GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<PlayAmal>(c)) {
    play_amal(state, seat);
    return;
  }
  state.amal.passed[seat.value] = true;
  if (!awaited_amal(state).empty()) return;
  const Phase starting = *state.amal.starting;
  state.amal = {};
  begin_phase(state, starting);
}

}  // namespace dune

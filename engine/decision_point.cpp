// The decision points of Spice Collection and the Mentat Pause (issue 16 item 10). The phase's
// automatic part is done first (collection.cpp, mentat.cpp); then every seat is asked once and
// answers Pass. Before passing, an awaited seat may make its at-any-time plays (CommandClass::
// AnyTime, at the action boundary of flow.cpp). Who has answered is public and every seat is
// asked, so the pending set reveals nothing. A Nexus panel timed in these phases is played here
// before one's answer: the Harkonnen Secret Ally in the Mentat Pause and the CHOAM Secret Ally's
// trade in Spice Collection (seed 000).
#include "engine/internal.h"
#include "engine/nexus/nexus.h"

namespace dune {

void open_decision_point(GameState& state, Step step) {
  state.step = step;
  state.decision_point = DecisionPointState{};
}

std::vector<Seat> awaited_decision_point(const GameState& state) {
  return seats_not_answered(state, state.decision_point.answered);
}

// A Nexus card timed in the phase (the Harkonnen Secret Ally, the CHOAM trade) is played before
// one's answer; the seat is still awaited after it.
std::vector<Command> candidates_decision_point(const GameState& state, Seat seat) {
  std::vector<Command> out{Pass{}};
  for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));
  for (Command& c : replacement_candidates(state, seat)) out.push_back(std::move(c));
  return out;
}

std::optional<Rejection> validate_decision_point(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
  if (const auto* r = std::get_if<ReplaceFaceDancer>(&c)) return validate_replacement(state, seat, *r);
  return reject(RejectCode::WrongPhase, "during the {} decision point a player passes, after any play made at any time",
                to_string(state.step));
}

void apply_decision_point(GameState& state, Seat seat, const Command& c) {
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);
    return;
  }
  if (const auto* r = std::get_if<ReplaceFaceDancer>(&c)) {
    apply_replacement(state, seat, *r);
    return;
  }
  state.decision_point.answered[seat.value] = true;
  if (awaited_decision_point(state).empty()) end_phase(state);
}

}  // namespace dune

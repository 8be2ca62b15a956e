// submit: compare-and-swap on the version, idempotent command ids, atomic rejection.
#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/mutants.h"
#include "engine/internal.h"

namespace dune {

std::optional<Rejection> validate_command(const GameState& state, Seat seat, const Command& c);
void apply_command(GameState& state, Seat seat, const Command& c);

SubmitResult submit(const GameState& state, const Envelope& envelope) {
  // Idempotence first: a retry of a committed command returns its receipt and changes nothing,
  // even though the version has moved on since. An id above every committed one is fresh; the
  // others are looked up (ids are unique).
  const bool fresh = state.committed.empty() || envelope.id.value > state.committed.highest_id();
  const Committed* done = fresh ? nullptr : state.committed.find(envelope.id);
  if (done && !(mutant_active(Mutant::RetryRecognisedOnlyLatest) && !(done->envelope == state.committed.back().envelope))) {
    if (done->envelope == envelope && !(mutant_active(Mutant::NexusRetryRerolls) && std::holds_alternative<DrawNexus>(envelope.command))) return Accepted{state, done->receipt};
    if (!mutant_active(Mutant::DuplicateIdAccepted)) {
      return reject(RejectCode::DuplicateCommandId, "command id {} was already used for another command", envelope.id.value);
    }
  }
  if (envelope.expected_version != state.version && !mutant_active(Mutant::StaleVersionAccepted)) {
    return reject(RejectCode::StaleVersion, "expected version {}, but the game is at version {}",
                  envelope.expected_version, state.version);
  }
  if (auto rejection = validate_command(state, envelope.seat, envelope.command)) return *rejection;

  // The next state is copied once, into the result itself: a GameState moves by copying its
  // inline arrays (about 10 KB), and building it aside cost two such moves a command (issue 19).
  SubmitResult result(std::in_place_type<Accepted>, state, Receipt{});
  Accepted& accepted = std::get<Accepted>(result);
  GameState& next = accepted.next;
  apply_command(next, envelope.seat, envelope.command);
  next.version = state.version + 1;
  accepted.receipt = Receipt{envelope.id, envelope.seat, next.version,
                             fmt::format("{}: {}", to_string(state.faction_of(envelope.seat)), kind_name(envelope.command))};
  next.log.push_back(envelope);
  next.committed.push_back(Committed{envelope, accepted.receipt});
  return result;
}

}  // namespace dune

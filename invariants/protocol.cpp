#include "invariants/protocol.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <optional>

#include "engine/engine.h"
#include "io/persistence.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

// Standing commands need no turn ([LR] 1.10.02.06 ally permissions; seed 000 item 4 redraw policy).
bool is_standing(const Command& c) {
  return std::holds_alternative<AllySpice>(c) || std::holds_alternative<ProtectAllyFromWorms>(c) ||
         std::holds_alternative<GrantAllyFreeRevivals>(c) || std::holds_alternative<RaiseRevivalLimit>(c) ||
         std::holds_alternative<OfferLeaderRevival>(c) ||
         std::holds_alternative<SetRedrawPolicy>(c) || std::holds_alternative<ArmKarama>(c);
}

// Submits `e` to `s` and requires a rejection with `code`. A rejection changes nothing by
// construction: `submit` reads the state through a const reference and a Rejection carries no
// state, so the copy and comparison this probe once made after every step (a full GameState each,
// three probes a step) could never fail and are gone (issue 19).
void expect_rejected(const GameState& s, const Envelope& e, RejectCode code, std::string_view what, Violations& out) {
  const SubmitResult r = submit(s, e);
  const std::string name = fmt::format("protocol.{}", what);
  if (const auto* rejection = std::get_if<Rejection>(&r)) {
    if (rejection->code != code) {
      out.push_back({name, fmt::format("{} was rejected as {}, not {}: {}", what, to_string(rejection->code), to_string(code), rejection->message)});
    }
  } else {
    out.push_back({name, fmt::format("{} ({} by seat {}) was accepted", what, to_string(e.command), e.seat.value)});
  }
}

Violations stale_version(const Transition& t, const GameContext&) {
  const Envelope* own = std::get_if<Envelope>(&t.entry);
  Envelope e{fresh_id(t.before), own ? own->seat : Seat{0}, t.before.version + 1, own ? own->command : Command{Pass{}}};
  Violations out;
  expect_rejected(t.before, e, RejectCode::StaleVersion, "stale-version", out);
  return out;
}

// A seat not awaited sends the step's own (non-standing) command: NotYourTurn.
Violations wrong_seat(const Transition& t, const GameContext&) {
  const Envelope* own = std::get_if<Envelope>(&t.entry);
  if (!own || is_standing(own->command) || t.before.chance || !t.before.halted.empty()) return {};
  const std::vector<Seat> awaited = pending(t.before);
  if (std::find(awaited.begin(), awaited.end(), own->seat) == awaited.end()) return {};
  for (std::uint8_t i = 0; i < t.before.seat_count(); ++i) {
    if (std::find(awaited.begin(), awaited.end(), Seat{i}) != awaited.end()) continue;
    Violations out;
    expect_rejected(t.before, Envelope{fresh_id(t.before), Seat{i}, t.before.version, own->command},
                    RejectCode::NotYourTurn, "wrong-seat", out);
    return out;
  }
  return {};
}

// The last committed id, reused for a different command: DuplicateCommandId.
Violations duplicate_id(const Transition& t, const GameContext&) {
  if (t.before.committed.empty()) return {};
  Envelope e = t.before.committed.back().envelope;
  e.expected_version = t.before.version;
  e.command = std::holds_alternative<Pass>(e.command) ? Command{ClaimCharity{}} : Command{Pass{}};
  Violations out;
  expect_rejected(t.before, e, RejectCode::DuplicateCommandId, "duplicate-id", out);
  return out;
}

// Re-submitting the step's own envelope to the state after it returns the same receipt and
// changes nothing (DESIGN.md: retries are no-ops).
Violations idempotence(const Transition& t, const GameContext&) {
  const Envelope* own = std::get_if<Envelope>(&t.entry);
  if (!own) return {};
  const SubmitResult r = submit(t.after, *own);
  const auto* accepted = std::get_if<Accepted>(&r);
  const std::string name = "protocol.idempotence";
  if (!accepted) {
    return {{name, fmt::format("re-submitting command id {} was rejected: {}", own->id.value, std::get<Rejection>(r).message)}};
  }
  Violations out;
  if (t.after.committed.empty() || !(accepted->receipt == t.after.committed.back().receipt)) {
    out.push_back({name, fmt::format("re-submitting command id {} returned a different receipt", own->id.value)});
  }
  if (!(accepted->next == t.after)) out.push_back({name, fmt::format("re-submitting command id {} changed the state", own->id.value)});
  return out;
}

// A retry probed across time (issue 17 item 5): an envelope committed at an earlier step,
// re-submitted to the state after this one, returns the receipt it got then and changes nothing,
// however far the game has moved on. The probe walks the committed table (one older command a
// step), so every committed command is retried at some later step.
Violations retry_later(const Transition& t, const GameContext&) {
  const auto& done = t.after.committed;
  if (done.size() < 2) return {};
  const Committed& old = done[static_cast<std::size_t>(t.index) % (done.size() - 1)];  // older than the last
  const SubmitResult r = submit(t.after, old.envelope);
  const auto* accepted = std::get_if<Accepted>(&r);
  const std::string name = "protocol.retry-later";
  if (!accepted) {
    return {{name, fmt::format("re-submitting command id {}, committed at version {}, at version {} was rejected: {}", old.envelope.id.value,
                               old.receipt.version, t.after.version, std::get<Rejection>(r).message)}};
  }
  Violations out;
  if (!(accepted->receipt == old.receipt)) {
    out.push_back({name, fmt::format("re-submitting command id {} at version {} returned another receipt than it got at version {}",
                                     old.envelope.id.value, t.after.version, old.receipt.version)});
  }
  if (!(accepted->next == t.after)) {
    out.push_back({name, fmt::format("re-submitting command id {} at version {} changed the state", old.envelope.id.value, t.after.version)});
  }
  return out;
}

Violations replay_log(const Transition& t, const GameContext&) {
  if (!determinism_sampled(t.index)) return {};
  const std::vector<LogEntry> entries(t.after.log.begin(), t.after.log.end());
  const auto replayed = replay(t.after.options, entries);
  if (const auto* error = std::get_if<LoadError>(&replayed)) {
    return {{"determinism.replay", fmt::format("replaying the {} log entries failed: {}", entries.size(), error->message)}};
  }
  if (std::get<GameState>(replayed) == t.after) return {};
  return {{"determinism.replay", fmt::format("replaying the {} log entries from the options reached a different state", entries.size())}};
}

// Round-trips the records `after` appended to `before`, one by one; the first that does not load
// back equal is the violation.
template <class Records, class Save, class Load>
std::optional<Violation> round_trip_appended(const Records& before, const Records& after, Save save, Load load,
                                             std::string_view what) {
  using Record = typename Records::value_type;
  for (std::size_t i = std::min(before.size(), after.size()); i < after.size(); ++i) {
    const auto loaded = load(save(after[i]));
    if (const auto* error = std::get_if<LoadError>(&loaded)) {
      return Violation{"determinism.save-load", fmt::format("loading saved {} {} failed: {}", what, i, error->message)};
    }
    if (!(std::get<Record>(loaded) == after[i])) {
      return Violation{"determinism.save-load", fmt::format("save then load did not reproduce {} {}", what, i)};
    }
  }
  return std::nullopt;
}

// Save and load, piece by piece (issue 19): a whole-state round trip at every sampled step cost a
// quarter of a checked game, most of it rewriting the same history. Each log entry and committed
// record is written once and never changes, so each is round-tripped once, on the step that
// appends it; at the sampled steps, the state is round-tripped whole, histories and all, while its
// log is at most kWholeLog entries (the arrays that hold the records: a game's first steps), and
// without its histories (and version) beyond. History's own iteration and appends, across its
// chunks, are tested in tests/model/history_test.cpp, and determinism.replay reads the whole log.
Violations save_load(const Transition& t, const GameContext&) {
  const std::string name = "determinism.save-load";
  const std::size_t seats = t.after.seat_count();
  const auto log = round_trip_appended(t.before.log, t.after.log, log_entry_to_json,
                                       [&](const nlohmann::json& j) { return log_entry_from_json(j, seats); }, "log entry");
  if (log) return {*log};
  const auto committed = round_trip_appended(t.before.committed, t.after.committed, committed_to_json,
                                             [&](const nlohmann::json& j) { return committed_from_json(j, seats); }, "committed record");
  if (committed) return {*committed};
  if (!determinism_sampled(t.index)) return {};
  constexpr std::size_t kWholeLog = 16;
  std::optional<GameState> bare;
  if (t.after.log.size() > kWholeLog) {
    bare = t.after;
    bare->log = {};
    bare->committed = {};
    bare->version = 0;  // a loaded state's version must match its log (shape.history)
  }
  const GameState& saved = bare ? *bare : t.after;
  const auto loaded = state_from_json(state_to_json(saved));
  if (const auto* error = std::get_if<LoadError>(&loaded)) {
    return {{name, fmt::format("loading the saved state failed: {}", error->message)}};
  }
  if (std::get<GameState>(loaded) == saved) return {};
  return {{name, bare ? "save then load did not reproduce the state (without its histories)" : "save then load did not reproduce the state"}};
}

bool determinism_on(const CheckOptions& o) { return o.determinism; }

constexpr std::array kProtocol{
    Checker{"protocol.stale-version", "protocol", "a stale version is rejected as StaleVersion and changes nothing", stale_version},
    Checker{"protocol.wrong-seat", "protocol", "a seat not awaited is rejected as NotYourTurn and changes nothing", wrong_seat},
    Checker{"protocol.duplicate-id", "protocol", "a reused command id with another command is rejected and changes nothing", duplicate_id},
    Checker{"protocol.idempotence", "protocol", "re-submitting a committed envelope returns its receipt and changes nothing", idempotence},
    Checker{"protocol.retry-later", "protocol", "an envelope committed steps ago, retried now, returns its first receipt and changes nothing", retry_later},
};

constexpr std::array kDeterminism{
    Checker{"determinism.replay", "determinism", "replaying the event log reproduces the state (sampled)", replay_log, determinism_on},
    Checker{"determinism.save-load", "determinism", "save then load reproduces every appended log entry and committed record, and the state (sampled)", save_load, determinism_on},
};

}  // namespace

// The committed table's highest id (model/state.h) spares a scan of the whole game per probe. Were
// it wrong, a probe would carry a used id and meet a retry or a duplicate-id rejection instead of
// the one it checks for: the protocol checks would report it.
CommandId fresh_id(const GameState& s) { return CommandId{s.committed.highest_id() + 1}; }

bool determinism_sampled(int index) { return index < 10 || std::has_single_bit(static_cast<unsigned>(index)); }

std::span<const Checker> protocol_checkers() { return kProtocol; }
std::span<const Checker> determinism_checkers() { return kDeterminism; }

}  // namespace dune::invariants

// Replaying an event log from the setup (io/persistence.h replay). Split from persistence.cpp.
#include "io/persistence.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

using json_io::name_of;

// ---- replay ---------------------------------------------------------------------------------
namespace {

std::string describe(const LogEntry& e) {
  if (const auto* env = std::get_if<Envelope>(&e)) return fmt::format("seat {}: {}", env->seat.value, to_string(env->command));
  const auto& c = std::get<ChanceRecord>(e);
  return fmt::format("chance {} for seat {} -> {}", name_of(c.request.kind), c.request.seat.value, c.outcome);
}

// Applies log[i]; the engine appends it (and any forced chance records) to state.log itself.
std::optional<std::string> apply_entry(GameState& s, const std::vector<LogEntry>& log, std::size_t i,
                                       const ReplayHook& on_applied) {
  std::size_t at = i;
  if (std::holds_alternative<ChanceRecord>(log[i]) && !s.chance) {
    // A forced outcome the engine resolves inside the next command: submit that command.
    while (at < log.size() && !std::holds_alternative<Envelope>(log[at])) ++at;
    if (at == log.size()) return "a chance record with no chance step pending";
  }
  std::optional<GameState> before;  // for the hook, once the engine has accepted the entry
  if (on_applied) before = s;
  if (const auto* env = std::get_if<Envelope>(&log[at])) {
    auto result = submit(s, *env);
    if (auto* r = std::get_if<Rejection>(&result)) return fmt::format("rejected ({}): {}", to_string(r->code), r->message);
    s = std::get<Accepted>(std::move(result)).next;
  } else {
    const auto& record = std::get<ChanceRecord>(log[at]);
    if (!(*s.chance == record.request)) return "the chance step pending in the game is a different one";
    auto next = apply_chance(s, record.outcome);
    if (auto* r = std::get_if<Rejection>(&next)) return r->message;
    s = std::get<GameState>(std::move(next));
  }
  if (before) on_applied(at, *before);
  return std::nullopt;
}

}  // namespace

std::variant<GameState, LoadError> replay(const Options& options, const std::vector<LogEntry>& log) {
  auto game = new_game(options);
  if (auto* r = std::get_if<Rejection>(&game)) return LoadError{"replay: options rejected: " + r->message};
  return replay_from(std::get<GameState>(std::move(game)), log);
}

std::variant<GameState, LoadError> replay_from(GameState s, const std::vector<LogEntry>& log, const ReplayHook& on_applied) {
  std::size_t i = 0;
  while (i < log.size()) {
    if (s.log.size() > i) {  // already produced by the engine: it must agree with the log
      if (!(s.log[i] == log[i])) {
        return LoadError{fmt::format("replay: log entry {} says \"{}\", the game produced \"{}\"", i, describe(log[i]),
                                     describe(s.log[i]))};
      }
      ++i;
      continue;
    }
    const std::size_t before = s.log.size();
    if (auto error = apply_entry(s, log, i, on_applied)) {
      return LoadError{fmt::format("replay: log entry {} (\"{}\"): {}", i, describe(log[i]), *error)};
    }
    if (s.log.size() == before) return LoadError{fmt::format("replay: log entry {} did not advance the game", i)};
  }
  if (s.log.size() != log.size()) {
    return LoadError{fmt::format("replay: the game logged {} entries, the log has {}", s.log.size(), log.size())};
  }
  return s;
}

}  // namespace dune

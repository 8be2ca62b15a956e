// Fuzz target: the event log reader (io/persistence.h load_log) and replay. A log that loads and
// replays reaches a state that passes check_state, with the log it replayed; the log saved from
// that state loads back as the same log, and replaying it reaches the final digest it states.
#include "fuzz/fuzz_check.h"

namespace {

void check_log(std::string_view text, std::string_view where) {
  auto loaded = dune::load_log(text);
  if (const auto* e = std::get_if<dune::LoadError>(&loaded)) return dune::fuzz::check_refusal(*e, where);
  const dune::EventLog& log = std::get<dune::EventLog>(loaded);
  const auto reached = dune::fuzz::replay_checked(log.options, log.entries, where);
  if (!reached) return;
  // The log of a state the engine reached is honest: it loads back, and replays to its digest.
  const dune::EventLog expected{reached->options, log.entries, dune::digest_of(dune::state_to_json(*reached))};
  auto again = dune::load_log(dune::save_log(*reached));
  if (const auto* e = std::get_if<dune::LoadError>(&again)) {
    dune::fuzz::fail(fmt::format("{}: the log saved from the replayed state does not load: {}", where, e->message));
  }
  dune::fuzz::check(std::get<dune::EventLog>(again) == expected, fmt::format("{}: load(save(log)) differs from the log", where));
  const auto replayed = dune::fuzz::replay_checked(expected.options, expected.entries, fmt::format("{}: saved again", where));
  dune::fuzz::check(replayed && dune::digest_of(dune::state_to_json(*replayed)) == expected.final_digest,
                    fmt::format("{}: the saved log does not replay to its final digest", where));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return dune::fuzz::as_is_and_digest_fixed(data, size, "log", "log", check_log);
}

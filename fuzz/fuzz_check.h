// Shared by the fuzz targets (issue 18 item 1): what a failed check does, and the checks every
// reader of a game state owes its caller. A target's LLVMFuzzerTestOneInput runs its reader on the
// input inside `guarded`; the reader may refuse the input (a LoadError naming the problem), but
// it must never crash, throw, or hand back a state that the tool cannot save, load and show.
#pragma once

#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "engine/json_forms.h"
#include "engine/projection.h"
#include "io/persistence.h"
#include "model/state.h"

namespace dune::fuzz {

// A failed check: the message on stderr, then a trap, which libFuzzer reports as a crash (keeping
// the input as an artifact) and the corpus driver (corpus_main.cpp) as a failed test.
[[noreturn]] inline void fail(std::string_view what) {
  std::fprintf(stderr, "fuzz check failed: %.*s\n", static_cast<int>(what.size()), what.data());
  std::fflush(stderr);
  __builtin_trap();
}

inline void check(bool ok, std::string_view what) {
  if (!ok) fail(what);
}

// The input as text, as the CLI hands a file's contents to a reader.
inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Runs a target's checks; a reader that throws instead of returning its error is a failure too.
template <class F>
void guarded(std::string_view target, F&& body) {
  try {
    body();
  } catch (const std::exception& e) {
    fail(fmt::format("{}: uncaught exception: {}", target, e.what()));
  } catch (...) {
    fail(fmt::format("{}: uncaught exception of an unknown type", target));
  }
}

// A refusal must say what is wrong.
inline void check_refusal(const LoadError& e, std::string_view where) {
  check(!e.message.empty(), fmt::format("{}: refused with an empty message", where));
}

// The document with its "digest" recomputed over its `key` content (nullopt when the text is not
// such a document). Without this nearly every mutation fails the digest check, and the fuzzer
// never reaches the content readers behind it; each target reads the input both ways.
inline std::optional<std::string> with_digest_fixed(std::string_view text, const char* key) {
  if (json_text_out_of_bounds(text)) return std::nullopt;
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (!doc.is_object() || !doc.contains(key)) return std::nullopt;
  doc["digest"] = digest_of(doc[key]);
  return doc.dump();
}

// A target's body for a digested document: `read` on the input as it is, then on the input with
// its digest recomputed over `key`, each named for the messages, inside `guarded`.
template <class F>
int as_is_and_digest_fixed(const std::uint8_t* data, std::size_t size, std::string_view target, const char* key, F&& read) {
  const std::string_view text = text_of(data, size);
  guarded(target, [&] {
    read(text, target);
    if (const auto fixed = with_digest_fixed(text, key)) read(*fixed, fmt::format("{} (digest fixed)", target));
  });
  return 0;
}

// A state that loaded, or that a replay or a scenario reached, is one the tool can save, load and
// show: its snapshot loads back as the same state, and the public view and every seat's view
// project (and render as JSON) without throwing.
inline void check_state(const GameState& s, std::string_view where) {
  auto back = load_snapshot(save_snapshot(s));
  if (const auto* e = std::get_if<LoadError>(&back)) {
    fail(fmt::format("{}: its own snapshot does not load: {}", where, e->message));
  }
  check(std::get<GameState>(back) == s, fmt::format("{}: load(save(s)) differs from s", where));
  (void)view_to_json(project_public(s)).dump();
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    (void)view_to_json(project_seat(s, Seat{static_cast<std::uint8_t>(i)})).dump();
  }
}

// Replays `entries` from `options` when the engine accepts them; a replayed game is checked
// (check_state) and its log must be exactly the one replayed (replay verifies every entry the
// engine logs itself). Returns the state reached, or nothing when the replay refused the log.
inline std::optional<GameState> replay_checked(const Options& options, const std::vector<LogEntry>& entries,
                                               std::string_view where) {
  auto replayed = replay(options, entries);
  if (const auto* e = std::get_if<LoadError>(&replayed)) {
    check_refusal(*e, where);
    return std::nullopt;
  }
  GameState& g = std::get<GameState>(replayed);
  check(g.log.to_vector() == entries, fmt::format("{}: the replayed game's log is not the log replayed", where));
  check_state(g, fmt::format("{}: the replayed state", where));
  return std::move(g);
}

}  // namespace dune::fuzz

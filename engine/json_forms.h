// The JSON forms the engine itself writes and reads: commands (views list the legal ones; event
// logs and scenario files carry them) and options (views show them; generated game specs carry
// them). Readers return a value or a LoadError naming the problem and its path. The snapshot and
// the event log, which are built on these, are io/persistence.h.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string_view>
#include <string>
#include <variant>

#include "model/commands.h"
#include "model/options.h"

namespace dune {

struct LoadError {
  std::string message;  // names the problem and where: "state.seats[1].spice: expected an integer"
  friend bool operator==(const LoadError&, const LoadError&) = default;
};

// Options as {"factions", "player_circles", "turn_limit", "nexus", "rules": {...}}. Reading
// rejects options the engine cannot play (new_game's rejection).
nlohmann::json options_to_json(const Options& options);
std::variant<Options, LoadError> options_from_json(const nlohmann::json& j);

// Commands as {"kind": "<struct name>", ...fields}. Strict (persistence): every field present.
// Lenient (scenario files): fields with an obvious default (special forces 0, karama false, no
// leader) may be left out. Unknown kinds are an error naming the kind.
nlohmann::json command_to_json(const Command& c);
std::variant<Command, LoadError> command_from_json(const nlohmann::json& j, bool lenient = false);

// The limits of every file's text (snapshots, logs, scenarios, counterexamples, campaigns), which
// each reader checks before it parses or recurses: at most kMaxJsonBytes, and kMaxJsonDepth levels
// of nesting. nullopt when the text is within them, else which limit and where.
inline constexpr std::size_t kMaxJsonBytes = 64u << 20;  // 64 MiB
inline constexpr int kMaxJsonDepth = 256;
std::optional<LoadError> json_text_out_of_bounds(std::string_view text);

}  // namespace dune

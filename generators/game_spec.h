// A generated game's fixed part (DESIGN.md, "Generators and shrinking"; issue 7 item 1): the
// options, one bot profile per seat, the seed of both the bots and chance, and a decision cap.
// The rest of a game is its choice sequence (generators/choices.h).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "model/options.h"
#include "model/state.h"

namespace dune::generators {

// How a bot weights the commands it may play, so rare states are reached (issue 7 item 1).
enum class BotProfile : std::uint8_t {
  Uniform,     // every legal command equally likely (the classic random player)
  NexusEager,  // draws, plays and sets redraw policies for Nexus cards
  AllyEager,   // proposes and accepts alliances
  Aggressive,  // ships and moves into strongholds, bids high, calls traitors
  Passive,     // passes whenever it may
  SpiceHungry, // ships and moves onto spice, where the worms of that pile appear ([LR] 1.02.05)
};

std::string_view to_string(BotProfile p);
std::optional<BotProfile> bot_profile_from_name(std::string_view name);

// One chance outcome fixed by hand (the shrinker's, issue 23 item 3): the `nth` (0-based) chance
// step of `kind` takes `outcome` when the engine lists it, whatever the seed would pick.
struct PinnedChance {
  ChanceKind kind{};
  std::uint32_t nth = 0;
  std::uint8_t outcome = 0;
  friend auto operator<=>(const PinnedChance&, const PinnedChance&) = default;
};

struct GameSpec {
  Options options;               // seats, factions, circles, rule flags, turn limit, Nexus mode
  std::vector<BotProfile> bots;  // bots[seat]; same size as options.factions
  std::uint64_t seed = 0;        // the bots' stream and every chance outcome derive from it
  int max_decisions = 20000;     // a game stops after this many accepted commands
  // A chance profile (the gate's): a Nexus draw picks this family's card one time in two while it
  // is in the deck. Every outcome is still one the engine lists, so the game stays legal; it only
  // makes the family's panels reachable in a short campaign.
  std::optional<Faction> favoured_nexus;
  // Chance outcomes pinned, sorted by (kind, nth). The shrinker pins the draws of a game's prefix
  // when it lets the bots go on from there under another seed; an outcome the engine does not list
  // at that step is not taken (the seed picks), so the game stays legal.
  std::vector<PinnedChance> pinned_chance;

  friend bool operator==(const GameSpec&, const GameSpec&) = default;
};

// Six uniform seats over the given options.
GameSpec uniform_spec(Options options, std::uint64_t seed, int max_decisions = 20000);

// One line: "3 seats: Atreides (uniform, circle 0), ...; Advanced {special_forces, ...}; Nexus Off; ...".
std::string to_string(const GameSpec& spec);

nlohmann::json spec_to_json(const GameSpec& spec);
// A clear message naming the field on bad input.
std::variant<GameSpec, std::string> spec_from_json(const nlohmann::json& j);

// Whether new_game accepts the Nexus module in Audit mode (probed once; the module may not be
// wired in this build).
bool nexus_audit_accepted();

}  // namespace dune::generators

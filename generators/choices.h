// A game as a choice sequence (DESIGN.md, "Generators and shrinking"; issue 7 item 1).
//
// At each decision the game waits for `pending(state)` seats, each with its `legal_commands` list.
// A choice is one index into the (awaited seat, legal command) pairs, read mixed-radix so only the
// chosen seat's list is ever built (Movement lists run to thousands of moves): the seat is
// `index % seats`, the command's rank `(index / seats) % commands` in `choice_order`. Any index
// names a legal pair, so every edited or shrunk sequence is still a legal game, and index 0 is the
// default choice (engine `default_choice`: Pass when legal, else the step's own first command) of
// the first awaited seat: a game of zeros makes progress, and a shrinker that lowers an index
// moves it toward the step's own commands, away from card plays and standing choices, which
// change nothing a reader needs (issue 23: before, index 0 was the first standing choice listed).
//
// Chance never consumes choices: the n-th chance step of each kind takes the outcome a hash of
// (spec seed, kind, n) selects, unless the spec pins it (GameSpec::pinned_chance), so removing
// decisions leaves unrelated draws unchanged.
#pragma once

#include <cstdint>
#include <random>
#include <span>
#include <vector>

#include "engine/engine.h"
#include "generators/game_spec.h"

namespace dune::generators {

using Choice = std::uint32_t;

struct Decision {
  Seat seat;
  Command command;
  Choice choice;  // the normalised index that names this pair (choice < seats * commands)
};

// The order a choice ranks a seat's legal commands in: the default first, then the step's other
// commands, then card plays, then standing choices, each in listing order. order[rank] is the
// command's index in `legal`.
std::vector<std::uint32_t> choice_order(const std::vector<Command>& legal);
// The normalised choice that names legal[listed] of the seat at seat_index among `seats` awaited.
Choice encode_choice(const std::vector<Command>& legal, std::size_t seats, std::size_t seat_index, std::size_t listed);

// The decision a choice names; nullopt when no seat is awaited or the chosen seat has no command.
std::optional<Decision> decide(const GameState& state, const std::vector<Seat>& seats, Choice choice);

// The bots' stream of one game, seeded from the spec.
class Bots {
 public:
  explicit Bots(const GameSpec& spec);
  // A choice made by the profile of a seat picked uniformly among `seats` (non-empty).
  std::optional<Decision> choose(const GameState& state, const std::vector<Seat>& seats);

 private:
  const GameSpec* spec_;
  std::mt19937_64 rng_;
};

// The chance outcome for the `nth` (0-based) chance step of its kind in a game of `seed`.
std::uint8_t chance_pick(std::uint64_t seed, ChanceKind kind, std::uint32_t nth, std::span<const std::uint8_t> outcomes);
// chance_pick under the spec's chance profile (GameSpec::favoured_nexus).
std::uint8_t chance_pick(const GameSpec& spec, ChanceKind kind, std::uint32_t nth, std::span<const std::uint8_t> outcomes);

// The weight a profile gives a command, relative to 1 for an ordinary command. Profiles pick a
// kind of command first (by the largest weight among its commands) and then a command within it,
// so thousands of moves do not drown a single Pass or CallTraitor.
double profile_weight(BotProfile profile, const Command& command);

}  // namespace dune::generators

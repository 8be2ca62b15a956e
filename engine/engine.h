// The engine's public API: pure functions over GameState values (DESIGN.md, "The command protocol").
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "model/commands.h"
#include "model/options.h"
#include "model/state.h"

namespace dune {

// A new game at its first decision (or chance step). Rejects options the engine cannot play.
std::variant<GameState, Rejection> new_game(const Options& options);

struct Accepted {
  GameState next;
  Receipt receipt;
};
using SubmitResult = std::variant<Accepted, Rejection>;

// Compare-and-swap on the version, idempotent command ids, and atomic: a rejection changes nothing.
SubmitResult submit(const GameState& state, const Envelope& envelope);

// The public set of seats the game waits for (empty while a chance step or the end is pending).
std::vector<Seat> pending(const GameState& state);

// That seat's legal commands in a deterministic order; built on the validator `submit` uses.
std::vector<Command> legal_commands(const GameState& state, Seat seat);

// What `submit` answers each command from `seat`, sent with a fresh id at the state's version:
// nullopt where it would accept, else its rejection, message and all. The validator runs as in
// submit, with the seat's awaited set worked out once and no command applied (the
// noninterference probes ask about two hundred at a time).
std::vector<std::optional<Rejection>> verdicts(const GameState& state, Seat seat, std::span<const Command> commands);

// The outcomes of the pending chance step, in a deterministic order (empty when none is pending).
std::vector<std::uint8_t> chance_outcomes(const GameState& state);

// Resolves the pending chance step with one of its listed outcomes and records it in the log.
std::variant<GameState, Rejection> apply_chance(const GameState& state, std::uint8_t outcome);

bool is_terminal(const GameState& state);

// A deterministic storm order of the seats for the current storm position (first player first).
std::vector<Seat> storm_order(const GameState& state);

// The fixed default policy among `legal` (non-empty), as an index: Pass when legal, else the first
// command that is neither a standing choice nor a card play, else the first. The explorer's starts
// and non-explored seats and a scenario's `advance` step play it.
std::size_t default_choice(const std::vector<Command>& legal);

// Whether a chance kind's draw serves a seat, named in its request (a Treachery lot or a spice
// draw serves nobody). Scenario files stage such outcomes by seat.
constexpr bool chance_serves_a_seat(ChanceKind kind) {
  return kind != ChanceKind::SpiceDraw && kind != ChanceKind::TreacheryLot;
}

// How many raw outcomes a chance kind can name (an upper bound: `chance_outcomes` lists the live
// ones): a card's or a leader's id, a Nexus card's faction, a storm card's number. Readers bound a
// recorded or staged outcome by it.
std::size_t chance_outcome_bound(ChanceKind kind);

// The printed name of a chance outcome: the traitor card's leader ("Cheap Hero" for its traitor
// card), the Treachery or spice card, the Nexus card's faction; a storm card is its number.
std::string chance_outcome_name(ChanceKind kind, std::uint8_t outcome);
// A traitor card's (or Face Dancer's) name: its leader's, or "Cheap Hero".
std::string traitor_name(TraitorCardId card);

// A command's kind without its content: what a receipt may show to every seat.
std::string_view kind_name(const Command& c);

}  // namespace dune

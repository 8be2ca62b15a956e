// E1's Ixians: their Hidden Mobile Stronghold on the board (engine/hms.cpp; docs/rules/ixians.md
// §2.2, §4). Placed once, on turn 1, as the Storm phase ends; moved as each later one starts.
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

// Whether the Ixians place their stronghold now: seated, turn 1's Storm ending, not yet placed
// (end_phase asks, after the tech token deal, and enters Step::HmsPlacement).
bool hms_placement_due(const GameState& state);

// Whether the Ixians may move their stronghold as this Storm phase starts (enter_storm asks after
// turn 1, and enters Step::HmsMovement): placed, Ixian forces inside, its host out of the storm.
bool hms_move_offered(const GameState& state);

// Step::HmsPlacement: the Ixians are awaited with one PlaceHms per cell they may choose;
// Step::HmsMovement: with one MoveHms per cell within reach, and Pass.
std::vector<Seat> awaited_hms(const GameState& state);
std::vector<Command> candidates_hms(const GameState& state, Seat seat);
std::optional<Rejection> validate_hms(const GameState& state, Seat seat, const Command& c);
void apply_hms(GameState& state, Seat seat, const Command& c);

// The Ixians' Karama power (KaramaMoveHms; one source, [TO] KarmaHmsMovement, docs/rules/ixians.md
// §7.1): offered in their own Shipment or Movement step, once a game with Advanced Karama; it moves
// the HMS up to 2 territories by the Storm-phase move's rules, and their action goes on.
void add_karama_hms_candidates(const GameState& state, Seat seat, std::vector<Command>& out);
std::optional<Rejection> validate_karama_hms(const GameState& state, Seat seat, const KaramaMoveHms& k);
void apply_karama_hms(GameState& state, Seat seat, const KaramaMoveHms& k);

}  // namespace dune

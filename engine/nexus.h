// The E3 Nexus card module (seed 000): the lifecycle (nexus.cpp) and the Atreides family's plays
// in battle (nexus_atreides.cpp). The module's step, Step::NexusDraw, is routed by flow.cpp.
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

// The mode a seat would play a card in, by native roster identity only (seed 000, item 8): a
// stolen leader, an ally's benefit or a Ghola changes nothing.
NexusMode nexus_mode(const GameState& state, Seat seat, NexusCardId card);

// Public fact: the seat holds a Nexus card (which one stays private, seed 000 item 9).
bool holds_nexus_card(const GameState& state, Seat seat);

// ---- the Atreides family in battle (nexus_atreides.cpp) ----
// Called by the battle module when Atreides asks Prescience: opens the Betrayal window (numbering
// the attempt) when another seat holds a Nexus card; returns false when no window applies.
bool open_prescience_betrayal_window(GameState& state);
// Called when the battle would enter the Plans stage: opens the Secret Ally window when Atreides
// is absent and a combatant holds a Nexus card; returns false when no window applies.
bool open_secret_ally_window(GameState& state);
// The seats a Nexus battle window awaits (BattleStage::NexusBetrayal / NexusSecretAlly).
std::vector<Seat> awaited_nexus_window(const GameState& state);
std::vector<Command> nexus_play_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_nexus_play(const GameState& state, Seat seat, const PlayNexus& c);
void apply_nexus_play(GameState& state, Seat seat, const PlayNexus& c);
void apply_nexus_window_pass(GameState& state, Seat seat);
// After the inspected side commits the asked part (BattleStage::NexusAnswer): the private
// disclosure to the inspecting seat.
void disclose_nexus_inspection(GameState& state);

}  // namespace dune

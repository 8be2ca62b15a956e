// The E3 Nexus card module (seed 000): the common lifecycle (lifecycle.cpp) and the plays of the
// registered families (plays.cpp, through the table of engine/nexus/family.h). The module's step,
// Step::NexusDraw, is routed by flow.cpp; its battle windows by battle.cpp.
#pragma once

#include <optional>
#include <vector>

#include "model/state.h"

namespace dune {

enum class NexusHook : std::uint8_t;

// The mode a seat would play a card in, by native roster identity only (seed 000, item 8): a
// stolen leader, an ally's benefit or a Ghola changes nothing.
NexusMode nexus_mode(const GameState& state, Seat seat, NexusCardId card);

// Public fact: the seat holds a Nexus card (which one stays private, seed 000 item 9).
bool holds_nexus_card(const GameState& state, Seat seat);

// ---- the families, through their table (plays.cpp) ----
// Offers the engine's hook point to every registered family (a family may open its window).
void nexus_hook(GameState& state, NexusHook hook);
// While a battle's plans are made (battle_detail::making_plans): the families whose PlansBegin
// hook has not run in this battle run it, until one opens a window (battle.cpp calls it after
// each command that leaves the battle making plans).
void resume_nexus_plans_hook(GameState& state);
// The open Nexus window (BattleStage::NexusBetrayal / NexusSecretAlly, or the Bidding phase's
// purchase window): whom it awaits, and a seat's pass; both asked of the family that opened it.
std::vector<Seat> awaited_nexus_window(const GameState& state);
void apply_nexus_window_pass(GameState& state, Seat seat);
// A family's window outside battle (NexusState::window): the step it interrupts waits; the awaited
// seats play their card or pass (the family decides both, and resumes the step as it closes).
std::vector<Command> nexus_window_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_nexus_window(const GameState& state, Seat seat, const Command& c);
void apply_nexus_window(GameState& state, Seat seat, const Command& c);
// Whether a delayed effect of `card`'s `mode` committed this turn in `phase` still binds: its
// receipt is delayed and not consumed (the effect outlives the card, seed 000).
bool nexus_effect_binds(const GameState& state, Faction card, NexusMode mode, Phase phase);
// A seat's plays of its held card, and their validation and application, by the card's family.
// A step offers only the panels played in a step; the panels played at any time are offered at
// the action boundary (flow.cpp) with the other at-any-time plays.
std::vector<Command> nexus_play_candidates(const GameState& state, Seat seat);
std::vector<Command> nexus_any_time_candidates(const GameState& state, Seat seat);
// A PlayNexus of a panel its family declares played at any time (NexusPanelRules::any_time).
bool is_any_time_nexus_play(const Command& c);
std::optional<Rejection> validate_nexus_play(const GameState& state, Seat seat, const PlayNexus& c);
void apply_nexus_play(GameState& state, Seat seat, const PlayNexus& c);

// ---- the Harkonnen card's traitor exchange (traitor_exchange.cpp, nexus.traitor_exchange) ----
// `seat` draws `draws` Traitor Cards (TraitorDraw chance steps), then shuffles `returns` held
// ones back (ReturnTraitor); while it lasts, flow.cpp asks the exchange instead of the step.
void begin_traitor_exchange(GameState& state, Seat seat, std::uint8_t draws, std::uint8_t returns);
void on_traitor_drawn(GameState& state, Seat seat, TraitorCardId card);  // the TraitorDraw outcome
std::vector<Seat> awaited_traitor_exchange(const GameState& state);
std::vector<Command> traitor_exchange_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_traitor_exchange(const GameState& state, Seat seat, const Command& c);
void apply_traitor_exchange(GameState& state, Seat seat, const Command& c);

// ---- the CHOAM card's inspection after a battle won (choam.cpp, ChanceKind::CardInspect) ----
// The cards the inspection picks from at random: those the battle's loser holds that it did not
// use in the battle; and the picked one, seen by the winner alone.
std::vector<TreacheryCardId> inspectable_cards(const GameState& state);
void on_card_inspected(GameState& state, Seat seat, TreacheryCardId card);

}  // namespace dune

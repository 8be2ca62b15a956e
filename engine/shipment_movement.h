// Helpers shared by the two halves of the Shipment and Movement phase: shipment_movement.cpp (the
// turn order, the Guild's timing and Shipment), movement.cpp (Movement and Hajr) and advisors.cpp
// (the Advanced Bene Gesserit flips that follow them).
#pragma once

#include <optional>
#include <string_view>
#include <vector>

#include "model/state.h"

namespace dune::shipment_movement {

// ---- shipment_movement.cpp ------------------------------------------------------------------
bool valid_cell(CellId c);
bool bg_advisors_in(const GameState& s, Faction f, TerritoryId t);
std::optional<Rejection> check_group(ForceCount normal, ForceCount special);
// Bene Gesserit tokens arriving in t: advisors (true) or fighters ([LR] 2.02.14, 2.02.20).
bool arriving_as_advisors(const GameState& s, TerritoryId t, bool advisors);
void forget_empty_stance(GameState& s, TerritoryId t);
// Atreides' look at the top spice card, owed once per Shipment and Movement phase. It asks for a
// chance step, so it waits while another one is pending (a Harkonnen bonus card requested as
// Bidding ended): chance.cpp calls this again after every outcome. Idempotent.
void show_top_spice_card_to_atreides(GameState& s);

// ---- advisors.cpp: Advanced Bene Gesserit flips ([LR] 2.02.15–21) ---------------------------
// Why the Bene Gesserit advisors in t cannot flip to fighters now (Peacetime, Stormed In, the
// occupancy limit), or nullopt when they can.
std::optional<Rejection> check_flip_to_fighters(const GameState& s, TerritoryId t);
void open_wartime(GameState& s);                                        // as the phase opens
void open_intrusion(GameState& s, Faction mover, TerritoryId t);        // mover's forces entered t
void open_take_up_arms(GameState& s, TerritoryId t, bool had_forces_there);  // after a Bene Gesserit move
std::vector<Command> flip_candidates(const GameState& s);
// The spiritual advisor the Bene Gesserit may send after another faction's shipment ([LR] 2.02.05;
// Advanced 2.02.11: into the shipment's cell, as an advisor, where they have no fighters).
bool advisor_may_join(const GameState& s, CellId shipped_to);
void send_spiritual_advisor(GameState& s, CellId shipped_to, AdvisorDestination to);
std::optional<Rejection> validate_spiritual_advisor(const GameState& s, const Command& c);
// The Bene Gesserit Nexus card's Cunning (seed 000, engine/nexus/bene_gesserit.cpp): whether any
// advisor group may flip to fighters now (the checks above), and the window its play opens: any
// such group flips, one FlipBeneGesserit each, until Pass; then their action goes on.
bool any_flip_to_fighters(const GameState& s);
void open_nexus_cunning(GameState& s);
// Whether `seat` is taking its own Shipment and Movement action with nothing else pending (no flip
// window, spiritual advisor or Guild timing decision).
bool in_own_action(const GameState& s, Seat seat);
std::optional<Rejection> validate_flip(const GameState& s, const Command& c);
void apply_flip(GameState& s, const Command& c);
void universal_stewards(GameState& s);                                  // as the phase ends

// ---- movement.cpp ---------------------------------------------------------------------------
// The Movement step of the acting seat: Move, PlayHajr or Pass (Pass ends it).
void add_movement_candidates(const GameState& s, Seat seat, std::vector<Command>& out);
std::optional<Rejection> validate_movement(const GameState& s, Seat seat, const Command& c);
// Applies a validated Movement command; true when the seat's movement is over.
bool apply_movement(GameState& s, Seat seat, const Command& c);
// At the end of its actions, the seat's forces sharing a territory with its ally go to the Tanks.
void tank_forces_sharing_with_ally(GameState& s, Seat seat);
// Territories crossed from `from` to every cell over the sector links, never into a sector in storm
// nor into a stronghold (E1's Hidden Mobile Stronghold moving, engine/hms.cpp); the int maximum
// where no such way leads.
std::array<int, kCellCount> territories_crossed_outside_strongholds(const GameState& s, CellId from);

}  // namespace dune::shipment_movement

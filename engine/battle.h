// The Battle phase (fact sheet §6.3, [LR] 1.07, 1.13.04; faction abilities [LR] 2.01–2.05).
// battle.cpp: which battles, the aggressor's choice, Voice and Prescience, dispatch.
// battle_plans.cpp: fighting strength, the plan and wheel rules. battle_resolution.cpp: the
// reveal, traitors, resolution, losses and Harkonnen capture.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "model/state.h"

namespace dune {

// A territory where two or more non-allied factions have fighting forces not separated by the
// storm, and the factions that would fight there (fact sheet §6.3; [LR] 1.07.01).
struct PendingBattle {
  TerritoryId territory;
  std::vector<Faction> factions;
  std::vector<CellId> cells;  // the unseparated group of cells where they fight
  friend bool operator==(const PendingBattle&, const PendingBattle&) = default;
};

std::vector<PendingBattle> battles_to_fight(const GameState& state);

// The phase module (flow.cpp routes Step::Battle here).
std::vector<Seat> awaited_battle(const GameState& state);
std::vector<Command> candidates_battle(const GameState& state, Seat seat);
std::optional<Rejection> validate_battle(const GameState& state, Seat seat, const Command& c);
void apply_battle(GameState& state, Seat seat, const Command& c);

namespace battle_detail {

// The side (0 = aggressor, 1 = opponent) of a combatant seat.
int side_of(const GameState& state, Seat seat);
Faction opponent_faction(const GameState& state, int side);
// The side whose combatant is `owner` or `owner`'s ally: where its Voice, Prescience or traitors
// may be used ([LR] 2.01.09, 2.02.07, 2.05.09).
std::optional<int> ability_side(const GameState& state, Faction owner);

// ---- battle_plans.cpp ----
bool leader_available(const GameState& state, Seat seat, LeaderId l);
bool kwisatz_haderach_active(const GameState& state);
// The most a side may dial, in half points, with `support` spice paid ([LR] 1.13.04).
int max_dial_halves(const GameState& state, int side, Spice support);
// How many of the side's forces in the battle need spice to count at full strength.
int forces_needing_spice(const GameState& state, int side);
std::vector<Command> plan_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_plan(const GameState& state, Seat seat, const PlanBattle& p);
std::optional<Rejection> validate_wheel(const GameState& state, Seat seat, const DialBattle& d);
// A winner's dial loss: the normal and special forces it loses from the battle's cells.
struct ForceLoss {
  ForceCount normal;
  ForceCount special;
  friend bool operator==(const ForceLoss&, const ForceLoss&) = default;
};
// Whether the loss is consistent with the side's dial and support ([LR] 1.07.06.06, seed 003).
bool loss_consistent(const GameState& state, int side, ForceLoss loss);
// Every consistent loss, fewest special forces first.
std::vector<ForceLoss> loss_options(const GameState& state, int side);
// E1 Ixians, with the option cyborg_loss_substitution ([TO]'s reading of open question Q5,
// docs/rules/ixians.md §3): a winning side's loss that is not consistent but comes from a
// consistent one by losing, 1:1, Suboids there beyond it in place of some of its Cyborgs, unless a
// Karama prevented it in this battle.
bool loss_substituted(const GameState& state, int side, ForceLoss loss);
// Every loss the winner may choose: the consistent ones and the substituted ones, fewest special
// forces first, then fewest forces (the winner is asked when there are several).
std::vector<ForceLoss> winner_loss_options(const GameState& state, int side);

// ---- battle_resolution.cpp ----
// Whether the card is one of that printed name.
bool named(const std::optional<TreacheryCardId>& c, std::string_view name);
// E1's one-time weapons: `side` played an Artillery Strike, or a Poison Tooth that struck (not
// cancelled); it is discarded after use, won or lost, so no winner keeps it.
bool discarded_after_use(const GameState& state, int side);
// Called once both plans are complete: reveals them, then traitors or resolution.
void reveal_plans(GameState& state);
// The traitor card that betrays `side`'s plan, if any: its leader's, or the Cheap Hero traitor's.
std::optional<TraitorCardId> traitor_card_of(const GameState& state, int side);
std::vector<Seat> traitor_callers(const GameState& state, int side);
std::optional<Rejection> validate_traitor(const GameState& state, Seat seat, const Command& c);
void apply_traitor(GameState& state, Seat seat, const Command& c);
// E1's Poison Tooth stage (BattleStage::PoisonTooth): its player cancels it (CancelPoisonTooth) or
// lets it strike (Pass); then the battle resolves, or the other side's Poison Tooth is asked.
std::optional<Rejection> validate_poison_tooth(const GameState& state, Seat seat);
void apply_poison_tooth(GameState& state, const Command& c);
// The traitor `caller` revealed in this battle: the card naming the other side's leader (or, E1,
// the Cheap Hero traitor card against its Cheap Hero).
TraitorCardId revealed_traitor(const GameState& state, Seat caller);
// A Nexus Betrayal cancels `caller`'s revealed traitor (seed 000, Harkonnen row): its call is void
// (its side still won by traitor if its other caller called one), the card is shuffled back into
// the Traitor Deck.
void cancel_traitor_call(GameState& state, Seat caller);
// After a Nexus window on a traitor call closes: resolution once every caller has answered.
void continue_traitors(GameState& state);
// A battle with a winner goes on after the window on the battle lost (NexusHook::BattleLost)
// closes: the window on the battle won; after that one (NexusHook::BattleWon): captured leaders
// return, the Advanced Harkonnen capture, the next battle.
void battle_lost_over(GameState& state);
// The battle's loser while battle.winner names its winner (until the battle goes on).
std::optional<Seat> battle_loser(const GameState& state);
void battle_won_over(GameState& state);
// A killed leader goes to its owner's Tanks; a second death face down ([LR] 1.05.04).
void kill_leader(GameState& state, LeaderId l, bool face_down = false);
std::vector<LeaderId> capturable_leaders(const GameState& state);
// The CaptureDraw's outcome: Harkonnen now capture, kill or pass on that leader.
void on_capture_drawn(GameState& state, LeaderId leader);
std::optional<Rejection> validate_capture(const GameState& state, Seat seat, const Command& c);
void apply_capture(GameState& state, Seat seat, const Command& c);
// The winner's decisions after a win ([LR] 1.07.06.06): its dial loss, then its played cards.
std::vector<Command> winner_candidates(const GameState& state);
std::optional<Rejection> validate_winner(const GameState& state, Seat seat, const Command& c);
void apply_winner(GameState& state, Seat seat, const Command& c);
// The battle's own stages over, its Nexus windows, captured leaders and Face Dancer reveal follow.
void close_battle(GameState& state);

// ---- battle.cpp ----
// After the Voice stage (used, passed or stopped): Prescience when the Atreides side fights, else the plans.
void after_voice(GameState& state);
// After a battle is over: the next battle, or the end of the phase.
void next_battle(GameState& state);
// Enters the Plans stage (through the Nexus windows of NexusHook::PlansBegin when they apply).
void begin_plans(GameState& state);
// The stages in which plans are being made, before any window of the plans: Plans, and the
// Prescience answer, whose first plan part is committed aloud ([LR] 2.01.08).
constexpr bool making_plans(BattleStage s) { return s == BattleStage::Plans || s == BattleStage::PrescienceAnswer; }
// Where a Nexus window of the plans returns: the Prescience answer still owed, else Plans.
BattleStage plans_stage(const GameState& state);
// What an inspected element of `side`'s committed plan is (Prescience and Nexus inspections).
struct ElementValue {
  std::uint8_t id = 255;  // the leader / card id or dial halves; 255: not played
  std::string value;
};
ElementValue plan_element_value(const GameState& state, int side, PlanElement element);

}  // namespace battle_detail
}  // namespace dune

// The Battle phase's decision state (owned by engine/battle*.cpp). Fact sheet §6.3, [LR] 1.07.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

#include "model/commands.h"
#include "model/factions.h"
#include "model/ids.h"
#include "model/quantity.h"

namespace dune {

enum class BattleStage : std::uint8_t {
  None,              // no battle under way (between battles, or outside the phase)
  Choose,            // the aggressor chooses its next battle (ChooseBattle)
  Voice,             // the Bene Gesserit side may use the Voice (UseVoice or Pass)
  Prescience,        // the Atreides side may use Prescience (UsePrescience or Pass)
  PrescienceAnswer,  // the opponent commits the part of its plan holding the asked element
  Plans,             // both combatants commit PlanBattle and DialBattle, in either order
  Traitors,          // after the reveal: the sides that may call a traitor answer (CallTraitor or Pass)
  Capture,           // Advanced Harkonnen, after winning: CaptureLeader or Pass
  FaceDancer,        // the Tleilaxu, after the battle: RevealFaceDancer or Pass
  // Nexus battle windows (seed 000), opened by a family at one of the engine's hook points
  // (engine/nexus/family.h, NexusHook); the family that opened one answers for it:
  NexusBetrayal,     // an attempted effect waits: seats holding a Nexus card may stop it
  NexusSecretAlly,   // before the plans: combatants holding a Nexus card may play it
  NexusAnswer,       // the inspected side commits the part holding the Nexus-asked element
  // After a win ([LR] 1.07.06.06), each asked only when it has a choice:
  WinnerLosses,      // the winner chooses the forces of its dial loss (TakeLosses)
  WinnerCards,       // the winner keeps or discards the cards it played (DiscardPlayed)
  // Advanced Atreides Karama power ([LR] 1.14.01): the opponent commits the rest of its plan, then
  // the Atreides see all of it.
  KaramaPlanAnswer,
  // E1 Poison Tooth, after the traitor calls: its player may cancel it, having seen both plans
  // (fact sheet §4.2; [TO] PoisonToothCancelled): CancelPoisonTooth, or Pass and it strikes.
  PoisonTooth,
  // E1 tech tokens, after the winner's cards: it may take one token the loser holds (TakeTechToken
  // or Pass; engine/tech_tokens.cpp).
  WinnerTechToken,
};

struct BattleState {
  BattleStage stage = BattleStage::None;
  TerritoryId territory{};
  std::vector<CellId> cells;         // the cells the storm does not separate, where it is fought
  std::array<Seat, 2> combatants{};  // the aggressor, then its opponent
  // Secret until both combatants have committed both parts of their plans; then `revealed`.
  std::array<std::optional<PlanBattle>, 2> plans{};
  std::array<std::optional<DialBattle>, 2> wheels{};
  bool revealed = false;
  std::optional<UseVoice> voice;             // public: commanded aloud
  // Public: the side whose Voice the Voice stage asks for: the Bene Gesserit's (their own battle or
  // their ally's, [LR] 2.02.06-07) or a Secret Ally player's (the Bene Gesserit Nexus card, seed 000).
  std::optional<std::uint8_t> voice_side;
  std::optional<PlanElement> prescience;     // public: asked aloud, answered aloud
  // The Nexus card module in battle (seed 000, engine/nexus/); all public.
  std::uint32_t prescience_attempt = 0;      // the attempt number (NexusState::attempts), 0: none
  std::uint32_t voice_attempt = 0;           // the Bene Gesserit Voice's attempt number, 0: none
  std::optional<Faction> nexus_window;       // the family (its card) whose Nexus window is open
  bool prescience_answered = false;          // the opponent answered Prescience
  bool prescience_stopped = false;           // an Atreides Betrayal stopped it: no answer given
  std::array<bool, kMaxSeats> nexus_answered{};  // answered the open Nexus window
  std::optional<Seat> nexus_inspector;       // a Cunning / Secret Ally inspection in this battle
  std::optional<PlanElement> nexus_element;  // the element it asked (its value is private)
  // The Emperor Nexus card in battle (seed 003; engine/nexus/emperor.cpp), all public:
  std::uint8_t nexus_sardaukar = 0;          // Cunning: ordinary Emperor forces counted as Sardaukar here (0 or 5)
  bool sardaukar_prevented = false;          // Betrayal: the Emperor's Sardaukar advantage is prevented here
  std::uint32_t sardaukar_attempt = 0;       // the numbered use of that advantage a Betrayal names, 0: none
  bool cyborgs_prevented = false;            // a Karama against the Ixians' Cyborg bonus in this battle (public)
  bool substitution_prevented = false;       // a Karama against the Ixians' Cyborg loss substitution in this battle (public)
  std::uint8_t plans_hooks_run = 0;          // families whose NexusHook::PlansBegin has run in this battle
  std::array<bool, kMaxSeats> traitor_answered{};
  std::array<bool, 2> traitor_called{};      // by side: a traitor was called against the other side
  std::array<bool, kMaxSeats> traitor_revealed{};  // by seat: it called a traitor, not cancelled (a side may have two callers)
  std::optional<std::uint8_t> poison_tooth_side;  // public: the side asked last whether its Poison Tooth strikes
  std::array<bool, 2> poison_tooth_cancelled{};   // public, by side: its player cancelled its Poison Tooth
  std::optional<Seat> capture_from;          // the loser whose leader Harkonnen may capture or kill
  std::optional<LeaderId> capture_leader;    // public: the leader the CaptureDraw picked at random
  std::optional<Seat> winner;                // public: the winning combatant, while it decides
  std::optional<Seat> face_dancer_winner;    // public: the winner the Tleilaxu may reveal a Face Dancer on
  // Phase-level: where each leader fought this phase (a leader fights in one territory only).
  std::array<std::optional<TerritoryId>, kLeaderCount> leader_territory{};
  std::optional<TerritoryId> kwisatz_haderach_territory;  // once per turn, one territory
  // Game-level (Advanced Atreides): forces lost in battles and whether the Kwisatz Haderach died.
  ForceCount atreides_battle_losses;
  bool kwisatz_haderach_dead = false;
  friend bool operator==(const BattleState&, const BattleState&) = default;
};

}  // namespace dune

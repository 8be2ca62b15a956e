// The command protocol's vocabulary (DESIGN.md, "The command protocol"): a closed variant of small
// value commands, the envelope that carries one, rejections and receipts.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "model/catalogue.h"
#include "model/nexus.h"
#include "model/ids.h"
#include "model/quantity.h"

namespace dune {

// ---- setup ----------------------------------------------------------------------------------
struct ChooseTraitor { TraitorCardId card; friend bool operator==(const ChooseTraitor&, const ChooseTraitor&) = default; };
struct Predict { Faction faction; std::uint8_t turn; friend bool operator==(const Predict&, const Predict&) = default; };
// Place starting forces (Fremen split, Bene Gesserit advisor) from reserves into one cell.
struct PlaceForces { CellId cell; ForceCount normal; ForceCount special; friend bool operator==(const PlaceForces&, const PlaceForces&) = default; };

// ---- storm ----------------------------------------------------------------------------------
struct DialStorm { std::uint8_t amount; friend bool operator==(const DialStorm&, const DialStorm&) = default; };
struct PlayWeatherControl { std::uint8_t sectors; friend bool operator==(const PlayWeatherControl&, const PlayWeatherControl&) = default; };
struct PlayFamilyAtomics { friend bool operator==(const PlayFamilyAtomics&, const PlayFamilyAtomics&) = default; };

// ---- Spice Blow and Nexus -------------------------------------------------------------------
struct ProposeAlliance { Faction with; friend bool operator==(const ProposeAlliance&, const ProposeAlliance&) = default; };
struct AcceptAlliance { Faction proposer; friend bool operator==(const AcceptAlliance&, const AcceptAlliance&) = default; };
struct BreakAlliance { friend bool operator==(const BreakAlliance&, const BreakAlliance&) = default; };
struct PlaceWorm { TerritoryId territory; friend bool operator==(const PlaceWorm&, const PlaceWorm&) = default; };
struct RideWorm { TerritoryId from; CellId to; friend bool operator==(const RideWorm&, const RideWorm&) = default; };

// ---- CHOAM Charity --------------------------------------------------------------------------
struct ClaimCharity { friend bool operator==(const ClaimCharity&, const ClaimCharity&) = default; };

// ---- Bidding --------------------------------------------------------------------------------
struct Bid { Spice amount; bool karama = false; friend bool operator==(const Bid&, const Bid&) = default; };
struct KaramaTakeCard { friend bool operator==(const KaramaTakeCard&, const KaramaTakeCard&) = default; };

// ---- Revival --------------------------------------------------------------------------------
struct Revive {
  ForceCount normal;
  ForceCount special;
  std::optional<LeaderId> leader;
  ForceCount ally_paid_extra;  // Emperor: extra revivals paid for its ally (up to 3)
  friend bool operator==(const Revive&, const Revive&) = default;
};

// ---- Shipment and Movement ------------------------------------------------------------------
struct Ship { CellId to; ForceCount normal; ForceCount special; bool karama = false; friend bool operator==(const Ship&, const Ship&) = default; };
struct CrossShip { CellId from; CellId to; ForceCount normal; ForceCount special; friend bool operator==(const CrossShip&, const CrossShip&) = default; };
struct ShipToReserves { CellId from; ForceCount normal; ForceCount special; friend bool operator==(const ShipToReserves&, const ShipToReserves&) = default; };
struct Move { TerritoryId from; CellId to; ForceCount normal; ForceCount special; friend bool operator==(const Move&, const Move&) = default; };
// Bene Gesserit after another faction's shipment from off-planet: send no force, one fighter to
// the Polar Sink, or (Advanced) one advisor into the shipment's cell ([LR] 2.02.05, 2.02.11).
enum class AdvisorDestination : std::uint8_t { None, PolarSink, ShipmentCell };
struct SendSpiritualAdvisor { AdvisorDestination to; friend bool operator==(const SendSpiritualAdvisor&, const SendSpiritualAdvisor&) = default; };
struct PlayHajr { friend bool operator==(const PlayHajr&, const PlayHajr&) = default; };
struct GuildActNow { friend bool operator==(const GuildActNow&, const GuildActNow&) = default; };

// ---- cards outside battle -------------------------------------------------------------------
// Truthtrance questions are typed and answered from the state, truthfully (issue: Engine I, 8).
enum class TruthtranceQuestion : std::uint8_t {
  HoldsKarama,         // "Do you hold a Karama card?"
  HoldsWeapon,         // "Do you hold a weapon?"
  HoldsDefense,        // "Do you hold a defense?"
  HasAtLeastTenSpice,  // "Do you have 10 or more spice?"
  HoldsTraitorOfMine,  // "Is one of my leaders your traitor?"
};
struct PlayTruthtrance { Seat target; TruthtranceQuestion question; friend bool operator==(const PlayTruthtrance&, const PlayTruthtrance&) = default; };
struct PlayGhola { std::optional<LeaderId> leader; ForceCount forces; friend bool operator==(const PlayGhola&, const PlayGhola&) = default; };

// ---- standing choices (side commands: any seat, whenever the game is live) ----------------
// How much of one's spice one's ally may spend on bids, shipments and (Emperor) revivals
// ([LR] 1.10.02.06; [TO] AllyPermission). Public; 0 withdraws it.
struct AllySpice { Spice limit; friend bool operator==(const AllySpice&, const AllySpice&) = default; };
// Fremen: whether their ally's forces are protected from worms ([LR] 2.04.10). Public.
struct ProtectAllyFromWorms { bool protect; friend bool operator==(const ProtectAllyFromWorms&, const ProtectAllyFromWorms&) = default; };

// ---- Battle ---------------------------------------------------------------------------------
// The aggressor picks its next battle: the territory and, with three or more factions there, the
// opponent ([LR] 1.07.02–03). Offered only when there are several choices.
struct ChooseBattle { TerritoryId territory; Faction opponent; friend bool operator==(const ChooseBattle&, const ChooseBattle&) = default; };
// Bene Gesserit Voice ([LR] 2.02.06): the opponent must (or must not) play a card of this kind.
enum class VoiceSubject : std::uint8_t { ProjectileWeapon, PoisonWeapon, ProjectileDefense, PoisonDefense, Worthless, CheapHero, Lasgun };
struct UseVoice { VoiceSubject subject; bool must_play = false; friend bool operator==(const UseVoice&, const UseVoice&) = default; };
// Atreides Prescience ([LR] 2.01.08): the opponent commits and reveals this element first.
enum class PlanElement : std::uint8_t { Leader, Weapon, Defense, Dial };
struct UsePrescience { PlanElement element; friend bool operator==(const UsePrescience&, const UsePrescience&) = default; };
// A battle plan is committed secretly in two parts, in either order: the leader (or Cheap Hero)
// with its cards, and the wheel. Both stay secret until both combatants have committed both.
struct PlanBattle {
  std::optional<LeaderId> leader;
  std::optional<TreacheryCardId> cheap_hero;
  std::optional<TreacheryCardId> weapon;   // a weapon or a worthless card
  std::optional<TreacheryCardId> defense;  // a defense or a worthless card
  bool kwisatz_haderach = false;           // Advanced Atreides: +2 to the leader or Cheap Hero
  friend bool operator==(const PlanBattle&, const PlanBattle&) = default;
};
// The number dialed, in half points (Advanced combat dials in half steps; Basic dials are even),
// and the spice support paid to the bank (Advanced combat; 1 per force at full strength).
struct DialBattle { std::int32_t dial_halves = 0; Spice support; friend bool operator==(const DialBattle&, const DialBattle&) = default; };
struct CallTraitor { friend bool operator==(const CallTraitor&, const CallTraitor&) = default; };
// Advanced Harkonnen after winning: capture one of the loser's leaders, or kill it for 2 spice.
struct CaptureLeader { LeaderId leader; bool kill = false; friend bool operator==(const CaptureLeader&, const CaptureLeader&) = default; };

// ---- the Nexus card module (seed 000) -------------------------------------------------------
// At the draw opportunity: draw (no card held) or discard-and-replace (a card held). Pass declines
// or keeps. One opportunity per seat, not repeated replacements (seed 000, item 4).
struct DrawNexus { friend bool operator==(const DrawNexus&, const DrawNexus&) = default; };
// The private own-faction redraw preference (standing, private; seed 000, item 4).
struct SetRedrawPolicy { RedrawPolicy policy; friend bool operator==(const SetRedrawPolicy&, const SetRedrawPolicy&) = default; };
// Plays the held Nexus card: binds the card, its mode and panel, and the original attempted effect
// it answers (an attempt number from NexusState::attempts, 0 if none). `element` is the plan
// element for the Atreides family's inspections.
struct PlayNexus {
  NexusCardId card;
  NexusMode mode = NexusMode::Cunning;
  std::optional<PlanElement> element;
  std::uint32_t answers = 0;
  friend bool operator==(const PlayNexus&, const PlayNexus&) = default;
};
// ---- generic --------------------------------------------------------------------------------
// Decline the current optional opportunity (a pass in bidding, no shipment, no charity, ...).
struct Pass { friend bool operator==(const Pass&, const Pass&) = default; };

using Command = std::variant<Pass, ChooseTraitor, Predict, PlaceForces, DialStorm, PlayWeatherControl,
                             PlayFamilyAtomics, ProposeAlliance, AcceptAlliance, BreakAlliance,
                             PlaceWorm, RideWorm, ClaimCharity, Bid, KaramaTakeCard, Revive, Ship,
                             CrossShip, ShipToReserves, Move, SendSpiritualAdvisor, PlayHajr,
                             GuildActNow, PlayTruthtrance, PlayGhola, AllySpice,
                             ProtectAllyFromWorms, ChooseBattle, UseVoice, UsePrescience, PlanBattle,
                             DialBattle, CallTraitor, CaptureLeader, DrawNexus, SetRedrawPolicy,
                             PlayNexus>;

// The one human form of a command (logs, traces, RapidCheck `show`).
std::string to_string(const Command& c);

struct CommandId {
  std::uint64_t value = 0;
  friend bool operator==(CommandId, CommandId) = default;
  friend auto operator<=>(CommandId, CommandId) = default;
};

struct Envelope {
  CommandId id;
  Seat seat;
  std::uint64_t expected_version = 0;
  Command command;
  friend bool operator==(const Envelope&, const Envelope&) = default;
};

enum class RejectCode : std::uint8_t {
  StaleVersion,
  DuplicateCommandId,
  UnknownSeat,
  NotYourTurn,        // the seat is not awaited now
  WrongPhase,         // this command kind is not accepted at this step
  ChancePending,      // the game waits for a chance outcome, not a command
  GameOver,
  IllegalChoice,      // the command names something not on offer
  InsufficientSpice,
  HandFull,
  StormBlocked,
  OccupancyLimit,
  NotAdjacent,
  NotEnoughForces,
  NotImplemented,     // a rule listed unavailable in the rules-status table
};

struct Rejection {
  RejectCode code;
  std::string message;  // names the rule and the numbers; uses only what the seat may see
  friend bool operator==(const Rejection&, const Rejection&) = default;
};

std::string_view to_string(RejectCode c);
std::string_view to_string(PlanElement e);

// What an accepted command did: its id, seat, the version it produced, and a public summary.
struct Receipt {
  CommandId id;
  Seat seat;
  std::uint64_t version = 0;
  std::string summary;
  friend bool operator==(const Receipt&, const Receipt&) = default;
};

}  // namespace dune

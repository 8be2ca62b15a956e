// The command protocol's vocabulary (DESIGN.md, "The command protocol"): a closed variant of small
// value commands, the envelope that carries one, rejections and receipts.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "model/catalogue.h"
#include "model/options.h"
#include "model/nexus.h"
#include "model/ids.h"
#include "model/karama_abilities.h"
#include "model/quantity.h"
#include "model/steps.h"

namespace dune {

// Each kind carries its one descriptor next to its fields: `kInfo` (its JSON kind, its public
// label, its class and the steps that accept it) and, when it has fields, `fields(c, f)` calling
// f(name, member) for each in JSON order. Names, JSON, kind_name, the step table and the classes
// are derived from these (model/command_steps.h); nothing else lists the kinds.
enum class CommandClass : std::uint8_t {
  Step,      // the step's own decision: the seat must be awaited; may end its part in the step
  // A play with no printed phase ("at any time"): only at the safe action boundary, which the
  // flow enforces in one place (engine/flow.cpp, README "At-any-time plays"): the seat is
  // awaited and no other seat's committed private choice waits for its reveal. Ends nothing.
  AnyTime,
  Standing,  // a standing choice: any seat at any live moment, without being awaited; ends nothing
};

struct CommandInfo {
  std::string_view kind;   // the JSON "kind" and the type's name
  std::string_view label;  // the public form of the kind (receipts, rejection messages)
  CommandClass klass;
  StepMask steps;          // where the kind is accepted (at-any-time and standing kinds: every live step)
};

// ---- setup ----------------------------------------------------------------------------------
struct ChooseTraitor {
  TraitorCardId card;
  static constexpr CommandInfo kInfo{"ChooseTraitor", "keep a traitor", CommandClass::Step, {Step::SetupTraitorSelection}};
  template <class C, class F> static void fields(C& c, F&& f) { f("card", c.card); }
  friend bool operator==(const ChooseTraitor&, const ChooseTraitor&) = default;
};
// E1 Ixians' starting-card draft (docs/rules/ixians.md §2.1, 2 sources; open question Q15, [TO]'s
// reading): the Ixians keep `card` of the draft; the others go one to each other seat.
struct KeepStartingCard {
  TreacheryCardId card;
  static constexpr CommandInfo kInfo{"KeepStartingCard", "keep a starting card of the draft", CommandClass::Step, {Step::SetupIxianDraft}};
  template <class C, class F> static void fields(C& c, F&& f) { f("card", c.card); }
  friend bool operator==(const KeepStartingCard&, const KeepStartingCard&) = default;
};
struct Predict {
  Faction faction;
  std::uint8_t turn;
  static constexpr CommandInfo kInfo{"Predict", "predict", CommandClass::Step, {Step::SetupPrediction}};
  template <class C, class F> static void fields(C& c, F&& f) { f("faction", c.faction); f("turn", c.turn); }
  friend bool operator==(const Predict&, const Predict&) = default;
};
// Place starting forces (Fremen split, Bene Gesserit advisor) from reserves into one cell.
struct PlaceForces {
  CellId cell;
  ForceCount normal;
  ForceCount special;
  static constexpr CommandInfo kInfo{"PlaceForces", "place forces", CommandClass::Step,
                                     {Step::SetupFremenPlacement, Step::SetupBeneGesseritPlacement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("cell", c.cell); f("normal", c.normal); f("special", c.special); }
  friend bool operator==(const PlaceForces&, const PlaceForces&) = default;
};

// ---- storm ----------------------------------------------------------------------------------
// E1 Ixians: turn 1, once the first storm has moved (and E1's tech tokens are dealt), the Ixians
// attach their Hidden Mobile Stronghold, with the 3 Suboids and 3 Cyborgs in it, to a map cell of
// a territory that is not a stronghold and not in storm (docs/rules/ixians.md §2.2, 2 sources).
struct PlaceHms {
  CellId to;
  static constexpr CommandInfo kInfo{"PlaceHms", "place the Hidden Mobile Stronghold", CommandClass::Step, {Step::HmsPlacement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("to", c.to); }
  friend bool operator==(const PlaceHms&, const PlaceHms&) = default;
};
// E1 Ixians: after turn 1, as the Storm phase starts and before the storm is dialed or its card
// revealed, with Ixian forces inside and its host out of the storm, the Ixians may move their
// stronghold up to 3 territories, each a territory that is not a stronghold, never into or
// through the storm (docs/rules/ixians.md §4.1, 2 sources). The forces inside move with it.
struct MoveHms {
  CellId to;
  static constexpr CommandInfo kInfo{"MoveHms", "move the Hidden Mobile Stronghold", CommandClass::Step, {Step::HmsMovement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("to", c.to); }
  friend bool operator==(const MoveHms&, const MoveHms&) = default;
};

struct DialStorm {
  std::int32_t amount;  // signed, so that a dial below the range reaches the rule and is rejected there
  static constexpr CommandInfo kInfo{"DialStorm", "dial the storm", CommandClass::Step, {Step::StormDial}};
  template <class C, class F> static void fields(C& c, F&& f) { f("amount", c.amount); }
  friend bool operator==(const DialStorm&, const DialStorm&) = default;
};
struct PlayWeatherControl {
  std::uint8_t sectors;
  static constexpr CommandInfo kInfo{"PlayWeatherControl", "Weather Control", CommandClass::Step, {Step::StormCardWindow}};
  template <class C, class F> static void fields(C& c, F&& f) { f("sectors", c.sectors); }
  friend bool operator==(const PlayWeatherControl&, const PlayWeatherControl&) = default;
};
struct PlayFamilyAtomics {
  static constexpr CommandInfo kInfo{"PlayFamilyAtomics", "Family Atomics", CommandClass::Step, {Step::StormCardWindow}};
  friend bool operator==(const PlayFamilyAtomics&, const PlayFamilyAtomics&) = default;
};

// ---- E1's spice-blow cards (engine/spice_blow.cpp; README rules status) -------------------------
// Thumper: before pile A's first card is revealed, a worm appears instead, where the topmost
// territory card of pile A lies. Harvester: the spice of the territory card just revealed is blown
// a second time.
struct PlayThumper {
  static constexpr CommandInfo kInfo{"PlayThumper", "Thumper", CommandClass::Step, {Step::ThumperWindow}};
  friend bool operator==(const PlayThumper&, const PlayThumper&) = default;
};
struct PlayHarvester {
  static constexpr CommandInfo kInfo{"PlayHarvester", "Harvester", CommandClass::Step, {Step::HarvesterWindow}};
  friend bool operator==(const PlayHarvester&, const PlayHarvester&) = default;
};
// E1's Amal (fact sheet §4.2, set e1_amal): at the start of a phase, every seat discards half the
// spice behind its shield, rounded up, to the bank (engine/amal.cpp). The play answers nothing: its
// player still passes to close its part of the window.
struct PlayAmal {
  static constexpr CommandInfo kInfo{"PlayAmal", "Amal", CommandClass::Step, {Step::AmalWindow}};
  friend bool operator==(const PlayAmal&, const PlayAmal&) = default;
};

// ---- Spice Blow and Nexus -------------------------------------------------------------------
struct ProposeAlliance {
  Faction with;
  static constexpr CommandInfo kInfo{"ProposeAlliance", "propose an alliance", CommandClass::Step, {Step::NexusNegotiation}};
  template <class C, class F> static void fields(C& c, F&& f) { f("with", c.with); }
  friend bool operator==(const ProposeAlliance&, const ProposeAlliance&) = default;
};
struct AcceptAlliance {
  Faction proposer;
  static constexpr CommandInfo kInfo{"AcceptAlliance", "accept an alliance", CommandClass::Step, {Step::NexusNegotiation}};
  template <class C, class F> static void fields(C& c, F&& f) { f("proposer", c.proposer); }
  friend bool operator==(const AcceptAlliance&, const AcceptAlliance&) = default;
};
struct BreakAlliance {
  static constexpr CommandInfo kInfo{"BreakAlliance", "break an alliance", CommandClass::Step, {Step::NexusNegotiation}};
  friend bool operator==(const BreakAlliance&, const BreakAlliance&) = default;
};
struct PlaceWorm {
  TerritoryId territory;
  static constexpr CommandInfo kInfo{"PlaceWorm", "place the worm", CommandClass::Step, {Step::WormPlacement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("territory", c.territory); }
  friend bool operator==(const PlaceWorm&, const PlaceWorm&) = default;
};
// Some or all of the Fremen forces out of the storm in the worm's territory ride it to one cell
// ([LR] 2.04.08).
struct RideWorm {
  TerritoryId from;
  CellId to;
  ForceCount normal;
  ForceCount special;
  static constexpr CommandInfo kInfo{"RideWorm", "ride the worm", CommandClass::Step, {Step::WormRide}};
  template <class C, class F> static void fields(C& c, F&& f) { f("from", c.from); f("to", c.to); f("normal", c.normal); f("special", c.special); }
  friend bool operator==(const RideWorm&, const RideWorm&) = default;
};

// ---- CHOAM Charity --------------------------------------------------------------------------
struct ClaimCharity {
  static constexpr CommandInfo kInfo{"ClaimCharity", "claim charity", CommandClass::Step, {Step::Charity}};
  friend bool operator==(const ClaimCharity&, const ClaimCharity&) = default;
};

// ---- Bidding --------------------------------------------------------------------------------
// E1 Ixians' alliance (docs/rules/ixians.md §6, 2 sources): the Ixians' ally, right after buying a
// lot (paid, or taken with Karama), may discard it face up and take the next Treachery deck card;
// Pass keeps it. Open question Q10: [DB]'s reading, the ally's own right ([TO]: an Ixian permission
// a Karama may stop).
struct ReplaceBoughtCard {
  static constexpr CommandInfo kInfo{"ReplaceBoughtCard", "discard the bought card for the next one", CommandClass::Step,
                                     {Step::AllyCardReplacement}};
  friend bool operator==(const ReplaceBoughtCard&, const ReplaceBoughtCard&) = default;
};

// E1 Ixians' bidding advantage (docs/rules/ixians.md §5, 2 sources): one lot more than the seats
// that may bid is dealt; the Ixians see the whole row and return one card of it face down to the
// top (`top`) or the bottom of the Treachery deck. The rest are auctioned in their random order.
struct ReturnLot {
  TreacheryCardId card;
  bool top = true;
  static constexpr CommandInfo kInfo{"ReturnLot", "return a lot to the Treachery deck", CommandClass::Step, {Step::IxCardSelection}};
  template <class C, class F> static void fields(C& c, F&& f) { f("card", c.card); f("top", c.top); }
  friend bool operator==(const ReturnLot&, const ReturnLot&) = default;
};

// E1 Ixians' Technology advantage (Advanced; docs/rules/ixians.md §5, 2 sources: [TO]
// GreySwappedCardOnBid, [DB] ixTechnology): once a Bidding phase, before a lot comes up for bid
// (before the Atreides look at it), the Ixians give `card` from their hand face down in its place
// and take the lot. Declined with Pass.
struct SwapLot {
  TreacheryCardId card;
  static constexpr CommandInfo kInfo{"SwapLot", "swap a card of the hand for the lot about to come up", CommandClass::Step, {Step::IxTechnology}};
  template <class C, class F> static void fields(C& c, F&& f) { f("card", c.card); }
  friend bool operator==(const SwapLot&, const SwapLot&) = default;
};

struct Bid {
  Spice amount;
  bool karama = false;
  static constexpr CommandInfo kInfo{"Bid", "bid", CommandClass::Step, {Step::Bidding}};
  template <class C, class F> static void fields(C& c, F&& f) { f("amount", c.amount); f("karama", c.karama); }
  friend bool operator==(const Bid&, const Bid&) = default;
};
struct KaramaTakeCard {
  static constexpr CommandInfo kInfo{"KaramaTakeCard", "Karama: take the card", CommandClass::Step, {Step::Bidding}};
  friend bool operator==(const KaramaTakeCard&, const KaramaTakeCard&) = default;
};
// Advanced Harkonnen Karama power ([LR] 1.14.04), once a game: during Bidding, take the entire hand
// of `target`. A play at the action boundary (flow.cpp), accepted only during Bidding; the
// Harkonnen then owe as many cards (KaramaGiveCard).
struct KaramaTakeHand {
  Seat target;
  static constexpr CommandInfo kInfo{"KaramaTakeHand", "Karama: take a hand", CommandClass::AnyTime, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("target", c.target); }
  friend bool operator==(const KaramaTakeHand&, const KaramaTakeHand&) = default;
};
// The Harkonnen give one card of their hand back to the player whose hand they took ([LR] 1.14.04:
// "For each card you added to your hand, you must then give that player one card in return").
struct KaramaGiveCard {
  TreacheryCardId card;
  static constexpr CommandInfo kInfo{"KaramaGiveCard", "Karama: give a card back", CommandClass::Step, {Step::Bidding}};
  template <class C, class F> static void fields(C& c, F&& f) { f("card", c.card); }
  friend bool operator==(const KaramaGiveCard&, const KaramaGiveCard&) = default;
};

// ---- Revival --------------------------------------------------------------------------------
struct Revive {
  ForceCount normal;
  ForceCount special;
  std::optional<LeaderId> leader;
  ForceCount ally_paid_extra;  // Emperor: extra revivals paid for its ally (up to 3)
  bool kwisatz_haderach = false;  // Advanced Atreides: the Kwisatz Haderach instead of a leader ([LR] 2.01.14)
  static constexpr CommandInfo kInfo{"Revive", "revive", CommandClass::Step, {Step::Revival}};
  template <class C, class F> static void fields(C& c, F&& f) {
    f("normal", c.normal); f("special", c.special); f("leader", c.leader); f("ally_paid_extra", c.ally_paid_extra);
    f("kwisatz_haderach", c.kwisatz_haderach);
  }
  friend bool operator==(const Revive&, const Revive&) = default;
};

// Advanced Emperor Karama power ([LR] 1.14.02), once a game, at the Emperor's own Revival decision:
// up to three forces or one leader, free. Besides the ordinary revival (README rules status).
struct KaramaRevive {
  ForceCount normal;
  ForceCount special;
  std::optional<LeaderId> leader;
  static constexpr CommandInfo kInfo{"KaramaRevive", "Karama: the Emperor's free revival", CommandClass::Step, {Step::Revival}};
  template <class C, class F> static void fields(C& c, F&& f) { f("normal", c.normal); f("special", c.special); f("leader", c.leader); }
  friend bool operator==(const KaramaRevive&, const KaramaRevive&) = default;
};

// ---- Shipment and Movement ------------------------------------------------------------------
struct Ship {
  CellId to;
  ForceCount normal;
  ForceCount special;
  bool karama = false;
  static constexpr CommandInfo kInfo{"Ship", "ship", CommandClass::Step, {Step::Shipment}};
  template <class C, class F> static void fields(C& c, F&& f) { f("to", c.to); f("normal", c.normal); f("special", c.special); f("karama", c.karama); }
  friend bool operator==(const Ship&, const Ship&) = default;
};
struct CrossShip {
  CellId from;
  CellId to;
  ForceCount normal;
  ForceCount special;
  static constexpr CommandInfo kInfo{"CrossShip", "cross-ship", CommandClass::Step, {Step::Shipment}};
  template <class C, class F> static void fields(C& c, F&& f) { f("from", c.from); f("to", c.to); f("normal", c.normal); f("special", c.special); }
  friend bool operator==(const CrossShip&, const CrossShip&) = default;
};
struct ShipToReserves {
  CellId from;
  ForceCount normal;
  ForceCount special;
  static constexpr CommandInfo kInfo{"ShipToReserves", "ship to reserves", CommandClass::Step, {Step::Shipment}};
  template <class C, class F> static void fields(C& c, F&& f) { f("from", c.from); f("normal", c.normal); f("special", c.special); }
  friend bool operator==(const ShipToReserves&, const ShipToReserves&) = default;
};
struct Move {
  TerritoryId from;
  CellId to;
  ForceCount normal;
  ForceCount special;
  static constexpr CommandInfo kInfo{"Move", "move", CommandClass::Step, {Step::Movement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("from", c.from); f("to", c.to); f("normal", c.normal); f("special", c.special); }
  friend bool operator==(const Move&, const Move&) = default;
};
// Bene Gesserit after another faction's shipment from off-planet: send no force, one fighter to
// the Polar Sink, or (Advanced) one advisor into the shipment's cell ([LR] 2.02.05, 2.02.11).
enum class AdvisorDestination : std::uint8_t { None, PolarSink, ShipmentCell };
struct SendSpiritualAdvisor {
  AdvisorDestination to;
  static constexpr CommandInfo kInfo{"SendSpiritualAdvisor", "spiritual advisor", CommandClass::Step, {Step::Shipment}};
  template <class C, class F> static void fields(C& c, F&& f) { f("to", c.to); }
  friend bool operator==(const SendSpiritualAdvisor&, const SendSpiritualAdvisor&) = default;
};
// Advanced Bene Gesserit flip all their tokens in one territory ([LR] 2.02.15–17): to advisors
// when another faction intrudes (Intrusion), to fighters before Shipment and Movement (Wartime)
// or after moving advisors into an occupied territory (Take Up Arms). Public.
enum class BeneGesseritSide : std::uint8_t { Advisors, Fighters };
struct FlipBeneGesserit {
  TerritoryId territory;
  BeneGesseritSide to;
  static constexpr CommandInfo kInfo{"FlipBeneGesserit", "flip Bene Gesserit forces", CommandClass::Step,
                                     {Step::Shipment, Step::Movement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("territory", c.territory); f("to", c.to); }
  friend bool operator==(const FlipBeneGesserit&, const FlipBeneGesserit&) = default;
};
struct PlayHajr {
  static constexpr CommandInfo kInfo{"PlayHajr", "Hajr", CommandClass::Step, {Step::Movement}};
  friend bool operator==(const PlayHajr&, const PlayHajr&) = default;
};
struct GuildActNow {
  static constexpr CommandInfo kInfo{"GuildActNow", "Guild acts now", CommandClass::Step, {Step::Shipment, Step::Movement}};
  friend bool operator==(const GuildActNow&, const GuildActNow&) = default;
};

// ---- at-any-time plays (any awaited seat, at the action boundary: CommandClass::AnyTime) --------
// Truthtrance questions are typed and answered from the state, truthfully (issue: Engine I, 8;
// issue 16 item 5). The questions with a subject name it in one field of PlayTruthtrance; every
// other subject field stays empty. Questions about the past, intentions or what a seat has seen
// are not typed (README "Truthtrance").
enum class TruthtranceQuestion : std::uint8_t {
  HoldsKarama,           // "Do you hold a Karama card?"
  HoldsWeapon,           // "Do you hold a weapon?"
  HoldsDefense,          // "Do you hold a defense?"
  HasAtLeastTenSpice,    // "Do you have 10 or more spice?"
  HoldsTraitorOfMine,    // "Is one of my leaders your traitor?"
  HoldsCardNamed,        // "Do you hold a <card>?" (`card`: the first card of that name; any copy answers)
  HoldsLeaderAsTraitor,  // "Is <leader> your traitor?" (`leader`)
  PredictedFaction,      // to the Bene Gesserit: "Did you predict that <faction> wins?" (`faction`)
  PredictedTurn,         // to the Bene Gesserit: "Did you predict a win on turn <turn>?" (`turn`)
  HoldsNexusCard,        // "Do you hold a Nexus card?" (`faction`: that faction's card; none: any card)
  HasAtLeastSpice,       // "Do you have <spice> or more spice?" (`spice`: one of kTruthtranceSpiceThresholds)
};
// The spice amounts HasAtLeastSpice asks about, besides the 10 of HasAtLeastTenSpice: a small fixed
// set, so the list of legal commands stays small (README "Truthtrance").
inline constexpr std::array kTruthtranceSpiceThresholds{Spice{5}, Spice{15}, Spice{20}};
struct PlayTruthtrance {
  Seat target;
  TruthtranceQuestion question;
  std::optional<TreacheryCardId> card = std::nullopt;  // HoldsCardNamed
  std::optional<LeaderId> leader = std::nullopt;       // HoldsLeaderAsTraitor
  std::optional<Faction> faction = std::nullopt;       // PredictedFaction, HoldsNexusCard
  std::optional<std::uint8_t> turn = std::nullopt;     // PredictedTurn
  Spice spice = Spice{0};                              // HasAtLeastSpice
  static constexpr CommandInfo kInfo{"PlayTruthtrance", "Truthtrance", CommandClass::AnyTime, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) {
    f("target", c.target); f("question", c.question); f("card", c.card); f("leader", c.leader);
    f("faction", c.faction); f("turn", c.turn); f("spice", c.spice);
  }
  friend bool operator==(const PlayTruthtrance&, const PlayTruthtrance&) = default;
};
struct PlayGhola {
  std::optional<LeaderId> leader;
  ForceCount forces;
  static constexpr CommandInfo kInfo{"PlayGhola", "Tleilaxu Ghola", CommandClass::AnyTime, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("leader", c.leader); f("forces", c.forces); }
  friend bool operator==(const PlayGhola&, const PlayGhola&) = default;
};
// One spice given to another seat ([LR] 1.12, 2.03.06), at any time from the first storm on
// (0.00, 1.12.04). The Emperor's spice to his ally goes behind the ally's shield, the ally's to
// spend at once; any other gift is a bribe, in front of the recipient's shield until the bribes
// are collected at the next Mentat Pause (1.12.02), and is never made to one's ally (1.12.00-01)
// nor after that collection (1.12.05). A sum is given one spice at a time: the same state, and a
// legal-command list of one gift per seat, not one per amount.
struct GiveSpice {
  Seat to;
  static constexpr CommandInfo kInfo{"GiveSpice", "give spice", CommandClass::AnyTime, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("to", c.to); }
  friend bool operator==(const GiveSpice&, const GiveSpice&) = default;
};

// ---- standing choices (side commands: any seat, whenever the game is live) ----------------
// How much of one's spice one's ally may spend on bids, shipments and (Emperor) revivals
// ([LR] 1.10.02.06; [TO] AllyPermission). Public; 0 withdraws it.
struct AllySpice {
  Spice limit;
  static constexpr CommandInfo kInfo{"AllySpice", "ally spice", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("limit", c.limit); }
  friend bool operator==(const AllySpice&, const AllySpice&) = default;
};
// Fremen: whether their ally's forces are protected from worms ([LR] 2.04.10). Public.
struct ProtectAllyFromWorms {
  bool protect;
  static constexpr CommandInfo kInfo{"ProtectAllyFromWorms", "worm protection for the ally", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("protect", c.protect); }
  friend bool operator==(const ProtectAllyFromWorms&, const ProtectAllyFromWorms&) = default;
};
// Fremen: whether their ally's free revival is 3 ([LR] 2.04.11 "At your discretion, your ally's
// free revival is 3"). Public; not granted until the Fremen grant it ([TO] AllyPermission
// YellowAllowsThreeFreeRevivals, false by default).
struct GrantAllyFreeRevivals {
  bool grant;
  static constexpr CommandInfo kInfo{"GrantAllyFreeRevivals", "free revivals for the ally", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("grant", c.grant); }
  friend bool operator==(const GrantAllyFreeRevivals&, const GrantAllyFreeRevivals&) = default;
};
// Tleilaxu: another faction's force revival limit, raised to 4 or 5 or back to the printed 3 (fact
// sheet §5.2 "may sell extra revivals"; [TO] SetIncreasedRevivalLimits, a standing setting; [DB]
// askAboutRevivalLimits). Public; it stands until changed. The price is the players' deal.
struct RaiseRevivalLimit {
  Faction faction;
  ForceCount limit;
  static constexpr CommandInfo kInfo{"RaiseRevivalLimit", "raise a revival limit", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) {
    f("faction", c.faction);
    f("limit", c.limit);
  }
  friend bool operator==(const RaiseRevivalLimit&, const RaiseRevivalLimit&) = default;
};
// Tleilaxu: a public offer to let another faction revive one of its leaders in the Tanks that
// [LR] 1.05.03-04 do not let it revive now, face down too, at the price named, paid to the
// Tleilaxu (docs/rules/tleilaxu.md §4.4: [TO] RequestPurpleRevival / AcceptOrCancelPurpleRevival,
// the price replacing the leader's; seed 002: "E1 expressly permits face-down leaders for its
// negotiated service"). During Revival, before that faction answers; one offer per faction, a new
// one replacing it; it lapses as the phase ends. Taking it is that faction's own Revive, its one
// leader revival of the turn.
struct OfferLeaderRevival {
  LeaderId leader;
  Spice price;
  static constexpr CommandInfo kInfo{"OfferLeaderRevival", "offer an early leader revival", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) {
    f("leader", c.leader);
    f("price", c.price);
  }
  friend bool operator==(const OfferLeaderRevival&, const OfferLeaderRevival&) = default;
};

// ---- Battle ---------------------------------------------------------------------------------
// The aggressor picks its next battle: the territory and, with three or more factions there, the
// opponent ([LR] 1.07.02–03). Offered only when there are several choices.
struct ChooseBattle {
  TerritoryId territory;
  Faction opponent;
  static constexpr CommandInfo kInfo{"ChooseBattle", "choose a battle", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("territory", c.territory); f("opponent", c.opponent); }
  friend bool operator==(const ChooseBattle&, const ChooseBattle&) = default;
};
// Bene Gesserit Voice ([LR] 2.02.06): the opponent must (or must not) play a card of this kind.
enum class VoiceSubject : std::uint8_t { ProjectileWeapon, PoisonWeapon, ProjectileDefense, PoisonDefense, Worthless, CheapHero, Lasgun };
struct UseVoice {
  VoiceSubject subject;
  bool must_play = false;
  static constexpr CommandInfo kInfo{"UseVoice", "Voice", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("subject", c.subject); f("must_play", c.must_play); }
  friend bool operator==(const UseVoice&, const UseVoice&) = default;
};
// Atreides Prescience ([LR] 2.01.08): the opponent commits and reveals this element first.
enum class PlanElement : std::uint8_t { Leader, Weapon, Defense, Dial };
struct UsePrescience {
  PlanElement element;
  static constexpr CommandInfo kInfo{"UsePrescience", "Prescience", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("element", c.element); }
  friend bool operator==(const UsePrescience&, const UsePrescience&) = default;
};
// A battle plan is committed secretly in two parts, in either order: the leader (or Cheap Hero)
// with its cards, and the wheel. Both stay secret until both combatants have committed both.
struct PlanBattle {
  std::optional<LeaderId> leader;
  std::optional<TreacheryCardId> cheap_hero;
  std::optional<TreacheryCardId> weapon;   // a weapon or a worthless card
  std::optional<TreacheryCardId> defense;  // a defense or a worthless card
  bool kwisatz_haderach = false;           // Advanced Atreides: +2 to the leader or Cheap Hero
  static constexpr CommandInfo kInfo{"PlanBattle", "battle plan", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) {
    f("leader", c.leader); f("cheap_hero", c.cheap_hero); f("weapon", c.weapon); f("defense", c.defense);
    f("kwisatz_haderach", c.kwisatz_haderach);
  }
  friend bool operator==(const PlanBattle&, const PlanBattle&) = default;
};
// The number dialed, in half points (Advanced combat dials in half steps; Basic dials are even),
// and the spice support paid to the bank (Advanced combat; 1 per force at full strength).
struct DialBattle {
  std::int32_t dial_halves = 0;
  Spice support;
  static constexpr CommandInfo kInfo{"DialBattle", "battle wheel", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("dial_halves", c.dial_halves); f("support", c.support); }
  friend bool operator==(const DialBattle&, const DialBattle&) = default;
};
struct CallTraitor {
  static constexpr CommandInfo kInfo{"CallTraitor", "call traitor", CommandClass::Step, {Step::Battle}};
  friend bool operator==(const CallTraitor&, const CallTraitor&) = default;
};
// E1 tech tokens, after a battle won: the winner takes one token the loser holds, or passes
// (docs/rules/tech-tokens-and-amal.md §1.4; [TO] BattleConcluded.StolenToken lets it decline,
// [DB] makes it take one: our reading is [TO]'s, README "E1 tech tokens").
struct TakeTechToken {
  TechTokenKind token;
  static constexpr CommandInfo kInfo{"TakeTechToken", "take a tech token", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("token", c.token); }
  friend bool operator==(const TakeTechToken&, const TakeTechToken&) = default;
};
// Advanced Harkonnen after winning: capture one of the loser's leaders, or kill it for 2 spice.
struct CaptureLeader {
  LeaderId leader;
  bool kill = false;
  static constexpr CommandInfo kInfo{"CaptureLeader", "capture a leader", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("leader", c.leader); f("kill", c.kill); }
  friend bool operator==(const CaptureLeader&, const CaptureLeader&) = default;
};

// The Tleilaxu reveal a Face Dancer after a battle whose winner used a leader that is one of their
// unrevealed Face Dancers (fact sheet §4.3, issue 22; one source, [TO] FaceDanced, and
// docs/rules/tleilaxu.md §3): the leader dies, the winner's forces in the territory go to its
// reserves, and the Tleilaxu place `forces` of their reserves, 0 up to that many, in `cell`, a
// cell of the battle. Pass declines.
struct RevealFaceDancer {
  LeaderId leader;
  ForceCount forces;
  CellId cell;
  static constexpr CommandInfo kInfo{"RevealFaceDancer", "reveal a Face Dancer", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("leader", c.leader); f("forces", c.forces); f("cell", c.cell); }
  friend bool operator==(const RevealFaceDancer&, const RevealFaceDancer&) = default;
};

// E1 Poison Tooth: its player, having seen both plans, cancels it: it strikes no leader and is not
// discarded (fact sheet §4.2 "may choose not to use it"; [TO] PoisonToothCancelled). Pass: it strikes.
struct CancelPoisonTooth {
  static constexpr CommandInfo kInfo{"CancelPoisonTooth", "cancel the Poison Tooth", CommandClass::Step, {Step::Battle}};
  friend bool operator==(const CancelPoisonTooth&, const CancelPoisonTooth&) = default;
};

// The winner of a battle chooses the forces that make up its dial loss: how many normal and how
// many special forces, any mix consistent with what it dialed and the support it paid ([LR]
// 1.07.06.06; base rules pp. 13, 19 via seed 003). Offered only when several mixes are consistent.
struct TakeLosses {
  ForceCount normal;
  ForceCount special;
  static constexpr CommandInfo kInfo{"TakeLosses", "take battle losses", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("normal", c.normal); f("special", c.special); }
  friend bool operator==(const TakeLosses&, const TakeLosses&) = default;
};
// The winner then discards any of the cards it played and still holds, and keeps the rest
// ([LR] 1.07.06.06; a traitor caller its one-time cards too, 1.07.06.07.01). true: discard.
struct DiscardPlayed {
  bool weapon = false;
  bool defense = false;
  bool cheap_hero = false;
  static constexpr CommandInfo kInfo{"DiscardPlayed", "keep or discard played cards", CommandClass::Step, {Step::Battle}};
  template <class C, class F> static void fields(C& c, F&& f) { f("weapon", c.weapon); f("defense", c.defense); f("cheap_hero", c.cheap_hero); }
  friend bool operator==(const DiscardPlayed&, const DiscardPlayed&) = default;
};

// ---- the Nexus card module (seed 000) -------------------------------------------------------
// At the draw opportunity: draw (no card held) or discard-and-replace (a card held). Pass declines
// or keeps. One opportunity per seat, not repeated replacements (seed 000, item 4).
struct DrawNexus {
  static constexpr CommandInfo kInfo{"DrawNexus", "draw a Nexus card", CommandClass::Step, {Step::NexusDraw}};
  friend bool operator==(const DrawNexus&, const DrawNexus&) = default;
};
// The private own-faction redraw preference (standing, private; seed 000, item 4).
struct SetRedrawPolicy {
  RedrawPolicy policy;
  static constexpr CommandInfo kInfo{"SetRedrawPolicy", "Nexus redraw policy", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("policy", c.policy); }
  friend bool operator==(const SetRedrawPolicy&, const SetRedrawPolicy&) = default;
};
// Plays the held Nexus card: binds the card, its mode and panel, and the original attempted effect
// it answers (an attempt number from NexusState::attempts, 0 if none). `element` is the plan
// element an inspection names (a family that inspects a battle plan, engine/nexus/); `special` the
// special forces among those a revival panel returns (the rest are ordinary forces).
struct PlayNexus {
  NexusCardId card;
  NexusMode mode = NexusMode::Cunning;
  std::optional<PlanElement> element;
  std::uint32_t answers = 0;
  ForceCount special;
  // A Nexus revival of a leader and forces (the Tleilaxu card's Secret Ally, seed 002): the
  // ordinary forces returned, and the own leader or (Atreides) the Kwisatz Haderach.
  ForceCount normal{};
  std::optional<LeaderId> leader{};
  bool kwisatz_haderach = false;
  // The player a panel asks (the Ecaz card's Secret Ally, seed 000: "make one player disclose ...").
  std::optional<Seat> target{};
  // The Treachery Card a panel names (seed 000): the Worthless card the CHOAM card's Secret Ally
  // trades for two spice, the played card the Moritani card's Secret Ally keeps.
  std::optional<TreacheryCardId> treachery{};
  static constexpr CommandInfo kInfo{"PlayNexus", "play a Nexus card", CommandClass::Step,
                                     {Step::SpiceBlow, Step::WormRide, Step::Bidding, Step::Revival, Step::Shipment,
                                      Step::Movement, Step::Battle, Step::Collection, Step::MentatPause}};
  template <class C, class F> static void fields(C& c, F&& f) {
    f("card", c.card); f("mode", c.mode); f("element", c.element); f("answers", c.answers); f("special", c.special);
    f("normal", c.normal); f("leader", c.leader); f("kwisatz_haderach", c.kwisatz_haderach); f("target", c.target);
    f("treachery", c.treachery);
  }
  friend bool operator==(const PlayNexus&, const PlayNexus&) = default;
};
// The return half of the Harkonnen Nexus card's traitor exchange (nexus.traitor_exchange): the
// drawing seat shuffles one held Traitor Card back into the Traitor Deck. It interrupts whatever
// step the exchange began in, so every live step accepts it; the exchange decides when.
struct ReturnTraitor {
  TraitorCardId card;
  static constexpr CommandInfo kInfo{"ReturnTraitor", "shuffle a traitor back", CommandClass::Step, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("card", c.card); }
  friend bool operator==(const ReturnTraitor&, const ReturnTraitor&) = default;
};
// The Tleilaxu in the Mentat Pause, once a turn: one unrevealed Face Dancer goes back into the
// Traitor Deck and one is drawn in its place (seed 002, "ordinary Mentat action"; [TO]
// FaceDancerReplaced, [DB] swapFaceDancer).
struct ReplaceFaceDancer {
  TraitorCardId dancer;
  static constexpr CommandInfo kInfo{"ReplaceFaceDancer", "replace a Face Dancer", CommandClass::Step, {Step::MentatPause}};
  template <class C, class F> static void fields(C& c, F&& f) { f("dancer", c.dancer); }
  friend bool operator==(const ReplaceFaceDancer&, const ReplaceFaceDancer&) = default;
};
// The Advanced faction Karama powers the engine implements ([LR] 1.13.06, 1.14), once a game each.
enum class KaramaPower : std::uint8_t {
  EmperorRevival,     // [LR] 1.14.02
  HarkonnenHand,      // [LR] 1.14.04
  GuildShipment,      // [LR] 1.14.05
  // Issue 16 (battle): the Atreides look at their opponent's entire battle plan ([LR] 1.14.01).
  AtreidesBattlePlan,
  FremenWorm,         // [LR] 1.14.03
  // Issue 22: the Tleilaxu stop another faction's revival this phase (one source: [TO]
  // KarmaRevivalPrevention; [LR] 1.14 prints no Tleilaxu power, docs/rules/tleilaxu.md §6.1).
  TleilaxuRevivalPrevention,
  // Issue 22: the Ixians move their Hidden Mobile Stronghold up to 2 territories in their own
  // Shipment and Movement action (one source: [TO] KarmaHmsMovement; no printed text, ixians.md
  // §7.1, open question Q7).
  IxiansHmsMovement,
};
// The private standing order (any seat, any live moment; nullopt withdraws it): play a Karama
// against the next use of this ability by another faction. Its receipt names only the kind.
struct ArmKarama {
  std::optional<KaramaAbility> ability;
  static constexpr CommandInfo kInfo{"ArmKarama", "Karama standing order", CommandClass::Standing, kLiveSteps};
  template <class C, class F> static void fields(C& c, F&& f) { f("ability", c.ability); }
  friend bool operator==(const ArmKarama&, const ArmKarama&) = default;
};

// Advanced Atreides Karama power ([LR] 1.14.01 "look at any one player's entire Battle Plan"),
// once a game: in their own battle, while they make their plan, the Atreides make the opponent
// commit its whole plan first and see it, they alone (README "Advanced Karama power: Atreides").
struct KaramaSeePlan {
  static constexpr CommandInfo kInfo{"KaramaSeePlan", "Karama: see the battle plan", CommandClass::Step, {Step::Battle}};
  friend bool operator==(const KaramaSeePlan&, const KaramaSeePlan&) = default;
};

// Advanced Fremen Karama power ([LR] 1.14.03), once a game: "During Spice Blow and Nexus Phase,
// after turn 1 you may use a Karama Card to Place your sandworm token in any sand Territory that
// you wish. This is treated as a normal sandworm and will cause a nexus". Offered at the Fremen's
// own decision as each such phase opens (Step::KaramaWorm; README rules status).
struct KaramaWorm {
  TerritoryId territory;
  static constexpr CommandInfo kInfo{"KaramaWorm", "Karama: the Fremen's sandworm", CommandClass::Step, {Step::KaramaWorm}};
  template <class C, class F> static void fields(C& c, F&& f) { f("territory", c.territory); }
  friend bool operator==(const KaramaWorm&, const KaramaWorm&) = default;
};

// Advanced Tleilaxu Karama power, once a game (one source: [TO] `KarmaRevivalPrevention`, offered
// during Revival, the target "prevented from reviving" until the phase ends; no printed text,
// docs/rules/tleilaxu.md §6.1): at their Revival decision, another faction that has not yet
// revived this phase revives nothing this phase (forces, leaders, free revival alike, as [TO]).
struct KaramaPreventRevival {
  Faction faction;
  static constexpr CommandInfo kInfo{"KaramaPreventRevival", "Karama: the Tleilaxu prevent a revival", CommandClass::Step, {Step::Revival}};
  template <class C, class F> static void fields(C& c, F&& f) { f("faction", c.faction); }
  friend bool operator==(const KaramaPreventRevival&, const KaramaPreventRevival&) = default;
};

// Advanced Ixians Karama power, once a game (one source: [TO] `KarmaHmsMovement`, offered only with
// the Advanced Karama rule; no printed text, docs/rules/ixians.md §7.1, open question Q7): in their
// own Shipment or Movement step, with Ixian forces inside and its host out of the storm, the Ixians
// move their stronghold up to 2 territories by the Storm-phase move's rules (MoveHms), besides
// that move; their action goes on. The forces inside move with it.
struct KaramaMoveHms {
  CellId to;
  static constexpr CommandInfo kInfo{"KaramaMoveHms", "Karama: move the Hidden Mobile Stronghold", CommandClass::Step,
                                     {Step::Shipment, Step::Movement}};
  template <class C, class F> static void fields(C& c, F&& f) { f("to", c.to); }
  friend bool operator==(const KaramaMoveHms&, const KaramaMoveHms&) = default;
};

// ---- generic --------------------------------------------------------------------------------
// Decline the current optional opportunity (a pass in bidding, no shipment, no charity, ...).
struct Pass {
  static constexpr CommandInfo kInfo{"Pass", "pass", CommandClass::Step,
                                     {Step::StormCardWindow, Step::HmsMovement, Step::AllyCardReplacement, Step::IxTechnology, Step::KaramaWorm, Step::ThumperWindow, Step::SpiceBlow, Step::HarvesterWindow, Step::WormPlacement, Step::NexusNegotiation, Step::WormRide,
                                      Step::NexusDraw, Step::Charity, Step::Bidding, Step::Revival, Step::Shipment,
                                      Step::Movement, Step::Battle, Step::Collection, Step::MentatPause, Step::AmalWindow}};
  friend bool operator==(const Pass&, const Pass&) = default;
};

using Command = std::variant<Pass, ChooseTraitor, Predict, PlaceForces, DialStorm, PlayWeatherControl,
                             PlayFamilyAtomics, ProposeAlliance, AcceptAlliance, BreakAlliance,
                             PlaceWorm, RideWorm, ClaimCharity, Bid, KaramaTakeCard, KaramaTakeHand,
                             KaramaGiveCard, Revive, KaramaRevive, Ship,
                             CrossShip, ShipToReserves, Move, SendSpiritualAdvisor, FlipBeneGesserit, PlayHajr,
                             GuildActNow, PlayTruthtrance, PlayGhola, GiveSpice, AllySpice,
                             ProtectAllyFromWorms, GrantAllyFreeRevivals, ChooseBattle, UseVoice, UsePrescience, PlanBattle,
                             DialBattle, CallTraitor, CaptureLeader, RevealFaceDancer, TakeLosses, DiscardPlayed, DrawNexus,
                             SetRedrawPolicy, PlayNexus, ReturnTraitor, ReplaceFaceDancer, ArmKarama, KaramaSeePlan, KaramaWorm,
                             RaiseRevivalLimit, KaramaPreventRevival, OfferLeaderRevival, CancelPoisonTooth,
                             PlayThumper, PlayHarvester, PlayAmal, TakeTechToken, PlaceHms, MoveHms, ReplaceBoughtCard,
                             ReturnLot, SwapLot, KeepStartingCard, KaramaMoveHms>;

// The one human form of a command (logs, traces, RapidCheck `show`).
std::string to_string(const Command& c);

// A kind's descriptor, by type or by value.
template <class C>
concept CommandKind = requires { { C::kInfo } -> std::convertible_to<CommandInfo>; };
constexpr const CommandInfo& command_info(const Command& c) {
  return std::visit([](const auto& x) -> const CommandInfo& { return std::decay_t<decltype(x)>::kInfo; }, c);
}

// Calls f(name, member) for each JSON field of a command (none for a kind without fields).
template <class C, class F>
void for_each_field(C& c, F&& f) {
  if constexpr (requires { std::remove_const_t<C>::fields(c, f); }) std::remove_const_t<C>::fields(c, f);
}

// Calls f(std::type_identity<C>{}) for every kind, in variant order.
template <class F>
constexpr void for_each_command_kind(F&& f) {
  [&]<std::size_t... I>(std::index_sequence<I...>) {
    (f(std::type_identity<std::variant_alternative_t<I, Command>>{}), ...);
  }(std::make_index_sequence<std::variant_size_v<Command>>{});
}

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
std::string_view to_string(KaramaAbility a);
std::string_view to_string(KaramaPower p);

// What an accepted command did: its id, seat, the version it produced, and a public summary.
struct Receipt {
  CommandId id;
  Seat seat;
  std::uint64_t version = 0;
  std::string summary;
  friend bool operator==(const Receipt&, const Receipt&) = default;
};

}  // namespace dune

// A Nexus family as one registered unit (DESIGN.md, "Nexus families and gates"; README, "Adding a
// Nexus family"): one card's three panels, declared in engine/nexus/<family>.cpp as a
// `NexusFamily k<Name>Family` and listed once in model/nexus_families.h. The engine calls the
// families only through this table (engine/nexus/plays.cpp): at its hook points, inside an open
// Nexus window, and for a PlayNexus, dispatched by the card played. The gate (coverage rows) and the
// bounded explorer (scopes) read the family's plain data below; nothing here depends on them.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/nexus/nexus.h"
#include "model/state.h"

namespace dune {

// Where a panel's window opens (the engine's hook points, each called from one place).
enum class NexusHook : std::uint8_t {
  BattleBegins,            // battle.cpp: a battle without the Bene Gesserit side begins (before Prescience)
  VoiceUsed,               // battle.cpp: the Bene Gesserit Voice was used and binds nobody yet
  PrescienceAsked,         // battle.cpp: Prescience was asked and is not answered yet
  PlansBegin,              // battle.cpp: the battle enters its Plans stage (one window at a time, plays.cpp)
  InspectedPartCommitted,  // battle.cpp: the side a Nexus inspection asked committed that part
  PurchaseWon,             // bidding.cpp: a lot is won (a Karama bid too: hidden until the sale), not paid yet
  LotBought,               // bidding.cpp: the lot up for bid is bought and paid (bidding.high_bidder its buyer), not handed over yet
  IxianSelectionDue,       // bidding.cpp: the Bidding phase opened with the Ixians' selection due (seated, no Karama against
                           // it), the row not dealt yet (bidding.lots_total 0); deal_bidding_row deals it
  TechnologyOffered,       // bidding.cpp: the Ixians named a card to swap for the auction's last lot (bidding.technology_offer),
                           // not swapped yet; finish_technology swaps it (or not)
  WormAppears,             // spice_blow.cpp: a worm appeared in blow.worm_waiting, before it devours
  WormRideOffered,         // spice_blow.cpp: the front worm of blow.worm_rides is offered to the Fremen to ride
  MovementBegins,          // shipment_movement.cpp: the seat in turn begins its Movement step
  PhaseEnds,               // flow.cpp: the phase in state.phase ends
  ShipmentPaid,            // shipment_movement.cpp: a shipment was paid (movement.invoice), before what follows it
  ActionEnds,              // shipment_movement.cpp: the acting seat's Shipment and Movement action ends
  TraitorCalled,           // battle_resolution.cpp: the Harkonnen called a traitor (battle.traitor_revealed), not resolved yet
  MentatPauseBegins,       // mentat.cpp: the Mentat Pause decision point opened (the game goes on)
  BattleLost,              // battle_resolution.cpp: a battle with a winner (battle.winner) is over but for its captured leaders
  BattleWon,               // battle_resolution.cpp: the same, after the window BattleLost opened (if any) closed
  FaceDancerRevealed,      // face_dancers.cpp: the Tleilaxu revealed a Face Dancer (face up now), its effects not applied yet
};

// One panel of the card: where its window opens, and an edge a seed leaves open, which the panel
// then does not offer ("not offered when ..., because ...", "" when none).
struct NexusPanelRules {
  NexusMode mode;
  std::span<const NexusHook> opens_at;
  std::string_view not_offered;
  // Played "at any time" (no printed phase): offered, validated and applied at the safe action
  // boundary of flow.cpp with the other at-any-time plays, never as a step's own decision.
  bool any_time = false;
};

// A gate coverage row the family adds to the generic ones (one per panel, the lifecycle rows):
// how often a campaign of the default size must exercise it, and how a step exercises it. `hits`
// is called once per log entry of a step, each time with the step's states before and after: a
// row that reads only the states counts a step of several entries (a command and the chance
// outcomes it forced) several times, so it should read the entry too.
struct NexusCoverageRow {
  NexusMode mode;
  std::string_view what;
  std::uint64_t required;  // in a campaign of the default size (gate/, kDefaultGames)
  std::string_view suggestion;
  std::uint64_t (*hits)(const GameState& before, const LogEntry& entry, const GameState& after);
};

// An explorer start for a battle scope: the seats, the seed of the staged chance outcomes, which
// seat holds the family's card when the battle of seats 0 and 1 begins, and what the start shows;
// the forces each combatant brings from its reserves (as far as they go), whether the game has the
// special forces rule, the Treachery Cards each combatant gets from the deck beyond its own (as
// far as its hand has room), and whether each combatant's hand is instead one projectile weapon
// from the deck (its own cards discarded), so that a scope exploring every plan stays small; and
// how many of the Tleilaxu's Face Dancers are staged face up, as if revealed in earlier battles
// (fewer than they hold, so no cycle is due).
struct NexusBattleStart {
  std::string_view name;
  std::array<Faction, 3> factions;
  std::uint64_t seed;
  std::uint8_t holder;
  std::string_view what;
  std::uint8_t normal = 3;
  std::uint8_t special = 0;
  bool special_forces = false;
  std::uint8_t extra_cards = 0;
  bool one_weapon = false;
  std::uint8_t revealed_dancers = 0;
};

// An explorer start for a Spice Blow scope: the seats, the seed, which seat holds the family's card
// as turn 2's Spice Blow begins (its first card a worm or a territory card, explored both ways),
// and the forces placed from reserves: the holder's and the Fremen's in the territory where the
// worm appears (pile A's topmost territory card, [LR] 1.02.05), the Fremen's in another sand
// territory out of the storm.
struct NexusBlowStart {
  std::string_view name;
  std::array<Faction, 3> factions;
  std::uint64_t seed;
  std::uint8_t holder;
  std::string_view what;
  std::uint8_t holder_at_worm = 0;
  std::uint8_t fremen_at_worm = 0;
  std::uint8_t fremen_elsewhere = 0;
};

// An explorer start for a Shipment and Movement scope: the seats, the seed, which seat holds the
// family's card as turn 2's Shipment and Movement begins, and each seat's reserves then (the rest
// of its reserves moved to the Tanks, so the shipments explored stay few).
struct NexusShipmentStart {
  std::string_view name;
  std::array<Faction, 3> factions;
  std::uint64_t seed;
  std::uint8_t holder;
  std::string_view what;
  std::array<std::uint8_t, 3> reserves;
};

// An explorer start for a Revival scope: the seats, the seed, which seat holds the family's card
// as turn 2's Revival begins, the holder's forces moved from its reserves to the Tanks, and how
// many of its leaders (the last ones of its roster) are in the Tanks, dead once.
struct NexusRevivalStart {
  std::string_view name;
  std::array<Faction, 3> factions;
  std::uint64_t seed;
  std::uint8_t holder;
  std::string_view what;
  std::uint8_t tanks = 0;
  std::uint8_t leaders_dead = 0;
};

// An explorer start for a Bidding scope: the seats, the seed, which seat holds the family's card
// as turn 2's auction begins (its first decision), and each seat's spice then (the rest to the
// bank, so the bids explored stay few).
struct NexusBiddingStart {
  std::string_view name;
  std::array<Faction, 3> factions;
  std::uint64_t seed;
  std::uint8_t holder;
  std::string_view what;
  std::array<std::uint8_t, 3> spice;
  // The Ixians seated with their Technology (the Advanced rule alone): the start is turn 2's last
  // lot about to come up, the Ixians asked whether to swap a card for it (each earlier lot sold to
  // the first seat that may bid, for its least bid).
  bool technology_last_lot = false;
};

// An explorer start for a Spice Collection scope: the seats, the seed, which seat holds the family's
// card as turn 2's Spice Collection begins, and how many Worthless cards it then holds (taken from
// the Treachery deck in its order, as far as its hand has room).
struct NexusCollectionStart {
  std::string_view name;
  std::array<Faction, 3> factions;
  std::uint64_t seed;
  std::uint8_t holder;
  std::string_view what;
  std::uint8_t worthless = 1;
};

// A bounded-explorer scope of the family (proofs/scopes.cpp builds and runs it): one battle, one
// Spice Blow and Nexus phase, one Shipment and Movement phase, one Revival, one Bidding, or one
// Spice Collection.
struct NexusScope {
  std::string_view name;
  std::string_view description;
  std::span<const NexusBattleStart> battle_starts;
  std::span<const NexusBlowStart> blow_starts = {};
  std::span<const NexusShipmentStart> shipment_starts = {};
  std::span<const NexusRevivalStart> revival_starts = {};
  std::span<const NexusBiddingStart> bidding_starts = {};
  std::span<const NexusCollectionStart> collection_starts = {};
  // A battle scope that explores every battle plan too (not only the plays and passes around them).
  bool explore_plans = false;
};

struct NexusFamily {
  Faction card;            // the faction printed on the card
  std::string_view source;  // the family's file
  std::array<NexusPanelRules, 3> panels;  // Betrayal, Cunning, Secret Ally (kNexusModes order)

  // At each of the engine's hook points, on public facts only: may open the family's window.
  void (*on_hook)(GameState& state, NexusHook hook);
  // The family's open window (a BattleStage::Nexus* stage it opened): whether the open one is
  // its own, whom it awaits, and a seat's pass.
  bool (*owns_window)(const GameState& state);
  std::vector<Seat> (*awaited)(const GameState& state);
  void (*pass)(GameState& state, Seat seat);
  // Plays of the card by its holder in `mode` (the generic checks of plays.cpp come first:
  // module on, card held, family registered, the native-roster mode).
  std::vector<Command> (*candidates)(const GameState& state, Seat seat, NexusMode mode);
  std::optional<Rejection> (*validate)(const GameState& state, Seat seat, const PlayNexus& play);
  void (*apply)(GameState& state, Seat seat, const PlayNexus& play);

  std::span<const NexusCoverageRow> coverage;
  std::span<const NexusScope> scopes;
  // Catalogue mutants (harness/mutants.h) that break this family's plays: their games favour its
  // card (the other Nexus mutants' games favour the first registered family's).
  std::span<const std::string_view> mutants;
  // Each panel's contract checker (kNexusModes order; "" for a panel without one): a checker of the
  // invariants (invariants/nexus_contracts.h) named here, written from the seed, not from this
  // family's code; tests/nexus/registry_test.cpp holds the two lists to each other.
  std::array<std::string_view, 3> contracts;
  // Cunning exists only under an Advanced rule (seed 003: "Advanced-only Cunning effects"): the
  // gate then plays most of its native games Advanced (gate/gate_plan.cpp).
  bool cunning_advanced_only = false;
};

// A coverage row's hits (NexusCoverageRow::hits): a pass that closed the family's window outside
// battle (NexusState::window), `owns` being the family's owns_window.
template <bool (*owns)(const GameState&)>
std::uint64_t step_window_passed(const GameState& before, const LogEntry& entry, const GameState& after) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && std::holds_alternative<Pass>(e->command) && owns(before) && !after.nexus.window ? 1 : 0;
}

// Every registered family, in registration order (engine/nexus/families.cpp).
std::span<const NexusFamily* const> nexus_families();
// The registered family of a card, or nullptr (an unavailable family).
const NexusFamily* find_nexus_family(Faction card);

// ---- the battle windows of the families' panels (engine/nexus/plays.cpp) ----
// The one policy for hidden optional reactions (README): a Betrayal window awaits every seat but the
// card's own faction that holds *a* Nexus card, a Secret Ally window the combatants holding one,
// each until it answers; `battle.nexus_window` names the card whose window is open.
bool nexus_combatant(const GameState& state, Seat seat);
std::string nexus_battle_event(const GameState& state);  // a receipt's event: "battle in X, turn N"
// Opens `card`'s window at `stage` (NexusBetrayal or NexusSecretAlly) when it would await a seat;
// false (nothing opened) when none holds a card.
bool open_nexus_battle_window(GameState& state, Faction card, BattleStage stage);
// Whether the open Nexus battle window is `card`'s, and whom it awaits.
bool nexus_window_of(const GameState& state, Faction card);
std::vector<Seat> nexus_window_awaited(const GameState& state, Faction card);

// A Nexus window is open: outside battle (nexus.window), in battle, or the Bidding purchase
// window. A panel played at any time waits for its answer (it would bypass it).
bool nexus_window_open(const GameState& state);

// A family whose plays open no window (an expansion card's Secret Ally played at its holder's own
// decision): its window functions.
bool no_nexus_window(const GameState& state);
std::vector<Seat> no_nexus_window_awaited(const GameState& state);
void no_nexus_window_pass(GameState& state, Seat seat);

// One receipt per play, then the card goes to the Nexus discard (seed 000, item 9): the event it
// belongs to and the original attempt it answers ("" if none); a delayed effect's receipt binds
// until the family consumes it.
void commit_nexus_play(GameState& state, Seat seat, const PlayNexus& play, std::string event, std::string answers,
                       bool delayed = false);

// The PlayNexus fields, beyond the card, the mode and the attempt answered, that a panel reads. A
// play that sets any other is refused, so that each legal play has one form (the listed one).
enum PanelReads : unsigned { kReadsNothing = 0, kReadsElement = 1, kReadsRevival = 2, kReadsTarget = 4, kReadsTreachery = 8 };
std::optional<Rejection> unread_fields(const PlayNexus& play, unsigned reads);
// A play of a panel that reads no plan element (and only `reads`): refused when it sets another
// field, or when it does not answer `answers`, the attempt open (0: the play answers none).
std::optional<Rejection> plain_nexus_play(const PlayNexus& play, std::uint32_t answers, unsigned reads = kReadsNothing);
// Such a play, the candidate: a Betrayal answers the open window's attempt, the others none.
std::vector<Command> plain_nexus_candidates(const GameState& state, Faction card, NexusMode mode);
// The one hidden-reaction policy for a Betrayal window outside battle: every seat but `card`'s own
// faction that holds *a* Nexus card, until it answers.
std::vector<Seat> betrayal_window_awaited(const GameState& state, Faction card);
// A Betrayal window outside battle on a use of `card`'s faction ability: the use is the next
// numbered attempt (nexus.attempts counts it) when the window opens, i.e. awaits a seat.
void open_nexus_attempt_window(GameState& state, Faction card, std::vector<Seat> (*awaited)(const GameState&));
// `card`'s delayed receipts of this turn's phase now ending are consumed: their effect ends with it.
void consume_phase_receipts(GameState& state, Faction card);

// ---- the Secret Ally revival of three forces free (the Emperor and Fremen cards) ----
// Seed 000 (both rows), seed 003: during the holder's own Revival decision, exactly three forces
// free from the Tanks beyond the limit, `special` of them special forces within the one-per-turn
// cap shared with the ordinary revival (November FAQ p.2); not offered when three cannot be
// revived. The family checks the rest of the play first (no element, no attempt).
std::optional<Rejection> validate_free_revival(const GameState& state, Seat seat, const PlayNexus& play);
std::vector<Command> free_revival_candidates(const GameState& state, Seat seat, NexusCardId card);
void apply_free_revival(GameState& state, Seat seat, const PlayNexus& play);

// The play of `card` in `mode` a log entry commits, or nullptr (the families' gate rows).
const PlayNexus* nexus_play_in(const LogEntry& entry, Faction card, NexusMode mode);

// A gate row's hits: a Secret Ally revival of three by `card` (the Emperor's and Fremen cards).
template <Faction card>
std::uint64_t free_revival_made(const GameState& before, const LogEntry& entry, const GameState&) {
  return nexus_play_in(entry, card, NexusMode::SecretAlly) && before.step == Step::Revival ? 1 : 0;
}

// ---- the Richese card's Secret Ally shipment (engine/nexus/richese.cpp) ----
// Seed 000: "replace normal shipping with a reserve shipment of up to five forces priced as one".
// Whether `seat`'s shipping this action is that shipment (its receipt binds until the player's
// Movement begins), and the refusal of any other shipping in its place (nullopt: none owed).
inline constexpr ForceCount kNexusRicheseGroup{5};
bool nexus_richese_shipper(const GameState& state, Seat seat);
std::optional<Rejection> richese_shipping_replaced(const GameState& state, Seat seat);

// ---- the windows outside battle (NexusState::window) ----
// Opens `card`'s window, its Betrayal answering `attempt` (0: none), when `awaited` (the family's
// awaited function, read with the window open) names a seat; false (nothing opened) otherwise.
bool open_nexus_step_window(GameState& state, Faction card, std::uint32_t attempt,
                            std::vector<Seat> (*awaited)(const GameState&));
void close_nexus_step_window(GameState& state);

}  // namespace dune

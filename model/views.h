// What an observer may see (DESIGN.md, "Projections and knowledge"): the public view and one
// seat's view are their own types, never a GameState with blanks. Hidden things appear as counts.
// Built by engine/projection.h; every field here is public unless it sits in SeatView.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "model/commands.h"
#include "model/ids.h"
#include "model/knowledge.h"
#include "model/options.h"
#include "model/phases.h"
#include "model/quantity.h"
#include "model/state.h"

namespace dune {

// One faction's tokens in one cell; `advisors` when they are Bene Gesserit advisors.
struct ForcesView {
  Faction faction;
  ForceCount normal;
  ForceCount special;
  bool advisors = false;
  friend bool operator==(const ForcesView&, const ForcesView&) = default;
};

// A cell with forces or spice on it (empty cells are left out).
struct CellView {
  CellId cell;
  std::vector<ForcesView> forces;
  Spice spice;
  friend bool operator==(const CellView&, const CellView&) = default;
};

struct BoardView {
  Sector storm_sector;
  bool shield_wall_destroyed = false;
  std::vector<CellView> cells;  // in cell order
  std::optional<CellId> hms_host;  // E1's Hidden Mobile Stronghold: the map cell it is attached to
  std::vector<CellId> hms_path;    // the cells its move under way has visited, start first (public)
  friend bool operator==(const BoardView&, const BoardView&) = default;
};

// A seat as everyone sees it: counts, never spice, cards or traitors.
struct SeatPublicView {
  Seat seat;
  Faction faction;
  std::size_t hand_size = 0;
  std::size_t traitor_count = 0;        // kept traitors (how many is public by rule)
  std::size_t traitor_offer_size = 0;   // dealt at setup, not yet chosen
  Spice in_front_of_shield;             // bribes lie face up ([LR] 1.11)
  ForceCount reserves_normal, reserves_special;
  ForceCount tanks_normal, tanks_special;
  std::optional<Faction> ally;
  Spice ally_spice_limit;
  bool protects_ally_from_worms = false;
  bool grants_ally_free_revivals = false;
  std::vector<TraitorCardId> revealed_dancers;  // the Tleilaxu's Face Dancers face up
  ForceCount revival_limit_raised;              // by the Tleilaxu (0: the printed limit)
  friend bool operator==(const SeatPublicView&, const SeatPublicView&) = default;
};

struct LeaderView {
  LeaderId leader;
  LeaderLocation where;
  Seat holder;
  std::uint8_t deaths = 0;
  bool fought_this_phase = false;
  bool ghola = false;  // the Tleilaxu's now (LeaderState::ghola)
  friend bool operator==(const LeaderView&, const LeaderView&) = default;
};

// Deck sizes only (never order nor the known top); discard piles are face up.
struct DecksView {
  std::size_t treachery_deck = 0;
  std::size_t spice_deck = 0;
  std::size_t traitor_deck = 0;
  std::vector<TreacheryCardId> treachery_discard;  // back is the top
  std::array<std::vector<SpiceCardId>, 2> spice_discard{};
  std::vector<SpiceCardId> spice_set_aside;
  std::vector<TreacheryCardId> treachery_set_aside;  // face up, out of the game (Family Atomics)
  friend bool operator==(const DecksView&, const DecksView&) = default;
};

struct StormView {
  Sector sector;
  std::vector<Seat> dialers;
  std::vector<Seat> dialed;                          // who committed a dial (not the value)
  std::vector<std::pair<Seat, std::uint8_t>> dials;  // revealed once the movement is known
  std::optional<std::uint8_t> movement;              // known (revealed) movement of this turn
  std::vector<Seat> window_done;
  friend bool operator==(const StormView&, const StormView&) = default;
};

struct BlowView {
  std::uint8_t pile = 0;
  bool nexus_pending = false;
  bool nexus_occurred = false;
  std::vector<TerritoryId> worm_rides;
  std::uint8_t worms_in_blow = 0;
  std::vector<Seat> nexus_done;
  std::vector<TerritoryId> empty_worms;     // the Fremen Nexus card: worms that appeared without forces
  bool cunning_ride = false;                // the Fremen Cunning declared on the worm to ride
  std::optional<TerritoryId> worm_waiting;  // a worm waiting for the Fremen Secret Ally window
  std::vector<Seat> worm_protected;         // seats that card protects from it
  friend bool operator==(const BlowView&, const BlowView&) = default;
};

struct BiddingView {
  std::uint8_t lots_total = 0;
  std::uint8_t lot = 0;  // lots sold this phase
  std::size_t lots_on_table = 0;
  std::optional<Seat> high_bidder;
  Spice high_bid;
  // Whether the standing bid is a Karama bid: the bidder's own view only, null in every other
  // view until the card pays for the lot ([LR] 3.01.11.04 "without Revealing this card").
  std::optional<bool> high_bid_karama;
  std::optional<Seat> opener;
  std::optional<Seat> to_act;
  std::vector<Seat> passed;
  bool purchase_window = false;  // the won lot waits for its buyer's Nexus play (the Emperor Secret Ally)
  // E1: the Ixians swapped a card for a lot this phase, or named one for the last lot (which cards:
  // theirs alone); a swap waiting for the Ixians Nexus card's Betrayal window shows as that window.
  bool technology_used = false;
  // Seat views only: the card up for bid, when this seat legitimately saw it (e.g. Atreides).
  std::optional<TreacheryCardId> card_up_for_bid;
  // The Ixians' view only: the card of their hand they named for the last lot, while the Betrayal
  // window on that swap is open.
  std::optional<TreacheryCardId> technology_offer;
  friend bool operator==(const BiddingView&, const BiddingView&) = default;
};

// The battle under way. Plans and wheels appear once both combatants committed both parts
// (`revealed`); before that only whether each part is committed.
struct BattleView {
  BattleStage stage = BattleStage::None;
  TerritoryId territory{};
  std::vector<CellId> cells;
  std::vector<Seat> combatants;
  std::array<bool, 2> plan_committed{};
  std::array<bool, 2> wheel_committed{};
  bool revealed = false;
  std::array<std::optional<PlanBattle>, 2> plans{};
  std::array<std::optional<DialBattle>, 2> wheels{};
  std::optional<UseVoice> voice;
  std::optional<std::uint8_t> voice_side;  // whose Voice: the Bene Gesserit side or a Secret Ally player's
  std::uint32_t voice_attempt = 0;         // Nexus module: the numbered Voice attempt
  std::optional<Faction> nexus_window;     // Nexus module: the family whose window is open
  std::optional<PlanElement> prescience;
  std::uint32_t prescience_attempt = 0;  // Nexus module: the numbered attempt
  bool prescience_stopped = false;       // an Atreides Betrayal stopped it
  std::optional<Seat> nexus_inspector;   // a Nexus inspection: who asked (the value is private)
  std::optional<PlanElement> nexus_element;
  std::uint8_t nexus_sardaukar = 0;      // the Emperor Cunning: his forces counted as Sardaukar here
  bool sardaukar_prevented = false;      // the Emperor Betrayal prevented the Sardaukar advantage here
  std::uint32_t sardaukar_attempt = 0;   // the numbered use of that advantage
  bool cyborgs_prevented = false;        // a Karama against the Ixians' Cyborg bonus in this battle
  bool substitution_prevented = false;   // a Karama against the Ixians' Cyborg loss substitution in it
  std::vector<Seat> traitor_answered;
  std::array<bool, 2> traitor_called{};
  std::vector<Seat> traitor_revealed;  // the callers whose traitor stands (a Nexus Betrayal cancels one)
  std::optional<std::uint8_t> poison_tooth_side;  // the side asked last whether its Poison Tooth strikes
  std::array<bool, 2> poison_tooth_cancelled{};   // by side: its Poison Tooth was cancelled
  std::optional<Seat> capture_from;
  std::optional<LeaderId> capture_leader;
  std::optional<Seat> winner;  // the winning combatant while it decides its losses and cards
  std::optional<Seat> face_dancer_winner;  // the winner a Face Dancer may be revealed on
  std::vector<std::pair<LeaderId, TerritoryId>> leader_territory;
  std::optional<TerritoryId> kwisatz_haderach_territory;
  ForceCount atreides_battle_losses;
  bool kwisatz_haderach_dead = false;
  friend bool operator==(const BattleView&, const BattleView&) = default;
};

// Per-phase progress that the table sees (who answered, whose turn in storm order).
struct ProgressView {
  std::vector<Seat> charity_answered;
  std::vector<Seat> decision_point_answered;  // Spice Collection and the Mentat Pause
  bool face_dancer_replaced = false;           // the Tleilaxu's Mentat Pause replacement is made
  std::vector<Seat> revival_done;
  // The Tleilaxu Nexus card's Secret Ally revival of this phase (seed 002's prototype): the forces
  // its group returned per seat (seat order), counted against the shared ceiling, and the seats
  // whose one leader revival of the turn it took.
  std::vector<std::uint8_t> revival_nexus_returns;
  std::vector<Seat> revival_leader_taken;
  // The Tleilaxu's offers of an early leader revival this phase (OfferLeaderRevival): to whom, for
  // which leader, at what price.
  std::vector<std::pair<Seat, EarlyRevivalOffer>> revival_early_offers;
  std::uint8_t movement_turn_index = 0;
  std::optional<CellId> spiritual_advisor_cell;
  bool hajr_played = false;
  std::uint8_t moves_made = 0;
  bool guild_waits = false;
  bool guild_acting = false;
  bool guild_done = false;
  std::optional<FlipWindow> flip_window;  // an Advanced Bene Gesserit flip decision ([LR] 2.02.15–17)
  std::optional<ShipmentInvoice> invoice;    // the Guild Nexus card: a paid shipment its Betrayal may take
  std::optional<Seat> nexus_guild_rates;     // the Guild Nexus card's Secret Ally: Guild rates for this seat
  bool extra_shipment = false;               // the Guild Nexus card's Cunning: the second shipment
  std::optional<Phase> amal_window_for;      // E1's Amal window: the phase about to start
  std::vector<Seat> amal_passed;
  friend bool operator==(const ProgressView&, const ProgressView&) = default;
};

// The Nexus card module's public inventory and reference (seed 000, item 9): deck size, the face-up
// discard, who holds *a* card, the draw opportunity, receipts, and all 36 panels with their status.
// Never a held identity, a redraw policy or redraw eligibility, nor the deck order.
struct NexusPanelView {
  Faction card = Faction::Atreides;
  NexusMode mode = NexusMode::Cunning;
  std::string_view summary;
  StatusKind status = StatusKind::Unavailable;
  std::string_view reason;  // unavailable: why
  friend bool operator==(const NexusPanelView&, const NexusPanelView&) = default;
};

struct NexusView {
  bool enabled = false;
  std::size_t deck = 0;
  std::vector<NexusCardId> discard;  // back is the top
  std::vector<Seat> holders;         // seats holding a Nexus card (not which)
  bool opportunity_open = false;
  std::vector<Seat> eligible;
  std::vector<Seat> answered;
  std::vector<NexusReceipt> receipts;  // a play is public
  std::uint32_t attempts = 0;
  std::optional<Faction> window;       // a family's window outside battle: whose card
  std::vector<Seat> window_answered;
  std::uint32_t window_attempt = 0;
  std::optional<TraitorExchange> traitor_exchange;  // who draws and shuffles back how many (never which)
  std::vector<NexusPanelView> reference;  // empty when the module is off
  friend bool operator==(const NexusView&, const NexusView&) = default;
};

struct PublicView {
  Options options;
  int turn = 0;
  Phase phase = Phase::Storm;
  Step step = Step::SetupTraitorSelection;
  std::uint64_t version = 0;
  std::optional<PendingChance> chance;  // a chance step is pending (what is drawn, not the result)
  std::vector<Seat> pending;
  std::vector<SeatPublicView> seats;
  std::vector<LeaderView> leaders;  // leaders in play
  BoardView board;
  StormView storm;
  BlowView blow;
  DecksView decks;
  std::vector<Alliance> alliances;
  std::vector<std::pair<Faction, Faction>> proposals;  // proposer, invitee
  BiddingView bidding;
  BattleView battle;
  ProgressView progress;
  NexusView nexus;
  std::vector<TruthtranceAnswer> truthtrance_answers;
  std::vector<KaramaCancel> karama_cancels;  // every Karama played against an ability, in order
  std::vector<KaramaPowerUse> karama_powers;  // every Advanced faction Karama power used, in order
  std::optional<HandExchange> karama_exchange;  // the Harkonnen hand exchange under way
  TechTokenState tech;  // E1's tech tokens: who holds which, and whose income is due (all public)
  std::vector<Faction> winners;
  std::string halted;
  friend bool operator==(const PublicView&, const PublicView&) = default;
};

// One seat's view: the public view (with what this seat saw filled in) plus its own secrets.
struct SeatView {
  PublicView table;
  Seat seat;
  Faction faction;
  Spice spice;
  std::vector<TreacheryCardId> hand;
  std::vector<TraitorCardId> traitors;
  std::vector<TraitorCardId> traitor_offer;
  std::optional<Prediction> prediction;      // Bene Gesserit only
  std::optional<std::uint8_t> storm_card;    // Fremen only: the next storm card
  std::optional<std::uint8_t> own_dial;      // this seat's committed storm dial
  std::optional<PlanBattle> own_plan;        // a combatant's committed, unrevealed plan
  std::optional<DialBattle> own_wheel;
  std::vector<Sighting> sightings;           // what this seat legitimately saw
  std::vector<Command> legal_commands;
  std::optional<NexusCardId> nexus_card;  // this seat's held Nexus card
  RedrawPolicy redraw_policy = RedrawPolicy::KeepAny;  // this seat's private redraw preference
  std::optional<KaramaAbility> karama_order;            // this seat's private Karama standing order
  friend bool operator==(const SeatView&, const SeatView&) = default;
};

}  // namespace dune

// GameState: a copyable value with operator== (DESIGN.md, "State is a value"). No pointers, no
// mutable, no globals. Copying a state is how the explorer branches and the shrinker replays.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "model/board.h"
#include "model/catalogue.h"
#include "model/commands.h"
#include "model/battle_state.h"
#include "model/ids.h"
#include "model/history.h"
#include "model/knowledge.h"
#include "model/nexus.h"
#include "model/options.h"
#include "model/phases.h"
#include "model/piles.h"
#include "model/quantity.h"
#include "model/steps.h"
#include "model/zones.h"

namespace dune {

struct BoardState {
  // Forces by cell and faction; special = Sardaukar, Fedaykin, Cyborgs.
  std::array<std::array<ForceCount, kFactionCount>, kCellCount> normal{};
  std::array<std::array<ForceCount, kFactionCount>, kCellCount> special{};
  // Bene Gesserit stance per territory: true while its tokens there are advisors.
  std::array<bool, kTerritoryCount> advisors{};
  std::array<Spice, kCellCount> spice{};
  bool shield_wall_destroyed = false;  // Family Atomics (§2.1)
  // Public: the map cell E1's Hidden Mobile Stronghold is attached to, its one link (ixians.md §4);
  // none while it is not on the board (no Ixians, or before its placement after the first storm).
  std::optional<CellId> hms_host;
  // Public: with Options::hms_spice on, the cells the HMS has visited in the move under way, its
  // start first (at most 4: 3 steps in the Storm phase, 2 by the Ixians' Karama power); empty
  // while no move is under way (engine/hms.cpp).
  std::vector<CellId> hms_path;
  friend bool operator==(const BoardState&, const BoardState&) = default;
};

enum class LeaderLocation : std::uint8_t {
  NotInPlay,
  Available,      // behind its owner's shield
  Tanks,          // face up in the Tanks
  TanksFaceDown,  // second death; waits until the others are revived ([LR] 1.05.03–04)
  Captured,       // held by another seat (Advanced Harkonnen)
};

struct LeaderState {
  LeaderLocation where = LeaderLocation::NotInPlay;
  Seat holder{};                 // the seat whose shield it is behind (owner or captor)
  std::uint8_t deaths = 0;
  bool fought_this_phase = false;
  // Revived by the Tleilaxu as their own (Advanced Gholas, [TO] Rule.PurpleGholas; one source,
  // docs/rules/tleilaxu.md §5.2): the leader is theirs from then on (leader_owner). Public.
  bool ghola = false;
  friend bool operator==(const LeaderState&, const LeaderState&) = default;
};

struct SeatState {
  Spice spice;
  Spice in_front_of_shield;  // bribes: usable from the next Mentat Pause ([LR] 1.11)
  Held<TreacheryCard> hand;                  // sorted
  Held<TraitorCard> traitors;                // kept traitors (Tleilaxu: their Face Dancers, never traitors)
  // Public: the Tleilaxu's Face Dancers revealed, face up among `traitors` until all of them are
  // (seed 002, fact sheet §4.3); in order of reveal.
  std::vector<TraitorCardId> revealed_dancers;
  Held<TraitorCard> traitor_offer;           // the four dealt at setup, until one is kept
  ForceCount reserves_normal, reserves_special;
  ForceCount tanks_normal, tanks_special;
  std::optional<Faction> ally;
  Spice ally_spice_limit;               // spice this seat lets its ally spend (public, AllySpice)
  bool protects_ally_from_worms = false;  // Fremen only (public, ProtectAllyFromWorms)
  bool grants_ally_free_revivals = false; // Fremen only (public, GrantAllyFreeRevivals)
  // This faction's force revival limit as the Tleilaxu raised it (4 or 5), 0 for its printed one
  // (public, RaiseRevivalLimit; fact sheet §5.2).
  ForceCount revival_limit_raised;
  friend bool operator==(const SeatState&, const SeatState&) = default;
};

struct Prediction {
  Faction faction;
  std::uint8_t turn;
  friend bool operator==(const Prediction&, const Prediction&) = default;
};

struct StormState {
  Sector sector{0};
  std::array<std::optional<std::uint8_t>, kMaxSeats> dials{};  // committed secretly
  std::array<Seat, 2> dialers{};          // who dials this turn (battle-wheel holders)
  std::optional<std::uint8_t> next_card;  // Advanced: the storm card Fremen drew (private)
  std::optional<std::uint8_t> movement;   // the movement decided for this turn
  std::array<bool, kMaxSeats> window_done{};  // responded in the storm card window
  friend bool operator==(const StormState&, const StormState&) = default;
};

struct Alliance {
  Faction a;
  Faction b;
  friend bool operator==(const Alliance&, const Alliance&) = default;
};

struct SpiceBlowState {
  Deck<SpiceCard> deck;
  std::array<Discard<SpiceCard>, 2> discard{};  // piles A and B; back is the top
  SetAside<SpiceCard> set_aside;               // turn-1 worms, reshuffled afterwards
  std::uint8_t pile = 0;               // the blow being resolved (0 = A, 1 = B)
  bool nexus_pending = false;          // a worm after turn 1 in this blow
  bool nexus_occurred = false;         // phase-level fact: a Nexus happened this phase
  std::vector<TerritoryId> worm_rides;  // this blow's worms not yet ridden, in order ([LR] 2.04.08)
  std::vector<std::pair<Faction, Faction>> proposals;  // proposer, invitee (public)
  std::array<bool, kMaxSeats> nexus_done{};            // formed / broke / passed this Nexus
  std::uint8_t worms_in_blow = 0;      // worms revealed in this blow (Fremen place the later ones)
  // The Fremen Nexus card (engine/nexus/fremen.cpp), all public: this blow's worms that appeared
  // in a territory without forces (Cunning may ride from elsewhere on them); the Cunning declared on
  // the worm to ride (a group of one sand territory rides it); a worm that waits for the Secret
  // Ally window before it devours, and the seats whose forces that card protects from it.
  std::vector<TerritoryId> empty_worms;
  bool cunning_ride = false;
  std::optional<TerritoryId> worm_waiting;
  std::array<bool, kMaxSeats> worm_protected{};
  // E1's Thumper and Harvester windows, public: who has answered the open one (every seat holding
  // cards when it opened is asked), and whether this phase's Thumper window has been held.
  std::array<bool, kMaxSeats> card_window_done{};
  bool thumper_window_held = false;
  friend bool operator==(const SpiceBlowState&, const SpiceBlowState&) = default;
};

// E1's Amal window (engine/amal.cpp), public. It sits between two phases: `phase` is still the one
// that ended, `starting` the one about to start; every seat holding cards when it opened is asked,
// and it closes when each of them has passed.
struct AmalState {
  std::optional<Phase> starting;
  std::array<bool, kMaxSeats> passed{};
  friend bool operator==(const AmalState&, const AmalState&) = default;
};

// E1's tech tokens (option cards.e1_tech_tokens; digest docs/rules/tech-tokens-and-amal.md §1),
// public. Dealt once, after the first storm is placed: `holder[t]` holds token t of kTechTokens,
// nullopt before the deal and for a token dealt to nobody (set aside). `income_due[t]`: the token's
// trigger happened this phase (engine/tech_tokens.cpp); paid as the phase ends.
struct TechTokenState {
  bool dealt = false;
  std::array<std::optional<Seat>, 3> holder{};
  std::array<bool, 3> income_due{};
  friend bool operator==(const TechTokenState&, const TechTokenState&) = default;
};

struct CharityState {
  std::array<bool, kMaxSeats> answered{};  // claimed or passed this turn
  friend bool operator==(const CharityState&, const CharityState&) = default;
};

// The decision points of Spice Collection and the Mentat Pause (issue 16 item 10): every seat is
// asked and answers Pass, after any at-any-time plays, so the pending set is public information
// only. Public. The Nexus panels of those phases hang their effects here.
struct DecisionPointState {
  std::array<bool, kMaxSeats> answered{};
  bool face_dancer_replaced = false;  // public: the Tleilaxu's one Mentat Pause replacement is made
  friend bool operator==(const DecisionPointState&, const DecisionPointState&) = default;
};

struct TreacheryState {
  Deck<TreacheryCard> deck;
  Discard<TreacheryCard> discard;  // back is the top
  SetAside<TreacheryCard> set_aside;  // out of the game after use: Family Atomics ([LR] 3.01.07)
  // E1: the Ixians' starting-card draft, face down in the order dealt (setup only; engine/setup.cpp).
  Auction<TreacheryCard> draft;
  friend bool operator==(const TreacheryState&, const TreacheryState&) = default;
};

// Per-phase decision state of the later phases lives in its own header (one owner per phase).
struct BiddingState {
  Auction<TreacheryCard> lots;           // the row still on the table; front is up for bid
  std::uint8_t lot = 0;                  // lots already auctioned (sold) this phase
  std::uint8_t lots_total = 0;           // cards dealt = eligible bidders at the start
  std::optional<Seat> high_bidder;
  Spice high_bid;
  bool high_bid_karama = false;          // the standing bid is a Karama bid
  std::optional<Seat> opener;            // who opened the current lot (nullopt: not opened yet)
  std::optional<Seat> previous_opener;   // the next lot opens after this seat
  std::optional<Seat> to_act;            // nullopt: the lot's opener is to act
  std::array<bool, kMaxSeats> passed{};  // passed since the last bid on the current lot
  // Public: the lot is won with a spice bid and waits for the winner's Nexus play on the purchase
  // (a Nexus window, seed 003: the Emperor Secret Ally keeps the price) before it is paid.
  bool purchase_window = false;
  // Public: the Ixians used their Technology advantage this phase (SwapLot: once a Bidding phase).
  bool technology_used = false;
  // The Ixians' hand card named for the auction's last lot (SwapLot) while the Ixians Nexus card's
  // Betrayal window on that swap is open (seed 000): the swap waits for the window. Private to the
  // Ixians; that a swap waits is public (technology_used, the window).
  std::optional<TreacheryCardId> technology_offer;
  friend bool operator==(const BiddingState&, const BiddingState&) = default;
};

// A Tleilaxu offer of an early leader revival (OfferLeaderRevival): the leader and its price.
struct EarlyRevivalOffer {
  LeaderId leader;
  Spice price;
  friend bool operator==(const EarlyRevivalOffer&, const EarlyRevivalOffer&) = default;
};

struct RevivalState {
  std::array<bool, kMaxSeats> done{};
  // Sardaukar the Emperor's Karama revival brought back this phase: they count toward the one per
  // turn of [LR] 2.03.11 for his ordinary revival. Public.
  ForceCount karama_special;
  // Special forces a Nexus card revived for each seat this phase (the Emperor Secret Ally, seed
  // 003): they count toward the same one per turn ([LR] 2.03.11, 2.04; November FAQ p.2). Public.
  std::array<ForceCount, kMaxSeats> nexus_special{};
  // The Tleilaxu Nexus card's Secret Ally revival of this phase (seed 002's prototype): the forces
  // its group returned, which count against the seat's shared ceiling, and the leader slot it
  // consumed. Public.
  std::array<ForceCount, kMaxSeats> nexus_returns{};
  std::array<bool, kMaxSeats> nexus_leader{};
  // The Tleilaxu's standing offer to each seat of an early leader revival this phase
  // (OfferLeaderRevival). Public.
  std::array<std::optional<EarlyRevivalOffer>, kMaxSeats> early_offers{};
  friend bool operator==(const RevivalState&, const RevivalState&) = default;
};

// An Advanced Bene Gesserit flip decision the game waits for ([LR] 2.02.15–17): Wartime as the
// phase opens (any territory with advisors; `territory` unused), Intrusion after another
// faction's forces entered `territory`, Take Up Arms after the Bene Gesserit moved advisors there;
// NexusCunning (the Bene Gesserit Nexus card played as Cunning, seed 000) in their own Shipment and
// Movement action, any territory with advisors, like Wartime.
enum class FlipOccasion : std::uint8_t { Wartime, Intrusion, TakeUpArms, NexusCunning };
// Whether the window lets any territory flip (`territory` unused) rather than one.
constexpr bool any_territory(FlipOccasion o) { return o == FlipOccasion::Wartime || o == FlipOccasion::NexusCunning; }
// The ✷ ability a flip of that occasion uses, the one a Karama order cancels ([LR] 2.02.15-17);
// none for a Nexus card's conversion (the card's effect, not the faction's ability).
constexpr std::optional<KaramaAbility> karama_ability_of(FlipOccasion o) {
  switch (o) {
    case FlipOccasion::Intrusion: return KaramaAbility::BeneGesseritIntrusion;
    case FlipOccasion::TakeUpArms: return KaramaAbility::BeneGesseritTakeUpArms;
    case FlipOccasion::Wartime: return KaramaAbility::BeneGesseritWartime;
    case FlipOccasion::NexusCunning: break;
  }
  return std::nullopt;
}
struct FlipWindow {
  FlipOccasion occasion;
  TerritoryId territory{};
  friend bool operator==(const FlipWindow&, const FlipWindow&) = default;
};

// Shipment and Movement: the seat acting is storm_order()[turn_index] (or the Guild while
// guild_acting); Step::Shipment, then Step::Movement. The storm does not move during the phase,
// so the storm order is stable. Every field is public.
// A paid shipment (the Spacing Guild Nexus card's Betrayal takes its payment): who paid how much
// to whom (nullopt: the bank), and what the shipment's continuation needs (from off-planet, the
// cell shipped into).
struct ShipmentInvoice {
  Seat payer;
  Spice amount;
  std::optional<Seat> payee;
  bool off_planet = false;
  CellId to;
  friend bool operator==(const ShipmentInvoice&, const ShipmentInvoice&) = default;
};

struct MovementState {
  std::uint8_t turn_index = 0;  // position in storm order of the seat whose turn it is (or is next)
  // Set while the Bene Gesserit decide on a spiritual advisor after another faction's shipment
  // from off-planet: the cell shipped into ([LR] 2.02.05, 2.02.11). Public, as the shipment was.
  std::optional<CellId> spiritual_advisor_cell;
  bool hajr_played = false;     // the acting seat played Hajr this Movement step: two moves ([LR] 3.01)
  std::uint8_t moves_made = 0;  // moves the acting seat made in this Movement step
  // Advanced Guild timing ([LR] 2.06.12): the Guild's public decisions this phase.
  bool guild_waits = false;   // the Guild chose to wait before the turn at turn_index
  bool guild_acting = false;  // the Guild takes its turn now, out of its storm-order place
  bool guild_done = false;    // the Guild has taken its turn this phase
  // The Bene Gesserit decide a flip before anything else goes on (public, like the move it follows).
  std::optional<FlipWindow> flip_window;
  // The Spacing Guild Nexus card (engine/nexus/guild.cpp), all public: the shipment just paid,
  // while its Betrayal window is open (what follows the shipment waits); the seat whose Secret Ally
  // play gives it Guild rates for this shipment; the Guild's Cunning second shipment under way.
  std::optional<ShipmentInvoice> invoice;
  std::optional<Seat> nexus_guild_rates;
  bool extra_shipment = false;
  friend bool operator==(const MovementState&, const MovementState&) = default;
};

enum class ChanceKind : std::uint8_t {
  TraitorDeal,     // a traitor card for `seat`
  TreacheryDeal,   // a Treachery card for `seat` (starting cards, Harkonnen bonus)
  TreacheryLot,    // a Treachery card for the auction
  SpiceDraw,       // the next spice card of pile `pile`
  StormCard,       // the storm card Fremen draw (1..6)
  NexusDraw,       // a Nexus card for `seat` (the module's draw opportunity)
  SpicePeek,       // Atreides (`seat`) look at the top spice card: fixes the deck's top, draws nothing
  CaptureDraw,     // Advanced Harkonnen (`seat`) draw one of the battle loser's active leaders at random
  TraitorDraw,     // a Traitor Card into `seat`'s traitors (the Harkonnen Nexus card, nexus.traitor_exchange)
  CardInspect,     // `seat` (the battle's winner) sees one of the loser's held cards at random (the CHOAM Nexus card)
  FaceDancerDraw,  // a Face Dancer for the Tleilaxu (`seat`), from the Traitor Deck once the others have chosen
  TechTokenDeal,   // one of the tech tokens left after their owners took theirs, for `seat` (an index of kTechTokens)
};

struct PendingChance {
  ChanceKind kind;
  Seat seat{};
  // SpiceDraw: the spice pile; TreacheryDeal: 1 a bought lot's replacement, 2 the Ixians' draft; FaceDancerDraw: the
  // draws the Tleilaxu Cunning still owes, 0 for a refill (engine/internal.h).
  std::uint8_t pile = 0;
  friend bool operator==(const PendingChance&, const PendingChance&) = default;
};

// One chosen chance outcome: the card id (as its raw value) or the storm card value.
struct ChanceRecord {
  PendingChance request;
  std::uint8_t outcome = 0;
  friend bool operator==(const ChanceRecord&, const ChanceRecord&) = default;
};

using LogEntry = std::variant<Envelope, ChanceRecord>;

// A Truthtrance question and its truthful answer, public once given ([LR] 3.01, fact sheet §4.1).
// The question keeps its subject (PlayTruthtrance's fields), so the public record says what was asked.
struct TruthtranceAnswer {
  Seat asker;
  Seat target;
  TruthtranceQuestion question;
  bool answer;
  std::optional<TreacheryCardId> card = std::nullopt;
  std::optional<LeaderId> leader = std::nullopt;
  std::optional<Faction> faction = std::nullopt;
  std::optional<std::uint8_t> turn = std::nullopt;
  Spice spice = Spice{0};
  friend bool operator==(const TruthtranceAnswer&, const TruthtranceAnswer&) = default;
};
inline TruthtranceAnswer answer_to(Seat asker, const PlayTruthtrance& q, bool answer) {
  return TruthtranceAnswer{asker, q.target, q.question, answer, q.card, q.leader, q.faction, q.turn, q.spice};
}
inline PlayTruthtrance question_of(const TruthtranceAnswer& a) {
  return PlayTruthtrance{a.target, a.question, a.card, a.leader, a.faction, a.turn, a.spice};
}

// Karama against faction abilities ([LR] 3.01.11.01, 3.04; README "Karama"). `armed` is each
// seat's private standing order; a cancellation is public (the card is played face up).
struct KaramaCancel {
  Seat by;       // who played the Karama
  Seat against;  // whose use of the ability it cancelled
  KaramaAbility ability;
  std::uint8_t turn = 0;
  friend bool operator==(const KaramaCancel&, const KaramaCancel&) = default;
};
// One use of an Advanced faction Karama power ([LR] 1.14), public (the card is played face up).
struct KaramaPowerUse {
  Seat by;
  KaramaPower power;
  std::uint8_t turn = 0;
  std::optional<Seat> target;  // whose hand (Harkonnen) or shipment (Guild)
  friend bool operator==(const KaramaPowerUse&, const KaramaPowerUse&) = default;
};
// The Harkonnen hand exchange under way ([LR] 1.14.04): cards still owed to `target`. Public.
struct HandExchange {
  Seat harkonnen;
  Seat target;
  std::uint8_t owed = 0;
  friend bool operator==(const HandExchange&, const HandExchange&) = default;
};
struct KaramaState {
  std::array<std::optional<KaramaAbility>, kMaxSeats> armed{};  // private to the seat
  std::vector<KaramaCancel> cancels;                            // public, in order
  std::vector<KaramaPowerUse> powers;                           // public, in order: once a game each
  std::optional<HandExchange> exchange;
  // The seat whose half-price shipment was cancelled retakes its shipment at full price ([LR] 3.04).
  std::optional<Seat> retakes_at_full_price;
  // The Bene Gesserit seat whose worthless card played as a Karama was cancelled retakes that
  // action (a card taken without paying, a Karama shipment) without the ability ([LR] 2.02.22 ✷,
  // 3.04): until it acts again there, only a real Karama serves it. Public (the cancel is).
  std::optional<Seat> retakes_without_worthless;
  friend bool operator==(const KaramaState&, const KaramaState&) = default;
};

struct Committed {
  Envelope envelope;
  Receipt receipt;
  friend bool operator==(const Committed&, const Committed&) = default;
};

// The committed-command table: every accepted envelope with its receipt, in order (shared,
// append-only: see model/history.h). It also keeps the highest command id in it, a fact of its
// entries (equality compares the entries), so that `submit` knows a fresh id without scanning
// the whole game: ids need not increase, and an id at or below the highest is still looked up.
class CommittedTable {
 public:
  using value_type = Committed;
  CommittedTable() = default;
  CommittedTable(const CommittedTable&) = default;
  CommittedTable& operator=(const CommittedTable&) = default;
  // A moved-from table is empty (History's is), so its highest id goes back to 0 with it.
  CommittedTable(CommittedTable&& o) noexcept
      : entries_(std::move(o.entries_)), highest_id_(std::exchange(o.highest_id_, 0)),
        increasing_(std::exchange(o.increasing_, true)) {}
  CommittedTable& operator=(CommittedTable&& o) noexcept {
    entries_ = std::move(o.entries_);
    highest_id_ = std::exchange(o.highest_id_, 0);
    increasing_ = std::exchange(o.increasing_, true);
    return *this;
  }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  const Committed& operator[](std::size_t i) const { return entries_[i]; }
  const Committed& back() const { return entries_.back(); }
  auto begin() const { return entries_.begin(); }
  auto end() const { return entries_.end(); }
  void push_back(Committed c) {
    increasing_ = increasing_ && (entries_.empty() || c.envelope.id.value > highest_id_);
    highest_id_ = std::max(highest_id_, c.envelope.id.value);
    entries_.push_back(std::move(c));
  }
  // 0 when empty.
  std::uint64_t highest_id() const { return highest_id_; }
  // The record committed under `id`, or none. Ids are unique; while they increase in commit order
  // (every client here numbers them so) the lookup halves the table, else it scans from the latest
  // back: a retry probed across the whole game (invariants/protocol.cpp) made the scan quadratic.
  const Committed* find(CommandId id) const {
    if (increasing_) {
      std::size_t lo = 0, hi = entries_.size();
      while (lo < hi) {
        const std::size_t mid = lo + (hi - lo) / 2;
        if (entries_[mid].envelope.id.value < id.value) lo = mid + 1;
        else hi = mid;
      }
      return lo < entries_.size() && entries_[lo].envelope.id == id ? &entries_[lo] : nullptr;
    }
    for (std::size_t i = entries_.size(); i-- > 0;) {
      if (entries_[i].envelope.id == id) return &entries_[i];
    }
    return nullptr;
  }
  friend bool operator==(const CommittedTable& a, const CommittedTable& b) { return a.entries_ == b.entries_; }

 private:
  History<Committed> entries_;
  std::uint64_t highest_id_ = 0;
  bool increasing_ = true;  // every id above the ones before it
};

struct GameState {
  Options options;
  int turn = 0;  // 0 during setup
  Phase phase = Phase::Storm;
  Step step = Step::SetupTraitorSelection;
  std::optional<PendingChance> chance;

  std::vector<SeatState> seats;  // by seat
  std::array<LeaderState, kLeaderCount> leaders{};
  std::optional<Prediction> prediction;  // Bene Gesserit's, secret
  BoardState board;
  StormState storm;
  SpiceBlowState blow;
  TreacheryState treachery;
  Deck<TraitorCard> traitor_deck;
  std::vector<Alliance> alliances;
  AmalState amal;
  TechTokenState tech;
  CharityState charity;
  DecisionPointState decision_point;  // Step::Collection and Step::MentatPause
  BiddingState bidding;
  RevivalState revival;
  MovementState movement;
  BattleState battle;
  NexusState nexus;  // the E3 Nexus card module (enabled only when selected)
  Knowledge knowledge;
  Spice bank;  // spice outside every seat and the board (a large reserve; ledger checks use it)

  std::vector<TruthtranceAnswer> truthtrance_answers;  // public: asked and answered aloud
  KaramaState karama;

  std::vector<Faction> winners;
  std::string halted;  // non-empty: the game cannot go on (a rule listed unavailable)

  std::uint64_t version = 0;
  CommittedTable committed;
  History<LogEntry> log;

  const SeatState& seat(Seat s) const { return seats[s.value]; }
  SeatState& seat(Seat s) { return seats[s.value]; }
  Faction faction_of(Seat s) const { return options.faction_of(s); }
  std::optional<Seat> seat_of(Faction f) const;
  std::size_t seat_count() const { return seats.size(); }

  friend bool operator==(const GameState&, const GameState&) = default;
};

// Whose leader `l` is: its printed faction, or the Tleilaxu's once they revived it as a ghola
// (LeaderState::ghola). Every "whose leader" question asks here, never the printed table.
inline std::optional<Faction> leader_owner(const GameState& s, LeaderId l) {
  return s.leaders[l.value].ghola ? std::optional<Faction>{Faction::Tleilaxu} : leader_info(l).faction;
}

// The ordinary leader discs that are `f`'s now (Zoal included for the Tleilaxu; the Auditor, the
// Kwisatz Haderach and Duke Vidal are none): its printed five less those the Tleilaxu revived as
// gholas, and for the Tleilaxu their gholas too. In identity order; at most one of each leader.
struct LeaderRoster {
  std::array<LeaderId, kLeaderCount> ids{};
  std::size_t n = 0;
  const LeaderId* begin() const { return ids.data(); }
  const LeaderId* end() const { return ids.data() + n; }
  std::size_t size() const { return n; }
  bool empty() const { return n == 0; }
  LeaderId front() const { return ids[0]; }
  LeaderId operator[](std::size_t i) const { return ids[i]; }
};

inline LeaderRoster leaders_of(const GameState& s, Faction f) {
  LeaderRoster out;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const LeaderInfo& info = kLeaders[i];
    const bool disc = info.role == LeaderRole::Ordinary || info.role == LeaderRole::Zoal;
    if (disc && leader_owner(s, leader_at(i)) == f) out.ids[out.n++] = leader_at(i);
  }
  return out;
}

}  // namespace dune

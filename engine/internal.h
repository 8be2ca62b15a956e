// The contract between the flow (flow.cpp) and the phase modules, one file per phase.
// Each module implements, for the steps it owns:
//   awaited_X(state)            the seats whose decision the step waits for (public facts only)
//   candidates_X(state, seat)   candidate commands, deterministic order (filtered by validate_X)
//   validate_X(state, seat, c)  nullopt if legal, else a Rejection naming the rule and numbers
//   apply_X(state, seat, c)     applies a validated command; calls end_phase() when done
// and an enter_X(state) that the flow calls when the phase starts. Chance outcomes reach the
// module through on_X callbacks. Nothing here draws randomness: see chance.cpp.
#pragma once

#include <fmt/format.h>

#include <algorithm>

#include <optional>
#include <string>
#include <vector>

#include "model/state.h"

namespace dune {

// While `legal_commands` lists one seat's commands (flow.cpp), the state is constant and every
// rejection is thrown away. A ListingScope marks that evaluation on this thread: rejections then
// carry their code but no message (formatting them was a fifth of a random game's time), and a
// rule helper may keep what it computed for one candidate for the next (movement.cpp's distances),
// keyed by the scope's serial so that nothing outlives it. Scopes nest; each has its own serial.
class ListingScope {
 public:
  explicit ListingScope(const GameState& state)
      : state_(state), serial_(++next_serial_), outer_(current_) { current_ = this; }
  ~ListingScope() { current_ = outer_; }
  ListingScope(const ListingScope&) = delete;
  ListingScope& operator=(const ListingScope&) = delete;

  // The innermost scope on this thread if it lists `state` (the same object), else nullptr.
  static const ListingScope* listing(const GameState& state) {
    return current_ && &current_->state_ == &state ? current_ : nullptr;
  }
  static bool active() { return current_ != nullptr; }
  std::uint64_t serial() const { return serial_; }

 private:
  const GameState& state_;
  std::uint64_t serial_;
  const ListingScope* outer_;
  static inline thread_local const ListingScope* current_ = nullptr;
  static inline thread_local std::uint64_t next_serial_ = 0;
};

template <class... Args>
Rejection reject(RejectCode code, fmt::format_string<Args...> f, Args&&... args) {
  if (ListingScope::active()) return Rejection{code, {}};
  return Rejection{code, fmt::format(f, std::forward<Args>(args)...)};
}

// The same with a message already written (a cached text), copied only outside a listing.
inline Rejection reject_text(RejectCode code, const std::string& message) {
  if (ListingScope::active()) return Rejection{code, {}};
  return Rejection{code, message};
}

// ---- flow (flow.cpp) ------------------------------------------------------------------------
void end_phase(GameState& state);          // enters the next phase (or the next turn, or the end)
// The start of a phase: E1's Amal window first when it is due (engine/amal.cpp), then the phase.
void enter_phase(GameState& state, Phase phase);
void begin_phase(GameState& state, Phase phase);  // the phase itself, after any Amal window
void request_chance(GameState& state, PendingChance request);  // auto-resolves a forced outcome
void halt(GameState& state, std::string reason);               // a rule listed unavailable

// ---- shared rule helpers (common.cpp) -------------------------------------------------------
std::vector<Seat> all_seats(const GameState& state);
// The seats, in seat order, not yet marked in `answered`: who a step that asks every seat once
// (Charity, Revival, the decision points) still waits for.
std::vector<Seat> seats_not_answered(const GameState& state, const std::array<bool, kMaxSeats>& answered);
// A public card window (the storm card window; E1's Thumper, Harvester and Amal windows) asks every
// seat holding cards when it opens, so being asked tells nobody who holds the card: marks the seats
// with empty hands as answered, and returns whether any seat is asked.
bool ask_card_holders(const GameState& state, std::array<bool, kMaxSeats>& answered);
bool in_play(const GameState& state, Faction f);
std::optional<Faction> ally_of(const GameState& state, Faction f);
bool sector_in_storm(const GameState& state, Sector s);
bool cell_in_storm(const GameState& state, CellId c);
// E1's Hidden Mobile Stronghold is on the board once attached to a map cell (BoardState::hms_host;
// ixians.md §4); a cell pieces may be put in is a map cell, or the HMS's while it is on the board.
bool hms_on_board(const GameState& state);
bool cell_on_board(const GameState& state, CellId c);
// The five printed strongholds, then the Hidden Mobile Stronghold while it is on the board (it
// counts towards a stronghold victory: ixians.md §4, one source, [TO]).
template <class F>
void for_each_stronghold_in_play(const GameState& state, F&& f) {
  for (TerritoryId t : kStrongholds) f(t);
  if (hms_on_board(state)) f(TerritoryId::HiddenMobileStronghold);
}
bool cell_storm_protected(const GameState& state, CellId c);  // Family Atomics aware
ForceCount forces_in_cell(const GameState& state, Faction f, CellId c);  // normal + special
ForceCount forces_in_territory(const GameState& state, Faction f, TerritoryId t);
// Factions with forces in a territory, Bene Gesserit advisors included.
std::vector<Faction> factions_in_territory(const GameState& state, TerritoryId t);
// Factions that occupy a territory: Bene Gesserit advisors do not ([LR] 2.02.12) — they neither
// control, collect, fight nor count toward the occupancy limit.
std::vector<Faction> occupants(const GameState& state, TerritoryId t);
bool occupies(const GameState& state, Faction f, TerritoryId t);
// A stronghold already occupied by two factions other than `mover` ([LR] 1.06.03.05, 1.06.05.09).
bool occupancy_blocked(const GameState& state, Faction mover, TerritoryId t);
int hand_limit(const GameState& state, Seat s);
// The first card of that name in a seat's hand, if any.
std::optional<TreacheryCardId> card_in_hand(const SeatState& seat, std::string_view name);
// Whether a Treachery card is in this game: a base card, or one of an E1 set the options deal
// (model/options.h CardSets). Setup deals these; a question names only these.
bool treachery_card_in_game(const Options& options, TreacheryCardId card);
// ---- Karama (karama.cpp) ----------------------------------------------------------------------
// The card a seat would play as a Karama: a Karama, or (Advanced Karama) a Bene Gesserit worthless
// card ([LR] 1.14.06).
std::optional<TreacheryCardId> karama_card(const GameState& state, Seat s);
// Called where `user` uses a cancellable ability: the first other seat in storm order whose
// standing order names it and who holds a Karama plays it (discarded, order cleared, a public
// KaramaCancel recorded); returns that seat, or nullopt when the use stands.
std::optional<Seat> karama_cancels(GameState& state, Seat user, KaramaAbility ability);
// Where the Bene Gesserit `seat` is about to play a worthless card as a Karama in an action (a card
// taken without paying, a Karama shipment): another seat's order against [LR] 2.02.22 ✷ cancels
// that use (true): the card stays, nothing of the action is done, and the seat retakes it without
// the ability (KaramaState::retakes_without_worthless). False when a real Karama is played or the
// use stands.
bool worthless_karama_cancelled(GameState& state, Seat seat);
// Whether a Karama cancelled `ability` of `user` this turn: the retake goes without it ([LR] 3.04).
bool karama_cancelled_this_turn(const GameState& state, Seat user, KaramaAbility ability);
std::vector<Command> karama_standing_candidates(const GameState& state, Seat seat);
// Advanced faction Karama powers ([LR] 1.13.06, 1.14): whether a faction used its power this game,
// and a use: its seat's Karama card to the discard, the use recorded (public).
bool karama_power_used(const GameState& state, Faction f);
// The conditions every faction Karama power shares ([LR] 1.13.06, 1.14.00): the Advanced Karama
// rule, the power's own faction (`only`: what the power does, for the message "only the <owner>
// <only>"), once a game, and, for a power played with its card rather than ordered ahead (the
// Guild's), a Karama in hand. Each power's own conditions come after.
std::optional<Rejection> validate_karama_power(const GameState& state, Seat seat, Faction owner, std::string_view only,
                                               bool needs_card = true);
void use_karama_power(GameState& state, Seat by, KaramaPower power, std::optional<Seat> target);
std::optional<Rejection> validate_arm_karama(const GameState& state, Seat seat, const ArmKarama& c);
void apply_arm_karama(GameState& state, Seat seat, const ArmKarama& c);

// Moves a card from a seat's hand to the Treachery discard.
void discard_from_hand(GameState& state, Seat seat, TreacheryCardId card);
// Moves a card from a seat's hand to the set-aside zone: it never returns to the deck.
void set_aside_from_hand(GameState& state, Seat seat, TreacheryCardId card);
Spice total_spice_on_board(const GameState& state);
// Moves spice between a seat and the bank (negative amounts are never passed).
void pay_to_bank(GameState& state, Seat from, Spice amount);
void pay_to_seat(GameState& state, Seat from, Seat to, Spice amount);
void receive_from_bank(GameState& state, Seat to, Spice amount);
// Advanced Fremen caught by the storm lose half of the group, rounded up, normal forces first
// ([LR] 2.04.16, 2.04.17; the split is the engine's choice, [TO] lets the Fremen choose).
struct ForceLoss {
  ForceCount normal, special;
};
ForceLoss fremen_half_loss(ForceCount normal, ForceCount special);
// Sends forces from a cell to the Tanks.
void destroy_forces(GameState& state, Faction f, CellId c, ForceCount normal, ForceCount special);

// Records that `seat` legitimately saw something (knowledge.cpp), stamped with turn and phase.
void record_sighting(GameState& state, Seat seat, SeenKind kind, std::uint8_t id, std::string what);

// ---- setup (setup.cpp) ----------------------------------------------------------------------
void enter_setup(GameState& state);
std::vector<Seat> awaited_setup(const GameState& state);
std::vector<Command> candidates_setup(const GameState& state, Seat seat);
std::optional<Rejection> validate_setup(const GameState& state, Seat seat, const Command& c);
void apply_setup(GameState& state, Seat seat, const Command& c);
void on_traitor_dealt(GameState& state, Seat seat, TraitorCardId card);
// A Face Dancer drawn. `owed`, the FaceDancerDraw request's `pile`: the draws the Tleilaxu Nexus
// card's Cunning still owes, this one included (engine/nexus/tleilaxu.cpp), 0 for a refill.
void on_face_dancer_drawn(GameState& state, Seat seat, TraitorCardId card, std::uint8_t owed);
// Draws the Tleilaxu's Face Dancers one chance step at a time until they hold 3 (in setup, in the
// cycle after the last reveal, after the Mentat Pause replacement); then the game goes on where
// the draw began: the setup placement, the next battle, or the Mentat Pause decision point.
void draw_next_face_dancer(GameState& state);

// ---- the Face Dancers in play (face_dancers.cpp) ---------------------------------------------
// The winner's leader the Tleilaxu are asked about after a battle (public), and the one they may
// reveal as one of their unrevealed Face Dancers (private), if any.
std::optional<LeaderId> dancer_in_question(const GameState& state, Seat winner);
std::optional<LeaderId> revealable_dancer(const GameState& state, Seat winner);
// After a battle `winner` won: opens BattleStage::FaceDancer when a reveal is possible.
bool open_face_dancer_reveal(GameState& state, Seat winner);
std::vector<Command> face_dancer_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_face_dancer(const GameState& state, Seat seat, const Command& c);
void apply_face_dancer(GameState& state, Seat seat, const Command& c);
// The reveal's effects once its Betrayal window closed (`cancelled`: by the Tleilaxu Nexus card,
// seed 000: the leader lives, no force moves, the dancer stays revealed); then the cycle or the
// next battle.
void finish_face_dancer_reveal(GameState& state, bool cancelled);
// The Mentat Pause replacement of one unrevealed Face Dancer.
std::vector<Command> replacement_candidates(const GameState& state, Seat seat);
std::optional<Rejection> validate_replacement(const GameState& state, Seat seat, const ReplaceFaceDancer& c);
void apply_replacement(GameState& state, Seat seat, const ReplaceFaceDancer& c);
void on_treachery_dealt(GameState& state, Seat seat, TreacheryCardId card);
void on_draft_dealt(GameState& state, TreacheryCardId card);  // a kStartingDraftDeal (setup.cpp)

// ---- phases ---------------------------------------------------------------------------------
#define DUNE_PHASE_MODULE(X)                                                            \
  void enter_##X(GameState& state);                                                     \
  std::vector<Seat> awaited_##X(const GameState& state);                                \
  std::vector<Command> candidates_##X(const GameState& state, Seat seat);               \
  std::optional<Rejection> validate_##X(const GameState& state, Seat seat, const Command& c); \
  void apply_##X(GameState& state, Seat seat, const Command& c);

DUNE_PHASE_MODULE(storm)
DUNE_PHASE_MODULE(spice_blow)
DUNE_PHASE_MODULE(charity)
DUNE_PHASE_MODULE(bidding)
DUNE_PHASE_MODULE(revival)
DUNE_PHASE_MODULE(shipment_movement)
#undef DUNE_PHASE_MODULE

// E1's Amal window between two phases (amal.cpp): opens it at the start of `starting` when it is
// due (the set dealt, Amal not face up, a seat holding cards), and returns whether it did.
bool open_amal_window(GameState& state, Phase starting);
std::vector<Seat> awaited_amal(const GameState& state);
std::vector<Command> candidates_amal(const GameState& state, Seat seat);
std::optional<Rejection> validate_amal(const GameState& state, Seat seat, const Command& c);
void apply_amal(GameState& state, Seat seat, const Command& c);

// The lot won with spice is sold once its purchase window closes (bidding.cpp): `paid` false when
// the buyer keeps the price (the Emperor Nexus card as Secret Ally, seed 003).
void complete_purchase(GameState& state, bool paid);
// The bought lot a Nexus window held in the row (bidding.high_bidder its buyer): handed over to
// the buyer, or (the Ixians Secret Ally, seed 000) discarded face up and replaced by the next
// Treachery deck card, a TreacheryDeal chance step marked kLotReplacementDeal; lot_replaced goes
// on with the purchase once that card is dealt (chance.cpp).
void hand_over_bought_lot(GameState& state);
void replace_bought_lot(GameState& state);
// The cards of a face-down zone in card-id order: as the Ixians see the Bidding row or their
// starting-card draft, which tells nothing of the zone's order.
template <class Zone>
std::vector<TreacheryCardId> by_card_id(const Zone& zone) {
  std::vector<TreacheryCardId> out(zone.begin(), zone.end());
  std::sort(out.begin(), out.end());
  return out;
}
// The Bidding row is dealt (bidding.cpp), once the Ixians Nexus card's Betrayal window on their
// selection (NexusHook::IxianSelectionDue) closed, or at once when none opened.
void deal_bidding_row(GameState& state);
// The Ixians' Technology swap offered for the auction's last lot (bidding.technology_offer) once
// the Ixians Nexus card's Betrayal window on it (NexusHook::TechnologyOffered) closed: made, or not
// when the Betrayal prevented it; then the lot comes up (the Atreides look).
void finish_technology(GameState& state, bool prevented);
inline constexpr std::uint8_t kLotReplacementDeal = 1;  // PendingChance::pile of that deal
// E1: a starting card dealt face down to the Ixians' draft (engine/setup.cpp), not into a hand.
inline constexpr std::uint8_t kStartingDraftDeal = 2;
void lot_replaced(GameState& state, Seat buyer);
// Revival (revival.cpp): the special forces the seat may still revive this turn ([LR] 2.03.11, 2.04),
// after those its Karama power or a Nexus card revived.
ForceCount revival_special_left(const GameState& state, Seat seat);
// The Tleilaxu Nexus card's Secret Ally revival (seed 002's prototype of 14 October): the shared
// ceiling of at least five forces per turn, and why the seat's own leader (or the Kwisatz Haderach)
// cannot return by it: the ordinary rules with the unavailable-roster condition waived, the
// face-down cycle kept ([LR] 1.05.03-04, 2.01.14).
inline constexpr ForceCount kNexusRevivalCeiling{5};
std::optional<std::string> nexus_leader_not_revivable(const GameState& state, Seat seat, LeaderId leader);
std::optional<std::string> nexus_kwisatz_haderach_not_revivable(const GameState& state, Seat seat);
// Why the Tleilaxu may not offer `target`'s seat an early revival of `leader` now
// (OfferLeaderRevival, standing.cpp): nullopt when they may.
std::optional<std::string> early_revival_not_offerable(const GameState& state, Seat target, LeaderId leader);
// A revived leader returns to its owner's shield, ready to fight.
void return_leader(GameState& state, Seat seat, LeaderId leader);

// Spice Collection and the Mentat Pause: their automatic part, then their decision point.
void enter_collection(GameState& state);  // collection.cpp
void enter_mentat(GameState& state);      // mentat.cpp

// ---- decision points (decision_point.cpp): Step::Collection and Step::MentatPause ----------
// Every seat is asked once and answers Pass (after any at-any-time plays); the last answer ends
// the phase.
void open_decision_point(GameState& state, Step step);
std::vector<Seat> awaited_decision_point(const GameState& state);
std::vector<Command> candidates_decision_point(const GameState& state, Seat seat);
std::optional<Rejection> validate_decision_point(const GameState& state, Seat seat, const Command& c);
void apply_decision_point(GameState& state, Seat seat, const Command& c);

void enter_battle(GameState& state);  // battle.cpp (Engine II)

// Shipment and Movement (shipment_movement.cpp): the seat taking its action now, and the start of
// its Movement step (the one place that sets it; the Nexus families' MovementBegins hook).
Seat shipment_movement_seat(const GameState& state);
void begin_movement(GameState& state);

// The Fremen Nexus card's windows in the Spice Blow (spice_blow.cpp; engine/nexus/fremen.cpp):
// the waiting worm devours and the blow draws on; the ride goes on unless riding is suppressed;
// whether the worm offered to ride admits the card's Cunning (it found no forces, and the Fremen
// have a group in another sand territory).
void nexus_worm_window_closed(GameState& state);
// The Spacing Guild Nexus card's Betrayal window after a paid shipment (shipment_movement.cpp,
// engine/nexus/guild.cpp) closed: what follows the shipment goes on.
void nexus_invoice_window_closed(GameState& state);
void nexus_ride_window_closed(GameState& state);
bool cunning_ride_offered(const GameState& state);

// ---- the Nexus card module (nexus.cpp; seed 000 "Executable lifecycle composition") ---------
void init_nexus_module(GameState& state);  // new_game: the twelve-card deck when selected
// The end of the whole Spice Blow and Nexus phase: opens the draw opportunity (Step::NexusDraw)
// and returns true when it applies; the module ends the phase itself afterwards.
bool open_nexus_draw(GameState& state);
// The single hook every alliance producer calls inside the accepted alliance transaction.
void on_alliance_formed(GameState& state, Faction a, Faction b);
std::vector<Seat> awaited_nexus_draw(const GameState& state);
std::vector<Command> candidates_nexus_draw(const GameState& state, Seat seat);
std::optional<Rejection> validate_nexus_draw(const GameState& state, Seat seat, const Command& c);
void apply_nexus_draw(GameState& state, Seat seat, const Command& c);
// Moves a seat's held Nexus card to the Nexus discard (never the Treachery discard).
void discard_nexus_card(GameState& state, Seat seat);

void on_storm_card(GameState& state, std::uint8_t value);                   // storm.cpp
// The Storm phase after E1's Hidden Mobile Stronghold movement (or without it): the dials, or the
// storm card revealed (storm.cpp).
void continue_storm(GameState& state);
void on_nexus_drawn(GameState& state, Seat seat, NexusCardId card);       // nexus.cpp
void on_spice_drawn(GameState& state, std::uint8_t pile, SpiceCardId card);  // spice_blow.cpp
void on_lot_drawn(GameState& state, TreacheryCardId card);                   // bidding.cpp
void on_spice_peeked(GameState& state, Seat seat, SpiceCardId card);         // shipment_movement.cpp

}  // namespace dune

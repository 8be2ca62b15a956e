// Internal to the rule oracles (invariants/oracles*.cpp, defined in oracle_support.cpp and beside
// the oracles that own them): the tallies, reading a transition, the frame of pieces, the spice
// flows and the board facts several oracles compare. Not part of the invariants API.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "invariants/registry.h"
#include "model/command_steps.h"

namespace dune::invariants::oracle_detail {

enum Oracle : std::size_t {
  kBid, kShipment, kRevival, kCharity, kCollection, kStorm, kWorm, kWormRide,
  kBattleWinner, kBattleLosses, kLeaderFate, kLeaderPrize, kTraitor, kExplosion, kVictory, kCapture,
  kStormMigration, kAdvisorFlip, kKarama, kWinnerChoice, kBribes, kKaramaPower, kTruthtrance, kSpiceBlow, kMovement, kChoices,
  kDeal, kPlacement, kCardPlay, kNexusPlay, kFaceDancer, kLegalShipment, kLegalMovement, kLegalBidding, kLegalCommand, kLegalRevival, kTech, kHms, kIxianBidding, kGhola, kOracleCount
};

inline constexpr std::array<std::string_view, kOracleCount> kNames{
    "oracle.bid-payment",   "oracle.shipment-payment", "oracle.revival-payment", "oracle.charity",
    "oracle.collection",    "oracle.storm-damage",     "oracle.worm",            "oracle.worm-ride",
    "oracle.battle-winner",
    "oracle.battle-losses", "oracle.leader-fate",      "oracle.leader-prize",    "oracle.traitor-call",
    "oracle.explosion",     "oracle.victory",          "oracle.capture",
    "oracle.storm-migration", "oracle.advisor-flip", "oracle.karama-cancel", "oracle.winner-choice",
    "oracle.bribes", "oracle.karama-power", "oracle.truthtrance", "oracle.spice-blow", "oracle.movement", "oracle.choices",
    "oracle.deal", "oracle.placement", "oracle.card-play", "oracle.nexus-play", "oracle.face-dancer", "oracle.legal-shipment",
    "oracle.legal-movement", "oracle.legal-bidding", "oracle.legal-command", "oracle.legal-revival", "oracle.tech-tokens", "oracle.hms",
    "oracle.ixian-bidding", "oracle.ghola"};

// Whether a zone's or list's ids include `id`.
template <class Range, class Id>
bool contains(const Range& r, const Id& id) {
  return std::find(r.begin(), r.end(), id) != r.end();
}

// Whether a hidden pile holds the card: its known top, its unseen cards or its known bottom.
template <class Pile, class Id>
bool in_pile(const Pile& p, const Id& id) {
  return contains(p.known_top, id) || contains(p.unseen, id) || contains(p.known_bottom, id);
}

// Counts a decided case (returning its violations) or a skipped one (oracle_coverage.h).
Violations decided(Oracle o, Violations v = {});
Violations skipped(Oracle o);
Violation violation(Oracle o, std::string message);

// The command of the step, when it is one (nullptr for a chance step).
const Envelope* envelope_of(const Transition& t);

template <class C>
const C* command_of(const Transition& t) {
  const Envelope* e = envelope_of(t);
  return e ? std::get_if<C>(&e->command) : nullptr;
}

// One log entry led from before to after: nothing else (a forced chance outcome) mixed in.
bool single_step(const Transition& t);
// At most one entry of the step moves pieces: the others are chance outcomes that move nothing (a card seen: the CHOAM Secret Ally's inspection, ChanceKind::CardInspect).
bool single_mover(const Transition& t);
// A step of several log entries (a command and the forced chance outcomes it caused, which are
// logged before it) is checked once per entry, each time with the same states before and after.
// Whether `t` carries the step's own entry: its command, else (a chance step) its first outcome.
// An oracle decides such a step there, and only there.
bool owns_step(const Transition& t);
// The step's log entries other than `t`'s own.
std::vector<const LogEntry*> other_entries(const Transition& t);
// Whether every other entry of the step is a chance outcome of one of `kinds` (a draw that moves
// nothing the deciding oracle checks, e.g. a card dealt beside a sale).
bool others_only_draws(const Transition& t, std::initializer_list<ChanceKind> kinds);
// The step's own log entry's position in `after.log` (the first entry equal to it).
std::size_t entry_position(const Transition& t);
std::string name_of(const GameState& s, Seat seat);
std::optional<Seat> ally_seat(const GameState& s, Seat seat);
// What `seat`'s ally lets it spend: the ally's grant, within the ally's spice (0 unallied).
int ally_grant(const GameState& s, Seat seat);
// Whether the leader is in the Tanks, face up or face down.
bool in_tanks(const GameState& s, LeaderId l);
// A face-down leader of `f` (died twice) while a face-up one of `f` is in the Tanks ([LR] 1.05.04).
bool face_down_waits(const GameState& s, Faction f, LeaderId l);
// The seat's own leaders that are active: alive behind its own shield ([LR] 1.05.03).
int active_leaders(const GameState& s, Seat seat);
bool all_leaders_died(const GameState& s, Faction f);
// Why [LR] 1.05.03-04 keep `seat`'s leader `l` (in the Tanks) from revival now, or "".
std::string leader_roster_rule(const GameState& s, Seat seat, LeaderId l);
// The Tleilaxu's offer standing for `seat` to revive `l` early (OfferLeaderRevival), if any.
const EarlyRevivalOffer* early_offer_for(const GameState& s, Seat seat, LeaderId l);

// Expected spice movements of one step: per seat, and the bank.
struct Flows {
  std::vector<int> seat;
  int bank = 0;
  explicit Flows(const GameState& s) : seat(s.seat_count(), 0) {}
};

// A seat's place in storm order: the seats whose player circle lies fewer sectors after the storm
// come first, ties by seat ([LR] 1.00 storm order, recomputed from the circles).
std::size_t storm_place(const GameState& s, Seat seat);

// Why `shipper` may not ship into `to` in `s` because it is E1's Hidden Mobile Stronghold: off the
// board (docs/rules/ixians.md §4: placed after turn 1's storm), or the shipper is not the Ixians
// (§4, 2 sources: a cross-ship neither, nor the Ixians' ally); "" when that is no reason.
std::string_view hms_shut(const GameState& s, Faction shipper, CellId to);
// Why the Ixians may not move their Hidden Mobile Stronghold to `to` now (docs/rules/ixians.md
// §4.1: after turn 1, as the Storm phase starts, placed, Ixian forces inside, its host out of the
// storm; up to 3 territories, each not a stronghold, never into or through the storm), or "".
// Recomputed in oracles_hms.cpp from the sector links.
std::string hms_move_illegal(const GameState& s, CellId to);
// The same for the Ixians' Karama power (KaramaMoveHms; §7.1, one source, [TO]): in Shipment and
// Movement, placed, Ixian forces inside, its host out of the storm; up to 2 territories by the
// same rules. Who may use it, and when, is the caller's.
std::string hms_karama_move_illegal(const GameState& s, CellId to);
// By steps (Options::hms_spice on): the steps made by the Ixians' move under way, counted from the
// log: the MoveHms of this turn's Storm phase; the trailing KaramaMoveHms of their action (any other
// decision of the step ends that move).
int hms_storm_steps(const GameState& s);
int hms_karama_steps(const GameState& s);
// The spice E1's HMS takes in the step, by cell, by the options' reading (ixians.md §4.2; model/
// options.h HmsSpice): a step, or (PerStep) a first Pass, of the Ixians' move; none when a Karama
// cancelled it. Recomputed from the rules in oracles_hms.cpp; the storm oracle reads it too.
std::array<int, kCellCount> hms_takes(const Transition& t);

// E1's tech tokens (docs/rules/tech-tokens-and-amal.md §1.3, oracle.tech-tokens): the phase each
// token's income is triggered in (Axlotl Tanks: Revival; Heighliners: Shipment and Movement; Spice
// Production: Charity), whether the step triggered it (recomputed from its command and what it
// moved), whether the step left its phase, and the income it pays as it leaves it: each token held
// and marked due, or triggered in the step, pays its holder 1 spice from the bank for each token
// it holds. compare_flows adds it to every expectation.
Phase tech_phase(std::size_t token);
int tech_tokens_held(const GameState& s, Seat seat);
bool tech_triggered(const Transition& t, std::size_t token);
bool left_phase(const Transition& t);
void add_tech_income(const Transition& t, Flows& f);

// A payment of `amount` by `payer`: its own spice first, then what its ally lets it spend
// ([LR] 1.10.02.06; the engine's stated order), to `payee` (nullopt: the bank).
void pay(const GameState& before, Flows& f, Seat payer, int amount, std::optional<Seat> payee);
// The price of a shipment of `forces` into `to` by `seat` ([LR] 1.06.03, 2.06.06, 2.06.09): 1 a
// force into a stronghold, 2 elsewhere; half, rounded up, by Karama or at the Guild's rates (the
// Guild and its ally), unless a Karama cancelled those rates and the seat retakes at full price.
int ship_cost(const GameState& s, Seat seat, CellId to, ForceCount forces, bool karama);
// The price of a revival ([LR] 1.05.01-03, 2.01.14, 2.03.07, 2.04.11): the free revivals first (3
// for a Fremen ally the Fremen grant it, unless a Karama cancelled that this turn), taken from the
// dearer forces, then the printed price (halved, rounded up, for the Tleilaxu's ally, fact sheet
// §5.2); a leader its strength, or the price of the Tleilaxu's offer standing for it (§4.4), the
// Kwisatz Haderach 2. The
// Emperor's extras for his ally are the last forces revived, normal ones first (the engine's
// stated choice), and are his to pay.
struct RevivalPrice {
  int own = 0;         // what the reviver pays (its spice, then its ally's grant)
  int extra = 0;       // what the Emperor pays for his ally's extras
  int free = 0;        // the free revivals that applied
  int own_forces = 0;  // the forces revived besides the extras
  // Paid at a Tleilaxu half price (a price to halve): the ally's for its forces, or the Tleilaxu's
  // own for forces or a leader.
  bool tleilaxu_half = false;
};
RevivalPrice revival_price(const GameState& s, Seat seat, const Revive& r);
// A seat's forces revived a turn ([LR] 1.05.01: 3), as the Tleilaxu raised it (fact sheet §5.2:
// to at most 5); nullopt for a faction without a limit (the Tleilaxu, CHOAM).
std::optional<int> force_revival_limit(const GameState& s, Seat seat);
// Why the Tleilaxu may not set `c` now, or "": another seated faction with the printed limit of 3,
// set to 3..5, a change (fact sheet §5.2; the engine's stated choices in the README's rules-status
// table: [DB]'s 3, 4 or 5, CHOAM exempt, a standing setting as [TO]'s).
std::string raise_limit_rule(const GameState& s, Seat seat, const RaiseRevivalLimit& c);
// The Karamas played against an ability between two states of a step (karama.cancels is
// append-only), in order.
std::span<const KaramaCancel> added_cancels(const GameState& before, const GameState& after);
// The card each Karama cancel recorded by the step spent, by its player: a Karama, or a Bene
// Gesserit worthless card, that left its hand in the step ([LR] 3.01.11.01, 2.02.22). A Nexus play's
// continuation may meet a standing order (the purchase's Harkonnen top card, the battle won's capture).
std::vector<std::pair<Seat, TreacheryCardId>> cards_spent_on_cancels(const Transition& t);

// The log entries of the current turn, newest first: back to the last spice card drawn (every
// turn's Spice Blow draws at least one, 1.02.01), so a Revival, Shipment, Movement or Battle scan
// never reaches the previous turn's.
template <class F>
void this_turn(const GameState& s, F&& f) {
  for (std::size_t i = s.log.size(); i-- > 0;) {
    if (const auto* c = std::get_if<ChanceRecord>(&s.log[i]); c && c->request.kind == ChanceKind::SpiceDraw) return;
    if (const auto* e = std::get_if<Envelope>(&s.log[i])) f(*e);
  }
}

template <class... C>
int commands_this_turn(const GameState& s, Seat seat) {
  int n = 0;
  this_turn(s, [&](const Envelope& e) { n += e.seat == seat && (std::holds_alternative<C>(e.command) || ...); });
  return n;
}

// The retakes a Karama cancel of `seat`'s ability this turn grants ([LR] 3.04): a cancelled use
// did not happen, and its player makes it again without the ability.
int retakes(const GameState& s, Seat seat, std::initializer_list<KaramaAbility> abilities);
// The abilities whose cancel leaves a shipment to retake: the half price, the Guild's cross-ship
// and shipment back to reserves, the Fremen's storm migration.
inline constexpr std::initializer_list<KaramaAbility> kShipmentRetakes{KaramaAbility::HalfPriceShipping, KaramaAbility::GuildCrossShip,
                                                                      KaramaAbility::GuildShipToReserves, KaramaAbility::FremenStormMigration};
// The Tleilaxu Karama power stopped `seat`'s revival this turn (KaramaPreventRevival; one source,
// [TO] KarmaRevivalPrevention), read from the public record of powers used.
bool revival_prevented(const GameState& s, Seat seat);
bool guild_rates(const GameState& s, Seat seat);  // the Guild and its ally ship at half price ([LR] 2.06.06, 2.06.09)
// The Spacing Guild Nexus card's Secret Ally (seed 000): the seat's last decision, in this Shipment,
// played it: this shipment at Guild prices, cross-shipping or returning to reserves allowed.
bool nexus_guild_rates(const GameState& s, Seat seat);
// Whether `seat`'s shipping now follows its play of the Richese Nexus card as Secret Ally (its last
// decision, in this Shipment step): one shipment from reserves of up to five forces priced as one.
bool nexus_richese_shipment(const GameState& s, Seat seat);
// The Ixians Nexus card's Secret Ally (seed 000: "discard a just-purchased Bidding Treachery Card and
// take the next Treachery deck card"): whether a lot bought in Bidding waits in the row for it (the
// Ixians absent, the card's family registered, the buyer holding a Nexus card after the purchase),
// and whether log entry `i` is `seat`'s play of it (the deal after it is the replacement).
bool lot_waits_for_ixian_play(const GameState& after, Seat buyer);
// What is wrong with `seat`'s replacement of the lot it bought, first in the row before the step
// (the Ixians Secret Ally, seed 000; the Ixians' ally's right, ixians.md §6): the lot goes to the
// Treachery discard (shuffled into the deck with it when the deck is out) and no hand or row keeps
// it; the next deck card is dealt to `seat` (in the step, or pending), so its hand grows by the
// cards dealt. Empty when right.
std::vector<std::string> lot_replacement_faults(const Transition& t, Seat seat);
// Whether log[i] replaced a bought lot for `seat`: its Ixians Secret Ally play, or its
// ReplaceBoughtCard as the Ixians' ally.
bool lot_replacement_at(const History<LogEntry>& log, std::size_t i, Seat seat);
bool ixian_play_at(const History<LogEntry>& log, std::size_t i, Seat seat);
// Whether the Treachery deal at log position `at` of the step is the replacement for `seat`'s
// replaced lot (lot_replacement_at): a chance step of its own right after the replacement, or the
// first deal of its own step (a forced draw is logged before the command that asked for it).
bool lot_replacement_deal(const Transition& t, std::size_t at, Seat seat);
bool half_price(const GameState& s, Seat seat);   // at those rates, unless retaking a cancelled use at full price
// Compares the observed spice changes of the step with the expected flows.
Violations compare_flows(Oracle o, const Transition& t, const Flows& expected, std::string_view what);

// The Spice Collection inside this step ([LR] 1.08, 1.13.01): each occupant's gain and the
// Advanced city income added to `expected`, and, into `board` if given, every territory left
// with other spice than the rules say. nullopt when the step cannot be decided (the phase did not
// stop at Collection); false when the board is but the seats are not (several collectors short
// of spice in one territory).
std::optional<bool> expect_collection(const Transition& t, Flows& expected, Violations* board);
bool collection_happened(const GameState& b, const GameState& a);  // Collection ran inside the step
bool battle_resolved(const Transition& t);                          // the step resolved the battle of `before`
bool occupies(const GameState& s, Faction f, TerritoryId t);        // forces there, Bene Gesserit advisors not

// The frame of a step: every piece `got` holds where `want` says — forces on the board and the
// Bene Gesserit stances, spice on the board, in the bank and behind and in front of each shield,
// leaders, each hand, reserves and Tanks, the Treachery discard. One violation of `o` per kind
// of piece that differs, naming `what` moved it.
void expect_pieces(Oracle o, const GameState& want, const GameState& got, std::string_view what, Violations& out);
// [LR] 2.02.02: in Basic the Bene Gesserit's one starting fighter goes to the Polar Sink by itself
// in the step that closes the setup placement (the last traitor kept, or the Fremen's last
// placement): added to `want` when `t` is that step.
void basic_bene_gesserit_start(const Transition& t, GameState& want);
// The sightings the step added (knowledge is append-only).
std::vector<Sighting> new_sightings(const Transition& t);
// The ids a battle plan shows, element by element (leader or Cheap Hero, weapon, defense, dial
// halves; 255 for an element not played: a worthless card shows as none), from the card table.
std::array<std::uint8_t, 4> plan_ids(const PlanBattle& p, const DialBattle& w);

// Whether the storm of this turn moved in this step (oracles_forces.cpp).
bool storm_moved_in(const Transition& t);
// Whether the steps of `s.phase` are over: E1's Amal window that follows it is open (engine/amal.cpp:
// the window sits between two phases, `phase` still the ended one; the window before turn 1's
// Storm starts the phase it is in).
inline bool phase_steps_over(const GameState& s) { return s.step == Step::AmalWindow && s.amal.starting != s.phase; }
// The storm's movement once `seat` dials `amount` last: the sum of every dial ([LR] 1.01.02).
int storm_dial_sum(const GameState& before, Seat seat, int amount);
// Whether `f` is seated in the game.
inline bool in_game(const GameState& s, Faction f) { return std::ranges::find(s.options.factions, f) != s.options.factions.end(); }
// Whether `cell` (an index into kCells) lies in the storm's sector; the Polar Sink never does.
bool storm_sector(const GameState& s, std::size_t cell);
// Whether a Karama cancelled `seat`'s use of `ability` this turn (the retake goes without it, [LR] 3.04).
bool cancelled_this_turn(const GameState& s, Seat seat, KaramaAbility ability);
// Whether `card` was played in `mode` this turn (in `phase`, when named): from the public receipts (a Nexus
// card's delayed effect of the phase, e.g. the Fremen Betrayal's suppressions).
bool played_this_turn(const GameState& s, Faction card, NexusMode mode, std::optional<Phase> phase);
// Whether the command is a step's own decision: neither a standing choice nor an at-any-time play
// (model/commands.h CommandClass).
inline bool is_decision(const Envelope& e) { return !is_standing_command(e.command) && !is_any_time_command(e.command); }
// The newest command of the log that `match` accepts, or nullptr.
template <class Match>
const Envelope* last_command(const GameState& s, Match&& match) {
  for (std::size_t i = s.log.size(); i-- > 0;) {
    const auto* e = std::get_if<Envelope>(&s.log[i]);
    if (e && match(*e)) return e;
  }
  return nullptr;
}

int territory_forces(const GameState& s, Faction f, TerritoryId t);
int territory_specials(const GameState& s, Faction f, TerritoryId t);
// The factions other than `f` with fighting forces in t: Bene Gesserit advisors do not count
// ([LR] 1.06.03.05, 2.02.12).
int other_occupants(const GameState& s, Faction f, TerritoryId t);
int territory_spice(const GameState& s, TerritoryId t);
int cell_forces(const GameState& s, std::size_t cell, Faction f);
int tanks(const GameState& s, Seat seat);
bool holds(const SeatState& seat, TreacheryCardId c);
// A card its holder may play as a Karama: a Karama, or an Advanced Bene Gesserit worthless card
// ([LR] 1.14.06), from the card table.
bool karama_usable(const GameState& s, Seat seat, TreacheryCardId c);
// Whether a Karama use of `seat` plays a worthless card: the Advanced Bene Gesserit hold one they
// may play as a Karama ([LR] 1.14.06, 2.02.22), which goes before a real one (README, our choice).
bool spends_worthless(const GameState& s, Seat seat);
bool holds_karama(const GameState& s, Seat seat);  // a card of its hand it may play as a Karama
std::size_t hand_limit(Faction f);                 // the printed hand limit (fact sheet §6.1, [LR] 2.05.07)
// The lots a Bidding row is dealt, from the hands as the phase found them: one per seat below its
// hand limit ([LR] 1.04.04), one more while the Ixians are seated (E1, ixians.md §5), unless a
// Karama (2 sources) or the Ixians Nexus card's Betrayal (seed 000) stopped their selection.
std::size_t lots_to_deal(const GameState& s);
// Whether the Ixians Nexus card's Betrayal prevented this turn's selection: its receipt in this
// turn's Bidding that binds for the phase (delayed). A Betrayal of the Technology swap acts at once:
// its receipt is not delayed (seed 000: one card prevents either advantage, not both).
bool ixians_selection_betrayed(const GameState& s);
// The hand card the Ixians named to swap for the lot about to come up (ixians.md §5 Technology):
// their SwapLot, when it is the newest command of this turn but for the Nexus window's plays and
// passes and the standing and at-any-time commands (no bid, purchase or selection since).
std::optional<TreacheryCardId> technology_named(const GameState& s);
// Whether the Ixians' selection of this turn's Bidding row was stopped: a Karama against it, or
// ixians_selection_betrayed.
bool ixian_selection_stopped(const GameState& s, Seat ixians);
// Whether the Ixians Nexus card's Cunning was played this turn: every Suboid then fights at full
// unsupported strength, 1, for the rest of the turn (seed 000, Ixians row).
bool suboids_at_full_strength(const GameState& s);
// The seats other than `user` whose Karama standing order names `a` and who hold a card to play
// ([LR] 3.01.11.01): the engine plays the first of them in storm order; an oracle decides only
// when there is at most one.
std::vector<Seat> karama_ready(const GameState& s, Seat user, KaramaAbility a);

// The Emperor Nexus card in the current battle (seed 003): the ordinary Emperor forces his Cunning
// counts as Sardaukar (five, or none), and whether a Betrayal prevents the Sardaukar advantage
// there. Read from the battle's public record: the log cannot tell where a battle the engine
// started by itself (a single option) begins. The Emperor contracts hold that record to the plays:
// set by the play alone, cleared only when a new battle begins.
// The ordinary counters counted as Sardaukar (their losses are ordinary counters).
int counted_sardaukar(const GameState& s);
// `f`'s ordinary and special forces in the battle, by their role there.
std::pair<int, int> forces_by_role(const GameState& s, Faction f, int normal, int special);
// Whether `f`'s special forces count as ordinary ones against `opponent` in this battle: the
// Emperor's Sardaukar against the Fremen ([LR] 2.03.09), or once a Betrayal prevented their
// advantage.
bool sardaukar_plain(const GameState& s, Faction f, Faction opponent);
// Whether the Ixians' Cyborgs count as ordinary forces in this battle: a Karama against their bonus
// (docs/rules/ixians.md §7.2, 2 sources), the battle's public record, which oracle.karama-cancel
// holds to the cancel and shape.battle to the cancels of the turn.
bool cyborgs_plain(const GameState& s);

// The battle oracles (oracles_battle.cpp).
Violations battle_winner(const Transition& t, const GameContext&);
Violations battle_losses(const Transition& t, const GameContext&);
Violations leader_fate(const Transition& t, const GameContext&);
Violations leader_prize(const Transition& t, const GameContext&);
Violations traitor_call(const Transition& t, const GameContext&);
Violations explosion(const Transition& t, const GameContext&);
Violations capture(const Transition& t, const GameContext&);
Violations winner_choice(const Transition& t, const GameContext&);

// The Advanced faction Karama powers (oracles_karama.cpp).
Violations karama_power(const Transition& t, const GameContext&);
// Part of oracle.karama-cancel (oracles_karama.cpp): what a cancel of the Guild's cross-ship,
// shipment back, timing or the Emperor's extra revivals left; the Guild's timing once stopped.
void guild_and_emperor_cancel(const Transition& t, const KaramaCancel& k, const std::string& who, Violations& out);
void guild_timing_checks(const Transition& t, Violations& out);
// Karama against Prescience and the Voice, at the step they are used (nullopt: not such a step).
std::optional<Violations> battle_ability_cancel(const Transition& t);
// What a Karama against a Fremen ✷ ability left ([LR] 2.04, 3.04), for `oracle.karama-cancel`.
void fremen_cancel_checks(const Transition& t, const KaramaCancel& k, const std::string& who, Violations& out);
// What a Karama against a Bene Gesserit worthless card played as one left ([LR] 2.02.22, 3.04): the
// cancel at `i` of the step's after-state cancels, for `oracle.karama-cancel`.
void worthless_cancel_checks(const Transition& t, std::size_t i, const std::string& who, Violations& out);
// The territory of the topmost territory card of a spice discard pile ([LR] 1.02.05), if any.
std::optional<TerritoryId> topmost_territory(const std::vector<SpiceCardId>& pile);
// The blow site of the card on top of the pile being resolved when it is a territory card: the
// blow a Harvester doubles (E1, fact sheet §4.2); nullptr for any other card or an empty pile.
const SpiceBlowSite* just_revealed_site(const GameState& s);
// One spice card a step revealed (oracles_forces.cpp, step_draws).
struct StepDraw {
  std::uint8_t pile = 0;
  SpiceCardId card{};
  bool worm = false;                   // a worm after turn 1, devouring
  std::optional<TerritoryId> devours;  // where (nullopt: no territory card under it)
};
std::optional<std::vector<StepDraw>> step_draws(const Transition& t);

// The Advanced force oracles (oracles_forces.cpp).
Violations storm_damage(const Transition& t, const GameContext&);
Violations worm(const Transition& t, const GameContext&);
Violations worm_ride(const Transition& t, const GameContext&);
Violations spice_blow(const Transition& t, const GameContext&);
Violations movement(const Transition& t, const GameContext&);
// The recording choices (oracles_choices.cpp).
Violations choices(const Transition& t, const GameContext&);
Violations storm_migration(const Transition& t, const GameContext&);
// Chance draws and the Nexus draw (oracles_deals.cpp).
Violations deal(const Transition& t, const GameContext&);
// Forces placed from reserves: the setup placements and the spiritual advisor (oracles_placement.cpp).
Violations placement(const Transition& t, const GameContext&);
// The legality oracles (oracles_legality.cpp).
Violations legal_shipment(const Transition& t, const GameContext&);
Violations legal_movement(const Transition& t, const GameContext&);
Violations legal_bidding(const Transition& t, const GameContext&);
Violations legal_command(const Transition& t, const GameContext&);  // oracles_legality_rules.cpp
// The Tleilaxu's Face Dancers (oracles_face_dancers.cpp): the outcome of a reveal, a pass on one
// and a Mentat Pause replacement; and the reference legality of the two commands ("" when legal),
// `earlier` being the seat's replacements already made this turn.
Violations face_dancer(const Transition& t, const GameContext&);
Violations tech_tokens(const Transition& t, const GameContext&);  // oracles_tech.cpp
Violations hms(const Transition& t, const GameContext&);          // oracles_hms.cpp
Violations ixian_bidding(const Transition& t, const GameContext&);  // oracles_ixians_bidding.cpp
Violations ghola(const Transition& t, const GameContext&);          // oracles_gholas.cpp
std::string face_dancer_reveal_rule(const GameState& s, Seat seat, const RevealFaceDancer& c);
// Why a battle plan of a combatant is illegal under the Voice that binds it, or "" (oracles_legality_plan.cpp).
std::string plan_rule(const GameState& s, Seat seat, const PlanBattle& c, const std::optional<UseVoice>& voice);
std::string face_dancer_replacement_rule(const GameState& s, Seat seat, const ReplaceFaceDancer& c, int earlier);
Violations legal_revival(const Transition& t, const GameContext&);
// Why a revival is illegal ([LR] 1.05), or "" (oracles_legality_rules.cpp): the whole check, the
// once-a-turn part alone, and the rest for a seat that may revive this turn.
std::string revive_illegal(const GameState& s, Seat seat, const Revive& c);
std::string revival_turn_illegal(const GameState& s, Seat seat);
std::string revival_choice_illegal(const GameState& s, Seat seat, const Revive& c);
// The special forces `seat` revived this turn by a Karama power or a Nexus card, and the Tleilaxu
// Nexus card's revival it made this turn (nullptr: none), from the log.
int specials_revived_this_turn(const GameState& s, Seat seat);
// `seat`'s shipping commands (Ship, CrossShip, ShipToReserves) this turn, from the log.
int shipments_this_turn(const GameState& s, Seat seat);
const PlayNexus* tleilaxu_revival_this_turn(const GameState& s, Seat seat);
// The Nexus plays' common contract and each family's panel contracts (oracles_nexus.cpp).
Violations nexus_play(const Transition& t, const GameContext&);
Violations advisor_flip(const Transition& t, const GameContext&);

// The Truthtrance oracle (oracles_cards.cpp), and the truth of an answer's question in a state,
// from the card and leader tables (nullopt: a question without its subject).
Violations truthtrance(const Transition& t, const GameContext&);
// Hajr and Tleilaxu Ghola (oracles_cards.cpp).
Violations card_play(const Transition& t, const GameContext&);
std::optional<bool> truthtrance_fact(const GameState& s, const TruthtranceAnswer& a);

}  // namespace dune::invariants::oracle_detail

// oracle.legal-command (issue 17 item 3): every accepted command, of every kind, was legal when it
// was accepted, by a second, small reference written from the rulebook, never by the engine's
// validators or its command descriptors (model/commands.h kInfo is not read here):
//   - when: the phase and step the rulebook lets the kind be played in (the table `kWhen` below,
//     each row with its rule), the setup steps excepted for bribes (1.12.04), never after the game;
//   - who: the faction whose ability it is, the Advanced rule that brings it into the game, the
//     card it needs in hand, the alliance it needs;
//   - how much and how often: the once-a-turn limits recomputed from the log (one shipment of
//     any of the Guild's three kinds, 1.06.02, 2.06.05; one move, two with Hajr, 1.06.05.01,
//     3.01.09; one revival, 1.05; one Charity claim, 1.03.02; each with the retake a Karama cancel
//     grants, 3.04), the revival limits (3 forces beyond the Emperor's paid extras, the Tanks'
//     forces, one Fedaykin or Sardaukar a turn in Advanced, a leader only when none is active or
//     all have died, 1.05.01-1.05.04, 2.01.14, 2.03.11, the fact sheet's faction table), the
//     price within the reviver's
//     spice, the battle plan (a leader of one's own, alive, not yet fought in another territory
//     this phase, or a Cheap Hero; a weapon and a defense held and of their class; none without a
//     leader or Cheap Hero; a leader or Cheap Hero whenever one can be played; the dial within the
//     forces there, whole numbers in Basic; support in Advanced only, within the forces and the
//     spice, 1.07.04, 1.13.04), a traitor called against the opponent's leader (1.07.06.07), the
//     storm dial's range (0-20 on turn 1, 1-3 later, 1.01.02), Weather Control and Family Atomics
//     after the first turn (3.01.07, 3.01.23), Charity at 0 or 1 spice (the Bene Gesserit always,
//     2.02.09), the alliance rules (1.10.01), and the rest row by row below.
// The shipment, movement and bid rules proper (ranges, storm, occupancy, prices) are the other
// legality oracles' (oracles_legality.cpp); this one adds the turn limits of Ship and Move to them.
//
// Chance steps are not commands: no seat chooses them, so no legality oracle applies; that each
// outcome could be drawn (from its deck as the step found it, the known top first, or the loser's
// active leaders) is decided by oracle.deal and oracle.capture (README "Oracle coverage").
//
// What a seat is *awaited* for (storm order in Shipment and Movement, the bidding order, the
// aggressor's order of battles) is left to the protocol checks and the completeness probes of the
// other legality oracles: a wrong turn order moves no piece this reference could tell apart.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/oracle_support.h"
#include "model/command_steps.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

template <class... F> struct overloaded : F... { using F::operator()...; };

// ---- when: the steps each kind may be played in ([LR] numbers per row) ----------------------

constexpr StepMask kSetup{Step::SetupTraitorSelection, Step::SetupPrediction, Step::SetupFremenPlacement,
                          Step::SetupBeneGesseritPlacement, Step::SetupIxianDraft};
constexpr StepMask kAnyLive = [] {  // every step of a live game
  StepMask m;
  for (std::size_t i = 0; i < kStepCount; ++i) {
    if (static_cast<Step>(i) != Step::GameOver) m.bits |= 1u << i;
  }
  return m;
}();
constexpr StepMask kAfterSetup = [] {  // deals and bribes: not during setup (1.12.04)
  StepMask m = kAnyLive;
  m.bits &= ~kSetup.bits;
  return m;
}();

template <class C> constexpr StepMask kWhen = {};
template <> constexpr StepMask kWhen<ChooseTraitor> = {Step::SetupTraitorSelection};  // 0.11
template <> constexpr StepMask kWhen<Predict> = {Step::SetupPrediction};              // 2.02.03
template <> constexpr StepMask kWhen<PlaceForces> = {Step::SetupFremenPlacement, Step::SetupBeneGesseritPlacement};  // 2.04.02, 2.02.11
template <> constexpr StepMask kWhen<DialStorm> = {Step::StormDial};                   // 1.01.02
template <> constexpr StepMask kWhen<PlaceHms> = {Step::HmsPlacement};                 // E1 Ixians: turn 1, after the storm (ixians.md §2.2)
template <> constexpr StepMask kWhen<MoveHms> = {Step::HmsMovement};                   // E1 Ixians: later Storm phases, before the dials (§4.1)
template <> constexpr StepMask kWhen<KaramaMoveHms> = {Step::Shipment, Step::Movement};  // E1 Ixians' Karama power (§7.1, one source: [TO])
template <> constexpr StepMask kWhen<ReplaceBoughtCard> = {Step::AllyCardReplacement};  // E1 Ixians' ally: on the lot it just bought (§6)
template <> constexpr StepMask kWhen<ReturnLot> = {Step::IxCardSelection};             // E1 Ixians: the row just dealt, before any bid (§5)
template <> constexpr StepMask kWhen<KeepStartingCard> = {Step::SetupIxianDraft};      // E1 Ixians: the draft, at setup (§2.1)
template <> constexpr StepMask kWhen<SwapLot> = {Step::IxTechnology};                  // E1 Ixians (Advanced): a lot about to come up (§5)
template <> constexpr StepMask kWhen<PlayWeatherControl> = {Step::StormCardWindow};    // 3.01.23: before the storm moves
template <> constexpr StepMask kWhen<PlayFamilyAtomics> = {Step::StormCardWindow};     // 3.01.07
template <> constexpr StepMask kWhen<PlayThumper> = {Step::ThumperWindow};            // fact sheet §4.2: the start of Spice Blow
template <> constexpr StepMask kWhen<PlayHarvester> = {Step::HarvesterWindow};        // fact sheet §4.2: the blow just revealed
template <> constexpr StepMask kWhen<PlayAmal> = {Step::AmalWindow};                  // fact sheet §4.2: the start of a phase
template <> constexpr StepMask kWhen<ProposeAlliance> = {Step::NexusNegotiation};      // 1.10.01
template <> constexpr StepMask kWhen<AcceptAlliance> = {Step::NexusNegotiation};
template <> constexpr StepMask kWhen<BreakAlliance> = {Step::NexusNegotiation};        // 1.10.01.06
template <> constexpr StepMask kWhen<PlaceWorm> = {Step::WormPlacement};               // 2.04.15
template <> constexpr StepMask kWhen<RideWorm> = {Step::WormRide};                     // 2.04.08
template <> constexpr StepMask kWhen<ClaimCharity> = {Step::Charity};                  // 1.03
template <> constexpr StepMask kWhen<Bid> = {Step::Bidding};                           // 1.04
template <> constexpr StepMask kWhen<KaramaTakeCard> = {Step::Bidding};                // 3.01.11.04
template <> constexpr StepMask kWhen<KaramaTakeHand> = {Step::Bidding};                // 1.14.04
template <> constexpr StepMask kWhen<KaramaGiveCard> = {Step::Bidding};                // 1.14.04
template <> constexpr StepMask kWhen<Revive> = {Step::Revival};                        // 1.05
template <> constexpr StepMask kWhen<KaramaRevive> = {Step::Revival};                  // 1.14.02
template <> constexpr StepMask kWhen<KaramaPreventRevival> = {Step::Revival};          // one source: [TO]
template <> constexpr StepMask kWhen<OfferLeaderRevival> = {Step::Revival};            // E1, docs/rules/tleilaxu.md §4.4
template <> constexpr StepMask kWhen<Ship> = {Step::Shipment};                         // 1.06.03
template <> constexpr StepMask kWhen<CrossShip> = {Step::Shipment};                    // 2.06.05.02
template <> constexpr StepMask kWhen<ShipToReserves> = {Step::Shipment};               // 2.06.05.03
template <> constexpr StepMask kWhen<SendSpiritualAdvisor> = {Step::Shipment};         // 2.02.05
template <> constexpr StepMask kWhen<Move> = {Step::Movement};                         // 1.06.05
template <> constexpr StepMask kWhen<PlayHajr> = {Step::Movement};                     // 3.01.09
template <> constexpr StepMask kWhen<FlipBeneGesserit> = {Step::Shipment, Step::Movement};  // 2.02.15-17
template <> constexpr StepMask kWhen<GuildActNow> = {Step::Shipment, Step::Movement};  // 2.06.12
template <> constexpr StepMask kWhen<PlayTruthtrance> = kAnyLive;                      // 3.01.22 "at anytime"
template <> constexpr StepMask kWhen<PlayGhola> = kAnyLive;                            // 3.01.20 "at any time"
template <> constexpr StepMask kWhen<GiveSpice> = kAfterSetup;                         // 1.12.04
template <> constexpr StepMask kWhen<AllySpice> = kAnyLive;                            // 1.10.02.05-06
template <> constexpr StepMask kWhen<ProtectAllyFromWorms> = kAnyLive;                 // 2.04.10
template <> constexpr StepMask kWhen<GrantAllyFreeRevivals> = kAnyLive;                // 2.04.11
template <> constexpr StepMask kWhen<RaiseRevivalLimit> = kAnyLive;                    // fact sheet §5.2
template <> constexpr StepMask kWhen<SetRedrawPolicy> = kAnyLive;                      // seed 000 item 4
template <> constexpr StepMask kWhen<ArmKarama> = kAnyLive;                            // 3.01.11.00 "at anytime"
template <> constexpr StepMask kWhen<ChooseBattle> = {Step::Battle};                   // 1.07.02-03
template <> constexpr StepMask kWhen<UseVoice> = {Step::Battle};                       // 2.02.06
template <> constexpr StepMask kWhen<UsePrescience> = {Step::Battle};                  // 2.01.08
template <> constexpr StepMask kWhen<PlanBattle> = {Step::Battle};                     // 1.07.04
template <> constexpr StepMask kWhen<DialBattle> = {Step::Battle};
template <> constexpr StepMask kWhen<CallTraitor> = {Step::Battle};                    // 1.07.06.07
template <> constexpr StepMask kWhen<CancelPoisonTooth> = {Step::Battle};              // fact sheet §4.2
template <> constexpr StepMask kWhen<CaptureLeader> = {Step::Battle};                  // 2.05.10
template <> constexpr StepMask kWhen<RevealFaceDancer> = {Step::Battle};               // fact sheet §4.3
template <> constexpr StepMask kWhen<ReplaceFaceDancer> = {Step::MentatPause};         // seed 002
template <> constexpr StepMask kWhen<TakeLosses> = {Step::Battle};                     // 1.07.06.06
template <> constexpr StepMask kWhen<DiscardPlayed> = {Step::Battle};
template <> constexpr StepMask kWhen<TakeTechToken> = {Step::Battle};                  // E1 tech tokens §1.4
template <> constexpr StepMask kWhen<KaramaSeePlan> = {Step::Battle};                  // 1.14.01
template <> constexpr StepMask kWhen<KaramaWorm> = {Step::KaramaWorm};                 // 1.14.03: Spice Blow and Nexus
template <> constexpr StepMask kWhen<DrawNexus> = {Step::NexusDraw};                   // seed 000 items 3-4
// The registered families' panels (seed 000 panel table): in battle, in one's Shipment and
// Movement action (Bene Gesserit Cunning), on a purchase and in Revival (Emperor Secret Ally).
// The Harkonnen Secret Ally in the Mentat Pause; the Harkonnen Cunning "at any time" (below).
template <> constexpr StepMask kWhen<PlayNexus> = {Step::SpiceBlow, Step::WormRide, Step::Bidding, Step::Revival, Step::Shipment,
                                                   Step::Movement, Step::Battle, Step::Collection,
                                                   Step::MentatPause};  // seed 000: the panels' timings; seed 003: purchase, Revival
// The return of the Harkonnen card's traitor exchange: wherever the exchange began (seed 000).
template <> constexpr StepMask kWhen<ReturnTraitor> = kAnyLive;
// A decline: every optional decision, never a setup choice or the storm dial, which are owed.
template <> constexpr StepMask kWhen<Pass> = [] {
  StepMask m = kAnyLive;
  m.bits &= ~(kSetup.bits | StepMask{Step::StormDial, Step::HmsPlacement}.bits);  // no dial and no placement is passed
  return m;
}();

// ---- shared facts, recomputed here --------------------------------------------------------------

bool allied(const GameState& s, Faction f) {
  return std::any_of(s.alliances.begin(), s.alliances.end(), [&](const Alliance& a) { return a.a == f || a.b == f; });
}

bool holds_named(const SeatState& seat, std::string_view name) {
  return std::any_of(seat.hand.begin(), seat.hand.end(), [&](TreacheryCardId c) { return card_type(c).name == name; });
}

bool karama_power_used(const GameState& s, Seat seat) {
  return std::any_of(s.karama.powers.begin(), s.karama.powers.end(), [&](const KaramaPowerUse& p) { return p.by == seat; });
}


// The battle side of `seat` (0 aggressor, 1 opponent), if it fights the battle under way.
std::optional<std::size_t> side_of(const GameState& s, Seat seat) {
  if (s.battle.stage == BattleStage::None) return std::nullopt;
  for (std::size_t i = 0; i < 2; ++i) {
    if (s.battle.combatants[i] == seat) return i;
  }
  return std::nullopt;
}

// The side `seat` uses its abilities for: its own, or its ally's ([LR] 2.01.09 Prescience, 2.02.07
// the Voice, 2.05.09 traitors, each "in your ally's battle").
std::optional<std::size_t> ability_side_of(const GameState& s, Seat seat) {
  if (const auto own = side_of(s, seat)) return own;
  const auto ally = ally_seat(s, seat);
  return ally ? side_of(s, *ally) : std::nullopt;
}

// A combatant's forces in the battle by their role there: the Emperor's Cunning counts five of his
// ordinary forces as Sardaukar (seed 003).
std::pair<int, int> battle_forces(const GameState& s, Seat seat) {
  int normal = 0, special = 0;
  for (CellId c : s.battle.cells) {
    normal += s.board.normal[index(c)][index(s.faction_of(seat))].value;
    special += s.board.special[index(c)][index(s.faction_of(seat))].value;
  }
  return forces_by_role(s, s.faction_of(seat), normal, special);
}

int spendable(const GameState& s, Seat seat) { return s.seat(seat).spice.value + ally_grant(s, seat); }

// ---- who, how much and how often: one reference per kind ("" when legal) ------------------------

struct Rules {
  const GameState& s;
  Seat seat;
  Faction f;
  const SeatState& me;

  std::string only(Faction owner, std::string_view rule) const {
    return f == owner ? "" : fmt::format("only the {} may ({})", to_string(owner), rule);
  }

  // The Bene Gesserit Nexus card played as Secret Ally by this combatant in this battle (seed 000:
  // "Use Voice against one's battle opponent"), the Bene Gesserit absent: its Voice is owed.
  // Asked before the plans of this battle: a play before the last plan part or battle decision of
  // the log belongs to an earlier battle (one the engine started by itself has no ChooseBattle).
  bool secret_ally_voice_owed() const { return side_of(s, seat) && secret_ally_voicer(true) == seat; }
  // The seat that played the Bene Gesserit card as Secret Ally in this battle (the Bene Gesserit
  // absent), read from the log: the last such play since the battle was chosen (and, with
  // `before_plans`, since the last plan part or later battle decision).
  std::optional<Seat> secret_ally_voicer(bool before_plans = false) const {
    if (s.seat_of(Faction::BeneGesserit)) return std::nullopt;
    const Envelope* last = last_command(s, [before_plans](const Envelope& e) {
      const auto* p = std::get_if<PlayNexus>(&e.command);
      const bool later_stage = std::holds_alternative<PlanBattle>(e.command) || std::holds_alternative<DialBattle>(e.command) ||
                               std::holds_alternative<CallTraitor>(e.command) || std::holds_alternative<TakeLosses>(e.command) ||
                               std::holds_alternative<DiscardPlayed>(e.command) || std::holds_alternative<CaptureLeader>(e.command);
      return (p && p->card.faction == Faction::BeneGesserit && p->mode == NexusMode::SecretAlly) ||
             std::holds_alternative<ChooseBattle>(e.command) || (before_plans && later_stage);
    });
    return last && std::holds_alternative<PlayNexus>(last->command) ? std::optional<Seat>(last->seat) : std::nullopt;
  }

  std::string operator()(const Pass&) const { return ""; }
  std::string operator()(const KeepStartingCard& c) const {
    if (f != Faction::Ixians) return "the Ixians alone keep a card of the starting-card draft (E1, ixians.md §2.1)";
    return contains(s.treachery.draft, c.card) ? "" : "the card is not in the starting-card draft (ixians.md §2.1)";
  }
  std::string operator()(const ChooseTraitor& c) const {
    if (f == Faction::Harkonnen) return "the Harkonnen keep all four and choose none ([LR] 2.05.03)";
    if (f == Faction::Tleilaxu) return "the Tleilaxu are dealt no traitors (fact sheet §4.3)";
    if (std::find(me.traitor_offer.begin(), me.traitor_offer.end(), c.card) == me.traitor_offer.end()) return "not one of the four it was dealt ([LR] 0.11)";
    return "";
  }
  std::string operator()(const Predict& c) const {
    if (auto w = only(Faction::BeneGesserit, "[LR] 2.02.03"); !w.empty()) return w;
    if (c.faction == Faction::BeneGesserit || !in_game(s, c.faction)) return "a prediction names another faction in the game ([LR] 2.02.03)";
    if (c.turn < 1 || c.turn > s.options.turn_limit) return "a prediction names a turn of the game ([LR] 2.02.03)";
    return "";
  }
  std::string operator()(const PlaceForces& c) const {
    if (s.step == Step::SetupFremenPlacement) return only(Faction::Fremen, "[LR] 2.04.02");
    if (!s.options.rules.bene_gesserit_advisors) return "the advisor placement is Advanced ([LR] 2.02.11)";
    if (c.cell.value >= kMapCellCount) return "a territory of the map (the Hidden Mobile Stronghold is not on the board at setup)";
    return only(Faction::BeneGesserit, "[LR] 2.02.11");
  }
  std::string operator()(const PlaceHms& c) const {
    if (auto w = only(Faction::Ixians, "E1, ixians.md §2.2"); !w.empty()) return w;
    if (s.turn != 1 || s.board.hms_host) return "the Hidden Mobile Stronghold is placed once, on turn 1 (ixians.md §2.2)";
    if (c.to.value >= kMapCellCount) return "on a territory of the map (ixians.md §2.2)";
    if (is_stronghold(kCells[index(c.to)].territory)) return "on a territory that is not a stronghold (ixians.md §2.2)";
    if (storm_sector(s, index(c.to))) return "out of the storm (ixians.md §2.2, [TO])";
    return "";
  }
  std::string operator()(const MoveHms& c) const {
    if (auto w = only(Faction::Ixians, "E1, ixians.md §4.1"); !w.empty()) return w;
    return hms_move_illegal(s, c.to);
  }
  std::string operator()(const KaramaMoveHms& c) const {  // one source: [TO] KarmaHmsMovement (ixians.md §7.1)
    // By steps (ixians.md §4.2 read on), a later step of the move under way spends nothing more.
    const bool goes_on = s.options.hms_spice != HmsSpice::Off && hms_karama_steps(s) > 0;
    if (goes_on && s.faction_of(seat) != Faction::Ixians) return "the Ixians' power ([TO])";
    if (auto w = goes_on ? "" : power_of(Faction::Ixians, "[TO]"); !w.empty()) return w;
    return hms_karama_move_illegal(s, c.to);
  }
  std::string operator()(const DialStorm& c) const {
    const auto [lo, hi] = s.turn <= 1 ? std::pair{0, 20} : std::pair{1, 3};
    if (c.amount < lo || c.amount > hi) return fmt::format("a storm dial is {} to {} on this turn ([LR] 1.01.02)", lo, hi);
    if (s.storm.dials[seat.value]) return "it has dialed already";
    return "";
  }
  std::string operator()(const PlayWeatherControl& c) const {
    if (!holds_named(me, "Weather Control")) return "no Weather Control in hand";
    if (s.turn <= 1) return "after the first turn only ([LR] 3.01.23)";
    if (c.sectors > 10) return "it moves the storm 0 to 10 sectors ([LR] 3.01.23)";
    return "";
  }
  std::string operator()(const PlayFamilyAtomics&) const {
    if (!holds_named(me, "Family Atomics")) return "no Family Atomics in hand";
    if (s.turn <= 1) return "after the first turn only ([LR] 3.01.07)";
    bool near = false;  // forces on or next to the Shield Wall (the path out of the storm is oracle.storm-damage's)
    for (const TerritoryInfo& t : kTerritories) near = near || (t.near_shield_wall && territory_forces(s, f, t.id) > 0);
    return near ? "" : "no forces on or next to the Shield Wall ([LR] 3.01.07)";
  }
  // E1 (fact sheet §4.2). The Thumper before pile A's first reveal, never on turn 1, whose worms are
  // ignored ([LR] 1.02.02; README rules status); the Harvester after a territory card whose spice
  // landed, read from the board: the card on top of the pile being resolved, not in storm.
  std::string operator()(const PlayThumper&) const {
    if (!holds_named(me, "Thumper")) return "no Thumper in hand";
    if (s.turn <= 1) return "not on turn 1, whose worms are ignored ([LR] 1.02.02)";
    if (s.blow.pile != 0) return "at the start of Spice Blow, before pile A's first card (fact sheet §4.2)";
    return "";
  }
  std::string operator()(const PlayHarvester&) const {
    if (!holds_named(me, "Harvester")) return "no Harvester in hand";
    const SpiceBlowSite* site = just_revealed_site(s);
    if (site == nullptr) return "right after a territory card (fact sheet §4.2)";
    if (storm_sector(s, index(site->cell))) return "its spice was not blown: the storm is there ([LR] 1.02.04)";
    return "";
  }
  std::string operator()(const PlayAmal&) const { return holds_named(me, "Amal") ? "" : "no Amal in hand"; }
  std::string operator()(const ProposeAlliance& c) const {
    if (c.with == f || !in_game(s, c.with)) return "an alliance is proposed to another faction in the game";
    if (allied(s, f) || allied(s, c.with)) return "no faction is in two alliances ([LR] 1.10.01.05)";
    return "";
  }
  std::string operator()(const AcceptAlliance& c) const {
    const auto& p = s.blow.proposals;
    if (std::find(p.begin(), p.end(), std::pair{c.proposer, f}) == p.end()) return "no such proposal stands";
    if (allied(s, f) || allied(s, c.proposer)) return "no faction is in two alliances ([LR] 1.10.01.05)";
    return "";
  }
  std::string operator()(const BreakAlliance&) const { return allied(s, f) ? "" : "it has no alliance to break ([LR] 1.10.01.06)"; }
  std::string operator()(const PlaceWorm& c) const {
    if (auto w = only(Faction::Fremen, "[LR] 2.04.15"); !w.empty()) return w;
    if (!s.options.rules.fremen_worm_sending) return "placing a worm is Advanced ([LR] 2.04.15)";
    if (index(c.territory) >= kTerritoryCount || territory_info(c.territory).type != TerritoryType::Sand) return "a worm goes to a sand territory ([LR] 2.04.15)";
    return "";
  }
  std::string operator()(const RideWorm& c) const {
    if (auto w = only(Faction::Fremen, "[LR] 2.04.08"); !w.empty()) return w;
    // The Fremen Nexus card's Cunning, just played on the worm (seed 000): a group of one sand
    // territory rides it elsewhere.
    const Envelope* last = last_command(s, is_decision);
    const auto* cunning = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
    if (cunning && cunning->card.faction == Faction::Fremen && cunning->mode == NexusMode::Cunning && last->seat == seat &&
        !s.blow.worm_rides.empty() && c.from != s.blow.worm_rides.front()) {
      if (index(c.from) >= kTerritoryCount || territory_info(c.from).type != TerritoryType::Sand) return "the Fremen Cunning rides from a desert territory (seed 000)";
      if (c.to.value < kCellCount && kCells[index(c.to)].territory == c.from) return "the Fremen Cunning rides elsewhere (seed 000)";
    } else if (s.blow.worm_rides.empty() || c.from != s.blow.worm_rides.front()) {
      return "no worm of this blow waits there to be ridden now";
    }
    if (c.to.value >= kCellCount || storm_sector(s, index(c.to))) return "a ride ends out of the storm ([LR] 1.01.04)";
    if (c.to.value >= kMapCellCount) return "no worm ride into the Hidden Mobile Stronghold (E1; our reading, ixians.md Q9)";
    if (c.normal + c.special == ForceCount{0}) return "no force named";
    int normal = 0, special = 0;  // the Fremen out of the storm in the worm's territory
    for (std::size_t cell = 0; cell < kCellCount; ++cell) {
      if (kCells[cell].territory != c.from || storm_sector(s, cell)) continue;
      normal += s.board.normal[cell][index(f)].value;
      special += s.board.special[cell][index(f)].value;
    }
    return c.normal.value <= normal && c.special.value <= special ? "" : "more forces than ride from out of the storm there ([LR] 2.04.08)";
  }
  std::string operator()(const ClaimCharity&) const {
    if (commands_this_turn<ClaimCharity>(s, seat) > 0) return "Charity is claimed once a turn ([LR] 1.03.02)";
    return f == Faction::BeneGesserit || me.spice.value <= 1 ? "" : "Charity is for 0 or 1 spice ([LR] 1.03.01, 2.02.09)";
  }
  std::string operator()(const Bid&) const { return ""; }  // oracle.legal-bidding
  std::string operator()(const ReplaceBoughtCard&) const {
    const auto ixians = s.seat_of(Faction::Ixians);
    if (f == Faction::Ixians || !ixians || ally_seat(s, *ixians) != seat) return "the Ixians' ally alone replaces a card it bought (E1, ixians.md §6)";
    if (s.bidding.lots.empty() || s.bidding.high_bidder != seat) return "on the lot it just bought (ixians.md §6)";
    return "";
  }
  std::string operator()(const ReturnLot& c) const {
    if (f != Faction::Ixians) return "the Ixians alone return a card of the auction row (E1, ixians.md §5)";
    return contains(s.bidding.lots, c.card) ? "" : "the card is not in the row dealt for the auction (ixians.md §5)";
  }
  std::string operator()(const SwapLot& c) const {
    if (f != Faction::Ixians || !s.options.rules.ixians_technology) return "the Ixians alone swap a card for a lot, with the Advanced Technology rule (E1, ixians.md §5)";
    if (s.bidding.technology_used || commands_this_turn<SwapLot>(s, seat) > 0) return "the Technology is used once a Bidding phase (ixians.md §5)";
    if (s.bidding.lots.empty() || s.bidding.opener || s.bidding.high_bidder) return "only as a lot is about to come up, before any bid (ixians.md §5)";
    return contains(me.hand, c.card) ? "" : "the card given is not in the Ixians' hand (ixians.md §5)";
  }
  std::string operator()(const KaramaTakeCard&) const {
    if (!holds_karama(s, seat)) return "no Karama in hand";
    if (s.bidding.lots.empty()) return "no card is up for bid";
    return me.hand.size() < hand_limit(f) ? "" : "not with a full hand ([LR] 3.01.11.04)";
  }
  std::string operator()(const KaramaTakeHand& c) const {
    if (auto w = power_of(Faction::Harkonnen, "[LR] 1.14.04"); !w.empty()) return w;
    if (s.nexus.window || s.bidding.purchase_window) return "not while a Nexus window is open (README: the lot is settled first)";
    return c.target == seat || c.target.value >= s.seat_count() ? "it takes another player's hand ([LR] 1.14.04)" : "";
  }
  std::string operator()(const KaramaGiveCard& c) const {
    if (!s.karama.exchange || s.karama.exchange->harkonnen != seat || s.karama.exchange->owed == 0) return "it owes no card ([LR] 1.14.04)";
    return holds(me, c.card) ? "" : "it gives a card of its own hand";
  }
  // A faction's Karama power: its own, Advanced, a Karama in hand, once a game (1.13.06, 1.14.00).
  std::string power_of(Faction owner, std::string_view rule) const {
    if (auto w = only(owner, rule); !w.empty()) return w;
    if (!s.options.rules.advanced_karama) return "the faction Karama powers are Advanced ([LR] 1.13.06)";
    if (!holds_karama(s, seat)) return "no Karama in hand";
    return karama_power_used(s, seat) ? "the power is once a game ([LR] 1.14.00)" : "";
  }
  std::string operator()(const Revive&) const { return ""; }  // oracle.legal-revival: revive_illegal below
  std::string operator()(const KaramaPreventRevival& c) const {  // one source: [TO] KarmaRevivalPrevention
    const auto t = s.seat_of(c.faction);
    if (!t || *t == seat || commands_this_turn<Revive>(s, *t) > 0 || revival_prevented(s, *t)) return "another faction yet to revive";
    return power_of(Faction::Tleilaxu, "[TO]");
  }
  // The Tleilaxu's early leader revival (docs/rules/tleilaxu.md §4.4): another seated faction's
  // leader in the Tanks, face down too (E1, seed 002), that 1.05.03-04 keep there, before that
  // faction revives; a price it can pay now (the README's stated bound).
  std::string operator()(const OfferLeaderRevival& c) const {
    if (auto w = only(Faction::Tleilaxu, "E1"); !w.empty()) return w;
    if (c.leader.value >= kLeaderCount) return "no such leader";
    const auto owner = leader_owner(s, c.leader);
    const auto t = owner ? s.seat_of(*owner) : std::nullopt;
    if (!t || *t == seat || !in_tanks(s, c.leader)) return "another seated faction's leader in the Tanks";
    if (leader_roster_rule(s, *t, c.leader).empty()) return "that faction may revive it without an offer ([LR] 1.05.03)";
    if (commands_this_turn<Revive>(s, *t) > 0 || revival_prevented(s, *t)) return "before that faction revives";
    return c.price.value >= 0 && c.price <= s.seat(*t).spice ? "" : "a price that faction can pay now";
  }
  std::string operator()(const KaramaRevive& c) const {
    if (auto w = power_of(Faction::Emperor, "[LR] 1.14.02"); !w.empty()) return w;
    if (c.leader && c.normal + c.special > ForceCount{0}) return "three forces or one leader, not both ([LR] 1.14.02)";
    if ((c.normal + c.special).value > 3) return "up to three forces ([LR] 1.14.02)";
    if (c.normal > me.tanks_normal || c.special > me.tanks_special) return "more forces than its Tanks hold";
    // One Sardaukar a turn over every revival, a Nexus card's this turn counting (2.03.11; seed 003).
    if (s.options.rules.special_forces && c.special.value + specials_revived_this_turn(s, seat) > 1) {
      return "one Sardaukar revived a turn, the Nexus and Karama revivals of the turn counting ([LR] 2.03.11; seed 003)";
    }
    // Face down too: 1.05.04 is marked "-1.14.02" (README, Advanced Karama power: Emperor).
    if (c.leader && (leader_owner(s, *c.leader) != f || !in_tanks(s, *c.leader))) return "one of its own leaders in the Tanks";
    return "";
  }
  std::string ship_turn(std::string_view what) const {
    const int made = shipments_this_turn(s, seat);
    // A Bene Gesserit Karama shipment whose worthless card was cancelled is retaken now (2.02.22,
    // 3.04; the retake oracle.karama-cancel holds to the cancel).
    const int worthless = s.step == Step::Shipment && s.karama.retakes_without_worthless == seat ? 1 : 0;
    // The Spacing Guild Nexus card's Cunning: a second shipment after the Guild's action (seed 000).
    const int second = std::count_if(s.nexus.receipts.begin(), s.nexus.receipts.end(), [&](const NexusReceipt& r) {
      return r.card.faction == Faction::SpacingGuild && r.mode == NexusMode::Cunning && r.seat == seat && r.turn == s.turn &&
             r.phase == Phase::ShipmentAndMovement;
    });
    const int allowed = 1 + worthless + second + retakes(s, seat, kShipmentRetakes);
    return made < allowed ? "" : fmt::format("a second shipment this turn ({}; one a turn, [LR] 1.06.02, 2.06.05)", what);
  }
  std::string operator()(const Ship&) const { return ship_turn("ship"); }
  std::string operator()(const CrossShip& c) const {
    if (nexus_richese_shipment(s, seat)) return "the Richese Secret Ally replaced the shipping with a reserve shipment (seed 000)";
    const auto ally = ally_seat(s, seat);
    if (f != Faction::SpacingGuild && !(ally && s.faction_of(*ally) == Faction::SpacingGuild) && !nexus_guild_rates(s, seat)) {
      return "only the Guild, its ally and the Guild card's Secret Ally player cross-ship ([LR] 2.06.05.02, 2.06.10; seed 000)";
    }
    if (c.from.value >= kCellCount || c.to.value >= kCellCount) return "no such sector";
    if (auto why = hms_shut(s, f, c.to); !why.empty()) return std::string(why);
    if (storm_sector(s, index(c.from)) || storm_sector(s, index(c.to))) return "not into or out of the storm ([LR] 1.06.03.04)";
    if (c.normal + c.special == ForceCount{0}) return "no force named";
    if (c.normal.value > s.board.normal[index(c.from)][index(f)].value || c.special.value > s.board.special[index(c.from)][index(f)].value) {
      return "more forces than it has there";
    }
    const TerritoryId to = cell_info(c.to).territory;
    if (is_stronghold(to) && to != cell_info(c.from).territory && other_occupants(s, f, to) >= 2) return "into a stronghold holding two other factions ([LR] 1.06.03.05)";
    return ship_turn("cross-ship");
  }
  std::string operator()(const ShipToReserves& c) const {
    if (nexus_richese_shipment(s, seat)) return "the Richese Secret Ally replaced the shipping with a reserve shipment (seed 000)";
    if (auto w = only(Faction::SpacingGuild, "[LR] 2.06.05.03"); !w.empty() && !nexus_guild_rates(s, seat)) return w;
    if (c.from.value >= kCellCount || storm_sector(s, index(c.from))) return "not out of the storm ([LR] 1.06.03.04)";
    if (c.normal + c.special == ForceCount{0}) return "no force named";
    if (c.normal.value > s.board.normal[index(c.from)][index(f)].value || c.special.value > s.board.special[index(c.from)][index(f)].value) {
      return "more forces than it has there";
    }
    return ship_turn("ship to reserves");
  }
  std::string operator()(const SendSpiritualAdvisor&) const { return only(Faction::BeneGesserit, "[LR] 2.02.05"); }
  std::string operator()(const Move&) const {
    const int made = commands_this_turn<Move>(s, seat);
    const int allowed = 1 + commands_this_turn<PlayHajr>(s, seat) + retakes(s, seat, {KaramaAbility::FremenMovement, KaramaAbility::IxiansCyborgMovement});
    return made < allowed ? "" : fmt::format("move {} this turn, {} allowed ([LR] 1.06.05.01, 3.01.09)", made + 1, allowed);
  }
  std::string operator()(const PlayHajr&) const { return holds_named(me, "Hajr") ? "" : "no Hajr in hand"; }
  std::string operator()(const FlipBeneGesserit& c) const {
    if (auto w = only(Faction::BeneGesserit, "[LR] 2.02.15"); !w.empty()) return w;
    if (!s.options.rules.bene_gesserit_advisors) return "advisors are Advanced ([LR] 2.02.11)";
    if (index(c.territory) >= kTerritoryCount) return "no such territory";
    return territory_forces(s, f, c.territory) > 0 || s.board.advisors[index(c.territory)] ? "" : "no Bene Gesserit there to flip";
  }
  std::string operator()(const GuildActNow&) const {
    if (auto w = only(Faction::SpacingGuild, "[LR] 2.06.12"); !w.empty()) return w;
    return s.options.rules.guild_shipment_timing ? "" : "shipping as it pleases is Advanced ([LR] 2.06.00, 2.06.12)";
  }
  std::string operator()(const PlayTruthtrance& c) const {
    if (!holds_named(me, "Truthtrance")) return "no Truthtrance in hand";
    return c.target == seat || c.target.value >= s.seat_count() ? "it asks another player ([LR] 3.01.22)" : "";
  }
  std::string operator()(const PlayGhola& c) const {
    if (!holds_named(me, "Tleilaxu Ghola")) return "no Tleilaxu Ghola in hand";
    if (c.leader && c.forces > ForceCount{0}) return "a leader or forces, not both ([LR] 3.01.20)";
    if (c.leader) {
      return leader_owner(s, *c.leader) == f && in_tanks(s, *c.leader) ? "" : "one of its own leaders in the Tanks ([LR] 3.01.20)";
    }
    if (c.forces.value < 1 || c.forces.value > 5) return "1 to 5 forces ([LR] 3.01.20)";
    return c.forces.value <= tanks(s, seat) ? "" : "more forces than its Tanks hold";
  }
  std::string operator()(const GiveSpice& c) const {
    if (c.to == seat || c.to.value >= s.seat_count()) return "spice is given to another player";
    if (me.spice.value < 1) return "it has no spice to give";
    const auto ally = ally_seat(s, seat);
    return ally && *ally == c.to && f != Faction::Emperor ? "allies may not give spice to one another ([LR] 1.10.02.04, 2.03.06)" : "";
  }
  std::string operator()(const AllySpice&) const { return ""; }  // a standing grant, 0 to withdraw, at any time
  std::string operator()(const ProtectAllyFromWorms&) const { return only(Faction::Fremen, "[LR] 2.04.10"); }
  std::string operator()(const GrantAllyFreeRevivals&) const { return only(Faction::Fremen, "[LR] 2.04.11"); }
  std::string operator()(const RaiseRevivalLimit& c) const { return raise_limit_rule(s, seat, c); }
  std::string operator()(const ChooseBattle& c) const {
    if (index(c.territory) >= kTerritoryCount || c.territory == TerritoryId::PolarSink) return "no battle in the Polar Sink ([LR] 1.07.01.03)";
    if (c.opponent == f || !in_game(s, c.opponent)) return "a battle is against another faction";
    if (territory_forces(s, f, c.territory) == 0 || territory_forces(s, c.opponent, c.territory) == 0) {
      return "both sides have forces in the territory of a battle ([LR] 1.07.01)";
    }
    return "";
  }
  std::string operator()(const UseVoice&) const {
    if (secret_ally_voice_owed()) return s.battle.voice ? "the Voice is used once a battle" : "";
    if (auto w = only(Faction::BeneGesserit, "[LR] 2.02.06"); !w.empty()) return w;
    if (!ability_side_of(s, seat)) return "the Voice is used in its own or its ally's battle ([LR] 2.02.06-07)";
    return s.battle.voice ? "the Voice is used once a battle" : "";
  }
  std::string operator()(const UsePrescience&) const {
    if (auto w = only(Faction::Atreides, "[LR] 2.01.08"); !w.empty()) return w;
    if (!ability_side_of(s, seat)) return "Prescience is used in its own or its ally's battle ([LR] 2.01.08-09)";
    return s.battle.prescience ? "Prescience is used once a battle" : "";
  }
  std::string operator()(const PlanBattle& c) const {
    if (!side_of(s, seat)) return "it fights no battle";
    return plan_rule(s, seat, c, voice_binding());
  }
  // The Voice that binds this seat's plan: the Bene Gesserit's, in their battle or their ally's
  // ([LR] 2.02.06-07), or, the Bene Gesserit absent, the one the Secret Ally player of this battle
  // used (seed 000), read from the log; never one's own side's.
  std::optional<UseVoice> voice_binding() const {
    const auto mine = side_of(s, seat);
    if (!s.battle.voice || !mine) return std::nullopt;
    std::optional<std::size_t> from;
    if (const auto bg = s.seat_of(Faction::BeneGesserit)) {
      from = ability_side_of(s, *bg);
    } else if (const auto voicer = secret_ally_voicer()) {
      from = side_of(s, *voicer);
    }
    if (!from || *from == *mine) return std::nullopt;
    return s.battle.voice;
  }
  std::string operator()(const DialBattle& c) const {
    const auto side = side_of(s, seat);
    if (!side) return "it fights no battle";
    const auto [normal, special] = battle_forces(s, seat);
    if (c.dial_halves < 0 || c.support.value < 0) return "a negative dial or support";
    const bool ixians = f == Faction::Ixians;  // a Suboid ½, never supported; a Cyborg 2 (docs/rules/ixians.md §3)
    const bool half_suboids = ixians && normal > 0 && !suboids_at_full_strength(s);  // 1 after the Ixians Cunning (seed 000)
    if (!s.options.rules.advanced_combat) {
      if (c.dial_halves % 2 != 0 && !half_suboids) return "Basic dials are whole numbers ([LR] 1.07.04.02), but for Suboids' halves";
      if (c.support != Spice{0}) return "spice support is Advanced ([LR] 1.13.04)";
    } else {
      if (c.support.value > (ixians ? special : normal + special)) return "support is 1 spice per force there that needs it, at most ([LR] 1.13.04)";
      if (c.support.value > spendable(s, seat)) return "more support than the spice it may spend";
    }
    const int most = most_dial_halves(*side, normal, special, c.support.value);
    return c.dial_halves <= most ? "" : fmt::format("it dials {} halves, at most {} with its forces there and {} support ([LR] 1.07.04.02, 1.13.04)",
                                                    c.dial_halves, most, c.support.value);
  }
  // The most a side may dial, in halves: each force at its strength ([LR] 1.07.04.02), a Fedaykin
  // or Sardaukar 2, a Sardaukar 1 against the Fremen (2.03.08-09, 2.04.18); in Advanced combat a
  // force not supported by 1 spice at half (1.13.04), the Fremen always at full (2.04.21), the
  // support going to the strongest forces.
  int most_dial_halves(std::size_t side, int normal, int special, int support) const {
    if (f == Faction::Ixians) {  // Suboids 1 half (2 after the Ixians Cunning), Cyborgs 4 (2 after a Karama against the
                                 // bonus, ixians.md §7.2), half of it unsupported in Advanced combat
      const int cyborg = cyborgs_plain(s) ? 2 : 4;
      const int unsupported = s.options.rules.advanced_combat ? std::max(0, special - support) : 0;
      return (suboids_at_full_strength(s) ? 2 : 1) * normal + cyborg * special - cyborg / 2 * unsupported;
    }
    const Seat opponent = s.battle.combatants[1 - side];
    // A Sardaukar whose advantage an Emperor Betrayal prevents counts as an ordinary force (seed 003).
    const int special_full = sardaukar_plain(s, f, s.faction_of(opponent)) ? 2 : 4;
    if (!s.options.rules.advanced_combat || f == Faction::Fremen) return 2 * normal + special_full * special;
    const int specials_supported = std::min(support, special);
    const int normals_supported = std::min(support - specials_supported, normal);
    return 2 * normal + special_full * special - (normal - normals_supported) - (special - specials_supported) * special_full / 2;
  }
  std::string operator()(const CallTraitor&) const {
    if (f == Faction::Tleilaxu) return "the Tleilaxu hold Face Dancers, never traitors (fact sheet §4.3)";
    // In one's own battle, or the Harkonnen in their ally's (1.07.06.07, 2.05.09).
    const auto side = f == Faction::Harkonnen ? ability_side_of(s, seat) : side_of(s, seat);
    if (!side) return "a traitor is called in one's own battle ([LR] 1.07.06.07, 2.05.09)";
    const auto& plan = s.battle.plans[1 - *side];
    // E1's Cheap Hero traitor card betrays a Cheap Hero (fact sheet §4.3): with it in the game only.
    const bool cheap = plan && !plan->leader && plan->cheap_hero && s.options.cards.cheap_hero_traitor;
    if (!plan || (!plan->leader && !cheap)) return "the opponent played no leader";
    const TraitorCardId card = cheap ? kCheapHeroTraitor : TraitorCardId{static_cast<std::uint8_t>(plan->leader->value)};
    return std::find(me.traitors.begin(), me.traitors.end(), card) != me.traitors.end() ? "" : "the opponent's leader is not its traitor ([LR] 1.07.06.07)";
  }
  std::string operator()(const CancelPoisonTooth&) const {
    const auto side = side_of(s, seat);
    if (s.battle.stage != BattleStage::PoisonTooth || !side || s.battle.poison_tooth_side != *side) return "only when asked whether its Poison Tooth strikes";
    const auto& plan = s.battle.plans[*side];
    return plan && plan->weapon && card_type(*plan->weapon).name == "Poison Tooth" ? "" : "it played no Poison Tooth (fact sheet §4.2)";
  }
  std::string operator()(const CaptureLeader& c) const {
    if (auto w = only(Faction::Harkonnen, "[LR] 2.05.10"); !w.empty()) return w;
    if (!s.options.rules.harkonnen_capture) return "capturing leaders is Advanced ([LR] 2.05.00)";
    // The battle is won: the loser, its opponent, is the one whose leader may be taken.
    const auto side = side_of(s, seat);
    if (!side || !s.battle.capture_from || s.battle.combatants[1 - *side] != *s.battle.capture_from) {
      return "only the winner of the battle captures ([LR] 2.05.10.01)";
    }
    return s.battle.capture_leader == c.leader ? "" : "not the leader drawn at random ([LR] 2.05.10.01)";
  }
  std::string operator()(const RevealFaceDancer& c) const { return face_dancer_reveal_rule(s, seat, c); }
  std::string operator()(const ReplaceFaceDancer& c) const { return face_dancer_replacement_rule(s, seat, c, commands_this_turn<ReplaceFaceDancer>(s, seat)); }
  std::string operator()(const TakeLosses& c) const {
    if (s.battle.winner != seat) return "only the winner chooses its losses ([LR] 1.07.06.06)";
    const auto [normal, special] = battle_forces(s, seat);
    return c.normal.value <= normal && c.special.value <= special ? "" : "more losses than forces there";
  }
  std::string operator()(const DiscardPlayed& c) const {
    if (s.battle.winner != seat) return "only the winner keeps or discards ([LR] 1.07.06.06)";
    const auto side = side_of(s, seat);
    if (!side || !s.battle.plans[*side]) return "it played no plan";
    const PlanBattle& p = *s.battle.plans[*side];
    if ((c.weapon && !p.weapon) || (c.defense && !p.defense) || (c.cheap_hero && !p.cheap_hero)) return "it discards a card it did not play";
    return "";
  }
  // E1 tech tokens (docs/rules/tech-tokens-and-amal.md §1.4): the winner, one token the loser
  // holds, once a battle (no take since this battle's last plan part).
  std::string operator()(const TakeTechToken& c) const {
    if (!s.options.cards.e1_tech_tokens) return "no tech tokens in this game";
    const auto side = side_of(s, seat);
    if (s.battle.winner != seat || !side) return "only the winner of a battle takes a tech token (§1.4)";
    if (s.tech.holder[static_cast<std::size_t>(c.token)] != s.battle.combatants[1 - *side]) return "the loser does not hold that tech token";
    const Envelope* last = last_command(s, [](const Envelope& e) {
      return std::holds_alternative<TakeTechToken>(e.command) || std::holds_alternative<PlanBattle>(e.command) ||
             std::holds_alternative<DialBattle>(e.command);
    });
    return last && std::holds_alternative<TakeTechToken>(last->command) ? "one tech token a battle (§1.4)" : "";
  }
  std::string operator()(const DrawNexus&) const {
    if (s.options.nexus == NexusModuleMode::Off) return "no Nexus module in this game";
    return allied(s, f) ? "only an unallied player draws (seed 000, item 3)" : "";
  }
  std::string operator()(const SetRedrawPolicy&) const {
    return s.options.nexus == NexusModuleMode::Off ? "no Nexus module in this game" : "";
  }
  std::string operator()(const PlayNexus& c) const {
    if (s.options.nexus == NexusModuleMode::Off) return "no Nexus module in this game";
    return s.nexus.held[seat.value] == c.card ? "" : "it does not hold that Nexus card (seed 000, item 7)";
  }
  // Only the seat drawing and shuffling back, once its draws are done, and a traitor it holds.
  std::string operator()(const ReturnTraitor& c) const {
    const auto& x = s.nexus.traitor_exchange;
    if (!x || x->seat != seat) return "no Nexus traitor exchange of its own is under way (seed 000, Harkonnen row)";
    if (x->draws > 0) return "it shuffles back after drawing (seed 000: draw first, then return)";
    if (x->returns == 0) return "it owes no Traitor Card";
    const bool face_up = std::find(me.revealed_dancers.begin(), me.revealed_dancers.end(), c.card) != me.revealed_dancers.end();  // seed 002
    return std::find(me.traitors.begin(), me.traitors.end(), c.card) == me.traitors.end() ? "it does not hold that Traitor Card" : face_up ? "a revealed Face Dancer stays face up" : "";
  }
  std::string operator()(const ArmKarama& c) const {
    if (!c.ability) return "";
    const Faction owner = karama_ability_owner(*c.ability);
    if (*c.ability == KaramaAbility::OffPlanetShipment) {
      if (!s.options.rules.advanced_karama) return "the faction Karama powers are Advanced ([LR] 1.13.06)";
      return only(Faction::SpacingGuild, "[LR] 1.14.05");
    }
    if (owner == f) return "a Karama cancels another player's ability ([LR] 3.01.11.01)";
    if (!karama_ability_in_game(s.options, *c.ability)) return "an ability of an Advanced rule or a reading this game leaves out";
    return in_game(s, owner) ? "" : "that faction is not in the game";
  }
  std::string operator()(const KaramaWorm& c) const {
    if (auto w = power_of(Faction::Fremen, "[LR] 1.14.03"); !w.empty()) return w;
    if (s.turn <= 1) return "after turn 1 ([LR] 1.14.03)";
    if (index(c.territory) >= kTerritoryCount || territory_info(c.territory).type != TerritoryType::Sand) return "a sand territory ([LR] 1.14.03)";
    return "";
  }
  std::string operator()(const KaramaSeePlan&) const {
    if (auto w = power_of(Faction::Atreides, "[LR] 1.14.01"); !w.empty()) return w;
    return side_of(s, seat) ? "" : "in its own battle (README, Advanced Karama power: Atreides)";
  }
};

}  // namespace

int shipments_this_turn(const GameState& s, Seat seat) { return commands_this_turn<Ship, CrossShip, ShipToReserves>(s, seat); }

// E1's Amal (fact sheet §4.2: "at the start of any phase"; README rules status): a phase began in
// this step without the window in which a holder could play it, while by public facts it could be
// held: the set dealt, no Amal face up in the discard, and some seat holding cards, before and
// after the step (a hand emptied within the step leaves it undecided). The window opening is no
// beginning: the phase it starts begins when it closes.
std::string amal_window_skipped(const Transition& t) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!b.options.cards.e1_amal || b.step == Step::AmalWindow || !a.halted.empty()) return "";
  const bool begun = (a.phase != b.phase || a.turn != b.turn) && !(a.step == Step::AmalWindow && a.phase == b.phase);
  if (!begun) return "";
  const auto could_be_held = [](const GameState& s) {
    const bool face_up = std::any_of(s.treachery.discard.begin(), s.treachery.discard.end(),
                                     [](TreacheryCardId c) { return card_type(c).name == "Amal"; });
    return !face_up && std::any_of(s.seats.begin(), s.seats.end(), [](const SeatState& x) { return !x.hand.empty(); });
  };
  if (!could_be_held(b) || !could_be_held(a)) return "";
  return fmt::format("{} began without the Amal window its start owes every seat holding cards (fact sheet §4.2)", to_string(a.phase));
}

Violations legal_command(const Transition& t, const GameContext&) {
  if (std::string why = amal_window_skipped(t); !why.empty()) return decided(kLegalCommand, {violation(kLegalCommand, why)});
  const Envelope* e = envelope_of(t);
  if (!e || !owns_step(t)) return {};
  const GameState& s = t.before;
  if (e->seat.value >= s.seat_count()) return decided(kLegalCommand, {violation(kLegalCommand, "a command from no seat of the game")});
  StepMask when = std::visit([](const auto& c) { return kWhen<std::decay_t<decltype(c)>>; }, e->command);
  // At any time: the Harkonnen Cunning (seed 000), the Ecaz Secret Ally (no phase, README), the Tleilaxu Cunning (seed 002).
  if (const auto* p = std::get_if<PlayNexus>(&e->command); p && ((p->card.faction == Faction::Harkonnen && p->mode == NexusMode::Cunning) ||
                                                                 (p->card.faction == Faction::Tleilaxu && p->mode == NexusMode::Cunning) ||
                                                                 (p->card.faction == Faction::Ecaz && p->mode == NexusMode::SecretAlly))) {
    when = kAnyLive;
  }
  std::string why;
  if (!when.contains(s.step)) {
    why = fmt::format("not at {} ([LR]: see the rule of the kind in invariants/oracles_legality_rules.cpp)", to_string(s.step));
  } else {
    why = std::visit(Rules{s, e->seat, s.faction_of(e->seat), s.seat(e->seat)}, e->command);
  }
  if (why.empty()) return decided(kLegalCommand);
  return decided(kLegalCommand, {violation(kLegalCommand, fmt::format("{} was allowed the illegal {}: {}", name_of(s, e->seat), to_string(e->command), why))});
}

}  // namespace dune::invariants::oracle_detail

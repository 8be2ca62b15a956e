// Spice Blow and Nexus (fact sheet §3.1, §3.2, §3.4; [LR] 1.02, 1.10, 1.13.02–03, 2.04.07–08,
// 2.04.15). Pile A, then pile B with the double spice blow. Each card is one chance step; a
// Shai-Hulud after turn 1 devours and leads to a Nexus held before the next pile (or the end).
#include <algorithm>

#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/shipment_movement.h"
#include "model/cards.h"

namespace dune {
namespace {

void draw(GameState& state);
void finish_blow(GameState& state);

// ---- shared facts -----------------------------------------------------------------------------

// Advanced only: the Fremen place the later worms of a blow ([LR] 2.04.15). Riding a worm is a
// Basic ability ([LR] 2.04.00 keeps 2.04.01-2.04.12 in Basic, 2.04.08 among them).
bool fremen_send_worms(const GameState& state) {
  return state.options.rules.fremen_worm_sending && in_play(state, Faction::Fremen);
}

bool is_territory_card(SpiceCardId id) { return spice_card_info(id).kind == SpiceCardKind::Territory; }

// The territory of the topmost territory card of a discard pile ([LR] 1.02.05), if any.
std::optional<TerritoryId> topmost_territory(const std::vector<SpiceCardId>& pile) {
  for (auto it = pile.rbegin(); it != pile.rend(); ++it) {
    if (is_territory_card(*it)) return spice_card_info(*it).territory;
  }
  return std::nullopt;
}

// Fremen forces in a territory outside the storm: the ones that may ride ([LR] 2.04.08, "as long
// as they are not in Storm").
struct Riders {
  ForceCount normal;
  ForceCount special;
};
Riders riders(const GameState& state, TerritoryId t) {
  Riders n{};
  if (!in_play(state, Faction::Fremen)) return n;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory == t && !cell_in_storm(state, cell_at(c))) {
      n.normal += state.board.normal[c][index(Faction::Fremen)];
      n.special += state.board.special[c][index(Faction::Fremen)];
    }
  }
  return n;
}

// ---- alliances (the single place they are created) ---------------------------------------------

// The only alliance producer: every accepted alliance goes through on_alliance_formed (nexus.cpp),
// which discards both partners' held Nexus cards in the same transaction (seed 000, item 6).
// tests/nexus checks that no other code adds to state.alliances.
void form_alliance(GameState& state, Faction a, Faction b) {
  state.alliances.push_back(Alliance{a, b});
  state.seat(*state.seat_of(a)).ally = b;
  state.seat(*state.seat_of(b)).ally = a;
  on_alliance_formed(state, a, b);
}

void break_alliance(GameState& state, Faction f) {
  const std::optional<Faction> partner = ally_of(state, f);
  std::erase_if(state.alliances, [&](const Alliance& a) { return a.a == f || a.b == f; });
  state.seat(*state.seat_of(f)).ally.reset();
  if (partner) state.seat(*state.seat_of(*partner)).ally.reset();
}

// ---- the blow ---------------------------------------------------------------------------------

// A territory card: its amount from the bank to its blow cell unless that cell is in storm
// ([LR] 1.02.04).
bool blow_spice(GameState& state, TerritoryId t) {
  const SpiceBlowSite* site = blow_site(t);
  if (site == nullptr || (cell_in_storm(state, site->cell) && !mutant_active(Mutant::SpiceBlowIntoStorm))) return false;
  state.bank -= site->amount;
  state.board.spice[index(site->cell)] += site->amount;
  return true;
}

// The Fremen ally is spared when the Fremen chose to protect it ([LR] 2.04.10; the public standing
// choice ProtectAllyFromWorms, read when the worm devours).
bool spared_by_worm(const GameState& state, Faction f) {
  if (f == Faction::Fremen) return !mutant_active(Mutant::WormEatsFremen);  // [LR] 2.04.07
  const auto fremen = state.seat_of(Faction::Fremen);
  return fremen && ally_of(state, Faction::Fremen) == f && state.seat(*fremen).protects_ally_from_worms;
}

// Shai-Hulud: all spice to the bank and all forces but the Fremen's (and a protected Fremen
// ally's) to the Tanks ([LR] 1.02.05, 2.04.07, 2.04.10).
// A Karama cancels the worm's sparing of the Fremen ([LR] 2.04.07 ✷) or of their protected ally
// (2.04.10 ✷), asked as the worm appears where they have forces: they are devoured as printed
// (1.02.05). The Fremen are the user of both (the ally's protection is their decision).
bool spared_here(GameState& state, Faction f, TerritoryId t) {
  if (!spared_by_worm(state, f) || forces_in_territory(state, f, t) == ForceCount{0}) return spared_by_worm(state, f);
  const bool fremen = f == Faction::Fremen;
  const KaramaAbility ability = fremen ? KaramaAbility::FremenShaiHulud : KaramaAbility::FremenAllyWormProtection;
  const Mutant stands = fremen ? Mutant::KaramaCancelShaiHuludStands : Mutant::KaramaCancelAllyProtectionStands;
  return !karama_cancels(state, *state.seat_of(Faction::Fremen), ability) || mutant_active(stands);
}

// The seats the Fremen Secret Ally protects from this worm (seed 000, Fremen row).
bool protected_by_nexus(const GameState& state, Faction f) {
  return state.blow.worm_protected[state.seat_of(f)->value] && !mutant_active(Mutant::NexusWormProtectionIgnored);
}

bool without_forces(const GameState& state, TerritoryId t) {
  return std::none_of(state.options.factions.begin(), state.options.factions.end(),
                      [&](Faction f) { return forces_in_territory(state, f, t) > ForceCount{0}; });
}

void devour(GameState& state, TerritoryId t) {
  state.blow.worm_rides.push_back(t);  // each worm may be ridden after the Nexus ([LR] 2.04.08)
  // A public fact the Fremen Nexus card's Cunning reads (seed 000): the worm found no forces.
  if (state.nexus.enabled && (without_forces(state, t) || mutant_active(Mutant::NexusFullWormCountedEmpty))) {
    state.blow.empty_worms.push_back(t);
  }
  std::array<bool, kFactionCount> spared{};
  for (Faction f : state.options.factions) spared[index(f)] = spared_here(state, f, t) || protected_by_nexus(state, f);
  for (std::size_t i = 0; i < kCellCount; ++i) {
    if (kCells[i].territory != t) continue;
    const CellId c = cell_at(i);
    if (!mutant_active(Mutant::WormSpiceVanishes)) state.bank += state.board.spice[i];
    state.board.spice[i] = Spice{0};
    for (Faction f : state.options.factions) {
      if (spared[index(f)] || mutant_active(Mutant::WormSparesForces)) continue;
      destroy_forces(state, f, c, state.board.normal[i][index(f)], state.board.special[i][index(f)]);
    }
  }
}

// The waiting worm devours, and the blow draws on ("keep drawing", [LR] 1.02.05).
void worm_devours(GameState& state) {
  devour(state, *state.blow.worm_waiting);
  state.blow.worm_waiting.reset();
  state.blow.worm_protected = {};
  draw(state);
}

// A worm appears in t. A Nexus window may come first (the Fremen Secret Ally protects forces
// there, seed 000: engine/nexus/fremen.cpp); it devours when the window closes.
void worm_appears(GameState& state, TerritoryId t) {
  state.blow.worm_waiting = t;
  nexus_hook(state, NexusHook::WormAppears);
  if (!state.nexus.window) worm_devours(state);
}

// The worm appears where the topmost territory card of its pile lies; none: it devours nothing,
// and the blow draws on.
void worm_at_topmost(GameState& state) {
  const auto t = topmost_territory(state.blow.discard[state.blow.pile]);
  if (t) {
    worm_appears(state, *t);
  } else {
    draw(state);
  }
}

// Deck exhaustion, [LR] 1.13.03 (our choice of the printed reshuffle): every card under the
// topmost territory card of pile A, and all of pile B, go back; the topmost territory card of A
// (and any worm above it) stays so that a worm still finds its territory. The remainder is
// unordered, so the shuffle itself needs no chance step.
void reshuffle_discards(GameState& state) {
  const auto& a = state.blow.discard[0];
  auto top = std::find_if(a.rbegin(), a.rend(), is_territory_card);
  const auto keep_from = top == a.rend() ? a.end() : std::prev(top.base());
  const std::vector<SpiceCardId> under(a.begin(), keep_from);
  for (SpiceCardId id : under) transfer(state.blow.discard[0], state.blow.deck, id);
  transfer_all(state.blow.discard[1], state.blow.deck);
}

// ---- E1's Thumper and Harvester (card set e1_harvester_thumper; README rules status) -------------

// Each is a public window like the storm card window: every seat holding cards when it opens is
// asked, so being asked tells nobody who holds the card. There is one card of each in the deck,
// so a play closes its window. Returns false when no seat holds a card: nothing to ask.
bool open_card_window(GameState& state, Step step) {
  const bool any = ask_card_holders(state, state.blow.card_window_done);
  if (any) state.step = step;
  return any;
}

// "At the start of Spice Blow, a worm instead of revealing a card" (fact sheet §4.2): asked once a
// phase, before pile A's first reveal (after the Fremen's Karama worm, if they placed one: both
// are "at the start", our order). Not on turn 1, whose worms are ignored ([LR] 1.02.02; [TO] offers
// the Thumper only after turn 1).
bool thumper_window_due(const GameState& state) {
  return state.options.cards.e1_harvester_thumper && (state.turn > 1 || mutant_active(Mutant::ThumperOnTurnOne)) && state.blow.pile == 0 && !state.blow.thumper_window_held;
}

// A Shai-Hulud of the current pile ([LR] 1.02.05-06): a Nexus follows the blow, the Advanced
// Fremen place every worm after the blow's first (2.04.15), else it appears where the topmost
// territory card of the pile lies. A revealed card and the Thumper's worm alike.
void shai_hulud(GameState& state) {
  state.blow.nexus_pending = true;
  state.blow.worms_in_blow += 1;
  if (fremen_send_worms(state) && state.blow.worms_in_blow > 1) {
    state.step = Step::WormPlacement;
    return;
  }
  worm_at_topmost(state);
}

void draw(GameState& state) {
  if (thumper_window_due(state)) {
    state.blow.thumper_window_held = true;
    if (open_card_window(state, Step::ThumperWindow)) return;
  }
  state.step = Step::SpiceBlow;
  if (state.blow.deck.empty()) reshuffle_discards(state);
  if (state.blow.deck.empty()) {
    halt(state, "the spice deck and its discards are empty: no card can be revealed ([LR] 1.13.03)");
    return;
  }
  request_chance(state, PendingChance{ChanceKind::SpiceDraw, Seat{}, state.blow.pile});
}

void reset_pile(GameState& state, std::uint8_t pile) {
  state.blow.pile = pile;
  if (pile == 1 && mutant_active(Mutant::NexusBlowBErases)) state.blow.nexus_occurred = false;
  state.blow.nexus_pending = false;
  state.blow.worms_in_blow = 0;
  state.blow.worm_rides.clear();
  state.blow.empty_worms.clear();
}

void begin_pile(GameState& state, std::uint8_t pile) {
  reset_pile(state, pile);
  draw(state);
}

// Turn-1 worms go back into the deck after the phase; the deck is reshuffled ([LR] 1.02.02).
void finish_phase(GameState& state) {
  state.blow.empty_worms.clear();
  if (!state.blow.set_aside.empty()) {
    state.blow.deck.shuffle();
    transfer_all(state.blow.set_aside, state.blow.deck);
  }
  state.blow.proposals.clear();
  state.blow.nexus_done = {};
  if (open_nexus_draw(state)) return;  // the Nexus card module ends the phase after the draws
  end_phase(state);
}

void next_pile(GameState& state) {
  if (state.blow.pile == 0 && state.options.rules.double_spice_blow) {
    if (mutant_active(Mutant::NexusDrawAfterBlowA) && open_nexus_draw(state)) return;
    begin_pile(state, 1);  // [LR] 1.13.02.03
    return;
  }
  finish_phase(state);
}

// ---- the Nexus ([LR] 1.10.01) ---------------------------------------------------------------------

void begin_nexus(GameState& state) {
  state.step = Step::NexusNegotiation;
  state.blow.nexus_occurred = true;  // phase-level: pile B never clears it
  state.blow.nexus_done = {};
  state.blow.proposals.clear();
}

// Upon conclusion of the Nexus the Fremen may ride each worm of the blow in turn, as long as they
// have forces out of the storm where it appeared ("If Shai-Hulud appears again and you still have
// Forces in the original Territory, you may do this again", [LR] 2.04.08); then the next pile.
// The Fremen Nexus card (seed 000, engine/nexus/fremen.cpp): its Betrayal suppresses riding for
// the turn (its receipt binds); its Cunning lets a worm that found no forces carry a group of one
// sand territory elsewhere, so such a worm is offered whenever the Fremen hold *a* Nexus card
// (public; which card stays private) and have a group out of the storm in a sand territory.
bool rides_suppressed(const GameState& state) {
  return nexus_effect_binds(state, Faction::Fremen, NexusMode::Betrayal, Phase::SpiceBlowAndNexus) &&
         !mutant_active(Mutant::NexusRideSuppressionIgnored);
}

bool has_riders(const GameState& state, TerritoryId t) {
  const Riders r = riders(state, t);
  return r.normal + r.special > ForceCount{0};
}

bool cunning_ride_possible(const GameState& state, TerritoryId worm) {
  const auto fremen = state.seat_of(Faction::Fremen);
  const auto& empty = state.blow.empty_worms;
  if (!fremen || !holds_nexus_card(state, *fremen) || std::find(empty.begin(), empty.end(), worm) == empty.end()) return false;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId t = territory_at(i);
    if (t != worm && territory_info(t).type == TerritoryType::Sand && has_riders(state, t)) return true;
  }
  return false;
}

void offer_next_ride(GameState& state) {
  auto& rides = state.blow.worm_rides;
  if (rides_suppressed(state)) rides.clear();
  while (!rides.empty()) {
    if (has_riders(state, rides.front()) || cunning_ride_possible(state, rides.front())) {
      state.step = Step::WormRide;
      state.blow.cunning_ride = false;
      nexus_hook(state, NexusHook::WormRideOffered);  // a Betrayal window may come first
      return;
    }
    rides.erase(rides.begin());
  }
  next_pile(state);
}

void end_nexus(GameState& state) {
  state.blow.proposals.clear();
  state.blow.nexus_pending = false;
  offer_next_ride(state);
}

void finish_blow(GameState& state) {
  if (state.blow.nexus_pending) {
    begin_nexus(state);
    return;
  }
  next_pile(state);
}

bool nexus_over(const GameState& state) {
  for (Seat s : all_seats(state)) {
    if (!state.blow.nexus_done[s.value]) return false;
  }
  return true;
}

bool proposed(const GameState& state, Faction proposer, Faction invitee) {
  const auto& p = state.blow.proposals;
  return std::find(p.begin(), p.end(), std::pair{proposer, invitee}) != p.end();
}

std::optional<Rejection> validate_nexus(const GameState& state, Seat seat, const Command& c) {
  const Faction me = state.faction_of(seat);
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* p = std::get_if<ProposeAlliance>(&c)) {
    if (p->with == me || !in_play(state, p->with)) {
      return reject(RejectCode::IllegalChoice, "an alliance needs another faction in the game ([LR] 1.10.01.02)");
    }
    if (ally_of(state, me)) {
      return reject(RejectCode::IllegalChoice, "{} is already allied: at most two players per alliance ([LR] 1.10.01.04)",
                    to_string(me));
    }
    if (ally_of(state, p->with)) {
      return reject(RejectCode::IllegalChoice, "{} is already allied with {}: at most two players per alliance ([LR] 1.10.01.04)",
                    to_string(p->with), to_string(*ally_of(state, p->with)));
    }
    if (state.blow.nexus_done[state.seat_of(p->with)->value]) {
      return reject(RejectCode::IllegalChoice, "{} has already acted in this Nexus ([LR] 1.10.01.02)", to_string(p->with));
    }
    return std::nullopt;
  }
  if (const auto* a = std::get_if<AcceptAlliance>(&c)) {
    if (!in_play(state, a->proposer) || !proposed(state, a->proposer, me)) {
      return reject(RejectCode::IllegalChoice, "{} has no alliance proposal from {} ([LR] 1.10.01.02)", to_string(me),
                    to_string(a->proposer));
    }
    if (ally_of(state, me) || ally_of(state, a->proposer)) {
      return reject(RejectCode::IllegalChoice, "at most two players per alliance ([LR] 1.10.01.04)");
    }
    return std::nullopt;
  }
  if (std::holds_alternative<BreakAlliance>(c)) {
    if (!ally_of(state, me)) {
      return reject(RejectCode::IllegalChoice, "{} has no alliance to break ([LR] 1.10.01.06)", to_string(me));
    }
    return std::nullopt;
  }
  return reject(RejectCode::WrongPhase, "during the Nexus a player may propose, accept or break an alliance, or pass");
}

// Breaking is not a player's chance to ally: [LR] 1.10.01.02 "A player may ally once per Nexus"
// and 1.10.01.06 "Any player may break an Alliance during a Nexus", so a seat that breaks stays
// awaited and may then propose, accept or pass (having no ally, it cannot break again). Proposing,
// accepting and passing use its Nexus.
void apply_nexus(GameState& state, Seat seat, const Command& c) {
  const Faction me = state.faction_of(seat);
  if (!std::holds_alternative<BreakAlliance>(c)) state.blow.nexus_done[seat.value] = true;
  if (const auto* p = std::get_if<ProposeAlliance>(&c)) {
    state.blow.proposals.emplace_back(me, p->with);
  } else if (const auto* a = std::get_if<AcceptAlliance>(&c)) {
    form_alliance(state, a->proposer, me);
    // Both partners are done; proposals from or to either of them lapse.
    state.blow.nexus_done[state.seat_of(a->proposer)->value] = true;
    std::erase_if(state.blow.proposals, [&](const auto& pr) {
      return pr.first == me || pr.second == me || pr.first == a->proposer || pr.second == a->proposer;
    });
  } else if (std::holds_alternative<BreakAlliance>(c)) {
    break_alliance(state, me);
  }
  if (nexus_over(state)) end_nexus(state);  // proposals to seats that passed simply lapse
}

std::vector<Command> nexus_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out{Pass{}, BreakAlliance{}};
  for (Faction f : state.options.factions) out.push_back(ProposeAlliance{f});
  for (const auto& [proposer, invitee] : state.blow.proposals) {
    if (invitee == state.faction_of(seat)) out.push_back(AcceptAlliance{proposer});
  }
  return out;
}

// ---- the Fremen Karama worm (Advanced Karama, [LR] 1.14.03) -----------------------------------------

// "During Spice Blow and Nexus Phase [1.02], after turn 1 you may use a Karama Card to Place your
// sandworm token in any sand Territory that you wish. This is treated as a normal sandworm and will
// cause a nexus as described in Spice Blow Nexus [1.02.06]" ([LR] 1.14.03; 1.02.01, revealing the
// blow, is marked +1.14.03). Our reading of when: a decision of the Fremen as each such phase opens,
// before pile A's first card. It is offered on public facts alone (the rule, the turn, the power
// unused), whether or not the Fremen hold a Karama, so being awaited here tells nobody whether they
// hold one (as the Emperor's Revival decision, 1.14.02).
bool karama_worm_offered(const GameState& state) {
  return state.options.rules.advanced_karama && in_play(state, Faction::Fremen) && state.turn > 1 &&
         !karama_power_used(state, Faction::Fremen);
}

std::optional<Rejection> validate_karama_worm(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  const auto* w = std::get_if<KaramaWorm>(&c);
  if (!w) return reject(RejectCode::WrongPhase, "the Fremen may place their sandworm by Karama ([LR] 1.14.03), or pass");
  if (!karama_card(state, seat)) return reject(RejectCode::IllegalChoice, "the Fremen hold no Karama card to play ([LR] 1.14.03)");
  if (index(w->territory) >= kTerritoryCount) return reject(RejectCode::IllegalChoice, "no such territory");
  if (territory_info(w->territory).type != TerritoryType::Sand) {
    return reject(RejectCode::IllegalChoice, "{} is not a sand territory ([LR] 1.14.03)", to_string(w->territory));
  }
  return std::nullopt;
}

// The worm devours through the one worm path (devour: the Fremen and a protected ally spared, 2.04.07,
// 2.04.10; ridden after the Nexus, 2.04.08). It is the blow's first worm, so a later Shai-Hulud of
// pile A is the Fremen's to place in Advanced games (2.04.15), and it leads to the Nexus held after
// pile A (1.02.06). Then the blow goes on as printed.
void apply_karama_worm(GameState& state, Seat seat, const Command& c) {
  reset_pile(state, 0);
  if (const auto* w = std::get_if<KaramaWorm>(&c)) {
    use_karama_power(state, seat, KaramaPower::FremenWorm, std::nullopt);
    state.blow.nexus_pending = !mutant_active(Mutant::KaramaWormWithoutNexus);
    state.blow.worms_in_blow = 1;
    worm_appears(state, w->territory);
    return;
  }
  draw(state);
}

// ---- Fremen worms: placing the later ones (Advanced, [LR] 2.04.15), riding (Basic, 2.04.08) -------

std::optional<Rejection> validate_worm_placement(const GameState&, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;  // the worm appears as printed
  const auto* w = std::get_if<PlaceWorm>(&c);
  if (!w) return reject(RejectCode::WrongPhase, "the Fremen must place the worm in a sand territory, or pass");
  if (index(w->territory) >= kTerritoryCount) return reject(RejectCode::IllegalChoice, "no such territory");
  if (territory_info(w->territory).type != TerritoryType::Sand) {
    return reject(RejectCode::IllegalChoice, "{} is not a sand territory ([LR] 2.04.15)", to_string(w->territory));
  }
  return std::nullopt;
}

// [LR] 2.04.15 ✷, 3.01.11.01: a Karama cancels the Fremen's placing of the worm; it appears where
// the printed rule puts it, in the territory of the topmost territory card (1.02.05). The Fremen
// have nothing to retake: without the ability the worm's territory is not theirs to choose (3.04).
void apply_worm_placement(GameState& state, const Command& c) {
  const auto* w = std::get_if<PlaceWorm>(&c);
  if (w && karama_cancels(state, *state.seat_of(Faction::Fremen), KaramaAbility::FremenSandworms) &&
      !mutant_active(Mutant::KaramaCancelWormPlacementStands)) {
    w = nullptr;
  }
  if (w) {
    worm_appears(state, w->territory);
  } else {
    worm_at_topmost(state);
  }
}

bool allied_forces_in(const GameState& state, TerritoryId t) {
  const auto ally = ally_of(state, Faction::Fremen);
  return ally && forces_in_territory(state, *ally, t) > ForceCount{0};
}

std::optional<Rejection> validate_worm_ride(const GameState& state, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  const auto* r = std::get_if<RideWorm>(&c);
  if (!r) return reject(RejectCode::WrongPhase, "the Fremen may ride the worm, play a Nexus card, or pass");
  if (index(r->from) >= kTerritoryCount) return reject(RejectCode::IllegalChoice, "no such territory");
  if (index(r->to) >= kCellCount) return reject(RejectCode::IllegalChoice, "cell {} does not exist", r->to.value);
  // Our reading (ixians.md Q9): the Hidden Mobile Stronghold is entered from its host or by an
  // Ixian shipment, never by a worm ride.
  if (index(r->to) >= kMapCellCount) return reject(RejectCode::IllegalChoice, "no worm ride ends in the Hidden Mobile Stronghold (E1; ixians.md Q9)");
  if (state.blow.worm_rides.empty()) return reject(RejectCode::IllegalChoice, "no worm waits to be ridden");
  if (r->from != state.blow.worm_rides.front()) {
    if (!state.blow.cunning_ride) {
      return reject(RejectCode::IllegalChoice, "the worm to ride did not appear in {} ([LR] 2.04.08)", to_string(r->from));
    }
    // The Fremen Cunning (seed 000): a group from one sand territory, elsewhere.
    if (territory_info(r->from).type != TerritoryType::Sand && !mutant_active(Mutant::NexusCunningRideFromAnywhere)) {
      return reject(RejectCode::IllegalChoice, "the Fremen Cunning carries a group from a desert territory, and {} is not sand "
                    "(seed 000)", to_string(r->from));
    }
    if (cell_info(r->to).territory == r->from) {
      return reject(RejectCode::IllegalChoice, "the Fremen Cunning carries the group elsewhere, out of {} (seed 000)", to_string(r->from));
    }
  }
  if (auto bad = shipment_movement::check_group(r->normal, r->special)) return bad;
  const Riders have = riders(state, r->from);
  if (r->normal > have.normal || r->special > have.special) {
    return reject(RejectCode::NotEnoughForces,
                  "the Fremen have {} forces and {} Fedaykin out of the storm in {}, not {} and {} ([LR] 2.04.08: some or all)",
                  have.normal.value, have.special.value, to_string(r->from), r->normal.value, r->special.value);
  }
  const TerritoryId to = cell_info(r->to).territory;
  if (cell_in_storm(state, r->to)) {
    return reject(RejectCode::StormBlocked, "the Fremen cannot ride into a cell in storm ([LR] 2.04.08)");
  }
  if (allied_forces_in(state, to)) {
    return reject(RejectCode::IllegalChoice, "the worm rides only to a territory without allied forces ([LR] 2.04.08)");
  }
  if (occupancy_blocked(state, Faction::Fremen, to)) {
    return reject(RejectCode::OccupancyLimit, "{} already holds two other factions ([LR] 1.06.05.09)", to_string(to));
  }
  return std::nullopt;
}

// The named Fremen forces of the worm's territory ride to one cell, taken from its cells out of
// the storm in board order (the destination cell, if it is one of them, last). Riding or passing
// uses up this worm; the next worm of the blow may then be ridden.
void apply_worm_ride(GameState& state, const Command& c) {
  if (const auto* r = std::get_if<RideWorm>(&c)) {
    const std::size_t fremen = index(Faction::Fremen);
    const Riders named = mutant_active(Mutant::WormRideTakesAll) ? riders(state, r->from) : Riders{r->normal, r->special};
    ForceCount normal = named.normal;
    ForceCount special = named.special;
    for (std::size_t i = 0; i < kCellCount; ++i) {
      const CellId cell = cell_at(i);
      if (kCells[i].territory != r->from || cell_in_storm(state, cell) || cell == r->to) continue;
      const ForceCount n = std::min(normal, state.board.normal[i][fremen]);
      const ForceCount sp = std::min(special, state.board.special[i][fremen]);
      transfer_forces(state, Faction::Fremen, AtCell{cell}, AtCell{r->to}, n, sp);
      normal -= n;
      special -= sp;
    }
  }
  state.blow.worm_rides.erase(state.blow.worm_rides.begin());
  state.blow.cunning_ride = false;  // the Cunning was for this worm
  offer_next_ride(state);
}

// ---- the Thumper and Harvester windows' answers ----------------------------------------------------

constexpr std::string_view kThumper = "Thumper";
constexpr std::string_view kHarvester = "Harvester";

// The card the open window is for.
std::string_view window_card(const GameState& state) { return state.step == Step::ThumperWindow ? kThumper : kHarvester; }

std::optional<Rejection> validate_card_window(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  const std::string_view card = window_card(state);
  if (state.step == Step::ThumperWindow ? std::holds_alternative<PlayThumper>(c) : std::holds_alternative<PlayHarvester>(c)) {
    if (!card_in_hand(state.seat(seat), card)) return reject(RejectCode::IllegalChoice, "you hold no {} card", card);
    return std::nullopt;
  }
  return reject(RejectCode::WrongPhase, "{} window: play {}, or pass", card, card);
}

// A play discards the card and closes the window (one card of each); the last pass closes it too.
// Then the Thumper's worm appears instead of pile A's first card, or the card is drawn; the
// Harvester's blow goes on to its Nexus or the next pile.
void apply_card_window(GameState& state, Seat seat, const Command& c) {
  const bool thumper = state.step == Step::ThumperWindow;
  const bool played = !std::holds_alternative<Pass>(c);
  state.blow.card_window_done[seat.value] = true;
  if (played) {
    if (thumper || !mutant_active(Mutant::HarvesterKeptAfterUse)) {
      discard_from_hand(state, seat, *card_in_hand(state.seat(seat), window_card(state)));
    }
    state.blow.card_window_done.fill(true);
  }
  for (Seat s : all_seats(state)) {
    if (!state.blow.card_window_done[s.value]) return;
  }
  state.blow.card_window_done = {};
  state.step = Step::SpiceBlow;
  if (thumper) {
    played ? shai_hulud(state) : draw(state);
    return;
  }
  // Harvester, "double the spice blow just revealed": the territory card just revealed blows once
  // more, its printed amount from the bank (the storm has not moved since it landed). Our reading
  // of the card; [TO] doubles all the spice then at that location, with what lay there before the
  // blow (README rules status).
  if (played) blow_spice(state, spice_card_info(state.blow.discard[state.blow.pile].back()).territory);
  finish_blow(state);
}

}  // namespace

// ---- the Fremen Nexus card's windows close (engine/nexus/fremen.cpp) ---------------------------

void nexus_worm_window_closed(GameState& state) { worm_devours(state); }

void nexus_ride_window_closed(GameState& state) {
  if (rides_suppressed(state)) offer_next_ride(state);  // no riding this turn: the blow goes on
}

bool cunning_ride_offered(const GameState& state) {
  return !state.blow.worm_rides.empty() && cunning_ride_possible(state, state.blow.worm_rides.front());
}

// ---- the contract ------------------------------------------------------------------------------

void enter_spice_blow(GameState& state) {
  state.blow.nexus_occurred = false;
  state.blow.thumper_window_held = false;
  state.blow.proposals.clear();
  state.blow.nexus_done = {};
  if (karama_worm_offered(state)) {
    state.step = Step::KaramaWorm;  // [LR] 1.14.03
    return;
  }
  begin_pile(state, 0);
}

void on_spice_drawn(GameState& state, std::uint8_t pile, SpiceCardId card) {
  SpiceBlowState& blow = state.blow;
  switch (spice_card_info(card).kind) {
    case SpiceCardKind::Territory:
      transfer(blow.deck, blow.discard[pile], card);
      // Harvester: asked after each territory card whose spice landed (one in storm has nothing
      // to double).
      if (blow_spice(state, spice_card_info(card).territory) && state.options.cards.e1_harvester_thumper &&
          open_card_window(state, Step::HarvesterWindow)) {
        return;
      }
      finish_blow(state);
      return;
    case SpiceCardKind::ShaiHulud:
      if (state.turn <= 1) {
        transfer(blow.deck, blow.set_aside, card);  // [LR] 1.02.02: ignored on turn 1, no Nexus (1.02.03)
        draw(state);
        return;
      }
      transfer(blow.deck, blow.discard[pile], card);
      shai_hulud(state);
      return;
    case SpiceCardKind::Sandtrout:
    case SpiceCardKind::GreatMaker:
    case SpiceCardKind::Discovery:
      transfer(blow.deck, blow.discard[pile], card);  // revealed, then the game cannot go on
      halt(state, "expansion spice cards (Sandtrout, Great Maker, Discovery) are not implemented");
      return;
  }
}

std::vector<Seat> awaited_spice_blow(const GameState& state) {
  std::vector<Seat> out;
  switch (state.step) {
    case Step::NexusNegotiation:
      for (Seat s : all_seats(state)) {
        if (!state.blow.nexus_done[s.value]) out.push_back(s);
      }
      return out;
    case Step::KaramaWorm:
    case Step::WormPlacement:
    case Step::WormRide:
      return {*state.seat_of(Faction::Fremen)};
    case Step::ThumperWindow:
    case Step::HarvesterWindow:
      for (Seat s : all_seats(state)) {
        if (!state.blow.card_window_done[s.value]) out.push_back(s);
      }
      return out;
    default:
      return out;
  }
}

std::vector<Command> candidates_spice_blow(const GameState& state, Seat seat) {
  std::vector<Command> out;
  switch (state.step) {
    case Step::NexusNegotiation:
      return nexus_candidates(state, seat);
    case Step::ThumperWindow:
      out.push_back(Pass{});
      if (card_in_hand(state.seat(seat), kThumper)) out.push_back(PlayThumper{});
      return out;
    case Step::HarvesterWindow:
      out.push_back(Pass{});
      if (card_in_hand(state.seat(seat), kHarvester)) out.push_back(PlayHarvester{});
      return out;
    case Step::KaramaWorm:
      out.push_back(Pass{});
      if (!karama_card(state, seat)) return out;
      for (std::size_t t = 0; t < kTerritoryCount; ++t) {
        if (territory_info(territory_at(t)).type == TerritoryType::Sand) out.push_back(KaramaWorm{territory_at(t)});
      }
      return out;
    case Step::WormPlacement:
      out.push_back(Pass{});
      for (std::size_t t = 0; t < kTerritoryCount; ++t) out.push_back(PlaceWorm{territory_at(t)});
      return out;
    case Step::WormRide:
      out.push_back(Pass{});
      if (state.blow.worm_rides.empty()) return out;
      for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));
      for (std::size_t t = 0; t < kTerritoryCount; ++t) {
        const TerritoryId from = territory_at(t);
        if (from != state.blow.worm_rides.front() && !state.blow.cunning_ride) continue;
        const Riders have = riders(state, from);
        for (std::size_t c = 0; c < kMapCellCount; ++c) {
          for (int sp = 0; sp <= have.special.value; ++sp) {
            for (int n = 0; n <= have.normal.value; ++n) {
              if (n + sp > 0) out.push_back(RideWorm{from, cell_at(c), ForceCount{n}, ForceCount{sp}});
            }
          }
        }
      }
      return out;
    default:
      return out;
  }
}

std::optional<Rejection> validate_spice_blow(const GameState& state, Seat seat, const Command& c) {
  switch (state.step) {
    case Step::NexusNegotiation: return validate_nexus(state, seat, c);
    case Step::KaramaWorm: return validate_karama_worm(state, seat, c);
    case Step::ThumperWindow:
    case Step::HarvesterWindow: return validate_card_window(state, seat, c);
    case Step::WormPlacement: return validate_worm_placement(state, c);
    case Step::WormRide:
      if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
      return validate_worm_ride(state, c);
    default: return reject(RejectCode::WrongPhase, "the spice blow awaits no command now");
  }
}

void apply_spice_blow(GameState& state, Seat seat, const Command& c) {
  switch (state.step) {
    case Step::NexusNegotiation: apply_nexus(state, seat, c); return;
    case Step::KaramaWorm: apply_karama_worm(state, seat, c); return;
    case Step::ThumperWindow:
    case Step::HarvesterWindow: apply_card_window(state, seat, c); return;
    case Step::WormPlacement: apply_worm_placement(state, c); return;
    case Step::WormRide:
      if (const auto* n = std::get_if<PlayNexus>(&c)) {
        apply_nexus_play(state, seat, *n);
        return;
      }
      apply_worm_ride(state, c);
      return;
    default: return;
  }
}

}  // namespace dune

// Battle resolution (fact sheet §6.3, §4.1; [LR] 1.07.05–07, 1.13.05, 2.01.10–13, 2.05.09–13):
// the reveal, traitor calls, weapons against defenses, the Lasgun/Shield explosion, totals, losses,
// killed leaders, and the Advanced Harkonnen capture.
#include <algorithm>

#include <fmt/format.h>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/mutants.h"
#include "engine/internal.h"
#include "engine/nexus/family.h"
#include "engine/tech_tokens.h"
#include "model/cards.h"

namespace dune::battle_detail {
namespace {

constexpr Spice kCaptureKillSpice{2};  // [LR] 2.05.10.02

std::size_t at(int side) { return static_cast<std::size_t>(side); }

const PlanBattle& plan(const GameState& state, int side) { return *state.battle.plans[at(side)]; }

Seat combatant(const GameState& state, int side) { return state.battle.combatants[at(side)]; }

std::vector<TreacheryCardId> cards_played(const PlanBattle& p) {
  std::vector<TreacheryCardId> out;
  for (const auto& c : {p.cheap_hero, p.weapon, p.defense}) {
    if (c) out.push_back(*c);
  }
  return out;
}

void discard(GameState& state, Seat seat, TreacheryCardId card) {
  transfer(state.seat(seat).hand, state.treachery.discard, card);
}

void discard_played(GameState& state, int side) {
  for (TreacheryCardId c : cards_played(plan(state, side))) discard(state, combatant(state, side), c);
}

void count_atreides_losses(GameState& state, Faction f, ForceCount lost) {
  if (f == Faction::Atreides) state.battle.atreides_battle_losses += lost;  // [LR] 2.01.10
}

// Every force of `f` in the battle's cells goes to the Tanks.
void lose_all_forces(GameState& state, Faction f) {
  for (CellId c : state.battle.cells) {
    const ForceCount n = state.board.normal[index(c)][index(f)];
    const ForceCount s = state.board.special[index(c)][index(f)];
    if (n + s == ForceCount{0}) continue;
    destroy_forces(state, f, c, n, s);
    count_atreides_losses(state, f, n + s);
  }
}

// `loss` of the side's forces go to the Tanks, from the battle's cells in order.
void lose_forces(GameState& state, int side, ForceLoss loss) {
  const Faction f = state.faction_of(combatant(state, side));
  if (mutant_active(Mutant::WinnerLossIgnoresChoice)) loss = ForceLoss{loss.normal + loss.special, ForceCount{0}};
  // Forces the Emperor Cunning counts as Sardaukar are ordinary counters (seed 003: two accounting
  // layers): their losses go to the Tanks as ordinary forces.
  if (f == Faction::Emperor && state.battle.nexus_sardaukar > 0) loss = ForceLoss{loss.normal + loss.special, ForceCount{0}};
  for (CellId c : state.battle.cells) {
    const ForceCount n = std::min(loss.normal, state.board.normal[index(c)][index(f)]);
    const ForceCount s = std::min(loss.special, state.board.special[index(c)][index(f)]);
    if (n + s == ForceCount{0}) continue;
    destroy_forces(state, f, c, n, s);
    count_atreides_losses(state, f, n + s);
    loss.normal -= n;
    loss.special -= s;
  }
}

// Spice support is paid to the bank once the plans are revealed ([LR] 1.13.04.05); a traitor
// caller keeps it ([LR] 1.13.05).
void pay_support(GameState& state, int side) {
  const Spice support = state.battle.wheels[at(side)]->support;
  if (support > Spice{0}) pay_to_bank(state, combatant(state, side), support);
}

bool is_lasgun(const std::optional<TreacheryCardId>& c) { return named(c, "Lasgun"); }

// A Shield: the Shield or the Shield Snooper, never Weirding Way played as a defense ([TO]
// IsShield): for the Lasgun explosion and against the Artillery Strike.
bool is_shield(const std::optional<TreacheryCardId>& c) {
  if (!c) return false;
  const TreacheryClass k = card_type(*c).classification;
  return k == TreacheryClass::DefenseProjectile || k == TreacheryClass::DefenseProjectileAndPoison;
}

// What a plan's weapon and defense count as in their slots: E1's Chemistry in the weapon slot is a
// poison weapon, Weirding Way in the defense slot a projectile defense (fact sheet §4.2; the plan
// is valid only beside a printed defense or weapon, battle_plans.cpp).
TreacheryClass weapon_role(const PlanBattle& p) {
  if (!p.weapon) return TreacheryClass::Worthless;
  return named(p.weapon, "Chemistry") ? TreacheryClass::WeaponPoison : card_type(*p.weapon).classification;
}

TreacheryClass defense_role(const PlanBattle& p) {
  if (!p.defense || mutant_active(Mutant::DefenseIgnored)) return TreacheryClass::Worthless;
  return named(p.defense, "Weirding Way") ? TreacheryClass::DefenseProjectile : card_type(*p.defense).classification;
}

// Whether the weapon of `attacker` kills the leader defended by `defender`'s plan (fact sheet §4.1).
bool kills(const PlanBattle& attacker, const PlanBattle& defender) {
  if (!attacker.weapon) return false;
  const TreacheryClass w = weapon_role(attacker);
  const TreacheryClass d = defense_role(defender);
  const bool stops_projectile = d == TreacheryClass::DefenseProjectile || d == TreacheryClass::DefenseProjectileAndPoison;
  const bool stops_poison = d == TreacheryClass::DefensePoison ||
                            (d == TreacheryClass::DefenseProjectileAndPoison && !mutant_active(Mutant::ShieldSnooperNotASnooper));
  switch (w) {
    case TreacheryClass::WeaponProjectile: return !stops_projectile;
    case TreacheryClass::WeaponPoison: return !stops_poison;
    // Poison Blade: projectile and poison at once, so only a defense of both, the Shield Snooper,
    // stops it (fact sheet §4.2; [TO] ProjectileAndPoison).
    case TreacheryClass::WeaponProjectileAndPoison:
      if (mutant_active(Mutant::PoisonBladeStoppedByEither)) return !(stops_projectile || stops_poison);
      return !(stops_projectile && stops_poison);
    case TreacheryClass::WeaponSpecial: return is_lasgun(attacker.weapon);  // no defense stops a Lasgun; E1's strike both sides, below
    default: return false;  // a worthless card
  }
}

// E1's Artillery Strike, played by either side: both leaders die unless each is protected by its
// own Shield, and no leader's strength counts, nor the Kwisatz Haderach's (fact sheet §4.2; [TO]
// DetermineCauseOfDeath, heroStrengthCountsToTotal).
bool artillery_strike(const GameState& state) {
  return named(plan(state, 0).weapon, "Artillery Strike") || named(plan(state, 1).weapon, "Artillery Strike");
}

// E1's Poison Tooth, not cancelled by its player: both leaders die unless each is protected by its
// own Chemistry; no Snooper stops it (fact sheet §4.2; [TO] HasNonAntidotePoisonDefense).
bool poison_tooth_strikes(const GameState& state, int side) {
  return named(plan(state, side).weapon, "Poison Tooth") && !state.battle.poison_tooth_cancelled[at(side)];
}

bool struck_by_e1_weapon(const GameState& state, int side) {
  const PlanBattle& own = plan(state, side);
  if (artillery_strike(state) && !is_shield(own.defense)) return true;
  const bool tooth = poison_tooth_strikes(state, 0) || poison_tooth_strikes(state, 1);
  const bool chemistry = named(own.defense, "Chemistry") || (mutant_active(Mutant::PoisonToothStoppedBySnooper) && defense_role(own) == TreacheryClass::DefensePoison);
  return tooth && !chemistry;
}

bool has_leader(const PlanBattle& p) { return p.leader || p.cheap_hero; }

// The leader fought here: it may fight again only in this territory this phase ([LR] 1.07.04.04).
void mark_fought(GameState& state, int side) {
  const PlanBattle& p = plan(state, side);
  if (p.leader) {
    state.battle.leader_territory[p.leader->value] = state.battle.territory;
    state.leaders[p.leader->value].fought_this_phase = true;
  }
  if (p.kwisatz_haderach) state.battle.kwisatz_haderach_territory = state.battle.territory;
}

// Lasgun and a Shield in the same battle ([LR] 3.01, fact sheet §4.1): every force, leader and
// spice there is lost, both sides lose, no spice is paid for leaders, all played cards are
// discarded, and the Kwisatz Haderach dies if it was there ([LR] 2.01.13).
void explode(GameState& state) {
  BattleState& b = state.battle;
  for (Faction f : state.options.factions) lose_all_forces(state, f);  // advisors too ([LR] 2.02.12)
  for (CellId c : b.cells) {
    state.bank += state.board.spice[index(c)];
    state.board.spice[index(c)] = Spice{0};
  }
  for (int side = 0; side < 2; ++side) {
    const PlanBattle& p = plan(state, side);
    if (p.leader) kill_leader(state, *p.leader);
    if (p.kwisatz_haderach) b.kwisatz_haderach_dead = true;
    discard_played(state, side);
  }
  // Leaders that survived earlier battles here are still in the territory ([LR] 1.07.06.04).
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    const LeaderLocation where = state.leaders[l].where;
    if (b.leader_territory[l] == b.territory && (where == LeaderLocation::Available || where == LeaderLocation::Captured)) {
      kill_leader(state, leader_at(l));
    }
  }
}

// A leader's value in this battle ([LR] 1.07.04.03, 1.07.06.03): its printed strength, but Zoal's
// is the opposing leader's printed value (fact sheet §5.2 "Zoal copies the opposing leader's
// value"; [TO] Leader.ValueInCombatAgainst, [DB] BattlePlan.getLeaderValue), so 0 against a Cheap
// Hero, no leader or the other Zoal. The same value is the spice a killed or betrayed Zoal earns
// (one source, README rules status).
int leader_value(const GameState& state, int side) {
  const auto& leader = plan(state, side).leader;
  if (!leader) return 0;
  if (leader_info(*leader).role != LeaderRole::Zoal || mutant_active(Mutant::ZoalAtPrintedValue)) return leader_info(*leader).strength;
  const auto& other = plan(state, 1 - side).leader;
  return other && leader_info(*other).role != LeaderRole::Zoal ? leader_info(*other).strength : 0;
}

// A betrayed leader goes to the Tanks; a betrayed Cheap Hero (E1's Cheap Hero traitor card) is
// worth 0 and discarded with the other played cards.
void win_by_traitor(GameState& state, int caller) {
  const int loser = 1 - caller;
  if (const auto& traitor = plan(state, loser).leader) kill_leader(state, *traitor);
  receive_from_bank(state, combatant(state, caller), Spice{leader_value(state, loser)});
  if (!mutant_active(Mutant::TraitorLoserKeepsForces)) lose_all_forces(state, state.faction_of(combatant(state, loser)));
  discard_played(state, loser);
  // The caller loses nothing; its leader and the Kwisatz Haderach count as unused ([LR] 1.07.06.07.01).
}

void both_traitors(GameState& state) {
  for (int side = 0; side < 2; ++side) {
    if (const auto& traitor = plan(state, side).leader) kill_leader(state, *traitor);
    lose_all_forces(state, state.faction_of(combatant(state, side)));
    discard_played(state, side);
  }
}

// Weapons, totals, losses and killed leaders ([LR] 1.07.06). Returns the winning side.
int fight(GameState& state) {
  std::array<bool, 2> killed{};
  std::array<int, 2> total{};
  const bool no_leader_counts = artillery_strike(state) && !mutant_active(Mutant::ArtilleryStrikeLeadersCount);
  for (int side = 0; side < 2; ++side) {
    const PlanBattle& p = plan(state, side);
    killed[at(side)] = has_leader(p) && (kills(plan(state, 1 - side), p) || struck_by_e1_weapon(state, side));
    int strength = 2 * leader_value(state, side);
    if (p.kwisatz_haderach) strength += 4;  // +2 ([LR] 2.01.11), nothing if the leader is killed
    total[at(side)] = state.battle.wheels[at(side)]->dial_halves + (killed[at(side)] || no_leader_counts ? 0 : strength);
  }
  const int winner = total[0] > total[1] || (total[0] == total[1] && !mutant_active(Mutant::TieToDefender)) ? 0 : 1;  // ties go to the aggressor ([LR] 1.07.06.01)
  const int loser = 1 - winner;
  if (mutant_active(Mutant::LoserKeepsForces)) {
    const auto dialed = loss_options(state, loser);
    if (!dialed.empty()) lose_forces(state, loser, dialed.front());
  } else {
    lose_all_forces(state, state.faction_of(combatant(state, loser)));
  }
  discard_played(state, loser);
  // The winner's dial loss: decided now when only one mix is consistent, else the winner chooses
  // (BattleStage::WinnerLosses, [LR] 1.07.06.06). Its weapon and defense wait for its choice too;
  // a Cheap Hero says "Discard after use" ([LR] 3.01.04).
  const auto options = winner_loss_options(state, winner);
  if (!mutant_active(Mutant::WinnerLosesNothing)) {
    if (options.size() == 1) lose_forces(state, winner, options.front());
    if (options.size() > 1) state.battle.stage = BattleStage::WinnerLosses;
  }
  if (const auto& hero = plan(state, winner).cheap_hero) discard(state, combatant(state, winner), *hero);
  if (discarded_after_use(state, winner)) discard(state, combatant(state, winner), *plan(state, winner).weapon);
  Spice prize{0};
  for (int side = 0; side < 2; ++side) {
    const auto& leader = plan(state, side).leader;
    if (!killed[at(side)] || !leader) continue;
    prize += Spice{leader_value(state, side)};
    kill_leader(state, *leader);
  }
  if (prize > Spice{0} && !mutant_active(Mutant::LeaderPrizeUnpaid)) receive_from_bank(state, combatant(state, winner), prize);
  return winner;
}

// Captured leaders go back after a battle they survived ([LR] 2.05.10.03), and all of them when
// every Harkonnen leader is dead ([LR] 2.05.11).
void return_captured_leaders(GameState& state) {
  const auto harkonnen = state.seat_of(Faction::Harkonnen);
  if (!harkonnen) return;
  bool own_alive = false;
  for (LeaderId l : leaders_of(state, Faction::Harkonnen)) {
    const LeaderLocation w = state.leaders[l.value].where;
    own_alive = own_alive || w == LeaderLocation::Available || w == LeaderLocation::Captured;
  }
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    LeaderState& ls = state.leaders[i];
    if (ls.where != LeaderLocation::Captured) continue;
    const bool used = (state.battle.plans[0] && state.battle.plans[0]->leader == leader_at(i)) ||
                      (state.battle.plans[1] && state.battle.plans[1]->leader == leader_at(i));
    if (used || !own_alive) {
      ls.where = LeaderLocation::Available;
      ls.holder = *state.seat_of(*leader_owner(state, leader_at(i)));
    }
  }
}

// The winner's played cards it still holds: weapon, defense, Cheap Hero (after a traitor call;
// after a fight the Cheap Hero is already discarded).
std::array<std::optional<TreacheryCardId>, 3> held_played(const GameState& state) {
  const BattleState& b = state.battle;
  std::array<std::optional<TreacheryCardId>, 3> out{};
  if (!b.winner) return out;
  const PlanBattle& p = plan(state, side_of(state, *b.winner));
  const auto& hand = state.seat(*b.winner).hand;
  const std::array<std::optional<TreacheryCardId>, 3> played{p.weapon, p.defense, p.cheap_hero};
  for (std::size_t i = 0; i < 3; ++i) {
    if (played[i] && std::find(hand.begin(), hand.end(), *played[i]) != hand.end()) out[i] = played[i];
  }
  return out;
}

void finish_battle(GameState& state);

// After the winner's losses: its cards ([LR] 1.07.06.06; 1.07.06.07.01 for a traitor caller, whose
// one-time cards count as unused), then captured leaders return and Harkonnen may capture.
void after_losses(GameState& state) {
  BattleState& b = state.battle;
  const auto held = held_played(state);
  if (std::any_of(held.begin(), held.end(), [](const auto& c) { return c.has_value(); })) {
    b.stage = BattleStage::WinnerCards;
    return;
  }
  finish_battle(state);
}

// A battle with a winner is over but for its captured leaders: the windows on the battle lost (the
// Moritani Secret Ally, engine/nexus/moritani.cpp), then on the battle won (the CHOAM Secret Ally,
// engine/nexus/choam.cpp), each as the one before closes (battle_lost_over, battle_won_over),
// while battle.winner still names the winner (seed 000). The battle's own stages are over: none
// while a window is open.
bool nexus_window_opens(GameState& state, NexusHook hook) {
  if (!state.battle.winner) return false;
  nexus_hook(state, hook);
  if (!state.nexus.window) return false;
  state.battle.stage = BattleStage::None;
  return true;
}

// The winner's decisions end with the tech token it may take (E1, engine/tech_tokens.cpp).
void finish_battle(GameState& state) {
  if (!tech_tokens_to_take(state).empty()) {
    state.battle.stage = BattleStage::WinnerTechToken;
    return;
  }
  close_battle(state);
}

// E1's Poison Tooth: once the traitor calls are answered and none stands, its player, having seen
// both plans, is asked whether it strikes (fact sheet §4.2 "may choose not to use it"; [TO] offers
// the cancel with the traitor calls: a call makes the question moot, so ours asks after them).
// Each side that played one is asked once, the aggressor's first; true while one is asked.
bool ask_poison_tooth(GameState& state) {
  BattleState& b = state.battle;
  if (b.traitor_called[0] || b.traitor_called[1]) return false;
  for (int side = b.poison_tooth_side ? *b.poison_tooth_side + 1 : 0; side < 2; ++side) {
    if (!named(plan(state, side).weapon, "Poison Tooth")) continue;
    b.poison_tooth_side = static_cast<std::uint8_t>(side);
    b.stage = BattleStage::PoisonTooth;
    return true;
  }
  return false;
}

void resolve(GameState& state) {
  if (ask_poison_tooth(state)) return;
  BattleState& b = state.battle;
  std::optional<int> winner;
  for (int side = 0; side < 2; ++side) {
    if (!b.traitor_called[at(side)]) pay_support(state, side);
    if (!b.traitor_called[at(side)]) mark_fought(state, side);
  }
  if (b.traitor_called[0] && b.traitor_called[1]) {
    both_traitors(state);  // [LR] 1.07.06.07.03: no spice for anyone
  } else if (b.traitor_called[0] || b.traitor_called[1]) {
    winner = b.traitor_called[0] ? 0 : 1;
    win_by_traitor(state, *winner);
  } else if ((is_lasgun(plan(state, 0).weapon) || is_lasgun(plan(state, 1).weapon)) &&
             (is_shield(plan(state, 0).defense) || is_shield(plan(state, 1).defense))) {
    explode(state);
  } else {
    winner = fight(state);
  }
  // The last two to use battle wheels dial the next storm ([LR] 1.01.02, fact sheet §3.3).
  state.storm.dialers = b.combatants;
  if (winner) b.winner = combatant(state, *winner);
  if (b.stage == BattleStage::WinnerLosses) return;  // set by fight(): the winner chooses
  after_losses(state);
}

std::optional<int> caller_side(const GameState& state, Seat seat) {
  for (int side = 0; side < 2; ++side) {
    const auto callers = traitor_callers(state, side);
    if (std::find(callers.begin(), callers.end(), seat) != callers.end()) return side;
  }
  return std::nullopt;
}

}  // namespace

void close_battle(GameState& state) {
  if (!nexus_window_opens(state, NexusHook::BattleLost)) battle_lost_over(state);
}

bool named(const std::optional<TreacheryCardId>& c, std::string_view name) { return c && card_type(*c).name == name; }

// The one-time weapons: a used Artillery Strike or Poison Tooth is discarded after use, won or
// lost ([TO] DiscardOneTimeCards; fact sheet §4.2).
bool discarded_after_use(const GameState& state, int side) {
  return named(plan(state, side).weapon, "Artillery Strike") || poison_tooth_strikes(state, side);
}

std::optional<Seat> battle_loser(const GameState& state) {
  const BattleState& b = state.battle;
  if (!b.winner) return std::nullopt;
  return b.combatants[0] == *b.winner ? b.combatants[1] : b.combatants[0];
}

void battle_lost_over(GameState& state) {
  if (!nexus_window_opens(state, NexusHook::BattleWon)) battle_won_over(state);
}

void battle_won_over(GameState& state) {
  BattleState& b = state.battle;
  const std::optional<Seat> winner_seat = b.winner;
  b.winner.reset();
  return_captured_leaders(state);
  const std::optional<int> winner = winner_seat ? std::optional<int>(side_of(state, *winner_seat)) : std::nullopt;
  if (winner && state.options.rules.harkonnen_capture &&
      state.faction_of(combatant(state, *winner)) == Faction::Harkonnen) {
    b.capture_from = combatant(state, 1 - *winner);
    // [LR] 2.05.10.01 ✷, 3.01.11.01: a Karama cancels this use; no leader is drawn.
    if (!capturable_leaders(state).empty() &&
        (!karama_cancels(state, combatant(state, *winner), KaramaAbility::HarkonnenCapturedLeaders) ||
         mutant_active(Mutant::KaramaCancelCaptureStands))) {
      // [LR] 2.05.10.01: "randomly select 1 Active Leader from the loser": a chance step over them
      // (a single one is a forced outcome, resolved at once); then Harkonnen kill, capture or pass.
      b.stage = BattleStage::Capture;
      request_chance(state, PendingChance{ChanceKind::CaptureDraw, combatant(state, *winner), 0});
      return;
    }
  }
  if (winner_seat && open_face_dancer_reveal(state, *winner_seat)) return;
  next_battle(state);
}

void reveal_plans(GameState& state) {
  BattleState& b = state.battle;
  b.revealed = true;
  // Plans are revealed to all ([LR] 1.07.05): every seat sees the cards played.
  for (int side = 0; side < 2; ++side) {
    const Seat owner = combatant(state, side);
    for (TreacheryCardId c : cards_played(plan(state, side))) {
      for (Seat s : all_seats(state)) {
        if (s != owner) {
          record_sighting(state, s, SeenKind::TreacheryCard, c.value,
                          fmt::format("{} in {}'s battle plan in {}", card_type(c).name,
                                      to_string(state.faction_of(owner)), to_string(b.territory)));
        }
      }
    }
  }
  b.stage = BattleStage::Traitors;
  if (traitor_callers(state, 0).empty() && traitor_callers(state, 1).empty()) resolve(state);
}

// The traitor card that betrays `side`'s plan: its leader disc's, or with E1's Cheap Hero traitor
// card in the game a Cheap Hero's (fact sheet §4.3; [TO] Rule.CheapHeroTraitor, [DB] "Cheap Hero"
// traitor "Any"); none with the Kwisatz Haderach beside it ([LR] 2.01.12, read for a Cheap Hero too).
std::optional<TraitorCardId> traitor_card_of(const GameState& state, int side) {
  const PlanBattle& p = plan(state, side);
  if (p.kwisatz_haderach) return std::nullopt;
  if (p.leader) return TraitorCardId{p.leader->value};
  if (p.cheap_hero && state.options.cards.cheap_hero_traitor) return kCheapHeroTraitor;
  return std::nullopt;
}

// The seats that may call a traitor on behalf of `side` against the other side's leader: the
// combatant, and a Harkonnen ally ([LR] 2.05.09). Public: only a plan a traitor card can betray
// (traitor_card_of) asks them; the Tleilaxu hold Face Dancers, never traitors (fact sheet §4.3), so
// they are never asked.
std::vector<Seat> traitor_callers(const GameState& state, int side) {
  if (!traitor_card_of(state, 1 - side)) return {};
  const Faction f = state.faction_of(combatant(state, side));
  std::vector<Seat> out;
  if (f != Faction::Tleilaxu) out.push_back(combatant(state, side));
  if (f != Faction::Harkonnen && ally_of(state, f) == Faction::Harkonnen) out.push_back(*state.seat_of(Faction::Harkonnen));
  return out;
}

std::optional<Rejection> validate_traitor(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  const auto side = caller_side(state, seat);
  if (!side) return reject(RejectCode::IllegalChoice, "you cannot call a traitor in this battle");
  const TraitorCardId target = *traitor_card_of(state, 1 - *side);
  const auto& traitors = state.seat(seat).traitors;
  const auto holds = [&](TraitorCardId card) { return std::find(traitors.begin(), traitors.end(), card) != traitors.end(); };
  if (!holds(target) && !(mutant_active(Mutant::CheapHeroTraitorBetraysAnyLeader) && holds(kCheapHeroTraitor))) {
    return reject(RejectCode::IllegalChoice, "you hold no traitor card of {} ([LR] 1.07.06.07)", traitor_name(target));
  }
  return std::nullopt;
}

void apply_traitor(GameState& state, Seat seat, const Command& c) {
  BattleState& b = state.battle;
  b.traitor_answered[seat.value] = true;
  if (std::holds_alternative<CallTraitor>(c)) {
    b.traitor_called[at(*caller_side(state, seat))] = true;
    b.traitor_revealed[seat.value] = true;
    // The Harkonnen Nexus card's Betrayal answers a revealed Harkonnen traitor (seed 000).
    if (state.faction_of(seat) == Faction::Harkonnen) {
      nexus_hook(state, NexusHook::TraitorCalled);
      if (state.nexus.window) return;
    }
  }
  continue_traitors(state);
}

std::optional<Rejection> validate_poison_tooth(const GameState& state, Seat seat) {
  const BattleState& b = state.battle;
  if (b.stage != BattleStage::PoisonTooth) return reject(RejectCode::WrongPhase, "no Poison Tooth waits for its player's word now");
  if (combatant(state, *b.poison_tooth_side) != seat) return reject(RejectCode::NotYourTurn, "only the Poison Tooth's player cancels it");
  return std::nullopt;
}

void apply_poison_tooth(GameState& state, const Command& c) {
  BattleState& b = state.battle;
  if (std::holds_alternative<CancelPoisonTooth>(c) && !mutant_active(Mutant::PoisonToothCancelIgnored)) {
    b.poison_tooth_cancelled[*b.poison_tooth_side] = true;
  }
  resolve(state);
}

TraitorCardId revealed_traitor(const GameState& state, Seat caller) {
  return *traitor_card_of(state, 1 - *caller_side(state, caller));
}

void cancel_traitor_call(GameState& state, Seat caller) {
  BattleState& b = state.battle;
  const int side = *caller_side(state, caller);
  transfer(state.seat(caller).traitors, state.traitor_deck, revealed_traitor(state, caller));
  b.traitor_revealed[caller.value] = false;
  bool called = false;
  for (Seat s : traitor_callers(state, side)) called = called || b.traitor_revealed[s.value];
  b.traitor_called[at(side)] = called;
}

void continue_traitors(GameState& state) {
  BattleState& b = state.battle;
  for (int side = 0; side < 2; ++side) {
    for (Seat s : traitor_callers(state, side)) {
      if (!b.traitor_answered[s.value]) return;
    }
  }
  resolve(state);
}

// The loser's leaders the CaptureDraw picks from: "1 Active Leader from the loser (including the
// leader used in the battle, if not killed, but excluding all leaders already used elsewhere that
// Turn)" ([LR] 2.05.10.01): its own, in its pool, not used in another territory this phase.
std::vector<LeaderId> capturable_leaders(const GameState& state) {
  std::vector<LeaderId> out;
  const BattleState& b = state.battle;
  if (!b.capture_from) return out;
  for (LeaderId l : leaders_of(state, state.faction_of(*b.capture_from))) {
    const LeaderState& ls = state.leaders[l.value];
    const auto& fought = b.leader_territory[l.value];
    if (ls.where == LeaderLocation::Available && ls.holder == *b.capture_from && (!fought || *fought == b.territory)) {
      if (mutant_active(Mutant::CaptureDrawSkipsBattleLeader) && fought) continue;
      out.push_back(l);
    }
  }
  return out;
}

void kill_leader(GameState& state, LeaderId l, bool face_down) {
  if (mutant_active(Mutant::LeaderNotToTanks)) return;
  LeaderState& ls = state.leaders[l.value];
  ls.deaths += 1;
  ls.where = face_down || ls.deaths >= 2 ? LeaderLocation::TanksFaceDown : LeaderLocation::Tanks;
  if (mutant_active(Mutant::GholaFreedByDeath)) ls.ghola = false;  // back to its printed owner in the Tanks
  ls.holder = *state.seat_of(*leader_owner(state, l));
}

void on_capture_drawn(GameState& state, LeaderId leader) { state.battle.capture_leader = leader; }

// Harkonnen decide on the drawn leader only: kill it, capture it ([LR] 2.05.10.02-03), or pass.
std::optional<Rejection> validate_capture(const GameState& state, Seat, const Command& c) {
  const auto& x = std::get<CaptureLeader>(c);
  if (state.battle.capture_leader != x.leader) {
    return reject(RejectCode::IllegalChoice, "the leader is drawn at random ([LR] 2.05.10.01): {} was drawn",
                  state.battle.capture_leader ? leader_info(*state.battle.capture_leader).name : "none");
  }
  return std::nullopt;
}

void apply_capture(GameState& state, Seat seat, const Command& c) {
  if (const auto* x = std::get_if<CaptureLeader>(&c)) {
    if (x->kill) {
      kill_leader(state, x->leader, true);  // face down ([LR] 2.05.10.02)
      receive_from_bank(state, seat, kCaptureKillSpice);
    } else {
      state.leaders[x->leader.value].where = LeaderLocation::Captured;
      state.leaders[x->leader.value].holder = seat;
    }
  }
  state.battle.capture_from.reset();
  state.battle.capture_leader.reset();
  if (open_face_dancer_reveal(state, seat)) return;  // the Harkonnen won
  next_battle(state);
}

// ---- the winner's decisions ([LR] 1.07.06.06) ------------------------------------------------

std::vector<Command> winner_candidates(const GameState& state) {
  std::vector<Command> out;
  const BattleState& b = state.battle;
  if (!b.winner) return out;
  if (b.stage == BattleStage::WinnerLosses) {
    for (const ForceLoss& l : winner_loss_options(state, side_of(state, *b.winner))) out.push_back(TakeLosses{l.normal, l.special});
  } else if (b.stage == BattleStage::WinnerCards) {
    const auto held = held_played(state);
    // Keeping everything first; then every subset of the held cards to discard.
    for (int mask = 0; mask < 8; ++mask) {
      bool fits = true;
      for (std::size_t i = 0; i < 3; ++i) fits = fits && (((mask >> i) & 1) == 0 || held[i].has_value());
      if (fits) out.push_back(DiscardPlayed{(mask & 1) != 0, (mask & 2) != 0, (mask & 4) != 0});
    }
  }
  return out;
}

std::optional<Rejection> validate_winner(const GameState& state, Seat, const Command& c) {
  const BattleState& b = state.battle;
  if (const auto* x = std::get_if<TakeLosses>(&c)) {
    if (b.stage != BattleStage::WinnerLosses) return reject(RejectCode::WrongPhase, "no battle losses are to be chosen now");
    const int side = side_of(state, *b.winner);
    const ForceLoss loss{x->normal, x->special};
    if (!loss_consistent(state, side, loss) && !loss_substituted(state, side, loss)) {
      const DialBattle& w = *b.wheels[at(side)];
      const bool substitution = state.options.cyborg_loss_substitution && state.faction_of(*b.winner) == Faction::Ixians;
      return reject(RejectCode::IllegalChoice,
                    "{} normal and {} special forces do not make up a dial of {} half points with {} spice support, without a force to spare ([LR] 1.07.06.06){}",
                    x->normal.value, x->special.value, w.dial_halves, w.support.value,
                    !substitution ? "" : b.substitution_prevented ? ", and a Karama stopped the Suboids' substitution in this battle"
                                                                   : ", nor with Suboids there lost in place of some of its Cyborgs (ixians.md §3, [TO])");
    }
    return std::nullopt;
  }
  const auto& x = std::get<DiscardPlayed>(c);
  if (b.stage != BattleStage::WinnerCards) return reject(RejectCode::WrongPhase, "no played cards are to be kept or discarded now");
  const auto held = held_played(state);
  const std::array<std::pair<bool, std::string_view>, 3> asked{{{x.weapon, "weapon"}, {x.defense, "defense"}, {x.cheap_hero, "Cheap Hero"}}};
  for (std::size_t i = 0; i < 3; ++i) {
    if (asked[i].first && !held[i]) {
      return reject(RejectCode::IllegalChoice, "you hold no {} played in this battle to discard ([LR] 1.07.06.06)", asked[i].second);
    }
  }
  return std::nullopt;
}

void apply_winner(GameState& state, Seat seat, const Command& c) {
  if (const auto* x = std::get_if<TakeLosses>(&c)) {
    const int side = side_of(state, seat);
    const ForceLoss loss{x->normal, x->special};
    // Another seat's standing Karama order meets the substitution (one source, [TO]
    // GreyReplacingSpecialForces): nothing is lost, and the Ixians choose again without it ([LR] 3.04).
    if (loss_substituted(state, side, loss) && karama_cancels(state, seat, KaramaAbility::IxiansLossSubstitution) &&
        !mutant_active(Mutant::KaramaCancelLossSubstitutionStands)) {
      state.battle.substitution_prevented = true;
      return;
    }
    lose_forces(state, side, loss);
    after_losses(state);
    return;
  }
  const auto& x = std::get<DiscardPlayed>(c);
  const auto held = held_played(state);
  const std::array<bool, 3> asked{x.weapon, x.defense, x.cheap_hero};
  for (std::size_t i = 0; i < 3; ++i) {
    if (asked[i] && held[i] && !mutant_active(Mutant::WinnerDiscardIgnored)) discard(state, seat, *held[i]);
  }
  finish_battle(state);
}

}  // namespace dune::battle_detail

// The battle oracles (oracles.h; [LR] 1.07.05–07, fact sheet §4.1): who won from the revealed
// plans, the losses, the leaders' fate and prize, traitor calls and Lasgun/Shield explosions.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <optional>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {

// The battle of `before` was resolved by this step.
bool battle_resolved(const Transition& t) {
  const BattleState& b = t.before.battle;
  const BattleState& a = t.after.battle;
  // The inspected side's answer to a Nexus inspection made while the plans are made (seed 000, the
  // Atreides Cunning) is planning too: the battle is revealed only when both plans are whole.
  // So is a Nexus window a play during the plans opens (the Emperor Cunning's Betrayal window).
  const auto planning = [](BattleStage s) {
    return s == BattleStage::Plans || s == BattleStage::KaramaPlanAnswer || s == BattleStage::NexusAnswer;
  };
  const auto window = [](BattleStage s) { return s == BattleStage::NexusBetrayal || s == BattleStage::NexusSecretAlly; };
  const auto revealed = [](BattleStage s) { return s == BattleStage::Traitors || s == BattleStage::PoisonTooth; };
  if (t.before.phase != Phase::Battle || (!planning(b.stage) && !revealed(b.stage))) return false;
  const bool same_battle = a.territory == b.territory && a.combatants == b.combatants;
  // Revealed and waiting on: the traitor calls, then E1's Poison Tooth player (fact sheet §4.2).
  if (revealed(a.stage) && t.after.phase == Phase::Battle && (a.stage == BattleStage::Traitors || same_battle)) return false;
  if (planning(b.stage) && window(a.stage) && same_battle && !a.revealed && t.after.phase == Phase::Battle) return false;
  // Still planning the same battle: a part committed, the Atreides Karama look and its answer
  // ([LR] 1.14.01), a Nexus inspection and its answer, or a step that touches no plan (a standing order, a gift) — none resolves it.
  return !(t.after.phase == Phase::Battle && planning(a.stage) && same_battle);
}

namespace {

// ---- battles ([LR] 1.07.05–07, fact sheet §4.1) ------------------------------------------------

struct Battle {
  std::array<PlanBattle, 2> plan;
  std::array<DialBattle, 2> wheel;
  std::array<Seat, 2> seat;
  std::array<Faction, 2> faction;
  std::array<bool, 2> tooth_cancelled{};  // E1: its player cancelled its Poison Tooth, by this step's command
};


// The revealed plans: those committed before, plus the part this step committed.
std::optional<Battle> revealed_battle(const Transition& t) {
  const BattleState& bs = t.before.battle;
  Battle out;
  std::array<std::optional<PlanBattle>, 2> plans = bs.plans;
  std::array<std::optional<DialBattle>, 2> wheels = bs.wheels;
  if (const Envelope* e = envelope_of(t)) {
    for (std::size_t side = 0; side < 2; ++side) {
      if (e->seat != bs.combatants[side]) continue;
      if (const auto* p = std::get_if<PlanBattle>(&e->command)) plans[side] = *p;
      if (const auto* d = std::get_if<DialBattle>(&e->command)) wheels[side] = *d;
    }
  }
  for (std::size_t side = 0; side < 2; ++side) {
    if (!plans[side] || !wheels[side]) return std::nullopt;
    out.plan[side] = *plans[side];
    out.wheel[side] = *wheels[side];
    out.seat[side] = bs.combatants[side];
    out.faction[side] = t.before.faction_of(bs.combatants[side]);
  }
  // The Poison Tooth is answered by the step that resolves the battle, the last question before it
  // (one card: one side at most): a cancel is that step's command, from the log, not a flag.
  if (const Envelope* e = envelope_of(t); e && std::holds_alternative<CancelPoisonTooth>(e->command)) {
    for (std::size_t side = 0; side < 2; ++side) out.tooth_cancelled[side] = e->seat == out.seat[side];
  }
  return out;
}

TreacheryClass class_of(const std::optional<TreacheryCardId>& c) {
  return c ? card_type(*c).classification : TreacheryClass::Worthless;
}
bool is_lasgun(const std::optional<TreacheryCardId>& c) { return c && card_type(*c).name == "Lasgun"; }
bool is_shield(const std::optional<TreacheryCardId>& c) {
  const TreacheryClass k = class_of(c);
  return c && (k == TreacheryClass::DefenseProjectile || k == TreacheryClass::DefenseProjectileAndPoison);
}

bool named(const std::optional<TreacheryCardId>& c, std::string_view name) { return c && card_type(*c).name == name; }

// Fact sheet §4.1-4.2: a projectile weapon is stopped by a Shield, a poison weapon by a Snooper, the
// Poison Blade only by the Shield Snooper; nothing stops a Lasgun. E1's Chemistry in the weapon slot
// is a poison weapon, Weirding Way in the defense slot a projectile defense (not a Shield). The
// Artillery Strike and the Poison Tooth strike both leaders (e1_strikes). nullopt: a weapon this
// oracle does not model (the Richese cache's).
std::optional<bool> weapon_kills(const PlanBattle& attacker, const PlanBattle& defender) {
  const TreacheryClass d = named(defender.defense, "Weirding Way") ? TreacheryClass::DefenseProjectile : class_of(defender.defense);
  const TreacheryClass w = named(attacker.weapon, "Chemistry") ? TreacheryClass::WeaponPoison : class_of(attacker.weapon);
  const bool shield = d == TreacheryClass::DefenseProjectile || d == TreacheryClass::DefenseProjectileAndPoison;
  const bool snooper = d == TreacheryClass::DefensePoison || d == TreacheryClass::DefenseProjectileAndPoison;
  switch (w) {
    case TreacheryClass::WeaponProjectile: return !shield;
    case TreacheryClass::WeaponPoison: return !snooper;
    case TreacheryClass::WeaponProjectileAndPoison: return !(shield && snooper);
    case TreacheryClass::WeaponSpecial:
      if (is_lasgun(attacker.weapon)) return true;
      if (named(attacker.weapon, "Artillery Strike") || named(attacker.weapon, "Poison Tooth")) return false;
      return std::nullopt;
    default: return false;
  }
}

bool artillery(const Battle& battle) {
  return named(battle.plan[0].weapon, "Artillery Strike") || named(battle.plan[1].weapon, "Artillery Strike");
}

bool tooth_strikes(const Battle& battle, std::size_t side) { return named(battle.plan[side].weapon, "Poison Tooth") && !battle.tooth_cancelled[side]; }

// E1 (fact sheet §4.2): an Artillery Strike kills each leader its own Shield (or Shield Snooper)
// does not protect; a Poison Tooth not cancelled kills each leader its own Chemistry does not.
bool e1_strikes(const Battle& battle, std::size_t side) {
  const auto& defense = battle.plan[side].defense;
  return (artillery(battle) && !is_shield(defense)) || ((tooth_strikes(battle, 0) || tooth_strikes(battle, 1)) && !named(defense, "Chemistry"));
}

bool has_leader(const PlanBattle& p) { return p.leader || p.cheap_hero; }

struct Outcome {
  int winner = 0;
  std::array<bool, 2> killed{};
  std::array<int, 2> total{};
};

// A leader's value in the battle: its printed one; Zoal's is the other leader's printed value, 0
// against a Cheap Hero, no leader or the other Zoal (fact sheet §5.2; [TO], [DB]).
int value_in_battle(const Battle& battle, std::size_t side) {
  const auto& leader = battle.plan[side].leader;
  if (!leader) return 0;
  const LeaderInfo& info = leader_info(*leader);
  if (info.role != LeaderRole::Zoal) return info.strength;
  const auto& other = battle.plan[1 - side].leader;
  return other && leader_info(*other).role != LeaderRole::Zoal ? leader_info(*other).strength : 0;
}

// Strength = the dial + the leader's value unless a weapon the defense does not stop killed it
// (+2 for the Kwisatz Haderach); with an Artillery Strike no leader's value counts, nor the Kwisatz
// Haderach's (fact sheet §4.2); ties go to the aggressor ([LR] 1.07.06.01).
std::optional<Outcome> fight_outcome(const Battle& battle) {
  Outcome o;
  for (std::size_t side = 0; side < 2; ++side) {
    const PlanBattle& p = battle.plan[side];
    const auto kills = weapon_kills(battle.plan[1 - side], p);
    if (!kills) return std::nullopt;
    o.killed[side] = has_leader(p) && (*kills || e1_strikes(battle, side));
    const int halves = artillery(battle) ? 0 : 2 * value_in_battle(battle, side) + (p.kwisatz_haderach ? 4 : 0);
    o.total[side] = battle.wheel[side].dial_halves + (o.killed[side] ? 0 : halves);
  }
  o.winner = o.total[0] >= o.total[1] ? 0 : 1;
  return o;
}

enum class Resolution { Fight, Traitor, DoubleTraitor, Explosion, Undecided };

Resolution resolution_of(const Transition& t, const Battle& battle, int& caller) {
  std::array<bool, 2> called = t.before.battle.traitor_called;
  if (const Envelope* e = envelope_of(t); e && std::holds_alternative<CallTraitor>(e->command)) {
    // The Harkonnen may call a traitor in their ally's battle, "treated as if your ally played the
    // Traitor Card" ([LR] 2.05.09): the call is the ally's side's.
    const auto side_of_call = [&]() -> std::optional<int> {
      for (int side : {0, 1}) {
        const Seat combatant = battle.seat[static_cast<std::size_t>(side)];
        if (e->seat == combatant) return side;
        if (t.before.faction_of(e->seat) == Faction::Harkonnen && ally_seat(t.before, e->seat) == combatant) return side;
      }
      return std::nullopt;
    }();
    if (!side_of_call) return Resolution::Undecided;  // no seat else may call ([LR] 1.07.06.01)
    called[static_cast<std::size_t>(*side_of_call)] = true;
  }
  // The Harkonnen Nexus card's Betrayal cancels the revealed Harkonnen traitor (seed 000): that
  // side won by traitor only if its other caller (the Harkonnen's ally) revealed one too.
  if (const Envelope* e = envelope_of(t); e && std::holds_alternative<PlayNexus>(e->command)) {
    const auto& p = std::get<PlayNexus>(e->command);
    const auto harkonnen = t.before.seat_of(Faction::Harkonnen);
    if (p.card.faction == Faction::Harkonnen && p.mode == NexusMode::Betrayal && harkonnen) {
      for (std::size_t side : {0u, 1u}) {
        const Seat combatant = battle.seat[side];
        const bool harkonnen_side = combatant == *harkonnen || ally_seat(t.before, *harkonnen) == combatant;
        if (harkonnen_side) called[side] = combatant != *harkonnen && t.before.battle.traitor_revealed[combatant.value];
      }
    }
  }
  if (called[0] && called[1]) return Resolution::DoubleTraitor;
  if (called[0] || called[1]) {
    caller = called[0] ? 0 : 1;
    return Resolution::Traitor;
  }
  const bool lasgun = is_lasgun(battle.plan[0].weapon) || is_lasgun(battle.plan[1].weapon);
  const bool shield = is_shield(battle.plan[0].defense) || is_shield(battle.plan[1].defense);
  return lasgun && shield ? Resolution::Explosion : Resolution::Fight;
}

// Forces of `f` in the cells of the battle of `t` (the state after may already hold the next battle).
int battle_forces(const Transition& t, const GameState& s, Faction f) {
  int n = 0;
  for (CellId c : t.before.battle.cells) n += cell_forces(s, index(c), f);
  return n;
}


// What every battle oracle needs: the decided case, or the reason to skip.
struct BattleCase {
  Battle battle;
  Resolution resolution = Resolution::Undecided;
  int caller = 0;
  std::optional<Outcome> outcome;  // Fight only
};

// A step that resolves a battle may end in the Harkonnen capture draw, resolved at once when only
// one leader can be drawn (a forced outcome, logged before the command that led to it): it moves
// no piece (oracle.capture decides it), so the step is still one battle's resolution, decided under
// the command that owns it.
bool resolution_only(const Transition& t) { return others_only_draws(t, {ChanceKind::CaptureDraw}); }

std::optional<BattleCase> battle_case(const Transition& t) {
  if (!battle_resolved(t) || !owns_step(t)) return std::nullopt;
  BattleCase c;
  const auto battle = revealed_battle(t);
  if (!battle || !resolution_only(t)) return BattleCase{};  // Undecided
  c.battle = *battle;
  c.resolution = resolution_of(t, c.battle, c.caller);
  if (c.resolution == Resolution::Fight) {
    c.outcome = fight_outcome(c.battle);
    if (!c.outcome) c.resolution = Resolution::Undecided;
  }
  return c;
}

bool cards_discarded(const GameState& a, const PlanBattle& p) {
  for (const auto& card : {p.cheap_hero, p.weapon, p.defense}) {
    if (card && std::find(a.treachery.discard.begin(), a.treachery.discard.end(), *card) == a.treachery.discard.end()) return false;
  }
  return true;
}

}  // namespace

// Who won shows in the cards: the loser discards every card it played; the winner keeps its
// weapon and defense (the engine's stated choice) ([LR] 1.07.06.05–06).
Violations battle_winner(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  if (c->resolution != Resolution::Fight) return c->resolution == Resolution::Undecided ? skipped(kBattleWinner) : Violations{};
  const Battle& bt = c->battle;
  const int w = c->outcome->winner;
  const auto at = [](int side) { return static_cast<std::size_t>(side); };
  Violations out;
  if (!cards_discarded(t.after, bt.plan[at(1 - w)])) {
    out.push_back(violation(kBattleWinner, fmt::format("{} lost ({} to {} half points) but kept cards it played",
                                                       to_string(bt.faction[at(1 - w)]), c->outcome->total[at(1 - w)], c->outcome->total[at(w)])));
  }
  // A used Artillery Strike or Poison Tooth is discarded after use, won or lost (fact sheet §4.2; [TO]).
  const auto& weapon = bt.plan[at(w)].weapon;
  const bool one_time = named(weapon, "Artillery Strike") || tooth_strikes(bt, at(w));
  if (one_time && holds(t.after.seat(bt.seat[at(w)]), *weapon)) {
    out.push_back(violation(kBattleWinner, fmt::format("{} won and still holds its {}, discarded after use", to_string(bt.faction[at(w)]),
                                                       card_type(*weapon).name)));
  }
  for (const auto& card : {one_time ? std::nullopt : weapon, bt.plan[at(w)].defense}) {
    if (card && !holds(t.after.seat(bt.seat[at(w)]), *card)) {
      out.push_back(violation(kBattleWinner, fmt::format("{} won ({} to {} half points{}) but no longer holds its {}",
                                                         to_string(bt.faction[at(w)]), c->outcome->total[at(w)], c->outcome->total[at(1 - w)],
                                                         w == 0 ? ", ties to the aggressor" : "", card_type(*card).name)));
    }
  }
  return decided(kBattleWinner, std::move(out));
}

// The loser loses every force in the territory; the winner loses what it dialed (Basic: a force
// per point; Advanced force mixes are skipped) ([LR] 1.07.06.03–04).
Violations battle_losses(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  if (c->resolution != Resolution::Fight) return c->resolution == Resolution::Undecided ? skipped(kBattleLosses) : Violations{};
  const Battle& bt = c->battle;
  const auto w = static_cast<std::size_t>(c->outcome->winner);
  Violations out;
  const int loser_left = battle_forces(t, t.after, bt.faction[1 - w]);
  if (loser_left != 0) {
    out.push_back(violation(kBattleLosses, fmt::format("{} lost the battle in {} but keeps {} forces there",
                                                       to_string(bt.faction[1 - w]), to_string(t.before.battle.territory), loser_left)));
  }
  const RuleFlags& r = t.before.options.rules;
  // The Basic count below is whole forces a point; an Ixian winner's mix (a Suboid ½, a Cyborg 2)
  // is oracle.winner-choice's.
  if (r.advanced_combat || r.special_forces || bt.faction[w] == Faction::Ixians) return decided(kBattleLosses, std::move(out));
  const int had = battle_forces(t, t.before, bt.faction[w]);
  const int expected = had - std::min(had, bt.wheel[w].dial_halves / 2);
  if (battle_forces(t, t.after, bt.faction[w]) != expected) {
    out.push_back(violation(kBattleLosses, fmt::format("{} won with {} forces dialing {}: {} should remain, not {}",
                                                       to_string(bt.faction[w]), had, bt.wheel[w].dial_halves / 2, expected,
                                                       battle_forces(t, t.after, bt.faction[w]))));
  }
  return decided(kBattleLosses, std::move(out));
}

// Killed leaders go to the Tanks; a surviving leader does not ([LR] 1.07.06.02, 1.05).
Violations leader_fate(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  if (c->resolution == Resolution::Undecided) return skipped(kLeaderFate);
  Violations out;
  for (std::size_t side = 0; side < 2; ++side) {
    const auto& leader = c->battle.plan[side].leader;
    if (!leader) continue;
    // Both leaders traitors: both go to the Tanks ([LR] 1.07.06.07.03; fact sheet: both sides lose everything).
    bool dies = c->resolution == Resolution::Explosion || c->resolution == Resolution::DoubleTraitor;
    if (c->resolution == Resolution::Fight) dies = c->outcome->killed[side];
    if (c->resolution == Resolution::Traitor) dies = static_cast<int>(side) != c->caller;
    if (in_tanks(t.after, *leader) != dies) {
      out.push_back(violation(kLeaderFate, fmt::format("{} {} in the Tanks after the battle, the rules say it {}",
                                                       leader_info(*leader).name, in_tanks(t.after, *leader) ? "is" : "is not",
                                                       dies ? "died" : "survived")));
    }
  }
  return decided(kLeaderFate, std::move(out));
}

// The winner is paid the value of every leader killed in the battle ([LR] 1.07.06.02); a traitor
// caller is paid its traitor's value (1.07.06.07); spice support goes to the bank, and a traitor
// caller keeps its own (1.13.05).
Violations leader_prize(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c) return {};
  const bool fight = c->resolution == Resolution::Fight;
  const bool both_traitors = c->resolution == Resolution::DoubleTraitor;
  if (!fight && !both_traitors && c->resolution != Resolution::Traitor) {
    return c->resolution == Resolution::Explosion ? Violations{} : skipped(kLeaderPrize);
  }
  const Battle& bt = c->battle;
  Flows expected(t.before);
  // The last battle's resolution runs the Spice Collection in the same step: its gains add up.
  if (collection_happened(t.before, t.after) && !expect_collection(t, expected, nullptr).value_or(false)) return skipped(kLeaderPrize);
  // Both leaders traitors: no spice for anyone ([LR] 1.07.06.07.03), and each caller keeps its
  // support (1.13.05).
  if (both_traitors) return decided(kLeaderPrize, compare_flows(kLeaderPrize, t, expected, "both leaders were traitors"));
  int prize = 0;
  std::size_t winner = 0;
  if (fight) {
    winner = static_cast<std::size_t>(c->outcome->winner);
    for (std::size_t side = 0; side < 2; ++side) {
      if (c->outcome->killed[side] && bt.plan[side].leader) prize += value_in_battle(bt, side);
      pay(t.before, expected, bt.seat[side], bt.wheel[side].support.value, std::nullopt);
    }
  } else {
    winner = static_cast<std::size_t>(c->caller);
    // A betrayed Cheap Hero (E1's Cheap Hero traitor card, fact sheet §4.3) is worth 0.
    const PlanBattle& betrayed = bt.plan[1 - winner];
    if (!betrayed.leader && !betrayed.cheap_hero) return skipped(kLeaderPrize);
    prize = betrayed.leader ? value_in_battle(bt, 1 - winner) : 0;
    pay(t.before, expected, bt.seat[1 - winner], bt.wheel[1 - winner].support.value, std::nullopt);
  }
  expected.seat[bt.seat[winner].value] += prize;
  expected.bank -= prize;
  return decided(kLeaderPrize, compare_flows(kLeaderPrize, t, expected,
                                             fmt::format("{} won a battle worth {} in leaders", to_string(bt.faction[winner]), prize)));
}

// A called traitor: its side loses every force there; the caller loses nothing ([LR] 1.07.06.07).
Violations traitor_call(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c || (c->resolution != Resolution::Traitor && c->resolution != Resolution::DoubleTraitor)) return {};
  const Battle& bt = c->battle;
  Violations out;
  for (std::size_t side = 0; side < 2; ++side) {
    const bool betrayed = c->resolution == Resolution::DoubleTraitor || static_cast<int>(side) != c->caller;
    const int had = battle_forces(t, t.before, bt.faction[side]);
    const int expected = betrayed ? 0 : had;
    if (battle_forces(t, t.after, bt.faction[side]) != expected) {
      out.push_back(violation(kTraitor, fmt::format("{} {}: {} forces should remain, not {}", to_string(bt.faction[side]),
                                                    betrayed ? "was betrayed" : "called the traitor", expected,
                                                    battle_forces(t, t.after, bt.faction[side]))));
    }
  }
  return decided(kTraitor, std::move(out));
}

// Lasgun and Shield: every force and the spice in the battle's cells are lost, both leaders die
// (fact sheet §4.1, [LR] 3.01).
Violations explosion(const Transition& t, const GameContext&) {
  const auto c = battle_case(t);
  if (!c || c->resolution != Resolution::Explosion) return {};
  Violations out;
  for (Faction f : t.before.options.factions) {
    if (battle_forces(t, t.after, f) != 0) {
      out.push_back(violation(kExplosion, fmt::format("{} keeps {} forces in {} after a Lasgun/Shield explosion", to_string(f),
                                                      battle_forces(t, t.after, f), to_string(t.before.battle.territory))));
    }
  }
  for (CellId cell : t.before.battle.cells) {
    if (t.after.board.spice[index(cell)] != Spice{0}) {
      out.push_back(violation(kExplosion, fmt::format("spice left in {} after an explosion", to_string(t.before.battle.territory))));
    }
  }
  return decided(kExplosion, std::move(out));
}

// ---- Advanced Harkonnen capture ([LR] 2.05.10.01-03): "randomly select 1 Active Leader from ----
// ---- the loser (including the leader used in the battle, if not killed, but excluding all ---------
// ---- leaders already used elsewhere that Turn)"; kill it (face down, 2 spice) or capture it --------

// The draw's candidates: the loser's own leaders behind its shield, none that fought in another
// territory this phase.
std::vector<std::uint8_t> capture_candidates(const GameState& s) {
  std::vector<std::uint8_t> out;
  const BattleState& b = s.battle;
  if (!b.capture_from) return out;
  for (LeaderId l : leaders_of(s, s.faction_of(*b.capture_from))) {
    const bool behind_shield = s.leaders[l.value].where == LeaderLocation::Available && s.leaders[l.value].holder == *b.capture_from;
    const bool used_elsewhere = b.leader_territory[l.value].has_value() && *b.leader_territory[l.value] != b.territory;
    if (behind_shield && !used_elsewhere) out.push_back(l.value);
  }
  return out;
}

Violations capture(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (const auto* r = std::get_if<ChanceRecord>(&t.entry); r && r->request.kind == ChanceKind::CaptureDraw) {
    // A draw the step began with lists the pending chance's outcomes. A draw of a single leader is
    // forced and resolved inside the step that ended the battle, after its command or another
    // chance entry (the CHOAM Secret Ally's inspection): it lists that one leader, and the pool is
    // the state after, since the draw moves no leader.
    const bool forced = !b.chance || b.chance->kind != ChanceKind::CaptureDraw;
    auto listed = forced ? std::vector<std::uint8_t>{r->outcome} : chance_outcomes(b);
    std::sort(listed.begin(), listed.end());
    const auto pool = capture_candidates(forced ? a : b);
    Violations out;
    if (listed != pool) {
      out.push_back(violation(kCapture, fmt::format("the capture draw lists {} leaders, the loser has {} active ones to draw from",
                                                    listed.size(), pool.size())));
    }
    // [LR] 3.01.11.01: another player's standing Karama order against the capture cancels it.
    if (const auto ready = karama_ready(b, r->request.seat, KaramaAbility::HarkonnenCapturedLeaders); !ready.empty()) {
      out.push_back(violation(kCapture, fmt::format("a leader was drawn for the Harkonnen although {} stood ready to cancel the "
                                                    "capture with a Karama", name_of(b, ready.front()))));
    }
    if (a.battle.capture_leader != LeaderId{r->outcome}) {
      out.push_back(violation(kCapture, fmt::format("{} was drawn but is not the leader Harkonnen decide on", leader_info(LeaderId{r->outcome}).name)));
    }
    return decided(kCapture, std::move(out));
  }
  const auto* c = command_of<CaptureLeader>(t);
  if (!c) return {};
  Flows expected(b);
  // The last battle's capture runs the Spice Collection in the same step: its gains add up.
  if (!single_step(t) || (collection_happened(b, a) && !expect_collection(t, expected, nullptr).value_or(false))) return skipped(kCapture);
  Violations out;
  if (b.battle.capture_leader != c->leader) {
    out.push_back(violation(kCapture, fmt::format("Harkonnen took {}, which was not drawn", leader_info(c->leader).name)));
  }
  const LeaderState& l = a.leaders[c->leader.value];
  const Seat harkonnen = envelope_of(t)->seat;
  if (c->kill ? l.where != LeaderLocation::TanksFaceDown : (l.where != LeaderLocation::Captured || l.holder != harkonnen)) {
    out.push_back(violation(kCapture, fmt::format("{} {} should be {}", leader_info(c->leader).name, c->kill ? "killed" : "captured",
                                                  c->kill ? "face down in the Tanks" : "behind the Harkonnen shield")));
  }
  if (c->kill) {
    expected.seat[harkonnen.value] += 2;
    expected.bank -= 2;
  }
  for (Violation& v : compare_flows(kCapture, t, expected, "a captured leader")) out.push_back(std::move(v));
  return decided(kCapture, std::move(out));
}

// ---- the winner's losses and cards ([LR] 1.07.06.06; seed 003: "The winner may choose any losses --
// ---- consistent with dial and support"): recomputed from the forces there, the dial and support --

namespace {

struct Held {
  int normal = 0;
  int special = 0;
};

Held held_in_battle(const GameState& s, const std::vector<CellId>& cells, Faction f) {
  Held h;
  for (CellId c : cells) {
    h.normal += s.board.normal[index(c)][index(f)].value;
    h.special += s.board.special[index(c)][index(f)].value;
  }
  return h;
}

// Forces by their role in this battle (forces_by_role: the Emperor's Cunning, seed 003); their
// losses are ordinary counters (check_loss).
Held by_role(const GameState& s, Faction f, Held h) {
  const auto [normal, special] = forces_by_role(s, f, h.normal, h.special);
  return Held{normal, special};
}

// A force's worth in half points: normal 1; Sardaukar and Fedaykin 2 with the special forces rule,
// Sardaukar 1 against the Fremen ([LR] 2.03.08-09, 2.04.18) or once an Emperor Betrayal prevents
// their advantage (seed 003); half without spice in Advanced combat, the Fremen excepted
// ([LR] 1.13.04.02, 2.04.21).
int worth(const GameState& s, Faction f, Faction opponent, bool special, bool supported) {
  // The Ixians (docs/rules/ixians.md §3; our reading of Q4: whatever the rule flags): a Suboid ½,
  // never supported, and 1 in the turn of the Ixians Nexus card's Cunning (seed 000); a Cyborg 2,
  // 1 unsupported in Advanced combat.
  if (f == Faction::Ixians && !special) return suboids_at_full_strength(s) ? 2 : 1;
  if (f == Faction::Ixians) {  // an ordinary force, 1, after a Karama against the bonus (§7.2)
    const int full = cyborgs_plain(s) ? 2 : 4;
    return s.options.rules.advanced_combat && !supported ? full / 2 : full;
  }
  int full = 2;
  if (special && s.options.rules.special_forces) full = sardaukar_plain(s, f, opponent) ? 2 : 4;
  const bool spice_needed = s.options.rules.advanced_combat && f != Faction::Fremen;
  return spice_needed && !supported ? full / 2 : full;
}

// The mixes (normal, special) the winner may lose: each lost force listed with its worth, the paid
// support on as many lost forces as it covers (in any split between the kinds); the listed worths
// reach the dial, and dropping any one of them falls short of it.
std::vector<std::pair<int, int>> consistent_losses(const GameState& s, int side) {
  const BattleState& b = s.battle;
  const Faction f = s.faction_of(b.combatants[static_cast<std::size_t>(side)]);
  const Faction opp = s.faction_of(b.combatants[static_cast<std::size_t>(1 - side)]);
  const Held h = by_role(s, f, held_in_battle(s, b.cells, f));
  const int dial = b.wheels[static_cast<std::size_t>(side)]->dial_halves;
  const int support = b.wheels[static_cast<std::size_t>(side)]->support.value;
  std::vector<std::pair<int, int>> out;
  for (int n = 0; n <= h.normal; ++n) {
    for (int sp = 0; sp <= h.special; ++sp) {
      bool ok = false;
      // Support never sits on a Suboid (docs/rules/ixians.md §3): the Ixians' on Cyborgs only.
      const int supportable_normal = f == Faction::Ixians ? 0 : n;
      for (int supported_special = 0; supported_special <= sp && !ok; ++supported_special) {
        const int supported_normal = std::min(support, supportable_normal + sp) - supported_special;
        if (supported_normal < 0 || supported_normal > supportable_normal) continue;
        std::vector<int> units;
        for (int i = 0; i < n; ++i) units.push_back(worth(s, f, opp, false, i < supported_normal));
        for (int i = 0; i < sp; ++i) units.push_back(worth(s, f, opp, true, i < supported_special));
        int total = 0;
        for (int u : units) total += u;
        const bool spare = std::any_of(units.begin(), units.end(), [&](int u) { return total - u >= dial; });
        ok = total >= dial && !spare;
      }
      if (ok) out.emplace_back(n, sp);
    }
  }
  return out;
}

// Every mix the winner may choose: the consistent ones and, with the option cyborg_loss_substitution
// ([TO]'s reading of open question Q5, one source: MaySubstituteForceLosses; ixians.md §3), for an
// Ixian winner each of them with, 1:1, Suboids there beyond it lost in place of some of its
// Cyborgs, unless a Karama against it was played in this battle.
std::vector<std::pair<int, int>> allowed_losses(const GameState& s, int side) {
  std::vector<std::pair<int, int>> out = consistent_losses(s, side);
  const Faction f = s.faction_of(s.battle.combatants[static_cast<std::size_t>(side)]);
  if (!s.options.cyborg_loss_substitution || f != Faction::Ixians || s.battle.substitution_prevented) return out;
  const int suboids = held_in_battle(s, s.battle.cells, f).normal;
  const auto consistent = out;
  for (const auto& [n, cyborgs] : consistent) {
    for (int k = 1; k <= cyborgs && n + k <= suboids; ++k) {
      if (std::find(out.begin(), out.end(), std::pair{n + k, cyborgs - k}) == out.end()) out.emplace_back(n + k, cyborgs - k);
    }
  }
  return out;
}

Violations check_loss(const Transition& t, Faction f, std::pair<int, int> loss, std::string_view when) {
  const Held before = held_in_battle(t.before, t.before.battle.cells, f);
  // Forces counted as Sardaukar by the Emperor's Cunning are ordinary counters (seed 003).
  if (f == Faction::Emperor && counted_sardaukar(t.before) > 0) loss = {loss.first + loss.second, 0};
  const Held after = held_in_battle(t.after, t.before.battle.cells, f);
  if (after.normal == before.normal - loss.first && after.special == before.special - loss.second) return {};
  return {violation(kWinnerChoice, fmt::format("{} {}: {} normal and {} special forces should remain of {} and {}, not {} and {}",
                                               to_string(f), when, before.normal - loss.first, before.special - loss.second,
                                               before.normal, before.special, after.normal, after.special))};
}

}  // namespace

Violations winner_choice(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  // The resolution: a single consistent mix is taken at once; several wait for the winner.
  if (const auto c = battle_case(t); c && c->resolution == Resolution::Fight) {
    const int w = c->outcome->winner;
    GameState revealed = b;  // the plans as revealed, for the dial and support
    for (std::size_t side = 0; side < 2; ++side) revealed.battle.wheels[side] = c->battle.wheel[side];
    const auto options = allowed_losses(revealed, w);
    const Faction f = c->battle.faction[static_cast<std::size_t>(w)];
    Violations out;
    if (options.size() == 1) {
      out = check_loss(t, f, options.front(), "won with a single mix of losses");
    } else {
      out = check_loss(t, f, {0, 0}, "won with several mixes of losses to choose from");
      const BattleState& a = t.after.battle;
      if (a.stage != BattleStage::WinnerLosses || a.winner != c->battle.seat[static_cast<std::size_t>(w)]) {
        out.push_back(violation(kWinnerChoice, fmt::format("{} won with {} mixes of losses but is not asked to choose", to_string(f), options.size())));
      }
    }
    if (const auto& hero = c->battle.plan[static_cast<std::size_t>(w)].cheap_hero) {
      if (std::find(t.after.treachery.discard.begin(), t.after.treachery.discard.end(), *hero) == t.after.treachery.discard.end()) {
        out.push_back(violation(kWinnerChoice, fmt::format("{} won with a Cheap Hero, which is discarded after use ([LR] 3.01.04)", to_string(f))));
      }
    }
    return decided(kWinnerChoice, std::move(out));
  }
  if (const auto* x = command_of<TakeLosses>(t)) {
    if (!single_step(t) || !b.battle.winner) return skipped(kWinnerChoice);
    const int side = b.battle.combatants[0] == *b.battle.winner ? 0 : 1;
    const auto options = allowed_losses(b, side);
    const std::pair<int, int> loss{x->normal.value, x->special.value};
    Violations out;
    // A Karama against the substitution (one source, [TO] GreyReplacingSpecialForces): a substituted
    // loss named, nothing lost, the winner asked again without it ([LR] 3.04).
    const auto cancels = added_cancels(b, t.after);
    if (std::ranges::any_of(cancels, [](const KaramaCancel& k) { return k.ability == KaramaAbility::IxiansLossSubstitution; })) {
      const auto consistent = consistent_losses(b, side);
      if (std::find(consistent.begin(), consistent.end(), loss) != consistent.end()) {
        out.push_back(violation(kWinnerChoice, "a Karama cancelled the Suboids' substitution of a loss that needed none"));
      }
      for (Violation& v : check_loss(t, b.faction_of(*b.battle.winner), {0, 0}, "had its substitution cancelled")) out.push_back(std::move(v));
      if (t.after.battle.stage != BattleStage::WinnerLosses || !t.after.battle.substitution_prevented) {
        out.push_back(violation(kWinnerChoice, "after the Karama against the substitution the winner is not asked again, without it ([LR] 3.04)"));
      }
      return decided(kWinnerChoice, std::move(out));
    }
    if (std::find(options.begin(), options.end(), loss) == options.end()) {
      out.push_back(violation(kWinnerChoice, fmt::format("{} normal and {} special forces do not make up the dial of {} half points with {} support",
                                                         loss.first, loss.second, b.battle.wheels[static_cast<std::size_t>(side)]->dial_halves,
                                                         b.battle.wheels[static_cast<std::size_t>(side)]->support.value)));
    }
    for (Violation& v : check_loss(t, b.faction_of(*b.battle.winner), loss, "chose its losses")) out.push_back(std::move(v));
    return decided(kWinnerChoice, std::move(out));
  }
  if (const auto* x = command_of<DiscardPlayed>(t)) {
    if (!single_step(t) || !b.battle.winner) return skipped(kWinnerChoice);
    const Seat seat = *b.battle.winner;
    const PlanBattle& p = *b.battle.plans[b.battle.combatants[0] == seat ? 0 : 1];
    Violations out;
    const std::array<std::pair<std::optional<TreacheryCardId>, bool>, 3> cards{{{p.weapon, x->weapon}, {p.defense, x->defense}, {p.cheap_hero, x->cheap_hero}}};
    for (const auto& [card, drop] : cards) {
      if (!card || !holds(b.seat(seat), *card)) continue;
      const bool discarded = std::find(t.after.treachery.discard.begin(), t.after.treachery.discard.end(), *card) != t.after.treachery.discard.end();
      const bool kept = holds(t.after.seat(seat), *card);
      if (drop ? !discarded : !kept) {
        out.push_back(violation(kWinnerChoice, fmt::format("{} chose to {} its {}, which is {}", to_string(b.faction_of(seat)),
                                                           drop ? "discard" : "keep", card_type(*card).name, kept ? "still held" : "not in its hand")));
      }
    }
    return decided(kWinnerChoice, std::move(out));
  }
  return {};
}

}  // namespace dune::invariants::oracle_detail

// The Battle phase (fact sheet §6.3, [LR] 1.07): which battles, the aggressor's choice of the next
// one, the Voice and Prescience steps before the plans, and the dispatch of the phase's commands.
// Plans are in battle_plans.cpp, the reveal and the resolution in battle_resolution.cpp.
#include "engine/battle.h"
#include "engine/nexus/family.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/tech_tokens.h"
#include "model/cards.h"

namespace dune {
namespace {

using namespace battle_detail;

// Groups the cells of a territory that the storm does not separate: within-territory links
// between cells outside the storm join groups; a cell in the storm is a group of its own, since
// forces under the storm in the same cell still fight ("battling blind", [LR] 1.07.01.02).
std::vector<std::vector<CellId>> unseparated_groups(const GameState& state, TerritoryId t) {
  std::array<std::size_t, kCellCount> parent{};
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  for (const CellLink& l : kCellLinks) {
    if (cell_info(l.from).territory != t || cell_info(l.to).territory != t) continue;
    if (cell_in_storm(state, l.from) || cell_in_storm(state, l.to)) continue;
    parent[find(index(l.from))] = find(index(l.to));
  }
  std::vector<std::vector<CellId>> groups;
  std::array<int, kCellCount> group_of{};
  group_of.fill(-1);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory != t) continue;
    const std::size_t root = find(c);
    if (group_of[root] < 0) {
      group_of[root] = static_cast<int>(groups.size());
      groups.emplace_back();
    }
    groups[static_cast<std::size_t>(group_of[root])].push_back(cell_at(c));
  }
  return groups;
}

bool allied(const GameState& state, Faction a, Faction b) { return ally_of(state, a) == b; }

bool contains(const std::vector<Faction>& v, Faction f) { return std::find(v.begin(), v.end(), f) != v.end(); }

struct BattleOption {
  TerritoryId territory;
  Faction opponent;
  std::vector<CellId> cells;
};

// The aggressor: the first seat in storm order with a battle to fight ([LR] 1.07.02). Battles only
// ever disappear during the phase, so recomputing it after each battle keeps the printed order.
std::optional<Seat> aggressor(const GameState& state, const std::vector<PendingBattle>& battles) {
  for (Seat s : storm_order(state)) {
    for (const PendingBattle& b : battles) {
      if (contains(b.factions, state.faction_of(s))) return s;
    }
  }
  return std::nullopt;
}

std::vector<BattleOption> options_of(const GameState& state, Seat agg, const std::vector<PendingBattle>& battles) {
  std::vector<BattleOption> out;
  const Faction a = state.faction_of(agg);
  for (const PendingBattle& b : battles) {
    if (!contains(b.factions, a)) continue;
    for (Faction f : b.factions) {
      if (f != a && !allied(state, a, f)) out.push_back(BattleOption{b.territory, f, b.cells});
    }
  }
  return out;
}

void start_battle(GameState& state, const BattleOption& o, Seat agg) {
  BattleState& b = state.battle;
  b.territory = o.territory;
  b.cells = o.cells;
  b.combatants = {agg, *state.seat_of(o.opponent)};
  b.plans = {};
  b.wheels = {};
  b.revealed = false;
  b.voice.reset();
  b.voice_side.reset();
  b.voice_attempt = 0;
  b.nexus_window.reset();
  b.prescience.reset();
  b.prescience_attempt = 0;
  b.prescience_answered = false;
  b.prescience_stopped = false;
  b.nexus_answered = {};
  b.nexus_inspector.reset();
  b.nexus_element.reset();
  b.nexus_sardaukar = 0;
  b.sardaukar_prevented = false;
  b.sardaukar_attempt = 0;
  b.cyborgs_prevented = false;
  b.substitution_prevented = false;
  b.plans_hooks_run = 0;
  b.traitor_answered = {};
  b.traitor_called = {};
  b.traitor_revealed = {};
  b.poison_tooth_side.reset();
  b.poison_tooth_cancelled = {};
  b.capture_from.reset();
  b.capture_leader.reset();
  b.winner.reset();
  if (const auto bg = ability_side(state, Faction::BeneGesserit)) {
    b.voice_side = static_cast<std::uint8_t>(*bg);
    b.stage = BattleStage::Voice;
    return;
  }
  b.stage = BattleStage::Voice;  // no side's Voice (voice_side empty): a Nexus window may open here
  nexus_hook(state, NexusHook::BattleBegins);  // seed 000: the Bene Gesserit Secret Ally, before Prescience
  if (b.stage != BattleStage::NexusSecretAlly) after_voice(state);
}

// The seat the Voice stage asks: the Bene Gesserit (in their ally's battle too), or else the
// combatant who played the Bene Gesserit Nexus card as Secret Ally (seed 000).
Seat voicer(const GameState& state) {
  const auto bg = state.seat_of(Faction::BeneGesserit);
  return bg ? *bg : state.battle.combatants[*state.battle.voice_side];
}

// The seat that answers Prescience: the combatant opposing the Atreides side.
Seat prescience_target(const GameState& state) {
  return state.battle.combatants[static_cast<std::size_t>(1 - *ability_side(state, Faction::Atreides))];
}

}  // namespace

void battle_detail::after_voice(GameState& state) {
  if (ability_side(state, Faction::Atreides)) {
    state.battle.stage = BattleStage::Prescience;
    return;
  }
  begin_plans(state);
}

namespace {

// The Prescience answer is told aloud: every seat sees it (fact sheet §5.2, [LR] 2.01.08).
// (A Nexus inspection, by contrast, is disclosed to the inspecting seat only: engine/nexus/.)
void announce_prescience(GameState& state, int side) {
  const BattleState& b = state.battle;
  const ElementValue v = plan_element_value(state, side, *b.prescience);
  const std::string what = fmt::format("Prescience in {}: {}'s {} is {}", to_string(b.territory),
                                       to_string(state.faction_of(b.combatants[static_cast<std::size_t>(side)])),
                                       to_string(*b.prescience), v.value);
  for (Seat s : all_seats(state)) record_sighting(state, s, SeenKind::PlanElement, v.id, what);
}

// ---- the Advanced Atreides Karama power ([LR] 1.14.01) -----------------------------------------
// Our reading (README "Advanced Karama power: Atreides"): in their own battle, while they still
// make their plan (Plans, awaited), the Atreides play a Karama; the opponent then commits whatever
// it has not committed of its plan (stage KaramaPlanAnswer, like Prescience's answer, [LR] 1.07.04
// is marked -1.14.01 beside -2.01.08) and the Atreides, they alone, see all of it (a private
// sighting per element): "look at" shows the plan to the user, unlike Prescience's "Reveal".
std::optional<Rejection> validate_karama_see_plan(const GameState& state, Seat seat) {
  if (state.battle.stage != BattleStage::Plans) {
    return reject(RejectCode::WrongPhase, "the Atreides look at a battle plan by Karama while they make their own ([LR] 1.14.01, our reading)");
  }
  if (auto bad = validate_karama_power(state, seat, Faction::Atreides, "look at a battle plan by their Karama power ([LR] 1.14.01)")) return bad;
  const auto& c = state.battle.combatants;
  if (c[0] != seat && c[1] != seat) {
    return reject(RejectCode::IllegalChoice, "the Atreides look at their opponent's plan in their own battle ([LR] 1.14.01, our reading)");
  }
  return std::nullopt;
}

// The opponent's entire plan, one private sighting per element, to the Atreides seat only.
void disclose_plan(GameState& state, Seat viewer, int side) {
  const BattleState& b = state.battle;
  const auto& plan = b.plans[static_cast<std::size_t>(side)];
  const auto& wheel = b.wheels[static_cast<std::size_t>(side)];
  const std::string whose = fmt::format("Karama (Atreides) in {}: {}'s", to_string(b.territory),
                                        to_string(state.faction_of(b.combatants[static_cast<std::size_t>(side)])));
  for (PlanElement e : {PlanElement::Leader, PlanElement::Weapon, PlanElement::Defense, PlanElement::Dial}) {
    if (e == PlanElement::Dial ? !wheel : !plan) continue;  // (only a mutant discloses a partial plan)
    const ElementValue v = plan_element_value(state, side, e);
    std::string what = fmt::format("{} {} is {}", whose, to_string(e), v.value);
    if (e == PlanElement::Leader && plan->kwisatz_haderach) what += ", with the Kwisatz Haderach";
    if (e == PlanElement::Dial) what += fmt::format(", supported by {} spice", wheel->support.value);
    record_sighting(state, viewer, SeenKind::PlanElement, v.id, what);
  }
}

void apply_karama_see_plan(GameState& state, Seat seat) {
  BattleState& b = state.battle;
  const int other = 1 - side_of(state, seat);
  use_karama_power(state, seat, KaramaPower::AtreidesBattlePlan, b.combatants[static_cast<std::size_t>(other)]);
  const bool whole = b.plans[static_cast<std::size_t>(other)] && b.wheels[static_cast<std::size_t>(other)];
  if (whole || mutant_active(Mutant::KaramaPlanPartlySeen)) {
    disclose_plan(state, seat, other);
    return;
  }
  b.stage = BattleStage::KaramaPlanAnswer;  // the opponent commits the rest of its plan first
}

bool plans_complete(const BattleState& b) {
  return b.plans[0] && b.plans[1] && b.wheels[0] && b.wheels[1];
}

void apply_plan_part(GameState& state, Seat seat, const Command& c) {
  BattleState& b = state.battle;
  const int side = side_of(state, seat);
  if (const auto* p = std::get_if<PlanBattle>(&c)) b.plans[static_cast<std::size_t>(side)] = *p;
  if (const auto* d = std::get_if<DialBattle>(&c)) b.wheels[static_cast<std::size_t>(side)] = *d;
  if (b.stage == BattleStage::PrescienceAnswer) {
    announce_prescience(state, side);
    b.prescience_answered = true;
    b.stage = BattleStage::Plans;
  }
  if (b.stage == BattleStage::NexusAnswer) {
    nexus_hook(state, NexusHook::InspectedPartCommitted);
    b.stage = BattleStage::Plans;
  }
  if (b.stage == BattleStage::KaramaPlanAnswer && b.plans[static_cast<std::size_t>(side)] && b.wheels[static_cast<std::size_t>(side)]) {
    disclose_plan(state, b.combatants[static_cast<std::size_t>(1 - side)], side);
    b.stage = BattleStage::Plans;
  }
  if (plans_complete(b)) reveal_plans(state);
}

std::optional<Rejection> validate_choice(const GameState& state, const ChooseBattle& c) {
  const auto battles = battles_to_fight(state);
  const auto agg = aggressor(state, battles);
  for (const BattleOption& o : options_of(state, *agg, battles)) {
    if (o.territory == c.territory && o.opponent == c.opponent) return std::nullopt;
  }
  return reject(RejectCode::IllegalChoice, "no battle against {} in {} is open to the aggressor ([LR] 1.07.02–03)",
                to_string(c.opponent), to_string(c.territory));
}

std::optional<Rejection> validate_pass(const GameState& state, Seat seat) {
  switch (state.battle.stage) {
    case BattleStage::Voice:
      if (state.faction_of(seat) != Faction::BeneGesserit) {
        return reject(RejectCode::IllegalChoice, "the Bene Gesserit Nexus card was played as Secret Ally: use its Voice (seed 000)");
      }
      return std::nullopt;
    case BattleStage::Prescience:
    case BattleStage::NexusBetrayal:
    case BattleStage::NexusSecretAlly:
    case BattleStage::Traitors:
    case BattleStage::PoisonTooth:
    case BattleStage::FaceDancer:
    case BattleStage::Capture:
    case BattleStage::WinnerTechToken: return std::nullopt;
    default: return reject(RejectCode::WrongPhase, "nothing can be declined now: the battle waits for a choice or a plan");
  }
}

std::optional<Rejection> wrong_stage(std::string_view what) {
  return reject(RejectCode::WrongPhase, "{} is not the decision the battle waits for", what);
}

}  // namespace

namespace battle_detail {

// One function decides what an inspected plan element is, for Prescience and Nexus inspections
// alike. A weapon or defense request follows the played card's actual classification: a card that
// merely occupies the slot without being a weapon or defense (E3 Reinforcements, Harass, Withdraw)
// is not disclosed (seed 000, "Effect integration boundaries").
ElementValue plan_element_value(const GameState& state, int side, PlanElement element) {
  const BattleState& b = state.battle;
  const auto& plan = b.plans[static_cast<std::size_t>(side)];
  ElementValue v{255, "none"};  // 255: the element is not played
  auto card = [&](const std::optional<TreacheryCardId>& c) {
    if (c && card_type(*c).classification != TreacheryClass::BattleSlotNonWeapon) {
      v = ElementValue{c->value, std::string(card_type(*c).name)};
    }
  };
  switch (element) {
    case PlanElement::Leader:
      if (plan->leader) v = ElementValue{plan->leader->value, std::string(leader_info(*plan->leader).name)};
      if (plan->cheap_hero) v = ElementValue{plan->cheap_hero->value, std::string(card_type(*plan->cheap_hero).name)};
      break;
    case PlanElement::Weapon: card(plan->weapon); break;
    case PlanElement::Defense: card(plan->defense); break;
    case PlanElement::Dial: {
      const int d = b.wheels[static_cast<std::size_t>(side)]->dial_halves;
      v = ElementValue{static_cast<std::uint8_t>(d), d % 2 == 0 ? fmt::format("{}", d / 2) : fmt::format("{}.5", d / 2)};
      break;
    }
  }
  return v;
}

BattleStage plans_stage(const GameState& state) {
  const BattleState& b = state.battle;
  return b.prescience && !b.prescience_answered && !b.prescience_stopped ? BattleStage::PrescienceAnswer : BattleStage::Plans;
}

// Entering the Plans stage: a standing Karama order against the Ixians' Cyborg bonus is met when
// their Cyborgs are in this battle (docs/rules/ixians.md §7.2, 2 sources: [TO]
// GreySpecialForceBonus, [DB] negateSpecialForces; before any plan, so none is made again); then a
// Nexus family's window when one applies (engine/nexus/).
void begin_plans(GameState& state) {
  BattleState& b = state.battle;
  b.stage = BattleStage::Plans;
  for (Seat seat : b.combatants) {
    if (state.faction_of(seat) != Faction::Ixians) continue;
    int cyborgs = 0;
    for (CellId c : b.cells) cyborgs += state.board.special[index(c)][index(Faction::Ixians)].value;
    if (cyborgs > 0 && karama_cancels(state, seat, KaramaAbility::IxiansCyborgBonus)) {
      b.cyborgs_prevented = !mutant_active(Mutant::KaramaCancelCyborgBonusStands);
    }
  }
  nexus_hook(state, NexusHook::PlansBegin);
}

std::optional<int> ability_side(const GameState& state, Faction owner) {
  if (!in_play(state, owner)) return std::nullopt;
  for (int side = 0; side < 2; ++side) {
    const Faction f = state.faction_of(state.battle.combatants[static_cast<std::size_t>(side)]);
    if (f == owner || allied(state, owner, f)) return side;
  }
  return std::nullopt;
}

int side_of(const GameState& state, Seat seat) { return state.battle.combatants[0] == seat ? 0 : 1; }

Faction opponent_faction(const GameState& state, int side) {
  return state.faction_of(state.battle.combatants[static_cast<std::size_t>(1 - side)]);
}

void next_battle(GameState& state) {
  BattleState& b = state.battle;
  b.stage = BattleStage::None;
  b.face_dancer_winner.reset();
  const auto battles = battles_to_fight(state);
  const auto agg = aggressor(state, battles);
  if (!agg) {
    // Leader return ([LR] 1.07.07): leaders used in battle go back to their pools.
    for (LeaderState& l : state.leaders) l.fought_this_phase = false;
    b.leader_territory = {};
    b.kwisatz_haderach_territory.reset();
    end_phase(state);
    return;
  }
  const auto options = options_of(state, *agg, battles);
  if (options.size() == 1) {
    start_battle(state, options.front(), *agg);
    return;
  }
  b.stage = BattleStage::Choose;
  b.combatants = {*agg, *agg};
}

}  // namespace battle_detail

std::vector<PendingBattle> battles_to_fight(const GameState& state) {
  std::vector<PendingBattle> out;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId t = territory_at(i);
    if (t == TerritoryId::PolarSink) continue;  // never a battle in the Polar Sink
    const auto fighters = occupants(state, t);  // Bene Gesserit advisors do not fight
    if (fighters.size() < 2) continue;          // no battle without two (the groups are not needed)
    for (const auto& group : unseparated_groups(state, t)) {
      std::vector<Faction> present;
      for (Faction f : fighters) {
        const bool here = std::any_of(group.begin(), group.end(),
                                      [&](CellId c) { return forces_in_cell(state, f, c) > ForceCount{0}; });
        if (here) present.push_back(f);
      }
      bool battle = false;
      for (Faction a : present) {
        for (Faction b : present) battle = battle || (a != b && !allied(state, a, b));
      }
      if (battle) {
        out.push_back(PendingBattle{t, present, group});
        break;  // one group per territory at a time; the next one is found after this battle
      }
    }
  }
  return out;
}

void enter_battle(GameState& state) {
  state.step = Step::Battle;
  for (LeaderState& l : state.leaders) l.fought_this_phase = false;
  state.battle.leader_territory = {};
  state.battle.kwisatz_haderach_territory.reset();
  next_battle(state);
}

std::vector<Seat> awaited_battle(const GameState& state) {
  const BattleState& b = state.battle;
  switch (b.stage) {
    case BattleStage::None: return {};
    case BattleStage::Choose: return {b.combatants[0]};
    case BattleStage::Voice: return {voicer(state)};
    case BattleStage::Prescience: return {*state.seat_of(Faction::Atreides)};
    case BattleStage::PrescienceAnswer: return {prescience_target(state)};
    case BattleStage::NexusBetrayal:
    case BattleStage::NexusSecretAlly: return awaited_nexus_window(state);
    case BattleStage::NexusAnswer: return {b.combatants[static_cast<std::size_t>(1 - side_of(state, *b.nexus_inspector))]};
    case BattleStage::Plans: {
      std::vector<Seat> out;
      for (std::size_t side = 0; side < 2; ++side) {
        if (!b.plans[side] || !b.wheels[side]) out.push_back(b.combatants[side]);
      }
      return out;
    }
    case BattleStage::Traitors: {
      std::vector<Seat> out;
      for (int side = 0; side < 2; ++side) {
        for (Seat s : traitor_callers(state, side)) {
          if (!b.traitor_answered[s.value] && std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
        }
      }
      return out;
    }
    case BattleStage::Capture: return {*state.seat_of(Faction::Harkonnen)};
    case BattleStage::PoisonTooth: return {b.combatants[*b.poison_tooth_side]};
    case BattleStage::FaceDancer: return {*state.seat_of(Faction::Tleilaxu)};
    case BattleStage::WinnerLosses:
    case BattleStage::WinnerCards:
    case BattleStage::WinnerTechToken: return {*b.winner};
    case BattleStage::KaramaPlanAnswer: {  // the Atreides' opponent
      const Seat atreides = *state.seat_of(Faction::Atreides);
      return {b.combatants[0] == atreides ? b.combatants[1] : b.combatants[0]};
    }
  }
  return {};
}

std::vector<Command> candidates_battle(const GameState& state, Seat seat) {
  const BattleState& b = state.battle;
  std::vector<Command> out;
  switch (b.stage) {
    case BattleStage::None: break;
    case BattleStage::Choose: {
      const auto battles = battles_to_fight(state);
      for (const BattleOption& o : options_of(state, seat, battles)) out.push_back(ChooseBattle{o.territory, o.opponent});
      break;
    }
    case BattleStage::Voice:
      if (state.faction_of(seat) == Faction::BeneGesserit) out.push_back(Pass{});  // a Secret Ally Voice is owed
      for (int v = 0; v <= static_cast<int>(VoiceSubject::Lasgun); ++v) {
        for (bool must : {true, false}) out.push_back(UseVoice{static_cast<VoiceSubject>(v), must});
      }
      break;
    case BattleStage::Prescience:
      out.push_back(Pass{});
      for (int e = 0; e <= static_cast<int>(PlanElement::Dial); ++e) out.push_back(UsePrescience{static_cast<PlanElement>(e)});
      break;
    case BattleStage::NexusBetrayal:
    case BattleStage::NexusSecretAlly:
      out.push_back(Pass{});
      for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));
      break;
    case BattleStage::Plans:
      out = plan_candidates(state, seat);
      for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));
      out.push_back(KaramaSeePlan{});
      break;
    case BattleStage::PrescienceAnswer:  // the answering side may play a Nexus card before its plan (the Emperor Cunning)
      out = plan_candidates(state, seat);
      for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));
      break;
    case BattleStage::KaramaPlanAnswer:
    case BattleStage::NexusAnswer: return plan_candidates(state, seat);
    case BattleStage::Traitors:
      out.push_back(Pass{});
      out.push_back(CallTraitor{});
      break;
    case BattleStage::PoisonTooth:
      out.push_back(Pass{});
      out.push_back(CancelPoisonTooth{});
      break;
    case BattleStage::Capture:
      out.push_back(Pass{});
      if (const auto l = state.battle.capture_leader) {
        out.push_back(CaptureLeader{*l, false});
        out.push_back(CaptureLeader{*l, true});
      }
      break;
    case BattleStage::FaceDancer: return face_dancer_candidates(state, seat);
    case BattleStage::WinnerLosses:
    case BattleStage::WinnerCards: return winner_candidates(state);
    case BattleStage::WinnerTechToken:
      out.push_back(Pass{});
      for (TechTokenKind t : tech_tokens_to_take(state)) out.push_back(TakeTechToken{t});
      break;
  }
  return out;
}

std::optional<Rejection> validate_battle(const GameState& state, Seat seat, const Command& c) {
  const BattleStage stage = state.battle.stage;
  if (std::holds_alternative<Pass>(c)) return validate_pass(state, seat);
  if (const auto* x = std::get_if<ChooseBattle>(&c)) {
    return stage == BattleStage::Choose ? validate_choice(state, *x) : wrong_stage("choosing a battle");
  }
  if (const auto* v = std::get_if<UseVoice>(&c)) {
    if (stage != BattleStage::Voice) return wrong_stage("the Voice");
    if (static_cast<int>(v->subject) > static_cast<int>(VoiceSubject::Lasgun)) {
      return reject(RejectCode::IllegalChoice, "the Voice names a weapon, defense, worthless card or Cheap Hero");
    }
    return std::nullopt;
  }
  if (const auto* p = std::get_if<UsePrescience>(&c)) {
    if (stage != BattleStage::Prescience) return wrong_stage("Prescience");
    if (static_cast<int>(p->element) > static_cast<int>(PlanElement::Dial)) {
      return reject(RejectCode::IllegalChoice, "Prescience asks for the leader, weapon, defense or dial");
    }
    return std::nullopt;
  }
  if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
  if (std::holds_alternative<KaramaSeePlan>(c)) return validate_karama_see_plan(state, seat);
  if (const auto* p = std::get_if<PlanBattle>(&c)) return validate_plan(state, seat, *p);
  if (const auto* d = std::get_if<DialBattle>(&c)) return validate_wheel(state, seat, *d);
  if (std::holds_alternative<CallTraitor>(c)) {
    return stage == BattleStage::Traitors ? validate_traitor(state, seat, c) : wrong_stage("a traitor call");
  }
  if (std::holds_alternative<CaptureLeader>(c)) {
    return stage == BattleStage::Capture ? validate_capture(state, seat, c) : wrong_stage("a leader capture");
  }
  if (std::holds_alternative<CancelPoisonTooth>(c)) return validate_poison_tooth(state, seat);
  if (std::holds_alternative<RevealFaceDancer>(c)) return validate_face_dancer(state, seat, c);
  if (std::holds_alternative<TakeLosses>(c) || std::holds_alternative<DiscardPlayed>(c)) return validate_winner(state, seat, c);
  if (const auto* t = std::get_if<TakeTechToken>(&c)) return validate_take_tech_token(state, seat, *t);
  return reject(RejectCode::WrongPhase, "{} is not a Battle phase command", kind_name(c));
}

namespace {

void apply_battle_command(GameState& state, Seat seat, const Command& c) {
  BattleState& b = state.battle;
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);
    return;
  }
  if (std::holds_alternative<KaramaSeePlan>(c)) {
    apply_karama_see_plan(state, seat);
    return;
  }
  switch (b.stage) {
    case BattleStage::None: return;
    case BattleStage::Choose: {
      const auto& x = std::get<ChooseBattle>(c);
      const auto battles = battles_to_fight(state);
      for (const BattleOption& o : options_of(state, seat, battles)) {
        if (o.territory == x.territory && o.opponent == x.opponent) {
          start_battle(state, o, seat);
          return;
        }
      }
      return;
    }
    case BattleStage::Voice:
      // [LR] 2.02.06-07 ✷, 3.01.11.01: a standing Karama order cancels the Voice as it is used; the
      // opponent is not bound. No retake (3.04 retakes an action without the ability; the Voice is
      // the ability itself, one use in this battle, and it is spent).
      // A Secret Ally Voice is the Nexus card's effect, not the faction's ability: no Karama target.
      if (const auto* v = std::get_if<UseVoice>(&c)) {
        const bool native = state.faction_of(seat) == Faction::BeneGesserit;
        if (!native || !karama_cancels(state, seat, KaramaAbility::BeneGesseritVoice) || mutant_active(Mutant::KaramaCancelVoiceStands)) {
          b.voice = *v;
          if (native) nexus_hook(state, NexusHook::VoiceUsed);  // seed 000: a Betrayal panel may stop it first
          if (b.stage == BattleStage::NexusBetrayal) return;
        }
      }
      after_voice(state);
      return;
    case BattleStage::Prescience:
      // [LR] 2.01.08-09 ✷, 3.01.11.01: cancelled as the Atreides ask, before any answer: nothing of
      // the plan is told, and the Atreides do not ask again in this battle (2.01.08 is one element
      // a battle; 3.04 retakes an action without the ability, and Prescience is the ability itself).
      if (std::holds_alternative<UsePrescience>(c) && karama_cancels(state, seat, KaramaAbility::AtreidesPrescience) &&
          !mutant_active(Mutant::KaramaCancelPrescienceStands)) {
        begin_plans(state);
        return;
      }
      if (const auto* p = std::get_if<UsePrescience>(&c)) {
        b.prescience = p->element;
        b.stage = BattleStage::PrescienceAnswer;
        nexus_hook(state, NexusHook::PrescienceAsked);  // seed 000: a Betrayal panel may stop it first
      } else {
        begin_plans(state);
      }
      return;
    case BattleStage::NexusBetrayal:
    case BattleStage::NexusSecretAlly: apply_nexus_window_pass(state, seat); return;
    case BattleStage::PrescienceAnswer:
    case BattleStage::NexusAnswer:
    case BattleStage::KaramaPlanAnswer:
    case BattleStage::Plans: apply_plan_part(state, seat, c); return;
    case BattleStage::Traitors: apply_traitor(state, seat, c); return;
    case BattleStage::PoisonTooth: apply_poison_tooth(state, c); return;
    case BattleStage::Capture: apply_capture(state, seat, c); return;
    case BattleStage::FaceDancer: apply_face_dancer(state, seat, c); return;
    case BattleStage::WinnerLosses:
    case BattleStage::WinnerCards: apply_winner(state, seat, c); return;
    case BattleStage::WinnerTechToken:
      if (const auto* t = std::get_if<TakeTechToken>(&c)) apply_take_tech_token(state, seat, *t);
      close_battle(state);
      return;
  }
}

}  // namespace

void apply_battle(GameState& state, Seat seat, const Command& c) {
  apply_battle_command(state, seat, c);
  // Making plans (after a Nexus window, or once Prescience is to be answered, the first plan part):
  // the families whose PlansBegin window has not had its turn in this battle open theirs now, one
  // window at a time (engine/nexus/plays.cpp).
  if (state.step == Step::Battle && battle_detail::making_plans(state.battle.stage)) resume_nexus_plans_hook(state);
}

}  // namespace dune

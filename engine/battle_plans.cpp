// Battle plans (fact sheet §6.3 "Plan", §4.1; [LR] 1.07.04, 1.13.04; 2.01.10–12, 2.02.06, 2.03.08–09,
// 2.04.18–21): fighting strength, the leader and cards of a plan, the wheel and its spice support.
//
// Strength is counted in half points, so Advanced half-strength forces stay integers. A force's
// full value: normal 1; Sardaukar 2 (1 against Fremen), Fedaykin 2 (special forces rule only).
// In Advanced combat an unsupported force counts half, except Fremen forces, which need no spice.
#include <algorithm>
#include <iterator>

#include <fmt/format.h>

#include "engine/battle.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/nexus.h"
#include "model/cards.h"

namespace dune::battle_detail {
namespace {

struct Tokens {
  int normal = 0;
  int special = 0;
  int normal_full = 2;  // half points per force
  int special_full = 2;
  // Advanced combat, not Fremen ([LR] 2.04.21), not Suboids (docs/rules/ixians.md §3).
  bool normal_needs_spice = false;
  bool special_needs_spice = false;
  int normal_unsupported() const { return normal_needs_spice ? normal_full / 2 : normal_full; }
  int special_unsupported() const { return special_needs_spice ? special_full / 2 : special_full; }
  int needing_spice() const { return (normal_needs_spice ? normal : 0) + (special_needs_spice ? special : 0); }
  // A side with forces worth half a point (Suboids) dials half steps in Basic combat too.
  bool half_points() const { return (normal > 0 && normal_full % 2 != 0) || (special > 0 && special_full % 2 != 0); }
  // Support goes to the forces that gain most from it: Sardaukar first when worth 2.
  bool support_special_first() const {
    return special_full - special_unsupported() > normal_full - normal_unsupported();
  }
};

Tokens tokens_of(const GameState& state, int side) {
  const BattleState& b = state.battle;
  const Faction f = state.faction_of(b.combatants[static_cast<std::size_t>(side)]);
  Tokens t;
  for (CellId c : b.cells) {
    t.normal += state.board.normal[index(c)][index(f)].value;
    t.special += state.board.special[index(c)][index(f)].value;
  }
  if (state.options.rules.special_forces) {
    const bool weak = f == Faction::Emperor && opponent_faction(state, side) == Faction::Fremen;
    t.special_full = weak ? 2 : 4;  // Sardaukar worth 1 against Fremen ([LR] 2.03.09)
  }
  // The Emperor Nexus card (seed 003): Cunning counts five ordinary forces as Sardaukar in this
  // battle (no counter changes: losses map back to ordinary counters, lose_forces); Betrayal
  // prevents the Sardaukar advantage, actual or temporary: they count as ordinary forces.
  if (f == Faction::Emperor) {
    const int temporary = std::min<int>(state.battle.nexus_sardaukar, t.normal);
    t.normal -= temporary;
    t.special += temporary;
    if (state.battle.sardaukar_prevented) t.special_full = 2;
  }
  t.normal_needs_spice = t.special_needs_spice = state.options.rules.advanced_combat && f != Faction::Fremen;
  // The Ixians (docs/rules/ixians.md §3, 2 sources; FS:424-425): a Suboid is worth ½ and never
  // needs spice; a Cyborg 2, and 1 unsupported in Advanced combat. Whatever the rule flags: [TO]
  // applies both always, Cyborgs and Suboids exist in Basic too (our reading of open question Q4).
  // The Ixians Nexus card's Cunning (seed 000) gives every Suboid full unsupported strength, 1, in
  // the turn's battles after it.
  if (f == Faction::Ixians) {
    const bool cunning = nexus_effect_binds(state, Faction::Ixians, NexusMode::Cunning, Phase::Battle) &&
                         !mutant_active(Mutant::NexusIxCunningUncounted);
    t.normal_full = mutant_active(Mutant::SuboidsWorthOne) || cunning ? 2 : 1;
    t.normal_needs_spice = mutant_active(Mutant::SuboidsWorthOne) && state.options.rules.advanced_combat;
    // A Karama against the Cyborg bonus in this battle (ixians.md §7.2, 2 sources): a Cyborg counts
    // as an ordinary force, 1, and ½ unsupported in Advanced combat.
    t.special_full = state.battle.cyborgs_prevented ? 2 : 4;
    t.special_needs_spice = state.options.rules.advanced_combat && !mutant_active(Mutant::CyborgsFullUnsupported);
  }
  return t;
}

bool is_weapon_class(TreacheryClass c) {
  return c == TreacheryClass::WeaponProjectile || c == TreacheryClass::WeaponPoison ||
         c == TreacheryClass::WeaponProjectileAndPoison || c == TreacheryClass::WeaponSpecial;
}

bool is_defense_class(TreacheryClass c) {
  return c == TreacheryClass::DefenseProjectile || c == TreacheryClass::DefensePoison ||
         c == TreacheryClass::DefenseProjectileAndPoison;
}

bool holds(const SeatState& s, TreacheryCardId c) { return std::find(s.hand.begin(), s.hand.end(), c) != s.hand.end(); }

// E1's two-slot cards (fact sheet §4.2; [TO] Battle.Validate, CardsPlayableAsDefense): Weirding
// Way, a projectile weapon, is played as a projectile defense beside a weapon; Chemistry, a poison
// defense, as a poison weapon beside a defense. The card beside it is one printed so: the two do
// not stand for each other ([TO] too).
bool weirding_way_defense(const PlanBattle& p) {
  return named(p.defense, "Weirding Way") &&
         (mutant_active(Mutant::WeirdingWayDefenseWithoutWeapon) || (p.weapon && is_weapon_class(card_type(*p.weapon).classification)));
}

bool chemistry_weapon(const PlanBattle& p) {
  return named(p.weapon, "Chemistry") && p.defense && is_defense_class(card_type(*p.defense).classification);
}

bool voice_matches(VoiceSubject v, TreacheryCardId card) {
  const TreacheryClass c = card_type(card).classification;
  switch (v) {
    case VoiceSubject::ProjectileWeapon: return c == TreacheryClass::WeaponProjectile || c == TreacheryClass::WeaponProjectileAndPoison;
    case VoiceSubject::PoisonWeapon: return c == TreacheryClass::WeaponPoison || c == TreacheryClass::WeaponProjectileAndPoison;
    case VoiceSubject::ProjectileDefense: return c == TreacheryClass::DefenseProjectile || c == TreacheryClass::DefenseProjectileAndPoison;
    case VoiceSubject::PoisonDefense: return c == TreacheryClass::DefensePoison || c == TreacheryClass::DefenseProjectileAndPoison;
    case VoiceSubject::Worthless: return c == TreacheryClass::Worthless;
    case VoiceSubject::CheapHero: return c == TreacheryClass::CheapHero;
    case VoiceSubject::Lasgun: return card_type(card).name == "Lasgun";
  }
  return false;
}

bool any_leader_available(const GameState& state, Seat seat) {
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    if (leader_available(state, seat, leader_at(l))) return true;
  }
  return false;
}

bool holds_cheap_hero(const SeatState& s) {
  return std::any_of(s.hand.begin(), s.hand.end(),
                     [](TreacheryCardId c) { return card_type(c).classification == TreacheryClass::CheapHero; });
}

// The Voice binds the opponent of the side whose Voice it is: the Bene Gesserit side ([LR]
// 2.02.06–07) or the Secret Ally player's (seed 000).
bool bound_by_voice(const GameState& state, Seat seat) {
  const BattleState& b = state.battle;
  return b.voice && b.voice_side && side_of(state, seat) != *b.voice_side;
}

// A Cheap Hero the seat may play: held, and not forbidden by the Voice (a faction ability
// overrides the rule that a Cheap Hero must be played, [LR] 2.01 / 2.02.06).
bool cheap_hero_playable(const GameState& state, Seat seat) {
  const auto& v = state.battle.voice;
  if (bound_by_voice(state, seat) && v->subject == VoiceSubject::CheapHero && !v->must_play) return false;
  return holds_cheap_hero(state.seat(seat));
}

// The Voice, obeyed "as well as they are able" ([LR] 2.02.06). A card answers to it as printed; E1's
// two-slot cards played in their other slot also count as what they are there, for a "do not play"
// only: a commanded projectile defense or poison weapon is not played with them ([TO] IsVoicedBy).
std::optional<Rejection> check_voice(const GameState& state, Seat seat, const PlanBattle& p) {
  const auto& voice = state.battle.voice;
  if (!bound_by_voice(state, seat) || mutant_active(Mutant::VoiceIgnored)) return std::nullopt;
  const VoiceSubject v = voice->subject;
  const auto matches = [&](const std::optional<TreacheryCardId>& c) { return c && voice_matches(v, *c); };
  const bool other_slot = (v == VoiceSubject::ProjectileDefense && weirding_way_defense(p)) || (v == VoiceSubject::PoisonWeapon && chemistry_weapon(p));
  const bool played = matches(p.cheap_hero) || matches(p.weapon) || matches(p.defense);
  if (!voice->must_play) {
    if (played || other_slot) return reject(RejectCode::IllegalChoice, "the Voice forbids playing that card ([LR] 2.02.06)");
    return std::nullopt;
  }
  if (played) return std::nullopt;
  const SeatState& s = state.seat(seat);
  const bool has_card = std::any_of(s.hand.begin(), s.hand.end(), [&](TreacheryCardId c) { return voice_matches(v, c); });
  const bool can_play = v == VoiceSubject::CheapHero || any_leader_available(state, seat) || cheap_hero_playable(state, seat);
  if (has_card && can_play) return reject(RejectCode::IllegalChoice, "the Voice commands you to play that card, and you can ([LR] 2.02.06)");
  return std::nullopt;
}

std::optional<Rejection> check_card(const SeatState& s, const PlanBattle& p, bool weapon) {
  const std::optional<TreacheryCardId> card = weapon ? p.weapon : p.defense;
  if (!card) return std::nullopt;
  if (card->value >= kTreacheryCardCount || !holds(s, *card)) {
    return reject(RejectCode::IllegalChoice, "you do not hold that card");
  }
  const TreacheryCardType& t = card_type(*card);
  if (t.classification == TreacheryClass::Worthless) return std::nullopt;  // a bluff in either slot
  if (weapon && t.classification == TreacheryClass::WeaponSpecial && t.name != "Lasgun" && t.name != "Poison Tooth" &&
      t.name != "Artillery Strike") {
    return reject(RejectCode::NotImplemented, "{} is an expansion weapon the engine does not resolve yet", t.name);
  }
  if (weapon ? chemistry_weapon(p) : weirding_way_defense(p)) return std::nullopt;
  if (weapon ? !is_weapon_class(t.classification) : !is_defense_class(t.classification)) {
    if (t.name == "Chemistry" || t.name == "Weirding Way") {
      return reject(RejectCode::IllegalChoice, "{} is played as a {} only beside a {} (fact sheet §4.2)", t.name, weapon ? "weapon" : "defense",
                    weapon ? "defense" : "weapon");
    }
    return reject(RejectCode::IllegalChoice, "{} is not a {} card", t.name, weapon ? "weapon" : "defense");
  }
  return std::nullopt;
}

std::optional<Rejection> check_kwisatz_haderach(const GameState& state, Seat seat, const PlanBattle& p) {
  if (!p.kwisatz_haderach) return std::nullopt;
  if (!state.options.rules.kwisatz_haderach || state.faction_of(seat) != Faction::Atreides) {
    return reject(RejectCode::IllegalChoice, "only the Atreides, with the Kwisatz Haderach rule, add the Kwisatz Haderach");
  }
  if (!kwisatz_haderach_active(state)) {
    return reject(RejectCode::IllegalChoice, "the Kwisatz Haderach is not active: {} of 7 forces lost in battle ([LR] 2.01.10)",
                  state.battle.atreides_battle_losses.value);
  }
  const auto& used = state.battle.kwisatz_haderach_territory;
  if (used && *used != state.battle.territory) {
    return reject(RejectCode::IllegalChoice, "the Kwisatz Haderach already fought in {} this turn ([LR] 2.01.11)", to_string(*used));
  }
  if (!p.leader && !p.cheap_hero) return reject(RejectCode::IllegalChoice, "the Kwisatz Haderach accompanies a leader or Cheap Hero");
  return std::nullopt;
}

std::optional<Rejection> check_leader(const GameState& state, Seat seat, const PlanBattle& p) {
  const SeatState& s = state.seat(seat);
  if (p.leader && p.cheap_hero) return reject(RejectCode::IllegalChoice, "a plan has one leader or one Cheap Hero, not both");
  if (p.leader) {
    if (p.leader->value >= kLeaderCount || !leader_available(state, seat, *p.leader)) {
      return reject(RejectCode::IllegalChoice, "that leader is not available: in the Tanks, not yours, or it fought in another territory this phase ([LR] 1.07.04.04)");
    }
    return std::nullopt;
  }
  if (p.cheap_hero) {
    if (p.cheap_hero->value >= kTreacheryCardCount || !holds(s, *p.cheap_hero) ||
        card_type(*p.cheap_hero).classification != TreacheryClass::CheapHero) {
      return reject(RejectCode::IllegalChoice, "you hold no such Cheap Hero card");
    }
    return std::nullopt;
  }
  if (any_leader_available(state, seat) || cheap_hero_playable(state, seat)) {
    return reject(RejectCode::IllegalChoice, "a plan must include a leader or a Cheap Hero when one is available ([LR] 1.07.04.05)");
  }
  if (p.weapon || p.defense) {
    return reject(RejectCode::IllegalChoice, "without a leader or Cheap Hero no Treachery card may be played ([LR] 1.07.04.06)");
  }
  return std::nullopt;
}

std::optional<Rejection> check_part_allowed(const GameState& state, Seat seat, bool wheel) {
  const BattleState& b = state.battle;
  const std::size_t side = static_cast<std::size_t>(side_of(state, seat));
  if (b.stage == BattleStage::PrescienceAnswer || b.stage == BattleStage::NexusAnswer) {
    const PlanElement asked = b.stage == BattleStage::PrescienceAnswer ? *b.prescience : *b.nexus_element;
    if ((asked == PlanElement::Dial) != wheel) {
      return reject(RejectCode::WrongPhase, "{} asked for your {}: commit {} first",
                    b.stage == BattleStage::PrescienceAnswer ? "Prescience" : "A Nexus card",
                    wheel ? "leader or cards" : "dial", wheel ? "your leader and cards" : "your wheel");
    }
  } else if (b.stage != BattleStage::Plans && b.stage != BattleStage::KaramaPlanAnswer) {
    return reject(RejectCode::WrongPhase, "battle plans are not being made now");
  }
  if (wheel ? b.wheels[side].has_value() : b.plans[side].has_value()) {
    return reject(RejectCode::WrongPhase, "you already committed your {}", wheel ? "wheel" : "leader and cards");
  }
  return std::nullopt;
}

}  // namespace

bool leader_available(const GameState& state, Seat seat, LeaderId l) {
  const LeaderState& ls = state.leaders[l.value];
  if (ls.holder != seat) return false;
  if (ls.where != LeaderLocation::Available && ls.where != LeaderLocation::Captured) return false;
  const auto& fought = state.battle.leader_territory[l.value];
  return !fought || *fought == state.battle.territory;  // one territory per phase ([LR] 1.07.04.04)
}

bool kwisatz_haderach_active(const GameState& state) {
  return state.options.rules.kwisatz_haderach && !state.battle.kwisatz_haderach_dead &&
         state.battle.atreides_battle_losses >= ForceCount{7};
}

int forces_needing_spice(const GameState& state, int side) {
  return tokens_of(state, side).needing_spice();
}

int max_dial_halves(const GameState& state, int side, Spice support) {
  const Tokens t = tokens_of(state, side);
  int total = t.normal * t.normal_unsupported() + t.special * t.special_unsupported();
  int left = support.value;
  const int special_gain = t.special_full - t.special_unsupported();
  const int normal_gain = t.normal_full - t.normal_unsupported();
  const bool special_first = t.support_special_first();
  for (int pass = 0; pass < 2; ++pass) {
    const bool special = (pass == 0) == special_first;
    const int n = std::min(left, special ? t.special : t.normal);
    total += n * (special ? special_gain : normal_gain);
    left -= n;
  }
  return total;
}

// Whether losing `loss` is consistent with the side's dial and support ([LR] 1.07.06.06: the
// winner "loses only the number of Forces they dialed"; base rules pp. 13, 19 in seed 003: "The
// winner may choose any losses consistent with dial and support"). Our reading, since a supported
// force outside the dial would be spice paid for nothing: the support went to dialed forces, so
// min(support, lost) of the lost forces are supported, split between the kinds as the winner
// says. The lost forces must make up the dial, and none may be spared (without any one of them
// the dial would not be made up). Special forces count as in battle ([LR] 2.03.08-09, 2.04.18).
bool loss_consistent(const GameState& state, int side, ForceLoss loss) {
  const Tokens t = tokens_of(state, side);
  const DialBattle& wheel = *state.battle.wheels[static_cast<std::size_t>(side)];
  const int n = loss.normal.value;
  const int s = loss.special.value;
  if (n < 0 || s < 0 || n > t.normal || s > t.special) return false;
  if (n + s == 0) return wheel.dial_halves <= 0;
  // The support sits on lost forces that take it: never a Suboid (docs/rules/ixians.md §3).
  const int normal_supportable = t.normal_needs_spice ? n : 0;
  const int special_supportable = t.special_needs_spice ? s : 0;
  const int supported = std::min(wheel.support.value, normal_supportable + special_supportable);
  for (int b = std::max(0, supported - normal_supportable); b <= std::min(special_supportable, supported); ++b) {
    const int a = supported - b;
    const int units[] = {a > 0 ? t.normal_full : 99, n - a > 0 ? t.normal_unsupported() : 99,
                         b > 0 ? t.special_full : 99, s - b > 0 ? t.special_unsupported() : 99};
    const int value = a * t.normal_full + (n - a) * t.normal_unsupported() + b * t.special_full + (s - b) * t.special_unsupported();
    if (value >= wheel.dial_halves && value - *std::min_element(std::begin(units), std::end(units)) < wheel.dial_halves) return true;
  }
  return false;
}

namespace {

// Every loss of the side's forces there that `allowed` admits, fewest special forces first, then
// fewest forces.
template <class Allowed>
std::vector<ForceLoss> losses_where(const GameState& state, int side, Allowed allowed) {
  const Tokens t = tokens_of(state, side);
  std::vector<ForceLoss> out;
  for (int s = 0; s <= t.special; ++s) {
    for (int n = 0; n <= t.normal; ++n) {
      const ForceLoss loss{ForceCount{n}, ForceCount{s}};
      if (allowed(loss)) out.push_back(loss);
    }
  }
  return out;
}

}  // namespace

std::vector<ForceLoss> loss_options(const GameState& state, int side) {
  return losses_where(state, side, [&](ForceLoss l) { return loss_consistent(state, side, l); });
}

// [TO] MaySubstituteForceLosses: the winner's lost Cyborgs, up to the Suboids there it does not
// lose, may be lost as Suboids instead (one source; a Karama stops it, GreyReplacingSpecialForces).
bool loss_substituted(const GameState& state, int side, ForceLoss loss) {
  const bool reading = state.options.cyborg_loss_substitution || mutant_active(Mutant::LossSubstitutionWithoutOption);
  if (!reading || state.faction_of(state.battle.combatants[static_cast<std::size_t>(side)]) != Faction::Ixians ||
      state.battle.substitution_prevented || loss_consistent(state, side, loss)) {
    return false;
  }
  const Tokens t = tokens_of(state, side);
  if (loss.special.value < 0 || loss.normal.value > t.normal) return false;  // forces there only
  for (int k = 1; k <= loss.normal.value && loss.special.value + k <= t.special; ++k) {
    if (loss_consistent(state, side, ForceLoss{loss.normal - ForceCount{k}, loss.special + ForceCount{k}})) return true;
  }
  return false;
}

std::vector<ForceLoss> winner_loss_options(const GameState& state, int side) {
  return losses_where(state, side, [&](ForceLoss l) { return loss_consistent(state, side, l) || loss_substituted(state, side, l); });
}

std::optional<Rejection> validate_plan(const GameState& state, Seat seat, const PlanBattle& p) {
  if (auto r = check_part_allowed(state, seat, false)) return r;
  if (auto r = check_leader(state, seat, p)) return r;
  const SeatState& s = state.seat(seat);
  if (auto r = check_card(s, p, true)) return r;
  if (auto r = check_card(s, p, false)) return r;
  if (p.weapon && (p.weapon == p.defense || p.weapon == p.cheap_hero)) {
    return reject(RejectCode::IllegalChoice, "one card fills one slot of a plan");
  }
  if (p.defense && p.defense == p.cheap_hero) return reject(RejectCode::IllegalChoice, "one card fills one slot of a plan");
  if (auto r = check_kwisatz_haderach(state, seat, p)) return r;
  return check_voice(state, seat, p);
}

std::optional<Rejection> validate_wheel(const GameState& state, Seat seat, const DialBattle& d) {
  if (auto r = check_part_allowed(state, seat, true)) return r;
  if (d.dial_halves < 0 || d.support < Spice{0}) return reject(RejectCode::IllegalChoice, "a dial and a support are never negative");
  const bool advanced = state.options.rules.advanced_combat;
  if (!advanced && d.support != Spice{0}) {
    return reject(RejectCode::IllegalChoice, "spice support is an Advanced combat rule ([LR] 1.13.04)");
  }
  const int side = side_of(state, seat);
  if (!advanced && d.dial_halves % 2 != 0 && !tokens_of(state, side).half_points()) {
    return reject(RejectCode::IllegalChoice, "half steps are dialed only in Advanced combat ([LR] 1.13.04.03) or with Suboids there at ½ each (1 after the Ixians Nexus Cunning)");
  }
  const int needing = forces_needing_spice(state, side);
  if (d.support.value > needing) {
    return reject(RejectCode::IllegalChoice, "support pays 1 spice per force: {} of your forces there need it, not {}",
                  needing, d.support.value);
  }
  if (d.support > state.seat(seat).spice) {
    return reject(RejectCode::InsufficientSpice, "support of {} spice, but you have {}", d.support.value,
                  state.seat(seat).spice.value);
  }
  const int max = max_dial_halves(state, side, d.support);
  if (d.dial_halves > max) {
    return reject(RejectCode::NotEnoughForces, "your forces there with {} spice support are worth {} half points; you dialed {}",
                  d.support.value, max, d.dial_halves);
  }
  return std::nullopt;
}

std::vector<Command> plan_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const BattleState& b = state.battle;
  const int side = side_of(state, seat);
  const SeatState& s = state.seat(seat);
  if (!b.wheels[static_cast<std::size_t>(side)]) {
    const int max_support = std::min(forces_needing_spice(state, side), std::max(0, s.spice.value));
    const int step = state.options.rules.advanced_combat || tokens_of(state, side).half_points() ? 1 : 2;
    for (int support = 0; support <= max_support; ++support) {
      const int max = max_dial_halves(state, side, Spice{support});
      for (int d = 0; d <= max; d += step) out.push_back(DialBattle{d, Spice{support}});
    }
  }
  if (b.plans[static_cast<std::size_t>(side)]) return out;
  std::vector<PlanBattle> heads;
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    if (leader_available(state, seat, leader_at(l))) heads.push_back(PlanBattle{leader_at(l), {}, {}, {}, false});
  }
  std::vector<std::optional<TreacheryCardId>> weapons{std::nullopt}, defenses{std::nullopt};
  for (TreacheryCardId c : s.hand) {
    const TreacheryClass k = card_type(c).classification;
    if (k == TreacheryClass::CheapHero) heads.push_back(PlanBattle{std::nullopt, c, {}, {}, false});
    // E1's Chemistry and Weirding Way in either slot: validate_plan keeps the pairs it allows.
    const bool two_slot = card_type(c).name == "Chemistry" || card_type(c).name == "Weirding Way";
    if (is_weapon_class(k) || k == TreacheryClass::Worthless || two_slot) weapons.push_back(c);
    if (is_defense_class(k) || k == TreacheryClass::Worthless || two_slot) defenses.push_back(c);
  }
  out.push_back(PlanBattle{});  // no leader: legal only when none can be played
  if (heads.empty()) return out;
  const bool kh = kwisatz_haderach_active(state) && state.faction_of(seat) == Faction::Atreides;
  for (const PlanBattle& head : heads) {
    for (const auto& w : weapons) {
      for (const auto& d : defenses) {
        for (int k = 0; k < (kh ? 2 : 1); ++k) {
          PlanBattle p = head;
          p.weapon = w;
          p.defense = d;
          p.kwisatz_haderach = k == 1;
          out.push_back(p);
        }
      }
    }
  }
  return out;
}

}  // namespace dune::battle_detail

// oracle.legal-command's reference for a battle plan (invariants/oracles_legality_rules.cpp says
// what the oracle checks and why it is written apart from the engine): the leader or Cheap Hero
// ([LR] 1.07.04.03-06), the Voice obeyed as well as one is able (2.02.06), the cards of each slot
// (1.07.04.07, E1's two-slot cards, fact sheet §4.2) and the Kwisatz Haderach (2.01.10-11).
#include <algorithm>
#include <optional>
#include <string>

#include "invariants/oracle_support.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

bool is_weapon(TreacheryClass c) { return c == TreacheryClass::WeaponProjectile || c == TreacheryClass::WeaponPoison || c == TreacheryClass::WeaponProjectileAndPoison || c == TreacheryClass::WeaponSpecial; }
bool is_defense(TreacheryClass c) { return c == TreacheryClass::DefenseProjectile || c == TreacheryClass::DefensePoison || c == TreacheryClass::DefenseProjectileAndPoison; }

// A leader `seat` may put in a plan now: behind its shield (its own or captured, 2.05.10.03) and
// not fought in another territory this phase ([LR] 1.07.04.04).
bool leader_playable(const GameState& s, Seat seat, std::size_t l) {
  const LeaderState& x = s.leaders[l];
  if ((x.where != LeaderLocation::Available && x.where != LeaderLocation::Captured) || x.holder != seat) return false;
  return !s.battle.leader_territory[l] || *s.battle.leader_territory[l] == s.battle.territory;
}

// Whether the Voice's words name the card ([LR] 2.02.06: "play or not play a projectile weapon,
// poison weapon, projectile defense, poison defense, a worthless card, a Cheap Hero" or the Lasgun):
// a card naming both kinds of weapon (Poison Blade) or defense (Shield Snooper) answers to either.
bool voice_names(VoiceSubject v, TreacheryCardId card) {
  const TreacheryCardType& t = card_type(card);
  const TreacheryClass c = t.classification;
  const bool both_weapons = c == TreacheryClass::WeaponProjectileAndPoison, both_defenses = c == TreacheryClass::DefenseProjectileAndPoison;
  switch (v) {
    case VoiceSubject::ProjectileWeapon: return both_weapons || c == TreacheryClass::WeaponProjectile;
    case VoiceSubject::PoisonWeapon: return both_weapons || c == TreacheryClass::WeaponPoison;
    case VoiceSubject::ProjectileDefense: return both_defenses || c == TreacheryClass::DefenseProjectile;
    case VoiceSubject::PoisonDefense: return both_defenses || c == TreacheryClass::DefensePoison;
    case VoiceSubject::Worthless: return c == TreacheryClass::Worthless;
    case VoiceSubject::CheapHero: return c == TreacheryClass::CheapHero;
    case VoiceSubject::Lasgun: return t.name == "Lasgun";
  }
  return false;
}

}  // namespace

std::string plan_rule(const GameState& s, Seat seat, const PlanBattle& c, const std::optional<UseVoice>& voice) {
  const SeatState& me = s.seat(seat);
  const Faction f = s.faction_of(seat);
  if (c.leader && c.cheap_hero) return "a leader or a Cheap Hero, not both ([LR] 1.07.04.03)";
  if (c.leader && !leader_playable(s, seat, c.leader->value)) {
    return "a leader behind its shield, not fought in another territory this phase ([LR] 1.07.04.04)";
  }
  if (c.cheap_hero && (!holds(me, *c.cheap_hero) || card_type(*c.cheap_hero).classification != TreacheryClass::CheapHero)) {
    return "a Cheap Hero from its hand ([LR] 3.01.04)";
  }
  const bool hero = c.leader || c.cheap_hero;
  // The Voice overrides the rule that a Cheap Hero must be played: "do not play a Cheap Hero" leaves
  // it in the hand ([LR] 2.02.06; a faction ability over a rule, 3.01).
  const bool hero_forbidden = voice && voice->subject == VoiceSubject::CheapHero && !voice->must_play;
  bool could_hero = !hero_forbidden && std::any_of(me.hand.begin(), me.hand.end(), [](TreacheryCardId x) {
    return card_type(x).classification == TreacheryClass::CheapHero;
  });
  for (std::size_t l = 0; l < kLeaderCount && !could_hero; ++l) could_hero = leader_playable(s, seat, l);
  if (!hero) {
    if (could_hero) return "a leader or Cheap Hero must be played when possible ([LR] 1.07.04.05)";
    if (c.weapon || c.defense) return "no Treachery card without a leader or Cheap Hero ([LR] 1.07.04.06)";
  }
  // The Voice, obeyed as well as one is able ([LR] 2.02.06): a forbidden card is not played; a
  // commanded one is, when held and playable (a Cheap Hero always; a weapon, defense or worthless
  // card only with a leader or Cheap Hero, 1.07.04.06).
  if (voice) {
    const auto named = [&](const std::optional<TreacheryCardId>& x) { return x && voice_names(voice->subject, *x); };
    const bool obeyed = named(c.cheap_hero) || named(c.weapon) || named(c.defense);
    if (!voice->must_play && obeyed) return "the Voice forbids that card ([LR] 2.02.06)";
    const bool held = std::any_of(me.hand.begin(), me.hand.end(), [&](TreacheryCardId x) { return voice_names(voice->subject, x); });
    if (voice->must_play && !obeyed && held && (voice->subject == VoiceSubject::CheapHero || could_hero)) {
      return "the Voice commands a card it holds and could play ([LR] 2.02.06)";
    }
  }
  // E1's two-slot cards (fact sheet §4.2; [TO] Battle.Validate): Weirding Way, a projectile weapon,
  // is a projectile defense too when another card in the weapon slot is a weapon; Chemistry, a
  // poison defense, is a poison weapon too when another card in the defense slot is a defense.
  // "Another" is read as a card printed so: the two do not stand for each other (README rules status).
  const auto printed = [](const std::optional<TreacheryCardId>& x, bool (*cls)(TreacheryClass)) { return x && cls(card_type(*x).classification); };
  const auto named = [](const std::optional<TreacheryCardId>& x, std::string_view name) { return x && card_type(*x).name == name; };
  const bool chemistry_weapon = named(c.weapon, "Chemistry") && printed(c.defense, is_defense);
  const bool weirding_defense = named(c.defense, "Weirding Way") && printed(c.weapon, is_weapon);
  const auto card_ok = [&](const std::optional<TreacheryCardId>& x, bool (*cls)(TreacheryClass), bool other_slot) {
    return !x || (holds(me, *x) && (cls(card_type(*x).classification) || card_type(*x).classification == TreacheryClass::Worthless || other_slot));
  };
  if (!card_ok(c.weapon, is_weapon, chemistry_weapon)) return "the weapon is a weapon or worthless card from its hand, or Chemistry beside a defense ([LR] 1.07.04.07; fact sheet §4.2)";
  if (!card_ok(c.defense, is_defense, weirding_defense)) return "the defense is a defense or worthless card from its hand, or Weirding Way beside a weapon ([LR] 1.07.04.07; fact sheet §4.2)";
  if (c.weapon && c.defense && *c.weapon == *c.defense) return "one card in two slots";
  if (c.kwisatz_haderach) {
    if (f != Faction::Atreides || !s.options.rules.kwisatz_haderach) return "only the Advanced Atreides have the Kwisatz Haderach ([LR] 2.01.10)";
    if (s.battle.atreides_battle_losses.value < 7 || s.battle.kwisatz_haderach_dead) return "the Kwisatz Haderach is not active ([LR] 2.01.10)";
    if (!hero) return "the Kwisatz Haderach goes with a leader or Cheap Hero ([LR] 2.01.11)";
    if (s.battle.kwisatz_haderach_territory && *s.battle.kwisatz_haderach_territory != s.battle.territory) {
      return "the Kwisatz Haderach fights in one territory a phase ([LR] 2.01.11)";
    }
  }
  return "";
}

}  // namespace dune::invariants::oracle_detail

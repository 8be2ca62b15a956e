// The Advanced faction Karama powers (oracles.h, `oracle.karama-power`; [LR] 1.13.06, 1.14): each
// use is the first of its faction in the game, plays a Karama of its user's hand to the discard,
// and does exactly what the printed power says, recomputed from the state before the step and the
// README's stated readings: the Emperor revives up to three forces or one leader of the Tanks for
// nothing (1.14.02); the Harkonnen take the target's whole hand and owe as many cards, then give
// them back one by one (1.14.04); the Atreides see their opponent's entire plan, they alone, once it
// is whole (1.14.01); the Fremen's worm is placed in a sand territory and leads to a Nexus (1.14.03;
// what it devours is oracle.worm's); the Tleilaxu prevent a revival and the Ixians move their
// stronghold (one source each, [TO]). The Guild's cancelled shipment is `oracle.karama-cancel`'s.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/cards.h"

namespace dune::invariants::oracle_detail {
namespace {

bool is_karama(TreacheryCardId c) { return card_type(c).name == "Karama"; }


// One Karama of the user's hand before the step is in the discard after it and gone from the hand.
bool karama_discarded(const Transition& t, Seat by) {
  const auto& hand = t.before.seat(by).hand;
  const auto& discard = t.after.treachery.discard;
  return std::any_of(hand.begin(), hand.end(), [&](TreacheryCardId c) {
    return is_karama(c) && std::find(discard.begin(), discard.end(), c) != discard.end() &&
           std::count(t.after.seat(by).hand.begin(), t.after.seat(by).hand.end(), c) == 0;
  });
}

// Every new power use: Advanced Karama, the first of its faction, and (Emperor, Harkonnen) a
// Karama spent in this step.
void check_uses(const Transition& t, Violations& out) {
  const auto& before = t.before.karama.powers;
  const auto& after = t.after.karama.powers;
  for (std::size_t i = before.size(); i < after.size(); ++i) {
    const KaramaPowerUse& u = after[i];
    const std::string who = name_of(t.before, u.by);
    if (!t.before.options.rules.advanced_karama) {
      out.push_back(violation(kKaramaPower, fmt::format("{} used a faction Karama power without the Advanced Karama rule ([LR] 1.13.06)", who)));
    }
    for (const KaramaPowerUse& earlier : before) {
      if (t.before.faction_of(earlier.by) == t.before.faction_of(u.by)) {
        out.push_back(violation(kKaramaPower, fmt::format("{} used its Karama power a second time ([LR] 1.14.00: once in a game)", who)));
      }
    }
    if (u.power != KaramaPower::GuildShipment && !karama_discarded(t, u.by)) {
      out.push_back(violation(kKaramaPower, fmt::format("{} used its Karama power, but no Karama of its hand went to the discard ([LR] 1.14.00)", who)));
    }
  }
}

Violations emperor_revival(const Transition& t, Seat seat, const KaramaRevive& r) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  if (b.faction_of(seat) != Faction::Emperor) out.push_back(violation(kKaramaPower, "a seat other than the Emperor revived by his Karama power ([LR] 1.14.02)"));
  if (a.karama.powers.size() != b.karama.powers.size() + 1 || a.karama.powers.back().power != KaramaPower::EmperorRevival) {
    out.push_back(violation(kKaramaPower, "the Emperor's Karama revival left no record of the once-a-game use"));
  }
  const int forces = (r.normal + r.special).value;
  if ((r.leader && forces > 0) || (!r.leader && (forces < 1 || forces > 3))) {
    out.push_back(violation(kKaramaPower, fmt::format("the Emperor's Karama revival took {} forces{}: up to three forces or one leader ([LR] 1.14.02)",
                                                      forces, r.leader ? " and a leader" : "")));
  }
  // For free: nobody's spice and the bank's are unchanged.
  for (auto& v : compare_flows(kKaramaPower, t, Flows(b), "the Emperor revived by his Karama power, for free ([LR] 1.14.02)")) out.push_back(std::move(v));
  const SeatState& was = b.seat(seat);
  const SeatState& is = a.seat(seat);
  if (was.tanks_normal - is.tanks_normal != r.normal || was.tanks_special - is.tanks_special != r.special ||
      is.reserves_normal - was.reserves_normal != r.normal || is.reserves_special - was.reserves_special != r.special) {
    out.push_back(violation(kKaramaPower, fmt::format("the Emperor's Karama revival of {} + {} did not move exactly those forces from the Tanks to reserves",
                                                      r.normal.value, r.special.value)));
  }
  if (r.leader) {
    if (!in_tanks(b, *r.leader)) out.push_back(violation(kKaramaPower, "the Emperor revived a leader that was not in the Tanks"));
    if (a.leaders[r.leader->value].where != LeaderLocation::Available || a.leaders[r.leader->value].holder != seat) {
      out.push_back(violation(kKaramaPower, "the leader revived by the Emperor's Karama power is not behind his shield"));
    }
  }
  return out;
}

template <class Hand>
bool in_hand(const Hand& hand, TreacheryCardId c) { return std::find(hand.begin(), hand.end(), c) != hand.end(); }

Violations take_hand(const Transition& t, Seat seat, const KaramaTakeHand& c) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  if (b.faction_of(seat) != Faction::Harkonnen || b.step != Step::Bidding) {
    out.push_back(violation(kKaramaPower, "a hand was taken by Karama other than by the Harkonnen during Bidding ([LR] 1.14.04)"));
  }
  const auto& taken = b.seat(c.target).hand;
  if (!a.seat(c.target).hand.empty()) out.push_back(violation(kKaramaPower, "the Harkonnen took less than the entire hand ([LR] 1.14.04)"));
  for (TreacheryCardId card : taken) {
    if (!in_hand(a.seat(seat).hand, card)) {
      out.push_back(violation(kKaramaPower, fmt::format("{} of the taken hand is not in the Harkonnen hand", card_type(card).name)));
    }
  }
  if (a.seat(seat).hand.size() + 1 != b.seat(seat).hand.size() + taken.size()) {
    out.push_back(violation(kKaramaPower, "the Harkonnen hand is not its old hand, less the Karama, plus the hand taken"));
  }
  const auto& x = a.karama.exchange;
  if (!x || x->harkonnen != seat || x->target != c.target || x->owed != taken.size()) {
    out.push_back(violation(kKaramaPower, fmt::format("the Harkonnen took {} cards and owe {} back ([LR] 1.14.04: one for each card added)",
                                                      taken.size(), x ? x->owed : 0)));
  }
  return out;
}

Violations give_card(const Transition& t, Seat seat, const KaramaGiveCard& c) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  const auto& x = b.karama.exchange;
  if (!x || x->harkonnen != seat) return {violation(kKaramaPower, "a card was given back with no hand exchange under way")};
  if (!in_hand(a.seat(x->target).hand, c.card) || a.seat(x->target).hand.size() != b.seat(x->target).hand.size() + 1 ||
      a.seat(seat).hand.size() + 1 != b.seat(seat).hand.size()) {
    out.push_back(violation(kKaramaPower, fmt::format("{} was to pass from the Harkonnen to {}, and nothing else", card_type(c.card).name,
                                                      name_of(b, x->target))));
  }
  const int owed = x->owed - 1;
  if ((owed == 0 && a.karama.exchange) || (owed > 0 && (!a.karama.exchange || a.karama.exchange->owed != owed))) {
    out.push_back(violation(kKaramaPower, fmt::format("after this card the Harkonnen owe {}", owed)));
  }
  return out;
}

// ---- the Atreides' look at a battle plan ([LR] 1.14.01; README's reading) ----

// What each element of a committed plan is, as the sighting's id, from the card and leader
// tables: the leader or Cheap Hero, the weapon, the defense (a card that only fills the slot is
// not a weapon or defense: 255, as none), the dial in half points.
// The step showed `viewer` (and nobody else) the whole plan of `side`, element by element.
void check_plan_shown(const Transition& t, Seat viewer, int side, Violations& out) {
  const BattleState& a = t.after.battle;
  const auto& plan = a.plans[static_cast<std::size_t>(side)];
  const auto& wheel = a.wheels[static_cast<std::size_t>(side)];
  const std::string whose = name_of(t.before, a.combatants[static_cast<std::size_t>(side)]);
  if (!plan || !wheel) {
    out.push_back(violation(kKaramaPower, fmt::format("the Atreides were shown {}'s plan before it was whole ([LR] 1.14.01: the entire "
                                                      "battle plan; the opponent commits the rest first)", whose)));
    return;
  }
  std::vector<std::uint8_t> seen;
  for (const Sighting& x : new_sightings(t)) {
    if (x.seat != viewer) {
      out.push_back(violation(kKaramaPower, fmt::format("{} saw something of {}'s plan by the Atreides Karama power ([LR] 1.14.01: the Atreides look)",
                                                        name_of(t.before, x.seat), whose)));
      continue;
    }
    if (x.kind == SeenKind::PlanElement) seen.push_back(x.id);
  }
  const auto expected = plan_ids(*plan, *wheel);
  if (seen != std::vector<std::uint8_t>(expected.begin(), expected.end())) {
    out.push_back(violation(kKaramaPower, fmt::format("the Atreides saw {} element(s) of {}'s plan, not its leader, weapon, defense and dial as "
                                                      "committed ([LR] 1.14.01)", seen.size(), whose)));
  }
}

// The Atreides' KaramaSeePlan: in their own battle, while they make their plan; the opponent's
// plan shown at once when whole, else the opponent alone commits the rest first.
Violations see_plan(const Transition& t, Seat seat) {
  const GameState& b = t.before;
  const BattleState& bb = b.battle;
  Violations out;
  const bool combatant = bb.combatants[0] == seat || bb.combatants[1] == seat;
  if (b.faction_of(seat) != Faction::Atreides || !combatant || bb.stage != BattleStage::Plans) {
    out.push_back(violation(kKaramaPower, "a battle plan was looked at by Karama other than by the Atreides in their own battle's plans ([LR] 1.14.01)"));
    return out;
  }
  const std::size_t other = bb.combatants[0] == seat ? 1 : 0;
  const auto& powers = t.after.karama.powers;
  if (powers.size() != b.karama.powers.size() + 1 || powers.back().power != KaramaPower::AtreidesBattlePlan ||
      powers.back().target != bb.combatants[other]) {
    out.push_back(violation(kKaramaPower, "the Atreides' look at a battle plan left no record of the once-a-game use against their opponent"));
  }
  if (bb.plans[other] && bb.wheels[other]) {
    check_plan_shown(t, seat, static_cast<int>(other), out);
  } else if (t.after.battle.stage != BattleStage::KaramaPlanAnswer || !new_sightings(t).empty()) {
    out.push_back(violation(kKaramaPower, fmt::format("{} had not committed its whole plan: it commits the rest first, and nothing is shown yet "
                                                      "([LR] 1.14.01, README)", name_of(b, bb.combatants[other]))));
  }
  return out;
}

// A part committed while the opponent answers the Atreides' Karama: once its plan is whole, the
// Atreides see all of it and the plans go on.
Violations plan_answer(const Transition& t, Seat seat) {
  const BattleState& bb = t.before.battle;
  const std::size_t side = bb.combatants[0] == seat ? 0 : 1;
  const Seat atreides = bb.combatants[1 - side];
  const BattleState& a = t.after.battle;
  Violations out;
  if (a.plans[side] && a.wheels[side]) {
    check_plan_shown(t, atreides, static_cast<int>(side), out);
    if (a.stage != BattleStage::Plans) out.push_back(violation(kKaramaPower, "the plans do not go on once the Atreides saw the opponent's plan"));
  } else if (a.stage != BattleStage::KaramaPlanAnswer || !new_sightings(t).empty()) {
    out.push_back(violation(kKaramaPower, "half a plan committed for the Atreides' Karama: nothing is shown until it is whole ([LR] 1.14.01)"));
  }
  return out;
}

}  // namespace

// Karama against Prescience and the Voice ([LR] 2.01.08-09 ✷, 2.02.06-07 ✷, 3.01.11.01; README's
// reading): at the step the ability is used, another seat's standing order with a card to play
// cancels it (the engine plays the first in storm order): no Prescience element is asked, told or
// shown, no Voice binds; without such an order the ability goes ahead as used. nullopt: not such
// a step.
std::optional<Violations> battle_ability_cancel(const Transition& t) {
  const Envelope* e = envelope_of(t);
  if (!e) return std::nullopt;
  const BattleState& bb = t.before.battle;
  const auto* p = std::get_if<UsePrescience>(&e->command);
  const auto* v = std::get_if<UseVoice>(&e->command);
  if (!(p && bb.stage == BattleStage::Prescience) && !(v && bb.stage == BattleStage::Voice)) return std::nullopt;
  if (!single_step(t)) return Violations{};
  const KaramaAbility ability = p ? KaramaAbility::AtreidesPrescience : KaramaAbility::BeneGesseritVoice;
  const std::string what = p ? "Prescience" : "the Voice";
  const auto ready = karama_ready(t.before, e->seat, ability);
  const bool cancelled = std::ranges::any_of(added_cancels(t.before, t.after),
                                             [&](const KaramaCancel& k) { return k.ability == ability && k.against == e->seat; });
  const BattleState& a = t.after.battle;
  Violations out;
  if (!ready.empty() && !cancelled) {
    out.push_back(violation(kKarama, fmt::format("{} stood ready to cancel {} with a Karama, and it went ahead ([LR] 3.01.11.01)",
                                                 name_of(t.before, ready.front()), what)));
  }
  if (cancelled && p) {
    const bool asked = a.prescience || a.stage == BattleStage::PrescienceAnswer ||
                       (a.stage == BattleStage::NexusBetrayal && a.nexus_window == Faction::Atreides);  // its Betrayal window
    const auto seen = new_sightings(t);
    const bool told = std::any_of(seen.begin(), seen.end(), [](const Sighting& x) { return x.kind == SeenKind::PlanElement; });
    if (asked || told) {
      out.push_back(violation(kKarama, "Prescience cancelled by a Karama is answered all the same ([LR] 2.01.08 ✷: nothing of the plan is told)"));
    }
  }
  if (cancelled && v && a.voice) out.push_back(violation(kKarama, "the Voice cancelled by a Karama binds the opponent all the same ([LR] 2.02.06 ✷)"));
  if (!cancelled && p && a.prescience != p->element) out.push_back(violation(kKarama, "Prescience asked with no Karama against it was not put to the opponent"));
  if (!cancelled && v && a.voice != *v) out.push_back(violation(kKarama, "the Voice used with no Karama against it does not bind the opponent"));
  return out;
}

// A Karama against a Bene Gesserit worthless card played as a Karama ([LR] 2.02.22 ✷, 1.14.06): the
// worthless cards stay in their hand. Played in an action (a card taken without paying, a Karama
// shipment), nothing of it is done and they retake it without the ability (3.04); played as their
// own standing order, the order is retaken at once with a real Karama if they hold one.
void worthless_cancel_checks(const Transition& t, std::size_t i, const std::string& who, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const KaramaCancel& k = a.karama.cancels[i];
  if (k.ability != KaramaAbility::BeneGesseritWorthlessKarama) return;
  const std::string bg = name_of(b, k.against);
  const auto fault = [&](std::string what) { out.push_back(violation(kKarama, fmt::format("{}'s Karama: {}", who, what))); };
  if (b.faction_of(k.against) != Faction::BeneGesserit || !b.options.rules.advanced_karama) {
    fault(fmt::format("cancelled a worthless card played as a Karama by {}, which may not play one ([LR] 1.14.06)", bg));
  }
  for (TreacheryCardId c : b.seat(k.against).hand) {
    if (card_type(c).classification == TreacheryClass::Worthless && !holds(a.seat(k.against), c)) {
      fault(fmt::format("{}'s worthless card {} was spent although its use as a Karama was cancelled ([LR] 2.02.22)", bg, card_type(c).name));
    }
  }
  const Envelope* e = envelope_of(t);
  const bool take = e && e->seat == k.against && std::holds_alternative<KaramaTakeCard>(e->command);
  const Ship* ship = e && e->seat == k.against ? std::get_if<Ship>(&e->command) : nullptr;
  if (take || (ship && ship->karama)) {
    const SeatState& was = b.seat(k.against);
    const SeatState& is = a.seat(k.against);
    const bool untouched = take ? a.bidding.lots == b.bidding.lots && is.hand.size() == was.hand.size() && is.spice == was.spice &&
                                      a.step == Step::Bidding
                                : a.board == b.board && is.reserves_normal == was.reserves_normal &&
                                      is.reserves_special == was.reserves_special && is.spice == was.spice && a.step == Step::Shipment;
    if (!untouched) fault(fmt::format("{}'s {} went ahead although its Karama was cancelled ([LR] 2.02.22)", bg, take ? "card taken without paying" : "Karama shipment"));
    if (a.karama.retakes_without_worthless != k.against) fault(fmt::format("{} has no action to retake without the ability ([LR] 3.04)", bg));
    return;
  }
  // The order retaken at once: the next cancel of this step is the Bene Gesserit's, with a real Karama.
  const auto& after = a.karama.cancels;
  const auto& hand = b.seat(k.against).hand;
  const bool real = std::any_of(hand.begin(), hand.end(), [](TreacheryCardId c) { return card_type(c).name == "Karama"; });
  const bool retaken = i + 1 < after.size() && after[i + 1].by == k.against && after[i + 1].ability == b.karama.armed[k.against.value];
  if (real != retaken) {
    fault(real ? fmt::format("{} hold a Karama but did not retake their standing order with it ([LR] 3.04)", bg)
               : fmt::format("{}'s standing order was played although its worthless card was cancelled", bg));
  }
}

// The worms that appeared in the step, in order, from the list of worms to ride ([LR] 2.04.08): a
// pile that begins in the step (a new phase's pile A, or pile B after pile A's Nexus and rides)
// starts the list afresh, so all of it is new; a step of the worm rides themselves reveals none
// (the next pile's draws begin the list afresh); else the new ones follow those the step found.
std::vector<TerritoryId> worms_appeared(const Transition& t) {
  const GameState& b = t.before;
  const auto& rides = t.after.blow.worm_rides;
  const bool begun = b.phase != Phase::SpiceBlowAndNexus || b.step == Step::KaramaWorm || t.after.blow.pile != b.blow.pile;
  if (begun) return rides;
  if (b.step == Step::WormRide || rides.size() <= b.blow.worm_rides.size()) return {};
  return {rides.begin() + static_cast<std::ptrdiff_t>(b.blow.worm_rides.size()), rides.end()};
}

// Whether the step opened a Bidding phase (from the phase before it, or from an Amal window as the
// Bidding begins): where the Karamas against the Ixians' bidding advantages are met.
bool bidding_opens(const Transition& t) {
  const Step was = t.before.step;
  return t.after.phase == Phase::Bidding && was != Step::Bidding && was != Step::IxCardSelection && was != Step::AllyCardReplacement &&
         was != Step::IxTechnology;
}

// A Karama against a Fremen ✷ ability ([LR] 3.01.11.01): the cancelled use did nothing, and the
// user retakes its action without the ability where the rule gives one (3.04; README "Karama").
void fremen_cancel_checks(const Transition& t, const KaramaCancel& k, const std::string& who, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::string user = name_of(b, k.against);
  const auto fault = [&](std::string what) { out.push_back(violation(kKarama, fmt::format("{}'s Karama: {}", who, what))); };
  switch (k.ability) {
    case KaramaAbility::FremenMovement:        // 2.04.06: nothing moves; the Fremen still move, one territory
    case KaramaAbility::IxiansCyborgMovement:  // one source, [TO]: the Ixians' with Cyborgs likewise
      if (a.board != b.board) fault(fmt::format("the cancelled two-territory move of {} moved forces ([LR] 2.04.06)", user));
      if (a.step != Step::Movement || a.movement.moves_made != b.movement.moves_made) {
        fault(fmt::format("{} have no movement to retake after the cancel ([LR] 3.04)", user));
      }
      break;
    case KaramaAbility::FremenStormMigration:  // 2.04.17: nothing sent; the Fremen retake their sending
      if (a.board != b.board || a.seat(k.against).reserves_normal != b.seat(k.against).reserves_normal ||
          a.seat(k.against).reserves_special != b.seat(k.against).reserves_special || tanks(a, k.against) != tanks(b, k.against)) {
        fault(fmt::format("the cancelled sending of {} into the storm moved forces ([LR] 2.04.17)", user));
      }
      if (a.step != Step::Shipment) fault(fmt::format("{} have no sending to retake after the cancel ([LR] 3.04)", user));
      break;
    case KaramaAbility::FremenSandworms: {  // 2.04.15: the worm appears as printed (1.02.05)
      const auto printed = topmost_territory(b.blow.discard[b.blow.pile]);
      const auto appeared = worms_appeared(t);
      const std::optional<TerritoryId> devoured = appeared.empty() ? std::nullopt : std::optional<TerritoryId>(appeared.front());
      if (devoured != printed) {
        fault(fmt::format("the worm whose placing was cancelled appeared in {}, not in {}, the topmost territory card's ([LR] 1.02.05)",
                          devoured ? to_string(*devoured) : "no territory", printed ? to_string(*printed) : "no territory"));
      }
      break;
    }
    case KaramaAbility::TleilaxuRevivalIncome: {  // one source, [TO]: the revival stands, its income does not
      const Envelope* e = envelope_of(t);
      if (!e || !std::holds_alternative<Revive>(e->command) || b.faction_of(k.against) != Faction::Tleilaxu) {
        fault("cancelled the Tleilaxu's revival income in a step with no revival");
      } else if (a.step == Step::Revival && !a.revival.done[e->seat.value]) {
        fault(fmt::format("the revival of {} whose income it cancelled did not go ahead ([TO]: only the income is cancelled)", name_of(b, e->seat)));
      }
      break;
    }
    case KaramaAbility::TleilaxuRaisedRevivalLimits:     // one source each, [TO]: played as the Tleilaxu
    case KaramaAbility::TleilaxuEarlyLeaderRevival:      // raise a limit, offer an early revival or replace a
    case KaramaAbility::TleilaxuFaceDancerReplacement: {  // dancer (oracle.choices, oracle.face-dancer: nothing done)
      const Envelope* e = envelope_of(t);
      const bool used = e && e->seat == k.against && b.faction_of(k.against) == Faction::Tleilaxu &&
                        (k.ability == KaramaAbility::TleilaxuRaisedRevivalLimits   ? std::holds_alternative<RaiseRevivalLimit>(e->command)
                         : k.ability == KaramaAbility::TleilaxuEarlyLeaderRevival ? std::holds_alternative<OfferLeaderRevival>(e->command)
                                                                                  : std::holds_alternative<ReplaceFaceDancer>(e->command));
      if (!used) fault(fmt::format("cancelled {} in a step that used none", to_string(k.ability)));
      break;
    }
    case KaramaAbility::TleilaxuGholaRevival: {  // one source, [TO] PurpleReviveGhola: the ghola stays in the Tanks
      const Revive* r = command_of<Revive>(t);
      if (!r || !r->leader || r->leader->value >= kLeaderCount || b.faction_of(k.against) != Faction::Tleilaxu ||
          leader_owner(b, *r->leader) == Faction::Tleilaxu) {
        fault("cancelled the Tleilaxu's revival of a ghola in a step that revived none");
      } else if (!in_tanks(a, *r->leader)) {
        fault(fmt::format("{} left the Tanks though a Karama cancelled its revival as a ghola ([TO]; 3.01.11.01)", leader_info(*r->leader).name));
      }
      [[fallthrough]];  // and, as for the discounts below, nothing revived or paid, and a retake
    }
    case KaramaAbility::TleilaxuRevivalDiscount:      // one source, [TO]: likewise, the Tleilaxu's own
    case KaramaAbility::TleilaxuAllyRevivalDiscount:  // one source, [TO]: likewise, retaken at full price
    case KaramaAbility::FremenAllyFreeRevival: {  // 2.04.11: nothing revived; the ally retakes its revival
      const SeatState& was = b.seat(k.against);
      const SeatState& is = a.seat(k.against);
      if (was.tanks_normal != is.tanks_normal || was.tanks_special != is.tanks_special || was.spice != is.spice) {
        fault(fmt::format("the cancelled revival of {} with {} revived or paid ([LR] 3.01.11.01)", user, to_string(k.ability)));
      }
      if (a.step != Step::Revival || a.revival.done[k.against.value]) {
        fault(fmt::format("{} has no revival to retake after the cancel ([LR] 3.04)", user));
      }
      break;
    }
    case KaramaAbility::FremenShaiHulud:             // 2.04.07: the worm devours the Fremen as printed
    case KaramaAbility::FremenAllyWormProtection: {  // 2.04.10: and the ally it would have spared
      const auto fremen = b.seat_of(Faction::Fremen);
      const auto ally = fremen ? ally_seat(b, *fremen) : std::nullopt;
      const bool own = k.ability == KaramaAbility::FremenShaiHulud;
      const auto rides = worms_appeared(t);
      if (!fremen || (!own && !ally) || rides.empty()) {
        fault(fmt::format("{} was cancelled where no worm appeared", to_string(k.ability)));
        break;
      }
      // The worm whose sparing was cancelled: the step's first that found that faction's forces
      // (the engine asks only there, 2.04.07 ✷); a worm before it in the step devoured none of them.
      const Faction f = own ? Faction::Fremen : b.faction_of(*ally);
      const auto first = std::find_if(rides.begin(), rides.end(), [&](TerritoryId r) { return territory_forces(b, f, r) > 0; });
      if (first == rides.end()) {
        fault(fmt::format("{} was cancelled where no worm found {} forces", to_string(k.ability), to_string(f)));
        break;
      }
      const TerritoryId where = *first;
      if (territory_forces(a, f, where) > 0) {
        fault(fmt::format("{} still has {} forces in {} after the worm whose sparing was cancelled ([LR] 1.02.05)",
                          to_string(f), territory_forces(a, f, where), to_string(where)));
      }
      break;
    }
    case KaramaAbility::IxiansHmsMovement: {  // one source, [TO] GreyMovingHms: the HMS stays; no retake
      const Envelope* e = envelope_of(t);
      // With the PerStep reading (ixians.md §4.2) a first Pass that takes spice from the host is
      // the same ability used ([TO] GreyMovingHms: "may not move or collect spice").
      const bool pass_takes = e && std::holds_alternative<Pass>(e->command) && b.options.hms_spice == HmsSpice::PerStep && b.board.hms_host &&
                              hms_storm_steps(b) == 0 && b.board.spice[index(*b.board.hms_host)] > Spice{0};
      if (!e || !(std::holds_alternative<MoveHms>(e->command) || pass_takes) || e->seat != k.against) {
        fault("cancelled the Ixians' move of their Hidden Mobile Stronghold in a step that made none");
      } else if (a.board.hms_host != b.board.hms_host) {
        fault(fmt::format("the Hidden Mobile Stronghold moved from cell {} to cell {} after the Karama against its move", b.board.hms_host->value,
                          a.board.hms_host ? a.board.hms_host->value : -1));
      }
      if (a.step == Step::HmsMovement && a.turn == b.turn) fault("the Ixians are asked again to move the HMS after the Karama against its move");
      break;
    }
    case KaramaAbility::IxiansBiddingSelection: {  // 2 sources, [TO] and [DB]: as the row is dealt, no extra lot, no selection
      if (!bidding_opens(t)) fault("cancelled the Ixians' selection outside the opening of a Bidding phase");
      if (a.step == Step::IxCardSelection) fault("the Ixians are asked to select from the row after the Karama against their selection");
      if (a.bidding.lots_total > lots_to_deal(a)) {
        fault(fmt::format("{} lots are dealt after the Karama against the Ixians' selection: {}, one per seat that may bid",
                          a.bidding.lots_total, lots_to_deal(a)));
      }
      break;
    }
    case KaramaAbility::IxiansTechnology: {  // one source, [TO] GreySwappingCard: as the phase opens, no swap this phase
      if (!bidding_opens(t) || !a.options.rules.ixians_technology) {
        fault("cancelled the Ixians' Technology outside the opening of a Bidding phase in a game with the rule");
      }
      if (a.step == Step::IxTechnology) fault("the Ixians are asked for their Technology after the Karama against it");
      if (a.bidding.technology_used) fault("the Ixians swapped a card after the Karama against their Technology");
      break;
    }
    case KaramaAbility::IxiansCyborgBonus: {  // 2 sources, [TO] and [DB]: as a battle's plans begin, its Cyborgs there
      const BattleState& ab = a.battle;
      const bool no_part = !ab.plans[0] && !ab.plans[1] && !ab.wheels[0] && !ab.wheels[1];
      const bool begins = a.step == Step::Battle && no_part && (b.step != Step::Battle || b.battle.stage != BattleStage::Plans);
      int cyborgs = 0;
      for (CellId c : a.battle.cells) cyborgs += a.board.special[index(c)][index(Faction::Ixians)].value;
      const bool fighting = std::ranges::find(a.battle.combatants, k.against) != a.battle.combatants.end();
      if (!begins || !fighting || cyborgs == 0) fault("cancelled the Ixians' Cyborg bonus other than as the plans of their battle with Cyborgs begin");
      if (!a.battle.cyborgs_prevented) fault("the Ixians' Cyborgs keep their bonus in the battle after the Karama against it (ixians.md §7.2)");
      break;
    }
    case KaramaAbility::IxiansLossSubstitution: {  // one source, [TO] GreyReplacingSpecialForces: nothing lost, chosen again
      const Envelope* e = envelope_of(t);
      if (!b.options.cyborg_loss_substitution || !e || !std::holds_alternative<TakeLosses>(e->command) || e->seat != k.against ||
          b.battle.winner != k.against) {
        fault("cancelled the Ixians' Cyborg loss substitution other than as they, winning with the option on, take their losses");
      }
      if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("forces were lost with the substitution cancelled ([LR] 3.04: it did not happen)");
      if (!a.battle.substitution_prevented || a.battle.stage != BattleStage::WinnerLosses) {
        fault("the Ixians are not asked again for their losses, without the substitution, after the Karama against it");
      }
      break;
    }
    default: break;  // FremenStormLosses: oracle.storm-damage recomputes the full losses
  }
}

// [LR] 1.14.03: the Fremen place their sandworm in a sand territory after turn 1, once a game, and
// it "will cause a nexus" (1.02.06): the Nexus has begun once pile A's territory card is revealed in
// the same step (unless the game halted on an expansion card). What it devours, "treated as a
// normal sandworm", is decided by oracle.worm and oracle.spice-blow, which read it as a placed worm.
Violations fremen_worm(const Transition& t, Seat seat, const KaramaWorm& w) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  if (b.faction_of(seat) != Faction::Fremen) out.push_back(violation(kKaramaPower, "a seat other than the Fremen placed a sandworm by Karama ([LR] 1.14.03)"));
  if (b.turn <= 1) out.push_back(violation(kKaramaPower, "the Fremen Karama worm on turn 1 ([LR] 1.14.03: after turn 1)"));
  if (index(w.territory) >= kTerritoryCount || territory_info(w.territory).type != TerritoryType::Sand) {
    out.push_back(violation(kKaramaPower, "the Fremen Karama worm outside the sand ([LR] 1.14.03)"));
    return out;
  }
  if (a.karama.powers.size() != b.karama.powers.size() + 1 || a.karama.powers.back().power != KaramaPower::FremenWorm) {
    out.push_back(violation(kKaramaPower, "the Fremen Karama worm left no record of the once-a-game use"));
  }
  if (!a.blow.nexus_pending && !a.blow.nexus_occurred && a.halted.empty()) {
    out.push_back(violation(kKaramaPower, "the Fremen Karama worm causes no Nexus ([LR] 1.14.03, 1.02.06)"));
  }
  return out;
}

// The Tleilaxu Karama power (one source: [TO] KarmaRevivalPrevention): the target, another seat
// yet to revive, is asked nothing more this Revival; no force, leader or spice moves, and the
// Tleilaxu's own decision goes on.
Violations tleilaxu_prevention(const Transition& t, Seat seat, const KaramaPreventRevival& k) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  const auto target = b.seat_of(k.faction);
  if (b.faction_of(seat) != Faction::Tleilaxu || !target || *target == seat) {
    out.push_back(violation(kKaramaPower, "the Tleilaxu Karama power is the Tleilaxu's, against another seated faction ([TO])"));
    return out;
  }
  if (a.karama.powers.size() != b.karama.powers.size() + 1 || a.karama.powers.back().power != KaramaPower::TleilaxuRevivalPrevention ||
      a.karama.powers.back().target != target) {
    out.push_back(violation(kKaramaPower, "the Tleilaxu Karama power left no record of the once-a-game use against its target"));
  }
  for (auto& v : compare_flows(kKaramaPower, t, Flows(b), "the Tleilaxu Karama power moves no spice ([TO])")) out.push_back(std::move(v));
  for (std::size_t i = 0; i < b.seat_count(); ++i) {
    const SeatState& was = b.seats[i];
    const SeatState& is = a.seats[i];
    if (was.tanks_normal != is.tanks_normal || was.tanks_special != is.tanks_special || was.reserves_normal != is.reserves_normal ||
        was.reserves_special != is.reserves_special) {
      out.push_back(violation(kKaramaPower, fmt::format("the Tleilaxu Karama power moved forces of {} ([TO]: it revives nothing)", name_of(b, Seat{static_cast<std::uint8_t>(i)}))));
    }
  }
  if (b.leaders != a.leaders) out.push_back(violation(kKaramaPower, "the Tleilaxu Karama power moved a leader ([TO]: it revives nothing)"));
  const auto asked = pending(a);
  if (std::ranges::find(asked, *target) != asked.end()) {
    out.push_back(violation(kKaramaPower, fmt::format("{} is still asked to revive after the Tleilaxu Karama power prevented it ([TO])", to_string(k.faction))));
  }
  if (a.step == Step::Revival && std::ranges::find(asked, seat) == asked.end()) {
    out.push_back(violation(kKaramaPower, "the Tleilaxu's own Revival decision ended with their Karama power"));
  }
  return out;
}

// The Ixians' Karama power (one source: [TO] KarmaHmsMovement; ixians.md §7.1): recorded as the move
// begins (by steps, its later steps record nothing), and the Ixians' own Shipment and Movement
// action goes on (where the HMS goes, and the spice and forces that move with it, are oracle.hms's).
Violations ixians_hms_move(const Transition& t, Seat seat) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  Violations out;
  if (b.faction_of(seat) != Faction::Ixians) {
    out.push_back(violation(kKaramaPower, "a seat other than the Ixians moved the Hidden Mobile Stronghold by Karama ([TO])"));
  }
  const bool begins = hms_karama_steps(b) == 0;
  const std::size_t records = b.karama.powers.size() + (begins ? 1 : 0);
  if (a.karama.powers.size() != records || (begins && a.karama.powers.back().power != KaramaPower::IxiansHmsMovement)) {
    out.push_back(violation(kKaramaPower, begins ? "the Ixians' Karama move of the HMS left no record of the once-a-game use"
                                                 : "a later step of the Ixians' Karama move of the HMS recorded another use of the power"));
  }
  const auto asked = pending(a);
  if (a.step != b.step || a.movement.turn_index != b.movement.turn_index || std::ranges::find(asked, seat) == asked.end()) {
    out.push_back(violation(kKaramaPower, "the Ixians' Shipment and Movement action ended with their Karama power ([TO]: it goes on)"));
  }
  return out;
}

Violations karama_power(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const bool emperor = e && std::holds_alternative<KaramaRevive>(e->command);
  const bool take = e && std::holds_alternative<KaramaTakeHand>(e->command);
  const bool give = e && std::holds_alternative<KaramaGiveCard>(e->command);
  const bool see = e && std::holds_alternative<KaramaSeePlan>(e->command);
  const bool worm = e && std::holds_alternative<KaramaWorm>(e->command);
  const bool prevent = e && std::holds_alternative<KaramaPreventRevival>(e->command);
  const bool hms = e && std::holds_alternative<KaramaMoveHms>(e->command);
  const bool answer = e && t.before.battle.stage == BattleStage::KaramaPlanAnswer &&
                      (std::holds_alternative<PlanBattle>(e->command) || std::holds_alternative<DialBattle>(e->command));
  if (!emperor && !take && !give && !see && !worm && !prevent && !hms && !answer && t.after.karama.powers.size() == t.before.karama.powers.size()) return {};
  if (!owns_step(t)) return {};  // a chance entry of a step whose command decides it
  if (!single_step(t) && !worm) return skipped(kKaramaPower);  // the worm's step goes on with the blow's draws
  Violations out;
  check_uses(t, out);
  Violations more;
  if (emperor) more = emperor_revival(t, e->seat, std::get<KaramaRevive>(e->command));
  if (take) more = take_hand(t, e->seat, std::get<KaramaTakeHand>(e->command));
  if (give) more = give_card(t, e->seat, std::get<KaramaGiveCard>(e->command));
  if (see) more = see_plan(t, e->seat);
  if (answer) more = plan_answer(t, e->seat);
  if (worm) more = fremen_worm(t, e->seat, std::get<KaramaWorm>(e->command));
  if (prevent) more = tleilaxu_prevention(t, e->seat, std::get<KaramaPreventRevival>(e->command));
  if (hms) more = ixians_hms_move(t, e->seat);
  for (Violation& v : more) out.push_back(std::move(v));
  return decided(kKaramaPower, std::move(out));
}

// ---- the Guild's and the Emperor's ✷ abilities of issue 16 ([LR] 3.01.11.01-02, 3.04) ------------

namespace {

bool same_reserves(const SeatState& was, const SeatState& is) {
  return was.reserves_normal == is.reserves_normal && was.reserves_special == is.reserves_special;
}

}  // namespace

// What the cancel of k left: a cross-ship or shipment back to reserves moved and paid nothing and
// the shipper is still to ship (a normal shipment, [LR] 3.04); the Guild's timing prevented as the
// phase began, or its out-of-turn act cancelled, is not acted on (the turn in storm order goes on);
// the ally's revival with the Emperor's extras revived and paid nothing and is still to be made.
void guild_and_emperor_cancel(const Transition& t, const KaramaCancel& k, const std::string& who, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Envelope* e = envelope_of(t);
  const std::string against = name_of(b, k.against);
  const auto unchanged = [&](std::string_view what) {
    for (auto& v : compare_flows(kKarama, t, Flows(b), fmt::format("{} cancelled by {}'s Karama: nothing paid", what, who))) out.push_back(std::move(v));
  };
  if (k.ability == KaramaAbility::GuildCrossShip || k.ability == KaramaAbility::GuildShipToReserves) {
    const bool cross = k.ability == KaramaAbility::GuildCrossShip;
    const bool used = e && e->seat == k.against &&
                      (cross ? std::holds_alternative<CrossShip>(e->command) : std::holds_alternative<ShipToReserves>(e->command));
    if (!used) {
      out.push_back(violation(kKarama, fmt::format("{} cancelled {} in a step that used none", who, to_string(k.ability))));
      return;
    }
    unchanged(cross ? "a cross-shipment" : "a shipment back to reserves");
    if (a.board != b.board || !same_reserves(b.seat(k.against), a.seat(k.against))) {
      out.push_back(violation(kKarama, fmt::format("{}'s {} cancelled by {}'s Karama moved forces ([LR] 3.01.11.01)", against,
                                                   cross ? "cross-shipment" : "shipment back to reserves", who)));
    }
    if (a.step != Step::Shipment || a.movement.turn_index != b.movement.turn_index || a.movement.guild_acting != b.movement.guild_acting) {
      out.push_back(violation(kKarama, fmt::format("{}'s cancelled shipment left no retake ([LR] 3.04: a normal shipment)", against)));
    }
  }
  if (k.ability == KaramaAbility::GuildShipAsItPleases) {
    if (b.faction_of(k.against) != Faction::SpacingGuild || !b.options.rules.guild_shipment_timing) {
      out.push_back(violation(kKarama, fmt::format("{} cancelled the Guild's timing where it has none ([LR] 2.06.12)", who)));
    }
    // Cancelled: the Guild does not act now; a cancelled Delay leaves the Guild's own turn next.
    // (A step that opens Shipment and Movement prevents the ability instead: its command, say the
    // Guild's pass on the last lot, is no use of it.)
    const bool during_phase = b.phase == Phase::ShipmentAndMovement;
    if (during_phase && e && std::holds_alternative<GuildActNow>(e->command) && (a.movement.guild_acting || a.movement.guild_done)) {
      out.push_back(violation(kKarama, fmt::format("the Guild acted out of storm order although {}'s Karama cancelled it "
                                                   "([LR] 2.06.12, 3.01.11.01)", who)));
    }
    if (during_phase && e && std::holds_alternative<Pass>(e->command) && a.movement.turn_index != b.movement.turn_index) {
      out.push_back(violation(kKarama, fmt::format("the Guild's Delay went ahead although {}'s Karama cancelled it ([LR] 2.06.12.03, "
                                                   "3.01.11.01)", who)));
    }
  }
  if (k.ability == KaramaAbility::EmperorAllyRevivals) {
    const Revive* r = e ? std::get_if<Revive>(&e->command) : nullptr;
    if (!r || r->ally_paid_extra.value == 0 || e->seat != k.against) {
      out.push_back(violation(kKarama, fmt::format("{} cancelled the Emperor's extra revivals in a step that used none", who)));
      return;
    }
    unchanged("a revival with the Emperor's extras");
    if (a.revival.done[e->seat.value] || tanks(a, e->seat) != tanks(b, e->seat)) {
      out.push_back(violation(kKarama, fmt::format("{}'s revival with the Emperor's extras, cancelled by {}'s Karama, went ahead "
                                                   "instead of being retaken ([LR] 3.04)", against, who)));
    }
  }
}

namespace {

bool guild_timing_stopped(const GameState& s) {
  return std::any_of(s.karama.cancels.begin(), s.karama.cancels.end(), [&](const KaramaCancel& k) {
    return k.ability == KaramaAbility::GuildShipAsItPleases && k.turn == s.turn;
  });
}

}  // namespace

// [LR] 2.06.12 ✷..✷: an order standing as Shipment and Movement begins prevents the Guild's timing
// (3.01.11.02), so none is left standing after the phase opens; an act ahead of the Guild's place
// while an order stands ready is cancelled (3.01.11.01); once prevented or cancelled this phase,
// the Guild chooses no timing again (storm order, 3.04).
void guild_timing_checks(const Transition& t, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!b.options.rules.guild_shipment_timing) return;
  const auto guild = b.seat_of(Faction::SpacingGuild);
  if (!guild) return;
  if (b.phase != Phase::ShipmentAndMovement && a.phase == Phase::ShipmentAndMovement) {
    // A Bene Gesserit order whose worthless card was itself cancelled as it was played stands as
    // before (2.02.22 ✷, 3.04; README "Karama"): that prevention was tried, and failed.
    auto ready = karama_ready(a, *guild, KaramaAbility::GuildShipAsItPleases);
    std::erase_if(ready, [&](Seat s) {
      return std::ranges::any_of(added_cancels(b, a), [&](const KaramaCancel& k) {
        return k.ability == KaramaAbility::BeneGesseritWorthlessKarama && k.against == s;
      });
    });
    if (!ready.empty()) {
      out.push_back(violation(kKarama, fmt::format("Shipment and Movement began with {}'s Karama order against the Guild's timing "
                                                   "still standing ([LR] 2.06.12, 3.01.11.02: prevented before its use)", name_of(b, ready.front()))));
    }
  }
  const Envelope* e = envelope_of(t);
  if (!e || e->seat != *guild || b.phase != Phase::ShipmentAndMovement || !std::holds_alternative<GuildActNow>(e->command)) return;
  if (guild_timing_stopped(b)) {
    out.push_back(violation(kKarama, "the Guild chose its timing after a Karama prevented or cancelled it this phase "
                                     "([LR] 2.06.12, 3.01.11.01-02: storm order)"));
    return;
  }
  const bool ahead = b.movement.turn_index < storm_place(b, *guild);
  if (ahead && !guild_timing_stopped(a) && !karama_ready(b, *guild, KaramaAbility::GuildShipAsItPleases).empty()) {
    out.push_back(violation(kKarama, fmt::format("the Guild acted ahead of its place in storm order although {} stood ready to "
                                                 "cancel it with a Karama ([LR] 2.06.12.02, 3.01.11.01)",
                                                 name_of(b, karama_ready(b, *guild, KaramaAbility::GuildShipAsItPleases).front()))));
  }
}

}  // namespace dune::invariants::oracle_detail

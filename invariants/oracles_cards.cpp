// The Truthtrance oracle: a played Truthtrance records one public answer, to the question asked,
// and that answer is the truth about the target's state as it stood before the play ([LR] 3.01.22
// "publicly ask one other player a single yes/no question"). Each answer is recomputed here from
// the card and leader tables, not by the engine's helper.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "invariants/oracle_support.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

bool in_hand(const SeatState& s, auto&& match) {
  return std::any_of(s.hand.begin(), s.hand.end(), [&](TreacheryCardId c) { return match(card_type(c)); });
}

bool is_weapon(TreacheryClass c) {
  return c == TreacheryClass::WeaponProjectile || c == TreacheryClass::WeaponPoison ||
         c == TreacheryClass::WeaponProjectileAndPoison || c == TreacheryClass::WeaponSpecial;
}

bool is_defense(TreacheryClass c) {
  return c == TreacheryClass::DefenseProjectile || c == TreacheryClass::DefensePoison ||
         c == TreacheryClass::DefenseProjectileAndPoison;
}

}  // namespace

std::optional<bool> truthtrance_fact(const GameState& s, const TruthtranceAnswer& a) {
  if (a.target.value >= s.seat_count() || a.asker.value >= s.seat_count()) return std::nullopt;
  const SeatState& t = s.seat(a.target);
  const auto has_traitor = [&](auto&& match) {
    return std::any_of(t.traitors.begin(), t.traitors.end(), [&](TraitorCardId c) { return match(c); });
  };
  const auto& nexus = s.nexus.held[a.target.value];
  switch (a.question) {
    case TruthtranceQuestion::HoldsKarama: return in_hand(t, [](const TreacheryCardType& c) { return c.name == "Karama"; });
    case TruthtranceQuestion::HoldsWeapon: return in_hand(t, [](const TreacheryCardType& c) { return is_weapon(c.classification); });
    case TruthtranceQuestion::HoldsDefense: return in_hand(t, [](const TreacheryCardType& c) { return is_defense(c.classification); });
    case TruthtranceQuestion::HasAtLeastTenSpice: return t.spice.value >= 10;
    case TruthtranceQuestion::HoldsTraitorOfMine:
      return has_traitor([&](TraitorCardId c) {
        return c.value < kLeaderCount && kLeaders[c.value].faction == s.faction_of(a.asker);
      });
    case TruthtranceQuestion::HoldsCardNamed: {
      if (!a.card) return std::nullopt;
      const std::string_view name = card_type(*a.card).name;
      return in_hand(t, [&](const TreacheryCardType& c) { return c.name == name; });
    }
    case TruthtranceQuestion::HoldsLeaderAsTraitor:
      if (!a.leader) return std::nullopt;
      return has_traitor([&](TraitorCardId c) { return c.value == a.leader->value; });
    case TruthtranceQuestion::PredictedFaction:
      if (!s.prediction || !a.faction) return std::nullopt;
      return s.prediction->faction == *a.faction;
    case TruthtranceQuestion::PredictedTurn:
      if (!s.prediction || !a.turn) return std::nullopt;
      return s.prediction->turn == *a.turn;
    case TruthtranceQuestion::HoldsNexusCard: return nexus.has_value() && (!a.faction || nexus->faction == *a.faction);
    case TruthtranceQuestion::HasAtLeastSpice: return t.spice.value >= a.spice.value;
  }
  return std::nullopt;
}

Violations truthtrance(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const auto* q = e ? std::get_if<PlayTruthtrance>(&e->command) : nullptr;
  if (!q) return {};
  if (!single_step(t)) return skipped(kTruthtrance);
  Violations out;
  const auto& was = t.before.truthtrance_answers;
  const auto& is = t.after.truthtrance_answers;
  if (is.size() != was.size() + 1) {
    out.push_back(violation(kTruthtrance, fmt::format("a Truthtrance left {} answers, not {}", is.size(), was.size() + 1)));
    return decided(kTruthtrance, std::move(out));
  }
  const TruthtranceAnswer& a = is.back();
  if (a.asker != e->seat || !(question_of(a) == *q)) {
    out.push_back(violation(kTruthtrance, fmt::format("the answer recorded is to another question than {} asked", name_of(t.before, e->seat))));
  }
  const auto fact = truthtrance_fact(t.before, a);
  if (!fact) return skipped(kTruthtrance);
  if (*fact != a.answer) {
    out.push_back(violation(kTruthtrance, fmt::format("{} answered {} to {}'s Truthtrance question {}, which is {} ([LR] 3.01.22)",
                                                      name_of(t.before, a.target), a.answer ? "yes" : "no", name_of(t.before, e->seat),
                                                      to_string(e->command), *fact ? "true" : "false")));
  }
  return decided(kTruthtrance, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

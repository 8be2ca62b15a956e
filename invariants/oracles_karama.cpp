// The Advanced faction Karama powers (oracles.h, `oracle.karama-power`; [LR] 1.13.06, 1.14): each
// use is the first of its faction in the game, plays a Karama of its user's hand to the discard,
// and does exactly what the printed power says, recomputed from the state before the step and the
// README's stated readings: the Emperor revives up to three forces or one leader of the Tanks for
// nothing (1.14.02); the Harkonnen take the target's whole hand and owe as many cards, then give
// them back one by one (1.14.04). The Guild's cancelled shipment is `oracle.karama-cancel`'s.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/oracle_support.h"
#include "model/cards.h"

namespace dune::invariants::oracle_detail {
namespace {

bool is_karama(TreacheryCardId c) { return card_type(c).name == "Karama"; }

bool dead(LeaderLocation where) { return where == LeaderLocation::Tanks || where == LeaderLocation::TanksFaceDown; }

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
    if (!dead(b.leaders[r.leader->value].where)) out.push_back(violation(kKaramaPower, "the Emperor revived a leader that was not in the Tanks"));
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

}  // namespace

// A Karama against a Fremen ✷ ability ([LR] 3.01.11.01): the cancelled use did nothing, and the
// user retakes its action without the ability where the rule gives one (3.04; README "Karama").
Violations fremen_cancel_checks(const Transition& t, const KaramaCancel& k, const std::string& who) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::string user = name_of(b, k.against);
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kKarama, fmt::format("{}'s Karama: {}", who, what))); };
  switch (k.ability) {
    case KaramaAbility::FremenMovement:  // 2.04.06: nothing moves; the Fremen still move, one territory
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
      const auto& rides = a.blow.worm_rides;
      const std::size_t n = b.blow.worm_rides.size();
      const std::optional<TerritoryId> devoured = rides.size() > n ? std::optional<TerritoryId>(rides[n]) : std::nullopt;
      if (devoured != printed) {
        fault(fmt::format("the worm whose placing was cancelled appeared in {}, not in {}, the topmost territory card's ([LR] 1.02.05)",
                          devoured ? to_string(*devoured) : "no territory", printed ? to_string(*printed) : "no territory"));
      }
      break;
    }
    case KaramaAbility::FremenAllyFreeRevival: {  // 2.04.11: nothing revived; the ally retakes its revival
      const SeatState& was = b.seat(k.against);
      const SeatState& is = a.seat(k.against);
      if (was.tanks_normal != is.tanks_normal || was.tanks_special != is.tanks_special || was.spice != is.spice) {
        fault(fmt::format("the cancelled revival of {} with the Fremen's free revivals revived or paid ([LR] 2.04.11)", user));
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
      const auto& rides = a.blow.worm_rides;
      if (!fremen || (!own && !ally) || rides.size() <= b.blow.worm_rides.size()) {
        fault(fmt::format("{} was cancelled where no worm appeared", to_string(k.ability)));
        break;
      }
      const Faction f = own ? Faction::Fremen : b.faction_of(*ally);
      const TerritoryId where = rides[b.blow.worm_rides.size()];
      if (territory_forces(a, f, where) > 0) {
        fault(fmt::format("{} still has {} forces in {} after the worm whose sparing was cancelled ([LR] 1.02.05)",
                          to_string(f), territory_forces(a, f, where), to_string(where)));
      }
      break;
    }
    default: break;  // FremenStormLosses: oracle.storm-damage recomputes the full losses
  }
  return out;
}

Violations karama_power(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const bool emperor = e && std::holds_alternative<KaramaRevive>(e->command);
  const bool take = e && std::holds_alternative<KaramaTakeHand>(e->command);
  const bool give = e && std::holds_alternative<KaramaGiveCard>(e->command);
  if (!emperor && !take && !give && t.after.karama.powers.size() == t.before.karama.powers.size()) return {};
  if (!single_step(t)) return skipped(kKaramaPower);
  Violations out;
  check_uses(t, out);
  Violations more;
  if (emperor) more = emperor_revival(t, e->seat, std::get<KaramaRevive>(e->command));
  if (take) more = take_hand(t, e->seat, std::get<KaramaTakeHand>(e->command));
  if (give) more = give_card(t, e->seat, std::get<KaramaGiveCard>(e->command));
  for (Violation& v : more) out.push_back(std::move(v));
  return decided(kKaramaPower, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

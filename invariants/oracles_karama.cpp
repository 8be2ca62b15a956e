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
    if (e && std::holds_alternative<GuildActNow>(e->command) && (a.movement.guild_acting || a.movement.guild_done)) {
      out.push_back(violation(kKarama, fmt::format("the Guild acted out of storm order although {}'s Karama cancelled it "
                                                   "([LR] 2.06.12, 3.01.11.01)", who)));
    }
    if (e && std::holds_alternative<Pass>(e->command) && a.movement.turn_index != b.movement.turn_index) {
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

// The Guild's place in storm order: the seats whose player circle lies fewer sectors after the
// storm come first, ties by seat ([LR] 1.00 storm order, recomputed from the circles).
std::size_t storm_place(const GameState& s, Seat seat) {
  const auto distance = [&](std::size_t i) { return (3 * s.options.player_circles[i] - s.storm.sector.value + kSectorCount) % kSectorCount; };
  std::size_t place = 0;
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    if (distance(i) < distance(seat.value) || (distance(i) == distance(seat.value) && i < seat.value)) ++place;
  }
  return place;
}

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
    if (const auto ready = karama_ready(a, *guild, KaramaAbility::GuildShipAsItPleases); !ready.empty()) {
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

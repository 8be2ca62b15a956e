// Standing choices: public side commands any seat may make whenever the game is live, without
// being awaited: the spice one's ally may spend (AllySpice), the Fremen protection of their
// ally from worms (ProtectAllyFromWorms) and their grant of its free revivals
// (GrantAllyFreeRevivals), the Tleilaxu's raise of another faction's revival limit
// (RaiseRevivalLimit) and their offer of an early leader revival during Revival
// (OfferLeaderRevival), the private Nexus redraw policy (SetRedrawPolicy) and the
// private Karama standing order (ArmKarama, karama.cpp).
// They never advance the game. They are legal only when
// they change something, so a random player cannot loop on a no-op.
#include "engine/standing.h"

#include <algorithm>
#include <array>

#include "engine/internal.h"
#include "engine/mutants.h"

namespace dune {

namespace {

// The Nexus own-faction redraw preference (seed 000, item 4): private, chosen before the draw,
// any seat at any live moment. Its receipt names only the command kind; views never show others'.
constexpr std::array kRedrawPolicies{RedrawPolicy::KeepAny, RedrawPolicy::RedrawOwnOnce, RedrawPolicy::RedrawOwnAlways};

std::optional<Rejection> validate_redraw_policy(const GameState& state, Seat seat, const SetRedrawPolicy& c) {
  if (!state.nexus.enabled) return reject(RejectCode::IllegalChoice, "the Nexus card module is not in this game");
  if (std::find(kRedrawPolicies.begin(), kRedrawPolicies.end(), c.policy) == kRedrawPolicies.end()) {
    return reject(RejectCode::IllegalChoice, "unknown Nexus redraw policy {}", static_cast<int>(c.policy));
  }
  if (state.nexus.redraw[seat.value] == c.policy) {
    return reject(RejectCode::IllegalChoice, "that is already your Nexus redraw policy");
  }
  return std::nullopt;
}

// The Tleilaxu raise another seated faction's force revival limit to 4 or 5, or set it back to the
// printed 3 (fact sheet §5.2: "others' limit raised to 5"; [DB] offers 3, 4 or 5, [TO] 3 or 5: we
// offer [DB]'s). A faction without a limit (CHOAM: "defies BT attempts to constrain their
// revivals", [DB]) is not raised. When it may be raised is open ([DB] asks at the start of
// Revival from turn 2, [TO] keeps a standing setting): a standing choice here, as [TO].
bool raisable(const GameState& state, Faction f) {
  return f != Faction::Tleilaxu && state.seat_of(f) && faction_info(f).revival_limit == kPrintedRevivalLimit;
}

std::optional<Rejection> validate_raise(const GameState& state, Seat seat, const RaiseRevivalLimit& c) {
  if (state.faction_of(seat) != Faction::Tleilaxu) {
    return reject(RejectCode::IllegalChoice, "only the Tleilaxu raise another faction's revival limit (fact sheet §5.2)");
  }
  if (!raisable(state, c.faction)) {
    return reject(RejectCode::IllegalChoice, "{} is no other seated faction with a revival limit of {} to raise", to_string(c.faction),
                  kPrintedRevivalLimit.value);
  }
  if (c.limit < kPrintedRevivalLimit || c.limit > kRaisedRevivalLimitMost) {
    return reject(RejectCode::IllegalChoice, "a revival limit is raised to {}..{}, not {} (fact sheet §5.2)", kPrintedRevivalLimit.value,
                  kRaisedRevivalLimitMost.value, c.limit.value);
  }
  const ForceCount now = state.seat(*state.seat_of(c.faction)).revival_limit_raised;
  if ((now == ForceCount{0} ? kPrintedRevivalLimit : now) == c.limit) {
    return reject(RejectCode::IllegalChoice, "the {} revival limit is already {}", to_string(c.faction), c.limit.value);
  }
  return std::nullopt;
}

// The Tleilaxu's offer of an early leader revival (docs/rules/tleilaxu.md §4.4): to a seated
// faction that has not answered this Revival, for one of its leaders the printed rule does not let
// it revive now (early_revival_not_offerable, revival.cpp), at a price that faction can pay now.
// The price has no printed bound ([TO] takes any number); ours is what the offered faction holds,
// so that every offer made can be taken.
std::optional<Rejection> validate_offer(const GameState& state, Seat seat, const OfferLeaderRevival& c) {
  if (state.faction_of(seat) != Faction::Tleilaxu) {
    return reject(RejectCode::IllegalChoice, "only the Tleilaxu offer an early leader revival (E1; docs/rules/tleilaxu.md §4.4)");
  }
  if (state.step != Step::Revival) return reject(RejectCode::WrongPhase, "an early leader revival is offered during Revival");
  if (c.leader.value >= kLeaderCount) return reject(RejectCode::IllegalChoice, "no such leader");
  const auto owner = leader_owner(state, c.leader);
  const auto target = owner ? state.seat_of(*owner) : std::nullopt;
  if (!target || *target == seat) return reject(RejectCode::IllegalChoice, "{} is no leader of another seated faction", leader_info(c.leader).name);
  if (auto why = early_revival_not_offerable(state, *target, c.leader)) return reject(RejectCode::IllegalChoice, "{}", *why);
  const Spice most = state.seat(*target).spice;
  if (c.price < Spice{0} || c.price > most) {
    return reject(RejectCode::IllegalChoice, "the price is 0..{} (what the {} hold), not {}", most.value,
                  to_string(state.faction_of(*target)), c.price.value);
  }
  if (state.revival.early_offers[target->value] == EarlyRevivalOffer{c.leader, c.price}) {
    return reject(RejectCode::IllegalChoice, "that offer stands already");
  }
  return std::nullopt;
}

}  // namespace

std::vector<Command> standing_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out = karama_standing_candidates(state, seat);
  const SeatState& s = state.seat(seat);
  if (state.faction_of(seat) == Faction::Tleilaxu) {
    for (Seat other : all_seats(state)) {
      const Faction f = state.faction_of(other);
      if (!raisable(state, f)) continue;
      for (ForceCount limit = kPrintedRevivalLimit; limit <= kRaisedRevivalLimitMost; limit += ForceCount{1}) {
        if (!validate_raise(state, seat, RaiseRevivalLimit{f, limit})) out.push_back(RaiseRevivalLimit{f, limit});
      }
    }
  }
  if (state.faction_of(seat) == Faction::Tleilaxu && state.step == Step::Revival) {
    for (Seat other : all_seats(state)) {
      if (other == seat) continue;
      for (LeaderId l : leaders_of(state, state.faction_of(other))) {
        for (Spice p{0}; p <= state.seat(other).spice; p += Spice{1}) {
          if (!validate_offer(state, seat, OfferLeaderRevival{l, p})) out.push_back(OfferLeaderRevival{l, p});
        }
      }
    }
  }
  if (state.nexus.enabled) {
    for (RedrawPolicy p : kRedrawPolicies) {
      if (p != state.nexus.redraw[seat.value]) out.push_back(SetRedrawPolicy{p});
    }
  }
  if (!ally_of(state, state.faction_of(seat))) return out;
  for (int limit = 0; limit <= s.spice.value; ++limit) {
    if (Spice{limit} != s.ally_spice_limit) out.push_back(AllySpice{Spice{limit}});
  }
  if (state.faction_of(seat) == Faction::Fremen) {
    out.push_back(ProtectAllyFromWorms{!s.protects_ally_from_worms});
    out.push_back(GrantAllyFreeRevivals{!s.grants_ally_free_revivals});
  }
  return out;
}

std::optional<Rejection> validate_standing(const GameState& state, Seat seat, const Command& c) {
  if (const auto* r = std::get_if<SetRedrawPolicy>(&c)) return validate_redraw_policy(state, seat, *r);
  if (const auto* k = std::get_if<ArmKarama>(&c)) return validate_arm_karama(state, seat, *k);
  if (const auto* r = std::get_if<RaiseRevivalLimit>(&c)) return validate_raise(state, seat, *r);
  if (const auto* o = std::get_if<OfferLeaderRevival>(&c)) return validate_offer(state, seat, *o);
  const Faction f = state.faction_of(seat);
  if (!ally_of(state, f)) return reject(RejectCode::IllegalChoice, "{} has no ally", to_string(f));
  if (const auto* a = std::get_if<AllySpice>(&c)) {
    const Spice own = state.seat(seat).spice;
    if (a->limit < Spice{0} || a->limit > own) {
      return reject(RejectCode::IllegalChoice, "the ally spice limit must be 0..{} (your spice), not {}", own.value, a->limit.value);
    }
    if (a->limit == state.seat(seat).ally_spice_limit) {
      return reject(RejectCode::IllegalChoice, "the ally spice limit is already {}", a->limit.value);
    }
    return std::nullopt;
  }
  if (const auto* g = std::get_if<GrantAllyFreeRevivals>(&c)) {
    if (f != Faction::Fremen) {
      return reject(RejectCode::IllegalChoice, "only the Fremen grant their ally 3 free revivals ([LR] 2.04.11)");
    }
    if (g->grant == state.seat(seat).grants_ally_free_revivals) {
      return reject(RejectCode::IllegalChoice, "that is already the Fremen's choice");
    }
    return std::nullopt;
  }
  if (f != Faction::Fremen) {
    return reject(RejectCode::IllegalChoice, "only the Fremen protect their ally from worms ([LR] 2.04.10)");
  }
  if (std::get<ProtectAllyFromWorms>(c).protect == state.seat(seat).protects_ally_from_worms) {
    return reject(RejectCode::IllegalChoice, "that is already the Fremen's choice");
  }
  return std::nullopt;
}

void apply_standing(GameState& state, Seat seat, const Command& c) {
  if (const auto* r = std::get_if<SetRedrawPolicy>(&c)) {
    state.nexus.redraw[seat.value] = r->policy;
    return;
  }
  if (const auto* k = std::get_if<ArmKarama>(&c)) {
    apply_arm_karama(state, seat, *k);
    return;
  }
  if (const auto* a = std::get_if<AllySpice>(&c)) {
    state.seat(seat).ally_spice_limit = a->limit;
    return;
  }
  // A Karama cancels the Tleilaxu's raise above the printed limit, or their offer (one source each,
  // [TO] PurpleIncreasingRevivalLimits, PurpleEarlyLeaderRevive): nothing changes. Setting a limit
  // back to 3 uses no ability.
  if (const auto* r = std::get_if<RaiseRevivalLimit>(&c); r && r->limit > kPrintedRevivalLimit &&
      karama_cancels(state, seat, KaramaAbility::TleilaxuRaisedRevivalLimits) && !mutant_active(Mutant::KaramaCancelLimitRaiseStands)) {
    return;
  }
  if (std::holds_alternative<OfferLeaderRevival>(c) && karama_cancels(state, seat, KaramaAbility::TleilaxuEarlyLeaderRevival) &&
      !mutant_active(Mutant::KaramaCancelEarlyRevivalOfferStands)) {
    return;
  }
  if (const auto* r = std::get_if<RaiseRevivalLimit>(&c)) {
    state.seat(*state.seat_of(r->faction)).revival_limit_raised = r->limit == kPrintedRevivalLimit ? ForceCount{0} : r->limit;
    return;
  }
  if (const auto* o = std::get_if<OfferLeaderRevival>(&c)) {
    const Seat target = *state.seat_of(*leader_owner(state, o->leader));
    state.revival.early_offers[target.value] = EarlyRevivalOffer{o->leader, o->price};
    return;
  }
  if (const auto* g = std::get_if<GrantAllyFreeRevivals>(&c)) {
    state.seat(seat).grants_ally_free_revivals = g->grant;
    return;
  }
  state.seat(seat).protects_ally_from_worms = std::get<ProtectAllyFromWorms>(c).protect;
}

// What the ally of `spender` may spend for it now: the granted limit, capped by the ally's spice.
Spice ally_spice_available(const GameState& state, Seat spender) {
  const auto ally = ally_of(state, state.faction_of(spender));
  if (!ally) return Spice{0};
  const SeatState& a = state.seat(*state.seat_of(*ally));
  return std::min(a.ally_spice_limit, a.spice);
}

}  // namespace dune

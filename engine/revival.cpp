// Revival (fact sheet §5.1 revival columns, §6.2 row 5, [LR] 1.05). No storm order: every seat
// with something in the Tanks (public) answers once, with a Revive or a Pass. Forces return from
// the Tanks to reserves; leaders to their owner's shield. Payments go to the bank ([LR] 1.05.01.04),
// or to the Tleilaxu when they are seated and another faction pays (fact sheet §5.2 Tleilaxu
// income).
#include <algorithm>

#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/nexus.h"
#include "engine/standing.h"
#include "engine/tech_tokens.h"
#include "model/factions.h"

namespace dune {
namespace {

// Forces per turn ([LR] 1.05; FactionInfo.revival_limit: nullopt means no limit), as the Tleilaxu
// raised it (fact sheet §5.2; RaiseRevivalLimit, engine/standing.cpp).
ForceCount revival_limit(const GameState& state, Faction f) {
  const auto limit = faction_info(f).revival_limit;
  if (!limit) return ForceCount{1000};
  const ForceCount raised = state.seat(*state.seat_of(f)).revival_limit_raised;
  const ForceCount printed = mutant_active(Mutant::RevivalLimitFour) ? *limit + ForceCount{1} : *limit;
  return raised == ForceCount{0} || mutant_active(Mutant::TleilaxuRaisedLimitIgnored) ? printed : raised;
}

// Free revivals come first. "At your discretion, your ally's free revival is 3" ([LR] 2.04.11):
// the Fremen's public standing grant (GrantAllyFreeRevivals), read when the ally revives; not
// granted until they grant it ([TO] YellowAllowsThreeFreeRevivals, false by default).
// A Karama that cancelled the grant for this turn's revival leaves the ally its own free revival
// for the retake ([LR] 2.04.11 ✷, 3.04).
ForceCount free_revivals(const GameState& state, Faction f) {
  const ForceCount own = faction_info(f).free_revival;
  if (ally_of(state, f) != Faction::Fremen) return own;
  const auto fremen = state.seat_of(Faction::Fremen);
  const bool granted = fremen && state.seat(*fremen).grants_ally_free_revivals &&
                       (!karama_cancelled_this_turn(state, *state.seat_of(f), KaramaAbility::FremenAllyFreeRevival) ||
                        mutant_active(Mutant::KaramaCancelAllyRevivalStands));
  if (granted || mutant_active(Mutant::FremenGrantIgnored)) return std::max(own, ForceCount{3});
  return own;
}

// Advanced special forces: at most one Sardaukar or Fedaykin revived per turn ([LR] 2.03, 2.04).
// The Ixians' Cyborgs have no such cap (docs/rules/ixians.md §3: both engines, FS:258).
ForceCount special_limit(const GameState& state, Faction f) {
  if (state.options.rules.special_forces && (f == Faction::Emperor || f == Faction::Fremen)) return ForceCount{1};
  if (f == Faction::Ixians && mutant_active(Mutant::CyborgRevivalOneATurn)) return ForceCount{1};
  return ForceCount{1000};
}

// The forces the seat's ordinary revival may still return this turn: its limit, and after the
// Tleilaxu Nexus card's group (seed 002's prototype of 14 October) the shared ceiling of at least
// five less that group ("a larger native allowance is not reduced"). Its leader slot: one leader
// (or the Kwisatz Haderach) per turn, the card's counting.
ForceCount ordinary_left(const GameState& state, Seat seat, Faction f) {
  const ForceCount limit = revival_limit(state, f);
  const ForceCount group = state.revival.nexus_returns[seat.value];
  if (group == ForceCount{0} || mutant_active(Mutant::NexusRevivalCeilingIgnored)) return limit;
  const ForceCount ceiling = std::max(limit, kNexusRevivalCeiling);
  return std::min(limit, ceiling > group ? ceiling - group : ForceCount{0});
}

// The Tleilaxu's own half price (fact sheet §5.2): their table's 1 spice a force and half a
// leader's strength. A Karama that cancelled it this turn leaves the retake at the printed prices
// (one source, [TO] PurpleRevivalDiscount; 3.04): 2 spice a force ([LR] 1.05.01.02), a leader's
// strength (1.05.03.02).
constexpr Spice kPrintedForceRevivalCost{2};
bool tleilaxu_own_discount(const GameState& state, Faction f) {
  return f == Faction::Tleilaxu &&
         (!karama_cancelled_this_turn(state, *state.seat_of(f), KaramaAbility::TleilaxuRevivalDiscount) ||
          mutant_active(Mutant::KaramaCancelTleilaxuOwnDiscountStands));
}

// Free revivals are applied to special forces first (the dearer ones when the prices differ). The
// Tleilaxu's ally pays half for its forces, rounded up (fact sheet §5.2 "Tleilaxu ally: force
// revival at half cost, rounded up"; [TO] MayReviveWithDiscount halves the total, Ceiling(0.5 *
// cost)). Its leaders stay at full price: [DB] halves them too, [TO] does not (README rules status).
Spice force_cost(const GameState& state, Faction f, ForceCount normal, ForceCount special) {
  const FactionInfo& info = faction_info(f);
  ForceCount free = mutant_active(Mutant::NoFreeRevivals) ? ForceCount{0} : free_revivals(state, f);
  const ForceCount free_special = std::min(free, special);
  free -= free_special;
  const ForceCount free_normal = std::min(free, normal);
  const Spice per_normal = f == Faction::Tleilaxu && !tleilaxu_own_discount(state, f) ? kPrintedForceRevivalCost : info.force_revival_cost;
  // A Cyborg revives at 3 spice, a Suboid at 2 (the table's, docs/rules/ixians.md §3).
  const Spice per_special = f == Faction::Ixians && mutant_active(Mutant::CyborgRevivalAtSuboidPrice) ? info.force_revival_cost
                                                                                                       : info.special_force_revival_cost;
  const Spice full = per_special * (special - free_special).value + per_normal * (normal - free_normal).value;
  if (ally_of(state, f) != Faction::Tleilaxu || mutant_active(Mutant::TleilaxuAllyFullPrice)) return full;
  // A Karama that cancelled the discount for this turn's revival leaves the retake at full price
  // (one source, [TO] PurpleRevivalDiscountAlly; 3.04).
  if (karama_cancelled_this_turn(state, *state.seat_of(f), KaramaAbility::TleilaxuAllyRevivalDiscount) &&
      !mutant_active(Mutant::KaramaCancelTleilaxuDiscountStands)) {
    return full;
  }
  return Spice{(full.value + 1) / 2};
}

bool is_dead(LeaderLocation where) {
  return where == LeaderLocation::Tanks || where == LeaderLocation::TanksFaceDown;
}

// "When a player has no Active Leaders or all of their leaders have died at least once, they may
// revive 1 face up leader per Turn" ([LR] 1.05.03); a face-down leader (second death) only when no
// face-up one is left in the Tanks ([LR] 1.05.04). The fact sheet (§5.1) paraphrases this as
// "all your leaders dead or unavailable (or died once)", which would also let a faction with an
// active leader revive while one of its leaders, captured by the Harkonnen, has never died; the
// printed rule is followed: that leader has not died, and the active one stands.
// `roster_waived`: the Tleilaxu Nexus card's Secret Ally waives the first condition, not the
// face-down one (seed 002's prototype of 14 October).
std::optional<std::string> leader_not_revivable(const GameState& state, Faction f, LeaderId l, bool roster_waived = false) {
  const LeaderState& ls = state.leaders[l.value];
  if (leader_owner(state, l) != f || ls.where == LeaderLocation::NotInPlay) return std::string("that leader is not yours");
  if (!is_dead(ls.where)) return std::string("that leader is not in the Tanks");
  std::optional<LeaderId> active;
  std::optional<LeaderId> never_died;
  bool face_up_left = false;
  for (LeaderId other : leaders_of(state, f)) {
    const LeaderState& o = state.leaders[other.value];
    if (o.where == LeaderLocation::Available && !active) active = other;
    if (o.deaths == 0 && !never_died) never_died = other;
    face_up_left = face_up_left || o.where == LeaderLocation::Tanks;
  }
  if (active && never_died && !roster_waived) {
    return fmt::format("{} is active and {} has never died: a leader is revived only with no active leader or once all "
                       "have died ([LR] 1.05.03)", leader_info(*active).name, leader_info(*never_died).name);
  }
  if (ls.where == LeaderLocation::TanksFaceDown && face_up_left) {
    return std::string("a face-down leader waits until the face-up ones are revived ([LR] 1.05.04)");
  }
  return std::nullopt;
}

// Advanced Gholas (one source, [TO] Rule.PurpleGholas: Revival.ValidRevivalHeroes,
// GetPriceOfHeroRevival, ExecuteConcreteEvent; docs/rules/tleilaxu.md §5.2, open question Q13):
// while fewer than 5 of their leaders live, theirs held by another faction counted ([TO] since its
// version 139), the Tleilaxu may revive another faction's dead leader as their own. It is the
// leader of their Revive, so their one leader revival of the turn ([TO]: a Revival's one hero), at
// the price of their own leaders, its value halved, rounded up (leader_price). Face up or face down
// alike ([TO] asks only that it be dead). Ordinary leaders only: not the Auditor ([TO] excludes it)
// nor Duke Vidal (no faction's). From then on it is theirs (LeaderState::ghola); a traitor card or
// a Face Dancer naming it still names it (our reading of Q13). The owner's buy-back of a living
// ghola ([TO]'s early-revival "transfer of ghola") is left out (README rules status).
constexpr int kGholaLivingLeadersBelow = 5;

bool reviving_ghola(const GameState& state, Seat seat, LeaderId l) {
  return state.faction_of(seat) == Faction::Tleilaxu && leader_owner(state, l) != Faction::Tleilaxu;
}

std::optional<std::string> ghola_not_revivable(const GameState& state, Seat seat, LeaderId l) {
  if (!state.options.rules.tleilaxu_gholas) {
    return std::string("that leader is not yours (the Tleilaxu's revival of another faction's leader is Advanced Gholas, not in this game)");
  }
  const LeaderInfo& info = leader_info(l);
  const LeaderState& ls = state.leaders[l.value];
  if (info.role != LeaderRole::Ordinary || !info.faction || ls.where == LeaderLocation::NotInPlay) {
    return fmt::format("{} is no other faction's leader in play: a ghola is one of its ordinary leaders ([TO])", info.name);
  }
  if (!is_dead(ls.where)) return fmt::format("{} is not in the Tanks", info.name);
  int living = 0;
  for (LeaderId own : leaders_of(state, Faction::Tleilaxu)) {
    const LeaderLocation w = state.leaders[own.value].where;
    living += w == LeaderLocation::Available || w == LeaderLocation::Captured;
  }
  if (living >= kGholaLivingLeadersBelow && !mutant_active(Mutant::GholaWithFiveLiving)) {
    return fmt::format("{} of your leaders live: a ghola only while fewer than {} do (one source, [TO] Rule.PurpleGholas)",
                       living, kGholaLivingLeadersBelow);
  }
  if (karama_cancelled_this_turn(state, seat, KaramaAbility::TleilaxuGholaRevival)) {
    return std::string("a Karama cancelled your revival of a ghola for this phase (one source, [TO] PurpleReviveGhola; 3.04)");
  }
  return std::nullopt;
}

// The Kwisatz Haderach token "must be revived like any other leader. When all other leaders have
// died once and/or become unavailable you may use your one leader revival action to revive this
// token instead of a leader" ([LR] 2.01.14): the leader revival of the turn, at its fighting
// strength, +2 ([LR] 2.01.11, 1.05.03.02), to the bank. Alive or dead it does not bar the leaders'
// own revival ([LR] 2.01.15), so it is not one of the leaders counted above.
constexpr Spice kKwisatzHaderachRevivalCost{2};

std::optional<std::string> kwisatz_haderach_not_revivable(const GameState& state, Faction f, bool roster_waived = false) {
  if (!state.options.rules.kwisatz_haderach || f != Faction::Atreides) {
    return std::string("only the Atreides, with the Kwisatz Haderach rule, revive the Kwisatz Haderach");
  }
  if (!state.battle.kwisatz_haderach_dead) return std::string("the Kwisatz Haderach is not in the Tanks");
  if (roster_waived) return std::nullopt;
  for (LeaderId other : leaders_of(state, f)) {
    const LeaderState& o = state.leaders[other.value];
    if (o.where == LeaderLocation::Available && o.deaths == 0) {
      return fmt::format("{} has not died yet: the Kwisatz Haderach is revived once all other leaders have died once or are unavailable ([LR] 2.01.14)",
                         leader_info(other).name);
    }
  }
  return std::nullopt;
}

// Its own leaders the printed rule lets `seat` revive now, then (the Tleilaxu) the gholas it may.
std::vector<LeaderId> revivable_leaders(const GameState& state, Seat seat) {
  const Faction f = state.faction_of(seat);
  std::vector<LeaderId> out;
  for (LeaderId l : leaders_of(state, f)) {
    if (!leader_not_revivable(state, f, l)) out.push_back(l);
  }
  if (f != Faction::Tleilaxu || !state.options.rules.tleilaxu_gholas) return out;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (reviving_ghola(state, seat, leader_at(i)) && !ghola_not_revivable(state, seat, leader_at(i))) out.push_back(leader_at(i));
  }
  return out;
}

// The Tleilaxu's offer standing for `seat` to revive `l` early (OfferLeaderRevival), if any.
const EarlyRevivalOffer* early_offer(const GameState& state, Seat seat, LeaderId l) {
  const auto& o = state.revival.early_offers[seat.value];
  return o && o->leader == l ? &*o : nullptr;
}

// Whether the Tleilaxu could offer `seat` an early revival of any of its leaders now (public).
bool early_revival_offerable(const GameState& state, Seat seat) {
  return std::ranges::any_of(leaders_of(state, state.faction_of(seat)),
                             [&](LeaderId l) { return !early_revival_not_offerable(state, seat, l); });
}

// ---- the Emperor's Advanced Karama power ([LR] 1.14.02) ----------------------------------------
// "During Revival Phase you may use a Karama Card to revive up to three of your Forces or one of
// your leaders for free", once a game (1.13.06, 1.14.00). Our reading, from the numbered rules'
// cross references: it is its own revival, besides the ordinary one ("in addition to its normal
// effects", 1.13.06; 1.05.03 is marked "+1.14.02"), so its forces are not counted in the limit of
// 1.05.01 and its leader is any of his leaders in the Tanks, face down too (1.05.04 is marked
// "-1.14.02": Dead Again does not bar it). Sardaukar Training ("Only one Sardaukar Force can be
// revived per Turn", 2.03.11) bounds every revival of the turn, so both together revive one at most.
constexpr ForceCount kKaramaRevivalForces{3};

bool karama_revival_open(const GameState& state, Faction f) {
  return state.options.rules.advanced_karama && f == Faction::Emperor && !karama_power_used(state, f);
}

// The Tleilaxu Karama power (KaramaPreventRevival; one source, [TO]): under the Advanced Karama
// rule, once a game.
bool karama_prevention_open(const GameState& state, Faction f) {
  return state.options.rules.advanced_karama && f == Faction::Tleilaxu && !karama_power_used(state, f);
}

bool any_leader_dead(const GameState& state, Faction f) {
  for (LeaderId l : leaders_of(state, f)) {
    if (is_dead(state.leaders[l.value].where)) return true;
  }
  return false;
}

// The Sardaukar already revived this turn by the Karama power count toward 2.03.11, and so do
// the special forces a Nexus card revived (seed 003: the one-per-turn cap holds through them).
ForceCount special_left(const GameState& state, Seat seat) {
  const Faction f = state.faction_of(seat);
  ForceCount used = f == Faction::Emperor ? state.revival.karama_special : ForceCount{0};
  if (!mutant_active(Mutant::NexusRevivalSpecialUncapped)) used += state.revival.nexus_special[seat.value];
  const ForceCount limit = special_limit(state, f);
  return limit > used ? limit - used : ForceCount{0};
}

// Public: the Tanks and the leaders' positions are open information (and whether the Emperor has
// used his Karama power, which is played face up).
bool has_something_to_revive(const GameState& state, Seat s) {
  const SeatState& seat = state.seat(s);
  const Faction f = state.faction_of(s);
  // A seat holding *a* Nexus card (public) with a leader in the Tanks may hold the Tleilaxu card.
  return seat.tanks_normal + seat.tanks_special > ForceCount{0} || !revivable_leaders(state, s).empty() ||
         !kwisatz_haderach_not_revivable(state, f) || (karama_revival_open(state, f) && any_leader_dead(state, f)) ||
         (holds_nexus_card(state, s) && (any_leader_dead(state, f) || state.battle.kwisatz_haderach_dead)) ||
         early_revival_offerable(state, s);  // the Tleilaxu may offer it an early leader revival
}

std::optional<Rejection> validate_karama_revive(const GameState& state, Seat seat, const KaramaRevive& r) {
  const Faction f = state.faction_of(seat);
  const SeatState& s = state.seat(seat);
  if (auto bad = validate_karama_power(state, seat, Faction::Emperor, "revives by his Karama power ([LR] 1.14.02)")) return bad;
  if (r.normal < ForceCount{0} || r.special < ForceCount{0}) return reject(RejectCode::IllegalChoice, "force counts cannot be negative");
  const ForceCount forces = r.normal + r.special;
  if (r.leader && forces > ForceCount{0}) {
    return reject(RejectCode::IllegalChoice, "the Karama power revives up to three forces or one leader, not both ([LR] 1.14.02)");
  }
  if (r.leader) {
    if (r.leader->value >= kLeaderCount || leader_owner(state, *r.leader) != f) return reject(RejectCode::IllegalChoice, "that leader is not yours");
    if (!is_dead(state.leaders[r.leader->value].where)) {
      return reject(RejectCode::IllegalChoice, "{} is not in the Tanks", leader_info(*r.leader).name);
    }
    return std::nullopt;
  }
  if (forces == ForceCount{0} || forces > kKaramaRevivalForces) {
    return reject(RejectCode::IllegalChoice, "the Karama power revives 1 to {} forces, not {} ([LR] 1.14.02)", kKaramaRevivalForces.value, forces.value);
  }
  if (r.normal > s.tanks_normal || r.special > s.tanks_special) {
    return reject(RejectCode::NotEnoughForces, "the Tanks hold {} of your forces and {} special forces, not {} and {}",
                  s.tanks_normal.value, s.tanks_special.value, r.normal.value, r.special.value);
  }
  // One Sardaukar a turn over every revival (2.03.11): a Nexus card's revival before it counts
  // (seed 003), as it does for the ordinary revival after it.
  if (r.special > special_left(state, seat)) {
    return reject(RejectCode::IllegalChoice, "at most {} {} revived per turn, not {} ([LR] 2.03.11; a Nexus revival this turn counts)",
                  special_limit(state, f).value, faction_info(f).special_force_name, (r.special + special_limit(state, f) - special_left(state, seat)).value);
  }
  return std::nullopt;
}

void apply_karama_revive(GameState& state, Seat seat, const KaramaRevive& r) {
  const Faction f = state.faction_of(seat);
  use_karama_power(state, seat, KaramaPower::EmperorRevival, std::nullopt);
  if (mutant_active(Mutant::KaramaRevivalCharged)) {  // priced as an ordinary revival, no free one
    const Spice price{2 * (r.normal + r.special).value + (r.leader ? leader_info(*r.leader).strength : 0)};
    pay_to_bank(state, seat, std::min(state.seat(seat).spice, price));
  }
  transfer_forces(state, f, InTanks{}, InReserves{}, r.normal, r.special);
  state.revival.karama_special += r.special;
  if (r.leader) return_leader(state, seat, *r.leader);
}

std::optional<Rejection> validate_karama_prevention(const GameState& state, Seat seat, const KaramaPreventRevival& k) {
  if (auto bad = validate_karama_power(state, seat, Faction::Tleilaxu, "prevent a revival by their Karama power (one source: [TO])")) return bad;
  const auto target = state.seat_of(k.faction);
  if (!target || *target == seat) return reject(RejectCode::IllegalChoice, "{} is no other seated faction", to_string(k.faction));
  if (state.revival.done[target->value]) {
    return reject(RejectCode::IllegalChoice, "{} has revived this phase or has nothing to revive: nothing to prevent", to_string(k.faction));
  }
  return std::nullopt;
}

void add_karama_revive_candidates(const GameState& state, Seat seat, std::vector<Command>& out) {
  if (karama_prevention_open(state, state.faction_of(seat)) && karama_card(state, seat)) {
    for (Seat other : all_seats(state)) {
      if (other != seat && !state.revival.done[other.value]) out.push_back(KaramaPreventRevival{state.faction_of(other)});
    }
  }
  const Faction f = state.faction_of(seat);
  if (!karama_revival_open(state, f) || !karama_card(state, seat)) return;
  const SeatState& s = state.seat(seat);
  for (LeaderId l : leaders_of(state, f)) {
    if (is_dead(state.leaders[l.value].where)) out.push_back(KaramaRevive{ForceCount{0}, ForceCount{0}, l});
  }
  for (int special = 0; special <= std::min(s.tanks_special.value, special_left(state, seat).value); ++special) {
    for (int normal = 0; normal + special <= kKaramaRevivalForces.value && normal <= s.tanks_normal.value; ++normal) {
      if (normal + special > 0) out.push_back(KaramaRevive{ForceCount{normal}, ForceCount{special}, std::nullopt});
    }
  }
}

// The Emperor pays for up to 3 revivals of his ally beyond its limit ([LR] 2.03, fact sheet §5.1).
constexpr ForceCount kEmperorExtraRevivals{3};

// Revive.ally_paid_extra counts the last forces revived, beyond the ally's limit. Choice: they are
// taken from the normal forces first, so the ally's own part keeps its special forces (whose free
// revival applies first); each is priced at its ordinary revival cost (2 in the base game).
struct RevivalSplit {
  ForceCount own_normal, own_special;
  Spice emperor_cost;
};

RevivalSplit split(Faction f, const Revive& r) {
  const FactionInfo& info = faction_info(f);
  const ForceCount extra_normal = std::min(r.ally_paid_extra, r.normal);
  const ForceCount extra_special = r.ally_paid_extra - extra_normal;
  return RevivalSplit{r.normal - extra_normal, r.special - extra_special,
                      info.force_revival_cost * extra_normal.value + info.special_force_revival_cost * extra_special.value};
}

// Zoal's ordinary revival is left out, visibly: its price is an open question (README rules
// status). The free revivals (a Ghola, a Karama) need no price.
constexpr std::string_view kZoalPriceOpen =
    "Zoal's revival price is an open question: treachery.online charges 6 (the Tleilaxu pay 3), DuneBot 3 (README rules status)";

// A leader's revival price: its strength ([LR] 1.05.03.02); the Tleilaxu pay half for their own,
// rounded up (fact sheet §5.2; [TO] GetPriceOfHeroRevival, [DB] Leader.getRevivalCost).
Spice leader_price(const GameState& state, Faction f, LeaderId l) {
  const int strength = leader_info(l).strength;
  return Spice{tleilaxu_own_discount(state, f) ? (strength + 1) / 2 : strength};
}

// What the reviving seat pays itself: its ordinary forces and its leader, at the price of the
// Tleilaxu's offer when one stands for it ([TO] GetPriceOfHeroRevival: the offer replaces the
// leader's price; the price goes to the Tleilaxu with every other faction's revival payment).
Spice own_cost(const GameState& state, Seat seat, const Revive& r) {
  const Faction f = state.faction_of(seat);
  const RevivalSplit parts = split(f, r);
  Spice cost = force_cost(state, f, parts.own_normal, parts.own_special);
  const EarlyRevivalOffer* offer = r.leader ? early_offer(state, seat, *r.leader) : nullptr;
  if (offer && !mutant_active(Mutant::TleilaxuEarlyRevivalAtPrintedPrice)) {
    cost += offer->price;
  } else if (r.leader && !mutant_active(Mutant::LeaderRevivalFree)) {
    cost += leader_price(state, f, *r.leader);
  }
  if (r.kwisatz_haderach) cost += kKwisatzHaderachRevivalCost;
  return cost;
}

// Extra revivals: only the Emperor's ally, at most 3, and only once its own limit is filled (the
// count is the forces beyond the limit, so each revival has one reading).
std::optional<Rejection> validate_extra(const GameState& state, Seat seat, const Revive& r) {
  const Faction f = state.faction_of(seat);
  if (r.ally_paid_extra < ForceCount{0} || r.ally_paid_extra > kEmperorExtraRevivals) {
    return reject(RejectCode::IllegalChoice, "the Emperor pays for 0 to {} extra revivals, not {} ([LR] 2.03)",
                  kEmperorExtraRevivals.value, r.ally_paid_extra.value);
  }
  if (r.ally_paid_extra == ForceCount{0}) return std::nullopt;
  if (karama_cancelled_this_turn(state, seat, KaramaAbility::EmperorAllyRevivals)) {
    return reject(RejectCode::IllegalChoice, "a Karama cancelled the Emperor's extra revivals for you this turn: revive "
                  "without them ([LR] 2.03.07, 3.04)");
  }
  if (ally_of(state, f) != Faction::Emperor) {
    return reject(RejectCode::IllegalChoice, "only the Emperor's ally may revive extra forces at his cost ([LR] 2.03)");
  }
  const ForceCount ordinary = r.normal + r.special - r.ally_paid_extra;
  if (ordinary != revival_limit(state, f)) {
    return reject(RejectCode::IllegalChoice,
                  "extra revivals come beyond the limit of {}: revive {} plus {} extra, not {} in all ([LR] 2.03)",
                  revival_limit(state, f).value, revival_limit(state, f).value, r.ally_paid_extra.value, (r.normal + r.special).value);
  }
  const Spice cost = split(f, r).emperor_cost;
  if (cost > ally_spice_available(state, seat)) {
    return reject(RejectCode::InsufficientSpice,
                  "{} extra revivals cost the Emperor {} spice; he lets you spend {} ([LR] 2.03, AllySpice)",
                  r.ally_paid_extra.value, cost.value, ally_spice_available(state, seat).value);
  }
  return std::nullopt;
}

std::optional<Rejection> validate_revive(const GameState& state, Seat seat, const Revive& r) {
  const Faction f = state.faction_of(seat);
  const SeatState& s = state.seat(seat);
  if (auto bad = validate_extra(state, seat, r)) return bad;
  if (r.normal < ForceCount{0} || r.special < ForceCount{0}) {
    return reject(RejectCode::IllegalChoice, "force counts cannot be negative");
  }
  if (r.normal + r.special == ForceCount{0} && !r.leader && !r.kwisatz_haderach) {
    return reject(RejectCode::IllegalChoice, "revive at least one force or a leader, or pass");
  }
  if (r.normal > s.tanks_normal || r.special > s.tanks_special) {
    return reject(RejectCode::NotEnoughForces, "the Tanks hold {} of your forces and {} special forces, not {} and {}",
                  s.tanks_normal.value, s.tanks_special.value, r.normal.value, r.special.value);
  }
  if (r.normal + r.special - r.ally_paid_extra > ordinary_left(state, seat, f)) {
    return reject(RejectCode::IllegalChoice, "at most {} forces are revived per turn, not {} ([LR] 1.05; a Tleilaxu Nexus revival "
                  "of this turn counts against the shared ceiling, seed 002)",
                  ordinary_left(state, seat, f).value, (r.normal + r.special - r.ally_paid_extra).value);
  }
  if ((r.leader || r.kwisatz_haderach) && state.revival.nexus_leader[seat.value]) {
    return reject(RejectCode::IllegalChoice, "the Tleilaxu Nexus card's revival took your one leader revival of the turn (seed 002)");
  }
  if (r.special > special_left(state, seat)) {
    return reject(RejectCode::IllegalChoice, "at most {} {} revived per turn, not {} ([LR] 2.03.11 / 2.04; a Karama or Nexus revival "
                  "of this turn counts)",
                  special_limit(state, f).value, faction_info(f).special_force_name,
                  (r.special + special_limit(state, f) - special_left(state, seat)).value);
  }
  if (r.leader) {
    if (r.leader->value >= kLeaderCount) return reject(RejectCode::IllegalChoice, "no such leader");
    // The Tleilaxu's offer waives [LR] 1.05.03-04 (E1, face down too); the leader is still in the Tanks.
    const bool offered = early_offer(state, seat, *r.leader) && is_dead(state.leaders[r.leader->value].where);
    const auto why = reviving_ghola(state, seat, *r.leader) ? ghola_not_revivable(state, seat, *r.leader)
                                                            : leader_not_revivable(state, f, *r.leader);
    if (why && !offered) return reject(RejectCode::IllegalChoice, "{} cannot be revived: {}", leader_info(*r.leader).name, *why);
    if (leader_info(*r.leader).role == LeaderRole::Zoal) return reject(RejectCode::NotImplemented, "{}", kZoalPriceOpen);
  }
  if (r.kwisatz_haderach) {
    if (r.leader) {
      return reject(RejectCode::IllegalChoice, "the Kwisatz Haderach takes the one leader revival of the turn, instead of a leader ([LR] 2.01.14)");
    }
    if (auto why = kwisatz_haderach_not_revivable(state, f)) return reject(RejectCode::IllegalChoice, "{}", *why);
  }
  const Spice cost = own_cost(state, seat, r);
  if (cost > s.spice && !mutant_active(Mutant::RevivalOverdraft)) {
    return reject(RejectCode::InsufficientSpice, "this revival costs {} spice; you have {} ([LR] 1.05)",
                  cost.value, s.spice.value);
  }
  return std::nullopt;
}

// Spice paid for a revival: to the Tleilaxu when `income` and not the payer (fact sheet §5.2: "each
// paid revival by another faction (forces and leaders) is paid to Tleilaxu"; [TO] Revival.cs
// counts the Emperor's payment for his ally's extras too), else to the bank ([LR] 1.05.01.04).
void pay_for_revival(GameState& state, Seat payer, Spice cost, std::optional<Seat> income) {
  if (income && *income != payer && !mutant_active(Mutant::TleilaxuRevivalIncomeToBank)) {
    pay_to_seat(state, payer, *income, cost);
  } else {
    pay_to_bank(state, payer, cost);
  }
}

// The Emperor pays for his ally's extra revivals out of the spice he lets it spend, and that grant
// shrinks by as much (as for bids).
void pay_extra_revivals(GameState& state, Spice cost, std::optional<Seat> income) {
  if (cost == Spice{0}) return;
  const Seat emperor = *state.seat_of(Faction::Emperor);
  pay_for_revival(state, emperor, cost, income);
  Spice& grant = state.seat(emperor).ally_spice_limit;
  grant = grant > cost ? grant - cost : Spice{0};
}

// Whether the revival takes free revival: forces of its own revived while it has free revivals.
bool parts_use_free_revival(const GameState& state, Faction f, const Revive& r) {
  const RevivalSplit parts = split(f, r);
  return parts.own_normal + parts.own_special > ForceCount{0} && free_revivals(state, f) > ForceCount{0};
}

// The Tleilaxu's income from `seat`'s revival `r` (fact sheet §5.2): the payments of other
// factions, and 1 spice from the bank for each faction that takes free revival, themselves included
// ([TO] Revival.cs and [DB] Revival.java both count the Tleilaxu; README rules status): its own
// forces revived while it has free revivals. nullopt: they receive nothing from it, or a Karama
// cancels this use of the income (one source, [TO] PurpleReceiveRevive: the whole income of the
// one revival, its payments to the bank and no free-revival spice; README rules status).
struct RevivalIncome {
  std::optional<Seat> to;
  bool free = false;  // the 1 spice for a free revival
};
RevivalIncome revival_income(GameState& state, Seat seat, const Revive& r) {
  const auto tleilaxu = state.seat_of(Faction::Tleilaxu);
  if (!tleilaxu) return {};
  const Faction f = state.faction_of(seat);
  const RevivalSplit parts = split(f, r);
  const bool free = parts_use_free_revival(state, f, r) && !mutant_active(Mutant::TleilaxuFreeRevivalIncomeUnpaid);
  const bool paid = (*tleilaxu != seat && own_cost(state, seat, r) > Spice{0}) || parts.emperor_cost > Spice{0};
  if (!free && !paid) return {};
  if (karama_cancels(state, *tleilaxu, KaramaAbility::TleilaxuRevivalIncome) && !mutant_active(Mutant::KaramaCancelTleilaxuIncomeStands)) {
    return {};
  }
  return RevivalIncome{tleilaxu, free};
}

// The revival uses the Fremen's grant ([LR] 2.04.11): the ally's own part revives more forces than
// its own free revival, and the grant frees more than that.
// Whether the revival pays for forces at the Tleilaxu ally's half price (force_cost): not a retake
// after a Karama cancelled the discount.
bool uses_tleilaxu_discount(const GameState& state, Faction f, const Revive& r) {
  const RevivalSplit parts = split(f, r);
  return ally_of(state, f) == Faction::Tleilaxu &&
         !karama_cancelled_this_turn(state, *state.seat_of(f), KaramaAbility::TleilaxuAllyRevivalDiscount) &&
         force_cost(state, f, parts.own_normal, parts.own_special) > Spice{0};
}

bool uses_fremen_grant(const GameState& state, Faction f, const Revive& r) {
  const ForceCount own = faction_info(f).free_revival;
  const RevivalSplit parts = split(f, r);
  return free_revivals(state, f) > own && parts.own_normal + parts.own_special > own;
}

void finish_if_done(GameState& state) {
  if (awaited_revival(state).empty()) end_phase(state);
}

}  // namespace

// The Tleilaxu may offer another faction an early revival of a leader "before the normal condition
// is met" (docs/rules/tleilaxu.md §4.4; [TO] RequestPurpleRevival; seed 002: E1 permits face-down
// leaders for this service): one of its own leaders in the Tanks, face up or face down, that
// [LR] 1.05.03-04 do not let it revive now, while it has not answered this Revival and its one
// leader revival of the turn is its own (a Tleilaxu Nexus card's revival took it, seed 002). The
// Kwisatz Haderach is no leader of the service ([TO] offers heroes; left out, README rules status).
std::optional<std::string> early_revival_not_offerable(const GameState& state, Seat target, LeaderId l) {
  const Faction f = state.faction_of(target);
  const auto tleilaxu = state.seat_of(Faction::Tleilaxu);
  if (!tleilaxu || *tleilaxu == target) return std::string("the Tleilaxu offer an early leader revival to another seated faction");
  if (l.value >= kLeaderCount) return std::string("no such leader");
  const LeaderState& ls = state.leaders[l.value];
  if (leader_owner(state, l) != f || ls.where == LeaderLocation::NotInPlay) {
    return fmt::format("that leader is not one of the {}'s", to_string(f));
  }
  if (!is_dead(ls.where)) return fmt::format("{} is not in the Tanks", leader_info(l).name);
  if (!leader_not_revivable(state, f, l)) {
    return fmt::format("the {} may revive {} without an offer ([LR] 1.05.03)", to_string(f), leader_info(l).name);
  }
  if (state.revival.done[target.value]) return fmt::format("the {} have answered this Revival", to_string(f));
  if (state.revival.nexus_leader[target.value]) {
    return fmt::format("the Tleilaxu Nexus card's revival took the {}'s one leader revival of the turn (seed 002)", to_string(f));
  }
  return std::nullopt;
}

ForceCount revival_special_left(const GameState& state, Seat seat) { return special_left(state, seat); }

std::optional<std::string> nexus_leader_not_revivable(const GameState& state, Seat seat, LeaderId l) {
  if (l.value >= kLeaderCount) return std::string("no such leader");
  return leader_not_revivable(state, state.faction_of(seat), l, !mutant_active(Mutant::NexusRevivalRosterKept));
}

std::optional<std::string> nexus_kwisatz_haderach_not_revivable(const GameState& state, Seat seat) {
  return kwisatz_haderach_not_revivable(state, state.faction_of(seat), true);
}

void return_leader(GameState& state, Seat seat, LeaderId leader) {
  LeaderState& l = state.leaders[leader.value];
  l.where = LeaderLocation::Available;
  l.holder = seat;
  l.fought_this_phase = false;
}

void enter_revival(GameState& state) {
  state.step = Step::Revival;
  state.revival = RevivalState{};
  // Who is asked is fixed now, from public facts (the Tanks): a Tleilaxu Ghola played during the
  // phase must not leave a seat awaited for nothing, nor strand the phase.
  for (Seat s : all_seats(state)) state.revival.done[s.value] = !has_something_to_revive(state, s);
  // The Tleilaxu are asked while their Karama power is unused and another seat is (public facts: a
  // Karama in hand is private, so asking only a holder would tell the table).
  const auto tleilaxu = state.seat_of(Faction::Tleilaxu);
  if (tleilaxu && karama_prevention_open(state, Faction::Tleilaxu) &&
      std::ranges::any_of(all_seats(state), [&](Seat s) { return s != *tleilaxu && !state.revival.done[s.value]; })) {
    state.revival.done[tleilaxu->value] = false;
  }
  // And while another seat has a leader they could offer to revive early (public facts).
  if (tleilaxu && std::ranges::any_of(all_seats(state), [&](Seat s) { return s != *tleilaxu && early_revival_offerable(state, s); })) {
    state.revival.done[tleilaxu->value] = false;
  }
  finish_if_done(state);
}

std::vector<Seat> awaited_revival(const GameState& state) { return seats_not_answered(state, state.revival.done); }

std::vector<Command> candidates_revival(const GameState& state, Seat seat) {
  const Faction f = state.faction_of(seat);
  const SeatState& s = state.seat(seat);
  std::vector<std::optional<LeaderId>> leaders{std::nullopt};
  const bool leader_slot = !state.revival.nexus_leader[seat.value];
  if (leader_slot) {
    for (LeaderId l : revivable_leaders(state, seat)) leaders.emplace_back(l);  // Zoal's are refused by validate_revive
    // The Tleilaxu's offer, for a leader the printed rule does not let it revive now.
    if (const auto& o = state.revival.early_offers[seat.value];
        o && is_dead(state.leaders[o->leader.value].where) && leader_not_revivable(state, f, o->leader)) {
      leaders.emplace_back(o->leader);
    }
  }
  const bool kwisatz_haderach = leader_slot && !kwisatz_haderach_not_revivable(state, f);
  std::vector<Command> out{Pass{}};
  const int limit = ordinary_left(state, seat, f).value;
  const int extra = ally_of(state, f) == Faction::Emperor ? kEmperorExtraRevivals.value : 0;
  const int max_total = std::min(limit + extra, s.tanks_normal.value + s.tanks_special.value);
  for (int kh = 0; kh < (kwisatz_haderach ? 2 : 1); ++kh) {
    for (const auto& leader : leaders) {
      if (kh == 1 && leader) continue;  // the Kwisatz Haderach instead of a leader
      for (int special = 0; special <= std::min(s.tanks_special.value, std::min(max_total, special_left(state, seat).value)); ++special) {
        for (int normal = 0; normal + special <= max_total && normal <= s.tanks_normal.value; ++normal) {
          if (normal + special == 0 && !leader && kh == 0) continue;
          if (normal + special == limit && mutant_active(Mutant::FullRevivalNotOffered)) continue;
          const int beyond = std::max(0, normal + special - limit);
          out.push_back(Revive{ForceCount{normal}, ForceCount{special}, leader, ForceCount{beyond}, kh == 1});
        }
      }
    }
  }
  add_karama_revive_candidates(state, seat, out);
  for (Command& c : nexus_play_candidates(state, seat)) out.push_back(std::move(c));  // a family decides when
  return out;
}

std::optional<Rejection> validate_revival(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* r = std::get_if<Revive>(&c)) return validate_revive(state, seat, *r);
  if (const auto* k = std::get_if<KaramaRevive>(&c)) return validate_karama_revive(state, seat, *k);
  if (const auto* k = std::get_if<KaramaPreventRevival>(&c)) return validate_karama_prevention(state, seat, *k);
  if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
  return reject(RejectCode::WrongPhase, "Revival: revive forces and a leader, or pass");
}

void apply_revival(GameState& state, Seat seat, const Command& c) {
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);  // a Nexus revival is its own: the seat's ordinary decision is still to come
    return;
  }
  if (const auto* k = std::get_if<KaramaRevive>(&c)) {
    apply_karama_revive(state, seat, *k);  // the Emperor's decision goes on: his ordinary revival is still to come
    return;
  }
  if (const auto* k = std::get_if<KaramaPreventRevival>(&c)) {
    const Seat target = *state.seat_of(k->faction);
    use_karama_power(state, seat, KaramaPower::TleilaxuRevivalPrevention, target);
    // The target's decision ends unasked; the Tleilaxu's own goes on.
    if (!mutant_active(Mutant::TleilaxuKaramaPreventionIgnored)) state.revival.done[target.value] = true;
    return;
  }
  const auto* r = std::get_if<Revive>(&c);
  // [LR] 2.03.07 ✷, 3.01.11.01: the ally revives with the Emperor's extras; a Karama cancels that
  // use: nothing is revived or paid, and the ally retakes its revival without the extras ([LR] 3.04).
  if (r && r->ally_paid_extra > ForceCount{0} && karama_cancels(state, seat, KaramaAbility::EmperorAllyRevivals) &&
      !mutant_active(Mutant::KaramaCancelExtraRevivalsStand)) {
    return;
  }
  // [LR] 2.04.11 ✷, 3.01.11.01: a Karama cancels the ally's revival with the Fremen's free
  // revivals; nothing is revived or paid, and the ally retakes its revival without them (3.04).
  if (r && uses_fremen_grant(state, state.faction_of(seat), *r) &&
      karama_cancels(state, seat, KaramaAbility::FremenAllyFreeRevival) && !mutant_active(Mutant::KaramaCancelAllyRevivalStands)) {
    return;
  }
  // The Tleilaxu ally's discount ✷ (one source, [TO] PurpleRevivalDiscountAlly): a Karama cancels
  // the revival at half price; nothing is revived or paid, and the ally retakes it at full price.
  if (r && uses_tleilaxu_discount(state, state.faction_of(seat), *r) &&
      karama_cancels(state, seat, KaramaAbility::TleilaxuAllyRevivalDiscount)) {
    return;
  }
  // Advanced Gholas (one source, [TO] PurpleReviveGhola): a Karama cancels the revival with a ghola;
  // nothing is revived or paid, and the Tleilaxu retake it without one (ghola_not_revivable).
  if (r && r->leader && reviving_ghola(state, seat, *r->leader) && karama_cancels(state, seat, KaramaAbility::TleilaxuGholaRevival) &&
      !mutant_active(Mutant::KaramaCancelGholaRevivalStands)) {
    return;
  }
  // The Tleilaxu's own half price (one source, [TO] PurpleRevivalDiscount): a Karama cancels the
  // revival that pays at it; nothing is revived or paid, and they retake it at the printed prices.
  if (r && tleilaxu_own_discount(state, state.faction_of(seat)) && own_cost(state, seat, *r) > Spice{0} &&
      karama_cancels(state, seat, KaramaAbility::TleilaxuRevivalDiscount)) {
    return;
  }
  state.revival.done[seat.value] = true;
  if (r) {
    const Faction f = state.faction_of(seat);
    const RevivalIncome income = revival_income(state, seat, *r);
    pay_for_revival(state, seat, own_cost(state, seat, *r), income.to);
    pay_extra_revivals(state, split(f, *r).emperor_cost, income.to);
    if (income.free) receive_from_bank(state, *income.to, Spice{1});
    // A free revival of forces by a faction other than the Tleilaxu triggers the Axlotl Tanks (E1
    // tech tokens; both engines: forces only, the ordinary free revival only).
    if (parts_use_free_revival(state, f, *r)) note_tech_trigger(state, TechTokenKind::AxlotlTanks, f);
    transfer_forces(state, f, InTanks{}, InReserves{}, r->normal, r->special);
    if (r->leader && reviving_ghola(state, seat, *r->leader)) state.leaders[r->leader->value].ghola = true;
    if (r->leader) return_leader(state, seat, *r->leader);
    if (r->kwisatz_haderach) state.battle.kwisatz_haderach_dead = false;  // [LR] 2.01.14
  }
  finish_if_done(state);
}

}  // namespace dune

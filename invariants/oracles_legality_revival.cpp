// The reference legality of a revival (oracle.legal-revival, oracle.legal-command; [LR] 1.05,
// 2.03.07, 2.03.11, 2.01.14, seeds 002 and 003): split out of oracles_legality_rules.cpp, which
// keeps every other kind.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {

// The special forces `seat` revived this turn besides its ordinary revival: by the Emperor's Karama
// power, and by a Nexus card's revival (the Emperor's and Fremen's three, the Tleilaxu's group).
int specials_revived_this_turn(const GameState& s, Seat seat) {
  int n = 0;
  this_turn(s, [&](const Envelope& e) {
    if (e.seat != seat) return;
    if (const auto* k = std::get_if<KaramaRevive>(&e.command)) n += k->special.value;
    if (const auto* p = std::get_if<PlayNexus>(&e.command); p && p->mode == NexusMode::SecretAlly) n += p->special.value;
  });
  return n;
}

const PlayNexus* tleilaxu_revival_this_turn(const GameState& s, Seat seat) {
  const PlayNexus* out = nullptr;
  this_turn(s, [&](const Envelope& e) {
    const auto* p = std::get_if<PlayNexus>(&e.command);
    if (p && e.seat == seat && p->card.faction == Faction::Tleilaxu && p->mode == NexusMode::SecretAlly) out = p;
  });
  return out;
}

// Why `seat` may make no revival now: one revival a turn; a Karama cancel of the Emperor's extras,
// the Fremen's grant or a Tleilaxu half price allows the retake without them ([LR] 1.05, 3.04).
// "" when it may.
std::string revival_turn_illegal(const GameState& s, Seat seat) {
  if (revival_prevented(s, seat)) return "the Tleilaxu Karama power prevents its revival this phase (one source: [TO])";
  const int retaken = retakes(s, seat, {KaramaAbility::EmperorAllyRevivals, KaramaAbility::FremenAllyFreeRevival,
                                        KaramaAbility::TleilaxuAllyRevivalDiscount, KaramaAbility::TleilaxuRevivalDiscount,
                                        KaramaAbility::TleilaxuGholaRevival});
  return commands_this_turn<Revive>(s, seat) >= 1 + retaken ? "a second revival this turn ([LR] 1.05)" : "";
}

// Advanced Gholas (one source, [TO] Rule.PurpleGholas, Revival.ValidRevivalHeroes; docs/rules/
// tleilaxu.md §5.2): why the Tleilaxu may not revive `l`, another faction's leader, as their own,
// or "" when they may: the rule in the game; an ordinary leader of a seated faction (not the Auditor,
// not Duke Vidal); dead, face up or face down; fewer than 5 Tleilaxu leaders alive, behind a shield
// or captured ([TO] since its version 139 counts theirs held by others); no Karama against it
// this phase ([TO] PurpleReviveGhola, for the phase). The one leader revival of the turn and the
// price are checked as for their own leaders.
namespace {
std::string ghola_rule(const GameState& s, Seat seat, LeaderId l) {
  if (!s.options.rules.tleilaxu_gholas) return "one of its own leaders ([LR] 1.05.03; Advanced Gholas not in the game)";
  const LeaderInfo& info = leader_info(l);
  if (info.role != LeaderRole::Ordinary || !info.faction || !s.seat_of(*info.faction)) {
    return "a ghola is an ordinary leader of another seated faction ([TO] Rule.PurpleGholas)";
  }
  if (!in_tanks(s, l)) return "a ghola is revived from the Tanks ([TO] Rule.PurpleGholas)";
  int living = 0;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const LeaderLocation w = s.leaders[i].where;
    living += leader_owner(s, leader_at(i)) == Faction::Tleilaxu && (w == LeaderLocation::Available || w == LeaderLocation::Captured);
  }
  if (living >= 5) return fmt::format("a ghola only while fewer than 5 Tleilaxu leaders live, not {} ([TO] Rule.PurpleGholas)", living);
  if (cancelled_this_turn(s, seat, KaramaAbility::TleilaxuGholaRevival)) return "a Karama cancelled the Tleilaxu's gholas this phase ([TO]; 3.04)";
  return "";
}
}  // namespace

std::string revive_illegal(const GameState& s, Seat seat, const Revive& c) {
  if (std::string why = revival_turn_illegal(s, seat); !why.empty()) return why;
  return revival_choice_illegal(s, seat, c);
}

// Why `c` is no legal revival for a seat that may revive this turn, or "" when it is one.
std::string revival_choice_illegal(const GameState& s, Seat seat, const Revive& c) {
  const Faction f = s.faction_of(seat);
  const SeatState& me = s.seat(seat);
  if (c.normal > me.tanks_normal || c.special > me.tanks_special) return "more forces than its Tanks hold ([LR] 1.05.01)";
  const auto ally = ally_seat(s, seat);
  if (c.ally_paid_extra.value > 0 && !(ally && s.faction_of(*ally) == Faction::Emperor)) return "extras are paid by the Emperor for his ally ([LR] 2.03.07)";
  if (c.ally_paid_extra.value > 3) return "the Emperor pays for up to 3 extra forces ([LR] 2.03.07)";
  if (c.normal.value < 0 || c.special.value < 0 || c.ally_paid_extra.value < 0) return "a negative count";
  if (c.normal + c.special == ForceCount{0} && !c.leader && !c.kwisatz_haderach) return "nothing revived (a Pass declines)";
  // After the Tleilaxu Nexus card's revival of this turn (seed 002's prototype of 14 October): its
  // group counts against a shared ceiling of at least five, and it took the one leader revival.
  const PlayNexus* card = tleilaxu_revival_this_turn(s, seat);
  if (const auto limit = force_revival_limit(s, seat)) {
    int allowed = *limit;
    if (card) allowed = std::min(allowed, std::max(allowed, 5) - (card->normal + card->special).value);
    if ((c.normal + c.special - c.ally_paid_extra).value > allowed) {
      return fmt::format("more than {} forces a turn ([LR] 1.05.01{})", allowed,
                         card ? "; the Tleilaxu Nexus revival's group counts against the shared ceiling of five, seed 002" : "");
    }
  }
  if (card && (c.leader || c.kwisatz_haderach)) return "the Tleilaxu Nexus revival took the one leader revival of the turn (seed 002)";
  if (c.ally_paid_extra.value > 0) {
    // The extras come beyond the ally's own limit, filled first (README rules status, "Emperor-paid
    // extra revivals": "up to 3 forces beyond the ally's limit"), paid from what the Emperor lets
    // his ally spend, and not in a retake after a Karama cancelled them (3.04).
    if (const auto limit = force_revival_limit(s, seat); !limit || (c.normal + c.special - c.ally_paid_extra).value != *limit) {
      return "extras come beyond the ally's own limit, filled first ([LR] 2.03.07)";
    }
    if (cancelled_this_turn(s, seat, KaramaAbility::EmperorAllyRevivals)) return "a Karama cancelled the Emperor's extras this turn ([LR] 3.04)";
    if (revival_price(s, seat, c).extra > ally_grant(s, seat)) {
      return "the extras cost more than the Emperor lets his ally spend ([LR] 2.03.07)";
    }
  }
  if (s.options.rules.special_forces && (f == Faction::Emperor || f == Faction::Fremen)) {
    // One Sardaukar or Fedaykin a turn ([LR] 2.03.11; fact sheet faction table, Fremen): the
    // Emperor's Karama revival this turn counts.
    // Nexus revivals of this turn count too (November FAQ p.2, seed 003, seed 002).
    if (c.special.value + specials_revived_this_turn(s, seat) > 1) return "one special force revived a turn ([LR] 2.03.11; fact sheet, Fremen)";
  }
  if (c.leader && c.kwisatz_haderach) return "one leader revival a turn ([LR] 1.05.03, 2.01.14)";
  if (c.leader && f == Faction::Tleilaxu && leader_owner(s, *c.leader) != f) {
    if (std::string why = ghola_rule(s, seat, *c.leader); !why.empty()) return why;
  } else if (c.leader) {
    if (leader_owner(s, *c.leader) != f) return "one of its own leaders ([LR] 1.05.03)";
    if (leader_info(*c.leader).role == LeaderRole::Zoal) return "Zoal's revival price is an open question ([TO] 6, [DB] 3; README rules status)";
    if (!in_tanks(s, *c.leader)) return "a leader in the Tanks ([LR] 1.05.03)";
    // The Tleilaxu's offer standing for it waives 1.05.03-04 (docs/rules/tleilaxu.md §4.4).
    if (std::string why = leader_roster_rule(s, seat, *c.leader); !why.empty() && !early_offer_for(s, seat, *c.leader)) return why;
  }
  if (c.kwisatz_haderach) {
    if (f != Faction::Atreides || !s.options.rules.kwisatz_haderach) return "only the Advanced Atreides revive the Kwisatz Haderach ([LR] 2.01.14)";
    if (!s.battle.kwisatz_haderach_dead) return "the Kwisatz Haderach is alive";
    if (active_leaders(s, seat) > 0 && !all_leaders_died(s, f)) return "only when all other leaders died once or are unavailable ([LR] 2.01.14)";
  }
  // Paid from its own spice: an ally helps with bids and shipments only (1.10.02.05-06), the
  // Emperor with the extras (2.03.07).
  const int price = revival_price(s, seat, c).own;
  return price <= me.spice.value ? "" : fmt::format("it costs {} spice, more than its {} ([LR] 1.05.01.03)", price, me.spice.value);
}

}  // namespace dune::invariants::oracle_detail

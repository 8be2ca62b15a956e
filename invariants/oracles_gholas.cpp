// Advanced Gholas' oracle (oracle.ghola; one source, [TO] Rule.PurpleGholas; docs/rules/tleilaxu.md
// §5.2, the README's rules-status row "Tleilaxu: Advanced Gholas"), recomputed from the log and the
// leaders' states, not from the engine's revival:
// - a leader becomes a ghola only in a step whose command is the Tleilaxu's Revive naming it while
//   it was another faction's;
// - that revival, unless a Karama cancelled it (the leader still in the Tanks), makes it a ghola
//   behind the Tleilaxu's shield;
// - a ghola stays one for the rest of the game, dead, captured or alive.
// Whether the revival was allowed (the rule, fewer than 5 living Tleilaxu leaders, a dead leader of
// another faction) is oracle.legal-revival's (ghola_rule); its price oracle.revival-payment's.
#include <fmt/format.h>

#include <variant>

#include "invariants/oracle_support.h"

namespace dune::invariants::oracle_detail {

Violations ghola(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  // A step of several log entries (a revival that ends the phase, and what the next one begins
  // with) is decided once, by its command's entry.
  if (!owns_step(t)) return {};
  const Envelope* e = nullptr;
  for (std::size_t i = b.log.size(); i < a.log.size() && !e; ++i) e = std::get_if<Envelope>(&a.log[i]);
  const Revive* r = e ? std::get_if<Revive>(&e->command) : nullptr;
  // The leader this step's Revive names as a ghola: the Tleilaxu's, of a leader not theirs before.
  const LeaderId* named = r && r->leader && r->leader->value < kLeaderCount && b.faction_of(e->seat) == Faction::Tleilaxu &&
                                  leader_owner(b, *r->leader) != Faction::Tleilaxu
                              ? &*r->leader
                              : nullptr;
  Violations out;
  bool changed = false;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const bool was = b.leaders[i].ghola, is = a.leaders[i].ghola;
    if (was == is) continue;
    changed = true;
    const std::string name{kLeaders[i].name};
    if (was) {
      out.push_back(violation(kGhola, fmt::format("{} stopped being a ghola: once revived by the Tleilaxu it is theirs for the rest of the "
                                                  "game ([TO] Rule.PurpleGholas)", name)));
    } else if (!named || named->value != i) {
      out.push_back(violation(kGhola, fmt::format("{} became a ghola in a step that is no Tleilaxu revival naming it ([TO] Rule.PurpleGholas)", name)));
    }
  }
  if (!named && !changed) return {};
  if (!named) return decided(kGhola, std::move(out));
  const LeaderState& is = a.leaders[named->value];
  const std::string name{leader_info(*named).name};
  if (in_tanks(a, *named)) {  // the revival was not made: a Karama cancelled it (oracle.karama-cancel's)
    if (is.ghola) out.push_back(violation(kGhola, fmt::format("{} is a ghola though still in the Tanks", name)));
    return decided(kGhola, std::move(out));
  }
  if (!is.ghola) {
    out.push_back(violation(kGhola, fmt::format("the Tleilaxu revived {}, another faction's leader, but it is not theirs: it is a ghola "
                                                "([TO] Rule.PurpleGholas)", name)));
  }
  if (is.where != LeaderLocation::Available || is.holder != e->seat) {
    out.push_back(violation(kGhola, fmt::format("the ghola {} is not behind the Tleilaxu's shield after its revival", name)));
  }
  return decided(kGhola, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

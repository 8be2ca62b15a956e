#include "invariants/registry.h"

#include <array>

#include "invariants/census.h"
#include "invariants/conservation.h"

namespace dune::invariants {
namespace {

Violations census(const Transition& t, const GameContext&) { return check_census(t.after); }
Violations spice_ledger(const Transition& t, const GameContext& g) { return check_spice_ledger(t.after, g.opening_spice); }
Violations capacity(const Transition& t, const GameContext&) { return check_capacity(t.after); }

constexpr std::array kCheckers{
    Checker{"census", "census", "every component in exactly one zone; totals equal the catalogue", census},
    Checker{"spice-ledger", "conservation", "seats + board + shields + bank add up to the opening spice", spice_ledger},
    Checker{"capacity", "capacity", "no negative spice; Treachery hands within their limits", capacity},
};

}  // namespace

GameContext GameContext::of(const GameState& opening) { return GameContext{spice_total(opening)}; }

std::span<const Checker> all_checkers() { return kCheckers; }

Violations check_transition(const Transition& t, const GameContext& game, const CheckOptions& options,
                            std::uint64_t* counts) {
  Violations out;
  for (std::size_t i = 0; i < kCheckers.size(); ++i) {
    const Checker& c = kCheckers[i];
    if (c.enabled && !c.enabled(options)) continue;
    if (counts) ++counts[i];
    for (Violation& v : c.check(t, game)) out.push_back(std::move(v));
  }
  return out;
}

}  // namespace dune::invariants

#include "invariants/registry.h"

#include <array>
#include <vector>

#include "invariants/catalogue_census.h"
#include "invariants/census.h"
#include "invariants/conservation.h"
#include "invariants/nexus_checks.h"
#include "invariants/nexus_contracts.h"
#include "invariants/noninterference.h"
#include "invariants/oracles.h"
#include "invariants/protocol.h"
#include "invariants/shape.h"

namespace dune::invariants {
namespace {

Violations census(const Transition& t, const GameContext&) { return check_census(t.after); }
Violations spice_ledger(const Transition& t, const GameContext& g) { return check_spice_ledger(t.after, g.opening_spice); }
Violations capacity(const Transition& t, const GameContext&) { return check_capacity(t.after); }
Violations catalogue_census(const Transition& t, const GameContext&) { return check_catalogue_census(t.after); }
Violations bidding_capacity(const Transition& t, const GameContext&) { return check_bidding_capacity(t.before, t.after); }
Violations shape(const Transition& t, const GameContext&) { return check_shape(t.after, &t.before); }

constexpr std::array kCoreCheckers{
    Checker{"census", "census", "every component in exactly one zone; totals equal the catalogue", census},
    Checker{"spice-ledger", "conservation", "seats + board + shields + bank add up to the opening spice", spice_ledger},
    Checker{"capacity", "capacity", "no negative spice or forces; hands within limits; at most two factions per stronghold", capacity},
    Checker{"capacity.bidding", "capacity", "the lots dealt and the seats asked to bid are the seats below their printed hand limit", bidding_capacity},
    Checker{"shape", "capacity", "turn and step within the game; a seat awaited at rest; symmetric alliances, winners and the prediction at the table; leader custody; lot counters; version and committed table against the log", shape},
    Checker{"census.catalogue", "census", "every kind of the typed catalogue: the count in the state's zones equals its census", catalogue_census},
};

}  // namespace

GameContext GameContext::of(const GameState& opening) { return GameContext{spice_total(opening)}; }

// The catalogue: the core checkers above, then each family's own table (one file per family).
const std::vector<Checker>& catalogue() {
  static const std::vector<Checker> all = [] {
    std::vector<Checker> out(kCoreCheckers.begin(), kCoreCheckers.end());
    for (auto family : {protocol_checkers(), determinism_checkers(), single_consumption_checkers(),
                        lifecycle_checkers(), oracle_checkers(), contract_checkers(), noninterference_checkers()}) out.insert(out.end(), family.begin(), family.end());
    return out;
  }();
  return all;
}

std::span<const Checker> all_checkers() { return catalogue(); }

Violations check_transition(const Transition& t, const GameContext& game, const CheckOptions& options,
                            std::uint64_t* counts) {
  Violations out;
  const auto& checkers = catalogue();
  for (std::size_t i = 0; i < checkers.size(); ++i) {
    const Checker& c = checkers[i];
    if (c.enabled && !c.enabled(options)) continue;
    if (counts) ++counts[i];
    for (Violation& v : c.check(t, game)) out.push_back(std::move(v));
  }
  return out;
}

}  // namespace dune::invariants

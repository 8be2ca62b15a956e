// A deterministic synthetic campaign for the report tests: per-game records computed from
// (seed, family, game index) alone, so a shard (games with index % n == i) sees exactly the
// records the unsharded run sees for those games. Nothing here runs the engine.
#pragma once

#include <cstdint>

#include "reports/campaign.h"

namespace dune::reports::testing {

struct SyntheticOptions {
  std::uint64_t seed = 7;
  std::uint64_t games = 60;
  int shard = 0;
  int shards = 1;
  bool atreides_coverage_reachable = true;  // false: one Atreides row can never be met
};

// Families: Atreides (clean), Bene Gesserit (some games violate "spice-ledger"), Emperor
// (unavailable). Timing depends on the shard, so tests prove it is kept out of the comparison.
CampaignResult synthetic_campaign(const SyntheticOptions& o);

}  // namespace dune::reports::testing

// `dunecheck gate`'s campaign (issue 8 item 1): for each requested Nexus family, random legal games
// from the family's setups (gate/gate_plan.h) with every invariant after every step, on all cores,
// counted into a reports::CampaignResult. A failing game is shrunk, written as a replay file and
// recorded as a counterexample with its step-by-step trace.
//
// Determinism: game g of a family depends only on (seed, family, g), never on the job count or on
// which shard runs it (g belongs to shard g mod n), so shards merge into the unsharded result.
// Only a --time-budget makes the set of games played depend on the machine; the report says so.
//
// Bounded proofs: the family's scopes (proofs::scopes_for_family) are explored exhaustively once
// per campaign, by the shard that holds game 0, and reported beside the games; a violation there
// fails the family like a game's.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/mutants.h"
#include "reports/campaign.h"

namespace dune::gate {

struct GateOptions {
  std::vector<Faction> families;            // the families to run (unavailable ones are listed, not run)
  std::uint64_t games = 0;                  // per family, all shards together
  std::uint64_t seed = 1;
  std::chrono::seconds time_budget{0};      // 0: none
  int jobs = 1;
  reports::Shard shard;
  std::string out_dir;                      // counterexample replay files go to <out_dir>/counterexamples
  Mutant mutant = Mutant::None;             // an engine mutant switched on for every game
  std::chrono::milliseconds shrink_budget{20'000};
  bool proofs = true;  // explore the family's bounded scopes (proofs/explorer.h) in the shard holding game 0
};

// Progress as the campaign goes: games finished and planned (this shard), violations so far.
struct Progress {
  std::uint64_t done = 0;
  std::uint64_t planned = 0;
  std::uint64_t violations = 0;
  double seconds = 0;
  std::string family;  // the family now running
};
using ProgressSink = std::function<void(const Progress&)>;

// Runs the campaign and returns the finalised result (module summary included).
reports::CampaignResult run_campaign(const GateOptions& options, const ProgressSink& progress = {});

// The gate path for one engine mutant (issue 23 item 5): games 0, 1, ... of `family`'s campaign
// (options.seed, options.mutant, options.shrink_budget, options.out_dir) played one at a time until
// one fails, which is shrunk and written exactly as the campaign does it.
struct FirstCounterexample {
  std::uint64_t games = 0;         // games played, the failing one included
  double seconds_to_failure = 0;   // until the failing game's violation, shrinking excluded
  std::optional<reports::Counterexample> counterexample;  // none: no game of max_games failed
};
FirstCounterexample first_counterexample(const GateOptions& options, Faction family, std::uint64_t max_games);

}  // namespace dune::gate

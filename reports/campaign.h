// The gate's campaign result (issue 8 item 2; DESIGN.md "Reports", "Scale"): the data every report
// form is rendered from. Everything here is deterministic from the campaign seed except `timing`,
// which is kept apart so that shards merge into exactly the report of one unsharded run.
//
// Filling it (the gate): declare each family once (add_family), its coverage rows
// (declare_coverage), then add every game's record (add_game), then finalise(). finalise sorts
// everything into canonical order, trims counterexamples, and recomputes every verdict and digest;
// merge() and the JSON reader call it too, so no verdict is ever taken on trust.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "model/ids.h"
#include "model/nexus_panels.h"

namespace dune::reports {

// 2: counterexamples say what a reader pays (issue 23); 3: the oracle coverage table (issue 17)
inline constexpr int kReportSchema = 3;
// Per invariant, the earliest counterexamples (by game index) a report keeps. The runner may
// record more; finalise() trims, so a merge of shards keeps the same ones as one run.
inline constexpr std::size_t kCounterexamplesPerInvariant = 3;
inline constexpr std::uint64_t kDefaultLengthBucket = 50;  // steps per game-length histogram bucket

struct Shard {
  int index = 0;  // 0-based: game g belongs to shard g % count
  int count = 1;
  friend bool operator==(const Shard&, const Shard&) = default;
};

// What defines the campaign. Two results merge only when these agree (shard indices aside).
struct CampaignParams {
  std::uint64_t seed = 1;
  std::uint64_t games = 0;              // games per family requested (all shards together)
  std::uint64_t time_budget_seconds = 0;  // 0: no budget
  int shard_count = 1;
  std::vector<int> shards{0};           // the shard indices this result covers, sorted
  friend bool operator==(const CampaignParams&, const CampaignParams&) = default;
};

// Not deterministic; never part of a digest or of the merge-equality test.
struct Timing {
  double wall_seconds = 0;       // merged: the longest shard (shards run side by side)
  double games_per_second = 0;   // merged: the sum of the shards' rates
  double states_per_second = 0;  // the bounded proofs' states over their wall time; merged: the sum
  double peak_memory_mb = 0;     // peak resident memory of the process (games and proofs); merged: the largest
  friend bool operator==(const Timing&, const Timing&) = default;
};

// One explored setup and how many games used it.
struct Setup {
  int seats = 0;
  std::vector<Faction> factions;   // seated factions, in seat order
  std::vector<std::string> flags;  // rule flags switched on, e.g. "advanced", "nexus"
  NexusMode mode = NexusMode::Cunning;  // the mode the family's card can be played in
  std::uint64_t games = 0;
  friend bool operator==(const Setup&, const Setup&) = default;
};

struct InvariantTally {
  std::string name;    // invariants::Checker::name
  std::string family;  // invariants::Checker::family
  std::uint64_t checks = 0;
  std::uint64_t violations = 0;
  friend bool operator==(const InvariantTally&, const InvariantTally&) = default;
};

enum class CoverageKind : std::uint8_t { Panel, Lifecycle };

// One oracle's cases on one kind of step (issue 17 item 1; invariants/oracle_coverage.h).
struct OracleCell {
  std::string oracle;  // the oracle's checker name
  std::uint64_t decided = 0;
  std::uint64_t skipped = 0;  // cases it looked at but could not decide
  friend bool operator==(const OracleCell&, const OracleCell&) = default;
};

// One kind of step (a command kind, or a chance kind): the steps of it the campaign checked, and
// every oracle that decided or skipped one of them. No oracle: nothing decides its outcome.
struct OracleRow {
  std::string kind;  // the command's JSON kind, or the chance kind's name
  bool chance = false;
  std::uint64_t steps = 0;
  std::vector<OracleCell> oracles;
  friend bool operator==(const OracleRow&, const OracleRow&) = default;
};

// An oracle that skips more than this share of the steps of a kind it covers leaves the family
// short of coverage (issue 17: a checker that looks but does not decide proves nothing).
inline constexpr std::uint64_t kMaxOracleSkipPercent = 5;
// The oracle cells above that share, one line each:
// "oracle.storm-damage decided too few StormCard steps: skipped 20 of 100 (20%)".
std::vector<std::string> oracle_skip_breaches(const std::vector<OracleRow>& rows);

// A coverage requirement (QuickCheck checkCoverage style) and what the campaign observed.
struct CoverageRow {
  CoverageKind kind = CoverageKind::Panel;
  std::string what;        // unique within a family, e.g. "Cunning played", "cancelled"
  std::uint64_t required = 0;
  std::uint64_t observed = 0;
  std::string suggestion;  // the bot profile or setup that reaches it
  std::optional<NexusMode> mode;  // a panel row: its panel (the first row of a panel counts its plays)
  bool met() const { return observed >= required; }
  friend bool operator==(const CoverageRow&, const CoverageRow&) = default;
};

// A panel of the family's card as the registry had it at campaign time (issue 20 item 6): its
// status and the edges it does not offer, "not offered when ..., because ..." (an unavailable
// panel: why it is unavailable).
struct PanelEntry {
  NexusMode mode = NexusMode::Betrayal;
  StatusKind status = StatusKind::Unavailable;
  std::string not_offered;
  std::string policy{};  // a seed policy the panel implements (issue 21: "prototype policy, seed 002"), or 
  friend bool operator==(const PanelEntry&, const PanelEntry&) = default;
};

struct Counterexample {
  std::string invariant;         // Checker::name
  std::string invariant_family;  // Checker::family
  std::string message;           // the violation's sentence
  std::uint64_t game = 0;        // campaign-wide game index
  int step = 0;                  // 0-based failing step
  int shrunk_decisions = 0;      // decisions in the shrunk counterexample
  int non_default_decisions = 0; // of them, those that are not the default choice (index 0): what a reader follows
  int original_decisions = 0;    // decisions of the game as found, before shrinking
  double shrink_seconds = 0;     // time spent shrinking (not in the digest: it varies from run to run)
  std::string setup;             // the shrunk game's spec in one line: seats, factions, rules flags, turns
  // "shrunk from 465 to 180 decisions, 37 not the default, in 20.0 s"
  std::string shrink_summary() const;
  std::string replay_file;       // path of the replay file, as written by the gate
  std::vector<std::string> trace;  // the shrunk game, one line per step
  std::string replay_command() const { return "dunecheck replay " + replay_file; }
  friend bool operator==(const Counterexample&, const Counterexample&) = default;
};

// One bounded exhaustive exploration of the real engine (proofs/explorer.h; issue 9 item 5): every
// reachable state of a small scope, every invariant in every state. Run once per campaign (by the
// shard holding game 0), so a merge of shards carries it exactly once.
struct BoundedProof {
  std::string scope;             // e.g. "lifecycle-3"
  std::uint64_t states = 0;
  std::uint64_t transitions = 0;
  std::uint64_t checks = 0;
  int depth = 0;                 // depth reached
  bool exhausted = false;        // false: cut by the depth bound or the state budget
  std::string violation;         // empty: every invariant held in every state
  int shortest = 0;              // a violation: steps of the shortest counterexample (breadth-first)
  std::string replay_file;       // a violation: its replay file
  friend bool operator==(const BoundedProof&, const BoundedProof&) = default;
};

struct LengthHistogram {
  std::uint64_t bucket = kDefaultLengthBucket;  // steps per bucket
  std::map<std::uint64_t, std::uint64_t> games;  // bucket start (steps) -> games
  void add(std::uint64_t steps) { ++games[steps / bucket * bucket]; }
  friend bool operator==(const LengthHistogram&, const LengthHistogram&) = default;
};

enum class VerdictKind : std::uint8_t { Verified, Failed, Unavailable, CoverageNotMet };

struct Verdict {
  VerdictKind kind = VerdictKind::CoverageNotMet;
  std::string reason;                      // one line: why (every kind)
  std::vector<std::string> never_exercised;  // CoverageNotMet: rows below their requirement
  std::string suggestion;                  // CoverageNotMet: how to reach them
  std::string digest;                      // "fnv1a64:..." over the family's deterministic content
  friend bool operator==(const Verdict&, const Verdict&) = default;
};

struct FamilyResult {
  Faction family = Faction::Atreides;
  std::string unavailable;  // non-empty: the family is unavailable, and why (no games are run)
  std::vector<Setup> setups;
  std::uint64_t games = 0;
  std::uint64_t steps = 0;
  std::vector<InvariantTally> invariants;
  std::vector<CoverageRow> coverage;
  std::vector<PanelEntry> panels;  // the card's three panels (kNexusModes order); empty: none recorded
  std::vector<OracleRow> oracles;  // every kind of step, in the engine's order
  std::vector<Counterexample> counterexamples;
  LengthHistogram lengths;
  std::vector<BoundedProof> proofs;  // bounded exploration of the family's scopes
  Verdict verdict;  // derived by finalise()
  friend bool operator==(const FamilyResult&, const FamilyResult&) = default;
};

// One row of the module summary: the family registry's status at campaign time.
struct ModuleEntry {
  Faction family = Faction::Atreides;
  StatusKind status = StatusKind::Unavailable;
  std::string reason;  // unavailable: why
  std::string digest;  // verified: the registered report digest
  friend bool operator==(const ModuleEntry&, const ModuleEntry&) = default;
};

struct CampaignResult {
  CampaignParams params;
  std::vector<ModuleEntry> module;  // the twelve families
  std::vector<FamilyResult> families;  // the families this campaign ran (or found unavailable)
  std::string digest;  // derived: over params (shards aside) and every family's digest
  Timing timing;
  friend bool operator==(const CampaignResult&, const CampaignResult&) = default;
};

// ---- filling -------------------------------------------------------------------------------

// One game as the runner saw it.
struct GameRecord {
  std::uint64_t game = 0;  // campaign-wide index
  Setup setup;             // `games` ignored
  std::uint64_t steps = 0;
  std::vector<InvariantTally> checks;  // per checker: checks made and violations found
  std::map<std::string, std::uint64_t> coverage;  // CoverageRow::what -> times hit in this game
  std::vector<OracleRow> oracles;                  // the oracles' cases per kind of step in this game
  std::vector<Counterexample> counterexamples;     // shrunk, if this game failed
};

// A programming error of the filler (unknown family or coverage row): the gate's bug, not input.
struct FillError : std::logic_error {
  using std::logic_error::logic_error;
};

FamilyResult& add_family(CampaignResult& r, Faction family, std::string unavailable_reason = "");
void declare_coverage(FamilyResult& f, CoverageKind kind, std::string what, std::uint64_t required,
                      std::string suggestion, std::optional<NexusMode> mode = std::nullopt);
void add_game(FamilyResult& f, const GameRecord& game);  // throws FillError on an undeclared row

// Canonical order, counterexample trimming, verdicts and digests. Idempotent.
void finalise(CampaignResult& r);

// The deterministic content (no timing, no shard provenance, no derived fields): what the
// digests are computed over and what the merge-equality test compares.
std::string digest_of_family(const CampaignParams& params, const FamilyResult& f);

// ---- merging -------------------------------------------------------------------------------

struct ReportError {
  std::string message;  // names the path or the conflicting field
  friend bool operator==(const ReportError&, const ReportError&) = default;
};

// Combines shards of one campaign (same seed, games, budget, shard count, module; disjoint shard
// indices). When the shards cover every index the result is that of one unsharded run (shard 0/1).
std::variant<CampaignResult, ReportError> merge(const CampaignResult& a, const CampaignResult& b);

// ---- names ---------------------------------------------------------------------------------
std::string_view to_string(VerdictKind k);
std::string_view to_string(CoverageKind k);
std::string shard_label(const CampaignParams& p);  // "all", or "1,3 of 4" (0-based indices)

}  // namespace dune::reports

// Filling, finalising and merging campaign results (issue 8 items 2-3). One place decides a
// verdict (verdict_of) and one place the canonical order (canonicalise), so a merged result and an
// unsharded one cannot disagree.
#include "reports/campaign.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "io/persistence.h"
#include "reports/report_json.h"
#include "reports/report_text.h"

namespace dune::reports {
namespace {

auto setup_key(const Setup& s) { return std::tie(s.seats, s.factions, s.flags, s.mode); }

void add_setup(std::vector<Setup>& setups, const Setup& s, std::uint64_t games) {
  for (Setup& have : setups) {
    if (setup_key(have) == setup_key(s)) {
      have.games += games;
      return;
    }
  }
  Setup copy = s;
  copy.games = games;
  setups.push_back(std::move(copy));
}

void add_tally(std::vector<InvariantTally>& tallies, const InvariantTally& t) {
  for (InvariantTally& have : tallies) {
    if (have.name == t.name && have.family == t.family) {
      have.checks += t.checks;
      have.violations += t.violations;
      return;
    }
  }
  tallies.push_back(t);
}

CoverageRow* find_row(std::vector<CoverageRow>& rows, CoverageKind kind, std::string_view what) {
  for (CoverageRow& row : rows) {
    if (row.kind == kind && row.what == what) return &row;
  }
  return nullptr;
}

CoverageRow* find_row(std::vector<CoverageRow>& rows, std::string_view what) {
  for (CoverageRow& row : rows) {
    if (row.what == what) return &row;
  }
  return nullptr;
}

// Adds `rows` into `into`, kind by kind and oracle by oracle (a kind or an oracle new to `into`
// is appended, so every game's table, all in the engine's order, keeps that order).
void add_oracle_rows(std::vector<OracleRow>& into, const std::vector<OracleRow>& rows) {
  for (const OracleRow& row : rows) {
    auto have = std::ranges::find(into, row.kind, &OracleRow::kind);
    if (have == into.end()) {
      into.push_back(row);
      continue;
    }
    have->steps += row.steps;
    for (const OracleCell& c : row.oracles) {
      auto cell = std::ranges::find(have->oracles, c.oracle, &OracleCell::oracle);
      if (cell == have->oracles.end()) {
        have->oracles.push_back(c);
      } else {
        cell->decided += c.decided;
        cell->skipped += c.skipped;
      }
    }
  }
}

auto counterexample_key(const Counterexample& c) {
  return std::tie(c.game, c.step, c.invariant_family, c.invariant, c.message, c.replay_file);
}

// Keeps, per invariant, the earliest kCounterexamplesPerInvariant (already sorted by game).
void trim_counterexamples(std::vector<Counterexample>& cs) {
  std::map<std::string, std::size_t> kept;
  std::erase_if(cs, [&](const Counterexample& c) { return ++kept[c.invariant] > kCounterexamplesPerInvariant; });
}

void canonicalise(FamilyResult& f) {
  std::ranges::sort(f.setups, [](const Setup& a, const Setup& b) { return setup_key(a) < setup_key(b); });
  std::ranges::sort(f.invariants, [](const InvariantTally& a, const InvariantTally& b) {
    return std::tie(a.family, a.name) < std::tie(b.family, b.name);
  });
  std::ranges::stable_sort(f.coverage, [](const CoverageRow& a, const CoverageRow& b) {
    return std::tie(a.kind, a.what) < std::tie(b.kind, b.what);
  });
  std::ranges::sort(f.proofs, {}, &BoundedProof::scope);
  // Kinds stay in the engine's order (every game lists all of them); the oracles of a kind appear
  // in whatever order games first met them, so they are sorted by name.
  for (OracleRow& row : f.oracles) std::ranges::sort(row.oracles, {}, &OracleCell::oracle);
  std::ranges::sort(f.counterexamples, [](const Counterexample& a, const Counterexample& b) {
    return counterexample_key(a) < counterexample_key(b);
  });
  f.counterexamples.erase(std::unique(f.counterexamples.begin(), f.counterexamples.end()), f.counterexamples.end());
  trim_counterexamples(f.counterexamples);
}

// The verdict rule (issue 8 item 1): verified only when every invariant held on every game and
// every coverage requirement is met; an unavailable family stays so.
Verdict verdict_of(const FamilyResult& f) {
  Verdict v;
  if (!f.unavailable.empty()) {
    v.kind = VerdictKind::Unavailable;
    v.reason = f.unavailable;
    return v;
  }
  std::vector<std::string> broken;
  for (const InvariantTally& t : f.invariants) {
    if (t.violations > 0) broken.push_back(fmt::format("{} ({} violation{})", t.name, t.violations, t.violations == 1 ? "" : "s"));
  }
  for (const BoundedProof& p : f.proofs) {
    if (!p.violation.empty()) broken.push_back(fmt::format("bounded proof {} ({})", p.scope, p.violation));
  }
  if (!broken.empty() || !f.counterexamples.empty()) {
    v.kind = VerdictKind::Failed;
    v.reason = broken.empty() ? "a counterexample was recorded" : "invariant broken: " + join_text(broken, ", ");
    return v;
  }
  std::vector<std::string> suggestions;
  const std::vector<std::string> skips = oracle_skip_breaches(f.oracles);
  v.never_exercised = skips;
  if (!skips.empty()) suggestions.push_back("make each oracle decide the steps it skips (issue 17 item 2)");
  for (const CoverageRow& row : f.coverage) {
    if (row.met()) continue;
    v.never_exercised.push_back(fmt::format("{} {}: {} of {} required", to_string(row.kind), row.what, row.observed, row.required));
    if (!row.suggestion.empty() && std::ranges::find(suggestions, row.suggestion) == suggestions.end()) {
      suggestions.push_back(row.suggestion);
    }
  }
  if (f.games == 0) {
    v.kind = VerdictKind::CoverageNotMet;
    v.reason = "no games were played";
    v.suggestion = "raise --games or --time-budget";
    return v;
  }
  if (!v.never_exercised.empty()) {
    v.kind = VerdictKind::CoverageNotMet;
    v.reason = skips.empty() ? fmt::format("coverage not met: {} of {} requirements short", v.never_exercised.size(), f.coverage.size())
                             : fmt::format("coverage not met: {} of {} requirements short, and {} time{} an oracle skipped more than {}% "
                                           "of a kind's steps", v.never_exercised.size() - skips.size(), f.coverage.size(), skips.size(),
                                           skips.size() == 1 ? "" : "s", kMaxOracleSkipPercent);
    v.suggestion = join_text(suggestions, "; ");
    return v;
  }
  v.kind = VerdictKind::Verified;
  v.reason = fmt::format("every invariant held on all {} games and coverage is met", f.games);
  return v;
}

std::optional<std::string> params_conflict(const CampaignParams& a, const CampaignParams& b) {
  if (a.seed != b.seed) return fmt::format("different seeds ({} and {})", a.seed, b.seed);
  if (a.games != b.games) return fmt::format("different game counts ({} and {})", a.games, b.games);
  if (a.time_budget_seconds != b.time_budget_seconds) {
    return fmt::format("different time budgets ({} s and {} s)", a.time_budget_seconds, b.time_budget_seconds);
  }
  if (a.shard_count != b.shard_count) return fmt::format("different shard counts ({} and {})", a.shard_count, b.shard_count);
  for (int i : a.shards) {
    if (std::ranges::find(b.shards, i) != b.shards.end()) {
      return fmt::format("overlapping shards: shard {}/{} is in both", i, a.shard_count);
    }
  }
  return std::nullopt;
}

std::optional<std::string> merge_family(FamilyResult& into, const FamilyResult& other) {
  const auto name = to_string(into.family);
  if (into.unavailable != other.unavailable) return fmt::format("family {}: availability differs between the shards", name);
  if (into.lengths.bucket != other.lengths.bucket) return fmt::format("family {}: game-length buckets differ", name);
  for (const CoverageRow& row : other.coverage) {
    CoverageRow* have = find_row(into.coverage, row.kind, row.what);
    if (have == nullptr || have->required != row.required) {
      return fmt::format("family {}: coverage requirement '{}' differs between the shards", name, row.what);
    }
    have->observed += row.observed;
  }
  if (into.coverage.size() != other.coverage.size()) return fmt::format("family {}: coverage requirements differ between the shards", name);
  if (into.panels != other.panels) return fmt::format("family {}: the panels' statuses differ between the shards", name);
  for (const Setup& s : other.setups) add_setup(into.setups, s, s.games);
  for (const InvariantTally& t : other.invariants) add_tally(into.invariants, t);
  add_oracle_rows(into.oracles, other.oracles);
  into.games += other.games;
  into.steps += other.steps;
  for (const auto& [start, n] : other.lengths.games) into.lengths.games[start] += n;
  into.counterexamples.insert(into.counterexamples.end(), other.counterexamples.begin(), other.counterexamples.end());
  for (const BoundedProof& p : other.proofs) {
    if (std::ranges::find(into.proofs, p.scope, &BoundedProof::scope) != into.proofs.end()) {
      return fmt::format("family {}: bounded proof {} is in both shards", name, p.scope);
    }
    into.proofs.push_back(p);
  }
  return std::nullopt;
}

}  // namespace

std::string_view to_string(VerdictKind k) {
  switch (k) {
    case VerdictKind::Verified: return "verified";
    case VerdictKind::Failed: return "failed";
    case VerdictKind::Unavailable: return "unavailable";
    case VerdictKind::CoverageNotMet: return "coverage-not-met";
  }
  return "?";
}

std::string_view to_string(CoverageKind k) { return k == CoverageKind::Panel ? "panel" : "lifecycle"; }

std::string shard_label(const CampaignParams& p) {
  if (p.shard_count == 1) return "all";
  std::vector<std::string> parts;
  for (int i : p.shards) parts.push_back(std::to_string(i));
  return fmt::format("{} of {}", join_text(parts, ","), p.shard_count);
}

FamilyResult& add_family(CampaignResult& r, Faction family, std::string unavailable_reason) {
  for (const FamilyResult& f : r.families) {
    if (f.family == family) throw FillError(fmt::format("family {} added twice", to_string(family)));
  }
  FamilyResult& f = r.families.emplace_back();
  f.family = family;
  f.unavailable = std::move(unavailable_reason);
  return f;
}

void declare_coverage(FamilyResult& f, CoverageKind kind, std::string what, std::uint64_t required, std::string suggestion,
                      std::optional<NexusMode> mode) {
  if (find_row(f.coverage, what) != nullptr) {
    throw FillError(fmt::format("family {}: coverage row '{}' declared twice", to_string(f.family), what));
  }
  f.coverage.push_back(CoverageRow{kind, std::move(what), required, 0, std::move(suggestion), mode});
}

void add_game(FamilyResult& f, const GameRecord& game) {
  for (const auto& [what, hits] : game.coverage) {
    CoverageRow* row = find_row(f.coverage, what);
    if (row == nullptr) throw FillError(fmt::format("family {}: undeclared coverage row '{}'", to_string(f.family), what));
    row->observed += hits;
  }
  add_setup(f.setups, game.setup, 1);
  for (const InvariantTally& t : game.checks) add_tally(f.invariants, t);
  add_oracle_rows(f.oracles, game.oracles);
  ++f.games;
  f.steps += game.steps;
  f.lengths.add(game.steps);
  f.counterexamples.insert(f.counterexamples.end(), game.counterexamples.begin(), game.counterexamples.end());
}

void finalise(CampaignResult& r) {
  std::ranges::sort(r.params.shards);
  std::ranges::sort(r.module, {}, [](const ModuleEntry& m) { return index(m.family); });
  std::ranges::sort(r.families, {}, [](const FamilyResult& f) { return index(f.family); });
  std::vector<std::string> digests;
  for (FamilyResult& f : r.families) {
    canonicalise(f);
    f.verdict = verdict_of(f);
    f.verdict.digest = digest_of_family(r.params, f);
    digests.push_back(f.verdict.digest);
  }
  r.digest = digest_of(nlohmann::json{{"params", params_content_json(r.params)},
                                      {"module", module_json(r.module)},
                                      {"families", digests}});
}

std::string digest_of_family(const CampaignParams& params, const FamilyResult& f) {
  return digest_of(nlohmann::json{{"params", params_content_json(params)}, {"family", family_content_json(f)}});
}

std::variant<CampaignResult, ReportError> merge(const CampaignResult& a, const CampaignResult& b) {
  if (auto conflict = params_conflict(a.params, b.params)) return ReportError{"cannot merge: " + *conflict};
  if (a.module != b.module) return ReportError{"cannot merge: the module summaries differ (results from different builds?)"};
  CampaignResult out = a;
  out.params.shards.insert(out.params.shards.end(), b.params.shards.begin(), b.params.shards.end());
  for (const FamilyResult& fb : b.families) {
    auto it = std::ranges::find(out.families, fb.family, &FamilyResult::family);
    if (it == out.families.end()) {
      out.families.push_back(fb);
    } else if (auto conflict = merge_family(*it, fb)) {
      return ReportError{"cannot merge: " + *conflict};
    }
  }
  if (out.families.size() != a.families.size() || out.families.size() != b.families.size()) {
    return ReportError{"cannot merge: the shards ran different families"};
  }
  out.timing.wall_seconds = std::max(a.timing.wall_seconds, b.timing.wall_seconds);
  out.timing.games_per_second = a.timing.games_per_second + b.timing.games_per_second;
  out.timing.states_per_second = a.timing.states_per_second + b.timing.states_per_second;
  out.timing.peak_memory_mb = std::max(a.timing.peak_memory_mb, b.timing.peak_memory_mb);
  // Every shard present: this is the result of one unsharded run (DESIGN.md "Reports").
  if (std::ssize(out.params.shards) == out.params.shard_count) {
    out.params.shard_count = 1;
    out.params.shards = {0};
  }
  finalise(out);
  return out;
}

std::vector<std::string> oracle_skip_breaches(const std::vector<OracleRow>& rows) {
  std::vector<std::string> out;
  for (const OracleRow& row : rows) {
    for (const OracleCell& c : row.oracles) {
      const std::uint64_t cases = c.decided + c.skipped;
      if (cases == 0 || c.skipped * 100 <= cases * kMaxOracleSkipPercent) continue;
      out.push_back(fmt::format("{} decided too few {} steps: skipped {} of {} ({}%)", c.oracle, row.kind, c.skipped, cases,
                                c.skipped * 100 / cases));
    }
  }
  return out;
}

std::string Counterexample::shrink_summary() const {
  return fmt::format("shrunk from {} to {} decisions, {} not the default, in {:.1f} s", original_decisions, shrunk_decisions,
                     non_default_decisions, shrink_seconds);
}

}  // namespace dune::reports

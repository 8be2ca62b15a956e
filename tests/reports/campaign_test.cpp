// Merge and verdict rules of campaign results (issue 8 item 3): n shards merge into exactly the
// unsharded result (timings aside), in any order; mismatched campaigns are refused.
#include <gtest/gtest.h>

#include <algorithm>

#include "reports/campaign.h"
#include "reports/report.h"
#include "reports/report_json.h"
#include "tests/reports/synthetic_campaign.h"

namespace dune::reports {
namespace {

using testing::synthetic_campaign;
using testing::SyntheticOptions;

CampaignResult shard(int i, int n, std::uint64_t games = 60) { return synthetic_campaign({7, games, i, n, true}); }

CampaignResult merged_or_fail(const CampaignResult& a, const CampaignResult& b) {
  auto m = merge(a, b);
  if (auto* e = std::get_if<ReportError>(&m)) ADD_FAILURE() << e->message;
  return std::get<CampaignResult>(m);
}

CampaignResult merge_in_order(const std::vector<int>& order, int n, std::uint64_t games = 60) {
  CampaignResult r = shard(order.front(), n, games);
  for (std::size_t k = 1; k < order.size(); ++k) r = merged_or_fail(r, shard(order[k], n, games));
  return r;
}

CampaignResult without_timing(CampaignResult r) {
  r.timing = {};
  return r;
}

TEST(CampaignMerge, ShardsMergeIntoTheUnshardedResult) {
  const CampaignResult whole = synthetic_campaign({});
  ASSERT_EQ(whole.families[1].verdict.kind, VerdictKind::Failed) << "the synthetic campaign must contain failures";
  for (int n : {2, 3, 5, 7}) {
    std::vector<int> order(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) order[static_cast<std::size_t>(i)] = i;
    const CampaignResult merged = merge_in_order(order, n);
    EXPECT_EQ(without_timing(merged), without_timing(whole)) << n << " shards";
    EXPECT_EQ(merged.digest, whole.digest);
    EXPECT_EQ(render_markdown(without_timing(merged)), render_markdown(without_timing(whole)));
    EXPECT_EQ(write_json(without_timing(merged)), write_json(without_timing(whole)));
  }
}

TEST(CampaignMerge, MoreShardsThanGamesStillMerge) {
  const CampaignResult whole = synthetic_campaign({7, 3, 0, 1, true});
  EXPECT_EQ(without_timing(merge_in_order({0, 1, 2, 3, 4}, 5, 3)), without_timing(whole));
}

TEST(CampaignMerge, OrderDoesNotMatter) {
  const CampaignResult ascending = merge_in_order({0, 1, 2, 3}, 4);
  EXPECT_EQ(without_timing(merge_in_order({3, 1, 0, 2}, 4)), without_timing(ascending));
  EXPECT_EQ(without_timing(merge_in_order({2, 3, 1, 0}, 4)), without_timing(ascending));
  const CampaignResult tree = merged_or_fail(merged_or_fail(shard(1, 4), shard(3, 4)), merged_or_fail(shard(2, 4), shard(0, 4)));
  EXPECT_EQ(without_timing(tree), without_timing(ascending));
}

TEST(CampaignMerge, TimingMergesApart) {
  const CampaignResult m = merge_in_order({0, 1}, 2);
  EXPECT_DOUBLE_EQ(m.timing.wall_seconds, 2.5);        // the longest shard
  EXPECT_DOUBLE_EQ(m.timing.games_per_second, 30.0);  // the rates add
  EXPECT_DOUBLE_EQ(m.timing.states_per_second, 300.0);
  EXPECT_DOUBLE_EQ(m.timing.peak_memory_mb, 41.0);     // the largest process
}

TEST(CampaignMerge, PartialMergeKeepsShardProvenance) {
  const CampaignResult m = merge_in_order({2, 0}, 4);
  EXPECT_EQ(m.params.shard_count, 4);
  EXPECT_EQ(m.params.shards, (std::vector<int>{0, 2}));
  EXPECT_EQ(shard_label(m.params), "0,2 of 4");
}

std::string merge_error(const CampaignResult& a, const CampaignResult& b) {
  auto m = merge(a, b);
  return std::holds_alternative<ReportError>(m) ? std::get<ReportError>(m).message : "";
}

TEST(CampaignMerge, RefusesDifferentCampaignsAndOverlappingShards) {
  EXPECT_EQ(merge_error(shard(0, 2), shard(0, 2)), "cannot merge: overlapping shards: shard 0/2 is in both");
  EXPECT_EQ(merge_error(shard(0, 2), synthetic_campaign({8, 60, 1, 2, true})), "cannot merge: different seeds (7 and 8)");
  EXPECT_EQ(merge_error(shard(0, 2), shard(1, 3)), "cannot merge: different shard counts (2 and 3)");
  EXPECT_EQ(merge_error(shard(0, 2), shard(1, 2, 61)), "cannot merge: different game counts (60 and 61)");
  EXPECT_EQ(merge_error(shard(0, 2), synthetic_campaign({7, 60, 1, 2, false})),
            "cannot merge: family Atreides: coverage requirement 'delayed effect consumed' differs between the shards");
  CampaignResult fewer = shard(1, 2);
  fewer.families.pop_back();
  finalise(fewer);
  EXPECT_EQ(merge_error(shard(0, 2), fewer), "cannot merge: the shards ran different families");
}

TEST(CampaignVerdict, FollowsTheData) {
  const CampaignResult r = synthetic_campaign({});
  const FamilyResult& atreides = r.families[0];
  EXPECT_EQ(atreides.family, Faction::Atreides);
  EXPECT_EQ(atreides.verdict.kind, VerdictKind::Verified) << atreides.verdict.reason;
  const FamilyResult& bg = r.families[1];
  EXPECT_EQ(bg.verdict.kind, VerdictKind::Failed);
  EXPECT_NE(bg.verdict.reason.find("spice-ledger"), std::string::npos) << bg.verdict.reason;
  EXPECT_LE(bg.counterexamples.size(), kCounterexamplesPerInvariant);
  EXPECT_TRUE(std::ranges::is_sorted(bg.counterexamples, {}, &Counterexample::game));
  EXPECT_EQ(r.families[2].verdict.kind, VerdictKind::Unavailable);
  EXPECT_EQ(r.families[2].verdict.reason, "forced payment amount undecided (seed 003)");
  EXPECT_FALSE(all_passed(r));
}

TEST(CampaignVerdict, CoverageNotMetSaysWhatAndSuggests) {
  const CampaignResult r = synthetic_campaign({7, 60, 0, 1, false});
  const Verdict& v = r.families[0].verdict;
  EXPECT_EQ(v.kind, VerdictKind::CoverageNotMet);
  ASSERT_EQ(v.never_exercised.size(), 1u);
  EXPECT_EQ(v.never_exercised[0], "lifecycle delayed effect consumed: 0 of 1 required");
  EXPECT_EQ(v.suggestion, "setup with Karama in hand");
}

// Issue 17 item 1: an oracle that skips more than 5% of a kind's steps proves nothing about them.
TEST(CampaignVerdict, AnOracleSkippingMoreThanFivePercentOfAKindIsCoverageNotMet) {
  CampaignResult r = synthetic_campaign({});
  ASSERT_EQ(r.families[0].verdict.kind, VerdictKind::Verified) << "4% skipped is within the limit";
  GameRecord g;
  g.oracles = {{"StormCard", true, 100, {{"oracle.storm-damage", 0, 100}}}};
  add_game(r.families[0], g);
  finalise(r);
  const Verdict& v = r.families[0].verdict;
  EXPECT_EQ(v.kind, VerdictKind::CoverageNotMet);
  ASSERT_EQ(v.never_exercised.size(), 1u);
  EXPECT_EQ(v.never_exercised[0], "oracle.storm-damage decided too few StormCard steps: skipped 160 of 1600 (10%)");
  EXPECT_NE(v.reason.find("an oracle skipped more than 5%"), std::string::npos) << v.reason;
  EXPECT_NE(v.suggestion.find("decide the steps it skips"), std::string::npos) << v.suggestion;
}

TEST(CampaignVerdict, NoGamesIsNotVerified) {
  CampaignResult r;
  FamilyResult& f = add_family(r, Faction::Atreides);
  declare_coverage(f, CoverageKind::Panel, "Cunning played", 0, "");
  finalise(r);
  EXPECT_EQ(r.families[0].verdict.kind, VerdictKind::CoverageNotMet);
}

TEST(CampaignFill, RejectsUndeclaredCoverageAndDuplicates) {
  CampaignResult r;
  FamilyResult& f = add_family(r, Faction::Atreides);
  GameRecord g;
  g.coverage = {{"never declared", 1}};
  EXPECT_THROW(add_game(f, g), FillError);
  EXPECT_THROW(add_family(r, Faction::Atreides), FillError);
}

TEST(CampaignDigest, ChangesWithTheDataButNotWithTiming) {
  CampaignResult a = synthetic_campaign({});
  CampaignResult b = a;
  b.timing = {99, 99};
  finalise(b);
  EXPECT_EQ(a.digest, b.digest);
  b.families[0].invariants[0].checks += 1;
  finalise(b);
  EXPECT_NE(a.families[0].verdict.digest, b.families[0].verdict.digest);
  EXPECT_NE(a.digest, b.digest);
  EXPECT_EQ(a.families[1].verdict.digest, b.families[1].verdict.digest);
}

}  // namespace
}  // namespace dune::reports

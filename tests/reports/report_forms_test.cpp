// The Markdown, HTML and JUnit forms carry the report's content (issue 8 item 2).
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <regex>

#include "reports/report.h"
#include "reports/report_json.h"
#include "tests/reports/synthetic_campaign.h"

namespace dune::reports {
namespace {

bool has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

std::size_t count(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(ReportMarkdown, ModuleSummaryOnTopThenFamilies) {
  const CampaignResult r = testing::synthetic_campaign({});
  const std::string md = render_markdown(r);
  const auto summary = md.find("## Module summary");
  ASSERT_NE(summary, std::string::npos);
  EXPECT_LT(summary, md.find("## Atreides"));
  for (Faction f : kAllFactions) EXPECT_TRUE(has(md, fmt::format("| {} |", to_string(f)))) << to_string(f);
  EXPECT_TRUE(has(md, "| census | census | "));
  EXPECT_TRUE(has(md, "| lifecycle | cancelled | 5 | "));
  EXPECT_TRUE(has(md, "dunecheck replay reports/out/bene-gesserit-game"));
  EXPECT_TRUE(has(md, "### Verdict: **failed**"));
  EXPECT_TRUE(has(md, "### Verdict: **verified**"));
  EXPECT_TRUE(has(md, "Unavailable: forced payment amount undecided (seed 003)"));
  EXPECT_TRUE(has(md, "Digest: `fnv1a64:"));
}

// Issue 20 item 6: an unavailable family shows its reason, not a digest that says nothing; the
// setups come aggregated (seats x rules x mode), the full list folded; the oracle chart carries
// information where a chart of checks would show equal bars.
TEST(ReportForms, UnavailableReasonsAggregatedSetupsAndTheOracleChart) {
  const CampaignResult r = testing::synthetic_campaign({});
  const std::string md = render_markdown(r);
  EXPECT_TRUE(has(md, "| Emperor | unavailable | unavailable | not implemented yet |")) << md.substr(0, 1500);
  EXPECT_TRUE(has(md, "| Seats | Rules | Nexus mode | Games |"));
  EXPECT_TRUE(has(md, "<details><summary>Every setup ("));
  const std::string html = render_html(r);
  EXPECT_TRUE(has(html, "<td><code>not implemented yet</code></td>"));
  EXPECT_TRUE(has(html, "<details><summary>Every setup ("));
  EXPECT_TRUE(has(html, "Steps each oracle decided (red line: steps it looked at)"));
  EXPECT_FALSE(has(html, "Checks per invariant"));
}

// Issue 20 item 6: a table per family of its card's panels, with what each does not offer.
TEST(ReportForms, APanelTableShowsStatusPlaysCoverageAndTheEdgesNotOffered) {
  const CampaignResult r = testing::synthetic_campaign({});
  const std::string md = render_markdown(r);
  EXPECT_TRUE(has(md, "| Panel | Status | Played | Coverage | Not offered when |")) << md.substr(0, 3000);
  EXPECT_TRUE(has(md, "| Betrayal | implemented | 0 | none required | no continuation after the stop |"));
  EXPECT_TRUE(has(md, "| Cunning | implemented | 59 | met (1 row) | — |"));
  const std::string html = render_html(r);
  EXPECT_TRUE(has(html, "<h3>Panels</h3>"));
  EXPECT_TRUE(has(html, "<td>no continuation after the stop</td>"));
  // The panels survive the campaign JSON.
  const auto back = read_json(write_json(r));
  ASSERT_TRUE(std::holds_alternative<CampaignResult>(back));
  EXPECT_EQ(std::get<CampaignResult>(back).families.front().panels, r.families.front().panels);
  EXPECT_EQ(std::get<CampaignResult>(back).families.front().coverage, r.families.front().coverage);
}

TEST(ReportMarkdown, BoundedProofsAreListedWithWhetherTheScopeWasExhausted) {
  const std::string md = render_markdown(testing::synthetic_campaign({}));
  EXPECT_TRUE(has(md, "### Bounded proofs"));
  EXPECT_TRUE(has(md, "| lifecycle-2 | 1200 | 3400 | 136000 | 14 | yes | every invariant held |"));
  EXPECT_TRUE(has(md, "| atreides-battle | 800 | 2100 | 84000 | 9 | **no** (bound reached) |"));
  EXPECT_TRUE(has(render_html(testing::synthetic_campaign({})), "<h3>Bounded proofs</h3>"));
}

TEST(ReportMarkdown, CoverageShortfallIsVisible) {
  const std::string md = render_markdown(testing::synthetic_campaign({7, 60, 0, 1, false}));
  EXPECT_TRUE(has(md, "| lifecycle | delayed effect consumed | 1 | 0 | **no** |"));
  EXPECT_TRUE(has(md, "Suggestion: setup with Karama in hand"));
}

// Issue 17 item 1: every kind of step with the oracles that decided and skipped its steps; a kind
// played that no oracle decides says so.
TEST(ReportMarkdown, TheOracleCoverageTableListsEveryKindWithItsOracles) {
  const std::string md = render_markdown(testing::synthetic_campaign({}));
  EXPECT_TRUE(has(md, "### Oracle coverage (an oracle may skip at most 5% of a kind's steps)"));
  EXPECT_TRUE(has(md, "| Step kind | Steps | Oracles deciding its outcome | Oracles deciding its legality |"));
  EXPECT_TRUE(has(md, "| PlaceForces | 60 | **none** | **none** |"));
  EXPECT_TRUE(has(md, "| StormCard (chance) | 1500 | oracle.storm-damage 1440 decided, 60 skipped | **none** |"));
  EXPECT_TRUE(has(md, "| TreacheryLot (chance) | 300 | oracle.deal 300 decided, 0 skipped | no seat chooses it; its source: oracle.deal |"));
  EXPECT_TRUE(has(md, "decided, 0 skipped | oracle.legal-shipment ")) << "the legality oracle in its own column";
  EXPECT_TRUE(has(md, "oracle.bribes")) << "an oracle met first in a later game is listed too";
  const std::string html = render_html(testing::synthetic_campaign({}));
  EXPECT_TRUE(has(html, "<h3>Oracle coverage</h3>"));
  EXPECT_TRUE(has(html, R"(<td>PlaceForces</td><td class="n">60</td><td><span class="failed">none</span></td><td><span class="failed">none</span></td>)"));
}

TEST(ReportJunit, OneCasePerFamilyAndInvariant) {
  const CampaignResult r = testing::synthetic_campaign({});
  const std::string x = render_junit(r);
  // 3 families x (3 invariants + coverage).
  EXPECT_EQ(count(x, "<testcase "), 12u);
  EXPECT_TRUE(has(x, R"(<testsuites name="dunecheck gate" tests="12" failures="1" errors="0" skipped="4">)"));
  EXPECT_TRUE(has(x, R"(classname="dunecheck.gate.Bene Gesserit" name="spice-ledger")"));
  EXPECT_TRUE(has(x, "dunecheck replay reports/out/bene-gesserit-game"));
  EXPECT_EQ(count(x, "<skipped "), 4u);
  EXPECT_EQ(count(x, "<failure "), 1u);
}

TEST(ReportJunit, CoverageShortfallFailsTheCoverageCase) {
  const std::string x = render_junit(testing::synthetic_campaign({7, 60, 0, 1, false}));
  EXPECT_TRUE(has(x, R"(type="coverage">lifecycle delayed effect consumed: 0 of 1 required)"));
}

TEST(ReportHtml, SelfContained) {
  const std::string h = render_html(testing::synthetic_campaign({}));
  EXPECT_FALSE(std::regex_search(h, std::regex(R"((src|href)\s*=)"))) << "no external resources";
  EXPECT_FALSE(has(h, "<script"));
  EXPECT_EQ(count(h, "<svg "), 2u * 3u);  // two families ran: checks, coverage, game lengths
  EXPECT_TRUE(has(h, R"(<ol class="trace"><li>storm: sector 3</li>)"));
}

}  // namespace
}  // namespace dune::reports

// The JUnit XML form for CI systems (issue 8 item 2): one test suite per family, one test case per
// family x invariant, a failure element carrying the counterexample when the invariant was
// violated, skipped test cases for an unavailable family, and one "coverage" test case per family
// so a gate short of coverage is red in CI too.
#include <fmt/format.h>

#include <algorithm>
#include <tuple>

#include "reports/report.h"
#include "reports/report_text.h"

namespace dune::reports {
namespace {

std::string counterexample_text(const Counterexample& c) {
  std::string s = fmt::format("{} at step {} of game {}, {}: {}\nsetup: {}\nreplay: {}\n", c.invariant, c.step, c.game,
                              c.shrink_summary(), c.message, c.setup, c.replay_command());
  for (std::size_t i = 0; i < c.trace.size(); ++i) s += fmt::format("{}. {}\n", i + 1, c.trace[i]);
  return s;
}

std::string invariant_case(const FamilyResult& f, const InvariantTally& t, const std::string& classname) {
  std::string x = fmt::format(R"(    <testcase classname="{}" name="{}" assertions="{}">)", classname, escape_xml(t.name), t.checks);
  if (!f.unavailable.empty()) return x + fmt::format(R"(<skipped message="unavailable: {}"/></testcase>)", escape_xml(f.unavailable)) + "\n";
  if (t.violations == 0) return x + "</testcase>\n";
  std::string body;
  for (const Counterexample& c : f.counterexamples) {
    if (c.invariant == t.name) body += counterexample_text(c);
  }
  return x + fmt::format(R"(<failure message="{} violation(s) of {}" type="invariant">{}</failure></testcase>)", t.violations,
                         escape_xml(t.name), escape_xml(body)) + "\n";
}

std::string coverage_case(const FamilyResult& f, const std::string& classname) {
  std::string x = fmt::format(R"(    <testcase classname="{}" name="coverage">)", classname);
  if (!f.unavailable.empty()) return x + fmt::format(R"(<skipped message="unavailable: {}"/></testcase>)", escape_xml(f.unavailable)) + "\n";
  if (f.verdict.kind != VerdictKind::CoverageNotMet) return x + "</testcase>\n";
  return x + fmt::format(R"(<failure message="{}" type="coverage">{}
suggestion: {}</failure></testcase>)", escape_xml(f.verdict.reason), escape_xml(join_text(f.verdict.never_exercised, "\n")),
                         escape_xml(f.verdict.suggestion)) + "\n";
}

// An unavailable family runs no games, so it has no tallies of its own: it lists (as skipped) the
// invariants the other families of the campaign were checked against.
std::vector<InvariantTally> listed_invariants(const CampaignResult& r, const FamilyResult& f) {
  if (!f.invariants.empty() || f.unavailable.empty()) return f.invariants;
  std::vector<InvariantTally> out;
  for (const FamilyResult& other : r.families) {
    for (const InvariantTally& t : other.invariants) {
      if (std::ranges::none_of(out, [&](const InvariantTally& o) { return o.name == t.name; })) out.push_back({t.name, t.family, 0, 0});
    }
  }
  std::ranges::sort(out, [](const InvariantTally& a, const InvariantTally& b) { return std::tie(a.family, a.name) < std::tie(b.family, b.name); });
  return out;
}

struct Counts {
  std::size_t tests = 0, failures = 0, skipped = 0;
};

Counts counts_of(const FamilyResult& f, const std::vector<InvariantTally>& invariants) {
  Counts c{invariants.size() + 1, 0, 0};
  if (!f.unavailable.empty()) return {c.tests, 0, c.tests};
  for (const InvariantTally& t : f.invariants) c.failures += t.violations > 0 ? 1 : 0;
  c.failures += f.verdict.kind == VerdictKind::CoverageNotMet ? 1 : 0;
  return c;
}

}  // namespace

std::string render_junit(const CampaignResult& r) {
  std::string suites;
  Counts total;
  for (const FamilyResult& f : r.families) {
    const std::vector<InvariantTally> invariants = listed_invariants(r, f);
    const Counts c = counts_of(f, invariants);
    total = {total.tests + c.tests, total.failures + c.failures, total.skipped + c.skipped};
    const std::string classname = escape_xml(fmt::format("dunecheck.gate.{}", to_string(f.family)));
    suites += fmt::format(R"(  <testsuite name="{}" tests="{}" failures="{}" errors="0" skipped="{}">)", classname, c.tests, c.failures,
                          c.skipped) + "\n";
    suites += fmt::format(R"(    <properties><property name="verdict" value="{}"/><property name="digest" value="{}"/></properties>)",
                          to_string(f.verdict.kind), escape_xml(f.verdict.digest)) + "\n";
    for (const InvariantTally& t : invariants) suites += invariant_case(f, t, classname);
    suites += coverage_case(f, classname);
    suites += "  </testsuite>\n";
  }
  return fmt::format(R"(<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="dunecheck gate" tests="{}" failures="{}" errors="0" skipped="{}">
{}</testsuites>
)", total.tests, total.failures, total.skipped, suites);
}

}  // namespace dune::reports

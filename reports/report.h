// The human and CI forms of a campaign result (issue 8 item 2): Markdown for reviewers, one
// self-contained HTML file (inline CSS and SVG, no network, no script), JUnit XML (one test case
// per family x invariant). Each is a pure function of the result; only timing varies between runs.
#pragma once

#include <optional>
#include <string>

#include "reports/campaign.h"

namespace dune::reports {

std::string render_markdown(const CampaignResult& r);
std::string render_html(const CampaignResult& r);
std::string render_junit(const CampaignResult& r);

// The file names of one report set inside its output directory.
inline constexpr const char* kJsonFile = "campaign.json";
inline constexpr const char* kMarkdownFile = "report.md";
inline constexpr const char* kHtmlFile = "report.html";
inline constexpr const char* kJunitFile = "junit.xml";

// Writes all four forms into `dir` (created if missing). Returns the problem, naming the path, or
// nothing on success.
std::optional<std::string> write_report_set(const CampaignResult& r, const std::string& dir);

// One-line summary per family used by the CLI and the gate's final line: "Atreides: verified".
std::string verdict_lines(const CampaignResult& r);
bool all_passed(const CampaignResult& r);  // no family failed or short of coverage

}  // namespace dune::reports

// The HTML report (issue 8 item 2): one self-contained file — inline CSS, inline SVG charts, no
// script and no network — with the Markdown report's content plus charts (game-length
// distribution, coverage bars, steps each oracle decided) and each counterexample as a step-by-step trace.
#include <fmt/format.h>

#include <algorithm>

#include "reports/report.h"
#include "reports/report_text.h"

namespace dune::reports {
namespace {

std::string esc(std::string_view s) { return escape_xml(s); }

constexpr std::string_view kStyle = R"(
body{font-family:system-ui,sans-serif;margin:2em auto;max-width:70em;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0 1.2em}th,td{border:1px solid #ccc;padding:.25em .6em;text-align:left}
td.n{text-align:right}th{background:#f2f2f2}
.verified{color:#176b2c;font-weight:bold}.failed{color:#b00020;font-weight:bold}
.unavailable{color:#666;font-weight:bold}.coverage-not-met{color:#a05a00;font-weight:bold}
section.family{border-top:2px solid #ddd;margin-top:2em}code,pre{background:#f6f6f6;padding:.1em .3em}
ol.trace{font-family:monospace;font-size:.9em}svg{display:block;margin:.5em 0}
svg text{font-size:12px;font-family:sans-serif}
)";

struct Bar {
  std::string label;
  std::uint64_t value = 0;
  std::uint64_t mark = 0;  // a line: the requirement (coverage) or the steps looked at (oracles); 0: none
};

// A horizontal bar chart; the scale's maximum covers values and marks.
std::string bar_chart(std::string_view title, const std::vector<Bar>& bars) {
  constexpr int kLabel = 230, kWidth = 380, kRow = 20;
  std::uint64_t max = 1;
  for (const Bar& b : bars) max = std::max({max, b.value, b.mark});
  const int height = static_cast<int>(bars.size()) * kRow + 24;
  std::string svg = fmt::format(R"(<svg role="img" aria-label="{0}" width="{1}" height="{2}" viewBox="0 0 {1} {2}">)"
                                R"(<title>{0}</title><text x="0" y="14" font-weight="bold">{0}</text>)",
                                esc(title), kLabel + kWidth + 80, height);
  for (std::size_t i = 0; i < bars.size(); ++i) {
    const Bar& b = bars[i];
    const int y = 24 + static_cast<int>(i) * kRow;
    const auto scale = [&](std::uint64_t v) { return static_cast<int>(static_cast<double>(v) * kWidth / static_cast<double>(max)); };
    const bool short_of_mark = b.mark > 0 && b.value < b.mark;
    svg += fmt::format(R"(<text x="0" y="{}">{}</text>)", y + 13, esc(b.label));
    svg += fmt::format(R"(<rect x="{}" y="{}" width="{}" height="14" fill="{}"/>)", kLabel, y + 2, std::max(scale(b.value), 1),
                       short_of_mark ? "#d08c2b" : "#4a7fb5");
    if (b.mark > 0) {
      svg += fmt::format(R"(<line x1="{0}" x2="{0}" y1="{1}" y2="{2}" stroke="#b00020" stroke-width="2"/>)", kLabel + scale(b.mark), y,
                         y + 18);
    }
    svg += fmt::format(R"(<text x="{}" y="{}">{}</text>)", kLabel + scale(b.value) + 6, y + 13, b.value);
  }
  return svg + "</svg>\n";
}

std::string verdict_span(std::string_view kind) { return fmt::format(R"(<span class="{0}">{0}</span>)", esc(kind)); }

std::string module_table(const CampaignResult& r) {
  std::string h = R"(<h2>Module summary</h2><table id="module-summary"><tr><th>Family</th><th>Registry status</th>)"
                  R"(<th>This campaign</th><th>Digest / reason</th></tr>)";
  for (const ModuleRow& row : module_rows(r)) {
    h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td><code>{}</code></td></tr>", esc(to_string(row.family)),
                     esc(row.status), verdict_span(row.verdict), esc(row.detail()));
  }
  return h + "</table>\n";
}

std::string setups_table(const FamilyResult& f) {
  std::string h = "<h3>Setups explored</h3><table><tr><th>Seats</th><th>Rules</th><th>Nexus mode</th><th>Games</th></tr>";
  for (const SetupGroup& g : setup_groups(f)) {
    h += fmt::format(R"(<tr><td class="n">{}</td><td>{}</td><td>{}</td><td class="n">{}</td></tr>)", g.seats, esc(g.rules),
                     esc(to_string(g.mode)), g.games);
  }
  h += fmt::format("</table>\n<details><summary>Every setup ({})</summary><table><tr><th>Seats</th><th>Factions</th><th>Flags</th>"
                   "<th>Nexus mode</th><th>Games</th></tr>", f.setups.size());
  for (const Setup& s : f.setups) {
    h += fmt::format(R"(<tr><td class="n">{}</td><td>{}</td><td>{}</td><td>{}</td><td class="n">{}</td></tr>)", s.seats,
                     esc(factions_text(s.factions)), esc(join_text(s.flags, ", ")), esc(to_string(s.mode)), s.games);
  }
  return h + "</table></details>\n";
}

std::string invariants_part(const FamilyResult& f) {
  std::string h = "<h3>Invariants</h3><table><tr><th>Invariant</th><th>Family</th><th>Checks</th><th>Violations</th></tr>";
  for (const InvariantTally& t : f.invariants) {
    h += fmt::format(R"(<tr><td>{}</td><td>{}</td><td class="n">{}</td><td class="n">{}</td></tr>)", esc(t.name), esc(t.family),
                     t.checks, t.violations);
  }
  // Every checker runs on every step, so a chart of checks would show equal bars: the oracle chart
  // below (steps decided against steps looked at) is the one that carries information.
  return h + "</table>\n";
}

std::string panels_part(const FamilyResult& f) {
  const auto rows = panel_rows(f);
  if (rows.empty()) return "";
  std::string h = "<h3>Panels</h3><table><tr><th>Panel</th><th>Status</th><th>Played</th><th>Coverage</th><th>Not offered when</th></tr>";
  for (const PanelRow& r : rows) {
    const std::string policy = r.policy.empty() ? "" : "<br><small>" + esc(r.policy) + "</small>";
    h += fmt::format(R"(<tr><td>{}</td><td class="{}">{}{}</td><td class="n">{}</td><td>{}</td><td>{}</td></tr>)", esc(r.panel), esc(r.status),
                     esc(r.status), policy, r.played, esc(r.coverage), esc(r.not_offered.empty() ? "—" : r.not_offered));
  }
  return h + "</table>\n";
}

std::string coverage_part(const FamilyResult& f) {
  std::string h = "<h3>Coverage</h3><table><tr><th>Kind</th><th>Requirement</th><th>Required</th><th>Observed</th><th>Met</th></tr>";
  std::vector<Bar> bars;
  for (const CoverageRow& row : f.coverage) {
    h += fmt::format(R"(<tr><td>{}</td><td>{}</td><td class="n">{}</td><td class="n">{}</td><td>{}</td></tr>)", to_string(row.kind),
                     esc(row.what), row.required, row.observed, row.met() ? "yes" : R"(<span class="failed">no</span>)");
    bars.push_back({row.what, row.observed, row.required});
  }
  return h + "</table>\n" + bar_chart("Coverage (red line: requirement)", bars);
}

std::string oracles_part(const FamilyResult& f) {
  std::string h = fmt::format("<h3>Oracle coverage</h3><p>An oracle may skip at most {}% of the steps of a kind it covers.</p>"
                              "<table><tr><th>Step kind</th><th>Steps</th><th>Oracles deciding its outcome</th><th>Oracles deciding its legality</th></tr>",
                              kMaxOracleSkipPercent);
  const auto text = [](const std::string& s) { return s == "none" ? std::string(R"(<span class="failed">none</span>)") : esc(s); };
  for (const OracleRow& row : f.oracles) {
    h += fmt::format(R"(<tr><td>{}{}</td><td class="n">{}</td><td>{}</td><td>{}</td></tr>)", esc(row.kind), row.chance ? " (chance)" : "",
                     row.steps, text(outcome_cells_text(row)), text(legality_cells_text(row)));
  }
  // Per oracle, the steps it decided (bar) against the steps it looked at (red line): a bar short
  // of its line is an oracle that skipped.
  std::vector<Bar> bars;
  for (const OracleRow& row : f.oracles) {
    for (const OracleCell& c : row.oracles) {
      auto it = std::find_if(bars.begin(), bars.end(), [&](const Bar& b) { return b.label == c.oracle; });
      if (it == bars.end()) it = bars.insert(bars.end(), Bar{c.oracle, 0, 0});
      it->value += c.decided;
      it->mark += c.decided + c.skipped;
    }
  }
  std::sort(bars.begin(), bars.end(), [](const Bar& a, const Bar& b) { return a.label < b.label; });
  return h + "</table>\n" + bar_chart("Steps each oracle decided (red line: steps it looked at)", bars);
}

std::string lengths_part(const FamilyResult& f) {
  std::vector<Bar> bars;
  for (const auto& [start, n] : f.lengths.games) bars.push_back({fmt::format("{}-{} steps", start, start + f.lengths.bucket - 1), n, 0});
  return "<h3>Game lengths</h3>\n" + bar_chart("Game-length distribution (games per bucket)", bars);
}

std::string counterexamples_part(const FamilyResult& f) {
  std::string h = "<h3>Counterexamples</h3>\n";
  if (f.counterexamples.empty()) return h + "<p>None.</p>\n";
  for (const Counterexample& c : f.counterexamples) {
    h += fmt::format(R"(<div class="counterexample"><p><b>{}</b> ({}) at step {} of game {}, {}: {}</p><p>Setup: {}</p>)",
                     esc(c.invariant), esc(c.invariant_family), c.step, c.game, esc(c.shrink_summary()), esc(c.message), esc(c.setup));
    h += fmt::format("<p>Replay: <code>{}</code> (add <code>--all</code> for every step)</p>"
                     "<details open><summary>Its story: the non-default decisions, the steps that change what the "
                     "violation is about, the violating step; runs of other steps folded</summary><ol class=\"trace\">",
                     esc(c.replay_command()));
    for (const std::string& line : c.trace) h += fmt::format("<li>{}</li>", esc(line));
    h += "</ol></details></div>\n";
  }
  return h;
}

std::string proofs_part(const FamilyResult& f) {
  if (f.proofs.empty()) return "";
  std::string h = "<h3>Bounded proofs</h3>\n<table><tr><th>Scope</th><th>States</th><th>Transitions</th><th>Invariant checks</th>"
                  "<th>Depth</th><th>Exhausted</th><th>Result</th></tr>\n";
  for (const BoundedProof& p : f.proofs) {
    const std::string result = p.violation.empty()
                                   ? std::string("every invariant held")
                                   : fmt::format("{} (shortest: {} steps; <code>dunecheck replay {}</code>)", esc(p.violation), p.shortest, esc(p.replay_file));
    h += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", esc(p.scope), p.states,
                     p.transitions, p.checks, p.depth, p.exhausted ? "yes" : "no (bound reached)", result);
  }
  return h + "</table>\n";
}

std::string verdict_part(const Verdict& v) {
  std::string h = fmt::format("<h3>Verdict: {}</h3><p>{}</p>", verdict_span(to_string(v.kind)), esc(v.reason));
  if (!v.never_exercised.empty()) {
    h += "<ul>";
    for (const std::string& s : v.never_exercised) h += fmt::format("<li>never exercised enough: {}</li>", esc(s));
    h += "</ul>";
  }
  if (!v.suggestion.empty()) h += fmt::format("<p>Suggestion: {}</p>", esc(v.suggestion));
  return h + fmt::format("<p>Digest: <code>{}</code></p>\n", esc(v.digest));
}

std::string family_section(const FamilyResult& f) {
  std::string h = fmt::format(R"(<section class="family" id="family-{}"><h2>{}</h2>)", index(f.family), esc(to_string(f.family)));
  if (!f.unavailable.empty()) return h + fmt::format("<p>Unavailable: {}</p>", esc(f.unavailable)) + verdict_part(f.verdict) + "</section>\n";
  h += fmt::format("<p>{} games, {} steps.</p>\n", f.games, f.steps);
  h += setups_table(f) + invariants_part(f) + panels_part(f) + coverage_part(f) + oracles_part(f) + lengths_part(f) + counterexamples_part(f) + proofs_part(f) + verdict_part(f.verdict);
  return h + "</section>\n";
}

}  // namespace

std::string render_html(const CampaignResult& r) {
  std::string h = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>dunecheck gate report</title>";
  h += fmt::format("<style>{}</style></head>\n<body>\n<h1>dunecheck gate report</h1>\n", kStyle);
  h += fmt::format("<p>Campaign: {}. Report digest: <code>{}</code>.</p><p>Timing: {}.</p>\n", esc(params_text(r)), esc(r.digest),
                   esc(timing_text(r.timing)));
  h += module_table(r);
  for (const FamilyResult& f : r.families) h += family_section(f);
  return h + "</body></html>\n";
}

}  // namespace dune::reports

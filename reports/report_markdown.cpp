// The Markdown report for reviewers (issue 8 item 2): module summary on top, then one section per
// family.
#include <fmt/format.h>

#include "reports/report.h"
#include "reports/report_text.h"

namespace dune::reports {

namespace {

std::string cell(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == '|') out += "\\|";
    else if (c == '\n') out += ' ';
    else out += c;
  }
  return out;
}

void module_section(std::string& md, const CampaignResult& r) {
  md += "## Module summary\n\n| Family | Registry status | This campaign | Digest / reason |\n|---|---|---|---|\n";
  for (const ModuleRow& row : module_rows(r)) {
    md += fmt::format("| {} | {} | {} | {} |\n", to_string(row.family), row.status, row.verdict, cell(row.detail()));
  }
  md += "\n";
}

void setups_table(std::string& md, const FamilyResult& f) {
  md += "### Setups explored\n\n| Seats | Rules | Nexus mode | Games |\n|---|---|---|---:|\n";
  for (const SetupGroup& g : setup_groups(f)) md += fmt::format("| {} | {} | {} | {} |\n", g.seats, g.rules, to_string(g.mode), g.games);
  md += fmt::format("\n<details><summary>Every setup ({})</summary>\n\n| Seats | Factions | Flags | Nexus mode | Games |\n|---|---|---|---|---|\n",
                    f.setups.size());
  for (const Setup& s : f.setups) {
    md += fmt::format("| {} | {} | {} | {} | {} |\n", s.seats, factions_text(s.factions), cell(join_text(s.flags, ", ")),
                      to_string(s.mode), s.games);
  }
  md += "\n</details>\n\n";
}

void invariant_table(std::string& md, const FamilyResult& f) {
  md += "### Invariants\n\n| Invariant | Family | Checks | Violations |\n|---|---|---:|---:|\n";
  for (const InvariantTally& t : f.invariants) {
    md += fmt::format("| {} | {} | {} | {} |\n", cell(t.name), cell(t.family), t.checks, t.violations);
  }
  md += "\n";
}

void panel_table(std::string& md, const FamilyResult& f) {
  const auto rows = panel_rows(f);
  if (rows.empty()) return;
  md += "### Panels\n\n| Panel | Status | Played | Coverage | Not offered when |\n|---|---|---:|---|---|\n";
  for (const PanelRow& r : rows) {
    md += fmt::format("| {} | {}{} | {} | {} | {} |\n", r.panel, r.status, r.policy.empty() ? "" : " (" + cell(r.policy) + ")", r.played, r.coverage, cell(r.not_offered.empty() ? "—" : r.not_offered));
  }
  md += "\n";
}

void coverage_table(std::string& md, const FamilyResult& f) {
  md += "### Coverage\n\n| Kind | Requirement | Required | Observed | Met |\n|---|---|---:|---:|---|\n";
  for (const CoverageRow& row : f.coverage) {
    md += fmt::format("| {} | {} | {} | {} | {} |\n", to_string(row.kind), cell(row.what), row.required, row.observed,
                      row.met() ? "yes" : "**no**");
  }
  md += "\n";
}

void oracle_table(std::string& md, const FamilyResult& f) {
  md += fmt::format("### Oracle coverage (an oracle may skip at most {}% of a kind's steps)\n\n"
                    "| Step kind | Steps | Oracles deciding its outcome | Oracles deciding its legality |\n|---|---:|---|---|\n",
                    kMaxOracleSkipPercent);
  const auto text = [](const std::string& s) { return s == "none" ? std::string("**none**") : cell(s); };
  for (const OracleRow& row : f.oracles) {
    md += fmt::format("| {}{} | {} | {} | {} |\n", cell(row.kind), row.chance ? " (chance)" : "", row.steps, text(outcome_cells_text(row)),
                      text(legality_cells_text(row)));
  }
  md += "\n";
}

void histogram_table(std::string& md, const FamilyResult& f) {
  md += fmt::format("### Game lengths (steps, buckets of {})\n\n| Steps | Games |\n|---|---:|\n", f.lengths.bucket);
  for (const auto& [start, n] : f.lengths.games) md += fmt::format("| {}-{} | {} |\n", start, start + f.lengths.bucket - 1, n);
  md += "\n";
}

void counterexamples_section(std::string& md, const FamilyResult& f) {
  md += "### Counterexamples\n\n";
  if (f.counterexamples.empty()) {
    md += "None.\n\n";
    return;
  }
  for (const Counterexample& c : f.counterexamples) {
    md += fmt::format("- **{}** ({}) at step {} of game {}, {}: {}\n\n  Setup: {}\n\n  ```\n  {}\n  ```\n\n",
                      c.invariant, c.invariant_family, c.step, c.game, c.shrink_summary(), cell(c.message), cell(c.setup),
                      c.replay_command());
    md += "  <details><summary>Trace</summary>\n\n";
    for (std::size_t i = 0; i < c.trace.size(); ++i) md += fmt::format("  {}. {}\n", i + 1, c.trace[i]);
    md += "\n  </details>\n\n";
  }
}

void proofs_section(std::string& md, const FamilyResult& f) {
  if (f.proofs.empty()) return;
  md += "### Bounded proofs (exhaustive exploration of small scopes)\n\n"
        "| Scope | States | Transitions | Invariant checks | Depth | Exhausted | Result |\n|---|---:|---:|---:|---:|---|---|\n";
  for (const BoundedProof& p : f.proofs) {
    const std::string result = p.violation.empty() ? "every invariant held"
                                                   : fmt::format("{} (shortest: {} steps, `dunecheck replay {}`)", cell(p.violation),
                                                                 p.shortest, p.replay_file);
    md += fmt::format("| {} | {} | {} | {} | {} | {} | {} |\n", p.scope, p.states, p.transitions, p.checks, p.depth,
                      p.exhausted ? "yes" : "**no** (bound reached)", result);
  }
  md += "\n";
}

void verdict_section(std::string& md, const Verdict& v) {
  md += fmt::format("### Verdict: **{}**\n\n{}\n\n", to_string(v.kind), v.reason);
  for (const std::string& s : v.never_exercised) md += fmt::format("- never exercised enough: {}\n", s);
  if (!v.never_exercised.empty()) md += "\n";
  if (!v.suggestion.empty()) md += fmt::format("Suggestion: {}\n\n", v.suggestion);
  md += fmt::format("Digest: `{}`\n\n", v.digest);
}

void family_section(std::string& md, const FamilyResult& f) {
  md += fmt::format("## {}\n\n", to_string(f.family));
  if (!f.unavailable.empty()) {
    md += fmt::format("Unavailable: {}\n\n", f.unavailable);
    verdict_section(md, f.verdict);
    return;
  }
  md += fmt::format("{} games, {} steps.\n\n", f.games, f.steps);
  setups_table(md, f);
  invariant_table(md, f);
  panel_table(md, f);
  coverage_table(md, f);
  oracle_table(md, f);
  histogram_table(md, f);
  counterexamples_section(md, f);
  proofs_section(md, f);
  verdict_section(md, f.verdict);
}

}  // namespace

std::string render_markdown(const CampaignResult& r) {
  std::string md = "# dunecheck gate report\n\n";
  md += fmt::format("Campaign: {}. Report digest: `{}`.\n\n", params_text(r), r.digest);
  md += fmt::format("Timing: {}.\n\n", timing_text(r.timing));
  module_section(md, r);
  for (const FamilyResult& f : r.families) family_section(md, f);
  return md;
}

}  // namespace dune::reports

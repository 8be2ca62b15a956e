// Helpers shared by the report forms (report_text.h).
#include "reports/report_text.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <tuple>

namespace dune::reports {

std::string escape_xml(std::string_view s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string join_text(const std::vector<std::string>& parts, std::string_view sep) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : std::string(sep)) + p;
  return out;
}

std::string factions_text(const std::vector<Faction>& factions) {
  std::vector<std::string> names;
  for (Faction f : factions) names.push_back(std::string(to_string(f)));
  return join_text(names, ", ");
}

const FamilyResult* find_family(const CampaignResult& r, Faction f) {
  for (const FamilyResult& fr : r.families) {
    if (fr.family == f) return &fr;
  }
  return nullptr;
}

std::vector<ModuleRow> module_rows(const CampaignResult& r) {
  std::vector<ModuleRow> rows;
  for (Faction f : kAllFactions) {
    ModuleRow row{f, "not recorded", "", "not run", ""};
    for (const ModuleEntry& m : r.module) {
      if (m.family != f) continue;
      row.status = std::string(to_string(m.status));
      row.note = m.status == StatusKind::Unavailable ? m.reason : m.digest;
    }
    if (const FamilyResult* fr = find_family(r, f)) {
      row.verdict = std::string(to_string(fr->verdict.kind));
      row.digest = fr->verdict.digest;
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<PanelRow> panel_rows(const FamilyResult& f) {
  std::vector<PanelRow> out;
  for (const PanelEntry& e : f.panels) {
    PanelRow row{std::string(to_string(e.mode)), std::string(to_string(e.status)), 0, "", e.not_offered, e.policy};
    std::size_t rows = 0, met = 0;
    for (const CoverageRow& c : f.coverage) {
      if (c.mode != e.mode) continue;
      if (rows == 0) row.played = c.observed;  // the panel's own "played" row comes first (gate/gate_plan.cpp)
      ++rows;
      met += c.met() ? 1 : 0;
    }
    row.coverage = rows == 0    ? "none required"
                   : met == rows ? fmt::format("met ({} row{})", rows, rows == 1 ? "" : "s")
                                 : fmt::format("{} of {} rows met", met, rows);
    out.push_back(std::move(row));
  }
  return out;
}

std::vector<SetupGroup> setup_groups(const FamilyResult& f) {
  std::vector<SetupGroup> out;
  for (const Setup& s : f.setups) {
    const std::string rules = s.flags.empty() ? std::string("basic") : s.flags.front();
    auto it = std::find_if(out.begin(), out.end(), [&](const SetupGroup& g) { return g.seats == s.seats && g.rules == rules && g.mode == s.mode; });
    if (it == out.end()) it = out.insert(out.end(), SetupGroup{s.seats, rules, s.mode, 0});
    it->games += s.games;
  }
  std::sort(out.begin(), out.end(), [](const SetupGroup& a, const SetupGroup& b) {
    return std::tie(a.seats, a.rules, a.mode) < std::tie(b.seats, b.rules, b.mode);
  });
  return out;
}

std::string params_text(const CampaignResult& r) {
  return fmt::format("seed {}, {} games per family, time budget {}, shards {}", r.params.seed, r.params.games,
                     r.params.time_budget_seconds == 0 ? std::string("none") : fmt::format("{} s", r.params.time_budget_seconds),
                     shard_label(r.params));
}

std::string timing_text(const Timing& t) {
  return fmt::format("wall time {:.1f} s, {:.1f} games/s, {:.0f} proof states/s, peak memory {:.0f} MB (timing varies "
                     "between runs; nothing else does)",
                     t.wall_seconds, t.games_per_second, t.states_per_second, t.peak_memory_mb);
}

bool is_legality_oracle(std::string_view oracle) { return oracle.starts_with("oracle.legal-"); }

namespace {

// The oracles that check a chance outcome's source: the card was in its deck as the step found
// it, or the leader among the loser's active ones (invariants/oracles_deals.cpp, oracles_battle.cpp).
constexpr std::array<std::string_view, 2> kSourceOracles{"oracle.deal", "oracle.capture"};

std::string cells_text(const OracleRow& row, bool (*keep)(const OracleCell&)) {
  if (row.steps == 0) return "not played";
  std::vector<std::string> parts;
  for (const OracleCell& c : row.oracles) {
    if (keep(c)) parts.push_back(fmt::format("{} {} decided, {} skipped", c.oracle, c.decided, c.skipped));
  }
  return parts.empty() ? "none" : join_text(parts, "; ");
}

}  // namespace

std::string outcome_cells_text(const OracleRow& row) {
  return cells_text(row, [](const OracleCell& c) { return !is_legality_oracle(c.oracle); });
}

std::string legality_cells_text(const OracleRow& row) {
  if (!row.chance) return cells_text(row, [](const OracleCell& c) { return is_legality_oracle(c.oracle); });
  if (row.steps == 0) return "not played";
  std::vector<std::string> sources;
  for (const OracleCell& c : row.oracles) {
    if (std::find(kSourceOracles.begin(), kSourceOracles.end(), c.oracle) != kSourceOracles.end()) sources.push_back(c.oracle);
  }
  return sources.empty() ? "none" : fmt::format("no seat chooses it; its source: {}", join_text(sources, ", "));
}

}  // namespace dune::reports

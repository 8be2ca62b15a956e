#include "gate/gate_record.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>

#include "engine/json_io.h"
#include "model/factions.h"
#include "reports/report.h"
#include "reports/report_json.h"
#include "reports/report_text.h"

namespace dune::gate {

std::optional<Faction> family_named(std::string_view name) {
  const auto key = [](std::string_view s) {
    std::string k;
    for (char c : s) {
      if (c != ' ' && c != '-' && c != '_') k += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    }
    return k;
  };
  for (Faction f : kAllFactions) {
    if (key(to_string(f)) == key(name)) return f;
  }
  return std::nullopt;
}

std::optional<std::string> record_refusal(const GateOptions& o) {
  if (!o.proofs) return "--record with --no-proofs: a recorded campaign includes the bounded proofs";
  if (o.mutant != Mutant::None) return "--record with --mutant: a mutant's campaign never verifies a family";
  if (o.shard.count > 1) {
    return "--record needs the whole campaign: merge the shards with `dunecheck report --merge` and run unsharded to record";
  }
  if (o.time_budget.count() > 0) return "--record with --time-budget: a recorded campaign must be reproducible";
  return std::nullopt;
}

std::optional<std::string> record_problem(const nlohmann::json& record) {
  if (!record.is_object()) return "not a JSON object";
  if (!record.contains("format") || !record["format"].is_string() || record["format"].get<std::string>() != kRecordFormat) {
    return fmt::format(".format: expected \"{}\"", kRecordFormat);
  }
  if (!record.contains("families") || !record["families"].is_array()) return ".families: expected an array";
  for (std::size_t i = 0; i < record["families"].size(); ++i) {
    const nlohmann::json& e = record["families"][i];
    if (!e.is_object() || !e.contains("family") || !e["family"].is_string() || !family_named(e["family"].get<std::string>())) {
      return fmt::format(".families[{}].family: expected a Nexus family's name", i);
    }
    if (!e.contains("panels") || !e["panels"].is_array() || e["panels"].empty()) {
      return fmt::format(".families[{}].panels: expected a nonempty array of panel names", i);
    }
    for (const nlohmann::json& p : e["panels"]) {
      if (!p.is_string() || std::ranges::none_of(kNexusModes, [&](NexusMode m) { return to_string(m) == p.get<std::string>(); })) {
        return fmt::format(".families[{}].panels: expected Betrayal, Cunning or Secret Ally, not {}", i, p.dump());
      }
    }
  }
  return std::nullopt;
}

std::optional<nlohmann::json> updated_record(const nlohmann::json& record, const reports::CampaignResult& r,
                                             const std::string& report_dir, std::uint64_t games, std::uint64_t seed) {
  if (record_problem(record)) return std::nullopt;
  nlohmann::json families = nlohmann::json::array();
  for (const nlohmann::json& entry : record["families"]) {
    const auto f = entry.is_object() && entry.contains("family") && entry["family"].is_string()
                       ? family_named(entry["family"].get<std::string>())
                       : std::nullopt;
    if (f && !reports::find_family(r, *f)) families.push_back(entry);  // not run now: kept as it was
  }
  for (const reports::FamilyResult& f : r.families) {
    if (f.verdict.kind != reports::VerdictKind::Verified) continue;
    // The panels this campaign verified: those it could play (the report's panel table).
    nlohmann::json panels = nlohmann::json::array();
    for (const reports::PanelEntry& p : f.panels) {
      if (p.status != StatusKind::Unavailable) panels.push_back(std::string(to_string(p.mode)));
    }
    if (panels.empty()) continue;
    families.push_back({{"family", std::string(to_string(f.family))},
                        {"digest", f.verdict.digest},
                        {"panels", std::move(panels)},
                        {"report", report_dir + "/" + reports::kJsonFile},
                        {"campaign", fmt::format("dunecheck gate --family {} --games {} --seed {}", json_io::name_of(f.family),
                                                 games, seed)}});
  }
  const auto order = [](const nlohmann::json& e) { return index(*family_named(e["family"].get<std::string>())); };
  std::sort(families.begin(), families.end(), [&](const nlohmann::json& a, const nlohmann::json& b) { return order(a) < order(b); });
  nlohmann::json out = record;
  out["families"] = std::move(families);
  return out;
}

bool gate_passed(const reports::CampaignResult& r, const std::vector<Faction>& named) {
  bool passed = reports::all_passed(r);
  for (Faction family : named) {  // asked for by name: unavailable is not a pass
    const reports::FamilyResult* f = reports::find_family(r, family);
    if (f && f->verdict.kind == reports::VerdictKind::Unavailable) passed = false;
  }
  return passed;
}

}  // namespace dune::gate

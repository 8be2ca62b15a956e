// JSON writer and strict reader of campaign results (issue 8 item 3).
#include "reports/report_json.h"

#include <fmt/format.h>

#include "engine/json_forms.h"

#include <array>
#include <optional>

namespace dune::reports {
namespace {

using nlohmann::json;

constexpr std::string_view kFormat = "dunecheck-campaign";

// ---- writing -------------------------------------------------------------------------------

json setup_json(const Setup& s) {
  json factions = json::array();
  for (Faction f : s.factions) factions.push_back(std::string(to_string(f)));
  return {{"seats", s.seats}, {"factions", factions}, {"flags", s.flags},
          {"nexus_mode", std::string(to_string(s.mode))}, {"games", s.games}};
}

json counterexample_json(const Counterexample& c) {
  return {{"invariant", c.invariant}, {"invariant_family", c.invariant_family}, {"message", c.message},
          {"game", c.game}, {"step", c.step}, {"shrunk_decisions", c.shrunk_decisions},
          {"non_default_decisions", c.non_default_decisions}, {"original_decisions", c.original_decisions}, {"setup", c.setup},
          {"replay_file", c.replay_file}, {"replay_command", c.replay_command()}, {"trace", c.trace}};
}

json verdict_json(const Verdict& v) {
  return {{"kind", std::string(to_string(v.kind))}, {"reason", v.reason}, {"never_exercised", v.never_exercised},
          {"suggestion", v.suggestion}, {"digest", v.digest}};
}

// ---- reading -------------------------------------------------------------------------------

std::string join_path(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : fmt::format("{}.{}", path, key);
}

struct Bad {
  std::string message;
};

[[noreturn]] void fail(const std::string& path, std::string_view what) { throw Bad{fmt::format("{}: {}", path, what)}; }

const json& field(const json& j, const std::string& path, const char* key) {
  if (!j.is_object()) fail(path, "expected an object");
  const auto it = j.find(key);
  if (it == j.end()) fail(join_path(path, key), "missing");
  return *it;
}

std::uint64_t u64(const json& j, const std::string& path, const char* key) {
  const json& v = field(j, path, key);
  if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0)) {
    fail(join_path(path, key), "expected a non-negative integer");
  }
  return v.get<std::uint64_t>();
}

int small_int(const json& j, const std::string& path, const char* key) {
  const std::uint64_t v = u64(j, path, key);
  if (v > 1'000'000'000) fail(join_path(path, key), "out of range");
  return static_cast<int>(v);
}

double number(const json& j, const std::string& path, const char* key) {
  const json& v = field(j, path, key);
  if (!v.is_number()) fail(join_path(path, key), "expected a number");
  return v.get<double>();
}

std::string text(const json& j, const std::string& path, const char* key) {
  const json& v = field(j, path, key);
  if (!v.is_string()) fail(join_path(path, key), "expected a string");
  return v.get<std::string>();
}

bool boolean(const json& j, const std::string& path, const char* key) {
  const json& v = field(j, path, key);
  if (!v.is_boolean()) fail(join_path(path, key), "must be true or false");
  return v.get<bool>();
}

const json& array(const json& j, const std::string& path, const char* key) {
  const json& v = field(j, path, key);
  if (!v.is_array()) fail(join_path(path, key), "expected an array");
  return v;
}

std::vector<std::string> strings(const json& j, const std::string& path, const char* key) {
  std::vector<std::string> out;
  const json& a = array(j, path, key);
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (!a[i].is_string()) fail(fmt::format("{}.{}[{}]", path, key, i), "expected a string");
    out.push_back(a[i].get<std::string>());
  }
  return out;
}

template <typename Enum, std::size_t N>
Enum enum_named(const json& j, const std::string& path, const char* key, const std::array<Enum, N>& values) {
  const std::string name = text(j, path, key);
  for (Enum e : values) {
    if (to_string(e) == name) return e;
  }
  fail(join_path(path, key), fmt::format("unknown value '{}'", name));
}

Faction faction_named(const std::string& name, const std::string& path) {
  const auto f = faction_from_string(name);
  if (!f || to_string(*f) != name) fail(path, fmt::format("unknown faction '{}'", name));
  return *f;
}

std::string at(const std::string& path, const char* key, std::size_t i) { return fmt::format("{}[{}]", join_path(path, key), i); }

CampaignParams read_params(const json& j, const std::string& p) {
  CampaignParams out;
  out.seed = u64(j, p, "seed");
  out.games = u64(j, p, "games");
  out.time_budget_seconds = u64(j, p, "time_budget_seconds");
  out.shard_count = small_int(j, p, "shard_count");
  if (out.shard_count < 1) fail(p + ".shard_count", "must be at least 1");
  out.shards.clear();
  const json& shards = array(j, p, "shards");
  if (shards.empty()) fail(p + ".shards", "expected at least one shard index");
  for (std::size_t i = 0; i < shards.size(); ++i) {
    if (!shards[i].is_number_unsigned() || shards[i].get<std::uint64_t>() >= static_cast<std::uint64_t>(out.shard_count)) {
      fail(at(p, "shards", i), fmt::format("expected a shard index below {}", out.shard_count));
    }
    out.shards.push_back(shards[i].get<int>());
  }
  return out;
}

Setup read_setup(const json& j, const std::string& p) {
  Setup s;
  s.seats = small_int(j, p, "seats");
  const std::vector<std::string> names = strings(j, p, "factions");
  for (std::size_t i = 0; i < names.size(); ++i) s.factions.push_back(faction_named(names[i], at(p, "factions", i)));
  s.flags = strings(j, p, "flags");
  s.mode = enum_named(j, p, "nexus_mode", kNexusModes);
  s.games = u64(j, p, "games");
  return s;
}

InvariantTally read_tally(const json& j, const std::string& p) {
  return {text(j, p, "name"), text(j, p, "family"), u64(j, p, "checks"), u64(j, p, "violations")};
}

CoverageRow read_row(const json& j, const std::string& p) {
  CoverageRow row;
  row.kind = enum_named(j, p, "kind", std::array{CoverageKind::Panel, CoverageKind::Lifecycle});
  row.what = text(j, p, "what");
  row.required = u64(j, p, "required");
  row.observed = u64(j, p, "observed");
  row.suggestion = text(j, p, "suggestion");
  if (j.contains("mode")) row.mode = enum_named(j, p, "mode", kNexusModes);  // optional: files before issue 20 item 6
  return row;
}

PanelEntry read_panel(const json& j, const std::string& p) {
  PanelEntry e;
  e.mode = enum_named(j, p, "mode", kNexusModes);
  e.status = enum_named(j, p, "status", std::array{StatusKind::Unavailable, StatusKind::Implemented, StatusKind::Verified});
  e.not_offered = text(j, p, "not_offered");
  if (j.contains("policy")) e.policy = text(j, p, "policy");  // optional: only a panel with a seed policy
  return e;
}

Counterexample read_counterexample(const json& j, const std::string& p) {
  Counterexample c;
  c.invariant = text(j, p, "invariant");
  c.invariant_family = text(j, p, "invariant_family");
  c.message = text(j, p, "message");
  c.game = u64(j, p, "game");
  c.step = small_int(j, p, "step");
  c.shrunk_decisions = small_int(j, p, "shrunk_decisions");
  c.non_default_decisions = small_int(j, p, "non_default_decisions");
  c.original_decisions = small_int(j, p, "original_decisions");
  c.shrink_seconds = number(j, p, "shrink_seconds");
  if (c.shrink_seconds < 0) fail(p + ".shrink_seconds", "expected a duration of 0 or more seconds");
  c.setup = text(j, p, "setup");
  c.replay_file = text(j, p, "replay_file");
  c.trace = strings(j, p, "trace");
  return c;
}

BoundedProof read_proof(const json& j, const std::string& p) {
  BoundedProof b;
  b.scope = text(j, p, "scope");
  b.states = u64(j, p, "states");
  b.transitions = u64(j, p, "transitions");
  b.checks = u64(j, p, "checks");
  b.depth = small_int(j, p, "depth");
  b.exhausted = boolean(j, p, "exhausted");
  b.violation = text(j, p, "violation");
  b.shortest = small_int(j, p, "shortest");
  b.replay_file = text(j, p, "replay_file");
  return b;
}

LengthHistogram read_lengths(const json& j, const std::string& p) {
  LengthHistogram h;
  h.bucket = u64(j, p, "bucket");
  if (h.bucket == 0) fail(p + ".bucket", "must be at least 1");
  const json& buckets = array(j, p, "games");
  for (std::size_t i = 0; i < buckets.size(); ++i) {
    const std::string bp = at(p, "games", i);
    const std::uint64_t start = u64(buckets[i], bp, "from");
    if (start % h.bucket != 0) fail(bp + ".from", "not a bucket start");
    h.games[start] += u64(buckets[i], bp, "games");
  }
  return h;
}

OracleCell read_oracle_cell(const json& j, const std::string& p) {
  return {text(j, p, "oracle"), u64(j, p, "decided"), u64(j, p, "skipped")};
}

template <typename T, typename F>
std::vector<T> read_all(const json& j, const std::string& p, const char* key, F read_one) {
  std::vector<T> out;
  const json& a = array(j, p, key);
  for (std::size_t i = 0; i < a.size(); ++i) out.push_back(read_one(a[i], at(p, key, i)));
  return out;
}

OracleRow read_oracle_row(const json& j, const std::string& p) {
  OracleRow row;
  row.kind = text(j, p, "kind");
  row.chance = boolean(j, p, "chance");
  row.steps = u64(j, p, "steps");
  row.oracles = read_all<OracleCell>(j, p, "oracles", read_oracle_cell);
  return row;
}

FamilyResult read_family(const json& j, const std::string& p) {
  FamilyResult f;
  f.family = faction_named(text(j, p, "family"), p + ".family");
  f.unavailable = text(j, p, "unavailable");
  f.setups = read_all<Setup>(j, p, "setups", read_setup);
  f.games = u64(j, p, "games");
  f.steps = u64(j, p, "steps");
  f.invariants = read_all<InvariantTally>(j, p, "invariants", read_tally);
  f.coverage = read_all<CoverageRow>(j, p, "coverage", read_row);
  if (j.contains("panels")) f.panels = read_all<PanelEntry>(j, p, "panels", read_panel);  // optional: files before issue 20 item 6
  f.oracles = read_all<OracleRow>(j, p, "oracles", read_oracle_row);
  f.counterexamples = read_all<Counterexample>(j, p, "counterexamples", read_counterexample);
  f.lengths = read_lengths(field(j, p, "game_lengths"), p + ".game_lengths");
  if (j.contains("bounded_proofs")) f.proofs = read_all<BoundedProof>(j, p, "bounded_proofs", read_proof);  // optional: schema 1 files before issue 9
  return f;
}

ModuleEntry read_module_entry(const json& j, const std::string& p) {
  ModuleEntry m;
  m.family = faction_named(text(j, p, "family"), p + ".family");
  m.status = enum_named(j, p, "status", std::array{StatusKind::Unavailable, StatusKind::Implemented, StatusKind::Verified});
  m.reason = text(j, p, "reason");
  m.digest = text(j, p, "digest");
  return m;
}

// The recorded verdicts and digests must be the ones the data gives.
void check_derived(const json& doc, const CampaignResult& r) {
  const json& families = doc.at("families");
  for (std::size_t i = 0; i < families.size(); ++i) {
    const std::string p = at("", "families", i);
    const json& v = field(families[i], p, "verdict");
    const Faction family = faction_named(text(families[i], p, "family"), p + ".family");
    const FamilyResult& f = *std::ranges::find(r.families, family, &FamilyResult::family);
    if (text(v, p + ".verdict", "kind") != to_string(f.verdict.kind)) {
      fail(p + ".verdict.kind", fmt::format("file says {} but the data gives {}", text(v, p + ".verdict", "kind"), to_string(f.verdict.kind)));
    }
    if (text(v, p + ".verdict", "digest") != f.verdict.digest) fail(p + ".verdict.digest", "does not match the family's content");
  }
  if (text(doc, "", "digest") != r.digest) fail("digest", "does not match the campaign's content");
}

CampaignResult read_document(const json& doc) {
  if (!doc.is_object()) fail("(document)", "expected an object");
  if (text(doc, "", "format") != kFormat) fail("format", fmt::format("expected \"{}\"", kFormat));
  if (u64(doc, "", "schema") != kReportSchema) fail("schema", fmt::format("unsupported schema (this build reads {})", kReportSchema));
  CampaignResult r;
  r.params = read_params(field(doc, "", "params"), "params");
  const json& timing = field(doc, "", "timing");
  r.timing = {number(timing, "timing", "wall_seconds"), number(timing, "timing", "games_per_second"),
              number(timing, "timing", "states_per_second"), number(timing, "timing", "peak_memory_mb")};
  if (r.timing.wall_seconds < 0) fail("timing.wall_seconds", "expected a duration of 0 or more seconds");
  if (r.timing.games_per_second < 0) fail("timing.games_per_second", "expected a rate of 0 or more");
  if (r.timing.states_per_second < 0) fail("timing.states_per_second", "expected a rate of 0 or more");
  if (r.timing.peak_memory_mb < 0) fail("timing.peak_memory_mb", "expected a size of 0 or more megabytes");
  r.module = read_all<ModuleEntry>(doc, "", "module", read_module_entry);
  r.families = read_all<FamilyResult>(doc, "", "families", read_family);
  for (std::size_t i = 0; i < r.families.size(); ++i) {
    for (std::size_t k = 0; k < i; ++k) {
      if (r.families[k].family == r.families[i].family) fail(fmt::format("families[{}].family", i), "duplicate family");
    }
  }
  finalise(r);
  check_derived(doc, r);
  return r;
}

}  // namespace

json params_content_json(const CampaignParams& p) {
  return {{"seed", p.seed}, {"games", p.games}, {"time_budget_seconds", p.time_budget_seconds}};
}

json module_json(const std::vector<ModuleEntry>& module) {
  json out = json::array();
  for (const ModuleEntry& m : module) {
    out.push_back({{"family", std::string(to_string(m.family))}, {"status", std::string(to_string(m.status))},
                   {"reason", m.reason}, {"digest", m.digest}});
  }
  return out;
}

json family_content_json(const FamilyResult& f) {
  json setups = json::array(), invariants = json::array(), coverage = json::array(), counterexamples = json::array(),
       lengths = json::array();
  for (const Setup& s : f.setups) setups.push_back(setup_json(s));
  for (const InvariantTally& t : f.invariants) {
    invariants.push_back({{"name", t.name}, {"family", t.family}, {"checks", t.checks}, {"violations", t.violations}});
  }
  for (const CoverageRow& row : f.coverage) {
    json r{{"kind", std::string(to_string(row.kind))}, {"what", row.what}, {"required", row.required},
           {"observed", row.observed}, {"suggestion", row.suggestion}};
    if (row.mode) r["mode"] = std::string(to_string(*row.mode));
    coverage.push_back(std::move(r));
  }
  json panels = json::array();
  for (const PanelEntry& e : f.panels) {
    json panel{{"mode", std::string(to_string(e.mode))}, {"status", std::string(to_string(e.status))}, {"not_offered", e.not_offered}};
    if (!e.policy.empty()) panel["policy"] = e.policy;
    panels.push_back(std::move(panel));
  }
  json oracles = json::array();
  for (const OracleRow& row : f.oracles) {
    json cells = json::array();
    for (const OracleCell& c : row.oracles) cells.push_back({{"oracle", c.oracle}, {"decided", c.decided}, {"skipped", c.skipped}});
    oracles.push_back({{"kind", row.kind}, {"chance", row.chance}, {"steps", row.steps}, {"oracles", cells}});
  }
  for (const Counterexample& c : f.counterexamples) counterexamples.push_back(counterexample_json(c));
  for (const auto& [start, n] : f.lengths.games) lengths.push_back({{"from", start}, {"games", n}});
  json out{{"family", std::string(to_string(f.family))}, {"unavailable", f.unavailable}, {"setups", setups},
           {"games", f.games}, {"steps", f.steps}, {"invariants", invariants}, {"coverage", coverage},
           {"oracles", oracles}, {"counterexamples", counterexamples}, {"game_lengths", {{"bucket", f.lengths.bucket}, {"games", lengths}}}};
  if (!f.panels.empty()) out["panels"] = panels;  // absent when none recorded (an unavailable family)
  if (!f.proofs.empty()) {  // absent when none ran, so digests of earlier reports stay valid
    json proofs = json::array();
    for (const BoundedProof& b : f.proofs) {
      proofs.push_back({{"scope", b.scope}, {"states", b.states}, {"transitions", b.transitions}, {"checks", b.checks},
                        {"depth", b.depth}, {"exhausted", b.exhausted}, {"violation", b.violation},
                        {"shortest", b.shortest}, {"replay_file", b.replay_file}});
    }
    out["bounded_proofs"] = std::move(proofs);
  }
  return out;
}

json to_json(const CampaignResult& r) {
  json params = params_content_json(r.params);
  params["shard_count"] = r.params.shard_count;
  params["shards"] = r.params.shards;
  json families = json::array();
  for (const FamilyResult& f : r.families) {
    json fj = family_content_json(f);
    fj["verdict"] = verdict_json(f.verdict);
    // Shrink times vary from run to run, so they sit beside the content, not in its digest.
    for (std::size_t i = 0; i < f.counterexamples.size(); ++i) fj["counterexamples"][i]["shrink_seconds"] = f.counterexamples[i].shrink_seconds;
    families.push_back(std::move(fj));
  }
  return {{"format", kFormat}, {"schema", kReportSchema}, {"digest", r.digest}, {"params", params},
          {"timing", {{"wall_seconds", r.timing.wall_seconds}, {"games_per_second", r.timing.games_per_second},
                      {"states_per_second", r.timing.states_per_second}, {"peak_memory_mb", r.timing.peak_memory_mb}}},
          {"module", module_json(r.module)}, {"families", families}};
}

std::string write_json(const CampaignResult& r) { return to_json(r).dump(2) + "\n"; }

std::variant<CampaignResult, ReportError> read_json(std::string_view text_in) {
  if (auto e = json_text_out_of_bounds(text_in)) return ReportError{"(document): " + e->message};
  const json doc = json::parse(text_in, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return ReportError{"(document): not valid JSON (truncated or corrupt?)"};
  try {
    return read_document(doc);
  } catch (const Bad& bad) {
    return ReportError{bad.message};
  } catch (const nlohmann::json::exception& e) {
    return ReportError{fmt::format("(document): {}", e.what())};
  }
}

}  // namespace dune::reports

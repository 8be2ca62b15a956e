// Scenario files: parse, play with staged chance, check named facts (io/scenario.h).
#include "io/scenario.h"
#include "io/scenario_facts.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/json_io.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

using json = nlohmann::json;
using json_io::fail;
using json_io::In;
using json_io::name_of;
using scenario_io::read_fact;
using scenario_io::read_seat;

namespace {

// ---- parsing --------------------------------------------------------------------------------

// The Nexus mode as options_to_json writes it ("Off", "Audit", "Released") or in lower case.
NexusModuleMode read_nexus_mode(const In& in) {
  std::string name = in.string();
  if (!name.empty()) name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
  if (auto mode = json_io::enum_from_name<NexusModuleMode>(name)) return *mode;
  fail(in.path, fmt::format("unknown Nexus mode \"{}\": expected \"Off\", \"Audit\" or \"Released\"", in.string()));
}

Options read_options(const In& in) {
  in.only_keys({"factions", "player_circles", "turn_limit", "rules", "nexus"});
  std::vector<Faction> factions;
  for (const In& x : in["factions"].items()) factions.push_back(x.enumeration<Faction>());
  Options o = Options::basic(factions);
  if (in.has("rules")) {
    const In r = in["rules"];
    if (r.j.is_string() && r.string() == "advanced") o = Options::advanced(factions);
    else if (r.j.is_string() && r.string() != "basic") fail(r.path, "expected \"basic\", \"advanced\" or an object of flags");
    else if (!r.j.is_string()) {
      r.only_keys([] {
        std::vector<std::string_view> names;
        for (const auto& [name, flag] : json_io::kRuleFlagNames) names.push_back(name);
        return names;
      }());
      for (const auto& [name, flag] : json_io::kRuleFlagNames) {
        if (r.has(name)) o.rules.*flag = r[name].boolean();
      }
    }
  }
  if (in.has("player_circles")) {
    o.player_circles.clear();
    for (const In& x : in["player_circles"].items()) o.player_circles.push_back(x.byte(6));
  }
  if (in.has("turn_limit")) o.turn_limit = static_cast<int>(in["turn_limit"].integer(1, 20));
  if (in.has("nexus")) o.nexus = read_nexus_mode(in["nexus"]);
  // Blame the Nexus mode when the same options play with the module off.
  Options off = o;
  off.nexus = NexusModuleMode::Off;
  if (auto game = new_game(off); auto* r = std::get_if<Rejection>(&game)) fail(in.path, "options rejected: " + r->message);
  if (auto game = new_game(o); auto* r = std::get_if<Rejection>(&game)) {
    fail(in.path + ".nexus", fmt::format("options rejected: Nexus mode {}: {}", name_of(o.nexus), r->message));
  }
  return o;
}

ScenarioStep read_step(const In& in, const Options& o) {
  in.only_keys({"seat", "command", "id", "version", "expect_rejected", "legal", "not_legal", "expect"});
  ScenarioStep step;
  if (in.has("command") || in.has("legal") || in.has("not_legal")) step.seat = read_seat(in["seat"], o);
  if (in.has("command")) step.command = json_io::read_command(in["command"], /*lenient=*/true);
  if (in.has("legal")) for (const In& x : in["legal"].items()) step.legal.push_back(json_io::read_command(x, true));
  if (in.has("not_legal")) for (const In& x : in["not_legal"].items()) step.not_legal.push_back(json_io::read_command(x, true));
  if (in.has("id")) step.id = in["id"].u64();
  if (in.has("version")) step.version = in["version"].u64();
  if (!step.command && (step.id || step.version)) fail(in.path, "id and version need a command");
  if (in.has("expect_rejected")) step.expect_rejected = in["expect_rejected"].enumeration<RejectCode>();
  if (in.has("expect")) {
    for (const In& x : in["expect"].items()) step.expect.push_back(read_fact(x, o));
  }
  if (!step.command && step.expect.empty() && step.legal.empty() && step.not_legal.empty()) {
    fail(in.path, "a step needs a command, legal / not_legal checks or expectations");
  }
  if (!step.command && step.expect_rejected) fail(in.path, "expect_rejected needs a command");
  return step;
}

Scenario read_scenario(const In& in) {
  in.only_keys({"name", "options", "seed", "chance", "steps"});
  Scenario s;
  s.name = in.has("name") ? in["name"].string() : "unnamed scenario";
  s.options = read_options(in["options"]);
  if (in.has("seed")) s.seed = in["seed"].u64();
  if (in.has("chance")) {
    for (const In& x : in["chance"].items()) {
      x.only_keys({"kind", "outcome"});
      s.chance.emplace_back(x["kind"].enumeration<ChanceKind>(), static_cast<std::uint8_t>(x["outcome"].integer(0, 255)));
    }
  }
  for (const In& x : in["steps"].items()) s.steps.push_back(read_step(x, s.options));
  return s;
}

}  // namespace

std::variant<Scenario, LoadError> parse_scenario(std::string_view text) {
  if (auto e = json_text_out_of_bounds(text)) return *e;
  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return LoadError{"not valid JSON"};
  try {
    return read_scenario(In{doc, "scenario"});
  } catch (const json_io::JsonFailure& e) {
    return LoadError{e.what()};
  }
}

std::optional<std::string> state_change(const GameState& before, const GameState& after) {
  if (before == after) return std::nullopt;
  if (before.version != after.version) return fmt::format("version {} became {}", before.version, after.version);
  if (before.log.size() != after.log.size()) return fmt::format("the log grew from {} to {} entries", before.log.size(), after.log.size());
  for (Seat seat : all_seats(before)) {
    if (!(before.seat(seat) == after.seat(seat))) return fmt::format("the state of {} differs", to_string(before.faction_of(seat)));
  }
  if (!(before.board == after.board)) return "the board differs";
  if (!(before.nexus == after.nexus)) return "the Nexus state differs";
  return "the game state differs";
}

// ---- running --------------------------------------------------------------------------------
namespace {

std::string describe_entry(const GameState& s, const LogEntry& e) {
  if (const auto* env = std::get_if<Envelope>(&e)) {
    return fmt::format("{}: {}", to_string(s.faction_of(env->seat)), to_string(env->command));
  }
  const auto& c = std::get<ChanceRecord>(e);
  std::string what = std::to_string(c.outcome);
  switch (c.request.kind) {
    case ChanceKind::TraitorDeal:
      if (c.outcome < kLeaderCount) what += fmt::format(" ({})", leader_info(LeaderId{c.outcome}).name);
      break;
    case ChanceKind::TreacheryDeal:
    case ChanceKind::TreacheryLot: what += fmt::format(" ({})", card_type(TreacheryCardId{c.outcome}).name); break;
    case ChanceKind::SpiceDraw:
    case ChanceKind::SpicePeek: what += fmt::format(" ({})", spice_card_info(SpiceCardId{c.outcome}).name); break;
    case ChanceKind::StormCard: break;
    case ChanceKind::NexusDraw: what += fmt::format(" ({} Nexus card)", to_string(Faction{c.outcome})); break;
  }
  return fmt::format("chance {} for {} -> {}", name_of(c.request.kind), to_string(s.faction_of(c.request.seat)), what);
}

// Appends the chance records the engine logged since `from` (the step's own envelope excluded).
void log_chance(const GameState& s, std::size_t from, std::vector<std::string>& out) {
  for (std::size_t i = from; i < s.log.size(); ++i) {
    if (std::holds_alternative<ChanceRecord>(s.log[i])) out.push_back("  " + describe_entry(s, s.log[i]));
  }
}

// The step's legal / not_legal checks against legal_commands; nullopt when they hold.
std::optional<std::string> check_legal(const GameState& s, const ScenarioStep& step, std::size_t n) {
  if (step.legal.empty() && step.not_legal.empty()) return std::nullopt;
  const std::vector<Command> listed = legal_commands(s, *step.seat);
  auto is_listed = [&](const Command& c) { return std::find(listed.begin(), listed.end(), c) != listed.end(); };
  const std::string who{to_string(s.faction_of(*step.seat))};
  for (const Command& c : step.legal) {
    if (!is_listed(c)) {
      std::vector<std::string> names;
      for (const Command& l : listed) names.push_back(to_string(l));
      return fmt::format("at step {}: {} may not send {} now (legal: {})", n + 1, who, to_string(c),
                         names.empty() ? "nothing" : fmt::format("{}", fmt::join(names, "; ")));
    }
  }
  for (const Command& c : step.not_legal) {
    if (is_listed(c)) return fmt::format("at step {}: {} may send {} now, expected not", n + 1, who, to_string(c));
  }
  return std::nullopt;
}

// Plays one step; returns a failure, or nullopt when it went as expected. `next_id`: the lowest
// command id no earlier step used.
std::optional<std::string> play_step(GameState& s, const ScenarioStep& step, std::size_t n, StagedChance& chance,
                                     std::uint64_t& next_id, std::vector<std::string>& log) {
  if (auto failure = check_legal(s, step, n)) return failure;
  if (!step.command) return std::nullopt;
  const CommandId id{step.id.value_or(std::max<std::uint64_t>(next_id, n + 1))};
  next_id = std::max(next_id, id.value + 1);
  const Envelope e{id, *step.seat, step.version.value_or(s.version), *step.command};
  const std::string what = fmt::format("step {}: {}", n + 1, describe_entry(s, LogEntry{e}));
  const GameState unchanged = s;
  auto result = submit(s, e);
  if (auto* r = std::get_if<Rejection>(&result)) {
    log.push_back(fmt::format("{} -> rejected ({}): {}", what, to_string(r->code), r->message));
    if (!step.expect_rejected) return fmt::format("{} was rejected ({}): {}", what, to_string(r->code), r->message);
    if (r->code != *step.expect_rejected) {
      return fmt::format("{} was rejected with {}, expected {}: {}", what, to_string(r->code),
                         to_string(*step.expect_rejected), r->message);
    }
    if (auto change = state_change(unchanged, s)) return fmt::format("{} was rejected but changed the state: {}", what, *change);
    return std::nullopt;
  }
  log.push_back(what + " -> accepted");
  if (step.expect_rejected) return fmt::format("{} was accepted, expected a {} rejection", what, to_string(*step.expect_rejected));
  const std::size_t before = s.log.size();
  s = settle(std::get<Accepted>(std::move(result)).next, chance);
  log_chance(s, before, log);
  return std::nullopt;
}

}  // namespace

ScenarioRun run_scenario(const Scenario& scenario) {
  ScenarioRun run;
  StagedChance chance(scenario.seed);
  for (const auto& [kind, outcome] : scenario.chance) chance.stage(kind, outcome);
  auto game = new_game(scenario.options);
  if (auto* r = std::get_if<Rejection>(&game)) {
    run.failures.push_back("options rejected: " + r->message);
    return run;
  }
  GameState& s = run.final_state;
  s = std::get<GameState>(std::move(game));
  s = settle(std::move(s), chance);
  run.log.push_back("setup");
  log_chance(s, 0, run.log);
  std::uint64_t next_id = 1;
  for (std::size_t n = 0; n < scenario.steps.size(); ++n) {
    const ScenarioStep& step = scenario.steps[n];
    if (auto failure = play_step(s, step, n, chance, next_id, run.log)) {
      run.failures.push_back(*failure);
      return run;
    }
    for (const Fact& fact : step.expect) {
      if (auto failure = check_fact(s, fact)) run.failures.push_back(fmt::format("at step {}: {}", n + 1, *failure));
    }
    if (!run.failures.empty()) return run;
  }
  return run;
}

}  // namespace dune

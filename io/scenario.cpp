// Scenario files: parse, play with staged chance, check named facts (io/scenario.h).
#include "io/scenario.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>

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

namespace {

// ---- parsing --------------------------------------------------------------------------------

Options read_options(const In& in) {
  std::vector<Faction> factions;
  for (const In& x : in["factions"].items()) factions.push_back(x.enumeration<Faction>());
  Options o = Options::basic(factions);
  if (in.has("rules")) {
    const In r = in["rules"];
    if (r.j.is_string() && r.string() == "advanced") o = Options::advanced(factions);
    else if (r.j.is_string() && r.string() != "basic") fail(r.path, "expected \"basic\", \"advanced\" or an object of flags");
    if (r.j.is_object()) {
      json flags = options_to_json(o)["rules"];
      for (const auto& [key, value] : r.j.items()) {
        if (!flags.contains(key)) fail(r.path, fmt::format("unknown rule flag \"{}\"", key));
        flags[key] = In{value, r.path + "." + key}.boolean();
      }
      json all = options_to_json(o);
      all["rules"] = flags;
      auto parsed = options_from_json(all);
      if (auto* e = std::get_if<LoadError>(&parsed)) fail(r.path, e->message);
      o = std::get<Options>(parsed);
    }
  }
  if (in.has("player_circles")) {
    o.player_circles.clear();
    for (const In& x : in["player_circles"].items()) o.player_circles.push_back(x.byte(6));
  }
  if (in.has("turn_limit")) o.turn_limit = static_cast<int>(in["turn_limit"].integer(1, 20));
  if (auto game = new_game(o); auto* r = std::get_if<Rejection>(&game)) fail(in.path, "options rejected: " + r->message);
  return o;
}

// A seat by its faction's name or by its number.
Seat read_seat(const In& in, const Options& o) {
  if (in.j.is_number()) return Seat{in.byte(o.seat_count())};
  const Faction f = in.enumeration<Faction>();
  const auto it = std::find(o.factions.begin(), o.factions.end(), f);
  if (it == o.factions.end()) fail(in.path, fmt::format("{} is not seated in this game", name_of(f)));
  return Seat{static_cast<std::uint8_t>(it - o.factions.begin())};
}

json faction_list(const In& in) {
  json out = json::array();
  for (const In& x : in.items()) out.push_back(name_of(x.enumeration<Faction>()));
  return out;
}

// The arguments each fact takes (besides "fact" and "equals").
const std::vector<std::pair<std::string_view, std::vector<std::string_view>>>& fact_table() {
  static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> table{
      {"spice", {"seat"}}, {"hand_size", {"seat"}}, {"reserves", {"seat"}}, {"tanks", {"seat"}},
      {"ally", {"seat"}}, {"forces_in_cell", {"seat", "cell"}}, {"forces_in_territory", {"seat", "territory"}},
      {"spice_in_cell", {"cell"}}, {"spice_in_territory", {"territory"}}, {"card_zone", {"card"}},
      {"pending", {}}, {"winners", {}}, {"phase", {}}, {"step", {}}, {"turn", {}}, {"storm_sector", {}},
      {"halted", {}}};
  return table;
}

Fact read_fact(const In& in, const Options& o) {
  Fact fact{in["fact"].string(), json::object(), in["equals"].j};
  const auto& table = fact_table();
  const auto it = std::find_if(table.begin(), table.end(), [&](const auto& e) { return e.first == fact.name; });
  if (it == table.end()) fail(in.path + ".fact", fmt::format("unknown fact \"{}\"", fact.name));
  for (std::string_view arg : it->second) {
    // A seat may be given as "seat" or "faction".
    const In value = arg == "seat" && !in.has("seat") && in.has("faction") ? in["faction"] : in[arg];
    if (arg == "seat") fact.args["seat"] = read_seat(value, o).value;
    if (arg == "cell") fact.args["cell"] = value.cell().value;
    if (arg == "territory") fact.args["territory"] = index(value.territory());
    if (arg == "card") fact.args["card"] = value.byte(kTreacheryCardCount);
  }
  const In equals = in["equals"];
  if (fact.name == "pending" || fact.name == "winners") fact.equals = faction_list(equals);
  if (fact.name == "ally" && !equals.j.is_null()) fact.equals = name_of(equals.enumeration<Faction>());
  if (fact.name == "phase") fact.equals = name_of(equals.enumeration<Phase>());
  if (fact.name == "step") fact.equals = name_of(equals.enumeration<Step>());
  return fact;
}

ScenarioStep read_step(const In& in, const Options& o) {
  ScenarioStep step;
  if (in.has("command")) {
    step.seat = read_seat(in["seat"], o);
    auto command = command_from_json(in["command"].j, /*lenient=*/true);
    if (auto* e = std::get_if<LoadError>(&command)) fail(in.path, e->message);
    step.command = std::get<Command>(command);
  }
  if (in.has("expect_rejected")) step.expect_rejected = in["expect_rejected"].enumeration<RejectCode>();
  if (in.has("expect")) {
    for (const In& x : in["expect"].items()) step.expect.push_back(read_fact(x, o));
  }
  if (!step.command && step.expect.empty()) fail(in.path, "a step needs a command or expectations");
  if (!step.command && step.expect_rejected) fail(in.path, "expect_rejected needs a command");
  return step;
}

Scenario read_scenario(const In& in) {
  Scenario s;
  s.name = in.has("name") ? in["name"].string() : "unnamed scenario";
  s.options = read_options(in["options"]);
  if (in.has("seed")) s.seed = in["seed"].u64();
  if (in.has("chance")) {
    for (const In& x : in["chance"].items()) {
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

// ---- facts ----------------------------------------------------------------------------------
namespace {

json forces_value(ForceCount normal, ForceCount special, const json& shape) {
  if (shape.is_object()) return {{"normal", normal.value}, {"special", special.value}};
  return (normal + special).value;
}

std::string card_zone(const GameState& s, TreacheryCardId card) {
  auto has = [&](const std::vector<TreacheryCardId>& v) { return std::find(v.begin(), v.end(), card) != v.end(); };
  if (has(s.treachery.deck.known_top) || has(s.treachery.deck.unseen)) return "deck";
  if (has(s.treachery.discard)) return "discard";
  if (has(s.bidding.lots)) return "lot";
  for (Seat seat : all_seats(s)) {
    if (has(s.seat(seat).hand)) return fmt::format("hand:{}", name_of(s.faction_of(seat)));
  }
  return "nowhere";
}

json actual_value(const GameState& s, const Fact& f) {
  const Seat seat{f.args.value("seat", std::uint8_t{0})};
  const Faction faction = s.faction_of(seat);
  const std::size_t fi = index(faction);
  if (f.name == "spice") return s.seat(seat).spice.value;
  if (f.name == "hand_size") return s.seat(seat).hand.size();
  if (f.name == "reserves") return forces_value(s.seat(seat).reserves_normal, s.seat(seat).reserves_special, f.equals);
  if (f.name == "tanks") return forces_value(s.seat(seat).tanks_normal, s.seat(seat).tanks_special, f.equals);
  if (f.name == "ally") return s.seat(seat).ally ? json(name_of(*s.seat(seat).ally)) : json(nullptr);
  if (f.name == "forces_in_cell" || f.name == "forces_in_territory") {
    ForceCount normal{}, special{};
    for (std::size_t c = 0; c < kCellCount; ++c) {
      const bool counted = f.name == "forces_in_cell" ? c == f.args["cell"].get<std::size_t>()
                                                      : index(cell_info(cell_at(c)).territory) == f.args["territory"].get<std::size_t>();
      if (!counted) continue;
      normal += s.board.normal[c][fi];
      special += s.board.special[c][fi];
    }
    return forces_value(normal, special, f.equals);
  }
  if (f.name == "spice_in_cell") return s.board.spice[f.args["cell"].get<std::size_t>()].value;
  if (f.name == "spice_in_territory") {
    Spice total{};
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (index(cell_info(cell_at(c)).territory) == f.args["territory"].get<std::size_t>()) total += s.board.spice[c];
    }
    return total.value;
  }
  if (f.name == "card_zone") return card_zone(s, TreacheryCardId{f.args["card"].get<std::uint8_t>()});
  if (f.name == "pending" || f.name == "winners") {
    json out = json::array();
    if (f.name == "pending") for (Seat p : pending(s)) out.push_back(name_of(s.faction_of(p)));
    else for (Faction w : s.winners) out.push_back(name_of(w));
    return out;
  }
  if (f.name == "phase") return name_of(s.phase);
  if (f.name == "step") return name_of(s.step);
  if (f.name == "turn") return s.turn;
  if (f.name == "storm_sector") return s.storm.sector.value;
  if (f.equals.is_boolean()) return !s.halted.empty();  // halted: true / false
  return s.halted;
}

std::string describe_fact(const GameState& s, const Fact& f) {
  std::string out = f.name;
  if (f.args.contains("seat")) out += fmt::format(" of {}", to_string(s.faction_of(Seat{f.args["seat"].get<std::uint8_t>()})));
  if (f.args.contains("cell")) out += fmt::format(" in cell {}", f.args["cell"].get<int>());
  if (f.args.contains("territory")) out += fmt::format(" in {}", name_of(territory_at(f.args["territory"].get<std::size_t>())));
  if (f.args.contains("card")) {
    const int card = f.args["card"].get<int>();
    out += fmt::format(" of card {} ({})", card, card_type(TreacheryCardId{static_cast<std::uint8_t>(card)}).name);
  }
  return out;
}

}  // namespace

std::optional<std::string> check_fact(const GameState& state, const Fact& fact) {
  const json actual = actual_value(state, fact);
  if (actual == fact.equals) return std::nullopt;
  return fmt::format("{} is {}, expected {}", describe_fact(state, fact), actual.dump(), fact.equals.dump());
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

// Plays one step; returns a failure, or nullopt when it went as expected.
std::optional<std::string> play_step(GameState& s, const ScenarioStep& step, std::size_t n, StagedChance& chance,
                                     std::vector<std::string>& log) {
  if (!step.command) return std::nullopt;
  const Envelope e{CommandId{n + 1}, *step.seat, s.version, *step.command};
  const std::string what = fmt::format("step {}: {}", n + 1, describe_entry(s, LogEntry{e}));
  auto result = submit(s, e);
  if (auto* r = std::get_if<Rejection>(&result)) {
    log.push_back(fmt::format("{} -> rejected ({}): {}", what, to_string(r->code), r->message));
    if (!step.expect_rejected) return fmt::format("{} was rejected ({}): {}", what, to_string(r->code), r->message);
    if (r->code != *step.expect_rejected) {
      return fmt::format("{} was rejected with {}, expected {}: {}", what, to_string(r->code),
                         to_string(*step.expect_rejected), r->message);
    }
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
  for (std::size_t n = 0; n < scenario.steps.size(); ++n) {
    const ScenarioStep& step = scenario.steps[n];
    if (auto failure = play_step(s, step, n, chance, run.log)) {
      run.failures.push_back(*failure);
      return run;
    }
    for (const Fact& fact : step.expect) {
      if (auto failure = check_fact(s, fact)) run.failures.push_back(fmt::format("after step {}: {}", n + 1, *failure));
    }
    if (!run.failures.empty()) return run;
  }
  return run;
}

}  // namespace dune

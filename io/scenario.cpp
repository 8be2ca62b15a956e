// Scenario files: parse, play with staged chance, check named facts (io/scenario.h).
#include "io/scenario.h"
#include "io/scenario_facts.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <sstream>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/json_io.h"
#include "io/persistence.h"
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

// An object of flags by name (the rule flags, the card sets): each off unless given, no other key.
template <class Flags, std::size_t N>
void read_flags(const In& in, const std::array<std::pair<std::string_view, bool Flags::*>, N>& table, Flags& flags) {
  std::vector<std::string_view> names;
  for (const auto& [name, flag] : table) names.push_back(name);
  in.only_keys(names);
  for (const auto& [name, flag] : table) {
    if (in.has(name)) flags.*flag = in[name].boolean();
  }
}

Options read_options(const In& in) {
  in.only_keys({"factions", "player_circles", "turn_limit", "rules", "cards", "nexus", "hms_spice", "cyborg_loss_substitution"});
  std::vector<Faction> factions;
  for (const In& x : in["factions"].items()) factions.push_back(x.enumeration<Faction>());
  Options o = Options::basic(factions);
  if (in.has("rules")) {
    const In r = in["rules"];
    if (r.j.is_string() && r.string() == "advanced") o = Options::advanced(factions);
    else if (r.j.is_string() && r.string() != "basic") fail(r.path, "expected \"basic\", \"advanced\" or an object of flags");
    else if (!r.j.is_string()) read_flags(r, json_io::kRuleFlagNames, o.rules);
  }
  if (in.has("cards")) read_flags(in["cards"], json_io::kCardSetNames, o.cards);
  if (in.has("player_circles")) {
    o.player_circles.clear();
    for (const In& x : in["player_circles"].items()) o.player_circles.push_back(x.byte(6));
  }
  if (in.has("turn_limit")) o.turn_limit = static_cast<int>(in["turn_limit"].integer(1, 20));
  if (in.has("nexus")) o.nexus = read_nexus_mode(in["nexus"]);
  if (in.has("hms_spice")) o.hms_spice = in["hms_spice"].enumeration<HmsSpice>();
  if (in.has("cyborg_loss_substitution")) o.cyborg_loss_substitution = in["cyborg_loss_substitution"].boolean();
  // Blame the Nexus mode when the same options play with the module off.
  Options off = o;
  off.nexus = NexusModuleMode::Off;
  if (auto game = new_game(off); auto* r = std::get_if<Rejection>(&game)) fail(in.path, "options rejected: " + r->message);
  if (auto game = new_game(o); auto* r = std::get_if<Rejection>(&game)) {
    fail(in.path + ".nexus", fmt::format("options rejected: Nexus mode {}: {}", name_of(o.nexus), r->message));
  }
  return o;
}

// A command for `seat` (optional) at `in`, as {"seat": ..., "command": ...}.
std::pair<Seat, Command> read_seat_command(const In& in, const Options& o) {
  in.only_keys({"seat", "command"});
  return {read_seat(in["seat"], o), json_io::read_command(in["command"], /*lenient=*/true)};
}

Advance read_advance(const In& in, const Options& o) {
  in.only_keys({"until", "prefer", "max_commands"});
  Advance a;
  const In until = in["until"];
  until.only_keys({"phase", "step", "turn", "awaiting"});
  if (until.has("phase")) a.until.phase = until["phase"].enumeration<Phase>();
  if (until.has("step")) a.until.step = until["step"].enumeration<Step>();
  if (until.has("turn")) a.until.turn = static_cast<int>(until["turn"].integer(0, 20));
  if (until.has("awaiting")) a.until.awaiting = read_seat(until["awaiting"], o);
  if (a.until == AdvanceUntil{}) fail(until.path, "give at least one of phase, step, turn, awaiting");
  if (in.has("prefer")) for (const In& x : in["prefer"].items()) a.prefer.push_back(read_seat_command(x, o));
  if (in.has("max_commands")) a.max_commands = static_cast<int>(in["max_commands"].integer(1, 100000));
  return a;
}

ScenarioStep read_step(const In& in, const Options& o, const std::filesystem::path& base) {
  in.only_keys({"seat", "command", "id", "version", "expect_rejected", "legal", "not_legal", "advance", "expect", "save"});
  ScenarioStep step;
  if (in.has("command") || in.has("legal") || in.has("not_legal")) step.seat = read_seat(in["seat"], o);
  if (in.has("command")) step.command = json_io::read_command(in["command"], /*lenient=*/true);
  if (in.has("legal")) for (const In& x : in["legal"].items()) step.legal.push_back(json_io::read_command(x, true));
  if (in.has("not_legal")) for (const In& x : in["not_legal"].items()) step.not_legal.push_back(json_io::read_command(x, true));
  if (in.has("advance")) step.advance = read_advance(in["advance"], o);
  if (step.advance && (step.command || !step.legal.empty() || !step.not_legal.empty())) {
    fail(in.path, "an advance step takes no command or legal / not_legal checks: give them their own step");
  }
  if (in.has("id")) step.id = in["id"].u64();
  if (in.has("version")) step.version = in["version"].u64();
  if (!step.command && (step.id || step.version)) fail(in.path, "id and version need a command");
  if (in.has("expect_rejected")) step.expect_rejected = in["expect_rejected"].enumeration<RejectCode>();
  if (in.has("expect")) {
    for (const In& x : in["expect"].items()) step.expect.push_back(read_fact(x, o));
  }
  if (in.has("save")) {
    step.save = in["save"].string();
    if (step.save.empty()) fail(in["save"].path, "expected a file name");
    step.save = (base / step.save).string();
  }
  if (!step.command && !step.advance && step.expect.empty() && step.legal.empty() && step.not_legal.empty() &&
      step.save.empty()) {
    fail(in.path, "a step needs a command, an advance, legal / not_legal checks, expectations or a save");
  }
  if (!step.command && step.expect_rejected) fail(in.path, "expect_rejected needs a command");
  return step;
}


// "Lasgun", "lasgun": printed names compare without case.
bool same_name(std::string_view a, std::string_view b) {
  return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](char x, char y) {
    return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
  });
}

StagedOutcome read_staged(const In& in, const Options& o) {
  in.only_keys({"kind", "seat", "outcome", "card"});
  StagedOutcome st{in["kind"].enumeration<ChanceKind>(), std::nullopt, std::nullopt, {}, in.path};
  if (in.has("seat")) {
    if (!chance_serves_a_seat(st.kind)) fail(in["seat"].path, fmt::format("a {} is nobody's draw: leave the seat out", name_of(st.kind)));
    st.seat = read_seat(in["seat"], o);
  }
  if (in.has("outcome") == in.has("card")) fail(in.path, "give either \"outcome\" or \"card\"");
  if (in.has("outcome")) {
    st.outcome = in["outcome"].byte(chance_outcome_bound(st.kind));
    return st;
  }
  if (st.kind == ChanceKind::StormCard) fail(in["card"].path, "a storm card is its number: give \"outcome\"");
  st.card = in["card"].string();
  bool known = false;
  for (std::size_t id = 0; id < chance_outcome_bound(st.kind) && !known; ++id) {
    known = same_name(chance_outcome_name(st.kind, static_cast<std::uint8_t>(id)), st.card);
  }
  if (!known) fail(in["card"].path, fmt::format("no {} outcome is named \"{}\"", name_of(st.kind), st.card));
  return st;
}

std::string read_file_text(const std::filesystem::path& path, const std::string& where) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) fail(where, fmt::format("{} is not a readable file", path.string()));
  std::ifstream file(path, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  if (!file && !file.eof()) fail(where, fmt::format("cannot read {}", path.string()));
  return text.str();
}

// The start snapshot: a file name (from `base`) or the snapshot document itself.
GameState read_start(const In& in, const std::filesystem::path& base) {
  if (!in.j.is_string() && !in.j.is_object()) fail(in.path, "expected a snapshot file name or a snapshot document");
  const std::string text = in.j.is_string() ? read_file_text(base / in.string(), in.path) : in.j.dump();
  auto loaded = load_snapshot(text);
  if (auto* e = std::get_if<LoadError>(&loaded)) fail(in.path, "the start snapshot does not load: " + e->message);
  return std::get<GameState>(std::move(loaded));
}

Scenario read_scenario(const In& in, const std::filesystem::path& base) {
  in.only_keys({"name", "note", "options", "start", "seed", "chance", "steps"});
  Scenario s;
  s.name = in.has("name") ? in["name"].string() : "unnamed scenario";
  if (in.has("note")) s.note = in["note"].string();
  if (in.has("start")) {
    s.start = read_start(in["start"], base);
    s.options = s.start->options;
    if (in.has("options") && !(read_options(in["options"]) == s.options)) {
      fail(in["options"].path, "differs from the start snapshot's options: leave it out");
    }
  } else {
    s.options = read_options(in["options"]);
  }
  if (in.has("seed")) s.seed = in["seed"].u64();
  if (in.has("chance")) {
    for (const In& x : in["chance"].items()) s.chance.push_back(read_staged(x, s.options));
  }
  for (const In& x : in["steps"].items()) s.steps.push_back(read_step(x, s.options, base));
  return s;
}

}  // namespace

std::variant<Scenario, LoadError> parse_scenario(std::string_view text, const std::filesystem::path& base) {
  if (auto e = json_text_out_of_bounds(text)) return *e;
  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return LoadError{"not valid JSON"};
  try {
    return read_scenario(In{doc, "scenario"}, base);
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
  if (c.request.kind != ChanceKind::StormCard) what += fmt::format(" ({})", chance_outcome_name(c.request.kind, c.outcome));
  if (c.request.kind == ChanceKind::NexusDraw) what.insert(what.size() - 1, " Nexus card");
  const std::string whose = chance_serves_a_seat(c.request.kind) ? fmt::format(" for {}", to_string(s.faction_of(c.request.seat))) : "";
  return fmt::format("chance {}{} -> {}", name_of(c.request.kind), whose, what);
}

std::string describe_staged(const GameState& s, const StagedOutcome& st) {
  std::string out = fmt::format("{} ({}", st.where, name_of(st.kind));
  if (st.seat) out += fmt::format(" for {}", to_string(s.faction_of(*st.seat)));
  if (st.outcome) out += fmt::format(": {}", *st.outcome);
  else out += fmt::format(": {}", st.card);
  return out + ")";
}

// The scenario's staged outcomes. A chance step takes the first unused entry of its kind (a
// staged SpiceDraw also serves Atreides' peek at that same card, chance_source.h) and seat; one
// that does not fit is a problem (the step then takes the seeded fallback so the run can report
// it), never silently skipped for a later draw.
class ScenarioChance final : public ChanceSource {
 public:
  ScenarioChance(const std::vector<StagedOutcome>& staged, std::uint64_t seed)
      : staged_(staged.begin(), staged.end()), fallback_(seed) {}

  std::uint8_t choose(const GameState& state, std::span<const std::uint8_t> outcomes) override {
    const PendingChance& req = *state.chance;
    const auto it = std::find_if(staged_.begin(), staged_.end(), [&](const StagedOutcome& st) {
      return staged_serves(st.kind, req.kind) && (!st.seat || *st.seat == req.seat);
    });
    if (it == staged_.end()) return fallback_.choose(state, outcomes);
    const StagedOutcome st = *it;
    staged_.erase(it);
    for (std::uint8_t o : outcomes) {
      if (st.outcome ? o == *st.outcome : same_name(chance_outcome_name(req.kind, o), st.card)) return o;
    }
    std::vector<std::string> listed;
    for (std::uint8_t o : outcomes) listed.push_back(req.kind == ChanceKind::StormCard ? std::to_string(o) : chance_outcome_name(req.kind, o));
    std::sort(listed.begin(), listed.end());
    listed.erase(std::unique(listed.begin(), listed.end()), listed.end());
    problems_.push_back(fmt::format("{} does not fit the {} for {}: the outcomes are {}", describe_staged(state, st),
                                    name_of(req.kind), to_string(state.faction_of(req.seat)), fmt::join(listed, ", ")));
    return fallback_.choose(state, outcomes);
  }

  // Problems since the last call.
  std::vector<std::string> take_problems() { return std::exchange(problems_, {}); }
  const std::deque<StagedOutcome>& unused() const { return staged_; }

 private:
  std::deque<StagedOutcome> staged_;
  SeededChance fallback_;
  std::vector<std::string> problems_;
};

// Plays the chance steps that follow, logging them; nullopt or a staged outcome that did not fit.
std::optional<std::string> settle_logged(GameState& s, ScenarioChance& chance, std::vector<std::string>& log) {
  const std::size_t from = s.log.size();
  s = settle(std::move(s), chance);
  for (std::size_t i = from; i < s.log.size(); ++i) {
    if (std::holds_alternative<ChanceRecord>(s.log[i])) log.push_back("  " + describe_entry(s, s.log[i]));
  }
  const auto problems = chance.take_problems();
  if (problems.empty()) return std::nullopt;
  return fmt::format("{}", fmt::join(problems, "; "));
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

std::string where_now(const GameState& s) {
  std::string out = fmt::format("turn {}, {}, step {}", s.turn, to_string(s.phase), name_of(s.step));
  if (!s.winners.empty()) out += ", game over";
  if (!s.halted.empty()) out += ", halted: " + s.halted;
  return out;
}

bool reached(const GameState& s, const AdvanceUntil& u) {
  const auto waiting = pending(s);
  return (!u.phase || s.phase == *u.phase) && (!u.step || s.step == *u.step) && (!u.turn || s.turn == *u.turn) &&
         (!u.awaiting || std::find(waiting.begin(), waiting.end(), *u.awaiting) != waiting.end());
}

std::string describe_until(const GameState& s, const AdvanceUntil& u) {
  std::vector<std::string> parts;
  if (u.phase) parts.push_back(fmt::format("phase {}", name_of(*u.phase)));
  if (u.step) parts.push_back(fmt::format("step {}", name_of(*u.step)));
  if (u.turn) parts.push_back(fmt::format("turn {}", *u.turn));
  if (u.awaiting) parts.push_back(fmt::format("{} awaited", to_string(s.faction_of(*u.awaiting))));
  return fmt::format("{}", fmt::join(parts, ", "));
}

class Runner {
 public:
  Runner(const Scenario& scenario, ScenarioRun& run) : scenario_(scenario), run_(run), chance_(scenario.chance, scenario.seed) {}

  void play() {
    GameState& s = run_.final_state;
    if (scenario_.start) {
      s = *scenario_.start;
      run_.log.push_back("start: the snapshot at " + where_now(s));
    } else {
      auto game = new_game(scenario_.options);
      if (auto* r = std::get_if<Rejection>(&game)) return fail_run("options rejected: " + r->message);
      s = std::get<GameState>(std::move(game));
      run_.log.push_back("setup");
    }
    next_id_ = std::max(next_id_, s.committed.highest_id() + 1);
    if (auto problem = settle_logged(s, chance_, run_.log)) return fail_run("at setup: " + *problem);
    for (std::size_t n = 0; n < scenario_.steps.size(); ++n) {
      const ScenarioStep& step = scenario_.steps[n];
      if (auto failure = play_step(step, n)) return fail_run(*failure);
      for (const Fact& fact : step.expect) {
        if (auto failure = check_fact(s, fact)) run_.failures.push_back(fmt::format("at step {}: {}", n + 1, *failure));
      }
      if (!run_.failures.empty()) return;
      if (!step.save.empty()) {
        if (auto error = save_to(step.save, s)) return fail_run(fmt::format("at step {}: {}", n + 1, *error));
        run_.log.push_back(fmt::format("step {}: saved to {}", n + 1, step.save));
      }
    }
    for (const StagedOutcome& st : chance_.unused()) {
      run_.failures.push_back(fmt::format("{} was never used: no {} was drawn after the earlier ones", describe_staged(s, st),
                                          name_of(st.kind)));
    }
  }

 private:
  void fail_run(std::string failure) { run_.failures.push_back(std::move(failure)); }

  static std::optional<std::string> save_to(const std::string& path, const GameState& s) {
    std::ofstream out(path, std::ios::binary | std::ios::trunc);
    out << save_snapshot(s);
    if (!out) return fmt::format("cannot write {}", path);
    return std::nullopt;
  }

  // Submits one envelope; the rejection, or nullopt when accepted (the state then settled).
  std::variant<Rejection, std::optional<std::string>> send(const Envelope& e, const std::string& what) {
    GameState& s = run_.final_state;
    auto result = submit(s, e);
    if (auto* r = std::get_if<Rejection>(&result)) {
      run_.log.push_back(fmt::format("{} -> rejected ({}): {}", what, to_string(r->code), r->message));
      return *r;
    }
    run_.log.push_back(what + " -> accepted");
    s = std::get<Accepted>(std::move(result)).next;
    next_id_ = std::max(next_id_, e.id.value + 1);
    return settle_logged(s, chance_, run_.log);
  }

  std::optional<std::string> play_step(const ScenarioStep& step, std::size_t n) {
    GameState& s = run_.final_state;
    if (auto failure = check_legal(s, step, n)) return failure;
    if (step.advance) return advance(*step.advance, n);
    if (!step.command) return std::nullopt;
    const CommandId id{step.id.value_or(next_id_)};
    const Envelope e{id, *step.seat, step.version.value_or(s.version), *step.command};
    const std::string what = fmt::format("step {}: {}", n + 1, describe_entry(s, LogEntry{e}));
    const GameState unchanged = s;
    auto sent = send(e, what);
    if (auto* r = std::get_if<Rejection>(&sent)) {
      if (!step.expect_rejected) return fmt::format("{} was rejected ({}): {}", what, to_string(r->code), r->message);
      if (r->code != *step.expect_rejected) {
        return fmt::format("{} was rejected with {}, expected {}: {}", what, to_string(r->code),
                           to_string(*step.expect_rejected), r->message);
      }
      if (auto change = state_change(unchanged, s)) return fmt::format("{} was rejected but changed the state: {}", what, *change);
      return std::nullopt;
    }
    if (step.expect_rejected) return fmt::format("{} was accepted, expected a {} rejection", what, to_string(*step.expect_rejected));
    if (auto problem = std::get<std::optional<std::string>>(sent)) return fmt::format("at step {}: {}", n + 1, *problem);
    return std::nullopt;
  }

  std::optional<std::string> advance(const Advance& a, std::size_t n) {
    GameState& s = run_.final_state;
    std::vector<bool> used(a.prefer.size(), false);
    const std::string goal = describe_until(s, a.until);
    int commands = 0;
    while (!reached(s, a.until)) {
      const auto waiting = pending(s);
      if (waiting.empty() || commands == a.max_commands) {
        return fmt::format("at step {}: advance did not reach {} ({} commands played; stopped at {})", n + 1, goal, commands,
                           where_now(s));
      }
      std::optional<Envelope> e;
      for (std::size_t i = 0; i < a.prefer.size() && !e; ++i) {
        const auto& [seat, command] = a.prefer[i];
        if (used[i] || std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) continue;
        const auto legal = legal_commands(s, seat);
        if (std::find(legal.begin(), legal.end(), command) == legal.end()) continue;
        used[i] = true;
        e = Envelope{CommandId{next_id_}, seat, s.version, command};
      }
      if (!e) {
        const auto legal = legal_commands(s, waiting.front());
        if (legal.empty()) return fmt::format("at step {}: advance: {} is awaited but has no legal command ({})", n + 1,
                                              to_string(s.faction_of(waiting.front())), where_now(s));
        e = Envelope{CommandId{next_id_}, waiting.front(), s.version, legal[default_choice(legal)]};
      }
      const std::string what = fmt::format("step {} advance: {}", n + 1, describe_entry(s, LogEntry{*e}));
      auto sent = send(*e, what);
      if (auto* r = std::get_if<Rejection>(&sent)) return fmt::format("{} was rejected ({}): {}", what, to_string(r->code), r->message);
      if (auto problem = std::get<std::optional<std::string>>(sent)) return fmt::format("at step {}: {}", n + 1, *problem);
      commands += 1;
    }
    for (std::size_t i = 0; i < a.prefer.size(); ++i) {
      if (!used[i]) {
        return fmt::format("at step {}: advance reached {} before prefer[{}] ({}: {}) was legal for its seat", n + 1, goal, i,
                           to_string(s.faction_of(a.prefer[i].first)), to_string(a.prefer[i].second));
      }
    }
    run_.log.push_back(fmt::format("step {}: advanced to {} in {} commands", n + 1, where_now(s), commands));
    return std::nullopt;
  }

  const Scenario& scenario_;
  ScenarioRun& run_;
  ScenarioChance chance_;
  std::uint64_t next_id_ = 1;
};

}  // namespace

ScenarioRun run_scenario(const Scenario& scenario) {
  ScenarioRun run;
  Runner(scenario, run).play();
  return run;
}

}  // namespace dune

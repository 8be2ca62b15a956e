#include "harness/replay_file.h"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ostream>
#include <set>
#include <sstream>

#include "engine/projection.h"
#include "generators/random_player.h"
#include "harness/mutants.h"
#include "harness/shrink.h"
#include "io/persistence.h"
#include "model/factions.h"

namespace dune::harness {
namespace {

using nlohmann::json;

json found_to_json(const Found& f) {
  return {{"invariant", f.violation.invariant}, {"message", f.violation.message}, {"checker", f.checker},
          {"step", f.step}, {"decisions", f.decisions}};
}

std::variant<Found, std::string> found_from_json(const json& j) {
  Found f;
  for (const char* key : {"invariant", "message", "checker"}) {
    if (!j.contains(key) || !j[key].is_string()) return fmt::format("violation: missing \"{}\" (a string)", key);
  }
  for (const char* key : {"step", "decisions"}) {
    if (!j.contains(key) || !j[key].is_number_integer()) return fmt::format("violation: missing \"{}\" (an integer)", key);
  }
  f.violation = {j["invariant"].get<std::string>(), j["message"].get<std::string>()};
  f.checker = j["checker"].get<std::string>();
  f.step = j["step"].get<int>();
  f.decisions = j["decisions"].get<int>();
  return f;
}

// A compact value for a diff line.
std::string brief(const json& v) {
  std::string text = v.dump();
  return text.size() > 100 ? text.substr(0, 97) + "..." : text;
}

// One changed field of a step: "<who>: <op> <path>: <old> -> <new>".
struct Change {
  std::string who;   // "public", or "seat 1 Harkonnen"
  std::string path;  // JSON pointer into that view
  std::string line;
  // What a story follows: the view and the first three steps of the path (a seat's spice, a
  // board cell, a leader), so that "/board/cells/12/forces/0/normal" and ".../special" are one.
  std::string topic() const {
    std::size_t at = 0;
    for (int depth = 0; depth < 3 && at != std::string::npos; ++depth) at = path.find('/', at + 1);
    return who + " " + path.substr(0, at);
  }
};

void diff(std::vector<Change>& out, std::string_view who, const json& before, const json& after) {
  for (const json& op : json::diff(before, after)) {
    const std::string path = op["path"].get<std::string>();
    const std::string kind = op["op"].get<std::string>();
    const json::json_pointer at(path);
    const std::string old_value = kind != "add" && before.contains(at) ? brief(before.at(at)) : "-";
    const std::string new_value = op.contains("value") ? brief(op["value"]) : "-";
    out.push_back(Change{std::string(who), path, fmt::format("{}: {} {}: {} -> {}", who, kind, path, old_value, new_value)});
  }
}

// A seat's own part of its view; the legal command list is left out (it changes every step and
// runs to thousands of moves).
json own_part(const GameState& s, Seat seat) {
  json v = view_to_json(project_seat(s, seat))["you"];
  v.erase("legal_commands");
  return v;
}

// One step of a replayed game: what happened and what it changed in the public view and in each
// seat's own part of its view.
struct StoryStep {
  int index = 0;
  std::string headline;             // generators::describe
  std::string place;                // after the step: "setup", or "turn 2, Bidding"
  bool is_command = false;
  std::optional<Choice> choice;     // a decision's normalised choice (RunResult::choices)
  std::vector<Change> changes;
};

StoryStep story_step(const invariants::Transition& t) {
  const std::string place = t.after.turn == 0 ? "setup" : fmt::format("turn {}, {}", t.after.turn, to_string(t.after.phase));
  StoryStep step{t.index, generators::describe(t.before, t.entry), place, std::holds_alternative<Envelope>(t.entry), std::nullopt, {}};
  if (&t.before == &t.after) return step;  // setup steps resolved inside new_game: no before state
  diff(step.changes, "public", view_to_json(project_public(t.before)), view_to_json(project_public(t.after)));
  for (std::size_t i = 0; i < t.after.seat_count(); ++i) {
    const Seat seat{static_cast<std::uint8_t>(i)};
    diff(step.changes, fmt::format("seat {} {}", i, to_string(t.after.faction_of(seat))), own_part(t.before, seat),
         own_part(t.after, seat));
  }
  return step;
}

void print_all(std::ostream& out, const std::vector<StoryStep>& steps) {
  for (const StoryStep& s : steps) {
    out << fmt::format("step {}: {}\n", s.index, s.headline);
    for (const Change& c : s.changes) out << "    " << c.line << "\n";
  }
}

// The story of a failing game: every decision that is not the default choice, every step that
// changes something the violating step changes (a seat's spice, a cell, a leader: Change::topic),
// and the violating step whole; runs of other steps fold into one line. Without a violation, the
// non-default decisions only.
// The public version, the awaited seats, the step, the pending chance step and the phase progress
// change at nearly every step: they are no topic to follow. A change of turn or phase is printed
// as a heading, so the folded runs keep their place.
void print_story(std::ostream& out, const std::vector<StoryStep>& steps, std::optional<int> violation_step,
                 const std::string& violation_message) {
  const auto bookkeeping = [](const Change& c) {
    if (c.who != "public") return false;
    for (std::string_view p : {"/version", "/pending", "/step", "/phase", "/turn", "/chance", "/progress"}) {
      if (c.path == p || c.path.starts_with(std::string(p) + "/")) return true;
    }
    return false;
  };
  // A secret the message names: a change of a seat's own view, the seat named in the message
  // and its field too ("holding the Nexus card" names /nexus_card of that seat).
  const auto lower = [](std::string text) {
    std::ranges::transform(text, text.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
    return text;
  };
  const std::string message = lower(violation_message);
  const auto named = [&](const Change& c) {
    if (c.who == "public" || message.empty()) return false;
    const std::string who = lower(c.who.substr(c.who.find(' ', 5) + 1));
    std::string key = c.path.substr(1, c.path.find('/', 1) - 1);
    std::ranges::replace(key, '_', ' ');
    return message.find(who) != std::string::npos && message.find(key) != std::string::npos;
  };
  std::set<std::string> topics;
  for (const StoryStep& s : steps) {
    if (violation_step && s.index == *violation_step) {
      for (const Change& c : s.changes) {
        if (!bookkeeping(c)) topics.insert(c.topic());
      }
    }
  }
  std::string place;  // "turn 2, Bidding": where the last heading left the reader
  std::size_t folded = 0;
  const auto flush = [&] {
    if (folded > 0) out << fmt::format("  ... {} step{}\n", folded, folded == 1 ? "" : "s");
    folded = 0;
  };
  for (const StoryStep& s : steps) {
    if (s.place != place) {
      flush();
      place = s.place;
      out << "-- " << place << "\n";
    }
    const bool violating = violation_step && s.index == *violation_step;
    std::vector<const Change*> shown;
    for (const Change& c : s.changes) {
      if (violating ? !bookkeeping(c) : topics.contains(c.topic()) || named(c)) shown.push_back(&c);
    }
    const bool chosen = s.choice && *s.choice != 0;
    if (!violating && !chosen && shown.empty()) {
      ++folded;
      continue;
    }
    flush();
    out << fmt::format("step {}: {}{}{}\n", s.index, s.headline, chosen ? fmt::format("  [choice {}]", *s.choice) : "",
                       violating ? "  <- the violation" : "");
    for (const Change* c : shown) out << "    " << c->line << "\n";
  }
  flush();
}

}  // namespace

namespace {

json start_to_json(const StagedStart& s) {
  return {{"scope", s.scope}, {"state", state_to_json(s.state)}, {"unchecked", s.unchecked}};
}

std::variant<StagedStart, std::string> start_from_json(const json& j) {
  if (!j.is_object() || !j.contains("scope") || !j["scope"].is_string()) return std::string("start: missing \"scope\" (a string)");
  if (!j.contains("state")) return std::string("start: missing \"state\" (a snapshot's content)");
  auto state = state_from_json(j["state"]);
  if (auto* e = std::get_if<LoadError>(&state)) return fmt::format("start: state: {}", e->message);
  StagedStart s{j["scope"].get<std::string>(), std::get<GameState>(std::move(state)), {}};
  if (j.contains("unchecked")) {
    if (!j["unchecked"].is_array()) return std::string("start: \"unchecked\" is not an array");
    for (const json& x : j["unchecked"]) {
      if (!x.is_string()) return fmt::format("start: unchecked: {} is not a checker name", x.dump());
      s.unchecked.push_back(x.get<std::string>());
    }
  }
  return s;
}

// The optional fields a bounded exploration writes (since format version 2).
std::optional<std::string> explored_from_json(const json& j, Counterexample& c) {
  if (j.contains("start") && !j["start"].is_null()) {
    auto start = start_from_json(j["start"]);
    if (auto* e = std::get_if<std::string>(&start)) return *e;
    c.start = std::get<StagedStart>(std::move(start));
  }
  if (j.contains("chance")) {
    if (!j["chance"].is_array()) return std::string("\"chance\" is not an array");
    for (const json& x : j["chance"]) {
      if (!x.is_number_unsigned() || x.get<std::uint64_t>() > UINT8_MAX) return fmt::format("chance: {} is not an outcome", x.dump());
      c.chance.push_back(x.get<std::uint8_t>());
    }
  }
  if (j.contains("every_step") && j["every_step"].is_boolean()) c.every_step = j["every_step"].get<bool>();
  return std::nullopt;
}

}  // namespace

json counterexample_to_json(const Counterexample& c) {
  json out = {{"format", std::string(kCounterexampleFormat)},
          {"version", kCounterexampleVersion},
          {"spec", generators::spec_to_json(c.spec)},
          {"spec_text", generators::to_string(c.spec)},
          {"choices", c.choices},
          {"violation", c.violation ? found_to_json(*c.violation) : json(nullptr)},
          {"seed", c.spec.seed},
          {"rapidcheck", c.rapidcheck},
          {"note", c.note}};
  if (c.start) out["start"] = start_to_json(*c.start);
  if (!c.chance.empty()) out["chance"] = c.chance;
  if (c.every_step) out["every_step"] = true;
  if (!c.mutant.empty()) out["mutant"] = c.mutant;
  return out;
}

bool is_counterexample(const json& j) {
  return j.is_object() && j.contains("format") && j["format"].is_string() &&
         j["format"].get<std::string>() == kCounterexampleFormat;
}

std::variant<Counterexample, std::string> counterexample_from_json(const json& j) {
  if (!is_counterexample(j)) return fmt::format("not a counterexample: \"format\" is not \"{}\"", kCounterexampleFormat);
  Counterexample c;
  if (!j.contains("version") || !j["version"].is_number_integer()) return std::string("missing \"version\" (a whole number)");
  if (const auto v = j["version"].get<std::int64_t>(); v != static_cast<std::int64_t>(kCounterexampleVersion)) {
    return fmt::format("version {}: this build reads counterexample version {} only; version 5 split the card set "
                       "e1_others in e1_battle and e1_harvester_thumper, version 4 added the options' card sets, and before version 3 a choice ranked the commands in the engine's listing order, so an "
                       "older file would replay a different game (find it again with the command in its \"note\")",
                       v, kCounterexampleVersion);
  }
  if (!j.contains("spec")) return std::string("missing \"spec\"");
  auto spec = generators::spec_from_json(j["spec"]);
  if (auto* e = std::get_if<std::string>(&spec)) return *e;
  c.spec = std::get<GameSpec>(std::move(spec));
  if (!j.contains("choices") || !j["choices"].is_array()) return std::string("missing \"choices\" (an array)");
  for (const json& x : j["choices"]) {
    if (!x.is_number_unsigned() || x.get<std::uint64_t>() > UINT32_MAX) return fmt::format("choices: {} is not an index", x.dump());
    c.choices.push_back(x.get<Choice>());
  }
  if (j.contains("violation") && !j["violation"].is_null()) {
    auto found = found_from_json(j["violation"]);
    if (auto* e = std::get_if<std::string>(&found)) return *e;
    c.violation = std::get<Found>(std::move(found));
  }
  if (auto error = explored_from_json(j, c)) return *error;
  if (j.contains("rapidcheck") && j["rapidcheck"].is_string()) c.rapidcheck = j["rapidcheck"].get<std::string>();
  if (j.contains("note") && j["note"].is_string()) c.note = j["note"].get<std::string>();
  if (j.contains("mutant")) {  // a failure found with an engine mutant on replays only with it on
    if (!j["mutant"].is_string() || !find_mutant(j["mutant"].get<std::string>())) {
      return fmt::format("mutant: {} is not a mutant of the catalogue (see `dunecheck mutants`)", j["mutant"].dump());
    }
    c.mutant = j["mutant"].get<std::string>();
  }
  return c;
}

Written write_counterexample(const Counterexample& c, std::string_view name) {
  const char* dir = std::getenv("DUNE_COUNTEREXAMPLE_DIR");
  const std::filesystem::path folder = dir && *dir ? std::filesystem::path(dir) : std::filesystem::current_path();
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  const std::filesystem::path path = folder / fmt::format("{}.replay.json", name);
  std::ofstream file(path, std::ios::binary);
  file << counterexample_to_json(c).dump(2) << "\n";
  if (!file) return {path.string(), fmt::format("cannot write {}", path.string())};
  return {path.string(), ""};
}

RunResult run_counterexample(const Counterexample& c, const StepHook& on_step) {
  RunConfig config;
  config.prefix = c.choices;
  config.extend = false;
  config.chance = c.chance;
  config.every_step = c.every_step;
  std::vector<invariants::Checker> checkers;
  if (c.start) {
    config.start = &c.start->state;
    for (const invariants::Checker& k : invariants::all_checkers()) {
      if (std::find(c.start->unchecked.begin(), c.start->unchecked.end(), k.name) == c.start->unchecked.end()) checkers.push_back(k);
    }
    config.checkers = checkers;
  }
  config.on_step = on_step;
  const auto mutant = find_mutant(c.mutant);  // checked when the file was read
  const ScopedMutant active(mutant ? mutant->id : Mutant::None);
  return run_game(c.spec, config);
}

namespace {

// Replays the game and prints its steps: the story, or every step.
RunResult tell(const Counterexample& c, std::ostream& out, bool all) {
  std::vector<StoryStep> steps;
  RunResult r = run_counterexample(c, [&](const invariants::Transition& t) { steps.push_back(story_step(t)); });
  std::size_t decision = 0;  // each command of the log is one decision, in order (runner.cpp)
  for (StoryStep& s : steps) {
    if (s.is_command && decision < r.choices.size()) s.choice = r.choices[decision++];
  }
  if (all) {
    print_all(out, steps);
  } else {
    print_story(out, steps, r.violation ? std::optional(r.violation->step) : std::nullopt,
                r.violation ? r.violation->violation.message : std::string());
  }
  return r;
}

}  // namespace

std::vector<std::string> story_of(const Counterexample& c) {
  std::ostringstream out;
  const RunResult r = tell(c, out, false);
  std::vector<std::string> lines;
  std::istringstream in(out.str());
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  if (r.violation) {
    lines.push_back(fmt::format("violated at step {}: {} ({}): {}", r.violation->step, r.violation->violation.invariant,
                                r.violation->checker, r.violation->violation.message));
  }
  return lines;
}

RunResult replay_counterexample(const Counterexample& c, std::ostream& out, bool all) {
  out << "game: " << generators::to_string(c.spec) << "\n";
  if (!c.note.empty()) out << "note: " << c.note << "\n";
  out << fmt::format("{} decisions, {} not the default choice (index 0)\n", c.choices.size(), non_default_decisions(c.choices));
  if (c.start) {
    out << fmt::format("start: {} (turn {}, {}), steps count from it\n", c.start->scope, c.start->state.turn,
                       to_string(c.start->state.step));
  }
  if (const auto mutant = find_mutant(c.mutant)) {
    out << fmt::format("engine mutant switched on: {} ({})\n", mutant->name, mutant->description);
  }
  out << (all ? "every step:\n"
              : "its story: the decisions that are not the default choice, the steps that change what the violating "
                "step changes, and the violating step; \"... n steps\" folds the others (--all prints every step)\n");
  RunResult r = tell(c, out, all);
  if (!r.final_state.halted.empty()) out << "the game stopped: " << r.final_state.halted << "\n";
  out << fmt::format("{} steps, {} of {} choices replayed\n", r.steps, r.decisions, c.choices.size());
  return r;
}

std::optional<int> replay_if_counterexample(const json& j, const std::string& path, std::ostream& out,
                                            std::ostream& err, bool all) {
  if (!is_counterexample(j)) return std::nullopt;
  auto parsed = counterexample_from_json(j);
  if (auto* e = std::get_if<std::string>(&parsed)) {
    err << path << ": " << *e << "\n";
    return 3;
  }
  const Counterexample& c = std::get<Counterexample>(parsed);
  if (!kMutantsBuilt && !c.mutant.empty()) {  // replaying without the mutant would prove nothing
    err << fmt::format("{}: the failure needs the engine mutant {}, but {}\n", path, c.mutant, kNoMutantsMessage);
    return 2;
  }
  const RunResult r = replay_counterexample(c, out, all);
  if (r.violation) {
    err << fmt::format("VIOLATION at step {} (after {} decisions): {} (checker {}): {}\n", r.violation->step,
                       r.violation->decisions, r.violation->violation.invariant, r.violation->checker,
                       r.violation->violation.message);
    return 1;
  }
  if (!r.engine_bug.empty()) {
    err << "engine bug: " << r.engine_bug << "\n";
    return 1;
  }
  if (c.violation) out << fmt::format("the recorded violation ({}) no longer reproduces\n", c.violation->violation.invariant);
  out << "no violation\n";
  return 0;
}

}  // namespace dune::harness

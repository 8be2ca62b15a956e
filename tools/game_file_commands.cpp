// `dunecheck view`, `replay`, `scenario run` and `scenario new`: saved games, event logs and scenario files
// (issue "Projections, knowledge, persistence and scenario files"). Exit codes (tools/commands.h):
// 0 success, 1 a check failed, 2 bad usage, 3 unreadable input.
#include <charconv>
#include <filesystem>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "engine/mutants.h"
#include "engine/projection.h"
#include "harness/mutants.h"
#include "harness/replay_file.h"
#include "io/persistence.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "model/cards.h"
#include "model/factions.h"
#include "tools/commands.h"
#include "tools/file_io.h"

namespace dune::cli {
namespace {

[[noreturn]] void exit_with(int code, const std::string& message) {
  std::cerr << message << "\n";
  throw CLI::RuntimeError(code);
}

// A seat by number or faction name ("Atreides", "atreides", "Bene Gesserit", "BeneGesserit").
Seat parse_seat(const GameState& s, const std::string& text) {
  if (!text.empty() && std::isdigit(static_cast<unsigned char>(text[0]))) {
    unsigned long n = 0;  // the whole text a number, no overflow, no trailing characters
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec == std::errc{} && end == text.data() + text.size() && n < s.seat_count()) return Seat{static_cast<std::uint8_t>(n)};
  } else if (auto f = json_io::enum_from_name<Faction>(text)) {
    if (auto seat = s.seat_of(*f)) return *seat;
  }
  exit_with(2, fmt::format("no seat \"{}\" at this table", text));
}

std::string factions(const GameState& s, const std::vector<Seat>& seats) {
  std::vector<std::string> names;
  for (Seat seat : seats) names.emplace_back(to_string(s.faction_of(seat)));
  return names.empty() ? "nobody" : fmt::format("{}", fmt::join(names, ", "));
}

std::string public_text(const GameState& s, const PublicView& v) {
  std::string out = fmt::format("turn {}, {} / {}, version {}\n", v.turn, to_string(v.phase), to_string(v.step), v.version);
  out += fmt::format("waiting for: {}{}\n", factions(s, v.pending), v.chance ? " (a chance step)" : "");
  out += fmt::format("storm sector {}; decks: Treachery {}, spice {}, traitors {}\n", v.board.storm_sector.value,
                     v.decks.treachery_deck, v.decks.spice_deck, v.decks.traitor_deck);
  for (const SeatPublicView& p : v.seats) {
    std::vector<std::string> revealed;  // the Tleilaxu's Face Dancers face up
    for (TraitorCardId c : p.revealed_dancers) revealed.push_back(traitor_name(c));
    out += fmt::format("  seat {} {}: {} cards, reserves {}+{}, Tanks {}+{}{}{}\n", p.seat.value, to_string(p.faction),
                       p.hand_size, p.reserves_normal.value, p.reserves_special.value, p.tanks_normal.value,
                       p.tanks_special.value, p.ally ? fmt::format(", allied with {}", to_string(*p.ally)) : "",
                       revealed.empty() ? "" : fmt::format(", Face Dancers revealed [{}]", fmt::join(revealed, ", ")));
  }
  for (const CellView& c : v.board.cells) {
    std::vector<std::string> parts;
    for (const ForcesView& f : c.forces) {
      parts.push_back(fmt::format("{} {}{}{}", to_string(f.faction), f.normal.value,
                                  f.special.value ? fmt::format("+{}*", f.special.value) : "", f.advisors ? " advisors" : ""));
    }
    if (c.spice.value) parts.push_back(fmt::format("spice {}", c.spice.value));
    out += fmt::format("  cell {} {}: {}\n", c.cell.value, to_string(cell_info(c.cell).territory), fmt::join(parts, "; "));
  }
  if (v.bidding.lots_on_table > 0) {
    out += fmt::format("bidding: lot {} of {}, high bid {}{}\n", v.bidding.lot + 1, v.bidding.lots_total, v.bidding.high_bid.value,
                       v.bidding.technology_used ? "; the Ixians used their Technology this phase" : "");
  }
  for (Faction f : v.winners) out += fmt::format("winner: {}\n", to_string(f));
  if (!v.halted.empty()) out += fmt::format("halted: {}\n", v.halted);
  return out;
}

std::string seat_text(const GameState& s, const SeatView& v) {
  std::string out = public_text(s, v.table);
  std::vector<std::string> hand, traitors, legal;
  for (TreacheryCardId c : v.hand) hand.emplace_back(card_type(c).name);
  for (TraitorCardId c : v.traitors) traitors.push_back(traitor_name(c));
  for (const Command& c : v.legal_commands) legal.push_back(to_string(c));
  // The Tleilaxu's cards in that zone are their Face Dancers (README rules status).
  out += fmt::format("you are seat {} ({}): spice {}, hand [{}], {} [{}]\n", v.seat.value, to_string(v.faction), v.spice.value,
                     fmt::join(hand, ", "), v.faction == Faction::Tleilaxu ? "Face Dancers" : "traitors", fmt::join(traitors, ", "));
  if (v.table.bidding.card_up_for_bid) out += fmt::format("card up for bid: {}\n", card_type(*v.table.bidding.card_up_for_bid).name);
  if (v.table.bidding.technology_offer) {
    out += fmt::format("offered for the last lot (Technology, awaiting the Betrayal window): {}\n", card_type(*v.table.bidding.technology_offer).name);
  }
  out += fmt::format("legal commands: {}\n", legal.empty() ? "none" : fmt::format("{}", fmt::join(legal, "; ")));
  return out;
}

// Prints the public view, or one seat's view.
void print_view(const GameState& s, const std::optional<std::string>& seat, bool as_json) {
  if (seat) {
    const SeatView v = project_seat(s, parse_seat(s, *seat));
    std::cout << (as_json ? view_to_json(v).dump(2) + "\n" : seat_text(s, v));
  } else {
    const PublicView v = project_public(s);
    std::cout << (as_json ? view_to_json(v).dump(2) + "\n" : public_text(s, v));
  }
}

struct ViewArgs {
  std::string file;
  std::string seat;
  bool public_view = false;
  bool json = false;
};

void add_view(CLI::App& app) {
  auto args = std::make_shared<ViewArgs>();
  auto* cmd = app.add_subcommand("view", "Print the public view or one seat's view of a saved game");
  cmd->add_option("file", args->file, "A snapshot written by --save")->required();
  auto* seat = cmd->add_option("--seat", args->seat, "The seat (number or faction) whose view to print");
  auto* pub = cmd->add_flag("--public", args->public_view, "Print the public view");
  seat->excludes(pub);
  cmd->add_flag("--json", args->json, "Print the view as JSON");
  cmd->callback([args, seat] {
    auto loaded = load_snapshot(read_text_file(args->file));
    if (auto* e = std::get_if<LoadError>(&loaded)) exit_with(3, fmt::format("{}: {}", args->file, e->message));
    if (!args->public_view && seat->count() == 0) exit_with(2, "view: give --seat S or --public");
    print_view(std::get<GameState>(loaded), seat->count() ? std::optional(args->seat) : std::nullopt, args->json);
  });
}

// Replays a log file (or the log inside a snapshot) and checks it reaches the recorded state.
// A game file (event log, snapshot, counterexample), read and parsed once; its kind is its parsed
// "format" field, never a substring of its text. Unreadable, oversized or not JSON: exit 3.
struct GameFile {
  nlohmann::json doc;
  std::string format;  // "" when the document has no string "format"
};
GameFile read_game_file(const std::string& path) {
  const std::string text = read_text_file(path);
  if (auto e = json_text_out_of_bounds(text)) exit_with(3, fmt::format("{}: {}", path, e->message));
  GameFile f{nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false), ""};
  if (f.doc.is_discarded()) exit_with(3, fmt::format("{}: not valid JSON (a truncated or damaged file?)", path));
  if (f.doc.is_object() && f.doc.contains("format") && f.doc["format"].is_string()) f.format = f.doc["format"].get<std::string>();
  return f;
}

void add_replay(CLI::App& app) {
  auto file = std::make_shared<std::string>();
  auto all = std::make_shared<bool>(false);
  auto* cmd = app.add_subcommand("replay", "Replay an event log and verify it reaches the recorded state");
  cmd->add_option("file", *file, "A log (--save-log), a snapshot (--save) or a counterexample")->required();
  cmd->add_flag("--all", *all, "A counterexample: print every step and its whole diff, not only its story");
  cmd->callback([file, all] {
    const GameFile f = read_game_file(*file);
    if (auto code = harness::replay_if_counterexample(f.doc, *file, std::cout, std::cerr, *all)) {  // issue 7 item 5
      if (*code != 0) throw CLI::RuntimeError(*code);
      return;
    }
    Options options;
    std::vector<LogEntry> entries;
    std::string expected;
    if (f.format == "dunecheck-log") {
      auto loaded = load_log_document(f.doc);
      if (auto* e = std::get_if<LoadError>(&loaded)) exit_with(3, fmt::format("{}: {}", *file, e->message));
      EventLog& log = std::get<EventLog>(loaded);
      options = log.options, entries = log.entries, expected = log.final_digest;
    } else {
      auto loaded = load_snapshot_document(f.doc);
      if (auto* e = std::get_if<LoadError>(&loaded)) exit_with(3, fmt::format("{}: {}", *file, e->message));
      const GameState& s = std::get<GameState>(loaded);
      options = s.options, entries = s.log.to_vector(), expected = digest_of(state_to_json(s));
    }
    auto replayed = replay(options, entries);
    if (auto* e = std::get_if<LoadError>(&replayed)) exit_with(1, e->message);
    const std::string reached = digest_of(state_to_json(std::get<GameState>(replayed)));
    if (reached != expected) {
      exit_with(1, fmt::format("replay reached a different state: {} instead of {}", reached, expected));
    }
    std::cout << fmt::format("replayed {} log entries: same state ({})\n", entries.size(), reached);
  });
}

struct ScenarioArgs {
  std::string file, seat, save, save_log, mutant;
  bool json = false;
};

// A game a replay file records, and how the scenario written from it says it was made.
struct Recorded {
  RecordedGame game;
  std::string name, note;
  std::string digest;  // the state an event log or a snapshot says it reaches (empty: not recorded)
  std::string mutant;  // the engine mutant a counterexample was found with
};

Recorded from_counterexample(const nlohmann::json& doc, const std::string& path, const std::string& file) {
  auto parsed = harness::counterexample_from_json(doc);
  if (auto* e = std::get_if<std::string>(&parsed)) exit_with(3, fmt::format("{}: {}", path, *e));
  const harness::Counterexample& c = std::get<harness::Counterexample>(parsed);
  if (!kMutantsBuilt && !c.mutant.empty()) {  // as `replay`: without the mutant it is another game
    exit_with(2, fmt::format("{}: the failure needs the engine mutant {}, but {}", path, c.mutant, harness::kNoMutantsMessage));
  }
  const harness::RunResult run = harness::run_counterexample(c);
  Recorded r{{c.spec.options, std::nullopt, run.final_state.log.to_vector()}, "from " + file, "", "", c.mutant};
  std::vector<std::string> note{fmt::format("Written by `dunecheck scenario new` from the counterexample {}.", path)};
  if (c.start) {
    r.game.start = c.start->state;
    note.push_back(fmt::format("It starts at the staged state of {} (turn {}, {}).", c.start->scope, c.start->state.turn,
                               to_string(c.start->state.step)));
  }
  if (run.violation) {
    r.name += fmt::format(": {} at step {}", run.violation->violation.invariant, run.violation->step);
    note.push_back(fmt::format("It violates {} (checker {}) at step {}: {}.", run.violation->violation.invariant,
                               run.violation->checker, run.violation->step, run.violation->violation.message));
  } else if (c.violation) {
    note.push_back(fmt::format("Its recorded violation ({}) no longer reproduces.", c.violation->violation.invariant));
  }
  if (!run.engine_bug.empty()) note.push_back(fmt::format("The runner stopped it: {}.", run.engine_bug));
  if (!c.mutant.empty()) {
    note.push_back(fmt::format("It was found with the engine mutant {} switched on; a scenario cannot switch mutants "
                               "on, so this one replays its commands against the engine as built and pins where "
                               "they lead there.", c.mutant));
  }
  if (!c.note.empty()) note.push_back(fmt::format("Its own note: \"{}\".", c.note));
  r.note = fmt::format("{}", fmt::join(note, " "));
  return r;
}

// An event log, a snapshot (its log) or a counterexample, told apart by the "format" field.
Recorded read_recorded(const std::string& path) {
  const GameFile f = read_game_file(path);
  const std::string file = std::filesystem::path(path).filename().string();
  if (harness::is_counterexample(f.doc)) return from_counterexample(f.doc, path, file);
  const std::string made = "Written by `dunecheck scenario new` from the";
  if (f.format == "dunecheck-log") {
    auto loaded = load_log_document(f.doc);
    if (auto* e = std::get_if<LoadError>(&loaded)) exit_with(3, fmt::format("{}: {}", path, e->message));
    EventLog& log = std::get<EventLog>(loaded);
    return {{log.options, std::nullopt, log.entries}, "from " + file, fmt::format("{} event log {}.", made, path), log.final_digest, ""};
  }
  if (f.format == "dunecheck-snapshot") {
    auto loaded = load_snapshot_document(f.doc);
    if (auto* e = std::get_if<LoadError>(&loaded)) exit_with(3, fmt::format("{}: {}", path, e->message));
    const GameState& s = std::get<GameState>(loaded);
    return {{s.options, std::nullopt, s.log.to_vector()}, "from " + file, fmt::format("{} log of the snapshot {}.", made, path),
            digest_of(state_to_json(s)), ""};
  }
  exit_with(3, fmt::format("{}: unknown format {}: expected an event log, a snapshot or a counterexample", path,
                           f.doc.is_object() && f.doc.contains("format") ? f.doc["format"].dump() : "(none)"));
}

void add_scenario_new(CLI::App& group) {
  struct Args {
    std::string file, from;
    bool force = false;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = group.add_subcommand("new", "Write a scenario that replays a log, snapshot or counterexample");
  cmd->add_option("file", args->file, "The scenario to write")->required();
  cmd->add_option("--from", args->from, "An event log, snapshot or counterexample file")->required();
  cmd->add_flag("--force", args->force, "Overwrite FILE if it exists");
  cmd->callback([args] {
    if (!args->force && std::filesystem::exists(args->file)) exit_with(3, fmt::format("{} exists: give --force to overwrite it", args->file));
    const Recorded recorded = read_recorded(args->from);
    // The scenario runs against the engine as built, so its log is replayed without the mutant.
    auto written = scenario_from_game(recorded.game, recorded.name, recorded.note);
    if (auto* e = std::get_if<LoadError>(&written)) {
      exit_with(3, fmt::format("{}: {}{}", args->from, e->message,
                               recorded.mutant.empty() ? "" : fmt::format(" (the game was played with the engine mutant {} on)", recorded.mutant)));
    }
    const WrittenScenario& w = std::get<WrittenScenario>(written);
    const std::string reached = digest_of(state_to_json(w.reached));
    if (!recorded.digest.empty() && reached != recorded.digest) {
      exit_with(3, fmt::format("{}: the log replays to a different state ({}) than the file records ({})", args->from,
                               reached, recorded.digest));
    }
    write_text_file(args->file, scenario_text(w.scenario));
    std::cout << fmt::format("wrote {}: {} steps, {} staged chance outcomes\n", args->file, w.scenario["steps"].size(),
                             w.scenario["chance"].size());
  });
}

void add_scenario(CLI::App& app) {
  auto* group = app.add_subcommand("scenario", "Scenario files: pinned games with expectations");
  group->require_subcommand(1);
  add_scenario_new(*group);
  auto args = std::make_shared<ScenarioArgs>();
  auto* cmd = group->add_subcommand("run", "Play a scenario file and check its expectations");
  cmd->add_option("file", args->file, "The scenario (JSON)")->required();
  auto* seat = cmd->add_option("--seat", args->seat, "Also print this seat's final view");
  cmd->add_flag("--json", args->json, "Print the log, views and result as one JSON document");
  cmd->add_option("--save", args->save, "Write the final state as a snapshot");
  cmd->add_option("--save-log", args->save_log, "Write the event log");
  cmd->add_option("--mutant", args->mutant,
                  "Play it with this engine mutant on (`dunecheck mutants`): shows the fixture catches that bug");
  cmd->callback([args, seat] {
    std::optional<ScopedMutant> mutant;
    if (!args->mutant.empty()) {
      const auto m = harness::find_mutant(args->mutant);
      if (!m) exit_with(2, fmt::format("--mutant: unknown mutant '{}' (`dunecheck mutants` lists them)", args->mutant));
      if (!kMutantsBuilt) exit_with(2, "--mutant: this build has no mutants (the CMake option DUNE_MUTANTS is off)");
      mutant.emplace(m->id);
    }
    auto parsed = parse_scenario(read_text_file(args->file), std::filesystem::path(args->file).parent_path());
    if (auto* e = std::get_if<LoadError>(&parsed)) exit_with(3, fmt::format("{}: {}", args->file, e->message));
    const Scenario& scenario = std::get<Scenario>(parsed);
    const ScenarioRun run = run_scenario(scenario);
    const GameState& s = run.final_state;
    if (!args->save.empty()) write_text_file(args->save, save_snapshot(s));
    if (!args->save_log.empty()) write_text_file(args->save_log, save_log(s));
    const bool with_seat = seat->count() > 0;  // (a plain flag: GCC 12 misreads an optional<Seat> here)
    const Seat who = with_seat ? parse_seat(s, args->seat) : Seat{};
    if (args->json) {
      nlohmann::json out{{"scenario", scenario.name}, {"log", run.log}, {"failures", run.failures},
                         {"passed", run.failures.empty()}, {"public_view", view_to_json(project_public(s))}};
      if (with_seat) out["seat_view"] = view_to_json(project_seat(s, who));
      std::cout << out.dump(2) << "\n";
    } else {
      std::cout << "scenario: " << scenario.name << "\n";
      for (const std::string& line : run.log) std::cout << line << "\n";
      std::cout << "--- final public view\n" << public_text(s, project_public(s));
      if (with_seat) std::cout << "--- final view of seat " << int{who.value} << "\n" << seat_text(s, project_seat(s, who));
    }
    for (const std::string& failure : run.failures) std::cerr << "FAILED: " << failure << "\n";
    if (!run.failures.empty()) throw CLI::RuntimeError(1);
    if (!args->json) std::cout << "passed\n";
  });
}

}  // namespace

void add_game_file_commands(CLI::App& app) {
  add_view(app);
  add_replay(app);
  add_scenario(app);
}

}  // namespace dune::cli

// `dunecheck gate [--family F ... | --all] [--games N] [--seed S] [--time-budget T] [--jobs J]
//                 [--shard i/n] [--out DIR] [--record FILE] [--mutant NAME]` (issue 8 item 1).
// Runs the campaign (gate/gate_campaign.h), writes the report set (JSON, Markdown, HTML, JUnit) to
// DIR, and with --record updates the committed gate record the engine's family registry is built
// from (gate/gate_record.h). This file parses, reads and writes files, and prints; the gate
// decides. Exit 0 when every requested family passed, 1 when one failed (or fell short of coverage,
// or was asked for by name and is unavailable), 2 for bad usage, 3 for an unwritable output.
#include <fmt/format.h>
#include <unistd.h>

#include <charconv>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gate/gate_campaign.h"
#include "gate/gate_plan.h"
#include "gate/gate_record.h"
#include "harness/mutants.h"
#include "reports/report.h"
#include "reports/report_text.h"
#include "tools/commands.h"
#include "tools/file_io.h"

namespace dune::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct Args {
  std::vector<std::string> families;
  bool all = false;
  std::uint64_t games = gate::kDefaultGames;
  std::uint64_t seed = 1;
  std::string time_budget;
  int jobs = 0;
  std::string shard;
  std::string out = "reports/out";
  std::string record;
  std::string mutant;
  int shrink_seconds = 20;
  bool no_proofs = false;
};

[[noreturn]] void usage_error(const std::string& message) {
  std::cerr << "dunecheck gate: " << message << "\n";
  throw CLI::RuntimeError(2);
}

// "300", "300s", "5m", "1h".
std::chrono::seconds parse_duration(const std::string& text) {
  std::uint64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  const std::string_view unit(end, static_cast<std::size_t>(text.data() + text.size() - end));
  if (ec != std::errc{} || n == 0 || !(unit.empty() || unit == "s" || unit == "m" || unit == "h")) {
    usage_error(fmt::format("--time-budget '{}': expected a positive duration such as 300, 300s, 5m or 1h", text));
  }
  const std::uint64_t scale = unit == "h" ? 3600 : unit == "m" ? 60 : 1;
  return std::chrono::seconds(n * scale);
}

// "i/n" with 0 <= i < n (0-based, like a Kubernetes Indexed Job's index).
reports::Shard parse_shard(const std::string& text) {
  int i = -1;
  int n = 0;
  const auto slash = text.find('/');
  const bool ok = slash != std::string::npos &&
                  std::from_chars(text.data(), text.data() + slash, i).ptr == text.data() + slash &&
                  std::from_chars(text.data() + slash + 1, text.data() + text.size(), n).ptr == text.data() + text.size();
  if (!ok || n < 1 || i < 0 || i >= n) usage_error(fmt::format("--shard '{}': expected i/n with 0 <= i < n, e.g. 0/4", text));
  return {i, n};
}

gate::GateOptions options_from(const Args& args) {
  gate::GateOptions o;
  if (args.all && !args.families.empty()) usage_error("--all and --family exclude each other");
  if (args.families.empty()) {
    o.families.assign(kAllFactions.begin(), kAllFactions.end());
  }
  for (const std::string& name : args.families) {
    const auto f = gate::family_named(name);
    if (!f) usage_error(fmt::format("--family '{}' is not a Nexus family (the twelve factions: `dunecheck catalogue`)", name));
    if (std::ranges::find(o.families, *f) == o.families.end()) o.families.push_back(*f);
  }
  if (args.games == 0) usage_error("--games must be at least 1");
  o.games = args.games;
  o.seed = args.seed;
  if (!args.time_budget.empty()) o.time_budget = parse_duration(args.time_budget);
  o.jobs = jobs_or_every_core(args.jobs);
  if (!args.shard.empty()) o.shard = parse_shard(args.shard);
  o.out_dir = args.out;
  if (!args.mutant.empty()) {
    if (!kMutantsBuilt) usage_error(fmt::format("--mutant '{}': {}", args.mutant, harness::kNoMutantsMessage));
    const auto m = harness::find_mutant(args.mutant);
    if (!m) usage_error(fmt::format("--mutant '{}' is not in the catalogue (see `dunecheck mutants`)", args.mutant));
    o.mutant = m->id;
  }
  o.shrink_budget = std::chrono::seconds(args.shrink_seconds);
  o.proofs = !args.no_proofs;
  if (!args.record.empty()) {
    if (auto refusal = gate::record_refusal(o)) usage_error(*refusal);
  }
  return o;
}

// Progress: a bar redrawn in place on a terminal, plain lines every 10 s otherwise.
class ProgressPrinter {
 public:
  ProgressPrinter() : tty_(isatty(fileno(stderr)) != 0) {}

  void operator()(const gate::Progress& p) {
    const auto now = Clock::now();
    const bool last = p.done == p.planned;
    if (!last && now - shown_ < (tty_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(10'000))) return;
    shown_ = now;
    const double rate = p.seconds > 0 ? static_cast<double>(p.done) / p.seconds : 0;
    const double eta = rate > 0 ? static_cast<double>(p.planned - p.done) / rate : 0;
    const std::string facts = fmt::format("{}/{} games  {:.2f} games/s  ETA {:.0f} s  {} violation{}  [{}]", p.done, p.planned,
                                          rate, eta, p.violations, p.violations == 1 ? "" : "s", p.family);
    if (!tty_) {
      std::cerr << "gate: " << facts << "\n";
      return;
    }
    constexpr int kWidth = 30;
    const int filled = p.planned ? static_cast<int>(kWidth * p.done / p.planned) : kWidth;
    std::cerr << "\r[" << std::string(static_cast<std::size_t>(filled), '#') << std::string(static_cast<std::size_t>(kWidth - filled), '.')
              << "] " << facts << "\x1b[K" << (last ? "\n" : "") << std::flush;
  }

 private:
  bool tty_;
  Clock::time_point shown_{};
};

// The gate record (model/nexus_gate_record.json) after the campaign (gate::updated_record).
void update_record(const std::string& path, const reports::CampaignResult& r, const std::string& out, const Args& args) {
  const auto record = gate::updated_record(nlohmann::json::parse(read_text_file(path), nullptr, false), r, out, args.games, args.seed);
  if (!record) {
    std::cerr << "dunecheck gate: " << path << " is not a gate record (\"format\": \"" << gate::kRecordFormat << "\")\n";
    throw CLI::RuntimeError(3);
  }
  write_text_file(path, record->dump(2) + "\n");
  std::size_t panels = 0;
  for (const auto& f : (*record)["families"]) panels += f["panels"].size();
  std::cout << fmt::format("gate record {} updated ({} verified panel{} of {} famil{}); rebuild to take it into the engine\n", path,
                           panels, panels == 1 ? "" : "s", (*record)["families"].size(),
                           (*record)["families"].size() == 1 ? "y" : "ies");
}

void print_counterexamples(const reports::CampaignResult& r) {
  for (const reports::FamilyResult& f : r.families) {
    for (const reports::Counterexample& c : f.counterexamples) {
      std::cout << fmt::format("{}: game {}: {} ({}) at step {}, {}: {}\n  setup: {}\n  replay: {}\n", to_string(f.family),
                               c.game, c.invariant, c.invariant_family, c.step, c.shrink_summary(), c.message, c.setup,
                               c.replay_command());
    }
    for (const std::string& line : f.verdict.never_exercised) std::cout << fmt::format("{}: never exercised enough: {}\n", to_string(f.family), line);
    if (!f.verdict.suggestion.empty()) std::cout << fmt::format("{}: suggestion: {}\n", to_string(f.family), f.verdict.suggestion);
  }
}

// The --record file, read and checked before any game is played.
void check_record(const std::string& path) {
  const std::string text = read_text_file(path);
  if (auto e = json_text_out_of_bounds(text)) {
    std::cerr << "dunecheck gate: " << path << ": " << e->message << "\n";
    throw CLI::RuntimeError(3);
  }
  const auto record = nlohmann::json::parse(text, nullptr, false);
  if (auto problem = record.is_discarded() ? std::optional<std::string>{"not valid JSON"} : gate::record_problem(record)) {
    std::cerr << "dunecheck gate: " << path << " is not a gate record: " << *problem << "\n";
    throw CLI::RuntimeError(3);
  }
  if (!std::ofstream(path, std::ios::app)) {  // opened to append nothing: the record is rewritten at the end
    std::cerr << "dunecheck gate: " << path << ": the gate record cannot be written\n";
    throw CLI::RuntimeError(3);
  }
}

// The report directory, made and probed for writing before any game is played (issue 18 item 4):
// a campaign must not run for minutes and then fail to write its report.
void check_out_dir(std::string dir) {
  if (dir.empty()) dir = ".";
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  const std::filesystem::path probe = std::filesystem::path(dir) / ".dunecheck-write-probe";
  if (!ec && std::filesystem::is_directory(dir, ec)) {
    std::ofstream(probe) << "";
    if (std::filesystem::exists(probe, ec)) {
      std::filesystem::remove(probe, ec);
      return;
    }
  }
  std::cerr << fmt::format("dunecheck gate: --out {}: not a directory that can be written{}\n", dir,
                           ec ? " (" + ec.message() + ")" : "");
  throw CLI::RuntimeError(3);
}

void run(const Args& args) {
  const gate::GateOptions o = options_from(args);
  if (!args.record.empty()) check_record(args.record);
  check_out_dir(o.out_dir);
  if (o.mutant != Mutant::None) std::cerr << "gate: engine mutant switched on: " << args.mutant << "\n";
  ProgressPrinter printer;
  std::mutex print_mutex;
  const reports::CampaignResult r = gate::run_campaign(o, [&](const gate::Progress& p) {
    const std::scoped_lock lock(print_mutex);
    printer(p);
  });
  if (auto error = reports::write_report_set(r, o.out_dir)) {
    std::cerr << "dunecheck gate: " << *error << "\n";
    throw CLI::RuntimeError(3);
  }
  print_counterexamples(r);
  std::cout << reports::verdict_lines(r)
            << fmt::format("report {} written to {} (shard {}; {:.0f} s, {:.2f} games/s)\n", r.digest, o.out_dir,
                           reports::shard_label(r.params), r.timing.wall_seconds, r.timing.games_per_second);
  if (!args.record.empty()) update_record(args.record, r, o.out_dir, args);
  std::vector<Faction> named;
  for (const std::string& name : args.families) named.push_back(*gate::family_named(name));
  if (!gate::gate_passed(r, named)) throw CLI::RuntimeError(1);
}

}  // namespace

void add_gate_command(CLI::App& app) {
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("gate", "Run the Nexus family gate: random legal games with every invariant, coverage, reports");
  cmd->add_option("--family", args->families, "A family to run (repeatable; default: all twelve, unavailable ones listed as such)");
  cmd->add_flag("--all", args->all, "Every family (the default)");
  cmd->add_option("--games", args->games, fmt::format("Games per family, all shards together (default {})", gate::kDefaultGames));
  cmd->add_option("--seed", args->seed, "Campaign seed (default 1)");
  cmd->add_option("--time-budget", args->time_budget, "Stop starting games after this long: 300, 300s, 5m, 1h (default: none)");
  cmd->add_option("--jobs", args->jobs, "Worker threads (default: all cores)")->check(CLI::NonNegativeNumber);
  cmd->add_option("--shard", args->shard, "Run shard i of n (0-based): game g belongs to shard g mod n");
  cmd->add_option("--out", args->out, "Report directory (default reports/out)");
  cmd->add_option("--record", args->record, "Update this gate record with the verdicts (make gate: model/nexus_gate_record.json)");
  cmd->add_option("--mutant", args->mutant, "Switch on an engine mutant (see `dunecheck mutants`) to see the gate fail");
  cmd->add_option("--shrink-seconds", args->shrink_seconds, "Shrink budget per counterexample (default 20)")->check(CLI::Range(0, 600));
  cmd->add_flag("--no-proofs", args->no_proofs, "Skip the bounded proofs (proofs/explorer.h) of each family's scopes");
  cmd->callback([args] { run(*args); });
}

}  // namespace dune::cli

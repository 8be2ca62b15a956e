// `dunecheck play`: one game played by the random legal player, printed as a readable log.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "generators/random_player.h"
#include "io/persistence.h"
#include "tools/commands.h"
#include "tools/file_io.h"

namespace dune::cli {
namespace {

std::vector<Faction> parse_factions(const std::vector<std::string>& names) {
  if (names.empty()) return kBaseFactions;
  std::vector<Faction> out;
  for (const std::string& name : names) {
    const auto f = faction_from_string(name);
    if (!f) {
      std::cerr << fmt::format("dunecheck play: unknown faction '{}'\n", name);
      throw CLI::RuntimeError(2);
    }
    out.push_back(*f);
  }
  return out;
}

// --nexus: off or audit (released is refused with the engine's own reason).
NexusModuleMode parse_nexus(const std::string& name, const Options& options) {
  NexusModuleMode mode = NexusModuleMode::Off;
  if (name == "audit") mode = NexusModuleMode::Audit;
  else if (name == "released") mode = NexusModuleMode::Released;
  else if (name != "off") {
    std::cerr << fmt::format("dunecheck play: unknown Nexus mode '{}' (expected off, audit or released)\n", name);
    throw CLI::RuntimeError(2);
  }
  Options with = options;
  with.nexus = mode;
  if (auto game = new_game(with); auto* r = std::get_if<Rejection>(&game)) {
    std::cerr << fmt::format("dunecheck play: --nexus {}: {}\n", name, r->message);
    throw CLI::RuntimeError(2);
  }
  return mode;
}

std::string outcome_line(const GameState& s) {
  if (!s.winners.empty()) {
    std::string names;
    for (Faction f : s.winners) names += fmt::format("{}{}", names.empty() ? "" : ", ", to_string(f));
    return fmt::format("winners: {} (turn {})", names, s.turn);
  }
  if (!s.halted.empty()) return fmt::format("halted on turn {}: {}", s.turn, s.halted);
  return fmt::format("stopped after the decision limit on turn {}, no winner", s.turn);
}

}  // namespace

void add_play_command(CLI::App& app) {
  struct Args {
    std::uint64_t seed = 1;
    std::vector<std::string> factions;
    bool advanced = false;
    int max_decisions = 20000;
    int turn_limit = 10;
    std::string nexus = "off";
    std::string save, save_log;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("play", "Play one game with the random legal player and print its log");
  cmd->add_option("--seed", args->seed, "Seed of the decisions and the chance outcomes");
  cmd->add_option("--factions", args->factions, "Factions in seat order (default: the six base factions)")->delimiter(',');
  cmd->add_flag("--advanced", args->advanced, "Every Advanced rule on");
  cmd->add_option("--nexus", args->nexus, "Nexus card module: off (default) or audit");
  cmd->add_option("--turns", args->turn_limit, "Turn limit")->check(CLI::Range(1, 20));
  cmd->add_option("--max-decisions", args->max_decisions, "Stop after this many commands")->check(CLI::PositiveNumber);
  cmd->add_option("--save", args->save, "Write the final state as a snapshot (for `view`, `replay`)");
  cmd->add_option("--save-log", args->save_log, "Write the event log (for `replay`)");
  cmd->callback([args] {
    const auto factions = parse_factions(args->factions);
    Options options = args->advanced ? Options::advanced(factions) : Options::basic(factions);
    options.turn_limit = args->turn_limit;
    options.nexus = parse_nexus(args->nexus, options);
    int turn = -1;
    Phase phase = Phase::Storm;
    // The referee's log: every command and chance outcome in full, secrets included.
    std::cout << fmt::format("dunecheck play --seed {}: {} seats, {}{}\n", args->seed, factions.size(),
                             args->advanced ? "Advanced" : "Basic",
                             options.nexus == NexusModuleMode::Off ? "" : ", Nexus module (" + args->nexus + ")");
    const auto game = generators::play_random_game(
        options, args->seed, args->max_decisions,
        [&](const GameState& before, const LogEntry& entry, const GameState& after) {
          (void)after;
          if (before.turn != turn || (before.turn > 0 && before.phase != phase)) {
            turn = before.turn;
            phase = before.phase;
            std::cout << (turn == 0 ? std::string("== setup\n") : fmt::format("== turn {}: {}\n", turn, to_string(phase)));
          }
          std::cout << "  " << generators::describe(before, entry) << "\n";
        });
    std::cout << fmt::format("{} decisions, {} chance steps\n", game.decisions, game.chance_steps);
    std::cout << outcome_line(game.final_state) << "\n";
    if (!args->save.empty()) write_text_file(args->save, save_snapshot(game.final_state));
    if (!args->save_log.empty()) write_text_file(args->save_log, save_log(game.final_state));
    if (game.final_state.halted.find("engine bug") != std::string::npos) throw CLI::RuntimeError(1);
  });
}

}  // namespace dune::cli

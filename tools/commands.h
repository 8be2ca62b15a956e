// Each `dunecheck` subcommand registers itself with one function, in its own file. A subcommand
// reports failure by throwing CLI::RuntimeError(exit_code); exit codes: 0 success, 1 a check
// failed, 2 bad usage, 3 unreadable input.
#pragma once

#include <CLI/CLI.hpp>

#include <algorithm>
#include <thread>

namespace dune::cli {

void add_catalogue_command(CLI::App& app);  // catalogue_command.cpp
void add_play_command(CLI::App& app);       // play_command.cpp
void add_game_file_commands(CLI::App& app); // game_file_commands.cpp: view, replay, scenario
void add_bench_command(CLI::App& app);      // bench_command.cpp
void add_mutants_command(CLI::App& app);    // mutants_command.cpp
void add_report_command(CLI::App& app);     // report_command.cpp: report --merge
void add_explore_command(CLI::App& app);    // explore_command.cpp: bounded exhaustive exploration
void add_gate_command(CLI::App& app);       // gate_command.cpp: the Nexus family gate

// A `--jobs` value: the one given, or every core when it is 0 (gate and explore).
inline int jobs_or_every_core(int jobs) {
  return jobs > 0 ? jobs : static_cast<int>(std::max(1U, std::thread::hardware_concurrency()));
}

}  // namespace dune::cli

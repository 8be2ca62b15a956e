// dunecheck: the command line of the rules model and its property harness.
#include <CLI/CLI.hpp>

#include <string>

#include "tools/commands.h"

#ifndef DUNECHECK_VERSION
#define DUNECHECK_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
  CLI::App app{"dunecheck: a formally checked rules model of GF9 Dune with the E3 Nexus card module"};
  app.set_version_flag("--version", std::string("dunecheck ") + DUNECHECK_VERSION);
  app.require_subcommand(1);
  dune::cli::add_catalogue_command(app);
  dune::cli::add_play_command(app);
  dune::cli::add_game_file_commands(app);
  dune::cli::add_bench_command(app);
  dune::cli::add_mutants_command(app);
  dune::cli::add_report_command(app);
  dune::cli::add_explore_command(app);
  dune::cli::add_gate_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::RuntimeError& e) {
    return e.get_exit_code();
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // 2: bad usage
  }
  return 0;
}

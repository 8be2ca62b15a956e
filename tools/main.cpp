// dunecheck: the command line of the rules model and its property harness.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <iostream>
#include <string>
#include <vector>

#include "model/ids.h"
#include "tools/catalogue_command.h"

#ifndef DUNECHECK_VERSION
#define DUNECHECK_VERSION "0.0.0"
#endif

int main(int argc, char** argv) {
  CLI::App app{"dunecheck: a formally checked rules model of GF9 Dune with the E3 Nexus card module"};
  app.set_version_flag("--version", std::string("dunecheck ") + DUNECHECK_VERSION);
  app.require_subcommand(1);

  auto* catalogue = app.add_subcommand("catalogue", "Print the census of every component kind per expansion");
  bool json = false;
  std::vector<std::string> faction_names;
  catalogue->add_flag("--json", json, "Print JSON instead of text");
  catalogue->add_option("--factions", faction_names,
                        "Count for these factions only (default: the whole box), e.g. atreides,fremen")
      ->delimiter(',');

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e) == 0 ? 0 : 2;  // 2: bad usage
  }

  if (catalogue->parsed()) {
    dune::CatalogueOptions options = dune::CatalogueOptions::whole_box();
    if (!faction_names.empty()) {
      options.factions_in_play.fill(false);
      for (const std::string& name : faction_names) {
        const auto f = dune::faction_from_string(name);
        if (!f) {
          std::cerr << fmt::format("dunecheck catalogue: unknown faction '{}'\n", name);
          return 2;
        }
        options.factions_in_play[dune::index(*f)] = true;
      }
    }
    const auto c = dune::cli::catalogue_json(options);
    std::cout << (json ? c.dump(2) + "\n" : dune::cli::catalogue_text(c));
  }
  return 0;
}

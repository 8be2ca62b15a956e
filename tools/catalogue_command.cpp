#include "tools/catalogue_command.h"

#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <vector>

#include "model/ids.h"
#include "tools/commands.h"

#include <string>

#include "engine/nexus/family.h"
#include "model/board.h"
#include "model/cards.h"
#include "model/factions.h"
#include "model/nexus_panels.h"
#include "model/nexus_registry.h"
#include "model/phases.h"

namespace dune::cli {
namespace {

std::string expansion_key(Expansion e) {
  switch (e) {
    case Expansion::Base: return "base";
    case Expansion::IxiansTleilaxu: return "E1";
    case Expansion::ChoamRichese: return "E2";
    case Expansion::EcazMoritani: return "E3";
    case Expansion::NexusModule: return "nexus";
  }
  return "?";
}

nlohmann::json kinds_json(const CatalogueOptions& options) {
  nlohmann::json kinds = nlohmann::json::array();
  ComponentKinds::for_each([&](auto kind) {
    using K = typename decltype(kind)::type;
    const Census census = K::census(options);
    nlohmann::json by_expansion = nlohmann::json::object();
    for (Expansion e : kAllExpansions) {
      if (census.of(e) != 0) by_expansion[expansion_key(e)] = census.of(e);
    }
    nlohmann::json zones = nlohmann::json::array();
    for (std::string_view z : K::Zones::names) zones.push_back(std::string(z));
    kinds.push_back({{"kind", std::string(K::name)},
                     {"total", census.total()},
                     {"by_expansion", by_expansion},
                     {"zones", zones}});
  });
  return kinds;
}

nlohmann::json board_json() {
  // The printed map; E1's Hidden Mobile Stronghold is counted apart (a token, not a territory of the map).
  int strongholds = 0, rock = 0, sand = 0, polar = 0, hms = 0;
  for (const TerritoryInfo& t : kTerritories) {
    switch (t.type) {
      case TerritoryType::Stronghold: ++strongholds; break;
      case TerritoryType::Rock: ++rock; break;
      case TerritoryType::Sand: ++sand; break;
      case TerritoryType::PolarSink: ++polar; break;
      case TerritoryType::HiddenMobileStronghold: ++hms; break;
    }
  }
  return {{"territories", kMapTerritories.size()},
          {"strongholds", strongholds},
          {"rock", rock},
          {"sand", sand},
          {"polar_sink", polar},
          {"hidden_mobile_stronghold", hms},
          {"cells", kMapCells.size()},
          {"cell_adjacencies", kUndirectedCellLinkCount},
          {"territory_adjacencies", kTerritoryLinks.size()},
          {"spice_blow_sites", kSpiceBlowSites.size()},
          {"homeworlds", kHomeworlds.size()}};
}

nlohmann::json panels_json() {
  nlohmann::json panels = nlohmann::json::array();
  for (const NexusPanelInfo& p : kNexusPanels) {
    nlohmann::json windows = nlohmann::json::array();
    for (Phase ph : kTurnPhases) {
      if (p.windows.contains(ph)) windows.push_back(std::string(to_string(ph)));
    }
    const PanelStatus status = panel_status(p);
    nlohmann::json entry = {{"card", std::string(to_string(p.card))},
                            {"family", std::string(to_string(p.card))},
                            {"mode", std::string(to_string(p.mode))},
                            {"summary", std::string(p.summary)},
                            {"timing", std::string(p.timing)},
                            {"windows", windows},
                            {"status", std::string(to_string(status.kind))},
                            {"reason", std::string(status.reason)}};
    if (!p.open_question.empty()) entry["open_question"] = std::string(p.open_question);
    // What a registered family's panel does not offer, and why (engine/nexus/<family>.cpp).
    if (const NexusFamily* f = find_nexus_family(p.card)) {
      const std::string_view edges = f->panels[index(p.mode)].not_offered;
      if (!edges.empty()) entry["not_offered"] = std::string(edges);
    }
    panels.push_back(entry);
  }
  return panels;
}

}  // namespace

nlohmann::json catalogue_json(const CatalogueOptions& options) {
  nlohmann::json factions = nlohmann::json::array();
  for (Faction f : kAllFactions) {
    if (options.in_play(f)) factions.push_back(std::string(to_string(f)));
  }
  return {{"factions", factions},
          {"kinds", kinds_json(options)},
          {"board", board_json()},
          {"leaders", kLeaders.size()},
          {"phases", kTurnPhases.size()},
          {"nexus_panels", panels_json()}};
}

std::string catalogue_text(const nlohmann::json& c) {
  std::string out = fmt::format("{:<24} {:>6}  {}\n", "component kind", "total", "by expansion");
  for (const auto& k : c["kinds"]) {
    std::string parts;
    for (const auto& [e, n] : k["by_expansion"].items()) {
      parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", e, n.get<int>());
    }
    out += fmt::format("{:<24} {:>6}  {}\n", k["kind"].get<std::string>(), k["total"].get<int>(), parts);
  }
  const auto& b = c["board"];
  out += fmt::format(
      "\nboard: {} territories ({} strongholds, {} rock, {} sand, {} Polar Sink), {} cells, "
      "{} cell adjacencies, {} territory adjacencies, {} spice-blow sites, {} homeworlds\n",
      b["territories"].get<int>(), b["strongholds"].get<int>(), b["rock"].get<int>(),
      b["sand"].get<int>(), b["polar_sink"].get<int>(), b["cells"].get<int>(),
      b["cell_adjacencies"].get<int>(), b["territory_adjacencies"].get<int>(),
      b["spice_blow_sites"].get<int>(), b["homeworlds"].get<int>());
  out += fmt::format("\nNexus panels ({}):\n", c["nexus_panels"].size());
  for (const auto& p : c["nexus_panels"]) {
    out += fmt::format("  {:<14} {:<12} {:<12} {}\n", p["card"].get<std::string>(),
                       p["mode"].get<std::string>(), p["status"].get<std::string>(),
                       p["reason"].get<std::string>());
    if (p.contains("not_offered")) out += fmt::format("  {:<14} {}\n", "", p["not_offered"].get<std::string>());
  }
  return out;
}

void add_catalogue_command(CLI::App& app) {
  struct Args {
    bool json = false;
    std::vector<std::string> factions;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("catalogue", "Print the census of every component kind per expansion");
  cmd->add_flag("--json", args->json, "Print JSON instead of text");
  cmd->add_option("--factions", args->factions,
                  "Count for these factions only (default: the whole box), e.g. atreides,fremen")
      ->delimiter(',');
  cmd->callback([args] {
    CatalogueOptions options = CatalogueOptions::whole_box();
    if (!args->factions.empty()) {
      options.factions_in_play.fill(false);
      for (const std::string& name : args->factions) {
        const auto f = faction_from_string(name);
        if (!f) {
          std::cerr << fmt::format("dunecheck catalogue: unknown faction '{}'\n", name);
          throw CLI::RuntimeError(2);
        }
        options.factions_in_play[index(*f)] = true;
      }
    }
    const auto c = catalogue_json(options);
    std::cout << (args->json ? c.dump(2) + "\n" : catalogue_text(c));
  });
}

}  // namespace dune::cli

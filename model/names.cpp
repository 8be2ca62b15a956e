#include <string>
#include <string_view>

#include "model/board.h"
#include "model/factions.h"
#include "model/ids.h"
#include "model/nexus_panels.h"
#include "model/options.h"
#include "model/phases.h"

namespace dune {

std::string_view to_string(Faction f) { return faction_info(f).name; }

namespace {
// A name folded for comparison: lower case, without spaces, hyphens or underscores, so that every
// spelling the files and the CLI use matches ("Bene Gesserit", "BeneGesserit", "bene-gesserit").
std::string folded(std::string_view s) {
  std::string out;
  for (char c : s) {
    if (c == ' ' || c == '-' || c == '_') continue;
    out += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  }
  return out;
}
}  // namespace

std::optional<Faction> faction_from_string(std::string_view s) {
  for (const FactionInfo& f : kFactions) {
    if (folded(f.name) == folded(s)) return f.faction;
  }
  // Accept the short command-line spellings too.
  constexpr std::array<std::pair<std::string_view, Faction>, 12> kShort{{
      {"atreides", Faction::Atreides},   {"bene-gesserit", Faction::BeneGesserit},
      {"emperor", Faction::Emperor},     {"fremen", Faction::Fremen},
      {"harkonnen", Faction::Harkonnen}, {"guild", Faction::SpacingGuild},
      {"ixians", Faction::Ixians},       {"tleilaxu", Faction::Tleilaxu},
      {"choam", Faction::Choam},         {"richese", Faction::Richese},
      {"ecaz", Faction::Ecaz},           {"moritani", Faction::Moritani},
  }};
  for (const auto& [name, f] : kShort) {
    if (name == s) return f;
  }
  return std::nullopt;
}

std::string_view to_string(Expansion e) {
  switch (e) {
    case Expansion::Base: return "base";
    case Expansion::IxiansTleilaxu: return "E1 Ixians & Tleilaxu";
    case Expansion::ChoamRichese: return "E2 CHOAM & Richese";
    case Expansion::EcazMoritani: return "E3 Ecaz & Moritani";
    case Expansion::NexusModule: return "E3 Nexus module";
  }
  return "?";
}

std::string_view to_string(TerritoryId t) { return territory_info(t).name; }

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::Storm: return "Storm";
    case Phase::SpiceBlowAndNexus: return "Spice Blow and Nexus";
    case Phase::ChoamCharity: return "CHOAM Charity";
    case Phase::Bidding: return "Bidding";
    case Phase::Revival: return "Revival";
    case Phase::ShipmentAndMovement: return "Shipment and Movement";
    case Phase::Battle: return "Battle";
    case Phase::SpiceCollection: return "Spice Collection";
    case Phase::MentatPause: return "Mentat Pause";
  }
  return "?";
}

std::string_view to_string(SetupStep s) {
  switch (s) {
    case SetupStep::SeatsAndFactions: return "seats and factions";
    case SetupStep::BeneGesseritPrediction: return "Bene Gesserit prediction";
    case SetupStep::TraitorDeal: return "traitor deal";
    case SetupStep::StartingSpiceAndForces: return "starting spice and forces";
    case SetupStep::FremenPlacement: return "Fremen placement";
    case SetupStep::BeneGesseritPlacement: return "Bene Gesserit placement";
    case SetupStep::MoritaniPlacement: return "Moritani placement";
    case SetupStep::StartingTreacheryCards: return "starting Treachery cards";
    case SetupStep::FirstStorm: return "first storm";
  }
  return "?";
}

std::string_view to_string(HmsSpice h) {
  switch (h) {
    case HmsSpice::Off: return "off";
    case HmsSpice::PerStep: return "per step ([TO])";
    case HmsSpice::PerVisit: return "per visit ([DB])";
  }
  return "?";
}

std::string_view to_string(NexusMode m) {
  switch (m) {
    case NexusMode::Betrayal: return "Betrayal";
    case NexusMode::Cunning: return "Cunning";
    case NexusMode::SecretAlly: return "Secret Ally";
  }
  return "?";
}

std::string_view to_string(StatusKind s) {
  switch (s) {
    case StatusKind::Unavailable: return "unavailable";
    case StatusKind::Implemented: return "implemented";
    case StatusKind::Verified: return "verified";
  }
  return "?";
}

}  // namespace dune

// Tokens and board elements of the expansions (fact sheet §2.3, §4.3, §5.4).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

#include "model/board.h"
#include "model/ids.h"

namespace dune {

// Moritani terror tokens (E3): 6 ([DB] MoritaniFaction, [TO] TerrorType).
inline constexpr std::array<std::string_view, 6> kTerrorTokens{
    "Assassination", "Atomics", "Extortion", "Robbery", "Sabotage", "Sneak Attack"};

// Ecaz ambassadors (E3): one per faction, 12 ([TO] AssignInitialAmbassadors, [DB] cards/ecaz.csv).
inline constexpr std::size_t kAmbassadorCount = kFactionCount;

// Richese No-Field tokens (E2): values 0, 3, 5 ([DB] RicheseFaction).
inline constexpr std::array<int, 3> kNoFieldValues{0, 3, 5};

// Tech tokens (E1, optional) with default owners ([DB] Game.setInitialStorm), in kTechTokens order.
enum class TechTokenKind : std::uint8_t { AxlotlTanks, Heighliners, SpiceProduction };
struct TechTokenInfo {
  std::string_view name;
  Faction default_owner;
};
inline constexpr std::array<TechTokenInfo, 3> kTechTokens{{
    {"Axlotl Tanks", Faction::Tleilaxu},
    {"Heighliners", Faction::Ixians},
    {"Spice Production", Faction::Fremen},
}};

// Discovery tokens (E3): 4 Hiereg + 4 Smuggler ([DB] cards/discovery-tokens.csv, [TO] enum).
struct DiscoveryTokenInfo {
  std::string_view name;
  DiscoveryTokenColour colour;
  bool stronghold;  // Jacurutu Sietch counts as a stronghold
};
inline constexpr std::array<DiscoveryTokenInfo, 8> kDiscoveryTokens{{
    {"Jacurutu Sietch", DiscoveryTokenColour::Hiereg, true},
    {"Cistern", DiscoveryTokenColour::Hiereg, false},
    {"Ecological Testing Station", DiscoveryTokenColour::Hiereg, false},
    {"Shrine", DiscoveryTokenColour::Hiereg, false},
    {"Orgiz Processing Station", DiscoveryTokenColour::Smuggler, false},
    {"Treachery Card Stash", DiscoveryTokenColour::Smuggler, false},
    {"Spice Stash", DiscoveryTokenColour::Smuggler, false},
    {"Ornithopter", DiscoveryTokenColour::Smuggler, false},
}};

// Homeworlds (E3 optional variant, §5.4; [TO] Map.AddHomeworld = [DB] cards/homeworlds.csv).
struct HomeworldInfo {
  std::string_view name;
  Faction faction;
  int high_threshold;  // high threshold while reserves on it >= this
  int dial_bonus_high;
  int dial_bonus_low;
  int spice_to_occupier;
};
inline constexpr std::array<HomeworldInfo, 13> kHomeworlds{{
    {"Caladan", Faction::Atreides, 6, 2, 2, 2},
    {"Giedi Prime", Faction::Harkonnen, 7, 2, 2, 2},
    {"Southern Hemisphere", Faction::Fremen, 3, 2, 2, 0},
    {"Kaitain", Faction::Emperor, 5, 2, 3, 2},
    {"Salusa Secundus", Faction::Emperor, 2, 3, 2, 0},
    {"Junction", Faction::SpacingGuild, 5, 2, 2, 2},
    {"Wallach IX", Faction::BeneGesserit, 11, 3, 2, 1},
    {"Ix", Faction::Ixians, 5, 2, 2, 2},
    {"Tleilax", Faction::Tleilaxu, 9, 2, 2, 2},
    {"Tupile", Faction::Choam, 11, 2, 2, 2},
    {"Richese", Faction::Richese, 10, 2, 2, 1},
    {"Ecaz", Faction::Ecaz, 7, 2, 2, 2},
    {"Grumman", Faction::Moritani, 8, 2, 2, 2},
}};

}  // namespace dune

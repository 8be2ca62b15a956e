// The twelve factions and their 62 leader discs, as constexpr data.
// Source: fact sheet §5.1 (core numbers) and §5.3 (leaders); every number there is
// "confirmed (2 sources)" ([TO] Game_Setup / LeaderManager, [DB] *Faction.java / Leaders.csv).
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include "model/board.h"
#include "model/ids.h"
#include "model/quantity.h"

namespace dune {

enum class PlacementKind : std::uint8_t {
  None,                   // everything starts in reserves
  FixedCell,              // `count` forces in `cell` (Atreides, Harkonnen, Guild, Ecaz)
  FremenSplit,            // 10 split among Sietch Tabr, False Wall South, False Wall West
  BeneGesseritOne,        // basic: 1 fighter in the Polar Sink; advanced: 1 advisor anywhere
  HiddenMobileStronghold, // Ix: 3 Suboids + 3 Cyborgs in the HMS
  MoritaniAnyTerritory,   // 6 in any one territory chosen at setup
};

struct StartingPlacement {
  PlacementKind kind = PlacementKind::None;
  CellId cell{};
  ForceCount normal{};
  ForceCount special{};
};

enum class TraitorRule : std::uint8_t {
  KeepOneOfFour,  // most factions ([LR] 0.11)
  KeepAllFour,    // Harkonnen ([LR] 2.05)
  FaceDancers,    // Tleilaxu: no traitors, 3 Face Dancers after the others chose ([TO], [DB])
};

// The Face Dancers the Tleilaxu hold, drawn from the Traitor Deck after every other faction has
// chosen (fact sheet §4.3 setup step 4; [TO] AssignFaceDancers, [DB] BTFaction.drawFaceDancers: 3).
inline constexpr std::size_t kFaceDancersHeld = 3;

// The Tleilaxu may raise another faction's force revival limit above the printed 3, to at most 5
// (fact sheet §5.2; [TO] FactionsWithIncreasedRevivalLimits, [DB] askAboutRevivalLimits).
inline constexpr ForceCount kPrintedRevivalLimit{3};
inline constexpr ForceCount kRaisedRevivalLimitMost{5};

struct ForceSplit {
  ForceCount normal;
  ForceCount special;
};

struct FactionInfo {
  Faction faction;
  std::string_view name;
  Expansion expansion;
  Spice starting_spice;
  ForceSplit forces_basic;
  ForceSplit forces_advanced;
  std::string_view normal_force_name;
  std::string_view special_force_name;  // "" when the faction has none
  StartingPlacement placement;
  ForceCount free_revival;
  std::optional<ForceCount> revival_limit;  // nullopt: no limit (Tleilaxu, CHOAM)
  Spice force_revival_cost;                 // per normal force
  Spice special_force_revival_cost;         // per special force (Cyborg 3)
  int hand_limit;
  TraitorRule traitor_rule;
};

namespace detail {
constexpr ForceSplit split(int normal, int special) { return {ForceCount{normal}, ForceCount{special}}; }
constexpr StartingPlacement at(std::uint8_t cell, int normal, int special = 0) {
  return {PlacementKind::FixedCell, CellId{cell}, ForceCount{normal}, ForceCount{special}};
}
constexpr StartingPlacement rule(PlacementKind k, int normal, int special = 0) {
  return {k, CellId{}, ForceCount{normal}, ForceCount{special}};
}
constexpr std::optional<ForceCount> limit(int n) { return ForceCount{n}; }
}  // namespace detail

// clang-format off
inline constexpr std::array<FactionInfo, kFactionCount> kFactions{{
    // faction, name, expansion, spice, basic forces, advanced forces, force names, placement,
    // free revival, revival limit, revival cost (normal, special), hand limit, traitors
    {Faction::Atreides, "Atreides", Expansion::Base, Spice{10}, detail::split(20, 0), detail::split(20, 0),
     "Atreides forces", "", detail::at(5, 10), ForceCount{2}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::BeneGesserit, "Bene Gesserit", Expansion::Base, Spice{5}, detail::split(20, 0), detail::split(20, 0),
     "Bene Gesserit forces (fighter / advisor sides)", "", detail::rule(PlacementKind::BeneGesseritOne, 1), ForceCount{1}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::Emperor, "Emperor", Expansion::Base, Spice{10}, detail::split(20, 0), detail::split(15, 5),
     "Emperor forces", "Sardaukar", detail::rule(PlacementKind::None, 0), ForceCount{1}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::Fremen, "Fremen", Expansion::Base, Spice{3}, detail::split(20, 0), detail::split(17, 3),
     "Fremen forces", "Fedaykin", detail::rule(PlacementKind::FremenSplit, 10), ForceCount{3}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::Harkonnen, "Harkonnen", Expansion::Base, Spice{10}, detail::split(20, 0), detail::split(20, 0),
     "Harkonnen forces", "", detail::at(4, 10), ForceCount{2}, detail::limit(3), Spice{2}, Spice{2}, 8, TraitorRule::KeepAllFour},
    {Faction::SpacingGuild, "Spacing Guild", Expansion::Base, Spice{5}, detail::split(20, 0), detail::split(20, 0),
     "Guild forces", "", detail::at(6, 5), ForceCount{1}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::Ixians, "Ixians", Expansion::IxiansTleilaxu, Spice{10}, detail::split(13, 7), detail::split(13, 7),
     "Suboids", "Cyborgs", detail::rule(PlacementKind::HiddenMobileStronghold, 3, 3), ForceCount{1}, detail::limit(3), Spice{2}, Spice{3}, 4, TraitorRule::KeepOneOfFour},
    // Tleilaxu forces revive at half price, 1 spice each (fact sheet §5.2; [TO] MayReviveWithDiscount, [DB]).
    {Faction::Tleilaxu, "Tleilaxu", Expansion::IxiansTleilaxu, Spice{5}, detail::split(20, 0), detail::split(20, 0),
     "Tleilaxu forces", "", detail::rule(PlacementKind::None, 0), ForceCount{2}, std::nullopt, Spice{1}, Spice{1}, 4, TraitorRule::FaceDancers},
    {Faction::Choam, "CHOAM", Expansion::ChoamRichese, Spice{2}, detail::split(20, 0), detail::split(20, 0),
     "CHOAM forces", "", detail::rule(PlacementKind::None, 0), ForceCount{0}, std::nullopt, Spice{1}, Spice{1}, 5, TraitorRule::KeepOneOfFour},
    {Faction::Richese, "Richese", Expansion::ChoamRichese, Spice{5}, detail::split(20, 0), detail::split(20, 0),
     "Richese forces", "", detail::rule(PlacementKind::None, 0), ForceCount{2}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::Ecaz, "Ecaz", Expansion::EcazMoritani, Spice{12}, detail::split(20, 0), detail::split(20, 0),
     "Ecaz forces", "", detail::at(2, 6), ForceCount{2}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
    {Faction::Moritani, "Moritani", Expansion::EcazMoritani, Spice{12}, detail::split(20, 0), detail::split(20, 0),
     "Moritani forces", "", detail::rule(PlacementKind::MoritaniAnyTerritory, 6), ForceCount{2}, detail::limit(3), Spice{2}, Spice{2}, 4, TraitorRule::KeepOneOfFour},
}};
// clang-format on

constexpr const FactionInfo& faction_info(Faction f) { return kFactions[index(f)]; }

// Whether setup seats the faction (engine/setup.cpp): the six base factions, the Tleilaxu and the
// Ixians (issue 22, in slices: the rules-status table lists what of theirs is built). The other
// expansion factions wait for their issues; until then their Nexus cards are played only as Secret
// Ally (model/nexus_registry.h).
constexpr bool faction_playable(Faction f) {
  return faction_info(f).expansion == Expansion::Base || f == Faction::Tleilaxu || f == Faction::Ixians;
}

// Every playable faction, in identity order: what random games seat (generators/arbitrary.h, the
// command-usage games).
inline constexpr std::size_t kPlayableFactionCount = [] {
  std::size_t n = 0;
  for (Faction f : kAllFactions) n += faction_playable(f) ? 1 : 0;
  return n;
}();
inline constexpr std::array<Faction, kPlayableFactionCount> kPlayableFactions = [] {
  std::array<Faction, kPlayableFactionCount> out{};
  std::size_t n = 0;
  for (Faction f : kAllFactions) {
    if (faction_playable(f)) out[n++] = f;
  }
  return out;
}();

constexpr ForceSplit total_forces(Faction f, bool advanced_special_forces) {
  return advanced_special_forces ? faction_info(f).forces_advanced : faction_info(f).forces_basic;
}

enum class LeaderRole : std::uint8_t {
  Ordinary,
  Zoal,        // Tleilaxu: strength copies the opposing leader (§5.3)
  Auditor,     // CHOAM's sixth leader, advanced Auditor rule only
  DukeVidal,   // neutral E3 leader, never a traitor (§4.3)
};

struct LeaderInfo {
  std::string_view name;
  std::optional<Faction> faction;  // nullopt: Duke Vidal
  std::int8_t strength;            // Zoal: 0 here, variable in battle
  LeaderRole role;
};

inline constexpr std::size_t kLeaderCount = 62;

// clang-format off
inline constexpr std::array<LeaderInfo, kLeaderCount> kLeaders{{
    {"Thufir Hawat", Faction::Atreides, 5, LeaderRole::Ordinary},
    {"Lady Jessica", Faction::Atreides, 5, LeaderRole::Ordinary},
    {"Gurney Halleck", Faction::Atreides, 4, LeaderRole::Ordinary},
    {"Duncan Idaho", Faction::Atreides, 2, LeaderRole::Ordinary},
    {"Dr. Wellington Yueh", Faction::Atreides, 1, LeaderRole::Ordinary},
    {"Alia", Faction::BeneGesserit, 5, LeaderRole::Ordinary},
    {"Margot Lady Fenring", Faction::BeneGesserit, 5, LeaderRole::Ordinary},
    {"Mother Ramallo", Faction::BeneGesserit, 5, LeaderRole::Ordinary},
    {"Princess Irulan", Faction::BeneGesserit, 5, LeaderRole::Ordinary},
    {"Wanna Yueh", Faction::BeneGesserit, 5, LeaderRole::Ordinary},
    {"Hasimir Fenring", Faction::Emperor, 6, LeaderRole::Ordinary},
    {"Captain Aramsham", Faction::Emperor, 5, LeaderRole::Ordinary},
    {"Caid", Faction::Emperor, 3, LeaderRole::Ordinary},
    {"Burseg", Faction::Emperor, 3, LeaderRole::Ordinary},
    {"Bashar", Faction::Emperor, 2, LeaderRole::Ordinary},
    {"Stilgar", Faction::Fremen, 7, LeaderRole::Ordinary},
    {"Chani", Faction::Fremen, 6, LeaderRole::Ordinary},
    {"Otheym", Faction::Fremen, 5, LeaderRole::Ordinary},
    {"Shadout Mapes", Faction::Fremen, 3, LeaderRole::Ordinary},
    {"Jamis", Faction::Fremen, 2, LeaderRole::Ordinary},
    {"Feyd Rautha", Faction::Harkonnen, 6, LeaderRole::Ordinary},
    {"Beast Rabban", Faction::Harkonnen, 4, LeaderRole::Ordinary},
    {"Piter de Vries", Faction::Harkonnen, 3, LeaderRole::Ordinary},
    {"Captain Iakin Nefud", Faction::Harkonnen, 2, LeaderRole::Ordinary},
    {"Umman Kudu", Faction::Harkonnen, 1, LeaderRole::Ordinary},
    {"Staban Tuek", Faction::SpacingGuild, 5, LeaderRole::Ordinary},
    {"Master Bewt", Faction::SpacingGuild, 3, LeaderRole::Ordinary},
    {"Esmar Tuek", Faction::SpacingGuild, 3, LeaderRole::Ordinary},
    {"Soo-Soo Sook", Faction::SpacingGuild, 2, LeaderRole::Ordinary},
    {"Guild Rep.", Faction::SpacingGuild, 1, LeaderRole::Ordinary},
    {"Dominic Vernius", Faction::Ixians, 4, LeaderRole::Ordinary},
    {"C'Tair Pilru", Faction::Ixians, 5, LeaderRole::Ordinary},
    {"Tessia Vernius", Faction::Ixians, 5, LeaderRole::Ordinary},
    {"Kailea Vernius", Faction::Ixians, 2, LeaderRole::Ordinary},
    {"Cammar Pilru", Faction::Ixians, 1, LeaderRole::Ordinary},
    {"Zoal", Faction::Tleilaxu, 0, LeaderRole::Zoal},
    {"Hidar Fen Ajidica", Faction::Tleilaxu, 4, LeaderRole::Ordinary},
    {"Master Zaaf", Faction::Tleilaxu, 3, LeaderRole::Ordinary},
    {"Wykk", Faction::Tleilaxu, 2, LeaderRole::Ordinary},
    {"Blin", Faction::Tleilaxu, 1, LeaderRole::Ordinary},
    {"Viscount Tull", Faction::Choam, 2, LeaderRole::Ordinary},
    {"Duke Verdun", Faction::Choam, 3, LeaderRole::Ordinary},
    {"Rajiv Londine", Faction::Choam, 3, LeaderRole::Ordinary},
    {"Lady Jalma", Faction::Choam, 4, LeaderRole::Ordinary},
    {"Frankos Aru", Faction::Choam, 4, LeaderRole::Ordinary},
    {"Auditor", Faction::Choam, 2, LeaderRole::Auditor},
    {"Talis Balt", Faction::Richese, 2, LeaderRole::Ordinary},
    {"Haloa Rund", Faction::Richese, 2, LeaderRole::Ordinary},
    {"Flinto Kinnis", Faction::Richese, 3, LeaderRole::Ordinary},
    {"Lady Helena", Faction::Richese, 4, LeaderRole::Ordinary},
    {"Premier Ein Calimar", Faction::Richese, 5, LeaderRole::Ordinary},
    {"Sanya Ecaz", Faction::Ecaz, 4, LeaderRole::Ordinary},
    {"Rivvy Dinari", Faction::Ecaz, 3, LeaderRole::Ordinary},
    {"Ilesa Ecaz", Faction::Ecaz, 3, LeaderRole::Ordinary},
    {"Bindikk Narvi", Faction::Ecaz, 2, LeaderRole::Ordinary},
    {"Whitmore Bludd", Faction::Ecaz, 4, LeaderRole::Ordinary},
    {"Duke Prad Vidal", std::nullopt, 6, LeaderRole::DukeVidal},
    {"Lupino Ord", Faction::Moritani, 5, LeaderRole::Ordinary},
    {"Hiih Resser", Faction::Moritani, 4, LeaderRole::Ordinary},
    {"Trin Kronos", Faction::Moritani, 2, LeaderRole::Ordinary},
    {"Grieu Kronos", Faction::Moritani, 4, LeaderRole::Ordinary},
    {"Vando Terboli", Faction::Moritani, 1, LeaderRole::Ordinary},
}};
// clang-format on

constexpr const LeaderInfo& leader_info(LeaderId l) { return kLeaders[l.value]; }
constexpr LeaderId leader_at(std::size_t i) { return LeaderId{static_cast<std::uint8_t>(i)}; }

// The five ordinary leader discs of a faction (Zoal included for Tleilaxu; Auditor excluded).
constexpr std::array<LeaderId, 5> ordinary_leaders(Faction f) {
  std::array<LeaderId, 5> out{};
  std::size_t n = 0;
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const LeaderInfo& l = kLeaders[i];
    if (l.faction == f && (l.role == LeaderRole::Ordinary || l.role == LeaderRole::Zoal)) {
      out[n++] = leader_at(i);
    }
  }
  return out;
}

constexpr std::optional<LeaderId> find_leader(LeaderRole role) {
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (kLeaders[i].role == role) return leader_at(i);
  }
  return std::nullopt;
}

}  // namespace dune

// The vocabulary: factions, expansions and strong ids. Stockfish-style compact enums with a count.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace dune {

// Storm order of seating is separate; this is the identity order used by every table.
enum class Faction : std::uint8_t {
  Atreides,
  BeneGesserit,
  Emperor,
  Fremen,
  Harkonnen,
  SpacingGuild,
  Ixians,
  Tleilaxu,
  Choam,
  Richese,
  Ecaz,
  Moritani,
};
inline constexpr std::size_t kFactionCount = 12;

inline constexpr std::array<Faction, kFactionCount> kAllFactions{
    Faction::Atreides, Faction::BeneGesserit, Faction::Emperor, Faction::Fremen,
    Faction::Harkonnen, Faction::SpacingGuild, Faction::Ixians, Faction::Tleilaxu,
    Faction::Choam, Faction::Richese, Faction::Ecaz, Faction::Moritani};

constexpr std::size_t index(Faction f) { return static_cast<std::size_t>(f); }

// Where a component comes from. The Nexus module is its own selectable module (seed 000, item 2).
enum class Expansion : std::uint8_t {
  Base,
  IxiansTleilaxu,  // E1
  ChoamRichese,    // E2
  EcazMoritani,    // E3
  NexusModule,     // E3's optional Nexus card module
};
inline constexpr std::size_t kExpansionCount = 5;
inline constexpr std::array<Expansion, kExpansionCount> kAllExpansions{
    Expansion::Base, Expansion::IxiansTleilaxu, Expansion::ChoamRichese, Expansion::EcazMoritani,
    Expansion::NexusModule};

constexpr std::size_t index(Expansion e) { return static_cast<std::size_t>(e); }

enum class TerritoryId : std::uint8_t {
  PolarSink, ImperialBasin, Carthag, Arrakeen, TueksSietch, SietchTabr, HabbanyaSietch,
  CielagoNorth, CielagoDepression, Meridian, CielagoSouth, CielagoEast, HargPass, FalseWallSouth,
  FalseWallEast, TheMinorErg, PastyMesa, RedChasm, SouthMesa, Basin, RimWallWest, HoleInTheRock,
  SihayaRidge, ShieldWall, GaraKulon, OldGap, BrokenLand, Tsimpo, Arsunt, RockOutcroppings,
  PlasticBasin, HaggaBasin, BightOfTheCliff, FuneralPlain, TheGreatFlat, WindPass, TheGreaterFlat,
  HabbanyaErg, FalseWallWest, WindPassNorth, HabbanyaRidgeFlat, CielagoWest,
  // E1's Hidden Mobile Stronghold (docs/rules/ixians-engine-plan.md §0): not on the printed map;
  // a stronghold token whose one link, to the cell it is attached to, is game state.
  HiddenMobileStronghold,
};
// The printed map (fact sheet §2.2) and every addressable territory (the map and the HMS).
inline constexpr std::size_t kMapTerritoryCount = 42;
inline constexpr std::size_t kTerritoryCount = kMapTerritoryCount + 1;
constexpr std::size_t index(TerritoryId t) { return static_cast<std::size_t>(t); }
constexpr TerritoryId territory_at(std::size_t i) { return static_cast<TerritoryId>(i); }

// One territory×sector cell ("location" in [TO]): 86 on the printed map, Polar Sink included, and
// the Hidden Mobile Stronghold's own cell, the last.
struct CellId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(CellId, CellId) = default;
  friend constexpr auto operator<=>(CellId, CellId) = default;
};
inline constexpr std::size_t kMapCellCount = 86;
inline constexpr std::size_t kCellCount = kMapCellCount + 1;
constexpr std::size_t index(CellId c) { return c.value; }

// One of the 18 storm sectors, numbered 0..17 in the storm's direction (fact sheet §1).
struct Sector {
  std::uint8_t value = 0;
  friend constexpr bool operator==(Sector, Sector) = default;
  friend constexpr auto operator<=>(Sector, Sector) = default;
};
inline constexpr std::uint8_t kSectorCount = 18;

// A seat at the table (0..5); which faction sits there is game state, not identity.
struct Seat {
  std::uint8_t value = 0;
  friend constexpr bool operator==(Seat, Seat) = default;
  friend constexpr auto operator<=>(Seat, Seat) = default;
};
inline constexpr std::size_t kMaxSeats = 6;

struct LeaderId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(LeaderId, LeaderId) = default;
  friend constexpr auto operator<=>(LeaderId, LeaderId) = default;
};

// One physical Treachery card (each copy of Shield has its own id).
struct TreacheryCardId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(TreacheryCardId, TreacheryCardId) = default;
  friend constexpr auto operator<=>(TreacheryCardId, TreacheryCardId) = default;
};

struct SpiceCardId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(SpiceCardId, SpiceCardId) = default;
  friend constexpr auto operator<=>(SpiceCardId, SpiceCardId) = default;
};

// A Nexus card is identified by the faction printed on it (seed 000, item 2: twelve identities).
struct NexusCardId {
  Faction faction = Faction::Atreides;
  friend constexpr bool operator==(NexusCardId, NexusCardId) = default;
  friend constexpr auto operator<=>(NexusCardId, NexusCardId) = default;
};

std::string_view to_string(Faction f);
std::string_view to_string(Expansion e);
std::string_view to_string(TerritoryId t);
std::optional<Faction> faction_from_string(std::string_view s);

}  // namespace dune

// The board as constexpr data: 42 territories, 86 territory×sector cells, 190 cell adjacencies.
// Source: fact sheet §2 and Appendix A ([TO] Map.cs; territory level confirmed by [DB], [DM]).
// After the printed map, one more territory and cell: E1's Hidden Mobile Stronghold, a stronghold
// token with no sector and no printed link (docs/rules/ixians-engine-plan.md §0; its one link, to
// the cell it is attached to, is game state: BoardState::hms_host).
#pragma once

#include <array>
#include <span>
#include <cstddef>
#include <optional>
#include <string_view>

#include "model/ids.h"
#include "model/quantity.h"

namespace dune {

enum class TerritoryType : std::uint8_t { Sand, Rock, Stronghold, PolarSink, HiddenMobileStronghold };

// E3 discovery-token colours (fact sheet §4.3): Hiereg (yellow) and Smuggler (orange).
enum class DiscoveryTokenColour : std::uint8_t { Hiereg, Smuggler };

struct DiscoverySite {
  CellId cell;
  DiscoveryTokenColour colour;
};

struct TerritoryInfo {
  TerritoryId id;
  std::string_view name;
  TerritoryType type;
  bool storm_protected;    // rock, strongholds, Imperial Basin, Polar Sink (§2.1)
  bool fremen_free_ship;   // The Great Flat and within 2 territories of it (§2.1)
  bool near_shield_wall;   // where Family Atomics may be played (§2.1)
  std::optional<DiscoverySite> discovery_site;
};

struct CellInfo {
  TerritoryId territory;
  std::optional<Sector> sector;  // Polar Sink has none
  std::string_view orientation;  // "East", "Far North", ... ("" for single-cell territories)
};

struct CellLink {
  CellId from;
  CellId to;
};

struct TerritoryLink {
  TerritoryId a;
  TerritoryId b;
};

struct SpiceBlowSite {
  TerritoryId territory;
  CellId cell;
  Spice amount;
};

#include "model/board_data.inc"

// The addressable board: the printed map, then the Hidden Mobile Stronghold, last, so that every
// number of the map keeps its meaning. Storm-protected (it has no sector: ixians.md §4).
inline constexpr std::array<TerritoryInfo, kTerritoryCount> kTerritories = [] {
  std::array<TerritoryInfo, kTerritoryCount> out{};
  for (std::size_t i = 0; i < kMapTerritoryCount; ++i) out[i] = kMapTerritories[i];
  out[kMapTerritoryCount] = TerritoryInfo{TerritoryId::HiddenMobileStronghold, "Hidden Mobile Stronghold",
                                          TerritoryType::HiddenMobileStronghold, true, false, false, std::nullopt};
  return out;
}();
inline constexpr std::array<CellInfo, kCellCount> kCells = [] {
  std::array<CellInfo, kCellCount> out{};
  for (std::size_t i = 0; i < kMapCellCount; ++i) out[i] = kMapCells[i];
  out[kMapCellCount] = CellInfo{TerritoryId::HiddenMobileStronghold, std::nullopt, ""};
  return out;
}();
inline constexpr CellId kHmsCell{static_cast<std::uint8_t>(kMapCellCount)};

inline constexpr std::size_t kUndirectedCellLinkCount = kCellLinks.size() / 2;  // 190

constexpr const TerritoryInfo& territory_info(TerritoryId t) { return kTerritories[index(t)]; }
constexpr const CellInfo& cell_info(CellId c) { return kCells[index(c)]; }
constexpr CellId cell_at(std::size_t i) { return CellId{static_cast<std::uint8_t>(i)}; }

inline constexpr CellId kPolarSinkCell{0};

inline constexpr std::array<TerritoryId, 5> kStrongholds{
    TerritoryId::Arrakeen, TerritoryId::Carthag, TerritoryId::TueksSietch, TerritoryId::SietchTabr,
    TerritoryId::HabbanyaSietch};

// Arrakeen and Carthag: movement 3, collection 3 ([LR] 1.06.05.04 / 1.08.02, [DB]).
inline constexpr std::array<TerritoryId, 2> kOrnithopterCities{TerritoryId::Arrakeen,
                                                                TerritoryId::Carthag};

// Lose storm protection after Family Atomics (§2.1, [DB] destroyShieldWall, [LR] 3.01.07).
inline constexpr std::array<TerritoryId, 3> kShieldWallProtected{
    TerritoryId::ImperialBasin, TerritoryId::Arrakeen, TerritoryId::Carthag};

// The five printed strongholds and the Hidden Mobile Stronghold (whether it is on the board is
// game state: hms_on_board).
constexpr bool is_stronghold(TerritoryId t) {
  const TerritoryType type = territory_info(t).type;
  return type == TerritoryType::Stronghold || type == TerritoryType::HiddenMobileStronghold;
}

constexpr bool cells_adjacent(CellId a, CellId b) {
  for (const CellLink& l : kCellLinks) {
    if (l.from == a && l.to == b) return true;
  }
  return false;
}

// Territory adjacency derived from the cell graph (two cells of different territories touch).
constexpr bool territories_adjacent_by_cells(TerritoryId a, TerritoryId b) {
  if (a == b) return false;
  for (const CellLink& l : kCellLinks) {
    if (cell_info(l.from).territory == a && cell_info(l.to).territory == b) return true;
  }
  return false;
}

// Territory adjacency as the territory table lists it.
constexpr bool territories_adjacent(TerritoryId a, TerritoryId b) {
  for (const TerritoryLink& l : kTerritoryLinks) {
    if ((l.a == a && l.b == b) || (l.a == b && l.b == a)) return true;
  }
  return false;
}

constexpr std::size_t cell_count_of(TerritoryId t) {
  std::size_t n = 0;
  for (const CellInfo& c : kCells) n += c.territory == t ? 1 : 0;
  return n;
}

// Cells of each territory are contiguous in kCells, and kCellLinks is sorted by `from`: both are
// proven below, so a territory's cells and a cell's links are spans (hot paths in movement).
struct CellRange {
  std::uint8_t first = 0;
  std::uint8_t count = 0;
};

inline constexpr std::array<CellRange, kTerritoryCount> kTerritoryCells = [] {
  std::array<CellRange, kTerritoryCount> out{};
  for (std::size_t c = kCells.size(); c-- > 0;) {
    CellRange& r = out[index(kCells[c].territory)];
    r.first = static_cast<std::uint8_t>(c);
    ++r.count;
  }
  return out;
}();

inline constexpr std::array<std::uint16_t, kCellCount + 1> kCellLinkOffsets = [] {
  std::array<std::uint16_t, kCellCount + 1> out{};
  for (const CellLink& l : kCellLinks) ++out[index(l.from) + 1];
  for (std::size_t i = 1; i < out.size(); ++i) out[i] = static_cast<std::uint16_t>(out[i] + out[i - 1]);
  return out;
}();

constexpr bool cell_tables_are_spans() {
  for (std::size_t i = 1; i < kCellLinks.size(); ++i) {
    if (index(kCellLinks[i].from) < index(kCellLinks[i - 1].from)) return false;
  }
  for (std::size_t c = 0; c < kCells.size(); ++c) {
    const CellRange r = kTerritoryCells[index(kCells[c].territory)];
    if (c < r.first || c >= std::size_t{r.first} + r.count) return false;
  }
  return true;
}
static_assert(cell_tables_are_spans(), "board data: territory cells must be contiguous, links sorted by from");

inline std::span<const CellLink> links_from(CellId c) {
  return std::span<const CellLink>(kCellLinks).subspan(kCellLinkOffsets[index(c)],
                                                       kCellLinkOffsets[index(c) + 1] - kCellLinkOffsets[index(c)]);
}

// The cells of `t`, as indices into kCells.
struct CellIndexRange {
  std::size_t first, last;
  struct iterator {
    std::size_t i;
    CellId operator*() const { return cell_at(i); }
    iterator& operator++() { ++i; return *this; }
    bool operator!=(const iterator& o) const { return i != o.i; }
  };
  iterator begin() const { return {first}; }
  iterator end() const { return {last}; }
};
constexpr CellIndexRange cells_of(TerritoryId t) {
  const CellRange r = kTerritoryCells[index(t)];
  return {r.first, std::size_t{r.first} + r.count};
}

}  // namespace dune

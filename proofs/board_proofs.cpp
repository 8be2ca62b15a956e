// Compile-time proofs over the board data. This file passes if it compiles.
#include <array>
#include <cstddef>

#include "model/board.h"
#include "model/cards.h"

namespace dune::proofs {
namespace {

constexpr bool territory_ids_in_order() {
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    if (kTerritories[i].id != territory_at(i)) return false;
  }
  return true;
}

constexpr std::size_t count_type(TerritoryType t) {
  std::size_t n = 0;
  for (const TerritoryInfo& info : kTerritories) n += info.type == t ? 1 : 0;
  return n;
}

constexpr bool links_symmetric_irreflexive_unique() {
  for (std::size_t i = 0; i < kCellLinks.size(); ++i) {
    const CellLink& l = kCellLinks[i];
    if (l.from == l.to) return false;
    if (!cells_adjacent(l.to, l.from)) return false;
    for (std::size_t j = i + 1; j < kCellLinks.size(); ++j) {
      if (kCellLinks[j].from == l.from && kCellLinks[j].to == l.to) return false;
    }
  }
  return true;
}

constexpr bool sectors_well_formed() {
  for (const CellInfo& c : kCells) {
    const bool sectorless = c.territory == TerritoryId::PolarSink || c.territory == TerritoryId::HiddenMobileStronghold;
    if (sectorless != !c.sector.has_value()) return false;
    if (c.sector && c.sector->value >= kSectorCount) return false;
  }
  return true;
}

constexpr bool every_territory_has_cells() {
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    if (cell_count_of(territory_at(t)) == 0) return false;
  }
  return true;
}

// The cell graph and the territory table's own adjacency column agree on every pair.
constexpr bool cell_graph_matches_territory_table() {
  for (std::size_t a = 0; a < kTerritoryCount; ++a) {
    for (std::size_t b = 0; b < kTerritoryCount; ++b) {
      if (territories_adjacent_by_cells(territory_at(a), territory_at(b)) !=
          territories_adjacent(territory_at(a), territory_at(b))) {
        return false;
      }
    }
  }
  return true;
}

constexpr bool blow_sites_are_own_sand_cells() {
  for (const SpiceBlowSite& s : kSpiceBlowSites) {
    if (cell_info(s.cell).territory != s.territory) return false;
    if (territory_info(s.territory).type != TerritoryType::Sand) return false;
  }
  return true;
}

constexpr bool territory_cards_match_blow_sites() {
  int printed = 0;
  for (const SpiceCardInfo& c : kSpiceCards) {
    if (c.kind != SpiceCardKind::Territory && c.kind != SpiceCardKind::Discovery) continue;
    const SpiceBlowSite* site = blow_site(c.territory);
    if (site == nullptr) return false;
    if (c.kind == SpiceCardKind::Territory) printed += site->amount.value;
  }
  // The fact sheet's §3.1 prose says 122, but its own 15 per-card amounts (2 sources each, and
  // [DB] SpiceCards.csv) add up to 118: the prose total is an arithmetic slip (README, rules status).
  return printed == 118;
}

constexpr bool discovery_cards_match_sites() {
  for (const SpiceCardInfo& c : kSpiceCards) {
    if (c.kind != SpiceCardKind::Discovery) continue;
    const auto& site = territory_info(c.discovery_territory).discovery_site;
    if (!site || site->colour != c.discovery_colour) return false;
    if (cell_info(site->cell).territory != c.discovery_territory) return false;
  }
  return true;
}

// Territory distance by breadth-first search over the territory table.
constexpr std::array<int, kTerritoryCount> distances_from(TerritoryId from) {
  std::array<int, kTerritoryCount> dist{};
  dist.fill(-1);
  std::array<TerritoryId, kTerritoryCount> queue{};
  std::size_t head = 0, tail = 0;
  dist[index(from)] = 0;
  queue[tail++] = from;
  while (head < tail) {
    const TerritoryId t = queue[head++];
    for (std::size_t n = 0; n < kTerritoryCount; ++n) {
      if (dist[n] < 0 && territories_adjacent(t, territory_at(n))) {
        dist[n] = dist[index(t)] + 1;
        queue[tail++] = territory_at(n);
      }
    }
  }
  return dist;
}

// The Fremen free-shipment column equals "The Great Flat and within 2 territories of it".
constexpr bool fremen_range_is_two_from_great_flat() {
  const auto dist = distances_from(TerritoryId::TheGreatFlat);
  std::size_t n = 0;
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    const bool in_range = dist[t] >= 0 && dist[t] <= 2;
    if (in_range != kTerritories[t].fremen_free_ship) return false;
    n += in_range ? 1 : 0;
  }
  return n == 16;
}

// The "near Shield Wall" column equals the Shield Wall and its neighbours.
constexpr bool near_shield_wall_is_neighbourhood() {
  std::size_t n = 0;
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    const TerritoryId id = territory_at(t);
    const bool near = id == TerritoryId::ShieldWall || territories_adjacent(id, TerritoryId::ShieldWall);
    if (near != kTerritories[t].near_shield_wall) return false;
    n += near ? 1 : 0;
  }
  return n == 8;
}

static_assert(kMapTerritories.size() == 42 && kTerritories.size() == 43,
              "the printed board has 42 territories (fact sheet §2.1); the Hidden Mobile Stronghold is the 43rd");
static_assert(territory_ids_in_order(), "kTerritories is indexed by TerritoryId");
static_assert(kMapCells.size() == 86 && kCells.size() == 87 && index(kHmsCell) == 86,
              "the printed board has 86 territory×sector cells (fact sheet §2.1); the HMS's is the 87th");
static_assert(kCellLinkOffsets[index(kHmsCell)] == kCellLinkOffsets[index(kHmsCell) + 1], "the Hidden Mobile Stronghold has no printed link (its host is game state)");
static_assert(kCellLinks.size() == 380 && kUndirectedCellLinkCount == 190,
              "the cell graph has 190 undirected adjacencies (fact sheet §2.1)");
static_assert(kTerritoryLinks.size() == 103, "the territory graph has 103 adjacencies (§2.1)");
static_assert(count_type(TerritoryType::Stronghold) == 5 && count_type(TerritoryType::Rock) == 7 &&
                  count_type(TerritoryType::Sand) == 29 && count_type(TerritoryType::PolarSink) == 1 &&
                  count_type(TerritoryType::HiddenMobileStronghold) == 1,
              "5 strongholds + 7 rock + 29 sand + Polar Sink (§2.1), and the HMS");
static_assert(links_symmetric_irreflexive_unique(), "cell adjacency is symmetric, irreflexive, without duplicates");
static_assert(sectors_well_formed(), "every cell's sector is in 0..17; only the Polar Sink and the HMS have none");
static_assert(every_territory_has_cells(), "every territory has at least one cell");
static_assert(cell_graph_matches_territory_table(), "cell graph and territory table agree on adjacency");
static_assert(blow_sites_are_own_sand_cells(), "every spice-blow cell is a sand cell of its own territory");
static_assert(territory_cards_match_blow_sites(), "every territory spice card has a blow site; 118 spice printed");
static_assert(discovery_cards_match_sites(), "every Discovery card names a site of its token colour");
static_assert(fremen_range_is_two_from_great_flat(), "Fremen free shipment: The Great Flat + 2 territories (16)");
static_assert(near_shield_wall_is_neighbourhood(), "near Shield Wall: the Shield Wall and its 7 neighbours");
static_assert(kStrongholds.size() == 5, "five strongholds");

}  // namespace
}  // namespace dune::proofs

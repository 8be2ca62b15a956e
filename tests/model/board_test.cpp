// Properties of the board graph, recomputed at run time by breadth-first search.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <array>
#include <cstdlib>
#include <queue>
#include <vector>

#include "model/board.h"

namespace dune {
namespace {

std::vector<std::vector<CellId>> cell_neighbours() {
  std::vector<std::vector<CellId>> out(kCellCount);
  for (const CellLink& l : kCellLinks) out[index(l.from)].push_back(l.to);
  return out;
}

std::vector<int> cell_distances(CellId from) {
  static const auto neighbours = cell_neighbours();
  std::vector<int> dist(kCellCount, -1);
  std::queue<CellId> q;
  dist[index(from)] = 0;
  q.push(from);
  while (!q.empty()) {
    const CellId c = q.front();
    q.pop();
    for (CellId n : neighbours[index(c)]) {
      if (dist[index(n)] < 0) {
        dist[index(n)] = dist[index(c)] + 1;
        q.push(n);
      }
    }
  }
  return dist;
}

// Territory distance: moving between cells of one territory is free, crossing a border costs 1
// (fact sheet §7.1, "sectors don't count for movement").
std::vector<int> territory_distances(TerritoryId from) {
  std::vector<int> dist(kTerritoryCount, -1);
  std::queue<TerritoryId> q;
  dist[index(from)] = 0;
  q.push(from);
  while (!q.empty()) {
    const TerritoryId t = q.front();
    q.pop();
    for (const CellLink& l : kCellLinks) {
      const TerritoryId a = cell_info(l.from).territory, b = cell_info(l.to).territory;
      if (a == t && b != t && dist[index(b)] < 0) {
        dist[index(b)] = dist[index(t)] + 1;
        q.push(b);
      }
    }
  }
  return dist;
}

// The printed map's cells and territories (the Hidden Mobile Stronghold, after them, has no printed
// link: it is reached only through its host, which is game state).
rc::Gen<CellId> any_cell() {
  return rc::gen::map(rc::gen::inRange<int>(0, static_cast<int>(kMapCellCount)),
                      [](int i) { return cell_at(static_cast<std::size_t>(i)); });
}

rc::Gen<TerritoryId> any_territory() {
  return rc::gen::map(rc::gen::inRange<int>(0, static_cast<int>(kMapTerritoryCount)),
                      [](int i) { return territory_at(static_cast<std::size_t>(i)); });
}

TEST(BoardTest, EveryCellIsReachableFromThePolarSink) {
  const auto dist = cell_distances(kPolarSinkCell);
  for (std::size_t c = 0; c < kMapCellCount; ++c) {
    SCOPED_TRACE(c);
    EXPECT_GE(dist[c], 0);
  }
}

RC_GTEST_PROP(BoardTest, IsConnectedFromAnyCell, ()) {
  const CellId from = *any_cell();
  const auto dist = cell_distances(from);
  for (std::size_t c = 0; c < kMapCellCount; ++c) RC_ASSERT(dist[c] >= 0);
}

RC_GTEST_PROP(BoardTest, TerritoryDistanceIsSymmetric, ()) {
  const TerritoryId a = *any_territory();
  const TerritoryId b = *any_territory();
  RC_ASSERT(territory_distances(a)[index(b)] == territory_distances(b)[index(a)]);
}

RC_GTEST_PROP(BoardTest, TerritoryDistanceObeysTheTriangleInequality, ()) {
  const TerritoryId a = *any_territory(), b = *any_territory(), c = *any_territory();
  const auto da = territory_distances(a), db = territory_distances(b);
  RC_ASSERT(da[index(c)] <= da[index(b)] + db[index(c)]);
}

// Linked cells of two territories lie in the same or neighbouring storm sectors (or one of them
// is the Polar Sink): the map is a ring of 18 sectors around the pole.
RC_GTEST_PROP(BoardTest, LinkedCellsAreInTheSameOrNeighbouringSectors, ()) {
  const auto i = *rc::gen::inRange<std::size_t>(0, kCellLinks.size());
  const CellInfo& a = cell_info(kCellLinks[i].from);
  const CellInfo& b = cell_info(kCellLinks[i].to);
  RC_PRE(a.sector.has_value() && b.sector.has_value());
  const int diff = std::abs(int{a.sector->value} - int{b.sector->value});
  RC_ASSERT(diff == 0 || diff == 1 || diff == kSectorCount - 1);
}

// The cells of one territory are connected through that territory alone.
TEST(BoardTest, EachTerritorysCellsAreConnectedWithinIt) {
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    const TerritoryId territory = territory_at(t);
    SCOPED_TRACE(to_string(territory));
    std::vector<CellId> cells;
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (kCells[c].territory == territory) cells.push_back(cell_at(c));
    }
    std::vector<bool> seen(kCellCount, false);
    std::vector<CellId> stack{cells.front()};
    seen[index(cells.front())] = true;
    while (!stack.empty()) {
      const CellId c = stack.back();
      stack.pop_back();
      for (const CellLink& l : kCellLinks) {
        if (l.from == c && cell_info(l.to).territory == territory && !seen[index(l.to)]) {
          seen[index(l.to)] = true;
          stack.push_back(l.to);
        }
      }
    }
    for (CellId c : cells) EXPECT_TRUE(seen[index(c)]) << "cell L" << int{c.value};
  }
}

// E1's Hidden Mobile Stronghold: a stronghold after the map, with one cell, no sector (never in
// storm) and no printed link (ixians.md §4; its host is BoardState::hms_host).
TEST(BoardTest, TheHiddenMobileStrongholdIsAStrongholdOffTheMap) {
  EXPECT_EQ(index(kHmsCell), kMapCellCount);
  EXPECT_EQ(cell_info(kHmsCell).territory, TerritoryId::HiddenMobileStronghold);
  EXPECT_FALSE(cell_info(kHmsCell).sector.has_value());
  EXPECT_TRUE(is_stronghold(TerritoryId::HiddenMobileStronghold));
  EXPECT_TRUE(territory_info(TerritoryId::HiddenMobileStronghold).storm_protected);
  EXPECT_TRUE(links_from(kHmsCell).empty());
  const auto dist = cell_distances(kPolarSinkCell);
  EXPECT_EQ(dist[index(kHmsCell)], -1);
  for (std::size_t t = 0; t < kTerritoryCount; ++t) EXPECT_FALSE(territories_adjacent(TerritoryId::HiddenMobileStronghold, territory_at(t)));
}

TEST(BoardTest, PolarSinkTouchesEightTerritories) {
  int n = 0;
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    n += territories_adjacent(TerritoryId::PolarSink, territory_at(t)) ? 1 : 0;
  }
  EXPECT_EQ(n, 8);  // fact sheet §2.2 notes
}

TEST(BoardTest, HabbanyaSietchTouchesOnlyHabbanyaRidgeFlat) {
  for (std::size_t t = 0; t < kTerritoryCount; ++t) {
    const TerritoryId other = territory_at(t);
    EXPECT_EQ(territories_adjacent(TerritoryId::HabbanyaSietch, other),
              other == TerritoryId::HabbanyaRidgeFlat)
        << to_string(other);
  }
}

TEST(BoardTest, StartingCellsOfFixedPlacementsAreTheirStrongholds) {
  EXPECT_EQ(cell_info(CellId{5}).territory, TerritoryId::Arrakeen);
  EXPECT_EQ(cell_info(CellId{4}).territory, TerritoryId::Carthag);
  EXPECT_EQ(cell_info(CellId{6}).territory, TerritoryId::TueksSietch);
  EXPECT_EQ(cell_info(CellId{2}).territory, TerritoryId::ImperialBasin);
  EXPECT_EQ(cell_info(CellId{2}).sector, Sector{9});  // Ecaz: Imperial Basin Center, s9
}

}  // namespace
}  // namespace dune

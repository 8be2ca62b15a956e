// The Battle phase (fact sheet §6.3). Engine II builds plans and resolution on this file; so far
// the phase finds its battles and ends when there are none. With battles to fight it halts with a
// visible reason (rules-status table): no placeholder command is ever offered.
#include "engine/battle.h"

#include <algorithm>
#include <numeric>

#include <fmt/format.h>

#include "engine/internal.h"

namespace dune {
namespace {

// Groups the cells of a territory that the storm does not separate: within-territory links
// between cells outside the storm join groups; a cell in the storm is a group of its own, since
// forces under the storm in the same cell still fight ("battling blind", [LR] 1.07.01.02).
std::vector<std::vector<CellId>> unseparated_groups(const GameState& state, TerritoryId t) {
  std::array<std::size_t, kCellCount> parent{};
  std::iota(parent.begin(), parent.end(), std::size_t{0});
  auto find = [&](std::size_t c) {
    while (parent[c] != c) c = parent[c] = parent[parent[c]];
    return c;
  };
  for (const CellLink& l : kCellLinks) {
    if (cell_info(l.from).territory != t || cell_info(l.to).territory != t) continue;
    if (cell_in_storm(state, l.from) || cell_in_storm(state, l.to)) continue;
    parent[find(index(l.from))] = find(index(l.to));
  }
  std::vector<std::vector<CellId>> groups;
  std::array<int, kCellCount> group_of{};
  group_of.fill(-1);
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (kCells[c].territory != t) continue;
    const std::size_t root = find(c);
    if (group_of[root] < 0) {
      group_of[root] = static_cast<int>(groups.size());
      groups.emplace_back();
    }
    groups[static_cast<std::size_t>(group_of[root])].push_back(cell_at(c));
  }
  return groups;
}

bool allied(const GameState& state, Faction a, Faction b) { return ally_of(state, a) == b; }

}  // namespace

std::vector<PendingBattle> battles_to_fight(const GameState& state) {
  std::vector<PendingBattle> out;
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    const TerritoryId t = territory_at(i);
    if (t == TerritoryId::PolarSink) continue;  // never a battle in the Polar Sink
    for (const auto& group : unseparated_groups(state, t)) {
      std::vector<Faction> present;
      for (Faction f : occupants(state, t)) {  // Bene Gesserit advisors do not fight
        const bool here = std::any_of(group.begin(), group.end(),
                                      [&](CellId c) { return forces_in_cell(state, f, c) > ForceCount{0}; });
        if (here) present.push_back(f);
      }
      bool battle = false;
      for (Faction a : present) {
        for (Faction b : present) battle = battle || (a != b && !allied(state, a, b));
      }
      if (battle) {
        out.push_back(PendingBattle{t, present});
        break;  // one entry per territory; its groups are resolved by Engine II
      }
    }
  }
  return out;
}

void enter_battle(GameState& state) {
  state.step = Step::Battle;
  const auto battles = battles_to_fight(state);
  if (battles.empty()) {
    end_phase(state);
    return;
  }
  std::string where;
  for (const PendingBattle& b : battles) {
    where += fmt::format("{}{}", where.empty() ? "" : ", ", to_string(b.territory));
  }
  halt(state, fmt::format("battle resolution is not implemented yet (Engine II); battles pending in {}", where));
}

}  // namespace dune

// The Ixians Nexus family's native panels (seed 000, Ixians row): the Cunning's Suboid strength
// binds every battle of the turn after it and ends with the Battle phase. The panels' printed
// examples are the scenario fixtures tests/scenarios/nexus/ixians_*.json.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/nexus/family.h"
#include "model/command_steps.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;

constexpr CellId kCarthag{4};

const PlayNexus kCunning{NexusCardId{Faction::Ixians}, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}};

bool ixians_fight(const GameState& s) {
  const Seat ixians = seat_of(s, Faction::Ixians);
  return s.step == Step::Battle && battle_detail::making_plans(s.battle.stage) &&
         (s.battle.combatants[0] == ixians || s.battle.combatants[1] == ixians);
}

// The first seat awaited plays its first listed step decision that is not a Nexus play.
GameState step_on(const GameState& s, StagedChance& chance) {
  const Seat seat = pending(s).front();
  const auto legal = legal_commands(s, seat);
  const auto c = std::find_if(legal.begin(), legal.end(), [](const Command& x) {
    return command_info(x).klass == CommandClass::Step && !std::holds_alternative<PlayNexus>(x);
  });
  EXPECT_NE(c, legal.end());
  return play(s, seat, *c, chance);
}

// Until the Ixians make the plans of a battle of theirs (or the phase ends).
GameState to_ixian_plans(GameState s, StagedChance& chance) {
  for (int n = 0; n < 200 && s.phase == Phase::Battle && !ixians_fight(s); ++n) s = step_on(s, chance);
  return s;
}

// The rest of the battle, until it is resolved (the next one begins or the phase ends).
GameState through_battle(GameState s, StagedChance& chance) {
  const TerritoryId where = s.battle.territory;
  for (int n = 0; n < 200 && s.phase == Phase::Battle && s.battle.territory == where && !s.battle.revealed; ++n) s = step_on(s, chance);
  return s;
}

int ixian_most_dial(const GameState& s) {
  return battle_detail::max_dial_halves(s, battle_detail::side_of(s, seat_of(s, Faction::Ixians)), Spice{0});
}

// Seed 000: "give every Suboid full unsupported strength in all battles for the remainder of this
// turn". Three Suboids fight the Atreides in Arrakeen and three the Harkonnen in Carthag (Basic):
// ½ each before the Cunning, 1 each after it in the battle it was played in and in the next one;
// the Battle phase over, the receipt is consumed and binds nothing.
TEST(IxiansNexus, CunningBindsEveryBattleOfTheTurnAndEndsWithIt) {
  StagedChance chance(21);
  GameState s = audit_game(false, {Faction::Ixians, Faction::Atreides, Faction::Harkonnen});
  const Seat ixians = seat_of(s, Faction::Ixians);
  s.storm.sector = Sector{0};
  s.board.hms_host = CellId{38};  // Red Chasm: its stronghold on the board, as after turn 1's storm
  for (CellId cell : {kArrakeen, kCarthag}) {
    s.seat(ixians).reserves_normal -= ForceCount{3};
    s.board.normal[index(cell)][index(Faction::Ixians)] += ForceCount{3};
  }
  give(s, ixians, Faction::Ixians);
  s.turn = 2;
  enter_phase(s, Phase::Battle);
  s = to_ixian_plans(settle(std::move(s), chance), chance);
  ASSERT_TRUE(ixians_fight(s));
  const TerritoryId first = s.battle.territory;
  EXPECT_EQ(ixian_most_dial(s), 3);  // three Suboids at ½
  const BoardState board = s.board;
  s = play(s, ixians, kCunning, chance);
  EXPECT_EQ(s.board, board);
  ASSERT_EQ(s.nexus.receipts.size(), 1U);
  EXPECT_TRUE(s.nexus.receipts[0].delayed);
  EXPECT_FALSE(s.nexus.receipts[0].consumed);
  EXPECT_EQ(ixian_most_dial(s), 6);  // at 1 each

  s = to_ixian_plans(through_battle(std::move(s), chance), chance);
  ASSERT_TRUE(ixians_fight(s)) << "no second Ixian battle this turn";
  EXPECT_NE(s.battle.territory, first);
  EXPECT_EQ(s.turn, 2);
  EXPECT_FALSE(s.nexus.receipts[0].consumed);
  EXPECT_EQ(ixian_most_dial(s), 6);  // the next battle of the turn too

  for (int n = 0; n < 200 && s.phase == Phase::Battle; ++n) s = step_on(s, chance);
  ASSERT_NE(s.phase, Phase::Battle);
  EXPECT_TRUE(s.nexus.receipts[0].consumed);
  EXPECT_FALSE(nexus_effect_binds(s, Faction::Ixians, NexusMode::Cunning, Phase::Battle));
}

}  // namespace
}  // namespace dune

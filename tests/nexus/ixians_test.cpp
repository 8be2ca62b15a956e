// The Ixians Nexus family's native panels (seed 000, Ixians row): the Cunning's Suboid strength
// binds every battle of the turn after it and ends with the Battle phase; the Betrayal's window on
// the Technology swap opens on the auction's last lot alone, and holds the card named through a
// save. The panels' printed examples are the scenario fixtures tests/scenarios/nexus/ixians_*.json.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/nexus/family.h"
#include "engine/projection.h"
#include "io/persistence.h"
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

// Turn 2's Bidding, Advanced (the Technology rule), the Atreides holding the Ixians card: its
// selection window passed, the Ixians return the row's first card to the top of the deck; then each
// lot but the last is sold for the least bid of the first seat that may bid, the Ixians passing
// their Technology, or swapping their first card when `swap_early` and the lot is the first.
GameState to_last_lot(bool swap_early, StagedChance& chance) {
  GameState s = audit_game(true, {Faction::Ixians, Faction::Atreides, Faction::Harkonnen});
  const Seat ixians = seat_of(s, Faction::Ixians);
  give(s, seat_of(s, Faction::Atreides), Faction::Ixians);
  s.board.hms_host = CellId{38};  // Red Chasm: its stronghold on the board, as after turn 1's storm
  s.turn = 2;
  enter_phase(s, Phase::Bidding);
  s = settle(std::move(s), chance);
  EXPECT_EQ(s.nexus.window, Faction::Ixians);  // the selection's window, awaiting the Atreides
  s = all_pass(std::move(s), Step::Bidding, chance);
  EXPECT_EQ(s.step, Step::IxCardSelection);
  s = play(s, ixians, ReturnLot{*std::min_element(s.bidding.lots.begin(), s.bidding.lots.end()), true}, chance);
  for (int n = 0; n < 100 && s.phase == Phase::Bidding && !(s.step == Step::IxTechnology && s.bidding.lots.size() == 1); ++n) {
    const Seat seat = pending(s).front();
    if (s.step == Step::IxTechnology) {
      const bool swap = swap_early && s.bidding.lot == 0;
      EXPECT_FALSE(s.nexus.window);
      s = play(s, seat, swap ? Command{SwapLot{s.seat(seat).hand.front()}} : Command{Pass{}}, chance);
      EXPECT_FALSE(s.nexus.window) << "a Betrayal window on a swap before the last lot";
      continue;
    }
    const auto legal = legal_commands(s, seat);
    const auto bid = std::find_if(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<Bid>(c); });
    s = play(s, seat, !s.bidding.high_bidder && bid != legal.end() ? *bid : Command{Pass{}}, chance);
  }
  return s;
}

// Seed 000: "prevent either the Bidding advantage or Technology advantage". Before the last lot a
// swap is made at once (the scope over later lots is open); on the last lot it waits for the window,
// the card held privately through a save; the Betrayal leaves the lot up and the card in the hand.
TEST(IxiansNexus, TechnologyBetrayalWindowOnTheLastLotOnly) {
  StagedChance early_chance(5);
  const GameState early = to_last_lot(true, early_chance);
  EXPECT_TRUE(early.bidding.technology_used);
  EXPECT_NE(early.step, Step::IxTechnology) << "the Technology offered again after a swap";

  StagedChance chance(5);
  GameState s = to_last_lot(false, chance);
  ASSERT_EQ(s.step, Step::IxTechnology);
  ASSERT_EQ(s.bidding.lots.size(), 1U);
  const Seat ixians = seat_of(s, Faction::Ixians);
  const Seat atreides = seat_of(s, Faction::Atreides);
  ASSERT_FALSE(s.seat(ixians).hand.empty());
  const TreacheryCardId given = s.seat(ixians).hand.back();
  const TreacheryCardId lot = s.bidding.lots.front();
  const auto hand = s.seat(ixians).hand;
  s = play(s, ixians, SwapLot{given}, chance);
  ASSERT_EQ(s.nexus.window, Faction::Ixians);
  EXPECT_EQ(pending(s), std::vector<Seat>{atreides});
  EXPECT_EQ(s.bidding.technology_offer, given);
  EXPECT_EQ(s.seat(ixians).hand, hand);  // nothing swapped yet
  EXPECT_EQ(project_seat(s, ixians).table.bidding.technology_offer, given);
  EXPECT_FALSE(project_seat(s, atreides).table.bidding.technology_offer);
  EXPECT_FALSE(project_seat(s, atreides).table.bidding.card_up_for_bid) << "the Atreides look before the window closed";

  // The held swap survives a save, and a save naming a card not in the Ixians' hand is refused.
  const auto back = load_snapshot(save_snapshot(s));
  ASSERT_TRUE(std::holds_alternative<GameState>(back)) << std::get<LoadError>(back).message;
  EXPECT_EQ(std::get<GameState>(back), s);
  GameState corrupt = s;
  corrupt.bidding.technology_offer = lot;
  const auto refused = load_snapshot(save_snapshot(corrupt));
  ASSERT_TRUE(std::holds_alternative<LoadError>(refused));
  EXPECT_NE(std::get<LoadError>(refused).message.find("shape.bidding"), std::string::npos) << std::get<LoadError>(refused).message;

  GameState passed = play(s, atreides, Pass{}, chance);  // the window passed: the swap is made
  EXPECT_FALSE(passed.nexus.window);
  EXPECT_FALSE(passed.bidding.technology_offer);
  EXPECT_EQ(passed.bidding.lots.front(), given);
  EXPECT_TRUE(std::ranges::find(passed.seat(ixians).hand, lot) != passed.seat(ixians).hand.end());
  EXPECT_EQ(project_seat(passed, atreides).table.bidding.card_up_for_bid, given);

  const PlayNexus betrayal{NexusCardId{Faction::Ixians}, NexusMode::Betrayal, std::nullopt, s.nexus.window_attempt, ForceCount{0}};
  GameState betrayed = play(s, atreides, betrayal, chance);  // prevented: the lot stays up, the card in hand
  EXPECT_FALSE(betrayed.nexus.window);
  EXPECT_FALSE(betrayed.bidding.technology_offer);
  EXPECT_EQ(betrayed.bidding.lots.front(), lot);
  EXPECT_EQ(betrayed.seat(ixians).hand, hand);
  ASSERT_EQ(betrayed.nexus.receipts.size(), 1U);
  EXPECT_FALSE(betrayed.nexus.receipts[0].delayed);
  EXPECT_EQ(betrayed.nexus.receipts[0].answers, fmt::format("the Ixians' Technology, attempt {}", s.nexus.window_attempt));
  EXPECT_EQ(project_seat(betrayed, atreides).table.bidding.card_up_for_bid, lot);
  EXPECT_EQ(betrayed.step, Step::Bidding);
}

}  // namespace
}  // namespace dune

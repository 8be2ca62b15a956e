// The Spacing Guild Nexus family (seed 000, Spacing Guild row): the Betrayal's "including one's own
// payment", the window holding back what follows the shipment, and the Cunning's second shipment
// whose group moves only with a Hajr. The panels' printed examples are the scenario fixtures
// tests/scenarios/nexus/spacing_guild_*.json.
#include <gtest/gtest.h>

#include "engine/nexus/family.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

const NexusCardId kGuildCard{Faction::SpacingGuild};

// Seed 000: "Take one entire shipment payment otherwise owed to Guild or bank, including one's own
// payment." The Harkonnen ship into Arrakeen, paying the Guild; holding the Guild card, they take
// their own payment back; their Movement waits until then.
TEST(SpacingGuildNexus, BetrayalTakesOnesOwnPaymentBackAndTheMovementWaits) {
  StagedChance chance(9);
  GameState s = audit_game(false, kFour);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), guild = seat_of(s, Faction::SpacingGuild);
  give(s, harkonnen, Faction::SpacingGuild);
  s.storm.sector = Sector{0};
  s = at_shipment_of(std::move(s), harkonnen, chance);
  ASSERT_EQ(s.step, Step::Shipment);
  const Spice own = s.seat(harkonnen).spice, guilds = s.seat(guild).spice;
  s = play(s, harkonnen, Ship{kArrakeen, ForceCount{3}, ForceCount{0}, false}, chance);
  ASSERT_EQ(s.nexus.window, Faction::SpacingGuild);
  ASSERT_TRUE(s.movement.invoice);
  EXPECT_EQ(s.movement.invoice->amount, Spice{3});
  EXPECT_EQ(s.movement.invoice->payee, guild);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});  // the payer holds a card: it answers
  EXPECT_EQ(s.step, Step::Shipment);                       // the Movement waits
  expect_rejected(s, envelope(s, harkonnen, Move{TerritoryId::Arrakeen, kArrakeen, ForceCount{1}, ForceCount{0}}),
                  RejectCode::WrongPhase);
  s = play(s, harkonnen, PlayNexus{kGuildCard, NexusMode::Betrayal, std::nullopt, s.nexus.window_attempt, ForceCount{0}}, chance);
  EXPECT_EQ(s.seat(harkonnen).spice, own);
  EXPECT_EQ(s.seat(guild).spice, guilds);
  EXPECT_FALSE(s.nexus.window);
  EXPECT_EQ(s.step, Step::Movement);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
}

// Inside the Betrayal window a Bene Gesserit shipment opens, only the Guild card is played: the
// Bene Gesserit's own Cunning, offered in their action before the shipment, waits until the window
// closes (a gate campaign found the window then awaiting nobody, issue 21).
TEST(SpacingGuildNexus, AnotherCardWaitsWhileTheBetrayalWindowIsOpen) {
  StagedChance chance(9);
  GameState s = audit_game(true, {Faction::BeneGesserit, Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild});
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  give(s, bg, Faction::BeneGesserit);
  s.storm.sector = Sector{0};
  s = at_shipment_of(std::move(s), bg, chance);
  // An advisor group of theirs in Arrakeen, able to flip.
  s.seat(bg).reserves_normal -= ForceCount{1};
  s.board.normal[index(kArrakeen)][index(Faction::BeneGesserit)] += ForceCount{1};
  s.board.advisors[index(TerritoryId::Arrakeen)] = true;
  const PlayNexus cunning{NexusCardId{Faction::BeneGesserit}, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}};
  const auto offered = [&](const GameState& g) {
    const auto legal = legal_commands(g, bg);
    return std::find(legal.begin(), legal.end(), Command{cunning}) != legal.end();
  };
  ASSERT_TRUE(offered(s));  // in their own action, with advisors able to flip
  s = play(s, bg, Ship{CellId{0}, ForceCount{1}, ForceCount{0}, false}, chance);
  ASSERT_EQ(s.nexus.window, Faction::SpacingGuild);
  ASSERT_EQ(pending(s), std::vector<Seat>{bg});
  EXPECT_FALSE(offered(s));
  expect_rejected(s, envelope(s, bg, cunning), RejectCode::WrongPhase);
  s = play(s, bg, Pass{}, chance);
  EXPECT_FALSE(s.nexus.window);
  EXPECT_TRUE(offered(s));  // back in their action
}

// Seed 000: "Immediately after one's Shipment and Movement, make a second shipment. That group
// cannot move unless Hajr permits it." The receipt binds until the Guild's action ends, then the
// second shipment comes, and no move follows it without a Hajr.
TEST(SpacingGuildNexus, CunningSecondShipmentFollowsTheActionAndItsGroupStays) {
  StagedChance chance(9);
  GameState s = audit_game(false, kFour);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  give(s, guild, Faction::SpacingGuild);
  s.storm.sector = Sector{0};
  s = at_shipment_of(std::move(s), guild, chance);
  s = play(s, guild, PlayNexus{kGuildCard, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}}, chance);
  ASSERT_EQ(s.nexus.receipts.size(), 1U);
  EXPECT_TRUE(s.nexus.receipts[0].delayed);
  EXPECT_FALSE(s.nexus.receipts[0].consumed);
  s = play(s, guild, Pass{}, chance);  // no first shipment
  ASSERT_EQ(s.step, Step::Movement);
  s = play(s, guild, Pass{}, chance);  // the action ends: the second shipment
  ASSERT_EQ(s.step, Step::Shipment);
  EXPECT_TRUE(s.movement.extra_shipment);
  EXPECT_TRUE(s.nexus.receipts[0].consumed);
  EXPECT_EQ(pending(s), std::vector<Seat>{guild});
  s = play(s, guild, Ship{kArrakeen, ForceCount{2}, ForceCount{0}, false}, chance);
  ASSERT_EQ(s.step, Step::Movement);
  expect_rejected(s, envelope(s, guild, Move{TerritoryId::Arrakeen, kArrakeen, ForceCount{2}, ForceCount{0}}), RejectCode::IllegalChoice);
  for (const Command& c : legal_commands(s, guild)) EXPECT_FALSE(std::holds_alternative<Move>(c)) << to_string(c);
  s = play(s, guild, Pass{}, chance);
  EXPECT_FALSE(s.movement.extra_shipment);
  EXPECT_NE(pending(s), std::vector<Seat>{guild});  // the turn went on; no third shipment
}

}  // namespace
}  // namespace dune

// The Emperor Nexus family (seed 000, Emperor row; seed 003): the roles Cunning and Betrayal give
// the Emperor's forces in strength, the windows of the plans taking turns, and the Secret Ally
// revival's count and cap. The panels' printed examples are the scenario fixtures
// tests/scenarios/nexus/emperor_*.json.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "engine/battle.h"
#include "engine/nexus/family.h"
#include "engine/projection.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

const NexusCardId kEmperorCard{Faction::Emperor};

PlayNexus emperor_play(NexusMode mode, std::uint32_t answers = 0, int special = 0) {
  return PlayNexus{kEmperorCard, mode, std::nullopt, answers, ForceCount{special}};
}

// A battle in Arrakeen on turn 2 between the Emperor (normal and special forces from reserves) and
// `opponent` (3 forces), the storm away; the battle phase entered and settled.
GameState emperor_battle(bool advanced, std::vector<Faction> factions, Faction opponent, int normal, int special,
                         StagedChance& chance) {
  GameState s = audit_game(advanced, std::move(factions));
  s.storm.sector = Sector{0};
  SeatState& emperor = s.seat(seat_of(s, Faction::Emperor));
  emperor.reserves_normal -= ForceCount{normal};
  emperor.reserves_special -= ForceCount{special};
  s.board.normal[index(kArrakeen)][index(Faction::Emperor)] += ForceCount{normal};
  s.board.special[index(kArrakeen)][index(Faction::Emperor)] += ForceCount{special};
  if (s.board.normal[index(kArrakeen)][index(opponent)] == ForceCount{0}) {
    s.seat(seat_of(s, opponent)).reserves_normal -= ForceCount{3};
    s.board.normal[index(kArrakeen)][index(opponent)] += ForceCount{3};
  }
  s.turn = 2;
  enter_phase(s, Phase::Battle);
  return settle(std::move(s), chance);
}

int emperor_side(const GameState& s) { return battle_detail::side_of(s, seat_of(s, Faction::Emperor)); }

int most_dial(const GameState& s) { return battle_detail::max_dial_halves(s, emperor_side(s), Spice{0}); }

const std::vector<Faction> kNoVoice{Faction::Emperor, Faction::Harkonnen, Faction::SpacingGuild, Faction::Fremen};

// Seed 003: "Treat five existing ordinary counters as effective Sardaukar for that battle. Do not
// create forces ...": the Emperor's five ordinary forces, unsupported in Advanced combat, count
// 1 (half points 2) each as Sardaukar instead of one half; no counter moves.
TEST(EmperorNexus, CunningCountsFiveOrdinaryForcesAsSardaukarCreatingNone) {
  StagedChance chance(31);
  GameState s = emperor_battle(true, kNoVoice, Faction::Harkonnen, 6, 0, chance);
  const Seat emperor = seat_of(s, Faction::Emperor);
  give(s, emperor, Faction::Emperor);
  ASSERT_EQ(s.battle.stage, BattleStage::Plans);
  EXPECT_EQ(most_dial(s), 6);  // six ordinary forces, unsupported: half a point each
  const BoardState board = s.board;
  const SeatState before = s.seat(emperor);
  s = play(s, emperor, emperor_play(NexusMode::Cunning), chance);
  EXPECT_EQ(s.battle.nexus_sardaukar, 5);
  EXPECT_EQ(most_dial(s), 11);  // five as Sardaukar (one point each unsupported) and one ordinary
  EXPECT_EQ(s.board, board);
  EXPECT_EQ(s.seat(emperor).reserves_special, before.reserves_special);
  EXPECT_EQ(s.seat(emperor).tanks_special, before.tanks_special);
  ASSERT_EQ(s.nexus.receipts.size(), 1U);
  EXPECT_EQ(s.nexus.receipts[0].mode, NexusMode::Cunning);
  // One Cunning a battle: the card is gone.
  expect_rejected(s, envelope(s, emperor, emperor_play(NexusMode::Cunning)), RejectCode::IllegalChoice);
}

// Seed 003, "Short groups" and "Basic has no useful Sardaukar enhancement": not offered with
// fewer than five ordinary forces, with an actual Sardaukar there, or in a game without the
// special forces rule.
TEST(EmperorNexus, CunningIsNotOfferedShortOfFiveWithSardaukarOrInBasic) {
  struct Case {
    bool advanced;
    int normal, special;
  };
  for (const Case c : {Case{true, 4, 0}, Case{true, 6, 1}, Case{false, 6, 0}}) {
    StagedChance chance(32);
    GameState s = emperor_battle(c.advanced, kNoVoice, Faction::Harkonnen, c.normal, c.special, chance);
    const Seat emperor = seat_of(s, Faction::Emperor);
    give(s, emperor, Faction::Emperor);
    ASSERT_EQ(s.battle.stage, BattleStage::Plans);
    expect_rejected(s, envelope(s, emperor, emperor_play(NexusMode::Cunning)), RejectCode::IllegalChoice);
    for (const Command& cmd : legal_commands(s, emperor)) EXPECT_FALSE(std::holds_alternative<PlayNexus>(cmd)) << to_string(cmd);
  }
}

// Seed 000: "suppress Sardaukar while battle plans are being made": the window opens as the plans
// begin, for every seat but the Emperor holding a card; the play names the attempt, and the
// Sardaukar count as ordinary forces for the rest of the battle (they stay Sardaukar).
TEST(EmperorNexus, BetrayalPreventsTheSardaukarAdvantageOfThisBattle) {
  StagedChance chance(33);
  GameState s = emperor_battle(true, kNoVoice, Faction::Harkonnen, 3, 2, chance);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  give(s, guild, Faction::Emperor);
  // Enter the plans again now that a card is held.
  reenter_plans(s);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusBetrayal);
  EXPECT_EQ(s.battle.nexus_window, Faction::Emperor);
  EXPECT_EQ(pending(s), std::vector<Seat>{guild});
  const std::uint32_t attempt = s.battle.sardaukar_attempt;
  ASSERT_GT(attempt, 0U);
  EXPECT_EQ(most_dial(s), 7);  // three ordinary at a half, two Sardaukar at one
  expect_rejected(s, envelope(s, guild, emperor_play(NexusMode::Betrayal, attempt + 1)), RejectCode::IllegalChoice);
  const BoardState board = s.board;
  s = play(s, guild, emperor_play(NexusMode::Betrayal, attempt), chance);
  EXPECT_TRUE(s.battle.sardaukar_prevented);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
  EXPECT_EQ(s.board, board);
  EXPECT_EQ(most_dial(s), 5);  // every force at a half
  EXPECT_EQ(s.nexus.receipts.back().answers, fmt::format("Sardaukar attempt {} (2 Sardaukar)", attempt));
  // Cunning cannot follow: the prevented Sardaukar are still Sardaukar (seed 003).
  const Seat emperor = seat_of(s, Faction::Emperor);
  give(s, emperor, Faction::Emperor);
  expect_rejected(s, envelope(s, emperor, emperor_play(NexusMode::Cunning)), RejectCode::IllegalChoice);
}

// Two families open windows as the plans begin: the Atreides Secret Ally (Atreides absent, a
// combatant holding a card) and the Emperor Betrayal (his Sardaukar there). They take turns, in
// registration order, and the plans follow.
TEST(EmperorNexus, TheWindowsOfThePlansOpenOneAfterAnother) {
  StagedChance chance(34);
  GameState s = emperor_battle(true, kNoVoice, Faction::Harkonnen, 3, 2, chance);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), guild = seat_of(s, Faction::SpacingGuild);
  give(s, harkonnen, Faction::Moritani);
  give(s, guild, Faction::Emperor);
  reenter_plans(s);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusSecretAlly);
  EXPECT_EQ(s.battle.nexus_window, Faction::Atreides);
  EXPECT_EQ(pending(s), std::vector<Seat>{harkonnen});
  s = play(s, harkonnen, Pass{}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusBetrayal);
  EXPECT_EQ(s.battle.nexus_window, Faction::Emperor);
  EXPECT_EQ(pending(s), (std::vector<Seat>{harkonnen, guild}));
  s = play(s, harkonnen, Pass{}, chance);
  s = play(s, guild, Pass{}, chance);
  EXPECT_EQ(s.battle.stage, BattleStage::Plans);
  EXPECT_FALSE(s.battle.sardaukar_prevented);
  EXPECT_EQ(s.battle.plans_hooks_run, nexus_families().size());
}

// With Prescience asked, the plans begin with its answer: the Emperor's window opens before the
// answer is committed, and returns to it.
TEST(EmperorNexus, TheBetrayalWindowComesBeforeThePrescienceAnswer) {
  StagedChance chance(35);
  const std::vector<Faction> factions{Faction::Atreides, Faction::Emperor, Faction::SpacingGuild};
  GameState s = emperor_battle(true, factions, Faction::Atreides, 3, 2, chance);
  const Seat atreides = seat_of(s, Faction::Atreides), guild = seat_of(s, Faction::SpacingGuild);
  give(s, guild, Faction::Emperor);
  ASSERT_EQ(s.battle.stage, BattleStage::Prescience);
  s = play(s, atreides, UsePrescience{PlanElement::Dial}, chance);
  // The Atreides Betrayal window first (the Guild holds a card), then the Emperor's.
  ASSERT_EQ(s.battle.stage, BattleStage::NexusBetrayal);
  EXPECT_EQ(s.battle.nexus_window, Faction::Atreides);
  s = play(s, guild, Pass{}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusBetrayal);
  EXPECT_EQ(s.battle.nexus_window, Faction::Emperor);
  EXPECT_FALSE(s.battle.plans[0] || s.battle.plans[1] || s.battle.wheels[0] || s.battle.wheels[1]);
  s = play(s, guild, emperor_play(NexusMode::Betrayal, s.battle.sardaukar_attempt), chance);
  EXPECT_EQ(s.battle.stage, BattleStage::PrescienceAnswer);
  EXPECT_EQ(most_dial(s), 5);
}

// Seed 003: "revive three additional forces free beyond the normal limit"; the one-per-turn
// Fedaykin cap holds through it (November FAQ p.2); the player's ordinary revival follows.
TEST(EmperorNexus, SecretAllyRevivesThreeFreeBeyondTheLimitWithinTheSpecialCap) {
  StagedChance chance(36);
  const std::vector<Faction> factions{Faction::Fremen, Faction::Harkonnen, Faction::Atreides, Faction::SpacingGuild};
  GameState s = audit_game(true, factions);
  const Seat fremen = seat_of(s, Faction::Fremen);
  SeatState& f = s.seat(fremen);
  f.reserves_normal -= ForceCount{4};
  f.tanks_normal += ForceCount{4};
  f.reserves_special -= ForceCount{2};
  f.tanks_special += ForceCount{2};
  give(s, fremen, Faction::Emperor);
  s.turn = 2;
  enter_phase(s, Phase::Revival);
  s = settle(std::move(s), chance);
  ASSERT_EQ(s.step, Step::Revival);
  expect_rejected(s, envelope(s, fremen, emperor_play(NexusMode::SecretAlly, 0, 2)), RejectCode::IllegalChoice);  // one Fedaykin a turn
  expect_rejected(s, envelope(s, fremen, emperor_play(NexusMode::SecretAlly, 0, -1)), RejectCode::IllegalChoice);
  const SeatState before = s.seat(fremen);
  s = play(s, fremen, emperor_play(NexusMode::SecretAlly, 0, 1), chance);
  const SeatState& after = s.seat(fremen);
  EXPECT_EQ(after.tanks_normal, before.tanks_normal - ForceCount{2});
  EXPECT_EQ(after.tanks_special, before.tanks_special - ForceCount{1});
  EXPECT_EQ(after.reserves_normal, before.reserves_normal + ForceCount{2});
  EXPECT_EQ(after.reserves_special, before.reserves_special + ForceCount{1});
  EXPECT_EQ(after.spice, before.spice);
  EXPECT_EQ(pending(s), std::vector<Seat>{fremen});  // the ordinary revival is still to come
  expect_rejected(s, envelope(s, fremen, Revive{ForceCount{0}, ForceCount{1}, std::nullopt, ForceCount{0}, false}),
                  RejectCode::IllegalChoice);  // the Fedaykin of the turn came back already
  s = play(s, fremen, Revive{ForceCount{2}, ForceCount{0}, std::nullopt, ForceCount{0}, false}, chance);
  EXPECT_EQ(s.seat(fremen).tanks_normal, ForceCount{0});
}

// Seed 003, "Short groups": three or nothing.
TEST(EmperorNexus, SecretAllyRevivalIsNotOfferedWhenThreeCannotBeRevived) {
  StagedChance chance(37);
  const std::vector<Faction> factions{Faction::Harkonnen, Faction::Atreides, Faction::SpacingGuild};
  GameState s = audit_game(false, factions);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  s.seat(harkonnen).reserves_normal -= ForceCount{2};
  s.seat(harkonnen).tanks_normal += ForceCount{2};
  give(s, harkonnen, Faction::Emperor);
  s.turn = 2;
  enter_phase(s, Phase::Revival);
  s = settle(std::move(s), chance);
  ASSERT_EQ(s.step, Step::Revival);
  expect_rejected(s, envelope(s, harkonnen, emperor_play(NexusMode::SecretAlly)), RejectCode::NotEnoughForces);
  for (const Command& cmd : legal_commands(s, harkonnen)) EXPECT_FALSE(std::holds_alternative<PlayNexus>(cmd)) << to_string(cmd);
}

}  // namespace
}  // namespace dune

// The Bene Gesserit Nexus family (seed 000, Bene Gesserit row): the Betrayal window shows only who
// holds *a* card, and the Cunning conversion keeps the flip rules the card does not lift. The
// panels' printed examples are the scenario fixtures tests/scenarios/nexus/bene_gesserit_*.json.
#include <gtest/gtest.h>

#include "engine/battle.h"
#include "engine/projection.h"
#include "invariants/oracles.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

// A battle in Arrakeen between the Bene Gesserit and the Harkonnen (3 forces each), the Emperor
// and the Guild seated, on turn 2; `card` held by the Emperor, who does not fight.
GameState voice_battle(bool advanced, Faction card) {
  GameState s = audit_game(advanced, {Faction::BeneGesserit, Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild});
  s.storm.sector = Sector{0};
  for (Faction f : {Faction::BeneGesserit, Faction::Harkonnen}) {
    SeatState& seat = s.seat(seat_of(s, f));
    seat.reserves_normal -= ForceCount{3};
    s.board.normal[index(kArrakeen)][index(f)] += ForceCount{3};
  }
  give(s, seat_of(s, Faction::Emperor), card);
  s.turn = 2;
  enter_phase(s, Phase::Battle);
  return s;
}

// Seed 000 item 9 and the one policy for hidden optional reactions: the window after the Voice
// awaits every other seat holding a card, so the Emperor holding the Bene Gesserit card or another
// one makes no difference to anybody else's view or to who is awaited.
TEST(BeneGesseritNexus, TheBetrayalWindowShowsOnlyWhoHoldsACard) {
  for (bool advanced : {false, true}) {
    StagedChance chance(5);
    GameState with = voice_battle(advanced, Faction::BeneGesserit);
    GameState without = voice_battle(advanced, Faction::Moritani);
    const Seat bg = seat_of(with, Faction::BeneGesserit), emperor = seat_of(with, Faction::Emperor);
    const Command voice = UseVoice{VoiceSubject::Worthless, true};
    with = play(with, bg, voice, chance);
    without = play(without, bg, voice, chance);
    ASSERT_EQ(with.battle.stage, BattleStage::NexusBetrayal);
    EXPECT_EQ(pending(with), std::vector<Seat>{emperor});
    EXPECT_EQ(pending(with), pending(without));
    EXPECT_EQ(view_to_json(project_public(with)), view_to_json(project_public(without)));
    EXPECT_EQ(view_to_json(project_seat(with, bg)), view_to_json(project_seat(without, bg)));
    // Only the real holder can stop it; the other passes, and the Voice binds.
    expect_rejected(without, envelope(without, emperor, PlayNexus{NexusCardId{Faction::BeneGesserit}, NexusMode::Betrayal, std::nullopt, 1, ForceCount{0}}),
                    RejectCode::IllegalChoice);
    without = play(without, emperor, Pass{}, chance);
    EXPECT_EQ(without.battle.voice, std::get<UseVoice>(voice));
    with = play(with, emperor, PlayNexus{NexusCardId{Faction::BeneGesserit}, NexusMode::Betrayal, std::nullopt, 1, ForceCount{0}}, chance);
    EXPECT_FALSE(with.battle.voice);
  }
}

// Seed 000: the Cunning converts "any selected advisor groups"; it does not say it lifts Peacetime
// ([LR] 2.02.18) or Stormed In (2.02.19), so a group with the ally there or under the storm stays
// as it is (README, Bene Gesserit family); another group turns.
TEST(BeneGesseritNexus, TheConversionKeepsPeacetimeAndStormedIn) {
  StagedChance chance(5);
  GameState s = audit_game(true, {Faction::BeneGesserit, Faction::Harkonnen, Faction::Emperor});
  const Seat bg = seat_of(s, Faction::BeneGesserit);
  s.alliances.push_back(Alliance{Faction::BeneGesserit, Faction::Emperor});
  s.seat(bg).ally = Faction::Emperor;
  s.seat(seat_of(s, Faction::Emperor)).ally = Faction::BeneGesserit;
  s.storm.sector = Sector{0};
  give(s, bg, Faction::BeneGesserit);
  const auto put_advisors = [&](TerritoryId t, std::optional<Faction> with) {
    const CellId cell = *cells_of(t).begin();
    s.seat(bg).reserves_normal -= ForceCount{1};
    s.board.normal[index(cell)][index(Faction::BeneGesserit)] += ForceCount{1};
    s.board.advisors[index(t)] = true;
    if (with) {
      s.seat(seat_of(s, *with)).reserves_normal -= ForceCount{1};
      s.board.normal[index(cell)][index(*with)] += ForceCount{1};
    }
  };
  put_advisors(TerritoryId::TheGreatFlat, std::nullopt);
  put_advisors(TerritoryId::HaggaBasin, Faction::Emperor);  // the ally there: Peacetime
  s.turn = 2;
  enter_phase(s, Phase::ShipmentAndMovement);
  s = settle(std::move(s), chance);
  while (s.movement.flip_window) s = play(s, bg, Pass{}, chance);  // Wartime declined
  while (pending(s) != std::vector<Seat>{bg}) s = play(s, pending(s).front(), Pass{}, chance);
  s = play(s, bg, PlayNexus{NexusCardId{Faction::BeneGesserit}, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}}, chance);
  ASSERT_TRUE(s.movement.flip_window);
  EXPECT_EQ(s.movement.flip_window->occasion, FlipOccasion::NexusCunning);
  expect_rejected(s, envelope(s, bg, FlipBeneGesserit{TerritoryId::HaggaBasin, BeneGesseritSide::Fighters}), RejectCode::IllegalChoice);
  s = play(s, bg, FlipBeneGesserit{TerritoryId::TheGreatFlat, BeneGesseritSide::Fighters}, chance);
  EXPECT_FALSE(s.board.advisors[index(TerritoryId::TheGreatFlat)]);
  EXPECT_TRUE(s.board.advisors[index(TerritoryId::HaggaBasin)]);
  EXPECT_FALSE(s.movement.flip_window);  // nothing else may turn: the conversion closed
  EXPECT_EQ(pending(s), std::vector<Seat>{bg});
}

}  // namespace
}  // namespace dune

namespace dune {
namespace {

// oracle.legal-command: the Secret Ally Voice is owed only for a play in this battle. A battle the
// engine starts by itself (the aggressor's one option) leaves no ChooseBattle in the log, so a play
// of an earlier battle, followed there by its plans, does not make a Voice in this one legal.
TEST(BeneGesseritNexus, AnEarlierBattlesSecretAllyOwesNoVoiceInTheNext) {
  StagedChance chance(7);
  // The Bene Gesserit absent: a three-seat game with the battle of the Harkonnen and the Emperor.
  GameState g = audit_game(false, {Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild});
  const Seat hk = seat_of(g, Faction::Harkonnen);
  g.storm.sector = Sector{0};
  for (Faction f : {Faction::Harkonnen, Faction::Emperor}) {
    g.seat(seat_of(g, f)).reserves_normal -= ForceCount{3};
    g.board.normal[index(kArrakeen)][index(f)] += ForceCount{3};
  }
  g.turn = 2;
  enter_phase(g, Phase::Battle);
  g = settle(std::move(g), chance);
  ASSERT_EQ(g.step, Step::Battle);
  // The log as an earlier battle left it: the Harkonnen's Secret Ally play, then its plan.
  g.log.push_back(Envelope{CommandId{90001}, hk, 0, PlayNexus{NexusCardId{Faction::BeneGesserit}, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}}});
  g.log.push_back(Envelope{CommandId{90002}, hk, 0, PlanBattle{}});
  g.battle.stage = BattleStage::Voice;
  g.battle.voice_side = static_cast<std::uint8_t>(battle_detail::side_of(g, hk));
  const LogEntry entry = Envelope{CommandId{90003}, hk, g.version, UseVoice{VoiceSubject::Worthless, true}};
  GameState after = g;
  after.log.push_back(entry);
  const invariants::Transition t{g, after.log.back(), after, 0};
  bool flagged = false;
  for (const invariants::Checker& k : invariants::oracle_checkers()) {
    if (k.name != "oracle.legal-command") continue;
    flagged = !k.check(t, invariants::GameContext::of(g)).empty();
  }
  EXPECT_TRUE(flagged) << "a Voice by the Harkonnen, owed by no play of this battle, passed oracle.legal-command";
}

}  // namespace
}  // namespace dune

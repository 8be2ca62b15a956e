// A Nexus family is one registered unit (issue 14 item 1): the status of every family comes from
// the registration list and nothing else, each registered family's table is complete and its file
// is where it says, and a play is dispatched by the card played, never by the window it is in.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <set>

#include "engine/nexus/family.h"
#include "invariants/nexus_contracts.h"
#include "model/nexus_registry.h"
#include "tests/nexus/nexus_support.h"

namespace dune {
namespace {

TEST(NexusRegistryTest, ImplementedExactlyWhenRegistered) {
  for (Faction f : kAllFactions) {
    SCOPED_TRACE(std::string(to_string(f)));
    const bool registered = find_nexus_family(f) != nullptr;
    EXPECT_EQ(registered, family_registered(f));
    EXPECT_EQ(registered, family_status(f).kind != StatusKind::Unavailable);
    if (!registered) {
      EXPECT_FALSE(family_status(f).reason.empty());
    }
  }
  EXPECT_EQ(nexus_families().size(), kRegisteredFamilies.size());
}

TEST(NexusRegistryTest, EveryRegisteredFamilyIsCompleteAndLivesInItsOwnFile) {
  for (const NexusFamily* f : nexus_families()) {
    SCOPED_TRACE(std::string(to_string(f->card)));
    EXPECT_EQ(find_nexus_family(f->card), f);
    for (std::size_t i = 0; i < kNexusModes.size(); ++i) EXPECT_EQ(f->panels[i].mode, kNexusModes[i]);
    EXPECT_TRUE(f->on_hook && f->owns_window && f->awaited && f->pass && f->candidates && f->validate && f->apply);
    EXPECT_TRUE(std::filesystem::exists(std::filesystem::path(DUNE_SOURCE_DIR) / f->source)) << f->source;
    EXPECT_EQ(std::filesystem::path(f->source).parent_path(), "engine/nexus");
    for (const NexusCoverageRow& row : f->coverage) EXPECT_TRUE(row.hits && !row.what.empty() && row.required > 0);
  }
}

// Issue 17 item 4: every panel a registered family offers has a contract checker of its own, named
// by the family's registration and present in the catalogue, and every contract checker belongs to
// a registered family's panel. A panel that waits for its faction (issue 21) names none.
TEST(NexusRegistryTest, EveryPanelOfARegisteredFamilyHasItsContractChecker) {
  std::set<std::string_view> named;
  for (const NexusFamily* f : nexus_families()) {
    SCOPED_TRACE(std::string(to_string(f->card)));
    for (std::size_t i = 0; i < kNexusModes.size(); ++i) {
      if (!panel_playable(f->card, kNexusModes[i])) {
        EXPECT_TRUE(f->contracts[i].empty()) << to_string(kNexusModes[i]) << " cannot be played, yet names a contract";
        continue;
      }
      EXPECT_FALSE(f->contracts[i].empty()) << to_string(kNexusModes[i]) << " has no contract checker";
      EXPECT_TRUE(invariants::has_contract(f->card, kNexusModes[i])) << f->contracts[i] << " is not a checker of the catalogue";
      named.insert(f->contracts[i]);
    }
  }
  for (const invariants::Checker& c : invariants::contract_checkers()) EXPECT_TRUE(named.count(c.name)) << c.name << " names no panel";
  for (const invariants::Checker& c : invariants::contract_checkers()) {
    const auto all = invariants::all_checkers();
    EXPECT_TRUE(std::any_of(all.begin(), all.end(), [&](const invariants::Checker& x) { return x.name == c.name; })) << c.name;
  }
}

// Issue 21 item 7: a panel's status is its own. The Tleilaxu family is registered and the Tleilaxu
// faction is seated and reveals Face Dancers (issue 22): all three panels are playable, and so
// are the Ixians' (seated, issue 22); the Richese' wait for their faction; the Tleilaxu Secret Ally is implemented or
// verified by the gate record, with seed 002's policy named; a family is verified only when all
// three panels are. A base family's panels are all playable.
TEST(NexusRegistryTest, APanelHasItsOwnStatusAndAFamilyIsVerifiedWhenItsThreePanelsAre) {
  ASSERT_TRUE(family_registered(Faction::Tleilaxu));
  for (NexusMode m : {NexusMode::Betrayal, NexusMode::Cunning}) {
    EXPECT_TRUE(panel_playable(Faction::Tleilaxu, m));
    EXPECT_NE(panel_status(Faction::Tleilaxu, m).kind, StatusKind::Unavailable);
    EXPECT_TRUE(panel_playable(Faction::Ixians, m));
    EXPECT_NE(panel_status(Faction::Ixians, m).kind, StatusKind::Unavailable);
    EXPECT_FALSE(panel_playable(Faction::Richese, m));
    EXPECT_EQ(panel_status(Faction::Richese, m).reason, kWaitsForFaction);
  }
  EXPECT_TRUE(faction_playable(Faction::Tleilaxu));
  EXPECT_TRUE(faction_playable(Faction::Ixians));
  EXPECT_TRUE(native_panels_playable(Faction::Tleilaxu));
  EXPECT_TRUE(native_panels_playable(Faction::Ixians));
  const PanelStatus ally = panel_status(Faction::Tleilaxu, NexusMode::SecretAlly);
  EXPECT_NE(ally.kind, StatusKind::Unavailable);
  EXPECT_NE(ally.reason.find("prototype policy, seed 002"), std::string_view::npos) << ally.reason;
  EXPECT_EQ(family_status(Faction::Tleilaxu).kind == StatusKind::Verified,
            gate_record_of(Faction::Tleilaxu) && gate_record_of(Faction::Tleilaxu)->panels[index(NexusMode::Betrayal)] &&
                gate_record_of(Faction::Tleilaxu)->panels[index(NexusMode::Cunning)] &&
                gate_record_of(Faction::Tleilaxu)->panels[index(NexusMode::SecretAlly)]);
  for (Faction f : kBaseFactions) {
    int verified = 0;
    for (NexusMode m : kNexusModes) {
      EXPECT_TRUE(panel_playable(f, m));
      verified += panel_status(f, m).kind == StatusKind::Verified ? 1 : 0;
    }
    EXPECT_EQ(family_status(f).kind == StatusKind::Verified, verified == 3) << to_string(f);
  }
  EXPECT_FALSE(all_families_verified());
}

// The Moritani card held by a combatant in the Atreides Secret Ally window: offered nothing but
// the pass, and a play of it is judged by the Moritani family's rules (its window on a battle lost
// is not open: WrongPhase), not by the rules of the window's family.
TEST(NexusRegistryTest, APlayIsDispatchedByTheCardNotByTheOpenWindow) {
  using namespace nexus_testing;
  StagedChance chance;
  GameState s = audit_game(false, {Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild});
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const NexusCardId moritani_card{Faction::Moritani};
  s.nexus.deck.take_unseen(moritani_card);
  s.nexus.held[harkonnen.value] = moritani_card;
  const NexusCardId atreides_card{Faction::Atreides};
  const Seat emperor = seat_of(s, Faction::Emperor);
  s.nexus.deck.take_unseen(atreides_card);
  s.nexus.held[emperor.value] = atreides_card;
  // A battle between Harkonnen and the Emperor in Arrakeen, the storm away.
  s.storm.sector = Sector{0};
  for (Seat seat : {harkonnen, emperor}) {
    s.seat(seat).reserves_normal -= ForceCount{3};
    s.board.normal[index(kArrakeen)][index(s.faction_of(seat))] += ForceCount{3};
  }
  s.turn = 2;
  enter_phase(s, Phase::Battle);
  s = settle(std::move(s), chance);
  while (s.battle.stage == BattleStage::Choose) s = play(s, pending(s).front(), legal_commands(s, pending(s).front()).front(), chance);
  // The Bene Gesserit are absent too: their Secret Ally window opens first (before Prescience,
  // seed 000), for both combatants holding a card; the Atreides card is not played in it.
  ASSERT_EQ(s.battle.stage, BattleStage::NexusSecretAlly);
  ASSERT_EQ(s.battle.nexus_window, Faction::BeneGesserit);
  for (const Command& c : legal_commands(s, emperor)) EXPECT_FALSE(std::holds_alternative<PlayNexus>(c)) << to_string(c);
  s = play(s, harkonnen, Pass{}, chance);
  s = play(s, emperor, Pass{}, chance);
  ASSERT_EQ(s.battle.stage, BattleStage::NexusSecretAlly);  // opened for the combatant holding the Atreides card
  ASSERT_EQ(s.battle.nexus_window, Faction::Atreides);

  for (const Command& c : legal_commands(s, harkonnen)) EXPECT_FALSE(std::holds_alternative<PlayNexus>(c)) << to_string(c);
  const auto result = submit(s, testing::envelope(s, harkonnen, PlayNexus{moritani_card, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}}));
  ASSERT_TRUE(std::holds_alternative<Rejection>(result));
  EXPECT_EQ(std::get<Rejection>(result).code, RejectCode::WrongPhase);
  EXPECT_NE(std::get<Rejection>(result).message.find("loser of a battle"), std::string::npos) << std::get<Rejection>(result).message;
  bool atreides_offered = false;
  for (const Command& c : legal_commands(s, emperor)) atreides_offered |= std::holds_alternative<PlayNexus>(c);
  EXPECT_TRUE(atreides_offered);
}

}  // namespace
}  // namespace dune

// The catalogue census for concrete and random setups.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "model/catalogue.h"
#include "model/factions.h"

namespace dune {
namespace {

CatalogueOptions six_base_factions_basic() {
  CatalogueOptions o;
  for (Faction f : {Faction::Atreides, Faction::BeneGesserit, Faction::Emperor, Faction::Fremen,
                    Faction::Harkonnen, Faction::SpacingGuild}) {
    o.factions_in_play[index(f)] = true;
  }
  return o;
}

TEST(CatalogueTest, SixBaseFactionsBasicCensus) {
  const CatalogueOptions o = six_base_factions_basic();
  EXPECT_EQ(TreacheryCard::census(o).total(), 33);
  EXPECT_EQ(TraitorCard::census(o).total(), 30);
  EXPECT_EQ(LeaderDisc::census(o).total(), 30);
  EXPECT_EQ(ForceToken::census(o).total(), 120);
  EXPECT_EQ(SpiceCard::census(o).total(), 21);
  EXPECT_EQ(StormCard::census(o).total(), 0);  // Basic: dials, no storm deck
  EXPECT_EQ(NexusCard::census(o).total(), 0);  // module not selected (seed 000, item 2)
  EXPECT_EQ(KwisatzHaderachToken::census(o).total(), 0);
}

TEST(CatalogueTest, NexusModuleKeepsAbsentFactionsCards) {
  CatalogueOptions o;
  o.factions_in_play[index(Faction::Atreides)] = true;
  o.factions_in_play[index(Faction::Fremen)] = true;
  o.nexus_module = true;
  EXPECT_EQ(NexusCard::census(o).total(), 12);  // seed 000, item 2: absent factions included
}

TEST(CatalogueTest, AdvancedSplitsSpecialForcesWithoutChangingTotals) {
  EXPECT_EQ(total_forces(Faction::Emperor, true).special, ForceCount{5});
  EXPECT_EQ(total_forces(Faction::Fremen, true).special, ForceCount{3});
  EXPECT_EQ(total_forces(Faction::Emperor, false).special, ForceCount{0});
  EXPECT_EQ(total_forces(Faction::Ixians, false).special, ForceCount{7});  // Cyborgs are E1 base
}

// The Ixians' row (docs/rules/ixians.md §2-§3, FS:258): pinned here from the digest, because the
// engine's revival and the oracles' price both read this one table.
TEST(CatalogueTest, TheIxiansRowIsTheDigests) {
  const FactionInfo& ix = faction_info(Faction::Ixians);
  EXPECT_EQ(ix.starting_spice, Spice{10});
  EXPECT_EQ(total_forces(Faction::Ixians, true).normal, ForceCount{13});
  EXPECT_EQ(total_forces(Faction::Ixians, true).special, ForceCount{7});
  EXPECT_EQ(ix.placement.kind, PlacementKind::HiddenMobileStronghold);
  EXPECT_EQ(ix.placement.normal, ForceCount{3});
  EXPECT_EQ(ix.placement.special, ForceCount{3});
  EXPECT_EQ(ix.free_revival, ForceCount{1});
  EXPECT_EQ(ix.force_revival_cost, Spice{2});          // a Suboid
  EXPECT_EQ(ix.special_force_revival_cost, Spice{3});  // a Cyborg
  EXPECT_EQ(ix.hand_limit, 4);
}

TEST(CatalogueTest, NexusCardZonesExcludeEveryTreacheryZone) {
  EXPECT_EQ(NexusCard::Zones::size, 3U);
  EXPECT_FALSE((OccupiableBy<Held<TreacheryCard>, NexusCard>));
  EXPECT_FALSE((OccupiableBy<Discard<TreacheryCard>, NexusCard>));
  EXPECT_TRUE((OccupiableBy<Held<NexusCard>, NexusCard>));
}

TEST(CatalogueTest, HarkonnenKeepsEightCardsAndAllFourTraitors) {
  EXPECT_EQ(faction_info(Faction::Harkonnen).hand_limit, 8);
  EXPECT_EQ(faction_info(Faction::Harkonnen).traitor_rule, TraitorRule::KeepAllFour);
  EXPECT_EQ(faction_info(Faction::Choam).hand_limit, 5);
  EXPECT_EQ(faction_info(Faction::Tleilaxu).traitor_rule, TraitorRule::FaceDancers);
}

rc::Gen<CatalogueOptions> any_setup() {
  return rc::gen::map(rc::gen::arbitrary<std::array<bool, kFactionCount + 4>>(), [](const auto& bits) {
    CatalogueOptions o;
    for (std::size_t i = 0; i < kFactionCount; ++i) o.factions_in_play[i] = bits[i];
    o.advanced = bits[kFactionCount];
    o.choam_auditor = bits[kFactionCount + 1];
    o.cards.cheap_hero_traitor = bits[kFactionCount + 2];
    o.nexus_module = bits[kFactionCount + 3];
    return o;
  });
}

// The traitor deck is derived from the leaders in play: 5 per faction, the Auditor with its rule,
// the Cheap Hero traitor with E1, never Duke Vidal (fact sheet §4.3).
RC_GTEST_PROP(CatalogueTest, TraitorDeckIsDerivedFromLeadersInPlay, ()) {
  const CatalogueOptions o = *any_setup();
  int factions = 0;
  for (bool b : o.factions_in_play) factions += b ? 1 : 0;
  const int expected = 5 * factions + ((o.choam_auditor && o.in_play(Faction::Choam)) ? 1 : 0) +
                       (o.cards.cheap_hero_traitor ? 1 : 0);
  RC_ASSERT(TraitorCard::census(o).total() == expected);
}

RC_GTEST_PROP(CatalogueTest, TwentyForcesPerFactionInPlay, ()) {
  const CatalogueOptions o = *any_setup();
  int factions = 0;
  for (bool b : o.factions_in_play) factions += b ? 1 : 0;
  RC_ASSERT(ForceToken::census(o).total() == 20 * factions);
}

}  // namespace
}  // namespace dune

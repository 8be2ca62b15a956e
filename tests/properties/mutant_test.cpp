// The mutant catalogue (issue 7 item 6): every mutant must be killed by the checkers within its
// small setup of random games (MutantSetup.games), first by the family it targets. An unkilled
// mutant fails.
#include <gtest/gtest.h>

#include <iostream>
#include <string>

#include "engine/nexus/family.h"
#include "harness/mutant_run.h"
#include "harness/mutants.h"
#include "tests/mutant_param.h"
#include "tests/skip_without_mutants.h"

namespace dune {
namespace {

class MutantTest : public testing::TestWithParam<harness::MutantInfo> {};

// A Nexus family's own mutants (engine/nexus/<family>.cpp) are mutants of the catalogue, and their
// games favour that family's card.
TEST(MutantCatalogueTest, EveryFamilyMutantIsCataloguedAndFavoursItsFamily) {
  std::size_t listed = 0;
  for (const NexusFamily* f : nexus_families()) {
    for (std::string_view name : f->mutants) {
      ++listed;
      EXPECT_TRUE(harness::find_mutant(name)) << to_string(f->card) << " lists an unknown mutant " << name;
      EXPECT_EQ(harness::nexus_mutant_family(name), f->card) << name;
    }
  }
  EXPECT_GT(listed, 0u);
}

TEST_P(MutantTest, IsKilled) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  const harness::MutantInfo& m = GetParam();
  const harness::MutantOutcome o = harness::run_mutant(m);
  ASSERT_TRUE(o.killed) << m.name << " (" << m.description << ") survived " << o.games << " games of its setup";
  // The family it targets kills it first, so every family (HasThirtyMutantsOverEveryFamily) bites
  // on a mutant of its own; and no checker fails on the unmutated engine in the same game.
  EXPECT_EQ(o.family, m.family) << m.name << " was killed first by " << o.found->checker;
  // A mutant written for one oracle is killed by that oracle and no other checker first (issue 17 item 6).
  if (!m.checker.empty()) {
    EXPECT_EQ(o.found->checker, m.checker) << m.name;
  }
  EXPECT_TRUE(o.excluded.empty()) << m.name << ": the control run (unmutated engine) fails " << o.excluded.front();
  RecordProperty("seconds_to_first_failure", std::to_string(o.seconds));
  RecordProperty("killed_by", o.found->checker);
  std::cout << "[mutant] " << m.name << " killed by " << o.found->checker << " (" << o.family << ") in game "
            << o.games << " after " << o.seconds << " s";
  for (const std::string& c : o.not_applicable) std::cout << " [not applicable: " << c << "]";
  std::cout << "\n";
}

TEST(MutantCatalogue, HasThirtyMutantsOverEveryFamily) {
  EXPECT_GE(harness::mutant_catalogue().size(), 30U);
  for (std::string_view family : {"census", "capacity", "conservation", "oracle", "protocol", "determinism",
                                  "noninterference", "single-consumption", "lifecycle"}) {
    int n = 0;
    for (const harness::MutantInfo& m : harness::mutant_catalogue()) n += m.family == family ? 1 : 0;
    EXPECT_GT(n, 0) << "no mutant targets " << family;
  }
}

TEST(MutantCatalogue, NoMutantIsActiveOutsideAScope) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  EXPECT_FALSE(mutant_active(Mutant::BidPaidToBank));
  {
    const ScopedMutant m(Mutant::BidPaidToBank);
    EXPECT_TRUE(mutant_active(Mutant::BidPaidToBank));
  }
  EXPECT_FALSE(mutant_active(Mutant::BidPaidToBank));
}

INSTANTIATE_TEST_SUITE_P(Catalogue, MutantTest,
                         testing::ValuesIn(harness::mutant_catalogue().begin(), harness::mutant_catalogue().end()),
                         mutant_test_name);

}  // namespace
}  // namespace dune

// The bounded explorer (proofs/explorer.h, issue 9): every named scope is exhausted at its default
// bounds with every invariant holding; the explorer kills every lifecycle mutant of the catalogue,
// and its shortest counterexample replays to the same violation through the harness.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <iostream>
#include <sstream>

#include "harness/mutants.h"
#include "proofs/explorer.h"
#include "tests/skip_without_mutants.h"

namespace dune::proofs {
namespace {

ExploreResult explored(std::string_view scope, const ExploreLimits& limits = {}) {
  auto r = explore(scope, limits);
  if (auto* e = std::get_if<std::string>(&r)) {
    ADD_FAILURE() << *e;
    return {};
  }
  return std::get<ExploreResult>(std::move(r));
}

std::string describe(const ExploreResult& r) {
  if (!r.violation) return "no violation";
  return r.violation->checker + ": " + r.violation->violation.message;
}

// CTest bounds: the full scopes run in `dunecheck explore` (README, "Bounded exploration");
// lifecycle-3 and lifecycle-held take minutes at their defaults, so CTest bounds their depth.
struct Bounded {
  std::string_view scope;
  int depth;  // -1: the scope's default (exhausted)
};
// Read by GoogleTest for the CTest names ("# GetParam() = ..."), not raw bytes.
void PrintTo(const Bounded& b, std::ostream* os) { *os << b.scope << ", depth " << b.depth; }

class ScopeTest : public ::testing::TestWithParam<Bounded> {};

TEST_P(ScopeTest, EveryInvariantHoldsAndTheDefaultBoundsExhaustTheScope) {
  const ExploreResult r = explored(GetParam().scope, {GetParam().depth, 0});
  EXPECT_FALSE(r.violation) << describe(r);
  if (GetParam().depth < 0) {
    EXPECT_TRUE(r.exhausted) << r.states << " states, depth " << r.depth_reached;
  }
  EXPECT_GT(r.states, 10u);
  EXPECT_GT(r.checks, r.transitions);  // every checker on every transition
  RecordProperty("states", static_cast<int>(r.states));
  RecordProperty("transitions", static_cast<int>(r.transitions));
  RecordProperty("depth", r.depth_reached);
}

INSTANTIATE_TEST_SUITE_P(Scopes, ScopeTest,
                         ::testing::Values(Bounded{"lifecycle-2", -1}, Bounded{"atreides-battle", -1}, Bounded{"bene-gesserit-battle", -1},
                                           Bounded{"tleilaxu-battle", -1}, Bounded{"tleilaxu-cunning", 4},
                                           Bounded{"lifecycle-3", 3}, Bounded{"lifecycle-held", 4},
                                           Bounded{"lifecycle-4", 3}),
                         [](const auto& param_info) {
                           std::string name(param_info.param.scope);
                           std::erase(name, '-');
                           return name;
                         });

TEST(ExplorerTest, NamesTheRequiredScopesAndTheirFamilies) {
  const auto names = scope_names();
  for (std::string_view required : {"lifecycle-2", "lifecycle-3", "lifecycle-4", "atreides-battle"}) {
    EXPECT_NE(std::find(names.begin(), names.end(), required), names.end()) << required;
  }
  const auto atreides = scopes_for_family(Faction::Atreides);
  EXPECT_EQ(atreides.size(), 4u);  // not lifecycle-4: too long for a gate campaign
  EXPECT_EQ(std::count(atreides.begin(), atreides.end(), std::string_view("lifecycle-4")), 0);
  const auto fremen = scopes_for_family(Faction::Fremen);
  EXPECT_EQ(std::count(fremen.begin(), fremen.end(), std::string_view("atreides-battle")), 0);
  EXPECT_TRUE(std::holds_alternative<std::string>(explore("no-such-scope")));
}

TEST(ExplorerTest, ABudgetOrDepthCutIsNotExhausted) {
  EXPECT_FALSE(explored("lifecycle-2", {-1, 5}).exhausted);
  const ExploreResult shallow = explored("lifecycle-2", {2, 0});
  EXPECT_FALSE(shallow.exhausted);
  EXPECT_LE(shallow.depth_reached, 2);
}

// The shortest counterexample of `scope` under `mutant`, replayed through the harness with the
// mutant still active: the same checker fails at the same step.
void expect_replays(const ExploreResult& r) {
  ASSERT_TRUE(r.counterexample);
  auto parsed = harness::counterexample_from_json(harness::counterexample_to_json(*r.counterexample));
  ASSERT_TRUE(std::holds_alternative<harness::Counterexample>(parsed)) << std::get<std::string>(parsed);
  std::ostringstream trace;
  const harness::RunResult replayed = harness::replay_counterexample(std::get<harness::Counterexample>(parsed), trace);
  ASSERT_TRUE(replayed.violation) << trace.str();
  EXPECT_EQ(replayed.violation->checker, r.violation->checker);
  EXPECT_EQ(replayed.violation->violation.invariant, r.violation->violation.invariant);
  EXPECT_EQ(replayed.violation->step, r.violation->step);
}

// Whether the counterexample's path also fails on the unmutated engine (the control), as
// harness/mutant_run.h decides: such a failure is not a kill.
bool control_fails(harness::Counterexample c) {
  c.mutant.clear();
  std::ostringstream trace;
  return harness::replay_counterexample(c, trace).violation.has_value();
}

// The scope that reaches each lifecycle mutant's rule (a new lifecycle mutant must be added here).
std::string_view scope_for(std::string_view mutant) {
  if (mutant == "nexus-kept-on-alliance") return "lifecycle-held";  // cards held when allying
  if (mutant == "nexus-ixian-card-kept") return "ixians-bidding";    // the bought lot kept, not discarded
  if (mutant == "nexus-ix-technology-betrayed-stands") return "ixians-technology";  // the last lot swapped all the same
  return "lifecycle-3";  // double blow, redraw policies, every draw
}

// The mutant's kill in its scope: a violation the control does not show on the same path. A
// checker the control fails too is excluded and the scope explored again.
std::optional<ExploreResult> kill(const harness::MutantInfo& m) {
  for (std::string_view scope : {scope_for(m.name)}) {
    std::vector<std::string> excluded;
    for (int attempt = 0; attempt < 3; ++attempt) {
      ScopedMutant active(m.id);
      auto r = explore(scope, {7, 0}, excluded);  // the longest kill takes 7 steps
      if (!std::holds_alternative<ExploreResult>(r) || !std::get<ExploreResult>(r).violation) break;
      ExploreResult& found = std::get<ExploreResult>(r);
      if (!control_fails(*found.counterexample)) return std::move(found);
      excluded.push_back(found.violation->checker);
    }
  }
  return std::nullopt;
}

TEST(ExplorerTest, KillsEveryLifecycleMutantWithAShortestCounterexampleThatReplays) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  int lifecycle = 0;
  for (const harness::MutantInfo& m : harness::mutant_catalogue()) {
    if (m.family != "lifecycle") continue;
    lifecycle += 1;
    SCOPED_TRACE(std::string(m.name));
    const auto found = kill(m);
    ASSERT_TRUE(found) << m.name << " survived the lifecycle scopes";
    const auto& c = *found->counterexample;
    const auto length = c.choices.size() + c.chance.size();
    RecordProperty(std::string(m.name), static_cast<int>(length));
    std::cout << m.name << ": killed in " << found->scope << " by " << found->violation->checker
              << ", shortest counterexample " << length << " steps (" << c.choices.size() << " choices, "
              << c.chance.size() << " chance outcomes)\n";
    ScopedMutant active(m.id);
    expect_replays(*found);
  }
  EXPECT_GE(lifecycle, 4);
}

// The Tleilaxu battle scope reaches a Face Dancer reveal and the Tleilaxu card's Betrayal on it:
// a cancelled reveal that still kills its leader is found there, by the panel's contract.
TEST(ExplorerTest, TheTleilaxuBattleScopeReachesTheBetrayalOnAReveal) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  ScopedMutant active(Mutant::NexusTleilaxuDancerStands);
  const ExploreResult r = explored("tleilaxu-battle");
  ASSERT_TRUE(r.violation) << r.states << " states explored";
  EXPECT_EQ(r.violation->checker, "contract.tleilaxu.betrayal") << describe(r);
}

// The Tleilaxu Cunning scope plays the card with a dancer face up: a Cunning that leaves the
// revealed group out of the Traitor Deck is found there, by the panel's contract, in two steps.
TEST(ExplorerTest, TheTleilaxuCunningScopeFindsADancerKeptRevealed) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  ScopedMutant active(Mutant::NexusTleilaxuCunningKeepsRevealed);
  const ExploreResult r = explored("tleilaxu-cunning", {3, 0});
  ASSERT_TRUE(r.violation) << r.states << " states explored";
  EXPECT_EQ(r.violation->checker, "contract.tleilaxu.cunning") << describe(r);
}

// --jobs changes the time, nothing else (issue 19): the same states, transitions, checks, leaves
// and depth, and under a mutant the same violation and counterexample. (The steps replayed to
// rebuild stored states differ: each worker has its own cursor.)
TEST(ExplorerTest, TheResultDoesNotDependOnTheNumberOfJobs) {
  const auto same = [](const ExploreResult& a, const ExploreResult& b) {
    EXPECT_EQ(a.states, b.states);
    EXPECT_EQ(a.transitions, b.transitions);
    EXPECT_EQ(a.checks, b.checks);
    EXPECT_EQ(a.leaves, b.leaves);
    EXPECT_EQ(a.depth_reached, b.depth_reached);
    EXPECT_EQ(a.exhausted, b.exhausted);
    EXPECT_EQ(a.violation.has_value(), b.violation.has_value());
    if (a.violation && b.violation) {
      EXPECT_EQ(a.violation->violation, b.violation->violation);
      EXPECT_EQ(a.counterexample->choices, b.counterexample->choices);
      EXPECT_EQ(a.counterexample->chance, b.counterexample->chance);
    }
  };
  const ExploreResult one = explored("lifecycle-held", {4, 0, 1});
  EXPECT_GT(one.states, 100u);
  EXPECT_GT(one.replayed, 0u);
  same(one, explored("lifecycle-held", {4, 0, 3}));
  DUNE_SKIP_WITHOUT_MUTANTS();
  const auto m = harness::find_mutant("nexus-kept-on-alliance");
  ASSERT_TRUE(m);
  const ScopedMutant active(m->id);  // the workers switch it on too
  const ExploreResult broken = explored("lifecycle-held", {7, 0, 1});
  ASSERT_TRUE(broken.violation);
  same(broken, explored("lifecycle-held", {7, 0, 3}));
}

TEST(ExplorerTest, CounterexampleFormatKeepsItsNewFieldsAndRefusesOldVersions) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  ScopedMutant active(Mutant::NexusBlowBErases);
  const ExploreResult r = explored("lifecycle-3");
  ASSERT_TRUE(r.counterexample);
  const nlohmann::json j = harness::counterexample_to_json(*r.counterexample);
  EXPECT_EQ(j["version"], 5);
  auto back = harness::counterexample_from_json(j);
  ASSERT_TRUE(std::holds_alternative<harness::Counterexample>(back));
  const auto& c = std::get<harness::Counterexample>(back);
  ASSERT_TRUE(c.start);
  EXPECT_EQ(c.start->state, r.counterexample->start->state);
  EXPECT_EQ(c.mutant, "nexus-blow-b-erases");
  EXPECT_EQ(c.chance, r.counterexample->chance);
  EXPECT_TRUE(c.every_step);
  nlohmann::json plain = j;
  for (const char* key : {"start", "chance", "every_step"}) plain.erase(key);
  auto loaded = harness::counterexample_from_json(plain);
  ASSERT_TRUE(std::holds_alternative<harness::Counterexample>(loaded));
  EXPECT_FALSE(std::get<harness::Counterexample>(loaded).start);
  // Before version 3 a choice ranked the commands in listing order: such a file would replay a
  // different game, so it is refused by its version (issue 23); a version 3 file has no card sets
  // in its options.
  for (int version : {1, 2, 3}) {
    nlohmann::json old = j;
    old["version"] = version;
    auto refused_old = harness::counterexample_from_json(old);
    ASSERT_TRUE(std::holds_alternative<std::string>(refused_old));
    EXPECT_EQ(std::get<std::string>(refused_old).rfind(fmt::format("version {}: ", version), 0), 0u) << std::get<std::string>(refused_old);
  }
  // A staged start has no digest, but it must be a state a game can be in (issue 18 item 3): a
  // phase that does not hold its step is refused, naming the broken invariant.
  nlohmann::json broken = j;
  broken["start"]["state"]["phase"] = broken["start"]["state"]["phase"] == "Storm" ? "Bidding" : "Storm";
  auto refused = harness::counterexample_from_json(broken);
  ASSERT_TRUE(std::holds_alternative<std::string>(refused));
  EXPECT_EQ(std::get<std::string>(refused).rfind("start: state: shape.step: ", 0), 0u) << std::get<std::string>(refused);
}

}  // namespace
}  // namespace dune::proofs

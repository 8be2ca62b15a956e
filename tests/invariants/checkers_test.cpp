// The checker families of invariants/registry.h: each named checker bites on a planted fault (a
// before/after pair built by hand that breaks it) and holds on a legal step.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <algorithm>
#include <string>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "engine/mutants.h"
#include "tests/skip_without_mutants.h"
#include "generators/random_player.h"
#include "invariants/catalogue_census.h"
#include "invariants/conservation.h"
#include "invariants/registry.h"
#include "invariants/shape.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

GameState opening(const Options& options, std::uint64_t seed = 1) {
  SeededChance chance(seed);
  return settle(std::get<GameState>(new_game(options)), chance);
}

const Checker& checker(std::string_view name) {
  for (const Checker& c : all_checkers()) {
    if (c.name == name) return c;
  }
  ADD_FAILURE() << "no checker named " << name;
  return all_checkers().front();
}

Violations run(std::string_view name, const GameState& before, const LogEntry& entry, const GameState& after, int index = 0) {
  return checker(name).check(Transition{before, entry, after, index}, GameContext::of(before));
}

bool named(const Violations& v, const std::string& fragment) {
  return std::any_of(v.begin(), v.end(), [&](const Violation& x) { return x.message.find(fragment) != std::string::npos; });
}

std::string first(const Violations& v) { return v.empty() ? "(none)" : v.front().invariant + ": " + v.front().message; }

// The first legal command of the first awaited seat, submitted: a real transition.
struct LegalStep {
  GameState before;
  Envelope envelope;
  GameState after;
};

LegalStep legal_step(const GameState& s) {
  const Seat seat = pending(s).front();
  const Envelope e{CommandId{s.version + 100}, seat, s.version, legal_commands(s, seat).front()};
  return LegalStep{s, e, std::get<Accepted>(submit(s, e)).next};
}

const Options kTwo = Options::basic({Faction::Atreides, Faction::Harkonnen});

TEST(CatalogueTest, NamesEveryCheckerOnceWithAFamily) {
  std::vector<std::string_view> names;
  for (const Checker& c : all_checkers()) {
    EXPECT_FALSE(c.family.empty()) << c.name;
    EXPECT_FALSE(c.summary.empty()) << c.name;
    names.push_back(c.name);
  }
  std::sort(names.begin(), names.end());
  EXPECT_EQ(std::adjacent_find(names.begin(), names.end()), names.end());
  for (std::string_view family : {"census", "capacity", "conservation", "protocol", "determinism", "single-consumption",
                                  "lifecycle", "noninterference"}) {
    EXPECT_TRUE(std::any_of(all_checkers().begin(), all_checkers().end(), [&](const Checker& c) { return c.family == family; })) << family;
  }
}

TEST(CatalogueTest, EveryCheckerHoldsOnALegalStep) {
  const LegalStep step = legal_step(opening(Options::advanced(kBaseFactions)));
  const Violations v = check_transition(Transition{step.before, step.envelope, step.after, 1}, GameContext::of(step.before), CheckOptions{});
  EXPECT_EQ(v, Violations{}) << first(v);
}

// ---- census over the typed catalogue, capacity -------------------------------------------

TEST(CatalogueCensusTest, ALostSpiceCardIsCounted) {
  GameState s = opening(kTwo);
  EXPECT_EQ(check_catalogue_census(s), Violations{});
  s.blow.deck.unseen.pop_back();
  EXPECT_TRUE(named(check_catalogue_census(s), "Spice cards found across their zones")) << first(check_catalogue_census(s));
}

TEST(CatalogueCensusTest, ALostNexusCardIsCounted) {
  GameState s = opening(kTwo);
  s.nexus.discard.push_back(NexusCardId{Faction::Ecaz});  // a thirteenth card from nowhere
  EXPECT_TRUE(named(check_catalogue_census(s), "1 Nexus cards found across their zones, the catalogue has 0"));
}

TEST(CatalogueCensusTest, AForceTokenFromNowhereIsCounted) {
  GameState s = opening(kTwo);
  s.seats[1].tanks_special += ForceCount{1};
  EXPECT_TRUE(named(check_catalogue_census(s), "Force tokens found"));
}

// Arrakeen holds Atreides at the start; Harkonnen and Emperor join it.
GameState crowded_arrakeen() {
  GameState s = opening(Options::advanced({Faction::Atreides, Faction::Harkonnen, Faction::Emperor, Faction::BeneGesserit}));
  const CellId arrakeen = cell_at(kTerritoryCells[index(TerritoryId::Arrakeen)].first);
  s.board.normal[index(arrakeen)][index(Faction::Harkonnen)] += ForceCount{1};
  s.seat(Seat{1}).reserves_normal -= ForceCount{1};
  return s;
}

TEST(CapacityTest, TwoFactionsInAStrongholdAreAllowed) {
  EXPECT_EQ(check_capacity(crowded_arrakeen()), Violations{}) << first(check_capacity(crowded_arrakeen()));
}

TEST(CapacityTest, AThirdFactionInAStrongholdIsCaughtButAdvisorsDoNotCount) {
  GameState s = crowded_arrakeen();
  const CellId arrakeen = cell_at(kTerritoryCells[index(TerritoryId::Arrakeen)].first);
  s.board.normal[index(arrakeen)][index(Faction::BeneGesserit)] += ForceCount{1};
  s.seat(Seat{3}).reserves_normal -= ForceCount{1};
  s.board.advisors[index(TerritoryId::Arrakeen)] = true;
  EXPECT_EQ(check_capacity(s), Violations{}) << first(check_capacity(s));
  s.board.advisors[index(TerritoryId::Arrakeen)] = false;
  EXPECT_TRUE(named(check_capacity(s), "Arrakeen holds forces of 3 factions")) << first(check_capacity(s));
}

TEST(CapacityTest, NegativeReservesAreCaught) {
  GameState s = opening(kTwo);
  s.seats[0].tanks_normal = ForceCount{-1};
  EXPECT_TRUE(named(check_capacity(s), "negative force count in its reserves or the Tanks"));
}

// shape.hms (docs/rules/ixians.md §2, §4): off the board the Hidden Mobile Stronghold holds the
// Ixians' starting 3 + 3 and nothing else; placed, it hangs on a non-stronghold map cell; it never
// holds spice, nor forces without the Ixians.
TEST(ShapeTest, TheHmsHoldsTheIxiansStartUntilPlacedOnANonStrongholdCell) {
  const std::size_t hms = index(kHmsCell);
  const GameState start = opening(Options::basic({Faction::Atreides, Faction::Ixians}));
  EXPECT_EQ(check_shape(start, nullptr), Violations{}) << first(check_shape(start, nullptr));
  GameState moved = start;
  moved.board.normal[hms][index(Faction::Ixians)] -= ForceCount{1};
  moved.seat(Seat{1}).reserves_normal += ForceCount{1};
  EXPECT_TRUE(named(check_shape(moved, nullptr), "Ixians has 2 + 3 forces in the HMS off the board")) << first(check_shape(moved, nullptr));
  GameState spiced = start;
  spiced.board.spice[hms] = Spice{2};
  EXPECT_TRUE(named(check_shape(spiced, nullptr), "2 spice in the HMS")) << first(check_shape(spiced, nullptr));
  // Placed as turn 1's Storm ends: at setup it is too early, and in turn 1's Charity it must be there.
  GameState placed = moved;
  placed.board.hms_host = cell_at(kTerritoryCells[index(TerritoryId::ImperialBasin)].first);
  EXPECT_TRUE(named(check_shape(placed, nullptr), "the HMS is on the board before turn 1's storm moved")) << first(check_shape(placed, nullptr));
  placed.turn = 1;
  placed.phase = Phase::ChoamCharity;
  placed.step = Step::Charity;
  EXPECT_EQ(check_shape(placed, nullptr), Violations{}) << first(check_shape(placed, nullptr));
  GameState unplaced = placed;
  unplaced.board.hms_host.reset();
  unplaced.board.normal[hms][index(Faction::Ixians)] += ForceCount{1};
  unplaced.seat(Seat{1}).reserves_normal -= ForceCount{1};
  EXPECT_TRUE(named(check_shape(unplaced, nullptr), "the HMS is still off the board after turn 1's Storm")) << first(check_shape(unplaced, nullptr));
  placed.board.hms_host = cell_at(kTerritoryCells[index(TerritoryId::Arrakeen)].first);
  EXPECT_TRUE(named(check_shape(placed, nullptr), "a map cell of a territory that is not a stronghold")) << first(check_shape(placed, nullptr));
  placed.board.hms_host = kHmsCell;
  EXPECT_TRUE(named(check_shape(placed, nullptr), "a map cell of a territory that is not a stronghold")) << first(check_shape(placed, nullptr));
  GameState without = opening(kTwo);
  without.board.normal[hms][index(Faction::Atreides)] = ForceCount{1};
  without.seat(Seat{0}).reserves_normal -= ForceCount{1};
  EXPECT_TRUE(named(check_shape(without, nullptr), "Atreides has forces in the HMS without the Ixians seated")) << first(check_shape(without, nullptr));
  without.board.normal[hms][index(Faction::Atreides)] = ForceCount{0};
  without.board.hms_host = cell_at(kTerritoryCells[index(TerritoryId::ImperialBasin)].first);
  EXPECT_TRUE(named(check_shape(without, nullptr), "the HMS is on the board without the Ixians seated")) << first(check_shape(without, nullptr));
}

// ---- protocol and determinism --------------------------------------------------------------

TEST(ProtocolCheckTest, HoldsOnALegalStep) {
  const LegalStep step = legal_step(opening(Options::basic(kBaseFactions)));
  for (std::string_view name : {"protocol.stale-version", "protocol.wrong-seat", "protocol.duplicate-id", "protocol.idempotence",
                                "protocol.retry-later"}) {
    EXPECT_EQ(run(name, step.before, step.envelope, step.after), Violations{}) << name;
  }
}

TEST(ProtocolCheckTest, AnAfterStateThatForgotTheCommandIsNotIdempotent) {
  const LegalStep step = legal_step(opening(kTwo));
  GameState forgetful = step.before;  // the "after" state never committed the envelope
  forgetful.version = step.after.version;
  EXPECT_TRUE(named(run("protocol.idempotence", step.before, step.envelope, forgetful), "re-submitting command id"));
}

TEST(DeterminismCheckTest, AStateTheLogCannotReachIsCaught) {
  const LegalStep step = legal_step(opening(kTwo));
  EXPECT_EQ(run("determinism.replay", step.before, step.envelope, step.after), Violations{});
  EXPECT_EQ(run("determinism.save-load", step.before, step.envelope, step.after), Violations{});
  GameState drifted = step.after;
  drifted.seats[0].spice += Spice{1};
  EXPECT_TRUE(named(run("determinism.replay", step.before, step.envelope, drifted), "reached a different state"));
  EXPECT_EQ(run("determinism.replay", step.before, step.envelope, drifted, 11), Violations{});  // not sampled
}

// Save and load goes piece by piece (issue 19): each appended log entry and committed record is
// round-tripped on the step that appends it, sampled or not; the state without its histories
// only on the sampled steps.
TEST(DeterminismCheckTest, ARecordThatDoesNotLoadBackIsCaughtOnTheStepThatAppendsIt) {
  const LegalStep step = legal_step(opening(kTwo));
  EXPECT_EQ(run("determinism.save-load", step.before, step.envelope, step.after, 11), Violations{});
  GameState unloadable = step.after;  // an outcome beyond the traitor cards: its reader refuses it
  unloadable.log.push_back(ChanceRecord{PendingChance{ChanceKind::TraitorDeal, Seat{0}, 0}, 250});
  const std::string entry = fmt::format("loading saved log entry {} failed", unloadable.log.size() - 1);
  EXPECT_TRUE(named(run("determinism.save-load", step.before, step.envelope, unloadable, 11), entry))
      << first(run("determinism.save-load", step.before, step.envelope, unloadable, 11));
  EXPECT_EQ(run("determinism.save-load", unloadable, step.envelope, unloadable, 11), Violations{});  // appended before: not again
}

// The engine's planted protocol and persistence bugs (engine/mutants.h) are each caught by the
// named checker within the first steps of a random game.
struct PlantedBug {
  Mutant mutant;
  std::string_view checker;
};
// Read by GoogleTest for the CTest names ("# GetParam() = ..."), not raw bytes.
void PrintTo(const PlantedBug& b, std::ostream* os) { *os << b.checker; }

class PlantedBugTest : public ::testing::TestWithParam<PlantedBug> {};

TEST_P(PlantedBugTest, IsCaughtByItsChecker) {
  DUNE_SKIP_WITHOUT_MUTANTS();
  const ScopedMutant mutant(GetParam().mutant);
  const Checker& c = checker(GetParam().checker);
  bool caught = false;
  generators::play_random_game(Options::basic({Faction::Atreides, Faction::Harkonnen}), 9, 100, [&](const GameState& before, const LogEntry& entry, const GameState& after) {
    if (caught) return;
    caught = !c.check(Transition{before, entry, after, 1}, GameContext::of(before)).empty();  // 1: always sampled
  });
  EXPECT_TRUE(caught) << GetParam().checker;
}

INSTANTIATE_TEST_SUITE_P(Mutants, PlantedBugTest,
                         ::testing::Values(PlantedBug{Mutant::StaleVersionAccepted, "protocol.stale-version"},
                                           PlantedBug{Mutant::DuplicateIdAccepted, "protocol.duplicate-id"},
                                           PlantedBug{Mutant::WrongSeatAccepted, "protocol.wrong-seat"},
                                           PlantedBug{Mutant::RetryRecognisedOnlyLatest, "protocol.retry-later"},
                                           PlantedBug{Mutant::StormSectorNotSaved, "determinism.save-load"}));

// ---- single consumption and the Nexus lifecycle (seed 000) ---------------------------------

// A two-seat game with the Nexus module laid out by hand: every identity in the deck.
GameState nexus_game(const Options& o = kTwo) {
  GameState s = opening(o);
  s.options.nexus = NexusModuleMode::Audit;
  s.nexus = NexusState{};
  s.nexus.enabled = true;
  for (std::size_t f = 0; f < kFactionCount; ++f) s.nexus.deck.unseen.push_back(NexusCardId{static_cast<Faction>(f)});
  s.turn = 2;
  return s;
}

void hold(GameState& s, Seat seat, Faction f) {
  s.nexus.deck.take_unseen(NexusCardId{f});
  s.nexus.held[seat.value] = NexusCardId{f};
}

Envelope play_of(Seat seat, Faction card, NexusMode mode) { return Envelope{CommandId{9000}, seat, 0, PlayNexus{NexusCardId{card}, mode, std::nullopt, 0, ForceCount{0}}}; }

// What a correct play does: the card leaves the hand for the discard and one receipt is committed.
GameState played(GameState s, Seat seat, Faction card, NexusMode mode) {
  s.nexus.held[seat.value].reset();
  s.nexus.discard.push_back(NexusCardId{card});
  NexusReceipt r;
  r.id = static_cast<std::uint32_t>(s.nexus.receipts.size() + 1);
  r.seat = seat;
  r.card = NexusCardId{card};
  r.mode = mode;
  s.nexus.receipts.push_back(r);
  return s;
}

TEST(SingleConsumptionTest, ACorrectPlayHolds) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::Atreides);
  const GameState after = played(before, Seat{0}, Faction::Atreides, NexusMode::Cunning);
  const Envelope e = play_of(Seat{0}, Faction::Atreides, NexusMode::Cunning);
  for (const Checker& c : all_checkers()) {
    if (c.family != "single-consumption" && c.family != "lifecycle") continue;
    EXPECT_EQ(c.check(Transition{before, e, after, 3}, GameContext::of(before)), Violations{}) << c.name;
  }
}

TEST(SingleConsumptionTest, APlayWithoutAReceiptOrWithTwoIsCaught) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::Atreides);
  const Envelope e = play_of(Seat{0}, Faction::Atreides, NexusMode::Cunning);
  GameState none = played(before, Seat{0}, Faction::Atreides, NexusMode::Cunning);
  none.nexus.receipts.clear();
  EXPECT_TRUE(named(run("single-consumption.one-receipt", before, e, none), "0 receipts were committed"));
  GameState two = played(before, Seat{0}, Faction::Atreides, NexusMode::Cunning);
  two.nexus.receipts.push_back(two.nexus.receipts.back());
  EXPECT_TRUE(named(run("single-consumption.one-receipt", before, e, two), "2 receipts were committed"));
  GameState kept = played(before, Seat{0}, Faction::Atreides, NexusMode::Cunning);
  kept.nexus.held[0] = NexusCardId{Faction::Atreides};
  kept.nexus.discard.pop_back();
  EXPECT_TRUE(named(run("single-consumption.one-receipt", before, e, kept), "did not leave its hand"));
}

TEST(SingleConsumptionTest, ACardNotHeldCannotBePlayed) {
  const GameState before = nexus_game();
  const Envelope e = play_of(Seat{0}, Faction::Atreides, NexusMode::Cunning);
  EXPECT_TRUE(named(run("single-consumption.held", before, e, played(before, Seat{0}, Faction::Atreides, NexusMode::Cunning)), "without holding it"));
}

TEST(SingleConsumptionTest, ReceiptsAreAppendOnlyAndConsumedOnce) {
  GameState before = nexus_game();
  before = played(before, Seat{1}, Faction::SpacingGuild, NexusMode::SecretAlly);
  before.nexus.receipts[0].delayed = true;
  const LogEntry e = Envelope{CommandId{1}, Seat{0}, 0, Pass{}};
  GameState erased = before;
  erased.nexus.receipts.clear();
  EXPECT_TRUE(named(run("single-consumption.append-only", before, e, erased), "was erased"));
  GameState revived = before;
  revived.nexus.receipts[0].consumed = false;
  EXPECT_TRUE(named(run("single-consumption.append-only", before, e, revived), "can be used twice"));
  GameState rewritten = before;
  rewritten.nexus.receipts[0].seat = Seat{0};
  EXPECT_TRUE(named(run("single-consumption.append-only", before, e, rewritten), "was rewritten"));
}

TEST(SingleConsumptionTest, AReplayedCommandIdThatChangesTheGameIsCaught) {
  const LegalStep step = legal_step(opening(kTwo));
  GameState changed = step.after;
  changed.seats[0].spice += Spice{1};
  EXPECT_EQ(run("single-consumption.retry", step.after, step.envelope, step.after), Violations{});
  EXPECT_TRUE(named(run("single-consumption.retry", step.after, step.envelope, changed), "replaying it changed the game"));
}

TEST(SingleConsumptionTest, ADrawThatCommitsAReceiptIsCaught) {
  GameState before = nexus_game();
  const LogEntry draw = ChanceRecord{PendingChance{ChanceKind::NexusDraw, Seat{0}}, static_cast<std::uint8_t>(Faction::SpacingGuild)};
  GameState after = before;
  hold(after, Seat{0}, Faction::SpacingGuild);
  EXPECT_EQ(run("single-consumption.draw", before, draw, after), Violations{});
  after.nexus.receipts = played(before, Seat{1}, Faction::Emperor, NexusMode::Betrayal).nexus.receipts;
  EXPECT_TRUE(named(run("single-consumption.draw", before, draw, after), "replayed an effect"));
}

// oracle.nexus-play's common contract (seed 000 items 7-9) on a hand-made play of the Harkonnen
// card by the Atreides (a seated faction's card: Betrayal), a family without a panel contract yet.
TEST(NexusPlayOracleTest, TheCommonContractHoldsOnACorrectPlayAndBitesOnEachBreach) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::Harkonnen);
  const Envelope e = play_of(Seat{0}, Faction::Harkonnen, NexusMode::Betrayal);
  GameState after = played(before, Seat{0}, Faction::Harkonnen, NexusMode::Betrayal);
  after.nexus.receipts.back().turn = before.turn;
  after.nexus.receipts.back().phase = before.phase;
  after.log.push_back(e);
  EXPECT_EQ(run("oracle.nexus-play", before, e, after), Violations{});

  const Envelope as_cunning = play_of(Seat{0}, Faction::Harkonnen, NexusMode::Cunning);
  GameState wrong_mode = after;
  wrong_mode.nexus.receipts.back().mode = NexusMode::Cunning;
  EXPECT_TRUE(named(run("oracle.nexus-play", before, as_cunning, wrong_mode), "the native roster makes it Betrayal"));

  GameState kept = after;  // the card stays held and never reaches the discard
  kept.nexus.held[0] = NexusCardId{Faction::Harkonnen};
  kept.nexus.discard.pop_back();
  EXPECT_TRUE(named(run("oracle.nexus-play", before, e, kept), "not on top of the Nexus discard"));

  GameState two = after;
  two.nexus.receipts.push_back(two.nexus.receipts.back());
  EXPECT_TRUE(named(run("oracle.nexus-play", before, e, two), "left 2 receipts"));

  GameState moved = after;  // a Nexus card creates and moves no piece (seed 003)
  moved.seats[1].spice += Spice{1};
  moved.bank -= Spice{1};
  EXPECT_TRUE(named(run("oracle.nexus-play", before, e, moved), "moved Harkonnen's spice"));
}

TEST(LifecycleTest, ANexusStepTouchingTreacheryIsCaught) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::Atreides);
  GameState after = played(before, Seat{0}, Faction::Atreides, NexusMode::Cunning);
  after.treachery.discard.push_back(after.treachery.deck.unseen.back());
  after.treachery.deck.unseen.pop_back();
  EXPECT_TRUE(named(run("lifecycle.1-separate-deck", before, play_of(Seat{0}, Faction::Atreides, NexusMode::Cunning), after), "not a Treachery card"));
}

TEST(LifecycleTest, InitializationNeedsTwelveIdentitiesOnlyWhenSelected) {
  const GameState off = opening(kTwo);
  const LogEntry e = Envelope{};
  EXPECT_EQ(run("lifecycle.2-initialization", off, e, off), Violations{});
  GameState stray = off;
  stray.nexus.enabled = true;
  EXPECT_TRUE(named(run("lifecycle.2-initialization", off, e, stray), "was not selected"));
  GameState eleven = nexus_game();
  eleven.nexus.deck.take_unseen(NexusCardId{Faction::Moritani});  // absent factions' cards stay
  EXPECT_TRUE(named(run("lifecycle.2-initialization", eleven, e, eleven), "Nexus card Moritani is found 0 times"));
  GameState dealt = nexus_game();
  dealt.turn = 0;
  hold(dealt, Seat{1}, Faction::Fremen);
  EXPECT_TRUE(named(run("lifecycle.2-initialization", dealt, e, dealt), "no initial deal"));
}

// A turn-2 Spice Blow and Nexus phase at its Nexus, after the storm's dial: its log holds the spice
// cards revealed, a worm among them when a Nexus occurred. The engine's own flag is set to match,
// but the lifecycle checks recompute the fact from the log (issue 17 item 4).
SpiceCardId spice_card(SpiceCardKind kind) {
  for (std::size_t i = 0; i < kSpiceCards.size(); ++i) {
    if (kSpiceCards[i].kind == kind) return SpiceCardId{static_cast<std::uint8_t>(i)};
  }
  return SpiceCardId{};
}

GameState spice_blow_end(bool nexus_occurred, const Options& o = kTwo) {
  GameState s = nexus_game(o);
  s.phase = Phase::SpiceBlowAndNexus;
  s.step = Step::NexusNegotiation;
  s.blow.nexus_occurred = nexus_occurred;
  s.log.push_back(Envelope{CommandId{1}, Seat{0}, 0, DialStorm{2}});
  const auto reveal = [&](SpiceCardKind k) {
    s.log.push_back(ChanceRecord{PendingChance{ChanceKind::SpiceDraw, Seat{}, 0}, spice_card(k).value});
  };
  if (nexus_occurred) reveal(SpiceCardKind::ShaiHulud);
  reveal(SpiceCardKind::Territory);
  return s;
}

GameState opened(const GameState& before) {
  GameState after = before;
  after.step = Step::NexusDraw;
  after.nexus.opportunity_open = true;
  for (std::size_t i = 0; i < after.seat_count(); ++i) after.nexus.eligible[i] = !after.seats[i].ally;
  return after;
}

TEST(LifecycleTest, ADrawOpensOnlyAtThePhaseEndAfterANexus) {
  const LogEntry e = Envelope{CommandId{5}, Seat{0}, 0, Pass{}};
  const GameState good = spice_blow_end(true);
  EXPECT_EQ(run("lifecycle.3-draw-trigger", good, e, opened(good)), Violations{});
  const GameState quiet = spice_blow_end(false);
  EXPECT_TRUE(named(run("lifecycle.3-draw-trigger", quiet, e, opened(quiet)), "no worm was revealed after turn 1"));
  GameState flag_only = quiet;  // the engine's flag alone does not make a Nexus
  flag_only.blow.nexus_occurred = true;
  EXPECT_TRUE(named(run("lifecycle.3-draw-trigger", flag_only, e, opened(flag_only)), "no worm was revealed after turn 1"));
  GameState blow_a = spice_blow_end(true);
  blow_a.options.rules.double_spice_blow = true;
  EXPECT_TRUE(named(run("lifecycle.3-draw-trigger", blow_a, e, opened(blow_a)), "after blow A alone"));
  // Three seats, two allied: the phase may end only from the opportunity's last answer.
  GameState owed = spice_blow_end(true, Options::basic({Faction::Atreides, Faction::Harkonnen, Faction::Emperor}));
  owed.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  owed.seats[0].ally = Faction::Harkonnen;
  owed.seats[1].ally = Faction::Atreides;
  GameState charity = owed;
  charity.phase = Phase::ChoamCharity;
  charity.step = Step::Charity;
  EXPECT_TRUE(named(run("lifecycle.3-draw-trigger", owed, e, charity), "ended without the Nexus draw opportunity"));
  GameState last_answer = opened(owed);
  EXPECT_EQ(run("lifecycle.3-draw-trigger", last_answer, e, charity), Violations{});
}

TEST(LifecycleTest, OnlyUnalliedSeatsOnTheFinalAlliancesDrawOnce) {
  const LogEntry e = Envelope{CommandId{5}, Seat{0}, 0, Pass{}};
  const GameState before = spice_blow_end(true);
  GameState wrong = opened(before);
  wrong.nexus.eligible[1] = false;
  EXPECT_TRUE(named(run("lifecycle.4-one-opportunity", before, e, wrong), "is unallied on the final alliances but was made not eligible"));
  GameState answered = opened(before);
  answered.nexus.answered[0] = true;
  answered.log.push_back(Envelope{CommandId{6}, Seat{0}, 0, DrawNexus{}});  // its draw of this phase, in the log
  const Envelope again{CommandId{7}, Seat{0}, 0, DrawNexus{}};
  EXPECT_TRUE(named(run("lifecycle.4-one-opportunity", answered, again, answered), "without an unanswered opportunity"));
  EXPECT_EQ(run("lifecycle.4-one-opportunity", opened(before), again, opened(before)), Violations{}) << "its first draw";
  GameState quiet = opened(spice_blow_end(false));  // the engine's opportunity without a worm revealed
  EXPECT_TRUE(named(run("lifecycle.4-one-opportunity", quiet, again, quiet), "without an unanswered opportunity"));
  GameState asked_again = answered;
  asked_again.nexus.answered[0] = false;
  EXPECT_TRUE(named(run("lifecycle.4-one-opportunity", answered, e, asked_again), "was asked again"));
}

TEST(LifecycleTest, ADrawnCardLandsInTheHandOrAsOwnFactionInTheDiscard) {
  const GameState before = nexus_game();
  const auto draw = [](Faction f) { return LogEntry{ChanceRecord{PendingChance{ChanceKind::NexusDraw, Seat{0}}, static_cast<std::uint8_t>(f)}}; };
  GameState kept = before;
  hold(kept, Seat{0}, Faction::SpacingGuild);
  EXPECT_EQ(run("lifecycle.5-draw-lands", before, draw(Faction::SpacingGuild), kept), Violations{});
  GameState redrawn = before;
  redrawn.nexus.deck.take_unseen(NexusCardId{Faction::Atreides});
  redrawn.nexus.discard.push_back(NexusCardId{Faction::Atreides});  // own faction, redrawn
  EXPECT_EQ(run("lifecycle.5-draw-lands", before, draw(Faction::Atreides), redrawn), Violations{});
  GameState lost = before;
  lost.nexus.deck.take_unseen(NexusCardId{Faction::SpacingGuild});
  lost.nexus.discard.push_back(NexusCardId{Faction::SpacingGuild});  // another faction's card thrown away
  EXPECT_TRUE(named(run("lifecycle.5-draw-lands", before, draw(Faction::SpacingGuild), lost), "neither held by it"));
}

TEST(LifecycleTest, FormingAnAllianceDiscardsBothPartnersCards) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::Atreides);
  hold(before, Seat{1}, Faction::Fremen);
  const Envelope accept{CommandId{7}, Seat{1}, 0, AcceptAlliance{Faction::Atreides}};
  GameState after = before;
  after.seats[0].ally = Faction::Harkonnen;
  after.seats[1].ally = Faction::Atreides;
  after.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  GameState good = after;
  for (std::size_t i : {0U, 1U}) {
    good.nexus.discard.push_back(*good.nexus.held[i]);
    good.nexus.held[i].reset();
  }
  EXPECT_EQ(run("lifecycle.6-alliance-discards", before, accept, good), Violations{});
  EXPECT_TRUE(named(run("lifecycle.6-alliance-discards", before, accept, after), "which was not discarded"));
  GameState offer_discards = before;
  offer_discards.nexus.held[0].reset();
  offer_discards.nexus.discard.push_back(NexusCardId{Faction::Atreides});
  EXPECT_TRUE(named(run("lifecycle.6-alliance-discards", before, Envelope{CommandId{8}, Seat{0}, 0, ProposeAlliance{Faction::Harkonnen}}, offer_discards),
                    "alliance offer or a break"));
}

TEST(LifecycleTest, SecretAllyMakesNoRealAlly) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::SpacingGuild);
  GameState after = played(before, Seat{0}, Faction::SpacingGuild, NexusMode::SecretAlly);
  after.seats[0].ally = Faction::SpacingGuild;
  EXPECT_TRUE(named(run("lifecycle.7-no-real-ally", before, play_of(Seat{0}, Faction::SpacingGuild, NexusMode::SecretAlly), after), "does not create a real ally"));
}

TEST(LifecycleTest, TheNativeIdentityDecidesTheMode) {
  GameState before = nexus_game();
  hold(before, Seat{0}, Faction::Harkonnen);  // Harkonnen is seated: Betrayal for Atreides
  const auto run_mode = [&](NexusMode m) {
    return run("lifecycle.8-native-mode", before, play_of(Seat{0}, Faction::Harkonnen, m), played(before, Seat{0}, Faction::Harkonnen, m));
  };
  EXPECT_EQ(run_mode(NexusMode::Betrayal), Violations{});
  EXPECT_TRUE(named(run_mode(NexusMode::SecretAlly), "in the wrong mode"));
  EXPECT_TRUE(named(run_mode(NexusMode::Cunning), "in the wrong mode"));
}

TEST(LifecycleTest, HeldIdentitiesDoNotChangeThePublicView) {
  GameState s = nexus_game();
  hold(s, Seat{0}, Faction::SpacingGuild);
  EXPECT_EQ(run("lifecycle.9-public-inventory", s, Envelope{}, s), Violations{}) << first(run("lifecycle.9-public-inventory", s, Envelope{}, s));
}

}  // namespace
}  // namespace dune::invariants

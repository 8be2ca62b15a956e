// Writing a scenario from a recorded game: its envelopes become steps, the outcomes it chose are
// staged in order, and playing the written scenario the way the runner does reaches the same game.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <sstream>

#include "engine/json_io.h"
#include "engine/mutants.h"
#include "io/scenario.h"
#include "io/scenario_write.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using json = nlohmann::json;
using json_io::name_of;

const Options kThreeSeats = Options::advanced({Faction::Atreides, Faction::Fremen, Faction::Harkonnen});

// Continues `s` as `dunecheck play` records a game: seeded chance, a seeded pick among the first
// awaited seat's legal commands, command ids one above the highest committed.
GameState continued(GameState s, std::uint64_t seed, int decisions) {
  SeededChance chance(seed);
  std::mt19937_64 pick(seed);
  s = settle(std::move(s), chance);
  std::uint64_t id = s.committed.empty() ? 0 : s.committed.back().envelope.id.value;
  for (int i = 0; i < decisions && !is_terminal(s); ++i) {
    const Seat seat = pending(s).front();
    const auto legal = legal_commands(s, seat);
    auto result = submit(s, Envelope{CommandId{++id}, seat, s.version, legal[pick() % legal.size()]});
    s = settle(std::get<Accepted>(std::move(result)).next, chance);
  }
  return s;
}

GameState recorded(const Options& options, std::uint64_t seed, int decisions) {
  return continued(std::get<GameState>(new_game(options)), seed, decisions);
}

WrittenScenario written(const RecordedGame& game) {
  auto w = scenario_from_game(game, "test", "made by a test");
  if (auto* e = std::get_if<LoadError>(&w)) {
    ADD_FAILURE() << e->message;
    return {};
  }
  return std::get<WrittenScenario>(std::move(w));
}

std::vector<Envelope> envelopes_after(const GameState& s, std::size_t from) {
  std::vector<Envelope> out;
  for (std::size_t i = from; i < s.log.size(); ++i) {
    if (const auto* e = std::get_if<Envelope>(&s.log[i])) out.push_back(*e);
  }
  return out;
}

// Plays a written scenario as the runner does: its chance staged by kind in order, each step's
// command sent with the default id (one above the highest used) and version unless the step gives
// them, chance settled after each command. Every staged outcome must be used.
GameState played(const json& scenario, GameState s) {
  StagedChance chance(scenario["seed"].get<std::uint64_t>());
  for (const json& c : scenario["chance"]) {
    chance.stage(*json_io::enum_from_name<ChanceKind>(c["kind"].get<std::string>()), c["outcome"].get<std::uint8_t>());
  }
  std::uint64_t highest = 0;
  for (const Committed& c : s.committed) highest = std::max(highest, c.envelope.id.value);
  s = settle(std::move(s), chance);
  for (const json& step : scenario["steps"]) {
    if (!step.contains("command")) continue;
    const Seat seat = *s.seat_of(*json_io::enum_from_name<Faction>(step["seat"].get<std::string>()));
    const Envelope e{CommandId{step.value("id", highest + 1)}, seat, step.value("version", s.version),
                     std::get<Command>(command_from_json(step["command"]))};
    highest = std::max(highest, e.id.value);
    auto result = submit(s, e);
    if (auto* r = std::get_if<Rejection>(&result)) {
      ADD_FAILURE() << "step " << step.dump() << " rejected: " << r->message;
      return s;
    }
    s = settle(std::get<Accepted>(std::move(result)).next, chance);
  }
  EXPECT_TRUE(chance.exhausted()) << "a staged outcome was never used";
  return s;
}

json waiting(const GameState& s) {
  json out = json::array();
  for (Seat seat : pending(s)) out.push_back(name_of(s.faction_of(seat)));
  return out;
}

// The last step's facts, by name.
json final_fact(const json& scenario, const std::string& name) {
  for (const json& f : scenario["steps"].back()["expect"]) {
    if (f["fact"] == name) return f["equals"];
  }
  ADD_FAILURE() << "no fact " << name;
  return {};
}

TEST(ScenarioWriteTest, EachEnvelopeIsAStepWithTheDefaultIdAndVersionLeftOut) {
  const GameState game = recorded(kThreeSeats, 2, 150);
  const WrittenScenario w = written({game.options, std::nullopt, game.log.to_vector()});
  const json& s = w.scenario;
  EXPECT_EQ(s["options"], options_to_json(kThreeSeats));
  EXPECT_FALSE(s.contains("start"));
  EXPECT_EQ(s["note"], "made by a test");
  const std::vector<Envelope> envelopes = envelopes_after(game, 0);
  ASSERT_EQ(s["steps"].size(), envelopes.size() + 1);
  for (std::size_t i = 0; i < envelopes.size(); ++i) {
    SCOPED_TRACE(i);
    const json& step = s["steps"][i];
    EXPECT_EQ(step["seat"], name_of(game.faction_of(envelopes[i].seat)));
    EXPECT_EQ(step["command"], command_to_json(envelopes[i].command));
    EXPECT_FALSE(step.contains("id")) << step.dump();
    EXPECT_FALSE(step.contains("version")) << step.dump();
  }
  EXPECT_EQ(w.reached, game);
}

// Outcomes the engine forced (the spice card Atreides saw on top) are not staged: the runner never
// asks for them, so staging them would shift every later draw of that kind.
TEST(ScenarioWriteTest, TheStagedChanceReplaysTheSameGameAndSkipsForcedOutcomes) {
  const GameState game = recorded(kThreeSeats, 2, 150);
  const WrittenScenario w = written({game.options, std::nullopt, game.log.to_vector()});
  const std::size_t records = std::count_if(game.log.begin(), game.log.end(),
                                            [](const LogEntry& e) { return std::holds_alternative<ChanceRecord>(e); });
  EXPECT_LT(w.scenario["chance"].size(), records) << "the game has a forced outcome";
  for (const json& c : w.scenario["chance"]) {
    const auto kind = *json_io::enum_from_name<ChanceKind>(c["kind"].get<std::string>());
    EXPECT_EQ(c.contains("seat"), kind != ChanceKind::TreacheryLot && kind != ChanceKind::SpiceDraw) << c.dump();
  }
  EXPECT_EQ(w.scenario["chance"][0], (json{{"kind", "TraitorDeal"}, {"seat", "Atreides"}, {"outcome", std::get<ChanceRecord>(game.log[0]).outcome}}));
  EXPECT_EQ(played(w.scenario, std::get<GameState>(new_game(game.options))), game);
}

TEST(ScenarioWriteTest, TheLastStepPinsWhereTheGameEnded) {
  const GameState game = recorded(Options::basic({Faction::Atreides, Faction::Fremen}), 3, 20000);
  ASSERT_FALSE(game.winners.empty()) << "Fremen win at the turn limit";
  const json s = written({game.options, std::nullopt, game.log.to_vector()}).scenario;
  EXPECT_EQ(final_fact(s, "phase"), name_of(game.phase));
  EXPECT_EQ(final_fact(s, "step"), name_of(game.step));
  EXPECT_EQ(final_fact(s, "turn"), game.turn);
  EXPECT_EQ(final_fact(s, "pending"), json::array());
  json winners = json::array();
  for (Faction f : game.winners) winners.push_back(name_of(f));
  EXPECT_EQ(final_fact(s, "winners"), winners);
  EXPECT_EQ(s["steps"].back()["expect"].size(), 5u) << "no halted fact: the game did not halt";
  // No base-game rule halts a two-seat game any more (the end-game default winner is played,
  // [LR] 1.09.05), so the halted case is a staged start that halted.
  const GameState two = recorded(Options::basic({Faction::Atreides, Faction::Harkonnen}), 3, 20000);
  EXPECT_EQ(two.step, Step::GameOver);
  EXPECT_FALSE(two.winners.empty()) << "the player occupying the most strongholds wins at the turn limit";
  GameState halted = recorded(Options::basic({Faction::Atreides, Faction::Harkonnen}), 3, 40);
  halted.halted = "a staged halt";
  EXPECT_EQ(final_fact(written({Options{}, halted, halted.log.to_vector()}).scenario, "halted"), "a staged halt");
  const GameState mid = recorded(kThreeSeats, 2, 30);
  const json m = written({mid.options, std::nullopt, mid.log.to_vector()}).scenario;
  ASSERT_FALSE(pending(mid).empty());
  EXPECT_EQ(final_fact(m, "pending"), waiting(mid));
  EXPECT_EQ(final_fact(m, "step"), name_of(mid.step));
}

TEST(ScenarioWriteTest, AnIdOrVersionIsWrittenWhereItIsNotTheDefault) {
  const GameState game = recorded(kThreeSeats, 4, 12);
  std::vector<LogEntry> log = game.log.to_vector();
  std::vector<Envelope*> envelopes;
  for (LogEntry& e : log) {
    if (auto* env = std::get_if<Envelope>(&e)) envelopes.push_back(env);
  }
  ASSERT_GE(envelopes.size(), 4u);
  envelopes[1]->id = CommandId{50};  // ids 1, 50, 3, 4: the default after 50 is 51
  const json steps = written({game.options, std::nullopt, log}).scenario["steps"];
  EXPECT_FALSE(steps[0].contains("id"));
  EXPECT_EQ(steps[1]["id"], 50);
  EXPECT_EQ(steps[2]["id"], 3);
  EXPECT_EQ(steps[3]["id"], 4);
  for (const json& step : steps) EXPECT_FALSE(step.contains("version")) << step.dump();

  if (!kMutantsBuilt) GTEST_SKIP() << "a stale version is accepted only with the stale-version-accepted mutant";
  const ScopedMutant stale(Mutant::StaleVersionAccepted);
  envelopes[1]->id = CommandId{2};
  envelopes[2]->expected_version = 0;
  const json stale_steps = written({game.options, std::nullopt, log}).scenario["steps"];
  EXPECT_EQ(stale_steps[2]["version"], 0);
  EXPECT_FALSE(stale_steps[1].contains("version"));
  EXPECT_FALSE(stale_steps[3].contains("version"));
}

// A game from a staged state: the start is its snapshot document, the steps are what follows it,
// and the default ids count on from the start's committed table.
TEST(ScenarioWriteTest, AStagedStartIsWrittenAsItsSnapshot) {
  const GameState start = recorded(kThreeSeats, 5, 40);
  const GameState game = continued(start, 6, 40);
  const WrittenScenario w = written({Options{}, start, game.log.to_vector()});
  const json& s = w.scenario;
  EXPECT_EQ(s["start"], json::parse(save_snapshot(start)));
  EXPECT_FALSE(s.contains("options"));
  const std::vector<Envelope> after = envelopes_after(game, start.log.size());
  ASSERT_FALSE(after.empty());
  EXPECT_EQ(after.front().id.value, 41u);
  ASSERT_EQ(s["steps"].size(), after.size() + 1);
  EXPECT_EQ(s["steps"][0]["command"], command_to_json(after.front().command));
  for (const json& step : s["steps"]) EXPECT_FALSE(step.contains("id")) << step.dump();
  EXPECT_EQ(played(s, start), game);
}

// A game that stopped with a chance step pending (a counterexample found mid-deal): the runner
// draws it from the seed, so the last step pins the game after that draw.
TEST(ScenarioWriteTest, AGameStoppedAtAChanceStepPinsTheSeedsDraw) {
  const GameState game = recorded(kThreeSeats, 7, 0);
  const std::vector<LogEntry> log{game.log[0], game.log[1]};  // two of Atreides' four traitors
  const WrittenScenario w = written({game.options, std::nullopt, log});
  ASSERT_TRUE(w.reached.chance);
  EXPECT_NE(w.scenario["note"].get<std::string>().find("stopped at a TraitorDeal chance step"), std::string::npos)
      << w.scenario["note"];
  EXPECT_EQ(w.scenario["chance"].size(), 2u);
  const GameState end = played(w.scenario, std::get<GameState>(new_game(game.options)));
  ASSERT_FALSE(pending(end).empty());
  EXPECT_EQ(final_fact(w.scenario, "pending"), waiting(end));
  EXPECT_EQ(final_fact(w.scenario, "step"), name_of(end.step));
}

TEST(ScenarioWriteTest, ALogTheEngineRefusesIsAnError) {
  const GameState game = recorded(kThreeSeats, 2, 10);
  std::vector<LogEntry> log = game.log.to_vector();
  auto it = std::find_if(log.begin(), log.end(), [](const LogEntry& e) { return std::holds_alternative<Envelope>(e); });
  ASSERT_NE(it, log.end());
  std::get<Envelope>(*it).command = DialStorm{3};  // traitor selection, not the storm
  auto w = scenario_from_game({game.options, std::nullopt, log}, "test", "");
  ASSERT_TRUE(std::holds_alternative<LoadError>(w));
  EXPECT_NE(std::get<LoadError>(w).message.find("replay: log entry"), std::string::npos) << std::get<LoadError>(w).message;
}

TEST(ScenarioWriteTest, TheTextHasOneStepALineAndReadsBackAsTheSameJson) {
  const GameState game = recorded(kThreeSeats, 2, 60);
  const json s = written({game.options, std::nullopt, game.log.to_vector()}).scenario;
  const std::string text = scenario_text(s);
  EXPECT_EQ(json::parse(text), s);
  std::istringstream lines(text);
  std::size_t items = 0;
  for (std::string line; std::getline(lines, line);) items += line.rfind("    {", 0) == 0;
  EXPECT_EQ(items, s["chance"].size() + s["steps"].size());
  EXPECT_EQ(text.rfind("{\n  \"name\": \"test\",\n  \"note\": ", 0), 0u) << text.substr(0, 80);
}

// The round trip through the reader and runner: same game, every staged outcome used.
TEST(ScenarioWriteTest, AWrittenScenarioRunsToTheSameGame) {
  const GameState game = recorded(kThreeSeats, 2, 150);
  auto parsed = parse_scenario(scenario_text(written({game.options, std::nullopt, game.log.to_vector()}).scenario));
  ASSERT_TRUE(std::holds_alternative<Scenario>(parsed)) << std::get<LoadError>(parsed).message;
  const ScenarioRun run = run_scenario(std::get<Scenario>(parsed));
  EXPECT_TRUE(run.failures.empty()) << run.failures.front();
  EXPECT_EQ(run.final_state, game);
}

}  // namespace
}  // namespace dune

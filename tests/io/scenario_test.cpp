// Scenario files: parsing with clear errors, staged chance, rejections and named facts.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <unistd.h>
#include <sstream>

#include "io/scenario.h"
#include "model/cards.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

Scenario parsed(const std::string& text) {
  auto result = parse_scenario(text);
  if (auto* e = std::get_if<LoadError>(&result)) {
    ADD_FAILURE() << e->message;
    return Scenario{};
  }
  return std::get<Scenario>(result);
}

std::string saved_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string parse_error(const std::string& text) {
  auto result = parse_scenario(text);
  return std::holds_alternative<LoadError>(result) ? std::get<LoadError>(result).message : "(parsed)";
}

// Before the first command: the traitors dealt. kHeader also stages Atreides' Treachery card, dealt
// once Atreides keep a traitor (a staged outcome never used fails the run).
const std::string kBeforeDeal = R"("options": {"factions": ["Atreides", "Harkonnen"], "player_circles": [0, 3]},
  "chance": [{"kind": "TraitorDeal", "outcome": 20}, {"kind": "TraitorDeal", "outcome": 21},
             {"kind": "TraitorDeal", "outcome": 3}, {"kind": "TraitorDeal", "outcome": 4}],)";
const std::string kHeader = R"("options": {"factions": ["Atreides", "Harkonnen"], "player_circles": [0, 3]},
  "chance": [{"kind": "TraitorDeal", "outcome": 20}, {"kind": "TraitorDeal", "outcome": 21},
             {"kind": "TraitorDeal", "outcome": 3}, {"kind": "TraitorDeal", "outcome": 4},
             {"kind": "TreacheryDeal", "outcome": 8}],)";

TEST(ScenarioTest, StagedChanceAndFactsHold) {
  const ScenarioRun run = run_scenario(parsed("{" + kHeader + R"(
    "steps": [
      {"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 21},
       "expect": [{"fact": "card_zone", "card": 8, "equals": "hand:Atreides"},
                  {"fact": "forces_in_cell", "faction": "Atreides", "cell": "Arrakeen", "equals": 10},
                  {"fact": "pending", "equals": ["Atreides", "Harkonnen"]},
                  {"fact": "phase", "equals": "Storm"}]}
    ]})"));
  EXPECT_TRUE(run.failures.empty()) << run.failures.front();
  EXPECT_EQ(run.final_state.seat(Seat{0}).traitors, (std::vector<TraitorCardId>{TraitorCardId{21}}));
  ASSERT_GE(run.log.size(), 3u);
  EXPECT_EQ(run.log[1], "  chance TraitorDeal for Atreides -> 20 (Feyd Rautha)");
}

TEST(ScenarioTest, AFailedExpectationSaysWhichAndWhy) {
  const ScenarioRun run = run_scenario(parsed("{" + kHeader + R"(
    "steps": [{"expect": [{"fact": "spice", "seat": "Harkonnen", "equals": 12}]}]})"));
  ASSERT_EQ(run.failures.size(), 1u);
  EXPECT_EQ(run.failures[0], "at step 1: spice of Harkonnen: expected 12, got 10");
}

TEST(ScenarioTest, ExpectedRejectionsAreCheckedByCode) {
  const ScenarioRun ok = run_scenario(parsed("{" + kBeforeDeal + R"(
    "steps": [{"seat": "Harkonnen", "command": {"kind": "ChooseTraitor", "card": 0}, "expect_rejected": "NotYourTurn"}]})"));
  EXPECT_TRUE(ok.failures.empty()) << ok.failures.front();
  const ScenarioRun wrong = run_scenario(parsed("{" + kHeader + R"(
    "steps": [{"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 0}, "expect_rejected": "NotYourTurn"}]})"));
  ASSERT_EQ(wrong.failures.size(), 1u);
  EXPECT_NE(wrong.failures[0].find("rejected with IllegalChoice, expected NotYourTurn"), std::string::npos) << wrong.failures[0];
  const ScenarioRun accepted = run_scenario(parsed("{" + kHeader + R"(
    "steps": [{"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 20}, "expect_rejected": "NotYourTurn"}]})"));
  ASSERT_EQ(accepted.failures.size(), 1u);
  EXPECT_NE(accepted.failures[0].find("was accepted"), std::string::npos);
}

TEST(ScenarioTest, AnUnexpectedRejectionStopsTheRun) {
  const ScenarioRun run = run_scenario(parsed("{" + kHeader + R"(
    "steps": [{"seat": "Harkonnen", "command": {"kind": "Pass"}},
              {"expect": [{"fact": "turn", "equals": 1}]}]})"));
  ASSERT_EQ(run.failures.size(), 1u);
  EXPECT_NE(run.failures[0].find("step 1: Harkonnen: pass was rejected (NotYourTurn)"), std::string::npos) << run.failures[0];
}

TEST(ScenarioTest, ParseErrorsNameTheProblem) {
  EXPECT_EQ(parse_error("{\"options\": "), "not valid JSON");
  EXPECT_NE(parse_error("{" + kHeader + R"("steps": [{"seat": "Atreides", "command": {"kind": "Teleport"}}]})")
                .find("unknown command kind \"Teleport\""), std::string::npos);
  EXPECT_NE(parse_error("{" + kHeader + R"("steps": [{"expect": [{"fact": "mood", "equals": 1}]}]})")
                .find("unknown fact \"mood\""), std::string::npos);
  EXPECT_NE(parse_error("{" + kHeader + R"("steps": [{"seat": "Fremen", "command": {"kind": "Pass"}}]})")
                .find("Fremen is not seated"), std::string::npos);
  EXPECT_NE(parse_error(R"({"options": {"factions": ["Atreides", "Ecaz"]}, "steps": []})").find("options rejected"),
            std::string::npos);
  EXPECT_NE(parse_error(R"({"options": {"factions": ["Atreides", "Fremen"]}, "chance": [{"kind": "Dice", "outcome": 1}], "steps": []})")
                .find("scenario.chance[0].kind: unknown ChanceKind \"Dice\""), std::string::npos);
}

TEST(ScenarioTest, CellsMayBeNamedByTerritoryAndSector) {
  const Scenario s = parsed("{" + kHeader + R"("steps": [
      {"seat": "Atreides", "command": {"kind": "PlaceForces", "cell": {"territory": "Sietch Tabr", "sector": 13}}},
      {"seat": "Atreides", "command": {"kind": "PlaceForces", "cell": 7, "normal": 2}}]})");
  ASSERT_EQ(s.steps.size(), 2u);
  EXPECT_EQ(std::get<PlaceForces>(*s.steps[1].command), (PlaceForces{CellId{7}, ForceCount{2}, ForceCount{0}}));
  EXPECT_EQ(to_string(cell_info(std::get<PlaceForces>(*s.steps[0].command).cell).territory), "Sietch Tabr");
  EXPECT_NE(parse_error("{" + kHeader + R"("steps": [{"seat": "Atreides", "command": {"kind": "PlaceForces", "cell": "Meridian"}}]})")
                .find("give its sector"), std::string::npos);
}

TEST(ScenarioTest, EveryOptionIsRead) {
  const Scenario s = parsed(R"({"options": {"factions": ["Atreides", "Fremen"], "player_circles": [1, 4], "turn_limit": 5,
      "rules": {"advanced_combat": true, "kwisatz_haderach": true}, "nexus": "Audit"}, "steps": []})");
  EXPECT_EQ(s.options.factions, (std::vector<Faction>{Faction::Atreides, Faction::Fremen}));
  EXPECT_EQ(s.options.player_circles, (std::vector<std::uint8_t>{1, 4}));
  EXPECT_EQ(s.options.turn_limit, 5);
  EXPECT_EQ(s.options.nexus, NexusModuleMode::Audit);
  RuleFlags flags;
  flags.advanced_combat = flags.kwisatz_haderach = true;
  EXPECT_EQ(s.options.rules, flags);
  EXPECT_EQ(parsed(R"({"options": {"factions": ["Atreides", "Fremen"], "nexus": "audit"}, "steps": []})").options.nexus,
            NexusModuleMode::Audit);
  EXPECT_EQ(parsed(R"({"options": {"factions": ["Atreides", "Fremen"], "nexus": "Off"}, "steps": []})").options.nexus,
            NexusModuleMode::Off);
  EXPECT_EQ(parsed(R"({"options": {"factions": ["Atreides", "Fremen"], "rules": "advanced"}, "steps": []})").options.rules,
            Options::advanced({Faction::Atreides, Faction::Fremen}).rules);
}

TEST(ScenarioTest, ANexusModeTheEngineCannotPlayFailsNamingThePath) {
  const std::string released = parse_error(R"({"options": {"factions": ["Atreides", "Fremen"], "nexus": "Released"}, "steps": []})");
  EXPECT_NE(released.find("scenario.options.nexus: options rejected: Nexus mode Released: the Nexus card module cannot be released"),
            std::string::npos) << released;
  EXPECT_NE(parse_error(R"({"options": {"factions": ["Atreides", "Fremen"], "nexus": "on"}, "steps": []})")
                .find("scenario.options.nexus: unknown Nexus mode \"on\""), std::string::npos);
}

TEST(ScenarioTest, AnUnknownKeyAnywhereIsAnErrorNamingItsPath) {
  const std::string opts = R"("options": {"factions": ["Atreides", "Harkonnen"], "player_circles": [0, 3]})";
  auto error = [&](const std::string& rest) { return parse_error("{" + opts + ", " + rest + "}"); };
  EXPECT_EQ(error(R"("steps": [], "sead": 1)"), "scenario.sead: unknown key");
  EXPECT_EQ(parse_error(R"({"options": {"factions": ["Atreides", "Harkonnen"], "turns": 3}, "steps": []})"),
            "scenario.options.turns: unknown key");
  EXPECT_EQ(parse_error(R"({"options": {"factions": ["Atreides", "Harkonnen"], "rules": {"advanced_combat": true, "karama": true}}, "steps": []})"),
            "scenario.options.rules.karama: unknown key");
  EXPECT_EQ(error(R"("chance": [{"kind": "TraitorDeal", "outcome": 3, "player": "Atreides"}], "steps": [])"),
            "scenario.chance[0].player: unknown key");
  EXPECT_EQ(error(R"("steps": [{"expect": [{"fact": "turn", "equals": 1}]}, {"seat": "Atreides", "comand": {"kind": "Pass"}}])"),
            "scenario.steps[1].comand: unknown key");
  EXPECT_EQ(error(R"("steps": [{"expect": [{"fact": "spice", "seat": "Atreides", "equal": 10}]}])"),
            "scenario.steps[0].expect[0].equal: unknown key");
  EXPECT_EQ(error(R"("steps": [{"expect": [{"fact": "turn", "seat": "Atreides", "equals": 1}]}])"),
            "scenario.steps[0].expect[0].seat: unknown key");
  EXPECT_EQ(error(R"("steps": [{"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 3, "cards": 4}}])"),
            "scenario.steps[0].command.cards: unknown key");
  EXPECT_EQ(error(R"("steps": [{"seat": "Atreides", "command": {"kind": "PlaceForces", "cell": {"territory": "Sietch Tabr", "sectr": 13}}}])"),
            "scenario.steps[0].command.cell.sectr: unknown key");
}

TEST(ScenarioTest, ANegativeQuantityReachesTheEngine) {
  const Scenario s = parsed("{" + kBeforeDeal + R"("steps": [
      {"seat": "Atreides", "command": {"kind": "DialBattle", "dial_halves": -2, "support": -1}, "expect_rejected": "WrongPhase"}]})");
  ASSERT_EQ(s.steps.size(), 1u);
  EXPECT_EQ(std::get<DialBattle>(*s.steps[0].command), (DialBattle{-2, Spice{-1}}));
  const ScenarioRun run = run_scenario(s);
  EXPECT_TRUE(run.failures.empty()) << run.failures.front();
}

TEST(ScenarioTest, PendingAndWinnersCompareAsSetsUnlessOrdered) {
  const std::string steps = R"("steps": [{"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 21}},
      {"expect": [{"fact": "pending", "equals": ["Harkonnen", "Atreides"]ORDERED}]}]})";
  auto with = [&](const std::string& ordered) {
    std::string text = "{" + kHeader + steps;
    text.replace(text.find("ORDERED"), 7, ordered);
    return run_scenario(parsed(text));
  };
  const ScenarioRun unordered = with("");
  EXPECT_TRUE(unordered.failures.empty()) << unordered.failures.front();
  const ScenarioRun ordered = with(R"(, "ordered": true)");
  ASSERT_EQ(ordered.failures.size(), 1u);
  EXPECT_EQ(ordered.failures[0], R"(at step 2: pending: expected ["Harkonnen","Atreides"], got ["Atreides","Harkonnen"])");
  EXPECT_EQ(parse_error("{" + kHeader + R"("steps": [{"expect": [{"fact": "turn", "equals": 1, "ordered": true}]}]})"),
            "scenario.steps[0].expect[0].ordered: unknown key");
}

TEST(ScenarioTest, EnvelopesCarryAnIdAndAVersion) {
  const Scenario s = parsed("{" + kHeader + R"("steps": [
      {"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 21}, "version": 0, "expect_rejected": "StaleVersion"},
      {"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 21}, "id": 9},
      {"seat": "Harkonnen", "command": {"kind": "DialStorm", "amount": 2}, "id": 9, "expect_rejected": "DuplicateCommandId"},
      {"seat": "Harkonnen", "command": {"kind": "DialStorm", "amount": 2}}]})");
  ASSERT_EQ(s.steps.size(), 4u);
  EXPECT_EQ(s.steps[1].id, std::optional<std::uint64_t>{9});
  EXPECT_EQ(s.steps[0].version, std::optional<std::uint64_t>{0});
  const ScenarioRun run = run_scenario(s);
  EXPECT_TRUE(run.failures.empty()) << run.failures.front();
  // The default id is fresh: after an explicit 9, the last step does not reuse it.
  EXPECT_NE(run.final_state.log.end(), std::find_if(run.final_state.log.begin(), run.final_state.log.end(), [](const LogEntry& e) {
              return std::holds_alternative<Envelope>(e) && std::get<Envelope>(e).id == CommandId{10};
            }));
  EXPECT_EQ(parse_error("{" + kHeader + R"("steps": [{"seat": "Atreides", "id": 3, "expect": [{"fact": "turn", "equals": 0}]}]})"),
            "scenario.steps[0]: id and version need a command");
}

TEST(ScenarioTest, ARejectionMustLeaveTheStateUnchanged) {
  const GameState s = run_scenario(parsed("{" + kHeader + R"("steps": [{"expect": [{"fact": "turn", "equals": 0}]}]})")).final_state;
  EXPECT_EQ(state_change(s, s), std::nullopt);
  GameState changed = s;
  changed.seat(Seat{1}).spice = Spice{3};
  EXPECT_EQ(state_change(s, changed), "the state of Harkonnen differs");
  changed = s;
  ++changed.version;
  EXPECT_EQ(state_change(s, changed), "version " + std::to_string(s.version) + " became " + std::to_string(s.version + 1));
}

TEST(ScenarioTest, LegalAndNotLegalCheckWhatASeatMaySendNow) {
  const ScenarioRun ok = run_scenario(parsed("{" + kBeforeDeal + R"("steps": [
      {"seat": "Atreides", "legal": [{"kind": "ChooseTraitor", "card": 21}], "not_legal": [{"kind": "ChooseTraitor", "card": 0}]}]})"));
  EXPECT_TRUE(ok.failures.empty()) << ok.failures.front();
  const ScenarioRun not_listed = run_scenario(parsed("{" + kHeader + R"("steps": [
      {"seat": "Harkonnen", "legal": [{"kind": "ChooseTraitor", "card": 3}]}]})"));
  ASSERT_EQ(not_listed.failures.size(), 1u);
  EXPECT_EQ(not_listed.failures[0], "at step 1: Harkonnen may not send keep traitor Duncan Idaho now (legal: nothing)");
  const ScenarioRun listed = run_scenario(parsed("{" + kHeader + R"("steps": [
      {"seat": "Atreides", "not_legal": [{"kind": "ChooseTraitor", "card": 20}]}]})"));
  ASSERT_EQ(listed.failures.size(), 1u);
  EXPECT_NE(listed.failures[0].find("Atreides may send keep traitor"), std::string::npos) << listed.failures[0];
}

TEST(ScenarioTest, NexusFactsNeedTheModule) {
  const std::string nexus = R"({"options": {"factions": ["Atreides", "Harkonnen"], "player_circles": [0, 3], "nexus": "MODE"},
      "steps": [{"expect": [{"fact": "nexus_deck_size", "equals": 12}, {"fact": "nexus_held", "seat": "Harkonnen", "equals": null}]}]})";
  auto with = [&](const std::string& mode) {
    std::string text = nexus;
    text.replace(text.find("MODE"), 4, mode);
    return run_scenario(parsed(text));
  };
  const ScenarioRun audit = with("Audit");
  EXPECT_TRUE(audit.failures.empty()) << audit.failures.front();
  const ScenarioRun off = with("Off");
  ASSERT_EQ(off.failures.size(), 1u);
  EXPECT_EQ(off.failures[0], "at step 1: nexus_deck_size: expected 12, got 0");
}

}  // namespace
}  // namespace dune

namespace dune {
namespace {

std::string hand_names(const GameState& s, Seat seat) {
  std::string out;
  for (TreacheryCardId c : s.seat(seat).hand) out += fmt::format("{}{}", out.empty() ? "" : ",", card_type(c).name);
  return out;
}

TEST(ScenarioChanceTest, StagedBySeatAndByCardName) {
  // Atreides are dealt first; the Harkonnen entry waits for a Harkonnen draw.
  const ScenarioRun run = run_scenario(parsed("{" + kBeforeDeal.substr(0, kBeforeDeal.size() - 2) + R"(,
      {"kind": "TreacheryDeal", "seat": "Harkonnen", "card": "Lasgun"},
      {"kind": "TreacheryDeal", "seat": "Atreides", "card": "karama"}],
    "steps": [{"seat": "Atreides", "command": {"kind": "ChooseTraitor", "card": 21}}]})"));
  ASSERT_TRUE(run.failures.empty()) << run.failures.front();
  EXPECT_EQ(hand_names(run.final_state, Seat{0}), "Karama");
  EXPECT_NE(hand_names(run.final_state, Seat{1}).find("Lasgun"), std::string::npos) << hand_names(run.final_state, Seat{1});
}

TEST(ScenarioChanceTest, AnOutcomeThatDoesNotFitFailsLoudly) {
  // Feyd Rautha (20) is dealt to Atreides first; staged again, it cannot be dealt twice.
  const ScenarioRun run = run_scenario(parsed(R"({"options": {"factions": ["Atreides", "Harkonnen"]},
    "chance": [{"kind": "TraitorDeal", "outcome": 20}, {"kind": "TraitorDeal", "seat": "Atreides", "outcome": 20}],
    "steps": [{"expect": [{"fact": "turn", "equals": 0}]}]})"));
  ASSERT_EQ(run.failures.size(), 1u);
  EXPECT_NE(run.failures[0].find("at setup: scenario.chance[1] (TraitorDeal for Atreides: 20) does not fit the TraitorDeal for Atreides: the outcomes are "),
            std::string::npos) << run.failures[0];
  const ScenarioRun by_name = run_scenario(parsed(R"({"options": {"factions": ["Atreides", "Harkonnen"]},
    "chance": [{"kind": "TraitorDeal", "card": "Feyd Rautha"}, {"kind": "TraitorDeal", "card": "Feyd Rautha"}],
    "steps": [{"expect": [{"fact": "turn", "equals": 0}]}]})"));
  ASSERT_EQ(by_name.failures.size(), 1u);
  EXPECT_NE(by_name.failures[0].find("(TraitorDeal: Feyd Rautha) does not fit"), std::string::npos) << by_name.failures[0];
}

TEST(ScenarioChanceTest, AnOutcomeNeverUsedFailsTheRun) {
  const ScenarioRun run = run_scenario(parsed("{" + kHeader + R"("steps": [{"expect": [{"fact": "turn", "equals": 0}]}]})"));
  ASSERT_EQ(run.failures.size(), 1u);
  EXPECT_EQ(run.failures[0], "scenario.chance[4] (TreacheryDeal: 8) was never used: no TreacheryDeal was drawn after the earlier ones");
}

TEST(ScenarioChanceTest, StagingErrorsNameThePath) {
  const std::string opts = R"({"options": {"factions": ["Atreides", "Harkonnen"]}, "steps": [], "chance": )";
  EXPECT_EQ(parse_error(opts + R"([{"kind": "TreacheryDeal", "card": "Lasgunn"}]})"),
            "scenario.chance[0].card: no TreacheryDeal outcome is named \"Lasgunn\"");
  EXPECT_EQ(parse_error(opts + R"([{"kind": "SpiceDraw", "seat": "Atreides", "outcome": 3}]})"),
            "scenario.chance[0].seat: a SpiceDraw is nobody's draw: leave the seat out");
  EXPECT_EQ(parse_error(opts + R"([{"kind": "TraitorDeal", "seat": "Fremen", "outcome": 3}]})"),
            "scenario.chance[0].seat: Fremen is not seated in this game");
  EXPECT_EQ(parse_error(opts + R"([{"kind": "TraitorDeal", "outcome": 3, "card": "Duncan Idaho"}]})"),
            "scenario.chance[0]: give either \"outcome\" or \"card\"");
  EXPECT_EQ(parse_error(opts + R"([{"kind": "StormCard", "card": "3"}]})"),
            "scenario.chance[0].card: a storm card is its number: give \"outcome\"");
}

// ---- advance, save and start ---------------------------------------------------------------

const std::string kTwo = R"({"options": {"factions": ["Atreides", "Harkonnen"], "player_circles": [0, 3]}, "seed": 5, )";

TEST(ScenarioAdvanceTest, PlaysTheDefaultPolicyUntilTheCondition) {
  const ScenarioRun run = run_scenario(parsed(kTwo + R"("steps": [
      {"advance": {"until": {"phase": "Bidding", "turn": 1}},
       "expect": [{"fact": "phase", "equals": "Bidding"}, {"fact": "turn", "equals": 1}]}]})"));
  ASSERT_TRUE(run.failures.empty()) << run.failures.front();
  EXPECT_NE(std::find_if(run.log.begin(), run.log.end(), [](const std::string& l) { return l.starts_with("step 1: advanced to turn 1, Bidding"); }),
            run.log.end());
  // Already there: no command is played.
  const ScenarioRun none = run_scenario(parsed(kTwo + R"("steps": [{"advance": {"until": {"turn": 0}}}]})"));
  ASSERT_TRUE(none.failures.empty()) << none.failures.front();
  EXPECT_TRUE(none.final_state.committed.empty());
}

TEST(ScenarioAdvanceTest, SaysWhereItStoppedWhenTheConditionIsNotReached) {
  const ScenarioRun run = run_scenario(parsed(kTwo + R"("steps": [{"advance": {"until": {"phase": "Bidding"}, "max_commands": 2}}]})"));
  ASSERT_EQ(run.failures.size(), 1u);
  EXPECT_NE(run.failures[0].find("at step 1: advance did not reach phase Bidding (2 commands played; stopped at turn "), std::string::npos)
      << run.failures[0];
  EXPECT_EQ(parse_error(kTwo + R"("steps": [{"advance": {"until": {}}}]})"),
            "scenario.steps[0].advance.until: give at least one of phase, step, turn, awaiting");
  EXPECT_EQ(parse_error(kTwo + R"("steps": [{"advance": {"until": {"phase": "Bidding"}}, "seat": "Atreides", "command": {"kind": "Pass"}}]})"),
            "scenario.steps[0]: an advance step takes no command or legal / not_legal checks: give them their own step");
}

TEST(ScenarioAdvanceTest, PreferredCommandsReplaceTheDefaultOnceEach) {
  const std::string text = kTwo + R"("steps": [{"advance": {"until": {"phase": "Bidding"},
      "prefer": [{"seat": "Harkonnen", "command": {"kind": "DialStorm", "amount": 7}}]}}]})";
  const ScenarioRun run = run_scenario(parsed(text));
  ASSERT_TRUE(run.failures.empty()) << run.failures.front();
  EXPECT_NE(std::find_if(run.log.begin(), run.log.end(), [](const std::string& l) { return l.find("advance: Harkonnen: dial storm 7") != std::string::npos; }),
            run.log.end());
  // A preferred command never legal before the stop fails the step.
  const ScenarioRun never = run_scenario(parsed(kTwo + R"("steps": [{"advance": {"until": {"phase": "Bidding"},
      "prefer": [{"seat": "Harkonnen", "command": {"kind": "DialStorm", "amount": 21}}]}}]})"));
  ASSERT_EQ(never.failures.size(), 1u);
  EXPECT_NE(never.failures[0].find("before prefer[0] (Harkonnen: dial storm 21) was legal for its seat"), std::string::npos) << never.failures[0];
}

TEST(ScenarioStartTest, SaveThenStartFromTheSnapshot) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / fmt::format("dune-scenario-{}", ::getpid());
  std::filesystem::create_directories(dir);
  const auto saved = run_scenario(std::get<Scenario>(parse_scenario(kTwo + R"("steps": [
      {"advance": {"until": {"phase": "Bidding"}}, "save": "bidding.snapshot.json"}]})", dir)));
  ASSERT_TRUE(saved.failures.empty()) << saved.failures.front();
  ASSERT_TRUE(std::filesystem::exists(dir / "bidding.snapshot.json"));
  const std::string from = R"({"start": "bidding.snapshot.json", "steps": [
      {"expect": [{"fact": "phase", "equals": "Bidding"}]}, {"advance": {"until": {"phase": "ShipmentAndMovement"}}}]})";
  auto started = parse_scenario(from, dir);
  ASSERT_TRUE(std::holds_alternative<Scenario>(started)) << std::get<LoadError>(started).message;
  const ScenarioRun run = run_scenario(std::get<Scenario>(started));
  ASSERT_TRUE(run.failures.empty()) << run.failures.front();
  EXPECT_EQ(run.final_state.phase, Phase::ShipmentAndMovement);
  // Fresh ids continue above the start's committed table, so none is taken for a retry.
  EXPECT_GT(run.final_state.committed.size(), saved.final_state.committed.size());
  // Options beside a start must be the start's own; a missing file names the path.
  auto mismatch = parse_scenario(R"({"start": "bidding.snapshot.json", "options": {"factions": ["Atreides", "Fremen"]}, "steps": []})", dir);
  ASSERT_TRUE(std::holds_alternative<LoadError>(mismatch));
  EXPECT_EQ(std::get<LoadError>(mismatch).message, "scenario.options: differs from the start snapshot's options: leave it out");
  auto missing = parse_scenario(R"({"start": "nowhere.json", "steps": []})", dir);
  ASSERT_TRUE(std::holds_alternative<LoadError>(missing));
  EXPECT_NE(std::get<LoadError>(missing).message.find("scenario.start: "), std::string::npos);
  // An inline snapshot document works too; a damaged one says why it does not load.
  nlohmann::json doc = nlohmann::json::parse(saved_text(dir / "bidding.snapshot.json"));
  const ScenarioRun inline_run = run_scenario(std::get<Scenario>(parse_scenario(
      nlohmann::json{{"start", doc}, {"steps", {{{"expect", {{{"fact", "phase"}, {"equals", "Bidding"}}}}}}}}.dump())));
  EXPECT_TRUE(inline_run.failures.empty()) << inline_run.failures.front();
  doc["digest"] = "fnv1a64:0000000000000000";
  const auto damaged = parse_scenario(nlohmann::json{{"start", doc}, {"steps", nlohmann::json::array()}}.dump());
  ASSERT_TRUE(std::holds_alternative<LoadError>(damaged));
  EXPECT_NE(std::get<LoadError>(damaged).message.find("scenario.start: the start snapshot does not load: "), std::string::npos)
      << std::get<LoadError>(damaged).message;
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace dune

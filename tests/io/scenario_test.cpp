// Scenario files: parsing with clear errors, staged chance, rejections and named facts.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "io/scenario.h"
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

std::string parse_error(const std::string& text) {
  auto result = parse_scenario(text);
  return std::holds_alternative<LoadError>(result) ? std::get<LoadError>(result).message : "(parsed)";
}

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
  EXPECT_EQ(run.failures[0], "after step 1: spice of Harkonnen is 10, expected 12");
}

TEST(ScenarioTest, ExpectedRejectionsAreCheckedByCode) {
  const ScenarioRun ok = run_scenario(parsed("{" + kHeader + R"(
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

}  // namespace
}  // namespace dune

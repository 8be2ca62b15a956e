// The JSON form round-trips and its reader refuses bad input, naming the path (issue 8 item 3).
#include <gtest/gtest.h>

#include "reports/report_json.h"
#include "tests/reports/synthetic_campaign.h"

namespace dune::reports {
namespace {

using nlohmann::json;

CampaignResult sample() { return testing::synthetic_campaign({7, 40, 1, 3, true}); }

std::string read_error(const std::string& text) {
  auto r = read_json(text);
  return std::holds_alternative<ReportError>(r) ? std::get<ReportError>(r).message : "";
}

std::string read_error(const json& j) { return read_error(j.dump()); }

TEST(ReportJson, RoundTrips) {
  const CampaignResult r = sample();
  auto back = read_json(write_json(r));
  ASSERT_TRUE(std::holds_alternative<CampaignResult>(back)) << std::get<ReportError>(back).message;
  EXPECT_EQ(std::get<CampaignResult>(back), r);
}

TEST(ReportJson, HasFormatSchemaAndReplayCommand) {
  const json j = to_json(sample());
  EXPECT_EQ(j.at("format"), "dunecheck-campaign");
  EXPECT_EQ(j.at("schema"), kReportSchema);
  const json& c = j.at("families").at(1).at("counterexamples").at(0);
  EXPECT_EQ(c.at("replay_command"), "dunecheck replay " + c.at("replay_file").get<std::string>());
}

TEST(ReportJson, RejectsTruncatedText) {
  const std::string text = write_json(sample());
  EXPECT_EQ(read_error(text.substr(0, text.size() / 2)), "(document): not valid JSON (truncated or corrupt?)");
}

// Issue 18 finding 8: a negative duration or rate is refused, not shown as "wall time -5.0 s".
TEST(ReportJson, RejectsNegativeTimings) {
  json j = to_json(sample());
  j["timing"]["wall_seconds"] = -5;
  EXPECT_NE(read_error(j).find("timing.wall_seconds"), std::string::npos) << read_error(j);
  j = to_json(sample());
  j["timing"]["games_per_second"] = -1;
  EXPECT_NE(read_error(j).find("timing.games_per_second"), std::string::npos) << read_error(j);
  j = to_json(sample());
  j["timing"]["states_per_second"] = -1;
  EXPECT_NE(read_error(j).find("timing.states_per_second"), std::string::npos) << read_error(j);
  j = to_json(sample());
  j["timing"]["peak_memory_mb"] = -1;
  EXPECT_NE(read_error(j).find("timing.peak_memory_mb"), std::string::npos) << read_error(j);
}

// A deeply nested file is refused before it is parsed (issue 18 finding 1).
TEST(ReportJson, RejectsDeepNesting) {
  EXPECT_NE(read_error(std::string(100000, '[')).find("nested deeper than"), std::string::npos);
}

TEST(ReportJson, RejectsWrongFormatOrSchema) {
  json j = to_json(sample());
  j["schema"] = 2;
  EXPECT_EQ(read_error(j), "schema: unsupported schema (this build reads 3)");
  j = to_json(sample());
  j["format"] = "dunecheck-log";
  EXPECT_EQ(read_error(j), "format: expected \"dunecheck-campaign\"");
}

TEST(ReportJson, NamesThePathOfABadValue) {
  json j = to_json(sample());
  j["families"][0]["invariants"][1]["checks"] = -4;
  EXPECT_EQ(read_error(j), "families[0].invariants[1].checks: expected a non-negative integer");
  j = to_json(sample());
  j["families"][1]["setups"][0]["factions"][1] = "Sardaukar";
  EXPECT_EQ(read_error(j), "families[1].setups[0].factions[1]: unknown faction 'Sardaukar'");
  j = to_json(sample());
  j["params"].erase("seed");
  EXPECT_EQ(read_error(j), "params.seed: missing");
  j = to_json(sample());
  j["params"]["shards"] = {5};
  EXPECT_EQ(read_error(j), "params.shards[0]: expected a shard index below 3");
  j = to_json(sample());
  j["families"][0]["coverage"][0]["kind"] = "panels";
  EXPECT_EQ(read_error(j), "families[0].coverage[0].kind: unknown value 'panels'");
}

TEST(ReportJson, RejectsAVerdictTheDataDoesNotSupport) {
  json j = to_json(sample());
  j["families"][1]["verdict"]["kind"] = "verified";
  EXPECT_EQ(read_error(j), "families[1].verdict.kind: file says verified but the data gives failed");
  j = to_json(sample());
  j["families"][0]["steps"] = j["families"][0]["steps"].get<std::uint64_t>() + 1;
  EXPECT_EQ(read_error(j), "families[0].verdict.digest: does not match the family's content");
}

}  // namespace
}  // namespace dune::reports

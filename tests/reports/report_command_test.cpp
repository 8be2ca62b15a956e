// `dunecheck report --merge ... --out DIR` (issue 8 item 7): writes the four forms; exit 1 when a
// family failed, 2 for bad usage or shards of different campaigns, 3 for unreadable input.
#include <gtest/gtest.h>

#include <fmt/format.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "reports/report.h"
#include "reports/report_json.h"
#include "tests/reports/synthetic_campaign.h"

namespace dune::reports {
namespace {

namespace fs = std::filesystem;

class ReportCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / fmt::format("dunecheck-report-cli-{}", ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::string save(const std::string& name, const CampaignResult& r) {
    const std::string path = (dir_ / name).string();
    std::ofstream(path) << write_json(r);
    return path;
  }

  static int run(const std::string& args) {
    const int status = std::system(fmt::format("{} report {} >/dev/null 2>&1", DUNECHECK_BINARY, args).c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  }

  fs::path dir_;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

TEST_F(ReportCommand, MergesShardsAndWritesTheFourForms) {
  const std::string a = save("a.json", testing::synthetic_campaign({7, 30, 0, 2, true}));
  const std::string b = save("b.json", testing::synthetic_campaign({7, 30, 1, 2, true}));
  const fs::path out = dir_ / "out";
  EXPECT_EQ(run(fmt::format("--merge {} {} --out {}", a, b, out.string())), 1);  // Bene Gesserit fails
  for (const char* f : {kJsonFile, kMarkdownFile, kHtmlFile, kJunitFile}) EXPECT_TRUE(fs::exists(out / f)) << f;
  auto merged = read_json(slurp(out / kJsonFile));
  ASSERT_TRUE(std::holds_alternative<CampaignResult>(merged));
  EXPECT_EQ(std::get<CampaignResult>(merged).digest, testing::synthetic_campaign({7, 30, 0, 1, true}).digest);
}

TEST_F(ReportCommand, BadUsageAndUnreadableInput) {
  const std::string a = save("a.json", testing::synthetic_campaign({7, 30, 0, 2, true}));
  const std::string out = (dir_ / "out").string();
  EXPECT_EQ(run("--out " + out), 2);                                                 // no inputs
  EXPECT_EQ(run(fmt::format("--merge {} {} --out {}", a, a, out)), 2);               // overlapping shards
  EXPECT_EQ(run(fmt::format("--merge {} --out {}", (dir_ / "missing.json").string(), out)), 3);
  std::ofstream(dir_ / "bad.json") << "{\"format\": ";
  EXPECT_EQ(run(fmt::format("--merge {} --out {}", (dir_ / "bad.json").string(), out)), 3);
}

}  // namespace
}  // namespace dune::reports

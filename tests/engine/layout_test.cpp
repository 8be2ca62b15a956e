// The dependency direction of DESIGN.md ("Layout and dependency direction", README "Layout"),
// checked on the sources: every `#include "folder/..."` of a file under one top-level folder must
// name that folder or one its arrows reach. Nothing includes tests/, tools/ or fuzz/ (each excepted
// for itself), and in particular the engine includes no io/, harness/, gate/ or tools/ header.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

// "may include", direct arrows only; the test follows them transitively.
const std::map<std::string, std::vector<std::string>> kArrows{
    {"model", {}},
    {"engine", {"model"}},
    {"io", {"engine"}},
    {"generators", {"engine", "model"}},
    {"invariants", {"engine", "model", "io"}},  // the determinism checkers save, load and replay
    {"harness", {"invariants", "generators", "io"}},
    {"proofs", {"model", "harness"}},  // the explorer reuses the harness
    {"reports", {"invariants"}},
    {"gate", {"harness", "proofs", "reports"}},
    {"tools", {"model", "engine", "io", "generators", "invariants", "harness", "proofs", "reports", "gate"}},
    {"fuzz", {"model", "engine", "io", "generators", "invariants", "harness", "proofs", "reports", "gate"}},  // the fuzz targets
};

// Leaves any folder above the engine may include: a header whose sources include only what io/
// stands on, model/ and engine/ (the census, capacity and shape checks, which the load-time check
// of io/ reuses while the determinism checkers use io/).
const std::set<std::string> kLeaves{"invariants/census.h", "invariants/capacity.h", "invariants/shape.h"};

std::set<std::string> reachable(const std::string& folder) {
  std::set<std::string> seen{folder};
  std::vector<std::string> todo{folder};
  while (!todo.empty()) {
    const std::string f = todo.back();
    todo.pop_back();
    for (const std::string& to : kArrows.at(f)) {
      if (seen.insert(to).second) todo.push_back(to);
    }
  }
  return seen;
}

// Every include of a project folder that `folder`'s sources make and its arrows do not allow, as
// "file: folder/header".
std::vector<std::string> violations(const std::filesystem::path& root, const std::string& folder) {
  static const std::regex include(R"re(^\s*#\s*include\s*"([a-z_]+)/([^"]*)")re");
  const std::set<std::string> allowed = reachable(folder);
  std::vector<std::string> out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
    const std::string ext = entry.path().extension().string();
    if (!entry.is_regular_file() || (ext != ".h" && ext != ".cpp" && ext != ".inc")) continue;
    std::ifstream in(entry.path());
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1].str();
      const bool project = kArrows.contains(target) || target == "tests";
      const bool leaf = kLeaves.contains(target + "/" + m[2].str()) && folder != "model" && folder != "engine";
      if (project && !allowed.contains(target) && !leaf) {
        out.push_back(std::filesystem::relative(entry.path(), root).string() + ": " + target + "/" + m[2].str());
      }
    }
  }
  return out;
}

TEST(LayoutTest, EveryIncludeFollowsTheDependencyArrows) {
  const std::filesystem::path root(DUNE_SOURCE_DIR);
  for (const auto& [folder, arrows] : kArrows) {
    ASSERT_TRUE(std::filesystem::is_directory(root / folder)) << folder;
    for (const std::string& v : violations(root, folder)) ADD_FAILURE() << v << " (" << folder << "/ may not include it)";
  }
}

TEST(LayoutTest, TheEngineReachesNothingAboveIt) {
  for (const char* above : {"io", "harness", "gate", "tools", "invariants", "generators", "tests"}) {
    EXPECT_FALSE(reachable("engine").contains(above)) << above;
  }
  for (const char* above : {"harness", "gate", "tools", "invariants", "generators", "tests"}) {
    EXPECT_FALSE(reachable("io").contains(above)) << above;
  }
}

}  // namespace

namespace {

TEST(LayoutTest, ALeafIncludesOnlyWhatIoStandsOn) {
  static const std::regex include(R"re(^\s*#\s*include\s*"([a-z_]+)/([^"]*)")re");
  const std::filesystem::path root(DUNE_SOURCE_DIR);
  for (const std::string& leaf : kLeaves) {
    for (const std::string& file : {leaf, leaf.substr(0, leaf.size() - 2) + ".cpp"}) {
      std::ifstream in(root / file);
      ASSERT_TRUE(in) << file;
      std::string line;
      while (std::getline(in, line)) {
        std::smatch m;
        if (!std::regex_search(line, m, include)) continue;
        const std::string target = m[1].str() + "/" + m[2].str();
        const bool below_io = m[1].str() == "model" || m[1].str() == "engine";
        if (!below_io && target != leaf && target != "invariants/violation.h") ADD_FAILURE() << file << ": " << target;
      }
    }
  }
}

}  // namespace

// Writing a report set (issue 8 item 7): the four forms side by side in one directory.
#include <fmt/format.h>

#include <filesystem>
#include <fstream>

#include "reports/report.h"
#include "reports/report_json.h"

namespace dune::reports {

std::optional<std::string> write_report_set(const CampaignResult& r, const std::string& dir) {
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) return fmt::format("cannot create {}: {}", dir, ec.message());
  const std::pair<const char*, std::string> files[] = {
      {kJsonFile, write_json(r)}, {kMarkdownFile, render_markdown(r)}, {kHtmlFile, render_html(r)}, {kJunitFile, render_junit(r)}};
  for (const auto& [name, text] : files) {
    const std::string path = (std::filesystem::path(dir) / name).string();
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out) return fmt::format("cannot write {}", path);
  }
  return std::nullopt;
}

std::string verdict_lines(const CampaignResult& r) {
  std::string out;
  for (const FamilyResult& f : r.families) {
    out += fmt::format("{}: {} ({})\n", to_string(f.family), to_string(f.verdict.kind), f.verdict.reason);
  }
  return out;
}

bool all_passed(const CampaignResult& r) {
  for (const FamilyResult& f : r.families) {
    if (f.verdict.kind == VerdictKind::Failed || f.verdict.kind == VerdictKind::CoverageNotMet) return false;
  }
  return true;
}

}  // namespace dune::reports

// `dunecheck report --merge a.json b.json ... --out DIR` (issue 8 items 3 and 7): reads campaign
// results written by `dunecheck gate` (each shard's campaign.json), merges them and writes the
// four report forms. Exit 0 when every family passed (verified or unavailable), 1 when one failed
// or fell short of coverage, 2 for bad usage (including shards of different campaigns), 3 for an
// unreadable or invalid input file or an unwritable output directory.
#include <fmt/format.h>

#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "reports/report.h"
#include "reports/report_json.h"
#include "tools/commands.h"
#include "tools/file_io.h"

namespace dune::cli {
namespace {

struct Args {
  std::vector<std::string> inputs;
  std::string out;
};

[[noreturn]] void exit_with(int code, const std::string& message) {
  std::cerr << "dunecheck report: " << message << "\n";
  throw CLI::RuntimeError(code);
}

reports::CampaignResult load(const std::string& path) {
  auto read = reports::read_json(read_text_file(path));
  if (auto* error = std::get_if<reports::ReportError>(&read)) exit_with(3, fmt::format("{}: {}", path, error->message));
  return std::get<reports::CampaignResult>(std::move(read));
}

void run(const Args& args) {
  reports::CampaignResult merged = load(args.inputs.front());
  for (std::size_t i = 1; i < args.inputs.size(); ++i) {
    auto next = reports::merge(merged, load(args.inputs[i]));
    if (auto* error = std::get_if<reports::ReportError>(&next)) exit_with(2, fmt::format("{}: {}", args.inputs[i], error->message));
    merged = std::get<reports::CampaignResult>(std::move(next));
  }
  if (auto error = reports::write_report_set(merged, args.out)) exit_with(3, *error);
  std::cout << reports::verdict_lines(merged)
            << fmt::format("report {} written to {} (shards {})\n", merged.digest, args.out, reports::shard_label(merged.params));
  if (!reports::all_passed(merged)) throw CLI::RuntimeError(1);
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto args = std::make_shared<Args>();
  CLI::App* cmd = app.add_subcommand("report", "Merge campaign results (shards) and write the report set (JSON, Markdown, HTML, JUnit)");
  cmd->add_option("--merge", args->inputs, "campaign.json files written by `dunecheck gate` (one per shard)")
      ->required()
      ->expected(1, -1);
  cmd->add_option("--out", args->out, "output directory (created if missing)")->required();
  cmd->callback([args] { run(*args); });
}

}  // namespace dune::cli

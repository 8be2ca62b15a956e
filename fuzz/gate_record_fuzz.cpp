// Fuzz target: the gate record reader (gate/gate_record.h record_problem, updated_record), as
// `dunecheck gate --record FILE` uses it. A record record_problem accepts is one updated_record
// updates; the updated record is a record again, and updating it once more changes nothing.
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "fuzz/fuzz_check.h"
#include "gate/gate_record.h"
#include "reports/report_json.h"

namespace {

// The committed example campaign (reports/example/campaign.json) cut to two families, Atreides
// made verified: updating a record then replaces a verified family's entry, drops one that ran
// and did not pass, and keeps the ten that did not run.
dune::reports::CampaignResult campaign() {
  std::ifstream file(DUNE_FUZZ_EXAMPLE_CAMPAIGN, std::ios::binary);
  std::ostringstream text;
  text << file.rdbuf();
  auto read = dune::reports::read_json(text.str());
  if (const auto* e = std::get_if<dune::reports::ReportError>(&read)) {
    dune::fuzz::fail(fmt::format("gate_record: cannot read {}: {}", DUNE_FUZZ_EXAMPLE_CAMPAIGN, e->message));
  }
  auto r = std::get<dune::reports::CampaignResult>(std::move(read));
  r.families.resize(2);
  r.families[0].verdict.kind = dune::reports::VerdictKind::Verified;
  r.families[0].verdict.digest = "fnv1a64:0123456789abcdef";
  return r;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const dune::reports::CampaignResult r = campaign();
  const std::string_view text = dune::fuzz::text_of(data, size);
  dune::fuzz::guarded("gate_record", [&] {
    if (dune::json_text_out_of_bounds(text)) return;  // as `dunecheck gate` does before it parses
    const nlohmann::json record = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (record.is_discarded()) return;
    if (const auto problem = dune::gate::record_problem(record)) {
      return dune::fuzz::check(!problem->empty(), "gate_record: refused with an empty message");
    }
    const auto updated = dune::gate::updated_record(record, r, "reports/out", 240, 1);
    dune::fuzz::check(updated.has_value(), "gate_record: record_problem accepts a record updated_record refuses");
    const auto problem = dune::gate::record_problem(*updated);
    dune::fuzz::check(!problem, fmt::format("gate_record: the updated record is not a record: {}", problem.value_or("")));
    dune::fuzz::check(dune::gate::updated_record(*updated, r, "reports/out", 240, 1) == updated,
                      "gate_record: updating the updated record changes it");
    (void)updated->dump(2);
  });
  return 0;
}

// The JSON form of a campaign result (issue 8 item 3): the machine-readable report and the input of
// `dunecheck report --merge`. {"format": "dunecheck-campaign", "schema": 1, "digest", "params",
// "timing", "module", "families"}. Reading recomputes every verdict and digest and rejects a file
// whose recorded ones disagree, so a report cannot claim a verdict its data does not support.
#pragma once

#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "reports/campaign.h"

namespace dune::reports {

nlohmann::json to_json(const CampaignResult& r);
std::string write_json(const CampaignResult& r);  // to_json, indented, with a final newline
// A ReportError names the path of the bad value: "families[0].invariants[2].checks: expected a
// non-negative integer".
std::variant<CampaignResult, ReportError> read_json(std::string_view text);

// The deterministic content the digests cover (campaign.cpp): no timing, shards or verdicts.
nlohmann::json params_content_json(const CampaignParams& p);
nlohmann::json module_json(const std::vector<ModuleEntry>& module);
nlohmann::json family_content_json(const FamilyResult& f);

}  // namespace dune::reports

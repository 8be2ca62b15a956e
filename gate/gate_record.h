// The gate's decisions outside the campaign itself (issue 8; issue 14 item 6 moved them out of the
// CLI): family names, whether a campaign may update the gate record, the record after a campaign,
// and whether the campaign passed. `dunecheck gate` (tools/gate_command.cpp) parses its arguments,
// reads and writes the files and prints; everything it decides is here.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gate/gate_campaign.h"
#include "reports/campaign.h"

namespace dune::gate {

// A family by its name, spaces, hyphens, underscores and case ignored ("Atreides",
// "bene-gesserit", "SpacingGuild").
std::optional<Faction> family_named(std::string_view name);

// Why a campaign with these options may not update the gate record (nullopt: it may). A recorded
// campaign must be whole and reproducible, include the bounded proofs and run no mutant.
std::optional<std::string> record_refusal(const GateOptions& options);

// The format tag of a gate record (model/nexus_gate_record.json).
inline constexpr std::string_view kRecordFormat = "dunecheck-nexus-gate-record";

// The gate record after campaign `r`, whose report set is in `report_dir` and which played `games`
// games per family from `seed`: a verified family gets its report digest, any other family run by
// this campaign loses its entry (a family that fails stays unverified), a family not run keeps
// its entry as it was; entries in family order. Nullopt when `record` is not a gate record.
// What is wrong with a gate record's shape, if anything: checked before a campaign starts, so a
// bad --record file costs no campaign. nullopt for a record updated_record can update.
std::optional<std::string> record_problem(const nlohmann::json& record);

std::optional<nlohmann::json> updated_record(const nlohmann::json& record, const reports::CampaignResult& r,
                                             const std::string& report_dir, std::uint64_t games, std::uint64_t seed);

// Whether the gate passes: every family passed, and none of `named` (families asked for by name)
// is unavailable.
bool gate_passed(const reports::CampaignResult& r, const std::vector<Faction>& named);

}  // namespace dune::gate

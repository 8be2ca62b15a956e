// Helpers shared by the human report forms (Markdown, HTML, JUnit); defined in report_text.cpp.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "reports/campaign.h"

namespace dune::reports {

// One row of the module summary: every one of the twelve families, run or not.
struct ModuleRow {
  Faction family;
  std::string status;   // the registry's status, or "not recorded"
  std::string note;     // the registry's reason (unavailable) or digest (verified)
  std::string verdict;  // this campaign's verdict, or "not run"
  std::string digest;   // this campaign's digest for the family, or ""
  // What the summary's last column shows: the reason of an unavailable family (its campaign's
  // digest says nothing to a reader), else this campaign's digest, else the registry's note.
  std::string detail() const { return status == "unavailable" || digest.empty() ? note : digest; }
};

std::string escape_xml(std::string_view s);  // also right for HTML text and attributes
std::vector<ModuleRow> module_rows(const CampaignResult& r);
// The setups aggregated for a reader: seats × rules (the first flag, Basic or Advanced) × the
// card's mode → games, in that order (issue 20 item 6); the full list goes behind a <details>.
struct SetupGroup {
  int seats = 0;
  std::string rules;
  NexusMode mode = NexusMode::Cunning;
  std::uint64_t games = 0;
};
std::vector<SetupGroup> setup_groups(const FamilyResult& f);
// The per-panel table (issue 20 item 6): each panel's status, how often it was played (its first
// coverage row), whether its coverage rows are met, and the edges it does not offer.
struct PanelRow {
  std::string panel;
  std::string status;
  std::uint64_t played = 0;
  std::string coverage;  // "met", "2 of 3 met", or "none required" (an unavailable panel)
  std::string not_offered;
  std::string policy{};  // the seed policy it implements, or ""
};
std::vector<PanelRow> panel_rows(const FamilyResult& f);
std::string join_text(const std::vector<std::string>& parts, std::string_view sep);
std::string factions_text(const std::vector<Faction>& factions);
const FamilyResult* find_family(const CampaignResult& r, Faction f);
std::string params_text(const CampaignResult& r);
std::string timing_text(const Timing& t);
// The oracles of one kind of step, in two columns (issue 17): those deciding its outcome
// ("oracle.shipment-payment 910 decided, 0 skipped; ...") and those deciding its legality (the
// `oracle.legal-*` ones). "none" when the kind was played and no oracle of the column decides it,
// "not played" when it was not. A chance kind has no legality oracle, since no seat chooses its
// outcome: its column names the oracles that check the outcome could be drawn (its source).
bool is_legality_oracle(std::string_view oracle);
std::string outcome_cells_text(const OracleRow& row);
std::string legality_cells_text(const OracleRow& row);

}  // namespace dune::reports

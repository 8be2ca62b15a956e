// The Nexus family registry (DESIGN.md, "Nexus families and gates"; seed 000, "Remaining source
// questions and release boundaries"): the single place that decides each family's and each
// panel's status. A family is `implemented` when it is registered (model/nexus_families.h): its
// engine/nexus/ file plays all three of its panels;
// `verified` only through `dunecheck gate`: the gate record (model/nexus_gate_record.json, written by
// `dunecheck gate --record`, read at build time) names the family and its passing report's digest.
// Released mode needs all twelve verified.
#pragma once

#include <array>

#include "model/nexus.h"
#include "model/nexus_families.h"
#include "model/nexus_gate_record.h"
#include "model/nexus_panels.h"

namespace dune {

// The words stay those of the reports the gate record cites (their digest covers them).
inline constexpr std::string_view kFamilyNotImplemented =
    "not implemented yet: the engine builds one family at a time, Atreides first (seed 000, \"Effect integration boundaries\")";

// Implemented exactly when registered: nothing here is set by hand.
constexpr FamilyStatus registered_status(Faction card) {
  return family_registered(card) ? FamilyStatus{StatusKind::Implemented, "", ""}
                                 : FamilyStatus{StatusKind::Unavailable, kFamilyNotImplemented, ""};
}

// Only an implemented family can be verified: a record for any other stops the build.
constexpr bool gate_records_valid() {
  for (const GateRecord& r : kGateRecords) {
    if (!family_registered(r.family)) return false;
  }
  return true;
}
static_assert(gate_records_valid(), "model/nexus_gate_record.json verifies a family the engine does not implement");

constexpr FamilyStatus family_status(Faction card) {
  const FamilyStatus code = registered_status(card);
  for (const GateRecord& r : kGateRecords) {
    if (r.family == card) return FamilyStatus{StatusKind::Verified, "", r.digest};
  }
  return code;
}

// A panel shares its family's status; an unavailable panel names its own open source question
// when the seeds record one, else the family's reason.
constexpr PanelStatus panel_status(const NexusPanelInfo& p) {
  const FamilyStatus f = family_status(p.card);
  if (f.kind != StatusKind::Unavailable) return PanelStatus{f.kind, ""};
  return PanelStatus{StatusKind::Unavailable, p.open_question.empty() ? f.reason : p.open_question};
}

constexpr int verified_family_count() {
  int n = 0;
  for (Faction f : kAllFactions) n += family_status(f).kind == StatusKind::Verified ? 1 : 0;
  return n;
}

constexpr bool all_families_verified() {
  for (Faction f : kAllFactions) {
    if (family_status(f).kind != StatusKind::Verified) return false;
  }
  return true;
}

}  // namespace dune

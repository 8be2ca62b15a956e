// The Nexus family registry (DESIGN.md, "Nexus families and gates"; seed 000, "Remaining source
// questions and release boundaries"): the single place that decides each family's and each
// panel's status. A family is `implemented` when the engine plays all three of its panels;
// `verified` only through `dunecheck gate` (none yet). Released mode needs all twelve verified.
#pragma once

#include <array>

#include "model/nexus.h"
#include "model/nexus_panels.h"

namespace dune {

inline constexpr std::string_view kFamilyNotImplemented =
    "not implemented yet: the engine implements the Atreides family first (seed 000, \"Effect integration boundaries\")";

// Indexed like kAllFactions (the card's faction is the family).
inline constexpr std::array<FamilyStatus, kFactionCount> kFamilyRegistry{{
    {StatusKind::Implemented, "", ""},  // Atreides: engine/nexus_atreides.cpp
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Bene Gesserit
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Emperor
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Fremen
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Harkonnen
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Spacing Guild
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Ixians
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Tleilaxu
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // CHOAM
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Richese
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Ecaz
    {StatusKind::Unavailable, kFamilyNotImplemented, ""},  // Moritani
}};

static_assert(index(Faction::Atreides) == 0 && index(Faction::Moritani) == 11, "registry rows follow kAllFactions");

constexpr const FamilyStatus& family_status(Faction card) { return kFamilyRegistry[index(card)]; }

// A panel shares its family's status; an unavailable panel names its own open source question
// when the seeds record one, else the family's reason.
constexpr PanelStatus panel_status(const NexusPanelInfo& p) {
  const FamilyStatus& f = family_status(p.card);
  if (f.kind != StatusKind::Unavailable) return PanelStatus{f.kind, ""};
  return PanelStatus{StatusKind::Unavailable, p.open_question.empty() ? f.reason : p.open_question};
}

constexpr int verified_family_count() {
  int n = 0;
  for (const FamilyStatus& f : kFamilyRegistry) n += f.kind == StatusKind::Verified ? 1 : 0;
  return n;
}

constexpr bool all_families_verified() {
  for (const FamilyStatus& f : kFamilyRegistry) {
    if (f.kind != StatusKind::Verified) return false;
  }
  return true;
}

}  // namespace dune

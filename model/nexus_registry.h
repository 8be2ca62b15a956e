// The Nexus family registry (DESIGN.md, "Nexus families and gates"; seed 000, "Remaining source
// questions and release boundaries"): the single place that decides each family's and each
// panel's status. A panel is `implemented` when its family is registered (model/nexus_families.h:
// its engine/nexus/ file plays it) and the panel can be played at all: a Betrayal needs the card's
// faction seated and a Cunning its native player, so those of a faction setup does not seat yet
// wait for it (`unavailable`, with that reason); a Secret Ally needs the faction absent, so it can
// always be played. A panel is `verified` only through `dunecheck gate`: the gate record
// (model/nexus_gate_record.json, written by `dunecheck gate --record`, read at build time) names
// the family, the panels its passing campaign verified and the report's digest. A family is
// `verified` when its three panels are, `implemented` when registered. Released mode needs all
// twelve verified.
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

inline constexpr std::string_view kWaitsForFaction =
    "waits for its faction to be playable: a Betrayal needs the card's faction seated and a Cunning its native player, and "
    "setup does not seat it yet (rules-status table)";

// Whether a registered family's panel can be played in any game setup accepts: a Betrayal needs
// the card's faction seated and a Cunning its native player.
constexpr bool panel_playable(Faction card, NexusMode mode) { return mode == NexusMode::SecretAlly || faction_playable(card); }

// Whether the card's native panels (Betrayal and Cunning, which need its faction seated) can be
// played: the gate and the usage games seat the card's faction only then.
constexpr bool native_panels_playable(Faction card) {
  return panel_playable(card, NexusMode::Betrayal) && panel_playable(card, NexusMode::Cunning);
}

// The gate record's entry for a family, or nullptr.
constexpr const GateRecord* gate_record_of(Faction card) {
  for (const GateRecord& r : kGateRecords) {
    if (r.family == card) return &r;
  }
  return nullptr;
}

// Only an implemented panel can be verified: a record for any other stops the build.
constexpr bool gate_records_valid() {
  for (const GateRecord& r : kGateRecords) {
    if (!family_registered(r.family)) return false;
    for (NexusMode m : kNexusModes) {
      if (r.panels[index(m)] && !panel_playable(r.family, m)) return false;
    }
  }
  return true;
}
static_assert(gate_records_valid(), "model/nexus_gate_record.json verifies a panel the engine does not implement");

constexpr PanelStatus panel_status(Faction card, NexusMode mode) {
  const NexusPanelInfo& p = nexus_panel(card, mode);
  if (!family_registered(card)) return PanelStatus{StatusKind::Unavailable, p.open_question.empty() ? kFamilyNotImplemented : p.open_question};
  if (!panel_playable(card, mode)) return PanelStatus{StatusKind::Unavailable, kWaitsForFaction};
  const GateRecord* r = gate_record_of(card);
  return PanelStatus{r && r->panels[index(mode)] ? StatusKind::Verified : StatusKind::Implemented, p.policy};
}

// An unavailable panel names its own open source question when the seeds record one (or why it
// waits), an available one the seed policy it implements.
constexpr PanelStatus panel_status(const NexusPanelInfo& p) { return panel_status(p.card, p.mode); }

constexpr FamilyStatus family_status(Faction card) {
  const FamilyStatus code = registered_status(card);
  if (code.kind == StatusKind::Unavailable) return code;
  for (NexusMode m : kNexusModes) {
    if (panel_status(card, m).kind != StatusKind::Verified) return code;
  }
  return FamilyStatus{StatusKind::Verified, "", gate_record_of(card)->digest};
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

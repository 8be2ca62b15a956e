// The registration list of the Nexus families (README, "Adding a Nexus family"): one line per
// family, naming the faction printed on its card. The family's rules, windows, plays, gate rows and
// explorer scopes live in engine/nexus/<family>.cpp, which defines `k<Name>Family`
// (engine/nexus/family.h). A family is `implemented` exactly when it is listed here
// (model/nexus_registry.h derives the status from this list); every other is `unavailable`.
#pragma once

#include <array>

#include "model/factions.h"

// clang-format off
#define DUNE_NEXUS_FAMILIES(FAMILY) \
  FAMILY(Atreides) \
  FAMILY(BeneGesserit) \
  FAMILY(Emperor) \
  FAMILY(Fremen) \
  FAMILY(SpacingGuild) \
  FAMILY(Harkonnen) \
  FAMILY(Tleilaxu) \
  FAMILY(Richese) \
  FAMILY(Ixians) \
  FAMILY(Ecaz) \
  FAMILY(Choam) \
  FAMILY(Moritani)
// clang-format on

namespace dune {

#define DUNE_NEXUS_FAMILY_FACTION(name) Faction::name,
inline constexpr std::array kRegisteredFamilies{DUNE_NEXUS_FAMILIES(DUNE_NEXUS_FAMILY_FACTION)};
#undef DUNE_NEXUS_FAMILY_FACTION

constexpr bool family_registered(Faction card) {
  for (Faction f : kRegisteredFamilies) {
    if (f == card) return true;
  }
  return false;
}

}  // namespace dune

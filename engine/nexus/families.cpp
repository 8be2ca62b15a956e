// The table of registered families, built from the one registration list (model/nexus_families.h):
// each listed family's file defines `k<Name>Family`; a listed family without its file does not link.
#include "engine/nexus/family.h"
#include "model/nexus_families.h"

namespace dune {

#define DUNE_DECLARE_NEXUS_FAMILY(name) extern const NexusFamily k##name##Family;
DUNE_NEXUS_FAMILIES(DUNE_DECLARE_NEXUS_FAMILY)
#undef DUNE_DECLARE_NEXUS_FAMILY

namespace {
#define DUNE_NEXUS_FAMILY_ENTRY(name) &k##name##Family,
const std::array<const NexusFamily*, kRegisteredFamilies.size()> kTable{DUNE_NEXUS_FAMILIES(DUNE_NEXUS_FAMILY_ENTRY)};
#undef DUNE_NEXUS_FAMILY_ENTRY
}  // namespace

std::span<const NexusFamily* const> nexus_families() { return kTable; }

}  // namespace dune

// The panel contracts' shared pieces (invariants/nexus_contracts.cpp holds the checker table and
// the first families' contracts; invariants/nexus_contracts_guild_harkonnen.cpp the Spacing Guild's
// and the Harkonnen's; invariants/nexus_contracts_expansion.cpp the expansion cards' Secret Ally;
// invariants/nexus_contracts_ixians.cpp the Ixians card's Betrayal and Cunning).
#pragma once

#include "invariants/registry.h"

namespace dune::invariants::contract_detail {

// The play of `card` in `mode` this step, decided on a step of its own (nullptr: none).
const PlayNexus* play_of(const Transition& t, Faction card, NexusMode mode);

Violations guild_betrayal(const Transition& t, const GameContext&);
Violations guild_cunning(const Transition& t, const GameContext&);
Violations guild_secret_ally(const Transition& t, const GameContext&);
Violations harkonnen_betrayal(const Transition& t, const GameContext&);
Violations harkonnen_cunning(const Transition& t, const GameContext&);
Violations harkonnen_secret_ally(const Transition& t, const GameContext&);
Violations tleilaxu_secret_ally(const Transition& t, const GameContext&);  // nexus_contracts_expansion.cpp
Violations tleilaxu_betrayal(const Transition& t, const GameContext&);     // nexus_contracts_expansion.cpp
Violations tleilaxu_cunning(const Transition& t, const GameContext&);      // nexus_contracts_expansion.cpp
Violations richese_secret_ally(const Transition& t, const GameContext&);   // nexus_contracts_expansion.cpp
Violations ixians_secret_ally(const Transition& t, const GameContext&);    // nexus_contracts_expansion.cpp
Violations ixians_betrayal(const Transition& t, const GameContext&);       // nexus_contracts_ixians.cpp
Violations ixians_cunning(const Transition& t, const GameContext&);        // nexus_contracts_ixians.cpp
Violations ecaz_secret_ally(const Transition& t, const GameContext&);      // nexus_contracts_expansion.cpp
Violations choam_secret_ally(const Transition& t, const GameContext&);     // nexus_contracts_expansion.cpp
Violations moritani_secret_ally(const Transition& t, const GameContext&);  // nexus_contracts_expansion.cpp

}  // namespace dune::invariants::contract_detail

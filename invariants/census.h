// Census: every physical component is in exactly one zone, and the totals equal the catalogue's
// census for the game's setup. Recomputed here from the state's zones, independently of the
// engine's helpers.
#pragma once

#include "invariants/violation.h"
#include "model/state.h"

namespace dune::invariants {

// Treachery, traitor and spice cards, leader discs and force tokens.
Violations check_census(const GameState& state);

// The catalogue options that a game's options imply (which components exist).
CatalogueOptions catalogue_options(const Options& options);

}  // namespace dune::invariants

// A planted fault for testing and benchmarking the harness itself (issue 7 items 4-5, 7): a
// checker that "fails" whenever a Bid above 5 spice is accepted. Legal games reach it often, so
// it shows that a failure is found, shrunk to a few decisions, written and replayed.
#pragma once

#include <span>

#include "invariants/registry.h"

namespace dune::harness {

inline constexpr int kPlantedBidLimit = 5;

// The one-checker catalogue {"planted.big-bid"} (not part of invariants::all_checkers()).
std::span<const invariants::Checker> planted_big_bid();

}  // namespace dune::harness

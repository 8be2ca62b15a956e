// For tests that switch an engine mutant on (engine/mutants.h): in a build without mutants (the
// CMake option DUNE_MUTANTS=OFF, the release preset) ScopedMutant activates nothing, so the test
// is skipped, saying why, instead of failing for want of a bug to catch.
#pragma once

#include <gtest/gtest.h>

#include "engine/mutants.h"

#define DUNE_SKIP_WITHOUT_MUTANTS()                                                 \
  do {                                                                              \
    if (!::dune::kMutantsBuilt) GTEST_SKIP() << "this build has no mutants (DUNE_MUTANTS=OFF)"; \
  } while (false)

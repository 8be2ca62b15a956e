// Scenario tests for the shipment_movement phase (filled in by its owner).
#include <gtest/gtest.h>

#include "engine/internal.h"
#include "tests/engine/test_support.h"

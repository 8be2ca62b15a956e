// Tests (filled in by the owner of the matching engine file).
#include <gtest/gtest.h>

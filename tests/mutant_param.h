// Tests parameterised over the mutant catalogue (harness/mutants.h): how GoogleTest prints a
// mutant and names its test (the CTest names), one definition for every test binary.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <string>

#include "harness/mutants.h"

namespace dune::harness {
// Read by GoogleTest for the CTest names ("# GetParam() = ..."): the mutant's name, not raw bytes.
inline void PrintTo(const MutantInfo& m, std::ostream* os) { *os << m.name; }
}  // namespace dune::harness

namespace dune {
// A mutant's name as a test name: its dashes become underscores.
inline std::string mutant_test_name(const testing::TestParamInfo<harness::MutantInfo>& info) {
  std::string out;
  for (char c : info.param.name) out += c == '-' ? '_' : c;
  return out;
}
}  // namespace dune

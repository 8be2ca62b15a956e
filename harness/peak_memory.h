// Peak resident memory of this process, for the gate report's and the explorer's timing lines
// (issue 19). Linux getrusage: ru_maxrss is in kilobytes.
#pragma once

#include <sys/resource.h>

namespace dune::harness {

inline double peak_resident_mb() {
  rusage usage{};
  if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
  return static_cast<double>(usage.ru_maxrss) / 1024.0;
}

}  // namespace dune::harness

// What an invariant checker returns: named violations, each with a sentence (STYLE.md, 6).
#pragma once

#include <string>
#include <vector>

namespace dune::invariants {

struct Violation {
  std::string invariant;  // e.g. "census.treachery"
  std::string message;    // e.g. "Treachery card Lasgun#1 in two zones: Harkonnen hand, discard"
  friend bool operator==(const Violation&, const Violation&) = default;
};

using Violations = std::vector<Violation>;

}  // namespace dune::invariants

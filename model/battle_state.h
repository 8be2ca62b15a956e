// The Battle phase's decision state (owned by engine/battle*.cpp).
#pragma once

namespace dune {

struct BattleState {
  friend bool operator==(const BattleState&, const BattleState&) = default;
};

}  // namespace dune

// Who picks a chance outcome: a seeded PRNG in play, a staged list in a fixture. (The explorer
// enumerates chance_outcomes() itself.) The PRNG lives here, never in GameState.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <span>

#include "model/state.h"

namespace dune {

class ChanceSource {
 public:
  virtual ~ChanceSource() = default;
  // Picks one of `outcomes` (non-empty) for the pending chance step of `state`.
  virtual std::uint8_t choose(const GameState& state, std::span<const std::uint8_t> outcomes) = 0;
};

class SeededChance final : public ChanceSource {
 public:
  explicit SeededChance(std::uint64_t seed) : rng_(seed) {}
  std::uint8_t choose(const GameState& state, std::span<const std::uint8_t> outcomes) override;

 private:
  std::mt19937_64 rng_;
};

// Whether an outcome staged for `staged` serves a pending chance step of kind `pending`: the same
// kind, or a staged spice card (the next card of the spice deck) for Atreides' peek at that card.
bool staged_serves(ChanceKind staged, ChanceKind pending);

// Outcomes staged per chance kind, in order; unstaged draws fall back to a seeded PRNG.
class StagedChance final : public ChanceSource {
 public:
  explicit StagedChance(std::uint64_t fallback_seed = 0) : fallback_(fallback_seed) {}
  void stage(ChanceKind kind, std::uint8_t outcome) { staged_.push_back({kind, outcome}); }
  std::uint8_t choose(const GameState& state, std::span<const std::uint8_t> outcomes) override;
  bool exhausted() const { return staged_.empty(); }

 private:
  std::deque<std::pair<ChanceKind, std::uint8_t>> staged_;
  SeededChance fallback_;
};

// Resolves chance steps until a seat must decide, the game ends or halts.
GameState settle(GameState state, ChanceSource& chance);

}  // namespace dune

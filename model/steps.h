// Where the game is: a setup step or a phase, and the decision within it; and sets of steps (the
// command descriptors of model/commands.h name the steps that accept each kind).
#pragma once

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace dune {

enum class Step : std::uint8_t {
  SetupTraitorSelection,     // every seat but Harkonnen / Tleilaxu keeps one of its four
  SetupPrediction,           // Bene Gesserit predicts a faction and a turn (secret)
  SetupFremenPlacement,      // Fremen place 10 among Sietch Tabr, False Wall South, False Wall West
  SetupBeneGesseritPlacement,// Advanced: one advisor anywhere, after the Fremen
  StormDial,                 // turn 1: two dials 0..20; Basic later turns: two dials 1..3
  StormCardWindow,           // Weather Control / Family Atomics before the storm moves
  KaramaWorm,                // Advanced Fremen, after turn 1: their once-a-game Karama worm ([LR] 1.14.03)
  ThumperWindow,             // E1: before pile A's first reveal after turn 1, every seat holding cards may play Thumper
  SpiceBlow,                 // drawing and resolving blows (chance steps)
  HarvesterWindow,           // E1: after a territory card's spice lands, every seat holding cards may play Harvester
  WormPlacement,             // Advanced Fremen place a later worm in a sand territory
  NexusNegotiation,          // alliances may form or break, once per seat
  WormRide,                  // Advanced Fremen may ride the worm at the end of the Nexus
  NexusDraw,                 // Nexus module: unallied seats draw, replace, keep or decline (seed 000)
  Charity,                   // seats with 0 or 1 spice may claim
  Bidding,
  Revival,
  Shipment,
  Movement,
  Battle,                    // choosing, planning, calling traitors, capturing (battle*.cpp)
  Collection,                // after the spice is collected: every seat passes or plays at any time
  MentatPause,               // after bribes and the victory check ([LR] 1.09.04): every seat answers
  AmalWindow,                // E1: between two phases, every seat holding cards may play Amal as the next one starts
  HmsPlacement,              // E1 Ixians: turn 1, after the storm moved and the tech tokens were dealt, Ix places its stronghold
  HmsMovement,               // E1 Ixians: after turn 1, as the Storm phase starts, Ix may move its stronghold (forces inside)
  AllyCardReplacement,       // E1 Ixians: their ally, having just bought a lot, may discard it for the next Treachery deck card
  IxCardSelection,           // E1 Ixians: the row of one lot more than the bidders is dealt; Ix returns one to the deck's top or bottom
  IxTechnology,              // E1 Ixians (Advanced): before a lot comes up, Ix may swap a card of its hand for it, once a phase
  SetupIxianDraft,           // E1 Ixians: the starting cards, one per seat, are dealt face down; Ix keeps one, the rest go one to each other seat
  GameOver,
};

std::string_view to_string(Step s);

inline constexpr std::size_t kStepCount = static_cast<std::size_t>(Step::GameOver) + 1;

struct StepMask {
  std::uint32_t bits = 0;
  constexpr StepMask() = default;
  constexpr StepMask(std::initializer_list<Step> steps) {
    for (Step s : steps) bits |= 1u << static_cast<unsigned>(s);
  }
  constexpr bool contains(Step s) const { return (bits >> static_cast<unsigned>(s)) & 1u; }
  constexpr bool empty() const { return bits == 0; }
  friend constexpr StepMask operator|(StepMask a, StepMask b) {
    StepMask m;
    m.bits = a.bits | b.bits;
    return m;
  }
  friend constexpr bool operator==(StepMask, StepMask) = default;
};

// Every step in which a seat can be awaited (all but GameOver).
inline constexpr StepMask kLiveSteps = [] {
  StepMask m;
  for (std::size_t i = 0; i + 1 < kStepCount; ++i) m.bits |= 1u << i;
  return m;
}();

// Steps that wait for no seat: the engine resolves them by chance steps or automatically.
inline constexpr StepMask kAutomaticSteps{Step::SpiceBlow};

}  // namespace dune

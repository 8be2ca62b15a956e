// Setup steps and the nine turn phases as typed sequences (fact sheet §6.1, §6.2).
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace dune {

enum class SetupStep : std::uint8_t {
  SeatsAndFactions,
  BeneGesseritPrediction,
  TraitorDeal,          // 4 each, keep 1; Harkonnen keep 4; then Tleilaxu draw 3 Face Dancers
  StartingSpiceAndForces,
  FremenPlacement,
  BeneGesseritPlacement,
  MoritaniPlacement,
  StartingTreacheryCards,  // 1 each, Harkonnen 2; Ix drafts first when in play
  FirstStorm,              // two dials 0..20
};
inline constexpr std::array kSetupSteps{
    SetupStep::SeatsAndFactions,    SetupStep::BeneGesseritPrediction, SetupStep::TraitorDeal,
    SetupStep::StartingSpiceAndForces, SetupStep::FremenPlacement, SetupStep::BeneGesseritPlacement,
    SetupStep::MoritaniPlacement,   SetupStep::StartingTreacheryCards, SetupStep::FirstStorm};

enum class Phase : std::uint8_t {
  Storm,
  SpiceBlowAndNexus,
  ChoamCharity,
  Bidding,
  Revival,
  ShipmentAndMovement,
  Battle,
  SpiceCollection,
  MentatPause,
};
inline constexpr std::size_t kPhaseCount = 9;
inline constexpr std::array<Phase, kPhaseCount> kTurnPhases{
    Phase::Storm,    Phase::SpiceBlowAndNexus,   Phase::ChoamCharity,
    Phase::Bidding,  Phase::Revival,             Phase::ShipmentAndMovement,
    Phase::Battle,   Phase::SpiceCollection,     Phase::MentatPause};

constexpr std::size_t index(Phase p) { return static_cast<std::size_t>(p); }

// The phase after `p` within a turn; MentatPause wraps to the next turn's Storm.
constexpr Phase next_phase(Phase p) { return kTurnPhases[(index(p) + 1) % kPhaseCount]; }

// A set of phases (a Nexus panel's timing window). Empty means "no printed phase".
struct PhaseMask {
  std::uint16_t bits = 0;
  constexpr PhaseMask() = default;
  template <class... P>
  constexpr explicit PhaseMask(P... phases) : bits(static_cast<std::uint16_t>(((1u << index(phases)) | ... | 0u))) {}
  constexpr bool contains(Phase p) const { return (bits >> index(p)) & 1u; }
  constexpr bool empty() const { return bits == 0; }
  friend constexpr bool operator==(PhaseMask, PhaseMask) = default;
};

std::string_view to_string(Phase p);
std::string_view to_string(SetupStep s);

}  // namespace dune

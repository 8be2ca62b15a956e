// Which steps accept which command kinds, as compile-time data (issue "Engine I", item 3). The
// engine rejects a command whose kind its step does not accept before any rule runs, and
// proofs/command_step_proofs.cpp proves every kind is accepted somewhere and every step can end.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <variant>

#include "model/commands.h"
#include "model/state.h"

namespace dune {

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
};

// Every step in which a seat can be awaited (all but GameOver).
inline constexpr StepMask kLiveSteps = [] {
  StepMask m;
  for (std::size_t i = 0; i + 1 < kStepCount; ++i) m.bits |= 1u << i;
  return m;
}();

// Steps that wait for no seat: the engine resolves them by chance steps or automatically.
inline constexpr StepMask kAutomaticSteps{Step::SpiceBlow};

// A command kind that no step lists is accepted nowhere; the proof turns that into a compile error.
template <class C>
inline constexpr StepMask kAcceptedAt{};

// clang-format off
template <> inline constexpr StepMask kAcceptedAt<Pass>{Step::StormCardWindow, Step::WormPlacement, Step::NexusNegotiation, Step::WormRide, Step::NexusDraw, Step::Charity, Step::Bidding, Step::Revival, Step::Shipment, Step::Movement, Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<ChooseTraitor>{Step::SetupTraitorSelection};
template <> inline constexpr StepMask kAcceptedAt<Predict>{Step::SetupPrediction};
template <> inline constexpr StepMask kAcceptedAt<PlaceForces>{Step::SetupFremenPlacement, Step::SetupBeneGesseritPlacement};
template <> inline constexpr StepMask kAcceptedAt<DialStorm>{Step::StormDial};
template <> inline constexpr StepMask kAcceptedAt<PlayWeatherControl>{Step::StormCardWindow};
template <> inline constexpr StepMask kAcceptedAt<PlayFamilyAtomics>{Step::StormCardWindow};
template <> inline constexpr StepMask kAcceptedAt<ProposeAlliance>{Step::NexusNegotiation};
template <> inline constexpr StepMask kAcceptedAt<AcceptAlliance>{Step::NexusNegotiation};
template <> inline constexpr StepMask kAcceptedAt<BreakAlliance>{Step::NexusNegotiation};
template <> inline constexpr StepMask kAcceptedAt<PlaceWorm>{Step::WormPlacement};
template <> inline constexpr StepMask kAcceptedAt<RideWorm>{Step::WormRide};
template <> inline constexpr StepMask kAcceptedAt<ClaimCharity>{Step::Charity};
template <> inline constexpr StepMask kAcceptedAt<Bid>{Step::Bidding};
template <> inline constexpr StepMask kAcceptedAt<KaramaTakeCard>{Step::Bidding};
template <> inline constexpr StepMask kAcceptedAt<Revive>{Step::Revival};
template <> inline constexpr StepMask kAcceptedAt<Ship>{Step::Shipment};
template <> inline constexpr StepMask kAcceptedAt<CrossShip>{Step::Shipment};
template <> inline constexpr StepMask kAcceptedAt<ShipToReserves>{Step::Shipment};
template <> inline constexpr StepMask kAcceptedAt<SendSpiritualAdvisor>{Step::Shipment};
template <> inline constexpr StepMask kAcceptedAt<GuildActNow>{Step::Shipment, Step::Movement};
template <> inline constexpr StepMask kAcceptedAt<Move>{Step::Movement};
template <> inline constexpr StepMask kAcceptedAt<PlayHajr>{Step::Movement};
template <> inline constexpr StepMask kAcceptedAt<ChooseBattle>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<UseVoice>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<UsePrescience>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<PlanBattle>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<DialBattle>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<CallTraitor>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<CaptureLeader>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<DrawNexus>{Step::NexusDraw};
template <> inline constexpr StepMask kAcceptedAt<PlayNexus>{Step::Battle};
template <> inline constexpr StepMask kAcceptedAt<SetRedrawPolicy> = kLiveSteps;  // private standing choice
// Cards outside battle and standing choices: whenever a seat may act.
template <> inline constexpr StepMask kAcceptedAt<PlayTruthtrance> = kLiveSteps;
template <> inline constexpr StepMask kAcceptedAt<PlayGhola> = kLiveSteps;
template <> inline constexpr StepMask kAcceptedAt<AllySpice> = kLiveSteps;
template <> inline constexpr StepMask kAcceptedAt<ProtectAllyFromWorms> = kLiveSteps;
// clang-format on

// Commands that may end a seat's part in a step (everything but cards and standing choices).
template <class C>
inline constexpr bool kProgresses = !std::is_same_v<C, PlayTruthtrance> && !std::is_same_v<C, PlayGhola> &&
                                    !std::is_same_v<C, AllySpice> && !std::is_same_v<C, ProtectAllyFromWorms> &&
                                    !std::is_same_v<C, SetRedrawPolicy>;

constexpr bool accepted_at(Step step, const Command& c) {
  return std::visit([step](const auto& x) { return kAcceptedAt<std::decay_t<decltype(x)>>.contains(step); }, c);
}

}  // namespace dune

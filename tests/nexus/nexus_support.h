// Helpers for the Nexus card module tests: an audit-mode game past setup, the Spice Blow and Nexus
// phase entered on a chosen turn with staged spice cards, and the draw opportunity reached.
#pragma once

#include <gtest/gtest.h>

#include "../engine/test_support.h"
#include "engine/battle.h"
#include "engine/internal.h"
#include "engine/nexus/nexus.h"
#include "model/cards.h"

namespace dune::nexus_testing {

using testing::play;
using testing::seat_of;

inline Options audit_options(std::vector<Faction> factions, bool advanced = false) {
  Options o = advanced ? Options::advanced(std::move(factions)) : Options::basic(std::move(factions));
  o.nexus = NexusModuleMode::Audit;
  return o;
}

inline const std::vector<Faction> kFour{Faction::Atreides, Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild};

inline GameState audit_game(bool advanced = false, std::vector<Faction> factions = kFour) {
  return testing::past_setup(audit_options(std::move(factions), advanced), 11);
}

inline std::uint8_t spice_card(SpiceCardKind kind, int skip = 0) {
  for (std::size_t i = 0; i < kSpiceCardCount; ++i) {
    if (kSpiceCards[i].expansion == Expansion::Base && kSpiceCards[i].kind == kind && skip-- == 0) {
      return static_cast<std::uint8_t>(i);
    }
  }
  ADD_FAILURE() << "no such spice card";
  return 0;
}
inline std::uint8_t worm(int n = 0) { return spice_card(SpiceCardKind::ShaiHulud, n); }
inline std::uint8_t territory_card(int n = 0) { return spice_card(SpiceCardKind::Territory, n); }

inline std::uint8_t nexus_outcome(Faction f) { return static_cast<std::uint8_t>(f); }

// Enters Spice Blow and Nexus on `turn` with the staged spice cards (in draw order).
inline GameState enter_blow(GameState s, int turn, std::vector<std::uint8_t> cards, StagedChance& chance) {
  s.turn = turn;
  for (std::uint8_t c : cards) chance.stage(ChanceKind::SpiceDraw, c);
  enter_phase(s, Phase::SpiceBlowAndNexus);
  return settle(std::move(s), chance);
}

// In a Nexus negotiation: `a` proposes to `b`, `b` accepts, everyone else passes.
inline GameState ally_and_pass(GameState s, Faction a, Faction b, ChanceSource& chance) {
  s = play(s, seat_of(s, a), ProposeAlliance{b}, chance);
  s = play(s, seat_of(s, b), AcceptAlliance{a}, chance);
  while (s.step == Step::NexusNegotiation) s = play(s, pending(s).front(), Pass{}, chance);
  return s;
}

inline GameState all_pass(GameState s, Step step, ChanceSource& chance) {
  while (s.step == step && !pending(s).empty()) s = play(s, pending(s).front(), Pass{}, chance);
  return s;
}

// The battle cell the Nexus battle tests stage their battles in.
inline constexpr CellId kArrakeen{5};

// Turn 2's Shipment and Movement, played (passing) until `seat` is to ship.
inline GameState at_shipment_of(GameState s, Seat seat, StagedChance& chance) {
  s.turn = 2;
  enter_phase(s, Phase::ShipmentAndMovement);
  s = settle(std::move(s), chance);
  while (!(s.step == Step::Shipment && pending(s) == std::vector<Seat>{seat}) && s.phase == Phase::ShipmentAndMovement) {
    s = play(s, pending(s).front(), Pass{}, chance);
  }
  return s;
}


// The battle enters its plans again (after a test handed out cards): every family's PlansBegin
// window has its turn anew.
inline void reenter_plans(GameState& s) {
  s.battle.stage = BattleStage::Plans;
  s.battle.plans_hooks_run = 0;
  battle_detail::begin_plans(s);
}

// `seat` holds the Nexus card of `card`, taken out of the deck.
inline void give(GameState& s, Seat seat, Faction card) {
  const NexusCardId id{card};
  s.nexus.deck.take_unseen(id);
  s.nexus.held[seat.value] = id;
}

// A basic game (four seats) at the open draw opportunity: Atreides and Harkonnen allied in a
// Nexus on turn 2; Emperor and Guild are eligible.
inline GameState at_opportunity(StagedChance& chance) {
  GameState s = enter_blow(audit_game(), 2, {worm(), territory_card()}, chance);
  EXPECT_EQ(s.step, Step::NexusNegotiation);
  return ally_and_pass(std::move(s), Faction::Atreides, Faction::Harkonnen, chance);
}

}  // namespace dune::nexus_testing

// What the gate plays for one Nexus family (issue 8 item 1): the setups that put the family's card
// in reach of every one of its panels, and the coverage requirements (QuickCheck checkCoverage
// style) a campaign must meet before the family can be verified.
//
// Setups, per game (deterministic from the campaign seed and the game's index):
//   - two games in three seat the family's own faction (its Cunning and Betrayal panels are
//     playable), one in three leave it out (its Secret Ally panel is playable);
//   - 3-6 seats (an alliance must leave someone unallied for a draw to open), Basic or Advanced,
//     the Nexus module in Audit mode, a turn limit of 4-8;
//   - at least one ally-eager seat (draw opportunities need an alliance), nexus-eager and aggressive
//     seats (plays need battles);
//   - the chance profile GameSpec::favoured_nexus: a Nexus draw picks the family's card one time in
//     two while it is in the deck. Every outcome is still one the engine lists.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "generators/game_spec.h"
#include "invariants/registry.h"
#include "reports/campaign.h"

namespace dune::gate {

// The game `game` (campaign-wide index within the family) and the setup it stands for.
struct PlannedGame {
  generators::GameSpec spec;
  reports::Setup setup;
};
PlannedGame plan_game(Faction family, std::uint64_t campaign_seed, std::uint64_t game);

// One coverage requirement and how a step is recognised as exercising it.
struct CoverageRule {
  reports::CoverageKind kind;
  std::string what;
  std::uint64_t required;
  std::string suggestion;
  std::optional<NexusMode> mode;  // a panel row: its panel
  // How many times this step exercises it (usually 0 or 1).
  std::function<std::uint64_t(const invariants::Transition& t, Faction family)> hits;
};

// The requirements for a family, sized for a campaign of `games` games: the full requirement from
// the default `make gate` size up, proportionally less below it (never below 1).
std::vector<CoverageRule> coverage_rules(Faction family, std::uint64_t games);

// The campaign size the full requirements are stated for (`make gate`).
inline constexpr std::uint64_t kDefaultGames = 240;

}  // namespace dune::gate

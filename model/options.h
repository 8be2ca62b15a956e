// Game options: seats and factions, Basic / Advanced rule flags, turn limit, Nexus module mode.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "model/ids.h"

namespace dune {

// Each Advanced rule is its own flag ([TO] Rule enum, fact sheet §7.6): a run may switch any
// subset on. `Options::advanced` turns them all on.
struct RuleFlags {
  bool advanced_combat = false;           // spice support, half-strength unsupported forces
  bool double_spice_blow = false;         // blows A and B, and Advanced city income
  bool fremen_storm_deck = false;         // storm deck drawn and privately seen by Fremen
  bool fremen_storm_losses = false;       // Fremen lose half in storms (rounded up)
  bool fremen_worm_sending = false;       // Fremen place the later worms of a blow ([LR] 2.04.15)
  bool special_forces = false;            // Sardaukar and Fedaykin (15/5 and 17/3)
  bool bene_gesserit_advisors = false;    // advisor placement and spiritual advisors as advisors
  bool guild_shipment_timing = false;     // the Guild may act at any point in storm order
  bool harkonnen_capture = false;         // capture or kill a leader after winning
  bool kwisatz_haderach = false;
  bool advanced_karama = false;           // once-per-game faction Karama powers

  friend bool operator==(const RuleFlags&, const RuleFlags&) = default;
};

enum class NexusModuleMode : std::uint8_t { Off, Audit, Released };

struct Options {
  std::vector<Faction> factions;  // factions[seat]; 2..6 seats
  std::vector<std::uint8_t> player_circles;  // circle (0..5) of each seat; circle k sits at sector 3k
  RuleFlags rules;
  int turn_limit = 10;
  NexusModuleMode nexus = NexusModuleMode::Off;

  std::size_t seat_count() const { return factions.size(); }
  Faction faction_of(Seat s) const { return factions[s.value]; }

  friend bool operator==(const Options&, const Options&) = default;

  static Options basic(std::vector<Faction> factions);
  static Options advanced(std::vector<Faction> factions);
};

// The six base factions in identity order.
inline const std::vector<Faction> kBaseFactions{Faction::Atreides, Faction::BeneGesserit,
                                                Faction::Emperor,  Faction::Fremen,
                                                Faction::Harkonnen, Faction::SpacingGuild};

}  // namespace dune

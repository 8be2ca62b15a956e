// Game options: seats and factions, Basic / Advanced rule flags, turn limit, Nexus module mode.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
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
  bool ixians_technology = false;         // E1 Ixians' Technology: a hand card swapped for a lot ([TO] Rule.GreySwappingCardOnBid)
  bool tleilaxu_gholas = false;           // E1 Tleilaxu revive other factions' leaders as theirs ([TO] Rule.PurpleGholas; one source)

  friend bool operator==(const RuleFlags&, const RuleFlags&) = default;
};

// The optional card sets (fact sheet §4.2-4.3), each its own option. The printed E1 rules add all
// fourteen E1 Treachery cards; treachery.online lets a game take three sets of them
// (Rule.ExpansionTreacheryCardsPBandSS, ...Amal, ...ExceptPBandSSandAmal). Ours split [TO]'s third
// set in two, so that the battle cards play before the spice-blow cards are built: Poison Blade and
// Shield Snooper; Amal; the battle set (Hunter-Seeker, Basilia Weapon, Weirding Way, Chemistry,
// Poison Tooth, Artillery Strike, Kull Wahad and the extra Shield and Snooper); Harvester and
// Thumper. All four together are the printed E1 deck. The Cheap Hero traitor card joins the
// traitor deck ([TO] Rule.CheapHeroTraitor). new_game refuses a set whose cards this engine does
// not play yet (engine/setup.cpp). The E1 tech tokens are an optional component set of the same
// box, kept here with the cards (`e1_tech_tokens`; engine/tech_tokens.cpp).
struct CardSets {
  bool e1_poison_blade_shield_snooper = false;
  bool e1_amal = false;
  bool e1_battle = false;
  bool e1_harvester_thumper = false;
  bool cheap_hero_traitor = false;
  bool e1_tech_tokens = false;

  friend bool operator==(const CardSets&, const CardSets&) = default;
};

enum class NexusModuleMode : std::uint8_t { Off, Audit, Released };

// The spice E1's Hidden Mobile Stronghold takes as it moves (docs/rules/ixians.md §4.2, open
// questions Q2 and Q3: the two engines disagree on every axis, so the option names the reading).
// With a reading on, the HMS moves one territory a decision (engine/hms.cpp).
// - Off: it takes none; one command names where a move ends.
// - PerStep ([TO] PerformHmsMovement): at each step 2 a force of the Ixians inside, from the cell
//   left and from the cell entered, and from its host when the Ixians pass without moving.
// - PerVisit ([DB] endHMSMovement): once a move has begun, 2 a force inside (any faction's, Bene
//   Gesserit advisors not) from each distinct cell the move visits, its start included.
// Each take is capped by the spice there.
enum class HmsSpice : std::uint8_t { Off, PerStep, PerVisit };
std::string_view to_string(HmsSpice h);  // for reports and messages (model/names.cpp)

struct Options {
  std::vector<Faction> factions;  // factions[seat]; 2..6 seats
  std::vector<std::uint8_t> player_circles;  // circle (0..5) of each seat; circle k sits at sector 3k
  RuleFlags rules;
  CardSets cards;
  int turn_limit = 10;
  NexusModuleMode nexus = NexusModuleMode::Off;
  HmsSpice hms_spice = HmsSpice::Off;  // E1 Ixians: the reading of the HMS's spice while moving
  // E1 Ixians, open question Q5 (docs/rules/ixians.md §3): a winner's lost Cyborgs may be replaced
  // 1:1 by Suboids there beyond the loss ([TO] MaySubstituteForceLosses, +3P) when on; off, its losses
  // are the mixes that make up its dial at the forces' worths ([DB]: 2 Suboids for an unspiced Cyborg).
  bool cyborg_loss_substitution = false;

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

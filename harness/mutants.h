// The mutant catalogue (issue 7 item 6): every engine mutant (engine/mutants.h) by name, with the
// invariant family meant to kill it, a one-line description and the setup of small random games
// that reach the mutated rule. harness/mutant_run.h runs them; `dunecheck mutants` lists them.
//
// The catalogue is data and exists in every build; the injection points it names exist only when
// kMutantsBuilt (the default and asan presets). Every entry point that would switch one on checks
// kMutantsBuilt first and refuses with kNoMutantsMessage.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "engine/mutants.h"
#include "model/options.h"

namespace dune::harness {

// Why a build without mutants refuses to switch one on (CLI commands, replay files, tests).
inline constexpr std::string_view kNoMutantsMessage =
    "this build has no mutants (configure with -DDUNE_MUTANTS=ON, the default and asan presets)";

// The bots of a mutant's games (harness/mutant_run.cpp maps them to generators' profiles).
enum class MutantBots : std::uint8_t {
  Mixed,        // uniform on even seeds, aggressive (reckless battle plans) on odd ones
  SpiceHungry,  // onto spice, where the worms appear
  Aggressive,   // every seat aggressive: battles every turn, Karama orders armed at once
  Nexus,        // the Nexus module (Audit) with Nexus-eager and ally-eager seats; draws favour the
                // Atreides card, the family whose panels play (seed 000, "Effect integration")
};

// Where a mutant's games start. A leader is revived only once every leader of its faction has
// died ([LR] 1.05.03), which random games of a few turns almost never reach: that mutant's games
// start with the first seat's leaders in the Tanks, a staged state no event log reproduces (so
// determinism.replay cannot run on them; the run reports it as excluded).
// EmperorAllyRevivalKarama: the Atreides and the Emperor allied, 8 Atreides forces in the Tanks,
// the Emperor granting 6 spice, and the Harkonnen holding a Karama armed against his extra
// revivals ([LR] 2.03.07): the four conditions rarely meet in random games.
// KaramaOrder: a seat holds a full hand of 4 with a Karama (so it neither bids nor, the Fremen,
// ships by Karama, [LR] 2.04.03) and its order stands against the ability the mutant breaks:
// the Fremen against the Guild's cross-ship, shipment back to reserves or Advanced timing ([LR]
// 2.06.05.02-03, 2.06.12), the Atreides against the Fremen movement, storm migration or placing of
// a later worm (2.04.06, 2.04.17, 2.04.15), or the Bene Gesserit spiritual advisor or Intrusion
// (2.02.05, 2.02.15), or a worthless card the Bene Gesserit play as a Karama (2.02.22: they are
// given two more), or the Atreides against three Tleilaxu abilities: the raise of a revival limit,
// the offer of an early leader revival (a Harkonnen leader then starts in the Tanks, died once)
// and the Mentat Pause replacement of a Face Dancer. Random games
// otherwise rarely meet it: a Karama dealt, the right order of a score armed, kept.
// FremenAllyKarama: the Atreides and the Fremen allied, the Fremen granting 3 free revivals and
// protecting them from worms ([LR] 2.04.10-11), 6 Atreides forces in the Tanks (the revival
// mutant) or none, the rest of their reserves one to a territory a Spice card names, the Harkonnen holding a full hand of 8 with a Karama
// armed against the grant or the protection: a Fremen ally using either with another seat's order
// standing against it is rarer still.
// FremenKarama: the Fremen hold a full hand of 4 with both Karama cards (they neither bid nor ship
// by Karama, [LR] 2.04.03; an order of theirs may spend one on turn 1), for their once-a-game
// Karama power after turn 1 (1.14.03). IxiansKarama: the same for the Ixians, for their Karama
// power (one source, [TO]) in their first Shipment and Movement action, their stronghold full.
// TleilaxuAllyKarama: the same with the Atreides allied to the Tleilaxu instead, the Harkonnen's
// Karama armed against the Tleilaxu ally's half-price revival (one source, [TO]), or against the
// Tleilaxu's income from a revival for karama-cancel-tleilaxu-income-stands, or, with 6 Tleilaxu
// forces in the Tanks instead, against their own half price for karama-cancel-tleilaxu-own-discount-stands.
// IxiansCyborgsInTanks: 4 Cyborgs and 2 Suboids of the Ixians' reserves in the Tanks.
// IxiansHoldTwoSietches: 2 Suboids of the Ixians' reserves in Habbanya Sietch and 2 in Tuek's
// Sietch, so that with their stronghold placed they hold three strongholds at turn 1's end.
// IxiansAllied: the Atreides allied with the Ixians, so that the ally's card replacement is asked as
// the Atreides buy a lot.
// IxiansHoldTheirCard: the Ixians hold the Ixians Nexus card (Cunning) from the start, which no deal
// gives, so that they can play it in the battles of any turn.
// AtreidesHoldIxiansCard: the Atreides hold the Ixians Nexus card (Betrayal, the Ixians seated) from
// the start, so that they can answer a Technology swap for the last lot in any turn.
// FremenHoldEmperorCard: the Emperor absent, the Fremen hold the Emperor Nexus card (Secret Ally)
// with 2 Fedaykin and 4 ordinary forces in the Tanks.
enum class MutantStart : std::uint8_t { NewGame, FirstSeatLeadersInTanks, EmperorAllyRevivalKarama, KaramaOrder, FremenAllyKarama, FremenKarama,
                                        FremenHoldEmperorCard, AtreidesHoldTleilaxuCard, TleilaxuHoldTheirCard, TleilaxuAllyKarama,
                                        IxiansCyborgsInTanks, IxiansHoldTwoSietches, IxiansAllied, IxiansHoldTheirCard,
                                        AtreidesHoldIxiansCard, IxiansKarama };

// Random games that reach the mutated rule: which factions sit (a bit per base faction, in
// kBaseFactions order, then one for the Tleilaxu and one for the Ixians), Basic or Advanced, the turn limit, how many games at most, the bots and
// the start.
struct MutantSetup {
  std::uint8_t factions = 0b111111;
  bool advanced = false;
  std::uint8_t turns = 3;
  std::uint8_t games = 20;
  MutantBots bots = MutantBots::Mixed;
  MutantStart start = MutantStart::NewGame;
  CardSets cards = {};  // the optional card sets dealt
  HmsSpice hms_spice = HmsSpice::Off;  // the reading of the HMS's spice while moving
  bool cyborg_loss_substitution = false;  // the reading of the Cyborg loss substitution (Q5)
};

struct MutantInfo {
  Mutant id;
  std::string_view name;         // kebab-case, unique (the CLI's NAME)
  std::string_view family;       // the invariant family meant to kill it (registry.h families)
  std::string_view description;  // one line
  MutantSetup setup;
  // The checker that must fire first (issue 17 item 6: a mutant only its oracle kills), or "" when
  // any checker of `family` may.
  std::string_view checker = {};
};

// Every mutant, in enum order (None excluded).
std::span<const MutantInfo> mutant_catalogue();
std::optional<MutantInfo> find_mutant(std::string_view name);

}  // namespace dune::harness

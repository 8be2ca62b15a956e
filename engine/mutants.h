// The mutant catalogue (issue 7 item 6): named rules bugs that can be switched on, one at a time,
// to prove that the invariant checkers bite. Each mutant is a one-line injection point in the
// engine, `if (mutant_active(Mutant::X)) ...`, that is dead unless a test or `dunecheck mutants
// --run` activates it with a ScopedMutant on the running thread.
//
// Cost when no mutant is active: one thread-local load and a compare per injection point.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace dune {

enum class Mutant : std::uint8_t {
  None,
  // census
  SoldCardAlsoDiscarded,
  DestroyedForcesVanish,
  // capacity
  FullHandBids,
  RevivalOverdraft,
  // conservation
  CharityFromNowhere,
  WormSpiceVanishes,
  StormSpiceVanishes,
  // oracle
  BidPaidToBank,
  KaramaBidCharged,
  ShipmentPaidToBank,
  GuildPaysFullPrice,
  FremenPayToShip,
  NoFreeRevivals,
  LeaderRevivalFree,
  CharityPaysThree,
  BeneGesseritCharityBasicOff,
  CollectionFlatThree,
  StormKillsInRock,
  FremenFullStormLosses,
  WormEatsFremen,
  WormSparesForces,
  TieToDefender,
  LeaderNotToTanks,
  WinnerLosesNothing,
  LoserKeepsForces,
  LeaderPrizeUnpaid,
  DefenseIgnored,
  TraitorLoserKeepsForces,
  VictoryAtTwoStrongholds,
  // protocol
  StaleVersionAccepted,
  DuplicateIdAccepted,
  WrongSeatAccepted,
  // determinism
  StormSectorNotSaved,
  AllySpiceNotSaved,
  // noninterference
  HandInPublicView,
  DeckOrderLeaked,
  RejectionNamesHiddenCard,
  OtherTraitorInSeatView,
  // single consumption and Nexus lifecycle (seed 000)
  NexusPlayableTwice,
  NexusRetryRerolls,
  NexusKeptOnAlliance,
  NexusDrawAfterBlowA,
  NexusBlowBErases,
  NexusRedrawPausesPublicly,
  NexusCountsAgainstHandLimit,
};

// The bots of a mutant's games (harness/mutant_run.cpp maps them to generators' profiles).
enum class MutantBots : std::uint8_t {
  Mixed,        // uniform on even seeds, aggressive (reckless battle plans) on odd ones
  SpiceHungry,  // onto spice, where the worms appear
  Nexus,        // the Nexus module (Audit) with Nexus-eager and ally-eager seats; draws favour the
                // Atreides card, the family whose panels play (seed 000, "Effect integration")
};

// Where a mutant's games start. A leader is revived only once every leader of its faction has
// died ([LR] 1.05.03), which random games of a few turns almost never reach: that mutant's games
// start with the first seat's leaders in the Tanks, a staged state no event log reproduces (so
// determinism.replay cannot run on them; the run reports it as excluded).
enum class MutantStart : std::uint8_t { NewGame, FirstSeatLeadersInTanks };

// Random games that reach the mutated rule: which base factions sit (a bit per faction, in
// kBaseFactions order), Basic or Advanced, the turn limit, how many games at most, the bots and
// the start.
struct MutantSetup {
  std::uint8_t factions = 0b111111;
  bool advanced = false;
  std::uint8_t turns = 3;
  std::uint8_t games = 20;
  MutantBots bots = MutantBots::Mixed;
  MutantStart start = MutantStart::NewGame;
};

struct MutantInfo {
  Mutant id;
  std::string_view name;         // kebab-case, unique (the CLI's NAME)
  std::string_view family;       // the invariant family meant to kill it (registry.h families)
  std::string_view description;  // one line
  MutantSetup setup;
};

// Every mutant, in enum order (None excluded).
std::span<const MutantInfo> mutant_catalogue();
std::optional<MutantInfo> find_mutant(std::string_view name);

namespace mutant_detail {
inline thread_local Mutant active = Mutant::None;
}

inline bool mutant_active(Mutant m) { return mutant_detail::active == m; }

// Activates one mutant on this thread for its lifetime (and restores the previous one).
class ScopedMutant {
 public:
  explicit ScopedMutant(Mutant m) : previous_(mutant_detail::active) { mutant_detail::active = m; }
  ~ScopedMutant() { mutant_detail::active = previous_; }
  ScopedMutant(const ScopedMutant&) = delete;
  ScopedMutant& operator=(const ScopedMutant&) = delete;

 private:
  Mutant previous_;
};

}  // namespace dune

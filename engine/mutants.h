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

// Random games that reach the mutated rule: which base factions sit (a bit per faction, in
// kBaseFactions order), Basic or Advanced, the turn limit, and how many games at most.
struct MutantSetup {
  std::uint8_t factions = 0b111111;
  bool advanced = false;
  std::uint8_t turns = 3;
  std::uint8_t games = 20;
};

struct MutantInfo {
  Mutant id;
  std::string_view name;         // kebab-case, unique (the CLI's NAME)
  std::string_view family;       // the invariant family meant to kill it (registry.h families)
  std::string_view description;  // one line
  MutantSetup setup;
  std::string_view pending;      // non-empty: no injection point yet, and why
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

// Mutant injection points (issue 7 item 6): named rules bugs that can be switched on, one at a
// time, to prove that the invariant checkers bite. Each mutant is a one-line injection point in the
// engine, `if (mutant_active(Mutant::X)) ...`, that is dead unless a test or `dunecheck mutants
// --run` activates it with a ScopedMutant on the running thread. The catalogue (names, families,
// descriptions, the setups that reach each bug) is harness/mutants.h.
//
// Only builds made for checking have them (the CMake option DUNE_MUTANTS: ON in the `default` and
// `asan` presets, OFF in `release`). Built in, an inactive injection point costs one thread-local
// load and a compare; built out, mutant_active is a constexpr false, so every injection point is
// dead code the compiler removes, no thread-local exists and ScopedMutant activates nothing.
#pragma once

#include <cstdint>

#if !defined(DUNE_MUTANTS)
#error "DUNE_MUTANTS is not defined: link dune::engine, which defines it (the CMake option DUNE_MUTANTS)"
#endif

namespace dune {

// Whether this build has the injection points (DUNE_MUTANTS=1).
inline constexpr bool kMutantsBuilt = DUNE_MUTANTS != 0;

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
  FremenGrantIgnored,
  LeaderRevivalFree,
  CharityPaysThree,
  BeneGesseritCharityBasicOff,
  CollectionFlatThree,
  CollectionToFirstInStormOrder,
  SpiceBlowIntoStorm,
  MoveArrivesInFirstCell,
  TraitorKeptFirstOffered,
  HarkonnenOneStartingCard,     // issue 17 item 6: one mutant per new oracle
  FremenPlacedInFirstStartCell,
  GholaRevivesOneShort,
  NexusBetrayalPrescienceAnswered,
  ShipIntoStormAllowed,           // issue 17 item 3: legality, an illegal command accepted
  StrongholdShipmentNotOffered,   // and a legal one never offered
  MoveRangeTwoForAll,
  BidNeedNotTop,
  RevivalLimitFour,               // oracle.legal-revival: a limit
  FullRevivalNotOffered,          // oracle.legal-revival: a legal command never offered
  MoveTwiceWithoutHajr,           // oracle.legal-command: a turn limit
  StormKillsInRock,
  FremenFullStormLosses,
  WormEatsFremen,
  WormSparesForces,
  WormRideTakesAll,
  TieToDefender,
  LeaderNotToTanks,
  WinnerLosesNothing,
  LoserKeepsForces,
  LeaderPrizeUnpaid,
  DefenseIgnored,
  TraitorLoserKeepsForces,
  VictoryAtTwoStrongholds,
  EndGameFirstTiedOnly,
  CaptureDrawSkipsBattleLeader,
  StormMigrationUnharmed,
  UniversalStewardsSkipped,
  KaramaCancelGuildAbilityStands,
  KaramaCancelKeepsCard,
  WinnerLossIgnoresChoice,
  WinnerDiscardIgnored,
  BribeBehindShield,
  KaramaCancelCaptureStands,
  KaramaCancelCrossShipStands,         // issue 16: the Guild's and the Emperor's ✷ abilities
  KaramaCancelShipToReservesStands,
  KaramaCancelGuildTimingStands,
  KaramaCancelExtraRevivalsStand,
  KaramaRevivalCharged,
  KaramaHandShortChange,
  KaramaCancelledShipmentPaid,
  TruthtranceSubjectLies,
  KaramaPlanPartlySeen,  // issue 16 (battle): the Atreides Karama power ([LR] 1.14.01)
  KaramaCancelPrescienceStands,
  KaramaCancelVoiceStands,
  // the Fremen ✷ abilities cancelled by a Karama (issue 16)
  KaramaCancelFremenMoveStands,
  KaramaCancelStormMigrationStands,
  KaramaCancelWormPlacementStands,
  KaramaCancelAllyRevivalStands,
  KaramaCancelShaiHuludStands,
  KaramaCancelAllyProtectionStands,
  KaramaCancelStormLossesStands,
  KaramaWormWithoutNexus,              // issue 16: the Fremen Karama power ([LR] 1.14.03)
  KaramaCancelBgFlipStands,            // issue 16: the Bene Gesserit ✷ abilities ([LR] 2.02.05, 2.02.15-17)
  KaramaCancelSpiritualAdvisorStands,
  KaramaCancelWorthlessStands,         // issue 16: the Bene Gesserit worthless as Karama ([LR] 2.02.22)
  // protocol
  StaleVersionAccepted,
  DuplicateIdAccepted,
  WrongSeatAccepted,
  RetryRecognisedOnlyLatest,  // issue 17 item 5
  // determinism
  StormSectorNotSaved,
  AllySpiceNotSaved,
  // noninterference
  HandInPublicView,
  DeckOrderLeaked,
  RejectionNamesHiddenCard,
  OtherTraitorInSeatView,
  KaramaBidShown,
  // single consumption and Nexus lifecycle (seed 000)
  NexusPlayableTwice,
  NexusRetryRerolls,
  NexusKeptOnAlliance,
  NexusDrawAfterBlowA,
  NexusBlowBErases,
  NexusRedrawPausesPublicly,
  NexusCountsAgainstHandLimit,
  // the Bene Gesserit Nexus family (issue 20)
  NexusBetrayalVoiceBinds,
  NexusSecretAllyVoiceSkipped,
  VoiceIgnored,  // issue 17 item 3: a plan that disobeys the Voice is accepted
  // the Emperor Nexus family (issue 20)
  NexusSardaukarPreventedStands,
  NexusCunningUncounted,
  NexusPurchaseStillPaid,
  NexusRevivalSpecialUncapped,
  // the Fremen Nexus family (issue 20)
  NexusRideSuppressionIgnored,
  NexusMoveSuppressionIgnored,
  NexusCunningRideFromAnywhere,
  NexusFullWormCountedEmpty,
  NexusWormProtectionIgnored,
  // the Spacing Guild Nexus family (issue 20)
  NexusGuildPaymentNotTaken,
  NexusGuildSecondGroupMoves,
  NexusGuildRatesNotGiven,
  NexusGuildInvoiceShort,
  // the Harkonnen Nexus family (issue 20)
  NexusHarkonnenTraitorStands,
  NexusHarkonnenReplacementSkipped,
  NexusHarkonnenSecretAllyDrawsOne,
  NexusReturnedTraitorKept,
  // the Tleilaxu Nexus card's Secret Ally (issue 21)
  NexusTleilaxuForcesFree,
  NexusTleilaxuLeaderSlotKept,
  NexusRevivalCeilingIgnored,
  NexusRevivalRosterKept,
  NexusTleilaxuKwisatzHaderachStays,
  // the Richese Nexus card's Secret Ally (issue 21)
  NexusRichesePricedPerForce,
  NexusRicheseGroupUnbounded,
  NexusRicheseAfterShipping,
  // the Ixians Nexus card's Secret Ally (issue 21)
  NexusIxianCardKept,
  NexusIxianNoReplacement,
  // the Ecaz Nexus card's Secret Ally (issue 21)
  NexusEcazAnswerInverted,
  NexusEcazLeaderNamed,
  // the CHOAM Nexus card's Secret Ally (issue 21)
  NexusChoamTradePaysOne,
  NexusChoamWholeHandSeen,
  // the Moritani Nexus card's Secret Ally (issue 21)
  NexusMoritaniAnyDiscard,
  // the Tleilaxu faction (issue 22)
  FaceDancersDealtAsTraitors,
  TleilaxuRevivalIncomeToBank,
  TleilaxuFreeRevivalIncomeUnpaid,
  ZoalAtPrintedValue,
  FaceDancerRevealKeepsForces,
  FaceDancerOnLoser,
  FaceDancerReplacedTwice,
  NexusTleilaxuDancerStands,
  NexusTleilaxuCunningKeepsRevealed,
  TleilaxuAllyFullPrice,
  TleilaxuRaisedLimitIgnored,
  TleilaxuKaramaPreventionIgnored,
  TleilaxuEarlyRevivalAtPrintedPrice,
  // the E1 Treachery cards (issue 22)
  PoisonBladeStoppedByEither,
  ShieldSnooperNotASnooper,
  CheapHeroTraitorBetraysAnyLeader,
  ArtilleryStrikeLeadersCount,
  PoisonToothStoppedBySnooper,
  PoisonToothCancelIgnored,
  WeirdingWayDefenseWithoutWeapon,
  HarvesterKeptAfterUse,
  ThumperOnTurnOne,
  AmalRoundsDown,
  AmalHalvesBribes,
  AmalKeptAfterUse,
  AmalNoMentatPauseWindow,
  KaramaCancelTleilaxuDiscountStands,
  KaramaCancelTleilaxuIncomeStands,
  KaramaCancelTleilaxuOwnDiscountStands,
  KaramaCancelLimitRaiseStands,
  KaramaCancelEarlyRevivalOfferStands,
  KaramaCancelFaceDancerReplacementStands,
  TechDefaultOwnersShuffled,
  TechIncomeFromGuildShipment,
  TechTokenTakeIgnored,
  CyborgRevivalOneATurn,
  CyborgRevivalAtSuboidPrice,
  SuboidsWorthOne,
  CyborgsFullUnsupported,
  CyborgsCollectAtSuboidRate,
  HmsPlacedInFirstCell,
  HmsOpenToEveryShipper,
  HmsStormedWithHost,
  HmsNotCountedForVictory,
  HmsMovesThroughStorm,
  HmsMovesFourTerritories,
  HmsMovesIntoStronghold,
  KaramaCancelHmsMovementStands,
  CyborgMovementForEveryGroup,
  KaramaCancelCyborgMoveStands,
  AllyReplacementNotOffered,
  AllyReplacementCardKept,
  IxSelectionNotOffered,
  IxReturnedCardKeptInRow,
  IxBottomCardOnTop,
  KaramaCancelIxSelectionStands,
  IxTechnologyTwice,
  IxTechnologyAfterAtreidesLook,
  KaramaCancelIxTechnologyStands,
  IxDraftNotOffered,
  IxDraftHarkonnenExtra,
  // the Ixians Nexus card's Betrayal and Cunning (issue 22)
  NexusIxSelectionBetrayedStands,
  NexusIxCunningUncounted,
  NexusIxTechnologyWindowSkipped,
  NexusIxTechnologyBetrayedStands,
  // the Ixians' Karama power (issue 22)
  IxKaramaHmsThreeTerritories,
  IxKaramaHmsTwice,
  IxKaramaHmsFirstCell,
  IxKaramaHmsEndsAction,
  KaramaCancelCyborgBonusStands,
  // the spice the HMS takes while moving (issue 22, Q2, Q3)
  HmsSpiceFromCellLeftOnly,
  HmsSpiceUncapped,
  // the Cyborg loss substitution (issue 22, Q5)
  LossSubstitutionWithoutOption,
  KaramaCancelLossSubstitutionStands,
  // Advanced Gholas (issue 22)
  GholaWithFiveLiving,
  GholaFreedByDeath,
  KaramaCancelGholaRevivalStands,
};

#if DUNE_MUTANTS

namespace mutant_detail {
inline thread_local Mutant active = Mutant::None;
}

inline bool mutant_active(Mutant m) { return mutant_detail::active == m; }
// The mutant active on this thread (a worker thread switches the same one on).
inline Mutant current_mutant() { return mutant_detail::active; }

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

#else

constexpr bool mutant_active(Mutant /*m*/) { return false; }
constexpr Mutant current_mutant() { return Mutant::None; }

// Activates nothing: this build has no injection points (callers check kMutantsBuilt first).
class ScopedMutant {
 public:
  explicit constexpr ScopedMutant(Mutant /*m*/) {}
  ScopedMutant(const ScopedMutant&) = delete;
  ScopedMutant& operator=(const ScopedMutant&) = delete;
};

#endif

}  // namespace dune

// Human forms of commands, steps and rejection codes.
#include <fmt/format.h>

#include "engine/engine.h"
#include "model/cards.h"
#include "model/command_steps.h"
#include "model/factions.h"
#include "model/tokens.h"

namespace dune {
namespace {

std::string forces(ForceCount normal, ForceCount special) {
  return special == ForceCount{0} ? fmt::format("{}", normal.value)
                                  : fmt::format("{}+{}*", normal.value, special.value);
}

std::string cell_name(CellId c) {
  const CellInfo& info = cell_info(c);
  if (info.orientation.empty()) return std::string(to_string(info.territory));
  return fmt::format("{} ({})", to_string(info.territory), info.orientation);
}

std::string question_text(const PlayTruthtrance& c) {
  const auto leader = [&] { return c.leader && c.leader->value < kLeaderCount ? std::string(leader_info(*c.leader).name) : std::string("?"); };
  const auto faction = [&] { return c.faction ? std::string(to_string(*c.faction)) : std::string("?"); };
  switch (c.question) {
    case TruthtranceQuestion::HoldsKarama: return "do you hold a Karama card?";
    case TruthtranceQuestion::HoldsWeapon: return "do you hold a weapon?";
    case TruthtranceQuestion::HoldsDefense: return "do you hold a defense?";
    case TruthtranceQuestion::HasAtLeastTenSpice: return "do you have 10 or more spice?";
    case TruthtranceQuestion::HoldsTraitorOfMine: return "is one of my leaders your traitor?";
    case TruthtranceQuestion::HoldsCardNamed:
      return fmt::format("do you hold a {}?", c.card ? card_type(*c.card).name : std::string_view("?"));
    case TruthtranceQuestion::HoldsLeaderAsTraitor: return fmt::format("is {} your traitor?", leader());
    case TruthtranceQuestion::PredictedFaction: return fmt::format("did you predict that {} wins?", faction());
    case TruthtranceQuestion::PredictedTurn: return fmt::format("did you predict a win on turn {}?", c.turn ? *c.turn : 0);
    case TruthtranceQuestion::HoldsNexusCard:
      return c.faction ? fmt::format("do you hold the {} Nexus card?", faction()) : std::string("do you hold a Nexus card?");
    case TruthtranceQuestion::HasAtLeastSpice: return fmt::format("do you have {} or more spice?", c.spice.value);
  }
  return "?";
}

std::string_view voice_text(VoiceSubject v) {
  switch (v) {
    case VoiceSubject::ProjectileWeapon: return "a projectile weapon";
    case VoiceSubject::PoisonWeapon: return "a poison weapon";
    case VoiceSubject::ProjectileDefense: return "a projectile defense";
    case VoiceSubject::PoisonDefense: return "a poison defense";
    case VoiceSubject::Worthless: return "a worthless card";
    case VoiceSubject::CheapHero: return "a Cheap Hero";
    case VoiceSubject::Lasgun: return "the Lasgun";
  }
  return "?";
}

}  // namespace

std::string_view to_string(KaramaAbility a) {
  switch (a) {
    case KaramaAbility::GuildPaymentForShipment: return "the Guild's payment for a shipment ([LR] 2.06.04)";
    case KaramaAbility::HalfPriceShipping: return "half-price shipping ([LR] 2.06.06, 2.06.09)";
    case KaramaAbility::EmperorPaymentForTreachery: return "the Emperor's payment for a Treachery card ([LR] 2.03.04)";
    case KaramaAbility::HarkonnenTopCard: return "the Harkonnen free card ([LR] 2.05.08)";
    case KaramaAbility::HarkonnenCapturedLeaders: return "the Harkonnen capture of a leader ([LR] 2.05.10.01)";
    case KaramaAbility::BeneGesseritCharity: return "the Bene Gesserit Charity ([LR] 2.02.09)";
    case KaramaAbility::AtreidesPrescience: return "the Atreides Prescience ([LR] 2.01.08, 2.01.09)";
    case KaramaAbility::BeneGesseritVoice: return "the Bene Gesserit Voice ([LR] 2.02.06, 2.02.07)";
    case KaramaAbility::OffPlanetShipment: return "an off-planet shipment (the Guild's Karama power, [LR] 1.14.05)";
    case KaramaAbility::GuildCrossShip: return "a cross-shipment of the Guild or its ally ([LR] 2.06.05.02, 2.06.10)";
    case KaramaAbility::GuildShipToReserves:
      return "the Guild's shipment from the board back to its reserves ([LR] 2.06.05.03; not the Karama power of 1.14.05)";
    case KaramaAbility::GuildShipAsItPleases: return "the Guild's timing, Ship As It Pleases You ([LR] 2.06.12)";
    case KaramaAbility::EmperorAllyRevivals: return "the Emperor's extra revivals for his ally ([LR] 2.03.07)";
    case KaramaAbility::FremenMovement: return "the Fremen two-territory movement ([LR] 2.04.06)";
    case KaramaAbility::FremenStormMigration: return "the Fremen storm migration ([LR] 2.04.17)";
    case KaramaAbility::FremenSandworms: return "the Fremen placing of a later worm ([LR] 2.04.15)";
    case KaramaAbility::FremenAllyFreeRevival: return "the Fremen ally's 3 free revivals ([LR] 2.04.11)";
    case KaramaAbility::FremenShaiHulud: return "the Fremen immunity to Shai-Hulud ([LR] 2.04.07)";
    case KaramaAbility::FremenAllyWormProtection: return "the Fremen protection of their ally from worms ([LR] 2.04.10)";
    case KaramaAbility::FremenStormLosses: return "the Fremen half storm losses ([LR] 2.04.16)";
    case KaramaAbility::BeneGesseritSpiritualAdvisors: return "the Bene Gesserit spiritual advisor ([LR] 2.02.05, 2.02.11)";
    case KaramaAbility::BeneGesseritIntrusion: return "the Bene Gesserit Intrusion flip ([LR] 2.02.15)";
    case KaramaAbility::BeneGesseritTakeUpArms: return "the Bene Gesserit Take Up Arms flip ([LR] 2.02.16)";
    case KaramaAbility::BeneGesseritWartime: return "the Bene Gesserit Wartime flips ([LR] 2.02.17)";
    case KaramaAbility::BeneGesseritWorthlessKarama: return "a Bene Gesserit worthless card played as a Karama ([LR] 2.02.22)";
    case KaramaAbility::TleilaxuAllyRevivalDiscount: return "the Tleilaxu ally's revival at half price (fact sheet §5.2; one source: [TO])";
    case KaramaAbility::TleilaxuRevivalIncome: return "the Tleilaxu's income from a revival (fact sheet §5.2; one source: [TO])";
    case KaramaAbility::TleilaxuRevivalDiscount: return "the Tleilaxu's own revival at half price (fact sheet §5.2; one source: [TO])";
    case KaramaAbility::TleilaxuRaisedRevivalLimits: return "the Tleilaxu's raise of another faction's revival limit (fact sheet §5.2; one source: [TO])";
    case KaramaAbility::TleilaxuEarlyLeaderRevival: return "the Tleilaxu's offer of an early leader revival (E1; one source: [TO])";
    case KaramaAbility::TleilaxuFaceDancerReplacement: return "the Tleilaxu's Mentat Pause replacement of a Face Dancer (seed 002; [TO])";
    case KaramaAbility::IxiansHmsMovement: return "the Ixians' move of their Hidden Mobile Stronghold (ixians.md §4.1; one source: [TO])";
    case KaramaAbility::IxiansCyborgMovement: return "the Ixians' two-territory move with Cyborgs (ixians.md §3; one source: [TO])";
    case KaramaAbility::IxiansBiddingSelection: return "the Ixians' selection of the Bidding row (ixians.md §5; 2 sources)";
    case KaramaAbility::IxiansTechnology: return "the Ixians' Technology swap of a hand card for a lot (ixians.md §5; one source: [TO])";
    case KaramaAbility::IxiansCyborgBonus: return "the Ixians' Cyborg bonus in one battle (ixians.md §7.2; 2 sources)";
    case KaramaAbility::IxiansLossSubstitution: return "the Ixians' Suboids lost in place of Cyborgs in one battle (ixians.md §3, §7.2; one source: [TO])";
    case KaramaAbility::TleilaxuGholaRevival: return "the Tleilaxu's revival of a ghola, for the phase (tleilaxu.md §5.2; one source: [TO])";
  }
  return "?";
}

std::string_view to_string(KaramaPower p) {
  switch (p) {
    case KaramaPower::EmperorRevival: return "the Emperor's free revival ([LR] 1.14.02)";
    case KaramaPower::HarkonnenHand: return "the Harkonnen's taking of a hand ([LR] 1.14.04)";
    case KaramaPower::GuildShipment: return "the Guild's cancelling of a shipment ([LR] 1.14.05)";
    case KaramaPower::AtreidesBattlePlan: return "the Atreides' look at a battle plan ([LR] 1.14.01)";
    case KaramaPower::FremenWorm: return "the Fremen's sandworm placed where they wish ([LR] 1.14.03)";
    case KaramaPower::TleilaxuRevivalPrevention: return "the Tleilaxu's prevention of a revival (one source, [TO])";
    case KaramaPower::IxiansHmsMovement: return "the Ixians' move of their Hidden Mobile Stronghold (one source, [TO])";
  }
  return "?";
}

std::string_view to_string(PlanElement e) {
  switch (e) {
    case PlanElement::Leader: return "leader";
    case PlanElement::Weapon: return "weapon";
    case PlanElement::Defense: return "defense";
    case PlanElement::Dial: return "dial";
  }
  return "?";
}

namespace {

}  // namespace

std::string traitor_name(TraitorCardId card) {
  return card == kCheapHeroTraitor ? std::string("Cheap Hero") : std::string(leader_info(LeaderId{card.value}).name);
}

namespace {

struct Namer {
  std::string operator()(const Pass&) const { return "pass"; }
  std::string operator()(const ChooseTraitor& c) const { return fmt::format("keep traitor {}", traitor_name(c.card)); }
  std::string operator()(const ReturnTraitor& c) const { return fmt::format("shuffle traitor {} back", traitor_name(c.card)); }
  std::string operator()(const ReplaceFaceDancer& c) const { return fmt::format("replace Face Dancer {}", traitor_name(c.dancer)); }
  std::string operator()(const RevealFaceDancer& c) const {
    return fmt::format("reveal Face Dancer {}, place {} in {}", leader_info(c.leader).name, c.forces.value, cell_name(c.cell));
  }
  std::string operator()(const Predict& c) const { return fmt::format("predict {} on turn {}", to_string(c.faction), c.turn); }
  std::string operator()(const PlaceForces& c) const { return fmt::format("place {} in {}", forces(c.normal, c.special), cell_name(c.cell)); }
  std::string operator()(const ReplaceBoughtCard&) const { return "discard the bought card for the next Treachery deck card"; }
  std::string operator()(const ReturnLot& c) const {
    return fmt::format("return {} to the {} of the Treachery deck", card_type(c.card).name, c.top ? "top" : "bottom");
  }
  std::string operator()(const KeepStartingCard& c) const { return fmt::format("keep {} of the starting-card draft", card_type(c.card).name); }
  std::string operator()(const SwapLot& c) const { return fmt::format("swap {} for the lot about to come up", card_type(c.card).name); }
  std::string operator()(const PlaceHms& c) const { return fmt::format("place the Hidden Mobile Stronghold in {}", cell_name(c.to)); }
  std::string operator()(const MoveHms& c) const { return fmt::format("move the Hidden Mobile Stronghold to {}", cell_name(c.to)); }
  std::string operator()(const KaramaMoveHms& c) const { return fmt::format("Karama: move the Hidden Mobile Stronghold to {}", cell_name(c.to)); }
  std::string operator()(const DialStorm& c) const { return fmt::format("dial storm {}", c.amount); }
  std::string operator()(const PlayWeatherControl& c) const { return fmt::format("play Weather Control: move the storm {}", c.sectors); }
  std::string operator()(const PlayFamilyAtomics&) const { return "play Family Atomics"; }
  std::string operator()(const PlayThumper&) const { return "play Thumper"; }
  std::string operator()(const PlayHarvester&) const { return "play Harvester"; }
  std::string operator()(const PlayAmal&) const { return "play Amal"; }
  std::string operator()(const ProposeAlliance& c) const { return fmt::format("propose an alliance to {}", to_string(c.with)); }
  std::string operator()(const AcceptAlliance& c) const { return fmt::format("accept {}'s alliance", to_string(c.proposer)); }
  std::string operator()(const BreakAlliance&) const { return "break alliance"; }
  std::string operator()(const PlaceWorm& c) const { return fmt::format("place the worm in {}", to_string(c.territory)); }
  std::string operator()(const RideWorm& c) const {
    return fmt::format("ride the worm from {} to {} with {}", to_string(c.from), cell_name(c.to), forces(c.normal, c.special));
  }
  std::string operator()(const ClaimCharity&) const { return "claim CHOAM Charity"; }
  std::string operator()(const Bid& c) const { return fmt::format("bid {}{}", c.amount.value, c.karama ? " (Karama)" : ""); }
  std::string operator()(const KaramaTakeCard&) const { return "Karama: take the card without paying"; }
  std::string operator()(const KaramaTakeHand& c) const { return fmt::format("Karama: take the hand of seat {}", c.target.value); }
  std::string operator()(const KaramaGiveCard& c) const { return fmt::format("Karama: give {} back", card_type(c.card).name); }
  std::string operator()(const KaramaRevive& c) const {
    return c.leader ? fmt::format("Karama: revive {} free", leader_info(*c.leader).name)
                    : fmt::format("Karama: revive {} free", forces(c.normal, c.special));
  }
  std::string operator()(const KaramaWorm& c) const { return fmt::format("Karama: place the sandworm in {}", to_string(c.territory)); }
  std::string operator()(const Revive& c) const {
    std::string s = fmt::format("revive {}", forces(c.normal, c.special));
    if (c.leader) s += fmt::format(" and {}", leader_info(*c.leader).name);
    if (c.ally_paid_extra > ForceCount{0}) s += fmt::format(", pay {} for the ally", c.ally_paid_extra.value);
    return s;
  }
  std::string operator()(const Ship& c) const { return fmt::format("ship {} to {}{}", forces(c.normal, c.special), cell_name(c.to), c.karama ? " (Karama)" : ""); }
  std::string operator()(const CrossShip& c) const { return fmt::format("cross-ship {} from {} to {}", forces(c.normal, c.special), cell_name(c.from), cell_name(c.to)); }
  std::string operator()(const ShipToReserves& c) const { return fmt::format("ship {} from {} to reserves", forces(c.normal, c.special), cell_name(c.from)); }
  std::string operator()(const Move& c) const { return fmt::format("move {} from {} to {}", forces(c.normal, c.special), to_string(c.from), cell_name(c.to)); }
  std::string operator()(const SendSpiritualAdvisor& c) const {
    switch (c.to) {
      case AdvisorDestination::None: return "send no spiritual advisor";
      case AdvisorDestination::PolarSink: return "send a spiritual advisor to the Polar Sink";
      case AdvisorDestination::ShipmentCell: return "send a spiritual advisor into the shipment's cell";
    }
    return "?";
  }
  std::string operator()(const FlipBeneGesserit& c) const {
    return fmt::format("flip the Bene Gesserit in {} to {}", to_string(c.territory),
                       c.to == BeneGesseritSide::Fighters ? "fighters" : "advisors");
  }
  std::string operator()(const PlayHajr&) const { return "play Hajr"; }
  std::string operator()(const GuildActNow&) const { return "Guild acts now"; }
  std::string operator()(const PlayTruthtrance& c) const { return fmt::format("Truthtrance to seat {}: {}", c.target.value, question_text(c)); }
  std::string operator()(const PlayGhola& c) const {
    return c.leader ? fmt::format("Tleilaxu Ghola: revive {}", leader_info(*c.leader).name)
                    : fmt::format("Tleilaxu Ghola: revive {} forces", c.forces.value);
  }
  std::string operator()(const GiveSpice& c) const { return fmt::format("give 1 spice to seat {}", c.to.value); }
  std::string operator()(const AllySpice& c) const { return fmt::format("let the ally spend up to {} spice", c.limit.value); }
  std::string operator()(const GrantAllyFreeRevivals& c) const { return c.grant ? "grant the ally 3 free revivals" : "do not grant the ally 3 free revivals"; }
  std::string operator()(const KaramaPreventRevival& c) const { return fmt::format("Karama: prevent the {} revival", to_string(c.faction)); }
  std::string operator()(const OfferLeaderRevival& c) const {
    const std::string_view name = c.leader.value < kLeaderCount ? leader_info(c.leader).name : std::string_view("?");
    return fmt::format("offer {} an early revival for {} spice", name, c.price.value);
  }
  std::string operator()(const RaiseRevivalLimit& c) const { return fmt::format("set the {} revival limit to {}", to_string(c.faction), c.limit.value); }
  std::string operator()(const ProtectAllyFromWorms& c) const { return c.protect ? "protect the ally from worms" : "do not protect the ally from worms"; }
  std::string operator()(const ChooseBattle& c) const { return fmt::format("fight {} in {}", to_string(c.opponent), to_string(c.territory)); }
  std::string operator()(const UseVoice& c) const { return fmt::format("Voice: {} {}", c.must_play ? "play" : "do not play", voice_text(c.subject)); }
  std::string operator()(const UsePrescience& c) const { return fmt::format("Prescience: reveal the {}", to_string(c.element)); }
  std::string operator()(const PlanBattle& c) const {
    std::string s = c.leader ? fmt::format("battle plan: {}", leader_info(*c.leader).name)
                   : c.cheap_hero ? fmt::format("battle plan: {}", card_type(*c.cheap_hero).name)
                                  : std::string("battle plan: no leader");
    if (c.kwisatz_haderach) s += " with the Kwisatz Haderach";
    if (c.weapon) s += fmt::format(", weapon {}", card_type(*c.weapon).name);
    if (c.defense) s += fmt::format(", defense {}", card_type(*c.defense).name);
    return s;
  }
  std::string operator()(const DialBattle& c) const {
    const std::string dial = c.dial_halves % 2 == 0 ? fmt::format("{}", c.dial_halves / 2) : fmt::format("{}.5", c.dial_halves / 2);
    return c.support == Spice{0} ? fmt::format("dial {}", dial) : fmt::format("dial {} with {} spice support", dial, c.support.value);
  }
  std::string operator()(const CallTraitor&) const { return "call traitor"; }
  std::string operator()(const CancelPoisonTooth&) const { return "cancel the Poison Tooth"; }
  std::string operator()(const CaptureLeader& c) const { return fmt::format("{} {}", c.kill ? "kill" : "capture", leader_info(c.leader).name); }
  std::string operator()(const TakeTechToken& c) const { return fmt::format("take the {} tech token", kTechTokens[static_cast<std::size_t>(c.token)].name); }
  std::string operator()(const TakeLosses& c) const { return fmt::format("lose {} normal and {} special forces", c.normal.value, c.special.value); }
  std::string operator()(const DiscardPlayed& c) const {
    return fmt::format("discard weapon {}, defense {}, Cheap Hero {}", c.weapon ? "yes" : "no", c.defense ? "yes" : "no",
                       c.cheap_hero ? "yes" : "no");
  }
  std::string operator()(const DrawNexus&) const { return "draw a Nexus card (or discard and replace)"; }
  std::string operator()(const SetRedrawPolicy& c) const {
    switch (c.policy) {
      case RedrawPolicy::KeepAny: return "Nexus redraw policy: keep any card";
      case RedrawPolicy::RedrawOwnOnce: return "Nexus redraw policy: redraw own faction once";
      case RedrawPolicy::RedrawOwnAlways: return "Nexus redraw policy: redraw own faction whenever drawn";
    }
    return "Nexus redraw policy";
  }
  std::string operator()(const KaramaSeePlan&) const { return "Karama: look at the opponent's battle plan"; }
  std::string operator()(const ArmKarama& c) const {
    return c.ability ? fmt::format("Karama standing order: cancel {}", to_string(*c.ability)) : std::string("Karama standing order: none");
  }
  std::string operator()(const PlayNexus& c) const {
    std::string s = fmt::format("play the {} Nexus card ({})", to_string(c.card.faction), to_string(c.mode));
    if (c.element) s += fmt::format(": inspect the {}", to_string(*c.element));
    if (c.answers != 0) s += fmt::format(", answering attempt {}", c.answers);
    if (c.target) s += fmt::format(", asking seat {}", c.target->value);
    if (c.treachery) s += fmt::format(", trading {}", card_type(*c.treachery).name);
    return s;
  }
};

}  // namespace

std::string to_string(const Command& c) { return std::visit(Namer{}, c); }

std::string_view to_string(Step s) {
  switch (s) {
    case Step::SetupTraitorSelection: return "traitor selection";
    case Step::SetupPrediction: return "Bene Gesserit prediction";
    case Step::SetupFremenPlacement: return "Fremen placement";
    case Step::SetupBeneGesseritPlacement: return "Bene Gesserit placement";
    case Step::StormDial: return "storm dial";
    case Step::StormCardWindow: return "storm card window";
    case Step::KaramaWorm: return "Fremen Karama worm";
    case Step::ThumperWindow: return "Thumper window";
    case Step::SpiceBlow: return "Spice Blow";
    case Step::HarvesterWindow: return "Harvester window";
    case Step::AmalWindow: return "Amal window";
    case Step::HmsPlacement: return "Hidden Mobile Stronghold placement";
    case Step::HmsMovement: return "Hidden Mobile Stronghold movement";
    case Step::AllyCardReplacement: return "the Ixians' ally's card replacement";
    case Step::IxCardSelection: return "the Ixians' selection of the auction row";
    case Step::IxTechnology: return "the Ixians' Technology swap";
    case Step::SetupIxianDraft: return "the Ixians' starting-card draft";
    case Step::WormPlacement: return "worm placement";
    case Step::NexusNegotiation: return "Nexus";
    case Step::WormRide: return "worm ride";
    case Step::NexusDraw: return "Nexus card draw";
    case Step::Charity: return "CHOAM Charity";
    case Step::Bidding: return "Bidding";
    case Step::Revival: return "Revival";
    case Step::Shipment: return "shipment";
    case Step::Movement: return "movement";
    case Step::Battle: return "Battle";
    case Step::Collection: return "Spice Collection";
    case Step::MentatPause: return "Mentat Pause";
    case Step::GameOver: return "game over";
  }
  return "?";
}

std::string_view to_string(RejectCode c) {
  switch (c) {
    case RejectCode::StaleVersion: return "StaleVersion";
    case RejectCode::DuplicateCommandId: return "DuplicateCommandId";
    case RejectCode::UnknownSeat: return "UnknownSeat";
    case RejectCode::NotYourTurn: return "NotYourTurn";
    case RejectCode::WrongPhase: return "WrongPhase";
    case RejectCode::ChancePending: return "ChancePending";
    case RejectCode::GameOver: return "GameOver";
    case RejectCode::IllegalChoice: return "IllegalChoice";
    case RejectCode::InsufficientSpice: return "InsufficientSpice";
    case RejectCode::HandFull: return "HandFull";
    case RejectCode::StormBlocked: return "StormBlocked";
    case RejectCode::OccupancyLimit: return "OccupancyLimit";
    case RejectCode::NotAdjacent: return "NotAdjacent";
    case RejectCode::NotEnoughForces: return "NotEnoughForces";
    case RejectCode::NotImplemented: return "NotImplemented";
  }
  return "?";
}

// The public form: a command's kind without its secret content (receipts are public).
std::string_view kind_name(const Command& c) { return command_info(c).label; }

std::string chance_outcome_name(ChanceKind kind, std::uint8_t outcome) {
  switch (kind) {
    case ChanceKind::TraitorDeal:
    case ChanceKind::TraitorDraw:
    case ChanceKind::FaceDancerDraw:
      return outcome <= kLeaderCount ? traitor_name(TraitorCardId{outcome}) : "?";
    case ChanceKind::TreacheryDeal:
    case ChanceKind::TreacheryLot:
    case ChanceKind::CardInspect: return std::string(card_type(TreacheryCardId{outcome}).name);
    case ChanceKind::SpiceDraw:
    case ChanceKind::SpicePeek: return std::string(spice_card_info(SpiceCardId{outcome}).name);
    case ChanceKind::StormCard: return std::to_string(outcome);
    case ChanceKind::NexusDraw: return std::string(to_string(Faction{outcome}));
    case ChanceKind::CaptureDraw: return outcome < kLeaderCount ? std::string(leader_info(LeaderId{outcome}).name) : "?";
    case ChanceKind::TechTokenDeal: return outcome < kTechTokens.size() ? std::string(kTechTokens[outcome].name) : "?";
  }
  return std::to_string(outcome);
}

std::size_t default_choice(const std::vector<Command>& legal) {
  for (std::size_t j = 0; j < legal.size(); ++j) {
    if (std::holds_alternative<Pass>(legal[j])) return j;
  }
  for (std::size_t j = 0; j < legal.size(); ++j) {
    if (!is_standing_command(legal[j]) && !is_any_time_command(legal[j])) return j;
  }
  return 0;
}

namespace {
std::vector<std::uint8_t> spread_circles(std::size_t seats) {
  std::vector<std::uint8_t> out;
  for (std::size_t i = 0; i < seats; ++i) out.push_back(static_cast<std::uint8_t>(i * 6 / seats));
  return out;
}
}  // namespace

Options Options::basic(std::vector<Faction> factions) {
  Options o;
  o.player_circles = spread_circles(factions.size());
  o.factions = std::move(factions);
  return o;
}

Options Options::advanced(std::vector<Faction> factions) {
  Options o = basic(std::move(factions));
  o.rules = RuleFlags{true, true, true, true, true, true, true, true, true, true, true, true, true};
  return o;
}

}  // namespace dune

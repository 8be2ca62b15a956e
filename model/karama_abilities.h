// The ✷ faction abilities a Karama cancels (model/commands.h's ArmKarama names one): their list,
// the faction each belongs to and the Advanced rule each needs. Split from model/commands.h.
#pragma once

#include <array>
#include <cstdint>

#include "model/ids.h"
#include "model/options.h"

namespace dune {

// ---- Karama against a faction ability: a hidden optional reaction (README "Karama") ----------
// The ✷ abilities whose use the engine lets a Karama cancel ([LR] 3.01.11.01, 3.04), each by its
// rule number. A seat's standing order names one; the engine plays the Karama the moment another
// faction uses that ability, without asking anyone, so no window shows who holds a Karama.
enum class KaramaAbility : std::uint8_t {
  GuildPaymentForShipment,     // [LR] 2.06.04 ✷: a shipment is paid to the bank, not the Guild
  HalfPriceShipping,           // [LR] 2.06.06, 2.06.09 ✷: the Guild or its ally retakes at full price
  EmperorPaymentForTreachery,  // [LR] 2.03.04 ✷: a card is paid to the bank, not the Emperor
  HarkonnenTopCard,            // [LR] 2.05.08 ✷: no free card for the Harkonnen purchase
  BeneGesseritCharity,         // [LR] 2.02.09 ✷: the Bene Gesserit get the normal Charity only
  // Not an ability cancelled but the Guild's own once-a-game Advanced Karama power ([LR] 1.14.05):
  // cancel the next off-planet shipment of another player. Only the Guild gives this order.
  OffPlanetShipment,
  HarkonnenCapturedLeaders,    // [LR] 2.05.10.01 ✷ (Advanced): no leader is drawn from the loser
  // Issue 16, the Spacing Guild's and the Emperor's remaining ✷ abilities ([LR] 3.01.11.01/02, 3.04):
  GuildCrossShip,              // [LR] 2.06.05.02, 2.06.10 ✷: nothing moves or is paid; a normal shipment is retaken
  GuildShipToReserves,         // [LR] 2.06.05.03 ✷: nothing moves or is paid; a normal shipment is retaken
  GuildShipAsItPleases,        // [LR] 2.06.12 ✷..✷ (Advanced): prevented or cancelled, the Guild acts in storm order
  EmperorAllyRevivals,         // [LR] 2.03.07 ✷: the ally's revival with extras is retaken without them
  // Issue 16 (battle): cancelled as they are used, before anything is answered or obeyed; no retake.
  AtreidesPrescience,          // [LR] 2.01.08, 2.01.09 ✷: the question is not answered
  BeneGesseritVoice,           // [LR] 2.02.06, 2.02.07 ✷: the opponent is not bound
  // The Fremen ✷ abilities (issue 16; [LR] 2.04, 3.01.11.01, 3.04).
  FremenMovement,              // [LR] 2.04.06 ✷: the two-territory move is not made; retaken as a one-territory move
  FremenStormMigration,        // [LR] 2.04.17 ✷ (Advanced): the sending into the storm is not made; retaken out of it
  FremenSandworms,             // [LR] 2.04.15 ✷ (Advanced): a later worm appears where the printed rule puts it (1.02.05)
  FremenAllyFreeRevival,       // [LR] 2.04.11 ✷: the ally's revival with 3 free is not made; retaken with its own free revival
  FremenShaiHulud,             // [LR] 2.04.07 ✷: a worm devours the Fremen forces of its territory (1.02.05)
  FremenAllyWormProtection,    // [LR] 2.04.10 ✷: a worm devours the protected ally's forces of its territory
  FremenStormLosses,           // [LR] 2.04.16 ✷ (Advanced): the storm destroys all the Fremen forces it catches (1.01.03)
  // The Bene Gesserit ✷ abilities (issue 16): cancelled as used; a flip or a sending without the
  // ability is no action, so nothing is retaken (3.04).
  BeneGesseritSpiritualAdvisors,  // [LR] 2.02.05 ✷ (and 2.02.11): the force is not sent
  BeneGesseritIntrusion,          // [LR] 2.02.15 ✷ (Advanced): the fighters are not flipped to advisors
  BeneGesseritTakeUpArms,         // [LR] 2.02.16 ✷ (Advanced): the advisors are not flipped to fighters
  BeneGesseritWartime,            // [LR] 2.02.17 ✷ (Advanced): no advisors flip to fighters this Wartime
  // [LR] 2.02.22 ✷ (Advanced Karama, 1.14.06): a worthless card played as a Karama does nothing and
  // stays in hand; the Bene Gesserit retake that action without the ability (3.04), so only a real
  // Karama serves in it (KaramaState::retakes_without_worthless).
  BeneGesseritWorthlessKarama,
  // Issue 22, the Tleilaxu (one source, [TO] FactionAdvantage.PurpleRevivalDiscountAlly; no
  // printed sheet marks it ✷, docs/rules/tleilaxu.md §6.1): the ally's revival at half price is not
  // made; retaken at full price (3.04).
  TleilaxuAllyRevivalDiscount,
  // The Tleilaxu's revival income (fact sheet §5.2; one source, [TO] FactionAdvantage.PurpleReceiveRevive,
  // docs/rules/tleilaxu.md §4.2): one revival's income, its payment and the spice for a free
  // revival, is not received; the payment goes to the bank ([LR] 1.05.01.04). The revival stands.
  TleilaxuRevivalIncome,
  // The Tleilaxu's own revival at half price, forces and leaders (fact sheet §5.2; one source, [TO]
  // FactionAdvantage.PurpleRevivalDiscount): the revival is not made; retaken at the printed prices
  // of [LR] 1.05.01.02 and 1.05.03.02 (3.04).
  TleilaxuRevivalDiscount,
  // Three more Tleilaxu abilities [TO] lets a Karama stop (one source each, [TO] FactionAdvantage;
  // the Mentat Pause replacement also seed 002: "the native Karama table stops ordinary Mentat
  // replacement"): the use is not made and spent; nothing to retake (3.04: without the ability the
  // Tleilaxu have no such action).
  TleilaxuRaisedRevivalLimits,    // PurpleIncreasingRevivalLimits: a limit raised above 3 stays as it was
  TleilaxuEarlyLeaderRevival,     // PurpleEarlyLeaderRevive: the offer of an early leader revival is not made
  TleilaxuFaceDancerReplacement,  // PurpleReplacingFaceDancer: the dancer stays; the Pause's one replacement spent
  // Issue 22, the Ixians ([LR] marks no Ixian ability; [TO] Karma.ValidFactionAdvantages, docs/rules/ixians.md
  // §7.2, one source each):
  IxiansHmsMovement,     // GreyMovingHms: the HMS's move is not made; it stays where it is this turn (no retake)
  IxiansCyborgMovement,  // GreyCyborgExtraMove: the two-territory move is not made; retaken as a one-territory move
  // The bidding selection (2 sources: [TO] GreySelectingCardsOnAuction, [DB] blockIxBiddingAdvantage;
  // docs/rules/ixians.md §5): met as the Bidding row is dealt, the row is one lot per seat that may
  // bid and the Ixians select nothing this phase (no retake: without the ability there is nothing to do).
  IxiansBiddingSelection,
  // The Technology advantage (Advanced; one source, [TO] GreySwappingCard with Rule.GreySwappingCardOnBid,
  // docs/rules/ixians.md §7.2): met as a Bidding phase opens, the Ixians swap no card this phase (no
  // retake: without the ability there is nothing to do).
  IxiansTechnology,
  // The Cyborg bonus in one battle (2 sources: [TO] GreySpecialForceBonus, a Cyborg then 1 and ½
  // unsupported; [DB] negateSpecialForces; docs/rules/ixians.md §7.2): met as that battle's plans
  // begin, with Cyborgs of the Ixians there; each counts as an ordinary force, 1, and ½ without
  // spice in Advanced combat, for that battle (no retake: without the ability nothing is redone).
  IxiansCyborgBonus,
  // The Cyborg loss substitution (one source, [TO] GreyReplacingSpecialForces; only with the option
  // cyborg_loss_substitution, [TO]'s reading of Q5): met as a winning Ixians take losses with Suboids
  // in place of Cyborgs; they take nothing and choose again without it for that battle ([LR] 3.04).
  IxiansLossSubstitution,
  // Advanced Gholas (one source, [TO] FactionAdvantage.PurpleReviveGhola, for the whole phase since its
  // issue #39; docs/rules/tleilaxu.md §5.2): the revival with a ghola is not made; the Tleilaxu retake
  // it without one, and revive no ghola for the rest of the phase (3.04).
  TleilaxuGholaRevival,
};
inline constexpr std::array kKaramaAbilities{KaramaAbility::GuildPaymentForShipment, KaramaAbility::HalfPriceShipping,
                                             KaramaAbility::EmperorPaymentForTreachery, KaramaAbility::HarkonnenTopCard,
                                             KaramaAbility::BeneGesseritCharity, KaramaAbility::OffPlanetShipment,
                                             KaramaAbility::HarkonnenCapturedLeaders, KaramaAbility::GuildCrossShip,
                                             KaramaAbility::GuildShipToReserves, KaramaAbility::GuildShipAsItPleases,
                                             KaramaAbility::EmperorAllyRevivals, KaramaAbility::AtreidesPrescience,
                                             KaramaAbility::BeneGesseritVoice,
                                             // the Fremen ✷ abilities (issue 16)
                                             KaramaAbility::FremenMovement, KaramaAbility::FremenStormMigration,
                                             KaramaAbility::FremenSandworms, KaramaAbility::FremenAllyFreeRevival,
                                             KaramaAbility::FremenShaiHulud, KaramaAbility::FremenAllyWormProtection,
                                             KaramaAbility::FremenStormLosses,
                                             // the Bene Gesserit ✷ abilities (issue 16)
                                             KaramaAbility::BeneGesseritSpiritualAdvisors, KaramaAbility::BeneGesseritIntrusion,
                                             KaramaAbility::BeneGesseritTakeUpArms, KaramaAbility::BeneGesseritWartime,
                                             KaramaAbility::BeneGesseritWorthlessKarama,
                                             // the Tleilaxu's (issue 22; one source)
                                             KaramaAbility::TleilaxuAllyRevivalDiscount, KaramaAbility::TleilaxuRevivalIncome,
                                             KaramaAbility::TleilaxuRevivalDiscount, KaramaAbility::TleilaxuRaisedRevivalLimits,
                                             KaramaAbility::TleilaxuEarlyLeaderRevival, KaramaAbility::TleilaxuFaceDancerReplacement,
                                             // the Ixians' (issue 22; one source)
                                             KaramaAbility::IxiansHmsMovement, KaramaAbility::IxiansCyborgMovement,
                                             KaramaAbility::IxiansBiddingSelection, KaramaAbility::IxiansTechnology,
                                             KaramaAbility::IxiansCyborgBonus, KaramaAbility::IxiansLossSubstitution,
                                             // Advanced Gholas (issue 22; one source)
                                             KaramaAbility::TleilaxuGholaRevival};
// The faction whose ability it is ([LR] 2.xx numbering). Half-price shipping is the Guild's, used
// by the Guild or by its ally ([LR] 2.06.09), and so is cross-shipping (2.06.10); the Emperor's
// extra revivals are his, used by his ally (2.03.07); OffPlanetShipment is the Guild's own power.
constexpr Faction karama_ability_owner(KaramaAbility a) {
  switch (a) {
    case KaramaAbility::GuildPaymentForShipment:
    case KaramaAbility::HalfPriceShipping:
    case KaramaAbility::OffPlanetShipment:
    case KaramaAbility::GuildCrossShip:
    case KaramaAbility::GuildShipToReserves:
    case KaramaAbility::GuildShipAsItPleases: return Faction::SpacingGuild;
    case KaramaAbility::EmperorPaymentForTreachery:
    case KaramaAbility::EmperorAllyRevivals: return Faction::Emperor;
    case KaramaAbility::HarkonnenTopCard:
    case KaramaAbility::HarkonnenCapturedLeaders: return Faction::Harkonnen;
    case KaramaAbility::BeneGesseritCharity:
    case KaramaAbility::BeneGesseritVoice:
    case KaramaAbility::BeneGesseritSpiritualAdvisors:
    case KaramaAbility::BeneGesseritIntrusion:
    case KaramaAbility::BeneGesseritTakeUpArms:
    case KaramaAbility::BeneGesseritWartime:
    case KaramaAbility::BeneGesseritWorthlessKarama: return Faction::BeneGesserit;
    case KaramaAbility::AtreidesPrescience: return Faction::Atreides;
    case KaramaAbility::FremenMovement:
    case KaramaAbility::FremenStormMigration:
    case KaramaAbility::FremenSandworms:
    case KaramaAbility::FremenAllyFreeRevival:  // used by the ally, granted by the Fremen
    case KaramaAbility::FremenShaiHulud:
    case KaramaAbility::FremenAllyWormProtection:
    case KaramaAbility::FremenStormLosses: return Faction::Fremen;
    case KaramaAbility::TleilaxuAllyRevivalDiscount:  // used by the ally
    case KaramaAbility::TleilaxuRevivalIncome:
    case KaramaAbility::TleilaxuRevivalDiscount:
    case KaramaAbility::TleilaxuRaisedRevivalLimits:
    case KaramaAbility::TleilaxuEarlyLeaderRevival:
    case KaramaAbility::TleilaxuFaceDancerReplacement:
    case KaramaAbility::TleilaxuGholaRevival: return Faction::Tleilaxu;
    case KaramaAbility::IxiansHmsMovement:
    case KaramaAbility::IxiansCyborgMovement:
    case KaramaAbility::IxiansBiddingSelection:
    case KaramaAbility::IxiansTechnology:
    case KaramaAbility::IxiansCyborgBonus:
    case KaramaAbility::IxiansLossSubstitution: return Faction::Ixians;
  }
  return Faction::SpacingGuild;
}
// The Advanced rule without which the ability is not in the game (nullptr: a Basic ability): a
// Karama is ordered against it only in games with that rule ([LR] 2.04.00, 2.05.00, 2.06.00).
constexpr bool RuleFlags::*karama_ability_rule(KaramaAbility a) {
  switch (a) {
    case KaramaAbility::HarkonnenCapturedLeaders: return &RuleFlags::harkonnen_capture;  // [LR] 2.05.10.01
    case KaramaAbility::GuildShipAsItPleases: return &RuleFlags::guild_shipment_timing;  // [LR] 2.06.12
    case KaramaAbility::FremenStormMigration:                                            // [LR] 2.04.17
    case KaramaAbility::FremenStormLosses: return &RuleFlags::fremen_storm_losses;       // [LR] 2.04.16
    case KaramaAbility::FremenSandworms: return &RuleFlags::fremen_worm_sending;         // [LR] 2.04.15
    case KaramaAbility::BeneGesseritIntrusion:                                           // [LR] 2.02.15-17
    case KaramaAbility::BeneGesseritTakeUpArms:
    case KaramaAbility::BeneGesseritWartime: return &RuleFlags::bene_gesserit_advisors;
    case KaramaAbility::BeneGesseritWorthlessKarama: return &RuleFlags::advanced_karama;  // [LR] 1.14.06
    case KaramaAbility::IxiansTechnology: return &RuleFlags::ixians_technology;           // docs/rules/ixians.md §5
    case KaramaAbility::TleilaxuGholaRevival: return &RuleFlags::tleilaxu_gholas;         // docs/rules/tleilaxu.md §5.2
    default: return nullptr;
  }
}
// Whether the ability is in a game with these options: its Advanced rule on, and the Cyborg loss
// substitution only with its reading (Options::cyborg_loss_substitution).
constexpr bool karama_ability_in_game(const Options& o, KaramaAbility a) {
  if (a == KaramaAbility::IxiansLossSubstitution) return o.cyborg_loss_substitution;
  const auto rule = karama_ability_rule(a);
  return !rule || o.rules.*rule;
}
}  // namespace dune

// The mutant catalogue: one row per named rules bug (engine/mutants.h, harness/mutants.h). The
// setup column picks small random games that reach the mutated rule (e.g. the Emperor seated for a
// bid-payment bug).
#include "harness/mutants.h"

#include <array>

namespace dune::harness {
namespace {

// Bits of the base factions, in kBaseFactions order, then the Tleilaxu and the Ixians
// (harness/mutant_run.cpp).
constexpr std::uint8_t At = 1, Bg = 2, Em = 4, Fr = 8, Hk = 16, Sg = 32, Tl = 64, Ix = 128;

constexpr MutantSetup basic(std::uint8_t factions, std::uint8_t turns = 3, std::uint8_t games = 20,
                            MutantBots bots = MutantBots::Mixed) {
  return MutantSetup{factions, false, turns, games, bots};
}
constexpr MutantSetup advanced(std::uint8_t factions, std::uint8_t turns = 3, std::uint8_t games = 20,
                               MutantBots bots = MutantBots::Mixed) {
  return MutantSetup{factions, true, turns, games, bots};
}
constexpr MutantSetup with_cards(MutantSetup s, CardSets cards) {
  s.cards = cards;
  return s;
}
constexpr CardSets kWithPoisonBladeShieldSnooper{.e1_poison_blade_shield_snooper = true};
constexpr CardSets kWithE1Battle{.e1_battle = true};
constexpr CardSets kWithHarvesterThumper{.e1_harvester_thumper = true};
constexpr CardSets kWithCheapHeroTraitor{.cheap_hero_traitor = true};
constexpr CardSets kWithAmal{.e1_amal = true};
constexpr CardSets kWithTechTokens{.e1_tech_tokens = true};
// A reading of the HMS's spice while moving (model/options.h HmsSpice).
constexpr MutantSetup with_hms_spice(MutantSetup s, HmsSpice reading) {
  s.hms_spice = reading;
  return s;
}
// [TO]'s reading of the Cyborg loss substitution (Options::cyborg_loss_substitution).
constexpr MutantSetup with_loss_substitution(MutantSetup s) {
  s.cyborg_loss_substitution = true;
  return s;
}
// Aggressive bots from a staged start (MutantStart): the Karama orders and powers it sets up.
constexpr MutantSetup staged(MutantStart start, std::uint8_t factions, bool advanced_rules, std::uint8_t turns, std::uint8_t games) {
  return MutantSetup{factions, advanced_rules, turns, games, MutantBots::Aggressive, start};
}
// The Nexus module's games: Advanced (double blow), four seats with the Atreides.
constexpr MutantSetup nexus(std::uint8_t turns = 4, std::uint8_t games = 20) {
  return advanced(At | Hk | Em | Fr, turns, games, MutantBots::Nexus);
}

constexpr std::array kCatalogue{
    // ---- census: every component in exactly one zone, force totals kept ----
    MutantInfo{Mutant::SoldCardAlsoDiscarded, "sold-card-also-discarded", "census",
               "a card sold at auction also lands on the Treachery discard", basic(At | Hk, 2)},
    MutantInfo{Mutant::DestroyedForcesVanish, "destroyed-forces-vanish", "census",
               "forces destroyed on the board never reach the Tanks", basic(At | Hk | Fr)},
    // ---- capacity ----
    MutantInfo{Mutant::FullHandBids, "full-hand-bids", "capacity",
               "a seat with a full hand may still bid and buy", basic(At | Em, 6)},
    // Offered as well as accepted, so oracle.legal-revival's sampled probe of the offered set sees
    // it before any overdraft is paid (issue 17 item 3).
    MutantInfo{Mutant::RevivalOverdraft, "revival-overdraft", "oracle",
               "a revival is allowed beyond the seat's spice", basic(At | Hk | Em, 4), "oracle.legal-revival"},
    // ---- conservation: the spice ledger ----
    MutantInfo{Mutant::CharityFromNowhere, "charity-from-nowhere", "conservation",
               "CHOAM Charity credits the seat without debiting the bank", basic(At | Hk | Bg)},
    MutantInfo{Mutant::WormSpiceVanishes, "worm-spice-vanishes", "conservation",
               "spice eaten by a worm leaves the game instead of returning to the bank", basic(At | Hk, 4)},
    MutantInfo{Mutant::StormSpiceVanishes, "storm-spice-vanishes", "conservation",
               "spice destroyed by the storm leaves the game instead of returning to the bank", basic(At | Hk, 4)},
    // ---- rule oracles ----
    MutantInfo{Mutant::BidPaidToBank, "bid-paid-to-bank", "oracle",
               "a winning bid is paid to the bank instead of the Emperor", basic(Em | At | Hk, 2)},
    MutantInfo{Mutant::KaramaBidCharged, "karama-bid-charged", "oracle",
               "a winning Karama bid is charged in spice as well as the card", basic(Em | At | Hk | Bg, 4, 40)},
    MutantInfo{Mutant::ShipmentPaidToBank, "shipment-paid-to-bank", "oracle",
               "a shipment is paid to the bank instead of the Guild", basic(Sg | At | Hk, 2)},
    MutantInfo{Mutant::GuildPaysFullPrice, "guild-pays-full-price", "oracle",
               "the Spacing Guild pays full price for its own shipments", basic(Sg | At, 2)},
    MutantInfo{Mutant::FremenPayToShip, "fremen-pay-to-ship", "oracle",
               "the Fremen pay for sending their reserves near The Great Flat", basic(Fr | At, 2)},
    MutantInfo{Mutant::NoFreeRevivals, "no-free-revivals", "oracle",
               "free revivals are charged 2 spice each", basic(At | Hk | Em, 4)},
    MutantInfo{Mutant::FremenGrantIgnored, "fremen-grant-ignored", "oracle",
               "the Fremen ally revives 3 free without the Fremen's grant ([LR] 2.04.11)", nexus(5, 80)},
    MutantInfo{Mutant::LeaderRevivalFree, "leader-revival-free", "oracle",
               "reviving a leader costs nothing instead of its strength",
               MutantSetup{At | Hk | Fr, false, 3, 20, MutantBots::Mixed, MutantStart::FirstSeatLeadersInTanks}},
    MutantInfo{Mutant::CharityPaysThree, "charity-pays-three", "oracle",
               "CHOAM Charity brings a seat up to 3 spice instead of 2", basic(At | Hk | Em, 4)},
    MutantInfo{Mutant::BeneGesseritCharityBasicOff, "bene-gesserit-charity-basic-off", "oracle",
               "the Bene Gesserit get ordinary charity instead of always 2 (the engine's [LR] 2.02.09 claim)",
               basic(Bg | At | Hk, 4)},
    MutantInfo{Mutant::CollectionFlatThree, "collection-flat-three", "oracle",
               "every faction collects 3 spice per force, city or not", basic(At | Hk | Fr, 3)},
    MutantInfo{Mutant::TraitorKeptFirstOffered, "traitor-kept-first-offered", "oracle",
               "a seat keeps the first traitor it was dealt, not the one it chose ([LR] 1.00 setup: each keeps one of four)",
               basic(At | Bg | Em, 1), "oracle.choices"},
    MutantInfo{Mutant::HarkonnenOneStartingCard, "harkonnen-one-starting-card", "oracle",
               "the Harkonnen are dealt one starting Treachery card instead of two (fact sheet §6.1, [LR] 2.05)",
               basic(Hk | At | Em, 1, 5), "oracle.deal"},
    MutantInfo{Mutant::FremenPlacedInFirstStartCell, "fremen-placed-in-first-start-cell", "oracle",
               "the Fremen starting forces land in the first of their start sectors, not the one named ([LR] 2.04.02)",
               basic(Fr | At | Hk, 1, 10), "oracle.placement"},
    MutantInfo{Mutant::GholaRevivesOneShort, "ghola-revives-one-short", "oracle",
               "a Tleilaxu Ghola played for forces revives one fewer than named (fact sheet §4.1: up to 5, as chosen)",
               basic(At | Hk | Em | Fr, 6, 30, MutantBots::Aggressive), "oracle.card-play"},
    MutantInfo{Mutant::NexusBetrayalPrescienceAnswered, "nexus-betrayal-prescience-answered", "oracle",
               "the Atreides Betrayal commits its receipt, but the Prescience it stops is answered all the same (seed 000, Atreides row)",
               nexus(5, 40), "contract.atreides.betrayal"},
    MutantInfo{Mutant::NexusBetrayalVoiceBinds, "nexus-betrayal-voice-binds", "oracle",
               "the Bene Gesserit Betrayal commits its receipt, but the Voice it stops binds the opponent all the same (seed 000, "
               "Bene Gesserit row)",
               advanced(Bg | Hk | Em | Fr, 6, 80, MutantBots::Nexus), "contract.bene-gesserit.betrayal"},
    MutantInfo{Mutant::NexusSecretAllyVoiceSkipped, "nexus-secret-ally-voice-skipped", "oracle",
               "the Bene Gesserit Secret Ally play commits its receipt, but no Voice is asked of its player (seed 000, Bene "
               "Gesserit row)",
               nexus(5, 40), "contract.bene-gesserit.secret-ally"},
    MutantInfo{Mutant::NexusSardaukarPreventedStands, "nexus-sardaukar-prevented-stands", "oracle",
               "the Emperor Betrayal commits its receipt, but the Sardaukar keep their advantage in that battle (seed 003)",
               advanced(Em | Hk | At | Fr, 6, 80, MutantBots::Nexus), "contract.emperor.betrayal"},
    MutantInfo{Mutant::NexusCunningUncounted, "nexus-cunning-uncounted", "oracle",
               "the Emperor Cunning commits its receipt, but no forces count as Sardaukar in that battle (seed 003)",
               advanced(Em | Hk | At | Fr, 6, 80, MutantBots::Nexus), "contract.emperor.cunning"},
    MutantInfo{Mutant::NexusPurchaseStillPaid, "nexus-purchase-still-paid", "oracle",
               "the Emperor Secret Ally commits its receipt on a purchase, but the buyer pays the price all the same (seed 003)",
               advanced(At | Hk | Fr | Bg, 6, 80, MutantBots::Nexus), "oracle.bid-payment"},
    MutantInfo{Mutant::NexusRevivalSpecialUncapped, "nexus-revival-special-uncapped", "oracle",
               "special forces revived by the Emperor Secret Ally do not count toward the one per turn (November FAQ p.2, seed 003)",
               MutantSetup{Fr | Hk | Sg | Bg, true, 2, 40, MutantBots::Nexus, MutantStart::FremenHoldEmperorCard}, "oracle.legal-revival"},
    MutantInfo{Mutant::NexusRideSuppressionIgnored, "nexus-ride-suppression-ignored", "oracle",
               "the Fremen Betrayal commits its receipt on a worm ride, but the Fremen may still ride worms that turn (seed 000, "
               "Fremen row)",
               advanced(Fr | Hk | At | Em, 6, 80, MutantBots::Nexus), "contract.fremen.betrayal"},
    MutantInfo{Mutant::NexusMoveSuppressionIgnored, "nexus-move-suppression-ignored", "oracle",
               "the Fremen Betrayal commits its receipt in Shipment and Movement, but the Fremen still move two territories (seed "
               "000, Fremen row)",
               advanced(Fr | Hk | At | Em, 6, 80, MutantBots::Nexus), "oracle.legal-movement"},
    MutantInfo{Mutant::NexusCunningRideFromAnywhere, "nexus-cunning-ride-from-anywhere", "oracle",
               "the Fremen Cunning lets a group ride from a territory that is not sand (seed 000: from one desert territory)",
               advanced(Fr | Hk | At | Em, 6, 80, MutantBots::Nexus), "oracle.legal-command"},
    MutantInfo{Mutant::NexusFullWormCountedEmpty, "nexus-full-worm-counted-empty", "oracle",
               "a worm that found forces is recorded as one that found none, so the Fremen Cunning may ride on it (seed 000: a "
               "worm appearing in a territory without forces)",
               advanced(Fr | Hk | At | Em, 6, 80, MutantBots::Nexus), "contract.fremen.cunning"},
    MutantInfo{Mutant::NexusWormProtectionIgnored, "nexus-worm-protection-ignored", "oracle",
               "the Fremen Secret Ally commits its receipt as a worm appears, but the worm devours the protected forces all the "
               "same (seed 000, Fremen row)",
               advanced(At | Hk | Em | Bg, 6, 80, MutantBots::Nexus), "oracle.worm"},
    MutantInfo{Mutant::NexusGuildPaymentNotTaken, "nexus-guild-payment-not-taken", "oracle",
               "the Spacing Guild Betrayal commits its receipt, but the shipment payment stays with its payee (seed 000, "
               "Spacing Guild row)",
               advanced(Sg | Hk | At | Em, 6, 80, MutantBots::Nexus), "oracle.nexus-play"},
    MutantInfo{Mutant::NexusGuildInvoiceShort, "nexus-guild-invoice-short", "oracle",
               "a paid shipment's invoice shows one spice less than was paid, so the Spacing Guild Betrayal takes less than the "
               "entire payment (seed 000)",
               advanced(Sg | Hk | At | Em, 6, 80, MutantBots::Nexus), "contract.spacing-guild.betrayal"},
    MutantInfo{Mutant::NexusGuildSecondGroupMoves, "nexus-guild-second-group-moves", "oracle",
               "after the Spacing Guild Cunning's second shipment the Guild moves again without Hajr (seed 000: that group "
               "cannot move unless Hajr permits it)",
               advanced(Sg | Hk | At | Em, 6, 80, MutantBots::Nexus), "contract.spacing-guild.cunning"},
    MutantInfo{Mutant::NexusGuildRatesNotGiven, "nexus-guild-rates-not-given", "oracle",
               "the Spacing Guild Secret Ally commits its receipt, but its player ships at full price (seed 000: Guild "
               "shipping prices)",
               advanced(At | Hk | Em | Bg, 6, 80, MutantBots::Nexus), "oracle.legal-shipment"},
    MutantInfo{Mutant::NexusHarkonnenTraitorStands, "nexus-harkonnen-traitor-stands", "oracle",
               "the Harkonnen Betrayal commits its receipt, but the revealed Harkonnen traitor stays with the Harkonnen and its call "
               "stands (seed 000: cancel a revealed Harkonnen traitor, shuffle that identity into the Traitor Deck)",
               advanced(Hk | At | Em | Bg, 6, 80, MutantBots::Nexus)},
    MutantInfo{Mutant::NexusHarkonnenReplacementSkipped, "nexus-harkonnen-replacement-skipped", "oracle",
               "the Mentat Pause consumes the Harkonnen Betrayal's receipt, but the Harkonnen draw no replacement (seed 000: a "
               "canceled Harkonnen traitor owes a later replacement)",
               advanced(Hk | At | Em | Bg, 6, 80, MutantBots::Nexus), "contract.harkonnen.betrayal"},
    MutantInfo{Mutant::NexusHarkonnenSecretAllyDrawsOne, "nexus-harkonnen-secret-ally-draws-one", "oracle",
               "the Harkonnen Secret Ally draws one Traitor Card, then shuffles two back (seed 000: draw two, then two back)",
               advanced(At | Em | Fr | Bg, 6, 80, MutantBots::Nexus), "contract.harkonnen.secret-ally"},
    MutantInfo{Mutant::NexusReturnedTraitorKept, "nexus-returned-traitor-kept", "oracle",
               "a Traitor Card shuffled back in a Nexus traitor exchange stays in its player's hand",
               advanced(Hk | At | Em | Bg, 6, 80, MutantBots::Nexus), "oracle.deal"},
    MutantInfo{Mutant::NexusTleilaxuForcesFree, "nexus-tleilaxu-forces-free", "oracle",
               "the Tleilaxu Secret Ally returns its forces without charging one spice each (seed 000; seed 002: the five are "
               "not free)",
               MutantSetup{At | Hk | Em, false, 2, 20, MutantBots::Nexus, MutantStart::AtreidesHoldTleilaxuCard}, "oracle.nexus-play"},
    MutantInfo{Mutant::NexusTleilaxuLeaderSlotKept, "nexus-tleilaxu-leader-slot-kept", "oracle",
               "the Tleilaxu Secret Ally's leader does not take the ordinary one-leader slot of the turn (seed 002's prototype)",
               MutantSetup{At | Hk | Em, true, 2, 20, MutantBots::Nexus, MutantStart::AtreidesHoldTleilaxuCard},
               "oracle.legal-revival"},
    MutantInfo{Mutant::NexusRevivalCeilingIgnored, "nexus-revival-ceiling-ignored", "oracle",
               "the Tleilaxu Secret Ally's group does not count against the shared ceiling of five: the ordinary revival "
               "returns its full limit after it (seed 002's prototype)",
               MutantSetup{At | Hk | Em, false, 2, 20, MutantBots::Nexus, MutantStart::AtreidesHoldTleilaxuCard},
               "oracle.legal-revival"},
    MutantInfo{Mutant::NexusRevivalRosterKept, "nexus-revival-roster-kept", "oracle",
               "the Tleilaxu Secret Ally keeps the unavailable-roster condition of ordinary leader revival, which the card "
               "waives (seed 002's prototype)",
               MutantSetup{At | Hk | Em, false, 2, 20, MutantBots::Nexus, MutantStart::AtreidesHoldTleilaxuCard},
               "oracle.legal-revival"},
    MutantInfo{Mutant::NexusTleilaxuKwisatzHaderachStays, "nexus-tleilaxu-kwisatz-haderach-stays", "oracle",
               "the Tleilaxu Secret Ally's revival of the Kwisatz Haderach commits its receipt, but the token stays in the Tanks "
               "(seed 002: revived like a leader)",
               MutantSetup{At | Hk | Em, true, 2, 80, MutantBots::Nexus, MutantStart::AtreidesHoldTleilaxuCard},
               "contract.tleilaxu.secret-ally"},
    MutantInfo{Mutant::NexusRichesePricedPerForce, "nexus-richese-priced-per-force", "oracle",
               "the Richese Secret Ally's reserve shipment is priced per force, not as one (seed 000)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus)},
    MutantInfo{Mutant::NexusRicheseGroupUnbounded, "nexus-richese-group-unbounded", "oracle",
               "the Richese Secret Ally's reserve shipment may carry more than five forces (seed 000: up to five)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "oracle.legal-shipment"},
    MutantInfo{Mutant::NexusRicheseAfterShipping, "nexus-richese-after-shipping", "oracle",
               "the Richese Secret Ally may be played after its player shipped, in its Movement (seed 000: it replaces the "
               "shipping)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "contract.richese.secret-ally"},
    MutantInfo{Mutant::NexusIxianCardKept, "nexus-ixian-card-kept", "lifecycle",
               "the Ixians Secret Ally keeps the bought card in hand besides its replacement (seed 000: the bought card is "
               "discarded)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "lifecycle.1-separate-deck"},
    MutantInfo{Mutant::NexusIxianNoReplacement, "nexus-ixian-no-replacement", "oracle",
               "the Ixians Secret Ally discards the bought card without taking the next Treachery deck card (seed 000)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "contract.ixians.secret-ally"},
    MutantInfo{Mutant::NexusEcazAnswerInverted, "nexus-ecaz-answer-inverted", "oracle",
               "the Ecaz Secret Ally discloses the opposite of whether the target holds one of the asker's leaders as a traitor "
               "(seed 000)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "contract.ecaz.secret-ally"},
    MutantInfo{Mutant::NexusEcazLeaderNamed, "nexus-ecaz-leader-named", "oracle",
               "the Ecaz Secret Ally's answer names the asker's leaders the target holds as traitors (seed 000: without "
               "identifying those leaders)",
               advanced(Hk | At | Em | Bg, 6, 80, MutantBots::Nexus), "contract.ecaz.secret-ally"},
    MutantInfo{Mutant::NexusChoamTradePaysOne, "nexus-choam-trade-pays-one", "oracle",
               "the CHOAM Secret Ally trades a Worthless card in Spice Collection for one spice, not two (seed 000)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "oracle.nexus-play"},
    MutantInfo{Mutant::NexusChoamWholeHandSeen, "nexus-choam-whole-hand-seen", "oracle",
               "the CHOAM Secret Ally's inspection after a battle won shows the winner every card the loser holds, not one at "
               "random (seed 000)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "contract.choam.secret-ally"},
    MutantInfo{Mutant::NexusMoritaniAnyDiscard, "nexus-moritani-any-discard", "oracle",
               "the Moritani Secret Ally lets the loser of a battle take any card of the Treachery discard, not only a weapon or "
               "defense it played there (seed 000)",
               advanced(Em | Hk | At | Bg, 6, 80, MutantBots::Nexus), "contract.moritani.secret-ally"},
    MutantInfo{Mutant::FaceDancersDealtAsTraitors, "face-dancers-dealt-as-traitors", "oracle",
               "the Tleilaxu are dealt four traitors to choose from like the others (fact sheet §4.3: none; 3 Face Dancers)",
               basic(At | Hk | Tl, 1, 5), "oracle.deal"},
    MutantInfo{Mutant::TleilaxuRevivalIncomeToBank, "tleilaxu-revival-income-to-bank", "oracle",
               "another faction's paid revival goes to the bank with the Tleilaxu seated (fact sheet §5.2: to the Tleilaxu)",
               basic(At | Hk | Em | Tl, 4, 40), "oracle.revival-payment"},
    MutantInfo{Mutant::TleilaxuFreeRevivalIncomeUnpaid, "tleilaxu-free-revival-income-unpaid", "oracle",
               "the Tleilaxu gain nothing when a faction takes free revival (fact sheet §5.2: 1 spice each)",
               basic(At | Hk | Em | Tl, 4, 40), "oracle.revival-payment"},
    // Two oracles see the ally's price and Zoal's value by design, so no first checker is pinned for
    // them: the price (oracle.revival-payment) also bounds what the ally can afford
    // (oracle.legal-revival); Zoal's value decides the fight (oracle.battle-winner) as well as its
    // killer's prize (oracle.leader-prize, which leader-prize-unpaid pins).
    MutantInfo{Mutant::TleilaxuAllyFullPrice, "tleilaxu-ally-full-price", "oracle",
               "the Tleilaxu's ally pays full price for its forces' revival (fact sheet §5.2: half, rounded up)",
               advanced(At | Hk | Em | Tl, 5, 80, MutantBots::Nexus)},
    // The early revival's price likewise: what it costs (oracle.revival-payment) bounds what the
    // offered faction can afford (oracle.legal-revival's sampled decisions).
    MutantInfo{Mutant::TleilaxuEarlyRevivalAtPrintedPrice, "tleilaxu-early-revival-at-printed-price", "oracle",
               "a leader revived early on the Tleilaxu's offer costs its strength, not the price they offered "
               "(docs/rules/tleilaxu.md §4.4; [TO] GetPriceOfHeroRevival)",
               basic(At | Hk | Em | Tl, 6, 80, MutantBots::Aggressive)},
    MutantInfo{Mutant::TleilaxuRaisedLimitIgnored, "tleilaxu-raised-limit-ignored", "oracle",
               "a revival limit the Tleilaxu raised stays at the printed 3 (fact sheet §5.2: raised to at most 5)",
               basic(At | Hk | Em | Tl, 8, 100, MutantBots::Aggressive), "oracle.legal-revival"},
    MutantInfo{Mutant::TleilaxuKaramaPreventionIgnored, "tleilaxu-karama-prevention-ignored", "oracle",
               "the faction the Tleilaxu Karama power prevents still revives (one source: [TO] KarmaRevivalPrevention)",
               advanced(At | Hk | Em | Tl, 6, 80, MutantBots::Aggressive), "oracle.karama-power"},
    MutantInfo{Mutant::ZoalAtPrintedValue, "zoal-at-printed-value", "oracle",
               "Zoal counts its printed 0, not the opposing leader's value (fact sheet §5.2): in the fight, and as the spice its "
               "killer earns", basic(At | Hk | Em | Tl, 4, 60, MutantBots::Aggressive)},
    MutantInfo{Mutant::FaceDancerRevealKeepsForces, "face-dancer-reveal-keeps-forces", "oracle",
               "a Face Dancer reveal leaves the winner's forces in the battle (fact sheet §4.3: they go to its reserves)",
               basic(At | Hk | Em | Tl, 6, 80, MutantBots::Aggressive), "oracle.face-dancer"},
    MutantInfo{Mutant::FaceDancerOnLoser, "face-dancer-on-loser", "oracle",
               "the Tleilaxu are asked about, and may reveal, the loser's leader as a Face Dancer (fact sheet §4.3: the winner's)",
               basic(At | Hk | Em | Tl, 6, 80, MutantBots::Aggressive), "oracle.legal-command"},
    MutantInfo{Mutant::NexusTleilaxuDancerStands, "nexus-tleilaxu-dancer-stands", "oracle",
               "the Tleilaxu Betrayal is played on a revealed Face Dancer but the reveal still kills the leader and swaps the "
               "forces (seed 000: cancelled)", basic(At | Hk | Em | Tl, 6, 80, MutantBots::Nexus), "contract.tleilaxu.betrayal"},
    MutantInfo{Mutant::NexusTleilaxuCunningKeepsRevealed, "nexus-tleilaxu-cunning-keeps-revealed", "oracle",
               "the Tleilaxu Cunning draws the replacements but keeps the revealed group instead of shuffling it into the Traitor "
               "Deck (seed 002)", MutantSetup{At | Hk | Em | Tl, false, 8, 80, MutantBots::Nexus, MutantStart::TleilaxuHoldTheirCard},
               "contract.tleilaxu.cunning"},
    MutantInfo{Mutant::FaceDancerReplacedTwice, "face-dancer-replaced-twice", "oracle",
               "the Tleilaxu may replace a second Face Dancer in the same Mentat Pause (seed 002: one)",
               basic(At | Hk | Em | Tl, 2, 10), "oracle.legal-command"},
    // The E1 cards of [TO]'s Poison Blade and Shield Snooper set (model/options.h CardSets).
    MutantInfo{Mutant::PoisonBladeStoppedByEither, "poison-blade-stopped-by-either", "oracle",
               "a Poison Blade is stopped by a Shield or a Snooper alone (fact sheet §4.2: it counts as projectile and poison, "
               "so only the Shield Snooper stops it)", with_cards(basic(At | Hk | Em | Fr, 6, 120, MutantBots::Aggressive), kWithPoisonBladeShieldSnooper)},
    MutantInfo{Mutant::ShieldSnooperNotASnooper, "shield-snooper-not-a-snooper", "oracle",
               "a Shield Snooper stops projectile weapons only (fact sheet §4.2: it counts as a Shield and a Snooper)",
               with_cards(basic(At | Hk | Em | Fr, 6, 120, MutantBots::Aggressive), kWithPoisonBladeShieldSnooper)},
    MutantInfo{Mutant::CheapHeroTraitorBetraysAnyLeader, "cheap-hero-traitor-betrays-any-leader", "oracle",
               "the E1 Cheap Hero traitor card is called against a leader, not only a Cheap Hero (fact sheet §4.3)",
               with_cards(basic(At | Hk | Em | Fr, 4, 60, MutantBots::Aggressive), kWithCheapHeroTraitor), "oracle.legal-command"},
    // The E1 battle set (model/options.h CardSets).
    MutantInfo{Mutant::ArtilleryStrikeLeadersCount, "artillery-strike-leaders-count", "oracle",
               "with an Artillery Strike played, the surviving leaders' strength still counts (fact sheet §4.2: it does not)",
               with_cards(basic(At | Hk | Em | Fr, 6, 160, MutantBots::Aggressive), kWithE1Battle)},
    MutantInfo{Mutant::PoisonToothStoppedBySnooper, "poison-tooth-stopped-by-snooper", "oracle",
               "a Snooper protects its leader from a Poison Tooth (fact sheet §4.2: not stopped by Snooper; only Chemistry)",
               with_cards(basic(At | Hk | Em | Fr, 6, 160, MutantBots::Aggressive), kWithE1Battle)},
    MutantInfo{Mutant::PoisonToothCancelIgnored, "poison-tooth-cancel-ignored", "oracle",
               "a cancelled Poison Tooth strikes anyway (fact sheet §4.2: its player may choose not to use it)",
               with_cards(basic(At | Hk | Em | Fr, 6, 160, MutantBots::Aggressive), kWithE1Battle)},
    MutantInfo{Mutant::WeirdingWayDefenseWithoutWeapon, "weirding-way-defense-without-weapon", "oracle",
               "Weirding Way is accepted in the defense slot without a weapon beside it (fact sheet §4.2)",
               with_cards(basic(At | Hk | Em | Fr, 6, 160, MutantBots::Aggressive), kWithE1Battle), "oracle.legal-command"},
    // The E1 spice-blow cards (model/options.h CardSets).
    MutantInfo{Mutant::HarvesterKeptAfterUse, "harvester-kept-after-use", "oracle",
               "a played Harvester stays in its player's hand (fact sheet §4.2: discarded after use); the census still balances",
               with_cards(basic(At | Hk | Em | Fr, 8, 160), kWithHarvesterThumper), "oracle.card-play"},
    MutantInfo{Mutant::ThumperOnTurnOne, "thumper-on-turn-one", "oracle",
               "the Thumper window opens on turn 1 too, whose worms are ignored ([LR] 1.02.02; README rules status)",
               with_cards(basic(At | Hk | Em | Fr | Bg | Sg, 2, 160), kWithHarvesterThumper), "oracle.legal-command"},
    MutantInfo{Mutant::AmalRoundsDown, "amal-rounds-down", "oracle",
               "Amal takes half of each seat's spice rounded down (fact sheet §4.2: rounded up); what it takes goes to the bank",
               with_cards(basic(At | Hk | Em | Fr, 4, 160), kWithAmal), "oracle.card-play"},
    MutantInfo{Mutant::AmalHalvesBribes, "amal-halves-bribes", "oracle",
               "Amal halves the bribes in front of the shields too ([DB]: the spice behind them only)",
               with_cards(basic(At | Hk | Em | Fr, 6, 160, MutantBots::Aggressive), kWithAmal), "oracle.bribes"},
    MutantInfo{Mutant::AmalKeptAfterUse, "amal-kept-after-use", "oracle",
               "a played Amal stays in its player's hand (discarded after use, [TO]); the census still balances",
               with_cards(basic(At | Hk | Em | Fr, 4, 160), kWithAmal), "oracle.card-play"},
    MutantInfo{Mutant::AmalNoMentatPauseWindow, "amal-no-mentat-pause-window", "oracle",
               "no Amal window at the start of the Mentat Pause (fact sheet §4.2: any phase): a legal play removed, which no "
               "postcondition sees", with_cards(basic(At | Hk | Em | Fr, 3, 160), kWithAmal), "oracle.legal-command"},
    MutantInfo{Mutant::TechDefaultOwnersShuffled, "tech-default-owners-shuffled", "oracle",
               "the tech tokens are all shuffled and dealt in storm order, the seated default owners taking no token of their own "
               "(docs/rules/tech-tokens-and-amal.md §1.2, both engines)", with_cards(basic(At | Hk | Em | Fr, 1, 20), kWithTechTokens),
               "oracle.tech-tokens"},
    MutantInfo{Mutant::TechIncomeFromGuildShipment, "tech-income-from-guild-shipment", "oracle",
               "a Guild shipment triggers the Heighliners income (§1.3, both engines: the Guild's and the Fremen's do not)",
               with_cards(basic(At | Hk | Sg | Tl, 3, 40), kWithTechTokens), "oracle.tech-tokens"},
    MutantInfo{Mutant::TechTokenTakeIgnored, "tech-token-take-ignored", "oracle",
               "a battle's winner taking a tech token from the loser leaves it where it was (§1.4, both engines: it changes hands)",
               with_cards(basic(At | Hk | Em | Fr, 6, 40, MutantBots::Aggressive), kWithTechTokens), "oracle.tech-tokens"},
    MutantInfo{Mutant::CyborgRevivalOneATurn, "cyborg-revival-one-a-turn", "oracle",
               "the Ixians revive one Cyborg a turn at most, as the Sardaukar and Fedaykin (docs/rules/ixians.md §3: no such cap)",
               staged(MutantStart::IxiansCyborgsInTanks, At | Hk | Ix, true, 4, 80), "oracle.legal-revival"},
    MutantInfo{Mutant::CyborgRevivalAtSuboidPrice, "cyborg-revival-at-suboid-price", "oracle",
               "a Cyborg revives at a Suboid's 2 spice (docs/rules/ixians.md §3: 3 spice)",
               advanced(At | Hk | Em | Ix, 8, 40, MutantBots::Aggressive), "oracle.legal-revival"},
    MutantInfo{Mutant::SuboidsWorthOne, "suboids-worth-one", "oracle",
               "a Suboid fights as an ordinary force: 1, half of it unsupported in Advanced combat (docs/rules/ixians.md §3: ½, never "
               "supported)", advanced(At | Hk | Em | Ix, 6, 40, MutantBots::Aggressive), "oracle.legal-command"},
    MutantInfo{Mutant::CyborgsFullUnsupported, "cyborgs-full-unsupported", "oracle",
               "a Cyborg is worth 2 unsupported in Advanced combat (docs/rules/ixians.md §3: 1 without 1 spice)",
               advanced(At | Hk | Em | Ix, 6, 40, MutantBots::Aggressive), "oracle.legal-command"},
    MutantInfo{Mutant::CyborgsCollectAtSuboidRate, "cyborgs-collect-at-suboid-rate", "oracle",
               "a Cyborg collects spice at its faction's rate, 2 outside the cities (docs/rules/ixians.md §3, both engines: 3)",
               advanced(At | Hk | Em | Ix, 6, 40, MutantBots::SpiceHungry), "oracle.collection"},
    MutantInfo{Mutant::HmsPlacedInFirstCell, "hms-placed-in-first-cell", "oracle",
               "the Hidden Mobile Stronghold hangs on the first cell the Ixians may choose, whatever cell they name (ixians.md §2.2)",
               basic(At | Hk | Ix, 1, 20), "oracle.hms"},
    MutantInfo{Mutant::HmsOpenToEveryShipper, "hms-open-to-every-shipper", "oracle",
               "any faction ships into the Hidden Mobile Stronghold (ixians.md §4, 2 sources: the Ixians only)",
               basic(At | Hk | Em | Ix, 3, 40), "oracle.legal-shipment"},
    MutantInfo{Mutant::HmsStormedWithHost, "hms-stormed-with-host", "oracle",
               "the storm entering the Hidden Mobile Stronghold's host sector kills the forces in it too (ixians.md §4: it has no "
               "sector and is never in storm)", basic(At | Hk | Ix, 6, 60), "oracle.storm-damage"},
    MutantInfo{Mutant::HmsNotCountedForVictory, "hms-not-counted-for-victory", "oracle",
               "the Hidden Mobile Stronghold does not count towards a stronghold victory (ixians.md §4, one source, [TO]: it does)",
               staged(MutantStart::IxiansHoldTwoSietches, At | Hk | Ix, false, 2, 40), "oracle.victory"},
    MutantInfo{Mutant::HmsMovesThroughStorm, "hms-moves-through-storm", "oracle",
               "the Hidden Mobile Stronghold moves through a sector in storm (ixians.md §4.1, 2 sources: never into or through it)",
               basic(At | Hk | Ix, 6, 60), "oracle.legal-command"},
    MutantInfo{Mutant::HmsMovesFourTerritories, "hms-moves-four-territories", "oracle",
               "the Hidden Mobile Stronghold moves up to 4 territories (ixians.md §4.1, 2 sources: 3)", basic(At | Hk | Ix, 6, 60),
               "oracle.legal-command"},
    MutantInfo{Mutant::HmsMovesIntoStronghold, "hms-moves-into-stronghold", "capacity",
               "the Hidden Mobile Stronghold moves through and into strongholds (ixians.md §4.1, 2 sources: territories that are not); "
               "shape.hms sees it hang on one", basic(At | Hk | Ix, 6, 60), "shape"},
    MutantInfo{Mutant::KaramaCancelHmsMovementStands, "karama-cancel-hms-movement-stands", "oracle",
               "a Karama played against the Ixians' move of their Hidden Mobile Stronghold is discarded, but the HMS moves all the "
               "same (one source: [TO] GreyMovingHms; 3.01.11)", staged(MutantStart::KaramaOrder, Ix | At | Hk, false, 3, 40),
               "oracle.karama-cancel"},
    MutantInfo{Mutant::CyborgMovementForEveryGroup, "cyborg-movement-for-every-group", "oracle",
               "an Ixian group of Suboids alone moves two territories (ixians.md §3, open question Q6: only a group with a Cyborg, "
               "[TO]'s reading)", basic(At | Hk | Ix, 6, 60), "oracle.legal-movement"},
    MutantInfo{Mutant::AllyReplacementNotOffered, "ally-replacement-not-offered", "oracle",
               "the Ixians' ally is never asked whether to replace the card it just bought (ixians.md §6, 2 sources: it may)",
               staged(MutantStart::IxiansAllied, At | Hk | Ix, false, 2, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::AllyReplacementCardKept, "ally-replacement-card-kept", "oracle",
               "the Ixians' ally replacing the card it just bought keeps it besides the next deck card (ixians.md §6: discarded)",
               staged(MutantStart::IxiansAllied, At | Hk | Ix, false, 2, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::IxSelectionNotOffered, "ix-selection-not-offered", "capacity",
               "with the Ixians seated, the row is dealt one lot per seat that may bid and the auction begins at once (ixians.md "
               "§5, 2 sources: one lot more, and the Ixians return one to the deck first); capacity.bidding counts the row first",
               basic(At | Hk | Ix, 1, 20), "capacity.bidding"},
    MutantInfo{Mutant::IxReturnedCardKeptInRow, "ix-returned-card-kept-in-row", "oracle",
               "the card the Ixians return to the Treachery deck stays in the row and is auctioned (ixians.md §5: it goes to the "
               "deck's top or bottom)", basic(At | Hk | Ix, 1, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::IxBottomCardOnTop, "ix-bottom-card-on-top", "oracle",
               "a card the Ixians return to the bottom of the Treachery deck is put on its top, so it is the next card drawn "
               "(ixians.md §5)", basic(At | Hk | Ix, 1, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::KaramaCancelIxSelectionStands, "karama-cancel-ix-selection-stands", "oracle",
               "a Karama played against the Ixians' selection of the Bidding row is discarded and no extra lot is dealt, but the "
               "Ixians select from the row all the same (ixians.md §5, 2 sources: no extra card, no selection)",
               staged(MutantStart::KaramaOrder, Ix | At | Hk, false, 2, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::IxDraftNotOffered, "ix-draft-not-offered", "oracle",
               "with the Ixians seated, the starting cards are dealt one to each seat as without them (ixians.md §2.1, 2 sources: "
               "one per seat to the Ixians' draft, the Ixians keep one)", basic(At | Hk | Ix, 1, 20), "oracle.deal"},
    MutantInfo{Mutant::IxDraftHarkonnenExtra, "ix-draft-harkonnen-extra", "oracle",
               "the Harkonnen's second starting card is dealt into the Ixians' draft, which the Ixians then see ([DB]'s reading of "
               "open question Q15; ours is [TO]'s: one card per seat, the Harkonnen's extra drawn apart)", basic(At | Hk | Ix, 1, 20),
               "oracle.deal"},
    MutantInfo{Mutant::IxTechnologyTwice, "ix-technology-twice", "oracle",
               "the Ixians' Technology swap is not recorded, so they are asked again before the next lot of the same phase "
               "(ixians.md §5, 2 sources: once a Bidding phase)", advanced(At | Hk | Ix, 2, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::IxTechnologyAfterAtreidesLook, "ix-technology-after-atreides-look", "oracle",
               "the Atreides look at a lot before the Ixians' Technology, so they see the card the Ixians may take instead of the "
               "one auctioned (ixians.md §5: the swap comes first)", advanced(At | Hk | Ix, 2, 20), "oracle.ixian-bidding"},
    MutantInfo{Mutant::KaramaCancelIxTechnologyStands, "karama-cancel-ix-technology-stands", "oracle",
               "a Karama played against the Ixians' Technology is discarded, but the Ixians are asked for it all the same (one "
               "source: [TO] GreySwappingCard; 3.01.11.01)", staged(MutantStart::KaramaOrder, Ix | At | Hk, true, 2, 20),
               "oracle.ixian-bidding"},
    MutantInfo{Mutant::NexusIxSelectionBetrayedStands, "nexus-ix-selection-betrayed-stands", "capacity",
               "the Ixians Betrayal commits its receipt against the Ixians' selection, but the row is dealt with the extra card and "
               "the Ixians select all the same (seed 000: prevent the Bidding advantage)",
               advanced(Ix | At | Hk | Em, 4, 40, MutantBots::Nexus), "capacity.bidding"},
    MutantInfo{Mutant::NexusIxCunningUncounted, "nexus-ix-cunning-uncounted", "oracle",
               "the Ixians Cunning commits its receipt, but the Suboids keep fighting at half strength that turn (seed 000: full "
               "unsupported strength for the rest of the turn)",
               MutantSetup{Ix | At | Hk | Em, true, 4, 80, MutantBots::Nexus, MutantStart::IxiansHoldTheirCard}, "oracle.winner-choice"},
    MutantInfo{Mutant::NexusIxTechnologyWindowSkipped, "nexus-ix-technology-window-skipped", "oracle",
               "the Ixians' Technology swap for the auction's last lot is made at once, with no window for the Ixians Betrayal "
               "although another seat holds a Nexus card (seed 000: prevent the Technology advantage)",
               MutantSetup{Ix | At | Hk | Em, true, 4, 80, MutantBots::Nexus, MutantStart::AtreidesHoldIxiansCard}, "oracle.ixian-bidding"},
    MutantInfo{Mutant::NexusIxTechnologyBetrayedStands, "nexus-ix-technology-betrayed-stands", "lifecycle",
               "the Ixians Betrayal commits its receipt against the Ixians' Technology swap for the auction's last lot, but the "
               "swap is made all the same (seed 000: prevent the Technology advantage)",
               MutantSetup{Ix | At | Hk | Em, true, 4, 80, MutantBots::Nexus, MutantStart::AtreidesHoldIxiansCard},
               "lifecycle.1-separate-deck"},
    MutantInfo{Mutant::IxKaramaHmsThreeTerritories, "ix-karama-hms-three-territories", "oracle",
               "the Ixians' Karama power moves their Hidden Mobile Stronghold up to 3 territories, as in the Storm phase (one "
               "source: [TO] KarmaHmsMovement, 2)", staged(MutantStart::IxiansKarama, At | Hk | Ix, true, 2, 20), "oracle.legal-command"},
    MutantInfo{Mutant::IxKaramaHmsTwice, "ix-karama-hms-twice", "capacity",
               "the Ixians may move their Hidden Mobile Stronghold by their Karama power again once it is used ([LR] 1.14.00: a "
               "faction's Karama power is once a game); shape.karama sees the second use", staged(MutantStart::IxiansKarama, At | Hk | Ix, true, 2, 20), "shape"},
    MutantInfo{Mutant::IxKaramaHmsFirstCell, "ix-karama-hms-first-cell", "oracle",
               "the Ixians' Karama power hangs their Hidden Mobile Stronghold on the first cell within reach, whatever cell they "
               "name (one source: [TO] KarmaHmsMovement)", staged(MutantStart::IxiansKarama, At | Hk | Ix, true, 2, 20), "oracle.hms"},
    MutantInfo{Mutant::IxKaramaHmsEndsAction, "ix-karama-hms-ends-action", "oracle",
               "the Ixians' Karama power ends their Shipment or Movement step (one source: [TO] KarmaHmsMovement: it is used besides "
               "their shipment and move)", staged(MutantStart::IxiansKarama, At | Hk | Ix, true, 2, 20), "oracle.karama-power"},
    MutantInfo{Mutant::KaramaCancelCyborgBonusStands, "karama-cancel-cyborg-bonus-stands", "oracle",
               "a Karama played against the Ixians' Cyborg bonus is discarded, but their Cyborgs still count 2 in that battle "
               "(ixians.md §7.2, 2 sources: [TO] GreySpecialForceBonus, [DB] negateSpecialForces: 1)",
               staged(MutantStart::KaramaOrder, Ix | At | Hk, true, 6, 40), "oracle.karama-cancel"},
    MutantInfo{Mutant::HmsSpiceFromCellLeftOnly, "hms-spice-from-cell-left-only", "oracle",
               "read per step ([TO] PerformHmsMovement), a step of the Hidden Mobile Stronghold takes spice from the cell it leaves "
               "only, not from the cell it enters (ixians.md §4.2, open questions Q2, Q3)",
               with_hms_spice(basic(At | Hk | Ix, 6, 60), HmsSpice::PerStep), "oracle.hms"},
    MutantInfo{Mutant::HmsSpiceUncapped, "hms-spice-uncapped", "conservation",
               "the Hidden Mobile Stronghold takes its full rate, 2 a force inside, from a cell holding less spice (ixians.md §4.2: "
               "both engines cap each take by the spice there)",
               with_hms_spice(basic(At | Hk | Ix, 6, 60), HmsSpice::PerVisit)},
    MutantInfo{Mutant::LossSubstitutionWithoutOption, "loss-substitution-without-option", "oracle",
               "a winning Ixians may lose Suboids in place of Cyborgs, 1:1, with the option cyborg_loss_substitution off "
               "(ixians.md §3, open question Q5: [DB]'s reading, only mixes that make up the dial)",
               advanced(At | Hk | Em | Ix, 6, 40, MutantBots::Aggressive), "oracle.winner-choice"},
    MutantInfo{Mutant::KaramaCancelLossSubstitutionStands, "karama-cancel-loss-substitution-stands", "oracle",
               "a Karama played against the Ixians' Cyborg loss substitution is discarded, but the Suboids are lost in place of the "
               "Cyborgs all the same (one source: [TO] GreyReplacingSpecialForces; 3.01.11)",
               with_loss_substitution(staged(MutantStart::KaramaOrder, Ix | At | Hk, true, 6, 80)), "oracle.karama-cancel"},
    MutantInfo{Mutant::GholaWithFiveLiving, "ghola-with-five-living", "oracle",
               "the Tleilaxu may revive another faction's leader as a ghola with 5 of theirs alive (docs/rules/tleilaxu.md §5.2; "
               "one source: [TO] Rule.PurpleGholas, fewer than 5)",
               advanced(At | Hk | Em | Tl, 6, 40, MutantBots::Aggressive), "oracle.legal-revival"},
    MutantInfo{Mutant::GholaFreedByDeath, "ghola-freed-by-death", "oracle",
               "a ghola killed again goes back to its printed faction in the Tanks, no longer the Tleilaxu's (docs/rules/tleilaxu.md §5.2; "
               "one source: [TO], the revival transfers the leader)",
               advanced(At | Hk | Em | Tl, 8, 80, MutantBots::Aggressive), "oracle.ghola"},
    MutantInfo{Mutant::KaramaCancelGholaRevivalStands, "karama-cancel-ghola-revival-stands", "oracle",
               "a Karama played against the Tleilaxu's revival of a ghola is discarded, but the ghola is revived all the same "
               "(one source: [TO] PurpleReviveGhola; 3.01.11.01)", staged(MutantStart::KaramaOrder, Tl | At | Hk, true, 3, 40),
               "oracle.revival-payment"},
    MutantInfo{Mutant::KaramaCancelCyborgMoveStands, "karama-cancel-cyborg-move-stands", "oracle",
               "a Karama played against the Ixians' two-territory move with Cyborgs is discarded, but the move goes ahead all the "
               "same (one source: [TO] GreyCyborgExtraMove; 3.01.11.01)", staged(MutantStart::KaramaOrder, Ix | At | Hk, false, 4, 60),
               "oracle.movement"},
    MutantInfo{Mutant::VoiceIgnored, "voice-ignored", "oracle",
               "a battle plan that disobeys the Voice is accepted ([LR] 2.02.06: obeyed as well as one is able)",
               basic(Bg | Hk | At | Em, 4, 40, MutantBots::Aggressive), "oracle.legal-command"},
    MutantInfo{Mutant::ShipIntoStormAllowed, "ship-into-storm-allowed", "oracle",
               "a shipment into a sector in storm is accepted ([LR] 1.06.03.04); what it does is then applied consistently",
               basic(At | Hk | Em, 4, 40), "oracle.legal-shipment"},
    MutantInfo{Mutant::StrongholdShipmentNotOffered, "stronghold-shipment-not-offered", "oracle",
               "no shipment into a stronghold is ever offered, though each is accepted when sent ([LR] 1.06.03: a legal command "
               "removed, which no postcondition sees)", basic(At | Hk | Em, 4, 40), "oracle.legal-shipment"},
    MutantInfo{Mutant::MoveRangeTwoForAll, "move-range-two-for-all", "oracle",
               "every faction moves two territories without ornithopters, as the Fremen do ([LR] 1.06.05: one)",
               basic(At | Hk | Em, 4, 40), "oracle.legal-movement"},
    MutantInfo{Mutant::BidNeedNotTop, "bid-need-not-top", "oracle",
               "a bid equal to the standing bid is accepted and offered ([LR] 1.04.06: it must be higher)",
               basic(At | Hk | Em, 3, 40), "oracle.legal-bidding"},
    MutantInfo{Mutant::RevivalLimitFour, "revival-limit-four", "oracle",
               "a faction revives 4 forces a turn, not 3 ([LR] 1.05.01); each is priced as the rule prices it",
               basic(At | Hk | Em | Sg, 8, 40, MutantBots::Aggressive), "oracle.legal-revival"},
    MutantInfo{Mutant::FullRevivalNotOffered, "full-revival-not-offered", "oracle",
               "a revival of the whole limit of 3 forces is never offered, though accepted when sent ([LR] 1.05.01: a legal "
               "command removed, which no postcondition sees)", basic(At | Hk | Em | Sg, 8, 40, MutantBots::Aggressive), "oracle.legal-revival"},
    MutantInfo{Mutant::MoveTwiceWithoutHajr, "move-twice-without-hajr", "oracle",
               "a seat makes two group moves in its turn without Hajr ([LR] 1.06.05.01: one)",
               basic(At | Hk | Em, 4, 40), "oracle.legal-command"},
    MutantInfo{Mutant::MoveArrivesInFirstCell, "move-arrives-in-first-cell", "oracle",
               "a moved group arrives in another cell of its destination territory than the sector named ([LR] 1.06.05)",
               basic(At | Hk | Fr, 3), "oracle.movement"},
    MutantInfo{Mutant::SpiceBlowIntoStorm, "spice-blow-into-storm", "oracle",
               "a territory card lays its spice at its blow cell even under the storm ([LR] 1.02.04: not if the storm is there)",
               basic(At | Hk | Fr, 4), "oracle.spice-blow"},
    MutantInfo{Mutant::CollectionToFirstInStormOrder, "collection-to-first-in-storm-order", "oracle",
               "the spice a territory's occupant collects goes to the first player in storm order (the board and the "
               "census stay right; [LR] 1.08.01: the occupant collects)", basic(At | Hk | Fr, 3)},
    MutantInfo{Mutant::StormKillsInRock, "storm-kills-in-rock", "oracle",
               "storm damage destroys forces in protected territories", basic(At | Hk | Fr | Bg, 3)},
    MutantInfo{Mutant::FremenFullStormLosses, "fremen-full-storm-losses", "oracle",
               "Advanced Fremen lose all their forces in the storm instead of half", advanced(Fr | At | Hk, 3)},
    MutantInfo{Mutant::WormEatsFremen, "worm-eats-fremen", "oracle",
               "Shai-Hulud devours Fremen forces", basic(Fr | At | Hk, 6, 40, MutantBots::SpiceHungry)},
    MutantInfo{Mutant::WormSparesForces, "worm-spares-forces", "oracle",
               "Shai-Hulud devours nothing but spice", basic(At | Hk | Em, 6, 40, MutantBots::SpiceHungry)},
    MutantInfo{Mutant::WormRideTakesAll, "worm-ride-takes-all", "oracle",
               "a worm ride moves every Fremen force out of the storm there, not the number named ([LR] 2.04.08)",
               basic(Fr | At | Hk, 6, 80, MutantBots::SpiceHungry)},
    MutantInfo{Mutant::TieToDefender, "tie-to-defender", "oracle",
               "a tied battle goes to the defender instead of the aggressor", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::LeaderNotToTanks, "leader-not-to-tanks", "oracle",
               "a leader killed in battle stays behind its shield", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::WinnerLosesNothing, "winner-loses-nothing", "oracle",
               "the battle winner keeps the forces it dialed", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::LoserKeepsForces, "loser-keeps-forces", "oracle",
               "the battle loser loses only what it dialed", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::LeaderPrizeUnpaid, "leader-prize-unpaid", "oracle",
               "the winner is not paid the strength of killed leaders", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::DefenseIgnored, "defense-ignored", "oracle",
               "a defense card never saves a leader from a weapon", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::TraitorLoserKeepsForces, "traitor-loser-keeps-forces", "oracle",
               "the side whose leader is a called traitor keeps its forces", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::VictoryAtTwoStrongholds, "victory-at-two-strongholds", "oracle",
               "an unallied faction wins with 2 strongholds instead of 3", basic(At | Hk | Em, 5, 40)},
    MutantInfo{Mutant::EndGameFirstTiedOnly, "end-game-first-tied-only", "oracle",
               "without the Guild and the Fremen, only the first in storm order of the sides tied for the most strongholds wins at the end ([TO]'s reading, not [LR] 1.09.05)",
               basic(At | Hk | Em | Bg, 1, 20)},
    MutantInfo{Mutant::CaptureDrawSkipsBattleLeader, "capture-draw-skips-battle-leader", "oracle",
               "the Harkonnen capture draw leaves out the loser's surviving battle leader ([LR] 2.05.10.01 includes it)",
               advanced(Hk | At | Em, 4, 40)},
    MutantInfo{Mutant::StormMigrationUnharmed, "storm-migration-unharmed", "oracle",
               "Advanced Fremen sent into the storm lose nothing ([LR] 2.04.17: half, rounded up)", advanced(Fr | At | Hk, 3)},
    MutantInfo{Mutant::UniversalStewardsSkipped, "universal-stewards-skipped", "oracle",
               "Advanced Bene Gesserit advisors alone in a territory stay advisors into the Battle Phase ([LR] 2.02.21)",
               advanced(Bg | At | Hk | Em, 3)},
    MutantInfo{Mutant::WinnerLossIgnoresChoice, "winner-loss-ignores-choice", "oracle",
               "the battle winner loses normal forces whatever mix of normal and special it chose ([LR] 1.07.06.06)",
               advanced(Em | Fr | At, 4, 40)},
    MutantInfo{Mutant::WinnerDiscardIgnored, "winner-discard-ignored", "oracle",
               "the battle winner keeps the played cards it chose to discard ([LR] 1.07.06.06)", basic(At | Hk | Em, 4, 40)},
    MutantInfo{Mutant::BribeBehindShield, "bribe-behind-shield", "oracle",
               "a bribe goes straight behind the recipient's shield, spendable at once ([LR] 1.12.02: in front of it "
               "until the Mentat Pause)", basic(At | Hk | Em, 2, 20)},
    MutantInfo{Mutant::KaramaCancelCaptureStands, "karama-cancel-capture-stands", "oracle",
               "a Karama played against the Harkonnen capture is discarded, but a leader is drawn all the same "
               "([LR] 2.05.10.01 ✷, 3.01.11.01)", advanced(Hk | Bg | Em, 4, 250, MutantBots::Aggressive)},
    MutantInfo{Mutant::KaramaCancelCrossShipStands, "karama-cancel-cross-ship-stands", "oracle",
               "a Karama played against a cross-shipment of the Guild or its ally is discarded, but the forces move and are "
               "paid for all the same ([LR] 2.06.05.02, 2.06.10 ✷, 3.01.11.01)",
               staged(MutantStart::KaramaOrder, Sg | Fr | Hk, false, 4, 60)},
    MutantInfo{Mutant::KaramaCancelShipToReservesStands, "karama-cancel-ship-to-reserves-stands", "oracle",
               "a Karama played against the Guild's shipment back to reserves is discarded, but the forces go back and are "
               "paid for all the same ([LR] 2.06.05.03 ✷, 3.01.11.01)",
               staged(MutantStart::KaramaOrder, Sg | Fr | Hk, false, 4, 120)},
    MutantInfo{Mutant::KaramaCancelGuildTimingStands, "karama-cancel-guild-timing-stands", "oracle",
               "a Karama played against the Guild's Ship As It Pleases You is discarded, but the Guild still chooses when to act "
               "([LR] 2.06.12 ✷..✷, 3.01.11.01-02)",
               staged(MutantStart::KaramaOrder, Sg | Fr | Hk, true, 3, 60)},
    MutantInfo{Mutant::KaramaCancelExtraRevivalsStand, "karama-cancel-extra-revivals-stand", "oracle",
               "a Karama played against the Emperor's extra revivals for his ally is discarded, but the revival and its "
               "extras go ahead ([LR] 2.03.07 ✷, 3.04)",
               staged(MutantStart::EmperorAllyRevivalKarama, Em | At | Hk, false, 2, 40)},
    MutantInfo{Mutant::KaramaRevivalCharged, "karama-revival-charged", "oracle",
               "the Emperor's Karama revival is charged like an ordinary one, 2 a force or the leader's strength ([LR] 1.14.02: for free)",
               advanced(Em | At | Hk, 10, 100)},
    MutantInfo{Mutant::KaramaHandShortChange, "karama-hand-short-change", "oracle",
               "the Harkonnen owe one card fewer than they took by their Karama power ([LR] 1.14.04)", advanced(Hk | At | Em, 4, 60)},
    MutantInfo{Mutant::KaramaCancelledShipmentPaid, "karama-cancelled-shipment-paid", "oracle",
               "a shipment cancelled by the Guild's Karama power is paid for all the same ([LR] 1.14.05)", advanced(Sg | Bg | Hk, 4, 250, MutantBots::Aggressive)},
    MutantInfo{Mutant::TruthtranceSubjectLies, "truthtrance-subject-lies", "oracle",
               "a Truthtrance question with a subject (a named card, leader, prediction, Nexus card, spice) is answered falsely",
               basic(At | Hk | Bg | Em | Fr | Sg, 4, 40)},
    MutantInfo{Mutant::KaramaCancelSpiritualAdvisorStands, "karama-cancel-spiritual-advisor-stands", "oracle",
               "a Karama played against the Bene Gesserit spiritual advisor is discarded, but the force is sent all the same "
               "([LR] 2.02.05 ✷, 3.01.11.01)", staged(MutantStart::KaramaOrder, Bg | At | Hk, false, 4, 60), "oracle.placement"},
    MutantInfo{Mutant::KaramaCancelBgFlipStands, "karama-cancel-bg-flip-stands", "oracle",
               "a Karama played against a Bene Gesserit flip (Intrusion, Take Up Arms, Wartime) is discarded, but the flip is made all "
               "the same ([LR] 2.02.15-17 ✷, 3.01.11.01)", staged(MutantStart::KaramaOrder, Bg | At | Hk, true, 6, 150), "oracle.advisor-flip"},
    MutantInfo{Mutant::KaramaCancelWorthlessStands, "karama-cancel-worthless-stands", "oracle",
               "a Karama played against a Bene Gesserit worthless card played as a Karama is discarded, but the worthless card "
               "serves as the Karama all the same ([LR] 2.02.22 ✷, 3.01.11.01)", staged(MutantStart::KaramaOrder, Bg | At | Hk, true, 4, 60)},
    MutantInfo{Mutant::KaramaWormWithoutNexus, "karama-worm-without-nexus", "oracle",
               "the sandworm the Fremen place by their Karama power devours, but no Nexus follows ([LR] 1.14.03: it will cause a nexus)",
               staged(MutantStart::FremenKarama, Fr | At | Hk, true, 4, 40), "oracle.karama-power"},
    MutantInfo{Mutant::KaramaPlanPartlySeen, "karama-plan-partly-seen", "oracle",
               "the Atreides Karama power shows only what the opponent has committed so far, and the opponent is not made "
               "to commit the rest first ([LR] 1.14.01: the entire battle plan)", advanced(At | Hk | Em, 4, 60, MutantBots::Aggressive)},
    MutantInfo{Mutant::KaramaCancelPrescienceStands, "karama-cancel-prescience-stands", "oracle",
               "a Karama played against the Atreides Prescience is discarded, but the question is answered all the same "
               "([LR] 2.01.08 ✷, 3.01.11.01)", basic(At | Hk | Em, 4, 60, MutantBots::Aggressive)},
    MutantInfo{Mutant::KaramaCancelVoiceStands, "karama-cancel-voice-stands", "oracle",
               "a Karama played against the Bene Gesserit Voice is discarded, but the opponent is bound all the same "
               "([LR] 2.02.06 ✷, 3.01.11.01)", basic(Bg | At | Hk, 4, 200, MutantBots::Aggressive)},
    // the Fremen ✷ abilities cancelled by a Karama (issue 16)
    MutantInfo{Mutant::KaramaCancelFremenMoveStands, "karama-cancel-fremen-move-stands", "oracle",
               "a Karama played against the Fremen two-territory move is discarded, but the move is made all the same "
               "([LR] 2.04.06 ✷, 3.01.11.01)", staged(MutantStart::KaramaOrder, Fr | At | Hk, false, 4, 60)},
    MutantInfo{Mutant::KaramaCancelStormMigrationStands, "karama-cancel-storm-migration-stands", "oracle",
               "a Karama played against the Fremen storm migration is discarded, but the forces are sent into the storm all the same "
               "([LR] 2.04.17 ✷, 3.01.11.01)", staged(MutantStart::KaramaOrder, Fr | At | Hk, true, 4, 60)},
    MutantInfo{Mutant::KaramaCancelWormPlacementStands, "karama-cancel-worm-placement-stands", "oracle",
               "a Karama played against the Fremen placing of a later worm is discarded, but the worm appears where the Fremen "
               "placed it ([LR] 2.04.15 ✷, 3.01.11.01)", staged(MutantStart::KaramaOrder, Fr | At | Hk, true, 6, 150)},
    MutantInfo{Mutant::KaramaCancelAllyRevivalStands, "karama-cancel-ally-revival-stands", "oracle",
               "a Karama played against the Fremen ally's 3 free revivals is discarded, but the ally revives 3 free all the same "
               "([LR] 2.04.11 ✷, 3.01.11.01)", staged(MutantStart::FremenAllyKarama, Fr | At | Hk, false, 2, 40)},
    MutantInfo{Mutant::KaramaCancelTleilaxuDiscountStands, "karama-cancel-tleilaxu-discount-stands", "oracle",
               "a Karama played against the Tleilaxu ally's half-price revival is discarded, but the ally's retake is at half price all "
               "the same (one source: [TO] PurpleRevivalDiscountAlly; 3.04)", staged(MutantStart::TleilaxuAllyKarama, Tl | At | Hk, false, 2, 40),
               "oracle.legal-revival"},
    MutantInfo{Mutant::KaramaCancelTleilaxuIncomeStands, "karama-cancel-tleilaxu-income-stands", "oracle",
               "a Karama played against the Tleilaxu's income from a revival is discarded, but the Tleilaxu are paid all the same "
               "(one source: [TO] PurpleReceiveRevive; 3.01.11.01)", staged(MutantStart::TleilaxuAllyKarama, Tl | At | Hk, false, 2, 40),
               "oracle.revival-payment"},
    MutantInfo{Mutant::KaramaCancelTleilaxuOwnDiscountStands, "karama-cancel-tleilaxu-own-discount-stands", "oracle",
               "a Karama played against the Tleilaxu's own half-price revival is discarded, but their retake is at half price all "
               "the same (one source: [TO] PurpleRevivalDiscount; 3.04)", staged(MutantStart::TleilaxuAllyKarama, Tl | At | Hk, false, 2, 40),
               "oracle.revival-payment"},
    MutantInfo{Mutant::KaramaCancelLimitRaiseStands, "karama-cancel-limit-raise-stands", "oracle",
               "a Karama played against the Tleilaxu's raise of a revival limit is discarded, but the limit is raised all the same "
               "(one source: [TO] PurpleIncreasingRevivalLimits; 3.01.11.01)", staged(MutantStart::KaramaOrder, Tl | At | Hk, false, 2, 20),
               "oracle.choices"},
    MutantInfo{Mutant::KaramaCancelEarlyRevivalOfferStands, "karama-cancel-early-revival-offer-stands", "oracle",
               "a Karama played against the Tleilaxu's offer of an early leader revival is discarded, but the offer stands all the same "
               "(one source: [TO] PurpleEarlyLeaderRevive; 3.01.11.01)", staged(MutantStart::KaramaOrder, Tl | At | Hk, false, 2, 40),
               "oracle.choices"},
    MutantInfo{Mutant::KaramaCancelFaceDancerReplacementStands, "karama-cancel-face-dancer-replacement-stands", "oracle",
               "a Karama played against the Tleilaxu's Mentat Pause replacement of a Face Dancer is discarded, but the dancer is "
               "replaced all the same (seed 002: the Karama table stops it; [TO] PurpleReplacingFaceDancer)",
               staged(MutantStart::KaramaOrder, Tl | At | Hk, false, 3, 40), "oracle.face-dancer"},
    MutantInfo{Mutant::KaramaCancelAllyProtectionStands, "karama-cancel-ally-protection-stands", "oracle",
               "a Karama played against the Fremen protection of their ally from worms is discarded, but the worm spares the ally "
               "all the same ([LR] 2.04.10 ✷, 3.01.11.01)", staged(MutantStart::FremenAllyKarama, Fr | At | Hk, false, 6, 150)},
    MutantInfo{Mutant::KaramaCancelShaiHuludStands, "karama-cancel-shai-hulud-stands", "oracle",
               "a Karama played against the Fremen immunity to Shai-Hulud is discarded, but the worm spares the Fremen all the same "
               "([LR] 2.04.07 ✷, 3.01.11.01)", basic(Fr | At | Hk, 8, 250, MutantBots::SpiceHungry)},
    MutantInfo{Mutant::KaramaCancelStormLossesStands, "karama-cancel-storm-losses-stands", "oracle",
               "a Karama played against the Fremen half storm losses is discarded, but the Fremen lose only half all the same "
               "([LR] 2.04.16 ✷, 3.01.11.01)", advanced(Fr | At | Hk, 8, 100, MutantBots::Aggressive)},
    // ---- protocol ----
    MutantInfo{Mutant::KaramaCancelGuildAbilityStands, "karama-cancel-guild-ability-stands", "oracle",
               "a Karama played against one of the Guild's shipment abilities is discarded, but the ability applies anyway: "
               "the Guild is paid, or the half-price shipment goes ahead ([LR] 2.06.04, 2.06.06, 3.01.11.01)",
               basic(Sg | At | Hk | Em, 3, 120)},
    MutantInfo{Mutant::KaramaCancelKeepsCard, "karama-cancel-keeps-card", "oracle",
               "a Karama that cancels an ability stays in its player's hand ([LR] 3.01.11.00: then discard)",
               basic(Sg | At | Hk | Em, 3, 120)},
    MutantInfo{Mutant::StaleVersionAccepted, "stale-version-accepted", "protocol",
               "submit accepts an envelope whose expected version is stale", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::DuplicateIdAccepted, "duplicate-id-accepted", "protocol",
               "a committed command id reused for another command is accepted", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::WrongSeatAccepted, "wrong-seat-accepted", "protocol",
               "a command from a seat that is not awaited is accepted", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::RetryRecognisedOnlyLatest, "retry-recognised-only-latest", "protocol",
               "only a retry of the latest committed command returns its receipt; an older one is taken as new and rejected "
               "as stale (DESIGN.md: a committed command id returns the same receipt)", basic(At | Hk, 1, 3), "protocol.retry-later"},
    // ---- determinism ----
    MutantInfo{Mutant::StormSectorNotSaved, "storm-sector-not-saved", "determinism",
               "the storm sector is left out of saved snapshots", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::AllySpiceNotSaved, "ally-spice-not-saved", "determinism",
               "a seat's AllySpice grant is left out of saved snapshots", basic(At | Hk | Em, 3, 10)},
    // ---- noninterference ----
    MutantInfo{Mutant::HandInPublicView, "hand-in-public-view", "noninterference",
               "the public view lists a held Treachery card", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::DeckOrderLeaked, "deck-order-leaked", "noninterference",
               "a seat's view shows the top card of the Treachery deck", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::RejectionNamesHiddenCard, "rejection-names-hidden-card", "noninterference",
               "a rejected bid names the hidden card up for auction", basic(At | Hk, 2, 5)},
    MutantInfo{Mutant::OtherTraitorInSeatView, "other-traitor-in-seat-view", "noninterference",
               "a seat's view shows another seat's kept traitors", basic(At | Hk, 1, 3)},
    MutantInfo{Mutant::KaramaBidShown, "karama-bid-shown", "noninterference",
               "every view says whether the standing bid is a Karama bid ([LR] 3.01.11.04: without revealing the card)",
               basic(Em | At | Hk | Bg, 2, 20)},
    // ---- single consumption and Nexus lifecycle (seed 000) ----
    MutantInfo{Mutant::NexusPlayableTwice, "nexus-playable-twice", "single-consumption",
               "a played Nexus card stays held and can be played again", nexus(4, 40)},
    MutantInfo{Mutant::NexusRetryRerolls, "nexus-retry-rerolls", "protocol",
               "a retried DrawNexus is not recognised as a retry (it is submitted anew)", nexus()},
    MutantInfo{Mutant::NexusKeptOnAlliance, "nexus-kept-on-alliance", "lifecycle",
               "a Nexus card is not discarded when its holder allies", nexus(4, 60)},
    MutantInfo{Mutant::NexusDrawAfterBlowA, "nexus-draw-after-blow-a", "lifecycle",
               "the Nexus draw opportunity opens after blow A alone", nexus()},
    MutantInfo{Mutant::NexusBlowBErases, "nexus-blow-b-erases", "lifecycle",
               "blow B without a worm erases the Nexus that blow A caused", nexus()},
    MutantInfo{Mutant::NexusRedrawPausesPublicly, "nexus-redraw-pauses-publicly", "lifecycle",
               "an own-faction redraw pauses and awaits the seat again, publicly", nexus(4, 60)},
    MutantInfo{Mutant::NexusCountsAgainstHandLimit, "nexus-counts-against-hand-limit", "capacity",
               "a held Nexus card counts against the Treachery hand limit", nexus()},
};

}  // namespace

std::span<const MutantInfo> mutant_catalogue() { return kCatalogue; }

std::optional<MutantInfo> find_mutant(std::string_view name) {
  for (const MutantInfo& m : kCatalogue) {
    if (m.name == name) return m;
  }
  return std::nullopt;
}

}  // namespace dune::harness

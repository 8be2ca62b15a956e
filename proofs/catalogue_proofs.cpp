// Compile-time proofs over the component catalogue. This file passes if it compiles.
// Boost.Hana appears here (and nowhere in the engine API): it iterates the kind list.
#include <boost/hana.hpp>

#include "model/cards.h"
#include "model/catalogue.h"
#include "model/state.h"
#include "model/factions.h"
#include "model/nexus_panels.h"
#include "model/nexus_registry.h"
#include "model/phases.h"

namespace dune::proofs {
namespace {

namespace hana = boost::hana;

template <class... Ks>
constexpr auto as_hana(KindList<Ks...>) {
  return hana::tuple_t<Ks...>;
}
constexpr auto kKinds = as_hana(ComponentKinds{});

static_assert(hana::all_of(kKinds, [](auto t) { return hana::bool_c<ComponentKind<typename decltype(t)::type>>; }),
              "every component kind has an Id, a name, a census and at least one zone");

// A Nexus card shares no zone with a Treachery card (seed 000, item 1).
static_assert(hana::none_of(hana::tuple_t<Deck<NexusCard>, Discard<NexusCard>, Held<NexusCard>>,
                            [](auto z) { return hana::bool_c<OccupiableBy<typename decltype(z)::type, TreacheryCard>>; }),
              "no Nexus zone is a Treachery zone");

constexpr CatalogueOptions kBox = CatalogueOptions::whole_box();

static_assert(TreacheryCard::census(kBox).of(Expansion::Base) == 33, "33 base Treachery cards (§4.1)");
static_assert(TreacheryCard::census(kBox).of(Expansion::IxiansTleilaxu) == 14, "14 E1 Treachery cards (§4.2)");
static_assert([] {
  int n[7]{};
  for (const TreacheryCardType& t : kTreacheryCardTypes) n[static_cast<int>(treachery_set(t))] += t.copies;
  return n[static_cast<int>(TreacherySet::E1PoisonBladeShieldSnooper)] == 2 && n[static_cast<int>(TreacherySet::E1Amal)] == 1 &&
         n[static_cast<int>(TreacherySet::E1Battle)] == 9 && n[static_cast<int>(TreacherySet::E1HarvesterThumper)] == 2;
}(), "the E1 sets: Poison Blade and Shield Snooper, Amal, and [TO]'s other eleven as 9 battle cards and 2 spice-blow cards (§4.2)");
static_assert(TreacheryCard::census(kBox).of(Expansion::ChoamRichese) == 10, "10 Richese cache cards (§4.2)");
static_assert(TreacheryCard::census(kBox).of(Expansion::EcazMoritani) == 3, "3 E3 Treachery cards (§4.2)");
static_assert(kTreacheryCardCount == 60, "60 physical Treachery cards in the whole box");
static_assert(NexusCard::census(kBox).total() == 12, "12 Nexus cards (seed 000, item 2)");
static_assert(SpiceCard::census(kBox).of(Expansion::Base) == 21, "15 territory cards + 6 Shai-Hulud (§3.1)");
static_assert(SpiceCard::census(kBox).of(Expansion::IxiansTleilaxu) == 1, "Sandtrout (§3.1)");
static_assert(SpiceCard::census(kBox).of(Expansion::EcazMoritani) == 7, "Great Maker + 6 Discovery cards (§3.1)");
static_assert(StormCard::census(kBox).total() == 6, "6 storm cards (§4.3)");
static_assert(LeaderDisc::census(kBox).total() == 62, "62 leader discs incl. Auditor and Duke Vidal (§5.3)");
static_assert(TraitorCard::census(kBox).total() == 62, "60 leaders + Auditor + Cheap Hero traitor; never Duke Vidal (§4.3)");
static_assert(ForceToken::census(kBox).total() == 240, "20 forces for each of 12 factions (§5.1)");
static_assert(TerrorToken::census(kBox).total() == 6, "6 terror tokens (§4.3)");
static_assert(Ambassador::census(kBox).total() == 12, "12 ambassadors (§4.3)");
static_assert(NoFieldToken::census(kBox).total() == 3, "3 No-Field tokens (§4.3)");
static_assert(TechToken::census(kBox).total() == 3, "3 tech tokens (§4.3)");
static_assert(DiscoveryToken::census(kBox).total() == 8, "8 discovery tokens (§4.3)");
static_assert(kLeaders.size() == 62, "62 leader discs (§5.3)");

constexpr bool five_ordinary_leaders_each() {
  for (Faction f : kAllFactions) {
    int n = 0;
    for (const LeaderInfo& l : kLeaders) {
      n += (l.faction == f && (l.role == LeaderRole::Ordinary || l.role == LeaderRole::Zoal)) ? 1 : 0;
    }
    if (n != 5) return false;
  }
  return true;
}
static_assert(five_ordinary_leaders_each(), "every faction has 5 leaders (§5.3)");

constexpr bool factions_indexed_in_order() {
  for (std::size_t i = 0; i < kFactionCount; ++i) {
    if (index(kFactions[i].faction) != i || kAllFactions[i] != kFactions[i].faction) return false;
  }
  return true;
}
static_assert(factions_indexed_in_order(), "kFactions is indexed by Faction");

constexpr bool twenty_forces_each() {
  for (const FactionInfo& f : kFactions) {
    if ((f.forces_basic.normal + f.forces_basic.special).value != 20) return false;
    if ((f.forces_advanced.normal + f.forces_advanced.special).value != 20) return false;
  }
  return true;
}
static_assert(twenty_forces_each(), "every faction has 20 force tokens in Basic and Advanced (§5.1)");

static_assert(kNexusPanels.size() == 36, "36 Nexus panels: 12 cards × 3 modes");

// Every faction has exactly one Nexus card with exactly three panels, one per mode, and the
// table is indexed so that nexus_panel(card, mode) finds it.
constexpr bool one_card_three_panels_each() {
  for (Faction f : kAllFactions) {
    for (NexusMode m : kNexusModes) {
      int n = 0;
      for (const NexusPanelInfo& p : kNexusPanels) n += (p.card == f && p.mode == m) ? 1 : 0;
      if (n != 1) return false;
      if (nexus_panel(f, m).card != f || nexus_panel(f, m).mode != m) return false;
    }
  }
  return true;
}
static_assert(one_card_three_panels_each(), "every faction has exactly one Nexus card with three panels");

// The family registry decides every panel's status: an unavailable panel always names a reason.
constexpr bool every_unavailable_panel_has_a_reason() {
  for (const NexusPanelInfo& p : kNexusPanels) {
    const PanelStatus s = panel_status(p);
    if (s.kind == StatusKind::Unavailable && s.reason.empty()) return false;
    if (p.summary.empty() || p.timing.empty()) return false;
  }
  return true;
}
static_assert(every_unavailable_panel_has_a_reason(), "every unavailable panel names its reason");

static_assert(kTurnPhases.size() == 9 && next_phase(Phase::MentatPause) == Phase::Storm,
              "nine turn phases; Mentat Pause leads to the next Storm");

// The one transfer compiles for the zones the engine really uses, between zones of one kind (the
// compile-fail cases show it rejects the others), and a drawn Nexus card lands in its seat's slot.
static_assert(requires(GameState& s) { transfer(s.nexus.deck, s.nexus.held[0], NexusCardId{}); },
              "a Nexus card may be drawn into a held slot");
static_assert(requires(GameState& s) { transfer(s.seat(Seat{}).hand, s.treachery.discard, TreacheryCardId{}); },
              "a Treachery card may be discarded from a hand");

}  // namespace
}  // namespace dune::proofs

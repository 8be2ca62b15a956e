// The decks: Treachery (base 33, E1 14, Richese cache 10, E3 3), spice (15 + 6 Shai-Hulud,
// Sandtrout, Great Maker, 6 Discovery), storm (6), Nexus (12). The traitor deck is derived from
// the leaders in play (see catalogue.h). Source: fact sheet §3.1, §4.1–4.3.
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

#include "model/board.h"
#include "model/ids.h"
#include "model/quantity.h"

namespace dune {

// Battle classification of a Treachery card (fact sheet §4.1–4.2).
enum class TreacheryClass : std::uint8_t {
  WeaponProjectile,
  WeaponPoison,
  WeaponProjectileAndPoison,  // Poison Blade
  WeaponSpecial,              // Lasgun, Poison Tooth, Artillery Strike, Mirror Weapon, Stone Burner
  DefenseProjectile,          // Shield
  DefensePoison,              // Snooper, Chemistry, Portable Snooper
  DefenseProjectileAndPoison, // Shield Snooper
  CheapHero,                  // a leader of strength 0
  Special,                    // played outside the weapon/defense classification
  BattleSlotNonWeapon,        // E3 Reinforcements, Harass and Withdraw: occupy a slot, not a weapon/defense
  Worthless,
};

// Where the physical card lives at setup.
enum class TreacheryDeckPart : std::uint8_t {
  Deck,          // shuffled into the Treachery deck
  RicheseCache,  // kept apart and sold by Richese (E2), only when Richese plays
};

// The set a card is dealt with (model/options.h CardSets): [TO]'s E1 sets (TreacheryCardManager:
// Poison Blade and Shield Snooper; Amal; the other eleven), the eleven split in the battle cards and
// the spice-blow cards (Harvester, Thumper).
enum class TreacherySet : std::uint8_t { Base, E1PoisonBladeShieldSnooper, E1Amal, E1Battle, E1HarvesterThumper, RicheseCache, E3 };

struct TreacheryCardType {
  std::string_view name;
  TreacheryClass classification;
  Expansion expansion;
  TreacheryDeckPart part;
  std::uint8_t copies;
};

// clang-format off
inline constexpr std::array kTreacheryCardTypes{
    // Base game, 33 cards ([DB] TreacheryCards.csv = [TO] ids 0–32).
    TreacheryCardType{"Crysknife", TreacheryClass::WeaponProjectile, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Maula Pistol", TreacheryClass::WeaponProjectile, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Slip Tip", TreacheryClass::WeaponProjectile, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Stunner", TreacheryClass::WeaponProjectile, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Chaumas", TreacheryClass::WeaponPoison, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Chaumurky", TreacheryClass::WeaponPoison, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Ellaca Drug", TreacheryClass::WeaponPoison, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Gom Jabbar", TreacheryClass::WeaponPoison, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Lasgun", TreacheryClass::WeaponSpecial, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Shield", TreacheryClass::DefenseProjectile, Expansion::Base, TreacheryDeckPart::Deck, 4},
    TreacheryCardType{"Snooper", TreacheryClass::DefensePoison, Expansion::Base, TreacheryDeckPart::Deck, 4},
    TreacheryCardType{"Cheap Hero", TreacheryClass::CheapHero, Expansion::Base, TreacheryDeckPart::Deck, 2},
    TreacheryCardType{"Cheap Heroine", TreacheryClass::CheapHero, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Tleilaxu Ghola", TreacheryClass::Special, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Family Atomics", TreacheryClass::Special, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Hajr", TreacheryClass::Special, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Karama", TreacheryClass::Special, Expansion::Base, TreacheryDeckPart::Deck, 2},
    TreacheryCardType{"Truthtrance", TreacheryClass::Special, Expansion::Base, TreacheryDeckPart::Deck, 2},
    TreacheryCardType{"Weather Control", TreacheryClass::Special, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Baliset", TreacheryClass::Worthless, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Jubba Cloak", TreacheryClass::Worthless, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Kulon", TreacheryClass::Worthless, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"La La La", TreacheryClass::Worthless, Expansion::Base, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Trip to Gamont", TreacheryClass::Worthless, Expansion::Base, TreacheryDeckPart::Deck, 1},
    // E1 Ixians & Tleilaxu, 14 cards ([DB] ExpansionTreacheryCards.csv = [TO] ids 33–46).
    TreacheryCardType{"Poison Blade", TreacheryClass::WeaponProjectileAndPoison, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Hunter-Seeker", TreacheryClass::WeaponProjectile, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Basilia Weapon", TreacheryClass::WeaponPoison, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Weirding Way", TreacheryClass::WeaponProjectile, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Poison Tooth", TreacheryClass::WeaponSpecial, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Artillery Strike", TreacheryClass::WeaponSpecial, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Shield Snooper", TreacheryClass::DefenseProjectileAndPoison, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Chemistry", TreacheryClass::DefensePoison, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Harvester", TreacheryClass::Special, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Thumper", TreacheryClass::Special, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Amal", TreacheryClass::Special, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Kull Wahad", TreacheryClass::Worthless, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Shield", TreacheryClass::DefenseProjectile, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Snooper", TreacheryClass::DefensePoison, Expansion::IxiansTleilaxu, TreacheryDeckPart::Deck, 1},
    // E2 Richese cache, 10 cards ([DB] RicheseFaction.treacheryCardCache = [TO] ids 47–56).
    // Classification of cache cards is one source ([TO] TreacheryCardType); see README rules status.
    TreacheryCardType{"Distrans", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Juice of Sapho", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Mirror Weapon", TreacheryClass::WeaponSpecial, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Portable Snooper", TreacheryClass::DefensePoison, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Ornithopter", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Nullentropy Box", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Semuta Drug", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Residual Poison", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Stone Burner", TreacheryClass::WeaponSpecial, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    TreacheryCardType{"Karama", TreacheryClass::Special, Expansion::ChoamRichese, TreacheryDeckPart::RicheseCache, 1},
    // E3 Ecaz & Moritani, 3 cards ([DB] EmExpansionTreacheryCards.csv = [TO] ids 57–59).
    TreacheryCardType{"Recruits", TreacheryClass::Special, Expansion::EcazMoritani, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Reinforcements", TreacheryClass::BattleSlotNonWeapon, Expansion::EcazMoritani, TreacheryDeckPart::Deck, 1},
    TreacheryCardType{"Harass and Withdraw", TreacheryClass::BattleSlotNonWeapon, Expansion::EcazMoritani, TreacheryDeckPart::Deck, 1},
};
// clang-format on

inline constexpr std::size_t kTreacheryCardCount = [] {
  std::size_t n = 0;
  for (const TreacheryCardType& t : kTreacheryCardTypes) n += t.copies;
  return n;
}();  // 60 physical cards over all expansions

// One entry per physical card: the index of its type and its copy number (1-based).
struct TreacheryCardInfo {
  std::uint8_t type;
  std::uint8_t copy;
};

inline constexpr std::array<TreacheryCardInfo, kTreacheryCardCount> kTreacheryCards = [] {
  std::array<TreacheryCardInfo, kTreacheryCardCount> out{};
  std::size_t n = 0;
  for (std::size_t t = 0; t < kTreacheryCardTypes.size(); ++t) {
    for (std::uint8_t c = 1; c <= kTreacheryCardTypes[t].copies; ++c) {
      out[n++] = {static_cast<std::uint8_t>(t), c};
    }
  }
  return out;
}();

constexpr TreacherySet treachery_set(const TreacheryCardType& t) {
  if (t.part == TreacheryDeckPart::RicheseCache) return TreacherySet::RicheseCache;
  switch (t.expansion) {
    case Expansion::Base: return TreacherySet::Base;
    case Expansion::IxiansTleilaxu:
      if (t.name == "Poison Blade" || t.name == "Shield Snooper") return TreacherySet::E1PoisonBladeShieldSnooper;
      if (t.name == "Amal") return TreacherySet::E1Amal;
      return t.name == "Harvester" || t.name == "Thumper" ? TreacherySet::E1HarvesterThumper : TreacherySet::E1Battle;
    default: return TreacherySet::E3;
  }
}

// What an id outside the catalogue reads as. Only a hand-made state holds one (loading rejects
// out-of-range ids), e.g. the canaries of tests/engine/projection_test.cpp, which a seat view names
// (`hand_names`); before this it read past the end of kTreacheryCards.
inline constexpr TreacheryCardType kUnknownTreacheryCard{"unknown card", TreacheryClass::Worthless, Expansion::Base,
                                                         TreacheryDeckPart::Deck, 0};

constexpr const TreacheryCardType& card_type(TreacheryCardId id) {
  if (id.value >= kTreacheryCardCount) return kUnknownTreacheryCard;
  return kTreacheryCardTypes[kTreacheryCards[id.value].type];
}

// ---------------------------------------------------------------------------------------------
// Spice deck.

enum class SpiceCardKind : std::uint8_t {
  Territory,   // places its amount in its spice-blow cell
  ShaiHulud,   // a worm
  Sandtrout,   // E1 ([TO] Rule.SandTrout; effect one source)
  GreatMaker,  // E3 (existence 2 sources; effect unverified)
  Discovery,   // E3: a territory blow plus a discovery token at a fixed site
};

struct SpiceCardInfo {
  std::string_view name;
  SpiceCardKind kind;
  Expansion expansion;
  TerritoryId territory;               // the blow territory (Territory, Discovery)
  TerritoryId discovery_territory;     // Discovery: the token site's territory
  DiscoveryTokenColour discovery_colour;
};

namespace detail {
constexpr SpiceCardInfo territory_card(std::string_view name, TerritoryId t) {
  return {name, SpiceCardKind::Territory, Expansion::Base, t, t, DiscoveryTokenColour::Hiereg};
}
constexpr SpiceCardInfo special_card(std::string_view name, SpiceCardKind k, Expansion e) {
  return {name, k, e, TerritoryId::PolarSink, TerritoryId::PolarSink, DiscoveryTokenColour::Hiereg};
}
constexpr SpiceCardInfo discovery_card(std::string_view name, TerritoryId blow, TerritoryId site,
                                       DiscoveryTokenColour colour) {
  return {name, SpiceCardKind::Discovery, Expansion::EcazMoritani, blow, site, colour};
}
}  // namespace detail

// clang-format off
inline constexpr std::array kSpiceCards{
    detail::territory_card("Cielago North", TerritoryId::CielagoNorth),
    detail::territory_card("Cielago South", TerritoryId::CielagoSouth),
    detail::territory_card("South Mesa", TerritoryId::SouthMesa),
    detail::territory_card("Red Chasm", TerritoryId::RedChasm),
    detail::territory_card("The Minor Erg", TerritoryId::TheMinorErg),
    detail::territory_card("Sihaya Ridge", TerritoryId::SihayaRidge),
    detail::territory_card("Old Gap", TerritoryId::OldGap),
    detail::territory_card("Broken Land", TerritoryId::BrokenLand),
    detail::territory_card("Hagga Basin", TerritoryId::HaggaBasin),
    detail::territory_card("Rock Outcroppings", TerritoryId::RockOutcroppings),
    detail::territory_card("Funeral Plain", TerritoryId::FuneralPlain),
    detail::territory_card("The Great Flat", TerritoryId::TheGreatFlat),
    detail::territory_card("Habbanya Erg", TerritoryId::HabbanyaErg),
    detail::territory_card("Wind Pass North", TerritoryId::WindPassNorth),
    detail::territory_card("Habbanya Ridge Flat", TerritoryId::HabbanyaRidgeFlat),
    detail::special_card("Shai-Hulud", SpiceCardKind::ShaiHulud, Expansion::Base),
    detail::special_card("Shai-Hulud", SpiceCardKind::ShaiHulud, Expansion::Base),
    detail::special_card("Shai-Hulud", SpiceCardKind::ShaiHulud, Expansion::Base),
    detail::special_card("Shai-Hulud", SpiceCardKind::ShaiHulud, Expansion::Base),
    detail::special_card("Shai-Hulud", SpiceCardKind::ShaiHulud, Expansion::Base),
    detail::special_card("Shai-Hulud", SpiceCardKind::ShaiHulud, Expansion::Base),
    detail::special_card("Sandtrout", SpiceCardKind::Sandtrout, Expansion::IxiansTleilaxu),
    detail::special_card("Great Maker", SpiceCardKind::GreatMaker, Expansion::EcazMoritani),
    // E3 Discovery cards (§4.3, [DB] DiscoverySpiceCards.csv, [TO] ids 41–46).
    detail::discovery_card("Sihaya Ridge (Discovery)", TerritoryId::SihayaRidge, TerritoryId::CielagoEast, DiscoveryTokenColour::Hiereg),
    detail::discovery_card("Rock Outcroppings (Discovery)", TerritoryId::RockOutcroppings, TerritoryId::Meridian, DiscoveryTokenColour::Hiereg),
    detail::discovery_card("Hagga Basin (Discovery)", TerritoryId::HaggaBasin, TerritoryId::GaraKulon, DiscoveryTokenColour::Hiereg),
    detail::discovery_card("Funeral Plain (Discovery)", TerritoryId::FuneralPlain, TerritoryId::PastyMesa, DiscoveryTokenColour::Smuggler),
    detail::discovery_card("Wind Pass North (Discovery)", TerritoryId::WindPassNorth, TerritoryId::PlasticBasin, DiscoveryTokenColour::Smuggler),
    detail::discovery_card("Old Gap (Discovery)", TerritoryId::OldGap, TerritoryId::FalseWallWest, DiscoveryTokenColour::Smuggler),
};
// clang-format on

inline constexpr std::size_t kSpiceCardCount = kSpiceCards.size();  // 29 over all expansions

constexpr const SpiceCardInfo& spice_card_info(SpiceCardId id) { return kSpiceCards[id.value]; }

// The printed blow site of a territory card (the territory table's spice-blow column).
constexpr const SpiceBlowSite* blow_site(TerritoryId t) {
  for (const SpiceBlowSite& s : kSpiceBlowSites) {
    if (s.territory == t) return &s;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
// Storm deck: 6 cards valued 1..6 (advanced, used with Fremen; §3.3).
inline constexpr std::array<std::uint8_t, 6> kStormCards{1, 2, 3, 4, 5, 6};

}  // namespace dune

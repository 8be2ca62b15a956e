// The typed component catalogue (DESIGN.md, "The typed catalogue"): every physical component kind
// is a type with a census (how many exist in a setup) and the zones it may occupy. Moving a
// component into a zone its kind may not occupy does not compile.
#pragma once

#include <array>
#include <optional>
#include <utility>
#include <cstdint>
#include <string_view>
#include <type_traits>
#include <vector>

#include "model/cards.h"
#include "model/factions.h"
#include "model/ids.h"
#include "model/options.h"
#include "model/piles.h"
#include "model/tokens.h"

namespace dune {

// ---------------------------------------------------------------------------------------------
// Setup facts the census depends on.

struct CatalogueOptions {
  std::array<bool, kFactionCount> factions_in_play{};  // by Faction index
  bool advanced = false;                 // advanced special forces, storm deck, Kwisatz Haderach
  bool choam_auditor = false;            // E2 advanced: the Auditor leader and traitor card
  CardSets cards;                        // the E1 Treachery card sets, the Cheap Hero traitor
  bool e3_treachery_cards = false;       // the 3 E3 Treachery cards in the deck
  bool sandtrout = false;                // E1 spice card
  bool great_maker = false;              // E3 spice card
  bool discovery = false;                // E3 Discovery spice cards and tokens
  bool tech_tokens = false;              // E1 optional
  bool nexus_module = false;             // E3 Nexus card module

  constexpr bool in_play(Faction f) const { return factions_in_play[index(f)]; }

  // Whether the cards of a Treachery set exist in this setup.
  constexpr bool has(TreacherySet set) const {
    switch (set) {
      case TreacherySet::Base: return true;
      case TreacherySet::E1PoisonBladeShieldSnooper: return cards.e1_poison_blade_shield_snooper;
      case TreacherySet::E1Amal: return cards.e1_amal;
      case TreacherySet::E1Battle: return cards.e1_battle;
      case TreacherySet::E1HarvesterThumper: return cards.e1_harvester_thumper;
      case TreacherySet::RicheseCache: return in_play(Faction::Richese);
      case TreacherySet::E3: return e3_treachery_cards;
    }
    return false;
  }

  // Every faction, every expansion component and option on: the whole box.
  static constexpr CatalogueOptions whole_box() {
    CatalogueOptions o;
    o.factions_in_play.fill(true);
    o.advanced = o.choam_auditor = o.e3_treachery_cards = true;
    o.cards = CardSets{true, true, true, true, true};
    o.sandtrout = o.great_maker = o.discovery = o.tech_tokens = true;
    o.nexus_module = true;
    return o;
  }
};

// How many of a kind exist, split by the expansion that brings them.
struct Census {
  std::array<int, kExpansionCount> by_expansion{};
  constexpr int total() const {
    int n = 0;
    for (int c : by_expansion) n += c;
    return n;
  }
  constexpr int of(Expansion e) const { return by_expansion[index(e)]; }
};

// ---------------------------------------------------------------------------------------------
// Ids of the kinds that have no id of their own elsewhere.

// A traitor card names a leader; the E1 Cheap Hero traitor has value kLeaderCount.
struct TraitorCardId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(TraitorCardId, TraitorCardId) = default;
  friend constexpr auto operator<=>(TraitorCardId, TraitorCardId) = default;
};
inline constexpr TraitorCardId kCheapHeroTraitor{static_cast<std::uint8_t>(kLeaderCount)};

struct StormCardId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(StormCardId, StormCardId) = default;
  friend constexpr auto operator<=>(StormCardId, StormCardId) = default;
};

// Forces are fungible: a token is identified by its faction and side (normal / special).
struct ForceKind {
  Faction faction = Faction::Atreides;
  bool special = false;
  friend constexpr bool operator==(ForceKind, ForceKind) = default;
  friend constexpr auto operator<=>(ForceKind, ForceKind) = default;
};

// Small tokens are identified by their index in their table (tokens.h).
template <class Tag>
struct TokenId {
  std::uint8_t value = 0;
  friend constexpr bool operator==(TokenId, TokenId) = default;
  friend constexpr auto operator<=>(TokenId, TokenId) = default;
};

// ---------------------------------------------------------------------------------------------
// Zones. A zone template is the container of one kind's components in one kind of place, and
// GameState holds its cards in these (model/state.h, model/nexus.h); Board, Tanks and Reserves are
// shared places (forces and leader discs are counted there, not held by id). Every move between
// two zone containers goes through transfer() (model/zones.h), which compiles only for two zones
// the kind may occupy.

template <class K> struct Deck : HiddenPile<typename K::Id> {
  static constexpr std::string_view name = "deck";
  using Kind = K;
  Deck() = default;
  Deck(HiddenPile<typename K::Id> p) : HiddenPile<typename K::Id>(std::move(p)) {}  // NOLINT: a loaded pile
};

// The ordered zones: a vector, oldest first (a discard's back is its top). `Place` names the zone;
// each zone is its own type, so a transfer can tell them apart.
template <class K, class Place> struct Ordered : std::vector<typename K::Id> {
  static constexpr std::string_view name = Place::name;
  using Kind = K;
  using std::vector<typename K::Id>::vector;
  using std::vector<typename K::Id>::operator=;
  Ordered() = default;
  Ordered(std::vector<typename K::Id> v) : std::vector<typename K::Id>(std::move(v)) {}  // NOLINT: a loaded list
};
namespace zone_place {
struct Discard  { static constexpr std::string_view name = "discard"; };
struct SetAside { static constexpr std::string_view name = "set aside"; };
struct Removed  { static constexpr std::string_view name = "removed"; };
struct Cache    { static constexpr std::string_view name = "Richese cache"; };
struct Auction  { static constexpr std::string_view name = "auction"; };
struct Held     { static constexpr std::string_view name = "held"; };
}  // namespace zone_place
template <class K> using Discard  = Ordered<K, zone_place::Discard>;
template <class K> using SetAside = Ordered<K, zone_place::SetAside>;
template <class K> using Removed  = Ordered<K, zone_place::Removed>;
template <class K> using Cache    = Ordered<K, zone_place::Cache>;
template <class K> using Auction  = Ordered<K, zone_place::Auction>;

// A zone that holds at most one component: empty or one id (like std::optional, without its
// converting comparisons, so a slot compares with an id, another slot or std::nullopt only).
template <class Id>
struct Slot {
  std::optional<Id> content;
  constexpr Slot() = default;
  constexpr Slot(std::nullopt_t) {}                                  // NOLINT: reads as an optional
  constexpr Slot(Id id) : content(id) {}                             // NOLINT
  constexpr Slot(std::optional<Id> o) : content(std::move(o)) {}     // NOLINT
  constexpr bool has_value() const { return content.has_value(); }
  constexpr explicit operator bool() const { return content.has_value(); }
  constexpr const Id& operator*() const { return *content; }
  constexpr Id& operator*() { return *content; }
  constexpr const Id* operator->() const { return &*content; }
  constexpr Id value_or(Id other) const { return content.value_or(other); }
  constexpr void reset() { content.reset(); }
  friend constexpr bool operator==(const Slot&, const Slot&) = default;
  friend constexpr bool operator==(const Slot& s, const Id& id) { return s.content == id; }
  friend constexpr bool operator==(const Slot& s, std::nullopt_t) { return !s.content; }
  friend constexpr bool operator==(const Slot& s, const std::optional<Id>& o) { return s.content == o; }
};

// Held behind a shield: a list (a Treachery hand is kept sorted, its order carries nothing), or
// for a kind of which a seat holds at most one, a single slot (the Nexus card, seed 000 item 1).
template <class K> struct HeldStorage { using type = Ordered<K, zone_place::Held>; };
template <class K> struct Held : HeldStorage<K>::type {
  using Base = typename HeldStorage<K>::type;
  static constexpr std::string_view name = "held";
  using Kind = K;
  using Base::Base;
  Held() = default;
  // Assigns what the container takes (a list, a vector, an id or nullopt for a slot).
  template <class T>
    requires(!std::is_same_v<std::remove_cvref_t<T>, Held> && std::is_assignable_v<Base&, T &&>)
  Held& operator=(T&& v) {
    Base::operator=(std::forward<T>(v));
    return *this;
  }
};

struct Board    { static constexpr std::string_view name = "board"; };
struct Tanks    { static constexpr std::string_view name = "Tanks"; };
struct Reserves { static constexpr std::string_view name = "reserves"; };

template <class... Zs>
struct ZoneList {
  static constexpr std::size_t size = sizeof...(Zs);
  static constexpr std::array<std::string_view, sizeof...(Zs)> names{Zs::name...};
  template <class Z>
  static constexpr bool contains = (std::is_same_v<Z, Zs> || ...);
};

// ---------------------------------------------------------------------------------------------
// Component kinds. Each: Id, name, Zones, and census(options).

struct TreacheryCard {
  using Id = TreacheryCardId;
  static constexpr std::string_view name = "Treachery card";
  using Zones = ZoneList<Deck<TreacheryCard>, Discard<TreacheryCard>, Held<TreacheryCard>, Auction<TreacheryCard>,
                         SetAside<TreacheryCard>, Cache<TreacheryCard>, Removed<TreacheryCard>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    for (const TreacheryCardType& t : kTreacheryCardTypes) {
      if (o.has(treachery_set(t))) c.by_expansion[index(t.expansion)] += t.copies;
    }
    return c;
  }
};

// Seed 000, item 1: a separate twelve-identity deck, discard and at most one held card per seat.
// It has no SetAside, Cache or Treachery zone: it can never enter a Treachery hand.
struct NexusCard {
  using Id = NexusCardId;
  static constexpr std::string_view name = "Nexus card";
  using Zones = ZoneList<Deck<NexusCard>, Discard<NexusCard>, Held<NexusCard>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.nexus_module) c.by_expansion[index(Expansion::NexusModule)] = static_cast<int>(kFactionCount);
    return c;
  }
};

// At most one held Nexus card per seat, by type: its held zone is a single slot.
template <> struct HeldStorage<NexusCard> { using type = Slot<NexusCardId>; };

struct TraitorCard {
  using Id = TraitorCardId;
  static constexpr std::string_view name = "Traitor card";
  using Zones = ZoneList<Deck<TraitorCard>, Held<TraitorCard>, SetAside<TraitorCard>, Removed<TraitorCard>>;
  static constexpr Census census(const CatalogueOptions& o) {
    // One card per leader of each faction in play; Auditor with its rule; Duke Vidal never;
    // the Cheap Hero traitor with E1 (fact sheet §4.3).
    Census c;
    for (const LeaderInfo& l : kLeaders) {
      if (!l.faction || !o.in_play(*l.faction)) continue;
      if (l.role == LeaderRole::Auditor && !o.choam_auditor) continue;
      c.by_expansion[index(faction_info(*l.faction).expansion)] += 1;
    }
    if (o.cards.cheap_hero_traitor) c.by_expansion[index(Expansion::IxiansTleilaxu)] += 1;
    return c;
  }
};

struct SpiceCard {
  using Id = SpiceCardId;
  static constexpr std::string_view name = "Spice card";
  using Zones = ZoneList<Deck<SpiceCard>, Discard<SpiceCard>, SetAside<SpiceCard>, Removed<SpiceCard>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    for (const SpiceCardInfo& s : kSpiceCards) {
      const bool present = s.expansion == Expansion::Base ||
                           (s.kind == SpiceCardKind::Sandtrout && o.sandtrout) ||
                           (s.kind == SpiceCardKind::GreatMaker && o.great_maker) ||
                           (s.kind == SpiceCardKind::Discovery && o.discovery);
      if (present) c.by_expansion[index(s.expansion)] += 1;
    }
    return c;
  }
};

struct StormCard {
  using Id = StormCardId;
  static constexpr std::string_view name = "Storm card";
  using Zones = ZoneList<Deck<StormCard>, Held<StormCard>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;  // advanced, used with Fremen (§3.3)
    if (o.advanced && o.in_play(Faction::Fremen)) c.by_expansion[index(Expansion::Base)] = static_cast<int>(kStormCards.size());
    return c;
  }
};

struct LeaderDisc {
  using Id = LeaderId;
  static constexpr std::string_view name = "Leader disc";
  // Held: behind its owner's (or captor's) shield; SetAside: face down after a second death or
  // out of play (Duke Vidal between uses).
  using Zones = ZoneList<Held<LeaderDisc>, Board, Tanks, SetAside<LeaderDisc>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    const bool e3 = o.in_play(Faction::Ecaz) || o.in_play(Faction::Moritani);
    for (const LeaderInfo& l : kLeaders) {
      if (l.role == LeaderRole::DukeVidal) {
        if (e3) c.by_expansion[index(Expansion::EcazMoritani)] += 1;
        continue;
      }
      if (!o.in_play(*l.faction)) continue;
      if (l.role == LeaderRole::Auditor && !o.choam_auditor) continue;
      c.by_expansion[index(faction_info(*l.faction).expansion)] += 1;
    }
    return c;
  }
};

struct ForceToken {
  using Id = ForceKind;
  static constexpr std::string_view name = "Force token";
  using Zones = ZoneList<Reserves, Board, Tanks>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    for (const FactionInfo& f : kFactions) {
      if (!o.in_play(f.faction)) continue;
      const ForceSplit s = total_forces(f.faction, o.advanced);
      c.by_expansion[index(f.expansion)] += (s.normal + s.special).value;
    }
    return c;
  }
};

struct KwisatzHaderachToken {
  struct Id {
    friend constexpr bool operator==(Id, Id) = default;
  };
  static constexpr std::string_view name = "Kwisatz Haderach token";
  using Zones = ZoneList<Held<KwisatzHaderachToken>, Board, Tanks>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.advanced && o.in_play(Faction::Atreides)) c.by_expansion[index(Expansion::Base)] = 1;
    return c;
  }
};

struct TerrorToken {
  using Id = TokenId<TerrorToken>;
  static constexpr std::string_view name = "Terror token";
  using Zones = ZoneList<Held<TerrorToken>, Board, Removed<TerrorToken>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.in_play(Faction::Moritani)) c.by_expansion[index(Expansion::EcazMoritani)] = static_cast<int>(kTerrorTokens.size());
    return c;
  }
};

struct Ambassador {
  using Id = TokenId<Ambassador>;
  static constexpr std::string_view name = "Ambassador token";
  using Zones = ZoneList<Held<Ambassador>, Board, SetAside<Ambassador>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.in_play(Faction::Ecaz)) c.by_expansion[index(Expansion::EcazMoritani)] = static_cast<int>(kAmbassadorCount);
    return c;
  }
};

struct NoFieldToken {
  using Id = TokenId<NoFieldToken>;
  static constexpr std::string_view name = "No-Field token";
  using Zones = ZoneList<Held<NoFieldToken>, Board, SetAside<NoFieldToken>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.in_play(Faction::Richese)) c.by_expansion[index(Expansion::ChoamRichese)] = static_cast<int>(kNoFieldValues.size());
    return c;
  }
};

struct TechToken {
  using Id = TokenId<TechToken>;
  static constexpr std::string_view name = "Tech token";
  using Zones = ZoneList<Held<TechToken>, SetAside<TechToken>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.tech_tokens) c.by_expansion[index(Expansion::IxiansTleilaxu)] = static_cast<int>(kTechTokens.size());
    return c;
  }
};

struct DiscoveryToken {
  using Id = TokenId<DiscoveryToken>;
  static constexpr std::string_view name = "Discovery token";
  using Zones = ZoneList<Deck<DiscoveryToken>, Board, Removed<DiscoveryToken>>;
  static constexpr Census census(const CatalogueOptions& o) {
    Census c;
    if (o.discovery) c.by_expansion[index(Expansion::EcazMoritani)] = static_cast<int>(kDiscoveryTokens.size());
    return c;
  }
};

// ---------------------------------------------------------------------------------------------
// The list of every kind. The census invariant and the CLI iterate this list, so a new kind
// cannot escape them; proofs/catalogue_proofs.cpp checks each entry has a census and zones.

template <class... Ks>
struct KindList {
  static constexpr std::size_t size = sizeof...(Ks);
  template <class F>
  static constexpr void for_each(F&& f) {
    (f(std::type_identity<Ks>{}), ...);
  }
};

using ComponentKinds =
    KindList<TreacheryCard, NexusCard, TraitorCard, SpiceCard, StormCard, LeaderDisc, ForceToken,
             KwisatzHaderachToken, TerrorToken, Ambassador, NoFieldToken, TechToken, DiscoveryToken>;

template <class K>
concept ComponentKind = requires(const CatalogueOptions& o) {
  typename K::Id;
  typename K::Zones;
  { K::name } -> std::convertible_to<std::string_view>;
  { K::census(o) } -> std::same_as<Census>;
} && (K::Zones::size > 0);

// A zone `Z` that components of kind `K` may occupy.
template <class Z, class K>
concept OccupiableBy = ComponentKind<K> && K::Zones::template contains<Z>;

}  // namespace dune

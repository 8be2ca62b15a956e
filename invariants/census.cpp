#include "invariants/census.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <functional>
#include <string>

#include "model/cards.h"
#include "model/catalogue.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

std::string treachery_name(std::uint8_t id) {
  if (id >= kTreacheryCardCount) return fmt::format("#{}", id);
  return fmt::format("{}#{}", card_type(TreacheryCardId{id}).name, kTreacheryCards[id].copy);
}

std::string traitor_name(std::uint8_t id) {
  if (id == kCheapHeroTraitor.value) return "Cheap Hero";
  return id < kLeaderCount ? std::string(leader_info(LeaderId{id}).name) : fmt::format("#{}", id);
}

// Where each card of one kind was found, by raw id: the zones' names once, and per card the
// indices of the zones it was found in (no allocation per card; names are joined only to report).
class Sightings {
 public:
  explicit Sightings(std::string kind) : kind_(std::move(kind)) {}

  template <class Id>
  void found(const std::vector<Id>& ids, std::string zone) {
    if (ids.empty()) return;
    const auto z = static_cast<std::uint8_t>(zone_names_.size());
    zone_names_.push_back(std::move(zone));
    for (const Id& id : ids) {
      Seen& seen = seen_[id.value];
      if (seen.count < seen.zones.size()) seen.zones[seen.count] = z;
      ++seen.count;
    }
  }

  // Every card appears once, each is one of this setup's (`belongs`), and the number of distinct
  // cards equals `expected`.
  void check(int expected, const std::function<std::string(std::uint8_t)>& name,
             const std::function<bool(std::uint8_t)>& belongs, Violations& out) const {
    int distinct = 0;
    for (std::size_t raw = 0; raw < seen_.size(); ++raw) {
      const Seen& seen = seen_[raw];
      if (seen.count == 0) continue;
      ++distinct;
      const auto id = static_cast<std::uint8_t>(raw);
      if (!belongs(id)) {
        out.push_back({"census." + kind_, fmt::format("{} {} ({}) is not part of this game", kind_, name(id),
                                                      zone_names_[seen.zones[0]])});
      }
      if (seen.count > 1) {
        std::string where;
        for (std::size_t k = 0; k < std::min<std::size_t>(seen.count, seen.zones.size()); ++k) {
          where += fmt::format("{}{}", where.empty() ? "" : ", ", zone_names_[seen.zones[k]]);
        }
        if (seen.count > seen.zones.size()) where += ", ...";
        out.push_back({"census." + kind_, fmt::format("{} {} in {} zones: {}", kind_, name(id), seen.count, where)});
      }
    }
    if (distinct != expected) {
      out.push_back({"census." + kind_, fmt::format("{} {} cards accounted for, the catalogue has {}", distinct, kind_, expected)});
    }
  }

 private:
  struct Seen {
    std::size_t count = 0;
    std::array<std::uint8_t, 8> zones{};  // the first eight zones it was found in
  };
  std::string kind_;
  std::vector<std::string> zone_names_;
  std::array<Seen, 256> seen_{};
};

void check_treachery(const GameState& s, Violations& out) {
  Sightings cards("Treachery");
  cards.found(s.treachery.deck.known_top, "deck (known top)");
  cards.found(s.treachery.deck.unseen, "deck");
  cards.found(s.treachery.deck.known_bottom, "deck (known bottom)");
  cards.found(s.treachery.discard, "discard");
  cards.found(s.treachery.set_aside, "set aside");
  cards.found(s.bidding.lots, "up for bid");
  cards.found(s.treachery.draft, "starting-card draft");
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    cards.found(s.seats[i].hand, fmt::format("{} hand", to_string(s.options.factions[i])));
  }
  // The ones the catalogue's census counts (model/catalogue.h, TreacheryCard): base cards, the
  // expansions' only with their options.
  const CatalogueOptions o = catalogue_options(s.options);
  cards.check(TreacheryCard::census(o).total(), treachery_name, [&](std::uint8_t id) {
    const TreacheryCardType& t = card_type(TreacheryCardId{id});
    return id < kTreacheryCardCount && o.has(treachery_set(t));
  }, out);
}

void check_traitors(const GameState& s, Violations& out) {
  Sightings cards("traitor");
  cards.found(s.traitor_deck.known_top, "traitor deck (known top)");
  cards.found(s.traitor_deck.unseen, "traitor deck");
  cards.found(s.traitor_deck.known_bottom, "traitor deck (known bottom)");
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const std::string who = std::string(to_string(s.options.factions[i]));
    cards.found(s.seats[i].traitors, who + " traitors");
    cards.found(s.seats[i].traitor_offer, who + " traitor offer");
  }
  // One per leader of a faction in play (TraitorCard's census), the Cheap Hero with its option.
  const CatalogueOptions o = catalogue_options(s.options);
  cards.check(TraitorCard::census(o).total(), traitor_name, [&](std::uint8_t id) {
    if (id == kCheapHeroTraitor.value) return o.cards.cheap_hero_traitor;
    if (id >= kLeaderCount) return false;
    const LeaderInfo& l = kLeaders[id];
    return l.faction && o.in_play(*l.faction) && (l.role != LeaderRole::Auditor || o.choam_auditor);
  }, out);
}

void check_spice_cards(const GameState& s, Violations& out) {
  Sightings cards("spice");
  cards.found(s.blow.deck.known_top, "spice deck (known top)");
  cards.found(s.blow.deck.unseen, "spice deck");
  cards.found(s.blow.deck.known_bottom, "spice deck (known bottom)");
  cards.found(s.blow.discard[0], "discard A");
  cards.found(s.blow.discard[1], "discard B");
  cards.found(s.blow.set_aside, "set aside");
  const CatalogueOptions o = catalogue_options(s.options);
  cards.check(SpiceCard::census(o).total(), [](std::uint8_t id) { return std::string(spice_card_info(SpiceCardId{id}).name); },
              [&](std::uint8_t id) {
                if (id >= kSpiceCardCount) return false;
                const SpiceCardInfo& c = kSpiceCards[id];
                return c.expansion == Expansion::Base || (c.kind == SpiceCardKind::Sandtrout && o.sandtrout) ||
                       (c.kind == SpiceCardKind::GreatMaker && o.great_maker) ||
                       (c.kind == SpiceCardKind::Discovery && o.discovery);
              }, out);
}

// Seed 000, item 1: the twelve Nexus identities, each once, across deck, discard and held cards
// (only when the module is selected), and at most one held card per seat (capacity).
void check_nexus_cards(const GameState& s, Violations& out) {
  Sightings cards("Nexus");
  auto found = [&](const std::vector<NexusCardId>& ids, const std::string& zone) {
    std::vector<TraitorCardId> raw;  // any Id with .value: the faction as the raw id
    for (NexusCardId id : ids) raw.push_back(TraitorCardId{static_cast<std::uint8_t>(id.faction)});
    cards.found(raw, zone);
  };
  found(s.nexus.deck.known_top, "Nexus deck (known top)");
  found(s.nexus.deck.unseen, "Nexus deck");
  found(s.nexus.discard, "Nexus discard");
  for (std::size_t i = 0; i < kMaxSeats; ++i) {
    if (!s.nexus.held[i]) continue;
    if (i >= s.seat_count()) {
      out.push_back({"capacity.nexus", fmt::format("seat {} is not at the table but holds a Nexus card", i)});
    }
    found({*s.nexus.held[i]}, i < s.seat_count() ? fmt::format("{} held", to_string(s.options.factions[i])) : "held");
  }
  cards.check(NexusCard::census(catalogue_options(s.options)).total(),
              [](std::uint8_t id) { return std::string(to_string(static_cast<Faction>(id))); },
              [](std::uint8_t id) { return id < kFactionCount; }, out);
}

void check_leaders(const GameState& s, Violations& out) {
  int in_play = 0;
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    const LeaderState& leader = s.leaders[l];
    if (leader.where == LeaderLocation::NotInPlay) continue;
    ++in_play;
    if (leader.holder.value >= s.seat_count()) {
      out.push_back({"census.leaders", fmt::format("leader {} is held by seat {}, not at the table", kLeaders[l].name, leader.holder.value)});
    }
  }
  const int expected = LeaderDisc::census(catalogue_options(s.options)).total();
  if (in_play != expected) {
    out.push_back({"census.leaders", fmt::format("{} leader discs in play, the catalogue has {}", in_play, expected)});
  }
}

void check_forces(const GameState& s, Violations& out) {
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const Faction f = s.options.factions[i];
    const SeatState& seat = s.seats[i];
    const ForceSplit total = total_forces(f, s.options.rules.special_forces);
    ForceCount normal = seat.reserves_normal + seat.tanks_normal;
    ForceCount special = seat.reserves_special + seat.tanks_special;
    for (std::size_t c = 0; c < kCellCount; ++c) {
      normal += s.board.normal[c][index(f)];
      special += s.board.special[c][index(f)];
      if (s.board.normal[c][index(f)] < ForceCount{0} || s.board.special[c][index(f)] < ForceCount{0}) {
        out.push_back({"capacity.forces", fmt::format("{} has a negative force count in cell L{:02}", to_string(f), c)});
      }
    }
    if (normal != total.normal || special != total.special) {
      out.push_back({"conservation.forces",
                     fmt::format("{} forces: {} normal and {} special across reserves, board and Tanks; the catalogue has {} and {}",
                                 to_string(f), normal.value, special.value, total.normal.value, total.special.value)});
    }
  }
}

}  // namespace

CatalogueOptions catalogue_options(const Options& options) {
  CatalogueOptions o;
  for (Faction f : options.factions) o.factions_in_play[index(f)] = true;
  o.advanced = options.rules.special_forces;
  o.nexus_module = options.nexus != NexusModuleMode::Off;
  o.cards = options.cards;
  o.tech_tokens = options.cards.e1_tech_tokens;
  return o;
}

Violations check_census(const GameState& state) {
  Violations out;
  check_treachery(state, out);
  check_traitors(state, out);
  check_spice_cards(state, out);
  check_nexus_cards(state, out);
  check_leaders(state, out);
  check_forces(state, out);
  return out;
}

}  // namespace dune::invariants

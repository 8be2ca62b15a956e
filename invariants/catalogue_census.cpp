#include "invariants/catalogue_census.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>
#include <type_traits>

#include "invariants/census.h"
#include "model/catalogue.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

// What the state holds of one kind: a count, or nullopt when the state has no zone for the kind
// (the engine does not play the faction or expansion that brings it).
using Tally = std::optional<int>;

Tally tally(std::type_identity<TreacheryCard>, const GameState& s) {
  std::size_t n = s.treachery.deck.size() + s.treachery.discard.size() + s.treachery.set_aside.size() + s.bidding.lots.size() +
                  s.treachery.draft.size();
  for (const SeatState& seat : s.seats) n += seat.hand.size();
  return static_cast<int>(n);
}

Tally tally(std::type_identity<NexusCard>, const GameState& s) {
  std::size_t n = s.nexus.deck.size() + s.nexus.discard.size();
  for (const auto& held : s.nexus.held) n += held ? 1 : 0;
  return static_cast<int>(n);
}

Tally tally(std::type_identity<TraitorCard>, const GameState& s) {
  std::size_t n = s.traitor_deck.size();
  for (const SeatState& seat : s.seats) n += seat.traitors.size() + seat.traitor_offer.size();
  return static_cast<int>(n);
}

Tally tally(std::type_identity<SpiceCard>, const GameState& s) {
  return static_cast<int>(s.blow.deck.size() + s.blow.discard[0].size() + s.blow.discard[1].size() + s.blow.set_aside.size());
}

// The storm deck is reshuffled whole before each draw ([LR] 3.3): the state keeps only the card
// Fremen saw, so the deck is always complete when the kind exists.
Tally tally(std::type_identity<StormCard>, const GameState& s) {
  const CatalogueOptions o = catalogue_options(s.options);
  if (s.storm.next_card && (*s.storm.next_card < 1 || *s.storm.next_card > kStormCards.size())) return -1;
  return StormCard::census(o).total();
}

Tally tally(std::type_identity<LeaderDisc>, const GameState& s) {
  int n = 0;
  for (const LeaderState& l : s.leaders) n += l.where != LeaderLocation::NotInPlay ? 1 : 0;
  return n;
}

Tally tally(std::type_identity<ForceToken>, const GameState& s) {
  ForceCount n{};
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const Faction f = s.options.factions[i];
    const SeatState& seat = s.seats[i];
    n += seat.reserves_normal + seat.reserves_special + seat.tanks_normal + seat.tanks_special;
    for (std::size_t c = 0; c < kCellCount; ++c) n += s.board.normal[c][index(f)] + s.board.special[c][index(f)];
  }
  return n.value;
}

// The Kwisatz Haderach token never leaves the game; the state records it by flags (battle state).
Tally tally(std::type_identity<KwisatzHaderachToken>, const GameState& s) {
  return KwisatzHaderachToken::census(catalogue_options(s.options)).total();
}

// E2/E3 faction tokens: the engine has no zone for them (those factions are not playable yet).
Tally tally(std::type_identity<TerrorToken>, const GameState&) { return std::nullopt; }
Tally tally(std::type_identity<Ambassador>, const GameState&) { return std::nullopt; }
Tally tally(std::type_identity<NoFieldToken>, const GameState&) { return std::nullopt; }
// E1's tech tokens (option e1_tech_tokens): each is held by a seat at the table, or lies in the box
// (before the deal) or set aside (after it). A holder off the table loses its token.
Tally tally(std::type_identity<TechToken>, const GameState& s) {
  if (!s.options.cards.e1_tech_tokens) return std::nullopt;
  return static_cast<int>(std::count_if(s.tech.holder.begin(), s.tech.holder.end(),
                                        [&](const std::optional<Seat>& h) { return !h || h->value < s.seat_count(); }));
}
Tally tally(std::type_identity<DiscoveryToken>, const GameState&) { return std::nullopt; }

}  // namespace

Violations check_catalogue_census(const GameState& state) {
  Violations out;
  const CatalogueOptions o = catalogue_options(state.options);
  ComponentKinds::for_each([&]<class K>(std::type_identity<K> kind) {
    const int expected = K::census(o).total();
    const Tally found = tally(kind, state);
    if (!found && expected > 0) {
      out.push_back({"census.catalogue", fmt::format("{} {}s exist in this setup, but the state has no zone for them", expected, K::name)});
    } else if (found && *found != expected) {
      out.push_back({"census.catalogue", fmt::format("{} {}s found across their zones, the catalogue has {}", *found, K::name, expected)});
    }
  });
  return out;
}

}  // namespace dune::invariants

// The census a loaded snapshot must satisfy (io/persistence.h check_census): every card in
// exactly one zone and the force and spice totals of the setup. Split from persistence.cpp.
#include "io/persistence.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

using json_io::name_of;

// ---- census ---------------------------------------------------------------------------------
namespace {

// Where each card of one kind is. A new zone that can hold a card must be listed in census_of.
template <class Id>
struct Places {
  std::map<std::uint8_t, std::vector<std::string>> where;
  void add(const std::vector<Id>& cards, const std::string& place) {
    for (const Id& c : cards) where[c.value].push_back(place);
  }
  void add(const HiddenPile<Id>& pile, const std::string& place) {
    add(pile.known_top, place + " (known top)");
    add(pile.unseen, place);
  }
};

struct CardCensus {
  Places<TreacheryCardId> treachery;
  Places<TraitorCardId> traitors;
  Places<SpiceCardId> spice;
};

CardCensus census_of(const GameState& s) {
  CardCensus c;
  c.treachery.add(s.treachery.deck, "Treachery deck");
  c.treachery.add(s.treachery.discard, "Treachery discard");
  c.treachery.add(s.bidding.lots, "bidding lots");
  c.traitors.add(s.traitor_deck, "traitor deck");
  c.spice.add(s.blow.deck, "spice deck");
  c.spice.add(s.blow.discard[0], "spice discard A");
  c.spice.add(s.blow.discard[1], "spice discard B");
  c.spice.add(s.blow.set_aside, "spice set aside");
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const std::string who = fmt::format("seat {} ({})", i, to_string(s.options.factions[i]));
    c.treachery.add(s.seats[i].hand, who + " hand");
    c.traitors.add(s.seats[i].traitors, who + " traitors");
    c.traitors.add(s.seats[i].traitor_offer, who + " traitor offer");
  }
  return c;
}

template <class Id>
std::optional<LoadError> compare_places(std::string_view kind, const Places<Id>& actual, const Places<Id>& expected) {
  for (const auto& [id, places] : actual.where) {
    if (places.size() > 1) {
      return LoadError{fmt::format("census: {} {} is in {} places: {}", kind, id, places.size(), fmt::join(places, ", "))};
    }
    if (!expected.where.contains(id)) {
      return LoadError{fmt::format("census: {} {} ({}) is not part of this game", kind, id, places.front())};
    }
  }
  for (const auto& [id, places] : expected.where) {
    if (!actual.where.contains(id)) return LoadError{fmt::format("census: {} {} is missing", kind, id)};
  }
  return std::nullopt;
}

struct ForceTotals {
  std::array<ForceCount, kFactionCount> normal{}, special{};
};

ForceTotals forces_of(const GameState& s) {
  ForceTotals t;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (std::size_t f = 0; f < kFactionCount; ++f) {
      t.normal[f] += s.board.normal[c][f];
      t.special[f] += s.board.special[c][f];
    }
  }
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const std::size_t f = index(s.options.factions[i]);
    t.normal[f] += s.seats[i].reserves_normal + s.seats[i].tanks_normal;
    t.special[f] += s.seats[i].reserves_special + s.seats[i].tanks_special;
  }
  return t;
}

std::optional<LoadError> check_counts(const GameState& s) {
  for (std::size_t c = 0; c < kCellCount; ++c) {
    for (std::size_t f = 0; f < kFactionCount; ++f) {
      if (s.board.normal[c][f].value < 0 || s.board.special[c][f].value < 0 || s.board.spice[c].value < 0) {
        return LoadError{fmt::format("census: negative count in cell {}", c)};
      }
    }
  }
  for (std::size_t i = 0; i < s.seats.size(); ++i) {
    const SeatState& x = s.seats[i];
    for (int v : {x.spice.value, x.in_front_of_shield.value, x.reserves_normal.value, x.reserves_special.value,
                  x.tanks_normal.value, x.tanks_special.value, x.ally_spice_limit.value}) {
      if (v < 0) return LoadError{fmt::format("census: seat {} has a negative count ({})", i, v)};
    }
  }
  if (s.bank.value < 0) return LoadError{"census: the spice bank is negative"};
  return std::nullopt;
}

Spice spice_total(const GameState& s) {
  Spice total = s.bank;
  for (const SeatState& x : s.seats) total += x.spice + x.in_front_of_shield;
  for (Spice c : s.board.spice) total += c;
  return total;
}

}  // namespace

std::optional<LoadError> check_census(const GameState& s) {
  auto game = new_game(s.options);
  if (auto* r = std::get_if<Rejection>(&game)) return LoadError{"census: options rejected: " + r->message};
  const GameState& reference = std::get<GameState>(game);
  if (s.seats.size() != reference.seats.size()) return LoadError{"census: seat count does not match the options"};
  if (auto e = check_counts(s)) return e;
  const CardCensus actual = census_of(s), expected = census_of(reference);
  if (auto e = compare_places("Treachery card", actual.treachery, expected.treachery)) return e;
  if (auto e = compare_places("traitor card", actual.traitors, expected.traitors)) return e;
  if (auto e = compare_places("spice card", actual.spice, expected.spice)) return e;
  const ForceTotals have = forces_of(s), own = forces_of(reference);
  for (Faction f : kAllFactions) {
    const std::size_t i = index(f);
    if (have.normal[i] != own.normal[i] || have.special[i] != own.special[i]) {
      return LoadError{fmt::format("census: {} has {}+{} forces on the board, in reserves and in the Tanks; it owns {}+{}",
                                   to_string(f), have.normal[i].value, have.special[i].value, own.normal[i].value,
                                   own.special[i].value)};
    }
  }
  if (spice_total(s) != spice_total(reference)) {
    return LoadError{fmt::format("census: {} spice in the game, {} at the start", spice_total(s).value,
                                 spice_total(reference).value)};
  }
  return std::nullopt;
}

}  // namespace dune

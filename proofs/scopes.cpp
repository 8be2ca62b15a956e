// The named scopes of the bounded explorer (proofs/explorer.h) and how their starts are staged:
// played through the engine from new_game with staged chance outcomes and the fixed policy, then,
// where the engine alone cannot reach the start in a few turns, a documented edit as the tests in
// tests/nexus make (tests/nexus/nexus_support.h, atreides_test.cpp). Each Nexus family adds its
// own scopes from the data its file declares (engine/nexus/family.h, NexusScope).
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <deque>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/nexus/family.h"
#include "generators/choices.h"
#include "model/cards.h"
#include "proofs/explorer.h"

namespace dune::proofs {
namespace {

using harness::Choice;

// ---- staging through the engine -----------------------------------------------------------

std::uint8_t spice_card(SpiceCardKind kind, int skip = 0) {
  for (std::size_t i = 0; i < kSpiceCardCount; ++i) {
    if (kSpiceCards[i].expansion == Expansion::Base && kSpiceCards[i].kind == kind && skip-- == 0) {
      return static_cast<std::uint8_t>(i);
    }
  }
  return 0;
}
std::uint8_t worm(int n = 0) { return spice_card(SpiceCardKind::ShaiHulud, n); }
std::uint8_t territory_card(int n) { return spice_card(SpiceCardKind::Territory, n); }

// Plays a game from new_game with the fixed policy (engine default_choice, the awaited seat that
// comes first) and staged chance outcomes (per kind, in order; an unstaged or unlisted draw takes
// the harness's seeded pick), recording the choices and outcomes the harness replays.
class Driver {
 public:
  Driver(Options options, std::uint64_t seed) {
    point_.spec.options = std::move(options);
    point_.spec.bots.assign(point_.spec.options.seat_count(), generators::BotProfile::Passive);
    point_.spec.seed = seed;
    state_ = std::get<GameState>(new_game(point_.spec.options));
  }

  Driver& stage(ChanceKind kind, std::uint8_t outcome) {
    staged_.emplace_back(kind, outcome);
    return *this;
  }

  // From now on a lot up for bid with no bid yet gets the least bid of the seat to act, when it
  // may bid (the default, a pass, would end the auction at its first lot).
  Driver& buying() {
    buying_ = true;
    return *this;
  }

  // Plays until `done` holds (or the game cannot go on: the explorer's staging then reports it).
  Driver& until(bool (*done)(const GameState&)) {
    for (int guard = 0; guard < 5000 && !done(state_) && !is_terminal(state_) && state_.halted.empty(); ++guard) {
      if (state_.chance) {
        chance_step();
        continue;
      }
      const auto seats = pending(state_);
      if (seats.empty()) break;
      const auto legal = legal_commands(state_, seats.front());
      if (legal.empty()) break;
      std::size_t j = default_choice(legal);
      if (buying_ && state_.step == Step::Bidding && !state_.bidding.high_bidder && !state_.nexus.window) {
        const auto bid = std::find_if(legal.begin(), legal.end(), [](const Command& c) { return std::holds_alternative<Bid>(c); });
        if (bid != legal.end()) j = static_cast<std::size_t>(bid - legal.begin());
      }
      const Envelope e{CommandId{point_.choices.size() + 1}, seats.front(), state_.version, legal[j]};
      auto result = submit(state_, e);
      if (!std::holds_alternative<Accepted>(result)) break;
      state_ = std::get<Accepted>(std::move(result)).next;
      point_.choices.push_back(generators::encode_choice(legal, seats.size(), 0, j));
    }
    return *this;
  }

  StartPoint point(std::string name, std::function<void(GameState&)> edit = {}, std::string note = {}) const {
    StartPoint p = point_;
    p.name = std::move(name);
    p.edit = std::move(edit);
    p.edit_note = std::move(note);
    return p;
  }

 private:
  void chance_step() {
    const auto outcomes = chance_outcomes(state_);
    const ChanceKind kind = state_.chance->kind;
    std::uint8_t pick = generators::chance_pick(point_.spec.seed, kind, seen_[static_cast<std::size_t>(kind)], outcomes);
    for (auto it = staged_.begin(); it != staged_.end(); ++it) {
      if (it->first != kind) continue;
      if (std::find(outcomes.begin(), outcomes.end(), it->second) != outcomes.end()) pick = it->second;
      staged_.erase(it);
      break;
    }
    seen_[static_cast<std::size_t>(kind)] += 1;
    point_.chance.push_back(pick);
    state_ = std::get<GameState>(apply_chance(state_, pick));
  }

  StartPoint point_;
  GameState state_;
  std::deque<std::pair<ChanceKind, std::uint8_t>> staged_;
  bool buying_ = false;
  std::array<std::uint32_t, 16> seen_{};  // per ChanceKind
  static_assert(static_cast<std::size_t>(ChanceKind::FaceDancerDraw) < 16);
};

Options nexus_options(std::vector<Faction> factions, bool double_blow = false) {
  Options o = Options::basic(std::move(factions));
  o.nexus = NexusModuleMode::Audit;
  o.rules.double_spice_blow = double_blow;
  return o;
}

// ---- regions and chance narrowing ---------------------------------------------------------

bool in_spice_blow(const GameState& s) { return s.phase == Phase::SpiceBlowAndNexus; }
bool in_battle(const GameState& s) { return s.phase == Phase::Battle; }
bool turn2_negotiation(const GameState& s) { return s.turn == 2 && s.step == Step::NexusNegotiation; }
bool past_setup(const GameState& s) { return s.turn >= 1; }

// A spice draw explores one territory card (the blow ends) and, while no worm has appeared in
// this blow, one worm (a Nexus in it); the rest of the spice deck is left out.
std::vector<std::uint8_t> narrow_spice(const GameState& s, std::vector<std::uint8_t> outcomes) {
  if (s.chance->kind != ChanceKind::SpiceDraw) return outcomes;
  std::vector<std::uint8_t> out;
  for (SpiceCardKind kind : {SpiceCardKind::Territory, SpiceCardKind::ShaiHulud}) {
    if (kind == SpiceCardKind::ShaiHulud && s.blow.worms_in_blow > 0) continue;
    for (std::uint8_t o : outcomes) {
      if (kSpiceCards[o].kind == kind) {
        out.push_back(o);
        break;
      }
    }
  }
  return out.empty() ? outcomes : out;
}

// ---- edits (documented in each start's note) ----------------------------------------------

// Seed 000 "Publisher's common rules" (exhaustion recycles the discard): a two-card deck (the
// Emperor's and Harkonnen's own cards), the other ten in the public discard; the census is kept.
void small_nexus_deck(GameState& s) {
  NexusState& n = s.nexus;
  n.deck = {};
  n.discard.clear();
  for (Faction f : kAllFactions) {
    if (f == Faction::Emperor || f == Faction::Harkonnen) n.deck.add_unseen(NexusCardId{f});
    else n.discard.push_back(NexusCardId{f});
  }
}

// Seed 000 item 6 needs cards held when an alliance forms: Atreides holds the Fremen card and
// Harkonnen the Spacing Guild card, taken from the deck.
void held_cards(GameState& s) {
  for (auto [seat, f] : {std::pair{0, Faction::Fremen}, std::pair{1, Faction::SpacingGuild}}) {
    s.nexus.deck.take_unseen(NexusCardId{f});
    s.nexus.held[static_cast<std::size_t>(seat)] = NexusCardId{f};
  }
}

constexpr CellId kArrakeen{5};

// One battle in Arrakeen on turn 2 between seats 0 and 1 (as tests/nexus/atreides_test.cpp
// stages it): forces from reserves where a seat has none (three by default), the storm away, the
// Ixians' Hidden Mobile Stronghold on the board, the phase entered.
void battle_in_arrakeen(GameState& s, ForceCount normal, ForceCount special) {
  s.storm.sector = Sector{0};
  for (std::uint8_t i = 0; i < 2; ++i) {
    const Faction f = s.faction_of(Seat{i});
    if (s.board.normal[index(kArrakeen)][index(f)] + s.board.special[index(kArrakeen)][index(f)] > ForceCount{0}) continue;
    SeatState& seat = s.seat(Seat{i});
    const ForceCount n = std::min(normal, seat.reserves_normal);
    const ForceCount x = std::min(special, seat.reserves_special);
    seat.reserves_normal -= n;
    seat.reserves_special -= x;
    s.board.normal[index(kArrakeen)][index(f)] += n;
    s.board.special[index(kArrakeen)][index(f)] += x;
  }
  // The Ixians' Hidden Mobile Stronghold, placed after turn 1's storm in a game played to turn 2:
  // on the first sand cell out of the storm.
  if (s.seat_of(Faction::Ixians) && !s.board.hms_host) {
    for (std::size_t c = 0; c < kMapCellCount && !s.board.hms_host; ++c) {
      if (territory_info(kCells[c].territory).type == TerritoryType::Sand && !cell_in_storm(s, cell_at(c))) s.board.hms_host = cell_at(c);
    }
  }
  s.turn = 2;
  enter_phase(s, Phase::Battle);
}

// The family's card from the deck into `seat`'s hand (the card is in the deck at the start).
void hold_family_card(GameState& s, Faction family, Seat seat) {
  const NexusCardId id{family};
  s.nexus.deck.take_unseen(id);
  s.nexus.held[seat.value] = id;
}

// ---- the scopes ---------------------------------------------------------------------------

const std::vector<Faction> kTwo{Faction::Atreides, Faction::Harkonnen};
const std::vector<Faction> kThree{Faction::Atreides, Faction::Harkonnen, Faction::Emperor};
const std::vector<Faction> kFour{Faction::Atreides, Faction::Harkonnen, Faction::Emperor, Faction::SpacingGuild};

std::vector<StartPoint> lifecycle2_starts() {
  Driver d(nexus_options(kTwo), 1);
  // Turn 1 blows a territory card; Atreides' peek in turn 1 fixes the worm on top for turn 2.
  d.stage(ChanceKind::SpiceDraw, territory_card(0)).stage(ChanceKind::SpicePeek, worm()).stage(ChanceKind::SpiceDraw, territory_card(1));
  return {d.until(turn2_negotiation).point("turn-2-nexus")};
}

std::vector<StartPoint> lifecycle3_starts() {
  Driver d(nexus_options(kThree, /*double_blow=*/true), 2);
  // Turn 1: a territory card on each pile; Atreides' peek fixes the worm on top for turn 2's pile A.
  d.stage(ChanceKind::SpiceDraw, territory_card(0)).stage(ChanceKind::SpiceDraw, territory_card(1));
  d.stage(ChanceKind::SpicePeek, worm()).stage(ChanceKind::SpiceDraw, territory_card(2));
  d.until(turn2_negotiation);
  return {d.point("turn-2-nexus"),
          d.point("small-deck", small_nexus_deck,
                  "Nexus deck of two (the Emperor's and Harkonnen's cards), the other ten in the discard")};
}

// As lifecycle-3 with a fourth seat: two alliances possible, four seats drawing and redrawing.
std::vector<StartPoint> lifecycle4_starts() {
  Driver d(nexus_options(kFour, /*double_blow=*/true), 2);
  d.stage(ChanceKind::SpiceDraw, territory_card(0)).stage(ChanceKind::SpiceDraw, territory_card(1));
  d.stage(ChanceKind::SpicePeek, worm()).stage(ChanceKind::SpiceDraw, territory_card(2));
  return {d.until(turn2_negotiation).point("turn-2-nexus")};
}

std::vector<StartPoint> lifecycle_held_starts() {
  Driver d(nexus_options(kThree), 5);
  d.stage(ChanceKind::SpiceDraw, territory_card(0)).stage(ChanceKind::SpicePeek, worm()).stage(ChanceKind::SpiceDraw, territory_card(1));
  return {d.until(turn2_negotiation).point("held-cards", held_cards, "Atreides holds the Fremen card, Harkonnen the Spacing Guild card")};
}

// A family's battle scope (engine/nexus/<family>.cpp declares its starts): each start plays past
// setup, then stages the battle of seats 0 and 1 with the family's card held by the start's seat.
std::vector<StartPoint> battle_starts(Faction family, std::span<const NexusBattleStart> starts) {
  std::vector<StartPoint> out;
  for (const NexusBattleStart& b : starts) {
    Options options = nexus_options({b.factions.begin(), b.factions.end()});
    options.rules.special_forces = b.special_forces;
    Driver d(options, b.seed);
    d.until(past_setup);
    const Seat holder{b.holder};
    const ForceCount normal{b.normal}, special{b.special};
    const std::string battle = fmt::format("one battle in Arrakeen on turn 2 between seats 0 and 1 ({} forces{} each from reserves{}), ",
                                           b.normal, b.special ? fmt::format(" and {} special", b.special) : "",
                                           b.special_forces ? ", special forces rule" : "");
    const std::uint8_t extra = b.extra_cards;
    const bool one_weapon = b.one_weapon;
    std::string hands = extra ? fmt::format("{} more Treachery Card(s) each, ", extra) : std::string();
    if (one_weapon) hands = "each combatant holding one projectile weapon and no other card (its own cards discarded), ";
    const std::uint8_t revealed = b.revealed_dancers;
    if (revealed) hands += fmt::format("{} of the Tleilaxu's Face Dancers face up, ", revealed);
    out.push_back(d.point(std::string(b.name), [family, holder, normal, special, extra, one_weapon, revealed](GameState& s) {
      battle_in_arrakeen(s, normal, special);
      hold_family_card(s, family, holder);
      for (std::uint8_t i = 0; i < 2; ++i) {
        SeatState& seat = s.seat(Seat{i});
        const auto room = static_cast<std::size_t>(hand_limit(s, Seat{i}));
        for (std::uint8_t n = 0; n < extra && seat.hand.size() < room && s.treachery.deck.size() > 0; ++n) {
          transfer(s.treachery.deck, seat.hand, s.treachery.deck.unseen.front());
        }
        if (!one_weapon) continue;
        while (!seat.hand.empty()) transfer(seat.hand, s.treachery.discard, seat.hand.front());
        const auto& unseen = s.treachery.deck.unseen;
        const auto weapon = std::find_if(unseen.begin(), unseen.end(), [](TreacheryCardId c) {
          return card_type(c).classification == TreacheryClass::WeaponProjectile;
        });
        if (weapon != unseen.end()) transfer(s.treachery.deck, seat.hand, *weapon);
      }
      if (const auto tleilaxu = s.seat_of(Faction::Tleilaxu); tleilaxu && revealed) {
        SeatState& t = s.seat(*tleilaxu);
        for (std::size_t i = 0; i < revealed && i + 1 < t.traitors.size(); ++i) t.revealed_dancers.push_back(t.traitors[i]);
      }
    }, battle + hands + std::string(b.what)));
  }
  return out;
}

// A family's Spice Blow scope: each start plays to turn 2's storm card window, then places the
// start's forces from reserves where the worm would appear (pile A's topmost territory card) and
// in another sand territory out of the storm, with the family's card held by the start's seat.
// The start rests on a decision (a pending draw is not a start): the storm card window before it.
bool turn2_storm_window(const GameState& s) { return s.turn == 2 && s.step == Step::StormCardWindow; }
bool in_blow_or_its_window(const GameState& s) { return s.step == Step::StormCardWindow || in_spice_blow(s); }

void place_from_reserves(GameState& s, Faction f, CellId cell, std::uint8_t count) {
  const auto seat = s.seat_of(f);
  if (!seat || count == 0) return;
  const ForceCount n = std::min(ForceCount{count}, s.seat(*seat).reserves_normal);
  s.seat(*seat).reserves_normal -= n;
  s.board.normal[index(cell)][index(f)] += n;
}

// A cell of `t` out of the storm (the first), or of another sand territory when `t` is nullopt.
std::optional<CellId> open_cell(const GameState& s, std::optional<TerritoryId> t, TerritoryId not_this) {
  for (std::size_t c = 0; c < kCellCount; ++c) {
    const TerritoryId ter = kCells[c].territory;
    const bool wanted = t ? ter == *t : ter != not_this && territory_info(ter).type == TerritoryType::Sand;
    if (wanted && !cell_in_storm(s, cell_at(c))) return cell_at(c);
  }
  return std::nullopt;
}

std::vector<StartPoint> blow_starts(Faction family, std::span<const NexusBlowStart> starts) {
  std::vector<StartPoint> out;
  for (const NexusBlowStart& b : starts) {
    Driver d(nexus_options({b.factions.begin(), b.factions.end()}), b.seed);
    d.stage(ChanceKind::SpiceDraw, territory_card(3)).until(turn2_storm_window);
    const std::string note = fmt::format("turn 2's Spice Blow from the storm card window before it; the worm's territory gets {} forces of the holder "
                                         "and {} Fremen, another sand territory {} Fremen (from reserves), ",
                                         b.holder_at_worm, b.fremen_at_worm, b.fremen_elsewhere);
    out.push_back(d.point(std::string(b.name), [family, b](GameState& s) {
      hold_family_card(s, family, Seat{b.holder});
      const auto& pile = s.blow.discard[0];
      const auto top = std::find_if(pile.rbegin(), pile.rend(), [](SpiceCardId c) { return spice_card_info(c).kind == SpiceCardKind::Territory; });
      if (top == pile.rend()) return;
      const TerritoryId worm_at = spice_card_info(*top).territory;
      if (const auto c = open_cell(s, worm_at, worm_at)) {
        place_from_reserves(s, s.faction_of(Seat{b.holder}), *c, b.holder_at_worm);
        place_from_reserves(s, Faction::Fremen, *c, b.fremen_at_worm);
      }
      if (const auto c = open_cell(s, std::nullopt, worm_at)) place_from_reserves(s, Faction::Fremen, *c, b.fremen_elsewhere);
    }, note + std::string(b.what)));
  }
  return out;
}

// A family's Shipment and Movement scope: each start plays to turn 2's first shipment decision,
// then gives the start's seat the family's card and leaves each seat the start's reserves (the
// others to the Tanks: the census holds, and the shipments explored stay few).
bool turn2_shipment(const GameState& s) { return s.turn == 2 && s.step == Step::Shipment; }
bool in_shipment_movement(const GameState& s) { return s.phase == Phase::ShipmentAndMovement; }

std::vector<StartPoint> shipment_starts(Faction family, std::span<const NexusShipmentStart> starts) {
  std::vector<StartPoint> out;
  for (const NexusShipmentStart& b : starts) {
    Driver d(nexus_options({b.factions.begin(), b.factions.end()}), b.seed);
    d.until(turn2_shipment);
    const std::string note = fmt::format("turn 2's Shipment and Movement from its first decision; reserves left {}, {} and {} "
                                         "(the rest in the Tanks), ", b.reserves[0], b.reserves[1], b.reserves[2]);
    out.push_back(d.point(std::string(b.name), [family, b](GameState& s) {
      hold_family_card(s, family, Seat{b.holder});
      for (std::uint8_t i = 0; i < 3; ++i) {
        SeatState& seat = s.seat(Seat{i});
        const ForceCount keep = std::min(ForceCount{b.reserves[i]}, seat.reserves_normal);
        seat.tanks_normal += seat.reserves_normal - keep;
        seat.tanks_special += seat.reserves_special;
        seat.reserves_normal = keep;
        seat.reserves_special = ForceCount{0};
      }
    }, note + std::string(b.what)));
  }
  return out;
}

// A family's Revival scope: each start plays past setup, then gives the start's seat the family's
// card, sends its forces and leaders to the Tanks, and begins turn 2's Revival.
bool in_revival(const GameState& s) { return s.phase == Phase::Revival; }

std::vector<StartPoint> revival_starts(Faction family, std::span<const NexusRevivalStart> starts) {
  std::vector<StartPoint> out;
  for (const NexusRevivalStart& b : starts) {
    Driver d(nexus_options({b.factions.begin(), b.factions.end()}), b.seed);
    d.until(past_setup);
    const std::string note = fmt::format("turn 2's Revival; the holder's Tanks get {} forces from its reserves and its last {} leaders "
                                         "(dead once), ", b.tanks, b.leaders_dead);
    out.push_back(d.point(std::string(b.name), [family, b](GameState& s) {
      const Seat holder{b.holder};
      hold_family_card(s, family, holder);
      SeatState& seat = s.seat(holder);
      const ForceCount n = std::min(ForceCount{b.tanks}, seat.reserves_normal);
      seat.reserves_normal -= n;
      seat.tanks_normal += n;
      const auto leaders = ordinary_leaders(s.faction_of(holder));
      for (std::size_t i = leaders.size() - std::min<std::size_t>(b.leaders_dead, leaders.size()); i < leaders.size(); ++i) {
        s.leaders[leaders[i].value].where = LeaderLocation::Tanks;
        s.leaders[leaders[i].value].deaths = 1;
      }
      s.turn = 2;
      enter_phase(s, Phase::Revival);
    }, note + std::string(b.what)));
  }
  return out;
}

// A Treachery deal (a bought card's replacement, the Harkonnen free card) explores two cards of
// the deck; the rest of it is left out.
std::vector<std::uint8_t> narrow_treachery(const GameState& s, std::vector<std::uint8_t> outcomes) {
  if (s.chance->kind != ChanceKind::TreacheryDeal || outcomes.size() <= 2) return outcomes;
  outcomes.resize(2);
  return outcomes;
}

// A family's Bidding scope: each start plays to turn 2's first Bidding decision, then gives the
// start's seat the family's card, leaves each seat the start's spice (the rest to the bank) and
// discards the Karama cards in hand (a Karama bid may name up to 100: too many branches).
bool turn2_bidding(const GameState& s) { return s.turn == 2 && s.step == Step::Bidding && !s.chance; }
// Turn 2's last lot about to come up, the Ixians asked for their Technology.
bool turn2_last_lot(const GameState& s) { return s.turn == 2 && s.step == Step::IxTechnology && s.bidding.lots.size() == 1 && !s.chance; }
bool in_bidding(const GameState& s) { return s.phase == Phase::Bidding; }

std::vector<StartPoint> bidding_starts(Faction family, std::span<const NexusBiddingStart> starts) {
  std::vector<StartPoint> out;
  for (const NexusBiddingStart& b : starts) {
    Options options = nexus_options({b.factions.begin(), b.factions.end()});
    options.rules.ixians_technology = b.technology_last_lot;
    Driver d(std::move(options), b.seed);
    if (b.technology_last_lot) {
      d.buying().until(turn2_last_lot);
    } else {
      d.until(turn2_bidding);
    }
    const std::string note = fmt::format("turn 2's {}; spice left {}, {} and {} (the rest to the bank), no Karama card in hand, ",
                                         b.technology_last_lot ? "last lot (each earlier lot sold for the least bid), the Ixians asked "
                                                                 "for their Technology (the rule on)"
                                                               : "Bidding from its first decision",
                                         b.spice[0], b.spice[1], b.spice[2]);
    out.push_back(d.point(std::string(b.name), [family, b](GameState& s) {
      hold_family_card(s, family, Seat{b.holder});
      for (std::uint8_t i = 0; i < 3; ++i) {
        SeatState& seat = s.seat(Seat{i});
        const Spice keep = std::min(Spice{b.spice[i]}, seat.spice);
        s.bank += seat.spice - keep;
        seat.spice = keep;
        for (std::size_t c = seat.hand.size(); c-- > 0;) {
          if (card_type(seat.hand[c]).name == "Karama") transfer(seat.hand, s.treachery.discard, seat.hand[c]);
        }
      }
    }, note + std::string(b.what)));
  }
  return out;
}

// A family's Spice Collection scope: each start plays past setup, then gives the start's seat the
// family's card and Worthless cards from the Treachery deck (as far as its hand has room), and
// begins turn 2's Spice Collection (its automatic part, then its decision point).
bool in_collection(const GameState& s) { return s.phase == Phase::SpiceCollection; }

std::vector<StartPoint> collection_starts(Faction family, std::span<const NexusCollectionStart> starts) {
  std::vector<StartPoint> out;
  for (const NexusCollectionStart& b : starts) {
    Driver d(nexus_options({b.factions.begin(), b.factions.end()}), b.seed);
    d.until(past_setup);
    const std::string note = fmt::format("turn 2's Spice Collection; the holder gets {} Worthless card(s) from the Treachery deck, ",
                                         b.worthless);
    out.push_back(d.point(std::string(b.name), [family, b](GameState& s) {
      const Seat holder{b.holder};
      hold_family_card(s, family, holder);
      SeatState& seat = s.seat(holder);
      const auto room = static_cast<std::size_t>(hand_limit(s, holder));
      std::uint8_t given = 0;
      const std::vector<TreacheryCardId> deck(s.treachery.deck.unseen.begin(), s.treachery.deck.unseen.end());
      for (TreacheryCardId card : deck) {
        if (given == b.worthless || seat.hand.size() >= room) break;
        if (card_type(card).classification != TreacheryClass::Worthless) continue;
        transfer(s.treachery.deck, seat.hand, card);
        ++given;
      }
      s.turn = 2;
      enter_phase(s, Phase::SpiceCollection);
    }, note + std::string(b.what)));
  }
  return out;
}

const std::vector<std::size_t> kLifecycleKinds{
    command_kind<ProposeAlliance>(), command_kind<AcceptAlliance>(), command_kind<BreakAlliance>(),
    command_kind<DrawNexus>(),       command_kind<SetRedrawPolicy>(), command_kind<PlayNexus>(),
    command_kind<Pass>()};
const std::vector<std::size_t> kBlowKinds{command_kind<ProposeAlliance>(), command_kind<AcceptAlliance>(),
                                          command_kind<RideWorm>(),        command_kind<DrawNexus>(),
                                          command_kind<PlayNexus>(),       command_kind<Pass>()};
// A shipment of one force branches some 80 ways (every sector out of the storm); the Guild's
// cross-shipments of its five starting forces would multiply that past the state budget, so they
// are left out (the gate and the fixtures play them).
const std::vector<std::size_t> kShipmentKinds{command_kind<Ship>(), command_kind<PlayNexus>(), command_kind<Pass>()};
const std::vector<std::size_t> kBiddingKinds{command_kind<Bid>(), command_kind<KaramaTakeCard>(), command_kind<PlayNexus>(),
                                             command_kind<SwapLot>(), command_kind<Pass>()};
const std::vector<std::size_t> kCollectionKinds{command_kind<PlayNexus>(), command_kind<Pass>()};
const std::vector<std::size_t> kRevivalKinds{command_kind<Revive>(), command_kind<PlayNexus>(), command_kind<Pass>()};
const std::vector<std::size_t> kBattleKinds{command_kind<ChooseBattle>(), command_kind<UsePrescience>(),
                                            command_kind<PlayNexus>(),    command_kind<CallTraitor>(),
                                            command_kind<RevealFaceDancer>(), command_kind<Pass>()};
const std::vector<std::size_t> kBattlePlanKinds{command_kind<ChooseBattle>(), command_kind<UsePrescience>(),
                                                command_kind<PlanBattle>(),   command_kind<PlayNexus>(),
                                                command_kind<CallTraitor>(),  command_kind<RevealFaceDancer>(),
                                                command_kind<Pass>()};

}  // namespace

const std::vector<Scope>& scopes() {
  static const std::vector<Scope> all{
      Scope{"lifecycle-2",
            "2 seats (Atreides, Harkonnen), Basic, Nexus audit: turn 2's Spice Blow and Nexus from its negotiation "
            "(a staged worm) to CHOAM Charity",
            {},
            kLifecycleKinds,
            in_spice_blow, narrow_spice, 40, 200000, lifecycle2_starts},
      Scope{"lifecycle-3",
            "3 seats (Atreides, Harkonnen, Emperor), double spice blow, Nexus audit: turn 2's Spice Blow and Nexus "
            "from pile A's negotiation (a staged worm); one alliance possible, every redraw policy, every Nexus draw; "
            "a second start with a two-card deck reaches exhaustion",
            {},
            kLifecycleKinds,
            in_spice_blow, narrow_spice, 60, 400000, lifecycle3_starts},
      Scope{"lifecycle-held",
            "3 seats (Atreides, Harkonnen, Emperor), Basic, Nexus audit: turn 2's Spice Blow and Nexus from its "
            "negotiation with two Nexus cards held, so an alliance discards them (seed 000 item 6)",
            {},
            kLifecycleKinds,
            in_spice_blow, narrow_spice, 40, 200000, lifecycle_held_starts},
      Scope{"lifecycle-4",
            "4 seats (Atreides, Harkonnen, Emperor, Spacing Guild), double spice blow, Nexus audit: turn 2's Spice "
            "Blow and Nexus from pile A's negotiation (a staged worm); two alliances possible, every redraw policy, "
            "every Nexus draw. Too long for a gate campaign: `dunecheck explore` only",
            {},
            kLifecycleKinds,
            in_spice_blow, narrow_spice, 60, 3000000, lifecycle4_starts, /*in_gate=*/false},
  };
  // Each registered family's own scopes (engine/nexus/<family>.cpp), after the lifecycle ones.
  static const std::vector<Scope> with_families = [] {
    std::vector<Scope> out = all;
    for (const NexusFamily* f : nexus_families()) {
      for (const NexusScope& scope : f->scopes) {
        if (!scope.shipment_starts.empty()) {
          out.push_back(Scope{scope.name, scope.description, {f->card}, kShipmentKinds, in_shipment_movement, nullptr, 60, 200000,
                              [family = f->card, starts = scope.shipment_starts] { return shipment_starts(family, starts); }});
          continue;
        }
        if (!scope.revival_starts.empty()) {
          out.push_back(Scope{scope.name, scope.description, {f->card}, kRevivalKinds, in_revival, nullptr, 60, 200000,
                              [family = f->card, starts = scope.revival_starts] { return revival_starts(family, starts); }});
          continue;
        }
        if (!scope.bidding_starts.empty()) {
          out.push_back(Scope{scope.name, scope.description, {f->card}, kBiddingKinds, in_bidding, narrow_treachery, 60, 200000,
                              [family = f->card, starts = scope.bidding_starts] { return bidding_starts(family, starts); }});
          continue;
        }
        if (!scope.collection_starts.empty()) {
          out.push_back(Scope{scope.name, scope.description, {f->card}, kCollectionKinds, in_collection, nullptr, 60, 200000,
                              [family = f->card, starts = scope.collection_starts] { return collection_starts(family, starts); }});
          continue;
        }
        if (!scope.blow_starts.empty()) {
          out.push_back(Scope{scope.name, scope.description, {f->card}, kBlowKinds, in_blow_or_its_window, narrow_spice, 60, 200000,
                              [family = f->card, starts = scope.blow_starts] { return blow_starts(family, starts); }});
          continue;
        }
        out.push_back(Scope{scope.name, scope.description, {f->card}, scope.explore_plans ? kBattlePlanKinds : kBattleKinds, in_battle,
                            nullptr, 60, 200000,
                            [family = f->card, starts = scope.battle_starts] { return battle_starts(family, starts); }});
      }
    }
    return out;
  }();
  return with_families;
}

}  // namespace dune::proofs

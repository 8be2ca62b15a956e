// Helpers for engine tests: build a game, submit with the right version and a fresh id.
#pragma once

#include <gtest/gtest.h>

#include <ostream>
#include <random>
#include <variant>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "model/command_steps.h"
#include "model/cards.h"

namespace dune {

// RapidCheck prints counterexamples with showValue, found by argument-dependent lookup (for the
// Command variant too, through its dune:: alternatives).
inline void showValue(const Command& c, std::ostream& os) { os << to_string(c); }

inline void showValue(const Options& o, std::ostream& os) {
  os << "seats:";
  for (std::size_t i = 0; i < o.factions.size(); ++i) {
    os << " " << to_string(o.factions[i]) << "@circle" << int{o.player_circles[i]};
  }
  const RuleFlags& r = o.rules;
  os << "; turn limit " << o.turn_limit << "; advanced rules:"
     << (r.advanced_combat ? " combat" : "") << (r.double_spice_blow ? " double-blow" : "")
     << (r.fremen_storm_deck ? " storm-deck" : "") << (r.fremen_storm_losses ? " storm-losses" : "")
     << (r.fremen_worm_sending ? " worm-sending" : "") << (r.special_forces ? " special-forces" : "")
     << (r.bene_gesserit_advisors ? " advisors" : "") << (r.guild_shipment_timing ? " guild-timing" : "")
     << (r.harkonnen_capture ? " capture" : "") << (r.kwisatz_haderach ? " kwisatz" : "")
     << (r.advanced_karama ? " karama" : "");
}

}  // namespace dune

namespace dune::testing {

inline GameState start(const Options& options, ChanceSource& chance) {
  auto game = new_game(options);
  EXPECT_TRUE(std::holds_alternative<GameState>(game)) << std::get<Rejection>(game).message;
  return settle(std::get<GameState>(std::move(game)), chance);
}

inline Envelope envelope(const GameState& state, Seat seat, Command c) {
  return Envelope{CommandId{state.version * 1000 + seat.value + 1}, seat, state.version, std::move(c)};
}

// Submits a command that must be accepted, then settles chance.
inline GameState play(const GameState& state, Seat seat, Command c, ChanceSource& chance) {
  auto result = submit(state, envelope(state, seat, c));
  if (auto* r = std::get_if<Rejection>(&result)) {
    ADD_FAILURE() << "rejected " << to_string(c) << ": " << r->message;
    return state;
  }
  return settle(std::get<Accepted>(std::move(result)).next, chance);
}

// The commands of the step itself: legal_commands without the standing choices and the plays at
// any time (spice gifts, Karama orders, Truthtrance, ...) a seat may make besides.
inline std::vector<Command> step_commands(const GameState& s, Seat seat) {
  std::vector<Command> out = legal_commands(s, seat);
  std::erase_if(out, [](const Command& c) { return is_standing_command(c) || is_any_time_command(c); });
  return out;
}

// Plays `steps` random legal commands of random awaited seats with a fixed seed (persistence and
// corruption tests).
inline GameState random_game(const Options& options, std::uint64_t seed, int steps) {
  SeededChance chance(seed);
  std::mt19937_64 pick(seed * 7 + 1);
  GameState s = start(options, chance);
  for (int i = 0; i < steps && !is_terminal(s); ++i) {
    const auto seats = pending(s);
    const Seat seat = seats[pick() % seats.size()];
    const auto legal = legal_commands(s, seat);
    s = play(s, seat, legal[pick() % legal.size()], chance);
  }
  return s;
}

// Expects a rejection with `code` and the state unchanged.
inline void expect_rejected(const GameState& state, const Envelope& e, RejectCode code) {
  const GameState before = state;
  auto result = submit(state, e);
  ASSERT_TRUE(std::holds_alternative<Rejection>(result)) << "accepted " << to_string(e.command);
  EXPECT_EQ(to_string(std::get<Rejection>(result).code), to_string(code)) << std::get<Rejection>(result).message;
  EXPECT_EQ(state, before);
}

inline Seat seat_of(const GameState& state, Faction f) { return *state.seat_of(f); }

// The physical Treachery card of that name and copy number (model/cards.h order).
inline TreacheryCardId card_named(std::string_view name, int copy = 1) {
  for (std::size_t i = 0; i < kTreacheryCardCount; ++i) {
    const TreacheryCardId id{static_cast<std::uint8_t>(i)};
    if (card_type(id).name == name && kTreacheryCards[i].copy == copy) return id;
  }
  ADD_FAILURE() << "no card " << name << " #" << copy;
  return {};
}

// Plays setup with simple choices (first traitor offered, all ten Fremen in Sietch Tabr, the Bene
// Gesserit's first legal prediction and advisor placement, the Ixians' first card of the draft)
// until turn 1 begins.
inline GameState past_setup(const Options& options, std::uint64_t seed) {
  SeededChance chance(seed);
  GameState s = start(options, chance);
  const auto first_of = [&](Seat seat, auto kind) -> Command {
    for (const Command& c : legal_commands(s, seat)) {
      if (std::holds_alternative<decltype(kind)>(c)) return c;
    }
    ADD_FAILURE() << "no legal " << kind_name(Command{kind});
    return Command{kind};
  };
  while (s.turn == 0) {
    const Seat seat = pending(s).front();
    if (s.step == Step::SetupPrediction) {
      s = play(s, seat, first_of(seat, Predict{}), chance);
    } else if (s.step == Step::SetupBeneGesseritPlacement) {
      s = play(s, seat, first_of(seat, PlaceForces{}), chance);
    } else if (s.step == Step::SetupTraitorSelection) {
      s = play(s, seat, ChooseTraitor{s.seat(seat).traitor_offer.front()}, chance);
    } else if (s.step == Step::SetupFremenPlacement) {
      s = play(s, seat, PlaceForces{CellId{7}, ForceCount{10}, ForceCount{0}}, chance);
    } else if (s.step == Step::SetupIxianDraft) {
      s = play(s, seat, first_of(seat, KeepStartingCard{}), chance);
    } else {
      ADD_FAILURE() << "unexpected setup step " << to_string(s.step);
      break;
    }
  }
  return s;
}

// A game of `options` (seat order = storm order: storm in sector 16), board, hands and traitors
// cleared, 10 spice each, turn 2: the blank table battle and card tests set up their case on.
inline GameState started(Options options) {
  SeededChance chance(7);
  GameState s = start(options, chance);
  s.board = BoardState{};
  s.storm.sector = Sector{16};
  s.turn = 2;
  for (SeatState& seat : s.seats) {
    seat.hand.clear();
    seat.traitors.clear();
    seat.traitor_offer.clear();
    seat.spice = Spice{10};
  }
  return s;
}

}  // namespace dune::testing

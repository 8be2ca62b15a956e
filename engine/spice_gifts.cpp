// Spice given to another seat, one spice per GiveSpice (model/commands.h): the Emperor's gift to
// his ally ([LR] 2.03.06) and the bribe (1.12). A play at any time, at the action boundary
// (flow.cpp); the one place that decides where the spice goes.
#include "engine/any_time.h"
#include "engine/internal.h"
#include "engine/mutants.h"

namespace dune {

namespace {

// Before the first storm is placed ([LR] 0.16) no deal or bribe is made (0.00, 1.12.04): during
// the setup (turn 0, whichever of its steps, so a setup step added later needs no entry here) and
// while turn 1's storm is dialed.
bool before_first_storm(const GameState& state) {
  return state.turn == 0 || (state.turn == 1 && state.step == Step::StormDial);
}

// What a gift may not take away ([LR] 1.12.03: no deal or bribe "that would contravene the
// rules"): the spice of a standing bid of the giver or its ally, paid at the sale from the bidder's
// spice and then its ally's (bidding.cpp), and the support dialed on the giver's committed battle
// wheel, paid as the plans are revealed. The bid counts whether or not it is a Karama bid, so the
// rule reveals nothing about it.
std::optional<Rejection> reject_if_promised(const GameState& state, Seat seat, Seat to) {
  const BiddingState& b = state.bidding;
  if (state.step == Step::Bidding && b.high_bidder) {
    const auto ally = ally_of(state, state.faction_of(seat));
    // The ally's seat, or the giver's own when allied to nobody (no optional: GCC's
    // maybe-uninitialized reads one through the inlined comparisons as a false positive).
    const Seat partner = ally ? state.seat_of(*ally).value_or(seat) : seat;
    const bool allied = partner != seat;
    if (*b.high_bidder == seat || (allied && *b.high_bidder == partner)) {
      const Spice pair = state.seat(seat).spice + (allied ? state.seat(partner).spice : Spice{0});
      const Spice after = allied && to == partner ? pair : pair - Spice{1};
      if (after < b.high_bid) {
        return reject(RejectCode::InsufficientSpice, "the standing bid of {} spice is {}'s: {} spice would be left to pay it",
                      b.high_bid.value, to_string(state.faction_of(*b.high_bidder)), after.value);
      }
    }
  }
  // The support is paid as the battle resolves, after the traitor calls (battle_resolution.cpp);
  // from then on the wheel stays on the table while the winner decides, already paid.
  const BattleState& battle = state.battle;
  const bool paid = battle.stage == BattleStage::None || battle.stage == BattleStage::Choose ||
                    battle.stage == BattleStage::Capture || battle.stage == BattleStage::WinnerLosses ||
                    battle.stage == BattleStage::WinnerCards || battle.stage == BattleStage::WinnerTechToken;
  for (std::size_t side = 0; side < 2; ++side) {
    if (state.step != Step::Battle || paid || battle.combatants[side] != seat) continue;
    if (battle.wheels[side] && state.seat(seat).spice - Spice{1} < battle.wheels[side]->support) {
      return reject(RejectCode::InsufficientSpice, "your battle wheel is supported with {} spice, paid when the plans "
                    "are revealed", battle.wheels[side]->support.value);
    }
  }
  return std::nullopt;
}

}  // namespace

bool is_emperor_gift(const GameState& state, Seat giver, Seat to) {
  const Faction f = state.faction_of(giver);
  return f == Faction::Emperor && ally_of(state, f) == state.faction_of(to);
}

std::vector<Command> gift_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  for (Seat to : all_seats(state)) {
    if (to != seat) out.push_back(GiveSpice{to});
  }
  return out;
}

std::optional<Rejection> validate_gift(const GameState& state, Seat seat, const GiveSpice& c) {
  if (c.to.value >= state.seat_count() || c.to == seat) {
    return reject(RejectCode::IllegalChoice, "spice is given to another seat at the table, not seat {}", c.to.value);
  }
  if (before_first_storm(state)) {
    return reject(RejectCode::WrongPhase, "no deal or bribe is made before the first storm is placed ([LR] 0.00, 1.12.04)");
  }
  if (state.seat(seat).spice < Spice{1}) return reject(RejectCode::InsufficientSpice, "you have no spice to give");
  if (auto r = reject_if_promised(state, seat, c.to)) return r;
  if (is_emperor_gift(state, seat, c.to)) return std::nullopt;  // [LR] 2.03.06: at any time, for any reason
  const Faction to = state.faction_of(c.to);
  if (ally_of(state, state.faction_of(seat)) == to) {
    return reject(RejectCode::IllegalChoice, "{} is your ally: allies make deals, never bribes ([LR] 1.12.00-01)", to_string(to));
  }
  if (state.step == Step::MentatPause) {
    return reject(RejectCode::WrongPhase, "the bribes of this turn are collected: no bribe after the Mentat Pause's "
                  "collection ([LR] 1.12.05, 1.09.01)");
  }
  return std::nullopt;
}

void apply_gift(GameState& state, Seat seat, const GiveSpice& c) {
  state.seat(seat).spice -= Spice{1};
  SeatState& to = state.seat(c.to);
  if (is_emperor_gift(state, seat, c.to) || mutant_active(Mutant::BribeBehindShield)) {
    to.spice += Spice{1};  // behind the shield: the ally's to spend now
  } else {
    to.in_front_of_shield += Spice{1};  // a bribe: collected at the next Mentat Pause ([LR] 1.12.02)
  }
}

}  // namespace dune

// Revival (fact sheet §5.1 revival columns, §6.2 row 5, [LR] 1.05). No storm order: every seat
// with something in the Tanks (public) answers once, with a Revive or a Pass. Forces return from
// the Tanks to reserves; leaders to their owner's shield. Payments go to the bank.
#include <algorithm>

#include "engine/internal.h"
#include "model/factions.h"

namespace dune {
namespace {

// Forces per turn ([LR] 1.05; FactionInfo.revival_limit: nullopt means no limit).
ForceCount revival_limit(Faction f) {
  const auto limit = faction_info(f).revival_limit;
  return limit ? *limit : ForceCount{1000};
}

// Free revivals come first; Fremen raise their ally's to 3 (fact sheet §5.1, general modifiers;
// applied unconditionally, as both [TO] and [DB] do).
ForceCount free_revivals(const GameState& state, Faction f) {
  const ForceCount own = faction_info(f).free_revival;
  if (ally_of(state, f) == Faction::Fremen) return std::max(own, ForceCount{3});
  return own;
}

// Advanced special forces: at most one Sardaukar or Fedaykin revived per turn ([LR] 2.03, 2.04).
ForceCount special_limit(const GameState& state, Faction f) {
  if (state.options.rules.special_forces && (f == Faction::Emperor || f == Faction::Fremen)) return ForceCount{1};
  return ForceCount{1000};
}

// Free revivals are applied to special forces first (the dearer ones when the prices differ).
Spice force_cost(const GameState& state, Faction f, ForceCount normal, ForceCount special) {
  const FactionInfo& info = faction_info(f);
  ForceCount free = free_revivals(state, f);
  const ForceCount free_special = std::min(free, special);
  free -= free_special;
  const ForceCount free_normal = std::min(free, normal);
  return info.special_force_revival_cost * (special - free_special).value +
         info.force_revival_cost * (normal - free_normal).value;
}

bool is_dead(LeaderLocation where) {
  return where == LeaderLocation::Tanks || where == LeaderLocation::TanksFaceDown;
}

// A leader may be revived only when every leader of the faction is dead, unavailable (captured)
// or has died once already ([LR] 1.05.03, fact sheet §5.1); a face-down leader (second death)
// only when no face-up one is left in the Tanks ([LR] 1.05.04).
std::optional<std::string> leader_not_revivable(const GameState& state, Faction f, LeaderId l) {
  const LeaderInfo& info = leader_info(l);
  const LeaderState& ls = state.leaders[l.value];
  if (info.faction != f || ls.where == LeaderLocation::NotInPlay) return std::string("that leader is not yours");
  if (!is_dead(ls.where)) return std::string("that leader is not in the Tanks");
  bool face_up_left = false;
  for (LeaderId other : ordinary_leaders(f)) {
    const LeaderState& o = state.leaders[other.value];
    if (o.where == LeaderLocation::Available && o.deaths == 0) {
      return fmt::format("{} still lives: leaders are revived only once all have died ([LR] 1.05.03)",
                         leader_info(other).name);
    }
    face_up_left = face_up_left || o.where == LeaderLocation::Tanks;
  }
  if (ls.where == LeaderLocation::TanksFaceDown && face_up_left) {
    return std::string("a face-down leader waits until the face-up ones are revived ([LR] 1.05.04)");
  }
  return std::nullopt;
}

std::vector<LeaderId> revivable_leaders(const GameState& state, Faction f) {
  std::vector<LeaderId> out;
  for (LeaderId l : ordinary_leaders(f)) {
    if (!leader_not_revivable(state, f, l)) out.push_back(l);
  }
  return out;
}

// Public: the Tanks and the leaders' positions are open information.
bool has_something_to_revive(const GameState& state, Seat s) {
  const SeatState& seat = state.seat(s);
  return seat.tanks_normal + seat.tanks_special > ForceCount{0} ||
         !revivable_leaders(state, state.faction_of(s)).empty();
}

Spice total_cost(const GameState& state, Faction f, const Revive& r) {
  Spice cost = force_cost(state, f, r.normal, r.special);
  if (r.leader) cost += Spice{leader_info(*r.leader).strength};  // [LR] 1.05.03.02
  return cost;
}

std::optional<Rejection> validate_revive(const GameState& state, Seat seat, const Revive& r) {
  const Faction f = state.faction_of(seat);
  const SeatState& s = state.seat(seat);
  if (r.ally_paid_extra != ForceCount{0}) {
    return reject(RejectCode::NotImplemented,
                  "the Emperor paying for extra revivals of its ally is not implemented yet ([LR] 2.03)");
  }
  if (r.normal < ForceCount{0} || r.special < ForceCount{0}) {
    return reject(RejectCode::IllegalChoice, "force counts cannot be negative");
  }
  if (r.normal + r.special == ForceCount{0} && !r.leader) {
    return reject(RejectCode::IllegalChoice, "revive at least one force or a leader, or pass");
  }
  if (r.normal > s.tanks_normal || r.special > s.tanks_special) {
    return reject(RejectCode::NotEnoughForces, "the Tanks hold {} of your forces and {} special forces, not {} and {}",
                  s.tanks_normal.value, s.tanks_special.value, r.normal.value, r.special.value);
  }
  if (r.normal + r.special > revival_limit(f)) {
    return reject(RejectCode::IllegalChoice, "at most {} forces are revived per turn, not {} ([LR] 1.05)",
                  revival_limit(f).value, (r.normal + r.special).value);
  }
  if (r.special > special_limit(state, f)) {
    return reject(RejectCode::IllegalChoice, "at most {} {} revived per turn, not {} ([LR] 2.03 / 2.04)",
                  special_limit(state, f).value, faction_info(f).special_force_name, r.special.value);
  }
  if (r.leader) {
    if (r.leader->value >= kLeaderCount) return reject(RejectCode::IllegalChoice, "no such leader");
    if (auto why = leader_not_revivable(state, f, *r.leader)) {
      return reject(RejectCode::IllegalChoice, "{} cannot be revived: {}", leader_info(*r.leader).name, *why);
    }
  }
  const Spice cost = total_cost(state, f, r);
  if (cost > s.spice) {
    return reject(RejectCode::InsufficientSpice, "this revival costs {} spice; you have {} ([LR] 1.05)",
                  cost.value, s.spice.value);
  }
  return std::nullopt;
}

void finish_if_done(GameState& state) {
  if (awaited_revival(state).empty()) end_phase(state);
}

}  // namespace

void enter_revival(GameState& state) {
  state.step = Step::Revival;
  state.revival = RevivalState{};
  // Who is asked is fixed now, from public facts (the Tanks): a Tleilaxu Ghola played during the
  // phase must not leave a seat awaited for nothing, nor strand the phase.
  for (Seat s : all_seats(state)) state.revival.done[s.value] = !has_something_to_revive(state, s);
  finish_if_done(state);
}

std::vector<Seat> awaited_revival(const GameState& state) {
  std::vector<Seat> out;
  for (Seat s : all_seats(state)) {
    if (!state.revival.done[s.value]) out.push_back(s);
  }
  return out;
}

std::vector<Command> candidates_revival(const GameState& state, Seat seat) {
  const Faction f = state.faction_of(seat);
  const SeatState& s = state.seat(seat);
  std::vector<std::optional<LeaderId>> leaders{std::nullopt};
  for (LeaderId l : revivable_leaders(state, f)) leaders.emplace_back(l);
  std::vector<Command> out{Pass{}};
  const int limit = revival_limit(f).value;
  for (const auto& leader : leaders) {
    for (int special = 0; special <= std::min(s.tanks_special.value, std::min(limit, special_limit(state, f).value)); ++special) {
      for (int normal = 0; normal + special <= limit && normal <= s.tanks_normal.value; ++normal) {
        if (normal + special == 0 && !leader) continue;
        out.push_back(Revive{ForceCount{normal}, ForceCount{special}, leader, ForceCount{0}});
      }
    }
  }
  return out;
}

std::optional<Rejection> validate_revival(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* r = std::get_if<Revive>(&c)) return validate_revive(state, seat, *r);
  return reject(RejectCode::WrongPhase, "Revival: revive forces and a leader, or pass");
}

void apply_revival(GameState& state, Seat seat, const Command& c) {
  state.revival.done[seat.value] = true;
  if (const auto* r = std::get_if<Revive>(&c)) {
    const Faction f = state.faction_of(seat);
    pay_to_bank(state, seat, total_cost(state, f, *r));
    SeatState& s = state.seat(seat);
    s.tanks_normal -= r->normal;
    s.tanks_special -= r->special;
    s.reserves_normal += r->normal;
    s.reserves_special += r->special;
    if (r->leader) {
      LeaderState& l = state.leaders[r->leader->value];
      l.where = LeaderLocation::Available;
      l.holder = seat;
      l.fought_this_phase = false;
    }
  }
  finish_if_done(state);
}

}  // namespace dune

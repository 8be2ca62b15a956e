// Treachery cards a seat may play at any time, outside battle (at the action boundary, flow.cpp):
// Truthtrance (a typed yes/no question answered truthfully from the state; the answer is public)
// and Tleilaxu Ghola (revive one leader, or up to 5 forces, free, besides normal revival).
// Sources: fact sheet §4.1 "Key card rules" ([LR] 3.01, [DB] cards/treachery.csv).
#include <algorithm>

#include "engine/cards.h"
#include "engine/internal.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {
namespace {


bool holds_class(const SeatState& s, bool weapon) {
  return std::any_of(s.hand.begin(), s.hand.end(), [&](TreacheryCardId id) {
    switch (card_type(id).classification) {
      case TreacheryClass::WeaponProjectile:
      case TreacheryClass::WeaponPoison:
      case TreacheryClass::WeaponProjectileAndPoison:
      case TreacheryClass::WeaponSpecial: return weapon;
      case TreacheryClass::DefenseProjectile:
      case TreacheryClass::DefensePoison:
      case TreacheryClass::DefenseProjectileAndPoison: return !weapon;
      default: return false;
    }
  });
}

bool is_dead(LeaderLocation where) {
  return where == LeaderLocation::Tanks || where == LeaderLocation::TanksFaceDown;
}

}  // namespace

bool truthful_answer(const GameState& state, Seat asker, Seat target, TruthtranceQuestion q) {
  const SeatState& t = state.seat(target);
  switch (q) {
    case TruthtranceQuestion::HoldsKarama: return card_in_hand(t, "Karama").has_value();
    case TruthtranceQuestion::HoldsWeapon: return holds_class(t, true);
    case TruthtranceQuestion::HoldsDefense: return holds_class(t, false);
    case TruthtranceQuestion::HasAtLeastTenSpice: return t.spice >= Spice{10};
    case TruthtranceQuestion::HoldsTraitorOfMine: {
      const Faction mine = state.faction_of(asker);
      return std::any_of(t.traitors.begin(), t.traitors.end(), [&](TraitorCardId c) {
        return c != kCheapHeroTraitor && leader_info(LeaderId{c.value}).faction == mine;
      });
    }
  }
  return false;
}

std::vector<Command> card_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const SeatState& s = state.seat(seat);
  if (card_in_hand(s, "Truthtrance")) {
    for (Seat target : all_seats(state)) {
      if (target == seat) continue;
      for (auto q : {TruthtranceQuestion::HoldsKarama, TruthtranceQuestion::HoldsWeapon,
                     TruthtranceQuestion::HoldsDefense, TruthtranceQuestion::HasAtLeastTenSpice,
                     TruthtranceQuestion::HoldsTraitorOfMine}) {
        out.push_back(PlayTruthtrance{target, q});
      }
    }
  }
  if (card_in_hand(s, "Tleilaxu Ghola")) {
    for (std::size_t l = 0; l < kLeaderCount; ++l) {
      if (kLeaders[l].faction == state.faction_of(seat)) out.push_back(PlayGhola{leader_at(l), ForceCount{0}});
    }
    const int dead = (s.tanks_normal + s.tanks_special).value;
    for (int n = 1; n <= std::min(5, dead); ++n) out.push_back(PlayGhola{std::nullopt, ForceCount{n}});
  }
  return out;
}

std::optional<Rejection> validate_card(const GameState& state, Seat seat, const Command& c) {
  const SeatState& s = state.seat(seat);
  if (const auto* t = std::get_if<PlayTruthtrance>(&c)) {
    if (!card_in_hand(s, "Truthtrance")) return reject(RejectCode::IllegalChoice, "you hold no Truthtrance card");
    if (t->target.value >= state.seat_count() || t->target == seat) {
      return reject(RejectCode::IllegalChoice, "Truthtrance asks another player at the table");
    }
    if (static_cast<int>(t->question) > static_cast<int>(TruthtranceQuestion::HoldsTraitorOfMine)) {
      return reject(RejectCode::IllegalChoice, "unknown Truthtrance question");
    }
    return std::nullopt;
  }
  const auto& g = std::get<PlayGhola>(c);
  if (!card_in_hand(s, "Tleilaxu Ghola")) return reject(RejectCode::IllegalChoice, "you hold no Tleilaxu Ghola card");
  if (g.leader) {
    if (g.leader->value >= kLeaderCount || leader_info(*g.leader).faction != state.faction_of(seat)) {
      return reject(RejectCode::IllegalChoice, "Tleilaxu Ghola revives one of your own leaders");
    }
    if (g.forces != ForceCount{0}) {
      return reject(RejectCode::IllegalChoice, "Tleilaxu Ghola revives a leader or forces, not both");
    }
    if (!is_dead(state.leaders[g.leader->value].where)) {
      return reject(RejectCode::IllegalChoice, "{} is not in the Tanks", leader_info(*g.leader).name);
    }
    return std::nullopt;
  }
  if (g.forces < ForceCount{1} || g.forces > ForceCount{5}) {
    return reject(RejectCode::IllegalChoice, "Tleilaxu Ghola revives 1 to 5 forces, not {}", g.forces.value);
  }
  if (g.forces > s.tanks_normal + s.tanks_special) {
    return reject(RejectCode::NotEnoughForces, "you have {} forces in the Tanks",
                  (s.tanks_normal + s.tanks_special).value);
  }
  return std::nullopt;
}

void apply_card(GameState& state, Seat seat, const Command& c) {
  if (const auto* t = std::get_if<PlayTruthtrance>(&c)) {
    discard_from_hand(state, seat, *card_in_hand(state.seat(seat), "Truthtrance"));
    state.truthtrance_answers.push_back(
        TruthtranceAnswer{seat, t->target, t->question, truthful_answer(state, seat, t->target, t->question)});
    return;
  }
  const auto& g = std::get<PlayGhola>(c);
  discard_from_hand(state, seat, *card_in_hand(state.seat(seat), "Tleilaxu Ghola"));
  if (g.leader) {
    state.leaders[g.leader->value].where = LeaderLocation::Available;
    state.leaders[g.leader->value].holder = seat;
    return;
  }
  // Normal forces first, then special forces (the choice is the owner's; this fixes one order).
  const ForceCount normal = std::min(g.forces, state.seat(seat).tanks_normal);
  transfer_forces(state, state.faction_of(seat), InTanks{}, InReserves{}, normal, g.forces - normal);
}

}  // namespace dune

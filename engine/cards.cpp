// Treachery cards a seat may play at any time, outside battle (at the action boundary, flow.cpp):
// Truthtrance (a typed yes/no question answered truthfully from the state; the answer is public)
// and Tleilaxu Ghola (revive one leader, or up to 5 forces, free, besides normal revival).
// Sources: fact sheet §4.1 "Key card rules" ([LR] 3.01, [DB] cards/treachery.csv).
#include <algorithm>
#include <array>

#include "engine/cards.h"
#include "engine/internal.h"
#include "engine/json_io.h"
#include "engine/mutants.h"
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

bool same_name(TreacheryCardId a, TreacheryCardId b) { return card_type(a).name == card_type(b).name; }

// A combination of card sets as bits, in json_io::kCardSetNames's order: one layout both ways.
unsigned mask_of(const CardSets& on) {
  unsigned mask = 0;
  for (std::size_t i = 0; i < json_io::kCardSetNames.size(); ++i) mask |= on.*json_io::kCardSetNames[i].second ? 1u << i : 0u;
  return mask;
}

CardSets sets_of(unsigned mask) {
  CardSets on;
  for (std::size_t i = 0; i < json_io::kCardSetNames.size(); ++i) on.*json_io::kCardSetNames[i].second = (mask >> i & 1u) != 0;
  return on;
}

// The cards a named-card question may name: the first card of each name among this game's
// Treachery cards (treachery_card_in_game), so each name is asked once. Built once per combination
// of the card sets.
const std::vector<TreacheryCardId>& nameable_cards(const Options& options) {
  static const auto by_sets = [] {
    std::array<std::vector<TreacheryCardId>, 1u << json_io::kCardSetNames.size()> out;
    for (unsigned mask = 0; mask < out.size(); ++mask) {
      Options o;
      o.cards = sets_of(mask);
      for (std::size_t id = 0; id < kTreacheryCardCount; ++id) {
        const TreacheryCardId c{static_cast<std::uint8_t>(id)};
        if (!treachery_card_in_game(o, c)) continue;
        if (std::none_of(out[mask].begin(), out[mask].end(), [&](TreacheryCardId n) { return same_name(n, c); })) out[mask].push_back(c);
      }
    }
    return out;
  }();
  return by_sets[mask_of(options.cards)];
}

bool leader_in_play(const GameState& state, LeaderId l) {
  return l.value < kLeaderCount && state.leaders[l.value].where != LeaderLocation::NotInPlay;
}

// The subject fields a question uses; the others must stay empty.
struct Subject {
  bool card = false, leader = false, faction = false, turn = false, spice = false;
};
Subject subject_of(TruthtranceQuestion q) {
  switch (q) {
    case TruthtranceQuestion::HoldsCardNamed: return {.card = true};
    case TruthtranceQuestion::HoldsLeaderAsTraitor: return {.leader = true};
    case TruthtranceQuestion::PredictedFaction: return {.faction = true};
    case TruthtranceQuestion::PredictedTurn: return {.turn = true};
    case TruthtranceQuestion::HoldsNexusCard: return {.faction = true};  // optional: none asks for any card
    case TruthtranceQuestion::HasAtLeastSpice: return {.spice = true};
    default: return {};
  }
}

std::optional<Rejection> validate_subject(const GameState& state, const PlayTruthtrance& t) {
  const Subject used = subject_of(t.question);
  if ((!used.card && t.card) || (!used.leader && t.leader) || (!used.faction && t.faction) || (!used.turn && t.turn) ||
      (!used.spice && t.spice != Spice{0})) {
    return reject(RejectCode::IllegalChoice, "that Truthtrance question names no such subject");
  }
  const Faction target = state.faction_of(t.target);
  switch (t.question) {
    case TruthtranceQuestion::HoldsCardNamed: {
      const auto& names = nameable_cards(state.options);
      if (!t.card || std::find(names.begin(), names.end(), *t.card) == names.end()) {
        return reject(RejectCode::IllegalChoice, "name a Treachery card of this game by the first card of its name");
      }
      return std::nullopt;
    }
    case TruthtranceQuestion::HoldsLeaderAsTraitor:
      if (!t.leader || !leader_in_play(state, *t.leader)) return reject(RejectCode::IllegalChoice, "name a leader in play");
      return std::nullopt;
    case TruthtranceQuestion::PredictedFaction:
    case TruthtranceQuestion::PredictedTurn:
      if (target != Faction::BeneGesserit || !state.prediction) {
        return reject(RejectCode::IllegalChoice, "only the Bene Gesserit made a prediction ([LR] 2.02.03)");
      }
      if (t.question == TruthtranceQuestion::PredictedFaction &&
          (!t.faction || *t.faction == Faction::BeneGesserit || !state.seat_of(*t.faction))) {
        return reject(RejectCode::IllegalChoice, "name another faction in the game");
      }
      if (t.question == TruthtranceQuestion::PredictedTurn && (!t.turn || *t.turn < 1 || *t.turn > state.options.turn_limit)) {
        return reject(RejectCode::IllegalChoice, "name a turn from 1 to {}", state.options.turn_limit);
      }
      return std::nullopt;
    case TruthtranceQuestion::HoldsNexusCard:
      if (!state.nexus.enabled) return reject(RejectCode::IllegalChoice, "the Nexus card module is not in this game");
      return std::nullopt;
    case TruthtranceQuestion::HasAtLeastSpice:
      if (std::find(kTruthtranceSpiceThresholds.begin(), kTruthtranceSpiceThresholds.end(), t.spice) ==
          kTruthtranceSpiceThresholds.end()) {
        return reject(RejectCode::IllegalChoice, "ask about 5, 15 or 20 spice (10: HasAtLeastTenSpice), not {}", t.spice.value);
      }
      return std::nullopt;
    default: return std::nullopt;
  }
}

// Every question for one target, in a fixed order (the list of legal commands).
void questions_for(const GameState& state, Seat target, std::vector<Command>& out) {
  const auto ask = [&](TruthtranceQuestion q) { return PlayTruthtrance{target, q}; };
  for (auto q : {TruthtranceQuestion::HoldsKarama, TruthtranceQuestion::HoldsWeapon, TruthtranceQuestion::HoldsDefense,
                 TruthtranceQuestion::HasAtLeastTenSpice, TruthtranceQuestion::HoldsTraitorOfMine}) {
    out.push_back(ask(q));
  }
  for (Spice amount : kTruthtranceSpiceThresholds) {
    PlayTruthtrance t = ask(TruthtranceQuestion::HasAtLeastSpice);
    t.spice = amount;
    out.push_back(t);
  }
  for (TreacheryCardId c : nameable_cards(state.options)) {
    PlayTruthtrance t = ask(TruthtranceQuestion::HoldsCardNamed);
    t.card = c;
    out.push_back(t);
  }
  for (std::size_t l = 0; l < kLeaderCount; ++l) {
    if (!leader_in_play(state, leader_at(l))) continue;
    PlayTruthtrance t = ask(TruthtranceQuestion::HoldsLeaderAsTraitor);
    t.leader = leader_at(l);
    out.push_back(t);
  }
  if (state.nexus.enabled) {
    out.push_back(ask(TruthtranceQuestion::HoldsNexusCard));
    for (Faction f : kAllFactions) {
      PlayTruthtrance t = ask(TruthtranceQuestion::HoldsNexusCard);
      t.faction = f;
      out.push_back(t);
    }
  }
  if (state.faction_of(target) == Faction::BeneGesserit && state.prediction) {
    for (Faction f : state.options.factions) {
      if (f == Faction::BeneGesserit) continue;
      PlayTruthtrance t = ask(TruthtranceQuestion::PredictedFaction);
      t.faction = f;
      out.push_back(t);
    }
    for (int turn = 1; turn <= state.options.turn_limit; ++turn) {
      PlayTruthtrance t = ask(TruthtranceQuestion::PredictedTurn);
      t.turn = static_cast<std::uint8_t>(turn);
      out.push_back(t);
    }
  }
}

}  // namespace

bool truthful_answer(const GameState& state, Seat asker, const PlayTruthtrance& q) {
  const SeatState& t = state.seat(q.target);
  const auto held_nexus = state.nexus.held[q.target.value];
  switch (q.question) {
    case TruthtranceQuestion::HoldsKarama: return card_in_hand(t, "Karama").has_value();
    case TruthtranceQuestion::HoldsWeapon: return holds_class(t, true);
    case TruthtranceQuestion::HoldsDefense: return holds_class(t, false);
    case TruthtranceQuestion::HasAtLeastTenSpice: return t.spice >= Spice{10};
    case TruthtranceQuestion::HoldsTraitorOfMine: {
      const Faction mine = state.faction_of(asker);
      return std::any_of(t.traitors.begin(), t.traitors.end(), [&](TraitorCardId c) {
        return c != kCheapHeroTraitor && leader_owner(state, LeaderId{c.value}) == mine;
      });
    }
    case TruthtranceQuestion::HoldsCardNamed:
      return q.card && std::any_of(t.hand.begin(), t.hand.end(), [&](TreacheryCardId c) { return same_name(c, *q.card); });
    case TruthtranceQuestion::HoldsLeaderAsTraitor:
      return q.leader && std::any_of(t.traitors.begin(), t.traitors.end(), [&](TraitorCardId c) { return c.value == q.leader->value; });
    case TruthtranceQuestion::PredictedFaction: return state.prediction && q.faction && state.prediction->faction == *q.faction;
    case TruthtranceQuestion::PredictedTurn: return state.prediction && q.turn && state.prediction->turn == *q.turn;
    case TruthtranceQuestion::HoldsNexusCard: return held_nexus && (!q.faction || held_nexus->faction == *q.faction);
    case TruthtranceQuestion::HasAtLeastSpice: return t.spice >= q.spice;
  }
  return false;
}

std::vector<Command> card_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const SeatState& s = state.seat(seat);
  if (card_in_hand(s, "Truthtrance")) {
    for (Seat target : all_seats(state)) {
      if (target != seat) questions_for(state, target, out);
    }
  }
  if (card_in_hand(s, "Tleilaxu Ghola")) {
    for (std::size_t l = 0; l < kLeaderCount; ++l) {
      if (leader_owner(state, leader_at(l)) == state.faction_of(seat)) out.push_back(PlayGhola{leader_at(l), ForceCount{0}});
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
    if (static_cast<int>(t->question) > static_cast<int>(TruthtranceQuestion::HasAtLeastSpice)) {
      return reject(RejectCode::IllegalChoice, "unknown Truthtrance question");
    }
    return validate_subject(state, *t);
  }
  const auto& g = std::get<PlayGhola>(c);
  if (!card_in_hand(s, "Tleilaxu Ghola")) return reject(RejectCode::IllegalChoice, "you hold no Tleilaxu Ghola card");
  if (g.leader) {
    if (g.leader->value >= kLeaderCount || leader_owner(state, *g.leader) != state.faction_of(seat)) {
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
    const bool lies = mutant_active(Mutant::TruthtranceSubjectLies) && t->question >= TruthtranceQuestion::HoldsCardNamed;
    const bool answer = truthful_answer(state, seat, *t) != lies;
    state.truthtrance_answers.push_back(answer_to(seat, *t, answer));
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
  const ForceCount forces = mutant_active(Mutant::GholaRevivesOneShort) ? g.forces - ForceCount{1} : g.forces;
  const ForceCount normal = std::min(forces, state.seat(seat).tanks_normal);
  transfer_forces(state, state.faction_of(seat), InTanks{}, InReserves{}, normal, forces - normal);
}

}  // namespace dune

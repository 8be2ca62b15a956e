// Mentat Pause (fact sheet §6.2 row 9, §6.4; [LR] 1.09): bribes in front of shields join the spice
// behind them ([LR] 1.09.01), then victory is checked. Without a winner the war continues
// ([LR] 1.09.04: players "mull over their positions"): the phase's decision point
// (decision_point.cpp) asks every seat, and the last answer starts the next turn.
#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/tech_tokens.h"

namespace dune {
namespace {

template <class T>
bool contains(const std::vector<T>& v, const T& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

// A seat and its ally: allied forces count as one for victory ([LR] 1.10.02.01).
std::vector<Faction> side_of(const GameState& s, Faction f) {
  std::vector<Faction> side{f};
  if (auto ally = ally_of(s, f)) side.push_back(*ally);
  std::sort(side.begin(), side.end());
  return side;
}

// Control: the side has forces in the stronghold and no other faction does ([LR] 1.09.02).
int strongholds_controlled(const GameState& s, const std::vector<Faction>& side) {
  int n = 0;
  for_each_stronghold_in_play(s, [&](TerritoryId t) {
    if (t == TerritoryId::HiddenMobileStronghold && mutant_active(Mutant::HmsNotCountedForVictory)) return;
    const auto o = occupants(s, t);
    const bool controlled = !o.empty() && std::all_of(o.begin(), o.end(), [&](Faction f) { return contains(side, f); });
    n += controlled ? 1 : 0;
  });
  return n;
}

// Unallied 3 strongholds, an alliance 4; several qualify: the first in storm order wins ([LR] 1.09.02–03).
// E1's tech tokens: all three held by the side count as one more stronghold (one source, [TO]
// NumberOfVictoryPoints; either ally's set for an alliance, as its newer copies).
std::vector<Faction> stronghold_victory(const GameState& s) {
  for (Seat seat : storm_order(s)) {
    const auto side = side_of(s, s.faction_of(seat));
    const int threshold = side.size() == 1 ? (mutant_active(Mutant::VictoryAtTwoStrongholds) ? 2 : 3) : 4;
    const bool tech = std::any_of(side.begin(), side.end(), [&](Faction f) { return holds_every_tech_token(s, f); });
    if (strongholds_controlled(s, side) + (tech ? 1 : 0) >= threshold) return side;
  }
  return {};
}

// The predicted faction wins (alone or allied) on the predicted turn: the Bene Gesserit win alone
// ([LR] 2.02.03). Not for the Guild / Fremen special victories.
std::vector<Faction> apply_prediction(const GameState& s, std::vector<Faction> winners) {
  if (s.prediction && s.prediction->turn == s.turn && contains(winners, s.prediction->faction)) {
    return {Faction::BeneGesserit};
  }
  return winners;
}

bool held_only_by(const GameState& s, TerritoryId t, Faction f) {
  const auto o = occupants(s, t);
  return std::all_of(o.begin(), o.end(), [&](Faction g) { return g == f; });
}

// Sietch Tabr and Habbanya Sietch hold only Fremen (or nobody), Tuek's Sietch no Atreides,
// Harkonnen or Emperor ([LR] 2.04.09; the [TO] Richese clause needs E2, not playable yet).
bool fremen_special_victory(const GameState& s) {
  if (!held_only_by(s, TerritoryId::SietchTabr, Faction::Fremen)) return false;
  if (!held_only_by(s, TerritoryId::HabbanyaSietch, Faction::Fremen)) return false;
  const auto tueks = occupants(s, TerritoryId::TueksSietch);
  return !contains(tueks, Faction::Atreides) && !contains(tueks, Faction::Harkonnen) &&
         !contains(tueks, Faction::Emperor);
}

// Occupation, not control: the side's fighting forces are there, shared or not (advisors do not
// occupy, [LR] 2.02.12).
int strongholds_occupied(const GameState& s, const std::vector<Faction>& side) {
  int n = 0;
  for_each_stronghold_in_play(s, [&](TerritoryId t) {
    const auto o = occupants(s, t);
    n += std::any_of(o.begin(), o.end(), [&](Faction f) { return contains(side, f); }) ? 1 : 0;
  });
  return n;
}

// [LR] 1.09.05: "When the Fremen are not in the game either, the player Occupying the most
// Strongholds wins. If several qualify, all who qualify win." Allied forces count as one and the
// alliance wins together ([LR] 1.10.02.01). Every side tied for the most wins, at 0 too. [TO] lets
// only the first of them in storm order win (README, rules status).
std::vector<Faction> most_strongholds(const GameState& s) {
  std::vector<std::vector<Faction>> tied;
  int most = -1;
  for (Seat seat : storm_order(s)) {
    auto side = side_of(s, s.faction_of(seat));
    const int n = strongholds_occupied(s, side);
    if (n > most) tied.clear();
    if (n >= most && !contains(tied, side)) tied.push_back(std::move(side));
    most = std::max(most, n);
  }
  if (mutant_active(Mutant::EndGameFirstTiedOnly)) tied.resize(1);
  std::vector<Faction> winners;
  for (const auto& side : tied) winners.insert(winners.end(), side.begin(), side.end());
  std::sort(winners.begin(), winners.end());
  return winners;
}

// End of the last turn with no winner ([LR] 1.09.05, 2.04.09, 2.06.08; fact sheet §6.4). None of
// these is a stronghold victory, so the Bene Gesserit prediction does not apply ([LR] 2.02.03).
std::vector<Faction> end_game_victory(const GameState& s) {
  if (in_play(s, Faction::Fremen) && fremen_special_victory(s)) return side_of(s, Faction::Fremen);
  if (in_play(s, Faction::SpacingGuild)) return side_of(s, Faction::SpacingGuild);
  if (in_play(s, Faction::Fremen)) return {Faction::Fremen};  // [LR] 1.09.05: "the Fremen win"
  return most_strongholds(s);
}

void declare(GameState& s, std::vector<Faction> winners) {
  s.winners = std::move(winners);
  s.step = Step::GameOver;
}

}  // namespace

void enter_mentat(GameState& state) {
  for (SeatState& seat : state.seats) {  // [LR] 1.09.01
    seat.spice += seat.in_front_of_shield;
    seat.in_front_of_shield = Spice{0};
  }
  if (auto winners = stronghold_victory(state); !winners.empty()) {
    declare(state, apply_prediction(state, std::move(winners)));
    return;
  }
  if (state.turn >= state.options.turn_limit) {
    declare(state, end_game_victory(state));  // never a next turn after the last
    return;
  }
  open_decision_point(state, Step::MentatPause);
  nexus_hook(state, NexusHook::MentatPauseBegins);  // a Nexus replacement traitor owed is drawn now
}

}  // namespace dune

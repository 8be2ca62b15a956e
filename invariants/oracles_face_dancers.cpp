// The Tleilaxu's Face Dancers in play (fact sheet §4.3, seed 002; the sources in
// docs/rules/tleilaxu.md §3): who may reveal or replace one, and what a reveal, a pass on one and a
// replacement do, recomputed from the pieces before the step. Not from engine/face_dancers.cpp.
#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

ForceCount in_cells(const GameState& s, Faction f, const std::vector<CellId>& cells, bool special) {
  ForceCount n{0};
  for (CellId c : cells) n += special ? s.board.special[index(c)][index(f)] : s.board.normal[index(c)][index(f)];
  return n;
}

// The reveal: the leader to the Tanks, the winner's forces in the battle to its reserves, the
// Tleilaxu's named forces from their reserves to the named cell; the dancer face up, or (the last
// of the group) the whole group back in the Traitor Deck with 3 draws owed; nobody paid.
// `face_up`: the dancer turned face up in an earlier step, as the Tleilaxu Betrayal window opened
// on it; this step closed that window without a Betrayal.
void reveal(const Transition& t, Seat tleilaxu, const RevealFaceDancer& c, bool face_up, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat winner = *b.battle.face_dancer_winner;
  const Faction w = b.faction_of(winner);
  const auto& cells = b.battle.cells;
  const LeaderState& was = b.leaders[c.leader.value];
  const LeaderState& is = a.leaders[c.leader.value];
  if (!in_tanks(a, c.leader) || is.deaths != was.deaths + 1) {
    out.push_back(violation(kFaceDancer, fmt::format("{}, revealed as a Face Dancer, did not die", leader_info(c.leader).name)));
  }
  const ForceCount home_n = in_cells(b, w, cells, false), home_s = in_cells(b, w, cells, true);
  if (in_cells(a, w, cells, false) + in_cells(a, w, cells, true) != ForceCount{0} ||
      a.seat(winner).reserves_normal != b.seat(winner).reserves_normal + home_n ||
      a.seat(winner).reserves_special != b.seat(winner).reserves_special + home_s) {
    out.push_back(violation(kFaceDancer, fmt::format("the {} forces of {} in the battle did not all go to its reserves", (home_n + home_s).value,
                                                     name_of(b, winner))));
  }
  const auto at = [&](const GameState& s) { return s.board.normal[index(c.cell)][index(Faction::Tleilaxu)]; };
  if (at(a) != at(b) + c.forces || a.seat(tleilaxu).reserves_normal != b.seat(tleilaxu).reserves_normal - c.forces) {
    out.push_back(violation(kFaceDancer, fmt::format("the {} Tleilaxu forces named did not go from their reserves to the battle", c.forces.value)));
  }
  const SeatState& before = b.seat(tleilaxu);
  const SeatState& after = a.seat(tleilaxu);
  const TraitorCardId dancer{c.leader.value};
  if (before.revealed_dancers.size() + (face_up ? 0 : 1) == before.traitors.size()) {  // the last: the cycle (seed 002)
    const bool returned = std::all_of(before.traitors.begin(), before.traitors.end(), [&](TraitorCardId d) {
      return contains(a.traitor_deck.unseen, d) || contains(after.traitors, d);
    });
    if (!after.revealed_dancers.empty() || !returned || !a.chance || a.chance->kind != ChanceKind::FaceDancerDraw) {
      out.push_back(violation(kFaceDancer, "the last Face Dancer revealed did not return the group to the Traitor Deck with 3 to draw (seed 002)"));
    }
  } else {
    std::vector<TraitorCardId> want = before.revealed_dancers;
    if (!face_up) want.push_back(dancer);
    if (after.revealed_dancers != want || after.traitors != before.traitors) {
      out.push_back(violation(kFaceDancer, fmt::format("{} is not face up among the Tleilaxu's Face Dancers after its reveal", leader_info(c.leader).name)));
    }
  }
  Flows expected(b);  // the reveal pays nobody ([TO]; README rules status)
  if (!collection_happened(b, a) || expect_collection(t, expected, nullptr).value_or(false)) {
    for (Violation& v : compare_flows(kFaceDancer, t, expected, "a Face Dancer reveal")) out.push_back(std::move(v));
  }
}

// A pass: the winner keeps its forces there, the Tleilaxu their dancers as they were.
void pass(const Transition& t, Seat tleilaxu, Violations& out) {
  const GameState& b = t.before;
  const Faction w = b.faction_of(*b.battle.face_dancer_winner);
  const bool kept = in_cells(t.after, w, b.battle.cells, false) == in_cells(b, w, b.battle.cells, false) &&
                    in_cells(t.after, w, b.battle.cells, true) == in_cells(b, w, b.battle.cells, true);
  if (!kept || t.after.seat(tleilaxu).traitors != b.seat(tleilaxu).traitors ||
      t.after.seat(tleilaxu).revealed_dancers != b.seat(tleilaxu).revealed_dancers) {
    out.push_back(violation(kFaceDancer, "declining a Face Dancer reveal moved forces or Face Dancers"));
  }
}

// The Mentat Pause replacement: the dancer back in the Traitor Deck, one draw owed, the rest kept.
void replacement(const Transition& t, Seat tleilaxu, const ReplaceFaceDancer& c, Violations& out) {
  const SeatState& before = t.before.seat(tleilaxu);
  const SeatState& after = t.after.seat(tleilaxu);
  std::vector<TraitorCardId> kept = before.traitors;
  kept.erase(std::remove(kept.begin(), kept.end(), c.dancer), kept.end());
  if (after.traitors != kept || !contains(t.after.traitor_deck.unseen, c.dancer) || after.revealed_dancers != before.revealed_dancers ||
      !t.after.chance || t.after.chance->kind != ChanceKind::FaceDancerDraw) {
    out.push_back(violation(kFaceDancer, fmt::format("{} was not returned to the Traitor Deck for one draw in its place (seed 002)",
                                                     traitor_name(c.dancer))));
  }
}

}  // namespace

// A reveal that opened the Tleilaxu Betrayal window (seed 000): the dancer is face up, and
// nothing else has happened yet.
void window_opened(const Transition& t, Seat tleilaxu, const RevealFaceDancer& c, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  std::vector<TraitorCardId> want = b.seat(tleilaxu).revealed_dancers;
  want.push_back(TraitorCardId{c.leader.value});
  bool moved = a.leaders != b.leaders;
  for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
    const Faction f = b.faction_of(Seat{i});
    moved = moved || in_cells(a, f, b.battle.cells, false) != in_cells(b, f, b.battle.cells, false) ||
            a.seat(Seat{i}).reserves_normal != b.seat(Seat{i}).reserves_normal;
  }
  if (a.seat(tleilaxu).revealed_dancers != want || moved) {
    out.push_back(violation(kFaceDancer, "a Face Dancer reveal that opened the Betrayal window did more than turn the dancer face up (seed 000)"));
  }
}

Violations face_dancer(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (!e || !owns_step(t)) return {};
  Violations out;
  // The last pass in the Tleilaxu Betrayal window on a reveal: the reveal's effects now.
  if (t.before.nexus.window == Faction::Tleilaxu && !t.after.nexus.window && std::holds_alternative<Pass>(e->command)) {
    const Envelope* r = last_command(t.before, [](const Envelope& x) { return std::holds_alternative<RevealFaceDancer>(x.command); });
    if (!r || !single_step(t)) return skipped(kFaceDancer);
    reveal(t, r->seat, std::get<RevealFaceDancer>(r->command), true, out);
    return decided(kFaceDancer, std::move(out));
  }
  if (const auto* c = std::get_if<ReplaceFaceDancer>(&e->command)) {
    // "The native Karama table stops ordinary Mentat replacement" (seed 002): while another seat's
    // standing order stands ready, the dancer stays and nothing is drawn; the Pause's one
    // replacement is spent (README ✷ table).
    if (!karama_ready(t.before, e->seat, KaramaAbility::TleilaxuFaceDancerReplacement).empty()) {
      const SeatState& was = t.before.seat(e->seat);
      const SeatState& is = t.after.seat(e->seat);
      if (is.traitors != was.traitors || t.after.traitor_deck != t.before.traitor_deck || !t.after.decision_point.face_dancer_replaced) {
        out.push_back(violation(kFaceDancer, fmt::format("{} was replaced although a Karama stood ready against the replacement, or the "
                                                         "Pause's one replacement was left unspent (seed 002; 3.01.11.01)",
                                                         traitor_name(c->dancer))));
      }
      return decided(kFaceDancer, std::move(out));
    }
    if (!single_step(t)) return skipped(kFaceDancer);  // a forced draw (a deck of one) already refilled it
    replacement(t, e->seat, *c, out);
    return decided(kFaceDancer, std::move(out));
  }
  if (t.before.step != Step::Battle || t.before.battle.stage != BattleStage::FaceDancer || !t.before.battle.face_dancer_winner) return {};
  if (const auto* c = std::get_if<RevealFaceDancer>(&e->command)) {
    if (!single_step(t)) return skipped(kFaceDancer);
    if (t.after.nexus.window == Faction::Tleilaxu) {
      window_opened(t, e->seat, *c, out);
    } else {
      reveal(t, e->seat, *c, false, out);
    }
  } else if (std::holds_alternative<Pass>(e->command)) {
    pass(t, e->seat, out);
  } else {
    return {};
  }
  return decided(kFaceDancer, std::move(out));
}

// ---- legality, from the rules (invariants/oracles_legality_rules.cpp asks) -----------------------

std::string face_dancer_reveal_rule(const GameState& s, Seat seat, const RevealFaceDancer& c) {
  if (s.faction_of(seat) != Faction::Tleilaxu) return "only the Tleilaxu reveal Face Dancers (fact sheet §4.3)";
  const BattleState& b = s.battle;
  const auto winner = b.face_dancer_winner;
  if (b.stage != BattleStage::FaceDancer || !winner || (b.combatants[0] != *winner && b.combatants[1] != *winner)) {
    return "a Face Dancer is revealed after a battle, on its winner";
  }
  if (*winner == seat || (s.seat(seat).ally && *s.seat(seat).ally == s.faction_of(*winner))) {
    return "not on the Tleilaxu or their ally (README rules status: the ally is open)";
  }
  const auto& plan = b.plans[b.combatants[0] == *winner ? 0 : 1];
  if (!plan || plan->leader != c.leader) return "the Face Dancer is the leader the winner played";
  if (plan->kwisatz_haderach) return "not a leader with the Kwisatz Haderach (README rules status: open)";
  if (s.leaders[c.leader.value].where != LeaderLocation::Available) return "the leader died in the battle (README rules status: open)";
  const SeatState& me = s.seat(seat);
  const TraitorCardId dancer{c.leader.value};
  if (!contains(me.traitors, dancer) || contains(me.revealed_dancers, dancer)) return "not one of its unrevealed Face Dancers";
  if (std::find(b.cells.begin(), b.cells.end(), c.cell) == b.cells.end() || cell_info(c.cell).sector == s.storm.sector) {
    return "the forces go to a cell of the battle out of the storm";
  }
  const Faction w = s.faction_of(*winner);
  int most = std::min((in_cells(s, w, b.cells, false) + in_cells(s, w, b.cells, true)).value, me.reserves_normal.value);
  if (me.ally && territory_forces(s, *me.ally, b.territory) > 0) most = 0;  // [TO] ReplaceForces, one source
  if (c.forces.value < 0 || c.forces.value > most) return fmt::format("0 to {} forces take the winner's place", most);
  return "";
}

// `earlier`: the seat's replacements already made this turn (one Mentat Pause a turn).
std::string face_dancer_replacement_rule(const GameState& s, Seat seat, const ReplaceFaceDancer& c, int earlier) {
  if (s.faction_of(seat) != Faction::Tleilaxu) return "only the Tleilaxu replace Face Dancers (seed 002)";
  if (earlier > 0) return "one replacement in a Mentat Pause (seed 002)";
  const SeatState& me = s.seat(seat);
  return contains(me.traitors, c.dancer) && !contains(me.revealed_dancers, c.dancer) ? "" : "not one of its unrevealed Face Dancers";
}

}  // namespace dune::invariants::oracle_detail

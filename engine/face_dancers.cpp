// The Tleilaxu's Face Dancers in play (fact sheet §4.3, issue 22; the sources and their open
// questions in docs/rules/tleilaxu.md §3): the reveal after a battle, the cycle once all of them
// are revealed, and the Mentat Pause replacement. The Face Dancers are held in the seat's traitor
// zone (SeatState::traitors); the revealed ones stay there face up (revealed_dancers) until the
// cycle returns them. The draws that refill the group are setup.cpp's draw_next_face_dancer.
//
// The printed E1 sheet was not available: the reveal rests on one engine ([TO] FaceDanced) and
// the fact sheet's summary; the cycle and the replacement on seed 002 and both engines. Edges the
// sources leave open are not offered (README rules status): a winner allied to the Tleilaxu (Q3),
// a leader killed in the battle (Q4), a leader with the Kwisatz Haderach (Q5), forces taken from
// the board rather than the reserves (Q2), a placement spread over several cells.
#include <algorithm>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "engine/shipment_movement.h"

namespace dune {
namespace {

bool is_revealed(const SeatState& s, TraitorCardId c) {
  return std::find(s.revealed_dancers.begin(), s.revealed_dancers.end(), c) != s.revealed_dancers.end();
}

bool holds_unrevealed(const SeatState& s, TraitorCardId c) {
  return std::find(s.traitors.begin(), s.traitors.end(), c) != s.traitors.end() && !is_revealed(s, c);
}

int side_of_seat(const BattleState& b, Seat seat) { return b.combatants[0] == seat ? 0 : 1; }

// The winner's forces in the battle's cells: what the reveal sends home.
ForceCount forces_sent_home(const GameState& state, Seat winner) {
  const Faction f = state.faction_of(winner);
  ForceCount n{0};
  for (CellId c : state.battle.cells) n += state.board.normal[index(c)][index(f)] + state.board.special[index(c)][index(f)];
  return n;
}

// How many forces the Tleilaxu may put in the winner's place: up to the forces sent home, from
// their reserves; none while their ally has forces in the territory ([TO] ReplaceForces, one
// source: the placement would otherwise share a territory with the ally, [LR] 1.10.02.07).
ForceCount placeable(const GameState& state, Seat tleilaxu, Seat winner) {
  if (const auto ally = ally_of(state, Faction::Tleilaxu);
      ally && forces_in_territory(state, *ally, state.battle.territory) > ForceCount{0}) {
    return ForceCount{0};
  }
  return std::min(forces_sent_home(state, winner), state.seat(tleilaxu).reserves_normal);
}

// The leader dies, the winner's forces in the battle go home, the Tleilaxu's named ones take
// their place.
void apply_reveal_effects(GameState& state, const RevealFaceDancer* x) {
  const BattleState& b = state.battle;
  const Faction winner = state.faction_of(*b.face_dancer_winner);
  battle_detail::kill_leader(state, x->leader);  // nobody is paid for it ([TO]; Q17)
  if (!mutant_active(Mutant::FaceDancerRevealKeepsForces)) {
    for (CellId cell : b.cells) {
      transfer_forces(state, winner, AtCell{cell}, InReserves{}, state.board.normal[index(cell)][index(winner)],
                      state.board.special[index(cell)][index(winner)]);
    }
    shipment_movement::forget_empty_stance(state, b.territory);
  }
  transfer_forces(state, Faction::Tleilaxu, InReserves{}, AtCell{x->cell}, x->forces, ForceCount{0});
}

}  // namespace

// Public: whether the Tleilaxu hold that leader is their secret, so they are asked after every
// battle where a reveal is possible by what the table sees, and answer Pass when they cannot (as
// the traitor callers are, battle_resolution.cpp).
std::optional<LeaderId> dancer_in_question(const GameState& state, Seat winner) {
  const auto tleilaxu = state.seat_of(Faction::Tleilaxu);
  if (!tleilaxu || winner == *tleilaxu || ally_of(state, Faction::Tleilaxu) == state.faction_of(winner)) return std::nullopt;
  const BattleState& b = state.battle;
  int side = side_of_seat(b, winner);
  if (mutant_active(Mutant::FaceDancerOnLoser)) side = 1 - side;
  const auto& plan = b.plans[static_cast<std::size_t>(side)];
  if (!plan || !plan->leader || plan->kwisatz_haderach) return std::nullopt;
  const LeaderId leader = *plan->leader;
  if (state.leaders[leader.value].where != LeaderLocation::Available) return std::nullopt;
  return leader;
}

std::optional<LeaderId> revealable_dancer(const GameState& state, Seat winner) {
  const auto leader = dancer_in_question(state, winner);
  if (!leader || !holds_unrevealed(state.seat(*state.seat_of(Faction::Tleilaxu)), TraitorCardId{leader->value})) return std::nullopt;
  return leader;
}

bool open_face_dancer_reveal(GameState& state, Seat winner) {
  if (!dancer_in_question(state, winner)) return false;
  state.battle.face_dancer_winner = winner;
  state.battle.stage = BattleStage::FaceDancer;
  return true;
}

std::vector<Command> face_dancer_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out{Pass{}};
  const BattleState& b = state.battle;
  const auto leader = revealable_dancer(state, *b.face_dancer_winner);
  if (!leader) return out;
  const ForceCount most = placeable(state, seat, *b.face_dancer_winner);
  for (CellId cell : b.cells) {
    if (cell_in_storm(state, cell)) continue;
    for (std::int32_t n = 0; n <= most.value; ++n) out.push_back(RevealFaceDancer{*leader, ForceCount{n}, cell});
  }
  return out;
}

std::optional<Rejection> validate_face_dancer(const GameState& state, Seat seat, const Command& c) {
  const BattleState& b = state.battle;
  if (b.stage != BattleStage::FaceDancer) return reject(RejectCode::WrongPhase, "no Face Dancer can be revealed now");
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  const auto& x = std::get<RevealFaceDancer>(c);
  const auto leader = revealable_dancer(state, *b.face_dancer_winner);
  if (leader != x.leader) {
    return reject(RejectCode::IllegalChoice, "{} is not the winner's leader among your unrevealed Face Dancers (fact sheet §4.3)",
                  leader_info(x.leader).name);
  }
  if (std::find(b.cells.begin(), b.cells.end(), x.cell) == b.cells.end() || cell_in_storm(state, x.cell)) {
    return reject(RejectCode::IllegalChoice, "your forces take the winner's place in a cell of the battle out of the storm");
  }
  const ForceCount most = placeable(state, seat, *b.face_dancer_winner);
  if (x.forces < ForceCount{0} || x.forces > most) {
    return reject(RejectCode::IllegalChoice, "you may place 0 to {} forces from your reserves in the winner's place", most.value);
  }
  return std::nullopt;
}

namespace {
void finish_reveal(GameState& state, const RevealFaceDancer* x, bool cancelled);
}  // namespace

// The dancer turns face up (public) and stays so even when a Betrayal cancels the reveal (seed
// 000: "It stays revealed until all Face Dancers have been revealed"); the Tleilaxu Nexus card's
// Betrayal window opens on it (engine/nexus/tleilaxu.cpp) before anything else happens.
void apply_face_dancer(GameState& state, Seat seat, const Command& c) {
  const auto* x = std::get_if<RevealFaceDancer>(&c);
  if (!x) return battle_detail::next_battle(state);
  state.seat(seat).revealed_dancers.push_back(TraitorCardId{x->leader.value});
  nexus_hook(state, NexusHook::FaceDancerRevealed);
  if (state.nexus.window) return;
  finish_reveal(state, x, false);
}

// After the window: the reveal is the last command logged (the flow logs a command once applied).
void finish_face_dancer_reveal(GameState& state, bool cancelled) {
  const RevealFaceDancer* x = nullptr;
  for (std::size_t i = state.log.size(); i-- > 0 && !x;) {
    if (const auto* e = std::get_if<Envelope>(&state.log[i])) x = std::get_if<RevealFaceDancer>(&e->command);
  }
  finish_reveal(state, x, cancelled);
}

namespace {

void finish_reveal(GameState& state, const RevealFaceDancer* x, bool cancelled) {
  SeatState& tleilaxu = state.seat(*state.seat_of(Faction::Tleilaxu));
  if (x && !cancelled) apply_reveal_effects(state, x);
  // All revealed: they return to the Traitor Deck and three are drawn (seed 002 citing E1 pp.6–7;
  // [TO] ReplaceFacedancers, [DB] drawFaceDancers).
  if (tleilaxu.revealed_dancers.size() >= tleilaxu.traitors.size()) {
    for (TraitorCardId d : tleilaxu.revealed_dancers) transfer(tleilaxu.traitors, state.traitor_deck, d);
    tleilaxu.revealed_dancers.clear();
    draw_next_face_dancer(state);  // then the next battle
    return;
  }
  battle_detail::next_battle(state);
}

}  // namespace

// ---- the Mentat Pause replacement (seed 002; [TO] FaceDancerReplaced, [DB] swapFaceDancer) ----

namespace {
bool replaced(const GameState& state) { return state.decision_point.face_dancer_replaced && !mutant_active(Mutant::FaceDancerReplacedTwice); }
}  // namespace

std::vector<Command> replacement_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.step != Step::MentatPause || state.faction_of(seat) != Faction::Tleilaxu || replaced(state)) return out;
  const SeatState& s = state.seat(seat);
  for (TraitorCardId d : s.traitors) {
    if (!is_revealed(s, d)) out.push_back(ReplaceFaceDancer{d});
  }
  return out;
}

std::optional<Rejection> validate_replacement(const GameState& state, Seat seat, const ReplaceFaceDancer& c) {
  if (state.step != Step::MentatPause || state.faction_of(seat) != Faction::Tleilaxu) {
    return reject(RejectCode::IllegalChoice, "only the Tleilaxu replace a Face Dancer, in the Mentat Pause (seed 002)");
  }
  if (replaced(state)) {
    return reject(RejectCode::IllegalChoice, "one Face Dancer is replaced in a Mentat Pause (seed 002), and this one was");
  }
  if (!holds_unrevealed(state.seat(seat), c.dancer)) {
    return reject(RejectCode::IllegalChoice, "{} is not one of your unrevealed Face Dancers", traitor_name(c.dancer));
  }
  return std::nullopt;
}

void apply_replacement(GameState& state, Seat seat, const ReplaceFaceDancer& c) {
  // "The native Karama table stops ordinary Mentat replacement" (seed 002; [TO]
  // PurpleReplacingFaceDancer): the dancer stays, nothing is drawn, and the Pause's one
  // replacement is spent (README ✷ table).
  if (karama_cancels(state, seat, KaramaAbility::TleilaxuFaceDancerReplacement) &&
      !mutant_active(Mutant::KaramaCancelFaceDancerReplacementStands)) {
    state.decision_point.face_dancer_replaced = true;
    return;
  }
  transfer(state.seat(seat).traitors, state.traitor_deck, c.dancer);
  state.decision_point.face_dancer_replaced = true;
  draw_next_face_dancer(state);  // one, then the decision point goes on
}

}  // namespace dune

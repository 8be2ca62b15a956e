// The panel contracts of the registered Nexus families (issue 17 item 4): see nexus_contracts.h.
//
// Atreides (seed 000, panel table; the family is engine/nexus/atreides.cpp, whose registration
// names these three checkers):
//   contract.atreides.betrayal     by a seat other than the Atreides, in the window of the
//            Atreides' Prescience asked and not yet answered, naming that attempt; the attempt is
//            stopped: it is not answered then or later, and nobody learns anything from the play;
//   contract.atreides.cunning      by the Atreides in their battle, after their Prescience was
//            answered, naming another element than the one answered;
//   contract.atreides.secret-ally  with the Atreides absent, by a combatant;
//   each inspection (Cunning, Secret Ally) shows the named element of the opponent's plan to the
//   inspector alone, as committed: at once when that part is committed, else as soon as the
//   opponent commits it.
// The attempt a Betrayal stops and the inspection an answer completes are read from the log (the
// last UsePrescience and PlayNexus of the battle).
//
// Bene Gesserit (seed 000, panel table; engine/nexus/bene_gesserit.cpp):
//   contract.bene-gesserit.betrayal     by a seat other than the Bene Gesserit, naming the Voice
//            they used in this battle and that binds nobody yet; the Voice is stopped: it binds
//            nobody for the rest of the battle, and nobody learns anything from the play;
//   contract.bene-gesserit.cunning      by the Bene Gesserit in the Advanced game, in their own
//            Shipment and Movement action (they alone awaited, no other decision open); nothing
//            moves, and their action goes on after the conversion;
//   contract.bene-gesserit.secret-ally  with the Bene Gesserit absent, by a combatant, before any
//            Voice or Prescience of the battle; the player's Voice is the battle's next decision, and
//            the Voice it names binds the opponent (no Karama cancels it: not a faction ability).
//
// Emperor (seed 000, panel table; seed 003, the Emperor's contract; engine/nexus/emperor.cpp):
//   contract.emperor.betrayal     by a seat other than the Emperor, in the Emperor's own battle
//            before the plans are revealed, naming the use of the Sardaukar advantage now open (its
//            attempt), with Sardaukar there (actual, or counted by his Cunning), not against the
//            Fremen; the advantage is prevented for the battle, no counter changes, nobody learns
//            anything;
//   contract.emperor.cunning      by the Emperor, under the special forces rule, in his own battle
//            while plans are made, before his plan, with no Sardaukar there and at least five of his
//            ordinary forces; five count as Sardaukar for the battle, no counter or reserve changes
//            (seed 003: no physical Sardaukar are created);
//   contract.emperor.secret-ally  with the Emperor absent: by the buyer of the lot won with spice,
//            who holds the price: the card is the buyer's and its spice unchanged; or at its own
//            Revival decision: exactly three of its forces go from the Tanks to its reserves, free,
//            no leader, and its ordinary revival decision is still to come.
//
// Fremen (seed 000, panel table; engine/nexus/fremen.cpp):
//   contract.fremen.betrayal     by a seat other than the Fremen, naming a numbered attempt: a worm
//            offered to ride (then no worm is ridden for the rest of the turn) or the Fremen's
//            Movement as it begins (the two-territory range is oracle.legal-command's); nothing
//            moves, nobody learns anything;
//   contract.fremen.cunning      by the Fremen at their own worm ride; a ride from elsewhere than
//            the worm's territory follows a Cunning on a worm that found no forces (recomputed as
//            each worm devours), leaves one sand territory and goes to another;
//   contract.fremen.secret-ally  with the Fremen absent: by a seat with forces where a worm waits
//            to devour, which then spares them; or the revival of three (as the Emperor's).
//
// Spacing Guild and Harkonnen: invariants/nexus_contracts_guild_harkonnen.cpp. The Ixians' Betrayal
// and Cunning: invariants/nexus_contracts_ixians.cpp.
#include "invariants/nexus_contracts.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <variant>

#include "engine/engine.h"
#include "engine/nexus/family.h"
#include "invariants/nexus_contracts_detail.h"
#include "invariants/oracle_support.h"
#include "model/command_steps.h"

namespace dune::invariants {

namespace contract_detail {

const PlayNexus* play_of(const Transition& t, Faction card, NexusMode mode) {
  const auto* p = oracle_detail::command_of<PlayNexus>(t);
  return p && p->card.faction == card && p->mode == mode && oracle_detail::single_step(t) ? p : nullptr;
}

}  // namespace contract_detail

namespace {

using namespace oracle_detail;
using namespace contract_detail;

constexpr std::array kElements{PlanElement::Leader, PlanElement::Weapon, PlanElement::Defense, PlanElement::Dial};

// The id the element shows (plan_ids), or nullopt while that part of the plan is not committed.
std::optional<std::uint8_t> element_id(const BattleState& b, int side, PlanElement e) {
  const auto& plan = b.plans[static_cast<std::size_t>(side)];
  const auto& wheel = b.wheels[static_cast<std::size_t>(side)];
  if (e == PlanElement::Dial) return wheel ? std::optional<std::uint8_t>(static_cast<std::uint8_t>(wheel->dial_halves)) : std::nullopt;
  if (!plan) return std::nullopt;
  const auto i = static_cast<std::size_t>(std::find(kElements.begin(), kElements.end(), e) - kElements.begin());
  return plan_ids(*plan, DialBattle{})[i];
}

int side_of(const BattleState& b, Seat s) { return b.combatants[0] == s ? 0 : 1; }
bool combatant(const BattleState& b, Seat s) { return b.combatants[0] == s || b.combatants[1] == s; }

// The inspector alone sees the element, as committed by its opponent; nobody else sees anything.
void check_shown(const std::string& name, const Transition& t, Seat inspector, PlanElement e, Violations& out) {
  const BattleState& a = t.after.battle;
  const int other = 1 - side_of(a, inspector);
  const auto id = element_id(a, other, e);
  int shown = 0;
  for (const Sighting& x : new_sightings(t)) {
    if (x.kind != SeenKind::PlanElement) continue;  // the plans' reveal shows the cards to all ([LR] 1.07.05)
    if (x.seat != inspector) {
      out.push_back(Violation{name, fmt::format("{} saw something by {}'s Nexus inspection (seed 000: to the inspector only)",
                                                      name_of(t.before, x.seat), name_of(t.before, inspector))});
    } else if (id && x.id == *id) {
      ++shown;
    }
  }
  if (shown != 1) {
    out.push_back(Violation{name, fmt::format("{}'s Nexus inspection showed it the opponent's {} {} times, not once as committed",
                                                    name_of(t.before, inspector), to_string(e), shown)});
  }
}

// The newest PlayNexus or UsePrescience in the log: which came last in this battle.
const Envelope* last_of_battle(const GameState& s) {
  return last_command(s, [](const Envelope& e) {
    return std::holds_alternative<PlayNexus>(e.command) || std::holds_alternative<UsePrescience>(e.command);
  });
}


// The Atreides play a later step of the battle completes: the last play of the battle, when this
// step answered a Prescience or committed the part an inspection waits for.
const Envelope* completed_play(const Transition& t, NexusMode mode) {
  const BattleState& b = t.before.battle;
  const BattleState& a = t.after.battle;
  if (!envelope_of(t) || b.stage == BattleStage::None || command_of<PlayNexus>(t)) return nullptr;
  const bool answered = !b.prescience_answered && a.prescience_answered;
  const bool part_committed = b.stage == BattleStage::NexusAnswer && a.stage != BattleStage::NexusAnswer;
  if (!(mode == NexusMode::Betrayal ? answered : part_committed)) return nullptr;
  const Envelope* last = last_of_battle(t.before);
  const auto* play = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
  return play && play->card.faction == Faction::Atreides && play->mode == mode ? last : nullptr;
}

Violations atreides_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.atreides.betrayal";
  Violations out;
  if (const PlayNexus* p = play_of(t, Faction::Atreides, NexusMode::Betrayal)) {
    const GameState& b = t.before;
    const BattleState& bb = b.battle;
    const Seat seat = envelope_of(t)->seat;
    const Envelope* asked = last_of_battle(b);
    if (b.seat_of(Faction::Atreides) == seat || !asked || !std::holds_alternative<UsePrescience>(asked->command) || bb.prescience_answered ||
        p->answers != bb.prescience_attempt) {
      out.push_back({name, fmt::format("{}'s Atreides Betrayal does not answer the Atreides' Prescience asked and not yet answered "
                                       "(seed 000, Atreides row)", name_of(b, seat))});
    }
    if (t.after.battle.stage == BattleStage::PrescienceAnswer || t.after.battle.prescience_answered) {
      out.push_back({name, "the Prescience stopped by the Atreides Betrayal is answered all the same (seed 000: it stops the attempt)"});
    }
    if (!new_sightings(t).empty()) out.push_back({name, "somebody learned something from an Atreides Betrayal"});
    return out;
  }
  if (completed_play(t, NexusMode::Betrayal)) {
    out.push_back({name, "the Prescience stopped by the Atreides Betrayal was answered later (seed 000: it stops the attempt)"});
  }
  return out;
}

// An inspection (Cunning, Secret Ally): the play names an element in the player's own battle and
// shows it, as committed, to the inspector alone, at once or when the opponent commits that part.
void inspection(const std::string& name, const Transition& t, const PlayNexus& p, Violations& out) {
  const BattleState& bb = t.before.battle;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(t.before, seat);
  if (!p.element || !combatant(bb, seat)) {
    out.push_back({name, fmt::format("{}'s Atreides inspection names no element or is not in its own battle", who)});
    return;
  }
  const auto seen = new_sightings(t);
  if (element_id(bb, 1 - side_of(bb, seat), *p.element)) {
    check_shown(name, t, seat, *p.element, out);
  } else if (std::any_of(seen.begin(), seen.end(), [](const Sighting& x) { return x.kind == SeenKind::PlanElement; }) ||
             t.after.battle.stage != BattleStage::NexusAnswer) {
    out.push_back({name, fmt::format("{}'s inspection of a part not yet committed showed something, or did not wait for the "
                                     "opponent to commit it", who)});
  }
}

// The later step that commits the part an inspection waits for shows it then.
void inspection_completed(const std::string& name, const Transition& t, NexusMode mode, Violations& out) {
  const Envelope* last = completed_play(t, mode);
  if (!last || !single_step(t)) return;
  const auto& play = std::get<PlayNexus>(last->command);
  if (play.element) check_shown(name, t, last->seat, *play.element, out);
}

Violations atreides_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.atreides.cunning";
  Violations out;
  if (const PlayNexus* p = play_of(t, Faction::Atreides, NexusMode::Cunning)) {
    const BattleState& bb = t.before.battle;
    if (p->element && (t.before.seat_of(Faction::Atreides) != envelope_of(t)->seat || !bb.prescience || !bb.prescience_answered ||
                       *bb.prescience == *p->element)) {
      out.push_back({name, fmt::format("the Atreides Cunning names {} without an answered Prescience of another element (seed 000: a "
                                       "second, different element)", to_string(*p->element))});
    }
    inspection(name, t, *p, out);
    return out;
  }
  inspection_completed(name, t, NexusMode::Cunning, out);
  return out;
}

Violations atreides_secret_ally(const Transition& t, const GameContext&) {
  const std::string name = "contract.atreides.secret-ally";
  Violations out;
  if (const PlayNexus* p = play_of(t, Faction::Atreides, NexusMode::SecretAlly)) {
    if (t.before.seat_of(Faction::Atreides)) {
      out.push_back({name, "the Atreides Secret Ally was played with the Atreides at the table (seed 000, item 8)"});
    }
    inspection(name, t, *p, out);
    return out;
  }
  inspection_completed(name, t, NexusMode::SecretAlly, out);
  return out;
}

// ---- the Bene Gesserit family ----

// The newest battle-opening, Voice or Bene Gesserit Nexus command of the log.
const Envelope* last_voice_event(const GameState& s) {
  return last_command(s, [](const Envelope& e) {
    if (const auto* p = std::get_if<PlayNexus>(&e.command)) return p->card.faction == Faction::BeneGesserit;
    return std::holds_alternative<UseVoice>(e.command) || std::holds_alternative<ChooseBattle>(e.command);
  });
}

Violations bg_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.bene-gesserit.betrayal";
  Violations out;
  const GameState& b = t.before;
  if (const PlayNexus* p = play_of(t, Faction::BeneGesserit, NexusMode::Betrayal)) {
    const Seat seat = envelope_of(t)->seat;
    const Envelope* used = last_voice_event(b);
    if (b.seat_of(Faction::BeneGesserit) == seat || !used || !std::holds_alternative<UseVoice>(used->command) ||
        used->seat != b.seat_of(Faction::BeneGesserit) || p->answers != b.battle.voice_attempt || p->answers == 0) {
      out.push_back({name, fmt::format("{}'s Bene Gesserit Betrayal does not answer the Voice the Bene Gesserit used in this battle "
                                       "(seed 000, Bene Gesserit row)", name_of(b, seat))});
    }
    if (!new_sightings(t).empty()) out.push_back({name, "somebody learned something from a Bene Gesserit Betrayal"});
  }
  // From the stop to the next battle, the Voice binds nobody (the log is searched only when a
  // Voice binds).
  const Envelope* last = t.after.battle.voice ? last_voice_event(t.after) : nullptr;
  const auto* stop = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
  if (stop && stop->mode == NexusMode::Betrayal) {
    out.push_back({name, "the Voice stopped by the Bene Gesserit Betrayal binds the opponent all the same (seed 000: Stop Voice)"});
  }
  return out;
}

Violations bg_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.bene-gesserit.cunning";
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (play_of(t, Faction::BeneGesserit, NexusMode::Cunning)) {
    const Seat seat = envelope_of(t)->seat;
    const bool own_action = (b.step == Step::Shipment || b.step == Step::Movement) && pending(b) == std::vector<Seat>{seat} &&
                            !b.movement.flip_window && !b.movement.spiritual_advisor_cell;
    if (b.seat_of(Faction::BeneGesserit) != seat || !b.options.rules.bene_gesserit_advisors || !own_action) {
      out.push_back({name, fmt::format("the Bene Gesserit Cunning was played by {} outside the Bene Gesserit's own Shipment and "
                                       "Movement action in the Advanced game (seed 000)", name_of(b, seat))});
    }
    if (a.board != b.board || a.step != b.step || pending(a) != std::vector<Seat>{seat}) {
      out.push_back({name, "the Bene Gesserit Cunning moved or flipped something by itself, or ended their action"});
    }
    return out;
  }
  // The conversion ends with a Pass, and their action goes on.
  const auto* e = envelope_of(t);
  if (e && std::holds_alternative<Pass>(e->command) && b.movement.flip_window &&
      b.movement.flip_window->occasion == FlipOccasion::NexusCunning && (a.step != b.step || pending(a) != std::vector<Seat>{e->seat})) {
    out.push_back({name, "the Bene Gesserit action did not go on after their Cunning conversion"});
  }
  return out;
}

Violations bg_secret_ally(const Transition& t, const GameContext&) {
  const std::string name = "contract.bene-gesserit.secret-ally";
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (play_of(t, Faction::BeneGesserit, NexusMode::SecretAlly)) {
    const Seat seat = envelope_of(t)->seat;
    if (b.seat_of(Faction::BeneGesserit) || !combatant(b.battle, seat) || b.battle.prescience || b.battle.voice) {
      out.push_back({name, fmt::format("{}'s Bene Gesserit Secret Ally is not a combatant's, the Bene Gesserit absent, before any "
                                       "Voice or Prescience of its battle (seed 000, official FAQ)", name_of(b, seat))});
    }
    if (a.battle.stage != BattleStage::Voice || pending(a) != std::vector<Seat>{seat}) {
      out.push_back({name, fmt::format("{}'s Voice is not the battle's next decision after its Secret Ally play", name_of(b, seat))});
    }
    return out;
  }
  // The player's Voice binds its opponent, and no Karama cancels it.
  const auto* e = envelope_of(t);
  const auto* v = e ? std::get_if<UseVoice>(&e->command) : nullptr;
  const Envelope* last = v ? last_voice_event(b) : nullptr;
  const auto* play = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
  if (play && play->mode == NexusMode::SecretAlly && last->seat == e->seat) {
    if (a.battle.voice != *v || !a.battle.voice_side || *a.battle.voice_side != side_of(b.battle, e->seat)) {
      out.push_back({name, fmt::format("the Voice of {}'s Secret Ally does not bind its opponent as named", name_of(b, e->seat))});
    }
    if (a.karama.cancels.size() != b.karama.cancels.size()) {
      out.push_back({name, "a Karama was played against a Secret Ally Voice, a Nexus effect rather than the Bene Gesserit ability"});
    }
  }
  return out;
}

// ---- the Emperor family ----

int emperor_forces_in_battle(const GameState& s, bool special) {
  int n = 0;
  for (CellId c : s.battle.cells) {
    n += (special ? s.board.special : s.board.normal)[index(c)][index(Faction::Emperor)].value;
  }
  return n;
}

// The Emperor's side in the battle, when he fights it himself.
std::optional<int> emperor_combatant(const GameState& s) {
  const auto emperor = s.seat_of(Faction::Emperor);
  if (!emperor || !combatant(s.battle, *emperor)) return std::nullopt;
  return side_of(s.battle, *emperor);
}

bool forces_unchanged(const GameState& b, const GameState& a, Seat seat) {
  const SeatState& x = b.seat(seat);
  const SeatState& y = a.seat(seat);
  return b.board == a.board && x.reserves_normal == y.reserves_normal && x.reserves_special == y.reserves_special &&
         x.tanks_normal == y.tanks_normal && x.tanks_special == y.tanks_special;
}

// The battle's public record of a play (BattleState::nexus_sardaukar, sardaukar_prevented, which
// the oracles read): outside the play it changes only back to nothing, as a new battle begins
// (the one before revealed, or none under way, or the step's last plan resolved it and the next
// battle began).
void record_kept(const std::string& name, const Transition& t, bool changed, bool cleared, std::string_view what, Violations& out) {
  if (!changed || !envelope_of(t) || command_of<PlayNexus>(t)) return;
  const BattleState& b = t.before.battle;
  const BattleState& a = t.after.battle;
  const bool new_battle = b.revealed || b.stage == BattleStage::None || b.stage == BattleStage::Choose ||
                          a.territory != b.territory || a.combatants != b.combatants;
  if (!cleared || !new_battle) out.push_back({name, fmt::format("the battle's record of {} changed without a play of the Emperor card", what)});
}

Violations emperor_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.emperor.betrayal";
  Violations out;
  const PlayNexus* p = play_of(t, Faction::Emperor, NexusMode::Betrayal);
  const bool prevented = t.after.battle.sardaukar_prevented;
  record_kept(name, t, prevented != t.before.battle.sardaukar_prevented, !prevented, "a prevented Sardaukar advantage", out);
  if (!p) return out;
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  const auto side = emperor_combatant(b);
  const bool sardaukar = emperor_forces_in_battle(b, true) > 0 || counted_sardaukar(b) > 0;
  if (b.seat_of(Faction::Emperor) == seat || !side || b.battle.revealed || !sardaukar || p->answers == 0 ||
      p->answers != b.battle.sardaukar_attempt ||
      b.faction_of(b.battle.combatants[static_cast<std::size_t>(1 - *side)]) == Faction::Fremen) {
    out.push_back({name, fmt::format("{}'s Emperor Betrayal does not answer a Sardaukar advantage of the Emperor's own battle while "
                                     "the plans are made (seed 003)", name_of(b, seat))});
  }
  if (!t.after.battle.sardaukar_prevented) {
    out.push_back({name, "the Sardaukar advantage an Emperor Betrayal prevents still stands in the battle (seed 000: prevent it)"});
  }
  if (t.after.board != b.board) out.push_back({name, "an Emperor Betrayal moved or changed counters (seed 003: they stay what they are)"});
  if (!new_sightings(t).empty()) out.push_back({name, "somebody learned something from an Emperor Betrayal"});
  return out;
}

Violations emperor_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.emperor.cunning";
  Violations out;
  const int counted = t.after.battle.nexus_sardaukar;
  record_kept(name, t, counted != t.before.battle.nexus_sardaukar, counted == 0, "forces counted as Sardaukar", out);
  if (!play_of(t, Faction::Emperor, NexusMode::Cunning)) return out;
  const GameState& b = t.before;
  const Seat seat = envelope_of(t)->seat;
  const auto side = emperor_combatant(b);
  const bool before_plan = side && !b.battle.plans[static_cast<std::size_t>(*side)] && !b.battle.wheels[static_cast<std::size_t>(*side)];
  const bool making = b.battle.stage == BattleStage::Plans || b.battle.stage == BattleStage::PrescienceAnswer;
  if (b.seat_of(Faction::Emperor) != seat || !b.options.rules.special_forces || !side || !making || !before_plan) {
    out.push_back({name, fmt::format("the Emperor Cunning was played by {} outside the Emperor's own battle before his plan, or "
                                     "without the special forces rule (seed 003)", name_of(b, seat))});
  }
  if (emperor_forces_in_battle(b, true) > 0 || emperor_forces_in_battle(b, false) < 5) {
    out.push_back({name, fmt::format("the Emperor Cunning was played with {} Sardaukar and {} ordinary forces in the battle (seed 003: "
                                     "none, and five to count)", emperor_forces_in_battle(b, true), emperor_forces_in_battle(b, false))});
  }
  if (t.after.battle.nexus_sardaukar != 5) {
    out.push_back({name, fmt::format("the Emperor Cunning counts {} forces as Sardaukar, not five (seed 003)", t.after.battle.nexus_sardaukar)});
  }
  if (!forces_unchanged(b, t.after, seat)) {
    out.push_back({name, "the Emperor Cunning changed counters, reserves or Tanks (seed 003: no Sardaukar are created)"});
  }
  return out;
}

// A Secret Ally revival of three (the Emperor and Fremen cards, seed 000; seed 003): at the
// holder's own Revival decision, exactly three of its forces go from the Tanks to its reserves,
// free, no leader, and its ordinary revival decision is still to come.
void free_revival(const std::string& name, std::string_view card, const Transition& t, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  const SeatState& x = b.seat(seat);
  const SeatState& y = a.seat(seat);
  const int from_tanks = (x.tanks_normal + x.tanks_special - y.tanks_normal - y.tanks_special).value;
  const int to_reserves = (y.reserves_normal + y.reserves_special - x.reserves_normal - x.reserves_special).value;
  if (from_tanks != 3 || to_reserves != 3 || x.tanks_special - y.tanks_special != y.reserves_special - x.reserves_special) {
    out.push_back({name, fmt::format("{}'s {} Secret Ally revived {} forces to reserves from {} taken from the Tanks, not three "
                                     "(seed 000)", who, card, to_reserves, from_tanks)});
  }
  if (y.spice != x.spice || a.leaders != b.leaders) {
    out.push_back({name, fmt::format("{}'s {} Secret Ally revival was paid for or revived a leader (seed 000: three forces, free)", who, card)});
  }
  const auto next = pending(a);
  if (a.step != Step::Revival || std::find(next.begin(), next.end(), seat) == next.end()) {
    out.push_back({name, fmt::format("{}'s ordinary revival decision did not follow its {} Secret Ally revival (seed 003: beyond the "
                                     "normal limit)", who, card)});
  }
}

Violations emperor_secret_ally(const Transition& t, const GameContext&) {
  const std::string name = "contract.emperor.secret-ally";
  Violations out;
  if (!play_of(t, Faction::Emperor, NexusMode::SecretAlly)) return out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  if (b.seat_of(Faction::Emperor)) out.push_back({name, "the Emperor Secret Ally was played with the Emperor at the table (seed 000, item 8)"});
  if (b.step == Step::Bidding) {
    const auto& lots = b.bidding.lots;
    const bool won = b.bidding.high_bidder == seat && !b.bidding.high_bid_karama && !lots.empty() && b.seat(seat).spice >= b.bidding.high_bid;
    if (!won) out.push_back({name, fmt::format("{}'s Emperor Secret Ally is not played on its own purchase won with spice it holds (seed 003)", who)});
    if (lots.empty() || !holds(a.seat(seat), lots.front()) || a.seat(seat).spice != b.seat(seat).spice) {
      out.push_back({name, fmt::format("{} does not have the card it bought with its spice kept (seed 003)", who)});
    }
    return out;
  }
  if (b.step != Step::Revival) {
    out.push_back({name, fmt::format("{}'s Emperor Secret Ally was played outside a purchase and Revival (seed 003)", who)});
    return out;
  }
  free_revival(name, "Emperor", t, out);
  return out;
}

// ---- the Fremen family ----

Violations fremen_betrayal(const Transition& t, const GameContext&) {
  const std::string name = "contract.fremen.betrayal";
  Violations out;
  const GameState& b = t.before;
  if (command_of<RideWorm>(t) && played_this_turn(b, Faction::Fremen, NexusMode::Betrayal, Phase::SpiceBlowAndNexus)) {
    out.push_back({name, "the Fremen rode a worm in a turn whose worm riding a Fremen Betrayal suppressed (seed 000)"});
  }
  const PlayNexus* p = play_of(t, Faction::Fremen, NexusMode::Betrayal);
  if (!p) return out;
  const Seat seat = envelope_of(t)->seat;
  const auto fremen = b.seat_of(Faction::Fremen);
  const std::string who = name_of(b, seat);
  if (!fremen || *fremen == seat || p->answers == 0 || p->answers > b.nexus.attempts) {
    out.push_back({name, fmt::format("{}'s Fremen Betrayal is not played by another seat than the Fremen against a numbered attempt "
                                     "(seed 000)", who)});
  }
  if (b.step == Step::WormRide) {
    if (b.blow.worm_rides.empty()) out.push_back({name, fmt::format("{}'s Fremen Betrayal answers no worm offered to ride", who)});
    if (t.after.step == Step::WormRide && !t.after.blow.worm_rides.empty()) {
      out.push_back({name, "a worm is still offered to ride after a Fremen Betrayal suppressed riding for the turn (seed 000)"});
    }
  } else if (b.step == Step::Movement) {
    const auto order = storm_order(b);
    const bool fremen_turn = fremen && (b.movement.guild_acting ? b.faction_of(*fremen) == Faction::SpacingGuild
                                                                : b.movement.turn_index < order.size() && order[b.movement.turn_index] == *fremen);
    if (b.movement.moves_made != 0 || b.movement.hajr_played || !fremen_turn || t.after.step != Step::Movement) {
      out.push_back({name, fmt::format("{}'s Fremen Betrayal is not played as the Fremen begin their Movement (seed 000)", who)});
    }
  } else {
    out.push_back({name, fmt::format("{}'s Fremen Betrayal was played outside a worm ride and the Fremen Movement (seed 000)", who)});
  }
  if (t.after.board != b.board) out.push_back({name, "a Fremen Betrayal moved forces or spice (seed 000: it suppresses, nothing moves)"});
  if (!new_sightings(t).empty()) out.push_back({name, "somebody learned something from a Fremen Betrayal"});
  return out;
}

// The worm the step let devour: it waited before and no longer does.
std::optional<TerritoryId> worm_devoured(const Transition& t) {
  const auto& w = t.before.blow.worm_waiting;
  return w && !t.after.blow.worm_waiting ? w : std::nullopt;
}

Violations fremen_cunning(const Transition& t, const GameContext&) {
  const std::string name = "contract.fremen.cunning";
  Violations out;
  const GameState& b = t.before;
  const GameState& a = t.after;
  // The record the Cunning reads, recomputed: a worm recorded as one that found no forces found
  // none (the step's storm, which moves first, aside); a worm that waited for a window and devours
  // now is recorded exactly when nobody had forces there.
  const auto& was = b.blow.empty_worms;
  const auto& now = a.blow.empty_worms;
  if (now.size() > was.size() && std::equal(was.begin(), was.end(), now.begin()) && !storm_moved_in(t)) {
    for (std::size_t i = was.size(); i < now.size(); ++i) {
      // A second worm of the step in the same territory finds what the first left (forced draws
      // in one step): the step's first state does not show it, so that record is not judged here.
      if (std::count(a.blow.worm_rides.begin(), a.blow.worm_rides.end(), now[i]) > 1) continue;
      for (Faction f : b.options.factions) {
        if (territory_forces(b, f, now[i]) > 0) {
          out.push_back({name, fmt::format("the worm in {} is recorded as one that found no forces, and {} had forces there "
                                           "(seed 000: Cunning rides on a worm appearing in a territory without forces)",
                                           to_string(now[i]), to_string(f))});
          break;
        }
      }
    }
  }
  if (const auto w = worm_devoured(t); w && b.nexus.enabled) {
    bool empty = true;
    for (Faction f : b.options.factions) empty = empty && territory_forces(b, f, *w) == 0;
    // The step's records for this territory: the waiting worm devours first, so it is recorded
    // exactly when it found nobody; a later worm of the same step there (forced draws) finds what
    // the first left and may be recorded empty after a first that found forces.
    const auto added = [&](const std::vector<TerritoryId>& before, const std::vector<TerritoryId>& after) {
      const auto from = after.begin() + static_cast<std::ptrdiff_t>(std::min(before.size(), after.size()));
      return std::count(from, after.end(), *w);
    };
    const auto records = added(b.blow.empty_worms, a.blow.empty_worms);
    const auto worms = added(b.blow.worm_rides, a.blow.worm_rides);
    const bool recorded = empty ? records >= 1 : records >= std::max<std::ptrdiff_t>(worms, 1);
    if (empty != recorded) {
      out.push_back({name, fmt::format("the worm in {} is {} as one that found no forces, and {} had forces there", to_string(*w),
                                       recorded ? "recorded" : "not recorded", empty ? "nobody" : "somebody")});
    }
  }
  if (const auto* r = command_of<RideWorm>(t); r && !b.blow.worm_rides.empty() && r->from != b.blow.worm_rides.front()) {
    const auto& empty = b.blow.empty_worms;
    const bool found_none = std::find(empty.begin(), empty.end(), b.blow.worm_rides.front()) != empty.end();
    if (!b.blow.cunning_ride || !found_none) {
      out.push_back({name, fmt::format("the Fremen rode from {}, not where the worm appeared, without a Cunning on a worm that found "
                                       "no forces (seed 000)", to_string(r->from))});
    }
    if (territory_info(r->from).type != TerritoryType::Sand || cell_info(r->to).territory == r->from) {
      out.push_back({name, fmt::format("a Fremen Cunning ride goes from {} to {}: from one desert territory, elsewhere (seed 000)",
                                       to_string(r->from), to_string(cell_info(r->to).territory))});
    }
  }
  if (!play_of(t, Faction::Fremen, NexusMode::Cunning)) return out;
  const Seat seat = envelope_of(t)->seat;
  if (b.seat_of(Faction::Fremen) != seat || b.step != Step::WormRide || b.nexus.window || b.blow.worm_rides.empty()) {
    out.push_back({name, fmt::format("the Fremen Cunning was played by {} outside the Fremen's own worm ride (seed 000)", name_of(b, seat))});
  }
  if (a.board != b.board) out.push_back({name, "the Fremen Cunning itself moved forces (seed 000: it permits a ride)"});
  return out;
}

Violations fremen_secret_ally(const Transition& t, const GameContext&) {
  const std::string name = "contract.fremen.secret-ally";
  Violations out;
  const GameState& b = t.before;
  if (const auto w = worm_devoured(t)) {
    for (std::uint8_t i = 0; i < b.seat_count(); ++i) {
      const Seat s{i};
      if (!b.blow.worm_protected[s.value]) continue;
      const Faction f = b.faction_of(s);
      if (territory_forces(t.after, f, *w) < territory_forces(b, f, *w)) {
        out.push_back({name, fmt::format("the worm in {} devoured forces of {}, whom the Fremen Secret Ally protected (seed 000)",
                                         to_string(*w), name_of(b, s))});
      }
    }
  }
  if (!play_of(t, Faction::Fremen, NexusMode::SecretAlly)) return out;
  const Seat seat = envelope_of(t)->seat;
  const std::string who = name_of(b, seat);
  if (b.seat_of(Faction::Fremen)) out.push_back({name, "the Fremen Secret Ally was played with the Fremen at the table (seed 000, item 8)"});
  if (b.step == Step::Revival) {
    free_revival(name, "Fremen", t, out);
    return out;
  }
  if (!b.blow.worm_waiting || territory_forces(b, b.faction_of(seat), *b.blow.worm_waiting) == 0) {
    out.push_back({name, fmt::format("{}'s Fremen Secret Ally protects no forces of its own from a worm appearing where they are (seed 000)", who)});
  }
  if (t.after.board != b.board && t.after.blow.worm_waiting) {
    out.push_back({name, "the board changed while the worm still waits (seed 000: the card protects, it moves nothing)"});
  }
  return out;
}

constexpr std::array kContracts{
    Checker{"contract.atreides.betrayal", "oracle",
            "the Atreides Betrayal stops exactly the Prescience asked and not answered; it is never answered and shows nobody anything",
            atreides_betrayal},
    Checker{"contract.atreides.cunning", "oracle",
            "the Atreides Cunning follows an answered Prescience, names another element and shows it to the Atreides alone, as committed",
            atreides_cunning},
    Checker{"contract.atreides.secret-ally", "oracle",
            "the Atreides Secret Ally, the Atreides absent, shows the named element to the combatant alone, as committed",
            atreides_secret_ally},
    Checker{"contract.bene-gesserit.betrayal", "oracle",
            "the Bene Gesserit Betrayal stops exactly the Voice they used; it binds nobody for the rest of the battle",
            bg_betrayal},
    Checker{"contract.bene-gesserit.cunning", "oracle",
            "the Bene Gesserit Cunning opens a conversion in their own Advanced Shipment and Movement action, which goes on after it",
            bg_cunning},
    Checker{"contract.bene-gesserit.secret-ally", "oracle",
            "the Bene Gesserit Secret Ally, the Bene Gesserit absent, gives a combatant a Voice before Prescience that binds its opponent",
            bg_secret_ally},
    Checker{"contract.emperor.betrayal", "oracle",
            "the Emperor Betrayal prevents exactly the Sardaukar advantage open in the Emperor's battle; no counter changes",
            emperor_betrayal},
    Checker{"contract.emperor.cunning", "oracle",
            "the Emperor Cunning counts five of his ordinary forces as Sardaukar in his battle before his plan, creating no Sardaukar",
            emperor_cunning},
    Checker{"contract.emperor.secret-ally", "oracle",
            "the Emperor Secret Ally, the Emperor absent, keeps a purchase's price or revives three forces free beyond the limit",
            emperor_secret_ally},
    Checker{"contract.fremen.betrayal", "oracle",
            "the Fremen Betrayal, by another seat against a numbered ride or Movement, suppresses riding for the turn or the "
            "two-territory movement; nothing moves",
            fremen_betrayal},
    Checker{"contract.fremen.cunning", "oracle",
            "the Fremen Cunning lets a group of one sand territory ride a worm that found no forces elsewhere; no other ride leaves "
            "from elsewhere",
            fremen_cunning},
    Checker{"contract.fremen.secret-ally", "oracle",
            "the Fremen Secret Ally, the Fremen absent, protects its player's forces from the worm where they are, or revives three "
            "forces free beyond the limit",
            fremen_secret_ally},
    Checker{"contract.spacing-guild.betrayal", "oracle",
            "the Spacing Guild Betrayal, by another seat than the Guild right after a paid shipment, takes that entire payment "
            "from its payee",
            guild_betrayal},
    Checker{"contract.spacing-guild.cunning", "oracle",
            "the Spacing Guild Cunning, in the Guild's own action, gives it a second shipment after it; that group moves only "
            "with a Hajr",
            guild_cunning},
    Checker{"contract.spacing-guild.secret-ally", "oracle",
            "the Spacing Guild Secret Ally, the Guild absent, lets its player ship at Guild prices in its own Shipment",
            guild_secret_ally},
    Checker{"contract.harkonnen.betrayal", "oracle",
            "the Harkonnen Betrayal, by another seat as the Harkonnen reveal a traitor, cancels it into the Traitor Deck; the "
            "Harkonnen draw a replacement as the Mentat Pause begins",
            harkonnen_betrayal},
    Checker{"contract.harkonnen.cunning", "oracle",
            "the Harkonnen Cunning, at the Harkonnen's own decision, draws one Traitor Card and then shuffles one back; an exchange "
            "is never interrupted",
            harkonnen_cunning},
    Checker{"contract.harkonnen.secret-ally", "oracle",
            "the Harkonnen Secret Ally, the Harkonnen absent, at the Mentat Pause draws two Traitor Cards and then shuffles two back",
            harkonnen_secret_ally},
    Checker{"contract.tleilaxu.secret-ally", "oracle",
            "the Tleilaxu Secret Ally, the Tleilaxu absent, in Revival before the ordinary revival, returns one own dead leader "
            "free and up to five forces at one spice each; the ordinary revival after it keeps the shared ceiling of five and "
            "returns no leader (prototype policy, seed 002)",
            tleilaxu_secret_ally},
    Checker{"contract.tleilaxu.betrayal", "oracle",
            "the Tleilaxu Betrayal, by another seat as the Tleilaxu reveal a Face Dancer, cancels the reveal: no leader dies, no "
            "force moves, and the dancer stays revealed until the group's last (seed 000)",
            tleilaxu_betrayal},
    Checker{"contract.tleilaxu.cunning", "oracle",
            "the Tleilaxu Cunning, with a Face Dancer revealed, draws as many replacements as are revealed, never one of them, and "
            "only then shuffles the revealed group into the Traitor Deck (seed 002)",
            tleilaxu_cunning},
    Checker{"contract.richese.secret-ally", "oracle",
            "the Richese Secret Ally, the Richese absent, in the player's own Shipment before shipping, makes its shipping one "
            "shipment from reserves of up to five forces priced as one",
            richese_secret_ally},
    Checker{"contract.ixians.secret-ally", "oracle",
            "the Ixians Secret Ally, the Ixians absent, played by the buyer of the lot just bought in Bidding, sends that card to "
            "the Treachery discard and deals its player the next Treachery deck card",
            ixians_secret_ally},
    Checker{"contract.ixians.betrayal", "oracle",
            "the Ixians Betrayal, by another seat as the Bidding row is about to be dealt, prevents the Ixians' selection: no extra "
            "card, no selection that turn; nothing moves",
            ixians_betrayal},
    Checker{"contract.ixians.cunning", "oracle",
            "the Ixians Cunning, in the Ixians' own battle before their plan, binds for the rest of the turn's Battle phase; "
            "nothing moves",
            ixians_cunning},
    Checker{"contract.ecaz.secret-ally", "oracle",
            "the Ecaz Secret Ally, Ecaz absent, gives its player alone one true private answer: whether the player it names "
            "holds any of its leaders as a traitor",
            ecaz_secret_ally},
    Checker{"contract.choam.secret-ally", "oracle",
            "the CHOAM Secret Ally, CHOAM absent, trades a held Worthless card for two spice in Spice Collection, or shows the "
            "winner of the battle just fought one card of the loser's at random, to it alone",
            choam_secret_ally},
    Checker{"contract.moritani.secret-ally", "oracle",
            "the Moritani Secret Ally, the Moritani absent, lets the loser of the battle just fought keep one card it played there "
            "that a winner could keep: its weapon or its defense, back in its hand from the discard",
            moritani_secret_ally},
};

}  // namespace

std::span<const Checker> contract_checkers() { return kContracts; }

bool has_contract(Faction card, NexusMode mode) {
  const NexusFamily* family = find_nexus_family(card);
  if (!family) return false;
  const auto i = static_cast<std::size_t>(std::find(kNexusModes.begin(), kNexusModes.end(), mode) - kNexusModes.begin());
  if (i >= family->contracts.size() || family->contracts[i].empty()) return false;
  return std::any_of(kContracts.begin(), kContracts.end(), [&](const Checker& c) { return c.name == family->contracts[i]; });
}

}  // namespace dune::invariants

// The Nexus play oracle (oracle.nexus-play): every PlayNexus keeps seed 000's common contract, and
// each registered family's panel keeps its own contract.
//   common   the card was held and goes to the Nexus discard; exactly one receipt names the seat,
//            the card, the mode, the turn and the phase (item 9); the mode is the native roster's:
//            one's own faction's card Cunning, a seated faction's Betrayal, an absent one's Secret
//            Ally (item 8); no alliance changes (item 7); no physical piece moves (seed 003: a
//            Nexus card creates no component).
//   Atreides Betrayal      by a seat other than the Atreides, in the window of a Prescience asked
//            and not yet answered, naming that attempt; the attempt is stopped: it is not answered
//            then or later, and nobody learns anything from the play;
//            Cunning       by the Atreides in their battle, after their Prescience was answered,
//            naming another element than the one answered;
//            Secret Ally   with the Atreides absent, by a combatant;
//            an inspection (Cunning, Secret Ally) shows the named element of the opponent's plan
//            to the inspector alone, as committed: at once when that part is committed, else as
//            soon as the opponent commits it.
// The attempt a Betrayal stops and the inspection an answer completes are read from the log (the
// last UsePrescience and PlayNexus), not from the engine's battle flags. A card whose family has no
// contract here is skipped and counted.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "invariants/oracle_support.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

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
void check_shown(const Transition& t, Seat inspector, PlanElement e, Violations& out) {
  const BattleState& a = t.after.battle;
  const int other = 1 - side_of(a, inspector);
  const auto id = element_id(a, other, e);
  int shown = 0;
  for (const Sighting& x : new_sightings(t)) {
    if (x.kind != SeenKind::PlanElement) continue;  // the plans' reveal shows the cards to all ([LR] 1.07.05)
    if (x.seat != inspector) {
      out.push_back(violation(kNexusPlay, fmt::format("{} saw something by {}'s Nexus inspection (seed 000: to the inspector only)",
                                                      name_of(t.before, x.seat), name_of(t.before, inspector))));
    } else if (id && x.id == *id) {
      ++shown;
    }
  }
  if (shown != 1) {
    out.push_back(violation(kNexusPlay, fmt::format("{}'s Nexus inspection showed it the opponent's {} {} times, not once as committed",
                                                    name_of(t.before, inspector), to_string(e), shown)));
  }
}

// The newest PlayNexus or UsePrescience in the log: which came last in this battle.
const Envelope* last_of_battle(const GameState& s) {
  return last_command(s, [](const Envelope& e) {
    return std::holds_alternative<PlayNexus>(e.command) || std::holds_alternative<UsePrescience>(e.command);
  });
}

void atreides(const Transition& t, Seat seat, const PlayNexus& p, Violations& out) {
  const GameState& b = t.before;
  const BattleState& bb = b.battle;
  const std::string who = name_of(b, seat);
  const auto atreides_seat = b.seat_of(Faction::Atreides);
  if (p.mode == NexusMode::Betrayal) {
    const Envelope* asked = last_of_battle(b);
    if (atreides_seat == seat || !asked || !std::holds_alternative<UsePrescience>(asked->command) || bb.prescience_answered ||
        p.answers != bb.prescience_attempt) {
      out.push_back(violation(kNexusPlay, fmt::format("{}'s Atreides Betrayal does not answer the Atreides' Prescience asked and not yet "
                                                      "answered (seed 000, Atreides row)", who)));
    }
    if (t.after.battle.stage == BattleStage::PrescienceAnswer || t.after.battle.prescience_answered) {
      out.push_back(violation(kNexusPlay, "the Prescience stopped by the Atreides Betrayal is answered all the same (seed 000: it stops the attempt)"));
    }
    if (!new_sightings(t).empty()) out.push_back(violation(kNexusPlay, "somebody learned something from an Atreides Betrayal"));
    return;
  }
  if (!p.element || !combatant(bb, seat)) {
    out.push_back(violation(kNexusPlay, fmt::format("{}'s Atreides inspection names no element or is not in its own battle", who)));
    return;
  }
  if (p.mode == NexusMode::Cunning &&
      (atreides_seat != seat || !bb.prescience || !bb.prescience_answered || *bb.prescience == *p.element)) {
    out.push_back(violation(kNexusPlay, fmt::format("the Atreides Cunning names {} without an answered Prescience of another element "
                                                    "(seed 000: a second, different element)", to_string(*p.element))));
  }
  if (p.mode == NexusMode::SecretAlly && atreides_seat) {
    out.push_back(violation(kNexusPlay, "the Atreides Secret Ally was played with the Atreides at the table (seed 000, item 8)"));
  }
  const auto seen = new_sightings(t);
  if (element_id(bb, 1 - side_of(bb, seat), *p.element)) {
    check_shown(t, seat, *p.element, out);
  } else if (std::any_of(seen.begin(), seen.end(), [](const Sighting& x) { return x.kind == SeenKind::PlanElement; }) ||
             t.after.battle.stage != BattleStage::NexusAnswer) {
    out.push_back(violation(kNexusPlay, fmt::format("{}'s inspection of a part not yet committed showed something, or did not wait for the "
                                                    "opponent to commit it", who)));
  }
}

// Steps after a play: an inspection waiting for its part is shown when the part is committed, and
// a Prescience stopped by a Betrayal is never answered.
std::optional<Violations> after_a_play(const Transition& t) {
  const BattleState& b = t.before.battle;
  const BattleState& a = t.after.battle;
  const bool answered = !b.prescience_answered && a.prescience_answered;
  const bool part_committed = b.stage == BattleStage::NexusAnswer && a.stage != BattleStage::NexusAnswer;
  if (!answered && !part_committed) return std::nullopt;
  const Envelope* last = last_of_battle(t.before);
  const auto* play = last ? std::get_if<PlayNexus>(&last->command) : nullptr;
  if (!play || play->card.faction != Faction::Atreides) return std::nullopt;
  Violations out;
  if (play->mode == NexusMode::Betrayal) {
    if (answered) {
      out.push_back(violation(kNexusPlay, "the Prescience stopped by the Atreides Betrayal was answered later (seed 000: it stops the attempt)"));
    }
    return out.empty() ? std::nullopt : std::optional<Violations>(std::move(out));
  }
  if (!part_committed || !play->element) return std::nullopt;
  if (!single_step(t)) return std::optional<Violations>{};  // skipped below
  check_shown(t, last->seat, *play->element, out);
  return out;
}

}  // namespace

Violations nexus_play(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const auto* p = e ? std::get_if<PlayNexus>(&e->command) : nullptr;
  if (!p) {
    if (!e || t.before.battle.stage == BattleStage::None) return {};
    auto later = after_a_play(t);
    if (!later) return {};
    if (!single_step(t) && later->empty()) return skipped(kNexusPlay);
    return decided(kNexusPlay, std::move(*later));
  }
  if (!single_step(t)) return skipped(kNexusPlay);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = e->seat;
  const std::string who = name_of(b, seat);
  Violations out;
  if (!(b.nexus.held[seat.value] == p->card) || a.nexus.held[seat.value].has_value()) {
    out.push_back(violation(kNexusPlay, fmt::format("{} played the {} card without holding it, or holds a card after the play (seed 000, item 9)",
                                                    who, to_string(p->card.faction))));
  }
  if (a.nexus.discard.size() != b.nexus.discard.size() + 1 || !(a.nexus.discard.back() == p->card)) {
    out.push_back(violation(kNexusPlay, fmt::format("the {} card {} played is not on top of the Nexus discard (seed 000, item 9)",
                                                    to_string(p->card.faction), who)));
  }
  const auto& receipts = a.nexus.receipts;
  if (receipts.size() != b.nexus.receipts.size() + 1) {
    out.push_back(violation(kNexusPlay, fmt::format("{}'s Nexus play left {} receipts, not one (seed 000, item 9)", who,
                                                    receipts.size() - b.nexus.receipts.size())));
  } else {
    const NexusReceipt& r = receipts.back();
    if (r.seat != seat || !(r.card == p->card) || r.mode != p->mode || r.turn != b.turn || r.phase != b.phase) {
      out.push_back(violation(kNexusPlay, fmt::format("{}'s Nexus receipt does not name its seat, card, mode, turn and phase (seed 000, item 9)", who)));
    }
  }
  const NexusMode native = p->card.faction == b.faction_of(seat) ? NexusMode::Cunning
                           : b.seat_of(p->card.faction)          ? NexusMode::Betrayal
                                                                 : NexusMode::SecretAlly;
  if (p->mode != native) {
    out.push_back(violation(kNexusPlay, fmt::format("{} played the {} card as {}; the native roster makes it {} (seed 000, item 8)", who,
                                                    to_string(p->card.faction), to_string(p->mode), to_string(native))));
  }
  if (a.alliances != b.alliances) out.push_back(violation(kNexusPlay, "a Nexus play changed an alliance (seed 000, item 7)"));
  expect_pieces(kNexusPlay, b, a, fmt::format("{}'s Nexus play", who), out);
  switch (p->card.faction) {
    case Faction::Atreides: atreides(t, seat, *p, out); break;
    default:  // no contract written for this family's panels yet: the common contract alone
      skipped(kNexusPlay);
      return out;
  }
  return decided(kNexusPlay, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

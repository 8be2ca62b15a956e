// The E1 tech tokens' oracle (oracle.tech-tokens; docs/rules/tech-tokens-and-amal.md §1, the
// README's rules-status row "E1 tech tokens"), recomputed from the rules, not the engine:
// - the deal: as turn 1's Storm ends each seated default owner holds its token, and each token
//   dealt by chance goes, undealt and its owner absent, to the first seat in storm order holding
//   none; the deal closes once no token is left or every seat holds one (the rest set aside);
// - the marks: a token's income is marked due exactly when a step of its phase triggers it (a
//   free revival of forces by a faction other than the Tleilaxu, a shipment from off-planet by one
//   other than the Guild and the Fremen, a Charity claim by one other than the Bene Gesserit),
//   and cleared as the phase ends;
// - the payment, as the phase ends: its holder takes 1 spice from the bank for each token it
//   holds. Every spice comparison expects it (compare_flows); this oracle compares the flows of a
//   step no other oracle weighs, a Pass that ends the phase into one that moves no spice as it begins;
// - the battle (§1.4): a token changes hands after the deal only by a `TakeTechToken`, which moves
//   exactly the named token from the loser of the battle to its winner; the winner is asked
//   (BattleStage::WinnerTechToken) only when the loser holds one, and not asked never when it does:
//   a step resolving a battle that leaves one side with forces there (the winner) must lead to the
//   winner's decisions, and those must end with the question. A resolution that leaves neither side
//   with forces there (the winner lost all it had) does not name the winner and is not weighed.
#include <fmt/format.h>

#include <algorithm>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/tokens.h"

namespace dune::invariants::oracle_detail {
namespace {

using Holders = std::array<std::optional<Seat>, 3>;

std::optional<Seat> first_token_less(const GameState& s, const Holders& holder) {
  std::optional<Seat> best;
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
    const Seat seat{i};
    if (std::find(holder.begin(), holder.end(), std::optional<Seat>(seat)) != holder.end()) continue;
    if (!best || storm_place(s, seat) < storm_place(s, *best)) best = seat;
  }
  return best;
}

void deal_checks(const Transition& t, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kTech, what)); };
  Holders holder = b.tech.holder;
  for (std::size_t k = 0; k < kTechTokens.size(); ++k) {  // the default owners take theirs (§1.2)
    if (const auto owner = b.seat_of(kTechTokens[k].default_owner)) holder[k] = owner;
  }
  for (std::size_t i = b.log.size(); i < a.log.size(); ++i) {
    const auto* r = std::get_if<ChanceRecord>(&a.log[i]);
    if (!r || r->request.kind != ChanceKind::TechTokenDeal) continue;
    const auto want = first_token_less(a, holder);  // storm order as the Storm ends: the storm has moved
    if (!want || r->request.seat != *want) {
      fault(fmt::format("a tech token was dealt to {}, not to the first seat in storm order holding none ({})", name_of(b, r->request.seat),
                        want ? name_of(b, *want) : "none"));
    }
    const std::size_t k = r->outcome;
    if (k >= kTechTokens.size() || holder[k] || b.seat_of(kTechTokens[k].default_owner)) {
      fault("a tech token was dealt by chance that was not among those left after their owners took theirs");
      continue;
    }
    holder[k] = r->request.seat;
  }
  const auto next = first_token_less(a, holder);
  const bool left = std::any_of(holder.begin(), holder.end(), [](const auto& h) { return !h.has_value(); });
  if (next && left) {
    if (a.tech.dealt || !a.chance || a.chance->kind != ChanceKind::TechTokenDeal || a.chance->seat != *next) {
      fault(fmt::format("the tech token deal did not go on to {}, the first seat in storm order holding none", name_of(b, *next)));
    }
  } else if (!a.tech.dealt) {
    fault("the tech token deal did not close with every token dealt or every seat holding one");
  }
  if (a.tech.holder != holder) fault("the tech tokens are not held as their owners and the deal give them (§1.2)");
}

// The other combatant of the battle under way.
Seat opponent_of(const BattleState& b, Seat seat) { return b.combatants[b.combatants[0] == seat ? 1 : 0]; }

bool winner_deciding(BattleStage s) {
  return s == BattleStage::WinnerLosses || s == BattleStage::WinnerCards || s == BattleStage::WinnerTechToken;
}

// The loser of the battle `t` resolves, when the forces left in its cells name one: exactly one
// combatant keeps forces there.
std::optional<Seat> resolved_loser(const Transition& t) {
  const BattleState& b = t.before.battle;
  std::array<int, 2> left{};
  for (std::size_t side = 0; side < 2; ++side) {
    for (CellId c : b.cells) left[side] += cell_forces(t.after, index(c), t.before.faction_of(b.combatants[side]));
  }
  if ((left[0] > 0) == (left[1] > 0)) return std::nullopt;
  return b.combatants[left[0] > 0 ? 1 : 0];
}

// §1.4: the take, and the question asked exactly when the loser holds a token.
void battle_checks(const Transition& t, const Envelope& e, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kTech, what)); };
  Holders want = b.tech.holder;
  if (const auto* take = std::get_if<TakeTechToken>(&e.command)) {
    const auto k = static_cast<std::size_t>(take->token);
    if (b.battle.winner != e.seat || b.tech.holder[k] != opponent_of(b.battle, e.seat)) {
      fault(fmt::format("{} took the {} token, not the winner of a battle taking it from the loser", name_of(b, e.seat), kTechTokens[k].name));
    }
    want[k] = e.seat;
  }
  if (a.tech.holder != want) {
    fault(fmt::format("the tech tokens changed hands other than as {}'s {} says (§1.4: a battle's winner takes one from the loser)",
                      name_of(b, e.seat), kind_name(e.command)));
  }
  if (a.step == Step::Battle && a.battle.stage == BattleStage::WinnerTechToken && b.battle.stage != BattleStage::WinnerTechToken) {
    const auto w = a.battle.winner;
    if (!w || tech_tokens_held(b, opponent_of(a.battle, *w)) == 0) {
      fault("the winner of a battle was asked to take a tech token from a loser holding none");
    }
  }
  // The question not asked: from the winner's cards or losses, or the resolution itself.
  std::optional<Seat> loser;
  if (winner_deciding(b.battle.stage) && b.battle.stage != BattleStage::WinnerTechToken && b.battle.winner) {
    loser = opponent_of(b.battle, *b.battle.winner);
  } else if (battle_resolved(t)) {
    loser = resolved_loser(t);
  }
  const bool asked = a.step == Step::Battle && winner_deciding(a.battle.stage) && a.battle.combatants == b.battle.combatants;
  if (loser && tech_tokens_held(b, *loser) > 0 && !asked) {
    fault(fmt::format("{} lost a battle holding a tech token and its winner was not asked to take one (§1.4)", name_of(b, *loser)));
  }
}

}  // namespace

Violations tech_tokens(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!b.options.cards.e1_tech_tokens || !owns_step(t)) return {};
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kTech, what)); };
  const bool dealing = !b.tech.dealt && (a.tech.dealt || a.tech.holder != b.tech.holder || (a.chance && a.chance->kind == ChanceKind::TechTokenDeal));
  if (dealing) {
    deal_checks(t, out);
    return decided(kTech, std::move(out));
  }
  const Envelope* e = envelope_of(t);
  if (b.tech.dealt && e && b.phase == Phase::Battle) {
    battle_checks(t, *e, out);
    return decided(kTech, std::move(out));
  }
  const bool in_phase = std::any_of(b.tech.holder.begin(), b.tech.holder.end(), [](const auto& h) { return h.has_value(); }) &&
                        (b.phase == Phase::Revival || b.phase == Phase::ShipmentAndMovement || b.phase == Phase::ChoamCharity);
  if (!b.tech.dealt || !e) return {};
  if (a.tech.holder != b.tech.holder) fault("a tech token changed hands outside a battle");
  if (!in_phase) return out.empty() ? Violations{} : decided(kTech, std::move(out));
  const bool left = left_phase(t);
  for (std::size_t k = 0; k < kTechTokens.size(); ++k) {
    const bool due = b.tech.holder[k] && b.phase == tech_phase(k) && (b.tech.income_due[k] || tech_triggered(t, k)) && !left;
    if (a.tech.income_due[k] != due) {
      fault(fmt::format("the {} income is {}marked due after {}'s {} ({})", kTechTokens[k].name, a.tech.income_due[k] ? "" : "not ",
                        name_of(b, e->seat), kind_name(e->command),
                        left ? "the phase ended: paid" : due ? "its trigger happened this phase" : "no trigger this phase"));
    }
  }
  // A pass that ends the phase moves no spice but the income, unless the next phase moves some as
  // it begins (a Spice Collection right after Shipment and Movement, with no battle: its oracle
  // weighs that step, the income included).
  if (std::holds_alternative<Pass>(e->command) && left && (a.step == Step::AmalWindow || a.phase == next_phase(b.phase))) {
    for (Violation& v : compare_flows(kTech, t, Flows(b), fmt::format("{}'s pass, the last of the phase", name_of(b, e->seat)))) {
      out.push_back(std::move(v));
    }
  }
  return decided(kTech, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

// E1's Hidden Mobile Stronghold's oracle (oracle.hms; docs/rules/ixians.md §2.2, §4; the README's
// rules-status row "Ixians faction"), recomputed from the digest, not the engine:
// - the placement: a PlaceHms is the Ixians', once, on turn 1 once the storm has moved, to a map
//   cell of a territory that is not a stronghold and not in storm; it attaches the HMS to exactly
//   that cell and moves no force (its 3 Suboids and 3 Cyborgs stay in it) and no spice;
// - the step is asked: a step that ends turn 1's Storm with the Ixians seated leads to the
//   placement, not past it;
// - the movement (§4.1): after turn 1, as the Storm phase starts, with Ixian forces inside and its
//   host out of the storm, the Ixians are asked (Step::HmsMovement); a MoveHms by them, allowed
//   by hms_move_illegal (recomputed here from the sector links), attaches it to exactly the named
//   cell and moves no force and no spice (unless the storm moves in the same step: its oracle's);
//   a Pass there keeps it, and so does a Karama against the move (one source, [TO]);
// - the Ixians' Karama power (§7.1, one source, [TO] KarmaHmsMovement): a KaramaMoveHms by them in
//   Shipment and Movement, allowed by hms_karama_move_illegal (up to 2 territories by the same
//   rules), attaches it to exactly the named cell and moves no force and no spice;
// - nothing else moves it: the host changes only by the placement and the two moves.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <variant>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/command_steps.h"

namespace dune::invariants::oracle_detail {
namespace {

// Territories entered from `host` to every sector over the sector links, never into a sector in
// storm nor into a stronghold (the HMS's own link is no sector link).
std::array<int, kCellCount> hms_reach(const GameState& s, CellId host) {
  constexpr int kFarAway = 1000;
  std::array<int, kCellCount> d;
  d.fill(kFarAway);
  d[index(host)] = 0;
  for (bool changed = true; changed;) {
    changed = false;
    for (const CellLink& l : kCellLinks) {
      const TerritoryId to_territory = kCells[index(l.to)].territory;
      if (d[index(l.from)] == kFarAway || storm_sector(s, index(l.to)) || is_stronghold(to_territory)) continue;
      const int via = d[index(l.from)] + (to_territory == kCells[index(l.from)].territory ? 0 : 1);
      if (via < d[index(l.to)]) {
        d[index(l.to)] = via;
        changed = true;
      }
    }
  }
  return d;
}

bool ixians_inside(const GameState& s) {
  const std::size_t hms = index(kHmsCell), ix = index(Faction::Ixians);
  return s.board.normal[hms][ix] + s.board.special[hms][ix] > ForceCount{0};
}

// Whether the Ixians are to be asked to move it as this Storm phase starts.
bool move_due(const GameState& s) {
  return s.turn > 1 && s.board.hms_host && ixians_inside(s) && !storm_sector(s, index(*s.board.hms_host));
}

std::string cell_text(std::optional<CellId> c) {
  if (!c) return "off the board";
  return fmt::format("cell {} ({})", c->value, to_string(kCells[index(*c)].territory));
}

void placement_checks(const Transition& t, const Envelope& e, const PlaceHms& p, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kHms, std::move(what))); };
  if (b.faction_of(e.seat) != Faction::Ixians) fault(fmt::format("{} placed the Hidden Mobile Stronghold: the Ixians' alone", name_of(b, e.seat)));
  if (b.turn != 1 || b.board.hms_host) fault(fmt::format("a second placement, or not on turn 1 (turn {}, the HMS {})", b.turn, cell_text(b.board.hms_host)));
  if (p.to.value >= kMapCellCount) {
    fault("the HMS placed on no cell of the map");
    return;
  }
  const TerritoryId ter = kCells[index(p.to)].territory;
  if (is_stronghold(ter)) fault(fmt::format("the HMS placed in {}, a stronghold", to_string(ter)));
  if (storm_sector(b, index(p.to))) fault(fmt::format("the HMS placed in {}, in the storm", to_string(ter)));
  if (a.board.hms_host != p.to) {
    fault(fmt::format("{} named {}; the HMS hangs on {}", name_of(b, e.seat), cell_text(p.to), cell_text(a.board.hms_host)));
  }
  // A forced chance outcome of the Spice Blow that follows may move pieces in the same step.
  if (!single_step(t)) return;
  if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("the placement moved forces");
  if (a.board.spice != b.board.spice) fault("the placement moved spice");
}

void movement_checks(const Transition& t, const Envelope& e, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kHms, std::move(what))); };
  const auto* m = std::get_if<MoveHms>(&e.command);
  if (m) {
    if (b.faction_of(e.seat) != Faction::Ixians) fault(fmt::format("{} moved the Hidden Mobile Stronghold: the Ixians' alone", name_of(b, e.seat)));
    if (auto why = hms_move_illegal(b, m->to); !why.empty()) fault(fmt::format("the HMS moved to {}: {}", cell_text(m->to), why));
  }
  // Another seat's standing Karama order against the move (one source, [TO] GreyMovingHms) keeps it
  // where it is (oracle.karama-cancel checks the order and the card).
  const bool cancelled = std::ranges::any_of(added_cancels(b, a), [](const KaramaCancel& k) { return k.ability == KaramaAbility::IxiansHmsMovement; });
  const std::optional<CellId> want = m && !cancelled ? std::optional<CellId>(m->to) : b.board.hms_host;
  if (a.board.hms_host != want) {
    fault(fmt::format("{}'s {} leaves the HMS on {}, not {}", name_of(b, e.seat), kind_name(e.command), cell_text(a.board.hms_host), cell_text(want)));
  }
  // The storm may move in the same step (Advanced: its card revealed, no seat holding a card for
  // the window): its oracle weighs what it moved.
  if (storm_moved_in(t)) return;
  if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("the HMS movement step moved forces");
  if (single_step(t) && a.board.spice != b.board.spice) fault("the HMS movement step moved spice");
}

// Why the HMS, movable now, may not end a move of up to `reach` territories on `to`, or "".
std::string destination_illegal(const GameState& s, CellId to, int reach) {
  if (to.value >= kMapCellCount) return "on a territory of the map";
  if (to == *s.board.hms_host) return "it is there already";
  if (is_stronghold(kCells[index(to)].territory)) return "it moves through territories that are not strongholds (ixians.md §4.1)";
  if (storm_sector(s, index(to))) return "not into the storm (ixians.md §4.1)";
  if (hms_reach(s, *s.board.hms_host)[index(to)] > reach) {
    return fmt::format("up to {} territories, none a stronghold, out of the storm (ixians.md {})", reach, reach == 3 ? "§4.1" : "§7.1");
  }
  return "";
}

// The Ixians' Karama power (§7.1): the move is theirs and within its reach, the HMS hangs on the
// named cell, and nothing else moves (the card and the record are oracle.karama-power's).
void karama_move_checks(const Transition& t, const Envelope& e, const KaramaMoveHms& k, Violations& out) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const auto fault = [&](std::string what) { out.push_back(violation(kHms, std::move(what))); };
  if (b.faction_of(e.seat) != Faction::Ixians) fault(fmt::format("{} moved the Hidden Mobile Stronghold by Karama: the Ixians' power", name_of(b, e.seat)));
  if (auto why = hms_karama_move_illegal(b, k.to); !why.empty()) fault(fmt::format("the HMS moved by Karama to {}: {}", cell_text(k.to), why));
  if (a.board.hms_host != k.to) fault(fmt::format("the Ixians' Karama power named {}; the HMS hangs on {}", cell_text(k.to), cell_text(a.board.hms_host)));
  if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("the Ixians' Karama move of the HMS moved forces");
  if (a.board.spice != b.board.spice) fault("the Ixians' Karama move of the HMS moved spice (open questions Q2, Q3: no spice while moving)");
}

}  // namespace

std::string hms_move_illegal(const GameState& s, CellId to) {
  if (s.step != Step::HmsMovement || !move_due(s)) {
    return "the HMS moves after turn 1, as the Storm phase starts, with Ixian forces inside and its host out of the storm (ixians.md §4.1)";
  }
  return destination_illegal(s, to, 3);
}

std::string hms_karama_move_illegal(const GameState& s, CellId to) {
  if ((s.step != Step::Shipment && s.step != Step::Movement) || !s.board.hms_host || !ixians_inside(s) || storm_sector(s, index(*s.board.hms_host))) {
    return "by Karama the HMS moves in Shipment and Movement, with Ixian forces inside and its host out of the storm (ixians.md §7.1, §4.1)";
  }
  return destination_illegal(s, to, 2);
}

Violations hms(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!owns_step(t)) return {};
  const bool ixians = in_game(b, Faction::Ixians);
  if (!ixians && !a.board.hms_host && a.step != Step::HmsPlacement) return {};
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kHms, std::move(what))); };
  const Envelope* e = envelope_of(t);
  const auto* place = e ? std::get_if<PlaceHms>(&e->command) : nullptr;
  if (place) {
    placement_checks(t, *e, *place, out);
    return decided(kHms, std::move(out));
  }
  if (const auto* k = e ? std::get_if<KaramaMoveHms>(&e->command) : nullptr) {
    karama_move_checks(t, *e, *k, out);
    return decided(kHms, std::move(out));
  }
  if (e && b.step == Step::HmsMovement && !is_standing_command(e->command) && !is_any_time_command(e->command)) {
    movement_checks(t, *e, out);
    return decided(kHms, std::move(out));
  }
  // The movement is asked exactly when due as a Storm phase after turn 1 starts.
  const bool storm_starts = a.phase == Phase::Storm && b.phase != Phase::Storm && a.turn > 1 && a.halted.empty() && a.step != Step::GameOver;
  if (storm_starts && (a.step == Step::HmsMovement) != move_due(a)) {
    fault(fmt::format("turn {}'s Storm phase starts {} the HMS movement, which is {}due", a.turn, a.step == Step::HmsMovement ? "with" : "without",
                      move_due(a) ? "" : "not "));
  }
  if (!ixians) fault("the HMS entered the board, or its placement was asked, without the Ixians seated");
  if (a.board.hms_host != b.board.hms_host) {
    fault(fmt::format("the HMS moved from {} to {} without a placement or a move of the Ixians (in their Storm phase or by Karama)", cell_text(b.board.hms_host), cell_text(a.board.hms_host)));
  }
  // Turn 1's Storm ended (the Spice Blow began, or an Amal window before it) with the HMS still off
  // the board and no placement asked.
  const bool left_storm = b.turn == 1 && b.phase == Phase::Storm && (a.phase != Phase::Storm || (a.step == Step::AmalWindow && a.amal.starting != Phase::Storm));
  if (ixians && left_storm && !a.board.hms_host && a.halted.empty()) fault("turn 1's Storm ended and the Ixians were not asked to place the HMS");
  // Asked once turn 1's storm movement is known and made: by the last dial, or after the Fremen's
  // draw of the next storm card (Advanced) or the tech-token deal, chance steps that follow it.
  if (a.step == Step::HmsPlacement && b.step != Step::HmsPlacement && !storm_moved_in(t) && !(b.chance && b.storm.movement)) {
    fault("the HMS placement was asked before the first storm moved");
  }
  const bool weighed = left_storm || storm_starts || a.step == Step::HmsPlacement || a.board.hms_host != b.board.hms_host;
  return weighed || !out.empty() ? decided(kHms, std::move(out)) : Violations{};
}

}  // namespace dune::invariants::oracle_detail

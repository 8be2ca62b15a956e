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
//   cell and moves no force (unless the storm moves in the same step: its oracle's), and no spice
//   but what a reading of §4.2 takes;
//   a Pass there keeps it, and so does a Karama against the move (one source, [TO]);
// - the Ixians' Karama power (§7.1, one source, [TO] KarmaHmsMovement): a KaramaMoveHms by them in
//   Shipment and Movement, allowed by hms_karama_move_illegal (up to 2 territories by the same
//   rules), attaches it to exactly the named cell and moves no force, and no spice but what a
//   reading of §4.2 takes;
// - nothing else moves it: the host changes only by the placement and the two moves.
// - by steps (Options::hms_spice on, §4.2, open questions Q2, Q3): each MoveHms or KaramaMoveHms
//   is one step within 1 territory, at most 3 a Storm phase (counted from the turn's log) and 2 a
//   Karama move (its trailing KaramaMoveHms in the log); BoardState::hms_path grows by each step
//   from the host, and empties as the move ends; the spice each step takes, recomputed by the
//   reading (hms_takes), leaves exactly those board cells for the Ixians' supply.
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

bool by_steps(const GameState& s) { return s.options.hms_spice != HmsSpice::Off; }

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

// By steps: the path the move has visited before the step agrees with the steps counted in the log
// (`made`); after it, it is that path grown by `to` while steps are left of `most`, else empty.
void path_checks(const Transition& t, std::optional<CellId> to, int made, int most, Violations& out) {
  const GameState& b = t.before;
  const auto& was = b.board.hms_path;
  if (by_steps(b) && was.size() != (made == 0 ? 0U : static_cast<std::size_t>(made) + 1)) {
    out.push_back(violation(kHms, fmt::format("the HMS's move has made {} steps, but its path holds {} cells", made, was.size())));
  }
  std::vector<CellId> want;
  if (by_steps(b) && to && made + 1 < most) {
    want = was.empty() ? std::vector<CellId>{*b.board.hms_host} : was;
    want.push_back(*to);
  }
  if (t.after.board.hms_path != want) {
    out.push_back(violation(kHms, fmt::format("the HMS's path after the step holds {} cells, the rules say {} ({} of {} steps made)",
                                              t.after.board.hms_path.size(), want.size(), made + (to ? 1 : 0), most)));
  }
}

// The spice the step takes (hms_takes) leaves exactly those cells for the Ixians' supply; the board
// is weighed when nothing else happens in the step.
void spice_checks(const Transition& t, std::string_view what, Violations& out) {
  const GameState& b = t.before;
  const auto take = hms_takes(t);
  Flows expected(b);
  int total = 0;
  for (int n : take) total += n;
  if (const auto ixians = b.seat_of(Faction::Ixians)) expected.seat[ixians->value] += total;
  for (Violation& v : compare_flows(kHms, t, expected, what)) out.push_back(std::move(v));
  if (!single_step(t) || storm_moved_in(t)) return;
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (t.after.board.spice[c].value != b.board.spice[c].value - take[c]) {
      out.push_back(violation(kHms, fmt::format("{}: {} has {} spice after it, the rules say {} ({} taken, ixians.md §4.2 read as {})", what,
                                                to_string(kCells[c].territory), t.after.board.spice[c].value, b.board.spice[c].value - take[c],
                                                take[c], to_string(b.options.hms_spice))));
    }
  }
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
  path_checks(t, m && !cancelled ? std::optional<CellId>(m->to) : std::nullopt, by_steps(b) ? hms_storm_steps(b) : 0, 3, out);
  spice_checks(t, fmt::format("{}'s {}", name_of(b, e.seat), kind_name(e.command)), out);
  // The storm may move in the same step (Advanced: its card revealed, no seat holding a card for
  // the window): its oracle weighs what it moved.
  if (storm_moved_in(t)) return;
  if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("the HMS movement step moved forces");
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
  path_checks(t, k.to, by_steps(b) ? hms_karama_steps(b) : 0, 2, out);
  spice_checks(t, "the Ixians' Karama move of the HMS", out);
}

}  // namespace

int hms_storm_steps(const GameState& s) { return commands_this_turn<MoveHms>(s, *s.seat_of(Faction::Ixians)); }

int hms_karama_steps(const GameState& s) {
  int n = 0;
  for (std::size_t i = s.log.size(); i-- > 0;) {
    const auto* e = std::get_if<Envelope>(&s.log[i]);
    if (!e || !is_decision(*e)) continue;
    if (!std::holds_alternative<KaramaMoveHms>(e->command)) break;
    ++n;
  }
  return n;
}

std::string hms_move_illegal(const GameState& s, CellId to) {
  if (s.step != Step::HmsMovement || !move_due(s)) {
    return "the HMS moves after turn 1, as the Storm phase starts, with Ixian forces inside and its host out of the storm (ixians.md §4.1)";
  }
  if (!by_steps(s)) return destination_illegal(s, to, 3);
  if (hms_storm_steps(s) >= 3) return "it has made the 3 steps of its move (ixians.md §4.1)";
  return destination_illegal(s, to, 1);
}

std::string hms_karama_move_illegal(const GameState& s, CellId to) {
  if ((s.step != Step::Shipment && s.step != Step::Movement) || !s.board.hms_host || !ixians_inside(s) || storm_sector(s, index(*s.board.hms_host))) {
    return "by Karama the HMS moves in Shipment and Movement, with Ixian forces inside and its host out of the storm (ixians.md §7.1, §4.1)";
  }
  if (!by_steps(s)) return destination_illegal(s, to, 2);
  if (hms_karama_steps(s) >= 2) return "the Karama move has made its 2 steps (ixians.md §7.1)";
  return destination_illegal(s, to, 1);
}

std::array<int, kCellCount> hms_takes(const Transition& t) {
  const GameState& b = t.before;
  std::array<int, kCellCount> take{};
  const Envelope* e = envelope_of(t);
  const auto ixians = b.seat_of(Faction::Ixians);
  if (!by_steps(b) || !b.board.hms_host || !e || !ixians || e->seat != *ixians) return take;
  const auto* m = std::get_if<MoveHms>(&e->command);
  const auto* k = std::get_if<KaramaMoveHms>(&e->command);
  const bool storm_move = b.step == Step::HmsMovement && (m || std::holds_alternative<Pass>(e->command));
  if (!storm_move && !k) return take;
  // A Karama against the move (one source, [TO] GreyMovingHms): "may not move or collect spice".
  if (std::ranges::any_of(added_cancels(b, t.after), [](const KaramaCancel& c) { return c.ability == KaramaAbility::IxiansHmsMovement; })) return take;
  const bool per_step = b.options.hms_spice == HmsSpice::PerStep;
  const std::size_t hms = index(kHmsCell);
  int forces = 0;
  for (std::size_t seat = 0; seat < b.seat_count(); ++seat) {
    const Faction f = b.options.factions[seat];
    const bool advisors = f == Faction::BeneGesserit && b.board.advisors[index(kCells[hms].territory)];
    if ((per_step && f != Faction::Ixians) || advisors) continue;  // [TO]: the Ixians'; [DB]: all but advisors
    forces += b.board.normal[hms][index(f)].value + b.board.special[hms][index(f)].value;
  }
  const auto take_at = [&](CellId c) { take[index(c)] += std::min(2 * forces, b.board.spice[index(c)].value - take[index(c)]); };
  const CellId host = *b.board.hms_host;
  const bool first = (storm_move ? hms_storm_steps(b) : hms_karama_steps(b)) == 0;
  const std::optional<CellId> to = m ? std::optional(m->to) : k ? std::optional(k->to) : std::nullopt;
  if (!to) {  // a Pass: [TO] takes from the host when the Ixians pass without moving
    if (per_step && first) take_at(host);
    return take;
  }
  if (per_step) {
    take_at(host);
    take_at(*to);
  } else {
    if (first) take_at(host);
    const std::vector<CellId> visited = first ? std::vector<CellId>{host} : b.board.hms_path;
    if (std::ranges::find(visited, *to) == visited.end()) take_at(*to);
  }
  return take;
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
  if (e && b.step == Step::HmsMovement && is_decision(*e)) {
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
  // Only a decision of the step ends a Karama move by steps under way (engine: any other of the
  // Shipment and Movement action); nothing else changes its path.
  const bool ends_move = e && is_decision(*e) && a.board.hms_path.empty();
  if (a.board.hms_path != b.board.hms_path && !ends_move) {
    fault(fmt::format("the HMS's path changed from {} to {} cells without a move of the Ixians", b.board.hms_path.size(), a.board.hms_path.size()));
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
  const bool weighed = left_storm || storm_starts || a.step == Step::HmsPlacement || a.board.hms_host != b.board.hms_host ||
                       a.board.hms_path != b.board.hms_path;
  return weighed || !out.empty() ? decided(kHms, std::move(out)) : Violations{};
}

}  // namespace dune::invariants::oracle_detail

// E1's Hidden Mobile Stronghold's oracle (oracle.hms; docs/rules/ixians.md §2.2, §4; the README's
// rules-status row "Ixians faction"), recomputed from the digest, not the engine:
// - the placement: a PlaceHms is the Ixians', once, on turn 1 once the storm has moved, to a map
//   cell of a territory that is not a stronghold and not in storm; it attaches the HMS to exactly
//   that cell and moves no force (its 3 Suboids and 3 Cyborgs stay in it) and no spice;
// - the step is asked: a step that ends turn 1's Storm with the Ixians seated leads to the
//   placement, not past it;
// - nothing else moves it: until the Storm-phase movement (plan slice 4) the host changes only by
//   the placement.
#include <fmt/format.h>

#include <variant>

#include "invariants/oracle_support.h"

namespace dune::invariants::oracle_detail {
namespace {

bool ixians_seated(const GameState& s) {
  for (Faction f : s.options.factions) {
    if (f == Faction::Ixians) return true;
  }
  return false;
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
  if (a.board.normal != b.board.normal || a.board.special != b.board.special) fault("the placement moved forces");
  if (single_step(t) && a.board.spice != b.board.spice) fault("the placement moved spice");
}

}  // namespace

Violations hms(const Transition& t, const GameContext&) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  if (!owns_step(t)) return {};
  const bool ixians = ixians_seated(b);
  if (!ixians && !a.board.hms_host && a.step != Step::HmsPlacement) return {};
  Violations out;
  const auto fault = [&](std::string what) { out.push_back(violation(kHms, std::move(what))); };
  const Envelope* e = envelope_of(t);
  const auto* place = e ? std::get_if<PlaceHms>(&e->command) : nullptr;
  if (place) {
    placement_checks(t, *e, *place, out);
    return decided(kHms, std::move(out));
  }
  if (!ixians) fault("the HMS entered the board, or its placement was asked, without the Ixians seated");
  if (a.board.hms_host != b.board.hms_host) {
    fault(fmt::format("the HMS moved from {} to {} without a placement", cell_text(b.board.hms_host), cell_text(a.board.hms_host)));
  }
  // Turn 1's Storm ended (the Spice Blow began, or an Amal window before it) with the HMS still off
  // the board and no placement asked.
  const bool left_storm = b.turn == 1 && b.phase == Phase::Storm && (a.phase != Phase::Storm || (a.step == Step::AmalWindow && a.amal.starting != Phase::Storm));
  if (ixians && left_storm && !a.board.hms_host && a.halted.empty()) fault("turn 1's Storm ended and the Ixians were not asked to place the HMS");
  if (a.step == Step::HmsPlacement && b.step != Step::HmsPlacement && !storm_moved_in(t) && !(b.chance && b.chance->kind == ChanceKind::TechTokenDeal)) {
    fault("the HMS placement was asked before the first storm moved");
  }
  const bool weighed = left_storm || a.step == Step::HmsPlacement || a.board.hms_host != b.board.hms_host;
  return weighed || !out.empty() ? decided(kHms, std::move(out)) : Violations{};
}

}  // namespace dune::invariants::oracle_detail

// Chance steps: the only place that lists outcomes and applies a chosen one. Rules receive
// outcomes through their on_X callbacks; nothing in the engine draws randomness.
#include <algorithm>
#include <type_traits>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/battle.h"
#include "engine/nexus/nexus.h"
#include "engine/shipment_movement.h"
#include "engine/tech_tokens.h"

namespace dune {
namespace {

// A chance outcome is a card's raw id; a Nexus card's is its faction.
template <class Id> std::uint8_t raw(Id id) { return id.value; }
std::uint8_t raw(NexusCardId id) { return static_cast<std::uint8_t>(id.faction); }

template <class Id>
std::vector<std::uint8_t> pile_outcomes(const HiddenPile<Id>& pile) {
  std::vector<std::uint8_t> out;
  if (const Id* next = pile.next_known()) return {raw(*next)};  // staged, seen or a known bottom: forced
  for (const Id& id : pile.unseen) out.push_back(raw(id));
  return out;
}

}  // namespace

std::size_t chance_outcome_bound(ChanceKind kind) {
  switch (kind) {
    case ChanceKind::TraitorDeal:
    case ChanceKind::TraitorDraw:
    case ChanceKind::FaceDancerDraw: return kLeaderCount + 1;  // the Cheap Hero's card is kLeaderCount
    case ChanceKind::TreacheryDeal:
    case ChanceKind::TreacheryLot:
    case ChanceKind::CardInspect: return kTreacheryCardCount;
    case ChanceKind::SpiceDraw:
    case ChanceKind::SpicePeek: return kSpiceCardCount;
    case ChanceKind::StormCard: return 7;  // 1..6
    case ChanceKind::NexusDraw: return kFactionCount;
    case ChanceKind::CaptureDraw: return kLeaderCount;
    case ChanceKind::TechTokenDeal: return 3;  // kTechTokens
  }
  return 0;
}

std::vector<std::uint8_t> chance_outcomes(const GameState& state) {
  if (!state.chance) return {};
  switch (state.chance->kind) {
    case ChanceKind::TraitorDeal:
    case ChanceKind::TraitorDraw:
    case ChanceKind::FaceDancerDraw: return pile_outcomes(state.traitor_deck);
    case ChanceKind::TreacheryDeal:
    case ChanceKind::TreacheryLot: return pile_outcomes(state.treachery.deck);
    case ChanceKind::SpiceDraw:
    case ChanceKind::SpicePeek: return pile_outcomes(state.blow.deck);
    case ChanceKind::StormCard: return {1, 2, 3, 4, 5, 6};  // uniform: the deck is reshuffled each turn
    case ChanceKind::NexusDraw: return pile_outcomes(state.nexus.deck);
    case ChanceKind::CaptureDraw: {
      std::vector<std::uint8_t> out;
      for (LeaderId l : battle_detail::capturable_leaders(state)) out.push_back(l.value);
      return out;
    }
    case ChanceKind::CardInspect: {
      std::vector<std::uint8_t> out;
      for (TreacheryCardId c : inspectable_cards(state)) out.push_back(c.value);
      return out;
    }
    case ChanceKind::TechTokenDeal: return tech_tokens_to_deal(state);  // uniform: the shuffled rest
  }
  return {};
}

namespace {

// Applies an outcome already known to be listed.
void resolve(GameState& state, std::uint8_t outcome) {
  const PendingChance request = *state.chance;
  state.chance.reset();
  state.log.push_back(ChanceRecord{request, outcome});
  switch (request.kind) {
    // Each handler moves the drawn card out of its deck (model/zones.h, transfer).
    case ChanceKind::TraitorDeal:
      on_traitor_dealt(state, request.seat, TraitorCardId{outcome});
      return;
    case ChanceKind::TraitorDraw:
      on_traitor_drawn(state, request.seat, TraitorCardId{outcome});
      return;
    case ChanceKind::FaceDancerDraw:
      on_face_dancer_drawn(state, request.seat, TraitorCardId{outcome}, request.pile);
      return;
    case ChanceKind::TreacheryDeal:
      if (request.pile == kStartingDraftDeal) {
        on_draft_dealt(state, TreacheryCardId{outcome});
        return;
      }
      on_treachery_dealt(state, request.seat, TreacheryCardId{outcome});
      if (request.pile == kLotReplacementDeal) lot_replaced(state, request.seat);
      return;
    case ChanceKind::TreacheryLot:
      on_lot_drawn(state, TreacheryCardId{outcome});
      return;
    case ChanceKind::SpiceDraw:
      on_spice_drawn(state, request.pile, SpiceCardId{outcome});
      return;
    case ChanceKind::StormCard:
      on_storm_card(state, outcome);
      return;
    case ChanceKind::NexusDraw:
      on_nexus_drawn(state, request.seat, NexusCardId{static_cast<Faction>(outcome)});
      return;
    case ChanceKind::CaptureDraw:
      battle_detail::on_capture_drawn(state, LeaderId{outcome});
      return;
    case ChanceKind::CardInspect:
      on_card_inspected(state, request.seat, TreacheryCardId{outcome});
      return;
    case ChanceKind::TechTokenDeal:
      on_tech_token_dealt(state, request.seat, outcome);
      return;
    case ChanceKind::SpicePeek:
      // The card stays on the deck, now as its known top: the next SpiceDraw is forced to it.
      if (state.blow.deck.known_top.empty()) state.blow.deck.fix_top(SpiceCardId{outcome});
      on_spice_peeked(state, request.seat, SpiceCardId{outcome});
      return;
  }
}

}  // namespace

void request_chance(GameState& state, PendingChance request) {
  state.chance = request;
  // A forced outcome (a staged or known top card) resolves at once; it is still logged.
  const auto outcomes = chance_outcomes(state);
  if (outcomes.size() == 1) resolve(state, outcomes.front());
}

std::variant<GameState, Rejection> apply_chance(const GameState& state, std::uint8_t outcome) {
  if (!state.chance) return reject(RejectCode::WrongPhase, "no chance step is pending");
  const auto outcomes = chance_outcomes(state);
  if (std::find(outcomes.begin(), outcomes.end(), outcome) == outcomes.end()) {
    return reject(RejectCode::IllegalChoice, "outcome {} is not among the {} listed outcomes",
                  outcome, outcomes.size());
  }
  GameState next = state;
  resolve(next, outcome);
  shipment_movement::show_top_spice_card_to_atreides(next);  // a peek that waited for this outcome
  next.version += 1;
  return next;
}

}  // namespace dune

// The plays made at any time, by kind (engine/any_time.h).
#include "engine/any_time.h"

#include "engine/cards.h"
#include "engine/karama_hand.h"
#include "engine/nexus/nexus.h"

namespace dune {

std::vector<Command> any_time_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out = card_candidates(state, seat);
  for (Command& c : gift_candidates(state, seat)) out.push_back(std::move(c));
  for (Command& c : take_hand_candidates(state, seat)) out.push_back(std::move(c));
  for (Command& c : nexus_any_time_candidates(state, seat)) out.push_back(std::move(c));
  return out;
}

std::optional<Rejection> validate_any_time(const GameState& state, Seat seat, const Command& c) {
  if (const auto* g = std::get_if<GiveSpice>(&c)) return validate_gift(state, seat, *g);
  if (const auto* k = std::get_if<KaramaTakeHand>(&c)) return validate_take_hand(state, seat, *k);
  if (const auto* n = std::get_if<PlayNexus>(&c)) return validate_nexus_play(state, seat, *n);
  return validate_card(state, seat, c);
}

void apply_any_time(GameState& state, Seat seat, const Command& c) {
  if (const auto* g = std::get_if<GiveSpice>(&c)) return apply_gift(state, seat, *g);
  if (const auto* k = std::get_if<KaramaTakeHand>(&c)) {
    apply_take_hand(state, seat, *k);
    return;
  }
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);
    return;
  }
  apply_card(state, seat, c);
}

}  // namespace dune

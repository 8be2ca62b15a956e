// Karama ([LR] 3.01.11): the one place that finds a seat's usable Karama card, and the one
// mechanism for cancelling a faction ability with it, the hidden optional reaction of README
// "Karama". Policy: a reaction that a secret card makes possible is a private standing order,
// never a public window. A seat arms its order (ArmKarama) whenever the game is live; when another
// faction uses the named ✷ ability, the engine plays the first armed seat's Karama in storm order,
// inside the same step. No seat is ever awaited for it, so the pending set and the phase progress
// cannot depend on who holds a Karama (the seed 000 redraw policy is decided the same way).
#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "model/cards.h"

namespace dune {
namespace {

// The Guild's Advanced Karama power rides on the standing order ([LR] 1.14.05): the Guild gives it
// against every other player's next off-planet shipment; the other orders cancel another's ability.
bool is_power(KaramaAbility a) { return a == KaramaAbility::OffPlanetShipment; }

// An order given ahead: its Karama is held when it is played (karama_cancels).
std::optional<Rejection> validate_guild_power_order(const GameState& state, Seat seat) {
  return validate_karama_power(state, seat, Faction::SpacingGuild, "cancels an off-planet shipment by its Karama power ([LR] 1.14.05)",
                               false);
}

}  // namespace

// Advanced Bene Gesserit use any worthless card as a Karama ([LR] 1.14.06, 2.02.22), everywhere a
// Karama is used; gated by advanced_karama. Choice: a worthless card is spent before a real Karama,
// which keeps its other uses. Not in the retake of an action whose worthless Karama was cancelled
// (3.04: "without the ability").
std::optional<TreacheryCardId> karama_card(const GameState& state, Seat s) {
  if (state.options.rules.advanced_karama && state.faction_of(s) == Faction::BeneGesserit &&
      state.karama.retakes_without_worthless != s) {
    for (TreacheryCardId c : state.seat(s).hand) {
      if (card_type(c).classification == TreacheryClass::Worthless) return c;
    }
  }
  return card_in_hand(state.seat(s), "Karama");
}

namespace {

// [LR] 2.02.22 ✷: `card`, about to be played as `seat`'s Karama, is a worthless one and another
// seat's order cancels that use (played, its Karama discarded and the cancel recorded).
bool worthless_play_cancelled(GameState& state, Seat seat, TreacheryCardId card) {
  return card_type(card).classification == TreacheryClass::Worthless &&
         karama_cancels(state, seat, KaramaAbility::BeneGesseritWorthlessKarama) && !mutant_active(Mutant::KaramaCancelWorthlessStands);
}

}  // namespace

bool worthless_karama_cancelled(GameState& state, Seat seat) {
  const auto card = karama_card(state, seat);
  if (!card || !worthless_play_cancelled(state, seat, *card)) return false;
  state.karama.retakes_without_worthless = seat;
  return true;
}

bool karama_power_used(const GameState& state, Faction f) {
  return std::any_of(state.karama.powers.begin(), state.karama.powers.end(),
                     [&](const KaramaPowerUse& u) { return state.faction_of(u.by) == f; });
}

std::optional<Rejection> validate_karama_power(const GameState& state, Seat seat, Faction owner, std::string_view only,
                                               bool needs_card) {
  if (!state.options.rules.advanced_karama) {
    return reject(RejectCode::IllegalChoice, "the faction Karama powers are Advanced rules ([LR] 1.13.06)");
  }
  if (state.faction_of(seat) != owner) return reject(RejectCode::IllegalChoice, "only the {} {}", to_string(owner), only);
  if (karama_power_used(state, owner)) {
    return reject(RejectCode::IllegalChoice, "the {} Karama power was used already: once a game ([LR] 1.14.00)", to_string(owner));
  }
  if (needs_card && !karama_card(state, seat)) {
    return reject(RejectCode::IllegalChoice, "the {} Karama power is used by playing a Karama card ([LR] 1.14.00)", to_string(owner));
  }
  return std::nullopt;
}

void use_karama_power(GameState& state, Seat by, KaramaPower power, std::optional<Seat> target) {
  discard_from_hand(state, by, *karama_card(state, by));  // "The Karama Card is discarded" ([LR] 1.14.00)
  state.karama.powers.push_back(KaramaPowerUse{by, power, static_cast<std::uint8_t>(state.turn), target});
}

std::optional<Seat> karama_cancels(GameState& state, Seat user, KaramaAbility ability) {
  for (Seat s : storm_order(state)) {
    if (s == user || state.karama.armed[s.value] != ability) continue;  // another player ([LR] 3.01.11.01)
    auto card = karama_card(state, s);
    if (!card) continue;  // the order stands until its seat holds a Karama again
    // A Bene Gesserit order about to be played with a worthless card may itself be cancelled
    // ([LR] 2.02.22 ✷): the card stays in hand, and the order is retaken at once without the
    // ability (3.04), with a real Karama if the seat holds one; else it stands as before.
    if (worthless_play_cancelled(state, s, *card)) {
      card = card_in_hand(state.seat(s), "Karama");
      if (!card) continue;
    }
    if (!mutant_active(Mutant::KaramaCancelKeepsCard)) discard_from_hand(state, s, *card);  // "then discard" ([LR] 3.01.11.00)
    state.karama.armed[s.value].reset();
    state.karama.cancels.push_back(KaramaCancel{s, user, ability, static_cast<std::uint8_t>(state.turn)});
    if (is_power(ability)) state.karama.powers.push_back(KaramaPowerUse{s, KaramaPower::GuildShipment, static_cast<std::uint8_t>(state.turn), user});
    return s;
  }
  return std::nullopt;
}

bool karama_cancelled_this_turn(const GameState& state, Seat user, KaramaAbility ability) {
  return std::any_of(state.karama.cancels.begin(), state.karama.cancels.end(), [&](const KaramaCancel& k) {
    return k.against == user && k.ability == ability && k.turn == state.turn;
  });
}

std::vector<Command> karama_standing_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out;
  if (state.karama.armed[seat.value]) out.push_back(ArmKarama{std::nullopt});
  if (!karama_card(state, seat)) return out;  // an order needs a card to play: the seat's own knowledge
  for (KaramaAbility a : kKaramaAbilities) out.push_back(ArmKarama{a});
  return out;
}

std::optional<Rejection> validate_arm_karama(const GameState& state, Seat seat, const ArmKarama& c) {
  if (c.ability == state.karama.armed[seat.value]) {
    return reject(RejectCode::IllegalChoice, "that is already your Karama standing order");
  }
  if (!c.ability) return std::nullopt;  // standing down is always allowed
  if (!karama_card(state, seat)) {
    return reject(RejectCode::IllegalChoice, "a Karama standing order needs a Karama card in hand ([LR] 3.01.11)");
  }
  if (static_cast<std::size_t>(*c.ability) >= kKaramaAbilities.size()) {
    return reject(RejectCode::IllegalChoice, "unknown faction ability {}", static_cast<int>(*c.ability));
  }
  if (is_power(*c.ability)) return validate_guild_power_order(state, seat);
  const Faction f = karama_ability_owner(*c.ability);
  if (!in_play(state, f)) return reject(RejectCode::IllegalChoice, "{} is not in this game", to_string(f));
  if (!karama_ability_in_game(state.options, *c.ability)) {
    return reject(RejectCode::IllegalChoice, "{} is not in this game: an Advanced rule or a reading its options leave out", to_string(*c.ability));
  }
  if (f == state.faction_of(seat)) {
    return reject(RejectCode::IllegalChoice, "a Karama cancels another player's ability, not your own ([LR] 3.01.11.01)");
  }
  return std::nullopt;
}

void apply_arm_karama(GameState& state, Seat seat, const ArmKarama& c) { state.karama.armed[seat.value] = c.ability; }

}  // namespace dune

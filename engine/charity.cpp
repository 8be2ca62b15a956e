// CHOAM Charity (fact sheet §6.2 row 3; [LR] 1.03, 2.02.09). Every seat answers once, claim or
// pass, so the pending set never reveals who holds 0 or 1 spice. CHOAM as a faction is not in play.
#include "engine/internal.h"
#include "engine/tech_tokens.h"
#include "engine/mutants.h"

namespace dune {
namespace {

constexpr Spice kCharityLevel{2};  // [LR] 1.03.01: brought up to 2

// Charity for anyone: 0 or 1 spice brought up to 2 ([LR] 1.03.01).
Spice normal_charity(const GameState& state, Seat seat) {
  const Spice held = state.seat(seat).spice;
  return held < kCharityLevel ? kCharityLevel - held : Spice{0};
}

// The spice a claim brings. Bene Gesserit always receive 2 whatever they hold: [LR] 2.02.09 lists
// it as a basic ability and [DB] always applies it ([TO] makes it Advanced); we follow [LR]/[DB].
Spice charity_for(const GameState& state, Seat seat) {
  if (state.faction_of(seat) == Faction::BeneGesserit && !mutant_active(Mutant::BeneGesseritCharityBasicOff)) return kCharityLevel;
  const Spice held = state.seat(seat).spice;
  if (mutant_active(Mutant::CharityPaysThree)) return held < Spice{3} ? Spice{3} - held : Spice{0};
  return normal_charity(state, seat);
}

}  // namespace

void enter_charity(GameState& state) {
  state.step = Step::Charity;
  state.charity.answered = {};
}

std::vector<Seat> awaited_charity(const GameState& state) { return seats_not_answered(state, state.charity.answered); }

std::vector<Command> candidates_charity(const GameState&, Seat) { return {ClaimCharity{}, Pass{}}; }

std::optional<Rejection> validate_charity(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (!std::holds_alternative<ClaimCharity>(c)) {
    return reject(RejectCode::WrongPhase, "during CHOAM Charity a player may claim charity or pass");
  }
  if (charity_for(state, seat) == Spice{0}) {
    return reject(RejectCode::IllegalChoice,
                  "CHOAM Charity is for a player with 0 or 1 spice ([LR] 1.03.01); {} holds {}",
                  to_string(state.faction_of(seat)), state.seat(seat).spice.value);
  }
  return std::nullopt;
}

void apply_charity(GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<ClaimCharity>(c) && mutant_active(Mutant::CharityFromNowhere)) state.bank += charity_for(state, seat);
  Spice gain = std::holds_alternative<ClaimCharity>(c) ? charity_for(state, seat) : Spice{0};
  // [LR] 2.02.09 CHARITY ✷: the Bene Gesserit use it when it brings more than the normal Charity;
  // a Karama cancels that use and the claim is recalculated without it ([LR] 3.01.11.01, 3.04).
  if (gain > normal_charity(state, seat) && state.faction_of(seat) == Faction::BeneGesserit &&
      karama_cancels(state, seat, KaramaAbility::BeneGesseritCharity)) {
    gain = normal_charity(state, seat);
  }
  if (gain > Spice{0}) receive_from_bank(state, seat, gain);
  // A claim by a faction other than the Bene Gesserit triggers Spice Production (E1 tech tokens).
  if (std::holds_alternative<ClaimCharity>(c)) note_tech_trigger(state, TechTokenKind::SpiceProduction, state.faction_of(seat));
  state.charity.answered[seat.value] = true;  // once a turn ([LR] 1.03.02)
  if (awaited_charity(state).empty()) end_phase(state);
}

}  // namespace dune

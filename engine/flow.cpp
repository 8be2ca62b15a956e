// The flow: which module owns the current step, phase entry and exit, and the protocol's
// pending / legal / dispatch over the modules.
#include <array>
#include <string>
#include <variant>

#include <fmt/format.h>

#include "engine/battle.h"
#include "engine/mutants.h"
#include "engine/any_time.h"
#include "engine/engine.h"
#include "engine/hms.h"
#include "engine/nexus/family.h"
#include "engine/standing.h"
#include "model/command_steps.h"
#include "engine/internal.h"
#include "engine/tech_tokens.h"

namespace dune {
namespace {

struct Module {
  std::vector<Seat> (*awaited)(const GameState&);
  std::vector<Command> (*candidates)(const GameState&, Seat);
  std::optional<Rejection> (*validate)(const GameState&, Seat, const Command&);
  void (*apply)(GameState&, Seat, const Command&);
};

std::optional<Module> module_for(Step step) {
  switch (step) {
    case Step::SetupTraitorSelection:
    case Step::SetupPrediction:
    case Step::SetupFremenPlacement:
    case Step::SetupBeneGesseritPlacement:
    case Step::SetupIxianDraft:
      return Module{awaited_setup, candidates_setup, validate_setup, apply_setup};
    case Step::StormDial:
    case Step::StormCardWindow:
      return Module{awaited_storm, candidates_storm, validate_storm, apply_storm};
    case Step::KaramaWorm:
    case Step::ThumperWindow:
    case Step::SpiceBlow:
    case Step::HarvesterWindow:
    case Step::WormPlacement:
    case Step::NexusNegotiation:
    case Step::WormRide:
      return Module{awaited_spice_blow, candidates_spice_blow, validate_spice_blow, apply_spice_blow};
    case Step::NexusDraw:
      return Module{awaited_nexus_draw, candidates_nexus_draw, validate_nexus_draw, apply_nexus_draw};
    case Step::Charity:
      return Module{awaited_charity, candidates_charity, validate_charity, apply_charity};
    case Step::Bidding:
    case Step::AllyCardReplacement:
    case Step::IxCardSelection:
    case Step::IxTechnology:
      return Module{awaited_bidding, candidates_bidding, validate_bidding, apply_bidding};
    case Step::Revival:
      return Module{awaited_revival, candidates_revival, validate_revival, apply_revival};
    case Step::Shipment:
    case Step::Movement:
      return Module{awaited_shipment_movement, candidates_shipment_movement,
                    validate_shipment_movement, apply_shipment_movement};
    case Step::Battle:
      return Module{awaited_battle, candidates_battle, validate_battle, apply_battle};
    case Step::Collection:
    case Step::MentatPause:
      return Module{awaited_decision_point, candidates_decision_point, validate_decision_point, apply_decision_point};
    case Step::AmalWindow:
      return Module{awaited_amal, candidates_amal, validate_amal, apply_amal};
    case Step::HmsPlacement:
    case Step::HmsMovement:
      return Module{awaited_hms, candidates_hms, validate_hms, apply_hms};
    case Step::GameOver:
      return std::nullopt;
  }
  return std::nullopt;
}

// A family's Nexus window outside battle (engine/nexus/plays.cpp) interrupts whatever step it
// opened in: while it is open, the window decides, and the step resumes when it closes.
std::optional<Module> module_at(const GameState& state) {
  // The Harkonnen card's traitor exchange likewise: draw, then shuffle back, then the step goes on.
  if (state.nexus.traitor_exchange) {
    return Module{awaited_traitor_exchange, traitor_exchange_candidates, validate_traitor_exchange, apply_traitor_exchange};
  }
  if (state.nexus.window) {
    return Module{awaited_nexus_window, nexus_window_candidates, validate_nexus_window, apply_nexus_window};
  }
  return module_for(state.step);
}

}  // namespace

void halt(GameState& state, std::string reason) {
  state.halted = std::move(reason);
  state.chance.reset();
}

void enter_phase(GameState& state, Phase phase) {
  if (!open_amal_window(state, phase)) begin_phase(state, phase);
}

void begin_phase(GameState& state, Phase phase) {
  if (state.phase == Phase::MentatPause && phase == Phase::Storm) state.turn += 1;
  state.phase = phase;
  switch (phase) {
    case Phase::Storm: enter_storm(state); return;
    case Phase::SpiceBlowAndNexus: enter_spice_blow(state); return;
    case Phase::ChoamCharity: enter_charity(state); return;
    case Phase::Bidding: enter_bidding(state); return;
    case Phase::Revival: enter_revival(state); return;
    case Phase::ShipmentAndMovement: enter_shipment_movement(state); return;
    case Phase::Battle: enter_battle(state); return;
    case Phase::SpiceCollection: enter_collection(state); return;
    case Phase::MentatPause: enter_mentat(state); return;
  }
}

void end_phase(GameState& state) {
  if (!state.halted.empty() || state.step == Step::GameOver) return;
  // E1's tech tokens: dealt as turn 1's Storm ends (a chance step may wait; its outcome ends the
  // phase again), and each income due paid as its phase ends (engine/tech_tokens.cpp).
  if (tech_deal_due(state) && deal_tech_tokens(state)) return;
  // Then the Ixians place their Hidden Mobile Stronghold (engine/hms.cpp); their PlaceHms ends the
  // phase again.
  if (hms_placement_due(state)) {
    state.step = Step::HmsPlacement;
    return;
  }
  pay_tech_income(state);
  nexus_hook(state, NexusHook::PhaseEnds);  // a family's delayed effect of this phase ends with it
  // The Mentat Pause module ends the game itself when there is a winner or the last turn ended;
  // else the next turn begins (begin_phase counts it, after any Amal window).
  enter_phase(state, next_phase(state.phase));
}

std::vector<Seat> pending(const GameState& state) {
  if (state.chance || !state.halted.empty() || state.step == Step::GameOver) return {};
  const auto module = module_at(state);
  return module ? module->awaited(state) : std::vector<Seat>{};
}

bool is_terminal(const GameState& state) {
  return state.step == Step::GameOver || !state.halted.empty();
}

namespace {

// What rejects any command from `seat` before its kind matters.
std::optional<Rejection> reject_unless_live(const GameState& state, Seat seat) {
  if (seat.value >= state.seat_count()) {
    return reject(RejectCode::UnknownSeat, "seat {} is not at this table ({} seats)", seat.value,
                  state.seat_count());
  }
  if (state.step == Step::GameOver) return reject(RejectCode::GameOver, "the game is over");
  if (!state.halted.empty()) return reject(RejectCode::NotImplemented, "{}", state.halted);
  if (state.chance) {
    return reject(RejectCode::ChancePending, "the game waits for a chance outcome, not a command");
  }
  return std::nullopt;
}

bool is_awaited(const GameState& state, const Module& module, Seat seat) {
  const auto awaited = module.awaited(state);
  return std::find(awaited.begin(), awaited.end(), seat) != awaited.end();
}

// The safe action boundary of the plays with no printed phase (CommandClass::AnyTime; seed 000:
// they "still need a safe explicit action boundary and cannot bypass another player's committed
// private choice"; [LR] 1.00.05: other actions wait until an ability is complete). Such a play
// lands only at a decision point where the seat is awaited (checked before this) and no other
// seat's committed private choice waits for its reveal: a storm dial while the other dial is
// still out ([LR] 0.16, 1.01.02: revealed simultaneously), or a battle plan part before the plans
// are revealed ([LR] 1.07.05). Whether a dial or a plan part is committed is public.
std::optional<Rejection> reject_outside_boundary(const GameState& state, Seat seat, const CommandInfo& kind) {
  const auto waits = [&](Seat other, std::string_view what) {
    return reject(RejectCode::WrongPhase, "{} waits until {}'s committed {} is revealed (plays at any time are made "
                  "at a decision point, never between a committed private choice and its reveal)",
                  kind.label, to_string(state.faction_of(other)), what);
  };
  // A Nexus traitor exchange is one effect: draw, then shuffle back (seed 000), nothing in between.
  if (state.nexus.traitor_exchange) {
    return reject(RejectCode::WrongPhase, "{} waits until {} have shuffled their Traitor Cards back (seed 000)", kind.label,
                  to_string(state.faction_of(state.nexus.traitor_exchange->seat)));
  }
  // The Harkonnen's hand exchange is one ability: other actions wait until it is done ([LR] 1.00.05).
  if (state.karama.exchange) {
    return reject(RejectCode::WrongPhase, "{} waits until {} have given back the cards they owe ([LR] 1.14.04, 1.00.05)",
                  kind.label, to_string(state.faction_of(state.karama.exchange->harkonnen)));
  }
  if (state.step == Step::StormDial && !state.storm.movement) {
    for (Seat other : all_seats(state)) {
      if (other != seat && state.storm.dials[other.value]) return waits(other, "storm dial");
    }
  }
  const BattleState& b = state.battle;
  if (state.step == Step::Battle && b.stage != BattleStage::None && !b.revealed) {
    for (std::size_t side = 0; side < 2; ++side) {
      if (b.combatants[side] != seat && (b.plans[side] || b.wheels[side])) return waits(b.combatants[side], "battle plan");
    }
  }
  return std::nullopt;
}

// The two rejections that most commands meet at most steps (a seat not awaited; a kind the step
// does not accept) are formatted once per faction or kind and step and then copied (reject_text):
// the noninterference probes ask some 140 commands twice per observer at every sampled step, and
// formatting these answers was a fifth of a fully checked game (issue 17, cost).
const std::string& not_awaited_text(Faction f, Step step) {
  static const auto table = [] {
    std::array<std::array<std::string, kStepCount>, kFactionCount> t;
    for (std::size_t i = 0; i < kFactionCount; ++i) {
      for (std::size_t j = 0; j < kStepCount; ++j) {
        t[i][j] = fmt::format("{} is not awaited during {}", to_string(static_cast<Faction>(i)), to_string(static_cast<Step>(j)));
      }
    }
    return t;
  }();
  return table[static_cast<std::size_t>(f)][static_cast<std::size_t>(step)];
}

const std::string& wrong_phase_text(const Command& c, Step step) {
  static const auto table = [] {
    std::array<std::array<std::string, kStepCount>, std::variant_size_v<Command>> t;
    std::size_t i = 0;
    for_each_command_kind([&]<class C>(std::type_identity<C>) {
      for (std::size_t j = 0; j < kStepCount; ++j) {
        t[i][j] = fmt::format("{} is not accepted during {}", C::kInfo.label, to_string(static_cast<Step>(j)));
      }
      ++i;
    });
    return t;
  }();
  return table[c.index()][static_cast<std::size_t>(step)];
}

// The rest of the one legality decision, for a live game: `submit` and `legal_commands` both ask
// it, so a listed command is exactly one that `submit` accepts.
std::optional<Rejection> validate_live(const GameState& state, Seat seat, const Command& c, const Module& module,
                                       bool awaited) {
  const CommandInfo& kind = command_info(c);
  if (kind.klass == CommandClass::Standing) return validate_standing(state, seat, c);  // no need to be awaited
  if (!awaited && !mutant_active(Mutant::WrongSeatAccepted)) {
    return reject_text(RejectCode::NotYourTurn, not_awaited_text(state.faction_of(seat), state.step));
  }
  // Plays at any time: by an awaited seat, at the action boundary (the one place that decides it),
  // a Nexus panel played at any time among them (its family says so).
  if (kind.klass == CommandClass::AnyTime || is_any_time_nexus_play(c)) {
    if (auto r = reject_outside_boundary(state, seat, kind)) return r;
    return validate_any_time(state, seat, c);
  }
  // One place decides which kinds a step accepts: the descriptors of model/commands.h.
  if (!kind.steps.contains(state.step)) {
    return reject_text(RejectCode::WrongPhase, wrong_phase_text(c, state.step));
  }
  return module.validate(state, seat, c);
}

}  // namespace

std::optional<Rejection> validate_command(const GameState& state, Seat seat, const Command& c) {
  if (auto r = reject_unless_live(state, seat)) return r;
  const auto module = module_at(state);
  if (!module) return reject(RejectCode::NotImplemented, "no rule accepts commands at this step");
  return validate_live(state, seat, c, *module, is_awaited(state, *module, seat));
}

std::vector<std::optional<Rejection>> verdicts(const GameState& state, Seat seat, std::span<const Command> commands) {
  std::vector<std::optional<Rejection>> out;
  out.reserve(commands.size());
  const auto module = module_at(state);
  if (auto r = reject_unless_live(state, seat); r || !module) {
    // As validate_command, which answers every command alike here.
    out.assign(commands.size(), r ? r : reject(RejectCode::NotImplemented, "no rule accepts commands at this step"));
    return out;
  }
  const bool awaited = is_awaited(state, *module, seat);
  for (const Command& c : commands) out.push_back(validate_live(state, seat, c, *module, awaited));
  return out;
}

void apply_command(GameState& state, Seat seat, const Command& c) {
  if (is_any_time_command(c) || is_any_time_nexus_play(c)) {
    apply_any_time(state, seat, c);  // the seat stays awaited for its step's own decision
    return;
  }
  if (is_standing_command(c)) {
    apply_standing(state, seat, c);
    return;
  }
  module_at(state)->apply(state, seat, c);
}

std::vector<Command> legal_commands(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const ListingScope listing(state);
  if (reject_unless_live(state, seat)) return out;
  const auto module = module_at(state);
  if (!module) return out;
  const bool awaited = is_awaited(state, *module, seat);
  const auto keep_legal = [&](std::vector<Command> candidates) {
    for (Command& c : candidates) {
      if (!validate_live(state, seat, c, *module, awaited)) out.push_back(std::move(c));
    }
  };
  keep_legal(standing_candidates(state, seat));
  if (!awaited) return out;
  keep_legal(module->candidates(state, seat));
  keep_legal(any_time_candidates(state, seat));
  return out;
}

}  // namespace dune

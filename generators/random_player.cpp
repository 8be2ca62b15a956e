#include "generators/random_player.h"

#include <fmt/format.h>

#include <optional>
#include <random>
#include <variant>

#include "engine/chance_source.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::generators {
namespace {

// The chance stream is independent of the decision stream, so shrinking decisions (issue
// "property harness") never shifts the chance outcomes of unrelated draws.
constexpr std::uint64_t kChanceStream = 0x9e3779b97f4a7c15ULL;

std::string chance_text(const ChanceRecord& r, const GameState& before) {
  switch (r.request.kind) {
    case ChanceKind::TraitorDeal: return fmt::format("a traitor card is dealt to {}", to_string(before.faction_of(r.request.seat)));
    case ChanceKind::TreacheryDeal: return fmt::format("a Treachery card is dealt to {}", to_string(before.faction_of(r.request.seat)));
    case ChanceKind::TreacheryLot: return "a Treachery card is drawn for the auction";
    case ChanceKind::SpiceDraw:
      return fmt::format("spice pile {} reveals {}", r.request.pile == 0 ? 'A' : 'B',
                         spice_card_info(SpiceCardId{r.outcome}).name);
    case ChanceKind::StormCard: return "the Fremen draw a storm card";
    case ChanceKind::NexusDraw: return fmt::format("a Nexus card is drawn for {}", to_string(before.faction_of(r.request.seat)));
    case ChanceKind::SpicePeek: return fmt::format("Atreides see the top spice card: {}", spice_card_info(SpiceCardId{r.outcome}).name);
    case ChanceKind::TraitorDraw: return fmt::format("a Traitor Card is drawn by {}", to_string(before.faction_of(r.request.seat)));
    case ChanceKind::FaceDancerDraw: return fmt::format("a Face Dancer is drawn by {}", to_string(before.faction_of(r.request.seat)));
    case ChanceKind::CardInspect:
      return fmt::format("{} see a card of their battle opponent at random", to_string(before.faction_of(r.request.seat)));
    case ChanceKind::CaptureDraw:
      return fmt::format("Harkonnen draw {} of {} at random", leader_info(LeaderId{r.outcome}).name,
                         before.battle.capture_from ? to_string(before.faction_of(*before.battle.capture_from)) : "?");
    case ChanceKind::TechTokenDeal:
      return fmt::format("{} are dealt the tech token {}", to_string(before.faction_of(r.request.seat)), chance_outcome_name(r.request.kind, r.outcome));
  }
  return "?";
}

}  // namespace

std::string describe(const GameState& before, const LogEntry& entry) {
  if (const auto* e = std::get_if<Envelope>(&entry)) {
    return fmt::format("{}: {}", to_string(before.faction_of(e->seat)), to_string(e->command));
  }
  return fmt::format("chance: {}", chance_text(std::get<ChanceRecord>(entry), before));
}

RandomGame play_random_game(const Options& options, std::uint64_t seed, int max_decisions,
                            const StepObserver& observer) {
  std::mt19937_64 decisions(seed);
  SeededChance chance(seed ^ kChanceStream);
  RandomGame out;
  auto created = new_game(options);
  if (auto* r = std::get_if<Rejection>(&created)) {
    out.final_state.halted = r->message;
    return out;
  }
  GameState state = std::get<GameState>(std::move(created));
  std::size_t logged = state.log.size();
  auto report = [&](const GameState& before, const GameState& after) {
    // Forced chance outcomes resolve inside the engine; report every new log entry.
    for (std::size_t i = logged; i < after.log.size(); ++i) {
      if (std::holds_alternative<ChanceRecord>(after.log[i])) out.chance_steps += 1;
      if (observer) observer(before, after.log[i], after);
    }
    logged = after.log.size();
  };
  report(state, state);  // setup chance steps resolved inside new_game
  while (!is_terminal(state) && out.decisions < max_decisions) {
    std::optional<GameState> before;  // only an observer reads it: one state copy per step saved
    if (observer) before = state;
    if (state.chance) {
      const auto outcomes = chance_outcomes(state);
      state = std::get<GameState>(apply_chance(state, chance.choose(state, outcomes)));
    } else {
      const auto seats = pending(state);
      if (seats.empty()) {
        state.halted = "no seat is awaited and no chance step is pending (engine bug)";
        break;
      }
      const Seat seat = seats[decisions() % seats.size()];
      const auto legal = legal_commands(state, seat);
      if (legal.empty()) {
        state.halted = fmt::format("{} is awaited but has no legal command (engine bug)", to_string(state.faction_of(seat)));
        break;
      }
      const Envelope e{CommandId{static_cast<std::uint64_t>(out.decisions) + 1}, seat, state.version,
                       legal[decisions() % legal.size()]};
      auto result = submit(state, e);
      if (auto* r = std::get_if<Rejection>(&result)) {
        state.halted = fmt::format("listed command rejected (engine bug): {}: {}", to_string(e.command), r->message);
        break;
      }
      state = std::get<Accepted>(std::move(result)).next;
      out.decisions += 1;
    }
    report(before ? *before : state, state);
  }
  out.final_state = std::move(state);
  return out;
}

}  // namespace dune::generators

#include "harness/runner.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>

#include "invariants/noninterference.h"
#include "invariants/protocol.h"

namespace dune::harness {
namespace {

using invariants::Checker;
using invariants::Transition;

// One game in progress: the state, the chance counters, and the checks.
class Run {
 public:
  Run(const GameSpec& spec, const RunConfig& config) : spec_(spec), config_(config), bots_(spec) {
    out_.check_counts.assign(config.checkers.size(), 0);
  }

  RunResult play() {
    if (const Checkpoint* c = config_.resume) {
      // The bots draw from their stream only once the prefix is used up, so a checkpoint within
      // the prefix knows nothing of it; one past the prefix would have to carry it.
      if (config_.extend && c->choices.size() > config_.prefix.size()) {
        out_.engine_bug = "a run resumed at a checkpoint past its prefix cannot extend it with the bots";
        return std::move(out_);
      }
      return go_on(GameState(c->state));
    }
    auto created = config_.start ? std::variant<GameState, Rejection>(*config_.start) : new_game(spec_.options);
    if (auto* r = std::get_if<Rejection>(&created)) {
      out_.engine_bug = fmt::format("new_game rejected the spec: {}", r->message);
      out_.final_state.halted = out_.engine_bug;
      return std::move(out_);
    }
    GameState state = std::get<GameState>(std::move(created));
    context_ = invariants::GameContext::of(state);
    if (config_.start) {
      logged_ = state.log.size();  // the start's own history was checked when it was staged
      id_base_ = invariants::fresh_id(state).value - 1;
    }
    record(state, state);  // setup chance steps resolved inside new_game
    return go_on(std::move(state));
  }

 private:
  // From a checkpoint: everything before it was played and checked by the run that made it.
  RunResult go_on(GameState state) {
    if (const Checkpoint* c = config_.resume) {
      out_.choices = c->choices;
      out_.decisions = static_cast<int>(c->choices.size());
      out_.steps = c->steps;
      chance_seen_ = c->chance_seen;
      explicit_chance_ = c->explicit_chance;
      id_base_ = c->id_base;
      context_ = c->context;
      logged_ = state.log.size();
    }
    while (!out_.violation && !is_terminal(state)) {
      if (out_.decisions >= spec_.max_decisions) {
        out_.capped = true;
        break;
      }
      GameState before = state;
      if (!advance(state)) break;
      record(before, state);
    }
    out_.final_state = std::move(state);
    return std::move(out_);
  }

  // One step: a chance step or one decision. False when the game stops here.
  bool advance(GameState& state) {
    if (state.chance) {
      const auto outcomes = chance_outcomes(state);
      const auto kind = static_cast<std::size_t>(state.chance->kind);
      const std::uint8_t pick = explicit_chance_ < config_.chance.size()
                                    ? config_.chance[explicit_chance_++]
                                    : generators::chance_pick(spec_, state.chance->kind, chance_seen_[kind], outcomes);
      auto next = apply_chance(state, pick);
      if (auto* r = std::get_if<Rejection>(&next)) return halt(state, fmt::format("chance outcome {} rejected: {}", pick, r->message));
      state = std::get<GameState>(std::move(next));
      return true;
    }
    const auto seats = pending(state);
    if (seats.empty()) return halt(state, "no seat is awaited and no chance step is pending (engine bug)");
    const std::size_t n = out_.choices.size();
    if (n >= config_.prefix.size() && !config_.extend) return false;
    if (config_.checkpoints) {
      config_.checkpoints->push_back(Checkpoint{state, out_.choices, out_.steps, chance_seen_, explicit_chance_, id_base_, context_});
    }
    const auto decision = n < config_.prefix.size() ? generators::decide(state, seats, config_.prefix[n])
                          : config_.chooser          ? generators::decide(state, seats, config_.chooser(state, seats))
                                                     : bots_.choose(state, seats);
    if (!decision) return halt(state, "an awaited seat has no legal command (engine bug)");
    const Envelope e{CommandId{id_base_ + n + 1}, decision->seat, state.version, decision->command};
    auto result = submit(state, e);
    if (auto* r = std::get_if<Rejection>(&result)) {
      return halt(state, fmt::format("listed command rejected (engine bug): {}: {}", to_string(e.command), r->message));
    }
    state = std::get<Accepted>(std::move(result)).next;
    out_.choices.push_back(decision->choice);
    out_.decisions += 1;
    return true;
  }

  // The runner's own findings halt the state too, so every reader sees the game stopped.
  bool halt(GameState& state, std::string why) {
    out_.engine_bug = why;
    state.halted = std::move(why);
    return false;
  }

  // Every new log entry is one step (forced chance outcomes resolve inside the engine).
  void record(const GameState& before, const GameState& after) {
    for (std::size_t i = logged_; i < after.log.size() && !out_.violation; ++i) {
      const LogEntry& entry = after.log[i];
      if (const auto* c = std::get_if<ChanceRecord>(&entry)) chance_seen_[static_cast<std::size_t>(c->request.kind)] += 1;
      const Transition t{before, entry, after, out_.steps};
      if (config_.on_step) config_.on_step(t);
      if (config_.check) check(t);
      out_.steps += 1;
    }
    logged_ = after.log.size();
  }

  void check(const Transition& t) { out_.violation = check_step(t, context_, config_, out_.check_counts, out_.decisions, &out_.oracle_coverage); }

  const GameSpec& spec_;
  const RunConfig& config_;
  generators::Bots bots_;
  invariants::GameContext context_{};
  decltype(Checkpoint::chance_seen) chance_seen_{};  // per ChanceKind
  std::size_t logged_ = 0;
  std::uint64_t id_base_ = 0;        // the start's highest command id (0 from new_game)
  std::size_t explicit_chance_ = 0;  // config.chance entries used
  RunResult out_;
};

// Whether a checker that samples by step checks step `index` (the families' own predicates).
bool samples(const Checker& c, int index) {
  if (c.family == "noninterference") return invariants::noninterference_sampled(index);
  if (c.family == "determinism") return invariants::determinism_sampled(index);
  return true;
}

}  // namespace

// The same loop as invariants::check_transition, over the configured checkers, remembering
// which checker found the violation (the shrinker reruns only that one).
std::optional<Found> check_step(const Transition& t, const invariants::GameContext& game, const RunConfig& config,
                                std::span<std::uint64_t> counts, int decisions, invariants::OracleCoverage* coverage) {
  std::optional<invariants::OracleCoverageScope> scope;
  if (coverage) scope.emplace(*coverage, t.entry);
  const int always = static_cast<int>(std::bit_ceil(static_cast<unsigned>(std::max(t.index, 1))));
  const Transition aliased{t.before, t.entry, t.after, always};
  for (std::size_t i = 0; i < config.checkers.size(); ++i) {
    const Checker& c = config.checkers[i];
    if (c.enabled && !c.enabled(config.check_options)) continue;
    counts[i] += 1;
    auto found = c.check(config.every_step && !samples(c, t.index) ? aliased : t, game);
    if (!found.empty()) return Found{std::move(found.front()), std::string(c.name), t.index, decisions};
  }
  return std::nullopt;
}

bool RunResult::finished() const {
  return engine_bug.empty() && (capped || is_terminal(final_state));
}

RunResult run_game(const GameSpec& spec, const RunConfig& config) { return Run(spec, config).play(); }

}  // namespace dune::harness

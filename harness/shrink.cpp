#include "harness/shrink.h"

#include <algorithm>
#include <functional>

namespace dune::harness {
namespace {

using Clock = std::chrono::steady_clock;

class Shrinker {
 public:
  Shrinker(const Found& target, const ShrinkOptions& options)
      : target_(target), options_(options), deadline_(Clock::now() + options.budget) {
    // Only the checker that found the violation runs: the question is whether the same
    // invariant still fails, and the other checkers would only slow every candidate down.
    const auto& all = options.checkers;
    const auto it = std::find_if(all.begin(), all.end(), [&](const invariants::Checker& c) { return c.name == target.checker; });
    checkers_ = it == all.end() ? all : all.subspan(static_cast<std::size_t>(it - all.begin()), 1);
  }

  ShrinkResult run(const GameSpec& spec, const std::vector<Choice>& choices) {
    const auto start = Clock::now();
    best_.spec = spec;
    best_.choices = choices;
    best_.violation = target_;
    best_.original_size = choices.size();
    bool progress = true;
    while (progress && !expired()) {
      progress = false;
      // A simpler spec first: fewer seats make every later candidate shorter and faster.
      if (!options_.start) progress |= simplify_spec();  // a staged start belongs to its spec
      progress |= remove_chunks();
      progress |= lower_indices();
    }
    best_.timed_out = expired();
    best_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return std::move(best_);
  }

 private:
  bool expired() const { return Clock::now() >= deadline_; }

  // Replays a candidate; keeps it (cut at its failing decision) when the same invariant fails.
  // `fresh`: the bots play the candidate spec from its start (no prefix), kept only when shorter.
  bool attempt(const GameSpec& spec, const std::vector<Choice>& choices, bool fresh = false) {
    if (expired()) return false;
    best_.candidates += 1;
    RunConfig config;
    config.prefix = choices;
    config.extend = fresh;
    config.check_options = options_.check_options;
    config.checkers = checkers_;
    config.start = options_.start;
    RunResult r = run_game(spec, config);
    if (!r.violation || r.violation->violation.invariant != target_.violation.invariant) return false;
    if (fresh && r.choices.size() >= best_.choices.size()) return false;
    best_.spec = spec;
    best_.choices = std::move(r.choices);  // the run stopped at the violation: already cut there
    best_.violation = std::move(*r.violation);
    best_.accepted += 1;
    return true;
  }

  // Delta debugging (Zeller): remove chunks of halving size while the failure persists.
  bool remove_chunks() {
    bool any = false;
    for (std::size_t chunk = std::max<std::size_t>(best_.choices.size() / 2, 1); chunk >= 1 && !expired(); chunk /= 2) {
      for (std::size_t i = 0; i < best_.choices.size() && !expired();) {
        std::vector<Choice> candidate = best_.choices;
        const std::size_t end = std::min(i + chunk, candidate.size());
        candidate.erase(candidate.begin() + static_cast<std::ptrdiff_t>(i), candidate.begin() + static_cast<std::ptrdiff_t>(end));
        if (attempt(best_.spec, candidate)) {
          any = true;  // retry the same position: what follows moved up
        } else {
          i += chunk;
        }
      }
      if (chunk == 1) break;
    }
    return any;
  }

  // Each index toward 0 (the first listed seat and command), then halved.
  bool lower_indices() {
    bool any = false;
    for (std::size_t i = 0; i < best_.choices.size() && !expired(); ++i) {
      for (Choice lower : {Choice{0}, static_cast<Choice>(best_.choices[i] / 2)}) {
        if (i >= best_.choices.size() || lower >= best_.choices[i]) continue;
        std::vector<Choice> candidate = best_.choices;
        candidate[i] = lower;
        if (attempt(best_.spec, candidate)) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  // A simpler spec with the same choices; failing that, a fresh game of the bots on it, which a
  // simpler spec (fewer seats) often fails in fewer decisions than the choices cut to fit it.
  bool try_spec(const std::function<bool(GameSpec&)>& edit) {
    GameSpec candidate = best_.spec;
    return edit(candidate) && (attempt(candidate, best_.choices) || attempt(candidate, {}, true));
  }

  // Fewer seats, Basic rules, fewer flags, Nexus off, fewer turns.
  bool simplify_spec() {
    bool any = false;
    for (std::size_t seat = best_.spec.options.seat_count(); seat-- > 0 && best_.spec.options.seat_count() > 2;) {
      any |= try_spec([seat](GameSpec& s) {
        if (seat >= s.options.seat_count()) return false;
        const auto at = static_cast<std::ptrdiff_t>(seat);
        s.options.factions.erase(s.options.factions.begin() + at);
        s.options.player_circles.erase(s.options.player_circles.begin() + at);
        s.bots.erase(s.bots.begin() + at);
        return true;
      });
    }
    any |= try_spec([](GameSpec& s) { return std::exchange(s.options.rules, RuleFlags{}) != RuleFlags{}; });
    RuleFlags& r = best_.spec.options.rules;
    for (bool RuleFlags::*flag :
         {&RuleFlags::advanced_combat, &RuleFlags::double_spice_blow, &RuleFlags::fremen_storm_deck,
          &RuleFlags::fremen_storm_losses, &RuleFlags::fremen_worm_sending, &RuleFlags::special_forces,
          &RuleFlags::bene_gesserit_advisors, &RuleFlags::guild_shipment_timing, &RuleFlags::harkonnen_capture,
          &RuleFlags::kwisatz_haderach, &RuleFlags::advanced_karama}) {
      if (r.*flag) any |= try_spec([flag](GameSpec& s) { return std::exchange(s.options.rules.*flag, false); });
    }
    any |= try_spec([](GameSpec& s) {
      return std::exchange(s.options.nexus, NexusModuleMode::Off) != NexusModuleMode::Off;
    });
    any |= try_spec([](GameSpec& s) { return std::exchange(s.options.turn_limit, 1) != 1; });
    return any;
  }

  Found target_;
  ShrinkOptions options_;
  Clock::time_point deadline_;
  std::span<const invariants::Checker> checkers_;
  ShrinkResult best_;
};

}  // namespace

ShrinkResult shrink(const GameSpec& spec, const std::vector<Choice>& choices, const Found& found,
                    const ShrinkOptions& options) {
  return Shrinker(found, options).run(spec, choices);
}

}  // namespace dune::harness

#include "harness/shrink.h"

#include <algorithm>
#include <functional>
#include <iterator>
#include <unordered_set>

#include "generators/game_spec.h"

namespace dune::harness {
namespace {

using Clock = std::chrono::steady_clock;

// Hypothesis's find_integer (MacIver, "Test-case reduction via test-case generation", 2020): the
// largest k >= 1 with p(k) true, assuming p(0) and roughly monotone p, in O(log k) calls — a few
// small steps, then doubling, then a binary search between the last success and the first failure.
std::size_t find_largest(std::size_t limit, const std::function<bool(std::size_t)>& p) {
  std::size_t k = 0;
  for (std::size_t i = 1; i <= std::min<std::size_t>(limit, 4); ++i) {
    if (!p(i)) return k;
    k = i;
  }
  std::size_t lo = k;  // p(lo) true
  std::size_t hi = lo;
  while (hi < limit) {
    hi = std::min(limit, hi * 2);
    if (!p(hi)) break;
    lo = hi;
  }
  if (lo == hi) return lo;
  while (hi - lo > 1) {  // p(lo) true, p(hi) false
    const std::size_t mid = lo + (hi - lo) / 2;
    (p(mid) ? lo : hi) = mid;
  }
  return lo;
}

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
    best_.original_non_default = non_default_decisions(choices);
    record_checkpoints();
    bool progress = true;
    while (progress && !expired()) {
      progress = false;
      // A simpler spec first: fewer seats make every later candidate shorter and faster.
      if (!options_.start) progress |= simplify_spec();  // a staged start belongs to its spec
      progress |= zero_spans();
      progress |= delete_spans();
      progress |= lower_indices();
    }
    best_.timed_out = expired();
    best_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return std::move(best_);
  }

 private:
  bool expired() const { return Clock::now() >= deadline_; }

  // How every candidate runs: its choices (then the bots when `fresh`), only the failing checker.
  RunConfig replay_config(std::span<const Choice> choices, bool fresh) const {
    RunConfig config;
    config.prefix = choices;
    config.extend = fresh;
    config.check_options = options_.check_options;
    config.checkers = checkers_;
    config.start = options_.start;
    return config;
  }

  // Replays a candidate; keeps it (cut at its failing decision) when the same invariant fails and
  // the result is simpler (shortlex: fewer decisions, then fewer non-default ones, then smaller
  // indices). `fresh`: the bots play the candidate spec from its start (no prefix).
  // A candidate already tried under the same spec is not replayed: its answer cannot change.
  bool attempt(const GameSpec& spec, const std::vector<Choice>& choices, bool fresh = false) {
    if (expired()) return false;
    const std::uint64_t key = key_of(spec, choices, fresh);
    if (!tried_.insert(key).second) {
      best_.cache_hits += 1;
      return false;
    }
    best_.candidates += 1;
    RunConfig config = replay_config(choices, fresh);
    // A candidate that shares its first p choices with the best game goes on from the best game's
    // checkpoint before decision p: those p decisions and their checks would come out the same.
    std::size_t resumed = 0;
    if (!fresh && spec == best_.spec && !checkpoints_.empty()) {
      const auto common = static_cast<std::size_t>(
          std::mismatch(choices.begin(), choices.end(), best_.choices.begin(), best_.choices.end()).first - choices.begin());
      resumed = std::min(common, checkpoints_.size() - 1);
      config.resume = &checkpoints_[resumed];
    }
    std::vector<Checkpoint> recorded;
    config.checkpoints = &recorded;
    RunResult r = run_game(spec, config);
    if (!r.violation || r.violation->violation.invariant != target_.violation.invariant) return false;
    // The run stopped at the violation, so its normalised choices are already cut there.
    if (!simpler(spec, r.choices)) return false;
    if (config.resume) {
      checkpoints_.resize(resumed);
      std::move(recorded.begin(), recorded.end(), std::back_inserter(checkpoints_));
    } else {
      checkpoints_ = std::move(recorded);  // a fresh run's too: its choices name the bots' commands
    }
    best_.spec = spec;
    best_.choices = std::move(r.choices);
    best_.violation = std::move(*r.violation);
    best_.accepted += 1;
    tried_.insert(key_of(best_.spec, best_.choices, false));
    return true;
  }

  // The game as found, replayed once to keep a checkpoint before each of its decisions.
  void record_checkpoints() {
    if (expired()) return;
    RunConfig config = replay_config(best_.choices, false);
    config.checkpoints = &checkpoints_;
    best_.candidates += 1;
    const RunResult r = run_game(best_.spec, config);
    tried_.insert(key_of(best_.spec, best_.choices, false));
    if (!r.violation || r.choices != best_.choices) checkpoints_.clear();  // not the same game: resume nothing
  }

  // Shortlex order on the choice sequence; under a simpler spec (the spec passes only ever
  // simplify) a game no longer than the best one wins.
  bool simpler(const GameSpec& spec, const std::vector<Choice>& c) const {
    if (!(spec == best_.spec)) return c.size() <= best_.choices.size();
    if (c.size() != best_.choices.size()) return c.size() < best_.choices.size();
    const std::size_t a = non_default_decisions(c), b = non_default_decisions(best_.choices);
    if (a != b) return a < b;
    return c < best_.choices;
  }

  std::uint64_t key_of(const GameSpec& spec, const std::vector<Choice>& choices, bool fresh) {
    if (!(spec == keyed_spec_)) {
      keyed_spec_ = spec;
      spec_key_ = std::hash<std::string>{}(generators::spec_to_json(spec).dump());
    }
    std::uint64_t h = spec_key_ ^ (fresh ? 0x9e3779b97f4a7c15ull : 0);
    for (Choice c : choices) h = (h ^ c) * 0x100000001b3ull + 0x632be59bd9b4e019ull;
    return h ^ choices.size();
  }

  std::vector<Choice> with_span(std::size_t i, std::size_t k, bool erase) const {
    std::vector<Choice> c = best_.choices;
    const auto from = c.begin() + static_cast<std::ptrdiff_t>(i);
    const auto to = c.begin() + static_cast<std::ptrdiff_t>(std::min(i + k, c.size()));
    if (erase) c.erase(from, to);
    else std::fill(from, to, Choice{0});
    return c;
  }

  // Left to right: at each non-default choice, zero the longest span that still fails.
  bool zero_spans() {
    bool any = false;
    for (std::size_t i = 0; i < best_.choices.size() && !expired(); ++i) {
      if (best_.choices[i] == 0) continue;
      find_largest(best_.choices.size() - i, [&](std::size_t k) {
        if (i + k > best_.choices.size()) return false;
        const bool ok = attempt(best_.spec, with_span(i, k, false));
        any |= ok;
        return ok;
      });
    }
    return any;
  }

  // Left to right: at each position, delete the longest span that still fails (what follows
  // moves up, so the same position is tried again after a success).
  bool delete_spans() {
    bool any = false;
    for (std::size_t i = 0; i < best_.choices.size() && !expired();) {
      const std::size_t removed = find_largest(best_.choices.size() - i, [&](std::size_t k) {
        if (i + k > best_.choices.size()) return false;
        return attempt(best_.spec, with_span(i, k, true));
      });
      if (removed == 0) ++i;
      any |= removed > 0;
    }
    return any;
  }

  // Each non-default index toward 0: 0 itself, else the smallest lower value that still fails.
  bool lower_indices() {
    bool any = false;
    for (std::size_t i = 0; i < best_.choices.size() && !expired(); ++i) {
      const Choice now = best_.choices[i];
      if (now == 0) continue;
      auto lowered = [&](Choice v) {
        std::vector<Choice> c = best_.choices;
        c[i] = v;
        return attempt(best_.spec, c);
      };
      if (lowered(0)) {
        any = true;
        continue;
      }
      // Largest drop d with the index at now - d still failing.
      any |= find_largest(now - 1, [&](std::size_t d) {
               return i < best_.choices.size() && best_.choices[i] >= d && lowered(static_cast<Choice>(best_.choices[i] - d));
             }) > 0;
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
  std::unordered_set<std::uint64_t> tried_;
  std::vector<Checkpoint> checkpoints_;  // checkpoints_[k]: the best game just before its decision k
  GameSpec keyed_spec_;
  std::uint64_t spec_key_ = 0;
};

}  // namespace

std::size_t non_default_decisions(std::span<const Choice> choices) {
  return static_cast<std::size_t>(std::count_if(choices.begin(), choices.end(), [](Choice c) { return c != 0; }));
}

ShrinkResult shrink(const GameSpec& spec, const std::vector<Choice>& choices, const Found& found,
                    const ShrinkOptions& options) {
  return Shrinker(found, options).run(spec, choices);
}

}  // namespace dune::harness

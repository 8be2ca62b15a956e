#include "harness/shrink.h"

#include <algorithm>
#include <array>
#include <functional>
#include <iterator>
#include <unordered_set>

#include "engine/json_io.h"
#include "generators/game_spec.h"

namespace dune::harness {
namespace {

using generators::PinnedChance;
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
    // Only the checker that found the violation runs (and later the guards): the question is
    // whether the same invariant still fails, and the other checkers would only slow every
    // candidate down. The game kept is checked under all of them at the end (run).
    guard(target.checker);
  }

  ShrinkResult run(const GameSpec& spec, const std::vector<Choice>& choices) {
    const auto start = Clock::now();
    best_.spec = spec;
    best_.choices = choices;
    best_.violation = target_;
    best_.original_size = choices.size();
    best_.original_non_default = non_default_decisions(choices);
    target_seed_ = spec.seed;
    const ShrinkResult original = best_;
    while (true) {
      record_checkpoints();
      // Restarts draw new seeds every round, so a round without progress is tried again a
      // few times before the shrink settles (never with a staged start: nothing is drawn).
      const int idle_rounds = options_.start ? 0 : kIdleRounds;
      for (int idle = 0; idle <= idle_rounds && !expired();) {
        bool progress = false;
        // A simpler spec first (fewer seats make every later candidate shorter and faster), then
        // restarts, then the passes over the choice sequence. A staged start belongs to its spec
        // and has no phase starts of its own game to go on from.
        if (!options_.start) progress |= simplify_spec();
        if (!options_.start) progress |= restarts();
        progress |= zero_spans();
        progress |= delete_spans();
        progress |= lower_indices();
        if (!options_.start) progress |= unpin();
        idle = progress ? 0 : idle + 1;
      }
      // The candidates ran only the failing checker (and the guards): the game as kept must fail
      // it first under every checker too, or its file would replay to another violation. If
      // another checker fires first, it becomes a guard (a candidate it fails first is not kept)
      // and the shrink starts over from the game as found.
      const std::optional<std::string> first = first_checker(best_);
      if (!first || *first == target_.checker) break;
      guard(*first);
      if (expired()) {
        best_ = last_verified(original);
        break;
      }
      best_ = ShrinkResult{original.spec, original.choices, original.violation, original.original_size,
                           original.original_non_default, best_.candidates, best_.cache_hits, best_.accepted};
      history_.clear();
      tried_.clear();
      checkpoints_.clear();
    }
    best_.timed_out = expired();
    best_.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return std::move(best_);
  }

 private:
  bool expired() const { return Clock::now() >= deadline_; }

  // Candidates run these checkers, in the order of options_.checkers: the failing one, and the
  // guards that fired first in a game the shrink once kept.
  void guard(const std::string& name) {
    guards_.push_back(name);
    checkers_.clear();
    for (const invariants::Checker& c : options_.checkers) {
      if (std::find(guards_.begin(), guards_.end(), c.name) != guards_.end()) checkers_.push_back(c);
    }
    if (checkers_.empty()) checkers_.assign(options_.checkers.begin(), options_.checkers.end());
  }

  // The checker that fails first when `r`'s game runs under every checker (none: it runs clean).
  std::optional<std::string> first_checker(const ShrinkResult& r) const {
    RunConfig config = replay_config(r.choices, false);
    config.checkers = options_.checkers;
    const RunResult run = run_game(r.spec, config);
    if (!run.violation) return std::nullopt;
    return run.violation->checker;
  }

  // Out of time with a kept game that fails another checker first: the latest game kept before
  // it that does not (a few tried, newest first), else the game as found.
  ShrinkResult last_verified(const ShrinkResult& original) {
    ShrinkResult out = original;
    out.candidates = best_.candidates;
    out.cache_hits = best_.cache_hits;
    out.accepted = best_.accepted;
    for (std::size_t tried = 0; tried < kVerifiedWalk && !history_.empty(); ++tried) {
      ShrinkResult r = out;
      r.spec = std::move(history_.back().spec);
      r.choices = std::move(history_.back().choices);
      r.violation = std::move(history_.back().violation);
      history_.pop_back();
      if (first_checker(r) == target_.checker) return r;
    }
    return out;
  }

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
    return keep(spec, r, config.resume ? resumed : 0, recorded, false);
  }

  // Keeps a run when it fails the same invariant and is simpler (`strict`: in fewer decisions, or
  // as many and fewer not the default). `recorded`: its checkpoints from decision `from` on.
  // `base`: the run went on from base[from], a checkpoint of another game than the best one.
  bool keep(GameSpec spec, RunResult& r, std::size_t from, std::vector<Checkpoint>& recorded, bool strict,
            const std::vector<Checkpoint>* base = nullptr) {
    if (!r.violation || r.violation->violation.invariant != target_.violation.invariant) return false;
    // The run stopped at the violation, so its normalised choices are already cut there.
    if (strict ? !shorter(r.choices) : !simpler(spec, r.choices)) return false;
    if (base) checkpoints_.assign(base->begin(), base->begin() + static_cast<std::ptrdiff_t>(from));
    else checkpoints_.resize(from);  // a fresh run's too: its choices name the bots' commands
    std::move(recorded.begin(), recorded.end(), std::back_inserter(checkpoints_));
    history_.push_back({best_.spec, best_.choices, best_.violation});
    spec.max_decisions = best_.spec.max_decisions;  // a capped candidate's cap is not the game's
    best_.spec = std::move(spec);
    best_.choices = std::move(r.choices);
    best_.violation = std::move(*r.violation);
    best_.accepted += 1;
    tried_.insert(key_of(best_.spec, best_.choices, false));
    return true;
  }

  bool shorter(const std::vector<Choice>& c) const {
    if (c.size() != best_.choices.size()) return c.size() < best_.choices.size();
    return non_default_decisions(c) < non_default_decisions(best_.choices);
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

  // A simpler spec with the same choices; failing that, fresh games of the bots on it, which a
  // simpler spec (fewer seats) often fails in fewer decisions than the choices cut to fit it.
  bool try_spec(const std::function<bool(GameSpec&)>& edit) {
    GameSpec candidate = best_.spec;
    if (!edit(candidate)) return false;
    if (attempt(candidate, best_.choices)) return true;
    candidate.pinned_chance.clear();  // a fresh game has no prefix to pin
    for (int r = 0; r < kFreshGames && !expired(); ++r) {
      if (restart(candidate, {}, nullptr, reseed(r), false)) return true;
    }
    return false;
  }

  // The seed of the r-th restart in this shrink: a function of the game found and the restart.
  std::uint64_t reseed(int r) {
    std::uint64_t z = target_seed_ + 0x9e3779b97f4a7c15ull * static_cast<std::uint64_t>(++reseeds_ + r);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

  // Every chance step `state` has seen, pinned to the outcome it took: under another seed the
  // decisions that led to it still lead to it.
  static std::vector<PinnedChance> pins_of(const GameState& state) {
    std::vector<PinnedChance> pins;
    std::array<std::uint32_t, 16> nth{};
    for (const LogEntry& entry : state.log) {
      if (const auto* c = std::get_if<ChanceRecord>(&entry)) {
        const auto kind = static_cast<std::size_t>(c->request.kind);
        pins.push_back({c->request.kind, nth[kind]++, c->outcome});
      }
    }
    std::sort(pins.begin(), pins.end());
    return pins;
  }

  // The bots play `spec` (under `seed`) from decision k = prefix.size() on, after `prefix`, capped
  // one decision short of the best game; kept when it fails the same invariant sooner (not
  // `strict`: a simpler spec's game may be as long). For k > 0, `at` holds the checkpoints of the
  // game the prefix plays (the best game's, or a quiet game's): the run goes on from at[k], with
  // the chance before it pinned, so the prefix is that game under any seed.
  bool restart(GameSpec spec, std::span<const Choice> prefix, const std::vector<Checkpoint>* at, std::uint64_t seed,
               bool strict = true) {
    if (expired() || best_.choices.size() <= 1) return false;
    const std::size_t k = prefix.size();
    spec.seed = seed;
    if (k > 0) spec.pinned_chance = pins_of((*at)[k].state);
    spec.max_decisions = static_cast<int>(best_.choices.size()) - (strict ? 1 : 0);
    if (!tried_.insert(key_of(spec, std::vector<Choice>(prefix.begin(), prefix.end()), true)).second) {
      best_.cache_hits += 1;
      return false;
    }
    best_.candidates += 1;
    RunConfig config = replay_config(prefix, true);
    if (k > 0) config.resume = &(*at)[k];
    std::vector<Checkpoint> recorded;
    config.checkpoints = &recorded;
    RunResult r = run_game(spec, config);
    return keep(std::move(spec), r, k, recorded, strict, at == &checkpoints_ ? nullptr : at);
  }

  // Whether decision k of the game these checkpoints belong to is the first of a phase.
  static bool phase_start(const std::vector<Checkpoint>& c, std::size_t k) {
    return k == 0 || c[k].state.phase != c[k - 1].state.phase || c[k].state.turn != c[k - 1].state.turn;
  }

  // Shortest-path finishing by restarts (issue 23 item 3): from each phase start the best game
  // reaches (the first decision of a phase, and setup), the bots go on under other seeds — other
  // draws, other plays — and a continuation that fails the same invariant in fewer decisions
  // replaces the rest of the game. The result is still one legal game from setup.
  bool restarts() {
    bool any = false;
    // Latest first: the cheapest continuations, and each success lowers the cap of the rest.
    // (Without checkpoints, after a replay that did not reproduce the game, none go on.)
    const bool checkpointed = checkpoints_.size() == best_.choices.size();
    for (std::size_t k = checkpointed ? best_.choices.size() : 0; k-- > 0 && !expired();) {
      if (!phase_start(checkpoints_, k)) continue;
      for (int r = 0; r < kPhaseRestarts && !expired(); ++r) {
        if (restart(best_.spec, std::span<const Choice>(best_.choices.data(), k), &checkpoints_, reseed(r))) {
          any = true;
          break;  // the game changed from k on; its earlier phase starts stay
        }
      }
    }
    return any | quiet_restarts();
  }

  // The other kind of restart: default choices (index 0) up to a phase start of such a quiet
  // game, then the bots under another seed. What a minimal counterexample often is: nothing
  // happens until the few decisions that matter.
  bool quiet_restarts() {
    const std::vector<Choice> zeros(best_.choices.size(), 0);
    RunConfig config = replay_config(zeros, false);
    config.check = false;  // only its phase starts are read
    std::vector<Checkpoint> quiet;
    config.checkpoints = &quiet;
    run_game(best_.spec, config);
    bool any = false;
    for (std::size_t k = 0; k < quiet.size() && k + 1 < best_.choices.size() && !expired(); ++k) {
      if (!phase_start(quiet, k)) continue;
      for (int r = 0; r < kPhaseRestarts && !expired(); ++r) {
        if (restart(best_.spec, std::span<const Choice>(zeros.data(), k), &quiet, reseed(r))) {
          any = true;
          break;
        }
      }
    }
    return any;
  }

  // Pins a restart left that the game no longer needs: the longest spans of pins whose removal
  // still fails, left to right (a pin the seed agrees with always goes).
  bool unpin() {
    bool any = false;
    for (std::size_t i = 0; i < best_.spec.pinned_chance.size() && !expired();) {
      const std::size_t removed = find_largest(best_.spec.pinned_chance.size() - i, [&](std::size_t k) {
        if (i + k > best_.spec.pinned_chance.size()) return false;
        GameSpec s = best_.spec;
        s.pinned_chance.erase(s.pinned_chance.begin() + static_cast<std::ptrdiff_t>(i),
                              s.pinned_chance.begin() + static_cast<std::ptrdiff_t>(i + k));
        return attempt(s, best_.choices);
      });
      if (removed == 0) ++i;
      any |= removed > 0;
    }
    return any;
  }

  // The best game without one seat, its other seats doing what they did: each decision of the
  // game without it plays the next command the same faction played (by its description, within a
  // short look-ahead) when that is legal, else the default choice. Kept when it still fails.
  bool without_seat(GameSpec spec, std::size_t seat) {
    if (!tried_.insert(key_of(spec, best_.choices, false) ^ 0x70726f6a65637465ull).second) {  // "projecte"
      best_.cache_hits += 1;
      return false;
    }
    struct Played {
      Faction faction;
      std::string command;
    };
    std::vector<Played> played;
    RunConfig replay = replay_config(best_.choices, false);
    replay.check = false;
    replay.on_step = [&](const invariants::Transition& t) {
      if (const auto* e = std::get_if<Envelope>(&t.entry); e && e->seat.value != seat) {
        played.push_back({t.before.faction_of(e->seat), to_string(e->command)});
      }
    };
    run_game(best_.spec, replay);
    std::size_t next = 0;
    RunConfig config = replay_config({}, true);
    config.chooser = [&](const GameState& state, const std::vector<Seat>& seats) -> Choice {
      for (std::size_t ahead = next; ahead < played.size() && ahead < next + kLookAhead; ++ahead) {
        for (std::size_t i = 0; i < seats.size(); ++i) {
          if (state.faction_of(seats[i]) != played[ahead].faction) continue;
          const std::vector<Command> legal = legal_commands(state, seats[i]);
          for (std::size_t c = 0; c < legal.size(); ++c) {
            if (to_string(legal[c]) != played[ahead].command) continue;
            next = ahead + 1;
            return generators::encode_choice(legal, seats.size(), i, c);
          }
        }
      }
      return 0;
    };
    spec.max_decisions = static_cast<int>(best_.choices.size());
    std::vector<Checkpoint> recorded;
    config.checkpoints = &recorded;
    best_.candidates += 1;
    RunResult r = run_game(spec, config);
    return keep(std::move(spec), r, 0, recorded, false);
  }

  // Fewer seats, Basic rules, fewer flags, Nexus off, fewer turns.
  bool simplify_spec() {
    bool any = false;
    for (std::size_t seat = best_.spec.options.seat_count(); seat-- > 0 && best_.spec.options.seat_count() > 2;) {
      auto drop = [seat](GameSpec& s) {
        if (seat >= s.options.seat_count()) return false;
        const auto at = static_cast<std::ptrdiff_t>(seat);
        s.options.factions.erase(s.options.factions.begin() + at);
        s.options.player_circles.erase(s.options.player_circles.begin() + at);
        s.bots.erase(s.bots.begin() + at);
        return true;
      };
      GameSpec without = best_.spec;
      if (!expired() && drop(without) && without_seat(std::move(without), seat)) {
        any = true;
        continue;
      }
      any |= try_spec(drop);
    }
    any |= try_spec([](GameSpec& s) { return std::exchange(s.options.rules, RuleFlags{}) != RuleFlags{}; });
    for (const auto& [name, flag] : json_io::kRuleFlagNames) {  // fewer Advanced rules
      if (best_.spec.options.rules.*flag) any |= try_spec([flag](GameSpec& s) { return std::exchange(s.options.rules.*flag, false); });
    }
    any |= try_spec([](GameSpec& s) {
      return std::exchange(s.options.nexus, NexusModuleMode::Off) != NexusModuleMode::Off;
    });
    any |= try_spec([](GameSpec& s) { return std::exchange(s.options.hms_spice, HmsSpice::Off) != HmsSpice::Off; });
    any |= try_spec([](GameSpec& s) { return std::exchange(s.options.cyborg_loss_substitution, false); });
    for (const auto& [name, set] : json_io::kCardSetNames) {  // fewer optional cards
      if (best_.spec.options.cards.*set) any |= try_spec([set](GameSpec& s) { return std::exchange(s.options.cards.*set, false); });
    }
    // Fewer turns: one (a failure at the game's end then comes in its first turn), else each
    // turn limit below the failing turn with the same choices.
    any |= try_spec([](GameSpec& s) { return std::exchange(s.options.turn_limit, 1) != 1; });
    for (int t = 2; !checkpoints_.empty() && t < checkpoints_.back().state.turn && !expired(); ++t) {
      GameSpec s = best_.spec;
      s.options.turn_limit = t;
      if (attempt(s, best_.choices)) {
        any = true;
        break;
      }
    }
    // The game ends with the turn it fails in: the same game, read without the turns it never plays.
    if (!checkpoints_.empty()) {
      const int turn = std::max(1, checkpoints_.back().state.turn);
      if (best_.spec.options.turn_limit > turn) {
        GameSpec s = best_.spec;
        s.options.turn_limit = turn;
        any |= attempt(s, best_.choices);
      }
    }
    return any;
  }

  static constexpr std::size_t kLookAhead = 8;  // commands of the game looked ahead for one a seat can play
  static constexpr int kIdleRounds = 2;      // rounds without progress before the shrink settles
  static constexpr int kFreshGames = 24;     // fresh games tried per simpler spec
  static constexpr int kPhaseRestarts = 6;   // continuations tried per phase start

  Found target_;
  std::uint64_t target_seed_ = 0;
  std::uint64_t reseeds_ = 0;
  ShrinkOptions options_;
  Clock::time_point deadline_;
  std::vector<std::string> guards_;
  std::vector<invariants::Checker> checkers_;
  struct Kept {
    GameSpec spec;
    std::vector<Choice> choices;
    Found violation;
  };
  std::vector<Kept> history_;  // the games kept before the best one, oldest first
  static constexpr std::size_t kVerifiedWalk = 8;
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

// The breadth-first explorer (proofs/explorer.h): state identity, expansion, checks and the
// shortest counterexample. The scopes themselves live in scopes.cpp.
#include "proofs/explorer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <unordered_map>

#include "engine/engine.h"
#include "harness/mutants.h"
#include "model/command_steps.h"
#include "invariants/protocol.h"

namespace dune::proofs {
namespace {

using harness::Choice;
using harness::Found;
using invariants::Checker;

// ---- state identity -------------------------------------------------------------------------

// The state without its history (log, committed commands, version): what two merged states must
// share exactly (see the header).
GameState strip_history(GameState s) {
  s.log = {};
  s.committed = {};
  s.version = 0;
  return s;
}

// FNV-1a over the rule-relevant fields most likely to differ between explored states. Any
// function of the compared fields is a valid hash: equal states always hash equal, and a
// collision is resolved by full equality.
class Hasher {
 public:
  template <class T>
  void add(T v) {
    static_assert(std::is_integral_v<T> || std::is_enum_v<T>);
    auto x = static_cast<std::uint64_t>(v);
    for (int i = 0; i < 8; ++i, x >>= 8) h_ = (h_ ^ (x & 0xFF)) * 0x100000001B3ULL;
  }
  template <class T, class F>
  void add_all(const T& range, F&& f) {
    add(range.size());
    for (const auto& x : range) f(x);
  }
  std::uint64_t value() const { return h_; }

 private:
  std::uint64_t h_ = 0xCBF29CE484222325ULL;
};

void hash_nexus(Hasher& h, const NexusState& n) {
  h.add_all(n.deck.unseen, [&](NexusCardId c) { h.add(c.faction); });
  h.add_all(n.deck.known_top, [&](NexusCardId c) { h.add(c.faction); });
  h.add_all(n.discard, [&](NexusCardId c) { h.add(c.faction); });
  for (const auto& held : n.held) h.add(held ? static_cast<int>(held->faction) : -1);
  for (RedrawPolicy p : n.redraw) h.add(p);
  for (bool b : n.eligible) h.add(b);
  for (bool b : n.answered) h.add(b);
  h.add(n.opportunity_open);
  h.add(n.drawing ? n.drawing->value : 255);
  h.add(n.redraws_left);
  h.add(n.receipts.size());
  h.add(n.attempts);
}

std::uint64_t position_hash(const GameState& s) {
  Hasher h;
  h.add(s.turn);
  h.add(s.phase);
  h.add(s.step);
  h.add(s.chance ? static_cast<int>(s.chance->kind) * 256 + s.chance->seat.value : -1);
  for (const SeatState& seat : s.seats) {
    h.add(seat.spice.value);
    h.add_all(seat.hand, [&](TreacheryCardId c) { h.add(c.value); });
    h.add(seat.ally ? static_cast<int>(*seat.ally) : -1);
    h.add(seat.reserves_normal.value);
  }
  h.add_all(s.alliances, [&](const Alliance& a) { h.add(a.a), h.add(a.b); });
  h.add(s.blow.pile);
  h.add(s.blow.nexus_pending);
  h.add(s.blow.nexus_occurred);
  for (bool b : s.blow.nexus_done) h.add(b);
  h.add_all(s.blow.proposals, [&](const auto& p) { h.add(p.first), h.add(p.second); });
  h.add(s.blow.deck.size());
  hash_nexus(h, s.nexus);
  h.add(s.battle.stage);
  h.add(s.battle.prescience_attempt);
  h.add(s.knowledge.sightings.size());
  h.add(s.winners.size());
  h.add(s.halted.size());
  return h.value();
}

// Distinct states, each stored once without its history.
class Visited {
 public:
  // The index of the state equal to `s` (whose hash is `hash`), if any.
  std::optional<std::size_t> find(const GameState& stripped, std::uint64_t hash) const {
    auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      if (states_[it->second] == stripped) return it->second;
    }
    return std::nullopt;
  }
  std::size_t insert(GameState stripped, std::uint64_t hash) {
    states_.push_back(std::move(stripped));
    by_hash_.emplace(hash, states_.size() - 1);
    return states_.size() - 1;
  }
  std::size_t size() const { return states_.size(); }

 private:
  std::vector<GameState> states_;
  std::unordered_multimap<std::uint64_t, std::size_t> by_hash_;
};

// ---- one exploration -------------------------------------------------------------------------

// How a node was reached: its parent and the choice or chance outcome taken there.
struct Node {
  std::int64_t parent = -1;
  bool chance = false;
  std::uint32_t value = 0;  // the harness choice index (decision) or the outcome (chance)
  int depth = 0;
};

// One successor of a state: the choice or outcome and the state it leads to.
struct Edge {
  bool chance = false;
  std::uint32_t value = 0;
  std::optional<GameState> next;  // none: a listed command was rejected (an engine bug)
};

// The catalogue mutant active on this thread ("" when none): a counterexample names it, so its
// replay switches it on too (harness/replay_file.h).
std::string active_mutant() {
  for (const harness::MutantInfo& m : harness::mutant_catalogue()) {
    if (mutant_active(m.id)) return std::string(m.name);
  }
  return {};
}

bool explored_kind(const Scope& scope, const Command& c) {
  return scope.kinds.empty() || std::find(scope.kinds.begin(), scope.kinds.end(), c.index()) != scope.kinds.end();
}

class Exploration {
 public:
  Exploration(const Scope& scope, const StartPoint& point, GameState start, std::vector<Checker> checkers,
              int depth, std::uint64_t max_states, ExploreResult& out)
      : scope_(scope), point_(point), start_(std::move(start)), checkers_(std::move(checkers)), depth_(depth),
        max_states_(max_states), out_(out), context_(invariants::GameContext::of(start_)) {
    config_.checkers = checkers_;
    config_.every_step = true;
    revisit_config_ = config_;
    revisit_config_.check_options.determinism = false;
    counts_.assign(checkers_.size(), 0);
  }

  // Breadth first from the start; false when a violation stopped it.
  bool run() {
    add(start_, Node{});
    std::vector<std::pair<std::size_t, GameState>> frontier{{0, start_}};
    while (!frontier.empty() && !out_.violation) {
      std::vector<std::pair<std::size_t, GameState>> next;
      for (auto& [id, state] : frontier) {
        if (!expand(id, state, next)) return false;
      }
      frontier = std::move(next);
    }
    finish();
    return true;
  }

  void finish() {
    for (std::uint64_t c : counts_) out_.checks += c;
    out_.states = visited_.size();
  }

 private:
  bool leaf(const GameState& s) const {
    return is_terminal(s) || !s.halted.empty() || (scope_.in_region && !scope_.in_region(s));
  }

  std::size_t add(const GameState& s, Node node) {
    nodes_.push_back(node);
    out_.depth_reached = std::max(out_.depth_reached, node.depth);
    return visited_.insert(strip_history(s), position_hash(s));
  }

  std::vector<Edge> successors(const GameState& s) const {
    std::vector<Edge> out;
    if (s.chance) {
      auto outcomes = chance_outcomes(s);
      if (scope_.narrow) outcomes = scope_.narrow(s, std::move(outcomes));
      for (std::uint8_t o : outcomes) {
        auto next = apply_chance(s, o);
        if (auto* g = std::get_if<GameState>(&next)) out.push_back({true, o, std::move(*g)});
      }
      return out;
    }
    const auto seats = pending(s);
    for (std::size_t i = 0; i < seats.size(); ++i) {
      const auto legal = legal_commands(s, seats[i]);
      std::vector<std::size_t> picks;
      for (std::size_t j = 0; j < legal.size(); ++j) {
        if (explored_kind(scope_, legal[j])) picks.push_back(j);
      }
      if (picks.empty() && !legal.empty()) picks.push_back(default_choice(legal));
      for (std::size_t j : picks) {
        const Envelope e{invariants::fresh_id(s), seats[i], s.version, legal[j]};
        auto result = submit(s, e);
        const auto choice = generators::encode_choice(legal, seats.size(), i, j);
        auto* a = std::get_if<Accepted>(&result);
        out.push_back({false, choice, a ? std::optional<GameState>(std::move(a->next)) : std::nullopt});
      }
    }
    return out;
  }

  bool expand(std::size_t id, const GameState& s, std::vector<std::pair<std::size_t, GameState>>& next) {
    if (leaf(s)) {
      out_.leaves += 1;
      out_.halted += s.halted.empty() ? 0 : 1;
      return true;
    }
    if (nodes_[id].depth >= depth_) {
      out_.exhausted = false;  // cut by the depth bound
      return true;
    }
    for (Edge& e : successors(s)) {
      const Node node{static_cast<std::int64_t>(id), e.chance, e.value, nodes_[id].depth + 1};
      if (!e.next) return violation(node, engine_bug(s, e));
      out_.transitions += 1;
      const GameState stripped = strip_history(*e.next);
      const std::uint64_t hash = position_hash(*e.next);
      const bool seen = visited_.find(stripped, hash).has_value();
      if (!check(s, *e.next, node, seen ? revisit_config_ : config_)) return false;
      if (seen) continue;
      if (visited_.size() >= max_states_) {
        out_.exhausted = false;  // cut by the state budget
        continue;
      }
      next.emplace_back(add(*e.next, node), std::move(*e.next));
    }
    return true;
  }

  Found engine_bug(const GameState& s, const Edge& e) const {
    const auto seats = pending(s);
    const Seat seat = seats[e.value % seats.size()];
    const auto legal = legal_commands(s, seat);
    const Command& c = legal[(e.value / seats.size()) % legal.size()];
    return Found{{"explorer.listed-command-rejected", fmt::format("{} was listed for seat {} but rejected", to_string(c), seat.value)},
                 "explorer", static_cast<int>(s.log.size() - start_.log.size()), 0};
  }

  // Every new log entry of the step is one transition, numbered from the start (as the runner).
  // The determinism checks (a replay of the whole log, a save and load of the whole state) run
  // once per distinct state, on the first transition that reaches it; a transition into a state
  // already visited meets every other checker (issue 19: they were two fifths of the time).
  bool check(const GameState& before, const GameState& after, const Node& node, const harness::RunConfig& config) {
    for (std::size_t i = before.log.size(); i < after.log.size(); ++i) {
      const invariants::Transition t{before, after.log[i], after, static_cast<int>(i - start_.log.size())};
      if (auto found = harness::check_step(t, context_, config, counts_, decisions_to(node))) {
        return violation(node, std::move(*found));
      }
    }
    return true;
  }

  int decisions_to(const Node& node) const {
    int n = node.chance ? 0 : 1;
    for (std::int64_t p = node.parent; p > 0; p = nodes_[static_cast<std::size_t>(p)].parent) {
      n += nodes_[static_cast<std::size_t>(p)].chance ? 0 : 1;
    }
    return n;
  }

  // Records the violation and its shortest path (the node's parents) as a counterexample.
  bool violation(const Node& last, Found found) {
    harness::Counterexample c;
    c.spec = point_.spec;
    c.start = harness::StagedStart{fmt::format("{}/{}", scope_.name, point_.name), start_, unchecked_names()};
    c.every_step = true;
    c.mutant = active_mutant();
    std::vector<Node> path{last};
    for (std::int64_t p = last.parent; p > 0; p = nodes_[static_cast<std::size_t>(p)].parent) {
      path.push_back(nodes_[static_cast<std::size_t>(p)]);
    }
    std::reverse(path.begin(), path.end());
    for (const Node& n : path) {
      if (n.chance) c.chance.push_back(static_cast<std::uint8_t>(n.value));
      else c.choices.push_back(n.value);
    }
    c.violation = found;
    c.note = fmt::format("bounded exploration, scope {}, start {}: a shortest path of {} steps", scope_.name,
                         point_.name, path.size());
    out_.violation = std::move(found);
    out_.counterexample = std::move(c);
    out_.exhausted = false;
    finish();
    return false;
  }

  std::vector<std::string> unchecked_names() const {
    std::vector<std::string> out;
    for (const Checker& k : invariants::all_checkers()) {
      if (std::none_of(checkers_.begin(), checkers_.end(), [&](const Checker& x) { return x.name == k.name; })) {
        out.emplace_back(k.name);
      }
    }
    return out;
  }

  const Scope& scope_;
  const StartPoint& point_;
  GameState start_;
  std::vector<Checker> checkers_;
  int depth_;
  std::uint64_t max_states_;
  ExploreResult& out_;
  invariants::GameContext context_;
  harness::RunConfig config_;
  harness::RunConfig revisit_config_;  // config_ without the determinism checks
  std::vector<std::uint64_t> counts_;
  std::vector<Node> nodes_;
  Visited visited_;
};

// The staged start: the prefix replayed by the harness with every checker (a violation there is a
// counterexample from new_game), then the point's edit.
std::variant<GameState, std::string> stage(const StartPoint& point, ExploreResult& out) {
  harness::RunConfig config;
  config.prefix = point.choices;
  config.extend = false;
  config.chance = point.chance;
  harness::RunResult run = harness::run_game(point.spec, config);
  for (std::uint64_t c : run.check_counts) out.checks += c;
  out.transitions += static_cast<std::uint64_t>(run.steps);
  if (run.violation) {
    out.violation = run.violation;
    harness::Counterexample c;
    c.spec = point.spec;
    c.choices = run.choices;
    c.chance = point.chance;
    c.mutant = active_mutant();
    c.violation = run.violation;
    c.note = fmt::format("bounded exploration: staging of start {}", point.name);
    out.counterexample = std::move(c);
    out.exhausted = false;
    return std::string();
  }
  if (!run.engine_bug.empty()) return fmt::format("staging {}: {}", point.name, run.engine_bug);
  if (run.decisions != static_cast<int>(point.choices.size())) {
    return fmt::format("staging {}: {} of {} choices played", point.name, run.decisions, point.choices.size());
  }
  GameState s = std::move(run.final_state);
  if (point.edit) point.edit(s);
  return s;
}

std::vector<Checker> checkers_from(const StartPoint& point, const std::vector<std::string>& exclude) {
  std::vector<Checker> out;
  for (const Checker& k : invariants::all_checkers()) {
    if (point.edit && k.name == "determinism.replay") continue;  // the log no longer reproduces the edit
    if (std::find(exclude.begin(), exclude.end(), k.name) != exclude.end()) continue;
    out.push_back(k);
  }
  return out;
}

std::string describe_start(const StartPoint& point, const GameState& s) {
  return fmt::format("{}: turn {}, {}, {} staged steps{}", point.name, s.turn, to_string(s.step), s.log.size(),
                     point.edit ? fmt::format(", then edited: {}", point.edit_note) : "");
}

const Scope* find_scope(std::string_view name) {
  for (const Scope& s : scopes()) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

}  // namespace

std::vector<std::string_view> scope_names() {
  std::vector<std::string_view> out;
  for (const Scope& s : scopes()) out.push_back(s.name);
  return out;
}

std::vector<std::string_view> scopes_for_family(Faction family) {
  std::vector<std::string_view> out;
  for (const Scope& s : scopes()) {
    if (s.families.empty() || std::find(s.families.begin(), s.families.end(), family) != s.families.end()) {
      out.push_back(s.name);
    }
  }
  return out;
}

std::string_view scope_summary(std::string_view scope) {
  const Scope* s = find_scope(scope);
  return s ? s->summary : std::string_view{};
}

std::variant<ExploreResult, std::string> explore(std::string_view name, const ExploreLimits& limits,
                                                 const std::vector<std::string>& exclude) {
  const Scope* scope = find_scope(name);
  if (!scope) return fmt::format("no scope named '{}' (scopes: {})", name, fmt::join(scope_names(), ", "));
  const auto clock = std::chrono::steady_clock::now();
  ExploreResult out;
  out.scope = std::string(name);
  out.exhausted = true;
  const int depth = limits.depth >= 0 ? limits.depth : scope->depth;
  const std::uint64_t budget = limits.max_states > 0 ? limits.max_states : scope->max_states;
  for (const StartPoint& point : scope->starts()) {
    auto staged = stage(point, out);
    if (out.violation) break;
    if (auto* e = std::get_if<std::string>(&staged)) return *e;
    const GameState& start = std::get<GameState>(staged);
    out.starts.push_back(describe_start(point, start));
    if (point.edit) out.unchecked.push_back(fmt::format("determinism.replay from {}: {}", point.name, "an edited start has no event log that reproduces it"));
    for (const std::string& x : exclude) out.unchecked.push_back(fmt::format("{} from {}: excluded by the caller", x, point.name));
    const std::uint64_t before = out.states;
    ExploreResult part;
    part.exhausted = true;
    Exploration run(*scope, point, start, checkers_from(point, exclude), depth, budget > before ? budget - before : 1, part);
    run.run();
    out.states += part.states;
    out.transitions += part.transitions;
    out.checks += part.checks;
    out.leaves += part.leaves;
    out.halted += part.halted;
    out.depth_reached = std::max(out.depth_reached, part.depth_reached);
    out.exhausted = out.exhausted && part.exhausted;
    if (part.violation) {
      out.violation = part.violation;
      out.counterexample = part.counterexample;
      break;
    }
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - clock).count();
  return out;
}

}  // namespace dune::proofs

// The breadth-first explorer (proofs/explorer.h): state identity, expansion, checks and the
// shortest counterexample. The scopes themselves live in scopes.cpp.
#include "proofs/explorer.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <chrono>
#include <span>
#include <thread>
#include <unordered_map>
#include <utility>

#include "engine/engine.h"
#include "harness/mutants.h"
#include "generators/choices.h"
#include "model/command_steps.h"
#include "invariants/protocol.h"

namespace dune::proofs {
namespace {

using harness::Choice;
using harness::Found;
using invariants::Checker;

// ---- state identity -------------------------------------------------------------------------

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
  // The board, sparsely: a stored state is rebuilt to be compared on a hash match, so states that
  // differ only in where forces or spice stand must not share a hash.
  for (std::size_t cell = 0; cell < kCellCount; ++cell) {
    for (std::size_t f = 0; f < kFactionCount; ++f) {
      if (const int n = s.board.normal[cell][f].value) h.add((cell * kFactionCount + f) << 16 | static_cast<std::size_t>(n));
      if (const int n = s.board.special[cell][f].value) h.add((cell * kFactionCount + f) << 16 | 0x8000U | static_cast<std::size_t>(n));
    }
    if (const int n = s.board.spice[cell].value) h.add(cell << 16 | static_cast<std::size_t>(n));
  }
  for (bool b : s.board.advisors) h.add(b);
  return h.value();
}

// Sets a state's history (log, committed commands, version) aside while it lives, so that the
// state compares as its position (see the header), and puts it back.
class HistoryAside {
 public:
  explicit HistoryAside(GameState& s)
      : s_(s), log_(std::exchange(s.log, {})), committed_(std::exchange(s.committed, {})), version_(std::exchange(s.version, 0)) {}
  ~HistoryAside() {
    s_.log = std::move(log_);
    s_.committed = std::move(committed_);
    s_.version = version_;
  }
  HistoryAside(const HistoryAside&) = delete;
  HistoryAside& operator=(const HistoryAside&) = delete;

 private:
  GameState& s_;
  History<LogEntry> log_;
  CommittedTable committed_;
  std::uint64_t version_;
};

// Whether two states are equal in everything but their history.
bool same_position(GameState& a, GameState& b) {
  const HistoryAside x(a), y(b);
  return a == b;
}

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

// The states along one path of the exploration tree, from the start: moving to a node replays
// only the steps below the deepest ancestor it shares with the path held. Visited states are
// stored as their nodes (a parent and a choice), not as copies (issue 19: a stored copy was 14 KB
// resident, the target 1 KB); the nodes of a level are numbered in the order of their parents,
// so walking a level in order replays each ancestor once.
class PathCursor {
 public:
  PathCursor(const std::vector<Node>& nodes, const GameState& start) : nodes_(nodes), ids_{0}, states_{start} {}

  // The state of node `id`; nullptr when a step of its path was rejected on replay (the engine
  // accepted it when the node was reached, so it would not be deterministic).
  GameState* at(std::size_t id) {
    path_.clear();
    for (std::size_t p = id; p > 0; p = static_cast<std::size_t>(nodes_[p].parent)) path_.push_back(p);
    path_.push_back(0);
    std::reverse(path_.begin(), path_.end());
    std::size_t shared = 0;
    while (shared < ids_.size() && shared < path_.size() && ids_[shared] == path_[shared]) ++shared;
    ids_.resize(shared);
    states_.resize(shared);
    for (std::size_t i = shared; i < path_.size(); ++i) {
      auto next = step(states_.back(), nodes_[path_[i]]);
      if (!next) return nullptr;
      ids_.push_back(path_[i]);
      states_.push_back(std::move(*next));
      ++replayed_;
    }
    return &states_.back();
  }
  std::uint64_t replayed() const { return replayed_; }

 private:
  // The step a node names, as successors() took it.
  static std::optional<GameState> step(const GameState& s, const Node& n) {
    if (n.chance) {
      auto next = apply_chance(s, static_cast<std::uint8_t>(n.value));
      if (auto* g = std::get_if<GameState>(&next)) return std::move(*g);
      return std::nullopt;
    }
    const auto decision = generators::decide(s, pending(s), n.value);
    if (!decision) return std::nullopt;
    auto result = submit(s, Envelope{invariants::fresh_id(s), decision->seat, s.version, decision->command});
    if (auto* a = std::get_if<Accepted>(&result)) return std::move(a->next);
    return std::nullopt;
  }

  const std::vector<Node>& nodes_;
  std::vector<std::size_t> ids_;  // the path held: ids_[0] is the start
  std::vector<GameState> states_;
  std::vector<std::size_t> path_;  // scratch
  std::uint64_t replayed_ = 0;
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
              int depth, std::uint64_t max_states, const ExploreLimits& limits, ExploreResult& out)
      : scope_(scope), point_(point), start_(std::move(start)), checkers_(std::move(checkers)), depth_(depth),
        max_states_(max_states), jobs_(std::max(limits.jobs, 1)), on_level_(limits.on_level), out_(out),
        context_(invariants::GameContext::of(start_)) {
    for (int w = 0; w < jobs_; ++w) expanding_.emplace_back(nodes_, start_);
    config_.checkers = checkers_;
    config_.every_step = true;
    revisit_config_ = config_;
    revisit_config_.check_options.determinism = false;
    revisit_config_.check_options.noninterference = false;
    counts_.assign(checkers_.size(), 0);
  }

  // Breadth first from the start, a level at a time (the nodes of a level are numbered
  // consecutively), each level in batches of kBatch nodes: the workers expand the batch's nodes,
  // each replaying them on its own cursor; this thread numbers the new states in order; the
  // workers check every transition; this thread then walks the batch in order, as one thread
  // would have. The batches do not depend on the number of jobs, so neither does the result:
  // states, transitions, checks and the counterexample. False when a violation stopped it.
  bool run() {
    add(position_hash(start_), Node{});
    for (std::size_t first = 0, end = 1; first < end; first = end, end = nodes_.size()) {
      for (std::size_t b = first; b < end; b += kBatch) {
        if (!run_batch(b, std::min(end, b + kBatch))) return false;
      }
      if (on_level_) on_level_(nodes_[first].depth, nodes_.size(), out_.transitions);
    }
    finish();
    return true;
  }

  void finish() {
    for (std::uint64_t c : counts_) out_.checks += c;
    out_.states = nodes_.size();
    for (const Node& n : nodes_) out_.depth_reached = std::max(out_.depth_reached, n.depth);
    out_.replayed = matching_.replayed();
    for (const PathCursor& c : expanding_) out_.replayed += c.replayed();
  }

 private:
  bool leaf(const GameState& s) const {
    return is_terminal(s) || !s.halted.empty() || (scope_.in_region && !scope_.in_region(s));
  }

  std::size_t add(std::uint64_t hash, Node node) {
    nodes_.push_back(node);
    by_hash_.emplace(hash, nodes_.size() - 1);
    return nodes_.size() - 1;
  }

  // The node an edge out of node `parent` reaches.
  Node child(std::size_t parent, const Edge& e) const {
    return Node{static_cast<std::int64_t>(parent), e.chance, e.value, nodes_[parent].depth + 1};
  }

  // The node of the state equal to `s` (whose position_hash is `hash`) but for its history, if any,
  // or nullopt; the matching cursor replays each candidate (the merges are mostly of the level
  // being built, so the path moves little). Identity stays exact: the hash only picks the
  // candidates, full equality decides. `failed` names a candidate whose replay was rejected.
  std::optional<std::size_t> find(GameState& s, std::uint64_t hash, std::optional<std::size_t>& failed) {
    auto [first, last] = by_hash_.equal_range(hash);
    for (auto it = first; it != last; ++it) {
      GameState* old = matching_.at(it->second);
      if (!old) {
        failed = it->second;
        return std::nullopt;
      }
      if (same_position(*old, s)) return it->second;
    }
    return std::nullopt;
  }

  Found rebuild_failed(std::size_t id) const {
    return Found{{"explorer.rebuild", fmt::format("replaying the path of stored state {} from the start was rejected: "
                                                   "the engine accepted it when the state was reached", id)},
                 "explorer", 0, decisions_to(nodes_[id])};
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

  // One node of a batch, expanded.
  struct Expanded {
    bool replayed = false;           // false: its path was rejected on replay
    enum { kInner, kLeaf, kCut } kind = kInner;
    GameState state;                 // the transitions' state before
    std::vector<Edge> edges;
  };
  // One transition of a batch: its edge, how the numbering met it and what the checks found.
  struct Transit {
    std::size_t node = 0, edge = 0;     // the batch's node and its edge
    std::optional<std::size_t> failed;  // a candidate whose replay was rejected (find)
    bool seen = false, added = false;
    std::size_t states_before = 0;      // distinct states before it
    std::vector<std::uint64_t> counts;
    std::optional<Found> found;
  };

  bool run_batch(std::size_t first, std::size_t end) {
    std::vector<Expanded> nodes(end - first);
    parallel(nodes.size(), [&](std::size_t worker, std::size_t i) {
      Expanded& x = nodes[i];
      const std::size_t id = first + i;
      GameState* s = expanding_[worker].at(id);
      if (!s) return;
      x.replayed = true;
      x.state = *s;
      if (leaf(x.state)) x.kind = Expanded::kLeaf;
      else if (nodes_[id].depth >= depth_) x.kind = Expanded::kCut;
      else x.edges = successors(x.state);
    });
    // Numbering, in order (find and add are this thread's).
    std::vector<Transit> transits;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      for (std::size_t k = 0; k < nodes[i].edges.size(); ++k) {
        Edge& e = nodes[i].edges[k];
        Transit& t = transits.emplace_back();
        t.node = i;
        t.edge = k;
        t.states_before = nodes_.size();
        if (!e.next) continue;
        const std::uint64_t hash = position_hash(*e.next);
        t.seen = find(*e.next, hash, t.failed).has_value();
        if (t.seen || t.failed || nodes_.size() >= max_states_) continue;
        t.added = true;
        add(hash, child(first + i, e));
      }
    }
    parallel(transits.size(), [&](std::size_t, std::size_t j) {
      Transit& t = transits[j];
      const Edge& e = nodes[t.node].edges[t.edge];
      if (!e.next || t.failed) return;
      t.counts.assign(checkers_.size(), 0);
      t.found = check(nodes[t.node].state, *e.next, child(first + t.node, e), t.seen ? revisit_config_ : config_, t.counts);
    });
    // The walk in order: what one thread expanding and checking node by node would have counted,
    // up to the first violation.
    std::size_t j = 0;
    for (std::size_t i = 0; i < nodes.size(); ++i) {
      const std::size_t id = first + i;
      const Expanded& x = nodes[i];
      if (!x.replayed) return stop(nodes_.size(), nodes_[id], rebuild_failed(id));
      if (x.kind == Expanded::kLeaf) {
        out_.leaves += 1;
        out_.halted += x.state.halted.empty() ? 0 : 1;
        continue;
      }
      if (x.kind == Expanded::kCut) {
        out_.exhausted = false;  // cut by the depth bound
        continue;
      }
      for (const Edge& e : x.edges) {
        Transit& t = transits[j++];
        const Node node = child(id, e);
        if (!e.next) return stop(t.states_before, node, engine_bug(x.state, e));
        out_.transitions += 1;
        if (t.failed) return stop(t.states_before, nodes_[*t.failed], rebuild_failed(*t.failed));
        for (std::size_t c = 0; c < counts_.size(); ++c) counts_[c] += t.counts[c];
        if (t.found) return stop(t.states_before, node, std::move(*t.found));
        if (!t.seen && !t.added) out_.exhausted = false;  // cut by the state budget
      }
    }
    return true;
  }

  // Runs f(worker, i) for every i < n, on up to jobs_ threads, each over a contiguous range (so
  // each worker's cursor moves little); the active catalogue mutant is switched on in each.
  template <class F>
  void parallel(std::size_t n, F f) {
    const std::size_t workers = std::min<std::size_t>(static_cast<std::size_t>(jobs_), n);
    if (workers <= 1) {
      for (std::size_t i = 0; i < n; ++i) f(0, i);
      return;
    }
    std::vector<std::jthread> threads;
    for (std::size_t w = 0; w < workers; ++w) {
      threads.emplace_back([&, w] {
        const ScopedMutant active(mutant_);
        for (std::size_t i = n * w / workers; i < n * (w + 1) / workers; ++i) f(w, i);
      });
    }
  }

  // Ends the exploration at a violation, with the distinct states numbered before it.
  bool stop(std::size_t states, const Node& last, Found found) {
    nodes_.resize(states);
    return violation(last, std::move(found));
  }

  Found engine_bug(const GameState& s, const Edge& e) const {
    const auto decision = generators::decide(s, pending(s), e.value);
    return Found{{"explorer.listed-command-rejected", fmt::format("{} was listed for seat {} but rejected", to_string(decision->command), decision->seat.value)},
                 "explorer", static_cast<int>(s.log.size() - start_.log.size()), 0};
  }

  // Every new log entry of the step is one transition, numbered from the start (as the runner).
  // The state checks run once per distinct state, on the first transition that reaches it: the
  // determinism checks (a replay of the whole log, a save and load of the state) and the
  // noninterference twins (a function of the state after the step: its twins, views, probes and
  // next step). A transition into a state already visited meets every other checker, those that
  // read the step (issue 19: the state checks were two thirds of the time).
  std::optional<Found> check(const GameState& before, const GameState& after, const Node& node, const harness::RunConfig& config,
                             std::span<std::uint64_t> counts) const {
    for (std::size_t i = before.log.size(); i < after.log.size(); ++i) {
      const invariants::Transition t{before, after.log[i], after, static_cast<int>(i - start_.log.size())};
      if (auto found = harness::check_step(t, context_, config, counts, decisions_to(node))) return found;
    }
    return std::nullopt;
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
  int jobs_;
  std::function<void(int, std::uint64_t, std::uint64_t)> on_level_;
  ExploreResult& out_;
  invariants::GameContext context_;
  harness::RunConfig config_;
  harness::RunConfig revisit_config_;  // config_ without the state checks (determinism, noninterference)
  std::vector<std::uint64_t> counts_;
  std::vector<Node> nodes_;  // every distinct state, by id
  std::unordered_multimap<std::uint64_t, std::size_t> by_hash_;  // position_hash -> node id
  std::vector<PathCursor> expanding_;     // by worker: the nodes it expands
  PathCursor matching_{nodes_, start_};   // a candidate being compared (find)
  Mutant mutant_ = current_mutant();      // switched on in every worker
  static constexpr std::size_t kBatch = 64;  // nodes; their expanded states are held until the batch is walked
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
    if (!s.in_gate) continue;
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
    Exploration run(*scope, point, start, checkers_from(point, exclude), depth, budget > before ? budget - before : 1,
                    limits, part);
    run.run();
    out.states += part.states;
    out.transitions += part.transitions;
    out.checks += part.checks;
    out.leaves += part.leaves;
    out.halted += part.halted;
    out.replayed += part.replayed;
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

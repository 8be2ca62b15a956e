// One legality path (issue 14 item 4): on generated games, Nexus module included, the commands
// `legal_commands` lists for a seat are exactly the ones `submit` accepts from it, and each is
// listed once. Both directions are checked at every state a decision is taken in, for every seat:
// every listed command (all of them, or a sample of 24 for a long Movement list) is accepted; and
// probes that are not listed — each listed command with one number nudged up or down through its
// JSON fields, and every Nexus command for the seat's own held card — are rejected.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>
#include <random>
#include <unordered_set>

#include "engine/engine.h"
#include "engine/json_forms.h"
#include "generators/arbitrary.h"
#include "harness/runner.h"

namespace dune {
namespace {

constexpr generators::SpecBounds kShort{1, 3, 300};

Envelope envelope(const GameState& s, Seat seat, Command c) {
  return Envelope{CommandId{s.version + 1'000'000}, seat, s.version, std::move(c)};
}

// The listed commands' neighbours: one integer field of the JSON form moved by ±1.
std::vector<Command> neighbours(const Command& c) {
  std::vector<Command> out;
  const nlohmann::json j = command_to_json(c);
  for (const auto& [key, value] : j.items()) {
    if (!value.is_number_integer()) continue;
    for (int d : {-1, 1}) {
      nlohmann::json k = j;
      k[key] = value.get<std::int64_t>() + d;
      if (auto back = command_from_json(k); std::holds_alternative<Command>(back)) out.push_back(std::get<Command>(back));
    }
  }
  return out;
}

// Every Nexus command a seat could send about its held card (or the Atreides card if none).
std::vector<Command> nexus_probes(const GameState& s, Seat seat) {
  const NexusCardId card = s.nexus.held[seat.value].value_or(NexusCardId{Faction::Atreides});
  std::vector<Command> out{DrawNexus{}, SetRedrawPolicy{RedrawPolicy::KeepAny}, SetRedrawPolicy{RedrawPolicy::RedrawOwnOnce},
                           SetRedrawPolicy{RedrawPolicy::RedrawOwnAlways}};
  for (NexusMode mode : kNexusModes) {
    for (std::uint32_t answers : {0u, s.battle.prescience_attempt, s.battle.prescience_attempt + 1}) {
      out.push_back(PlayNexus{card, mode, std::nullopt, answers, ForceCount{0}});
      for (PlanElement e : {PlanElement::Leader, PlanElement::Weapon, PlanElement::Defense, PlanElement::Dial}) {
        out.push_back(PlayNexus{card, mode, e, answers, ForceCount{0}});
      }
    }
  }
  return out;
}

struct Tally {
  std::uint64_t listed = 0, accepted = 0, probes = 0, nexus_listed = 0, nexus_plays = 0;
};

// The two directions and uniqueness at one state, for one seat; "" when they hold.
std::string check_seat(const GameState& s, Seat seat, std::mt19937_64& rng, Tally& tally) {
  const std::vector<Command> legal = legal_commands(s, seat);
  std::unordered_set<std::string> keys;
  for (const Command& c : legal) {
    if (!keys.insert(command_to_json(c).dump()).second) return "listed twice: " + to_string(c);
    if (std::holds_alternative<PlayNexus>(c) || std::holds_alternative<DrawNexus>(c)) ++tally.nexus_listed;
    if (std::holds_alternative<PlayNexus>(c)) ++tally.nexus_plays;
  }
  tally.listed += legal.size();
  std::vector<std::size_t> sample(legal.size());
  for (std::size_t i = 0; i < sample.size(); ++i) sample[i] = i;
  std::shuffle(sample.begin(), sample.end(), rng);
  if (sample.size() > 24) sample.resize(24);
  std::vector<Command> probes = nexus_probes(s, seat);
  for (std::size_t i : sample) {
    const auto result = submit(s, envelope(s, seat, legal[i]));
    if (const auto* r = std::get_if<Rejection>(&result)) return "listed but rejected: " + to_string(legal[i]) + ": " + r->message;
    ++tally.accepted;
    for (Command& n : neighbours(legal[i])) probes.push_back(std::move(n));
  }
  for (const Command& probe : probes) {
    if (keys.contains(command_to_json(probe).dump())) continue;
    ++tally.probes;
    if (std::holds_alternative<Accepted>(submit(s, envelope(s, seat, probe)))) return "accepted but not listed: " + to_string(probe);
  }
  return "";
}

RC_GTEST_PROP(Legality, ListedCommandsAreExactlyTheAcceptedOnesAndEachIsListedOnce, ()) {
  generators::GameSpec spec = *generators::gen_spec(kShort);
  if (*rc::gen::inRange(0, 3) != 0) {  // the Nexus commands, often: draws need a worm after turn 1
    spec.options.nexus = NexusModuleMode::Audit;
    spec.options.rules.double_spice_blow = true;  // more worms, so more draw opportunities
    spec.options.turn_limit = 5;
    spec.max_decisions = 1200;
    for (std::size_t i = 0; i < spec.bots.size(); ++i) {
      spec.bots[i] = i % 2 == 0 ? generators::BotProfile::NexusEager : generators::BotProfile::AllyEager;
    }
    spec.favoured_nexus = Faction::Atreides;
  }
  std::mt19937_64 rng(spec.seed);
  Tally tally;
  std::string failure;
  harness::RunConfig config;
  config.check = false;
  config.on_step = [&](const invariants::Transition& t) {
    if (!failure.empty() || t.after.chance || is_terminal(t.after)) return;
    for (std::uint8_t i = 0; i < t.after.seat_count() && failure.empty(); ++i) {
      failure = check_seat(t.after, Seat{i}, rng, tally);
    }
  };
  const harness::RunResult r = harness::run_game(spec, config);
  RC_ASSERT(r.engine_bug == std::string());
  if (!failure.empty()) RC_FAIL(failure + " (" + to_string(spec) + ")");
  RC_TAG(tally.nexus_plays > 0 ? "PlayNexus listed" : tally.nexus_listed > 0 ? "DrawNexus listed" : "no Nexus command listed");
  RC_ASSERT(tally.accepted > 0);
}

}  // namespace
}  // namespace dune

// Writing a scenario file from a recorded game (io/scenario_write.h).
#include "io/scenario_write.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "engine/json_io.h"

namespace dune {

using json = nlohmann::json;
using json_io::name_of;

namespace {

// Every chance step the game took is staged, so the seed only draws one left pending at the end.
constexpr std::uint64_t kSeed = 0;

json chance_entry(const GameState& before, const ChanceRecord& c) {
  json out{{"kind", name_of(c.request.kind)}, {"outcome", c.outcome}};
  if (chance_serves_a_seat(c.request.kind)) out["seat"] = name_of(before.faction_of(c.request.seat));
  return out;
}

// The last step: where the game ended, in the facts' own JSON forms (io/scenario_facts.cpp).
json final_step(const GameState& s) {
  json waiting = json::array(), winners = json::array();
  for (Seat seat : pending(s)) waiting.push_back(name_of(s.faction_of(seat)));
  for (Faction f : s.winners) winners.push_back(name_of(f));
  json expect = json::array({{{"fact", "phase"}, {"equals", name_of(s.phase)}},
                             {{"fact", "step"}, {"equals", name_of(s.step)}},
                             {{"fact", "turn"}, {"equals", s.turn}},
                             {{"fact", "pending"}, {"equals", waiting}},
                             {{"fact", "winners"}, {"equals", winners}}});
  // A halt (a rule listed unavailable) is where the game ended too, and why nobody is awaited.
  if (!s.halted.empty()) expect.push_back({{"fact", "halted"}, {"equals", s.halted}});
  return {{"expect", std::move(expect)}};
}

}  // namespace

std::variant<WrittenScenario, LoadError> scenario_from_game(const RecordedGame& game, const std::string& name,
                                                            const std::string& note) {
  GameState start;
  if (game.start) {
    start = *game.start;
  } else {
    auto created = new_game(game.options);
    if (auto* r = std::get_if<Rejection>(&created)) return LoadError{"options rejected: " + r->message};
    start = std::get<GameState>(std::move(created));
  }
  json chance = json::array(), steps = json::array();
  // The runner's default id: one above the highest any earlier step (or the start) used.
  std::uint64_t highest = start.committed.highest_id();
  const ReplayHook on_applied = [&](std::size_t i, const GameState& before) {
    if (const auto* c = std::get_if<ChanceRecord>(&game.log[i])) {
      chance.push_back(chance_entry(before, *c));
      return;
    }
    const auto& e = std::get<Envelope>(game.log[i]);
    json step{{"seat", name_of(before.faction_of(e.seat))}, {"command", command_to_json(e.command)}};
    if (e.id.value != highest + 1) step["id"] = e.id.value;
    if (e.expected_version != before.version) step["version"] = e.expected_version;
    highest = std::max(highest, e.id.value);
    steps.push_back(std::move(step));
  };
  auto replayed = replay_from(start, game.log, on_applied);
  if (auto* e = std::get_if<LoadError>(&replayed)) return *e;
  WrittenScenario out{json::object(), std::get<GameState>(std::move(replayed))};
  std::string full_note = note;
  GameState end = out.reached;
  if (end.chance) {
    // The runner settles a pending chance step after the last command, from the seed.
    StagedChance from_seed(kSeed);
    end = settle(std::move(end), from_seed);
    full_note += fmt::format("{}The game stopped at a {} chance step: the scenario draws it (and any after it) from "
                             "seed {}, and its last step pins the game after those draws.",
                             full_note.empty() ? "" : " ", name_of(out.reached.chance->kind), kSeed);
  }
  steps.push_back(final_step(end));
  json& s = out.scenario;
  s["name"] = name;
  s["note"] = full_note;
  if (game.start) s["start"] = json::parse(save_snapshot(*game.start));
  else s["options"] = options_to_json(game.options);
  s["seed"] = kSeed;
  s["chance"] = std::move(chance);
  s["steps"] = std::move(steps);
  return out;
}

std::string scenario_text(const json& scenario) {
  std::string out = "{";
  const char* separator = "\n";
  for (const char* key : {"name", "note", "options", "start", "seed", "chance", "steps"}) {
    if (!scenario.contains(key)) continue;
    const json& value = scenario[key];
    std::string text = value.dump();
    if (value.is_array() && !value.empty()) {
      text.clear();
      for (const json& x : value) text += fmt::format("{}\n    {}", text.empty() ? "[" : ",", x.dump());
      text += "\n  ]";
    }
    out += fmt::format("{}  \"{}\": {}", separator, key, text);
    separator = ",\n";
  }
  return out + "\n}\n";
}

}  // namespace dune

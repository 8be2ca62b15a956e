// The named facts of scenario files: reading and checking (io/scenario_facts.h).
#include "io/scenario_facts.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

using json = nlohmann::json;
using json_io::fail;
using json_io::In;
using json_io::name_of;

namespace scenario_io {

// A seat by its faction's name or by its number.
Seat read_seat(const In& in, const Options& o) {
  if (in.j.is_number()) return Seat{in.byte(o.seat_count())};
  const Faction f = in.enumeration<Faction>();
  const auto it = std::find(o.factions.begin(), o.factions.end(), f);
  if (it == o.factions.end()) fail(in.path, fmt::format("{} is not seated in this game", name_of(f)));
  return Seat{static_cast<std::uint8_t>(it - o.factions.begin())};
}

namespace {

json faction_list(const In& in) {
  json out = json::array();
  for (const In& x : in.items()) out.push_back(name_of(x.enumeration<Faction>()));
  return out;
}

// The arguments each fact takes (besides "fact" and "equals").
const std::vector<std::pair<std::string_view, std::vector<std::string_view>>>& fact_table() {
  static const std::vector<std::pair<std::string_view, std::vector<std::string_view>>> table{
      {"spice", {"seat"}}, {"hand_size", {"seat"}}, {"reserves", {"seat"}}, {"tanks", {"seat"}},
      {"ally", {"seat"}}, {"forces_in_cell", {"seat", "cell"}}, {"forces_in_territory", {"seat", "territory"}},
      {"spice_in_cell", {"cell"}}, {"spice_in_territory", {"territory"}}, {"card_zone", {"card"}},
      {"pending", {}}, {"winners", {}}, {"phase", {}}, {"step", {}}, {"turn", {}}, {"storm_sector", {}},
      {"halted", {}}, {"nexus_deck_size", {}}, {"nexus_held", {"seat"}}};
  return table;
}

}  // namespace

Fact read_fact(const In& in, const Options& o) {
  Fact fact{in["fact"].string(), json::object(), nullptr};
  const auto& table = fact_table();
  const auto it = std::find_if(table.begin(), table.end(), [&](const auto& e) { return e.first == fact.name; });
  if (it == table.end()) fail(in.path + ".fact", fmt::format("unknown fact \"{}\"", fact.name));
  std::vector<std::string_view> keys{"fact", "equals"};
  keys.insert(keys.end(), it->second.begin(), it->second.end());
  if (std::find(keys.begin(), keys.end(), "seat") != keys.end()) keys.push_back("faction");
  const bool a_set = fact.name == "pending" || fact.name == "winners";
  if (a_set) keys.push_back("ordered");
  in.only_keys(keys);
  if (a_set && in.has("ordered")) fact.ordered = in["ordered"].boolean();
  fact.equals = in["equals"].j;
  for (std::string_view arg : it->second) {
    // A seat may be given as "seat" or "faction".
    const In value = arg == "seat" && !in.has("seat") && in.has("faction") ? in["faction"] : in[arg];
    if (arg == "seat") fact.args["seat"] = read_seat(value, o).value;
    if (arg == "cell") fact.args["cell"] = value.cell().value;
    if (arg == "territory") fact.args["territory"] = index(value.territory());
    if (arg == "card") fact.args["card"] = value.byte(kTreacheryCardCount);
  }
  const In equals = in["equals"];
  if (fact.name == "pending" || fact.name == "winners") fact.equals = faction_list(equals);
  if ((fact.name == "ally" || fact.name == "nexus_held") && !equals.j.is_null()) {
    fact.equals = name_of(equals.enumeration<Faction>());
  }
  if (fact.name == "phase") fact.equals = name_of(equals.enumeration<Phase>());
  if (fact.name == "step") fact.equals = name_of(equals.enumeration<Step>());
  return fact;
}


}  // namespace scenario_io

namespace {

json forces_value(ForceCount normal, ForceCount special, const json& shape) {
  if (shape.is_object()) return {{"normal", normal.value}, {"special", special.value}};
  return (normal + special).value;
}

std::string card_zone(const GameState& s, TreacheryCardId card) {
  auto has = [&](const std::vector<TreacheryCardId>& v) { return std::find(v.begin(), v.end(), card) != v.end(); };
  if (has(s.treachery.deck.known_top) || has(s.treachery.deck.unseen)) return "deck";
  if (has(s.treachery.discard)) return "discard";
  if (has(s.bidding.lots)) return "lot";
  for (Seat seat : all_seats(s)) {
    if (has(s.seat(seat).hand)) return fmt::format("hand:{}", name_of(s.faction_of(seat)));
  }
  return "nowhere";
}

json actual_value(const GameState& s, const Fact& f) {
  const Seat seat{f.args.value("seat", std::uint8_t{0})};
  const Faction faction = s.faction_of(seat);
  const std::size_t fi = index(faction);
  if (f.name == "spice") return s.seat(seat).spice.value;
  if (f.name == "hand_size") return s.seat(seat).hand.size();
  if (f.name == "reserves") return forces_value(s.seat(seat).reserves_normal, s.seat(seat).reserves_special, f.equals);
  if (f.name == "tanks") return forces_value(s.seat(seat).tanks_normal, s.seat(seat).tanks_special, f.equals);
  if (f.name == "ally") return s.seat(seat).ally ? json(name_of(*s.seat(seat).ally)) : json(nullptr);
  if (f.name == "forces_in_cell" || f.name == "forces_in_territory") {
    ForceCount normal{}, special{};
    for (std::size_t c = 0; c < kCellCount; ++c) {
      const bool counted = f.name == "forces_in_cell" ? c == f.args["cell"].get<std::size_t>()
                                                      : index(cell_info(cell_at(c)).territory) == f.args["territory"].get<std::size_t>();
      if (!counted) continue;
      normal += s.board.normal[c][fi];
      special += s.board.special[c][fi];
    }
    return forces_value(normal, special, f.equals);
  }
  if (f.name == "spice_in_cell") return s.board.spice[f.args["cell"].get<std::size_t>()].value;
  if (f.name == "spice_in_territory") {
    Spice total{};
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (index(cell_info(cell_at(c)).territory) == f.args["territory"].get<std::size_t>()) total += s.board.spice[c];
    }
    return total.value;
  }
  if (f.name == "card_zone") return card_zone(s, TreacheryCardId{f.args["card"].get<std::uint8_t>()});
  if (f.name == "pending" || f.name == "winners") {
    json out = json::array();
    if (f.name == "pending") for (Seat p : pending(s)) out.push_back(name_of(s.faction_of(p)));
    else for (Faction w : s.winners) out.push_back(name_of(w));
    return out;
  }
  if (f.name == "phase") return name_of(s.phase);
  if (f.name == "step") return name_of(s.step);
  if (f.name == "turn") return s.turn;
  if (f.name == "storm_sector") return s.storm.sector.value;
  if (f.name == "nexus_deck_size") return s.nexus.deck.size();
  if (f.name == "nexus_held") {
    const auto& held = s.nexus.held[seat.value];
    return held ? json(name_of(held->faction)) : json(nullptr);
  }
  if (f.equals.is_boolean()) return !s.halted.empty();  // halted: true / false
  return s.halted;
}

std::string describe_fact(const GameState& s, const Fact& f) {
  std::string out = f.name;
  if (f.args.contains("seat")) out += fmt::format(" of {}", to_string(s.faction_of(Seat{f.args["seat"].get<std::uint8_t>()})));
  if (f.args.contains("cell")) out += fmt::format(" in cell {}", f.args["cell"].get<int>());
  if (f.args.contains("territory")) out += fmt::format(" in {}", name_of(territory_at(f.args["territory"].get<std::size_t>())));
  if (f.args.contains("card")) {
    const int card = f.args["card"].get<int>();
    out += fmt::format(" of card {} ({})", card, card_type(TreacheryCardId{static_cast<std::uint8_t>(card)}).name);
  }
  return out;
}

}  // namespace

std::optional<std::string> check_fact(const GameState& state, const Fact& fact) {
  const json actual = actual_value(state, fact);
  auto sorted = [&](json v) {
    if (!fact.ordered && v.is_array()) std::sort(v.begin(), v.end());
    return v;
  };
  if (sorted(actual) == sorted(fact.equals)) return std::nullopt;
  return fmt::format("{} is {}, expected {}", describe_fact(state, fact), actual.dump(), fact.equals.dump());
}

}  // namespace dune

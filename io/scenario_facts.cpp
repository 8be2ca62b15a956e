// The named facts of scenario files and the JSON-pointer assertions on views: reading and checking
// (io/scenario_facts.h). README "Scenario files" documents each fact's arguments and JSON form.
#include "io/scenario_facts.h"

#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/projection.h"
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

}  // namespace scenario_io

namespace {

// ---- names ----------------------------------------------------------------------------------

std::string_view traitor_name(TraitorCardId t) {
  return t == kCheapHeroTraitor ? std::string_view{"Cheap Hero"} : leader_info(LeaderId{t.value}).name;
}

// A leader by its printed name or its id.
LeaderId read_leader(const In& in) {
  if (in.j.is_number()) return LeaderId{in.byte(kLeaderCount)};
  const std::string name = in.string();
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (kLeaders[i].name == name) return leader_at(i);
  }
  fail(in.path, fmt::format("unknown leader \"{}\"", name));
}

// What names an expected value (or each of its elements) uses; a number is read as the card's or
// leader's id and compared by its name.
enum class Names : std::uint8_t {
  None, Faction, FactionPair, Treachery, Traitor, Spice, Phase, Step, Location, Policy, Stage, Territory, Mode, Seen,
};

template <class Id, std::size_t N, class NameOf>
json card_name(const In& in, std::string_view what, NameOf name_of_id) {
  if (in.j.is_number()) return name_of_id(Id{in.byte(N)});
  const std::string name = in.string();
  for (std::size_t i = 0; i < N; ++i) {
    if (name_of_id(Id{static_cast<std::uint8_t>(i)}) == name) return name;
  }
  fail(in.path, fmt::format("unknown {} \"{}\"", what, name));
}

json named(const In& in, Names names) {
  switch (names) {
    case Names::None: return in.j;
    case Names::Faction: return name_of(in.enumeration<Faction>());
    case Names::FactionPair: {
      json pair = json::array();
      for (const In& x : in.items(2)) pair.push_back(name_of(x.enumeration<Faction>()));
      std::sort(pair.begin(), pair.end());
      return pair;
    }
    case Names::Treachery:
      return card_name<TreacheryCardId, kTreacheryCardCount>(in, "Treachery card", [](TreacheryCardId c) { return card_type(c).name; });
    case Names::Traitor: return card_name<TraitorCardId, kLeaderCount + 1>(in, "traitor", traitor_name);
    case Names::Spice:
      return card_name<SpiceCardId, kSpiceCardCount>(in, "spice card", [](SpiceCardId c) { return spice_card_info(c).name; });
    case Names::Phase: return name_of(in.enumeration<Phase>());
    case Names::Step: return name_of(in.enumeration<Step>());
    case Names::Location: return name_of(in.enumeration<LeaderLocation>());
    case Names::Policy: return name_of(in.enumeration<RedrawPolicy>());
    case Names::Stage: return name_of(in.enumeration<BattleStage>());
    case Names::Territory: return name_of(in.territory());
    case Names::Mode: return name_of(in.enumeration<NexusMode>());
    case Names::Seen: return name_of(in.enumeration<SeenKind>());
  }
  return in.j;
}

// ---- the facts ------------------------------------------------------------------------------

// Value: one value; Set: a list compared unordered unless "ordered": true; List: a list whose
// order is the game's (a deck's top, the combatants, commitment order), always compared in order.
enum class Shape : std::uint8_t { Value, Set, List };

struct Field {
  std::string_view key;
  Names names;
};

struct FactInfo {
  std::string_view name;
  std::vector<std::string_view> args;  // besides "fact", "equals" (and "ordered" for a Set)
  Shape shape = Shape::Value;
  Names names = Names::None;
  std::vector<Field> fields;           // non-empty: a value (or element) is an object of these keys
  json (*value)(const GameState&, const Fact&) = nullptr;
};

Seat seat_arg(const Fact& f) { return Seat{f.args["seat"].get<std::uint8_t>()}; }
std::size_t arg(const Fact& f, const char* key) { return f.args[key].get<std::size_t>(); }
const LeaderState& leader_arg(const GameState& s, const Fact& f) { return s.leaders[arg(f, "leader")]; }

json faction_or_null(std::optional<Faction> f) { return f ? json(name_of(*f)) : json(nullptr); }

json forces_value(ForceCount normal, ForceCount special, const json& shape) {
  if (shape.is_object()) return {{"normal", normal.value}, {"special", special.value}};
  return (normal + special).value;
}

json forces_on_board(const GameState& s, const Fact& f, bool (*counted)(const Fact&, std::size_t)) {
  const std::size_t fi = index(s.faction_of(seat_arg(f)));
  ForceCount normal{}, special{};
  for (std::size_t c = 0; c < kCellCount; ++c) {
    if (!counted(f, c)) continue;
    normal += s.board.normal[c][fi];
    special += s.board.special[c][fi];
  }
  return forces_value(normal, special, f.equals);
}

bool in_territory(const Fact& f, std::size_t c) { return index(cell_info(cell_at(c)).territory) == arg(f, "territory"); }

template <class Ids, class NameOf>
json names_of(const Ids& ids, NameOf name) {
  json out = json::array();
  for (const auto& id : ids) out.push_back(name(id));
  return out;
}
json treachery_names(const std::vector<TreacheryCardId>& v) { return names_of(v, [](TreacheryCardId c) { return card_type(c).name; }); }
json spice_names(const std::vector<SpiceCardId>& v) { return names_of(v, [](SpiceCardId c) { return spice_card_info(c).name; }); }
json traitor_names(const std::vector<TraitorCardId>& v) { return names_of(v, traitor_name); }

std::string card_zone(const GameState& s, TreacheryCardId card) {
  auto has = [&](const std::vector<TreacheryCardId>& v) { return std::find(v.begin(), v.end(), card) != v.end(); };
  if (has(s.treachery.deck.known_top) || has(s.treachery.deck.unseen) || has(s.treachery.deck.known_bottom)) return "deck";
  if (has(s.treachery.discard)) return "discard";
  if (has(s.treachery.set_aside)) return "set aside";
  if (has(s.bidding.lots)) return "lot";
  if (has(s.treachery.draft)) return "draft";
  for (Seat seat : all_seats(s)) {
    if (has(s.seat(seat).hand)) return fmt::format("hand:{}", name_of(s.faction_of(seat)));
  }
  return "nowhere";
}

using S = const GameState&;
using F = const Fact&;

// The one table of facts: name, arguments, shape, the names its value uses, and its value.
const std::vector<FactInfo>& fact_table() {
  static const std::vector<FactInfo> table{
      // Seats and the board.
      {"spice", {"seat"}, Shape::Value, Names::None, {}, [](S s, F f) -> json { return s.seat(seat_arg(f)).spice.value; }},
      {"hand_size", {"seat"}, Shape::Value, Names::None, {}, [](S s, F f) -> json { return s.seat(seat_arg(f)).hand.size(); }},
      {"hand", {"seat"}, Shape::Set, Names::Treachery, {}, [](S s, F f) { return treachery_names(s.seat(seat_arg(f)).hand); }},
      {"reserves", {"seat"}, Shape::Value, Names::None, {}, [](S s, F f) {
         return forces_value(s.seat(seat_arg(f)).reserves_normal, s.seat(seat_arg(f)).reserves_special, f.equals); }},
      {"tanks", {"seat"}, Shape::Value, Names::None, {}, [](S s, F f) {
         return forces_value(s.seat(seat_arg(f)).tanks_normal, s.seat(seat_arg(f)).tanks_special, f.equals); }},
      {"ally", {"seat"}, Shape::Value, Names::Faction, {}, [](S s, F f) { return faction_or_null(s.seat(seat_arg(f)).ally); }},
      {"forces_in_cell", {"seat", "cell"}, Shape::Value, Names::None, {}, [](S s, F f) {
         return forces_on_board(s, f, [](F g, std::size_t c) { return c == arg(g, "cell"); }); }},
      {"forces_in_territory", {"seat", "territory"}, Shape::Value, Names::None, {}, [](S s, F f) {
         return forces_on_board(s, f, in_territory); }},
      {"advisors", {"territory"}, Shape::Value, Names::None, {}, [](S s, F f) -> json {
         return static_cast<bool>(s.board.advisors[arg(f, "territory")]); }},
      {"spice_in_cell", {"cell"}, Shape::Value, Names::None, {}, [](S s, F f) -> json { return s.board.spice[arg(f, "cell")].value; }},
      {"spice_in_territory", {"territory"}, Shape::Value, Names::None, {}, [](S s, F f) -> json {
         Spice total{};
         for (std::size_t c = 0; c < kCellCount; ++c) if (in_territory(f, c)) total += s.board.spice[c];
         return total.value; }},
      {"card_zone", {"card"}, Shape::Value, Names::None, {}, [](S s, F f) -> json {
         return card_zone(s, TreacheryCardId{f.args["card"].get<std::uint8_t>()}); }},
      // Traitors and leaders.
      {"traitors", {"seat"}, Shape::Set, Names::Traitor, {}, [](S s, F f) { return traitor_names(s.seat(seat_arg(f)).traitors); }},
      {"traitor_offer", {"seat"}, Shape::Set, Names::Traitor, {}, [](S s, F f) { return traitor_names(s.seat(seat_arg(f)).traitor_offer); }},
      {"traitor_deck_size", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.traitor_deck.size(); }},
      {"leader", {"leader"}, Shape::Value, Names::Location, {}, [](S s, F f) -> json { return name_of(leader_arg(s, f).where); }},
      {"leader_deaths", {"leader"}, Shape::Value, Names::None, {}, [](S s, F f) -> json { return leader_arg(s, f).deaths; }},
      {"leader_holder", {"leader"}, Shape::Value, Names::Faction, {}, [](S s, F f) -> json {
         const LeaderState& l = leader_arg(s, f);
         return l.where == LeaderLocation::NotInPlay ? json(nullptr) : json(name_of(s.faction_of(l.holder))); }},
      // Treachery and spice decks.
      {"treachery_deck_size", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.treachery.deck.size(); }},
      {"treachery_known_top", {}, Shape::List, Names::Treachery, {}, [](S s, F) { return treachery_names(s.treachery.deck.known_top); }},
      {"treachery_known_bottom", {}, Shape::List, Names::Treachery, {}, [](S s, F) { return treachery_names(s.treachery.deck.known_bottom); }},
      {"treachery_discard", {}, Shape::Set, Names::Treachery, {}, [](S s, F) { return treachery_names(s.treachery.discard); }},
      {"treachery_set_aside", {}, Shape::Set, Names::Treachery, {}, [](S s, F) { return treachery_names(s.treachery.set_aside); }},
      {"spice_deck_size", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.blow.deck.size(); }},
      {"spice_known_top", {}, Shape::List, Names::Spice, {}, [](S s, F) { return spice_names(s.blow.deck.known_top); }},
      {"spice_discard", {"pile"}, Shape::Set, Names::Spice, {}, [](S s, F f) { return spice_names(s.blow.discard[arg(f, "pile")]); }},
      {"spice_set_aside", {}, Shape::Set, Names::Spice, {}, [](S s, F) { return spice_names(s.blow.set_aside); }},
      // The Nexus card module.
      {"nexus_deck_size", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.nexus.deck.size(); }},
      {"nexus_discard", {}, Shape::Set, Names::Faction, {}, [](S s, F) {
         return names_of(s.nexus.discard, [](NexusCardId c) { return name_of(c.faction); }); }},
      {"nexus_held", {"seat"}, Shape::Value, Names::Faction, {}, [](S s, F f) {
         const auto& held = s.nexus.held[seat_arg(f).value];
         return held ? json(name_of(held->faction)) : json(nullptr); }},
      {"redraw_policy", {"seat"}, Shape::Value, Names::Policy, {}, [](S s, F f) -> json { return name_of(s.nexus.redraw[seat_arg(f).value]); }},
      {"nexus_receipt_count", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.nexus.receipts.size(); }},
      {"nexus_receipts", {}, Shape::List, Names::None, {{"seat", Names::Faction}, {"card", Names::Faction}, {"mode", Names::Mode}},
       [](S s, F) {
         json out = json::array();
         for (const NexusReceipt& r : s.nexus.receipts) {
           out.push_back({{"seat", name_of(s.faction_of(r.seat))}, {"card", name_of(r.card.faction)}, {"mode", name_of(r.mode)}});
         }
         return out; }},
      {"nexus_eligible", {}, Shape::Set, Names::Faction, {}, [](S s, F) {
         json out = json::array();
         for (Seat seat : all_seats(s)) if (s.nexus.eligible[seat.value]) out.push_back(name_of(s.faction_of(seat)));
         return out; }},
      {"nexus_opportunity_open", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.nexus.opportunity_open; }},
      // Secrets, alliances and what seats saw.
      {"prediction", {}, Shape::Value, Names::None, {{"faction", Names::Faction}, {"turn", Names::None}}, [](S s, F) -> json {
         if (!s.prediction) return nullptr;
         return {{"faction", name_of(s.prediction->faction)}, {"turn", s.prediction->turn}}; }},
      {"storm_card", {}, Shape::Value, Names::None, {}, [](S s, F) { return s.storm.next_card ? json(*s.storm.next_card) : json(nullptr); }},
      {"alliances", {}, Shape::Set, Names::FactionPair, {}, [](S s, F) {
         json out = json::array();
         for (const Alliance& a : s.alliances) {
           json pair{name_of(a.a), name_of(a.b)};
           std::sort(pair.begin(), pair.end());
           out.push_back(pair);
         }
         return out; }},
      {"sighting_count", {"seat"}, Shape::Value, Names::None, {}, [](S s, F f) -> json {
         return std::count_if(s.knowledge.sightings.begin(), s.knowledge.sightings.end(),
                              [&](const Sighting& x) { return x.seat == seat_arg(f); }); }},
      {"sightings", {"seat"}, Shape::Set, Names::None, {{"kind", Names::Seen}, {"id", Names::None}, {"what", Names::None}},
       [](S s, F f) {
         json out = json::array();
         for (const Sighting& x : s.knowledge.sightings) {
           if (x.seat == seat_arg(f)) out.push_back({{"kind", name_of(x.kind)}, {"id", x.id}, {"what", x.what}});
         }
         return out; }},
      // Battle.
      {"battle_stage", {}, Shape::Value, Names::Stage, {}, [](S s, F) -> json { return name_of(s.battle.stage); }},
      {"battle_territory", {}, Shape::Value, Names::Territory, {}, [](S s, F) -> json {
         return s.battle.stage == BattleStage::None ? json(nullptr) : json(name_of(s.battle.territory)); }},
      {"combatants", {}, Shape::List, Names::Faction, {}, [](S s, F) {
         json out = json::array();
         if (s.battle.stage != BattleStage::None) for (Seat c : s.battle.combatants) out.push_back(name_of(s.faction_of(c)));
         return out; }},
      {"battle_revealed", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.battle.revealed; }},
      // Flow and the command protocol.
      {"pending", {}, Shape::Set, Names::Faction, {}, [](S s, F) {
         json out = json::array();
         for (Seat p : pending(s)) out.push_back(name_of(s.faction_of(p)));
         return out; }},
      {"winners", {}, Shape::Set, Names::Faction, {}, [](S s, F) { return names_of(s.winners, [](Faction w) { return name_of(w); }); }},
      {"phase", {}, Shape::Value, Names::Phase, {}, [](S s, F) -> json { return name_of(s.phase); }},
      {"step", {}, Shape::Value, Names::Step, {}, [](S s, F) -> json { return name_of(s.step); }},
      {"turn", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.turn; }},
      {"storm_sector", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.storm.sector.value; }},
      {"halted", {}, Shape::Value, Names::None, {}, [](S s, F f) {  // true / false, or the reason
         return f.equals.is_boolean() ? json(!s.halted.empty()) : json(s.halted); }},
      {"version", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.version; }},
      {"committed_count", {}, Shape::Value, Names::None, {}, [](S s, F) -> json { return s.committed.size(); }},
      {"receipt", {"id"}, Shape::Value, Names::None, {{"seat", Names::Faction}, {"version", Names::None}, {"summary", Names::None}},
       [](S s, F f) -> json {
         const CommandId id{f.args["id"].get<std::uint64_t>()};
         for (const Committed& c : s.committed) {
           if (c.receipt.id != id) continue;
           return {{"seat", name_of(s.faction_of(c.receipt.seat))}, {"version", c.receipt.version}, {"summary", c.receipt.summary}};
         }
         return nullptr; }},
  };
  return table;
}

const FactInfo* find_fact(std::string_view name) {
  const auto& table = fact_table();
  const auto it = std::find_if(table.begin(), table.end(), [&](const FactInfo& e) { return e.name == name; });
  return it == table.end() ? nullptr : &*it;
}

// One expected value (or element) in the names the fact reports.
json read_expected(const In& in, const FactInfo& info) {
  if (in.j.is_null() || info.fields.empty()) return in.j.is_null() ? json(nullptr) : named(in, info.names);
  std::vector<std::string_view> keys;
  for (const Field& field : info.fields) keys.push_back(field.key);
  in.only_keys(keys);
  json out = json::object();
  for (const Field& field : info.fields) out[field.key] = named(in[field.key], field.names);
  return out;
}

// {"view": "public" | a seat, "pointer": "/...", "equals": ... | "absent": true | "present": true}
Fact read_view_assertion(const In& in, const Options& o) {
  in.only_keys({"view", "pointer", "equals", "absent", "present"});
  Fact fact{"view", json::object(), nullptr};
  const In view = in["view"];
  if (!(view.j.is_string() && view.string() == "public")) fact.args["seat"] = scenario_io::read_seat(view, o).value;
  const In pointer = in["pointer"];
  try {
    fact.args["pointer"] = json::json_pointer(pointer.string()).to_string();
  } catch (const json::exception&) {
    fail(pointer.path, fmt::format("not a JSON pointer: \"{}\" (e.g. \"/seats/0/spice\")", pointer.string()));
  }
  const int checks = int{in.has("equals")} + int{in.has("absent")} + int{in.has("present")};
  if (checks != 1) fail(in.path, "a view assertion needs exactly one of \"equals\", \"absent\" or \"present\"");
  if (in.has("equals")) fact.equals = in["equals"].j;
  for (const auto& [key, check] : {std::pair{"absent", Fact::Check::Absent}, std::pair{"present", Fact::Check::Present}}) {
    if (!in.has(key)) continue;
    if (!in[key].boolean()) fail(in[key].path, fmt::format("expected true (\"{}\": false is not an assertion)", key));
    fact.check = check;
  }
  return fact;
}

}  // namespace

namespace scenario_io {

Fact read_fact(const In& in, const Options& o) {
  if (in.has("view")) return read_view_assertion(in, o);
  Fact fact{in["fact"].string(), json::object(), nullptr};
  const FactInfo* info = find_fact(fact.name);
  if (!info) fail(in.path + ".fact", fmt::format("unknown fact \"{}\"", fact.name));
  std::vector<std::string_view> keys{"fact", "equals"};
  keys.insert(keys.end(), info->args.begin(), info->args.end());
  if (std::find(keys.begin(), keys.end(), "seat") != keys.end()) keys.push_back("faction");
  if (info->shape == Shape::Set) keys.push_back("ordered");
  in.only_keys(keys);
  if (in.has("ordered")) fact.ordered = in["ordered"].boolean();
  for (std::string_view a : info->args) {
    // A seat may be given as "seat" or "faction".
    const In value = a == "seat" && !in.has("seat") && in.has("faction") ? in["faction"] : in[a];
    if (a == "seat") fact.args["seat"] = read_seat(value, o).value;
    if (a == "cell") fact.args["cell"] = value.cell().value;
    if (a == "territory") fact.args["territory"] = index(value.territory());
    if (a == "card") fact.args["card"] = value.byte(kTreacheryCardCount);
    if (a == "leader") fact.args["leader"] = read_leader(value).value;
    if (a == "id") fact.args["id"] = value.u64();
    if (a == "pile") {
      const std::string pile = value.string();
      if (pile != "A" && pile != "B") fail(value.path, fmt::format("unknown spice pile \"{}\": expected \"A\" or \"B\"", pile));
      fact.args["pile"] = pile == "A" ? 0 : 1;
    }
  }
  const In equals = in["equals"];
  if (info->shape == Shape::Value) {
    fact.equals = read_expected(equals, *info);
  } else {
    fact.equals = json::array();
    for (const In& x : equals.items()) fact.equals.push_back(read_expected(x, *info));
  }
  return fact;
}

}  // namespace scenario_io

namespace {

// A JSON value for a message, cut short when long (a whole view would drown the line).
std::string brief(const json& v) {
  constexpr std::size_t kLimit = 200;
  std::string text = v.dump();
  if (text.size() > kLimit) text = text.substr(0, kLimit - 3) + "...";
  return text;
}

std::string describe_fact(const GameState& s, const Fact& f) {
  std::string out = f.name;
  if (f.args.contains("seat")) out += fmt::format(" of {}", to_string(s.faction_of(seat_arg(f))));
  if (f.args.contains("cell")) out += fmt::format(" in cell {}", arg(f, "cell"));
  if (f.args.contains("territory")) out += fmt::format(" in {}", name_of(territory_at(arg(f, "territory"))));
  if (f.args.contains("card")) {
    const int card = f.args["card"].get<int>();
    out += fmt::format(" of card {} ({})", card, card_type(TreacheryCardId{static_cast<std::uint8_t>(card)}).name);
  }
  if (f.args.contains("leader")) out += fmt::format(" of {}", leader_info(LeaderId{f.args["leader"].get<std::uint8_t>()}).name);
  if (f.args.contains("pile")) out += fmt::format(" of pile {}", arg(f, "pile") == 0 ? "A" : "B");
  if (f.args.contains("id")) out += fmt::format(" of command {}", f.args["id"].get<std::uint64_t>());
  return out;
}

std::optional<std::string> check_view(const GameState& s, const Fact& f) {
  const bool of_seat = f.args.contains("seat");
  const json view = of_seat ? view_to_json(project_seat(s, seat_arg(f))) : view_to_json(project_public(s));
  const json::json_pointer pointer(f.args["pointer"].get<std::string>());
  const bool present = view.contains(pointer);
  const std::string got = present ? brief(view.at(pointer)) : "absent";
  const std::string what =
      fmt::format("{} view {}", of_seat ? to_string(s.faction_of(seat_arg(f))) : std::string_view{"public"}, pointer.to_string());
  switch (f.check) {
    case Fact::Check::Absent:
      if (!present) return std::nullopt;
      return fmt::format("{}: expected absent, got {}", what, got);
    case Fact::Check::Present:
      if (present) return std::nullopt;
      return fmt::format("{}: expected present, got absent", what);
    case Fact::Check::Equals: break;
  }
  if (present && view.at(pointer) == f.equals) return std::nullopt;
  return fmt::format("{}: expected {}, got {}", what, brief(f.equals), got);
}

}  // namespace

std::optional<std::string> check_fact(const GameState& state, const Fact& fact) {
  if (fact.name == "view") return check_view(state, fact);
  const FactInfo* info = find_fact(fact.name);
  if (!info) return fmt::format("unknown fact \"{}\"", fact.name);  // a Fact made by hand, not read
  const json actual = info->value(state, fact);
  auto comparable = [&](json v) {
    if (info->shape == Shape::Set && !fact.ordered && v.is_array()) std::sort(v.begin(), v.end());
    return v;
  };
  if (comparable(actual) == comparable(fact.equals)) return std::nullopt;
  return fmt::format("{}: expected {}, got {}", describe_fact(state, fact), brief(fact.equals), brief(actual));
}

}  // namespace dune

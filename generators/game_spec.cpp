#include "generators/game_spec.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <utility>

#include "engine/engine.h"
#include "engine/json_forms.h"
#include "engine/json_io.h"
#include "model/factions.h"

namespace dune::generators {
namespace {

constexpr std::array<std::pair<BotProfile, std::string_view>, 6> kProfileNames{{
    {BotProfile::Uniform, "uniform"},
    {BotProfile::NexusEager, "nexus-eager"},
    {BotProfile::AllyEager, "ally-eager"},
    {BotProfile::Aggressive, "aggressive"},
    {BotProfile::Passive, "passive"},
    {BotProfile::SpiceHungry, "spice-hungry"},
}};

// The names of the rule flags that are on, in options_to_json order (one source of flag names).
std::vector<std::string> flags_on(const Options& o) {
  std::vector<std::string> out;
  // Held in a variable: a range-for over a member of a temporary would read it after its end
  // (before C++23 only the last temporary of the range expression lives through the loop).
  const nlohmann::json options = options_to_json(o);
  for (const auto& [name, value] : options["rules"].items()) {
    if (value.get<bool>()) out.push_back(name);
  }
  return out;
}

std::string rules_text(const Options& o) {
  std::vector<std::string> cards;
  for (const auto& [name, set] : json_io::kCardSetNames) {
    if (o.cards.*set) cards.emplace_back(name);
  }
  const std::string with = cards.empty() ? "" : fmt::format(" with cards {{{}}}", fmt::join(cards, ", "));
  if (o.rules == RuleFlags{}) return "Basic" + with;
  if (o.rules == Options::advanced({}).rules) return "Advanced (all flags)" + with;
  return fmt::format("Advanced {{{}}}{}", fmt::join(flags_on(o), ", "), with);
}

constexpr std::string_view nexus_text(NexusModuleMode m) {
  switch (m) {
    case NexusModuleMode::Off: return "Off";
    case NexusModuleMode::Audit: return "Audit";
    case NexusModuleMode::Released: return "Released";
  }
  return "?";
}

}  // namespace

std::string_view to_string(BotProfile p) {
  for (const auto& [profile, name] : kProfileNames) {
    if (profile == p) return name;
  }
  return "?";
}

std::optional<BotProfile> bot_profile_from_name(std::string_view name) {
  for (const auto& [profile, n] : kProfileNames) {
    if (n == name) return profile;
  }
  return std::nullopt;
}

GameSpec uniform_spec(Options options, std::uint64_t seed, int max_decisions) {
  std::vector<BotProfile> bots(options.seat_count(), BotProfile::Uniform);
  return GameSpec{std::move(options), std::move(bots), seed, max_decisions, std::nullopt, {}};
}

std::string to_string(const GameSpec& spec) {
  std::vector<std::string> seats;
  const Options& o = spec.options;
  for (std::size_t i = 0; i < o.seat_count(); ++i) {
    seats.push_back(fmt::format("{} ({}, circle {})", dune::to_string(o.factions[i]),
                                i < spec.bots.size() ? to_string(spec.bots[i]) : "?",
                                i < o.player_circles.size() ? int{o.player_circles[i]} : -1));
  }
  std::vector<std::string> pins;
  for (const PinnedChance& p : spec.pinned_chance) {
    pins.push_back(fmt::format("{} #{} = {}", json_io::name_of(p.kind), p.nth, chance_outcome_name(p.kind, p.outcome)));
  }
  return fmt::format("{} seats: {}; {}; Nexus {}{}; {} turns; seed {}{}; at most {} decisions", o.seat_count(),
                     fmt::join(seats, ", "), rules_text(o), nexus_text(o.nexus),
                     spec.favoured_nexus ? fmt::format(" (draws favour the {} card)", dune::to_string(*spec.favoured_nexus)) : "",
                     o.turn_limit, spec.seed,
                     pins.empty() ? "" : fmt::format(" (chance pinned: {})", fmt::join(pins, ", ")), spec.max_decisions);
}

nlohmann::json spec_to_json(const GameSpec& spec) {
  nlohmann::json bots = nlohmann::json::array();
  for (BotProfile b : spec.bots) bots.push_back(to_string(b));
  nlohmann::json j{{"options", options_to_json(spec.options)}, {"bots", bots}, {"seed", spec.seed},
                    {"max_decisions", spec.max_decisions}};
  if (spec.favoured_nexus) j["favoured_nexus"] = dune::to_string(*spec.favoured_nexus);
  if (!spec.pinned_chance.empty()) {  // absent when none: files without pins read as before
    nlohmann::json pins = nlohmann::json::array();
    for (const PinnedChance& p : spec.pinned_chance) {
      pins.push_back({{"kind", json_io::name_of(p.kind)}, {"nth", p.nth}, {"outcome", p.outcome}});
    }
    j["pinned_chance"] = std::move(pins);
  }
  return j;
}

std::variant<GameSpec, std::string> spec_from_json(const nlohmann::json& j) {
  if (!j.is_object()) return std::string("spec: expected an object");
  if (!j.contains("options")) return std::string("spec: missing \"options\"");
  auto options = options_from_json(j["options"]);
  if (auto* e = std::get_if<LoadError>(&options)) return "spec: " + e->message;
  GameSpec spec;
  spec.options = std::get<Options>(std::move(options));
  if (!j.contains("bots") || !j["bots"].is_array()) return std::string("spec: missing \"bots\" (an array)");
  for (const auto& b : j["bots"]) {
    const auto profile = b.is_string() ? bot_profile_from_name(b.get<std::string>()) : std::nullopt;
    if (!profile) return fmt::format("spec.bots: unknown bot profile {}", b.dump());
    spec.bots.push_back(*profile);
  }
  if (spec.bots.size() != spec.options.seat_count()) {
    return fmt::format("spec.bots: {} profiles for {} seats", spec.bots.size(), spec.options.seat_count());
  }
  if (!j.contains("seed") || !j["seed"].is_number_unsigned()) return std::string("spec: missing \"seed\" (unsigned)");
  spec.seed = j["seed"].get<std::uint64_t>();
  if (!j.contains("max_decisions") || !j["max_decisions"].is_number_integer() || j["max_decisions"].get<int>() < 0) {
    return std::string("spec: missing \"max_decisions\" (a non-negative integer)");
  }
  spec.max_decisions = j["max_decisions"].get<int>();
  if (j.contains("favoured_nexus")) {  // optional: older files have none
    const auto& f = j["favoured_nexus"];
    spec.favoured_nexus = f.is_string() ? json_io::enum_from_name<Faction>(f.get<std::string>()) : std::nullopt;
    if (!spec.favoured_nexus) return fmt::format("spec.favoured_nexus: unknown faction {}", f.dump());
  }
  if (j.contains("pinned_chance")) {  // optional: only shrunk games pin chance
    const auto& pins = j["pinned_chance"];
    if (!pins.is_array()) return std::string("spec.pinned_chance: expected an array");
    for (const auto& p : pins) {
      if (!p.is_object() || p.size() != 3 || !p.contains("kind") || !p.contains("nth") || !p.contains("outcome")) {
        return fmt::format("spec.pinned_chance: expected {{\"kind\", \"nth\", \"outcome\"}}, got {}", p.dump());
      }
      const auto kind = p["kind"].is_string() ? json_io::enum_from_name<ChanceKind>(p["kind"].get<std::string>()) : std::nullopt;
      if (!kind) return fmt::format("spec.pinned_chance: unknown chance kind {}", p["kind"].dump());
      // A parsed file holds a non-negative count as unsigned, a json built in code as signed.
      const auto in_range = [](const nlohmann::json& v, std::int64_t top) {
        return v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= top;
      };
      if (!in_range(p["nth"], 0xffffffffLL)) {
        return fmt::format("spec.pinned_chance: \"nth\" must be an unsigned 32-bit count, got {}", p["nth"].dump());
      }
      if (!in_range(p["outcome"], 0xff)) {
        return fmt::format("spec.pinned_chance: \"outcome\" must be 0-255, got {}", p["outcome"].dump());
      }
      spec.pinned_chance.push_back({*kind, p["nth"].get<std::uint32_t>(), p["outcome"].get<std::uint8_t>()});
    }
    if (!std::is_sorted(spec.pinned_chance.begin(), spec.pinned_chance.end()) ||
        std::adjacent_find(spec.pinned_chance.begin(), spec.pinned_chance.end(),
                           [](const PinnedChance& a, const PinnedChance& b) { return a.kind == b.kind && a.nth == b.nth; }) !=
            spec.pinned_chance.end()) {
      return std::string("spec.pinned_chance: pins must be sorted by (kind, nth) and name each chance step once");
    }
  }
  return spec;
}

bool nexus_audit_accepted() {
  static const bool accepted = [] {
    Options o = Options::basic({Faction::Atreides, Faction::Harkonnen});
    o.nexus = NexusModuleMode::Audit;
    return std::holds_alternative<GameState>(new_game(o));
  }();
  return accepted;
}

}  // namespace dune::generators

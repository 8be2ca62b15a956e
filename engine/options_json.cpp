// The JSON form of options (engine/json_forms.h): written by views, snapshots, event logs and
// generated game specs, read strictly (every field present) by persistence and game specs.
// Scenario files read their own lenient form (io/scenario.cpp). Split from persistence.cpp.
#include "engine/engine.h"
#include "engine/json_forms.h"
#include "engine/json_io.h"

namespace dune {

using json = nlohmann::json;
using json_io::In;
using json_io::name_of;

json options_to_json(const Options& o) {
  json factions = json::array();
  for (Faction f : o.factions) factions.push_back(name_of(f));
  json rules = json::object();
  for (const auto& [name, flag] : json_io::kRuleFlagNames) rules[name] = o.rules.*flag;
  json cards = json::object();
  for (const auto& [name, flag] : json_io::kCardSetNames) cards[name] = o.cards.*flag;
  return {{"factions", factions}, {"player_circles", o.player_circles}, {"turn_limit", o.turn_limit},
          {"nexus", name_of(o.nexus)}, {"hms_spice", name_of(o.hms_spice)},
          {"cyborg_loss_substitution", o.cyborg_loss_substitution}, {"rules", rules}, {"cards", cards}};
}

Options json_io::read_strict_options(const In& in) {
  Options o;
  for (const In& x : in["factions"].items()) o.factions.push_back(x.enumeration<Faction>());
  for (const In& x : in["player_circles"].items()) o.player_circles.push_back(x.byte(6));
  o.turn_limit = static_cast<int>(in["turn_limit"].integer(1, 20));
  o.nexus = in["nexus"].enumeration<NexusModuleMode>();
  o.hms_spice = in["hms_spice"].enumeration<HmsSpice>();
  o.cyborg_loss_substitution = in["cyborg_loss_substitution"].boolean();
  const In r = in["rules"];
  for (const auto& [name, flag] : json_io::kRuleFlagNames) o.rules.*flag = r[name].boolean();
  const In cards = in["cards"];
  for (const auto& [name, flag] : json_io::kCardSetNames) o.cards.*flag = cards[name].boolean();
  if (auto game = new_game(o); auto* rejection = std::get_if<Rejection>(&game)) {
    json_io::fail(in.path, "options the engine cannot play: " + rejection->message);
  }
  return o;
}

std::variant<Options, LoadError> options_from_json(const json& j) {
  return json_io::guarded([&] { return json_io::read_strict_options(In{j, "options"}); });
}

std::optional<LoadError> json_text_out_of_bounds(std::string_view text) {
  if (text.size() > kMaxJsonBytes) {
    return LoadError{fmt::format("{} bytes, over the {} MiB limit of a dunecheck file", text.size(), kMaxJsonBytes >> 20)};
  }
  int depth = 0;
  bool in_string = false, escaped = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (escaped) escaped = false;
      else if (c == '\\') escaped = true;
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > kMaxJsonDepth) {
        return LoadError{fmt::format("nested deeper than {} levels (at byte {}): not a dunecheck file", kMaxJsonDepth, i)};
      }
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::nullopt;
}

}  // namespace dune

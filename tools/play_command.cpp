// `dunecheck play`: one game played by the random legal player, printed as a readable log.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <charconv>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "generators/random_player.h"
#include "io/persistence.h"
#include "tools/commands.h"
#include "tools/file_io.h"

namespace dune::cli {
namespace {

[[noreturn]] void bad_usage(const std::string& message) {
  std::cerr << "dunecheck play: " << message << "\n";
  throw CLI::RuntimeError(2);
}

std::vector<Faction> parse_factions(const std::vector<std::string>& names) {
  if (names.empty()) return kBaseFactions;
  std::vector<Faction> out;
  for (const std::string& name : names) {
    const auto f = faction_from_string(name);
    if (!f) bad_usage(fmt::format("unknown faction '{}'", name));
    out.push_back(*f);
  }
  return out;
}

// --nexus: off, audit or released (new_game refuses released with its reason: check_playable).
HmsSpice parse_hms_spice(const std::string& name) {
  if (name == "off") return HmsSpice::Off;
  if (name == "per-step") return HmsSpice::PerStep;
  if (name == "per-visit") return HmsSpice::PerVisit;
  bad_usage(fmt::format("unknown reading of the HMS's spice '{}' (expected off, per-step or per-visit)", name));
}

NexusModuleMode parse_nexus(const std::string& name) {
  if (name == "off") return NexusModuleMode::Off;
  if (name == "audit") return NexusModuleMode::Audit;
  if (name == "released") return NexusModuleMode::Released;
  bad_usage(fmt::format("unknown Nexus mode '{}' (expected off, audit or released)", name));
}

// --rule NAME (an Advanced rule flag) and --cards NAME (an optional card set): one flag on, by
// its JSON name (options_to_json's "rules" and "cards").
template <class Flags, std::size_t N>
void set_named(Flags& flags, const std::array<std::pair<std::string_view, bool Flags::*>, N>& table, const std::string& name,
               std::string_view option, std::string_view what) {
  std::vector<std::string_view> names;
  for (const auto& [flag_name, flag] : table) {
    if (flag_name == name) {
      flags.*flag = true;
      return;
    }
    names.push_back(flag_name);
  }
  bad_usage(fmt::format("{} {}: unknown {} (valid: {})", option, name, what, fmt::join(names, ", ")));
}

// --circles 0,3,...: each seat's player circle, a whole number 0..5.
std::vector<std::uint8_t> parse_circles(const std::vector<std::string>& texts) {
  std::vector<std::uint8_t> out;
  for (const std::string& text : texts) {
    unsigned circle = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), circle);
    if (text.empty() || ec != std::errc{} || end != text.data() + text.size() || circle > 5) {
      bad_usage(fmt::format("--circles {}: '{}' is not a player circle (0..5)", fmt::join(texts, ","), text));
    }
    out.push_back(static_cast<std::uint8_t>(circle));
  }
  return out;
}

// Options new_game refuses: blames the first flag whose setting it refuses (the factions, then
// --circles, then --cards, then --nexus), with the engine's reason.
void check_playable(const Options& options, const std::vector<std::string>& factions, const std::vector<std::string>& circles,
                    const std::vector<std::string>& cards, const std::string& nexus) {
  const auto refuse = [](const Options& o, const std::string& given) {
    if (auto game = new_game(o); auto* r = std::get_if<Rejection>(&game)) bad_usage(given + ": " + r->message);
  };
  Options o = options;
  o.player_circles = Options::basic(o.factions).player_circles;
  o.nexus = NexusModuleMode::Off;
  o.cards = {};
  refuse(o, factions.empty() ? "the six base factions" : fmt::format("--factions {}", fmt::join(factions, ",")));
  o.player_circles = options.player_circles;
  refuse(o, fmt::format("--circles {}", fmt::join(circles, ",")));
  o.cards = options.cards;
  refuse(o, fmt::format("--cards {}", fmt::join(cards, ",")));
  o.nexus = options.nexus;
  refuse(o, "--nexus " + nexus);
}

// "Basic", "Advanced", or Basic with the Advanced rules that are on; then the card sets on.
std::string rules_text(const Options& options) {
  std::vector<std::string_view> on, cards;
  for (const auto& [name, flag] : json_io::kRuleFlagNames) {
    if (options.rules.*flag) on.push_back(name);
  }
  for (const auto& [name, set] : json_io::kCardSetNames) {
    if (options.cards.*set) cards.push_back(name);
  }
  std::string with = cards.empty() ? "" : fmt::format(", cards {}", fmt::join(cards, ", "));
  if (options.hms_spice != HmsSpice::Off) with += fmt::format(", the HMS's spice while moving {}", to_string(options.hms_spice));
  if (options.cyborg_loss_substitution) with += ", the Cyborg loss substitution";
  if (on.empty()) return "Basic" + with;
  if (on.size() == json_io::kRuleFlagNames.size()) return "Advanced" + with;
  return fmt::format("Basic with {}{}", fmt::join(on, ", "), with);
}

std::string outcome_line(const GameState& s) {
  if (!s.winners.empty()) {
    std::string names;
    for (Faction f : s.winners) names += fmt::format("{}{}", names.empty() ? "" : ", ", to_string(f));
    return fmt::format("winners: {} (turn {})", names, s.turn);
  }
  if (!s.halted.empty()) return fmt::format("halted on turn {}: {}", s.turn, s.halted);
  return fmt::format("stopped after the decision limit on turn {}, no winner", s.turn);
}

}  // namespace

void add_play_command(CLI::App& app) {
  struct Args {
    std::uint64_t seed = 1;
    std::vector<std::string> factions, rules, circles, cards;
    bool advanced = false;
    int max_decisions = 20000;
    int turn_limit = 10;
    std::string nexus = "off";
    std::string hms_spice = "off";
    bool cyborg_loss_substitution = false;
    std::string save, save_log;
  };
  auto args = std::make_shared<Args>();
  auto* cmd = app.add_subcommand("play", "Play one game with the random legal player and print its log");
  cmd->add_option("--seed", args->seed, "Seed of the decisions and the chance outcomes");
  cmd->add_option("--factions", args->factions, "Factions in seat order (default: the six base factions)")->delimiter(',');
  cmd->add_flag("--advanced", args->advanced, "Every Advanced rule on");
  cmd->add_option("--rule", args->rules, "One Advanced rule on, by its name (advanced_combat, special_forces, ...); repeatable")
      ->delimiter(',');
  cmd->add_option("--cards", args->cards, "One optional card set on, by its name (e1_poison_blade_shield_snooper, ...); repeatable")
      ->delimiter(',');
  cmd->add_option("--circles", args->circles, "Player circle (0..5) of each seat, in seat order")->delimiter(',');
  cmd->add_option("--nexus", args->nexus, "Nexus card module: off (default), audit or released");
  cmd->add_option("--hms-spice", args->hms_spice,
                  "E1 Ixians: the spice their stronghold takes while moving, an open question: off (default), per-step ([TO]) or per-visit ([DB])");
  cmd->add_flag("--cyborg-loss-substitution", args->cyborg_loss_substitution,
               "E1 Ixians: a winner's lost Cyborgs may be lost as Suboids, 1:1, an open question ([TO]'s reading; off: [DB]'s)");
  cmd->add_option("--turns", args->turn_limit, "Turn limit")->check(CLI::Range(1, 20));
  cmd->add_option("--max-decisions", args->max_decisions, "Stop after this many commands")->check(CLI::PositiveNumber);
  cmd->add_option("--save", args->save, "Write the final state as a snapshot (for `view`, `replay`)");
  cmd->add_option("--save-log", args->save_log, "Write the event log (for `replay`)");
  cmd->callback([args] {
    const auto factions = parse_factions(args->factions);
    Options options = args->advanced ? Options::advanced(factions) : Options::basic(factions);
    options.turn_limit = args->turn_limit;
    for (const std::string& rule : args->rules) set_named(options.rules, json_io::kRuleFlagNames, rule, "--rule", "rule");
    for (const std::string& set : args->cards) set_named(options.cards, json_io::kCardSetNames, set, "--cards", "card set");
    if (!args->circles.empty()) options.player_circles = parse_circles(args->circles);
    options.nexus = parse_nexus(args->nexus);
    options.hms_spice = parse_hms_spice(args->hms_spice);
    options.cyborg_loss_substitution = args->cyborg_loss_substitution;
    check_playable(options, args->factions, args->circles, args->cards, args->nexus);
    int turn = -1;
    Phase phase = Phase::Storm;
    // The referee's log: every command and chance outcome in full, secrets included.
    std::cout << fmt::format("dunecheck play --seed {}: {} seats, {}{}\n", args->seed, factions.size(),
                             rules_text(options),
                             options.nexus == NexusModuleMode::Off ? "" : ", Nexus module (" + args->nexus + ")");
    const auto game = generators::play_random_game(
        options, args->seed, args->max_decisions,
        [&](const GameState& before, const LogEntry& entry, const GameState& after) {
          (void)after;
          if (before.turn != turn || (before.turn > 0 && before.phase != phase)) {
            turn = before.turn;
            phase = before.phase;
            std::cout << (turn == 0 ? std::string("== setup\n") : fmt::format("== turn {}: {}\n", turn, to_string(phase)));
          }
          std::cout << "  " << generators::describe(before, entry) << "\n";
        });
    std::cout << fmt::format("{} decisions, {} chance steps\n", game.decisions, game.chance_steps);
    std::cout << outcome_line(game.final_state) << "\n";
    if (!args->save.empty()) write_text_file(args->save, save_snapshot(game.final_state));
    if (!args->save_log.empty()) write_text_file(args->save_log, save_log(game.final_state));
    if (game.final_state.halted.find("engine bug") != std::string::npos) throw CLI::RuntimeError(1);
  });
}

}  // namespace dune::cli

#include "harness/command_usage.h"

#include <fmt/format.h>

#include <algorithm>

#include "harness/runner.h"
#include "model/cards.h"
#include "model/nexus_families.h"
#include "model/nexus_registry.h"

namespace dune::harness {

std::vector<std::string_view> UsageReport::never() const {
  std::vector<std::string_view> out;
  for (const KindUsage& k : kinds)
    if (k.count == 0) out.push_back(k.kind);
  return out;
}

// The registered families with all three panels playable.
constexpr std::size_t kPlayableCount = [] {
  std::size_t n = 0;
  for (Faction f : kRegisteredFamilies) n += native_panels_playable(f) ? 1 : 0;
  return n;
}();
constexpr std::array<Faction, kPlayableCount> kPlayableFamilies = [] {
  std::array<Faction, kPlayableCount> out{};
  std::size_t n = 0;
  for (Faction f : kRegisteredFamilies) {
    if (native_panels_playable(f)) out[n++] = f;
  }
  return out;
}();

namespace {

// The rarest command kinds are the once-a-game Karama powers ([LR] 1.14; the Tleilaxu's, one
// source): each needs a Karama in its faction's hand under the Advanced Karama rule at the right
// moment, and the standing Karama orders against the many ✷ abilities spend most Karamas first.
// So in those games, one game in turn for each faction with such a power, that faction's starting
// card is pinned to a Karama when it is seated (a chance profile, like the favoured Nexus card:
// still an outcome the engine lists, so the game stays legal; the other Karama stays in the deck).
// The Tleilaxu's bot is made an aggressive one, which spends the power when offered (an aggressive
// Atreides or Harkonnen would bid the card first). Starting cards are dealt in seat order, the
// Harkonnen 2 (engine/setup.cpp).
void pin_karama_power(generators::GameSpec& spec, std::size_t game) {
  const auto& factions = spec.options.factions;
  if (!spec.options.rules.advanced_karama) return;
  constexpr Faction kPowers[] = {Faction::Tleilaxu, Faction::Fremen, Faction::Atreides, Faction::Harkonnen, Faction::Emperor};
  const Faction f = kPowers[(game / 2) % std::size(kPowers)];
  const auto at = std::find(factions.begin(), factions.end(), f);
  if (at == factions.end()) return;
  if (f == Faction::Tleilaxu) spec.bots[static_cast<std::size_t>(at - factions.begin())] = generators::BotProfile::Aggressive;
  std::uint32_t nth = 0;
  for (auto g = factions.begin(); g != at; ++g) nth += *g == Faction::Harkonnen ? 2 : 1;
  for (std::uint8_t c = 0; c < kTreacheryCardCount; ++c) {
    if (card_type(TreacheryCardId{c}).name != "Karama") continue;
    spec.pinned_chance.push_back({ChanceKind::TreacheryDeal, nth, c});
    return;
  }
}

}  // namespace

std::vector<generators::GameSpec> usage_specs(int games, std::uint64_t seed) {
  using generators::BotProfile;
  constexpr BotProfile kProfiles[] = {BotProfile::Uniform,    BotProfile::NexusEager, BotProfile::AllyEager,
                                      BotProfile::Aggressive, BotProfile::Passive,    BotProfile::SpiceHungry};
  const bool nexus = generators::nexus_audit_accepted();
  std::vector<generators::GameSpec> specs;
  for (int i = 0; i < games; ++i) {
    const auto seats = static_cast<std::size_t>(2 + i % 5);
    std::vector<Faction> factions;
    for (std::size_t k = 0; k < seats; ++k) factions.push_back(kPlayableFactions[(static_cast<std::size_t>(i) + k) % kPlayableFactions.size()]);
    Options o = i % 2 == 0 ? Options::basic(std::move(factions)) : Options::advanced(std::move(factions));
    if (nexus && i % 3 == 0) o.nexus = NexusModuleMode::Audit;
    // The card sets the engine plays, in one game of four, so their commands are played too.
    if (i % 4 == 3) o.cards = CardSets{.e1_poison_blade_shield_snooper = true, .e1_amal = true, .e1_battle = true, .e1_harvester_thumper = true, .cheap_hero_traitor = true, .e1_tech_tokens = true};
    o.hms_spice = static_cast<HmsSpice>(i % 3);  // each reading of the HMS's spice while moving
    o.cyborg_loss_substitution = i % 4 < 2;      // each reading of the Cyborg loss substitution
    const bool audit = o.nexus == NexusModuleMode::Audit;
    generators::GameSpec spec = generators::uniform_spec(std::move(o), seed + static_cast<std::uint64_t>(i));
    // The gate's chance profile: a registered base family's card (each in turn, offset by the seat
    // count, so that each is favoured with its faction seated and absent) is drawn one time in two,
    // so the panels and the commands only they lead to (ReturnTraitor, TraitorDraw) are played at
    // all. An expansion card's Secret Ally leads to no command kind of its own.
    if (audit) spec.favoured_nexus = kPlayableFamilies[(static_cast<std::size_t>(i / 3) + seats) % kPlayableFamilies.size()];
    for (std::size_t k = 0; k < spec.bots.size(); ++k) spec.bots[k] = kProfiles[(static_cast<std::size_t>(i / 2) + k) % std::size(kProfiles)];
    pin_karama_power(spec, static_cast<std::size_t>(i));
    specs.push_back(std::move(spec));
  }
  return specs;
}

UsageReport command_usage(const std::vector<generators::GameSpec>& specs) {
  UsageReport r;
  for (std::size_t k = 0; k < invariants::step_kind_count(); ++k) {
    r.kinds.push_back({invariants::step_kind_name(k), invariants::step_kind_is_chance(k)});
  }
  for (const generators::GameSpec& spec : specs) {
    RunConfig config;
    config.check = false;
    config.on_step = [&](const invariants::Transition& t) {
      const std::size_t k = invariants::step_kind(t.entry);
      KindUsage& u = r.kinds[k];
      if (u.count++ == 0) u.first_game = r.games;
      ++r.steps;
    };
    run_game(spec, config);
    ++r.games;
  }
  return r;
}

std::string to_string(const UsageReport& r) {
  std::string out = fmt::format("{} games, {} steps\n{:<22} {:>9}  {}\n", r.games, r.steps, "kind", "count", "first game");
  for (const KindUsage& k : r.kinds) {
    const std::string label = k.chance ? fmt::format("{} (chance)", k.kind) : std::string(k.kind);
    out += k.count == 0 ? fmt::format("{:<22} {:>9}  NEVER PLAYED\n", label, 0)
                        : fmt::format("{:<22} {:>9}  {}\n", label, k.count, k.first_game);
  }
  return out;
}

}  // namespace dune::harness

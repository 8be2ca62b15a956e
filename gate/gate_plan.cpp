#include "gate/gate_plan.h"

#include <fmt/format.h>

#include <algorithm>
#include <random>

#include "engine/nexus/family.h"
#include "invariants/oracle_support.h"
#include "model/nexus_registry.h"
#include "model/options.h"

namespace dune::gate {
namespace {

using generators::BotProfile;
using invariants::Transition;
using reports::CoverageKind;

std::uint64_t mix(std::uint64_t x) {  // splitmix64's finaliser: one independent stream per game
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

const Envelope* command_of(const Transition& t) { return std::get_if<Envelope>(&t.entry); }
const ChanceRecord* chance_of(const Transition& t) { return std::get_if<ChanceRecord>(&t.entry); }

template <class C>
bool is(const Transition& t) {
  const Envelope* e = command_of(t);
  return e && std::holds_alternative<C>(e->command);
}

// ---- panels ----

std::uint64_t receipts_in_mode(const Transition& t, Faction family, NexusMode mode) {
  std::uint64_t n = 0;
  const auto& before = t.before.nexus.receipts;
  const auto& after = t.after.nexus.receipts;
  for (std::size_t i = before.size(); i < after.size(); ++i) {
    n += after[i].card.faction == family && after[i].mode == mode ? 1 : 0;
  }
  return n;
}

// A row counting what a step changed counts it once, on the step's own entry: a step of several log
// entries (a play and the lots its continuation draws) is checked once per entry with the same
// states before and after (invariants/oracle_support.h, owns_step).
bool once(const Transition& t) { return invariants::oracle_detail::owns_step(t); }

template <NexusMode M>
std::uint64_t played(const Transition& t, Faction family) {
  return once(t) ? receipts_in_mode(t, family, M) : 0;
}

// ---- the common lifecycle (seed 000, "Executable lifecycle composition") ----

std::uint64_t opportunity_opened(const Transition& t, Faction) {
  return once(t) && !t.before.nexus.opportunity_open && t.after.nexus.opportunity_open ? 1 : 0;
}

std::uint64_t card_drawn(const Transition& t, Faction) {
  const ChanceRecord* c = chance_of(t);
  return c && c->request.kind == ChanceKind::NexusDraw ? 1 : 0;
}

std::uint64_t family_card_drawn(const Transition& t, Faction family) {
  const ChanceRecord* c = chance_of(t);
  return c && c->request.kind == ChanceKind::NexusDraw && c->outcome == index(family) ? 1 : 0;
}

// A draw whose card went straight to the discard under the drawer's redraw policy: the engine
// then asks for the next draw for the same seat.
std::uint64_t own_card_redrawn(const Transition& t, Faction) {
  const ChanceRecord* c = chance_of(t);
  if (!c || c->request.kind != ChanceKind::NexusDraw) return 0;
  return t.after.nexus.drawing == c->request.seat ? 1 : 0;
}

std::uint64_t held_card_replaced(const Transition& t, Faction) {
  const Envelope* e = command_of(t);
  return e && std::holds_alternative<DrawNexus>(e->command) && t.before.nexus.held[e->seat.value] ? 1 : 0;
}

std::uint64_t opportunity_passed(const Transition& t, Faction) {
  return is<Pass>(t) && t.before.step == Step::NexusDraw ? 1 : 0;
}

std::uint64_t policy_chosen(const Transition& t, Faction) { return is<SetRedrawPolicy>(t) ? 1 : 0; }

std::uint64_t alliance_discarded(const Transition& t, Faction) {
  if (!once(t) || t.after.alliances.size() <= t.before.alliances.size()) return 0;
  std::uint64_t n = 0;
  for (std::size_t s = 0; s < t.before.nexus.held.size(); ++s) {
    n += t.before.nexus.held[s] && !t.after.nexus.held[s] ? 1 : 0;
  }
  return n;
}

std::uint64_t discards_reshuffled(const Transition& t, Faction) {
  return once(t) && t.after.nexus.deck.size() > t.before.nexus.deck.size() ? 1 : 0;
}

std::uint64_t scaled(std::uint64_t full, std::uint64_t games) {
  if (games >= kDefaultGames) return full;
  return std::max<std::uint64_t>(1, (full * games + kDefaultGames - 1) / kDefaultGames);
}

}  // namespace

PlannedGame plan_game(Faction family, std::uint64_t campaign_seed, std::uint64_t game) {
  std::mt19937_64 rng(mix(mix(campaign_seed) ^ (static_cast<std::uint64_t>(index(family)) << 48) ^ game));
  // Two games in three seat the card's faction (its Betrayal and Cunning), when setup can seat it.
  const bool native = game % 3 != 2 && native_panels_playable(family);
  std::vector<Faction> others;
  for (Faction f : kBaseFactions) {
    if (f != family) others.push_back(f);
  }
  std::ranges::shuffle(others, rng);
  // One game in eight runs the standard ten turns ([LR] 0.02) at six seats (five when a base
  // family's faction sits out), none of them eager to ally (an allied seat draws no Nexus card,
  // seed 000 item 3): enough draws and plays for the
  // twelve-card Nexus deck to run out (the lifecycle row "discards reshuffled"), in every family's
  // campaign. With fewer seats and an ally-eager one, a campaign could see it run out once or never.
  const bool long_game = game % 8 == 7;
  const int seats = long_game ? 6 : std::uniform_int_distribution<int>(3, 6)(rng);
  std::vector<Faction> factions(others.begin(), others.begin() + (native ? seats - 1 : std::min<int>(seats, static_cast<int>(others.size()))));
  if (native) factions.insert(factions.begin() + std::uniform_int_distribution<int>(0, seats - 1)(rng), family);
  // Half the games Advanced; four in five of the native ones when the family's Cunning exists only
  // under an Advanced rule (the Basic games still show it is not offered there).
  const NexusFamily* registered = find_nexus_family(family);
  const bool advanced_cunning = native && registered && registered->cunning_advanced_only;
  const bool advanced = std::bernoulli_distribution(advanced_cunning ? 0.8 : 0.5)(rng);
  Options options = advanced ? Options::advanced(factions) : Options::basic(factions);
  options.nexus = NexusModuleMode::Audit;
  options.turn_limit = std::uniform_int_distribution<int>(4, 8)(rng);
  if (long_game) options.turn_limit = 10;

  PlannedGame out;
  out.spec = generators::uniform_spec(std::move(options), mix(campaign_seed ^ mix(game + 1) ^ index(family)));
  out.spec.favoured_nexus = family;
  out.spec.max_decisions = 6000;
  // One ally-eager seat at least (none in the long games); the rest nexus-eager or aggressive.
  constexpr std::array<BotProfile, 4> kProfiles{BotProfile::NexusEager, BotProfile::NexusEager, BotProfile::Aggressive,
                                                BotProfile::AllyEager};
  for (BotProfile& b : out.spec.bots) b = kProfiles[std::uniform_int_distribution<std::size_t>(0, kProfiles.size() - 1)(rng)];
  // The native seat plays its own card (Cunning) only if it is eager to: a 240-game campaign saw
  // Cunning twice with a random profile there. The ally-eager seat is another one.
  const std::size_t seats_n = out.spec.bots.size();
  const std::size_t own = native ? static_cast<std::size_t>(std::ranges::find(factions, family) - factions.begin()) : seats_n;
  if (native) out.spec.bots[own] = BotProfile::NexusEager;
  std::size_t ally = std::uniform_int_distribution<std::size_t>(0, seats_n - 1)(rng);
  if (ally == own) ally = (ally + 1) % seats_n;
  out.spec.bots[ally] = BotProfile::AllyEager;
  if (long_game) {
    for (BotProfile& b : out.spec.bots) b = b == BotProfile::AllyEager ? BotProfile::NexusEager : b;
  }

  // Half the games deal each E1 card set the engine plays (drawn last: the draws above stay as
  // they were), so a family is verified with those cards in the hands and the traitor deck too.
  out.spec.options.cards.e1_poison_blade_shield_snooper = std::bernoulli_distribution(0.5)(rng);
  out.spec.options.cards.cheap_hero_traitor = std::bernoulli_distribution(0.5)(rng);
  out.spec.options.cards.e1_battle = std::bernoulli_distribution(0.5)(rng);
  out.spec.options.cards.e1_harvester_thumper = std::bernoulli_distribution(0.5)(rng);
  out.spec.options.cards.e1_amal = std::bernoulli_distribution(0.25)(rng);  // its window opens at every phase start
  out.spec.options.cards.e1_tech_tokens = std::bernoulli_distribution(0.5)(rng);
  // Each reading of the HMS's spice while moving (open questions Q2, Q3) in a third of the games.
  out.spec.options.hms_spice = static_cast<HmsSpice>(std::uniform_int_distribution<int>(0, 2)(rng));
  out.spec.options.cyborg_loss_substitution = std::bernoulli_distribution(0.5)(rng);  // each reading of Q5

  out.setup.seats = static_cast<int>(factions.size());
  out.setup.factions = out.spec.options.factions;
  out.setup.flags = {advanced ? "advanced" : "basic", "nexus-audit", fmt::format("turns={}", out.spec.options.turn_limit)};
  if (out.spec.options.cards.e1_poison_blade_shield_snooper) out.setup.flags.push_back("e1-poison-blade-shield-snooper");
  if (out.spec.options.cards.cheap_hero_traitor) out.setup.flags.push_back("cheap-hero-traitor");
  if (out.spec.options.cards.e1_battle) out.setup.flags.push_back("e1-battle");
  if (out.spec.options.cards.e1_harvester_thumper) out.setup.flags.push_back("e1-harvester-thumper");
  if (out.spec.options.cards.e1_amal) out.setup.flags.push_back("e1-amal");
  if (out.spec.options.cards.e1_tech_tokens) out.setup.flags.push_back("e1-tech-tokens");
  if (out.spec.options.hms_spice != HmsSpice::Off && std::ranges::count(factions, Faction::Ixians) > 0) {
    out.setup.flags.push_back(out.spec.options.hms_spice == HmsSpice::PerStep ? "hms-spice-per-step" : "hms-spice-per-visit");
  }
  if (out.spec.options.cyborg_loss_substitution && std::ranges::count(factions, Faction::Ixians) > 0) out.setup.flags.push_back("cyborg-loss-substitution");
  out.setup.mode = native ? NexusMode::Cunning : NexusMode::SecretAlly;
  return out;
}

std::vector<CoverageRule> coverage_rules(Faction family, std::uint64_t games) {
  std::vector<CoverageRule> rules;
  const auto panel = [&](NexusMode mode, std::uint64_t full, std::string what, std::string suggestion,
                         std::function<std::uint64_t(const Transition&, Faction)> hits) {
    for (const NexusPanelInfo& p : kNexusPanels) {
      if (p.card == family && p.mode == mode && panel_status(p).kind != StatusKind::Unavailable) {
        rules.push_back({CoverageKind::Panel, std::move(what), scaled(full, games), std::move(suggestion), mode, hits});
        return;
      }
    }
  };
  panel(NexusMode::Cunning, 3, "Cunning played", fmt::format("more games: the native {} seat must hold its own card in a battle", to_string(family)),
        played<NexusMode::Cunning>);
  panel(NexusMode::Betrayal, 3, "Betrayal played (cancels the native effect)",
        fmt::format("more games: another seat must hold the card while {} fights", to_string(family)),
        played<NexusMode::Betrayal>);
  panel(NexusMode::SecretAlly, 3, "Secret Ally played",
        fmt::format("more games: the setups without {} ({}) reach it", to_string(family),
                    native_panels_playable(family) ? "every third game" : "every game"),
        played<NexusMode::SecretAlly>);
  // The rows the family's own file adds (engine/nexus/<family>.cpp).
  if (const NexusFamily* f = find_nexus_family(family)) {
    for (const NexusCoverageRow& row : f->coverage) {
      panel(row.mode, row.required, std::string(row.what), std::string(row.suggestion),
            [hits = row.hits](const Transition& t, Faction) { return hits(t.before, t.entry, t.after); });
    }
  }
  const auto lifecycle = [&](std::uint64_t full, std::string what, std::string suggestion,
                             std::uint64_t (*hits)(const Transition&, Faction)) {
    rules.push_back({CoverageKind::Lifecycle, std::move(what), scaled(full, games), std::move(suggestion), std::nullopt, hits});
  };
  const std::string allies = "more games: ally-eager seats form the alliances a draw opportunity needs";
  lifecycle(20, "draw opportunity opened (item 3)", allies, opportunity_opened);
  lifecycle(20, "card drawn (item 4)", allies, card_drawn);
  lifecycle(10, "family card drawn", allies, family_card_drawn);
  lifecycle(5, "held card replaced (item 4)", "more games: nexus-eager seats replace held cards", held_card_replaced);
  lifecycle(10, "opportunity passed: keep or decline (item 4)", allies, opportunity_passed);
  lifecycle(10, "redraw policy chosen (item 4)", "more games: nexus-eager seats set policies", policy_chosen);
  if (native_panels_playable(family)) {  // no seat is the card's own faction otherwise
    lifecycle(2, "own-faction card redrawn (item 4)", "more games: the native seat must draw its own card under a redraw policy",
              own_card_redrawn);
  }
  lifecycle(3, "alliance discarded a held card (item 6)", "more games: ally-eager seats ally while holding cards",
            alliance_discarded);
  lifecycle(1, "discards reshuffled into an exhausted deck", "more games: the twelve-card deck must run out within the turn limit",
            discards_reshuffled);
  return rules;
}

}  // namespace dune::gate

// RapidCheck generators for GameSpec (issue 7 item 1): 2-6 seats of the base factions in random
// seat order and circles, Basic or Advanced with a swarm-style random subset of rule flags (each
// run switches its own subset on; Groce et al., "Swarm Testing"), Nexus Off or Audit (Audit only
// when this build's new_game accepts it), a bot profile per seat, a seed and a turn limit, and the
// E1 card sets the engine plays (model/options.h CardSets) on or off.
#pragma once

#include <rapidcheck.h>

#include <ostream>

#include "generators/game_spec.h"
#include "model/factions.h"

namespace dune::generators {

struct SpecBounds {
  int min_turns = 1;
  int max_turns = 10;
  int max_decisions = 20000;
};

inline rc::Gen<GameSpec> gen_spec(SpecBounds bounds = {}) {
  return rc::gen::exec([bounds] {
    const int seats = *rc::gen::inRange(2, 7);
    std::vector<Faction> factions(kPlayableFactions.begin(), kPlayableFactions.end());
    std::vector<std::uint8_t> circles{0, 1, 2, 3, 4, 5};
    Options o;
    GameSpec spec;
    for (int i = 0; i < seats; ++i) {
      const auto f = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(factions.size())));
      const auto c = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(circles.size())));
      o.factions.push_back(factions[f]);
      o.player_circles.push_back(circles[c]);
      factions.erase(factions.begin() + static_cast<std::ptrdiff_t>(f));
      circles.erase(circles.begin() + static_cast<std::ptrdiff_t>(c));
      spec.bots.push_back(*rc::gen::element(BotProfile::Uniform, BotProfile::NexusEager, BotProfile::AllyEager,
                                                BotProfile::Aggressive, BotProfile::Passive, BotProfile::SpiceHungry));
    }
    if (*rc::gen::arbitrary<bool>()) {
      RuleFlags& r = o.rules;
      for (bool* flag : {&r.advanced_combat, &r.double_spice_blow, &r.fremen_storm_deck, &r.fremen_storm_losses,
                         &r.fremen_worm_sending, &r.special_forces, &r.bene_gesserit_advisors,
                         &r.guild_shipment_timing, &r.harkonnen_capture, &r.kwisatz_haderach, &r.advanced_karama,
                         &r.ixians_technology, &r.tleilaxu_gholas}) {
        *flag = *rc::gen::arbitrary<bool>();
      }
    }
    if (nexus_audit_accepted() && *rc::gen::arbitrary<bool>()) o.nexus = NexusModuleMode::Audit;
    o.turn_limit = *rc::gen::inRange(bounds.min_turns, bounds.max_turns + 1);
    spec.options = std::move(o);
    spec.seed = *rc::gen::arbitrary<std::uint64_t>();
    // The E1 card sets this engine plays (drawn last: the draws above stay as they were).
    spec.options.cards.e1_poison_blade_shield_snooper = *rc::gen::arbitrary<bool>();
    spec.options.cards.cheap_hero_traitor = *rc::gen::arbitrary<bool>();
    spec.options.cards.e1_battle = *rc::gen::arbitrary<bool>();
    spec.options.cards.e1_harvester_thumper = *rc::gen::arbitrary<bool>();
    // Amal's window opens at every phase start while it may be held: one game in four.
    spec.options.cards.e1_amal = *rc::gen::inRange(0, 4) == 0;
    spec.options.cards.e1_tech_tokens = *rc::gen::arbitrary<bool>();
    // The readings of the HMS's spice while moving (open questions Q2, Q3), each checked.
    spec.options.hms_spice = *rc::gen::element(HmsSpice::Off, HmsSpice::PerStep, HmsSpice::PerVisit);
    spec.options.cyborg_loss_substitution = *rc::gen::arbitrary<bool>();  // each reading of Q5
    spec.max_decisions = bounds.max_decisions;
    return spec;
  });
}

// RapidCheck prints a failing spec with this.
inline void showValue(const GameSpec& spec, std::ostream& os) { os << to_string(spec); }

}  // namespace dune::generators

namespace rc {
template <>
struct Arbitrary<dune::generators::GameSpec> {
  static Gen<dune::generators::GameSpec> arbitrary() { return dune::generators::gen_spec(); }
};
}  // namespace rc

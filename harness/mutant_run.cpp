#include "harness/mutant_run.h"

#include <algorithm>
#include <chrono>
#include <stdexcept>
#include <string>

#include "engine/nexus/family.h"
#include "model/factions.h"
#include "model/options.h"

namespace dune::harness {

GameSpec mutant_spec(const MutantInfo& mutant, std::uint64_t seed) {
  const MutantSetup& setup = mutant.setup;
  const bool nexus = setup.bots == MutantBots::Nexus;
  std::vector<Faction> factions;
  for (std::size_t i = 0; i < kBaseFactions.size(); ++i) {
    if ((setup.factions >> i) & 1U) factions.push_back(kBaseFactions[i]);
  }
  Options options = setup.advanced ? Options::advanced(factions) : Options::basic(factions);
  options.turn_limit = setup.turns;
  if (nexus) options.nexus = NexusModuleMode::Audit;
  GameSpec spec = generators::uniform_spec(std::move(options), seed);
  using generators::BotProfile;
  switch (setup.bots) {
    case MutantBots::Mixed:  // aggressive bots on every other game reach battles, strongholds and high bids sooner
      if (seed % 2 == 1) spec.bots.assign(spec.bots.size(), BotProfile::Aggressive);
      break;
    case MutantBots::SpiceHungry: spec.bots.assign(spec.bots.size(), BotProfile::SpiceHungry); break;
    case MutantBots::Aggressive: spec.bots.assign(spec.bots.size(), BotProfile::Aggressive); break;
    case MutantBots::Nexus:  // draws need an alliance and unallied seats: ally-eager and Nexus-eager seats mixed;
                             // the first seat always Nexus-eager, so it meets its own card
      for (std::size_t i = 0; i < spec.bots.size(); ++i) {
        spec.bots[i] = i == 0 || (i + seed) % 2 == 0 ? BotProfile::NexusEager : BotProfile::AllyEager;
      }
      spec.favoured_nexus = nexus_mutant_family(mutant.name);
      break;
  }
  return spec;
}

Faction nexus_mutant_family(std::string_view mutant) {
  for (const NexusFamily* f : nexus_families()) {
    if (std::find(f->mutants.begin(), f->mutants.end(), mutant) != f->mutants.end()) return f->card;
  }
  return nexus_families().front()->card;
}

std::string family_of(std::string_view checker) {
  for (const invariants::Checker& c : invariants::all_checkers()) {
    if (c.name == checker) return std::string(c.family);
  }
  return {};
}

namespace {

// MutantStart::FirstSeatLeadersInTanks: every ordinary leader of the first seat has died once.
// MutantStart::FremenAllyInTanks: the first seat and the Fremen allied, the grant and the worm
// protection given, 6 of the first seat's reserves in the Tanks.
GameState staged_start(const GameSpec& spec, MutantStart start) {
  GameState s = std::get<GameState>(new_game(spec.options));
  if (start == MutantStart::FremenAllyInTanks) {
    const Faction first = spec.options.factions.front();
    SeatState& ally = s.seat(*s.seat_of(first));
    SeatState& fremen = s.seat(*s.seat_of(Faction::Fremen));
    s.alliances.push_back(Alliance{first, Faction::Fremen});
    ally.ally = Faction::Fremen;
    fremen.ally = first;
    fremen.grants_ally_free_revivals = true;
    fremen.protects_ally_from_worms = true;
    const ForceCount dead = std::min(ForceCount{6}, ally.reserves_normal);
    ally.reserves_normal -= dead;
    ally.tanks_normal += dead;
    return s;
  }
  for (LeaderId l : ordinary_leaders(spec.options.factions.front())) {
    s.leaders[l.value].where = LeaderLocation::Tanks;
    s.leaders[l.value].deaths = 1;
  }
  return s;
}

// The control: the same game on the unmutated engine fails at or before `step` with these checkers.
std::optional<Found> control_failure(const GameSpec& spec, const RunConfig& config, int step) {
  const ScopedMutant none(Mutant::None);
  RunResult control = run_game(spec, config);
  if (control.violation && control.violation->step <= step) return control.violation;
  return std::nullopt;
}

}  // namespace

MutantOutcome run_mutant(const MutantInfo& mutant, const MutantRunOptions& options) {
  if constexpr (!kMutantsBuilt) throw std::logic_error(std::string(kNoMutantsMessage));
  MutantOutcome out;
  out.info = mutant;
  const ScopedMutant active(mutant.id);
  const auto start = std::chrono::steady_clock::now();
  std::vector<invariants::Checker> checkers(invariants::all_checkers().begin(), invariants::all_checkers().end());
  const bool staged = mutant.setup.start != MutantStart::NewGame;
  if (staged) {  // the staged edit is in no event log: replaying the log cannot reach the state
    out.not_applicable.push_back("determinism.replay");
    std::erase_if(checkers, [](const invariants::Checker& c) { return c.name == "determinism.replay"; });
  }
  const int games = options.games > 0 ? options.games : mutant.setup.games;
  std::optional<GameState> staged_state;
  for (int g = 0; g < games && !out.killed; ++g) {
    out.spec = mutant_spec(mutant, options.seed + static_cast<std::uint64_t>(g));
    out.spec.max_decisions = options.max_decisions;
    RunConfig config;
    if (staged) config.start = &staged_state.emplace(staged_start(out.spec, mutant.setup.start));
    config.checkers = checkers;
    RunResult run = run_game(out.spec, config);
    out.games = g + 1;
    if (!run.violation) continue;
    if (const auto control = control_failure(out.spec, config, run.violation->step)) {
      out.excluded.push_back(control->checker);
      std::erase_if(checkers, [&](const invariants::Checker& c) { return c.name == control->checker; });
      --g;  // the same game again, without the checker the control trips
      continue;
    }
    out.killed = true;
    out.found = run.violation;
    out.family = family_of(run.violation->checker);
    out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (options.shrink) {
      ShrinkOptions shrink_options;
      shrink_options.budget = options.shrink_budget;
      shrink_options.checkers = checkers;
      shrink_options.start = config.start;
      out.shrunk_size = shrink(out.spec, run.choices, *run.violation, shrink_options).choices.size();
    }
  }
  if (!out.killed) out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace dune::harness

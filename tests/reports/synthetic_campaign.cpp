#include "tests/reports/synthetic_campaign.h"

#include <fmt/format.h>

namespace dune::reports::testing {
namespace {

std::uint64_t mix(std::uint64_t x) {  // splitmix64 finaliser
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

GameRecord record(std::uint64_t seed, Faction family, std::uint64_t game, bool violating_family) {
  const std::uint64_t r = mix(seed ^ mix(game * 31 + index(family)));
  GameRecord g;
  g.game = game;
  const bool four = (r & 1) != 0;
  g.setup.seats = four ? 4 : 3;
  g.setup.factions = four ? std::vector{family, Faction::Fremen, Faction::Harkonnen, Faction::SpacingGuild}
                          : std::vector{family, Faction::Fremen, Faction::Harkonnen};
  g.setup.flags = (r & 2) != 0 ? std::vector<std::string>{"advanced", "nexus"} : std::vector<std::string>{"nexus"};
  g.setup.mode = NexusMode::Cunning;
  g.steps = 40 + (r >> 8) % 400;
  const bool violated = violating_family && (r >> 20) % 7 == 0;
  g.checks = {{"census", "census", g.steps, 0},
              {"spice-ledger", "conservation", g.steps, violated ? 1u : 0u},
              {"protocol.atomic", "protocol", g.steps / 2, 0}};
  g.coverage = {{"Cunning played", (r >> 12) % 3}, {"cancelled", (r >> 14) % 2}};
  // Oracle coverage: a decided kind (its oracles met in either order), a kind no oracle decides,
  // a chance kind with an oracle that skips one case in 25 (4%, under the 5% limit), and a chance
  // kind whose source an oracle checks.
  const std::uint64_t ships = 1 + (r >> 16) % 4;
  std::vector<OracleCell> ship{{"oracle.shipment-payment", ships, 0}, {"oracle.legal-shipment", ships, 0}};
  if ((r >> 18) % 2 != 0) ship.insert(ship.begin(), OracleCell{"oracle.bribes", 1, 0});
  g.oracles = {{"Ship", false, ships, ship}, {"PlaceForces", false, 1, {}},
               {"StormCard", true, 25, {{"oracle.storm-damage", 24, 1}}}, {"TreacheryLot", true, 5, {{"oracle.deal", 5, 0}}}};
  if (violated) {
    const int step = static_cast<int>((r >> 24) % g.steps);
    Counterexample c;
    c.invariant = "spice-ledger";
    c.invariant_family = "conservation";
    c.message = "spice total changed by 2";
    c.game = game;
    c.step = step;
    c.shrunk_decisions = 3 + static_cast<int>(r % 5);
    c.non_default_decisions = 2;
    c.original_decisions = step + 10;
    c.shrink_seconds = 0.5;
    c.setup = "2 seats: Atreides (uniform, circle 0), Bene Gesserit (uniform, circle 3); Basic; Nexus Off; 1 turn";
    c.replay_file = fmt::format("reports/out/bene-gesserit-game{}.replay.json", game);
    c.trace = {"storm: sector 3", "Bid(seat 1, 2)", fmt::format("step {}: spice total 98 -> 100", step)};
    g.counterexamples.push_back(std::move(c));
  }
  return g;
}

void declare(FamilyResult& f, bool reachable) {
  declare_coverage(f, CoverageKind::Panel, "Cunning played", 10, "any setup with the native faction seated", NexusMode::Cunning);
  f.panels = {{NexusMode::Betrayal, StatusKind::Implemented, "no continuation after the stop"},
              {NexusMode::Cunning, StatusKind::Implemented, ""},
              {NexusMode::SecretAlly, StatusKind::Implemented, ""}};
  declare_coverage(f, CoverageKind::Lifecycle, "cancelled", 5, "bot profile 'reactive'");
  if (!reachable) declare_coverage(f, CoverageKind::Lifecycle, "delayed effect consumed", 1, "setup with Karama in hand");
}

}  // namespace

CampaignResult synthetic_campaign(const SyntheticOptions& o) {
  CampaignResult r;
  r.params = {o.seed, o.games, 0, o.shards, {o.shard}};
  for (Faction f : kAllFactions) {
    const bool run = f == Faction::Atreides || f == Faction::BeneGesserit;
    r.module.push_back({f, run ? StatusKind::Implemented : StatusKind::Unavailable, run ? "" : "not implemented yet", ""});
  }
  FamilyResult& atreides = add_family(r, Faction::Atreides);
  declare(atreides, o.atreides_coverage_reachable);
  FamilyResult& bg = add_family(r, Faction::BeneGesserit);
  declare(bg, true);
  add_family(r, Faction::Emperor, "forced payment amount undecided (seed 003)");
  for (std::uint64_t g = 0; g < o.games; ++g) {
    if (g % static_cast<std::uint64_t>(o.shards) != static_cast<std::uint64_t>(o.shard)) continue;
    add_game(r.families[0], record(o.seed, Faction::Atreides, g, false));
    add_game(r.families[1], record(o.seed, Faction::BeneGesserit, g, true));
  }
  if (o.shard == 0) {  // the bounded proofs run once, in the shard that holds game 0
    r.families[0].proofs.push_back({"lifecycle-2", 1200, 3400, 136000, 14, true, "", 0, ""});
    r.families[0].proofs.push_back({"atreides-battle", 800, 2100, 84000, 9, false, "", 0, ""});
  }
  r.timing = {1.5 + o.shard, 10.0 * (o.shard + 1), 100.0 * (o.shard + 1), 40.0 + o.shard};
  finalise(r);
  return r;
}

}  // namespace dune::reports::testing

// Random games with the Nexus module in audit mode (2–6 seats, random base factions): they run to
// completion, every kind of Nexus event happens, and after every step no allied seat holds a
// Nexus card and the card census holds. The player weights its choices (its own simple weighting,
// not the generators' uniform player) so that alliances, draws and Atreides plays are common.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "invariants/census.h"

namespace dune {
namespace {

struct Counts {
  int games = 0, draws = 0, replacements = 0, alliance_discards = 0, atreides_plays = 0, betrayals = 0;
};

int weight(const Command& c) {
  if (std::holds_alternative<PlayNexus>(c)) return 400;
  if (std::holds_alternative<DrawNexus>(c) || std::holds_alternative<UsePrescience>(c)) return 40;
  if (std::holds_alternative<AcceptAlliance>(c) || std::holds_alternative<ProposeAlliance>(c)) return 20;
  if (std::holds_alternative<SetRedrawPolicy>(c) || std::holds_alternative<BreakAlliance>(c)) return 0;
  return 1;
}

Command pick(const std::vector<Command>& legal, std::mt19937_64& rng) {
  int total = 0;
  for (const Command& c : legal) total += weight(c);
  if (total == 0) return legal[rng() % legal.size()];
  int r = static_cast<int>(rng() % static_cast<std::uint64_t>(total));
  for (const Command& c : legal) {
    r -= weight(c);
    if (r < 0) return c;
  }
  return legal.back();
}

int held_count(const GameState& s) {
  return static_cast<int>(std::count_if(s.nexus.held.begin(), s.nexus.held.end(), [](const auto& h) { return h.has_value(); }));
}

void check_step(const GameState& s) {
  for (const Alliance& a : s.alliances) {
    for (Faction f : {a.a, a.b}) {
      ASSERT_FALSE(s.nexus.held[s.seat_of(f)->value]) << to_string(f) << " is allied but holds a Nexus card";
    }
  }
  const auto violations = invariants::check_census(s);
  ASSERT_TRUE(violations.empty()) << violations.front().message;
}

void play_one(std::uint64_t seed, Counts& counts) {
  std::mt19937_64 rng(seed);
  std::vector<Faction> factions(kBaseFactions.begin(), kBaseFactions.end());
  std::shuffle(factions.begin(), factions.end(), rng);
  factions.resize(2 + rng() % 5);
  if (std::find(factions.begin(), factions.end(), Faction::Atreides) == factions.end() && rng() % 3 != 0) {
    factions.back() = Faction::Atreides;  // mostly with Atreides: Cunning and Betrayal need it
  }
  Options o = rng() % 2 ? Options::advanced(factions) : Options::basic(factions);
  o.nexus = NexusModuleMode::Audit;
  o.turn_limit = 6;
  auto game = new_game(o);
  ASSERT_TRUE(std::holds_alternative<GameState>(game)) << std::get<Rejection>(game).message;
  SeededChance chance(seed);
  GameState s = settle(std::get<GameState>(std::move(game)), chance);
  std::uint64_t id = 1;
  for (int i = 0; i < 20000 && !is_terminal(s); ++i) {
    const auto seats = pending(s);
    ASSERT_FALSE(seats.empty());
    const Seat seat = seats[rng() % seats.size()];
    const Command c = pick(legal_commands(s, seat), rng);
    auto result = submit(s, Envelope{CommandId{id++}, seat, s.version, c});
    ASSERT_TRUE(std::holds_alternative<Accepted>(result)) << std::get<Rejection>(result).message;
    const GameState before = s;
    s = settle(std::get<Accepted>(std::move(result)).next, chance);
    if (std::holds_alternative<DrawNexus>(c)) ++(before.nexus.held[seat.value] ? counts.replacements : counts.draws);
    if (std::holds_alternative<AcceptAlliance>(c) && s.alliances.size() > before.alliances.size() &&
        held_count(s) < held_count(before)) {
      ++counts.alliance_discards;
    }
    if (const auto* p = std::get_if<PlayNexus>(&c)) {
      ++counts.atreides_plays;
      if (p->mode == NexusMode::Betrayal) ++counts.betrayals;
    }
    check_step(s);
    if (::testing::Test::HasFatalFailure()) return;
  }
  EXPECT_TRUE(is_terminal(s)) << "seed " << seed << " did not finish";
  // A halt is a rule listed unavailable elsewhere (e.g. the end-game default winner); never a Nexus one.
  EXPECT_EQ(s.halted.find("Nexus"), std::string::npos) << "seed " << seed << ": " << s.halted;
  ++counts.games;
}

TEST(NexusRandomGames, AuditModeGamesFinishAndEveryNexusKindHappens) {
  Counts counts;
  for (std::uint64_t seed = 1; seed <= 48; ++seed) {
    play_one(seed, counts);
    if (HasFatalFailure()) return;
  }
  RecordProperty("draws", counts.draws);
  std::printf("Nexus random games: %d games, %d draws, %d replacements, %d alliance discards, %d Atreides plays (%d Betrayal)\n",
              counts.games, counts.draws, counts.replacements, counts.alliance_discards, counts.atreides_plays,
              counts.betrayals);
  EXPECT_GT(counts.draws, 0);
  EXPECT_GT(counts.replacements, 0);
  EXPECT_GT(counts.alliance_discards, 0);
  EXPECT_GT(counts.atreides_plays, 0);
}

}  // namespace
}  // namespace dune

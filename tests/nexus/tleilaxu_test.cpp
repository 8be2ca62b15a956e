// The Tleilaxu Nexus family's native panels (seed 000, Tleilaxu row; seed 002; engine/nexus/
// tleilaxu.cpp): the Betrayal cancels a Face Dancer as it is revealed, the Cunning replaces the
// revealed group. The Secret Ally's tests are the scenario fixtures tests/scenarios/nexus/
// tleilaxu_secret_ally_*.json.
#include <algorithm>

#include "engine/nexus/family.h"
#include "invariants/shape.h"
#include "io/persistence.h"
#include "model/factions.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

const NexusCardId kTleilaxuCard{Faction::Tleilaxu};
const std::vector<Faction> kTable{Faction::Harkonnen, Faction::Emperor, Faction::Tleilaxu, Faction::Atreides};

TraitorCardId card_of(std::string_view leader) {
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    if (kLeaders[i].name == leader) return TraitorCardId{static_cast<std::uint8_t>(i)};
  }
  ADD_FAILURE() << "no leader " << leader;
  return {};
}

bool has(const std::vector<TraitorCardId>& v, TraitorCardId c) { return std::find(v.begin(), v.end(), c) != v.end(); }

// The Tleilaxu's Face Dancers become `dancers` (taken from wherever they were), the first
// `revealed` of them face up.
void stage_dancers(GameState& s, std::vector<std::string_view> dancers, std::size_t revealed) {
  SeatState& t = s.seat(seat_of(s, Faction::Tleilaxu));
  for (TraitorCardId c : t.traitors) s.traitor_deck.add_unseen(c);
  t.traitors.clear();
  for (std::string_view name : dancers) {
    const TraitorCardId card = card_of(name);
    for (SeatState& x : s.seats) std::erase(x.traitors, card);
    s.traitor_deck.take_unseen(card);
    t.traitors.push_back(card);
    if (t.revealed_dancers.size() < revealed) t.revealed_dancers.push_back(card);
  }
}

// A battle in Arrakeen on turn 2, the Harkonnen's 10 against the Emperor's 8, the storm away; the
// Emperor wins it with Hasimir Fenring, one of the Tleilaxu's Face Dancers, and the Atreides hold
// the Tleilaxu card.
GameState fenring_wins(std::size_t revealed, StagedChance& chance) {
  GameState s = audit_game(false, kTable);
  s.storm.sector = Sector{0};
  s.board.normal[index(kArrakeen)][index(Faction::Harkonnen)] = ForceCount{10};
  s.board.normal[index(kArrakeen)][index(Faction::Emperor)] = ForceCount{8};
  s.seat(seat_of(s, Faction::Harkonnen)).reserves_normal -= ForceCount{10};
  s.seat(seat_of(s, Faction::Emperor)).reserves_normal -= ForceCount{8};
  for (Faction f : {Faction::Atreides, Faction::Tleilaxu}) {
    for (std::size_t c = 0; c < kCellCount; ++c) s.board.normal[c][index(f)] = ForceCount{0};  // nobody else fights
  }
  stage_dancers(s, {"Wykk", "Blin", "Hasimir Fenring"}, revealed);
  give(s, seat_of(s, Faction::Atreides), Faction::Tleilaxu);
  s.turn = 2;
  enter_phase(s, Phase::Battle);
  s = settle(std::move(s), chance);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), emperor = seat_of(s, Faction::Emperor);
  s = play(s, harkonnen, PlanBattle{LeaderId{card_of("Feyd Rautha").value}, std::nullopt, std::nullopt, std::nullopt, false}, chance);
  s = play(s, harkonnen, DialBattle{6, Spice{0}}, chance);
  s = play(s, emperor, PlanBattle{LeaderId{card_of("Hasimir Fenring").value}, std::nullopt, std::nullopt, std::nullopt, false}, chance);
  s = play(s, emperor, DialBattle{10, Spice{0}}, chance);
  while (s.step == Step::Battle && s.battle.stage != BattleStage::FaceDancer && !pending(s).empty()) s = play(s, pending(s).front(), Pass{}, chance);
  EXPECT_EQ(s.battle.stage, BattleStage::FaceDancer);
  return s;
}

const LeaderId kFenring{card_of("Hasimir Fenring").value};

// fenring_wins, and the Tleilaxu reveal him, taking over 3 forces: the Betrayal window opens.
GameState fenring_revealed(std::size_t revealed, StagedChance& chance) {
  GameState s = fenring_wins(revealed, chance);
  s = play(s, seat_of(s, Faction::Tleilaxu), RevealFaceDancer{kFenring, ForceCount{3}, kArrakeen}, chance);
  EXPECT_EQ(s.nexus.window, Faction::Tleilaxu);
  return s;
}

// Seed 000: "Cancel a revealed Face Dancer. It stays revealed until all Face Dancers have been
// revealed." The window opens as the Tleilaxu reveal, before the leader dies or a force moves.
TEST(TleilaxuNexus, BetrayalCancelsTheRevealAndTheDancerStaysRevealed) {
  StagedChance chance(5);
  GameState s = fenring_revealed(0, chance);
  const Seat tleilaxu = seat_of(s, Faction::Tleilaxu), atreides = seat_of(s, Faction::Atreides);
  const LeaderId fenring = kFenring;
  EXPECT_EQ(pending(s), std::vector<Seat>{atreides});
  EXPECT_EQ(s.seat(tleilaxu).revealed_dancers, std::vector<TraitorCardId>{card_of("Hasimir Fenring")});
  EXPECT_EQ(s.leaders[fenring.value].where, LeaderLocation::Available);
  const std::uint32_t attempt = s.nexus.window_attempt;
  expect_rejected(s, envelope(s, atreides, PlayNexus{kTleilaxuCard, NexusMode::Betrayal, std::nullopt, attempt + 1, ForceCount{0}}),
                  RejectCode::IllegalChoice);
  s = play(s, atreides, PlayNexus{kTleilaxuCard, NexusMode::Betrayal, std::nullopt, attempt, ForceCount{0}}, chance);
  EXPECT_FALSE(s.nexus.window);
  EXPECT_EQ(s.leaders[fenring.value].where, LeaderLocation::Available);  // the reveal is cancelled
  EXPECT_EQ(s.board.normal[index(kArrakeen)][index(Faction::Emperor)], ForceCount{3});
  EXPECT_EQ(s.board.normal[index(kArrakeen)][index(Faction::Tleilaxu)], ForceCount{0});
  EXPECT_EQ(s.seat(tleilaxu).revealed_dancers, std::vector<TraitorCardId>{card_of("Hasimir Fenring")});  // still face up
  EXPECT_EQ(s.nexus.receipts.size(), 1U);
  EXPECT_NE(s.phase, Phase::Battle);  // the battle is over
}

// Without a Betrayal the window closes on the last pass and the reveal takes effect.
TEST(TleilaxuNexus, APassedBetrayalWindowLetsTheRevealStand) {
  StagedChance chance(5);
  GameState s = fenring_revealed(0, chance);
  s = play(s, seat_of(s, Faction::Atreides), Pass{}, chance);
  EXPECT_EQ(s.leaders[kFenring.value].where, LeaderLocation::Tanks);
  EXPECT_EQ(s.board.normal[index(kArrakeen)][index(Faction::Emperor)], ForceCount{0});
  EXPECT_EQ(s.board.normal[index(kArrakeen)][index(Faction::Tleilaxu)], ForceCount{3});
}

// The last dancer revealed waits for the window with the others (all three face up: the shape
// check allows it while the window is open), and the group returns once it closes, the reveal
// cancelled or not ("it stays revealed until all Face Dancers have been revealed", seed 000).
TEST(TleilaxuNexus, TheLastRevealWaitsForTheWindowAndTheGroupReturnsAfterABetrayal) {
  StagedChance chance(5);
  GameState s = fenring_revealed(2, chance);
  const Seat tleilaxu = seat_of(s, Faction::Tleilaxu), atreides = seat_of(s, Faction::Atreides);
  EXPECT_EQ(s.seat(tleilaxu).revealed_dancers.size(), 3U);
  EXPECT_TRUE(invariants::check_shape(s).empty());
  s = play(s, atreides, PlayNexus{kTleilaxuCard, NexusMode::Betrayal, std::nullopt, s.nexus.window_attempt, ForceCount{0}}, chance);
  EXPECT_EQ(s.leaders[kFenring.value].where, LeaderLocation::Available);  // cancelled
  EXPECT_TRUE(s.seat(tleilaxu).revealed_dancers.empty());
  EXPECT_EQ(s.seat(tleilaxu).traitors.size(), kFaceDancersHeld);  // three drawn again
  EXPECT_TRUE(invariants::check_shape(s).empty());
}

// Seed 002: every revealed dancer set aside, as many drawn (never one of them), then the set-aside
// group shuffled in; the unrevealed one stays; nothing without a revealed one.
TEST(TleilaxuNexus, CunningReplacesTheRevealedGroupWithOtherCards) {
  StagedChance chance(7);
  GameState s = audit_game(false, kTable);
  const Seat tleilaxu = seat_of(s, Faction::Tleilaxu);
  give(s, tleilaxu, Faction::Tleilaxu);
  stage_dancers(s, {"Wykk", "Blin", "Master Zaaf"}, 0);
  s = at_shipment_of(std::move(s), tleilaxu, chance);
  const PlayNexus cunning{kTleilaxuCard, NexusMode::Cunning, std::nullopt, 0, ForceCount{0}};
  expect_rejected(s, envelope(s, tleilaxu, Command{cunning}), RejectCode::IllegalChoice);  // none revealed
  s.seat(tleilaxu).revealed_dancers = {card_of("Wykk"), card_of("Blin")};
  const auto legal = legal_commands(s, tleilaxu);
  EXPECT_NE(std::find(legal.begin(), legal.end(), Command{cunning}), legal.end());
  // Two draws owed: the pending chance and its log entry survive a save (`pile` 2 is in range).
  const auto applied = submit(s, envelope(s, tleilaxu, Command{cunning}));
  ASSERT_TRUE(std::holds_alternative<Accepted>(applied));
  const GameState& owing = std::get<Accepted>(applied).next;
  ASSERT_TRUE(owing.chance && owing.chance->kind == ChanceKind::FaceDancerDraw);
  EXPECT_EQ(owing.chance->pile, 2);
  const auto reloaded = load_snapshot(save_snapshot(owing));
  ASSERT_TRUE(std::holds_alternative<GameState>(reloaded)) << std::get<LoadError>(reloaded).message;
  EXPECT_EQ(std::get<GameState>(reloaded).chance, owing.chance);
  s = play(s, tleilaxu, cunning, chance);
  const SeatState& t = s.seat(tleilaxu);
  EXPECT_TRUE(t.revealed_dancers.empty());
  EXPECT_EQ(t.traitors.size(), 3U);
  EXPECT_TRUE(has(t.traitors, card_of("Master Zaaf")));
  EXPECT_FALSE(has(t.traitors, card_of("Wykk")) || has(t.traitors, card_of("Blin")));  // never redrawn (seed 002)
  EXPECT_TRUE(has(s.traitor_deck.unseen, card_of("Wykk")) && has(s.traitor_deck.unseen, card_of("Blin")));
  EXPECT_EQ(s.step, Step::Shipment);  // the step resumes
  EXPECT_EQ(pending(s), std::vector<Seat>{tleilaxu});
}

}  // namespace
}  // namespace dune

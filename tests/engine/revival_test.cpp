// Revival (fact sheet §5.1, §6.2 row 5, [LR] 1.05) as scenarios: a table after setup with the
// Tanks, leaders and spice set by hand.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/internal.h"
#include "engine/projection.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::play;
using testing::seat_of;

// Setup played to turn 1, then: turn 2, no halt, nothing in the Tanks.
GameState table(const Options& options) {
  GameState s = testing::past_setup(options, 13);
  s.halted.clear();
  s.chance.reset();
  s.turn = 2;
  return s;
}

// Moves forces from reserves to the Tanks.
void kill(GameState& s, Seat seat, int normal, int special = 0) {
  SeatState& st = s.seat(seat);
  st.reserves_normal -= ForceCount{normal};
  st.reserves_special -= ForceCount{special};
  st.tanks_normal += ForceCount{normal};
  st.tanks_special += ForceCount{special};
}

void kill_leader(GameState& s, LeaderId l, LeaderLocation where = LeaderLocation::Tanks) {
  s.leaders[l.value].where = where;
  s.leaders[l.value].deaths += where == LeaderLocation::TanksFaceDown ? 2 : 1;
}

GameState revival_of(GameState s) {
  s.halted.clear();  // a later phase may not be implemented yet
  enter_phase(s, Phase::Revival);
  return s;
}

Revive forces(int normal, int special = 0) { return Revive{ForceCount{normal}, ForceCount{special}, std::nullopt, ForceCount{0}, false}; }

const std::vector<Faction> kTable{Faction::Atreides, Faction::Emperor, Faction::Harkonnen, Faction::SpacingGuild};

TEST(RevivalTest, OnlySeatsWithSomethingInTheTanksAreAwaitedOnce) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat guild = seat_of(s, Faction::SpacingGuild);
  kill(s, atreides, 3);
  kill(s, guild, 1);
  s = revival_of(s);
  ASSERT_EQ(s.step, Step::Revival);
  EXPECT_EQ(pending(s), (std::vector<Seat>{std::min(atreides, guild), std::max(atreides, guild)}));
  const Seat emperor = seat_of(s, Faction::Emperor);
  expect_rejected(s, envelope(s, emperor, Pass{}), RejectCode::NotYourTurn);
  expect_rejected(s, envelope(s, atreides, ClaimCharity{}), RejectCode::WrongPhase);
  SeededChance chance(1);
  s = play(s, atreides, Pass{}, chance);
  EXPECT_EQ(pending(s), std::vector<Seat>{guild});
  expect_rejected(s, envelope(s, atreides, forces(1)), RejectCode::NotYourTurn);
  s = play(s, guild, forces(1), chance);
  EXPECT_NE(s.step, Step::Revival);  // every seat answered: the phase ended
}

TEST(RevivalTest, FreeRevivalsComeFirstTheRestCostTwoEach) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);  // free revival 2
  kill(s, atreides, 5);
  s = revival_of(s);
  SeededChance chance(1);
  const Spice bank = s.bank;
  const ForceCount reserves = s.seat(atreides).reserves_normal;
  GameState free = play(s, atreides, forces(2), chance);
  EXPECT_EQ(free.seat(atreides).spice, Spice{10});
  EXPECT_EQ(free.seat(atreides).tanks_normal, ForceCount{3});
  EXPECT_EQ(free.seat(atreides).reserves_normal, reserves + ForceCount{2});

  GameState paid = play(s, atreides, forces(3), chance);
  EXPECT_EQ(paid.seat(atreides).spice, Spice{8});
  EXPECT_EQ(paid.bank, bank + Spice{2});
  EXPECT_EQ(paid.seat(atreides).reserves_normal, reserves + ForceCount{3});
}

// The Tleilaxu (fact sheet §5.2): no limit, their forces at 1 spice and their leaders at half price,
// rounded up, to the bank; Zoal's ordinary revival is refused while its price is an open question.
// Another faction's payment goes to them, and each faction taking free revival earns them 1.
TEST(RevivalTest, TleilaxuReviveUnlimitedAtHalfPriceAndEarnFromOthersRevivals) {
  GameState s = table(Options::basic({Faction::Atreides, Faction::Tleilaxu, Faction::Harkonnen}));
  const Seat tleilaxu = seat_of(s, Faction::Tleilaxu);
  const Seat atreides = seat_of(s, Faction::Atreides);
  const auto leaders = ordinary_leaders(Faction::Tleilaxu);  // Zoal, Hidar Fen Ajidica 4, Master Zaaf 3, Wykk 2, Blin 1
  for (LeaderId l : leaders) kill_leader(s, l);
  kill(s, tleilaxu, 9);
  kill(s, atreides, 3);
  s = revival_of(s);
  SeededChance chance(1);
  const Spice bank = s.bank;
  const Revive zoal{ForceCount{0}, ForceCount{0}, leaders[0], ForceCount{0}, false};
  expect_rejected(s, envelope(s, tleilaxu, zoal), RejectCode::NotImplemented);
  const auto listed = legal_commands(s, tleilaxu);
  EXPECT_TRUE(std::none_of(listed.begin(), listed.end(), [&](const Command& c) {
    const auto* r = std::get_if<Revive>(&c);
    return r && r->leader == leaders[0];
  }));
  // 9 forces (2 free, 7 at 1) and Master Zaaf (3, half rounded up: 2): 9 spice, beyond any limit of 3.
  s.seat(tleilaxu).spice = Spice{9};
  const Spice atreides_spice = s.seat(atreides).spice;
  s = play(s, tleilaxu, Revive{ForceCount{9}, ForceCount{0}, leaders[2], ForceCount{0}, false}, chance);
  EXPECT_EQ(s.seat(tleilaxu).tanks_normal, ForceCount{0});
  EXPECT_EQ(s.leaders[leaders[2].value].where, LeaderLocation::Available);
  EXPECT_EQ(s.seat(tleilaxu).spice, Spice{1});  // paid 9 to the bank, earned 1 for its own free revival
  EXPECT_EQ(s.bank, bank + Spice{9} - Spice{1});
  // The Atreides revive 3: 2 free, 1 for 2 spice, paid to the Tleilaxu, plus 1 from the bank.
  s = play(s, atreides, forces(3), chance);
  EXPECT_EQ(s.seat(atreides).spice, atreides_spice - Spice{2});
  EXPECT_EQ(s.seat(tleilaxu).spice, Spice{4});
  EXPECT_EQ(s.bank, bank + Spice{9} - Spice{2});
}

TEST(RevivalTest, EmptyReviveIsRejectedPassIsAccepted) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  kill(s, atreides, 2);
  s = revival_of(s);
  expect_rejected(s, envelope(s, atreides, forces(0)), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, atreides, forces(-1)), RejectCode::IllegalChoice);
  SeededChance chance(1);
  s = play(s, atreides, Pass{}, chance);
  EXPECT_EQ(s.seat(atreides).tanks_normal, ForceCount{2});
}

TEST(RevivalTest, AtMostThreeForcesPerTurn) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  kill(s, atreides, 5);
  s = revival_of(s);
  expect_rejected(s, envelope(s, atreides, forces(4)), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, atreides, forces(6)), RejectCode::NotEnoughForces);
  for (const Command& c : legal_commands(s, atreides)) {
    if (const auto* r = std::get_if<Revive>(&c)) {
      EXPECT_LE((r->normal + r->special).value, 3);
    }
  }
}

TEST(RevivalTest, InsufficientSpiceIsRejected) {
  GameState s = table(Options::basic(kTable));
  const Seat emperor = seat_of(s, Faction::Emperor);  // free revival 1
  kill(s, emperor, 4);
  s.seat(emperor).spice = Spice{3};
  s = revival_of(s);
  expect_rejected(s, envelope(s, emperor, forces(3)), RejectCode::InsufficientSpice);  // costs 4
  SeededChance chance(1);
  s = play(s, emperor, forces(2), chance);
  EXPECT_EQ(s.seat(emperor).spice, Spice{1});
}

// [LR] 2.04.11: "At your discretion, your ally's free revival is 3." Not granted, the Atreides
// ally revives its own 2 free and pays 2 for the third; once the Fremen grant it, all 3 are free.
TEST(RevivalTest, FremenAllyRevivesThreeForFreeOnlyWhenTheFremenGrantIt) {
  GameState s = table(Options::basic({Faction::Atreides, Faction::Fremen}));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat fremen = seat_of(s, Faction::Fremen);
  kill(s, atreides, 3);
  const Command grant = GrantAllyFreeRevivals{true};
  const auto listed = [](const GameState& st, Seat seat, const Command& c) {
    const auto legal = legal_commands(st, seat);
    return std::find(legal.begin(), legal.end(), c) != legal.end();
  };
  EXPECT_FALSE(listed(s, fremen, grant));  // no ally yet
  expect_rejected(s, envelope(s, fremen, grant), RejectCode::IllegalChoice);
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Fremen});
  s = revival_of(s);
  SeededChance chance(1);
  const GameState not_granted = play(s, atreides, forces(3), chance);
  EXPECT_EQ(not_granted.seat(atreides).spice, Spice{8});
  // The grant is the Fremen's alone, public, and offered only when it changes something.
  EXPECT_TRUE(listed(s, fremen, grant));
  EXPECT_FALSE(listed(s, atreides, grant));
  expect_rejected(s, envelope(s, atreides, grant), RejectCode::IllegalChoice);
  expect_rejected(s, envelope(s, fremen, GrantAllyFreeRevivals{false}), RejectCode::IllegalChoice);
  s = play(s, fremen, grant, chance);
  EXPECT_TRUE(s.seat(fremen).grants_ally_free_revivals);
  EXPECT_TRUE(project_public(s).seats[fremen.value].grants_ally_free_revivals);
  EXPECT_FALSE(listed(s, fremen, grant));
  EXPECT_TRUE(listed(s, fremen, Command{GrantAllyFreeRevivals{false}}));
  const GameState granted = play(s, atreides, forces(3), chance);
  EXPECT_EQ(granted.seat(atreides).spice, Spice{10});
}

TEST(RevivalTest, LeaderRevivedOnlyWhenAllLeadersAreDead) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const auto leaders = ordinary_leaders(Faction::Atreides);  // Thufir 5, Jessica 5, Gurney 4, Duncan 2, Yueh 1
  for (std::size_t i = 0; i < 4; ++i) kill_leader(s, leaders[i]);
  kill(s, atreides, 1);  // awaited for its forces either way
  GameState early = revival_of(s);
  const Revive duncan{ForceCount{0}, ForceCount{0}, leaders[3], ForceCount{0}};
  expect_rejected(early, envelope(early, atreides, duncan), RejectCode::IllegalChoice);  // Yueh lives

  kill_leader(s, leaders[4]);
  s = revival_of(s);
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  const Spice bank = s.bank;
  SeededChance chance(1);
  s = play(s, atreides, duncan, chance);
  EXPECT_EQ(s.leaders[leaders[3].value].where, LeaderLocation::Available);
  EXPECT_EQ(s.seat(atreides).spice, Spice{8});  // Duncan Idaho's strength, 2
  EXPECT_EQ(s.bank, bank + Spice{2});

  // Next turn: Duncan has died once, so another leader may follow; one per command.
  s = revival_of(s);
  ASSERT_EQ(pending(s), std::vector<Seat>{atreides});
  s.seat(atreides).spice = Spice{4};
  const Revive thufir{ForceCount{0}, ForceCount{0}, leaders[0], ForceCount{0}};
  expect_rejected(s, envelope(s, atreides, thufir), RejectCode::InsufficientSpice);  // costs 5
  s = play(s, atreides, Revive{ForceCount{0}, ForceCount{0}, leaders[2], ForceCount{0}, false}, chance);
  EXPECT_EQ(s.leaders[leaders[2].value].where, LeaderLocation::Available);
  EXPECT_EQ(s.seat(atreides).spice, Spice{0});
}

// [LR] 1.05.03: "no Active Leaders or all of their leaders have died at least once". A leader
// captured by the Harkonnen has not died: with one revived leader active, nobody is revived; once
// no leader is active, one is.
TEST(RevivalTest, ACapturedLeaderThatNeverDiedBarsRevivalWhileAnotherIsActive) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const auto leaders = ordinary_leaders(Faction::Atreides);  // Thufir 5, Jessica 5, Gurney 4, Duncan 2, Yueh 1
  for (std::size_t i = 0; i < 4; ++i) kill_leader(s, leaders[i]);
  s.leaders[leaders[0].value].where = LeaderLocation::Available;  // Thufir died once and was revived
  s.leaders[leaders[4].value].where = LeaderLocation::Captured;   // Yueh never died
  s.leaders[leaders[4].value].holder = seat_of(s, Faction::Harkonnen);
  kill(s, atreides, 1);
  GameState active = revival_of(s);
  const Revive duncan{ForceCount{0}, ForceCount{0}, leaders[3], ForceCount{0}};
  expect_rejected(active, envelope(active, atreides, duncan), RejectCode::IllegalChoice);

  kill_leader(s, leaders[0], LeaderLocation::TanksFaceDown);  // Thufir dies again: no leader is active
  s = revival_of(s);
  SeededChance chance(1);
  s = play(s, atreides, duncan, chance);
  EXPECT_EQ(s.leaders[leaders[3].value].where, LeaderLocation::Available);
}

TEST(RevivalTest, FaceDownLeaderWaitsForTheFaceUpOnes) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const auto leaders = ordinary_leaders(Faction::Atreides);
  for (std::size_t i = 0; i < 5; ++i) kill_leader(s, leaders[i]);
  s.leaders[leaders[0].value].where = LeaderLocation::TanksFaceDown;  // Thufir died twice
  for (std::size_t i = 2; i < 5; ++i) s.leaders[leaders[i].value].where = LeaderLocation::Available;
  s = revival_of(s);
  const Revive thufir{ForceCount{0}, ForceCount{0}, leaders[0], ForceCount{0}};
  expect_rejected(s, envelope(s, atreides, thufir), RejectCode::IllegalChoice);  // Jessica is face up
  s.leaders[leaders[1].value].where = LeaderLocation::Available;
  SeededChance chance(1);
  s = play(s, atreides, thufir, chance);
  EXPECT_EQ(s.leaders[leaders[0].value].where, LeaderLocation::Available);
}

TEST(RevivalTest, OneSardaukarPerTurnInAdvanced) {
  GameState s = table(Options::advanced(kTable));
  const Seat emperor = seat_of(s, Faction::Emperor);
  kill(s, emperor, 0, 3);
  s = revival_of(s);
  expect_rejected(s, envelope(s, emperor, forces(0, 2)), RejectCode::IllegalChoice);
  SeededChance chance(1);
  s = play(s, emperor, forces(0, 1), chance);
  EXPECT_EQ(s.seat(emperor).tanks_special, ForceCount{2});
  EXPECT_EQ(s.seat(emperor).reserves_special, ForceCount{3});
  EXPECT_EQ(s.seat(emperor).spice, Spice{10});  // the free revival
}

Revive with_extra(int normal, int special, int extra) {
  return Revive{ForceCount{normal}, ForceCount{special}, std::nullopt, ForceCount{extra}, false};
}

// Atreides allied with the Emperor, 8 Atreides forces in the Tanks, the Emperor grants 6 spice.
GameState emperor_ally_table() {
  GameState s = table(Options::basic(kTable));
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Emperor});
  kill(s, seat_of(s, Faction::Atreides), 8);
  s.seat(seat_of(s, Faction::Emperor)).ally_spice_limit = Spice{6};
  return s;
}

TEST(RevivalTest, EmperorPaysForUpToThreeExtraRevivalsOfItsAlly) {
  GameState s = revival_of(emperor_ally_table());
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat emperor = seat_of(s, Faction::Emperor);
  const Spice bank = s.bank;
  const ForceCount reserves = s.seat(atreides).reserves_normal;
  SeededChance chance(1);
  // 3 within the limit (2 free, 1 at 2 spice paid by Atreides) and 3 extra (6 paid by the Emperor).
  s = play(s, atreides, with_extra(6, 0, 3), chance);
  EXPECT_EQ(s.seat(atreides).spice, Spice{8});
  EXPECT_EQ(s.seat(emperor).spice, Spice{4});
  EXPECT_EQ(s.seat(emperor).ally_spice_limit, Spice{0});  // the grant is spent
  EXPECT_EQ(s.bank, bank + Spice{8});
  EXPECT_EQ(s.seat(atreides).tanks_normal, ForceCount{2});
  EXPECT_EQ(s.seat(atreides).reserves_normal, reserves + ForceCount{6});
}

// [LR] 2.03.07 ✷, 3.01.11.01, 3.04: the Harkonnen's standing Karama order cancels the Emperor's
// extras as Atreides revive with them: nothing is revived or paid, the card is discarded, and
// Atreides retake their revival, now without the extras.
TEST(RevivalTest, AKaramaCancelsTheEmperorsExtrasAndTheAllyRetakesWithout) {
  GameState s = emperor_ally_table();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat emperor = seat_of(s, Faction::Emperor);
  const Seat harkonnen = seat_of(s, Faction::Harkonnen);
  const TreacheryCardId karama = testing::card_named("Karama");
  ASSERT_TRUE(s.treachery.deck.take_unseen(karama)) << "a Karama still in the deck after setup";
  s.seat(harkonnen).hand.push_back(karama);
  SeededChance chance(1);
  s = play(revival_of(s), harkonnen, ArmKarama{KaramaAbility::EmperorAllyRevivals}, chance);
  const Spice atreides_spice = s.seat(atreides).spice, emperor_spice = s.seat(emperor).spice, bank = s.bank;
  s = play(s, atreides, with_extra(6, 0, 3), chance);
  ASSERT_EQ(s.karama.cancels.size(), 1U);
  EXPECT_EQ(s.karama.cancels[0].by, harkonnen);
  EXPECT_EQ(s.karama.cancels[0].against, atreides);
  EXPECT_EQ(s.karama.cancels[0].ability, KaramaAbility::EmperorAllyRevivals);
  EXPECT_EQ(s.treachery.discard.back(), karama);
  EXPECT_EQ(s.seat(atreides).tanks_normal, ForceCount{8});  // nothing revived
  EXPECT_EQ(s.seat(atreides).spice, atreides_spice);
  EXPECT_EQ(s.seat(emperor).spice, emperor_spice);
  EXPECT_EQ(s.bank, bank);
  const std::vector<Seat> awaited = pending(s);
  EXPECT_NE(std::ranges::find(awaited, atreides), awaited.end()) << "Atreides retake their revival";
  expect_rejected(s, envelope(s, atreides, with_extra(4, 0, 1)), RejectCode::IllegalChoice);
  s = play(s, atreides, forces(3), chance);
  EXPECT_EQ(s.seat(atreides).tanks_normal, ForceCount{5});
  EXPECT_EQ(s.seat(emperor).spice, emperor_spice);
}

TEST(RevivalTest, EmperorExtraRevivalsAreLimitedAndListedExactly) {
  GameState s = revival_of(emperor_ally_table());
  const Seat atreides = seat_of(s, Faction::Atreides);
  expect_rejected(s, envelope(s, atreides, with_extra(7, 0, 4)), RejectCode::IllegalChoice);  // at most 3
  expect_rejected(s, envelope(s, atreides, with_extra(7, 0, 3)), RejectCode::IllegalChoice);  // 4 within the limit
  expect_rejected(s, envelope(s, atreides, with_extra(2, 0, 1)), RejectCode::IllegalChoice);  // limit not filled
  expect_rejected(s, envelope(s, atreides, with_extra(4, 0, 0)), RejectCode::IllegalChoice);  // extra not named
  expect_rejected(s, envelope(s, atreides, with_extra(4, 0, -1)), RejectCode::IllegalChoice);
  int extras = 0;
  for (const Command& c : legal_commands(s, atreides)) {
    if (const auto* r = std::get_if<Revive>(&c)) {
      EXPECT_EQ(r->ally_paid_extra.value, std::max(0, (r->normal + r->special).value - 3));
      extras += r->ally_paid_extra > ForceCount{0} ? 1 : 0;
    }
  }
  EXPECT_EQ(extras, 3);  // 4, 5 and 6 forces
}

TEST(RevivalTest, EmperorExtraRevivalsNeedHisGrant) {
  GameState s = emperor_ally_table();
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat emperor = seat_of(s, Faction::Emperor);
  s.seat(emperor).ally_spice_limit = Spice{3};
  s = revival_of(s);
  expect_rejected(s, envelope(s, atreides, with_extra(5, 0, 2)), RejectCode::InsufficientSpice);  // costs 4 of 3
  s.seat(emperor).ally_spice_limit = Spice{0};
  expect_rejected(s, envelope(s, atreides, with_extra(4, 0, 1)), RejectCode::InsufficientSpice);
  // The grant is capped by the Emperor's spice.
  s.seat(emperor).ally_spice_limit = Spice{6};
  s.seat(emperor).spice = Spice{1};
  expect_rejected(s, envelope(s, atreides, with_extra(4, 0, 1)), RejectCode::InsufficientSpice);
  s.seat(emperor).spice = Spice{2};
  SeededChance chance(1);
  s = play(s, atreides, with_extra(4, 0, 1), chance);
  EXPECT_EQ(s.seat(emperor).spice, Spice{0});
}

TEST(RevivalTest, OnlyTheEmperorsAllyRevivesExtra) {
  GameState s = table(Options::basic(kTable));
  const Seat atreides = seat_of(s, Faction::Atreides);
  const Seat emperor = seat_of(s, Faction::Emperor);
  kill(s, atreides, 5);
  kill(s, emperor, 5);
  s.seat(emperor).ally_spice_limit = Spice{6};
  GameState unallied = revival_of(s);
  expect_rejected(unallied, envelope(unallied, atreides, with_extra(4, 0, 1)), RejectCode::IllegalChoice);
  s.alliances.push_back(Alliance{Faction::Atreides, Faction::Harkonnen});
  GameState other = revival_of(s);
  expect_rejected(other, envelope(other, atreides, with_extra(4, 0, 1)), RejectCode::IllegalChoice);
  s.alliances = {Alliance{Faction::Atreides, Faction::Emperor}};
  s.seat(atreides).ally_spice_limit = Spice{6};
  s = revival_of(s);
  expect_rejected(s, envelope(s, emperor, with_extra(4, 0, 1)), RejectCode::IllegalChoice);  // not for himself
}

TEST(RevivalTest, EmperorExtrasKeepTheOneFedaykinCap) {
  GameState s = table(Options::advanced({Faction::Emperor, Faction::Fremen}));
  const Seat fremen = seat_of(s, Faction::Fremen);
  s.alliances.push_back(Alliance{Faction::Emperor, Faction::Fremen});
  s.seat(seat_of(s, Faction::Emperor)).ally_spice_limit = Spice{10};
  kill(s, fremen, 3, 2);
  s = revival_of(s);
  expect_rejected(s, envelope(s, fremen, with_extra(3, 2, 2)), RejectCode::IllegalChoice);  // 2 Fedaykin
  SeededChance chance(1);
  s = play(s, fremen, with_extra(3, 1, 1), chance);
  EXPECT_EQ(s.seat(fremen).tanks_special, ForceCount{1});
  EXPECT_EQ(s.seat(fremen).tanks_normal, ForceCount{0});
}

}  // namespace
}  // namespace dune

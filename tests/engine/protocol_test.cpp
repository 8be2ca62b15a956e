// The command protocol: compare-and-swap, idempotent ids, atomic rejections (DESIGN.md).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include "generators/random_player.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

using testing::envelope;
using testing::expect_rejected;
using testing::seat_of;

GameState predicting_game() {
  SeededChance chance(7);
  return testing::start(Options::basic(kBaseFactions), chance);
}

template <std::size_t... I>
std::vector<Command> every_kind(std::index_sequence<I...>) {
  return {Command{std::variant_alternative_t<I, Command>{}}...};
}

// `verdicts` answers as `submit` does for a fresh id at the state's version: along a random game,
// for every seat, its legal commands and every command kind with default fields.
TEST(ProtocolTest, VerdictsAnswerAsSubmit) {
  const std::vector<Command> kinds = every_kind(std::make_index_sequence<std::variant_size_v<Command>>{});
  int accepted = 0, rejected = 0;
  generators::play_random_game(Options::advanced(kBaseFactions), 11, 400, [&](const GameState& s, const LogEntry&, const GameState&) {
    if (s.version % 5 != 0) return;
    for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
      const Seat seat{i};
      std::vector<Command> commands = legal_commands(s, seat);
      commands.insert(commands.end(), kinds.begin(), kinds.end());
      const auto answers = verdicts(s, seat, commands);
      ASSERT_EQ(answers.size(), commands.size());
      for (std::size_t k = 0; k < commands.size(); ++k) {
        const SubmitResult r = submit(s, Envelope{CommandId{s.committed.highest_id() + 1}, seat, s.version, commands[k]});
        const auto* rejection = std::get_if<Rejection>(&r);
        ASSERT_EQ(answers[k].has_value(), rejection != nullptr) << to_string(commands[k]);
        if (rejection) {
          EXPECT_EQ(*answers[k], *rejection) << to_string(commands[k]);
        }
        (rejection ? rejected : accepted) += 1;
      }
    }
  });
  EXPECT_GT(accepted, 100);
  EXPECT_GT(rejected, 1000);
}

TEST(ProtocolTest, StaleVersionIsRejectedAndChangesNothing) {
  const GameState s = predicting_game();
  Envelope e = envelope(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Fremen, 3});
  e.expected_version = s.version + 1;
  expect_rejected(s, e, RejectCode::StaleVersion);
}

TEST(ProtocolTest, RetryOfACommittedCommandReturnsTheSameReceiptAndChangesNothing) {
  const GameState s = predicting_game();
  const Envelope e = envelope(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Fremen, 3});
  auto first = submit(s, e);
  ASSERT_TRUE(std::holds_alternative<Accepted>(first));
  const Accepted& a = std::get<Accepted>(first);
  auto retry = submit(a.next, e);  // the version has moved on; the id decides
  ASSERT_TRUE(std::holds_alternative<Accepted>(retry));
  EXPECT_EQ(std::get<Accepted>(retry).receipt, a.receipt);
  EXPECT_EQ(std::get<Accepted>(retry).next, a.next);
}

TEST(ProtocolTest, SameIdWithAnotherCommandIsADuplicate) {
  const GameState s = predicting_game();
  const Envelope e = envelope(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Fremen, 3});
  const GameState next = std::get<Accepted>(submit(s, e)).next;
  Envelope other = e;
  other.command = Predict{Faction::Emperor, 4};
  other.expected_version = next.version;
  expect_rejected(next, other, RejectCode::DuplicateCommandId);
}

TEST(ProtocolTest, AnotherSeatIsNotAwaited) {
  const GameState s = predicting_game();
  expect_rejected(s, envelope(s, seat_of(s, Faction::Atreides), Predict{Faction::Fremen, 3}),
                  RejectCode::NotYourTurn);
}

TEST(ProtocolTest, UnknownSeatIsRejected) {
  const GameState s = predicting_game();
  expect_rejected(s, envelope(s, Seat{6}, Predict{Faction::Fremen, 3}), RejectCode::UnknownSeat);
}

TEST(ProtocolTest, WrongCommandForTheStepIsRejected) {
  const GameState s = predicting_game();
  expect_rejected(s, envelope(s, seat_of(s, Faction::BeneGesserit), DialStorm{3}), RejectCode::WrongPhase);
}

TEST(ProtocolTest, CommandsWaitWhileAChanceStepIsPending) {
  // Without the Bene Gesserit the game opens on the traitor deal, a chance step.
  auto game = new_game(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const GameState s = std::get<GameState>(game);
  ASSERT_TRUE(s.chance.has_value());
  EXPECT_TRUE(pending(s).empty());
  expect_rejected(s, envelope(s, Seat{0}, Pass{}), RejectCode::ChancePending);
}

TEST(ProtocolTest, AChanceOutcomeMustBeListed) {
  auto game = new_game(Options::basic({Faction::Atreides, Faction::Harkonnen}));
  const GameState s = std::get<GameState>(game);
  const auto outcomes = chance_outcomes(s);
  ASSERT_EQ(outcomes.size(), 10U);  // 10 unseen traitor cards, in a sorted, uninformative order
  std::uint8_t missing = 0;
  while (std::find(outcomes.begin(), outcomes.end(), missing) != outcomes.end()) ++missing;
  auto result = apply_chance(s, missing);
  EXPECT_TRUE(std::holds_alternative<Rejection>(result));
}

TEST(ProtocolTest, ReceiptsNameTheKindButNotTheSecret) {
  const GameState s = predicting_game();
  const auto a = std::get<Accepted>(submit(s, envelope(s, seat_of(s, Faction::BeneGesserit), Predict{Faction::Fremen, 3})));
  EXPECT_EQ(a.receipt.summary, "Bene Gesserit: predict");
  EXPECT_EQ(a.receipt.summary.find("Fremen"), std::string::npos);
}

// Random legal commands (by index into legal_commands) are always accepted; a command that is not
// listed is always rejected and changes nothing.
RC_GTEST_PROP(ProtocolTest, ListedCommandsAreAcceptedAndUnlistedRejected, ()) {
  const auto seed = *rc::gen::arbitrary<std::uint64_t>();
  SeededChance chance(seed);
  GameState s = testing::start(Options::basic(kBaseFactions), chance);
  for (int step = 0; step < 60 && !is_terminal(s); ++step) {
    const auto seats = pending(s);
    RC_ASSERT(!seats.empty());
    const Seat seat = seats[*rc::gen::inRange<std::size_t>(0, seats.size())];
    const auto legal = legal_commands(s, seat);
    RC_ASSERT(!legal.empty());
    // An unlisted probe: each candidate kind the seat was not offered is rejected.
    for (const Command& probe : {Command{Pass{}}, Command{DialStorm{25}}, Command{Predict{Faction::BeneGesserit, 1}}}) {
      if (std::find(legal.begin(), legal.end(), probe) != legal.end()) continue;
      const GameState before = s;
      RC_ASSERT(std::holds_alternative<Rejection>(submit(s, testing::envelope(s, seat, probe))));
      RC_ASSERT(s == before);
    }
    const Command c = legal[*rc::gen::inRange<std::size_t>(0, legal.size())];
    auto result = submit(s, testing::envelope(s, seat, c));
    RC_ASSERT(std::holds_alternative<Accepted>(result));
    s = settle(std::get<Accepted>(std::move(result)).next, chance);
  }
}

}  // namespace
}  // namespace dune

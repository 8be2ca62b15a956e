// History (model/history.h): copies share their chunks and their partial buffer; appending to one
// copy never changes another. Checked against std::vector over random trees of copies and appends,
// across the chunk boundary, and with copies appended to from two threads at once.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "model/history.h"
#include "model/state.h"

namespace dune {
namespace {

using H = History<std::string, 4>;  // a small chunk: the tree crosses many chunk boundaries

std::vector<std::string> contents(const H& h) { return h.to_vector(); }

TEST(HistoryTest, CopiesAppendIndependentlyAndCompareByContent) {
  std::mt19937 random(20261202);
  std::vector<H> histories(1);
  std::vector<std::vector<std::string>> models(1);
  for (int step = 0; step < 4000; ++step) {
    const std::size_t i = random() % histories.size();
    if (random() % 3 == 0 && histories.size() < 64) {  // fork: a copy shares everything so far
      histories.push_back(histories[i]);
      models.push_back(models[i]);
    } else {
      const std::string value = std::to_string(random() % 5);
      histories[i].push_back(value);
      models[i].push_back(value);
    }
    for (std::size_t k = 0; k < histories.size(); ++k) {
      ASSERT_EQ(histories[k].size(), models[k].size()) << "history " << k << " at step " << step;
    }
  }
  for (std::size_t a = 0; a < histories.size(); ++a) {
    ASSERT_EQ(contents(histories[a]), models[a]) << "history " << a;
    if (!models[a].empty()) {
      EXPECT_EQ(histories[a].back(), models[a].back());
    }
    for (std::size_t b = 0; b < histories.size(); ++b) {
      EXPECT_EQ(histories[a] == histories[b], models[a] == models[b]) << a << " vs " << b;
    }
  }
}

TEST(HistoryTest, EqualContentBuiltSeparatelyIsEqual) {
  H a, b;
  for (int i = 0; i < 10; ++i) {
    a.push_back(std::to_string(i));
    b.push_back(std::to_string(i));
  }
  EXPECT_EQ(a, b);
  H c = a;
  c.push_back("x");
  EXPECT_FALSE(a == c);
  a.push_back("y");  // a fell behind c's append in the shared buffer: it copies its own prefix
  EXPECT_FALSE(a == c);
  EXPECT_EQ(a[10], "y");
  EXPECT_EQ(c[10], "x");
}

TEST(HistoryTest, MovedFromIsEmptyAndUsable) {
  H a;
  a.push_back("1");
  H b = std::move(a);
  EXPECT_EQ(b.size(), 1u);
  EXPECT_EQ(a.size(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is specified
  a.push_back("2");
  EXPECT_EQ(contents(a), std::vector<std::string>{"2"});
  EXPECT_EQ(contents(b), std::vector<std::string>{"1"});
}

// Two threads append to copies of one History at once: each sees only its own appends.
TEST(HistoryTest, CopiesMayBeAppendedToFromDifferentThreads) {
  History<std::string> shared;
  for (int i = 0; i < 40; ++i) shared.push_back(std::to_string(i));
  auto grow = [&shared](const std::string& tag, std::vector<std::string>* out) {
    History<std::string> mine = shared;
    for (int i = 0; i < 500; ++i) {
      History<std::string> fork = mine;  // forks race for the same slot of the shared buffer
      fork.push_back(tag + "-fork");
      mine.push_back(tag + std::to_string(i));
    }
    *out = mine.to_vector();
  };
  std::vector<std::string> a, b;
  std::thread ta(grow, "a", &a), tb(grow, "b", &b);
  ta.join();
  tb.join();
  ASSERT_EQ(a.size(), 540u);
  ASSERT_EQ(b.size(), 540u);
  for (int i = 0; i < 40; ++i) EXPECT_EQ(a[i], std::to_string(i));
  for (int i = 0; i < 500; ++i) {
    EXPECT_EQ(a[40 + i], "a" + std::to_string(i));
    EXPECT_EQ(b[40 + i], "b" + std::to_string(i));
  }
  EXPECT_EQ(shared.size(), 40u);
}

// The committed table's highest id (what `submit` reads to know a fresh id) is the largest id in
// it, whatever the order ids came in; a moved-from table is empty and starts again from 0.
TEST(HistoryTest, CommittedTableKeepsItsHighestId) {
  CommittedTable t;
  EXPECT_EQ(t.highest_id(), 0u);
  for (std::uint64_t id : {5u, 9u, 7u}) t.push_back(Committed{Envelope{CommandId{id}, Seat{0}, 0, Pass{}}, {}});
  EXPECT_EQ(t.highest_id(), 9u);
  CommittedTable moved = std::move(t);
  EXPECT_EQ(moved.highest_id(), 9u);
  EXPECT_EQ(t.size(), 0u);        // NOLINT(bugprone-use-after-move): the moved-from state is specified
  EXPECT_EQ(t.highest_id(), 0u);  // NOLINT(bugprone-use-after-move)
  t.push_back(Committed{Envelope{CommandId{2}, Seat{0}, 0, Pass{}}, {}});
  EXPECT_EQ(t.highest_id(), 2u);
}

// `find` answers the record of every id and none for an id never used, both while the ids increase
// (a binary search over a table longer than a History chunk) and once they do not (a scan).
TEST(HistoryTest, CommittedTableFindsEveryIdInEitherOrder) {
  CommittedTable increasing, shuffled;
  std::vector<std::uint64_t> ids;
  for (std::uint64_t i = 0; i < 300; ++i) ids.push_back(3 * i + 2);
  for (std::uint64_t id : ids) increasing.push_back(Committed{Envelope{CommandId{id}, Seat{0}, id, Pass{}}, {}});
  std::vector<std::uint64_t> order = ids;
  std::swap(order[10], order[200]);  // one id below one before it: no longer increasing
  for (std::uint64_t id : order) shuffled.push_back(Committed{Envelope{CommandId{id}, Seat{0}, id, Pass{}}, {}});
  for (const CommittedTable* t : {&increasing, &shuffled}) {
    for (std::uint64_t id : ids) {
      const Committed* found = t->find(CommandId{id});
      ASSERT_NE(found, nullptr) << id;
      EXPECT_EQ(found->envelope.expected_version, id);
    }
    for (std::uint64_t absent : {0u, 1u, 3u, 4u, 898u, 5000u}) EXPECT_EQ(t->find(CommandId{absent}), nullptr) << absent;
  }
}

}  // namespace
}  // namespace dune

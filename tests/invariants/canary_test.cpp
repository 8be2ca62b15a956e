// The canary (issue 7 item 2, noninterference): plant unique marker values in hidden fields — a
// one-copy Treachery card in a hand, a recognizable traitor, a Bene Gesserit prediction, a held
// Nexus card — and search every other observer's serialized view and every rejection message it
// gets for them. Where the marker's name appears legitimately elsewhere (leader names are public),
// the other observers' views and messages must be byte-identical under two different plantings.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "engine/chance_source.h"
#include "engine/engine.h"
#include "engine/projection.h"
#include "generators/random_player.h"
#include "invariants/noninterference.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

constexpr Seat kOwner{1};  // the seat whose secrets are planted

// Six seats past the setup deal (hands and traitors dealt).
GameState table(NexusModuleMode nexus = NexusModuleMode::Off) {
  Options o = Options::basic(kBaseFactions);
  o.nexus = nexus;
  if (!std::holds_alternative<GameState>(new_game(o))) return {};
  return generators::play_random_game(o, 7, 12).final_state;
}

// Everything one observer reads: its serialized view and its answers to every probe.
std::string everything_seen(const GameState& s, Observer o) {
  std::string out = o ? view_to_json(project_seat(s, *o)).dump() : view_to_json(project_public(s)).dump();
  if (!o) return out;
  for (const Command& c : probe_commands()) {
    const auto r = submit(s, Envelope{CommandId{999'999}, *o, s.version, c});
    if (const auto* x = std::get_if<Rejection>(&r)) out += "\n" + x->message;
  }
  return out;
}

std::vector<Observer> others(const GameState& s) {
  std::vector<Observer> out{std::nullopt};
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
    if (Seat{i} != kOwner) out.push_back(Seat{i});
  }
  return out;
}

// A Treachery card of which one copy exists, not in the owner's hand: the marker.
TreacheryCardId one_copy_card(const GameState& s) {
  for (TreacheryCardId c : s.treachery.deck.unseen) {
    if (card_type(c).copies == 1) return c;
  }
  ADD_FAILURE() << "no one-copy card in the deck";
  return {};
}

TEST(CanaryTest, APlantedCardNameReachesNoOtherObserver) {
  GameState s = table();
  const TreacheryCardId marker = one_copy_card(s);
  const std::string name(card_type(marker).name);
  for (Observer o : others(s)) ASSERT_EQ(everything_seen(s, o).find(name), std::string::npos) << name << " is visible before planting";
  ASSERT_FALSE(s.seat(kOwner).hand.empty());
  // Swap the marker with the owner's first card: hand sizes stay.
  const TreacheryCardId swapped = s.seat(kOwner).hand.front();
  s.treachery.deck.take_unseen(marker);
  s.treachery.deck.add_unseen(swapped);
  s.seat(kOwner).hand.front() = marker;
  std::sort(s.seat(kOwner).hand.begin(), s.seat(kOwner).hand.end());
  EXPECT_NE(everything_seen(s, kOwner).find(name), std::string::npos) << "the owner sees its own card";
  for (Observer o : others(s)) {
    EXPECT_EQ(everything_seen(s, o).find(name), std::string::npos)
        << name << " leaks to " << (o ? std::string(to_string(s.faction_of(*o))) : std::string("the public"));
  }
}

TEST(CanaryTest, APlantedTraitorChangesNothingOtherObserversSee) {
  GameState a = table();
  auto& offer = a.seat(kOwner).traitors.empty() ? a.seat(kOwner).traitor_offer : a.seat(kOwner).traitors;
  ASSERT_FALSE(offer.empty());
  ASSERT_FALSE(a.traitor_deck.unseen.empty());
  GameState b = a;
  auto& offer_b = b.seat(kOwner).traitors.empty() ? b.seat(kOwner).traitor_offer : b.seat(kOwner).traitors;
  const TraitorCardId planted = b.traitor_deck.unseen.front();
  b.traitor_deck.take_unseen(planted);
  b.traitor_deck.add_unseen(offer_b.front());
  offer_b.front() = planted;
  EXPECT_NE(everything_seen(a, kOwner), everything_seen(b, kOwner)) << "the owner sees its own traitors";
  for (Observer o : others(a)) EXPECT_EQ(everything_seen(a, o), everything_seen(b, o));
}

TEST(CanaryTest, APlantedPredictionChangesNothingOtherObserversSee) {
  GameState a = table();
  const auto bg = a.seat_of(Faction::BeneGesserit);
  ASSERT_TRUE(bg);
  a.prediction = Prediction{Faction::Emperor, 7};
  GameState b = a;
  b.prediction = Prediction{Faction::Fremen, 2};
  EXPECT_NE(everything_seen(a, *bg), everything_seen(b, *bg)) << "the Bene Gesserit see their prediction";
  for (std::uint8_t i = 0; i <= a.seat_count(); ++i) {
    const Observer o = i < a.seat_count() ? Observer{Seat{i}} : std::nullopt;
    if (o == bg) continue;
    EXPECT_EQ(everything_seen(a, o), everything_seen(b, o));
  }
}

TEST(CanaryTest, APlantedNexusCardChangesNothingOtherObserversSee) {
  GameState a = table(NexusModuleMode::Audit);
  if (!a.nexus.enabled || a.nexus.deck.unseen.size() < 2) GTEST_SKIP() << "the Nexus module is not wired in this build";
  GameState b = a;
  const NexusCardId first = a.nexus.deck.unseen[0], second = a.nexus.deck.unseen[1];
  a.nexus.deck.take_unseen(first);
  a.nexus.held[kOwner.value] = first;
  b.nexus.deck.take_unseen(second);
  b.nexus.held[kOwner.value] = second;
  EXPECT_NE(everything_seen(a, kOwner), everything_seen(b, kOwner)) << "the holder sees its card";
  for (Observer o : others(a)) EXPECT_EQ(everything_seen(a, o), everything_seen(b, o));
}

}  // namespace
}  // namespace dune::invariants

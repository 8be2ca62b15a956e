// The Nexus card module's common lifecycle: one named test per item 1–9 of seed 000's
// "Executable lifecycle composition", plus the dealing order.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "engine/projection.h"
#include "invariants/census.h"
#include "io/persistence.h"
#include "model/nexus_registry.h"
#include "nexus_support.h"

namespace dune {
namespace {

using namespace nexus_testing;
using testing::envelope;
using testing::expect_rejected;

Seat emperor(const GameState& s) { return seat_of(s, Faction::Emperor); }
Seat guild(const GameState& s) { return seat_of(s, Faction::SpacingGuild); }

// Gives `seat` the card, taking it from wherever it is (keeps the census whole).
void give(GameState& s, Seat seat, Faction card) {
  const NexusCardId id{card};
  if (!s.nexus.deck.take_unseen(id)) std::erase(s.nexus.discard, id);
  for (auto& h : s.nexus.held) {
    if (h == id) h.reset();
  }
  if (s.nexus.held[seat.value]) s.nexus.discard.push_back(*s.nexus.held[seat.value]);
  s.nexus.held[seat.value] = id;
}

TEST(NexusLifecycle, Item1_SeparateDeckNeverTouchesTreacheryCards) {
  StagedChance chance(1);
  GameState s = at_opportunity(chance);
  ASSERT_EQ(s.step, Step::NexusDraw);
  const auto hands_before = s.seat(emperor(s)).hand;
  const auto treachery_discard = s.treachery.discard;
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Fremen));
  s = play(s, pending(s).front(), DrawNexus{}, chance);
  EXPECT_EQ(s.seat(emperor(s)).hand, hands_before);
  EXPECT_EQ(s.treachery.discard, treachery_discard);
  EXPECT_TRUE(invariants::check_census(s).empty());
  // The census counts Nexus cards only with the module on, each identity once.
  GameState broken = s;
  broken.nexus.discard.push_back(NexusCardId{Faction::Fremen});
  EXPECT_FALSE(invariants::check_census(broken).empty());
}

TEST(NexusLifecycle, Item2_InitializedOnlyWhenSelectedWithAbsentFactionsAndNoDeal) {
  const GameState s = audit_game();
  EXPECT_TRUE(s.nexus.enabled);
  EXPECT_EQ(s.nexus.deck.size(), kFactionCount);
  EXPECT_NE(std::find(s.nexus.deck.unseen.begin(), s.nexus.deck.unseen.end(), NexusCardId{Faction::Moritani}),
            s.nexus.deck.unseen.end());  // absent faction
  for (const auto& h : s.nexus.held) EXPECT_FALSE(h.has_value());
  Options released = audit_options(kFour);
  released.nexus = NexusModuleMode::Released;
  const auto game = new_game(released);
  ASSERT_TRUE(std::holds_alternative<Rejection>(game));
  EXPECT_NE(std::get<Rejection>(game).message.find("verified"), std::string::npos);
  EXPECT_FALSE(all_families_verified());
}

TEST(NexusLifecycle, Item3_AdvancedBlowAAloneIssuesNoDrawAndBlowBKeepsTheNexus) {
  StagedChance chance(2);
  // Pile A: a worm then a territory (a Nexus); pile B: a territory, no worm.
  GameState s = enter_blow(audit_game(true), 2, {worm(), territory_card(0), territory_card(1)}, chance);
  ASSERT_EQ(s.step, Step::NexusNegotiation);
  EXPECT_EQ(s.blow.pile, 0);
  s = play(s, seat_of(s, Faction::Atreides), ProposeAlliance{Faction::Harkonnen}, chance);
  s = play(s, seat_of(s, Faction::Harkonnen), AcceptAlliance{Faction::Atreides}, chance);
  s = all_pass(s, Step::NexusNegotiation, chance);
  // The draw comes only at the end of the whole phase, after pile B, which had no Nexus.
  ASSERT_EQ(s.step, Step::NexusDraw);
  EXPECT_EQ(s.blow.pile, 1);
  EXPECT_TRUE(s.blow.nexus_occurred);
}

TEST(NexusLifecycle, Item3_FinalAlliancesDecideEligibility) {
  StagedChance chance(3);
  // Pile A: Nexus, Atreides–Harkonnen ally; pile B: another Nexus in which Atreides breaks it.
  GameState s = enter_blow(audit_game(true), 2, {worm(0), territory_card(0), worm(1), territory_card(1)}, chance);
  s = play(s, seat_of(s, Faction::Atreides), ProposeAlliance{Faction::Harkonnen}, chance);
  s = play(s, seat_of(s, Faction::Harkonnen), AcceptAlliance{Faction::Atreides}, chance);
  while (s.blow.pile == 0) s = play(s, pending(s).front(), Pass{}, chance);  // the rest of A's Nexus
  ASSERT_EQ(s.step, Step::NexusNegotiation);  // pile B's Nexus
  EXPECT_EQ(s.blow.pile, 1);
  s = play(s, seat_of(s, Faction::Atreides), BreakAlliance{}, chance);
  s = all_pass(s, Step::NexusNegotiation, chance);
  EXPECT_TRUE(s.alliances.empty());
  EXPECT_NE(s.step, Step::NexusDraw);  // no alliance at the end: no draw
  EXPECT_EQ(s.phase, Phase::ChoamCharity);
}

TEST(NexusLifecycle, Item3_NoNexusThisPhaseMeansNoDrawEvenWithAnAlliance) {
  StagedChance chance(4);
  GameState s = at_opportunity(chance);
  s = all_pass(s, Step::NexusDraw, chance);
  ASSERT_EQ(s.phase, Phase::ChoamCharity);
  GameState next = enter_blow(s, 3, {territory_card(2)}, chance);  // no worm: no Nexus
  EXPECT_FALSE(next.blow.nexus_occurred);
  EXPECT_EQ(next.phase, Phase::ChoamCharity);
}

TEST(NexusLifecycle, Item4_OneOpportunityDrawKeepOrReplace) {
  StagedChance chance(5);
  GameState s = at_opportunity(chance);
  ASSERT_EQ(s.step, Step::NexusDraw);
  give(s, guild(s), Faction::Fremen);
  // Eligible: the unallied Emperor and Guild; each answers once.
  EXPECT_TRUE(s.nexus.eligible[emperor(s).value]);
  EXPECT_FALSE(s.nexus.eligible[seat_of(s, Faction::Atreides).value]);
  std::vector<Seat> answered;
  while (s.step == Step::NexusDraw) {
    const Seat seat = pending(s).front();
    answered.push_back(seat);
    chance.stage(ChanceKind::NexusDraw, nexus_outcome(seat == guild(s) ? Faction::Ixians : Faction::Tleilaxu));
    s = play(s, seat, DrawNexus{}, chance);
  }
  EXPECT_EQ(answered.size(), 2u);
  EXPECT_EQ(s.nexus.held[guild(s).value], NexusCardId{Faction::Ixians});  // replaced
  EXPECT_EQ(s.nexus.held[emperor(s).value], NexusCardId{Faction::Tleilaxu});
  EXPECT_EQ(s.nexus.discard, std::vector<NexusCardId>{NexusCardId{Faction::Fremen}});
  EXPECT_EQ(s.phase, Phase::ChoamCharity);
}

// Emperor draws its own card first under each policy.
GameState draw_own_first(RedrawPolicy policy, std::vector<Faction> then, StagedChance& chance) {
  GameState s = at_opportunity(chance);
  s = play(s, emperor(s), SetRedrawPolicy{policy}, chance);
  while (pending(s).front() != emperor(s)) s = play(s, pending(s).front(), Pass{}, chance);
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  for (Faction f : then) chance.stage(ChanceKind::NexusDraw, nexus_outcome(f));
  return play(s, emperor(s), DrawNexus{}, chance);
}

TEST(NexusLifecycle, Item4_RedrawPolicyKeepAnyKeepsOwnFaction) {
  StagedChance chance(6);
  const GameState s = at_opportunity(chance);
  EXPECT_EQ(s.nexus.redraw[emperor(s).value], RedrawPolicy::KeepAny);
  // KeepAny is the default: setting it again is a no-op, rejected.
  expect_rejected(s, envelope(s, emperor(s), SetRedrawPolicy{RedrawPolicy::KeepAny}), RejectCode::IllegalChoice);
  StagedChance c3(6);
  GameState keep = at_opportunity(c3);
  while (pending(keep).front() != emperor(keep)) keep = play(keep, pending(keep).front(), Pass{}, c3);
  c3.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  keep = play(keep, emperor(keep), DrawNexus{}, c3);
  EXPECT_EQ(keep.nexus.held[emperor(keep).value], NexusCardId{Faction::Emperor});
  EXPECT_TRUE(keep.nexus.discard.empty());
}

TEST(NexusLifecycle, Item4_RedrawOwnOnceRedrawsOnlyOnce) {
  StagedChance chance(7);
  // The own card is discarded physically; the second draw is kept even if it were own again
  // (here another card, since the only Emperor card is in the discard).
  GameState s = draw_own_first(RedrawPolicy::RedrawOwnOnce, {Faction::Fremen}, chance);
  EXPECT_EQ(s.nexus.held[emperor(s).value], NexusCardId{Faction::Fremen});
  EXPECT_EQ(s.nexus.discard, std::vector<NexusCardId>{NexusCardId{Faction::Emperor}});
  EXPECT_TRUE(chance.exhausted());
  // On a two-card staged deck the own card comes back after the reshuffle and is then kept.
  StagedChance c2(7);
  GameState t = at_opportunity(c2);
  t = play(t, emperor(t), SetRedrawPolicy{RedrawPolicy::RedrawOwnOnce}, c2);
  while (pending(t).front() != emperor(t)) t = play(t, pending(t).front(), Pass{}, c2);
  t.nexus.deck = HiddenPile<NexusCardId>{{}, {NexusCardId{Faction::Emperor}}, {}};
  t.nexus.discard = {NexusCardId{Faction::Fremen}};
  c2.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  c2.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  t = play(t, emperor(t), DrawNexus{}, c2);
  EXPECT_EQ(t.nexus.held[emperor(t).value], NexusCardId{Faction::Emperor});
}

TEST(NexusLifecycle, Item4_RedrawOwnAlwaysOnASmallStagedDeck) {
  StagedChance chance(8);
  GameState t = at_opportunity(chance);
  t = play(t, emperor(t), SetRedrawPolicy{RedrawPolicy::RedrawOwnAlways}, chance);
  while (pending(t).front() != emperor(t)) t = play(t, pending(t).front(), Pass{}, chance);
  t.nexus.deck = HiddenPile<NexusCardId>{{}, {NexusCardId{Faction::Emperor}}, {}};
  t.nexus.discard = {NexusCardId{Faction::Fremen}};
  // Own (forced), reshuffle, own again, then the Fremen card: redrawn every time it appears.
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Emperor));
  t = play(t, emperor(t), DrawNexus{}, chance);
  EXPECT_EQ(t.nexus.held[emperor(t).value], NexusCardId{Faction::Fremen});
  EXPECT_EQ(t.nexus.discard, std::vector<NexusCardId>{NexusCardId{Faction::Emperor}});
  // With no other card left it stops and keeps its own card.
  StagedChance c2(8);
  GameState u = at_opportunity(c2);
  u = play(u, emperor(u), SetRedrawPolicy{RedrawPolicy::RedrawOwnAlways}, c2);
  while (pending(u).front() != emperor(u)) u = play(u, pending(u).front(), Pass{}, c2);
  u.nexus.deck = HiddenPile<NexusCardId>{{}, {NexusCardId{Faction::Emperor}}, {}};
  u.nexus.discard.clear();
  u = play(u, emperor(u), DrawNexus{}, c2);
  EXPECT_EQ(u.nexus.held[emperor(u).value], NexusCardId{Faction::Emperor});
}

TEST(NexusLifecycle, Item4_RedrawPolicyIsPrivate) {
  StagedChance chance(9);
  GameState s = at_opportunity(chance);
  const Envelope e = envelope(s, guild(s), SetRedrawPolicy{RedrawPolicy::RedrawOwnAlways});
  auto result = submit(s, e);  // Guild is not awaited: a standing choice is still accepted
  ASSERT_TRUE(std::holds_alternative<Accepted>(result));
  const auto& accepted = std::get<Accepted>(result);
  EXPECT_EQ(accepted.receipt.summary.find("Always"), std::string::npos) << accepted.receipt.summary;
  EXPECT_EQ(project_public(accepted.next), [&] {
    PublicView v = project_public(s);
    v.version = accepted.next.version;
    return v;
  }());
  EXPECT_EQ(project_seat(accepted.next, guild(s)).redraw_policy, RedrawPolicy::RedrawOwnAlways);
  EXPECT_EQ(project_seat(accepted.next, emperor(s)).redraw_policy, RedrawPolicy::KeepAny);
}

TEST(NexusLifecycle, Item5_RetryNeverRerollsAndReloadContinuesIdentically) {
  StagedChance chance(10);
  GameState s = at_opportunity(chance);
  const Seat first = pending(s).front();
  const Envelope e = envelope(s, first, DrawNexus{});
  auto result = submit(s, e);
  ASSERT_TRUE(std::holds_alternative<Accepted>(result));
  chance.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Choam));
  const GameState after = settle(std::get<Accepted>(result).next, chance);
  ASSERT_EQ(after.nexus.held[first.value], NexusCardId{Faction::Choam});
  auto retry = submit(after, e);  // the same committed id: its receipt, nothing re-rolled
  ASSERT_TRUE(std::holds_alternative<Accepted>(retry));
  EXPECT_EQ(std::get<Accepted>(retry).next, after);
  // Save and load mid-opportunity: both continue identically under the same chance.
  const auto loaded = load_snapshot(save_snapshot(after));
  ASSERT_TRUE(std::holds_alternative<GameState>(loaded)) << std::get<LoadError>(loaded).message;
  EXPECT_EQ(std::get<GameState>(loaded), after);
  StagedChance a(77), b(77);
  a.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Ecaz));
  b.stage(ChanceKind::NexusDraw, nexus_outcome(Faction::Ecaz));
  const Seat next = pending(after).front();
  EXPECT_EQ(play(after, next, DrawNexus{}, a), play(std::get<GameState>(loaded), next, DrawNexus{}, b));
}

TEST(NexusLifecycle, Item6_AlliancesDiscardBothPartnersCardsOffersNothing) {
  StagedChance chance(11);
  GameState s = enter_blow(audit_game(), 2, {worm(), territory_card()}, chance);
  const Seat atreides = seat_of(s, Faction::Atreides), harkonnen = seat_of(s, Faction::Harkonnen);
  give(s, atreides, Faction::Fremen);
  give(s, harkonnen, Faction::Ecaz);
  give(s, emperor(s), Faction::Choam);
  s = play(s, emperor(s), ProposeAlliance{Faction::SpacingGuild}, chance);
  s = play(s, atreides, ProposeAlliance{Faction::Harkonnen}, chance);
  EXPECT_TRUE(s.nexus.held[atreides.value]);  // an offer discards nothing
  s = play(s, harkonnen, AcceptAlliance{Faction::Atreides}, chance);
  EXPECT_FALSE(s.nexus.held[atreides.value]);
  EXPECT_FALSE(s.nexus.held[harkonnen.value]);
  EXPECT_EQ(s.nexus.discard, (std::vector<NexusCardId>{NexusCardId{Faction::Fremen}, NexusCardId{Faction::Ecaz}}));
  s = play(s, guild(s), Pass{}, chance);  // the Guild refuses (passes): Emperor keeps its card
  EXPECT_EQ(s.nexus.held[emperor(s).value], NexusCardId{Faction::Choam});
}

// Seed 000, item 6: the only alliance producer is spice_blow.cpp's form_alliance, which calls the
// hook; any other code adding to state.alliances would skip the discard.
TEST(NexusLifecycle, Item6_EveryAllianceProducerCallsTheHook) {
  const std::filesystem::path engine = std::filesystem::path(DUNE_SOURCE_DIR) / "engine";
  int producers = 0;
  for (const auto& entry : std::filesystem::directory_iterator(engine)) {
    // persistence.cpp reads a saved state (no alliance is formed there).
    if (entry.path().filename() == "persistence.cpp") continue;
    std::ifstream in(entry.path());
    std::stringstream text;
    text << in.rdbuf();
    const std::string src = text.str();
    for (const char* op : {".alliances.push_back(", ".alliances.emplace_back(", ".alliances.insert(", ".alliances.emplace("}) {
      for (std::size_t at = src.find(op); at != std::string::npos; at = src.find(op, at + 1)) {
        ++producers;
        const std::size_t fn = src.rfind("\nvoid ", at);
        ASSERT_NE(fn, std::string::npos);
        EXPECT_EQ(src.substr(fn + 1, src.find('(', fn) - fn - 1), "void form_alliance")
            << entry.path() << " adds an alliance outside form_alliance";
        const std::size_t body_end = src.find("\n}\n", at);
        EXPECT_NE(src.substr(at, body_end - at).find("on_alliance_formed(state"), std::string::npos)
            << "form_alliance must call on_alliance_formed";
      }
    }
  }
  EXPECT_EQ(producers, 1);
}

TEST(NexusLifecycle, Item6_LeavingAnAllianceDrawsNothing) {
  StagedChance chance(12);
  GameState s = at_opportunity(chance);
  s = all_pass(s, Step::NexusDraw, chance);
  GameState next = enter_blow(s, 3, {worm(1), territory_card(3)}, chance);
  ASSERT_EQ(next.step, Step::NexusNegotiation);
  const auto deck = next.nexus.deck;
  next = play(next, seat_of(next, Faction::Atreides), BreakAlliance{}, chance);
  next = all_pass(next, Step::NexusNegotiation, chance);
  EXPECT_EQ(next.nexus.deck, deck);
  EXPECT_EQ(next.phase, Phase::ChoamCharity);  // no alliance left: no opportunity at all
}

TEST(NexusLifecycle, Item8_NativeRosterDecidesTheMode) {
  StagedChance chance(13);
  GameState s = at_opportunity(chance);  // Atreides and Harkonnen are allied
  const Seat harkonnen = seat_of(s, Faction::Harkonnen), atreides = seat_of(s, Faction::Atreides);
  EXPECT_EQ(nexus_mode(s, atreides, NexusCardId{Faction::Atreides}), NexusMode::Cunning);
  EXPECT_EQ(nexus_mode(s, harkonnen, NexusCardId{Faction::Atreides}), NexusMode::Betrayal);  // ally: still Betrayal
  EXPECT_EQ(nexus_mode(s, harkonnen, NexusCardId{Faction::Fremen}), NexusMode::SecretAlly);   // Fremen absent
  // A captured leader changes nothing: the mode reads the seat's faction only.
  s.leaders[ordinary_leaders(Faction::Atreides).front().value].holder = harkonnen;
  EXPECT_EQ(nexus_mode(s, harkonnen, NexusCardId{Faction::Atreides}), NexusMode::Betrayal);
}

TEST(NexusLifecycle, Item9_PublicViewsNeverRevealWhichCardIsHeld) {
  StagedChance chance(14);
  GameState a = at_opportunity(chance);
  GameState b = a;
  give(a, guild(a), Faction::Fremen);
  give(b, guild(b), Faction::Atreides);
  // Same public facts: the discard and deck size match; only the identity differs.
  a.nexus.deck = b.nexus.deck;
  std::erase(a.nexus.deck.unseen, NexusCardId{Faction::Atreides});
  a.nexus.deck.add_unseen(NexusCardId{Faction::Atreides});
  b.nexus.deck = a.nexus.deck;
  std::erase(b.nexus.deck.unseen, NexusCardId{Faction::Atreides});
  b.nexus.deck.add_unseen(NexusCardId{Faction::Fremen});
  EXPECT_EQ(project_public(a), project_public(b));
  EXPECT_EQ(view_to_json(project_public(a)), view_to_json(project_public(b)));
  EXPECT_EQ(pending(a), pending(b));
  EXPECT_EQ(project_seat(a, emperor(a)).table, project_seat(b, emperor(b)).table);
  EXPECT_NE(project_seat(a, guild(a)).nexus_card, project_seat(b, guild(b)).nexus_card);
  const PublicView v = project_public(a);
  EXPECT_EQ(v.nexus.holders, std::vector<Seat>{guild(a)});
  ASSERT_EQ(v.nexus.reference.size(), kNexusPanelCount);
  // Atreides Betrayal: implemented, or verified once the gate record names the family.
  EXPECT_EQ(v.nexus.reference[0].status, family_status(Faction::Atreides).kind);
  EXPECT_NE(v.nexus.reference[0].status, StatusKind::Unavailable);
  EXPECT_NE(v.nexus.reference[18].status, StatusKind::Unavailable);  // Ixians Betrayal (the Ixians are seated)
  EXPECT_EQ(v.nexus.reference[27].status, StatusKind::Unavailable);  // Richese Betrayal (not seated)
  EXPECT_FALSE(v.nexus.reference[27].reason.empty());
}

TEST(NexusLifecycle, DealOrderIsStormOrderOneSeatAtATime) {
  StagedChance chance(15);
  GameState s = at_opportunity(chance);
  std::vector<Seat> expected;
  for (Seat seat : storm_order(s)) {
    if (s.nexus.eligible[seat.value]) expected.push_back(seat);
  }
  std::vector<Seat> seen;
  while (s.step == Step::NexusDraw) {
    ASSERT_EQ(pending(s).size(), 1u);  // never a public batch
    seen.push_back(pending(s).front());
    s = play(s, pending(s).front(), DrawNexus{}, chance);
  }
  EXPECT_EQ(seen, expected);
}

}  // namespace
}  // namespace dune

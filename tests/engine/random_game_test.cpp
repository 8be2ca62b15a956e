// Issue "Engine I" acceptance: from random setups, any listed legal command is accepted, and any
// command that is not listed is rejected with the state unchanged.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <algorithm>

#include "generators/random_player.h"
#include "model/factions.h"
#include "tests/engine/test_support.h"

namespace dune {
namespace {

rc::Gen<Options> any_base_options() {
  return rc::gen::exec([] {
    // A random seating of 2..6 of the six base factions on random player circles.
    const auto seats = static_cast<std::size_t>(*rc::gen::inRange(2, 7));
    const auto keys = *rc::gen::container<std::vector<int>>(6, rc::gen::arbitrary<int>());
    std::vector<std::size_t> order{0, 1, 2, 3, 4, 5};
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return keys[a] < keys[b]; });
    std::vector<Faction> factions;
    for (std::size_t i = 0; i < seats; ++i) factions.push_back(kBaseFactions[order[i]]);
    Options o = Options::basic(factions);
    const auto circle_keys = *rc::gen::container<std::vector<int>>(6, rc::gen::arbitrary<int>());
    std::vector<std::uint8_t> circles{0, 1, 2, 3, 4, 5};
    std::stable_sort(circles.begin(), circles.end(), [&](std::uint8_t a, std::uint8_t b) { return circle_keys[a] < circle_keys[b]; });
    circles.resize(seats);
    o.player_circles = circles;
    // Swarm-style: each run switches a random subset of the Advanced rules on.
    RuleFlags& r = o.rules;
    for (bool* flag : {&r.advanced_combat, &r.double_spice_blow, &r.fremen_storm_deck, &r.fremen_storm_losses,
                       &r.fremen_worm_sending, &r.special_forces, &r.bene_gesserit_advisors,
                       &r.guild_shipment_timing, &r.harkonnen_capture, &r.kwisatz_haderach, &r.advanced_karama}) {
      *flag = *rc::gen::arbitrary<bool>();
    }
    o.turn_limit = *rc::gen::inRange(1, 11);
    return o;
  });
}

rc::Gen<Command> any_command(std::size_t seats) {
  const auto small = rc::gen::inRange<int>(-2, 25);
  const auto faction = rc::gen::elementOf(std::vector<Faction>(kAllFactions.begin(), kAllFactions.end()));
  const auto cell = rc::gen::map(rc::gen::inRange<int>(0, 90), [](int c) { return CellId{static_cast<std::uint8_t>(c)}; });
  const auto territory = rc::gen::map(rc::gen::inRange<int>(0, 42), [](int t) { return territory_at(static_cast<std::size_t>(t)); });
  const auto forces = rc::gen::map(small, [](int n) { return ForceCount{n}; });
  const auto spice = rc::gen::map(small, [](int n) { return Spice{n}; });
  // Battle plans: a leader or card id, or none (-1).
  const auto leader = rc::gen::map(rc::gen::inRange<int>(-1, 62), [](int l) {
    return l < 0 ? std::optional<LeaderId>{} : std::optional<LeaderId>{LeaderId{static_cast<std::uint8_t>(l)}};
  });
  const auto card = rc::gen::map(rc::gen::inRange<int>(-1, 60), [](int c) {
    return c < 0 ? std::optional<TreacheryCardId>{} : std::optional<TreacheryCardId>{TreacheryCardId{static_cast<std::uint8_t>(c)}};
  });
  return rc::gen::oneOf(
      rc::gen::just(Command{Pass{}}),
      rc::gen::map(rc::gen::inRange<int>(0, 70), [](int t) { return Command{ChooseTraitor{TraitorCardId{static_cast<std::uint8_t>(t)}}}; }),
      rc::gen::apply([](Faction f, int t) { return Command{Predict{f, static_cast<std::uint8_t>(t)}}; }, faction, rc::gen::inRange(0, 12)),
      rc::gen::apply([](CellId c, ForceCount n, ForceCount s) { return Command{PlaceForces{c, n, s}}; }, cell, forces, forces),
      rc::gen::map(rc::gen::inRange<int>(0, 25), [](int a) { return Command{DialStorm{static_cast<std::uint8_t>(a)}}; }),
      rc::gen::map(rc::gen::inRange<int>(0, 12), [](int a) { return Command{PlayWeatherControl{static_cast<std::uint8_t>(a)}}; }),
      rc::gen::just(Command{PlayFamilyAtomics{}}),
      rc::gen::map(faction, [](Faction f) { return Command{ProposeAlliance{f}}; }),
      rc::gen::map(faction, [](Faction f) { return Command{AcceptAlliance{f}}; }),
      rc::gen::just(Command{BreakAlliance{}}),
      rc::gen::map(territory, [](TerritoryId t) { return Command{PlaceWorm{t}}; }),
      rc::gen::apply([](TerritoryId t, CellId c, ForceCount n, ForceCount s) { return Command{RideWorm{t, c, n, s}}; }, territory, cell, forces, forces),
      rc::gen::just(Command{ClaimCharity{}}),
      rc::gen::apply([](Spice s, bool k) { return Command{Bid{s, k}}; }, spice, rc::gen::arbitrary<bool>()),
      rc::gen::just(Command{KaramaTakeCard{}}),
      rc::gen::apply([](ForceCount n, ForceCount s, bool kh) { return Command{Revive{n, s, std::nullopt, ForceCount{0}, kh}}; }, forces, forces,
                     rc::gen::arbitrary<bool>()),
      rc::gen::apply([](CellId c, ForceCount n, ForceCount s) { return Command{Ship{c, n, s, false}}; }, cell, forces, forces),
      rc::gen::apply([](CellId a, CellId b, ForceCount n) { return Command{CrossShip{a, b, n, ForceCount{0}}}; }, cell, cell, forces),
      rc::gen::apply([](CellId a, ForceCount n) { return Command{ShipToReserves{a, n, ForceCount{0}}}; }, cell, forces),
      rc::gen::apply([](TerritoryId t, CellId c, ForceCount n, ForceCount s) { return Command{Move{t, c, n, s}}; }, territory, cell, forces, forces),
      rc::gen::map(rc::gen::inRange<int>(0, 4), [](int d) { return Command{SendSpiritualAdvisor{static_cast<AdvisorDestination>(d)}}; }),
      rc::gen::apply([](TerritoryId t, bool f) { return Command{FlipBeneGesserit{t, f ? BeneGesseritSide::Fighters : BeneGesseritSide::Advisors}}; },
                     territory, rc::gen::arbitrary<bool>()),
      rc::gen::just(Command{PlayHajr{}}),
      rc::gen::just(Command{GuildActNow{}}),
      rc::gen::map(rc::gen::inRange<int>(0, static_cast<int>(seats) + 1),
                   [](int s) { return Command{PlayTruthtrance{Seat{static_cast<std::uint8_t>(s)}, TruthtranceQuestion::HoldsKarama}}; }),
      rc::gen::map(forces, [](ForceCount n) { return Command{PlayGhola{std::nullopt, n}}; }),
      rc::gen::map(spice, [](Spice s) { return Command{AllySpice{s}}; }),
      rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return Command{ProtectAllyFromWorms{b}}; }),
      rc::gen::map(rc::gen::arbitrary<bool>(), [](bool b) { return Command{GrantAllyFreeRevivals{b}}; }),
      rc::gen::apply([](Faction f, int n) { return Command{RaiseRevivalLimit{f, ForceCount{n}}}; }, faction, rc::gen::inRange(-1, 8)),
      rc::gen::apply([](int l, int p) { return Command{OfferLeaderRevival{LeaderId{static_cast<std::uint8_t>(l)}, Spice{p}}}; },
                     rc::gen::inRange(0, 64), rc::gen::inRange(-1, 12)),
      rc::gen::map(faction, [](Faction f) { return Command{KaramaPreventRevival{f}}; }),
      rc::gen::map(cell, [](CellId c) { return Command{KaramaMoveHms{c}}; }),
      rc::gen::apply([](TerritoryId t, Faction f) { return Command{ChooseBattle{t, f}}; }, territory, faction),
      rc::gen::apply([](int v, bool m) { return Command{UseVoice{static_cast<VoiceSubject>(v), m}}; }, rc::gen::inRange(0, 9), rc::gen::arbitrary<bool>()),
      rc::gen::map(rc::gen::inRange<int>(0, 6), [](int e) { return Command{UsePrescience{static_cast<PlanElement>(e)}}; }),
      rc::gen::apply([](std::optional<LeaderId> l, std::optional<TreacheryCardId> h, std::optional<TreacheryCardId> w,
                        std::optional<TreacheryCardId> d, bool kh) { return Command{PlanBattle{l, h, w, d, kh}}; },
                     leader, card, card, card, rc::gen::arbitrary<bool>()),
      rc::gen::apply([](int d, Spice s) { return Command{DialBattle{d, s}}; }, rc::gen::inRange(-2, 45), spice),
      rc::gen::just(Command{CallTraitor{}}),
      rc::gen::just(Command{PlayThumper{}}),
      rc::gen::just(Command{PlayHarvester{}}),
      rc::gen::just(Command{PlayAmal{}}),
      rc::gen::apply([](int l, bool k) { return Command{CaptureLeader{LeaderId{static_cast<std::uint8_t>(l)}, k}}; },
                     rc::gen::inRange(0, 62), rc::gen::arbitrary<bool>()),
      rc::gen::apply([](std::optional<LeaderId> l, ForceCount n) { return Command{RevealFaceDancer{l.value_or(LeaderId{0}), n, CellId{3}}}; },
                     leader, forces),
      rc::gen::map(rc::gen::inRange(0, 63), [](int d) { return Command{ReplaceFaceDancer{TraitorCardId{static_cast<std::uint8_t>(d)}}}; }),
      rc::gen::apply([](ForceCount n, ForceCount s) { return Command{TakeLosses{n, s}}; }, forces, forces),
      rc::gen::apply([](bool w, bool d, bool h) { return Command{DiscardPlayed{w, d, h}}; },
                     rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>(), rc::gen::arbitrary<bool>()),
      // The Nexus module's commands (issue 14 item 4): offered nowhere in these games, so rejected.
      rc::gen::just(Command{DrawNexus{}}),
      rc::gen::map(rc::gen::inRange<int>(0, 4), [](int p) { return Command{SetRedrawPolicy{static_cast<RedrawPolicy>(p)}}; }),
      rc::gen::apply([](Faction f, int m, int e, int a) {
                       return Command{PlayNexus{NexusCardId{f}, static_cast<NexusMode>(m),
                                                e < 0 ? std::nullopt : std::optional{static_cast<PlanElement>(e)},
                                                static_cast<std::uint32_t>(a), ForceCount{0}}};
                     },
                     faction, rc::gen::inRange(0, 4), rc::gen::inRange(-1, 5), rc::gen::inRange(0, 3)),
      // Karama standing orders (README "Karama"), an unknown ability included.
      rc::gen::map(rc::gen::inRange<int>(-1, 7), [](int a) {
        return Command{ArmKarama{a < 0 ? std::nullopt : std::optional{static_cast<KaramaAbility>(a)}}};
      }));
}

RC_GTEST_PROP(RandomGameTest, ListedCommandsAreAcceptedAndUnlistedOnesRejectedWithoutChange, ()) {
  const Options options = *any_base_options();
  SeededChance chance(*rc::gen::arbitrary<std::uint64_t>());
  auto game = new_game(options);
  RC_ASSERT(std::holds_alternative<GameState>(game));
  GameState s = settle(std::get<GameState>(std::move(game)), chance);
  for (int step = 0; step < 250 && !is_terminal(s); ++step) {
    const auto seats = pending(s);
    RC_ASSERT(!seats.empty());  // a live game always waits for someone (or a chance step)
    const Seat seat = seats[*rc::gen::inRange<std::size_t>(0, seats.size())];
    const auto legal = legal_commands(s, seat);
    RC_ASSERT(!legal.empty());  // an awaited seat always has a legal command

    // A random command, from this seat or any other, that is not listed for it: rejected, no change.
    const Seat anyone{static_cast<std::uint8_t>(*rc::gen::inRange<std::size_t>(0, s.seat_count() + 1))};
    const Command probe = *any_command(s.seat_count());
    const auto listed = anyone.value < s.seat_count() ? legal_commands(s, anyone) : std::vector<Command>{};
    if (std::find(listed.begin(), listed.end(), probe) == listed.end()) {
      const GameState before = s;
      const auto result = submit(s, testing::envelope(s, anyone, probe));
      RC_ASSERT(std::holds_alternative<Rejection>(result));
      RC_ASSERT(!std::get<Rejection>(result).message.empty());
      RC_ASSERT(s == before);
    }

    const Command c = legal[*rc::gen::inRange<std::size_t>(0, legal.size())];
    auto result = submit(s, testing::envelope(s, seat, c));
    if (auto* r = std::get_if<Rejection>(&result)) {
      RC_FAIL("listed command rejected: " + to_string(c) + ": " + r->message);
    }
    s = settle(std::get<Accepted>(std::move(result)).next, chance);
  }
}

// Issue "Engine II" acceptance: random setups played by random legal commands always reach a
// terminal state within the turn limit, with winners: the end-game default winner without Guild
// or Fremen, which used to halt the game, is played ([LR] 1.09.05). The random player itself
// reports a rejected listed command or a stuck state as an engine bug.
RC_GTEST_PROP(RandomGameTest, CompleteGamesReachATerminalStateWithinTheTurnLimit, ()) {
  const Options options = *any_base_options();
  const auto game = generators::play_random_game(options, *rc::gen::arbitrary<std::uint64_t>(), 200000);
  const GameState& s = game.final_state;
  RC_ASSERT(is_terminal(s));
  RC_ASSERT(s.turn <= options.turn_limit);
  if (s.step != Step::GameOver) RC_FAIL("halted: " + s.halted);
  RC_ASSERT(!s.winners.empty());
}

}  // namespace
}  // namespace dune

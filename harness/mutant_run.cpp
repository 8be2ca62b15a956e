#include "harness/mutant_run.h"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "engine/nexus/family.h"
#include "model/cards.h"
#include "model/factions.h"
#include "model/options.h"

namespace dune::harness {

namespace {

// The factions a mutant's setup seats (MutantSetup::factions: the base factions' bits in
// kBaseFactions order, then the Tleilaxu's and the Ixians').
std::vector<Faction> setup_factions(const MutantSetup& setup) {
  std::vector<Faction> factions;
  for (std::size_t i = 0; i < kBaseFactions.size(); ++i) {
    if ((setup.factions >> i) & 1U) factions.push_back(kBaseFactions[i]);
  }
  if ((setup.factions >> kBaseFactions.size()) & 1U) factions.push_back(Faction::Tleilaxu);
  if ((setup.factions >> (kBaseFactions.size() + 1)) & 1U) factions.push_back(Faction::Ixians);
  return factions;
}

// The registered Nexus family that lists the mutant, if any (engine/nexus/family.h, `mutants`).
std::optional<Faction> listing_family(std::string_view mutant) {
  for (const NexusFamily* f : nexus_families()) {
    if (std::find(f->mutants.begin(), f->mutants.end(), mutant) != f->mutants.end()) return f->card;
  }
  return std::nullopt;
}

}  // namespace

GameSpec mutant_spec(const MutantInfo& mutant, std::uint64_t seed) {
  const MutantSetup& setup = mutant.setup;
  const bool nexus = setup.bots == MutantBots::Nexus;
  const std::vector<Faction> factions = setup_factions(setup);
  Options options = setup.advanced ? Options::advanced(factions) : Options::basic(factions);
  options.turn_limit = setup.turns;
  options.cards = setup.cards;
  options.hms_spice = setup.hms_spice;
  options.cyborg_loss_substitution = setup.cyborg_loss_substitution;
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
  return listing_family(mutant).value_or(nexus_families().front()->card);
}

Faction gate_family(const MutantInfo& mutant) {
  if (const auto listed = listing_family(mutant.name)) return *listed;
  const std::vector<Faction> seated = setup_factions(mutant.setup);
  for (Faction f : {Faction::Ixians, Faction::Tleilaxu}) {
    if (std::ranges::find(seated, f) != seated.end()) return f;
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

// `size` cards for `seat` from the unseen deck, `karamas` Karama first: a full hand, and a seat with
// a full hand never bids ([LR] 1.04.03), so its Karama is not spent on a Karama bid first.
void full_hand_with_karama(GameState& s, Seat seat, std::size_t size, std::size_t karamas = 1) {
  auto& hand = s.seat(seat).hand;
  const auto give = [&](TreacheryCardId c) {
    if (hand.size() < size && s.treachery.deck.take_unseen(c)) hand.insert(std::upper_bound(hand.begin(), hand.end(), c), c);
  };
  const auto has_karama = [&] {
    return static_cast<std::size_t>(std::count_if(hand.begin(), hand.end(), [](TreacheryCardId c) { return card_type(c).name == "Karama"; })) >= karamas;
  };
  for (std::uint8_t c = 0; c < kTreacheryCardCount && !has_karama(); ++c) {
    if (card_type(TreacheryCardId{c}).name == "Karama") give(TreacheryCardId{c});
  }
  for (std::uint8_t c = 0; c < kTreacheryCardCount; ++c) {
    if (card_type(TreacheryCardId{c}).name != "Karama") give(TreacheryCardId{c});
  }
}

// `count` more worthless cards for `seat` from the unseen deck: what an Advanced Bene Gesserit plays
// as Karamas ([LR] 2.02.22), a hand still short of its limit so that it takes cards by one.
void give_worthless(GameState& s, Seat seat, std::size_t count) {
  auto& hand = s.seat(seat).hand;
  for (std::uint8_t c = 0; c < kTreacheryCardCount && count > 0; ++c) {
    const TreacheryCardId id{c};
    if (card_type(id).classification == TreacheryClass::Worthless && s.treachery.deck.take_unseen(id)) {
      hand.insert(std::upper_bound(hand.begin(), hand.end(), id), id);
      --count;
    }
  }
}

// The ability whose cancel a KaramaOrder mutant breaks, and who holds the order against it.
std::pair<KaramaAbility, Faction> karama_order_of(Mutant m) {
  switch (m) {
    case Mutant::KaramaCancelShipToReservesStands: return {KaramaAbility::GuildShipToReserves, Faction::Fremen};
    case Mutant::KaramaCancelGuildTimingStands: return {KaramaAbility::GuildShipAsItPleases, Faction::Fremen};
    case Mutant::KaramaCancelStormMigrationStands: return {KaramaAbility::FremenStormMigration, Faction::Atreides};
    case Mutant::KaramaCancelFremenMoveStands: return {KaramaAbility::FremenMovement, Faction::Atreides};
    case Mutant::KaramaCancelWormPlacementStands: return {KaramaAbility::FremenSandworms, Faction::Atreides};
    case Mutant::KaramaCancelBgFlipStands: return {KaramaAbility::BeneGesseritIntrusion, Faction::Atreides};
    case Mutant::KaramaCancelSpiritualAdvisorStands: return {KaramaAbility::BeneGesseritSpiritualAdvisors, Faction::Atreides};
    case Mutant::KaramaCancelWorthlessStands: return {KaramaAbility::BeneGesseritWorthlessKarama, Faction::Atreides};
    case Mutant::KaramaCancelLimitRaiseStands: return {KaramaAbility::TleilaxuRaisedRevivalLimits, Faction::Atreides};
    case Mutant::KaramaCancelEarlyRevivalOfferStands: return {KaramaAbility::TleilaxuEarlyLeaderRevival, Faction::Atreides};
    case Mutant::KaramaCancelFaceDancerReplacementStands: return {KaramaAbility::TleilaxuFaceDancerReplacement, Faction::Atreides};
    case Mutant::KaramaCancelGholaRevivalStands: return {KaramaAbility::TleilaxuGholaRevival, Faction::Atreides};
    case Mutant::KaramaCancelHmsMovementStands: return {KaramaAbility::IxiansHmsMovement, Faction::Atreides};
    case Mutant::KaramaCancelCyborgMoveStands: return {KaramaAbility::IxiansCyborgMovement, Faction::Atreides};
    case Mutant::KaramaCancelCyborgBonusStands: return {KaramaAbility::IxiansCyborgBonus, Faction::Atreides};
    case Mutant::KaramaCancelLossSubstitutionStands: return {KaramaAbility::IxiansLossSubstitution, Faction::Atreides};
    case Mutant::KaramaCancelIxSelectionStands: return {KaramaAbility::IxiansBiddingSelection, Faction::Atreides};
    case Mutant::KaramaCancelIxTechnologyStands: return {KaramaAbility::IxiansTechnology, Faction::Atreides};
    default: return {KaramaAbility::GuildCrossShip, Faction::Fremen};
  }
}

void ally(GameState& s, Faction a, Faction b) {
  s.alliances.push_back(Alliance{a, b});
  s.seat(*s.seat_of(a)).ally = b;
  s.seat(*s.seat_of(b)).ally = a;
}

// MutantStart::FremenAllyKarama and TleilaxuAllyKarama (mutants.h).
GameState ally_karama(GameState s, Mutant m, Faction with) {
  const Seat harkonnen = *s.seat_of(Faction::Harkonnen);
  ally(s, Faction::Atreides, with);
  if (with == Faction::Fremen) {
    const Seat fremen = *s.seat_of(Faction::Fremen);
    s.seat(fremen).grants_ally_free_revivals = true;
    s.seat(fremen).protects_ally_from_worms = true;
  }
  // Whose forces wait in the Tanks: the Tleilaxu's own for their half price, else the ally's.
  const Faction reviver = m == Mutant::KaramaCancelTleilaxuOwnDiscountStands ? Faction::Tleilaxu : Faction::Atreides;
  const Seat revives = *s.seat_of(reviver);
  auto& reserves = s.seat(revives).reserves_normal;
  const bool protection = m == Mutant::KaramaCancelAllyProtectionStands;
  if (!protection) {
    reserves -= ForceCount{6};
    s.seat(revives).tanks_normal += ForceCount{6};
  }
  for (const SpiceCardInfo& card : kSpiceCards) {  // the base blow territories, one force each while reserves last
    if (card.kind != SpiceCardKind::Territory || reserves == ForceCount{0}) continue;
    s.board.normal[index(*cells_of(card.territory).begin())][index(reviver)] += ForceCount{1};
    reserves -= ForceCount{1};
  }
  // The Harkonnen reserves join their forces in Carthag: with none to ship, they cannot spend the
  // Karama on a shipment at the Guild rate (README "Karama shipment") before it is needed.
  auto& hk = s.seat(harkonnen);
  s.board.normal[index(*cells_of(TerritoryId::Carthag).begin())][index(Faction::Harkonnen)] += hk.reserves_normal;
  hk.reserves_normal = ForceCount{0};
  full_hand_with_karama(s, harkonnen, 8);
  s.karama.armed[harkonnen.value] = m == Mutant::KaramaCancelTleilaxuIncomeStands      ? KaramaAbility::TleilaxuRevivalIncome
                                    : m == Mutant::KaramaCancelTleilaxuOwnDiscountStands ? KaramaAbility::TleilaxuRevivalDiscount
                                    : with == Faction::Tleilaxu                          ? KaramaAbility::TleilaxuAllyRevivalDiscount
                                    : protection                                         ? KaramaAbility::FremenAllyWormProtection
                                                                                         : KaramaAbility::FremenAllyFreeRevival;
  return s;
}

// The staged starts of MutantStart (mutants.h).
GameState staged_start(const GameSpec& spec, const MutantInfo& mutant) {
  const MutantStart start = mutant.setup.start;
  GameState s = std::get<GameState>(new_game(spec.options));
  if (start == MutantStart::FirstSeatLeadersInTanks) {  // every ordinary leader of the first seat died once
    for (LeaderId l : ordinary_leaders(spec.options.factions.front())) {
      s.leaders[l.value].where = LeaderLocation::Tanks;
      s.leaders[l.value].deaths = 1;
    }
    return s;
  }
  if (start == MutantStart::KaramaOrder) {  // a full hand of 4 can neither bid nor ship by Karama
    const auto [ability, faction] = karama_order_of(mutant.id);
    const Seat holder = *s.seat_of(faction);
    full_hand_with_karama(s, holder, 4);
    s.karama.armed[holder.value] = ability;
    if (ability == KaramaAbility::BeneGesseritWorthlessKarama) give_worthless(s, *s.seat_of(Faction::BeneGesserit), 2);
    const auto kill_first_leader = [&](Faction f) {
      LeaderState& l = s.leaders[ordinary_leaders(f).front().value];
      l.where = LeaderLocation::Tanks;
      l.deaths = 1;
    };
    // A Harkonnen leader the printed rule keeps in the Tanks (an early revival to offer, a ghola to
    // revive); for the ghola, one of the Tleilaxu's too, so that fewer than 5 of theirs live.
    const bool ghola = ability == KaramaAbility::TleilaxuGholaRevival;
    if (ability == KaramaAbility::TleilaxuEarlyLeaderRevival || ghola) kill_first_leader(Faction::Harkonnen);
    if (ghola) kill_first_leader(Faction::Tleilaxu);
    return s;
  }
  if (start == MutantStart::FremenAllyKarama) return ally_karama(std::move(s), mutant.id, Faction::Fremen);
  if (start == MutantStart::TleilaxuAllyKarama) return ally_karama(std::move(s), mutant.id, Faction::Tleilaxu);
  if (start == MutantStart::FremenHoldEmperorCard) {
    const Seat fremen = *s.seat_of(Faction::Fremen);
    SeatState& f = s.seat(fremen);
    f.reserves_normal -= ForceCount{4};
    f.tanks_normal += ForceCount{4};
    f.reserves_special -= ForceCount{2};
    f.tanks_special += ForceCount{2};
    s.nexus.deck.take_unseen(NexusCardId{Faction::Emperor});
    s.nexus.held[fremen.value] = NexusCardId{Faction::Emperor};
    return s;
  }
  // The Atreides hold the Tleilaxu card (Secret Ally, the Tleilaxu absent) with 6 forces in the
  // Tanks and, Basic, Dr. Yueh dead once (the others alive and never dead: ordinarily not
  // revivable); Advanced, all five leaders dead once (the ordinary revival may take one after the
  // card's) and the Kwisatz Haderach token in the Tanks too.
  if (start == MutantStart::AtreidesHoldTleilaxuCard) {
    const Seat atreides = *s.seat_of(Faction::Atreides);
    SeatState& a = s.seat(atreides);
    a.reserves_normal -= ForceCount{6};
    a.tanks_normal += ForceCount{6};
    for (LeaderId l : ordinary_leaders(Faction::Atreides)) {
      if (l != ordinary_leaders(Faction::Atreides).back() && !s.options.rules.kwisatz_haderach) continue;
      s.leaders[l.value].where = LeaderLocation::Tanks;
      s.leaders[l.value].deaths = 1;
    }
    s.nexus.deck.take_unseen(NexusCardId{Faction::Tleilaxu});
    s.nexus.held[atreides.value] = NexusCardId{Faction::Tleilaxu};
    s.battle.kwisatz_haderach_dead = s.options.rules.kwisatz_haderach;  // Advanced: the token in the Tanks too
    return s;
  }
  // The Tleilaxu hold their own card (Cunning), to play once a Face Dancer is revealed; the Ixians
  // theirs (Cunning); the Atreides the Ixians card (Betrayal, the Ixians seated).
  if (start == MutantStart::TleilaxuHoldTheirCard || start == MutantStart::IxiansHoldTheirCard ||
      start == MutantStart::AtreidesHoldIxiansCard) {
    const Faction f = start == MutantStart::TleilaxuHoldTheirCard ? Faction::Tleilaxu : Faction::Ixians;
    const Faction holder = start == MutantStart::AtreidesHoldIxiansCard ? Faction::Atreides : f;
    s.nexus.deck.take_unseen(NexusCardId{f});
    s.nexus.held[s.seat_of(holder)->value] = NexusCardId{f};
    return s;
  }
  if (start == MutantStart::IxiansCyborgsInTanks) {
    SeatState& ix = s.seat(*s.seat_of(Faction::Ixians));
    ix.reserves_special -= ForceCount{4};
    ix.tanks_special += ForceCount{4};
    ix.reserves_normal -= ForceCount{2};
    ix.tanks_normal += ForceCount{2};
    return s;
  }
  if (start == MutantStart::IxiansHoldTwoSietches) {
    const Seat ix = *s.seat_of(Faction::Ixians);
    for (TerritoryId t : {TerritoryId::HabbanyaSietch, TerritoryId::TueksSietch}) {
      s.seat(ix).reserves_normal -= ForceCount{2};
      s.board.normal[index(*cells_of(t).begin())][index(Faction::Ixians)] += ForceCount{2};
    }
    return s;
  }
  if (start == MutantStart::IxiansAllied) {
    ally(s, Faction::Atreides, Faction::Ixians);
    return s;
  }
  if (start == MutantStart::FremenKarama || start == MutantStart::IxiansKarama) {
    full_hand_with_karama(s, *s.seat_of(start == MutantStart::FremenKarama ? Faction::Fremen : Faction::Ixians), 4, 2);
    return s;
  }
  // EmperorAllyRevivalKarama: the Atreides and the Emperor allied, 8 Atreides forces in the Tanks,
  // the Emperor granting 6 spice, the Harkonnen holding a Karama armed against his extras.
  const Seat atreides = *s.seat_of(Faction::Atreides);
  const Seat emperor = *s.seat_of(Faction::Emperor);
  const Seat harkonnen = *s.seat_of(Faction::Harkonnen);
  ally(s, Faction::Atreides, Faction::Emperor);
  s.seat(atreides).reserves_normal -= ForceCount{8};
  s.seat(atreides).tanks_normal += ForceCount{8};
  s.seat(emperor).ally_spice_limit = Spice{6};
  // Full hands once dealt, so that nobody bids before Revival: the Harkonnen's 8 with a Karama
  // ([LR] 2.05.07), the Atreides' and the Emperor's 4, so the Emperor's spice still covers his grant.
  full_hand_with_karama(s, harkonnen, 8);
  for (Seat seat : {atreides, emperor}) {
    auto& hand = s.seat(seat).hand;
    for (std::uint8_t c = 0; c < kTreacheryCardCount && hand.size() < 4; ++c) {
      if (card_type(TreacheryCardId{c}).name != "Karama" && s.treachery.deck.take_unseen(TreacheryCardId{c})) {
        hand.insert(std::upper_bound(hand.begin(), hand.end(), TreacheryCardId{c}), TreacheryCardId{c});
      }
    }
  }
  s.karama.armed[harkonnen.value] = KaramaAbility::EmperorAllyRevivals;
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
  if (mutant.setup.start == MutantStart::FremenHoldEmperorCard ||
      mutant.setup.start == MutantStart::AtreidesHoldTleilaxuCard ||
      mutant.setup.start == MutantStart::TleilaxuHoldTheirCard ||
      mutant.setup.start == MutantStart::IxiansHoldTheirCard ||
      mutant.setup.start == MutantStart::AtreidesHoldIxiansCard) {  // the card staged at setup, which no deal gives
    out.not_applicable.push_back("lifecycle.2-initialization");
    std::erase_if(checkers, [](const invariants::Checker& c) { return c.name == "lifecycle.2-initialization"; });
  }
  const int games = options.games > 0 ? options.games : mutant.setup.games;
  std::optional<GameState> staged_state;
  for (int g = 0; g < games && !out.killed; ++g) {
    out.spec = mutant_spec(mutant, options.seed + static_cast<std::uint64_t>(g));
    out.spec.max_decisions = options.max_decisions;
    RunConfig config;
    if (staged) config.start = &staged_state.emplace(staged_start(out.spec, mutant));
    config.checkers = checkers;
    RunResult run = run_game(out.spec, config);
    out.games = g + 1;
    if (!run.violation) continue;
    if (const auto control = control_failure(out.spec, config, run.violation->step)) {
      out.excluded.push_back(fmt::format("{} (game {}, step {}: {})", control->checker, g, control->step, control->violation.message));
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

#include "generators/choices.h"

#include "model/command_steps.h"

#include <algorithm>
#include <map>


#include "model/board.h"
#include "model/cards.h"

namespace dune::generators {
namespace {

// SplitMix64 finaliser: a well-mixed hash for (seed, kind, n) chance keys.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// The bots' stream is independent of the chance hash, so the same seed never couples them.
constexpr std::uint64_t kBotStream = 0x5851f42d4c957f2dULL;

bool into_stronghold(CellId cell) { return is_stronghold(cell_info(cell).territory); }

// A reckless plan: a leader and a weapon, no defense, so leaders die and the Tanks fill up (the
// rare leader revivals of [LR] 1.05.03 need every leader of a faction dead once).
double reckless_plan_weight(const PlanBattle& p) {
  return (p.leader ? 3.0 : 1.0) * (p.weapon ? 3.0 : 1.0) * (p.defense ? 0.3 : 1.0);
}

double aggressive_weight(const Command& c) {
  if (const auto* s = std::get_if<Ship>(&c)) return into_stronghold(s->to) ? 10.0 : 2.0;
  if (const auto* x = std::get_if<CrossShip>(&c)) return into_stronghold(x->to) ? 10.0 : 2.0;  // a shipment too
  if (const auto* m = std::get_if<Move>(&c)) return into_stronghold(m->to) ? 10.0 : 2.0;
  // The grant of spice to an ally is a standing choice offered at every decision: weighted like
  // a step's own command, the grant would be redrawn at random all the time.
  if (std::holds_alternative<AllySpice>(c)) return 0.05;
  if (const auto* b = std::get_if<Bid>(&c)) return 1.0 + static_cast<double>(b->amount.value) / 2.0;
  if (const auto* p = std::get_if<PlanBattle>(&c)) return reckless_plan_weight(*p);
  if (std::holds_alternative<CallTraitor>(c) || std::holds_alternative<RevealFaceDancer>(c)) return 30.0;
  if (std::holds_alternative<PlayFamilyAtomics>(c)) return 10.0;
  if (std::holds_alternative<CaptureLeader>(c)) return 5.0;
  // An aggressive player spends its once-a-game Karama power when offered ([LR] 1.14.01-04; the
  // Tleilaxu's and the Ixians', one source each).
  if (std::holds_alternative<KaramaRevive>(c) || std::holds_alternative<KaramaTakeHand>(c) ||
      std::holds_alternative<KaramaSeePlan>(c) || std::holds_alternative<KaramaWorm>(c) || std::holds_alternative<KaramaPreventRevival>(c) ||
      std::holds_alternative<KaramaMoveHms>(c)) {
    return 20.0;
  }
  if (std::holds_alternative<Pass>(c)) return 0.3;
  return 1.0;
}

// Spice-hungry: ship and move onto cells that hold spice, and collect there; the worm of a pile
// appears where its last territory card blew, so these forces meet the worms.
double spice_weight(const GameState& state, const Command& c) {
  const auto onto_spice = [&](CellId to) { return state.board.spice[index(to)] > Spice{0}; };
  if (const auto* s = std::get_if<Ship>(&c)) return onto_spice(s->to) ? 20.0 : 1.0;
  if (const auto* m = std::get_if<Move>(&c)) return onto_spice(m->to) ? 20.0 : 1.0;
  return std::holds_alternative<Pass>(c) ? 0.5 : 1.0;
}

// Picks an index with probability proportional to weights (all positive).
std::size_t weighted(std::span<const double> weights, std::mt19937_64& rng) {
  std::discrete_distribution<std::size_t> pick(weights.begin(), weights.end());
  return pick(rng);
}

// Uniform: any command equally, except that the Truthtrance questions (hundreds with six seats,
// README "Truthtrance") count as one command together, so a holder does not drown in them.
std::size_t pick_uniform(const std::vector<Command>& legal, std::mt19937_64& rng) {
  std::vector<std::size_t> questions;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (std::holds_alternative<PlayTruthtrance>(legal[i])) questions.push_back(i);
  }
  if (questions.size() <= 1) return std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(rng);
  const std::size_t others = legal.size() - questions.size();
  const std::size_t pick = std::uniform_int_distribution<std::size_t>(0, others)(rng);
  if (pick == others) return questions[std::uniform_int_distribution<std::size_t>(0, questions.size() - 1)(rng)];
  std::size_t seen = 0;
  for (std::size_t i = 0; i < legal.size(); ++i) {
    if (std::holds_alternative<PlayTruthtrance>(legal[i])) continue;
    if (seen++ == pick) return i;
  }
  return questions.front();
}

// A command index chosen by `profile`: a kind first (weighted by its heaviest command), then a
// command of that kind (weighted); Uniform picks any command equally (pick_uniform).
std::size_t pick_command(const GameState& state, Seat seat, BotProfile profile, const std::vector<Command>& legal, std::mt19937_64& rng) {
  if (profile == BotProfile::Uniform) return pick_uniform(legal, rng);
  // A seat with a Karama order armed is offered to withdraw it (ArmKarama{}), and only then.
  const bool armed = profile == BotProfile::Aggressive && std::ranges::any_of(legal, [](const Command& c) {
    const auto* k = std::get_if<ArmKarama>(&c);
    return k && !k->ability;
  });
  const bool emperor_in_nexus_game = state.faction_of(seat) == Faction::Emperor && state.nexus.enabled;
  const bool holds_own_card = state.nexus.held[seat.value] == NexusCardId{state.faction_of(seat)};
  const auto contested = [&](CellId to) {
    const TerritoryId ter = cell_info(to).territory;
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (cell_info(cell_at(c)).territory != ter) continue;
      for (Faction f : state.options.factions) {
        if (f != state.faction_of(seat) && state.board.normal[c][index(f)] + state.board.special[c][index(f)] > ForceCount{0}) return true;
      }
    }
    return false;
  };
  const bool holds_fremen_card = state.nexus.held[seat.value] == NexusCardId{Faction::Fremen};
  // A worm appears in the territory of the topmost territory card of its pile ([LR] 1.02.05).
  const auto worm_site = [&](CellId to) {
    const TerritoryId ter = cell_info(to).territory;
    for (const auto& pile : state.blow.discard) {
      for (auto it = pile.rbegin(); it != pile.rend(); ++it) {
        if (spice_card_info(*it).kind != SpiceCardKind::Territory) continue;
        if (spice_card_info(*it).territory == ter) return true;
        break;
      }
    }
    return false;
  };
  const auto weight = [&](const Command& c) {
    // A gift is one spice, offered to every other seat at every decision: weighted like a step's
    // own command, giving would take a tenth of the decisions and level every seat's spice.
    if (std::holds_alternative<GiveSpice>(c)) return 0.1;
    // An aggressive player holding a Karama arms it against another's ability at once ([LR]
    // 3.01.11.01), and then keeps that order: no flipping between abilities, hardly ever withdrawn
    // (weighted like any standing choice, an order given at the start was gone by Revival).
    if (const auto* k = std::get_if<ArmKarama>(&c); k && profile == BotProfile::Aggressive) return armed ? 0.001 : 3.0;
    // The Emperor Cunning needs a battle of his with five ordinary forces and no Sardaukar (seed
    // 003): a Nexus-eager Emperor in a Nexus game ships and moves ordinary forces five at a time;
    // holding his card, he keeps his Sardaukar back and seeks a battle, where another faction stands.
    if (const auto* x = std::get_if<Ship>(&c); x && profile == BotProfile::NexusEager && emperor_in_nexus_game) {
      if (x->special > ForceCount{0}) return holds_own_card ? 0.1 : 1.0;
      return x->normal < ForceCount{5} ? 1.0 : holds_own_card && contested(x->to) ? 20.0 : 5.0;
    }
    if (const auto* x = std::get_if<Move>(&c); x && profile == BotProfile::NexusEager && emperor_in_nexus_game) {
      if (x->special > ForceCount{0}) return holds_own_card ? 0.1 : 1.0;
      return x->normal < ForceCount{5} ? 1.0 : holds_own_card && contested(x->to) ? 20.0 : 5.0;
    }
    // The Fremen card's Secret Ally protects forces from a worm (seed 000), and worms appear where
    // spice was last blown: a holder of it, the Fremen absent, ships and moves there.
    const bool fremen_card_secret_ally = holds_fremen_card && !state.seat_of(Faction::Fremen);
    if (const auto* x = std::get_if<Ship>(&c); x && fremen_card_secret_ally) return worm_site(x->to) ? 20.0 : 0.05;
    if (const auto* x = std::get_if<Move>(&c); x && fremen_card_secret_ally) return worm_site(x->to) ? 20.0 : 0.05;
    // The Fremen card's worm effects wait for a worm (seed 000): a Nexus-eager holder plays its
    // movement suppression now and then only, keeping the card for a worm ride to suppress, and its
    // Secret Ally revival (the Fremen absent) sometimes, keeping it for forces to protect. Weighted
    // 0.2 like the suppression, the gate's Fremen campaign at seed 1 saw the revival twice in 240
    // games against the 3 its coverage asks; at 20 (an eager card) 20 times, and the worm
    // protection fell from 6 to 4.
    if (const auto* p = std::get_if<PlayNexus>(&c); p && profile == BotProfile::NexusEager && p->card.faction == Faction::Fremen &&
                                                    (state.step == Step::Movement || state.step == Step::Revival)) {
      return state.step == Step::Revival ? 3.0 : 0.2;
    }
    // The Ecaz card's Secret Ally is offered at every decision (at any time, README): a holder asks
    // now and then, not at its first decision, so the card is also held, replaced and redrawn.
    if (const auto* p = std::get_if<PlayNexus>(&c); p && p->card.faction == Faction::Ecaz && p->mode == NexusMode::SecretAlly) return 0.01;
    // The Harkonnen card's Betrayal waits for a revealed Harkonnen traitor (seed 000), in a window
    // that asks every other seat holding a Nexus card: while one does, the Harkonnen call the
    // traitors they can, and the Harkonnen card's holder plays it, whatever its profile (the rare
    // window would otherwise pass half the time with a holder of another bent). Calling only when
    // another seat held the Harkonnen card itself, the gate's Harkonnen campaign at seed 1 saw the
    // window pass (the traitor standing) 2 times in 240 games once Amal's windows came in, against
    // the 3 its coverage asks.
    if (std::holds_alternative<CallTraitor>(c) && state.faction_of(seat) == Faction::Harkonnen) {
      for (std::size_t i = 0; i < state.nexus.held.size(); ++i) {
        if (i != seat.value && state.nexus.held[i]) return 20.0;
      }
    }
    if (const auto* p = std::get_if<PlayNexus>(&c); p && p->card.faction == Faction::Harkonnen && p->mode == NexusMode::Betrayal) {
      return 20.0;
    }
    // The Tleilaxu Cunning replaces revealed Face Dancers and their Betrayal cancels a reveal (seed
    // 002): the Tleilaxu reveal a dancer whenever one wins a battle, whatever their profile.
    if (std::holds_alternative<RevealFaceDancer>(c)) return 20.0;
    // Their Cunning waits for a revealed dancer, which few games see: the Tleilaxu keep their own card
    // when they draw it (the redraw policy KeepAny, seed 000 item 5) and then rather than redraw at a
    // Nexus (a DrawNexus discards it, item 4), whatever their profile. Measured over the gate's
    // Tleilaxu campaign of 240 games, seeds 1-7, the games where they hold it after a reveal: 2-7
    // with the replacement rule below alone, 4-12 with these too (Cunning played 4-10 times).
    if (std::holds_alternative<DrawNexus>(c) && holds_own_card && state.faction_of(seat) == Faction::Tleilaxu) return 0.05;
    if (const auto* r = std::get_if<SetRedrawPolicy>(&c); r && state.faction_of(seat) == Faction::Tleilaxu) {
      return r->policy == RedrawPolicy::KeepAny ? 0.3 : 0.001;
    }
    // A Face Dancer that is one of the Tleilaxu's own leaders is never revealed (a reveal follows
    // another faction's win): they replace such a dancer in the Mentat Pause when they can.
    if (const auto* r = std::get_if<ReplaceFaceDancer>(&c); r && r->dancer.value < kLeaderCount &&
                                                           leader_owner(state, LeaderId{r->dancer.value}) == Faction::Tleilaxu) {
      return 20.0;
    }
    // The Fremen played their Cunning to ride a worm that found no forces (seed 000): they ride it.
    if (std::holds_alternative<RideWorm>(c) && state.blow.cunning_ride) return 20.0;
    // A Nexus-eager seat holding a card rarely joins an alliance, which would discard it (seed 000, item 6).
    if (std::holds_alternative<AcceptAlliance>(c) && profile == BotProfile::NexusEager && state.nexus.held[seat.value]) return 0.1;
    return profile == BotProfile::SpiceHungry ? spice_weight(state, c) : profile_weight(profile, c);
  };
  std::map<std::size_t, std::vector<std::size_t>> by_kind;  // variant index -> command indices
  for (std::size_t i = 0; i < legal.size(); ++i) by_kind[legal[i].index()].push_back(i);
  std::vector<const std::vector<std::size_t>*> kinds;
  std::vector<double> kind_weights;
  for (const auto& [kind, members] : by_kind) {
    double heaviest = 0;
    for (std::size_t i : members) heaviest = std::max(heaviest, weight(legal[i]));
    kinds.push_back(&members);
    kind_weights.push_back(heaviest);
  }
  const auto& members = *kinds[weighted(kind_weights, rng)];
  std::vector<double> weights;
  for (std::size_t i : members) weights.push_back(weight(legal[i]));
  return members[weighted(weights, rng)];
}

}  // namespace

double profile_weight(BotProfile profile, const Command& c) {
  // The redraw preference is a standing choice offered at every turn of a seat; weighted like an
  // ordinary command it would take most decisions and stretch games to thousands of steps.
  // A Nexus-eager seat keeps its own faction's card more often than not, to play it as Cunning.
  if (const auto* r = std::get_if<SetRedrawPolicy>(&c); r && profile != BotProfile::Uniform) {
    if (profile != BotProfile::NexusEager) return 0.05;
    return r->policy == RedrawPolicy::KeepAny ? 0.3 : 0.1;
  }
  // The Karama standing order likewise, offered at every turn of a Karama holder, and the Tleilaxu's
  // raise of the others' revival limits, at every turn of theirs.
  if (profile != BotProfile::Uniform && std::holds_alternative<ArmKarama>(c)) return 0.05;
  if (profile != BotProfile::Uniform && std::holds_alternative<RaiseRevivalLimit>(c)) return 0.2;
  // The Atreides' once-a-game look at a battle plan ([LR] 1.14.01) is offered only in their own
  // battle, holding a Karama, under Advanced Karama: rare, so a weighted bot takes it when it can.
  if (profile != BotProfile::Uniform && std::holds_alternative<KaramaSeePlan>(c)) return 20.0;
  switch (profile) {
    case BotProfile::Uniform: return 1.0;
    case BotProfile::NexusEager:
      if (std::holds_alternative<DrawNexus>(c) || std::holds_alternative<PlayNexus>(c)) return 20.0;
      // The Atreides Cunning follows an answered Prescience (seed 000): a Nexus-eager Atreides asks.
      if (std::holds_alternative<UsePrescience>(c)) return 20.0;
      // The Bene Gesserit Cunning converts advisor groups (seed 000): a Nexus-eager Bene Gesserit
      // sends advisors where it can ([LR] 2.02.11) and flips them to fighters when a window opens.
      if (const auto* a = std::get_if<SendSpiritualAdvisor>(&c)) return a->to == AdvisorDestination::ShipmentCell ? 5.0 : 1.0;
      if (const auto* f = std::get_if<FlipBeneGesserit>(&c)) return f->to == BeneGesseritSide::Fighters ? 10.0 : 1.0;
      return 1.0;
    case BotProfile::AllyEager:
      if (std::holds_alternative<AcceptAlliance>(c)) return 30.0;
      if (std::holds_alternative<ProposeAlliance>(c)) return 15.0;
      if (std::holds_alternative<AllySpice>(c) || std::holds_alternative<ProtectAllyFromWorms>(c) ||
          std::holds_alternative<GrantAllyFreeRevivals>(c)) {
        return 3.0;
      }
      return std::holds_alternative<BreakAlliance>(c) ? 0.1 : 1.0;
    case BotProfile::Aggressive: return aggressive_weight(c);
    case BotProfile::Passive:
      if (std::holds_alternative<Pass>(c)) return 20.0;
      return std::holds_alternative<Bid>(c) ? 0.2 : 1.0;
    case BotProfile::SpiceHungry: return 1.0;  // state-aware: spice_weight
  }
  return 1.0;
}

std::vector<std::uint32_t> choice_order(const std::vector<Command>& legal) {
  std::vector<std::uint32_t> order;
  order.reserve(legal.size());
  if (legal.empty()) return order;
  const std::size_t first = default_choice(legal);
  order.push_back(static_cast<std::uint32_t>(first));
  auto klass = [](const Command& c) { return is_standing_command(c) ? 2 : is_any_time_command(c) ? 1 : 0; };
  for (int k = 0; k < 3; ++k) {
    for (std::size_t j = 0; j < legal.size(); ++j) {
      if (j != first && klass(legal[j]) == k) order.push_back(static_cast<std::uint32_t>(j));
    }
  }
  return order;
}

Choice encode_choice(const std::vector<Command>& legal, std::size_t seats, std::size_t seat_index, std::size_t listed) {
  const auto order = choice_order(legal);
  const auto rank = static_cast<std::size_t>(std::ranges::find(order, static_cast<std::uint32_t>(listed)) - order.begin());
  return static_cast<Choice>(rank * seats + seat_index);
}

std::optional<Decision> decide(const GameState& state, const std::vector<Seat>& seats, Choice choice) {
  if (seats.empty()) return std::nullopt;
  const std::size_t seat_index = choice % seats.size();
  const auto legal = legal_commands(state, seats[seat_index]);
  if (legal.empty()) return std::nullopt;
  const std::size_t rank = (choice / seats.size()) % legal.size();
  return Decision{seats[seat_index], legal[choice_order(legal)[rank]], static_cast<Choice>(rank * seats.size() + seat_index)};
}

Bots::Bots(const GameSpec& spec) : spec_(&spec), rng_(spec.seed ^ kBotStream) {}

std::optional<Decision> Bots::choose(const GameState& state, const std::vector<Seat>& seats) {
  const std::size_t seat_index = std::uniform_int_distribution<std::size_t>(0, seats.size() - 1)(rng_);
  const Seat seat = seats[seat_index];
  const auto legal = legal_commands(state, seat);
  if (legal.empty()) return std::nullopt;
  const BotProfile profile = seat.value < spec_->bots.size() ? spec_->bots[seat.value] : BotProfile::Uniform;
  const std::size_t command_index = pick_command(state, seat, profile, legal, rng_);
  return Decision{seat, legal[command_index], encode_choice(legal, seats.size(), seat_index, command_index)};
}

std::uint8_t chance_pick(std::uint64_t seed, ChanceKind kind, std::uint32_t nth, std::span<const std::uint8_t> outcomes) {
  const std::uint64_t key = mix(mix(seed) ^ (static_cast<std::uint64_t>(kind) << 32 | nth));
  return outcomes[key % outcomes.size()];
}

std::uint8_t chance_pick(const GameSpec& spec, ChanceKind kind, std::uint32_t nth, std::span<const std::uint8_t> outcomes) {
  const PinnedChance key{kind, nth, 0};
  const auto pin = std::lower_bound(spec.pinned_chance.begin(), spec.pinned_chance.end(), key);
  if (pin != spec.pinned_chance.end() && pin->kind == kind && pin->nth == nth &&
      std::ranges::find(outcomes, pin->outcome) != outcomes.end()) {
    return pin->outcome;
  }
  if (kind == ChanceKind::NexusDraw && spec.favoured_nexus) {
    const auto favoured = static_cast<std::uint8_t>(index(*spec.favoured_nexus));  // NexusDraw outcomes are factions
    const bool listed = std::ranges::find(outcomes, favoured) != outcomes.end();
    if (listed && (mix(spec.seed ^ 0x6e657875ULL ^ nth) & 1U) == 0) return favoured;
  }
  return chance_pick(spec.seed, kind, nth, outcomes);
}

}  // namespace dune::generators

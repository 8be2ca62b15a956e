// The Emperor Nexus family (seed 000, Emperor row; seed 003, the Emperor's own contract):
//   Betrayal    while battle plans are made, prevent the Emperor's Sardaukar advantage: the
//               Sardaukar in his battle (or the five forces his Cunning counts as Sardaukar) count
//               as ordinary forces there. Names the use of the advantage it answers (its attempt
//               number): the battle's actual Sardaukar as the plans begin, or a Cunning declared.
//               The purchase alternative (force the Emperor to pay for his ally's card) is not
//               offered: seed 003 leaves who chooses, the minimum and a short Emperor open.
//   Cunning     (Advanced only: Sardaukar are the special forces rule's) in his own battle, before
//               he makes his plan, with no Sardaukar there, count five of his ordinary forces
//               there as Sardaukar for this battle. No counter changes: strength and losses use
//               the roles, the Tanks receive ordinary counters (seed 003: two accounting layers).
//   Secret Ally (Emperor absent) either keep the price of a Treachery card won with spice, the
//               card sold all the same (the Bidding phase's purchase window, seed 003: after
//               showing the funds), or during Revival revive three forces free beyond the limit,
//               special forces within the one-per-turn cap (November FAQ p.2, seed 003).
// Windows open on public facts only: who holds *a* Nexus card, never which. The card's effects are
// not the Emperor's faction abilities: no Karama order cancels them (README "Nexus families").
#include <fmt/format.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "model/zones.h"

namespace dune {

using battle_detail::side_of;

namespace {

constexpr NexusCardId kCard{Faction::Emperor};
constexpr std::uint8_t kCunningForces = 5;            // "five", no up-to qualifier (seed 003)

// The Emperor's side in the current battle, when he fights it himself (the card confers nothing
// on allied forces, seed 003).
std::optional<int> emperor_side(const GameState& state) {
  const auto emperor = state.seat_of(Faction::Emperor);
  if (!emperor || !nexus_combatant(state, *emperor)) return std::nullopt;
  return side_of(state, *emperor);
}

struct Army {
  int normal = 0;
  int special = 0;
};

Army emperor_army(const GameState& state) {
  Army a;
  for (CellId c : state.battle.cells) {
    a.normal += state.board.normal[index(c)][index(Faction::Emperor)].value;
    a.special += state.board.special[index(c)][index(Faction::Emperor)].value;
  }
  return a;
}

// Whether the Emperor has a Sardaukar advantage in this battle to prevent: Sardaukar there
// (actual, or counted by his Cunning), not prevented yet, and not against the Fremen, where a
// Sardaukar counts as one ([LR] 2.03.09).
bool sardaukar_advantage(const GameState& state) {
  const auto side = emperor_side(state);
  if (!state.options.rules.special_forces || !side || state.battle.sardaukar_prevented) return false;
  if (battle_detail::opponent_faction(state, *side) == Faction::Fremen) return false;
  return emperor_army(state).special > 0 || state.battle.nexus_sardaukar > 0;
}

bool owns_battle_window(const GameState& state) { return nexus_window_of(state, Faction::Emperor); }

bool owns_window(const GameState& state) {
  return owns_battle_window(state) || (state.step == Step::Bidding && state.bidding.purchase_window);
}

std::vector<Seat> awaited_window(const GameState& state) {
  if (state.step == Step::Bidding) return {*state.bidding.high_bidder};
  return nexus_window_awaited(state, Faction::Emperor);
}

// A use of the advantage: numbered, and the Betrayal window opens when another seat holds a card.
void open_betrayal_window(GameState& state) {
  state.battle.sardaukar_attempt = ++state.nexus.attempts;
  open_nexus_battle_window(state, Faction::Emperor, BattleStage::NexusBetrayal);
}

void close_battle_window(GameState& state) {
  BattleState& b = state.battle;
  b.nexus_answered = {};
  b.nexus_window.reset();
  b.stage = battle_detail::plans_stage(state);
}

// ---- validation ----

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  const BattleState& b = state.battle;
  if (b.stage != BattleStage::NexusBetrayal || !owns_battle_window(state) || b.nexus_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "Emperor Betrayal prevents the Sardaukar advantage while its window is open, as the "
                  "battle plans are made (seed 000); its purchase alternative is not offered (seed 003)");
  }
  return plain_nexus_play(c, b.sardaukar_attempt);
}

std::optional<Rejection> validate_cunning(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  const BattleState& b = state.battle;
  if (!state.options.rules.special_forces) {
    return reject(RejectCode::IllegalChoice, "Emperor Cunning counts forces as Sardaukar, an advantage of the Advanced special "
                  "forces rule only (seed 003: Basic has no useful Sardaukar enhancement)");
  }
  const auto side = emperor_side(state);
  const bool answering = b.stage == BattleStage::PrescienceAnswer && pending(state) == std::vector<Seat>{seat};
  if (state.step != Step::Battle || (b.stage != BattleStage::Plans && !answering) || !side ||
      b.combatants[static_cast<std::size_t>(*side)] != seat) {
    return reject(RejectCode::WrongPhase, "Emperor Cunning is played in the Emperor's own battle as the plans are made (seed 003)");
  }
  if (b.plans[static_cast<std::size_t>(*side)] || b.wheels[static_cast<std::size_t>(*side)]) {
    return reject(RejectCode::WrongPhase, "Emperor Cunning comes before the Emperor formulates his battle plan (seed 003)");
  }
  if (b.nexus_sardaukar > 0) return reject(RejectCode::IllegalChoice, "Emperor Cunning was already played in this battle");
  const Army army = emperor_army(state);
  if (army.special > 0) {
    return reject(RejectCode::IllegalChoice, "the battle contains {} Sardaukar: Cunning applies when it contains none (seed 003; "
                  "a Sardaukar whose advantage was prevented is still a Sardaukar)", army.special);
  }
  if (army.normal < kCunningForces) {
    return reject(RejectCode::IllegalChoice, "Emperor Cunning counts five forces as Sardaukar and {} are in this battle: not offered "
                  "with fewer (seed 003: short groups are an open question)", army.normal);
  }
  return std::nullopt;
}

std::optional<Rejection> validate_purchase(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  const BiddingState& b = state.bidding;
  if (!b.purchase_window || b.high_bidder != seat) {
    return reject(RejectCode::WrongPhase, "Emperor Secret Ally is played on your Treachery purchase won with spice, before it is "
                  "paid (seed 003)");
  }
  if (b.high_bid_karama) return reject(RejectCode::IllegalChoice, "a Karama pays for this lot: there is no price to keep (seed 003)");
  if (state.seat(seat).spice < b.high_bid) {
    return reject(RejectCode::InsufficientSpice, "the price of {} is kept after showing it is held: you hold {} (seed 003)",
                  b.high_bid.value, state.seat(seat).spice.value);
  }
  return std::nullopt;
}

std::optional<Rejection> validate_revival(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0, kReadsRevival)) return r;
  return validate_free_revival(state, seat, c);
}

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal: return validate_betrayal(state, seat, c);
    case NexusMode::Cunning: return validate_cunning(state, seat, c);
    case NexusMode::SecretAlly:
      if (state.step == Step::Bidding) return validate_purchase(state, seat, c);
      if (state.step == Step::Revival) return validate_revival(state, seat, c);
      return reject(RejectCode::WrongPhase, "Emperor Secret Ally is played on a Treachery purchase or during Revival (seed 003)");
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  switch (mode) {
    case NexusMode::Betrayal: return {PlayNexus{kCard, mode, std::nullopt, state.battle.sardaukar_attempt, ForceCount{0}}};
    case NexusMode::Cunning: return {PlayNexus{kCard, mode, std::nullopt, 0, ForceCount{0}}};
    case NexusMode::SecretAlly: break;
  }
  if (state.step != Step::Revival) return {PlayNexus{kCard, mode, std::nullopt, 0, ForceCount{0}}};
  return free_revival_candidates(state, seat, kCard);
}

// ---- application ----

std::string advantage_named(const GameState& state) {
  const BattleState& b = state.battle;
  if (b.nexus_sardaukar > 0) return fmt::format("Sardaukar attempt {} (Cunning: {} forces counted as Sardaukar)", b.sardaukar_attempt, b.nexus_sardaukar);
  return fmt::format("Sardaukar attempt {} ({} Sardaukar)", b.sardaukar_attempt, emperor_army(state).special);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  BattleState& b = state.battle;
  switch (c.mode) {
    case NexusMode::Betrayal:  // the advantage is prevented for this battle; the counters stay what they are
      commit_nexus_play(state, seat, c, nexus_battle_event(state), advantage_named(state));
      b.sardaukar_prevented = !mutant_active(Mutant::NexusSardaukarPreventedStands);
      close_battle_window(state);
      return;
    case NexusMode::Cunning:  // a new use of the advantage, which a Betrayal may prevent
      commit_nexus_play(state, seat, c, nexus_battle_event(state), "");
      b.nexus_sardaukar = mutant_active(Mutant::NexusCunningUncounted) ? 0 : kCunningForces;
      if (sardaukar_advantage(state)) open_betrayal_window(state);
      return;
    case NexusMode::SecretAlly:
      if (state.step == Step::Bidding) {
        commit_nexus_play(state, seat, c, fmt::format("Bidding lot {}, turn {}", state.bidding.lot + 1, state.turn), "");
        complete_purchase(state, mutant_active(Mutant::NexusPurchaseStillPaid));
        return;
      }
      apply_free_revival(state, seat, c);
      return;
  }
}

// NexusHook::PlansBegin: the battle's actual Sardaukar are a use of the advantage.
// NexusHook::PurchaseWon: the purchase window, the Emperor absent and the buyer holding a card.
void on_hook(GameState& state, NexusHook hook) {
  if (hook == NexusHook::PlansBegin && sardaukar_advantage(state)) open_betrayal_window(state);
  if (hook == NexusHook::PurchaseWon && !state.seat_of(Faction::Emperor) && holds_nexus_card(state, *state.bidding.high_bidder)) {
    state.bidding.purchase_window = true;
  }
}

void pass(GameState& state, Seat seat) {
  if (state.step == Step::Bidding) {
    complete_purchase(state, true);
    return;
  }
  state.battle.nexus_answered[seat.value] = true;
  if (awaited_window(state).empty()) close_battle_window(state);
}

// ---- for the gate and the explorer ----

const PlayNexus* play_in(const LogEntry& entry, NexusMode mode) { return nexus_play_in(entry, Faction::Emperor, mode); }

// A Betrayal window closed by passes: the advantage stands.
std::uint64_t betrayal_window_passed(const GameState& before, const LogEntry& entry, const GameState& after) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && std::holds_alternative<Pass>(e->command) && owns_battle_window(before) && !owns_battle_window(after) ? 1 : 0;
}

std::uint64_t purchase_kept(const GameState& before, const LogEntry& entry, const GameState&) {
  return play_in(entry, NexusMode::SecretAlly) && before.step == Step::Bidding ? 1 : 0;
}

// A battle the Cunning forces fought in to its end (their losses mapped to ordinary counters).
std::uint64_t cunning_fought(const GameState& before, const LogEntry&, const GameState& after) {
  return before.battle.nexus_sardaukar > 0 && !before.battle.revealed && after.battle.revealed ? 1 : 0;
}

constexpr std::array kPlansBegin{NexusHook::PlansBegin};
constexpr std::array<NexusHook, 0> kDuringPlans{};  // Cunning: offered in the Plans stage, no window
constexpr std::array kPurchaseWon{NexusHook::PurchaseWon};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (the Sardaukar advantage stands)", 3,
                     "more Advanced games: aggressive seats fight the Emperor's Sardaukar more often", betrayal_window_passed},
    NexusCoverageRow{NexusMode::Cunning, "Cunning forces fought to the reveal", 3,
                     "more Advanced games: the Emperor fights with five forces and no Sardaukar while he holds his card",
                     cunning_fought},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally kept a purchase price", 3,
                     "more games without the Emperor: the holder wins a lot with spice", purchase_kept},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally revived three forces", 3,
                     "more games without the Emperor: the holder has three forces in the Tanks at Revival", free_revival_made<Faction::Emperor>},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"cunning", {Faction::Emperor, Faction::Harkonnen, Faction::SpacingGuild}, 3, 0,
                     "the Emperor holds the Emperor card", 5, 0, true},
    NexusBattleStart{"betrayal", {Faction::Emperor, Faction::Harkonnen, Faction::SpacingGuild}, 3, 2,
                     "the Guild (not fighting) holds the Emperor card, the Emperor brings 2 Sardaukar", 3, 2, true},
};

constexpr std::array kScopes{
    NexusScope{"emperor-battle",
               "one battle of the Emperor with his Nexus card held as Cunning (the Emperor, five ordinary forces) and as "
               "Betrayal (the Guild, not fighting, against two Sardaukar)",
               kBattleStarts},
};

constexpr std::array<std::string_view, 4> kMutants{"nexus-sardaukar-prevented-stands", "nexus-cunning-uncounted",
                                                    "nexus-purchase-still-paid", "nexus-revival-special-uncapped"};

}  // namespace

extern const NexusFamily kEmperorFamily{
    Faction::Emperor,
    "engine/nexus/emperor.cpp",
    {{{NexusMode::Betrayal, kPlansBegin,
       "the purchase alternative is not offered (forcing the Emperor to pay for his ally's card), because seed 003 leaves open "
       "who chooses the Emperor's contribution, its minimum when the ally holds the price, and an Emperor short of it; not "
       "offered against the Fremen, where a Sardaukar counts as one ([LR] 2.03.09): no advantage to prevent"},
      {NexusMode::Cunning, kDuringPlans,
       "not offered in a game without the special forces rule, because Sardaukar are its advantage (seed 003: Basic has no "
       "useful Sardaukar enhancement); not offered with fewer than five ordinary Emperor forces in the battle, because the "
       "panel says five without an up-to (seed 003: short groups are open)"},
      {NexusMode::SecretAlly, kPurchaseWon,
       "the revival is not offered when three forces cannot be revived (the Tanks, or the one-per-turn special cap), because "
       "the panel says three without an up-to (seed 003: short groups are open); the purchase applies to a lot won with spice "
       "in Bidding only, because seed 003 leaves other purchases and a seller's income open"}}},
    on_hook,
    owns_window,
    awaited_window,
    pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"contract.emperor.betrayal", "contract.emperor.cunning", "contract.emperor.secret-ally"},
    true,
};

}  // namespace dune

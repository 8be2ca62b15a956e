// The Tleilaxu Nexus family (seed 000, Tleilaxu row; seed 002):
//   Betrayal    "Cancel a revealed Face Dancer. It stays revealed until all Face Dancers have been
//               revealed": a window as the Tleilaxu reveal one after a battle (engine/face_dancers.cpp),
//               a numbered attempt naming the dancer, answered by every seat but the Tleilaxu
//               holding *a* card (the one hidden-reaction policy, plays.cpp). A cancelled reveal
//               kills no leader and moves no force (our reading: seed 000 cancels "the effect" and
//               names none, docs/rules/tleilaxu.md Q14); the dancer stays face up and counts toward
//               the cycle. [TO] instead leaves it unrevealed and usable: not followed (the seed).
//   Cunning     seed 002's "complete physical operation": at any time, with at least one revealed
//               Face Dancer (no free zero-card reshuffle), the whole revealed group is set aside,
//               as many replacements are drawn from the Traitor Deck (never the set-aside ones),
//               and only then the group is shuffled into the deck; unrevealed dancers stay; no
//               subset and no second choice. Not while a Nexus window is open nor while a reveal
//               waits for the Tleilaxu's answer (its dancer stays under it, seed 002).
//   Secret Ally (Tleilaxu absent) during one's own Revival decision, one own leader from the Tanks
//               free and up to five own forces at one spice each: seed 002's recommended prototype
//               of 14 October, a seed policy, not a publisher ruling:
//               - the leader is mandatory (force-only use is not allowed; zero forces is) and takes
//                 the ordinary one-leader slot of the turn; the card waives the unavailable-roster
//                 condition ([LR] 1.05.03, and 2.01.14's for the Kwisatz Haderach, "revived like a
//                 leader"), not the face-down cycle (1.05.04); captured, living and foreign leaders
//                 are not in their owner's Tanks and so not choices; a Cheap Hero is a card;
//               - each force costs one spice to the bank, special ones too, whatever the faction's
//                 own free revival and prices (no ordinary validation is called on them);
//               - the group counts against a shared ceiling of at least five forces for the turn
//                 (engine/revival.cpp, ordinary_left): the ordinary revival after it returns at
//                 most its limit and the ceiling less the group, and no leader;
//               - the one-per-turn Advanced Fedaykin/Sardaukar cap is shared across producers.
// The deaths of a returned leader are not changed ("do not write the synthetic open cycle").
#include <fmt/format.h>

#include <algorithm>

#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"

namespace dune {

namespace {

constexpr NexusCardId kCard{Faction::Tleilaxu};
constexpr Spice kPricePerForce{1};  // "up to five forces at one spice each" (seed 000, seed 002)

bool owns_window(const GameState& state) { return state.nexus.window == Faction::Tleilaxu; }

// The one hidden-reaction policy (plays.cpp).
std::vector<Seat> awaited(const GameState& state) { return betrayal_window_awaited(state, Faction::Tleilaxu); }

std::string turn_event(const GameState& state) { return fmt::format("{}, turn {}", to_string(state.phase), state.turn); }

std::string dancer_named(const GameState& state) {
  const auto& revealed = state.seat(*state.seat_of(Faction::Tleilaxu)).revealed_dancers;
  return fmt::format("reveal {}: Face Dancer {} revealed by the Tleilaxu", state.nexus.window_attempt,
                     revealed.empty() ? std::string("?") : traitor_name(revealed.back()));
}

// ---- Betrayal and Cunning ----

std::optional<Rejection> validate_betrayal(const GameState& state, Seat seat, const PlayNexus& c) {
  if (!owns_window(state) || state.nexus.window_answered[seat.value]) {
    return reject(RejectCode::WrongPhase, "the Tleilaxu Betrayal cancels a revealed Face Dancer in its window, as the Tleilaxu "
                  "reveal it (seed 000)");
  }
  return plain_nexus_play(c, state.nexus.window_attempt);
}

std::optional<Rejection> validate_cunning(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0)) return r;
  if (nexus_window_open(state) || (state.step == Step::Battle && state.battle.stage == BattleStage::FaceDancer)) {
    return reject(RejectCode::WrongPhase, "the Tleilaxu Cunning waits until the open Nexus window or the Face Dancer reveal is "
                  "answered (seed 002: a pending reveal keeps its dancer)");
  }
  const std::size_t group = state.seat(seat).revealed_dancers.size();
  if (group == 0) {
    return reject(RejectCode::IllegalChoice, "the Tleilaxu Cunning replaces the revealed Face Dancers, and none is revealed (seed "
                  "002: no free zero-card reshuffle)");
  }
  if (state.traitor_deck.size() < group) {
    return reject(RejectCode::IllegalChoice, "the Traitor Deck holds {} card(s), fewer than the {} revealed Face Dancers to replace",
                  state.traitor_deck.size(), group);
  }
  return std::nullopt;
}

// ---- the Secret Ally revival ----

std::optional<Rejection> validate_secret_ally(const GameState& state, Seat seat, const PlayNexus& c) {
  if (auto r = plain_nexus_play(c, 0, kReadsRevival)) return r;
  if (state.step != Step::Revival || state.revival.done[seat.value]) {
    return reject(RejectCode::WrongPhase, "the Tleilaxu Secret Ally is played during your own Revival decision, before your ordinary "
                  "revival (seed 000; seed 002's prototype policy)");
  }
  if (!c.leader && !c.kwisatz_haderach) {
    return reject(RejectCode::IllegalChoice, "the Tleilaxu Secret Ally returns one of your leaders from the Tanks: force-only use is "
                  "not allowed (prototype policy, seed 002)");
  }
  if (c.leader && c.kwisatz_haderach) {
    return reject(RejectCode::IllegalChoice, "one leader or the Kwisatz Haderach, not both (the one leader slot, seed 002)");
  }
  if (c.leader) {
    if (auto why = nexus_leader_not_revivable(state, seat, *c.leader)) {
      return reject(RejectCode::IllegalChoice, "{} cannot return by the Tleilaxu Secret Ally: {}",
                    c.leader->value < kLeaderCount ? leader_info(*c.leader).name : "that leader", *why);
    }
  }
  if (c.kwisatz_haderach) {
    if (auto why = nexus_kwisatz_haderach_not_revivable(state, seat)) return reject(RejectCode::IllegalChoice, "{}", *why);
  }
  if (c.normal < ForceCount{0} || c.special < ForceCount{0}) return reject(RejectCode::IllegalChoice, "force counts cannot be negative");
  const ForceCount group = c.normal + c.special;
  if (group > kNexusRevivalCeiling) {
    return reject(RejectCode::IllegalChoice, "up to {} forces return with the Tleilaxu Secret Ally, not {} (seed 000)",
                  kNexusRevivalCeiling.value, group.value);
  }
  const SeatState& s = state.seat(seat);
  if (c.normal > s.tanks_normal || c.special > s.tanks_special) {
    return reject(RejectCode::NotEnoughForces, "the Tanks hold {} of your forces and {} special forces, not {} and {}",
                  s.tanks_normal.value, s.tanks_special.value, c.normal.value, c.special.value);
  }
  if (c.special > revival_special_left(state, seat)) {
    return reject(RejectCode::IllegalChoice, "{} more {} may be revived this turn, not {} (one per turn across every revival, "
                  "[LR] 2.03.11, 2.04; November FAQ p.2, seed 002)", revival_special_left(state, seat).value,
                  faction_info(state.faction_of(seat)).special_force_name, c.special.value);
  }
  const Spice price = kPricePerForce * group.value;
  if (price > s.spice) {
    return reject(RejectCode::InsufficientSpice, "{} forces cost {} spice at one each; you have {} (seed 000)", group.value,
                  price.value, s.spice.value);
  }
  return std::nullopt;
}

std::vector<Command> secret_ally_candidates(const GameState& state, Seat seat) {
  if (state.step != Step::Revival || state.revival.done[seat.value]) return {};
  const Faction f = state.faction_of(seat);
  const SeatState& s = state.seat(seat);
  std::vector<std::pair<std::optional<LeaderId>, bool>> returns;  // a leader, or the Kwisatz Haderach
  for (LeaderId l : leaders_of(state, f)) {
    if (!nexus_leader_not_revivable(state, seat, l)) returns.emplace_back(l, false);
  }
  if (!nexus_kwisatz_haderach_not_revivable(state, seat)) returns.emplace_back(std::nullopt, true);
  const int most_special = std::min({s.tanks_special.value, revival_special_left(state, seat).value, kNexusRevivalCeiling.value});
  std::vector<Command> out;
  for (const auto& [leader, kh] : returns) {
    for (int special = 0; special <= most_special; ++special) {
      for (int normal = 0; normal + special <= kNexusRevivalCeiling.value && normal <= s.tanks_normal.value; ++normal) {
        if (kPricePerForce * (normal + special) > s.spice) break;
        PlayNexus p{kCard, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{special}};
        p.normal = ForceCount{normal};
        p.leader = leader;
        p.kwisatz_haderach = kh;
        out.push_back(p);
      }
    }
  }
  return out;
}

void apply_secret_ally(GameState& state, Seat seat, const PlayNexus& c) {
  commit_nexus_play(state, seat, c, fmt::format("Revival, turn {}", state.turn), "");
  const ForceCount group = c.normal + c.special;
  if (!mutant_active(Mutant::NexusTleilaxuForcesFree)) pay_to_bank(state, seat, kPricePerForce * group.value);
  transfer_forces(state, state.faction_of(seat), InTanks{}, InReserves{}, c.normal, c.special);
  if (c.leader) return_leader(state, seat, *c.leader);
  if (c.kwisatz_haderach && !mutant_active(Mutant::NexusTleilaxuKwisatzHaderachStays)) state.battle.kwisatz_haderach_dead = false;
  state.revival.nexus_returns[seat.value] += group;
  state.revival.nexus_leader[seat.value] = !mutant_active(Mutant::NexusTleilaxuLeaderSlotKept);
  state.revival.nexus_special[seat.value] += c.special;
}

// ---- the family's table entries ----

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal: return validate_betrayal(state, seat, c);
    case NexusMode::Cunning: return validate_cunning(state, seat, c);
    case NexusMode::SecretAlly: return validate_secret_ally(state, seat, c);
  }
  return reject(RejectCode::IllegalChoice, "unknown Nexus mode");
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  return mode == NexusMode::SecretAlly ? secret_ally_candidates(state, seat) : plain_nexus_candidates(state, Faction::Tleilaxu, mode);
}

void close_window(GameState& state, bool cancelled) {
  close_nexus_step_window(state);
  finish_face_dancer_reveal(state, cancelled);
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  switch (c.mode) {
    case NexusMode::Betrayal:
      commit_nexus_play(state, seat, c, nexus_battle_event(state), dancer_named(state));
      close_window(state, !mutant_active(Mutant::NexusTleilaxuDancerStands));
      return;
    case NexusMode::Cunning: {
      commit_nexus_play(state, seat, c, turn_event(state), "");
      const auto group = static_cast<std::uint8_t>(state.seat(seat).revealed_dancers.size());
      request_chance(state, PendingChance{ChanceKind::FaceDancerDraw, seat, group});  // setup.cpp, on_face_dancer_drawn
      return;
    }
    case NexusMode::SecretAlly: apply_secret_ally(state, seat, c); return;
  }
}

void pass(GameState& state, Seat seat) {
  state.nexus.window_answered[seat.value] = true;
  if (awaited(state).empty()) close_window(state, false);
}

// FaceDancerRevealed: the Betrayal window, numbered (the attempt names the revealed dancer).
void on_hook(GameState& state, NexusHook hook) {
  if (hook != NexusHook::FaceDancerRevealed) return;
  open_nexus_attempt_window(state, Faction::Tleilaxu, awaited);
}

// ---- for the gate and the explorer ----

const PlayNexus* secret_ally_in(const LogEntry& entry) { return nexus_play_in(entry, Faction::Tleilaxu, NexusMode::SecretAlly); }

std::uint64_t leader_and_forces(const GameState&, const LogEntry& entry, const GameState&) {
  const PlayNexus* p = secret_ally_in(entry);
  return p && p->normal + p->special > ForceCount{0} ? 1 : 0;
}

std::uint64_t leader_alone(const GameState&, const LogEntry& entry, const GameState&) {
  const PlayNexus* p = secret_ally_in(entry);
  return p && p->normal + p->special == ForceCount{0} ? 1 : 0;
}

// The card waived the unavailable-roster condition: the leader it returned had an active
// companion that never died (ordinarily not revivable, [LR] 1.05.03).
std::uint64_t roster_waived(const GameState& before, const LogEntry& entry, const GameState&) {
  const PlayNexus* p = secret_ally_in(entry);
  if (!p || !p->leader) return 0;
  const Faction f = before.faction_of(std::get<Envelope>(entry).seat);
  bool active = false, never_died = false;
  for (LeaderId l : leaders_of(before, f)) {
    active = active || before.leaders[l.value].where == LeaderLocation::Available;
    never_died = never_died || before.leaders[l.value].deaths == 0;
  }
  return active && never_died ? 1 : 0;
}

// The holder's ordinary revival after the card, bound by the shared ceiling.
std::uint64_t ordinary_after(const GameState& before, const LogEntry& entry, const GameState&) {
  const auto* e = std::get_if<Envelope>(&entry);
  return e && before.step == Step::Revival && before.revival.nexus_leader[e->seat.value] ? 1 : 0;
}

constexpr std::array kFaceDancerRevealed{NexusHook::FaceDancerRevealed};
constexpr std::array<NexusHook, 0> kNoHooks{};

std::uint64_t dancer_cancelled(const GameState&, const LogEntry& entry, const GameState&) {
  return nexus_play_in(entry, Faction::Tleilaxu, NexusMode::Betrayal) ? 1 : 0;
}

std::uint64_t group_replaced(const GameState&, const LogEntry& entry, const GameState&) {
  return nexus_play_in(entry, Faction::Tleilaxu, NexusMode::Cunning) ? 1 : 0;
}

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal cancelled a revealed Face Dancer", 3,
                     "more battles the Tleilaxu reveal a Face Dancer in while another seat holds the Tleilaxu card", dancer_cancelled},
    NexusCoverageRow{NexusMode::Betrayal, "Betrayal window passed (the reveal stands)", 3,
                     "more reveals while seats hold Nexus cards", step_window_passed<owns_window>},
    NexusCoverageRow{NexusMode::Cunning, "Cunning replaced the revealed Face Dancers", 3,
                     "more games where the Tleilaxu hold their card after a reveal", group_replaced},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally returned a leader and forces at one spice each", 3,
                     "more games without the Tleilaxu: the holder has a leader and forces in the Tanks at Revival", leader_and_forces},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally returned a leader alone (zero forces)", 1,
                     "more games without the Tleilaxu: the holder has a leader but no spice or forces for the group", leader_alone},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally waived the unavailable-roster condition", 1,
                     "more games without the Tleilaxu: the holder's leader died while another has never died", roster_waived},
    NexusCoverageRow{NexusMode::SecretAlly, "the holder's ordinary revival decision after the card (shared ceiling, slot taken)", 3,
                     "more Secret Ally plays: the holder then revives or passes", ordinary_after},
};

constexpr std::array kRevivalStarts{
    NexusRevivalStart{"secret-ally", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 5, 0,
                      "the Atreides hold the Tleilaxu card (Secret Ally, the Tleilaxu absent): Dr. Yueh alone dead, so only the "
                      "card may return him", 6, 1},
    NexusRevivalStart{"secret-ally-all-dead", {Faction::Emperor, Faction::Harkonnen, Faction::Atreides}, 5, 0,
                      "the Emperor holds the Tleilaxu card with all five leaders dead once: the card returns one, and the "
                      "ordinary revival may not take another (the one slot)", 4, 5},
};

// The seed deals the Tleilaxu a Face Dancer among the combatants' leaders, so that some battle plan
// lets them reveal it (tests/proofs/scopes_test.cpp holds the scope to reaching the window).
constexpr std::array kBattleStarts{
    NexusBattleStart{"betrayal", {Faction::Atreides, Faction::Harkonnen, Faction::Tleilaxu}, 1, 0,
                     "the Atreides hold the Tleilaxu card (Betrayal); a Face Dancer of the Tleilaxu leads for a combatant in some "
                     "battle plan, so a reveal opens the card's window", 3, 0, false, 0, true},
};

// The Tleilaxu fight holding their own card with a dancer staged face up, so that the card's Cunning
// is playable at each of their decisions (tests/proofs/explorer_test.cpp holds the scope to finding
// nexus-tleilaxu-cunning-keeps-revealed). One force each keeps every plan explored.
constexpr std::array kCunningStarts{
    NexusBattleStart{"cunning", {Faction::Tleilaxu, Faction::Atreides, Faction::Harkonnen}, 1, 0,
                     "the Tleilaxu fight the Atreides holding their own card (Cunning) with a Face Dancer face up: at each of "
                     "their decisions the card may set the revealed dancers aside, draw as many and shuffle them back",
                     1, 0, false, 0, true, 1},
};

constexpr std::array kScopes{
    NexusScope{"tleilaxu-revival",
               "turn 2's Revival with the Tleilaxu card held as Secret Ally (the Tleilaxu absent): a leader returned free "
               "and up to five forces at one spice each, then the ordinary revival under the shared ceiling",
               {}, {}, {}, kRevivalStarts},
    NexusScope{"tleilaxu-battle",
               "one battle of the Atreides and the Harkonnen, the Tleilaxu seated with a Face Dancer among the combatants' "
               "leaders and the Atreides holding the Tleilaxu card: every battle plan, every reveal and the Betrayal window on it",
               kBattleStarts, {}, {}, {}, {}, {}, /*explore_plans=*/true},
    NexusScope{"tleilaxu-cunning",
               "one battle of the Tleilaxu and the Atreides, the Tleilaxu holding their own card with a Face Dancer face up: "
               "every battle plan and every Cunning play around them",
               kCunningStarts, {}, {}, {}, {}, {}, /*explore_plans=*/true},
};

constexpr std::array<std::string_view, 7> kMutants{"nexus-tleilaxu-dancer-stands", "nexus-tleilaxu-cunning-keeps-revealed", "nexus-tleilaxu-forces-free", "nexus-tleilaxu-leader-slot-kept",
                                                    "nexus-revival-ceiling-ignored", "nexus-revival-roster-kept",
                                                    "nexus-tleilaxu-kwisatz-haderach-stays"};

}  // namespace

extern const NexusFamily kTleilaxuFamily{
    Faction::Tleilaxu,
    "engine/nexus/tleilaxu.cpp",
    {{{NexusMode::Betrayal, kFaceDancerRevealed, ""},
      {NexusMode::Cunning, kNoHooks,
       "when no Face Dancer is revealed, because no retrieved source grants a free zero-card reshuffle (seed 002); while a Nexus "
       "window or a Face Dancer reveal waits for its answer", true},
      {NexusMode::SecretAlly, kNoHooks,
       "after one's ordinary revival, because a seat's Revival decision ends with it here (the prototype's ordinary-first order "
       "is not offered); when no own leader (or the Kwisatz Haderach) may return, because force-only use is not allowed "
       "(prototype policy, seed 002)"}}},
    on_hook,
    owns_window,
    awaited,
    pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"contract.tleilaxu.betrayal", "contract.tleilaxu.cunning", "contract.tleilaxu.secret-ally"},
};

}  // namespace dune

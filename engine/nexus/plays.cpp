// The Nexus plays, dispatched through the family table (engine/nexus/family.h): the generic
// checks every play passes (seed 000, items 8–9), then the card's own family decides. A card whose
// family is not registered is never playable (Audit mode: it can be drawn, held and discarded).
#include <fmt/format.h>

#include <algorithm>

#include "engine/battle.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"
#include "model/nexus_registry.h"

namespace dune {

const NexusFamily* find_nexus_family(Faction card) {
  for (const NexusFamily* f : nexus_families()) {
    if (f->card == card) return f;
  }
  return nullptr;
}

namespace {

const NexusFamily* window_family(const GameState& state) {
  for (const NexusFamily* f : nexus_families()) {
    if (f->owns_window && f->owns_window(state)) return f;
  }
  return nullptr;
}

}  // namespace

// Each family's hook runs once per hook point. At PlansBegin several families may open a window
// (one awaits plans, another a Betrayal of the plans): they take turns in registration order, the
// next one when the battle is back to making plans (battle.plans_hooks_run counts those done in
// this battle).
void nexus_hook(GameState& state, NexusHook hook) {
  if (!state.nexus.enabled) return;
  if (hook == NexusHook::PlansBegin) {
    resume_nexus_plans_hook(state);
    return;
  }
  for (const NexusFamily* f : nexus_families()) {
    if (f->on_hook) f->on_hook(state, hook);
  }
}

void resume_nexus_plans_hook(GameState& state) {
  if (!state.nexus.enabled) return;
  const auto families = nexus_families();
  BattleState& b = state.battle;
  while (battle_detail::making_plans(b.stage) && b.plans_hooks_run < families.size()) {
    const NexusFamily* f = families[b.plans_hooks_run++];
    if (f->on_hook) f->on_hook(state, NexusHook::PlansBegin);
  }
}

std::vector<Seat> awaited_nexus_window(const GameState& state) {
  const NexusFamily* f = window_family(state);
  return f ? f->awaited(state) : std::vector<Seat>{};
}

void apply_nexus_window_pass(GameState& state, Seat seat) {
  if (const NexusFamily* f = window_family(state)) f->pass(state, seat);
}

// Inside the window only its own card is played: another card's play waits until the step it
// interrupted resumes (a Bene Gesserit Cunning in the Spacing Guild Betrayal window that a Bene
// Gesserit shipment opened would leave the window awaiting nobody).
std::vector<Command> nexus_window_candidates(const GameState& state, Seat seat) {
  std::vector<Command> out{Pass{}};
  for (Command& c : nexus_play_candidates(state, seat)) {
    if (std::get<PlayNexus>(c).card.faction == *state.nexus.window) out.push_back(std::move(c));
  }
  return out;
}

std::optional<Rejection> validate_nexus_window(const GameState& state, Seat seat, const Command& c) {
  if (std::holds_alternative<Pass>(c)) return std::nullopt;
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    if (auto r = validate_nexus_play(state, seat, *n)) return r;  // not held, not playable at all, ...
    if (n->card.faction != *state.nexus.window) {
      return reject(RejectCode::WrongPhase, "the {} Nexus card's window is open: only that card is played in it, or a pass (the "
                    "{} card waits for the {} to resume)", to_string(*state.nexus.window), to_string(n->card.faction),
                    to_string(state.step));
    }
    return std::nullopt;
  }
  return reject(RejectCode::WrongPhase, "the {} Nexus card's window is open: play your Nexus card or pass (the {} waits)",
                to_string(*state.nexus.window), to_string(state.step));
}

void apply_nexus_window(GameState& state, Seat seat, const Command& c) {
  if (const auto* n = std::get_if<PlayNexus>(&c)) {
    apply_nexus_play(state, seat, *n);
  } else {
    apply_nexus_window_pass(state, seat);
  }
}

bool nexus_effect_binds(const GameState& state, Faction card, NexusMode mode, Phase phase) {
  return std::any_of(state.nexus.receipts.begin(), state.nexus.receipts.end(), [&](const NexusReceipt& r) {
    return r.card.faction == card && r.mode == mode && r.phase == phase && r.turn == state.turn && r.delayed && !r.consumed;
  });
}

namespace {

const NexusPanelRules& panel_of(const NexusFamily& f, NexusMode mode) {
  return f.panels[static_cast<std::size_t>(mode)];
}

// The held card's plays whose panel is played at any time (`any_time`) or in a step (not).
std::vector<Command> held_card_plays(const GameState& state, Seat seat, bool any_time) {
  const auto held = state.nexus.held[seat.value];
  if (!held) return {};
  const NexusFamily* f = find_nexus_family(held->faction);
  const NexusMode mode = nexus_mode(state, seat, *held);
  if (!f || panel_of(*f, mode).any_time != any_time) return {};
  return f->candidates(state, seat, mode);
}

}  // namespace

std::vector<Command> nexus_play_candidates(const GameState& state, Seat seat) { return held_card_plays(state, seat, false); }

std::vector<Command> nexus_any_time_candidates(const GameState& state, Seat seat) { return held_card_plays(state, seat, true); }

bool is_any_time_nexus_play(const Command& c) {
  const auto* p = std::get_if<PlayNexus>(&c);
  const NexusFamily* f = p ? find_nexus_family(p->card.faction) : nullptr;
  return f && static_cast<std::size_t>(p->mode) < f->panels.size() && panel_of(*f, p->mode).any_time;
}

std::optional<Rejection> validate_nexus_play(const GameState& state, Seat seat, const PlayNexus& c) {
  if (!state.nexus.enabled) return reject(RejectCode::IllegalChoice, "the Nexus card module is not in this game");
  if (state.nexus.held[seat.value] != c.card) {
    return reject(RejectCode::IllegalChoice, "you do not hold the {} Nexus card", to_string(c.card.faction));
  }
  const NexusFamily* f = find_nexus_family(c.card.faction);
  if (!f) {
    return reject(RejectCode::NotImplemented, "the {} Nexus card cannot be played: {}", to_string(c.card.faction),
                  family_status(c.card.faction).reason);
  }
  // Only a revival panel names special forces (engine/nexus/family.h): in Revival, never negative.
  if (c.special < ForceCount{0} || (c.special > ForceCount{0} && state.step != Step::Revival)) {
    return reject(RejectCode::IllegalChoice, "special names the special forces a Nexus revival returns: 0 outside Revival, never "
                  "negative, not {}", c.special.value);
  }
  if (c.normal < ForceCount{0} || ((c.normal > ForceCount{0} || c.leader || c.kwisatz_haderach) && state.step != Step::Revival)) {
    return reject(RejectCode::IllegalChoice, "normal, leader and kwisatz_haderach name what a Nexus revival returns: only in "
                  "Revival, never negative");
  }
  // Only a panel that asks a player names one (the Ecaz Secret Ally, engine/nexus/ecaz.cpp).
  if (c.target && !(c.card.faction == Faction::Ecaz && c.mode == NexusMode::SecretAlly)) {
    return reject(RejectCode::IllegalChoice, "target names the player the Ecaz Secret Ally asks: no other play names one");
  }
  // Only a panel that names a Treachery Card names one: the CHOAM Secret Ally's trade (choam.cpp),
  // the Moritani Secret Ally's retained card (moritani.cpp).
  if (c.treachery && !((c.card.faction == Faction::Choam || c.card.faction == Faction::Moritani) && c.mode == NexusMode::SecretAlly)) {
    return reject(RejectCode::IllegalChoice, "treachery names the card the CHOAM Secret Ally trades or the Moritani Secret Ally keeps: "
                  "no other play names one");
  }
  const NexusMode mode = nexus_mode(state, seat, c.card);
  if (c.mode != mode) {
    return reject(RejectCode::IllegalChoice, "you hold the {} card in {} mode, not {} (native roster, seed 000 item 8)",
                  to_string(c.card.faction), to_string(mode), to_string(c.mode));
  }
  return f->validate(state, seat, c);
}

void apply_nexus_play(GameState& state, Seat seat, const PlayNexus& c) {
  find_nexus_family(c.card.faction)->apply(state, seat, c);
}

bool nexus_combatant(const GameState& state, Seat seat) {
  const auto& c = state.battle.combatants;
  return c[0] == seat || c[1] == seat;
}

std::string nexus_battle_event(const GameState& state) {
  return fmt::format("battle in {}, turn {}", to_string(state.battle.territory), state.turn);
}

namespace {

std::vector<Seat> awaited_at(const GameState& state, Faction card, BattleStage stage) {
  const auto native = state.seat_of(card);
  std::vector<Seat> out;
  for (Seat s : all_seats(state)) {
    if (state.battle.nexus_answered[s.value] || !holds_nexus_card(state, s)) continue;
    if (stage == BattleStage::NexusBetrayal ? native != s : nexus_combatant(state, s)) out.push_back(s);
  }
  return out;
}

}  // namespace

bool open_nexus_battle_window(GameState& state, Faction card, BattleStage stage) {
  BattleState& b = state.battle;
  b.nexus_answered = {};
  if (awaited_at(state, card, stage).empty()) return false;
  b.stage = stage;
  b.nexus_window = card;
  return true;
}

bool nexus_window_of(const GameState& state, Faction card) {
  const BattleStage stage = state.battle.stage;
  return (stage == BattleStage::NexusBetrayal || stage == BattleStage::NexusSecretAlly) && state.battle.nexus_window == card;
}

std::vector<Seat> nexus_window_awaited(const GameState& state, Faction card) {
  return awaited_at(state, card, state.battle.stage);
}

bool open_nexus_step_window(GameState& state, Faction card, std::uint32_t attempt,
                            std::vector<Seat> (*awaited)(const GameState&)) {
  NexusState& n = state.nexus;
  n.window = card;
  n.window_answered = {};
  n.window_attempt = attempt;
  if (!awaited(state).empty()) return true;
  close_nexus_step_window(state);
  return false;
}

void open_nexus_attempt_window(GameState& state, Faction card, std::vector<Seat> (*awaited)(const GameState&)) {
  if (open_nexus_step_window(state, card, state.nexus.attempts + 1, awaited)) ++state.nexus.attempts;
}

void consume_phase_receipts(GameState& state, Faction card) {
  for (NexusReceipt& r : state.nexus.receipts) {
    if (r.card.faction == card && r.delayed && !r.consumed && r.turn == state.turn && r.phase == state.phase) r.consumed = true;
  }
}

void close_nexus_step_window(GameState& state) {
  state.nexus.window.reset();
  state.nexus.window_answered = {};
  state.nexus.window_attempt = 0;
}

const PlayNexus* nexus_play_in(const LogEntry& entry, Faction card, NexusMode mode) {
  const auto* e = std::get_if<Envelope>(&entry);
  const auto* p = e ? std::get_if<PlayNexus>(&e->command) : nullptr;
  return p && p->card.faction == card && p->mode == mode ? p : nullptr;
}

std::optional<Rejection> unread_fields(const PlayNexus& c, unsigned reads) {
  const std::string_view card = to_string(c.card.faction);
  if (c.element && !(reads & kReadsElement)) return reject(RejectCode::IllegalChoice, "the {} card names no plan element", card);
  if ((c.normal != ForceCount{0} || c.special != ForceCount{0} || c.leader || c.kwisatz_haderach) && !(reads & kReadsRevival)) {
    return reject(RejectCode::IllegalChoice, "the {} card's {} revives nothing: no forces, leader or Kwisatz Haderach", card, to_string(c.mode));
  }
  if (c.target && !(reads & kReadsTarget)) return reject(RejectCode::IllegalChoice, "the {} card's {} names no player", card, to_string(c.mode));
  if (c.treachery && !(reads & kReadsTreachery)) {
    return reject(RejectCode::IllegalChoice, "the {} card's {} names no Treachery Card", card, to_string(c.mode));
  }
  return std::nullopt;
}

std::optional<Rejection> plain_nexus_play(const PlayNexus& c, std::uint32_t answers, unsigned reads) {
  if (auto r = unread_fields(c, reads & ~unsigned{kReadsElement})) return r;
  if (c.answers != answers) {
    return answers == 0 ? reject(RejectCode::IllegalChoice, "this play answers no attempt (answers must be 0)")
                        : reject(RejectCode::IllegalChoice, "the open attempt is number {}, not {}", answers, c.answers);
  }
  return std::nullopt;
}

std::vector<Command> plain_nexus_candidates(const GameState& state, Faction card, NexusMode mode) {
  const std::uint32_t answers = mode == NexusMode::Betrayal ? state.nexus.window_attempt : 0;
  return {PlayNexus{NexusCardId{card}, mode, std::nullopt, answers, ForceCount{0}}};
}

bool nexus_window_open(const GameState& state) {
  const BattleStage st = state.battle.stage;
  return state.nexus.window || (state.step == Step::Battle && (st == BattleStage::NexusBetrayal || st == BattleStage::NexusSecretAlly)) ||
         (state.step == Step::Bidding && state.bidding.purchase_window);
}

bool no_nexus_window(const GameState&) { return false; }
std::vector<Seat> no_nexus_window_awaited(const GameState&) { return {}; }
void no_nexus_window_pass(GameState&, Seat) {}

std::vector<Seat> betrayal_window_awaited(const GameState& state, Faction card) {
  std::vector<Seat> out;
  const auto native = state.seat_of(card);
  for (Seat s : all_seats(state)) {
    if (!state.nexus.window_answered[s.value] && holds_nexus_card(state, s) && s != native) out.push_back(s);
  }
  return out;
}

namespace {
constexpr ForceCount kFreeRevivals{3};  // "three additional forces" (seed 003), "three forces free" (seed 000)
}  // namespace

std::optional<Rejection> validate_free_revival(const GameState& state, Seat seat, const PlayNexus& c) {
  if (state.revival.done[seat.value]) {
    return reject(RejectCode::WrongPhase, "the {} Secret Ally revives during your own Revival decision (seed 000)",
                  to_string(c.card.faction));
  }
  if (c.normal > ForceCount{0} || c.leader || c.kwisatz_haderach) {
    return reject(RejectCode::IllegalChoice, "the {} Secret Ally revives three forces: name only how many of them are special, no "
                  "leader (seed 000)", to_string(c.card.faction));
  }
  const SeatState& s = state.seat(seat);
  if (c.special > kFreeRevivals) return reject(RejectCode::IllegalChoice, "special must be 0 to {}", kFreeRevivals.value);
  const ForceCount normal = kFreeRevivals - c.special;
  if (c.special > s.tanks_special || normal > s.tanks_normal) {
    return reject(RejectCode::NotEnoughForces, "three forces are revived: {} ordinary and {} special, and the Tanks hold {} and {} "
                  "(seed 003: not offered when three cannot be revived)", normal.value, c.special.value, s.tanks_normal.value,
                  s.tanks_special.value);
  }
  if (c.special > revival_special_left(state, seat)) {
    return reject(RejectCode::IllegalChoice, "{} more {} may be revived this turn, not {} (one per turn, [LR] 2.03.11, 2.04; "
                  "November FAQ p.2)", revival_special_left(state, seat).value,
                  faction_info(state.faction_of(seat)).special_force_name, c.special.value);
  }
  return std::nullopt;
}

std::vector<Command> free_revival_candidates(const GameState& state, Seat seat, NexusCardId card) {
  std::vector<Command> out;
  const SeatState& s = state.seat(seat);
  const int most = std::min({s.tanks_special.value, revival_special_left(state, seat).value, kFreeRevivals.value});
  for (int special = 0; special <= most; ++special) {
    if (kFreeRevivals.value - special <= s.tanks_normal.value) {
      out.push_back(PlayNexus{card, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{special}});
    }
  }
  return out;
}

void apply_free_revival(GameState& state, Seat seat, const PlayNexus& c) {
  commit_nexus_play(state, seat, c, fmt::format("Revival, turn {}", state.turn), "");
  transfer_forces(state, state.faction_of(seat), InTanks{}, InReserves{}, kFreeRevivals - c.special, c.special);
  state.revival.nexus_special[seat.value] += c.special;
}

void commit_nexus_play(GameState& state, Seat seat, const PlayNexus& c, std::string event, std::string answers,
                       bool delayed) {
  NexusReceipt r;
  r.id = static_cast<std::uint32_t>(state.nexus.receipts.size() + 1);
  r.seat = seat;
  r.card = c.card;
  r.mode = c.mode;
  r.turn = state.turn;
  r.phase = state.phase;
  r.event = std::move(event);
  r.answers = std::move(answers);
  r.delayed = delayed;
  r.consumed = !delayed;
  state.nexus.receipts.push_back(std::move(r));
  if (!mutant_active(Mutant::NexusPlayableTwice)) discard_nexus_card(state, seat);
}

}  // namespace dune

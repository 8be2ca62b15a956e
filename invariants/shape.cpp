// Shape (invariants/shape.h): the facts any reachable state keeps, recomputed from the state alone.
#include "invariants/shape.h"

#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "engine/engine.h"
#include "engine/nexus/family.h"
#include "model/factions.h"

namespace dune::invariants {
namespace {

bool seated(const GameState& s, Faction f) {
  return std::find(s.options.factions.begin(), s.options.factions.end(), f) != s.options.factions.end();
}

bool is_setup(Step step) {
  return step == Step::SetupTraitorSelection || step == Step::SetupPrediction || step == Step::SetupFremenPlacement ||
         step == Step::SetupBeneGesseritPlacement || step == Step::SetupIxianDraft;
}

// The phase a decision step belongs to ([LR] 1.01-1.09: each step is one phase's).
Phase phase_of(Step step) {
  switch (step) {
    case Step::SetupTraitorSelection:
    case Step::SetupPrediction:
    case Step::SetupFremenPlacement:
    case Step::SetupBeneGesseritPlacement:
    case Step::SetupIxianDraft:
    case Step::StormDial:
    case Step::StormCardWindow:
    case Step::HmsPlacement:
    case Step::HmsMovement: return Phase::Storm;
    case Step::KaramaWorm:
    case Step::ThumperWindow:
    case Step::SpiceBlow:
    case Step::HarvesterWindow:
    case Step::WormPlacement:
    case Step::NexusNegotiation:
    case Step::WormRide:
    case Step::NexusDraw: return Phase::SpiceBlowAndNexus;
    case Step::Charity: return Phase::ChoamCharity;
    case Step::Bidding:
    case Step::AllyCardReplacement:
    case Step::IxCardSelection:
    case Step::IxTechnology: return Phase::Bidding;
    case Step::Revival: return Phase::Revival;
    case Step::Shipment:
    case Step::Movement: return Phase::ShipmentAndMovement;
    case Step::Collection: return Phase::SpiceCollection;
    case Step::MentatPause: return Phase::MentatPause;
    case Step::Battle:
    case Step::GameOver: return Phase::Battle;
    case Step::AmalWindow: return Phase::Storm;  // between two phases: check_awaited checks it on its own
  }
  return Phase::Storm;
}

void check_turn_and_step(const GameState& s, Violations& out) {
  if (s.turn < 0 || s.turn > s.options.turn_limit) {
    out.push_back({"shape.turn", fmt::format("turn {} of a {}-turn game", s.turn, s.options.turn_limit)});
  }
  if ((s.turn == 0) != is_setup(s.step)) {
    out.push_back({"shape.turn", fmt::format("turn {} with step {}: setup is turn 0 and only turn 0", s.turn, to_string(s.step))});
  }
}

// At rest, the game waits for a seat, in a step of the phase it is in. Who is awaited is read from
// the step's own state, so this comes after the checks of that state: a broken bidding lot is
// named as such, not as a game that awaits nobody.
void check_awaited(const GameState& s, Violations& out) {
  if (s.step == Step::GameOver || !s.halted.empty() || s.chance) return;
  const auto waiting = pending(s);
  if (waiting.empty()) {
    out.push_back({"shape.step", fmt::format("{}, step {}: the game is neither over nor halted, no chance step is pending, "
                                             "and no seat is awaited", to_string(s.phase), to_string(s.step))});
  } else if (s.step == Step::AmalWindow) {
    // E1's Amal window sits between the phase that ended (`phase`) and the next: turn 1's Storm
    // right after setup, else the phase after it in the turn.
    const bool first = s.turn == 1 && s.phase == Phase::Storm && s.amal.starting == Phase::Storm;
    if (!s.amal.starting || (!first && *s.amal.starting != next_phase(s.phase))) {
      out.push_back({"shape.step", fmt::format("an Amal window in phase {} opens {}, not the start of the next phase", to_string(s.phase),
                                               s.amal.starting ? to_string(*s.amal.starting) : "no phase")});
    }
  } else if (phase_of(s.step) != s.phase) {
    out.push_back({"shape.step", fmt::format("step {} awaits a seat in phase {}: it is a step of {}", to_string(s.step),
                                             to_string(s.phase), to_string(phase_of(s.step)))});
  }
}

// [LR] 1.10: an alliance is two factions at the table, each the other's only ally.
void check_alliances(const GameState& s, Violations& out) {
  std::set<Faction> allied;
  for (const Alliance& a : s.alliances) {
    const std::string pair = fmt::format("{} and {}", to_string(a.a), to_string(a.b));
    if (a.a == a.b || !seated(s, a.a) || !seated(s, a.b)) {
      out.push_back({"shape.alliance", fmt::format("alliance of {}: two different factions at the table", pair)});
      continue;
    }
    if (!allied.insert(a.a).second || !allied.insert(a.b).second) {
      out.push_back({"shape.alliance", fmt::format("alliance of {}: a faction in two alliances", pair)});
    }
  }
  for (std::size_t i = 0; i < s.seat_count(); ++i) {
    const Faction f = s.options.factions[i];
    const std::optional<Faction> ally = s.seats[i].ally;
    const bool listed = std::any_of(s.alliances.begin(), s.alliances.end(), [&](const Alliance& a) {
      return ally && ((a.a == f && a.b == *ally) || (a.b == f && a.a == *ally));
    });
    if (ally ? !listed : allied.contains(f)) {
      out.push_back({"shape.alliance", fmt::format("{} names {} as its ally, but the alliances are {}", to_string(f),
                                                   ally ? to_string(*ally) : "none", allied.contains(f) ? "otherwise" : "without it")});
    }
  }
}

void check_table(const GameState& s, Violations& out) {
  std::set<Faction> seen;
  for (Faction w : s.winners) {
    if (!seated(s, w) || !seen.insert(w).second) {
      out.push_back({"shape.winners", fmt::format("{} is a winner twice or not at the table", to_string(w))});
    }
  }
  if (!s.winners.empty() && s.step != Step::GameOver) {
    out.push_back({"shape.winners", fmt::format("the game has winners but is at step {}, not over", to_string(s.step))});
  }
  if (s.prediction) {
    // [LR] 2.02.03: the Bene Gesserit predict a faction at the table and a turn of the game.
    if (!seated(s, Faction::BeneGesserit) || !seated(s, s.prediction->faction) || s.prediction->turn < 1 ||
        s.prediction->turn > s.options.turn_limit) {
      out.push_back({"shape.prediction", fmt::format("a prediction of {} on turn {}: the Bene Gesserit predict a seated faction "
                                                     "and a turn of the game", to_string(s.prediction->faction), s.prediction->turn)});
    }
  }
}

// Each leader is in play exactly when its printed faction is seated; one behind a shield is behind
// its owner's (the Tleilaxu's for a ghola), unless Advanced Harkonnen captured it ([LR] 2.05.10).
// A ghola is an ordinary leader of another faction, revived by the seated Tleilaxu in a game with
// Advanced Gholas (docs/rules/tleilaxu.md §5.2).
void check_leaders(const GameState& s, Violations& out) {
  for (std::size_t i = 0; i < kLeaderCount; ++i) {
    const LeaderState& l = s.leaders[i];
    const LeaderInfo& info = leader_info(LeaderId{static_cast<std::uint8_t>(i)});
    const std::string name{info.name};
    if (l.ghola && (!info.faction || *info.faction == Faction::Tleilaxu || info.role != LeaderRole::Ordinary ||
                    !s.seat_of(Faction::Tleilaxu) || !s.options.rules.tleilaxu_gholas || l.where == LeaderLocation::NotInPlay)) {
      out.push_back({"shape.ghola", fmt::format("{} is a ghola: only an ordinary leader of another faction in play, revived by the "
                                                "seated Tleilaxu under Advanced Gholas, is one", name)});
      continue;
    }
    if (!info.faction) continue;  // Duke Vidal belongs to no faction: his custody is the Ecaz rules'
    const auto seated = s.seat_of(*info.faction);
    if ((l.where == LeaderLocation::NotInPlay) == seated.has_value()) {
      out.push_back({"shape.leader", fmt::format("{} is {} although {} {} seated", name, l.where == LeaderLocation::NotInPlay ? "not in play" : "in play",
                                                 to_string(*info.faction), seated ? "is" : "is not")});
      continue;
    }
    if (!seated) continue;
    const auto owner = s.seat_of(*leader_owner(s, leader_at(i)));
    if (l.holder.value >= s.seat_count()) {
      out.push_back({"shape.leader", fmt::format("{} is held by seat {}, not at the table", name, l.holder.value)});
    } else if (l.where == LeaderLocation::Available && l.holder != *owner) {
      out.push_back({"shape.leader", fmt::format("{} is available behind {}'s shield, not its owner's", name,
                                                 to_string(s.faction_of(l.holder)))});
    } else if (l.where == LeaderLocation::Captured &&
               (l.holder == *owner || s.faction_of(l.holder) != Faction::Harkonnen || !s.options.rules.harkonnen_capture)) {
      out.push_back({"shape.leader", fmt::format("{} is captured by {}: only Advanced Harkonnen capture another faction's leader",
                                                 name, to_string(s.faction_of(l.holder)))});
    }
    const bool dead = l.where == LeaderLocation::Tanks || l.where == LeaderLocation::TanksFaceDown;
    if (dead && l.deaths == 0) out.push_back({"shape.leader", fmt::format("{} is in the Tanks but never died", name)});
  }
}

void check_seat_index(const GameState& s, const std::optional<Seat>& seat, std::string_view what, Violations& out) {
  if (seat && seat->value >= s.seat_count()) {
    out.push_back({"shape.seat", fmt::format("{} is seat {}, not at the table ({} seats)", what, seat->value, s.seat_count())});
  }
}

// [LR] 1.04: one lot per eligible bidder, auctioned in turn; a bid is at least 1. E1: one lot more
// with the Ixians seated, who select from the whole row before the first lot (ixians.md §5).
void check_bidding(const GameState& s, Violations& out) {
  // E1: the Ixians' starting-card draft is dealt and emptied at setup, one card per seat at most
  // (ixians.md §2.1); its step awaits a draft.
  const std::size_t draft = s.treachery.draft.size();
  if ((draft > 0 && s.turn != 0) || draft > s.seat_count() || (draft > 0 && !seated(s, Faction::Ixians)) ||
      (s.step == Step::SetupIxianDraft && draft == 0)) {
    out.push_back({"shape.ixian-draft", fmt::format("{} cards in the Ixians' starting-card draft on turn {} at a {}-seat table{}", draft, s.turn,
                                                s.seat_count(), s.step == Step::SetupIxianDraft ? ", its step awaited" : "")});
  }
  const BiddingState& b = s.bidding;
  const bool ixians = seated(s, Faction::Ixians);
  if (s.step == Step::IxCardSelection && (!ixians || b.lot != 0 || b.lots.empty() || b.high_bidder)) {
    out.push_back({"shape.bidding", fmt::format("the Ixians' selection {}", !ixians ? "without the Ixians seated" : "after the auction began")});
  }
  if (s.step == Step::IxTechnology && (!ixians || !s.options.rules.ixians_technology || b.technology_used || b.lots.empty() || b.opener || b.high_bidder)) {
    out.push_back({"shape.bidding", "the Ixians' Technology asked without the rule, after their swap, or with no unopened lot up"});
  }
  // A swap named for the last lot waits only while the Ixians Nexus card's Betrayal window on it is
  // open (seed 000), for one card of the Ixians' hand, the lot unopened.
  if (const auto& offer = b.technology_offer) {
    const auto ix = s.seat_of(Faction::Ixians);
    const bool held = ix && std::ranges::find(s.seat(*ix).hand, *offer) != s.seat(*ix).hand.end();
    if (!held || s.step != Step::Bidding || s.nexus.window != Faction::Ixians || !b.technology_used || b.lots.size() != 1 || b.opener ||
        b.high_bidder) {
      out.push_back({"shape.bidding", fmt::format("a Technology swap of card {} offered {}", offer->value,
                                                  !held ? "that is not in the Ixians' hand" : "outside the Betrayal window on the last unopened lot")});
    }
  }
  if (b.lots_total > s.seat_count() + (ixians ? 1 : 0) || b.lot > b.lots_total || b.lots.size() > std::size_t(b.lots_total - std::min(b.lot, b.lots_total))) {
    out.push_back({"shape.bidding", fmt::format("lot {} of {} with {} on the table at a {}-seat table", b.lot, b.lots_total,
                                                b.lots.size(), s.seat_count())});
  }
  if (b.high_bid.value < 0 || (!b.high_bidder && b.high_bid.value > 0)) {
    out.push_back({"shape.bidding", fmt::format("a high bid of {} {}", b.high_bid.value, b.high_bidder ? "" : "without a bidder")});
  }
  check_seat_index(s, b.high_bidder, "the high bidder", out);
  check_seat_index(s, b.opener, "the lot's opener", out);
  check_seat_index(s, b.previous_opener, "the previous opener", out);
  check_seat_index(s, b.to_act, "the bidder to act", out);
}

void check_battle(const GameState& s, Violations& out) {
  const BattleState& b = s.battle;
  if (b.atreides_battle_losses.value < 0) {
    out.push_back({"shape.battle", fmt::format("Atreides' battle losses are {}", b.atreides_battle_losses.value)});
  }
  if (b.stage == BattleStage::None) return;
  if (s.phase != Phase::Battle) out.push_back({"shape.battle", fmt::format("a battle under way in phase {}", to_string(s.phase))});
  if (b.stage == BattleStage::Choose) return;  // the combatants are set once the battle is chosen
  for (Seat c : b.combatants) check_seat_index(s, c, "a combatant", out);
  if (b.combatants[0] == b.combatants[1]) out.push_back({"shape.battle", "a seat fights itself"});
  // The Cyborg bonus prevented (ixians.md §7.2) only in a battle of the Ixians, by a Karama of the turn.
  const bool ixians_fight = std::ranges::any_of(b.combatants, [&](Seat c) { return c.value < s.seat_count() && s.faction_of(c) == Faction::Ixians; });
  const bool cancelled = std::ranges::any_of(s.karama.cancels, [&](const KaramaCancel& k) { return k.ability == KaramaAbility::IxiansCyborgBonus && k.turn == s.turn; });
  if (b.cyborgs_prevented && (!ixians_fight || !cancelled)) {
    out.push_back({"shape.battle", "the Ixians' Cyborg bonus is prevented with no Karama against it this turn in a battle of theirs"});
  }
  // Their loss substitution likewise (ixians.md §3), and only with its reading on.
  const bool substitution_cancelled = std::ranges::any_of(s.karama.cancels, [&](const KaramaCancel& k) {
    return k.ability == KaramaAbility::IxiansLossSubstitution && k.turn == s.turn;
  });
  if (b.substitution_prevented && (!ixians_fight || !substitution_cancelled || !s.options.cyborg_loss_substitution)) {
    out.push_back({"shape.battle", "the Ixians' Cyborg loss substitution is prevented with no Karama against it this turn in a battle of theirs"});
  }
  // The decision a stage waits for has someone to ask (a damaged save must not reach the engine).
  if (b.stage == BattleStage::Voice && !s.seat_of(Faction::BeneGesserit) && !b.voice_side) {
    out.push_back({"shape.battle", "the Voice stage asks nobody: no Bene Gesserit and no Secret Ally Voice"});
  }
  if (b.stage == BattleStage::Prescience && !s.seat_of(Faction::Atreides)) {
    out.push_back({"shape.battle", "the Prescience stage without the Atreides"});
  }
  const bool window = b.stage == BattleStage::NexusBetrayal || b.stage == BattleStage::NexusSecretAlly;
  if (window && (!b.nexus_window || !find_nexus_family(*b.nexus_window))) {
    out.push_back({"shape.battle", "a Nexus window no registered family opened"});
  }
  if (b.stage == BattleStage::FaceDancer && (!s.seat_of(Faction::Tleilaxu) || !b.face_dancer_winner)) {
    out.push_back({"shape.battle", "the Face Dancer stage without the Tleilaxu or a winner to reveal on"});
  }
  check_seat_index(s, b.face_dancer_winner, "the winner a Face Dancer may be revealed on", out);
}

// Revealed Face Dancers are the Tleilaxu's, among those they hold, each once, and never all of
// them (the last reveal returns the group, seed 002) but while a replacement's draw is owed or
// while the Tleilaxu card's Betrayal window on the last reveal is open (the group returns once it
// closes, whether or not the reveal was cancelled: "it stays revealed until all Face Dancers have
// been revealed", seed 000).
void check_face_dancers(const GameState& s, Violations& out) {
  for (std::uint8_t i = 0; i < s.seat_count(); ++i) {
    const Seat seat{i};
    const SeatState& x = s.seat(seat);
    if (x.revealed_dancers.empty()) continue;
    std::set<TraitorCardId> once(x.revealed_dancers.begin(), x.revealed_dancers.end());
    const bool held = std::all_of(once.begin(), once.end(), [&](TraitorCardId c) {
      return std::find(x.traitors.begin(), x.traitors.end(), c) != x.traitors.end();
    });
    const bool refilling = s.chance && s.chance->kind == ChanceKind::FaceDancerDraw;  // after a replacement, before its draw
    const bool in_window = s.nexus.window == Faction::Tleilaxu;
    if (s.faction_of(seat) != Faction::Tleilaxu || !held || once.size() != x.revealed_dancers.size() ||
        (once.size() >= x.traitors.size() && !refilling && !in_window)) {
      out.push_back({"shape.face-dancers", fmt::format("{} show {} revealed Face Dancers of {} held: only the Tleilaxu reveal theirs, "
                                                       "each once, and the last reveal returns them all",
                                                       to_string(s.faction_of(seat)), x.revealed_dancers.size(), x.traitors.size())});
    }
  }
}

// Every accepted command and every chosen chance outcome is one log entry and moves the version by
// one (a forced outcome, engine/chance.cpp, is logged without a move): the version is between the
// commands logged and the entries logged. The committed table holds each accepted command once.
// After a checked state (whose commands were counted and matched its committed table), only the
// entries logged since are counted: by induction the same count, without a scan of the whole game.
void check_history(const GameState& s, const GameState* before, Violations& out) {
  const bool after_checked = before && before->log.size() <= s.log.size();
  std::size_t envelopes = after_checked ? before->committed.size() : 0;
  for (std::size_t i = after_checked ? before->log.size() : 0; i < s.log.size(); ++i) {
    envelopes += std::holds_alternative<Envelope>(s.log[i]) ? 1 : 0;
  }
  if (s.version < envelopes || s.version > s.log.size()) {
    out.push_back({"shape.history", fmt::format("version {} with {} log entries, {} of them commands", s.version,
                                                s.log.size(), envelopes)});
  }
  if (s.committed.size() != envelopes) {
    out.push_back({"shape.history", fmt::format("{} committed commands for {} commands in the log", s.committed.size(), envelopes)});
  }
  // Each id once: after a checked state, only the ids committed since need comparing with the rest.
  const std::size_t from = before && before->committed.size() <= s.committed.size() ? before->committed.size() : 0;
  if (from == 0) {
    std::set<std::uint64_t> ids;
    for (const Committed& c : s.committed) {
      if (!ids.insert(c.envelope.id.value).second) {
        out.push_back({"shape.history", fmt::format("command id {} committed twice", c.envelope.id.value)});
        return;
      }
    }
    return;
  }
  // An id above every id of the checked state's table cannot repeat one of them: only the ids
  // committed since are compared then.
  const std::uint64_t highest_before = before->committed.highest_id();
  for (std::size_t i = from; i < s.committed.size(); ++i) {
    const std::uint64_t id = s.committed[i].envelope.id.value;
    for (std::size_t j = id > highest_before ? from : 0; j < i; ++j) {
      if (s.committed[j].envelope.id.value == id) {
        out.push_back({"shape.history", fmt::format("command id {} committed twice", id)});
        return;
      }
    }
  }
}

// The Advanced faction Karama powers ([LR] 1.13.06, 1.14): each used once at most, by the faction
// whose power it is, under the Advanced Karama rule; a Harkonnen hand exchange only during Bidding,
// after the Harkonnen's use, owing between one card and the whole Harkonnen hand (README).
Faction power_owner(KaramaPower p) {
  switch (p) {
    case KaramaPower::EmperorRevival: return Faction::Emperor;
    case KaramaPower::HarkonnenHand: return Faction::Harkonnen;
    case KaramaPower::GuildShipment: return Faction::SpacingGuild;
    case KaramaPower::AtreidesBattlePlan: return Faction::Atreides;
    case KaramaPower::FremenWorm: return Faction::Fremen;
    case KaramaPower::TleilaxuRevivalPrevention: return Faction::Tleilaxu;
    case KaramaPower::IxiansHmsMovement: return Faction::Ixians;
  }
  return Faction::Emperor;
}

void check_karama_powers(const GameState& s, Violations& out) {
  const KaramaState& k = s.karama;
  std::set<Faction> used;
  for (const KaramaPowerUse& u : k.powers) {
    if (u.by.value >= s.seat_count() || s.faction_of(u.by) != power_owner(u.power) || !s.options.rules.advanced_karama) {
      out.push_back({"shape.karama", fmt::format("{} used by seat {}: a power of {}, under the Advanced Karama rule only",
                                                 to_string(u.power), u.by.value, to_string(power_owner(u.power)))});
      continue;
    }
    if (!used.insert(power_owner(u.power)).second) {
      out.push_back({"shape.karama", fmt::format("{} used twice: once in a game ([LR] 1.14.00)", to_string(u.power))});
    }
  }
  if (s.revival.karama_special < ForceCount{0} || s.revival.karama_special > ForceCount{3}) {
    out.push_back({"shape.karama", fmt::format("the Emperor's Karama revival brought back {} Sardaukar: 0 to 3", s.revival.karama_special.value)});
  }
  if (!k.exchange) return;
  const HandExchange& x = *k.exchange;
  const bool seated_ok = x.harkonnen.value < s.seat_count() && x.target.value < s.seat_count() && x.harkonnen != x.target;
  const bool after_use = std::any_of(k.powers.begin(), k.powers.end(), [&](const KaramaPowerUse& u) {
    return u.power == KaramaPower::HarkonnenHand && u.by == x.harkonnen && u.target == x.target && u.turn == s.turn;
  });
  if (!seated_ok || s.step != Step::Bidding || !after_use || x.owed == 0 || x.owed > s.seat(x.harkonnen).hand.size()) {
    out.push_back({"shape.karama", fmt::format("a hand exchange owing {} card(s) at step {}: only in Bidding, after the Harkonnen took "
                                               "that hand this turn, owing 1 to the Harkonnen's hand size ([LR] 1.14.04)",
                                               x.owed, to_string(s.step))});
  }
}

// The E1 tech tokens (docs/rules/tech-tokens-and-amal.md §1): only with their option, none held
// or owed before the deal, which is over by the end of turn 1's Storm; held by seats at the table.
void check_tech_tokens(const GameState& s, Violations& out) {
  const TechTokenState& t = s.tech;
  const bool any = t.dealt || std::any_of(t.holder.begin(), t.holder.end(), [](const auto& h) { return h.has_value(); }) ||
                   std::any_of(t.income_due.begin(), t.income_due.end(), [](bool d) { return d; });
  if (any && !s.options.cards.e1_tech_tokens) out.push_back({"shape.tech-tokens", "tech tokens dealt or owed without the tech token option"});
  // While the deal is under way (a TechTokenDeal step pending) the owners already hold theirs.
  const bool dealing = s.chance && s.chance->kind == ChanceKind::TechTokenDeal;
  const bool owed = std::any_of(t.income_due.begin(), t.income_due.end(), [](bool d) { return d; });
  if (!t.dealt && ((any && !dealing) || owed)) out.push_back({"shape.tech-tokens", "a tech token held or owed before the deal"});
  const bool due = s.options.cards.e1_tech_tokens && (s.turn > 1 || (s.turn == 1 && s.phase != Phase::Storm));
  if (due && !t.dealt) out.push_back({"shape.tech-tokens", "the tech tokens are not dealt after turn 1's Storm"});
  for (const auto& h : t.holder) check_seat_index(s, h, "a tech token's holder", out);
}

// E1's Hidden Mobile Stronghold (docs/rules/ixians.md §2, §4): its cell holds forces only with the
// Ixians seated and never spice; off the board it holds exactly the Ixians' 3 Suboids and 3
// Cyborgs they start with there (FS:258; nothing enters or leaves it before it is placed); on the
// board it hangs on a map cell of a territory that is not a stronghold. It is placed as turn 1's
// Storm phase ends (§2.2): not while the first storm is still to move, and by the Spice Blow.
void check_hms(const GameState& s, Violations& out) {
  const std::size_t hms = index(kHmsCell);
  const bool ixians = seated(s, Faction::Ixians);
  if (s.board.spice[hms] != Spice{0}) out.push_back({"shape.hms", fmt::format("{} spice in the HMS", s.board.spice[hms].value)});
  for (Faction f : kAllFactions) {
    const ForceCount normal = s.board.normal[hms][index(f)], special = s.board.special[hms][index(f)];
    const bool expected_off_board = f == Faction::Ixians && ixians;
    if (!s.board.hms_host && (expected_off_board ? normal != ForceCount{3} || special != ForceCount{3}
                                                 : normal != ForceCount{0} || special != ForceCount{0})) {
      out.push_back({"shape.hms", fmt::format("{} has {} + {} forces in the HMS off the board (the Ixians' 3 + 3 only)", to_string(f),
                                              normal.value, special.value)});
    }
    if (!ixians && (normal != ForceCount{0} || special != ForceCount{0})) {
      out.push_back({"shape.hms", fmt::format("{} has forces in the HMS without the Ixians seated", to_string(f))});
    }
  }
  if (s.step == Step::HmsPlacement && (s.turn != 1 || s.board.hms_host || !ixians)) {
    out.push_back({"shape.hms", fmt::format("the HMS placement step on turn {}, {}", s.turn, s.board.hms_host ? "the HMS placed" : "no Ixians seated")});
  }
  if (s.step == Step::HmsMovement && (s.turn < 2 || !s.board.hms_host || !ixians)) {
    out.push_back({"shape.hms", fmt::format("the HMS movement step on turn {}, {}", s.turn, s.board.hms_host ? "the HMS placed" : "the HMS off the board")});
  }
  // A move by steps under way (a reading of §4.2 on): its start and at most 3 steps, ending on the
  // host, in the Storm phase's movement step or the Ixians' Shipment and Movement action.
  const auto& path = s.board.hms_path;
  if (!path.empty()) {
    const bool moving = s.step == Step::HmsMovement || s.step == Step::Shipment || s.step == Step::Movement;
    if (s.options.hms_spice == HmsSpice::Off || !moving || path.size() < 2 || path.size() > 4 || path.back() != s.board.hms_host) {
      out.push_back({"shape.hms", fmt::format("the HMS's path of {} cells in step {} (reading {}): a move by steps under way, its start and 1 to 3 steps "
                                              "ending on its host", path.size(), to_string(s.step), to_string(s.options.hms_spice))});
    }
  }
  const bool storm_over = s.turn > 1 || (s.turn == 1 && (s.phase != Phase::Storm || (s.step == Step::AmalWindow && s.amal.starting != Phase::Storm)));
  if (ixians && !s.board.hms_host && storm_over && s.halted.empty()) {
    out.push_back({"shape.hms", fmt::format("turn {}, {}: the HMS is still off the board after turn 1's Storm", s.turn, to_string(s.phase))});
  }
  if (!s.board.hms_host) return;
  if (s.turn == 0 || (s.turn == 1 && s.phase == Phase::Storm && (s.step == Step::StormDial || s.step == Step::StormCardWindow))) {
    out.push_back({"shape.hms", "the HMS is on the board before turn 1's storm moved"});
  }
  const CellId host = *s.board.hms_host;
  if (!ixians) out.push_back({"shape.hms", "the HMS is on the board without the Ixians seated"});
  if (index(host) >= kMapCellCount || is_stronghold(kCells[index(host)].territory)) {
    out.push_back({"shape.hms", fmt::format("the HMS hangs on cell {}: a map cell of a territory that is not a stronghold only",
                                            index(host))});
  }
}

}  // namespace

Violations check_shape(const GameState& s, const GameState* before) {
  Violations out;
  check_turn_and_step(s, out);
  check_alliances(s, out);
  check_table(s, out);
  check_leaders(s, out);
  check_face_dancers(s, out);
  check_bidding(s, out);
  check_battle(s, out);
  check_karama_powers(s, out);
  check_tech_tokens(s, out);
  check_hms(s, out);
  check_history(s, before, out);
  check_awaited(s, out);
  return out;
}

}  // namespace dune::invariants

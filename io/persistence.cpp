// Persistence: the state snapshot and the event log as JSON (io/persistence.h). Each struct of
// GameState has one writer (io/persistence_write.cpp, with the digest) and one reader here; a new
// field goes into both, and the round-trip test (load(save(s)) == s) fails until it does. Readers
// report the path of a problem.
#include "io/persistence.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <map>

#include "engine/engine.h"
#include "engine/json_io.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune {

using json = nlohmann::json;
using json_io::fail;
using json_io::guarded;
using json_io::In;
using json_io::name_of;
using json_io::flip_window_json;
using json_io::invoice_json;

// ---- readers --------------------------------------------------------------------------------
namespace {

constexpr std::int64_t kMaxCount = 1'000'000;  // any count or amount beyond this is corrupt

struct Reader {
  std::size_t seats = kMaxSeats;

  Seat seat(const In& in) const { return Seat{in.byte(seats)}; }
  std::optional<Seat> opt_seat(const In& in) const {
    return in.j.is_null() ? std::nullopt : std::optional<Seat>(seat(in));
  }
  static int amount(const In& in) { return static_cast<int>(in.integer(-kMaxCount, kMaxCount)); }
  static std::uint8_t u8(const In& in) { return static_cast<std::uint8_t>(in.integer(0, 255)); }
  template <class Id>
  static std::vector<Id> ids(const In& in, std::size_t count) {
    std::vector<Id> out;
    for (const In& x : in.items()) out.push_back(Id{x.byte(count)});
    return out;
  }
  template <class Id>
  static HiddenPile<Id> pile(const In& in, std::size_t count) {
    HiddenPile<Id> p{ids<Id>(in["known_top"], count), ids<Id>(in["unseen"], count), ids<Id>(in["known_bottom"], count)};
    if (!std::is_sorted(p.unseen.begin(), p.unseen.end())) fail(in.path + ".unseen", "not sorted");
    return p;
  }
  std::array<bool, kMaxSeats> seat_set(const In& in) const {
    std::array<bool, kMaxSeats> out{};
    for (const In& x : in.items()) out[seat(x).value] = true;
    return out;
  }
  // `pile` by kind (model/state.h, PendingChance): a spice pile (0..1), a lot's replacement or a
  // card of the Ixians' draft (0..2), the draws a Tleilaxu Cunning still owes (at most the Face
  // Dancers held), 0 otherwise.
  PendingChance chance(const In& in) const {
    const auto kind = in["kind"].enumeration<ChanceKind>();
    const int most = kind == ChanceKind::TreacheryDeal ? 2
                     : kind == ChanceKind::SpiceDraw    ? 1
                     : kind == ChanceKind::FaceDancerDraw                               ? static_cast<int>(kFaceDancersHeld)
                                                                                        : 0;
    return PendingChance{kind, seat(in["seat"]), static_cast<std::uint8_t>(in["pile"].integer(0, most))};
  }

  SeatState seat_state(const In& in) const {
    SeatState s;
    s.spice = Spice{amount(in["spice"])};
    s.in_front_of_shield = Spice{amount(in["in_front_of_shield"])};
    s.hand = ids<TreacheryCardId>(in["hand"], kTreacheryCardCount);
    if (!std::is_sorted(s.hand.begin(), s.hand.end())) fail(in.path + ".hand", "not sorted");
    s.traitors = ids<TraitorCardId>(in["traitors"], kLeaderCount + 1);
    s.traitor_offer = ids<TraitorCardId>(in["traitor_offer"], kLeaderCount + 1);
    s.revealed_dancers = ids<TraitorCardId>(in["revealed_dancers"], kLeaderCount + 1);
    s.reserves_normal = ForceCount{amount(in["reserves_normal"])};
    s.reserves_special = ForceCount{amount(in["reserves_special"])};
    s.tanks_normal = ForceCount{amount(in["tanks_normal"])};
    s.tanks_special = ForceCount{amount(in["tanks_special"])};
    if (!in["ally"].j.is_null()) s.ally = in["ally"].enumeration<Faction>();
    s.ally_spice_limit = Spice{amount(in["ally_spice_limit"])};
    s.protects_ally_from_worms = in["protects_ally_from_worms"].boolean();
    s.grants_ally_free_revivals = in["grants_ally_free_revivals"].boolean();
    s.revival_limit_raised = ForceCount{static_cast<int>(in["revival_limit_raised"].integer(0, kRaisedRevivalLimitMost.value))};
    if (s.revival_limit_raised != ForceCount{0} && s.revival_limit_raised <= kPrintedRevivalLimit) {
      fail(in.path + ".revival_limit_raised", fmt::format("{} is no raised limit (0 for the printed {}, or {}..{})", s.revival_limit_raised.value,
                                                          kPrintedRevivalLimit.value, kPrintedRevivalLimit.value + 1, kRaisedRevivalLimitMost.value));
    }
    return s;
  }

  void leaders(const In& in, std::array<LeaderState, kLeaderCount>& out) const {
    for (const In& x : in.items()) {
      const std::size_t i = x["leader"].byte(kLeaderCount);
      if (out[i] != LeaderState{}) fail(x.path, fmt::format("leader {} listed twice", i));
      out[i] = LeaderState{x["where"].enumeration<LeaderLocation>(), seat(x["holder"]), u8(x["deaths"]),
                           x["fought_this_phase"].boolean(), x["ghola"].boolean()};
    }
  }

  void board(const In& in, BoardState& b) const {
    for (const In& x : in["forces"].items()) {
      const std::size_t c = x["cell"].byte(kCellCount);
      const std::size_t f = index(x["faction"].enumeration<Faction>());
      if (b.normal[c][f].value != 0 || b.special[c][f].value != 0) fail(x.path, "cell and faction listed twice");
      b.normal[c][f] = ForceCount{amount(x["normal"])};
      b.special[c][f] = ForceCount{amount(x["special"])};
    }
    for (const In& x : in["spice"].items()) b.spice[x["cell"].byte(kCellCount)] = Spice{amount(x["amount"])};
    for (const In& x : in["advisors"].items()) b.advisors[index(x.territory())] = true;
    b.shield_wall_destroyed = in["shield_wall_destroyed"].boolean();
    if (!in["hms_host"].j.is_null()) {
      const std::size_t host = in["hms_host"].byte(kMapCellCount);  // a cell of the printed map
      b.hms_host = CellId{static_cast<std::uint8_t>(host)};
    }
    const auto path = in["hms_path"].items();  // a move's start and at most 3 steps (engine/hms.cpp)
    if (path.size() > 4) fail(in.path + ".hms_path", fmt::format("{} cells: a move of the HMS visits at most 4", path.size()));
    for (const In& x : path) b.hms_path.push_back(CellId{static_cast<std::uint8_t>(x.byte(kMapCellCount))});
  }

  void storm(const In& in, StormState& s) const {
    s.sector = Sector{in["sector"].byte(kSectorCount)};
    for (const In& x : in["dials"].items()) s.dials[seat(x["seat"]).value] = u8(x["amount"]);
    const auto dialers = in["dialers"].items(2);
    s.dialers = {seat(dialers[0]), seat(dialers[1])};
    if (!in["next_card"].j.is_null()) s.next_card = static_cast<std::uint8_t>(in["next_card"].integer(1, 6));
    if (!in["movement"].j.is_null()) s.movement = u8(in["movement"]);
    s.window_done = seat_set(in["window_done"]);
  }

  void blow(const In& in, SpiceBlowState& b) const {
    b.deck = pile<SpiceCardId>(in["deck"], kSpiceCardCount);
    const auto discard = in["discard"].items(2);
    b.discard = {ids<SpiceCardId>(discard[0], kSpiceCardCount), ids<SpiceCardId>(discard[1], kSpiceCardCount)};
    b.set_aside = ids<SpiceCardId>(in["set_aside"], kSpiceCardCount);
    b.pile = static_cast<std::uint8_t>(in["pile"].integer(0, 1));
    b.nexus_pending = in["nexus_pending"].boolean();
    b.nexus_occurred = in["nexus_occurred"].boolean();
    for (const In& t : in["worm_rides"].items()) b.worm_rides.push_back(t.territory());
    for (const In& x : in["proposals"].items()) {
      const auto pair = x.items(2);
      b.proposals.emplace_back(pair[0].enumeration<Faction>(), pair[1].enumeration<Faction>());
    }
    b.nexus_done = seat_set(in["nexus_done"]);
    for (const In& t : in["empty_worms"].items()) b.empty_worms.push_back(t.territory());
    b.cunning_ride = in["cunning_ride"].boolean();
    if (!in["worm_waiting"].j.is_null()) b.worm_waiting = in["worm_waiting"].territory();
    b.worm_protected = seat_set(in["worm_protected"]);
    b.card_window_done = seat_set(in["card_window_done"]);
    b.thumper_window_held = in["thumper_window_held"].boolean();
    b.worms_in_blow = u8(in["worms_in_blow"]);
  }

  void bidding(const In& in, BiddingState& b) const {
    b.lots = ids<TreacheryCardId>(in["lots"], kTreacheryCardCount);
    b.lot = u8(in["lot"]);
    b.lots_total = u8(in["lots_total"]);
    b.high_bidder = opt_seat(in["high_bidder"]);
    b.high_bid = Spice{amount(in["high_bid"])};
    b.high_bid_karama = in["high_bid_karama"].boolean();
    b.opener = opt_seat(in["opener"]);
    b.previous_opener = opt_seat(in["previous_opener"]);
    b.to_act = opt_seat(in["to_act"]);
    b.passed = seat_set(in["passed"]);
    b.purchase_window = in["purchase_window"].boolean();
    b.technology_used = in["technology_used"].boolean();
    if (!in["technology_offer"].j.is_null()) b.technology_offer = TreacheryCardId{in["technology_offer"].byte(kTreacheryCardCount)};
  }

  void movement(const In& in, MovementState& m) const {
    m.turn_index = u8(in["turn_index"]);
    if (!in["spiritual_advisor_cell"].j.is_null()) m.spiritual_advisor_cell = CellId{in["spiritual_advisor_cell"].byte(kCellCount)};
    m.hajr_played = in["hajr_played"].boolean();
    m.moves_made = u8(in["moves_made"]);
    m.guild_waits = in["guild_waits"].boolean();
    m.guild_acting = in["guild_acting"].boolean();
    m.guild_done = in["guild_done"].boolean();
    if (const In w = in["flip_window"]; !w.j.is_null()) {
      m.flip_window = FlipWindow{w["occasion"].enumeration<FlipOccasion>(), TerritoryId{}};
      if (!any_territory(m.flip_window->occasion)) m.flip_window->territory = w["territory"].territory();
    }
    if (const In v = in["invoice"]; !v.j.is_null()) {
      ShipmentInvoice i;
      i.payer = seat(v["payer"]);
      i.amount = Spice{static_cast<int>(v["amount"].integer(0, kMaxCount))};
      i.payee = opt_seat(v["payee"]);
      i.off_planet = v["off_planet"].boolean();
      i.to = CellId{v["to"].byte(kCellCount)};
      m.invoice = i;
    }
    m.nexus_guild_rates = opt_seat(in["nexus_guild_rates"]);
    m.extra_shipment = in["extra_shipment"].boolean();
  }

  template <class T>
  static std::optional<T> opt_command(const In& in) {
    if (in.j.is_null()) return std::nullopt;
    auto c = command_from_json(in.j);
    if (auto* e = std::get_if<LoadError>(&c)) fail(in.path, e->message);
    if (auto* t = std::get_if<T>(&std::get<Command>(c))) return *t;
    fail(in.path, "a command of another kind");
  }

  // BattleState (owned by the Battle module): extend this reader and battle_json together.
  void battle(const In& in, BattleState& b) const {
    b.stage = in["stage"].enumeration<BattleStage>();
    b.territory = in["territory"].territory();
    for (const In& x : in["cells"].items()) b.cells.push_back(CellId{x.byte(kCellCount)});
    const auto combatants = in["combatants"].items(2), plans = in["plans"].items(2), wheels = in["wheels"].items(2);
    const auto called = in["traitor_called"].items(2), cancelled = in["poison_tooth_cancelled"].items(2);
    for (std::size_t i = 0; i < 2; ++i) {
      b.combatants[i] = seat(combatants[i]);
      b.plans[i] = opt_command<PlanBattle>(plans[i]);
      b.wheels[i] = opt_command<DialBattle>(wheels[i]);
      b.traitor_called[i] = called[i].boolean();
      b.poison_tooth_cancelled[i] = cancelled[i].boolean();
    }
    if (!in["poison_tooth_side"].j.is_null()) b.poison_tooth_side = static_cast<std::uint8_t>(in["poison_tooth_side"].integer(0, 1));
    b.revealed = in["revealed"].boolean();
    b.voice = opt_command<UseVoice>(in["voice"]);
    if (!in["voice_side"].j.is_null()) b.voice_side = static_cast<std::uint8_t>(in["voice_side"].integer(0, 1));
    b.voice_attempt = static_cast<std::uint32_t>(in["voice_attempt"].integer(0, kMaxCount));
    if (!in["nexus_window"].j.is_null()) b.nexus_window = in["nexus_window"].enumeration<Faction>();
    if (!in["prescience"].j.is_null()) b.prescience = in["prescience"].enumeration<PlanElement>();
    b.prescience_attempt = static_cast<std::uint32_t>(in["prescience_attempt"].integer(0, kMaxCount));
    b.prescience_answered = in["prescience_answered"].boolean();
    b.prescience_stopped = in["prescience_stopped"].boolean();
    b.nexus_answered = seat_set(in["nexus_answered"]);
    b.nexus_inspector = opt_seat(in["nexus_inspector"]);
    if (!in["nexus_element"].j.is_null()) b.nexus_element = in["nexus_element"].enumeration<PlanElement>();
    b.nexus_sardaukar = u8(in["nexus_sardaukar"]);
    b.sardaukar_prevented = in["sardaukar_prevented"].boolean();
    b.sardaukar_attempt = static_cast<std::uint32_t>(in["sardaukar_attempt"].integer(0, kMaxCount));
    b.cyborgs_prevented = in["cyborgs_prevented"].boolean();
    b.substitution_prevented = in["substitution_prevented"].boolean();
    b.plans_hooks_run = u8(in["plans_hooks_run"]);
    b.traitor_answered = seat_set(in["traitor_answered"]);
    b.traitor_revealed = seat_set(in["traitor_revealed"]);
    b.capture_from = opt_seat(in["capture_from"]);
    if (!in["capture_leader"].j.is_null()) b.capture_leader = LeaderId{in["capture_leader"].byte(kLeaderCount)};
    b.winner = opt_seat(in["winner"]);
    b.face_dancer_winner = opt_seat(in["face_dancer_winner"]);
    for (const In& x : in["leader_territory"].items()) b.leader_territory[x["leader"].byte(kLeaderCount)] = x["territory"].territory();
    if (!in["kwisatz_haderach_territory"].j.is_null()) b.kwisatz_haderach_territory = in["kwisatz_haderach_territory"].territory();
    b.atreides_battle_losses = ForceCount{amount(in["atreides_battle_losses"])};
    b.kwisatz_haderach_dead = in["kwisatz_haderach_dead"].boolean();
  }

  static std::vector<NexusCardId> nexus_cards(const In& in) {
    std::vector<NexusCardId> out;
    for (const In& x : in.items()) out.push_back(NexusCardId{x.enumeration<Faction>()});
    return out;
  }

  // NexusState: also rejects a card census the module cannot reach (seed 000, item 1): each of the
  // twelve identities exactly once when enabled, none when off; held cards only at the table.
  void nexus(const In& in, NexusState& n, bool selected) const {
    n.enabled = in["enabled"].boolean();
    if (n.enabled != selected) fail(in.path + ".enabled", "does not match the options' Nexus module mode");
    n.deck = HiddenPile<NexusCardId>{nexus_cards(in["deck"]["known_top"]), nexus_cards(in["deck"]["unseen"]), {}};  // never a known bottom
    if (!std::is_sorted(n.deck.unseen.begin(), n.deck.unseen.end())) fail(in.path + ".deck.unseen", "not sorted");
    n.discard = nexus_cards(in["discard"]);
    std::vector<NexusCardId> all = n.deck.known_top;
    all.insert(all.end(), n.deck.unseen.begin(), n.deck.unseen.end());
    all.insert(all.end(), n.discard.begin(), n.discard.end());
    for (const In& x : in["held"].items()) {
      const std::size_t i = seat(x["seat"]).value;
      if (n.held[i]) fail(x.path, fmt::format("seat {} holds two Nexus cards", i));
      n.held[i] = NexusCardId{x["card"].enumeration<Faction>()};
      all.push_back(*n.held[i]);
    }
    std::sort(all.begin(), all.end());
    const bool duplicate = std::adjacent_find(all.begin(), all.end()) != all.end();
    if (duplicate || all.size() != (n.enabled ? kFactionCount : 0)) {
      fail(in.path, fmt::format("{} Nexus cards{}, the module has {}", all.size(), duplicate ? " with a duplicate" : "",
                                n.enabled ? kFactionCount : 0));
    }
    for (const In& x : in["redraw"].items()) n.redraw[seat(x["seat"]).value] = x["policy"].enumeration<RedrawPolicy>();
    n.opportunity_open = in["opportunity_open"].boolean();
    n.eligible = seat_set(in["eligible"]);
    n.answered = seat_set(in["answered"]);
    n.drawing = opt_seat(in["drawing"]);
    n.redraws_left = static_cast<std::uint8_t>(in["redraws_left"].integer(0, 1));
    for (const In& x : in["receipts"].items()) {
      NexusReceipt r;
      r.id = static_cast<std::uint32_t>(x["id"].integer(1, kMaxCount));
      r.seat = seat(x["seat"]);
      r.card = NexusCardId{x["card"].enumeration<Faction>()};
      r.mode = x["mode"].enumeration<NexusMode>();
      r.turn = static_cast<int>(x["turn"].integer(0, 1000));
      r.phase = x["phase"].enumeration<Phase>();
      r.event = x["event"].string();
      r.answers = x["answers"].string();
      r.delayed = x["delayed"].boolean();
      r.consumed = x["consumed"].boolean();
      n.receipts.push_back(std::move(r));
    }
    n.attempts = static_cast<std::uint32_t>(in["attempts"].integer(0, kMaxCount));
    if (!in["window"].j.is_null()) n.window = in["window"].enumeration<Faction>();
    n.window_answered = seat_set(in["window_answered"]);
    n.window_attempt = static_cast<std::uint32_t>(in["window_attempt"].integer(0, kMaxCount));
    if (const In x = in["traitor_exchange"]; !x.j.is_null()) {
      n.traitor_exchange = TraitorExchange{seat(x["seat"]), static_cast<std::uint8_t>(x["draws"].integer(0, 255)),
                                           static_cast<std::uint8_t>(x["returns"].integer(0, 255))};
    }
  }

  Sighting sighting(const In& in) const {
    return Sighting{seat(in["seat"]), static_cast<int>(in["turn"].integer(0, 1000)), in["phase"].enumeration<Phase>(),
                    in["kind"].enumeration<SeenKind>(), u8(in["id"]), in["what"].string()};
  }

  Envelope envelope(const In& in) const {
    auto command = command_from_json(in["command"].j);
    if (auto* e = std::get_if<LoadError>(&command)) fail(in.path + ".command", e->message);
    return Envelope{CommandId{in["id"].u64()}, seat(in["seat"]), in["expected_version"].u64(),
                    std::get<Command>(std::move(command))};
  }

  LogEntry log_entry(const In& in) const {
    if (in.has("envelope")) return envelope(in["envelope"]);
    const In c = in["chance"];
    const PendingChance request = chance(c);
    return ChanceRecord{request, static_cast<std::uint8_t>(c["outcome"].integer(0, static_cast<std::int64_t>(chance_outcome_bound(request.kind)) - 1))};
  }

  Committed committed(const In& in) const {
    const In r = in["receipt"];
    return Committed{envelope(in["envelope"]),
                     Receipt{CommandId{r["id"].u64()}, seat(r["seat"]), r["version"].u64(), r["summary"].string()}};
  }
};

GameState read_state(const In& in) {
  GameState s;
  s.options = json_io::read_strict_options(in["options"]);
  const Reader r{s.options.seat_count()};
  s.turn = static_cast<int>(in["turn"].integer(0, 100));
  s.phase = in["phase"].enumeration<Phase>();
  s.step = in["step"].enumeration<Step>();
  if (!in["chance"].j.is_null()) s.chance = r.chance(in["chance"]);
  for (const In& x : in["seats"].items(r.seats)) s.seats.push_back(r.seat_state(x));
  r.leaders(in["leaders"], s.leaders);
  if (const In p = in["prediction"]; !p.j.is_null()) {
    s.prediction = Prediction{p["faction"].enumeration<Faction>(), static_cast<std::uint8_t>(p["turn"].integer(0, 20))};
  }
  r.board(in["board"], s.board);
  r.storm(in["storm"], s.storm);
  r.blow(in["blow"], s.blow);
  s.charity.answered = r.seat_set(in["charity"]["answered"]);
  if (const In starting = in["amal"]["starting"]; !starting.j.is_null()) s.amal.starting = starting.enumeration<Phase>();
  s.amal.passed = r.seat_set(in["amal"]["passed"]);
  s.tech.dealt = in["tech"]["dealt"].boolean();
  const auto holders = in["tech"]["holder"].items(s.tech.holder.size());
  const auto due = in["tech"]["income_due"].items(s.tech.income_due.size());
  for (std::size_t i = 0; i < s.tech.holder.size(); ++i) {
    s.tech.holder[i] = r.opt_seat(holders[i]);
    s.tech.income_due[i] = due[i].boolean();
  }
  s.decision_point.answered = r.seat_set(in["decision_point"]["answered"]);
  s.decision_point.face_dancer_replaced = in["decision_point"]["face_dancer_replaced"].boolean();
  s.treachery.deck = Reader::pile<TreacheryCardId>(in["treachery"]["deck"], kTreacheryCardCount);
  s.treachery.discard = Reader::ids<TreacheryCardId>(in["treachery"]["discard"], kTreacheryCardCount);
  s.treachery.set_aside = Reader::ids<TreacheryCardId>(in["treachery"]["set_aside"], kTreacheryCardCount);
  s.treachery.draft = Reader::ids<TreacheryCardId>(in["treachery"]["draft"], kTreacheryCardCount);
  s.traitor_deck = Reader::pile<TraitorCardId>(in["traitor_deck"], kLeaderCount + 1);
  for (const In& x : in["alliances"].items()) {
    const auto pair = x.items(2);
    s.alliances.push_back(Alliance{pair[0].enumeration<Faction>(), pair[1].enumeration<Faction>()});
  }
  r.bidding(in["bidding"], s.bidding);
  s.revival.done = r.seat_set(in["revival"]["done"]);
  s.revival.karama_special = ForceCount{Reader::amount(in["revival"]["karama_special"])};
  for (const In& x : in["revival"]["nexus_special"].items()) {
    s.revival.nexus_special[r.seat(x["seat"]).value] = ForceCount{Reader::amount(x["forces"])};
  }
  for (const In& x : in["revival"]["nexus_returns"].items()) {
    s.revival.nexus_returns[r.seat(x["seat"]).value] = ForceCount{Reader::amount(x["forces"])};
  }
  s.revival.nexus_leader = r.seat_set(in["revival"]["nexus_leader"]);
  for (const In& x : in["revival"]["early_offers"].items()) {
    s.revival.early_offers[r.seat(x["seat"]).value] =
        EarlyRevivalOffer{LeaderId{x["leader"].byte(kLeaderCount)}, Spice{Reader::amount(x["price"])}};
  }
  r.movement(in["movement"], s.movement);
  r.battle(in["battle"], s.battle);
  r.nexus(in["nexus"], s.nexus, s.options.nexus != NexusModuleMode::Off);
  for (const In& x : in["knowledge"]["sightings"].items()) s.knowledge.sightings.push_back(r.sighting(x));
  s.bank = Spice{Reader::amount(in["bank"])};
  for (const In& x : in["truthtrance_answers"].items()) {
    TruthtranceAnswer a = json_io::truthtrance_answer_from(x, s.seat_count());
    a.target = r.seat(x["target"]);  // a seat of this game, as every seat the snapshot names
    s.truthtrance_answers.push_back(a);
  }
  {
    const In k = in["karama"];
    for (const In& x : k["armed"].items()) s.karama.armed[r.seat(x["seat"]).value] = x["ability"].enumeration<KaramaAbility>();
    for (const In& x : k["cancels"].items()) {
      s.karama.cancels.push_back(KaramaCancel{r.seat(x["by"]), r.seat(x["against"]), x["ability"].enumeration<KaramaAbility>(),
                                              static_cast<std::uint8_t>(x["turn"].integer(0, 255))});
    }
    s.karama.retakes_at_full_price = r.opt_seat(k["retakes_at_full_price"]);
    s.karama.retakes_without_worthless = r.opt_seat(k["retakes_without_worthless"]);
    for (const In& x : k["powers"].items()) {
      s.karama.powers.push_back(KaramaPowerUse{r.seat(x["by"]), x["power"].enumeration<KaramaPower>(), Reader::u8(x["turn"]),
                                               r.opt_seat(x["target"])});
    }
    if (!k["exchange"].j.is_null()) {
      const In x = k["exchange"];
      s.karama.exchange = HandExchange{r.seat(x["harkonnen"]), r.seat(x["target"]), Reader::u8(x["owed"])};
    }
  }
  for (const In& x : in["winners"].items()) s.winners.push_back(x.enumeration<Faction>());
  s.halted = in["halted"].string();
  s.version = in["version"].u64();
  for (const In& x : in["committed"].items()) s.committed.push_back(r.committed(x));
  for (const In& x : in["log"].items()) s.log.push_back(r.log_entry(x));
  return s;
}

}  // namespace

std::variant<LogEntry, LoadError> log_entry_from_json(const json& entry, std::size_t seat_count) {
  return guarded([&] { return Reader{seat_count}.log_entry(In{entry, "log entry"}); });
}

std::variant<Committed, LoadError> committed_from_json(const json& record, std::size_t seat_count) {
  return guarded([&] { return Reader{seat_count}.committed(In{record, "committed"}); });
}

std::variant<GameState, LoadError> state_from_json(const json& content) {
  auto state = guarded([&] { return read_state(In{content, "state"}); });
  if (auto* s = std::get_if<GameState>(&state)) {
    if (auto error = check_census(*s)) return *error;
  }
  return state;
}

// ---- files ----------------------------------------------------------------------------------
namespace {

// Checks {"format", "schema", "digest", <key>: content}, all but the content.
std::variant<json, LoadError> open_document(const json& doc, std::string_view format, const char* key) {
  return guarded([&] {
    const In in{doc, "file"};
    if (in["format"].string() != format) fail(in.path + ".format", fmt::format("expected \"{}\"", format));
    const std::int64_t schema = in["schema"].integer(0, 1'000'000);
    if (schema != kSchemaVersion) {
      fail(in.path + ".schema", fmt::format("unknown schema version {} (this build reads {})", schema, kSchemaVersion));
    }
    const json& content = in[key].j;
    const std::string digest = in["digest"].string();
    if (digest != digest_of(content)) {
      fail(in.path + ".digest", fmt::format("digest mismatch: the file says {}, its content hashes to {}", digest,
                                            digest_of(content)));
    }
    return content;
  });
}

// Parses the text (bounded first) and checks the document.
std::variant<json, LoadError> open_document(std::string_view text, std::string_view format, const char* key) {
  if (auto e = json_text_out_of_bounds(text)) return *e;
  const json doc = json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) return LoadError{"not valid JSON (a truncated or damaged file?)"};
  return open_document(doc, format, key);
}

std::variant<GameState, LoadError> snapshot_from(const std::variant<json, LoadError>& doc) {
  if (auto* e = std::get_if<LoadError>(&doc)) return *e;
  return state_from_json(std::get<json>(doc));
}

std::variant<EventLog, LoadError> log_from(const std::variant<json, LoadError>& doc) {
  if (auto* e = std::get_if<LoadError>(&doc)) return *e;
  return guarded([&] {
    const In in{std::get<json>(doc), "log"};
    EventLog log{json_io::read_strict_options(in["options"]), {}, in["final_digest"].string()};
    const Reader r{log.options.seat_count()};
    for (const In& x : in["entries"].items()) log.entries.push_back(r.log_entry(x));
    return log;
  });
}

}  // namespace

std::string save_snapshot(const GameState& state) {
  const json content = state_to_json(state);
  return json{{"format", "dunecheck-snapshot"}, {"schema", kSchemaVersion}, {"digest", digest_of(content)},
              {"state", content}}.dump(1);
}

std::variant<GameState, LoadError> load_snapshot(std::string_view text) {
  return snapshot_from(open_document(text, "dunecheck-snapshot", "state"));
}
std::variant<GameState, LoadError> load_snapshot_document(const json& doc) {
  return snapshot_from(open_document(doc, "dunecheck-snapshot", "state"));
}

std::string save_log(const GameState& state) {
  json entries = json::array();
  for (const LogEntry& e : state.log) entries.push_back(log_entry_to_json(e));
  const json content{{"options", options_to_json(state.options)}, {"entries", entries},
                     {"final_digest", digest_of(state_to_json(state))}};
  return json{{"format", "dunecheck-log"}, {"schema", kSchemaVersion}, {"digest", digest_of(content)}, {"log", content}}
      .dump(1);
}

std::variant<EventLog, LoadError> load_log(std::string_view text) { return log_from(open_document(text, "dunecheck-log", "log")); }
std::variant<EventLog, LoadError> load_log_document(const json& doc) { return log_from(open_document(doc, "dunecheck-log", "log")); }

}  // namespace dune

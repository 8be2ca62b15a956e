// Setup (fact sheet §6.1): options, starting spice and forces, Bene Gesserit prediction, traitor
// deal, Fremen and Bene Gesserit placement, starting Treachery cards. The first storm is turn 1's
// Storm phase (storm.cpp).
#include <algorithm>

#include "engine/battle.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/projection.h"
#include "model/cards.h"
#include "model/factions.h"
#include "model/nexus_registry.h"

namespace dune {
namespace {

// The spice bank is a reserve the ledger can account against; its size is not a rule.
constexpr Spice kBankReserve{1000};
constexpr std::size_t kTraitorsDealt = 4;

std::optional<Rejection> check_options(const Options& o) {
  if (o.factions.size() < 2 || o.factions.size() > kMaxSeats) {
    return reject(RejectCode::IllegalChoice, "a game has 2 to 6 seats, not {}", o.factions.size());
  }
  for (std::size_t i = 0; i < o.factions.size(); ++i) {
    const Faction f = o.factions[i];
    if (std::count(o.factions.begin(), o.factions.end(), f) > 1) {
      return reject(RejectCode::IllegalChoice, "{} is seated twice", to_string(f));
    }
    if (!faction_playable(f)) {
      return reject(RejectCode::NotImplemented,
                    "{} is not playable yet: the engine seats the six base factions, the Tleilaxu and the "
                    "Ixians (rules-status table)", to_string(f));
    }
  }
  if (o.player_circles.size() != o.factions.size()) {
    return reject(RejectCode::IllegalChoice, "{} player circles for {} seats", o.player_circles.size(),
                  o.factions.size());
  }
  for (std::uint8_t c : o.player_circles) {
    if (c >= 6) return reject(RejectCode::IllegalChoice, "player circle {} does not exist (0..5)", c);
    if (std::count(o.player_circles.begin(), o.player_circles.end(), c) > 1) {
      return reject(RejectCode::IllegalChoice, "two seats share player circle {}", c);
    }
  }
  if (o.turn_limit < 1 || o.turn_limit > 20) {
    return reject(RejectCode::IllegalChoice, "turn limit {} is outside 1..20", o.turn_limit);
  }
  if (o.nexus == NexusModuleMode::Released && !all_families_verified()) {
    return reject(RejectCode::NotImplemented,
                  "the Nexus card module cannot be released: {} of 12 families are verified (seed 000, "
                  "\"Remaining source questions\"); use audit mode",
                  verified_family_count());
  }
  return std::nullopt;
}

bool is_fremen_start_cell(CellId c) {
  const TerritoryId t = cell_info(c).territory;
  return t == TerritoryId::SietchTabr || t == TerritoryId::FalseWallSouth || t == TerritoryId::FalseWallWest;
}

ForceCount placed_by(const GameState& state, Faction f) {
  ForceCount n{};
  for (std::size_t c = 0; c < kCellCount; ++c) n += forces_in_cell(state, f, cell_at(c));
  return n;
}

constexpr ForceCount kFremenStartingForces{10};

void place(GameState& state, Seat seat, CellId cell, ForceCount normal, ForceCount special) {
  transfer_forces(state, state.faction_of(seat), InReserves{}, AtCell{cell}, normal, special);
}

void deal_next_traitor(GameState& state);
void deal_next_starting_card(GameState& state);

void after_prediction(GameState& state) {
  state.step = Step::SetupTraitorSelection;
  deal_next_traitor(state);
}

bool draws_face_dancers(const GameState& state, Seat seat) {
  return faction_info(state.faction_of(seat)).traitor_rule == TraitorRule::FaceDancers;
}

void after_traitors(GameState& state);

// Deals 4 traitor cards to each seat in seat order, one chance step each (fact sheet §4.3), but
// none to the Tleilaxu, who take no traitors (fact sheet §4.3: "every faction except Tleilaxu gets
// 4 cards"; [TO] Game_Setup.DealTraitors, [DB] BTFaction).
void deal_next_traitor(GameState& state) {
  for (Seat seat : all_seats(state)) {
    if ((!draws_face_dancers(state, seat) || mutant_active(Mutant::FaceDancersDealtAsTraitors)) &&
        state.seat(seat).traitor_offer.size() < kTraitorsDealt &&
        state.seat(seat).traitors.empty()) {
      request_chance(state, PendingChance{ChanceKind::TraitorDeal, seat, 0});
      return;
    }
  }
  // All dealt. Harkonnen keep all four ([LR] 2.05); the others choose one (awaited_setup).
  if (auto h = state.seat_of(Faction::Harkonnen)) {
    SeatState& s = state.seat(*h);
    transfer_all(s.traitor_offer, s.traitors);
  }
  // Nobody chooses (the Harkonnen and the Tleilaxu alone): the selection is already over.
  if (awaited_setup(state).empty()) after_traitors(state);
}

void begin_placement(GameState& state);

}  // namespace

// The Tleilaxu draw their Face Dancers one chance step each, once every other faction has chosen
// and the returned cards are shuffled in (model/factions.h, kFaceDancersHeld).
void draw_next_face_dancer(GameState& state) {
  for (Seat seat : all_seats(state)) {
    if (draws_face_dancers(state, seat) && state.seat(seat).traitors.size() < kFaceDancersHeld && !state.traitor_deck.empty()) {
      request_chance(state, PendingChance{ChanceKind::FaceDancerDraw, seat, 0});
      return;
    }
  }
  if (state.step == Step::Battle) return battle_detail::next_battle(state);  // the cycle after a reveal
  if (state.step == Step::MentatPause) return;  // the replacement: the decision point goes on
  begin_placement(state);
}

namespace {

void after_traitors(GameState& state) {
  // Returned traitor cards go back into the deck's unseen remainder.
  for (SeatState& s : state.seats) transfer_all(s.traitor_offer, state.traitor_deck);
  draw_next_face_dancer(state);
}

void begin_placement(GameState& state) {
  if (in_play(state, Faction::Fremen) && placed_by(state, Faction::Fremen) < kFremenStartingForces) {
    state.step = Step::SetupFremenPlacement;
    return;
  }
  if (in_play(state, Faction::BeneGesserit) && placed_by(state, Faction::BeneGesserit) == ForceCount{0}) {
    if (state.options.rules.bene_gesserit_advisors) {
      state.step = Step::SetupBeneGesseritPlacement;
      return;
    }
    // Basic: one fighter in the Polar Sink ([TO] PerformBluePlacement, [LR] 2.02.02).
    place(state, *state.seat_of(Faction::BeneGesserit), kPolarSinkCell, ForceCount{1}, ForceCount{0});
  }
  deal_next_starting_card(state);
}

std::size_t starting_cards(Faction f) {
  return f == Faction::Harkonnen && !mutant_active(Mutant::HarkonnenOneStartingCard) ? 2 : 1;
}

// E1 Ixians' starting-card draft (docs/rules/ixians.md §2.1, 2 sources: [TO]
// GreySelectedStartingCard, [DB] startingCard; after the traitors and the placements, before the
// first storm): with the Ixians seated the starting cards are dealt face down to a draft, one per
// seat; the Ixians see them all and keep one (Step::SetupIxianDraft); the others go one to each
// other seat, in seat order, in the order dealt, which the Ixians do not know (they see the draft
// in card-id order), so to them each seat's card is a random one of the rest, as after the
// sources' shuffle. Open question Q15 (one card per seat, [TO], or one more with the Harkonnen
// seated, [DB]): [TO]'s reading, so the Harkonnen's second card is drawn apart from the draft
// ([TO] ExtraStartingCardForBlack) and the Ixians never see it. It is drawn first here, so that
// the draft ends the setup; the deck is unseen, so the order changes nothing. A seat already
// holding its starting cards (a staged start) takes no part, as in the deal without the Ixians;
// Ixians holding a hand before any draft (a staged start) draft nothing, and the others are dealt
// as without them.
bool owed_starting_card(const GameState& state, Seat seat) {
  return state.seat(seat).hand.size() < starting_cards(state.faction_of(seat));
}
std::size_t draft_size(const GameState& state) {
  std::size_t n = 0;
  for (Seat seat : all_seats(state)) n += owed_starting_card(state, seat) ? 1 : 0;
  const bool extra = mutant_active(Mutant::IxDraftHarkonnenExtra) && state.seat_of(Faction::Harkonnen);
  return n + (extra ? 1 : 0);
}

// Whether the next starting card goes to the draft; false once the Ixians kept theirs.
bool drafting(GameState& state) {
  const auto ixians = state.seat_of(Faction::Ixians);
  if (!ixians || !state.seat(*ixians).hand.empty() || mutant_active(Mutant::IxDraftNotOffered)) return false;
  const auto harkonnen = state.seat_of(Faction::Harkonnen);
  if (harkonnen && state.seat(*harkonnen).hand.empty() && state.treachery.draft.empty() && !mutant_active(Mutant::IxDraftHarkonnenExtra)) {
    request_chance(state, PendingChance{ChanceKind::TreacheryDeal, *harkonnen, 0});  // the Harkonnen's extra card
    return true;
  }
  if (state.treachery.draft.size() < draft_size(state)) {
    request_chance(state, PendingChance{ChanceKind::TreacheryDeal, *ixians, kStartingDraftDeal});
    return true;
  }
  for (TreacheryCardId c : by_card_id(state.treachery.draft)) record_sighting(state, *ixians, SeenKind::TreacheryCard, c.value, std::string(kDraftSightingNote));
  state.step = Step::SetupIxianDraft;
  return true;
}

// One starting Treachery card each, Harkonnen 2 (fact sheet §6.1), in seat order; with the Ixians
// seated, by their draft (drafting).
void deal_next_starting_card(GameState& state) {
  if (drafting(state)) return;
  for (Seat seat : all_seats(state)) {
    if (state.seat(seat).hand.size() < starting_cards(state.faction_of(seat))) {
      request_chance(state, PendingChance{ChanceKind::TreacheryDeal, seat, 0});
      return;
    }
  }
  state.turn = 1;
  enter_phase(state, Phase::Storm);
}

}  // namespace

std::variant<GameState, Rejection> new_game(const Options& options) {
  if (auto rejection = check_options(options)) return *rejection;
  GameState state;
  state.options = options;
  state.bank = kBankReserve;
  for (Faction f : options.factions) {
    const FactionInfo& info = faction_info(f);
    SeatState s;
    s.spice = info.starting_spice;
    state.bank -= info.starting_spice;
    state.seats.push_back(s);
    const ForceSplit forces = total_forces(f, options.rules.special_forces);
    place_new_forces(state, f, forces.normal, forces.special);
  }
  for (std::size_t i = 0; i < options.factions.size(); ++i) {
    const Seat seat{static_cast<std::uint8_t>(i)};
    const FactionInfo& info = faction_info(options.factions[i]);
    if (info.placement.kind == PlacementKind::FixedCell) {
      place(state, seat, info.placement.cell, info.placement.normal, info.placement.special);
    }
    // The Ixians start with 3 Suboids and 3 Cyborgs in their Hidden Mobile Stronghold, off the
    // board until they place it after turn 1's storm (docs/rules/ixians.md §2, FS:258).
    if (info.placement.kind == PlacementKind::HiddenMobileStronghold) {
      place(state, seat, kHmsCell, info.placement.normal, info.placement.special);
    }
    for (LeaderId l : ordinary_leaders(options.factions[i])) {
      state.leaders[l.value] = LeaderState{LeaderLocation::Available, seat, 0, false};
      place_new(state.traitor_deck, TraitorCardId{l.value});
    }
  }
  // E1's Cheap Hero traitor card betrays any Cheap Hero (fact sheet §4.3; [TO] Rule.CheapHeroTraitor).
  if (options.cards.cheap_hero_traitor) place_new(state.traitor_deck, kCheapHeroTraitor);
  for (std::size_t id = 0; id < kTreacheryCardCount; ++id) {
    const TreacheryCardId card{static_cast<std::uint8_t>(id)};
    if (treachery_card_in_game(options, card)) place_new(state.treachery.deck, card);
  }
  for (std::size_t id = 0; id < kSpiceCardCount; ++id) {
    if (kSpiceCards[id].expansion == Expansion::Base) {
      place_new(state.blow.deck, SpiceCardId{static_cast<std::uint8_t>(id)});
    }
  }
  init_nexus_module(state);
  enter_setup(state);
  return state;
}

void enter_setup(GameState& state) {
  if (in_play(state, Faction::BeneGesserit)) {
    state.step = Step::SetupPrediction;  // before the traitor deal (fact sheet §6.1, step 3)
    return;
  }
  after_prediction(state);
}

std::vector<Seat> awaited_setup(const GameState& state) {
  std::vector<Seat> out;
  switch (state.step) {
    case Step::SetupPrediction:
      return {*state.seat_of(Faction::BeneGesserit)};
    case Step::SetupTraitorSelection:
      for (Seat s : all_seats(state)) {
        if (state.seat(s).traitor_offer.size() == kTraitorsDealt) out.push_back(s);
      }
      return out;
    case Step::SetupFremenPlacement:
      return {*state.seat_of(Faction::Fremen)};
    case Step::SetupBeneGesseritPlacement:
      return {*state.seat_of(Faction::BeneGesserit)};
    case Step::SetupIxianDraft:
      return {*state.seat_of(Faction::Ixians)};
    default:
      return out;
  }
}

std::vector<Command> candidates_setup(const GameState& state, Seat seat) {
  std::vector<Command> out;
  const SeatState& s = state.seat(seat);
  switch (state.step) {
    case Step::SetupPrediction:
      for (Faction f : state.options.factions) {
        if (f == Faction::BeneGesserit) continue;
        for (int turn = 1; turn <= state.options.turn_limit; ++turn) {
          out.push_back(Predict{f, static_cast<std::uint8_t>(turn)});
        }
      }
      return out;
    case Step::SetupTraitorSelection:
      for (TraitorCardId t : s.traitor_offer) out.push_back(ChooseTraitor{t});
      return out;
    case Step::SetupFremenPlacement: {
      const int left = (kFremenStartingForces - placed_by(state, Faction::Fremen)).value;
      for (std::size_t c = 0; c < kCellCount; ++c) {
        if (!is_fremen_start_cell(cell_at(c))) continue;
        for (int special = 0; special <= std::min(left, s.reserves_special.value); ++special) {
          for (int normal = 0; normal + special <= left && normal <= s.reserves_normal.value; ++normal) {
            if (normal + special > 0) out.push_back(PlaceForces{cell_at(c), ForceCount{normal}, ForceCount{special}});
          }
        }
      }
      return out;
    }
    case Step::SetupBeneGesseritPlacement:
      for (std::size_t c = 0; c < kMapCellCount; ++c) out.push_back(PlaceForces{cell_at(c), ForceCount{1}, ForceCount{0}});
      return out;
    case Step::SetupIxianDraft:  // in card-id order, as the Ixians saw the draft
      for (TreacheryCardId c : by_card_id(state.treachery.draft)) out.push_back(KeepStartingCard{c});
      return out;
    default:
      return out;
  }
}

std::optional<Rejection> validate_setup(const GameState& state, Seat seat, const Command& c) {
  const SeatState& s = state.seat(seat);
  switch (state.step) {
    case Step::SetupPrediction: {
      const auto* p = std::get_if<Predict>(&c);
      if (!p) return reject(RejectCode::WrongPhase, "Bene Gesserit must predict a faction and a turn now");
      if (p->faction == Faction::BeneGesserit || !in_play(state, p->faction)) {
        return reject(RejectCode::IllegalChoice, "the prediction must name another faction in the game");
      }
      if (p->turn < 1 || p->turn > state.options.turn_limit) {
        return reject(RejectCode::IllegalChoice, "the predicted turn must be 1..{}, not {}",
                      state.options.turn_limit, p->turn);
      }
      return std::nullopt;
    }
    case Step::SetupTraitorSelection: {
      const auto* t = std::get_if<ChooseTraitor>(&c);
      if (!t) return reject(RejectCode::WrongPhase, "traitor selection: choose one of your four traitor cards");
      if (std::find(s.traitor_offer.begin(), s.traitor_offer.end(), t->card) == s.traitor_offer.end()) {
        return reject(RejectCode::IllegalChoice, "that traitor card was not dealt to you");
      }
      return std::nullopt;
    }
    case Step::SetupFremenPlacement: {
      const auto* p = std::get_if<PlaceForces>(&c);
      if (!p) return reject(RejectCode::WrongPhase, "Fremen must place their starting forces now");
      if (p->cell.value >= kCellCount || !is_fremen_start_cell(p->cell)) {
        return reject(RejectCode::IllegalChoice,
                      "Fremen start in Sietch Tabr, False Wall South or False Wall West ([LR] 2.04)");
      }
      const ForceCount left = kFremenStartingForces - placed_by(state, Faction::Fremen);
      if (p->normal < ForceCount{0} || p->special < ForceCount{0} || p->normal + p->special == ForceCount{0}) {
        return reject(RejectCode::IllegalChoice, "place at least one force");
      }
      if (p->normal + p->special > left) {
        return reject(RejectCode::NotEnoughForces, "Fremen have {} of their 10 starting forces left to place, not {}",
                      left.value, (p->normal + p->special).value);
      }
      if (p->normal > s.reserves_normal || p->special > s.reserves_special) {
        return reject(RejectCode::NotEnoughForces, "Fremen reserves hold {} forces and {} Fedaykin",
                      s.reserves_normal.value, s.reserves_special.value);
      }
      return std::nullopt;
    }
    case Step::SetupBeneGesseritPlacement: {
      const auto* p = std::get_if<PlaceForces>(&c);
      if (!p) return reject(RejectCode::WrongPhase, "Bene Gesserit must place one advisor now");
      if (p->cell.value >= kCellCount) return reject(RejectCode::IllegalChoice, "no such cell");
      if (!cell_on_board(state, p->cell)) return reject(RejectCode::IllegalChoice, "the Hidden Mobile Stronghold is not on the board");
      if (p->normal != ForceCount{1} || p->special != ForceCount{0}) {
        return reject(RejectCode::IllegalChoice, "Bene Gesserit place exactly one force ([LR] 2.02.08)");
      }
      return std::nullopt;
    }
    case Step::SetupIxianDraft: {
      const auto* k = std::get_if<KeepStartingCard>(&c);
      if (!k) return reject(RejectCode::WrongPhase, "the Ixians keep one card of the starting-card draft now (KeepStartingCard)");
      const auto& draft = state.treachery.draft;
      if (std::find(draft.begin(), draft.end(), k->card) == draft.end()) {
        return reject(RejectCode::IllegalChoice, "{} is not in the starting-card draft", card_type(k->card).name);
      }
      return std::nullopt;
    }
    default:
      return reject(RejectCode::WrongPhase, "not a setup step");
  }
}

void apply_setup(GameState& state, Seat seat, const Command& c) {
  switch (state.step) {
    case Step::SetupPrediction: {
      const auto& p = std::get<Predict>(c);
      state.prediction = Prediction{p.faction, p.turn};
      after_prediction(state);
      return;
    }
    case Step::SetupTraitorSelection: {
      SeatState& s = state.seat(seat);
      const TraitorCardId kept = mutant_active(Mutant::TraitorKeptFirstOffered) ? s.traitor_offer.front() : std::get<ChooseTraitor>(c).card;
      transfer(s.traitor_offer, s.traitors, kept);
      transfer_all(s.traitor_offer, state.traitor_deck);
      if (awaited_setup(state).empty()) after_traitors(state);
      return;
    }
    case Step::SetupFremenPlacement: {
      const auto& p = std::get<PlaceForces>(c);
      CellId cell = p.cell;
      if (mutant_active(Mutant::FremenPlacedInFirstStartCell)) {
        for (std::size_t i = 0; i < kCellCount && cell == p.cell; ++i) {
          if (is_fremen_start_cell(cell_at(i))) cell = cell_at(i);
        }
      }
      place(state, seat, cell, p.normal, p.special);
      begin_placement(state);
      return;
    }
    case Step::SetupBeneGesseritPlacement: {
      const auto& p = std::get<PlaceForces>(c);
      const TerritoryId t = cell_info(p.cell).territory;
      // An advisor, or a fighter when alone there (fact sheet §5.1).
      state.board.advisors[index(t)] = !factions_in_territory(state, t).empty();
      place(state, seat, p.cell, p.normal, p.special);
      deal_next_starting_card(state);
      return;
    }
    case Step::SetupIxianDraft: {  // kept; the rest one to each other seat, in seat order, in the order dealt
      auto& draft = state.treachery.draft;
      transfer(draft, state.seat(seat).hand, std::get<KeepStartingCard>(c).card);
      for (Seat other : all_seats(state)) {
        if (other == seat || !owed_starting_card(state, other)) continue;
        transfer(draft, state.seat(other).hand, draft.front());
        if (mutant_active(Mutant::IxDraftHarkonnenExtra) && state.faction_of(other) == Faction::Harkonnen) {
          transfer(draft, state.seat(other).hand, draft.front());
        }
      }
      deal_next_starting_card(state);
      return;
    }
    default:
      return;
  }
}

void on_traitor_dealt(GameState& state, Seat seat, TraitorCardId card) {
  transfer(state.traitor_deck, state.seat(seat).traitor_offer, card);
  deal_next_traitor(state);
}

void on_face_dancer_drawn(GameState& state, Seat seat, TraitorCardId card, std::uint8_t owed) {
  SeatState& s = state.seat(seat);
  transfer(state.traitor_deck, s.traitors, card);
  if (owed == 0) return draw_next_face_dancer(state);
  // The Tleilaxu Cunning (seed 002): the revealed group stays set aside among the held cards
  // while its replacements are drawn, so none of it can be drawn; then it is shuffled in.
  if (owed > 1) return request_chance(state, PendingChance{ChanceKind::FaceDancerDraw, seat, static_cast<std::uint8_t>(owed - 1)});
  for (TraitorCardId d : s.revealed_dancers) {
    if (!mutant_active(Mutant::NexusTleilaxuCunningKeepsRevealed)) transfer(s.traitors, state.traitor_deck, d);
  }
  s.revealed_dancers.clear();
}

void on_treachery_dealt(GameState& state, Seat seat, TreacheryCardId card) {
  transfer(state.treachery.deck, state.seat(seat).hand, card);
  if (state.turn == 0) deal_next_starting_card(state);
}

void on_draft_dealt(GameState& state, TreacheryCardId card) {
  transfer(state.treachery.deck, state.treachery.draft, card);
  deal_next_starting_card(state);
}

}  // namespace dune

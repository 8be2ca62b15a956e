// The card oracles. oracle.truthtrance: a played Truthtrance records one public answer, to the
// question asked, and that answer is the truth about the target's state as it stood before the
// play ([LR] 3.01.22 "publicly ask one other player a single yes/no question"). Each answer is
// recomputed here from the card and leader tables, not by the engine's helper.
// oracle.card-play: Hajr and Tleilaxu Ghola go from the player's hand to the discard and do
// exactly what they print (fact sheet §4.1, [LR] 3.01): Hajr an extra move, the player still to
// move; Ghola one own leader from the Tanks behind the player's shield, or 1 to 5 own forces from
// the Tanks to reserves, free.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>

#include "engine/engine.h"
#include "invariants/oracle_support.h"
#include "model/cards.h"
#include "model/factions.h"

namespace dune::invariants::oracle_detail {
namespace {

bool in_hand(const SeatState& s, auto&& match) {
  return std::any_of(s.hand.begin(), s.hand.end(), [&](TreacheryCardId c) { return match(card_type(c)); });
}

bool is_weapon(TreacheryClass c) {
  return c == TreacheryClass::WeaponProjectile || c == TreacheryClass::WeaponPoison ||
         c == TreacheryClass::WeaponProjectileAndPoison || c == TreacheryClass::WeaponSpecial;
}

bool is_defense(TreacheryClass c) {
  return c == TreacheryClass::DefenseProjectile || c == TreacheryClass::DefensePoison ||
         c == TreacheryClass::DefenseProjectileAndPoison;
}

// `before` with the first card named `name` in `seat`'s hand played to the discard; nullopt when
// the seat held none.
std::optional<GameState> played(const GameState& before, Seat seat, std::string_view name) {
  GameState s = before;
  auto& hand = s.seat(seat).hand;
  const auto it = std::find_if(hand.begin(), hand.end(), [&](TreacheryCardId c) { return card_type(c).name == name; });
  if (it == hand.end()) return std::nullopt;
  s.treachery.discard.push_back(*it);
  hand.erase(it);
  return s;
}

// Weather Control and Family Atomics played in the storm card window while others still answer:
// the storm waits, so what the card did is all the step did (when the window closes in the same
// step, the storm moves too, and oracle.storm-damage decides the step, Family Atomics included).
// Weather Control goes to the discard and sets the storm's movement to the sectors named ([LR]
// 3.01.23); Family Atomics is set aside (3.01.07), every force on the Shield Wall goes to the
// Tanks, the Bene Gesserit there losing their stance with their tokens, and the Shield Wall is
// destroyed for the rest of the game.
Violations storm_card_play(const Transition& t, const Envelope& e) {
  if (storm_moved_in(t)) return {};
  if (!single_step(t)) return skipped(kCardPlay);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::string who = name_of(b, e.seat);
  const auto* wc = std::get_if<PlayWeatherControl>(&e.command);
  const char* name = wc ? "Weather Control" : "Family Atomics";
  Violations out;
  auto want = played(b, e.seat, name);
  if (!want) {
    out.push_back(violation(kCardPlay, fmt::format("{} played {} without holding it", who, name)));
    return decided(kCardPlay, std::move(out));
  }
  if (wc) {
    if (a.storm.movement != std::optional<std::uint8_t>{wc->sectors}) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Weather Control names {} sectors, but the storm is set to move {} ([LR] 3.01.23)", who,
                                                     wc->sectors, a.storm.movement ? *a.storm.movement : -1)));
    }
  } else {
    const TreacheryCardId card = want->treachery.discard.back();
    want->treachery.discard.pop_back();
    if (std::find(a.treachery.set_aside.begin(), a.treachery.set_aside.end(), card) == a.treachery.set_aside.end()) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Family Atomics is not set aside ([LR] 3.01.07)", who)));
    }
    for (std::size_t c = 0; c < kCellCount; ++c) {
      if (kCells[c].territory != TerritoryId::ShieldWall) continue;
      for (std::size_t i = 0; i < b.seat_count(); ++i) {
        const Faction f = b.options.factions[i];
        want->seats[i].tanks_normal += want->board.normal[c][index(f)];
        want->seats[i].tanks_special += want->board.special[c][index(f)];
        want->board.normal[c][index(f)] = ForceCount{0};
        want->board.special[c][index(f)] = ForceCount{0};
      }
    }
    want->board.advisors[index(TerritoryId::ShieldWall)] = false;
    if (!a.board.shield_wall_destroyed) out.push_back(violation(kCardPlay, "Family Atomics did not destroy the Shield Wall ([LR] 3.01.07)"));
  }
  expect_pieces(kCardPlay, *want, a, fmt::format("{}'s {}", who, name), out);
  return decided(kCardPlay, std::move(out));
}

// E1's Thumper and Harvester (fact sheet §4.2; README rules status) go from the hand to the
// discard. The Harvester blows the territory card just revealed once more: its printed amount from
// the bank to its blow cell, and nothing else moves; in a step whose draws the play forces (the
// next pile's, a card the Atreides saw) the board's spice is oracle.spice-blow's. The Thumper's
// worm is oracle.worm's (placed_worm); here, the card, and that a Nexus follows (1.02.06).
Violations spice_card_play(const Transition& t, const Envelope& e) {
  const GameState& b = t.before;
  const GameState& a = t.after;
  const bool harvester = std::holds_alternative<PlayHarvester>(e.command);
  const char* name = harvester ? "Harvester" : "Thumper";
  const std::string who = name_of(b, e.seat);
  Violations out;
  auto want = played(b, e.seat, name);
  if (!want) {
    out.push_back(violation(kCardPlay, fmt::format("{} played {} without holding it", who, name)));
    return decided(kCardPlay, std::move(out));
  }
  if (!harvester) {
    // The worm may set off the player's own Karama order against the Fremen's immunity (2.04.07 ✷):
    // that card leaves the hand too, after the Thumper, each one recorded as a cancel.
    std::size_t cancels = 0;
    for (std::size_t i = b.karama.cancels.size(); i < a.karama.cancels.size(); ++i) cancels += a.karama.cancels[i].by == e.seat;
    const auto& kept = a.seat(e.seat).hand;
    const auto& had = want->seat(e.seat).hand;
    const bool hand_ok = kept.size() + cancels == had.size() &&
                         std::all_of(kept.begin(), kept.end(), [&](TreacheryCardId c) { return std::find(had.begin(), had.end(), c) != had.end(); });
    if (!hand_ok || a.treachery.discard.size() < want->treachery.discard.size() ||
        !std::equal(want->treachery.discard.begin(), want->treachery.discard.end(), a.treachery.discard.begin())) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Thumper did not go from its hand to the discard", who)));
    }
    if (!a.blow.nexus_pending && !a.blow.nexus_occurred) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Thumper brought a worm, but no Nexus follows ([LR] 1.02.06)", who)));
    }
    return decided(kCardPlay, std::move(out));
  }
  if (!single_step(t)) {
    if (a.seat(e.seat).hand != want->seat(e.seat).hand) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Harvester did not leave its hand", who)));
    }
    return decided(kCardPlay, std::move(out));
  }
  const SpiceBlowSite* site = just_revealed_site(b);
  if (!site) {
    out.push_back(violation(kCardPlay, fmt::format("{} played Harvester with no territory card just revealed", who)));
    return decided(kCardPlay, std::move(out));
  }
  want->bank -= site->amount;
  want->board.spice[index(site->cell)] += site->amount;
  expect_pieces(kCardPlay, *want, a, fmt::format("{}'s Harvester", who), out);
  return decided(kCardPlay, std::move(out));
}

}  // namespace

std::optional<bool> truthtrance_fact(const GameState& s, const TruthtranceAnswer& a) {
  if (a.target.value >= s.seat_count() || a.asker.value >= s.seat_count()) return std::nullopt;
  const SeatState& t = s.seat(a.target);
  const auto has_traitor = [&](auto&& match) {
    return std::any_of(t.traitors.begin(), t.traitors.end(), [&](TraitorCardId c) { return match(c); });
  };
  const auto& nexus = s.nexus.held[a.target.value];
  switch (a.question) {
    case TruthtranceQuestion::HoldsKarama: return in_hand(t, [](const TreacheryCardType& c) { return c.name == "Karama"; });
    case TruthtranceQuestion::HoldsWeapon: return in_hand(t, [](const TreacheryCardType& c) { return is_weapon(c.classification); });
    case TruthtranceQuestion::HoldsDefense: return in_hand(t, [](const TreacheryCardType& c) { return is_defense(c.classification); });
    case TruthtranceQuestion::HasAtLeastTenSpice: return t.spice.value >= 10;
    case TruthtranceQuestion::HoldsTraitorOfMine:
      return has_traitor([&](TraitorCardId c) {
        return c.value < kLeaderCount && leader_owner(s, LeaderId{c.value}) == s.faction_of(a.asker);
      });
    case TruthtranceQuestion::HoldsCardNamed: {
      if (!a.card) return std::nullopt;
      const std::string_view name = card_type(*a.card).name;
      return in_hand(t, [&](const TreacheryCardType& c) { return c.name == name; });
    }
    case TruthtranceQuestion::HoldsLeaderAsTraitor:
      if (!a.leader) return std::nullopt;
      return has_traitor([&](TraitorCardId c) { return c.value == a.leader->value; });
    case TruthtranceQuestion::PredictedFaction:
      if (!s.prediction || !a.faction) return std::nullopt;
      return s.prediction->faction == *a.faction;
    case TruthtranceQuestion::PredictedTurn:
      if (!s.prediction || !a.turn) return std::nullopt;
      return s.prediction->turn == *a.turn;
    case TruthtranceQuestion::HoldsNexusCard: return nexus.has_value() && (!a.faction || nexus->faction == *a.faction);
    case TruthtranceQuestion::HasAtLeastSpice: return t.spice.value >= a.spice.value;
  }
  return std::nullopt;
}

Violations truthtrance(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  const auto* q = e ? std::get_if<PlayTruthtrance>(&e->command) : nullptr;
  if (!q) return {};
  if (!single_step(t)) return skipped(kTruthtrance);
  Violations out;
  const auto& was = t.before.truthtrance_answers;
  const auto& is = t.after.truthtrance_answers;
  if (is.size() != was.size() + 1) {
    out.push_back(violation(kTruthtrance, fmt::format("a Truthtrance left {} answers, not {}", is.size(), was.size() + 1)));
    return decided(kTruthtrance, std::move(out));
  }
  if (const auto want = played(t.before, e->seat, "Truthtrance")) {
    expect_pieces(kTruthtrance, *want, t.after, "a Truthtrance", out);
  } else {
    out.push_back(violation(kTruthtrance, fmt::format("{} played a Truthtrance it did not hold", name_of(t.before, e->seat))));
  }
  const TruthtranceAnswer& a = is.back();
  if (a.asker != e->seat || !(question_of(a) == *q)) {
    out.push_back(violation(kTruthtrance, fmt::format("the answer recorded is to another question than {} asked", name_of(t.before, e->seat))));
  }
  const auto fact = truthtrance_fact(t.before, a);
  if (!fact) return skipped(kTruthtrance);
  if (*fact != a.answer) {
    out.push_back(violation(kTruthtrance, fmt::format("{} answered {} to {}'s Truthtrance question {}, which is {} ([LR] 3.01.22)",
                                                      name_of(t.before, a.target), a.answer ? "yes" : "no", name_of(t.before, e->seat),
                                                      to_string(e->command), *fact ? "true" : "false")));
  }
  return decided(kTruthtrance, std::move(out));
}

// E1's Amal (fact sheet §4.2; digest docs/rules/tech-tokens-and-amal.md §2): from the hand to the
// discard, and every seat, its player's too, discards half the spice behind its shield, rounded up
// ([TO] Ceiling(0.5 * Resources)), to the bank; bribes in front of the shield stay ([DB] "behind
// their shields"), nothing else moves, and the window stays open: the play answers nothing.
Violations amal_play(const Transition& t, const Envelope& e) {
  if (!single_step(t)) return skipped(kCardPlay);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const std::string who = name_of(b, e.seat);
  Violations out;
  auto want = played(b, e.seat, "Amal");
  if (!want) {
    out.push_back(violation(kCardPlay, fmt::format("{} played Amal without holding it", who)));
    return decided(kCardPlay, std::move(out));
  }
  for (SeatState& x : want->seats) {
    const Spice lost{x.spice.value - x.spice.value / 2};
    x.spice -= lost;
    want->bank += lost;
  }
  expect_pieces(kCardPlay, *want, a, fmt::format("{}'s Amal", who), out);
  if (a.step != Step::AmalWindow || a.phase != b.phase || a.turn != b.turn) {
    out.push_back(violation(kCardPlay, fmt::format("{}'s Amal closed its window: the phase starts when every asked seat has passed", who)));
  }
  return decided(kCardPlay, std::move(out));
}

Violations card_play(const Transition& t, const GameContext&) {
  const Envelope* e = envelope_of(t);
  if (!e) return {};
  if (std::holds_alternative<PlayWeatherControl>(e->command) || std::holds_alternative<PlayFamilyAtomics>(e->command)) {
    return storm_card_play(t, *e);
  }
  if (std::holds_alternative<PlayThumper>(e->command) || std::holds_alternative<PlayHarvester>(e->command)) return spice_card_play(t, *e);
  if (std::holds_alternative<PlayAmal>(e->command)) return amal_play(t, *e);
  const bool hajr = std::holds_alternative<PlayHajr>(e->command);
  const auto* ghola = std::get_if<PlayGhola>(&e->command);
  if (!hajr && !ghola) return {};
  if (!single_step(t)) return skipped(kCardPlay);
  const GameState& b = t.before;
  const GameState& a = t.after;
  const Seat seat = e->seat;
  const std::string who = name_of(b, seat);
  Violations out;
  auto want = played(b, seat, hajr ? "Hajr" : "Tleilaxu Ghola");
  if (!want) {
    out.push_back(violation(kCardPlay, fmt::format("{} played {} without holding it", who, hajr ? "Hajr" : "Tleilaxu Ghola")));
    return decided(kCardPlay, std::move(out));
  }
  if (hajr) {
    // [LR] 3.01.09: an extra on-planet move, in the player's own Movement: it is still to move.
    const auto waiting = pending(a);
    if (b.step != Step::Movement || std::find(waiting.begin(), waiting.end(), seat) == waiting.end()) {
      out.push_back(violation(kCardPlay, fmt::format("{} played Hajr, but is not left to make its extra move ([LR] 3.01.09)", who)));
    }
    expect_pieces(kCardPlay, *want, a, "Hajr", out);
    return decided(kCardPlay, std::move(out));
  }
  SeatState& mine = want->seat(seat);
  if (ghola->leader) {
    const LeaderId l = *ghola->leader;
    if (leader_owner(b, l) != b.faction_of(seat) || !in_tanks(b, l)) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Ghola revived {}, not one of its own leaders in the Tanks (fact sheet §4.1)", who,
                                                     leader_info(l).name)));
    }
    want->leaders[l.value].where = LeaderLocation::Available;
    want->leaders[l.value].holder = seat;
  } else {
    // Any mix of normal and special forces the Tanks hold makes up the number (the owner's choice).
    const int n = ghola->forces.value;
    const int normal = a.seat(seat).reserves_normal.value - b.seat(seat).reserves_normal.value;
    const int special = n - normal;
    if (n < 1 || n > 5 || normal < 0 || special < 0 || normal > b.seat(seat).tanks_normal.value || special > b.seat(seat).tanks_special.value) {
      out.push_back(violation(kCardPlay, fmt::format("{}'s Ghola revived {} normal of {} forces: 1 to 5 of its own forces in the Tanks "
                                                     "(fact sheet §4.1)", who, normal, n)));
    } else {
      mine.tanks_normal -= ForceCount{normal};
      mine.tanks_special -= ForceCount{special};
      mine.reserves_normal += ForceCount{normal};
      mine.reserves_special += ForceCount{special};
    }
  }
  expect_pieces(kCardPlay, *want, a, fmt::format("{}'s Tleilaxu Ghola", who), out);
  return decided(kCardPlay, std::move(out));
}

}  // namespace dune::invariants::oracle_detail

// The Ecaz Nexus family (seed 000, Ecaz row). The Ecaz faction is not playable yet (setup refuses
// it), so no seat can play its card as Betrayal (Ecaz seated) or Cunning (Ecaz's own): those panels
// wait for the faction (model/nexus_registry.h).
//   Secret Ally (Ecaz absent) "make one player disclose whether any of one's leaders are among
//               their traitors, without identifying those leaders": no printed phase, so a play at
//               any time (the action boundary of flow.cpp, never inside another Nexus window),
//               naming the player asked (`target`, another seat). The answer is the one fact
//               Truthtrance's "Is one of my leaders your traitor?" asks (engine/cards.cpp, one
//               place decides it): the target's Traitor Cards, a Cheap Hero naming no leader. It
//               is private to the asker, one bit: a sighting of the asker's (SeenKind
//               TraitorOfYoursHeld or NoTraitorOfYoursHeld, id the target), naming no leader. The
//               play itself is public (the Nexus discard, the receipt naming the target).
// The card's effect, not an Ecaz ability: no Karama cancels it.
#include <fmt/format.h>

#include "engine/cards.h"
#include "engine/engine.h"
#include "engine/internal.h"
#include "engine/mutants.h"
#include "engine/nexus/family.h"

namespace dune {

namespace {

constexpr std::string_view kWaits =
    "the Ecaz faction is not playable yet: its Betrayal needs it seated and its Cunning its native player (setup refuses it; "
    "rules-status table)";

std::optional<Rejection> validate(const GameState& state, Seat seat, const PlayNexus& c) {
  if (c.mode != NexusMode::SecretAlly) {
    return reject(RejectCode::NotImplemented, "the Ecaz {} cannot be played: {}", to_string(c.mode), kWaits);
  }
  if (auto r = plain_nexus_play(c, 0, kReadsTarget)) return r;
  if (!c.target || c.target->value >= state.seat_count() || *c.target == seat) {
    return reject(RejectCode::IllegalChoice, "the Ecaz Secret Ally names another player at the table to disclose it (seed 000)");
  }
  if (nexus_window_open(state)) return reject(RejectCode::WrongPhase, "the Ecaz Secret Ally waits until the open Nexus window has been answered");
  return std::nullopt;
}

std::vector<Command> candidates(const GameState& state, Seat seat, NexusMode mode) {
  if (mode != NexusMode::SecretAlly || nexus_window_open(state)) return {};
  std::vector<Command> out;
  for (Seat s : all_seats(state)) {
    if (s == seat) continue;
    PlayNexus p{NexusCardId{Faction::Ecaz}, NexusMode::SecretAlly, std::nullopt, 0, ForceCount{0}};
    p.target = s;
    out.push_back(p);
  }
  return out;
}

void apply(GameState& state, Seat seat, const PlayNexus& c) {
  const Seat target = *c.target;
  commit_nexus_play(state, seat, c, fmt::format("{} asked {}, turn {}", to_string(state.faction_of(seat)),
                                                to_string(state.faction_of(target)), state.turn),
                    "");
  const bool held = truthful_answer(state, seat, PlayTruthtrance{target, TruthtranceQuestion::HoldsTraitorOfMine}) !=
                    mutant_active(Mutant::NexusEcazAnswerInverted);
  std::string what = fmt::format("Ecaz Secret Ally: {} holds {} of your leaders as a traitor", to_string(state.faction_of(target)),
                                 held ? "one or more" : "none");
  if (mutant_active(Mutant::NexusEcazLeaderNamed)) {
    for (TraitorCardId t : state.seat(target).traitors) {
      if (t != kCheapHeroTraitor && leader_owner(state, LeaderId{t.value}) == state.faction_of(seat)) what += fmt::format(" ({})", leader_info(LeaderId{t.value}).name);
    }
  }
  record_sighting(state, seat, held ? SeenKind::TraitorOfYoursHeld : SeenKind::NoTraitorOfYoursHeld, target.value, std::move(what));
}

// No window: the Secret Ally is played at any time.
void on_hook(GameState&, NexusHook) {}

// ---- for the gate and the explorer ----

template <SeenKind answer>
std::uint64_t disclosed(const GameState& before, const LogEntry& entry, const GameState& after) {
  if (!nexus_play_in(entry, Faction::Ecaz, NexusMode::SecretAlly)) return 0;
  const auto& seen = after.knowledge.sightings;
  return seen.size() > before.knowledge.sightings.size() && seen.back().kind == answer ? 1 : 0;
}

constexpr std::array<NexusHook, 0> kAnyTime{};

constexpr std::array kCoverage{
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally disclosed: one or more of the asker's leaders are the target's traitors", 1,
                     "more games without Ecaz: the holder asks the seat holding one of its leaders as a traitor",
                     disclosed<SeenKind::TraitorOfYoursHeld>},
    NexusCoverageRow{NexusMode::SecretAlly, "Secret Ally disclosed: none of the asker's leaders are the target's traitors", 3,
                     "more games without Ecaz: the holder plays the card", disclosed<SeenKind::NoTraitorOfYoursHeld>},
};

constexpr std::array kBattleStarts{
    NexusBattleStart{"secret-ally", {Faction::Atreides, Faction::Harkonnen, Faction::Emperor}, 3, 0,
                     "the Atreides hold the Ecaz card (Secret Ally, Ecaz absent) and may ask either other seat at any of "
                     "their decisions"},
};

constexpr std::array kScopes{
    NexusScope{"ecaz-battle",
               "one battle with the Ecaz card held as Secret Ally (the Atreides, Ecaz absent), played at any time to ask the "
               "Harkonnen (four traitors) or the Emperor whether one of the Atreides leaders is their traitor",
               kBattleStarts},
};

constexpr std::array<std::string_view, 2> kMutants{"nexus-ecaz-answer-inverted", "nexus-ecaz-leader-named"};

}  // namespace

extern const NexusFamily kEcazFamily{
    Faction::Ecaz,
    "engine/nexus/ecaz.cpp",
    {{{NexusMode::Betrayal, {}, ""},
      {NexusMode::Cunning, {}, ""},
      {NexusMode::SecretAlly, kAnyTime, "", /*any_time=*/true}}},
    on_hook,
    no_nexus_window,
    no_nexus_window_awaited,
    no_nexus_window_pass,
    candidates,
    validate,
    apply,
    kCoverage,
    kScopes,
    kMutants,
    {"", "", "contract.ecaz.secret-ally"},
};

}  // namespace dune

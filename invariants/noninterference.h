// Noninterference (DESIGN.md, "Invariants" and "Projections and knowledge"; issue 7 item 2): what
// an observer sees is a function of what it may know. For a state and an observer (a seat, or the
// public), a twin resamples everything the observer cannot know, consistently with its knowledge;
// the observer's view, the pending set, its legal commands and the rejections it receives must be
// equal in both, and again after the same next step by that observer or by chance.
//
// Resampled: other seats' Treachery cards among their hands, the unseen deck and the cards up for
// bid (sizes kept),
// other seats' traitors and traitor offers among the unseen traitor deck, other seats' held Nexus
// cards among the unseen Nexus deck, other seats' redraw policies, and (for every observer but the
// Bene Gesserit) the prediction. Left fixed (conservatively): every card the observer saw, known
// deck tops, the cards up for bid, cards named by battle plans, the hands and traitors of a seat
// that stands on a Karama bid, spice behind shields, storm dials and the Fremen storm
// card, and uncommitted or unrevealed battle plans. A seat that answered a Truthtrance question is
// resampled too, the twin kept only if every question asked has the same truth in it (after 8
// twins that contradict one, that seat's hand and traitors stay put). After a Truthtrance play the
// twin's new answer is set to the real one: that answer is the one disclosure the play may make
// ([LR] 3.01.22).
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "invariants/registry.h"

namespace dune::invariants {

using Observer = std::optional<Seat>;  // nullopt: the public

// The twin of `state` for `observer`; the same seed gives the same twin.
GameState make_twin(const GameState& state, Observer observer, std::uint64_t seed);

// The probe commands a seat's rejections are compared on: every command kind with default fields,
// and the kinds that name a hidden card once per card.
const std::vector<Command>& probe_commands();

// Compares `state` with its twin for `observer` (views, pending, legal commands, probe rejections)
// and after the same next step. `seed` decides the twin and the next step.
Violations check_noninterference(const GameState& state, Observer observer, std::uint64_t seed);

// Whether step `index` is one the noninterference checker samples.
bool noninterference_sampled(int index);

std::span<const Checker> noninterference_checkers();

}  // namespace dune::invariants

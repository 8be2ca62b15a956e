// Knowledge: what each seat has legitimately seen, at the moment it saw it (DESIGN.md,
// "Projections and knowledge"). A card seen face up and then moved face down keeps its record
// only for the seats that saw it. A seat's own hand, traitors and held cards are its private
// information already; sightings record what it saw of things that are not its own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "model/history.h"
#include "model/ids.h"
#include "model/phases.h"

namespace dune {

enum class SeenKind : std::uint8_t {
  TreacheryCard,   // e.g. Atreides' look at each card up for bid; a card shown in battle
  SpiceCard,       // e.g. Atreides' look at the top spice card
  StormCard,       // the Fremen storm card (value 1..6 as the id)
  TraitorCard,
  PlanElement,     // Prescience and Nexus inspections: id = the element's value (see `what`)
  Other,
  // The Ecaz Nexus card's Secret Ally (seed 000): the seat `id` disclosed whether any of the
  // viewer's leaders are among its traitors, which ones not said: one bit, private to the asker.
  TraitorOfYoursHeld,
  NoTraitorOfYoursHeld,
};

struct Sighting {
  Seat seat;            // who saw it
  int turn = 0;
  Phase phase = Phase::Storm;
  SeenKind kind = SeenKind::Other;
  std::uint8_t id = 0;  // the card id (raw value) or element value
  std::string what;     // a readable account, e.g. "card up for bid #2"
  friend bool operator==(const Sighting&, const Sighting&) = default;
};

// Append-only (no seat forgets), and copied with every state: a History shares its full chunks
// between copies instead of copying every sighting of the game at every step (issue 19).
struct Knowledge {
  History<Sighting> sightings;
  friend bool operator==(const Knowledge&, const Knowledge&) = default;
};

}  // namespace dune

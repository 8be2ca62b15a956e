// The E3 Nexus card module's state and family registry types (seed 000, "Executable lifecycle
// composition"; DESIGN.md, "Nexus families and gates"). Engine logic: engine/nexus*.cpp.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "model/catalogue.h"
#include "model/ids.h"
#include "model/nexus_panels.h"
#include "model/phases.h"
#include "model/piles.h"

namespace dune {

// The private own-faction redraw preference, chosen before the draw (seed 000, item 4). The engine
// applies it atomically inside the draw: no later confirmation, no public waiting state.
enum class RedrawPolicy : std::uint8_t {
  KeepAny,          // keep whatever is drawn
  RedrawOwnOnce,    // own faction drawn: discard it and draw again, once
  RedrawOwnAlways,  // own faction drawn: discard and draw again whenever it appears
};

// One committed Nexus effect (seed 000, item 9; DESIGN.md "Receipts bind effects"): the card, the
// seat and mode, the event it belongs to and the original attempted effect it answers. A delayed
// effect outlives the card and is consumed at most once.
struct NexusReceipt {
  std::uint32_t id = 0;  // 1, 2, ... in commitment order
  Seat seat;
  NexusCardId card;
  NexusMode mode = NexusMode::Cunning;
  int turn = 0;
  Phase phase = Phase::Storm;
  std::string event;    // e.g. "battle in Arrakeen, turn 3"
  std::string answers;  // the attempt it answers, e.g. "Prescience attempt 2 (weapon)"; "" if none
  bool delayed = false;   // a delayed effect that waits after the play
  bool consumed = true;   // a delayed effect: false until it is used, then true (once)
  friend bool operator==(const NexusReceipt&, const NexusReceipt&) = default;
};

struct TraitorExchange {
  Seat seat;
  std::uint8_t draws = 0;    // still to draw
  std::uint8_t returns = 0;  // still to shuffle back, once the draws are done
  friend bool operator==(const TraitorExchange&, const TraitorExchange&) = default;
};

struct NexusState {
  bool enabled = false;                        // the module was selected at setup
  Deck<NexusCard> deck;                        // order private (sorted remainder)
  Discard<NexusCard> discard;                  // public, oldest first
  std::array<Held<NexusCard>, kMaxSeats> held{};  // private to the holder; one slot each
  std::array<RedrawPolicy, kMaxSeats> redraw{};              // private to the seat

  // The draw opportunity at the end of a Spice Blow and Nexus phase (public).
  bool opportunity_open = false;
  std::array<bool, kMaxSeats> eligible{};   // unallied on the final alliances when it opened
  std::array<bool, kMaxSeats> answered{};   // drew, replaced, kept or declined
  std::optional<Seat> drawing;              // the seat the pending chance draw serves
  std::uint8_t redraws_left = 0;            // RedrawOwnOnce: redraws still allowed in this draw

  std::vector<NexusReceipt> receipts;       // every committed effect, in order
  std::uint32_t attempts = 0;               // attempted effects a play may answer, numbered 1, 2, ...

  // A family's window outside battle (engine/nexus/plays.cpp): the step it interrupts waits until
  // every seat it awaits played or passed. Public: whose card, who answered, and the attempt a
  // Betrayal in it answers (0: none).
  std::optional<Faction> window;
  std::array<bool, kMaxSeats> window_answered{};
  std::uint32_t window_attempt = 0;

  // The Harkonnen card's physical traitor operation (seed 000: "draw ... then choose ... to
  // shuffle back"; "Draw first then return cards in the order stated"): `seat` draws `draws`
  // Traitor Cards (chance steps), then shuffles `returns` held ones back into the Traitor Deck,
  // one ReturnTraitor each, before anything else goes on. Public: who, how many; never which.
  std::optional<TraitorExchange> traitor_exchange;
  friend bool operator==(const NexusState&, const NexusState&) = default;
};

// A family is one card's three panels (DESIGN.md "Nexus families and gates").
using FamilyStatusKind = StatusKind;

struct FamilyStatus {
  StatusKind kind = StatusKind::Unavailable;
  std::string_view reason;  // Unavailable: why
  std::string_view digest;  // Verified: the gate report's digest
};

}  // namespace dune

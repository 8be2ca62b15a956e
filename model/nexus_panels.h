// The Nexus panel table: 12 cards × Betrayal / Cunning / Secret Ally = 36 panels.
// Authority: seed 000 ("All twelve printed effect contracts"), 002 (Tleilaxu), 003 (Emperor).
// Summaries paraphrase the seed's transcription of the printed faces; timing windows are those
// the panel states, and an empty window means the panel prints no phase (seed 000: "do not
// invent one").
#pragma once

#include <array>
#include <string_view>

#include "model/ids.h"
#include "model/phases.h"

namespace dune {

// Mutually exclusive modes, decided by native roster identity (seed 000, item 8).
enum class NexusMode : std::uint8_t {
  Betrayal,    // another player controls that faction
  Cunning,     // the native player
  SecretAlly,  // the faction is absent
};
inline constexpr std::array<NexusMode, 3> kNexusModes{NexusMode::Betrayal, NexusMode::Cunning,
                                                      NexusMode::SecretAlly};
constexpr std::size_t index(NexusMode m) { return static_cast<std::size_t>(m); }

struct NexusPanelInfo {
  Faction card;        // the faction printed on the card; also the family
  NexusMode mode;
  std::string_view summary;
  std::string_view timing;   // as the panel states it
  PhaseMask windows;         // empty: no printed phase
  std::string_view open_question;  // an unresolved source question from the seeds, or ""
  // A policy a seed adopts for the panel (seed 002's prototype), not a publisher ruling: the
  // catalogue, views and reports show it beside the panel's status. "" when none.
  std::string_view policy = "";
};

inline constexpr std::size_t kNexusPanelCount = 36;

// clang-format off
inline constexpr std::array<NexusPanelInfo, kNexusPanelCount> kNexusPanels{{
    {Faction::Atreides, NexusMode::Betrayal, "Stop Atreides' attempt to inspect one battle-plan element.",
     "when Atreides attempts a Prescience inspection", PhaseMask{Phase::Battle}, ""},
    {Faction::Atreides, NexusMode::Cunning, "Obtain a second, different element from the battle opponent.",
     "in Atreides' battle", PhaseMask{Phase::Battle}, ""},
    {Faction::Atreides, NexusMode::SecretAlly, "In one's battle, choose one opposing plan element to inspect: leader, weapon, defense or dial.",
     "in one's battle", PhaseMask{Phase::Battle}, ""},

    {Faction::BeneGesserit, NexusMode::Betrayal, "Stop Voice.",
     "when Bene Gesserit uses Voice", PhaseMask{Phase::Battle}, ""},
    {Faction::BeneGesserit, NexusMode::Cunning, "During one's Shipment and Movement action, convert selected advisor groups to fighters; each territory ends with a single stance.",
     "during one's Shipment and Movement action", PhaseMask{Phase::ShipmentAndMovement}, ""},
    {Faction::BeneGesserit, NexusMode::SecretAlly, "Use Voice against one's battle opponent (before Prescience, per the FAQ).",
     "in one's battle, before Prescience", PhaseMask{Phase::Battle}, ""},

    {Faction::Emperor, NexusMode::Betrayal, "During Bidding, require Emperor to cover its ally's purchase; or suppress Sardaukar while battle plans are made.",
     "Bidding (ally purchase) or while battle plans are made", PhaseMask{Phase::Bidding, Phase::Battle},
     "forced payment: who chooses the amount, the minimum, and an Emperor short of spice (seed 003)"},
    {Faction::Emperor, NexusMode::Cunning, "Before making a battle plan, treat five own forces as Sardaukar when that battle contains none.",
     "before making a battle plan", PhaseMask{Phase::Battle},
     "fewer than five eligible ordinary forces (seed 003, short groups)"},
    {Faction::Emperor, NexusMode::SecretAlly, "On a Treachery purchase keep the spice after showing the funds; or revive three extra forces free beyond the limit.",
     "Bidding purchase or Revival", PhaseMask{Phase::Bidding, Phase::Revival},
     "special seller payments; fewer than three revivable forces (seed 003)"},

    {Faction::Fremen, NexusMode::Betrayal, "Suppress worm riding for this turn, or suppress the two-territory movement advantage.",
     "this turn (worm ride) or Shipment and Movement", PhaseMask{Phase::SpiceBlowAndNexus, Phase::ShipmentAndMovement}, ""},
    {Faction::Fremen, NexusMode::Cunning, "A worm in a territory without forces lets a group from one desert territory ride elsewhere, respecting storm and occupancy.",
     "when a worm appears", PhaseMask{Phase::SpiceBlowAndNexus}, ""},
    {Faction::Fremen, NexusMode::SecretAlly, "Protect one's forces from a worm, or revive three forces free during Revival.",
     "when a worm appears, or Revival", PhaseMask{Phase::SpiceBlowAndNexus, Phase::Revival}, ""},

    {Faction::Harkonnen, NexusMode::Betrayal, "Cancel a revealed Harkonnen traitor, shuffle it into the Traitor Deck; Harkonnen draws a replacement during Mentat Pause.",
     "when a Harkonnen traitor is revealed", PhaseMask{Phase::Battle}, ""},
    {Faction::Harkonnen, NexusMode::Cunning, "Draw a Traitor Card, then shuffle one held Traitor Card back.",
     "at any time", PhaseMask{}, ""},
    {Faction::Harkonnen, NexusMode::SecretAlly, "During Mentat Pause draw two Traitor Cards, then shuffle two held cards back (Tleilaxu's retained cards are Face Dancers).",
     "Mentat Pause", PhaseMask{Phase::MentatPause}, ""},

    {Faction::SpacingGuild, NexusMode::Betrayal, "Take one entire shipment payment otherwise owed to Guild or bank, including one's own (overrides Junction income).",
     "when a shipment is paid", PhaseMask{Phase::ShipmentAndMovement}, ""},
    {Faction::SpacingGuild, NexusMode::Cunning, "Immediately after one's Shipment and Movement, make a second shipment; that group cannot move unless Hajr permits.",
     "immediately after one's Shipment and Movement", PhaseMask{Phase::ShipmentAndMovement}, ""},
    {Faction::SpacingGuild, NexusMode::SecretAlly, "Use Guild shipping prices; cross-ship or return to reserves as the shipping action.",
     "one's shipment", PhaseMask{Phase::ShipmentAndMovement}, ""},

    {Faction::Ixians, NexusMode::Betrayal, "Prevent either the Bidding advantage or the Technology advantage (not both).",
     "Bidding, or when the Technology advantage is used", PhaseMask{Phase::Bidding},
     "scope over multiple auction lots (seed 000)"},
    {Faction::Ixians, NexusMode::Cunning, "Before making one's battle plan, every Suboid has full unsupported strength in all battles this turn.",
     "before making one's battle plan; lasts the turn", PhaseMask{Phase::Battle}, ""},
    {Faction::Ixians, NexusMode::SecretAlly, "Discard a just-purchased Treachery Card and take the next Treachery deck card.",
     "Bidding, after a purchase", PhaseMask{Phase::Bidding}, ""},

    {Faction::Tleilaxu, NexusMode::Betrayal, "Cancel a revealed Face Dancer; it stays revealed until all Face Dancers are revealed.",
     "when a Face Dancer is revealed", PhaseMask{Phase::Battle}, ""},
    {Faction::Tleilaxu, NexusMode::Cunning, "Set all revealed Face Dancers aside, secretly draw replacements, then shuffle the set-aside identities into the Traitor Deck.",
     "no printed phase", PhaseMask{}, ""},
    {Faction::Tleilaxu, NexusMode::SecretAlly, "During Revival, revive an own leader free and up to five forces at one spice each.",
     "Revival", PhaseMask{Phase::Revival}, "",
     "prototype policy, seed 002: the recommended combined revival of 14 October (a shared ceiling of five, the leader mandatory "
     "and in the one slot, zero forces allowed, force-only use not), not a publisher ruling"},

    {Faction::Choam, NexusMode::Betrayal, "Make CHOAM discard a random held card without earning spice for it.",
     "no printed phase", PhaseMask{}, ""},
    {Faction::Choam, NexusMode::Cunning, "Spend any Treachery Card to obtain a selected Worthless special effect.",
     "no printed phase", PhaseMask{}, ""},
    {Faction::Choam, NexusMode::SecretAlly, "During Collection trade a Worthless card for two spice; or after winning a battle privately inspect a random unused opposing held card.",
     "Spice Collection, or after winning a battle", PhaseMask{Phase::SpiceCollection, Phase::Battle}, ""},

    {Faction::Richese, NexusMode::Betrayal, "Stop a Richese self-purchase (discard the card without payment); or divert payment for a Richese sale to the bank.",
     "Bidding (Richese sale)", PhaseMask{Phase::Bidding}, ""},
    {Faction::Richese, NexusMode::Cunning, "Combine two No-Fields in one shipment, priced as one force; reveal one immediately and put it in front of the shield.",
     "one's shipment", PhaseMask{Phase::ShipmentAndMovement},
     "needs its own physical counter and immediate-reveal transaction (seed 000)"},
    {Faction::Richese, NexusMode::SecretAlly, "Replace normal shipping with a reserve shipment of up to five forces priced as one.",
     "one's shipment", PhaseMask{Phase::ShipmentAndMovement}, ""},

    {Faction::Ecaz, NexusMode::Betrayal, "Before Shipment and Movement, where Ecaz and ally share a territory, the ally returns its forces from one such territory to reserves.",
     "before Shipment and Movement", PhaseMask{Phase::ShipmentAndMovement}, ""},
    {Faction::Ecaz, NexusMode::Cunning, "Take Duke Vidal for the current turn, even from capture, Tanks or Ghola custody; set him aside at turn end.",
     "no printed phase; lasts the turn", PhaseMask{},
     "Duke restoration across capture, death and Ghola records (seed 000)"},
    {Faction::Ecaz, NexusMode::SecretAlly, "Make one player disclose whether any of one's leaders are among their traitors, without naming them.",
     "no printed phase", PhaseMask{}, ""},

    {Faction::Moritani, NexusMode::Betrayal, "Return a board Terror token to Moritani without revealing it.",
     "no printed phase", PhaseMask{}, ""},
    {Faction::Moritani, NexusMode::Cunning, "When placing a Terror token, permit any Arrakis territory, including an existing Terror location.",
     "when placing a Terror token", PhaseMask{}, ""},
    {Faction::Moritani, NexusMode::SecretAlly, "After losing a battle with a winner, retain one played Treachery Card that could have been retained after winning.",
     "after losing a battle", PhaseMask{Phase::Battle},
     "shared response policy for hidden optional reactions unresolved: keep unavailable (seed 000, Moritani Secret Ally timing)"},
}};
// clang-format on

constexpr const NexusPanelInfo& nexus_panel(Faction card, NexusMode mode) {
  return kNexusPanels[index(card) * 3 + index(mode)];
}

std::string_view to_string(NexusMode m);

}  // namespace dune

namespace dune {

// Status of a Nexus family (one card's three panels) or of one panel (DESIGN.md, "Nexus families
// and gates"). One place decides it: the family registry, model/nexus_registry.h (panel_status).
enum class StatusKind : std::uint8_t { Unavailable, Implemented, Verified };

struct PanelStatus {
  StatusKind kind = StatusKind::Unavailable;
  // Unavailable: why. Otherwise the seed policy the panel implements (NexusPanelInfo::policy), or "".
  std::string_view reason = "not implemented yet";
};

std::string_view to_string(StatusKind s);

}  // namespace dune

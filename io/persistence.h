// Persistence (issue "Projections, knowledge, persistence and scenario files"): the full state
// snapshot and the event log as JSON, each with a schema version and an FNV-1a 64 digest over the
// canonical dump of its content. Loading returns a value or a LoadError naming the problem; it
// never touches an existing game. Replaying a log from new_game(options) reproduces the state.
#pragma once

#include <cstdint>
#include <functional>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/json_forms.h"
#include "model/commands.h"
#include "model/options.h"
#include "model/state.h"

namespace dune {

// Schema 2: the Treachery set-aside zone (Family Atomics), the worm rides of a pile, the Harkonnen capture
// draw (RideWorm counts, CaptureDraw chance records).
// Schema 3: the Bene Gesserit flip window, the battle winner's decisions (TakeLosses, DiscardPlayed),
// the Kwisatz Haderach revival, Karama standing orders and cancellations, the Collection and Mentat
// Pause decision points, and Movement ending on a pass (Hajr after the first move).
// Schema 4: spice gifts and bribes (GiveSpice); the Karama record always written, so a snapshot
// that lost it is refused instead of loading with no Karama orders; the Advanced faction Karama
// powers (the uses, a Harkonnen hand exchange under way, the Sardaukar of the Emperor's Karama
// revival) and their command kinds; the Fremen grant of their ally's free revivals (seat
// grants_ally_free_revivals, GrantAllyFreeRevivals) and Truthtrance questions with a subject (a
// named card, leader, faction, turn or spice amount, in PlayTruthtrance and the answers).
// Schema 5: the Bene Gesserit seat retaking an action without worthless Karamas after a Karama
// cancelled one ([LR] 2.02.22, 3.04; karama.retakes_without_worthless). A file of an older schema
// is refused by name.
// Schema 6: the battle's Voice side and attempt and the family whose Nexus window is open (the
// Bene Gesserit Nexus family: a Secret Ally player's Voice, the Betrayal that stops a Voice).
// Schema 8: the Nexus windows outside battle (nexus.window, window_answered, window_attempt) and the
// Fremen Nexus card's worm facts (blow.empty_worms, cunning_ride, worm_waiting, worm_protected).
// Schema 9: the Spacing Guild Nexus card's shipment facts (movement.invoice, nexus_guild_rates,
// extra_shipment).
// Schema 10: the Harkonnen Nexus card's traitor facts (nexus.traitor_exchange, battle.traitor_revealed).
// Schema 11: the Tleilaxu Nexus card's Secret Ally revival (revival.nexus_returns, nexus_leader).
// Schema 12: the Tleilaxu's Face Dancers in play (seat revealed_dancers, battle.face_dancer_winner,
// decision_point.face_dancer_replaced).
// Schema 13: a revival limit the Tleilaxu raised (seat revival_limit_raised, RaiseRevivalLimit).
// Schema 14: the Tleilaxu's offers of an early leader revival (revival.early_offers, OfferLeaderRevival).
// Schema 15: the optional card sets in the options (options.cards, model/options.h CardSets).
// Schema 16: the E1 battle cards: the card sets e1_battle and e1_harvester_thumper (were e1_others),
// the Poison Tooth stage (battle.poison_tooth_side, poison_tooth_cancelled, CancelPoisonTooth).
// Schema 17: E1's Thumper and Harvester windows (blow.card_window_done, blow.thumper_window_held).
// Schema 18: E1's Amal window between two phases (amal.starting, amal.passed; PlayAmal).
// Schema 19: E1's tech tokens (tech; options cards.e1_tech_tokens).
// Schema 20: the Hidden Mobile Stronghold's cell and territory on the board (87 cells, 43
// territories; board.hms_host).
// Schema 21: a deck's known bottom (known_bottom: the Ixians' card returned under the Treachery
// deck), and the Ixians' card selection step (IxCardSelection, ReturnLot).
// Schema 22: the Ixians' Technology (options rules.ixians_technology, bidding.technology_used; the
// IxTechnology step, SwapLot).
// Schema 23: the Ixians' starting-card draft (treachery.draft; the SetupIxianDraft step,
// KeepStartingCard).
// Schema 24: the Ixians' Technology swap offered for the last lot while the Ixians Nexus card's
// Betrayal window on it is open (bidding.technology_offer).
// Schema 25: Karama against the Cyborg bonus (battle.cyborgs_prevented).
// Schema 26: the reading of the HMS's spice while moving (options.hms_spice) and the cells its move
// under way has visited (board.hms_path).
// Schema 27: the reading of the Cyborg loss substitution (options.cyborg_loss_substitution) and a
// Karama against it (battle.substitution_prevented).
// Schema 28: Advanced Gholas (options rules.tleilaxu_gholas; a leader's ghola flag).
inline constexpr int kSchemaVersion = 28;

// FNV-1a 64-bit over bytes; the digest of a document is this over its content's canonical dump.
std::uint64_t fnv1a64(std::string_view bytes);
std::string digest_of(const nlohmann::json& content);  // "fnv1a64:" + 16 hex digits

// ---- JSON forms (content only, no envelope) ------------------------------------------------
// LoadError and the forms of options and commands, which the engine's views use too, are
// engine/json_forms.h.
nlohmann::json state_to_json(const GameState& state);
std::variant<GameState, LoadError> state_from_json(const nlohmann::json& content);
nlohmann::json log_entry_to_json(const LogEntry& entry);
// One history record on its own, as the state's "log" and "committed" arrays hold it (the
// determinism checker round-trips each record once, as it is appended: invariants/protocol.cpp).
nlohmann::json committed_to_json(const Committed& record);
std::variant<LogEntry, LoadError> log_entry_from_json(const nlohmann::json& entry, std::size_t seat_count);
std::variant<Committed, LoadError> committed_from_json(const nlohmann::json& record, std::size_t seat_count);

// ---- files ---------------------------------------------------------------------------------
// {"format": "dunecheck-snapshot", "schema": 2, "digest": "...", "state": {...}}
std::string save_snapshot(const GameState& state);
// Rejects a truncated file, a wrong digest, an unknown schema, unknown enum values, out-of-range
// ids and census breaks (a card in two places, more forces than a faction owns).
std::variant<GameState, LoadError> load_snapshot(std::string_view text);
// The same on a document already parsed (a command that parsed the file once to tell its kind).
std::variant<GameState, LoadError> load_snapshot_document(const nlohmann::json& doc);

// {"format": "dunecheck-log", "schema": 2, "digest": "...", "log": {"options", "entries",
//  "final_digest"}}: final_digest is the digest of the state the log reaches.
struct EventLog {
  Options options;
  std::vector<LogEntry> entries;
  std::string final_digest;
  friend bool operator==(const EventLog&, const EventLog&) = default;
};
std::string save_log(const GameState& state);
std::variant<EventLog, LoadError> load_log(std::string_view text);
std::variant<EventLog, LoadError> load_log_document(const nlohmann::json& doc);

// Replays every envelope and chance record in order from new_game(options). An entry the engine
// refuses (a rejected command, an unlisted outcome, a record that does not match) is an error.
std::variant<GameState, LoadError> replay(const Options& options, const std::vector<LogEntry>& log);

// Called, once the engine has accepted it, with the index of each entry the replay takes from the
// log (an envelope it submits, an outcome it chooses at a pending chance step) and the state
// before it. The entries it is not called for the engine logged itself: forced outcomes (a known
// top card).
using ReplayHook = std::function<void(std::size_t index, const GameState& before)>;

// As replay, from `start` (a saved or staged state), whose own log is the first entries of `log`.
std::variant<GameState, LoadError> replay_from(GameState start, const std::vector<LogEntry>& log,
                                               const ReplayHook& on_applied = {});

// The census check on its own (used by load): each card in exactly one place, forces conserved.
std::optional<LoadError> check_census(const GameState& state);

}  // namespace dune

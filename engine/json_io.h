// Internal to the JSON forms (engine/json_forms.h; io/persistence.h, io/scenario.h): enum names and
// a checked reader that names the path of the first problem. Readers throw JsonFailure; the public
// API catches it (guarded) and returns a value or a LoadError.
#pragma once

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/json_forms.h"
#include "model/board.h"
#include "model/state.h"

namespace dune::json_io {

using nlohmann::json;

// The JSON name of each enumerator is its C++ name; order follows the enum.
template <class E> struct EnumNames;
#define DUNE_ENUM_NAMES(E, ...)                                       \
  template <> struct EnumNames<E> {                                   \
    static constexpr std::string_view type = #E;                      \
    static constexpr std::array names{__VA_ARGS__};                   \
  }
using sv = std::string_view;
DUNE_ENUM_NAMES(Faction, sv{"Atreides"}, sv{"BeneGesserit"}, sv{"Emperor"}, sv{"Fremen"}, sv{"Harkonnen"},
                sv{"SpacingGuild"}, sv{"Ixians"}, sv{"Tleilaxu"}, sv{"Choam"}, sv{"Richese"}, sv{"Ecaz"}, sv{"Moritani"});
DUNE_ENUM_NAMES(Phase, sv{"Storm"}, sv{"SpiceBlowAndNexus"}, sv{"ChoamCharity"}, sv{"Bidding"}, sv{"Revival"},
                sv{"ShipmentAndMovement"}, sv{"Battle"}, sv{"SpiceCollection"}, sv{"MentatPause"});
DUNE_ENUM_NAMES(Step, sv{"SetupTraitorSelection"}, sv{"SetupPrediction"}, sv{"SetupFremenPlacement"},
                sv{"SetupBeneGesseritPlacement"}, sv{"StormDial"}, sv{"StormCardWindow"}, sv{"KaramaWorm"}, sv{"ThumperWindow"}, sv{"SpiceBlow"}, sv{"HarvesterWindow"},
                sv{"WormPlacement"}, sv{"NexusNegotiation"}, sv{"WormRide"}, sv{"NexusDraw"}, sv{"Charity"}, sv{"Bidding"},
                sv{"Revival"}, sv{"Shipment"}, sv{"Movement"}, sv{"Battle"}, sv{"Collection"}, sv{"MentatPause"}, sv{"AmalWindow"}, sv{"HmsPlacement"}, sv{"HmsMovement"}, sv{"AllyCardReplacement"}, sv{"IxCardSelection"}, sv{"IxTechnology"}, sv{"SetupIxianDraft"}, sv{"GameOver"});
DUNE_ENUM_NAMES(LeaderLocation, sv{"NotInPlay"}, sv{"Available"}, sv{"Tanks"}, sv{"TanksFaceDown"}, sv{"Captured"});
DUNE_ENUM_NAMES(ChanceKind, sv{"TraitorDeal"}, sv{"TreacheryDeal"}, sv{"TreacheryLot"}, sv{"SpiceDraw"}, sv{"StormCard"}, sv{"NexusDraw"}, sv{"SpicePeek"}, sv{"CaptureDraw"}, sv{"TraitorDraw"}, sv{"CardInspect"}, sv{"FaceDancerDraw"}, sv{"TechTokenDeal"});
DUNE_ENUM_NAMES(SeenKind, sv{"TreacheryCard"}, sv{"SpiceCard"}, sv{"StormCard"}, sv{"TraitorCard"},
                sv{"PlanElement"}, sv{"Other"}, sv{"TraitorOfYoursHeld"}, sv{"NoTraitorOfYoursHeld"});
DUNE_ENUM_NAMES(TruthtranceQuestion, sv{"HoldsKarama"}, sv{"HoldsWeapon"}, sv{"HoldsDefense"},
                sv{"HasAtLeastTenSpice"}, sv{"HoldsTraitorOfMine"}, sv{"HoldsCardNamed"}, sv{"HoldsLeaderAsTraitor"},
                sv{"PredictedFaction"}, sv{"PredictedTurn"}, sv{"HoldsNexusCard"}, sv{"HasAtLeastSpice"});
DUNE_ENUM_NAMES(AdvisorDestination, sv{"None"}, sv{"PolarSink"}, sv{"ShipmentCell"});
DUNE_ENUM_NAMES(BeneGesseritSide, sv{"Advisors"}, sv{"Fighters"});
DUNE_ENUM_NAMES(FlipOccasion, sv{"Wartime"}, sv{"Intrusion"}, sv{"TakeUpArms"}, sv{"NexusCunning"});
DUNE_ENUM_NAMES(NexusModuleMode, sv{"Off"}, sv{"Audit"}, sv{"Released"});
DUNE_ENUM_NAMES(HmsSpice, sv{"Off"}, sv{"PerStep"}, sv{"PerVisit"});
DUNE_ENUM_NAMES(RejectCode, sv{"StaleVersion"}, sv{"DuplicateCommandId"}, sv{"UnknownSeat"}, sv{"NotYourTurn"},
                sv{"WrongPhase"}, sv{"ChancePending"}, sv{"GameOver"}, sv{"IllegalChoice"},
                sv{"InsufficientSpice"}, sv{"HandFull"}, sv{"StormBlocked"}, sv{"OccupancyLimit"},
                sv{"NotAdjacent"}, sv{"NotEnoughForces"}, sv{"NotImplemented"});
DUNE_ENUM_NAMES(VoiceSubject, sv{"ProjectileWeapon"}, sv{"PoisonWeapon"}, sv{"ProjectileDefense"}, sv{"PoisonDefense"},
                sv{"Worthless"}, sv{"CheapHero"}, sv{"Lasgun"});
DUNE_ENUM_NAMES(RedrawPolicy, sv{"KeepAny"}, sv{"RedrawOwnOnce"}, sv{"RedrawOwnAlways"});
DUNE_ENUM_NAMES(KaramaAbility, sv{"GuildPaymentForShipment"}, sv{"HalfPriceShipping"}, sv{"EmperorPaymentForTreachery"},
                sv{"HarkonnenTopCard"}, sv{"BeneGesseritCharity"}, sv{"OffPlanetShipment"},
                sv{"HarkonnenCapturedLeaders"}, sv{"GuildCrossShip"}, sv{"GuildShipToReserves"},
                sv{"GuildShipAsItPleases"}, sv{"EmperorAllyRevivals"}, sv{"AtreidesPrescience"}, sv{"BeneGesseritVoice"},
                // the Fremen ✷ abilities (issue 16)
                sv{"FremenMovement"}, sv{"FremenStormMigration"}, sv{"FremenSandworms"}, sv{"FremenAllyFreeRevival"},
                sv{"FremenShaiHulud"}, sv{"FremenAllyWormProtection"}, sv{"FremenStormLosses"},
                sv{"BeneGesseritSpiritualAdvisors"}, sv{"BeneGesseritIntrusion"}, sv{"BeneGesseritTakeUpArms"},
                sv{"BeneGesseritWartime"}, sv{"BeneGesseritWorthlessKarama"},
                sv{"TleilaxuAllyRevivalDiscount"}, sv{"TleilaxuRevivalIncome"},
                sv{"TleilaxuRevivalDiscount"}, sv{"TleilaxuRaisedRevivalLimits"}, sv{"TleilaxuEarlyLeaderRevival"},
                sv{"TleilaxuFaceDancerReplacement"}, sv{"IxiansHmsMovement"}, sv{"IxiansCyborgMovement"},
                sv{"IxiansBiddingSelection"}, sv{"IxiansTechnology"},
                sv{"IxiansCyborgBonus"}, sv{"IxiansLossSubstitution"}, sv{"TleilaxuGholaRevival"});
DUNE_ENUM_NAMES(KaramaPower, sv{"EmperorRevival"}, sv{"HarkonnenHand"}, sv{"GuildShipment"},
                sv{"AtreidesBattlePlan"}, sv{"FremenWorm"}, sv{"TleilaxuRevivalPrevention"}, sv{"IxiansHmsMovement"});
DUNE_ENUM_NAMES(NexusMode, sv{"Betrayal"}, sv{"Cunning"}, sv{"SecretAlly"});
DUNE_ENUM_NAMES(TechTokenKind, sv{"AxlotlTanks"}, sv{"Heighliners"}, sv{"SpiceProduction"});
DUNE_ENUM_NAMES(PlanElement, sv{"Leader"}, sv{"Weapon"}, sv{"Defense"}, sv{"Dial"});
DUNE_ENUM_NAMES(BattleStage, sv{"None"}, sv{"Choose"}, sv{"Voice"}, sv{"Prescience"}, sv{"PrescienceAnswer"},
                sv{"Plans"}, sv{"Traitors"}, sv{"Capture"}, sv{"FaceDancer"}, sv{"NexusBetrayal"}, sv{"NexusSecretAlly"}, sv{"NexusAnswer"},
                sv{"WinnerLosses"}, sv{"WinnerCards"}, sv{"KaramaPlanAnswer"}, sv{"PoisonTooth"}, sv{"WinnerTechToken"});
#undef DUNE_ENUM_NAMES

template <class E>
std::string_view name_of(E e) {
  return EnumNames<E>::names[static_cast<std::size_t>(e)];
}
// Territories go by their printed names ("Sietch Tabr").
inline std::string_view name_of(TerritoryId t) { return territory_info(t).name; }

template <class E>
std::optional<E> enum_from_name(std::string_view s) {
  const auto& names = EnumNames<E>::names;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == s) return static_cast<E>(i);
  }
  if constexpr (std::is_same_v<E, Faction>) return faction_from_string(s);  // "Bene Gesserit", "guild"
  return std::nullopt;
}
inline std::optional<TerritoryId> territory_from_name(std::string_view s) {
  for (std::size_t i = 0; i < kTerritoryCount; ++i) {
    if (territory_info(territory_at(i)).name == s) return territory_at(i);
  }
  return std::nullopt;
}

// An Advanced Bene Gesserit flip window (MovementState::flip_window): snapshots and views alike.
inline json flip_window_json(const std::optional<FlipWindow>& w) {
  if (!w) return json(nullptr);
  const bool any = any_territory(w->occasion);  // every territory with advisors
  return {{"occasion", name_of(w->occasion)}, {"territory", any ? json(nullptr) : json(name_of(w->territory))}};
}

// A paid shipment a Spacing Guild Nexus Betrayal may take (MovementState::invoice): snapshots and
// views alike (public: a shipment and its payment are).
inline json invoice_json(const std::optional<ShipmentInvoice>& i) {
  if (!i) return json(nullptr);
  return {{"payer", i->payer.value}, {"amount", i->amount.value}, {"payee", i->payee ? json(i->payee->value) : json(nullptr)},
          {"off_planet", i->off_planet}, {"to", i->to.value}};
}

struct JsonFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};
[[noreturn]] inline void fail(const std::string& path, const std::string& what) {
  throw JsonFailure(fmt::format("{}: {}", path, what));
}

// A JSON value together with its path in the document, for error messages.
struct In {
  const json& j;
  std::string path;

  // A member's or an element's path, concatenated: every field read builds one, and fmt::format
  // here was a tenth of the save-load check's time (issue 17, cost).
  std::string child_path(std::string_view name, char open, std::string_view close) const {
    std::string out;
    out.reserve(path.size() + 1 + name.size() + close.size());
    out.append(path).push_back(open);
    out.append(name).append(close);
    return out;
  }
  bool has(std::string_view key) const { return j.is_object() && j.contains(key); }
  // An object whose every key is one of `keys`; else "<path>.<key>: unknown key" (scenario files).
  void only_keys(const std::vector<std::string_view>& keys) const {
    if (!j.is_object()) fail(path, "expected an object");
    for (const auto& [key, value] : j.items()) {
      if (std::find(keys.begin(), keys.end(), key) == keys.end()) fail(fmt::format("{}.{}", path, key), "unknown key");
    }
  }
  In operator[](std::string_view key) const {
    if (!j.is_object()) fail(path, "expected an object");
    const auto it = j.find(key);
    if (it == j.end()) fail(path, fmt::format("missing field \"{}\"", key));
    return In{*it, child_path(key, '.', "")};
  }
  std::vector<In> items() const {
    if (!j.is_array()) fail(path, "expected an array");
    std::vector<In> out;
    for (std::size_t i = 0; i < j.size(); ++i) out.push_back(In{j[i], child_path(std::to_string(i), '[', "]")});
    return out;
  }
  std::vector<In> items(std::size_t exact) const {
    auto out = items();
    if (out.size() != exact) fail(path, fmt::format("expected {} entries, found {}", exact, out.size()));
    return out;
  }
  std::int64_t integer(std::int64_t lo, std::int64_t hi) const {
    if (!j.is_number_integer()) fail(path, "expected an integer");
    const bool too_big = j.is_number_unsigned() && j.get<std::uint64_t>() > static_cast<std::uint64_t>(hi);
    const std::int64_t v = too_big ? hi : j.get<std::int64_t>();
    if (too_big || v < lo || v > hi) fail(path, fmt::format("{} is out of range {}..{}", j.dump(), lo, hi));
    return v;
  }
  std::uint64_t u64() const {
    if (!j.is_number_unsigned()) fail(path, "expected a non-negative integer");
    return j.get<std::uint64_t>();
  }
  std::uint8_t byte(std::size_t count) const {  // an id below `count`
    return static_cast<std::uint8_t>(integer(0, static_cast<std::int64_t>(count) - 1));
  }
  bool boolean() const {
    if (!j.is_boolean()) fail(path, "expected true or false");
    return j.get<bool>();
  }
  std::string string() const {
    if (!j.is_string()) fail(path, "expected a string");
    return j.get<std::string>();
  }
  template <class E>
  E enumeration() const {
    const std::string s = string();
    if (auto e = enum_from_name<E>(s)) return *e;
    fail(path, fmt::format("unknown {} \"{}\"", EnumNames<E>::type, s));
  }
  TerritoryId territory() const {
    const std::string s = string();
    if (auto t = territory_from_name(s)) return *t;
    fail(path, fmt::format("unknown territory \"{}\"", s));
  }
  // A cell: its number, or (scenario files) a one-cell territory's name, or {territory, sector}.
  CellId cell() const {
    if (j.is_number()) return CellId{byte(kCellCount)};
    const TerritoryId t = j.is_string() ? territory() : (*this)["territory"].territory();
    std::optional<std::int64_t> sector;
    if (j.is_object()) only_keys({"territory", "sector"});
    if (j.is_object()) sector = (*this)["sector"].integer(0, kSectorCount - 1);
    std::vector<CellId> found;
    for (std::size_t c = 0; c < kCellCount; ++c) {
      const CellInfo& info = cell_info(cell_at(c));
      if (info.territory == t && (!sector || (info.sector && info.sector->value == *sector))) found.push_back(cell_at(c));
    }
    if (found.size() != 1) fail(path, fmt::format("{} cells of {} match: give its sector", found.size(), name_of(t)));
    return found.front();
  }
};

// Each Advanced rule flag by its JSON name (options_to_json, read_strict_options, scenario files).
inline constexpr std::array<std::pair<std::string_view, bool RuleFlags::*>, 13> kRuleFlagNames{{
    {"advanced_combat", &RuleFlags::advanced_combat},
    {"double_spice_blow", &RuleFlags::double_spice_blow},
    {"fremen_storm_deck", &RuleFlags::fremen_storm_deck},
    {"fremen_storm_losses", &RuleFlags::fremen_storm_losses},
    {"fremen_worm_sending", &RuleFlags::fremen_worm_sending},
    {"special_forces", &RuleFlags::special_forces},
    {"bene_gesserit_advisors", &RuleFlags::bene_gesserit_advisors},
    {"guild_shipment_timing", &RuleFlags::guild_shipment_timing},
    {"harkonnen_capture", &RuleFlags::harkonnen_capture},
    {"kwisatz_haderach", &RuleFlags::kwisatz_haderach},
    {"advanced_karama", &RuleFlags::advanced_karama},
    {"ixians_technology", &RuleFlags::ixians_technology},
    {"tleilaxu_gholas", &RuleFlags::tleilaxu_gholas},
}};
static_assert(sizeof(RuleFlags) == kRuleFlagNames.size() * sizeof(bool), "a rule flag without a JSON name");

// Each optional card set by its JSON name, in the options' "cards" object.
inline constexpr std::array<std::pair<std::string_view, bool CardSets::*>, 6> kCardSetNames{{
    {"e1_poison_blade_shield_snooper", &CardSets::e1_poison_blade_shield_snooper},
    {"e1_amal", &CardSets::e1_amal},
    {"e1_battle", &CardSets::e1_battle},
    {"e1_harvester_thumper", &CardSets::e1_harvester_thumper},
    {"cheap_hero_traitor", &CardSets::cheap_hero_traitor},
    {"e1_tech_tokens", &CardSets::e1_tech_tokens},
}};
static_assert(sizeof(CardSets) == kCardSetNames.size() * sizeof(bool), "a card set without a JSON name");

// Options as options_to_json writes them, every field present, playable by new_game
// (engine/options_json.cpp). Snapshots, event logs and game specs read them so.
Options read_strict_options(const In& in);

// A command as command_from_json reads it, at `in`'s path (scenario steps name their own).
Command read_command(const In& in, bool lenient);

// A Truthtrance answer as {"asker", "answer", "target", "question", subject fields}: the question
// in PlayTruthtrance's own JSON form (snapshots and views).
inline json truthtrance_answer_json(const TruthtranceAnswer& a) {
  json out = command_to_json(Command{question_of(a)});
  out.erase("kind");
  out["asker"] = a.asker.value;
  out["answer"] = a.answer;
  return out;
}
inline TruthtranceAnswer truthtrance_answer_from(const In& in, std::size_t seats) {
  in.only_keys({"asker", "answer", "target", "question", "card", "leader", "faction", "turn", "spice"});
  json question = in.j;
  question.erase("asker");
  question.erase("answer");
  question["kind"] = "PlayTruthtrance";
  const Command c = read_command(In{question, in.path}, false);
  return answer_to(Seat{in["asker"].byte(seats)}, std::get<PlayTruthtrance>(c), in["answer"].boolean());
}

// Runs a reader; its JsonFailure and nlohmann's exceptions become a LoadError (they never escape
// the public API).
template <class F>
auto guarded(F&& f) -> std::variant<decltype(f()), LoadError> {
  try {
    return f();
  } catch (const json_io::JsonFailure& e) {
    return LoadError{e.what()};
  } catch (const json::exception& e) {
    return LoadError{fmt::format("malformed JSON: {}", e.what())};
  }
}

}  // namespace dune::json_io

// Fuzz target: the scenario reader (io/scenario.h parse_scenario) and runner. A scenario that
// parses runs (within a small budget) to a final state that passes check_state, and every failure
// it reports says why. Its start snapshot, if any, passes check_state as well.
#include <algorithm>

#include "fuzz/fuzz_check.h"
#include "io/scenario.h"

namespace {

// An `advance` may ask for up to 100000 commands; the fuzzer's runs stay fast with far fewer.
constexpr int kMaxAdvance = 64;

void check_scenario(std::string_view text, std::string_view where) {
  // No folder: a `start` file name resolves to nothing, so the input alone decides the run.
  auto parsed = dune::parse_scenario(text, "/nonexistent/dunecheck-fuzz");
  if (const auto* e = std::get_if<dune::LoadError>(&parsed)) return dune::fuzz::check_refusal(*e, where);
  dune::Scenario& scenario = std::get<dune::Scenario>(parsed);
  if (scenario.start) dune::fuzz::check_state(*scenario.start, fmt::format("{}: the start snapshot", where));
  for (dune::ScenarioStep& step : scenario.steps) {
    step.save.clear();  // the fuzzer's input never writes a file
    if (step.advance) step.advance->max_commands = std::min(step.advance->max_commands, kMaxAdvance);
  }
  const dune::ScenarioRun run = dune::run_scenario(scenario);
  for (const std::string& failure : run.failures) {
    dune::fuzz::check(!failure.empty(), fmt::format("{}: a failure with an empty message", where));
  }
  dune::fuzz::check_state(run.final_state, fmt::format("{}: the final state", where));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dune::fuzz::text_of(data, size);
  dune::fuzz::guarded("scenario", [&] {
    check_scenario(text, "scenario");
    // An inline start snapshot: its digest recomputed, so the fuzzer reaches the state reader.
    if (dune::json_text_out_of_bounds(text)) return;
    nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object() || !doc.contains("start") || !doc["start"].is_object()) return;
    if (const auto fixed = dune::fuzz::with_digest_fixed(doc["start"].dump(), "state")) {
      doc["start"] = nlohmann::json::parse(*fixed);
      check_scenario(doc.dump(), "scenario (start digest fixed)");
    }
  });
  return 0;
}

// Fuzz target: the counterexample reader (harness/replay_file.h counterexample_from_json). A file
// that reads writes back as the same document; its staged start, if any, passes check_state; and
// its game, replayed under every checker for a few choices, ends in a state that passes it too.
#include <algorithm>

#include "fuzz/fuzz_check.h"
#include "harness/replay_file.h"

namespace {

// Every checker runs after every step, noninterference included: a few dozen choices keep a run
// in tens of milliseconds.
constexpr std::size_t kMaxChoices = 24;

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dune::fuzz::text_of(data, size);
  dune::fuzz::guarded("counterexample", [&] {
    if (dune::json_text_out_of_bounds(text)) return;  // as the CLI does before it parses
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    auto parsed = dune::harness::counterexample_from_json(doc);
    if (const auto* e = std::get_if<std::string>(&parsed)) {
      return dune::fuzz::check(!e->empty(), "counterexample: refused with an empty message");
    }
    dune::harness::Counterexample& c = std::get<dune::harness::Counterexample>(parsed);
    const nlohmann::json written = dune::harness::counterexample_to_json(c);
    auto back = dune::harness::counterexample_from_json(written);
    if (const auto* e = std::get_if<std::string>(&back)) {
      dune::fuzz::fail(fmt::format("counterexample: its own document does not read: {}", *e));
    }
    dune::fuzz::check(dune::harness::counterexample_to_json(std::get<dune::harness::Counterexample>(back)) == written,
                      "counterexample: read(write(c)) writes a different document");
    if (c.start) dune::fuzz::check_state(c.start->state, "counterexample: the staged start");
    c.choices.resize(std::min(c.choices.size(), kMaxChoices));
    const dune::harness::RunResult run = dune::harness::run_counterexample(c);
    dune::fuzz::check_state(run.final_state, "counterexample: the final state");
  });
  return 0;
}

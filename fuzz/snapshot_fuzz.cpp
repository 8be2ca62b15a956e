// Fuzz target: the snapshot reader (io/persistence.h load_snapshot). A snapshot that loads passes
// check_state (load(save(s)) == s, every view projects), and its own log, replayed from its
// options, either is refused with a reason or reaches a state that passes check_state too.
#include "fuzz/fuzz_check.h"

namespace {

void check_snapshot(std::string_view text, std::string_view where) {
  auto loaded = dune::load_snapshot(text);
  if (const auto* e = std::get_if<dune::LoadError>(&loaded)) return dune::fuzz::check_refusal(*e, where);
  const dune::GameState& s = std::get<dune::GameState>(loaded);
  dune::fuzz::check_state(s, where);
  (void)dune::fuzz::replay_checked(s.options, s.log.to_vector(), fmt::format("{}: its log", where));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  return dune::fuzz::as_is_and_digest_fixed(data, size, "snapshot", "state", check_snapshot);
}

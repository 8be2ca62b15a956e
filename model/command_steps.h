// Which steps accept which command kinds and what each kind may do, derived from the one
// descriptor each kind carries (model/commands.h, `kInfo`). The engine rejects a command whose
// kind its step does not accept before any rule runs, and proofs/command_step_proofs.cpp proves
// every kind is accepted somewhere and every step can end.
#pragma once

#include <string_view>
#include <variant>

#include "model/commands.h"
#include "model/steps.h"

namespace dune {

template <class C>
inline constexpr StepMask kAcceptedAt = C::kInfo.steps;

// Commands that may end a seat's part in a step (everything but at-any-time plays and standing choices).
template <class C>
inline constexpr bool kProgresses = C::kInfo.klass == CommandClass::Step;

constexpr bool is_standing_command(const Command& c) { return command_info(c).klass == CommandClass::Standing; }
constexpr bool is_any_time_command(const Command& c) { return command_info(c).klass == CommandClass::AnyTime; }

namespace command_detail {
// No two kinds share a JSON kind or a public label; at-any-time and standing kinds are live everywhere.
constexpr bool descriptors_consistent() {
  std::array<CommandInfo, std::variant_size_v<Command>> all{};
  std::size_t n = 0;
  for_each_command_kind([&](auto kind) { all[n++] = decltype(kind)::type::kInfo; });
  for (std::size_t i = 0; i < n; ++i) {
    if (all[i].kind.empty() || all[i].label.empty() || all[i].steps.empty()) return false;
    if (all[i].klass != CommandClass::Step && all[i].steps != kLiveSteps) return false;
    for (std::size_t j = i + 1; j < n; ++j) {
      if (all[i].kind == all[j].kind || all[i].label == all[j].label) return false;
    }
  }
  return true;
}
}  // namespace command_detail
static_assert(command_detail::descriptors_consistent(),
              "each command kind has a unique JSON kind and label, and accepts somewhere (model/commands.h)");

}  // namespace dune

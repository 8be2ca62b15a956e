// Compile-time proofs over the command/step table (model/command_steps.h). Passes if it compiles.
#include <utility>

#include "model/command_steps.h"

namespace dune::proofs {
namespace {

template <std::size_t... I>
constexpr bool every_kind_accepted_somewhere(std::index_sequence<I...>) {
  return (!kAcceptedAt<std::variant_alternative_t<I, Command>>.empty() && ...);
}

// A step that waits for seats accepts at least one command that makes progress.
template <std::size_t... I>
constexpr bool progress_possible(Step step, std::index_sequence<I...>) {
  return ((kProgresses<std::variant_alternative_t<I, Command>> &&
           kAcceptedAt<std::variant_alternative_t<I, Command>>.contains(step)) || ...);
}

constexpr bool every_step_can_end() {
  constexpr auto kinds = std::make_index_sequence<std::variant_size_v<Command>>{};
  for (std::size_t i = 0; i + 1 < kStepCount; ++i) {
    const Step step = static_cast<Step>(i);
    if (!kAutomaticSteps.contains(step) && !progress_possible(step, kinds)) return false;
  }
  return true;
}

static_assert(every_kind_accepted_somewhere(std::make_index_sequence<std::variant_size_v<Command>>{}),
              "every command kind is accepted in some step (model/command_steps.h)");
static_assert(every_step_can_end(),
              "every step that waits for seats accepts a command that makes progress (or is automatic)");
static_assert(!kAcceptedAt<Predict>.contains(Step::Bidding), "a prediction is made in setup only");

}  // namespace
}  // namespace dune::proofs

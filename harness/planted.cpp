#include "harness/planted.h"

#include <fmt/format.h>

#include <array>

namespace dune::harness {
namespace {

invariants::Violations big_bid(const invariants::Transition& t, const invariants::GameContext&) {
  const auto* e = std::get_if<Envelope>(&t.entry);
  const auto* bid = e ? std::get_if<Bid>(&e->command) : nullptr;
  if (!bid || bid->amount.value <= kPlantedBidLimit) return {};
  return {{"planted.big-bid", fmt::format("a bid of {} was accepted (the planted limit is {})", bid->amount.value,
                                          kPlantedBidLimit)}};
}

constexpr std::array kPlanted{invariants::Checker{"planted.big-bid", "planted",
                                                  "fails when a bid above 5 spice is accepted (harness self-test)", big_bid}};

}  // namespace

std::span<const invariants::Checker> planted_big_bid() { return kPlanted; }

}  // namespace dune::harness

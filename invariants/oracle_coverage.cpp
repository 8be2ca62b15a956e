#include "invariants/oracle_coverage.h"

#include <variant>

#include "engine/json_io.h"
#include "invariants/oracle_support.h"

namespace dune::invariants {
namespace {

constexpr std::size_t kCommandKinds = std::variant_size_v<Command>;
constexpr std::size_t kChanceKinds = json_io::EnumNames<ChanceKind>::names.size();

struct Current {
  OracleCoverage* into = nullptr;
  std::size_t kind = 0;
};
thread_local Current g_current;

}  // namespace

std::size_t step_kind_count() { return kCommandKinds + kChanceKinds; }

std::size_t step_kind(const LogEntry& e) {
  if (const auto* env = std::get_if<Envelope>(&e)) return env->command.index();
  return kCommandKinds + static_cast<std::size_t>(std::get<ChanceRecord>(e).request.kind);
}

std::string_view step_kind_name(std::size_t kind) {
  if (kind >= kCommandKinds) return json_io::EnumNames<ChanceKind>::names[kind - kCommandKinds];
  std::string_view out;
  std::size_t i = 0;
  for_each_command_kind([&](auto type) {
    if (i++ == kind) out = decltype(type)::type::kInfo.kind;
  });
  return out;
}

bool step_kind_is_chance(std::size_t kind) { return kind >= kCommandKinds; }

std::span<const std::string_view> oracle_names() { return oracle_detail::kNames; }

OracleCoverage::OracleCoverage()
    : kinds_(step_kind_count()),
      decided_(oracle_detail::kOracleCount * kinds_, 0),
      skipped_(oracle_detail::kOracleCount * kinds_, 0),
      steps_(kinds_, 0) {}

void OracleCoverage::count(std::size_t oracle, std::size_t kind, bool decided) {
  ++(decided ? decided_ : skipped_)[oracle * kinds_ + kind];
}

OracleCoverage& OracleCoverage::operator+=(const OracleCoverage& other) {
  for (std::size_t i = 0; i < decided_.size(); ++i) {
    decided_[i] += other.decided_[i];
    skipped_[i] += other.skipped_[i];
  }
  for (std::size_t k = 0; k < kinds_; ++k) steps_[k] += other.steps_[k];
  return *this;
}

OracleCoverageScope::OracleCoverageScope(OracleCoverage& into, const LogEntry& entry) {
  g_current = Current{&into, step_kind(entry)};
  into.count_step(g_current.kind);
}

OracleCoverageScope::~OracleCoverageScope() { g_current = Current{}; }

void note_oracle_case(std::size_t oracle, bool decided) {
  if (g_current.into) g_current.into->count(oracle, g_current.kind, decided);
}

}  // namespace dune::invariants

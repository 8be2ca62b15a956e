// Fuzz target: the command and options readers (engine/json_forms.h command_from_json, strict and
// lenient, and options_from_json), which event logs, scenario files and views build on. A command
// or options that read write back as the same value.
#include "fuzz/fuzz_check.h"

namespace {

void check_command(const nlohmann::json& doc, bool lenient) {
  const char* mode = lenient ? "command (lenient)" : "command";
  auto read = dune::command_from_json(doc, lenient);
  if (const auto* e = std::get_if<dune::LoadError>(&read)) return dune::fuzz::check_refusal(*e, mode);
  const dune::Command& c = std::get<dune::Command>(read);
  auto back = dune::command_from_json(dune::command_to_json(c));
  if (const auto* e = std::get_if<dune::LoadError>(&back)) {
    dune::fuzz::fail(fmt::format("{}: its own JSON does not read: {}", mode, e->message));
  }
  dune::fuzz::check(std::get<dune::Command>(back) == c, fmt::format("{}: read(write(c)) differs from c", mode));
  dune::fuzz::check(!dune::to_string(c).empty(), fmt::format("{}: an empty description", mode));
}

void check_options(const nlohmann::json& doc) {
  auto read = dune::options_from_json(doc);
  if (const auto* e = std::get_if<dune::LoadError>(&read)) return dune::fuzz::check_refusal(*e, "options");
  const dune::Options& o = std::get<dune::Options>(read);
  auto back = dune::options_from_json(dune::options_to_json(o));
  if (const auto* e = std::get_if<dune::LoadError>(&back)) {
    dune::fuzz::fail(fmt::format("options: its own JSON does not read: {}", e->message));
  }
  dune::fuzz::check(std::get<dune::Options>(back) == o, "options: read(write(o)) differs from o");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dune::fuzz::text_of(data, size);
  dune::fuzz::guarded("json_forms", [&] {
    if (dune::json_text_out_of_bounds(text)) return;
    const nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (doc.is_discarded()) return;
    check_command(doc, false);
    check_command(doc, true);
    check_options(doc);
  });
  return 0;
}

// Fuzz target: the campaign reader (reports/report_json.h read_json, the input of `dunecheck
// report --merge` and of the gate record). A campaign that reads writes back as the same result,
// and renders as Markdown, HTML and JUnit XML without throwing.
#include "fuzz/fuzz_check.h"
#include "reports/report.h"
#include "reports/report_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = dune::fuzz::text_of(data, size);
  dune::fuzz::guarded("campaign", [&] {
    auto read = dune::reports::read_json(text);
    if (const auto* e = std::get_if<dune::reports::ReportError>(&read)) {
      return dune::fuzz::check(!e->message.empty(), "campaign: refused with an empty message");
    }
    const dune::reports::CampaignResult& r = std::get<dune::reports::CampaignResult>(read);
    auto back = dune::reports::read_json(dune::reports::write_json(r));
    if (const auto* e = std::get_if<dune::reports::ReportError>(&back)) {
      dune::fuzz::fail(fmt::format("campaign: its own JSON does not read: {}", e->message));
    }
    dune::fuzz::check(std::get<dune::reports::CampaignResult>(back) == r, "campaign: read(write(r)) differs from r");
    (void)dune::reports::render_markdown(r);
    (void)dune::reports::render_html(r);
    (void)dune::reports::render_junit(r);
    (void)dune::reports::verdict_lines(r);
  });
  return 0;
}

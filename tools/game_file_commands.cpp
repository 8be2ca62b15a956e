// view, replay and scenario: not written yet (issue "Projections, knowledge, persistence and
// scenario files"); registered here so the CLI lists nothing it cannot do.
#include "tools/commands.h"

namespace dune::cli {

void add_game_file_commands(CLI::App&) {}

}  // namespace dune::cli

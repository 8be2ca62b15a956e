#include "tools/commands.h"

namespace dune::cli {

void add_play_command(CLI::App&) {}

}  // namespace dune::cli

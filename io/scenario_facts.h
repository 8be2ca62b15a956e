// Internal to io/: the named facts a scenario step may expect and its assertions on views (README
// "Scenario files" lists them), read from the scenario file and checked against a state. One table
// names each fact, its arguments and the JSON form of its value.
#pragma once

#include "engine/json_io.h"
#include "io/scenario.h"

namespace dune::scenario_io {

// A seat by its faction's name or by its number; a faction not seated is an error at `in`'s path.
Seat read_seat(const json_io::In& in, const Options& o);

// One expectation ({"fact": ..., "equals": ..., its arguments} or {"view": ..., "pointer": ...});
// an unknown fact, argument or name, or a bad pointer, is an error naming its path.
Fact read_fact(const json_io::In& in, const Options& o);

}  // namespace dune::scenario_io

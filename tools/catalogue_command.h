// `dunecheck catalogue`: the census of every component kind per expansion, the board counts and
// the Nexus panel table, as text or JSON.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "model/catalogue.h"

namespace dune::cli {

nlohmann::json catalogue_json(const CatalogueOptions& options);
std::string catalogue_text(const nlohmann::json& catalogue);

}  // namespace dune::cli

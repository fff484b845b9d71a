// Minimal JSON writing: plot options and run metadata are stored in result files as JSON
// so that the Python plotting code reads them without a YAML parser.
#pragma once
#include <string>

namespace YAML { class Node; }

namespace dplab {

std::string json_quote(const std::string& s);
// Mappings become objects, sequences arrays; scalars that read as numbers or booleans become
// numbers or booleans, the rest strings.
std::string yaml_to_json(const YAML::Node& n);

}  // namespace dplab

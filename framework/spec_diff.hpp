// What changed between the spec a result was run with (its effective YAML, stored in the result
// file) and the spec run now, among the fields that key a result (result_keys()): a refusal to
// resume says which fields differ instead of only that two hashes do.
#pragma once
#include <string>
#include <vector>

namespace dplab {

// One line per differing field, e.g. "sweep.eps ([0.1, 0.5] in the file, [0.1, 0.5, 1] now)",
// at most `limit` of them (then "... and N more"). Empty when the key fields are the same, or
// when either text is not valid YAML.
std::vector<std::string> result_field_differences(const std::string& stored_yaml, const std::string& current_yaml,
                                                  std::size_t limit = 5);

}  // namespace dplab

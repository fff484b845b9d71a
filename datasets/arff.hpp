// Weka ARFF files of numeric points with an optional nominal class (the wavecluster authors'
// DS1-DS3 are stored this way). Only what those files use is supported, and anything else is an
// error naming the file and line: `%` comments, `@relation`, `@attribute <name> numeric|real|
// integer`, at most one nominal `@attribute <name> {a,b,...}` as the last attribute, `@data`,
// then one comma-separated instance per line (no quoting, no sparse rows, no missing `?`).
#pragma once
#include <string>
#include <string_view>

#include "datasets/dataset.hpp"

namespace dplab {

// The numeric attributes become the coordinates; the nominal class, when present, becomes the
// 0-based label in the order its values are declared ({C1,C2,...} -> 0, 1, ...).
PointSet parse_arff_points(std::string_view text, const std::string& file);

}  // namespace dplab

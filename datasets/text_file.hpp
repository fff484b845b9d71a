// Reads a whole data file into memory, gunzipping it when it is gzip-compressed.
#pragma once
#include <string>

namespace dplab {

std::string read_text_file(const std::string& path);

}  // namespace dplab

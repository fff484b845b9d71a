// A researcher's own data file, named in a spec without any C++:
//
//   dataset: {file: my.csv, kind: points, header: true, label_column: 3}
//
// The file becomes a catalogue entry of its own (registered when the spec is read), so it goes
// through the same path as the catalogue's files: its sha256 is checked when it loads (and
// recorded in the result file's spec, which makes a changed file a different spec), its options
// are declared parameters validated before any trial runs, and every parse error names the file,
// the line and the field (datasets/parse.hpp).
//
// Formats (values separated by spaces, tabs or commas; blank lines skipped; '#' starts a comment
// line):
//   points        one point per line, the same number of coordinates on every line; options
//                 header (skip the first line), label_column (1-based column of integer ground-truth
//                 labels, taken out of the coordinates; 0: none)
//   histogram     one non-negative count per line; option header
//   transactions  one record per line: its items as non-negative integer ids (repeats merge);
//                 options header, items (the number of possible items; 0: the largest id + 1)
#pragma once
#include <string>
#include <vector>

namespace dplab {

// The kinds a user file may have, as a spec names them.
const std::vector<std::string>& user_file_kinds();

struct UserFile {
  std::string name;    // its catalogue name, "file:<absolute path>#<kind>@<sha256 prefix>"
  std::string path;    // absolute
  std::string sha256;
};

// Registers `path` (absolute) as a catalogue entry of kind `kind` (one of user_file_kinds())
// and returns it. `expected_sha256`, when not empty, must match the file's. Throws an Error
// (without location: the caller adds the spec's file, line and field) when the file is missing,
// the kind unknown or the checksum different.
UserFile register_user_file(const std::string& path, const std::string& kind, const std::string& expected_sha256);

}  // namespace dplab

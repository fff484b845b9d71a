// SHA-256 of data files (OpenSSL), verified once per file and remembered: a file whose path,
// size and modification time are unchanged since its last successful check is not hashed
// again. The record lives in $XDG_CACHE_HOME/dplab/verified.tsv (or ~/.cache/dplab/), since
// the data root may be read-only.
#pragma once
#include <string>

namespace dplab {

std::string sha256_file(const std::string& path);
// True when the file's sha256 equals `expected` (lower-case hex), using the remembered result
// when the file has not changed.
bool verify_sha256(const std::string& path, const std::string& expected);
// Where verifications are remembered (for tests and `dplab datasets verify`).
std::string verified_cache_path();

}  // namespace dplab

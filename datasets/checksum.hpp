// SHA-256 of data files (OpenSSL), verified once per file and remembered: a file whose path,
// device, inode, size, modification time and status-change time (ctime) are all unchanged since
// its last successful check is not hashed again. ctime cannot be set back by a user (touch -d
// restores mtime only), so a same-size edit with the old mtime restored is still re-hashed. The
// record lives in $XDG_CACHE_HOME/dplab/verified.tsv (or ~/.cache/dplab/), since the data root
// may be read-only; it keeps the latest record per file, so it does not grow without bound.
#pragma once
#include <string>

namespace dplab {

std::string sha256_file(const std::string& path);
// True when the file's sha256 equals `expected` (lower-case hex), using the remembered result
// when the file has not changed.
bool verify_sha256(const std::string& path, const std::string& expected);
// Where verifications are remembered (for tests and `dplab datasets verify`).
std::string verified_cache_path();
// With `full`, every verification re-hashes the file, trusting nothing remembered
// (`dplab datasets verify --full`); the results are remembered afresh.
void set_full_verification(bool full);

}  // namespace dplab

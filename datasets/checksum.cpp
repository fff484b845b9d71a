#include "datasets/checksum.hpp"

#include <openssl/evp.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <vector>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace dplab {

std::string sha256_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error(path + ": cannot open for reading");
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx(EVP_MD_CTX_new(), EVP_MD_CTX_free);
  if (!ctx || EVP_DigestInit_ex(ctx.get(), EVP_sha256(), nullptr) != 1)
    throw Error("sha256: cannot initialise OpenSSL digest");
  std::vector<char> buf(1 << 20);
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    if (in.gcount() > 0) EVP_DigestUpdate(ctx.get(), buf.data(), static_cast<std::size_t>(in.gcount()));
  }
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_DigestFinal_ex(ctx.get(), md, &len);
  std::string hex;
  char b[3];
  for (unsigned int i = 0; i < len; ++i) {
    std::snprintf(b, sizeof b, "%02x", md[i]);
    hex += b;
  }
  return hex;
}

std::string verified_cache_path() {
  if (const char* x = std::getenv("XDG_CACHE_HOME"); x && *x) return (fs::path(x) / "dplab" / "verified.tsv").string();
  if (const char* h = std::getenv("HOME"); h && *h) return (fs::path(h) / ".cache" / "dplab" / "verified.tsv").string();
  return (fs::temp_directory_path() / "dplab-verified.tsv").string();
}

namespace {

std::mutex g_cache_mutex;
bool g_full = false;
constexpr std::size_t kCompactAbove = 2000;  // records; then keep the latest per file

// "path dev inode size mtime_ns ctime_ns" identifies one version of a file.
std::string identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return "";
  auto ns = [](const struct timespec& t) { return static_cast<long long>(t.tv_sec) * 1000000000LL + t.tv_nsec; };
  std::ostringstream os;
  os << fs::absolute(path).string() << '\t' << st.st_dev << '\t' << st.st_ino << '\t' << st.st_size << '\t'
     << ns(st.st_mtim) << '\t' << ns(st.st_ctim);
  return os.str();
}

std::string path_of(const std::string& record) { return record.substr(0, record.find('\t')); }

// Appends a record; past kCompactAbove records, rewrites the cache with the latest record of
// each file (atomically: a temporary file renamed over it).
void remember(const std::string& cache, const std::string& record) {
  std::error_code ec;
  fs::create_directories(fs::path(cache).parent_path(), ec);
  std::vector<std::string> lines;
  {
    std::ifstream in(cache);
    for (std::string line; std::getline(in, line);) lines.push_back(line);
  }
  if (lines.size() < kCompactAbove) {
    std::ofstream(cache, std::ios::app) << record << '\n';  // best effort: an unwritable cache only costs time
    return;
  }
  lines.push_back(record);
  std::map<std::string, std::size_t> latest;
  for (std::size_t i = 0; i < lines.size(); ++i) latest[path_of(lines[i])] = i;
  const std::string tmp = cache + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(tmp);
    for (std::size_t i = 0; i < lines.size(); ++i)
      if (latest[path_of(lines[i])] == i) out << lines[i] << '\n';
    if (!out) return;
  }
  fs::rename(tmp, cache, ec);
  if (ec) fs::remove(tmp, ec);
}

}  // namespace

void set_full_verification(bool full) { g_full = full; }

bool verify_sha256(const std::string& path, const std::string& expected) {
  std::lock_guard<std::mutex> lock(g_cache_mutex);
  const std::string id = identity(path);
  const std::string record = id + '\t' + expected;
  const std::string cache = verified_cache_path();
  if (!g_full) {
    std::ifstream in(cache);
    for (std::string line; std::getline(in, line);)
      if (line == record) return true;
  }
  if (sha256_file(path) != expected) return false;
  remember(cache, record);
  return true;
}

}  // namespace dplab

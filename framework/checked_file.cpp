#include "framework/checked_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>

#include "core/error.hpp"
#include "framework/replace_file.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

const char kMagic[] = "DPLAB-RESULT\n";
const unsigned char kHdf5Signature[8] = {0x89, 'H', 'D', 'F', '\r', '\n', 0x1a, '\n'};

std::string errno_text() { return std::strerror(errno); }

// Closes a descriptor on scope exit unless released.
struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

// The CRC-32 (zlib's) of `size` bytes read from fd at `offset`; throws on a short read.
unsigned long crc_of(int fd, off_t offset, std::size_t size, const std::string& path) {
  std::vector<unsigned char> buf(1 << 20);
  uLong crc = crc32(0L, Z_NULL, 0);
  std::size_t done = 0;
  while (done < size) {
    const std::size_t want = std::min(buf.size(), size - done);
    const ssize_t got = ::pread(fd, buf.data(), want, offset + static_cast<off_t>(done));
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) throw Error(path + ": cannot read back what was written (" + (got < 0 ? errno_text() : "short file") + ")");
    crc = crc32(crc, buf.data(), static_cast<uInt>(got));
    done += static_cast<std::size_t>(got);
  }
  return crc;
}

void write_all(int fd, const char* data, std::size_t size, off_t offset, const std::string& path) {
  std::size_t done = 0;
  while (done < size) {
    const ssize_t n = ::pwrite(fd, data + done, size - done, offset + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw Error(path + ": " + (n < 0 ? errno_text() : "nothing written"));
    done += static_cast<std::size_t>(n);
  }
}

std::string header_text(std::size_t total, unsigned long crc) {
  char buf[128];
  std::snprintf(buf, sizeof buf, "%sformat 2\nbytes %zu\ncrc32 %08lx\n", kMagic, total, crc);
  return buf;
}

}  // namespace

void write_checked(const std::string& path, const std::function<void(const std::string&)>& produce) {
  replace_file(path, [&](const std::string& tmp) {
    produce(tmp);
    Fd f;
    f.fd = ::open(tmp.c_str(), O_RDWR);
    if (f.fd < 0) throw Error(path + ": cannot reopen the new result (" + errno_text() + ")");
    struct stat st {};
    if (::fstat(f.fd, &st) != 0) throw Error(path + ": cannot stat the new result (" + errno_text() + ")");
    const auto total = static_cast<std::size_t>(st.st_size);
    if (total < kCheckedHeaderSize) throw Error(path + ": the new result is truncated (" + std::to_string(total) + " bytes)");
    // Reading every byte back for the CRC also proves they reached the file.
    const unsigned long crc = crc_of(f.fd, kCheckedHeaderSize, total - kCheckedHeaderSize, path);
    std::string header = header_text(total, crc);
    header.resize(kCheckedHeaderSize, '\0');
    write_all(f.fd, header.data(), header.size(), 0, path);
    const int fd = f.fd;
    f.fd = -1;
    if (::close(fd) != 0) throw Error(path + ": cannot close the new result (" + errno_text() + ")");
  });
}

namespace {

// The first 16 bytes of `path` (zeros past its end or when it cannot be read).
std::array<char, 16> first_bytes(const std::string& path) {
  std::array<char, 16> buf{};
  Fd f;
  f.fd = ::open(path.c_str(), O_RDONLY);
  if (f.fd >= 0 && ::read(f.fd, buf.data(), buf.size()) < 0) buf.fill(0);
  return buf;
}

}  // namespace

bool looks_checked_or_hdf5(const std::string& path) {
  const auto buf = first_bytes(path);
  return std::memcmp(buf.data(), kMagic, std::strlen(kMagic)) == 0 || std::memcmp(buf.data(), kHdf5Signature, 8) == 0;
}

bool looks_unframed_hdf5(const std::string& path) {
  return std::memcmp(first_bytes(path).data(), kHdf5Signature, 8) == 0;
}

CheckedImage read_checked(const std::string& path, const std::string& what) {
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) throw Error(path + ": no such " + what);
  Fd f;
  f.fd = ::open(path.c_str(), O_RDONLY);
  if (f.fd < 0) throw Error(path + ": cannot open " + what + " (" + errno_text() + ")");
  struct stat st {};
  if (::fstat(f.fd, &st) != 0) throw Error(path + ": cannot stat " + what + " (" + errno_text() + ")");
  CheckedImage img;
  img.bytes.resize(static_cast<std::size_t>(st.st_size));
  std::size_t done = 0;
  while (done < img.bytes.size()) {
    const ssize_t n = ::read(f.fd, img.bytes.data() + done, img.bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw Error(path + ": cannot read " + what + " (" + (n < 0 ? errno_text() : "file shrank") + ")");
    done += static_cast<std::size_t>(n);
  }
  const auto& b = img.bytes;
  if (b.size() >= 8 && std::memcmp(b.data(), kHdf5Signature, 8) == 0) {
    img.legacy = true;  // format 1: written before checked files existed
    return img;
  }
  if (b.size() < kCheckedHeaderSize || std::memcmp(b.data(), kMagic, std::strlen(kMagic)) != 0)
    throw Error(path + ": not a dplab " + what + " (no DPLAB-RESULT header)");
  std::size_t total = 0;
  unsigned long crc = 0;
  int format = 0;
  const std::string header(b.data(), strnlen(b.data(), kCheckedHeaderSize));
  // The rest of the header block is zeros as written: a flipped bit there is damage too (the
  // CRC covers only what follows the block).
  if (std::any_of(b.begin() + static_cast<long>(header.size()), b.begin() + static_cast<long>(kCheckedHeaderSize),
                  [](char c) { return c != '\0'; }))
    throw Error(path + ": damaged " + what + " (header block)");
  if (std::sscanf(header.c_str() + std::strlen(kMagic), "format %d\nbytes %zu\ncrc32 %lx\n", &format, &total, &crc) != 3)
    throw Error(path + ": damaged " + what + " (unreadable header)");
  if (format != 2) throw Error(path + ": " + what + " of format " + std::to_string(format) + ", which this dplab cannot read");
  if (total != b.size())
    throw Error(path + ": damaged " + what + " (" + std::to_string(b.size()) + " bytes, the header says " +
                std::to_string(total) + ": truncated or extended)");
  uLong actual = crc32(0L, Z_NULL, 0);
  for (std::size_t off = kCheckedHeaderSize; off < b.size(); off += 1u << 30) {
    const std::size_t len = std::min<std::size_t>(1u << 30, b.size() - off);
    actual = crc32(actual, reinterpret_cast<const Bytef*>(b.data() + off), static_cast<uInt>(len));
  }
  if (actual != crc) {
    char msg[96];
    std::snprintf(msg, sizeof msg, " (checksum mismatch: CRC-32 %08lx, the header says %08lx)", static_cast<unsigned long>(actual), crc);
    throw Error(path + ": damaged " + what + msg);
  }
  return img;
}

}  // namespace dplab

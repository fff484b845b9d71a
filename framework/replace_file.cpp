#include "framework/replace_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <mutex>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

std::string temporary_of(const std::string& path, long pid) { return path + ".tmp." + std::to_string(pid); }

// ---- temporaries removed when a signal ends the process ----
// Fixed storage: a signal handler may only call async-signal-safe functions (unlink, raise).
constexpr int kSlots = 16;
constexpr std::size_t kPathMax = 4096;
std::atomic<int> g_slot_state[kSlots];  // 0 free, 1 being filled, 2 holds a temporary's path
char g_slot_path[kSlots][kPathMax];

void remove_temporaries_and_die(int sig) {
  for (int i = 0; i < kSlots; ++i)
    if (g_slot_state[i].load() == 2) ::unlink(g_slot_path[i]);
  ::signal(sig, SIG_DFL);
  ::raise(sig);
}

// Only where nobody else handles the signal (the runner has its own SIGINT/SIGTERM handling,
// which ends in an exception and so in the removal below).
void install_handlers_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int sig : {SIGINT, SIGTERM, SIGHUP}) {
      struct sigaction old {};
      if (::sigaction(sig, nullptr, &old) != 0 || old.sa_handler != SIG_DFL) continue;
      struct sigaction sa {};
      sa.sa_handler = remove_temporaries_and_die;
      sigemptyset(&sa.sa_mask);
      ::sigaction(sig, &sa, nullptr);
    }
  });
}

// A temporary known to the signal handler while it exists (a path too long or more than
// kSlots writes at once: then only the next write's stale-temporary sweep removes it).
struct Registered {
  int slot = -1;
  explicit Registered(const std::string& tmp) {
    if (tmp.size() >= kPathMax) return;
    for (int i = 0; i < kSlots; ++i) {
      int expected = 0;
      if (!g_slot_state[i].compare_exchange_strong(expected, 1)) continue;
      std::memcpy(g_slot_path[i], tmp.c_str(), tmp.size() + 1);
      g_slot_state[i].store(2);
      slot = i;
      return;
    }
  }
  ~Registered() {
    if (slot >= 0) g_slot_state[slot].store(0);
  }
};

// Opens `file` (a file or a folder) and fsyncs it; `required` makes a failure an error.
void flush_to_disk(const std::string& file, const std::string& target, bool required) {
  const int fd = ::open(file.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    if (required) throw Error(target + ": cannot reopen the new file (" + std::strerror(errno) + ")");
    return;
  }
  const bool ok = ::fsync(fd) == 0;
  const int err = errno;
  ::close(fd);
  // Some file systems refuse fsync on folders: best effort there.
  if (!ok && required) throw Error(target + ": cannot flush the new file to disk (" + std::strerror(err) + ")");
}

bool process_exists(long pid) { return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM); }

}  // namespace

int remove_stale_temporaries(const std::string& path) {
  const fs::path target(path);
  const fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  const std::string prefix = target.filename().string() + ".tmp.";
  std::error_code ec;
  int removed = 0;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    const std::string name = it->path().filename().string();
    if (name.size() <= prefix.size() || name.compare(0, prefix.size(), prefix) != 0) continue;
    const std::string digits = name.substr(prefix.size());
    if (digits.size() > 9 || digits.find_first_not_of("0123456789") != std::string::npos) continue;
    const long pid = std::stol(digits);
    if (pid == ::getpid() || process_exists(pid)) continue;
    std::error_code rm;
    if (fs::remove_all(it->path(), rm) > 0 && !rm) ++removed;
  }
  return removed;
}

void replace_file(const std::string& path, const std::function<void(const std::string&)>& produce) {
  const fs::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) fs::create_directories(target.parent_path(), ec);
  if (ec) throw Error(path + ": cannot create directory " + target.parent_path().string() + " (" + ec.message() + ")");
  remove_stale_temporaries(path);
  const std::string tmp = temporary_of(path, ::getpid());
  install_handlers_once();
  const Registered registered(tmp);
  try {
    produce(tmp);
    flush_to_disk(tmp, path, true);
    fs::rename(tmp, target, ec);
    if (ec) throw Error(path + ": cannot move the new file into place (" + ec.message() + ")");
  } catch (...) {
    fs::remove_all(tmp, ec);
    throw;
  }
  flush_to_disk(target.has_parent_path() ? target.parent_path().string() : ".", path, false);
}

void replace_file_text(const std::string& path, const std::function<void(std::ostream&)>& write) {
  replace_file(path, [&](const std::string& tmp) {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw Error(path + ": cannot create " + tmp + " (" + std::strerror(errno) + ")");
    errno = 0;
    write(out);
    out.flush();
    const int err = errno;
    out.close();
    if (!out) throw Error(path + ": cannot write (" + (err ? std::strerror(err) : "write failed") + ")");
  });
}

}  // namespace dplab

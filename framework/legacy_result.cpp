#include "framework/legacy_result.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <new>

#include "core/error.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kSanitized = true;  // AddressSanitizer reserves terabytes of address space
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kSanitized = true;
#else
constexpr bool kSanitized = false;
#endif
#else
constexpr bool kSanitized = false;
#endif

// The address space this process maps now (the child starts with a copy of it).
std::size_t mapped_bytes() {
  unsigned long pages = 0;
  if (FILE* f = std::fopen("/proc/self/statm", "r")) {
    if (std::fscanf(f, "%lu", &pages) != 1) pages = 0;
    std::fclose(f);
  }
  return static_cast<std::size_t>(pages) * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// A private folder for the child's converted copy, removed with everything in it.
struct PrivateDir {
  std::string path;
  PrivateDir() {
    std::string tmpl = (fs::temp_directory_path() / "dplab-legacy-XXXXXX").string();
    if (::mkdtemp(tmpl.data())) path = tmpl;
  }
  ~PrivateDir() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

// Exit codes of the child: 0 converted, 1 an Error (its text on the pipe), 2 out of memory.
[[noreturn]] void convert_in_child(const std::string& path, const CheckedImage& img, const std::string& converted,
                                   const LegacyLimits& limits, int message_fd) {
  // A crash ends the child by its signal, not in handlers of the parent's (a test framework's).
  for (int sig : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT}) ::signal(sig, SIG_DFL);
  // Whatever HDF5 (or a sanitizer) prints stays out of the caller's one-line error.
  const int devnull = ::open("/dev/null", O_WRONLY);
  if (devnull >= 0) {
    ::dup2(devnull, 1);
    ::dup2(devnull, 2);
  }
  const auto cpu = static_cast<rlim_t>(limits.cpu_seconds + 0.999);
  const struct rlimit cpu_limit {cpu, cpu + 1};  // SIGXCPU at the soft limit, SIGKILL at the hard one
  ::setrlimit(RLIMIT_CPU, &cpu_limit);
  if (!kSanitized) {
    const auto bytes = static_cast<rlim_t>(mapped_bytes() + limits.memory_bytes);
    const struct rlimit memory_limit {bytes, bytes};
    ::setrlimit(RLIMIT_AS, &memory_limit);
  }
  int code = 0;
  std::string message;
  try {
    write_result(converted, parse_result_image(path, img));
  } catch (const Error& e) {
    code = 1;
    message = e.what();
  } catch (const std::bad_alloc&) {
    code = 2;
  } catch (const std::exception& e) {
    code = 1;
    message = path + ": corrupt result file (" + e.what() + ")";
  }
  if (!message.empty()) (void)!::write(message_fd, message.data(), std::min<std::size_t>(message.size(), 4096));
  ::_exit(code);  // no atexit handlers, no destructors of the parent's objects
}

std::string signal_name(int sig) {
  switch (sig) {
    case SIGSEGV: return "SIGSEGV";
    case SIGBUS: return "SIGBUS";
    case SIGABRT: return "SIGABRT";
    case SIGFPE: return "SIGFPE";
    case SIGILL: return "SIGILL";
    case SIGKILL: return "SIGKILL";
    case SIGXCPU: return "SIGXCPU";
    default: return "signal " + std::to_string(sig);
  }
}

}  // namespace

LegacyLimits legacy_limits(std::size_t file_bytes) {
  LegacyLimits l;
  // A whole format-1 file parses at well over 50 MB/s; 20 s plus 1 s per 16 MiB is ample.
  l.cpu_seconds = 20.0 + static_cast<double>(file_bytes) / (16.0 * (1 << 20));
  if (const char* env = std::getenv("DPLAB_LEGACY_SECONDS"); env && *env) {
    char* end = nullptr;
    const double s = std::strtod(env, &end);
    if (end && *end == '\0' && s > 0 && s < 1e6) l.cpu_seconds = s;
  }
  // The image (held twice by HDF5's core driver), the parsed result and its rewritten copy.
  l.memory_bytes = (std::size_t{1} << 30) + 16 * file_bytes;
  return l;
}

ResultData read_legacy_result(const std::string& path, const CheckedImage& img) {
  const LegacyLimits limits = legacy_limits(img.bytes.size());
  const std::string rerun = "; a format-1 file has no checksum to tell what is damaged: run its spec again "
                            "(dplab run SPEC --out " + path + " --force)";
  const PrivateDir dir;
  if (dir.path.empty())
    throw Error(path + ": cannot create a private folder in " + fs::temp_directory_path().string() +
                " to read this format-1 result file (" + std::strerror(errno) + ")");
  const std::string converted = dir.path + "/converted.h5";
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw Error(path + ": cannot read this format-1 result file (pipe: " + std::strerror(errno) + ")");
  std::cout.flush();
  std::cerr.flush();
  const pid_t pid = ::fork();
  if (pid == 0) {
    ::close(fds[0]);
    convert_in_child(path, img, converted, limits, fds[1]);
  }
  ::close(fds[1]);
  if (pid < 0) {
    ::close(fds[0]);
    throw Error(path + ": cannot start a process to read this format-1 result file (" + std::strerror(errno) + ")");
  }
  // The child's message until it exits. RLIMIT_CPU stops a spinning parser whatever the load;
  // the wall clock only bounds a child that waits without computing, so it is generous (a
  // loaded machine stretches a legitimate parse's wall time many times over).
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(10 * limits.cpu_seconds + 30);
  std::string message;
  int status = 0;
  bool exited = false, timed_out = false;
  while (!exited) {
    struct pollfd p {fds[0], POLLIN, 0};
    if (::poll(&p, 1, 100) > 0) {
      char buf[1024];
      const ssize_t n = ::read(fds[0], buf, sizeof buf);
      if (n > 0 && message.size() < 4096) message.append(buf, static_cast<std::size_t>(n));
    }
    const pid_t w = ::waitpid(pid, &status, WNOHANG);
    exited = w == pid || (w < 0 && errno != EINTR);
    if (!exited && std::chrono::steady_clock::now() > deadline) {
      ::kill(pid, SIGKILL);
      ::waitpid(pid, &status, 0);
      timed_out = exited = true;
    }
  }
  for (char buf[1024];;) {  // what the child wrote just before it exited
    const ssize_t n = ::read(fds[0], buf, sizeof buf);
    if (n <= 0 || message.size() >= 4096) break;
    message.append(buf, static_cast<std::size_t>(n));
  }
  ::close(fds[0]);

  if (WIFEXITED(status) && WEXITSTATUS(status) == 0 && !timed_out) return read_result(converted);
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%g", limits.cpu_seconds);
  if (timed_out || (WIFSIGNALED(status) && (WTERMSIG(status) == SIGXCPU || WTERMSIG(status) == SIGKILL)))
    throw Error(path + ": damaged or oversized format-1 result file (reading it did not finish within " + seconds +
                " s of CPU time; DPLAB_LEGACY_SECONDS allows more)" + rerun);
  if (WIFSIGNALED(status))
    throw Error(path + ": damaged format-1 result file (the HDF5 library crashed reading it: " +
                signal_name(WTERMSIG(status)) + ")" + rerun);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 2)
    throw Error(path + ": damaged or oversized format-1 result file (reading it needed more than " +
                std::to_string(limits.memory_bytes >> 20) + " MiB)" + rerun);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 1 && !message.empty()) throw Error(message);
  throw Error(path + ": cannot read this format-1 result file (its reader ended with status " + std::to_string(status) +
              ")" + rerun);
}

}  // namespace dplab

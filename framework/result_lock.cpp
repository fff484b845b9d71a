#include "framework/result_lock.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "core/error.hpp"

namespace dplab {

ResultLock::ResultLock(const std::string& result_path) : path_(lock_path(result_path)) {
  // The lock file may be unlinked by its previous holder between our open and our flock: then
  // we hold a lock on a file nobody else can see, so check it is still the one at path_.
  for (int attempt = 0; attempt < 100; ++attempt) {
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd_ < 0)
      throw Error(result_path + ": cannot create the lock file " + path_ + " (" + std::strerror(errno) + ")");
    if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      char buf[32] = {0};
      const ssize_t n = ::pread(fd_, buf, sizeof buf - 1, 0);
      ::close(fd_);
      fd_ = -1;
      if (err != EWOULDBLOCK)
        throw Error(result_path + ": cannot lock " + path_ + " (" + std::strerror(err) + ")");
      std::string pid = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : "";
      while (!pid.empty() && (pid.back() == '\n' || pid.back() == ' ')) pid.pop_back();
      throw Error(result_path + ": another dplab run is writing this result (pid " + (pid.empty() ? "unknown" : pid) +
                  "); wait for it to finish, or give this run another --out");
    }
    struct stat held {}, now {};
    if (::fstat(fd_, &held) == 0 && ::stat(path_.c_str(), &now) == 0 && held.st_ino == now.st_ino &&
        held.st_dev == now.st_dev) {
      const std::string pid = std::to_string(::getpid()) + "\n";
      if (::ftruncate(fd_, 0) == 0) (void)!::pwrite(fd_, pid.data(), pid.size(), 0);
      return;
    }
    ::close(fd_);
    fd_ = -1;
  }
  throw Error(result_path + ": cannot take the lock " + path_ + " (it keeps being replaced)");
}

ResultLock::~ResultLock() {
  if (fd_ < 0) return;
  ::unlink(path_.c_str());  // while still holding it: the next run creates a fresh one
  ::close(fd_);
}

}  // namespace dplab

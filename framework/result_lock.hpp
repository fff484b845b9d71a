// One writer per result file: `dplab run` holds an exclusive flock(2) on "<result>.lock" for as
// long as it runs, so a second run on the same --out is refused (naming the holder's pid) instead
// of both finishing and the later rename silently dropping the other's trials. The lock dies
// with its process (kill -9 included); a lock file left behind is reused, never trusted.
#pragma once
#include <string>

namespace dplab {

class ResultLock {
 public:
  // Takes the lock or throws an Error naming the result and the pid that holds it.
  explicit ResultLock(const std::string& result_path);
  ~ResultLock();
  ResultLock(const ResultLock&) = delete;
  ResultLock& operator=(const ResultLock&) = delete;

  static std::string lock_path(const std::string& result_path) { return result_path + ".lock"; }

 private:
  std::string path_;
  int fd_ = -1;
};

}  // namespace dplab

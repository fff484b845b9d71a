// Progress of long work: done/total, rate and ETA. On a terminal one line redrawn with a
// carriage return; otherwise (CI logs, files) a plain line every `plain_interval` seconds.
#pragma once
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <mutex>
#include <string>

namespace dplab {

class Progress {
 public:
  Progress(std::string label, std::size_t total, bool quiet = false, double plain_interval = 10.0);
  // Called by any thread after finishing `n` more items.
  void advance(std::size_t n = 1);
  void finish();
  static std::string format_duration(double seconds);

 private:
  void print(bool final);
  std::string label_;
  std::size_t total_, done_ = 0;
  bool quiet_, tty_;
  double plain_interval_;
  std::chrono::steady_clock::time_point start_, last_print_;
  std::mutex mutex_;
};

}  // namespace dplab

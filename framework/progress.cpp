#include "framework/progress.hpp"

#include <unistd.h>

#include <cmath>

namespace dplab {

Progress::Progress(std::string label, std::size_t total, bool quiet, double plain_interval)
    : label_(std::move(label)), total_(total), quiet_(quiet), tty_(::isatty(STDERR_FILENO) != 0),
      plain_interval_(plain_interval), start_(std::chrono::steady_clock::now()), last_print_(start_) {}

std::string Progress::format_duration(double s) {
  if (!std::isfinite(s)) return "?";
  char buf[32];
  if (s < 60) std::snprintf(buf, sizeof buf, "%.1fs", s);
  else if (s < 3600) std::snprintf(buf, sizeof buf, "%dm%02ds", int(s) / 60, int(s) % 60);
  else std::snprintf(buf, sizeof buf, "%dh%02dm", int(s) / 3600, (int(s) % 3600) / 60);
  return buf;
}

void Progress::advance(std::size_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  done_ += n;
  auto now = std::chrono::steady_clock::now();
  double since = std::chrono::duration<double>(now - last_print_).count();
  if (!quiet_ && since >= (tty_ ? 0.2 : plain_interval_)) {
    last_print_ = now;
    print(false);
  }
}

void Progress::finish() {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!quiet_) print(true);
}

void Progress::print(bool final) {
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  double rate = elapsed > 0 ? done_ / elapsed : 0;
  double eta = rate > 0 ? (total_ - done_) / rate : NAN;
  char line[256];
  if (tty_) {
    const int width = 28;
    int filled = total_ ? int(width * double(done_) / double(total_)) : width;
    std::string bar(static_cast<std::size_t>(filled), '#');
    bar.resize(width, '.');
    std::snprintf(line, sizeof line, "\r%s [%s] %zu/%zu  %.1f/s  %s %s ", label_.c_str(), bar.c_str(),
                  done_, total_, rate, final ? "took" : "ETA",
                  format_duration(final ? elapsed : eta).c_str());
    std::fputs(line, stderr);
    if (final) std::fputc('\n', stderr);
  } else {
    std::snprintf(line, sizeof line, "%s %zu/%zu trials (%.0f%%)  %.1f/s  %s %s\n", label_.c_str(),
                  done_, total_, total_ ? 100.0 * double(done_) / double(total_) : 100.0, rate,
                  final ? "took" : "ETA", format_duration(final ? elapsed : eta).c_str());
    std::fputs(line, stderr);
  }
  std::fflush(stderr);
}

}  // namespace dplab

// Result files without the checked framing (format 1, written before it existed, or HDF5 files of
// other tools) carry no checksum: nothing proves they are whole before HDF5's parser walks them,
// and damaged ones can crash that parser (SIGSEGV) or keep it busy for minutes. So they are
// parsed in a child process under a CPU-time and a memory limit; the child hands back the result
// rewritten as a checked format-2 file, which this process then reads as usual. Whatever the
// input, the caller gets a ResultData or one Error line, never a crash or a hang.
#pragma once
#include <string>

#include "framework/checked_file.hpp"
#include "framework/store.hpp"

namespace dplab {

// The limits of the child: CPU seconds (then SIGXCPU; the wall clock allows 10 times as much
// plus 30 s, for a child that waits without computing) and
// memory beyond what this process already maps. Scaled with the file's size; the environment
// variable DPLAB_LEGACY_SECONDS, when set to a positive number, replaces the CPU seconds.
struct LegacyLimits {
  double cpu_seconds = 0;
  std::size_t memory_bytes = 0;
};
LegacyLimits legacy_limits(std::size_t file_bytes);

// `img` is the whole file (img.legacy). Throws an Error naming `path` and what went wrong.
ResultData read_legacy_result(const std::string& path, const CheckedImage& img);

// The in-process parser of store.cpp: only for verified images and inside the child.
ResultData parse_result_image(const std::string& path, const CheckedImage& img);

}  // namespace dplab

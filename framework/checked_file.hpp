// Files that are either whole and verified or refused: the framing of result files.
//
// A checked file starts with a 512-byte header of our own,
//
//   DPLAB-RESULT\nformat 2\nbytes <total size>\ncrc32 <CRC-32 of every byte after the header>\n
//
// padded with zeros, followed by the payload (an HDF5 file created with a 512-byte user block,
// which HDF5 and h5py skip). Writing goes through replace_file (framework/replace_file.hpp): a
// temporary file beside the target, every system call checked, fsync, rename, so a full disk, a
// file-size limit or a power loss leaves the previous file byte-identical. Reading takes
// the whole file into memory and checks its size and CRC before anything parses it, so a damaged
// file is one clear error, never a crash or a hang inside a parser.
#pragma once
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace dplab {

constexpr std::size_t kCheckedHeaderSize = 512;

// Calls `produce(tmp_path)` to write the payload file (with kCheckedHeaderSize bytes reserved at
// its start), then writes the header; replace_file moves it to `path`. On any failure the
// temporary file is removed, `path` is untouched, and an Error names `path` and the cause.
void write_checked(const std::string& path, const std::function<void(const std::string& tmp)>& produce);

struct CheckedImage {
  std::vector<char> bytes;  // the whole file, header included
  bool legacy = false;      // a format-1 file (plain HDF5, no header): nothing could be verified
};

// Reads `path` whole and verifies its header: the size and CRC must match. Throws an Error naming
// the file and what is wrong. `what` names the kind of file in messages ("result file").
CheckedImage read_checked(const std::string& path, const std::string& what);

// True when `path` starts like a checked file or a plain HDF5 file (no verification).
bool looks_checked_or_hdf5(const std::string& path);
// True when `path` starts like a plain HDF5 file: format 1, no header (framework/legacy_result.hpp).
bool looks_unframed_hdf5(const std::string& path);

}  // namespace dplab

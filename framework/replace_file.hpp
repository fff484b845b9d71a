// The one way dplab replaces a file: result files (framework/checked_file.hpp), merged shards,
// `dplab export --out`, the report page and the figures of `dplab plot` all go through it.
//
// The new content is written to "<path>.tmp.<pid>" beside the target, flushed to disk (fsync),
// renamed over the target, and the directory is flushed. A failure at any step (a full disk, a
// file-size limit, an exception of the writer) removes the temporary and leaves the target as it
// was, byte for byte; so does SIGINT, SIGTERM or SIGHUP arriving while no other handler is set.
// A kill -9 cannot be caught: the temporary stays, and the next write to the same target removes
// it (a temporary whose process is gone is stale).
#pragma once
#include <functional>
#include <ostream>
#include <string>

namespace dplab {

// Calls `produce(tmp)` to write the new content at the temporary path `tmp`, then moves it over
// `path` as above. Throws an Error naming `path` and the cause; `path` is untouched then.
void replace_file(const std::string& path, const std::function<void(const std::string& tmp)>& produce);

// replace_file for text: `write` fills the stream; a failed or short write is an error naming the
// system's cause ("No space left on device", "File too large").
void replace_file_text(const std::string& path, const std::function<void(std::ostream&)>& write);

// Removes "<path>.tmp.<pid>" files and folders whose process <pid> no longer exists (left by a
// kill -9 or a power loss). Returns how many were removed. A temporary of a live process is kept.
int remove_stale_temporaries(const std::string& path);

}  // namespace dplab

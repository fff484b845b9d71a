#include "datasets/text_file.hpp"

#include <zlib.h>

#include "core/error.hpp"

namespace dplab {

std::string read_text_file(const std::string& path) {
  // gzread reads plain files unchanged, so one code path serves .gz and plain text.
  gzFile f = gzopen(path.c_str(), "rb");
  if (!f) throw Error(path + ": cannot open for reading");
  gzbuffer(f, 1 << 20);
  std::string out;
  char buf[1 << 16];
  for (;;) {
    int n = gzread(f, buf, sizeof buf);
    if (n < 0) {
      int code = 0;
      std::string msg = gzerror(f, &code);
      gzclose(f);
      throw Error(path + ": corrupt or unreadable file (" + msg + ")");
    }
    if (n == 0) break;
    out.append(buf, static_cast<std::size_t>(n));
  }
  gzclose(f);
  return out;
}

}  // namespace dplab

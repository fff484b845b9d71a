#include "core/registry.hpp"

#include <algorithm>
#include <cctype>

namespace dplab {

namespace {
// Case-insensitive Levenshtein distance.
std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) == std::tolower(static_cast<unsigned char>(b[j - 1]));
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (same ? 0 : 1)});
    }
    std::swap(prev, cur);
  }
  return prev[b.size()];
}
}  // namespace

std::vector<std::string>*& registration_errors() {
  static std::vector<std::string>* sink = nullptr;
  return sink;
}

std::string unknown_name_message(const std::string& what, const std::string& name,
                                 const std::vector<std::string>& known) {
  std::string msg = "unknown " + what + " " + quote(name);
  std::string best;
  std::size_t best_d = 4;  // suggest only close matches
  for (const auto& k : known) {
    if (name.size() > k.size() + best_d) continue;  // too far apart (and a huge name costs nothing)
    auto d = edit_distance(name, k);
    if (d < best_d) { best_d = d; best = k; }
  }
  if (!best.empty()) msg += ": did you mean '" + best + "'?";
  msg += " (allowed: ";
  for (std::size_t i = 0; i < known.size(); ++i) msg += (i ? ", " : "") + known[i];
  return msg + ")";
}

}  // namespace dplab

#include "datasets/parse.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <utility>

namespace dplab {

namespace {
inline bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }
}  // namespace

TextScanner::TextScanner(std::string_view text, std::string file, const char* separators)
    : p_(text.data()), end_(text.data() + text.size()), file_(std::move(file)), separators_(separators) {}

void TextScanner::skip_blanks() {
  while (p_ < end_ && is_blank(*p_)) ++p_;
}

bool TextScanner::next_line() {
  if (line_ > 0) {
    // Skip what is left of the current line (memchr: the rest may be long, e.g. a comment).
    const void* nl = std::memchr(p_, '\n', static_cast<std::size_t>(end_ - p_));
    if (!nl) { p_ = end_; return false; }
    p_ = static_cast<const char*>(nl) + 1;
  }
  for (;;) {
    ++line_;
    skip_blanks();
    if (p_ == end_) return false;
    if (*p_ != '\n') return true;
    ++p_;  // a blank line
  }
}

bool TextScanner::more() {
  skip_blanks();
  return p_ < end_ && *p_ != '\n';
}

const char* TextScanner::number_start() {
  const char* s = p_;
  if (s + 1 < end_ && *s == '+' && ((s[1] >= '0' && s[1] <= '9') || s[1] == '.')) ++s;
  return s;
}

void TextScanner::finish(const char* stop, std::string_view field, const char* allowed) {
  // "12abc" or "1,2": from_chars stops inside the token, which is not a number as a whole.
  if (stop < end_ && !is_blank(*stop) && *stop != '\n') bad_token(field, allowed);
  p_ = stop;
}

void TextScanner::bad_token(std::string_view field, const char* allowed) const {
  const char* e = p_;
  while (e < end_ && !is_blank(*e) && *e != '\n' && e - p_ < 40) ++e;
  const std::string token(p_, e);
  // Say what was found: a character that looks like a separator this file does not take
  // ("1;2" in a user's file, "1,2" in a catalogue file), else only what separates values.
  const auto odd = std::find_if(token.begin(), token.end(), [](char c) {
    return std::ispunct(static_cast<unsigned char>(c)) && std::string_view("+-.").find(c) == std::string_view::npos;
  });
  fail(field, "'" + token + "' is not " + allowed +
                  (odd != token.end() && std::isdigit(static_cast<unsigned char>(token.front()))
                       ? "; found '" + std::string(1, *odd) + "' between values, but values are separated by " + separators_
                       : " (values are separated by " + std::string(separators_) + ")"));
}

double TextScanner::real(std::string_view field) {
  if (!more()) fail(field, "missing value: the line ends early");
  const char* start = number_start();
  double v = 0;
  auto [ptr, ec] = std::from_chars(start, end_, v, std::chars_format::general);
  if (ec == std::errc::result_out_of_range)
    fail(field, "'" + std::string(start, ptr) + "' is out of the range of a double");
  const char* allowed = "a decimal number (such as 12, -0.5 or 1.5e+05)";
  if (ec != std::errc()) bad_token(field, allowed);
  if (!std::isfinite(v)) bad_token(field, "a finite number");
  finish(ptr, field, allowed);
  return v;
}

void TextScanner::end_line(std::string_view expected) {
  if (!more()) return;
  const char* e = p_;
  while (e < end_ && !is_blank(*e) && *e != '\n' && e - p_ < 40) ++e;
  fail("", "unexpected extra value '" + std::string(p_, e) + "' (expected " + std::string(expected) + ")");
}

void TextScanner::fail(std::string_view field, const std::string& message) const {
  throw Error(located(file_, static_cast<int>(line_), std::string(field), message));
}

RealTable parse_real_table(std::string_view text, const std::string& file, std::size_t cols,
                           std::size_t rows_hint, const char* separators) {
  RealTable t;
  t.cols = cols;
  if (rows_hint && cols) t.values.reserve(rows_hint * cols);
  TextScanner s(text, file, separators);
  auto column = [](std::size_t j) { return "column " + std::to_string(j + 1); };
  std::vector<std::string> names;  // built once: no string work per value
  std::string expected;
  while (s.next_line()) {
    if (t.cols == 0) {  // the first line decides
      while (s.more()) t.values.push_back(s.real(column(t.values.size())));
      t.cols = t.values.size();
      if (rows_hint) t.values.reserve(rows_hint * t.cols);
    } else {
      if (names.empty()) {
        for (std::size_t j = 0; j < t.cols; ++j) names.push_back(column(j));
        expected = std::to_string(t.cols) + " values per line";
      }
      for (std::size_t j = 0; j < t.cols; ++j) {
        if (!s.more())
          s.fail("", "the line has " + std::to_string(j) + " value" + (j == 1 ? "" : "s") + ", expected " +
                         std::to_string(t.cols) + " (every line of this file holds " + std::to_string(t.cols) + ")");
        t.values.push_back(s.real(names[j]));
      }
      s.end_line(expected);
    }
    ++t.rows;
  }
  return t;
}

std::vector<std::int64_t> parse_integer_column(std::string_view text, const std::string& file,
                                               std::size_t rows_hint) {
  std::vector<std::int64_t> out;
  out.reserve(rows_hint);
  TextScanner s(text, file);
  while (s.next_line()) {
    out.push_back(s.integer<std::int64_t>("column 1"));
    s.end_line("one integer per line");
  }
  return out;
}

template <class Int>
std::vector<std::int32_t> dense_labels(const std::vector<Int>& raw, int* count) {
  std::vector<std::int32_t> labels(raw.size());
  if (raw.empty()) {
    if (count) *count = 0;
    return labels;
  }
  const auto [lo_it, hi_it] = std::minmax_element(raw.begin(), raw.end());
  const std::int64_t lo = *lo_it;
  // hi - lo in unsigned arithmetic: exact for any two int64 values, no overflow.
  const std::uint64_t spread = static_cast<std::uint64_t>(static_cast<std::int64_t>(*hi_it)) - static_cast<std::uint64_t>(lo);
  if (spread < raw.size() + 1024) {
    std::vector<std::int32_t> id(spread + 1, -1);
    for (const Int v : raw) id[static_cast<std::size_t>(static_cast<std::int64_t>(v) - lo)] = 0;
    std::int32_t next = 0;
    for (std::int32_t& v : id)
      if (v == 0) v = next++;
    for (std::size_t i = 0; i < raw.size(); ++i) labels[i] = id[static_cast<std::size_t>(static_cast<std::int64_t>(raw[i]) - lo)];
    if (count) *count = next;
    return labels;
  }
  std::vector<Int> ids = raw;
  std::sort(ids.begin(), ids.end());
  ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
  for (std::size_t i = 0; i < raw.size(); ++i)
    labels[i] = static_cast<std::int32_t>(std::lower_bound(ids.begin(), ids.end(), raw[i]) - ids.begin());
  if (count) *count = static_cast<int>(ids.size());
  return labels;
}
template std::vector<std::int32_t> dense_labels(const std::vector<std::int64_t>&, int*);
template std::vector<std::int32_t> dense_labels(const std::vector<std::int32_t>&, int*);

}  // namespace dplab

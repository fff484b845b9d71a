// Fast parsing of whitespace-separated numbers in a whole text buffer, for the catalogue's
// loaders. std::from_chars does the conversions: no locale, no allocation and no copy per
// number, which keeps the 100,000-point Birch sets and the 989,818 MSNBC records well under a
// second to load (bench/bench_datasets.cpp).
//
// Lines are separated by '\n'; spaces, tabs and '\r' separate values, so CRLF files and
// trailing spaces read the same as clean LF files. Blank lines (only blanks) are skipped.
// Every error names the file and the 1-based line, through located() (framework/error.hpp).
#pragma once
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "core/error.hpp"

namespace dplab {

// A cursor over the lines of a text buffer (which must outlive it).
class TextScanner {
 public:
  // `separators` says in errors what separates values in this file (a user's file also takes
  // commas, which datasets/user_file.cpp turns into spaces before scanning).
  TextScanner(std::string_view text, std::string file, const char* separators = kBlankSeparators);
  static constexpr const char* kBlankSeparators = "spaces or tabs";

  // Moves to the next line that holds a value (skipping the rest of the current line and any
  // blank lines); false at the end of the text.
  bool next_line();
  // True when the current line has another value.
  bool more();
  // The next value of the current line; `field` names it in errors (e.g. "column 2").
  double real(std::string_view field);
  template <class T>
  T integer(std::string_view field);
  // Fails unless the current line has no value left; `expected` says what a line should hold.
  void end_line(std::string_view expected);

  std::size_t line() const { return line_; }
  const std::string& file() const { return file_; }
  [[noreturn]] void fail(std::string_view field, const std::string& message) const;

 private:
  void skip_blanks();
  // Advances past a leading '+' (from_chars accepts only '-').
  const char* number_start();
  // Checks that a number ended at a separator and moves past it.
  void finish(const char* stop, std::string_view field, const char* allowed);
  [[noreturn]] void bad_token(std::string_view field, const char* allowed) const;

  const char* p_;
  const char* end_;
  std::string file_;
  const char* separators_;
  std::size_t line_ = 0;  // 0 before the first next_line()
};

// Every non-blank line holds `cols` numbers (when cols is 0: as many as the first line).
struct RealTable {
  std::size_t rows = 0, cols = 0;
  std::vector<double> values;  // row-major, rows * cols
};
// `rows_hint` only reserves memory. Values must be finite. `separators` as for TextScanner.
RealTable parse_real_table(std::string_view text, const std::string& file, std::size_t cols = 0,
                           std::size_t rows_hint = 0, const char* separators = TextScanner::kBlankSeparators);

// One integer per non-blank line (e.g. ground-truth labels).
std::vector<std::int64_t> parse_integer_column(std::string_view text, const std::string& file,
                                               std::size_t rows_hint = 0);

// Labels as dense ids 0..c-1 in increasing order of their values: ground truth read from files,
// and clusterings the metrics compare (NIVC, F1). `count`, when given, receives c. Values spread
// no wider than the data go through a table over [min, max] (assignments are 0..k-1; a
// std::map lookup per point was 13% of a budget_series Fig 13 trial), wider ones through the
// sorted distinct values.
template <class Int>
std::vector<std::int32_t> dense_labels(const std::vector<Int>& raw, int* count = nullptr);
extern template std::vector<std::int32_t> dense_labels(const std::vector<std::int64_t>&, int*);
extern template std::vector<std::int32_t> dense_labels(const std::vector<std::int32_t>&, int*);

// ---- implementation of the template ----

template <class T>
T TextScanner::integer(std::string_view field) {
  static_assert(std::is_integral_v<T>);
  if (!more()) fail(field, "missing value: the line ends early");
  const char* start = number_start();
  T v{};
  auto [ptr, ec] = std::from_chars(start, end_, v);
  if (ec == std::errc::result_out_of_range)
    fail(field, "'" + std::string(start, ptr) + "' is out of range (allowed: " +
                    std::to_string(std::numeric_limits<T>::min()) + " .. " +
                    std::to_string(std::numeric_limits<T>::max()) + ")");
  const char* allowed = std::is_signed_v<T> ? "an integer" : "a non-negative integer";
  if (ec != std::errc()) bad_token(field, allowed);
  finish(ptr, field, allowed);
  return v;
}

}  // namespace dplab

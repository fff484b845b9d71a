// Errors that reach the user. Every message says what went wrong, where (file, line, field)
// and what is allowed; the CLI prints it as one line and exits non-zero.
#pragma once
#include <stdexcept>
#include <string>

namespace dplab {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

// A trial spent more privacy budget than it declared (the ledger refuses the charge).
class BudgetExceeded : public Error {
 public:
  using Error::Error;
};

// A value as error messages quote it: in single quotes, control characters escaped, and at most
// ~80 characters (longer values are cut, with their length), so a hostile or mistaken value
// never floods the one error line.
std::string quote(const std::string& value);

// Formats "file:line: field 'x': message" for spec and data errors. A field set on the
// command line (--set) has line kFromCommandLine and is reported as "file (--set x)".
constexpr int kFromCommandLine = -1;
std::string located(const std::string& file, int line, const std::string& field,
                    const std::string& message);

}  // namespace dplab

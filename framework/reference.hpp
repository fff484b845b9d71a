// The papers' published numbers, from results/reference/<paper>/<name>.csv:
//
//   strategy,N,U_s,metric,value        (parameter columns..., metric, [index,] value)
//   AVG,20,30,mse,1.53E+04
//
// A row applies to a point when every parameter column equals the point's value (numbers
// compared numerically, text exactly) and the metric (and index, for vector metrics) match.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace dplab {

class Reference {
 public:
  // Parses CSV text; `origin` names it in error messages. Empty text gives no rows.
  static Reference parse(const std::string& text, const std::string& origin);
  // The paper's value for a point described by its column values, or nothing.
  std::optional<double> find(const std::map<std::string, std::string>& point_values,
                             const std::string& metric, long index = -1) const;
  // The same value as printed in the CSV ("1.53E+04"): its digits give its printed precision.
  std::optional<std::string> find_text(const std::map<std::string, std::string>& point_values,
                                       const std::string& metric, long index = -1) const;
  bool empty() const { return rows_.empty(); }
  // Equal as text, or as numbers when both read as numbers ("0.5" and "5e-1").
  static bool same_value(const std::string& a, const std::string& b);

 private:
  std::vector<std::string> header_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace dplab

// A spec's plot section, checked against the plot kinds' declared options before any trial runs
// (plots/kinds/<kind>.yaml and _common.yaml): a typo is an error with "did you mean", a column or
// metric the result will not have is an error, and so is a parameter that varies but that the
// figure does not use (two datasets on one line, a swept eps missing from a table), which would
// otherwise be drawn as a zig-zag or silently dropped.
#pragma once
#include <string>
#include <vector>

#include "framework/spec.hpp"
#include "framework/sweep.hpp"

namespace dplab {

// The plot kinds: one per plots/kinds/<kind>.yaml under dplab_home().
std::vector<std::string> plot_kinds();

// Throws an Error naming the spec file, the plot field and what is allowed.
void check_plot(const Spec& spec, const std::vector<Point>& points);

}  // namespace dplab

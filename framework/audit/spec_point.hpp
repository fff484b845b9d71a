// `dplab audit SPEC.yaml --point I | --where key=value...`: the algorithm and parameters of one
// sweep point of a spec, for the audit. The spec is read and expanded as `dplab run` does
// (framework/spec.hpp, sweep.hpp), so the point is validated exactly as a run would be; the
// audit then runs the point's algorithm with the point's parameters on the neighbouring pairs of
// the spec dataset's kind (small generated datasets, not the spec's dataset: the ratio of output
// probabilities is tested on pairs that differ in one record, not on one dataset).
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "core/params.hpp"
#include "datasets/dataset.hpp"

namespace dplab::audit {

struct SpecPoint {
  std::string spec;         // the spec file
  std::size_t index = 0;    // the point's index in the sweep (0-based, as `dplab show` counts)
  std::size_t points = 0;   // how many the spec has
  std::string algorithm;
  std::string description;  // the point's coordinates ("algorithm=x dataset=y eps=0.5")
  Params params;            // every parameter, defaults filled in
  std::optional<DatasetKind> kind;  // of the spec's dataset; none when it names no dataset
  std::string noise = "fast";       // the spec's `noise:`
};

// The point chosen by its index or by key=value conditions (each must hold: key is a parameter
// of the point's algorithm, `algorithm`, `label` or `dataset`; numbers compare as numbers).
// Throws Error for an index out of range, a condition that is malformed, or conditions that
// match no point or several (listing them).
SpecPoint find_spec_point(const std::string& spec_file, std::optional<std::size_t> index,
                          const std::vector<std::string>& where, const std::vector<std::string>& overrides = {});

}  // namespace dplab::audit

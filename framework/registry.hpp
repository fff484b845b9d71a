// Self-registering plugins. An algorithm or metric is a class in its own .cpp file that ends
// with one macro line; nothing else is edited to add one:
//
//   class MyAlgorithm : public dplab::Algorithm { ... };
//   DPLAB_ALGORITHM(MyAlgorithm);
//
// Datasets and transforms register the same way in the data layer (datasets/catalogue.hpp,
// datasets/transform.hpp); this header re-exports them for plugins.
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/error.hpp"
#include "core/macros.hpp"
#include "core/registry.hpp"
#include "datasets/catalogue.hpp"
#include "datasets/transform.hpp"
#include "framework/outputs.hpp"
#include "framework/privacy.hpp"
#include "core/params.hpp"
#include "framework/trial.hpp"

namespace dplab {

// A named result of a trial. Vector outputs (a curve, a sequence) are indexed by `index`.
struct OutputSpec {
  std::string name;
  std::string doc;
  bool is_vector = false;
  std::string index = "";  // name of the vector's index, e.g. "i" for budget terms
  bool object = false;     // an object for metrics (e.g. a cluster assignment), not storable
  // Stored per trial for figures that draw raw values (one run's points), never summarised:
  // `show` and the statistics skip it (a mean over 10,000 point coordinates means nothing).
  bool raw = false;
  // Computed from the true data for evaluation (true answers, their errors): not part of what
  // the algorithm releases, so `dplab audit` never looks at it.
  bool evaluation = false;
  // A diagnostic of the run that the algorithm's release does not contain (DAWA's bucket count,
  // greedyH's strategy error): `dplab audit` leaves it out unless asked (--internal), so that a
  // leak is reported only when the release itself shows it.
  bool internal = false;
};

// Audit fixtures (algorithms/canary/) are run by `dplab audit` only: their check() refuses
// every spec and `dplab list` shows them apart. A mechanism fixture wraps one mechanism of
// framework/mechanisms.hpp; a canary is deliberately not eps-DP (the audit must catch it).
enum class AlgorithmRole { Algorithm, Mechanism, Canary };

struct AlgorithmInfo {
  std::string name;  // "<paper>.<algorithm>", e.g. "budget_series.allocation"
  std::string doc;   // one line
  std::vector<ParamSpec> params;
  std::vector<OutputSpec> outputs;
  // The parameter holding the trial's declared privacy budget; the ledger refuses to spend more.
  // Empty for non-private computations (their ledger has budget 0, so any charge fails).
  std::string budget_param;
  // For algorithms whose declared budget is derived from several parameters (lu_thesis Theorem
  // 6.1: eps_v + eps_e + ln 2): the budget as a function of the point's parameters. When set it
  // is used instead of budget_param.
  std::function<double(const Params&)> budget_of;
  // For (eps, delta)-DP algorithms (the Gaussian mechanism): the parameter holding delta. Empty:
  // the algorithm is pure eps-DP and its ledger refuses any delta.
  std::string delta_param;
  bool deterministic = false;          // same outputs for every trial: one trial suffices
  std::vector<DatasetKind> accepts;    // dataset kinds it can run on; empty: no dataset
  bool dataset_optional = false;
  // Why `dplab audit` cannot test this algorithm (no private input, a non-private baseline,
  // releases that are only error statistics); empty when it can (framework/audit/).
  std::string unauditable;
  AlgorithmRole role = AlgorithmRole::Algorithm;
  // For algorithms on points: the box [lo, hi]^d their data must lie in (their sensitivities
  // assume it); `dplab audit` draws its neighbouring point sets in it.
  std::pair<double, double> point_domain{-1.0, 1.0};
  // Parameter values (key=value) that `dplab audit` uses instead of the defaults unless the
  // user gives them: public inputs without a usable default (a bounding box), a budget that
  // does not depend on the data where the default's does, and sizes that keep a run cheap
  // without changing the privacy claim (framework/audit/configure.hpp lists the rules).
  std::vector<std::string> audit_params;
  // Whether it is eps-DP as run: dp, not-dp (with the id of a finding) or none (a non-private
  // reference), with a one-line why; `privacy_rules` when it depends on the parameters (the
  // first rule that holds wins). Required: register_algorithm refuses an undeclared status
  // (framework/privacy.hpp).
  PrivacyStatus privacy;
  std::vector<PrivacyRule> privacy_rules;
};

class Algorithm {
 public:
  virtual ~Algorithm() = default;
  virtual AlgorithmInfo info() const = 0;
  // One trial. Must draw all randomness from ctx.stream and all noise through ctx.noise.
  virtual void run(TrialContext& ctx) const = 0;
  // Called just before run() and outside its timing: builds the trial's public inputs that run()
  // shares with the other algorithms of the trial (a workload from ctx.seeds' public stream), so
  // that the first algorithm to ask does not pay for them in its run time. It must not read the
  // private data, draw from ctx.stream, or charge the ledger (it gets no access to them).
  virtual void prepare(const Params& params, const Dataset* data, const TrialSeeds& seeds) const {
    (void)params, (void)data, (void)seeds;
  }
  // Domain rules that depend on the parameters alone (beyond each parameter's own range, e.g.
  // AC-'s U_s at or above Lemma 2's bound): checked for every sweep point before any trial runs,
  // so a bad combination fails at once, not at trial time. Throws an Error saying what is allowed.
  virtual void check(const Params&) const {}
};

// The declared delta of one trial at parameters p (0 for pure eps-DP algorithms).
inline double declared_delta(const AlgorithmInfo& info, const Params& p) {
  return info.delta_param.empty() ? 0.0 : p.real(info.delta_param);
}

// The declared privacy budget of one trial at parameters p (0 for non-private algorithms).
inline double declared_budget(const AlgorithmInfo& info, const Params& p) {
  if (info.budget_of) return info.budget_of(p);
  return info.budget_param.empty() ? 0.0 : p.real(info.budget_param);
}

// The privacy status of one point: the algorithm's declaration at parameters p.
inline PrivacyStatus privacy_status(const AlgorithmInfo& info, const Params& p) {
  return privacy_at(info.privacy, info.privacy_rules, p);
}

struct MetricInfo {
  std::string name;
  std::string doc;
  std::vector<std::string> needs;  // outputs of the algorithm that it reads
  bool is_vector = false;
  std::string index = "";
  bool needs_dataset = false;
  // Parameters of the evaluation itself (query counts, sanity bounds). A spec sets them like
  // algorithm parameters; they do not key the algorithm's random stream.
  std::vector<ParamSpec> params;
  // The values of the index at a point's parameters, one per element (topk_utility: K = 10,
  // 20, ..., 100 from top_k_step and top_k_max). Stored in the result file (/index/<metric>),
  // shown by `show`, drawn on the x axis of `x: index` figures, and the `index` column of
  // `export --per-trial` and dplab.load. Unset: the index is the 1-based position.
  std::function<std::vector<double>(const Params&)> index_values = nullptr;
};

// What a metric sees of one trial: the algorithm's outputs, the (raw) dataset, the point's
// parameters, and the trial's public randomness for evaluation inputs such as random queries.
struct MetricContext {
  const Outputs& out;
  const Dataset* data;
  const Params& params;
  const TrialSeeds& seeds;
};

class Metric {
 public:
  virtual ~Metric() = default;
  virtual MetricInfo info() const = 0;
  // The metric's value(s) for one trial (one element for a scalar metric).
  virtual std::vector<double> compute(const MetricContext& mc) const = 0;
};

using AlgorithmRegistry = Registry<Algorithm>;
using MetricRegistry = Registry<Metric>;

bool register_algorithm(std::shared_ptr<const Algorithm> a);
bool register_metric(std::shared_ptr<const Metric> m);

// Lookups that fail with "unknown <what> 'x': did you mean 'y'? (registered: ...)".
const Algorithm& find_algorithm(const std::string& name);
const Metric& find_metric(const std::string& name);

}  // namespace dplab

#define DPLAB_ALGORITHM(Class)                                                       \
  [[maybe_unused]] static const bool DPLAB_CONCAT(dplab_registered_algorithm_, Class) = \
      ::dplab::register_algorithm(std::make_shared<Class>())
#define DPLAB_METRIC(Class)                                                       \
  [[maybe_unused]] static const bool DPLAB_CONCAT(dplab_registered_metric_, Class) = \
      ::dplab::register_metric(std::make_shared<Class>())

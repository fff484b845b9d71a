#include "framework/audit/audit.hpp"

#include <omp.h>

#include <cctype>
#include <chrono>
#include <cmath>
#include <exception>

#include "core/error.hpp"
#include "framework/audit/events.hpp"
#include "framework/runner.hpp"

namespace dplab::audit {

namespace {

Params parse_params(const AlgorithmInfo& info, const std::vector<std::string>& items) {
  Params given;
  for (const auto& item : items) {
    const auto eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw Error("--param " + quote(item) + ": expected key=value");
    const std::string key = item.substr(0, eq);
    const ParamSpec* spec = find_param(info.params, key);
    if (!spec) {
      std::string known;
      for (const auto& p : info.params) known += (known.empty() ? "" : ", ") + p.name;
      throw Error("--param " + quote(item) + ": " + info.name + " has no parameter " + quote(key) +
                  " (parameters: " + known + ")");
    }
    auto parsed = spec->parse(item.substr(eq + 1));
    if (auto* err = std::get_if<std::string>(&parsed)) throw Error("--param " + quote(item) + ": " + *err);
    given.set(key, std::get<Value>(parsed));
  }
  return with_defaults(info.params, given);
}

std::string params_text(const Params& p) {
  std::string out;
  for (const auto& [k, v] : p.all()) out += (out.empty() ? "" : ", ") + k + "=" + to_string(v);
  return out;
}

// The pair generator of the first accepted kind that has one.
const PairGenerator* generator_for(const AlgorithmInfo& info) {
  for (DatasetKind k : info.accepts)
    if (const PairGenerator* g = find_pair_generator(k)) return g;
  return nullptr;
}

// `samples` runs of the algorithm on one dataset, in parallel; run i draws from
// Stream(seed, key, i), so the table is the same for any thread count.
FeatureTable sample(const Algorithm& alg, const Params& params, double budget, const Dataset& data,
                    const FeatureLayout& layout, std::uint64_t seed, std::uint64_t key, std::size_t samples,
                    int threads, Mechanisms::Noise noise) {
  FeatureTable t;
  t.rows = samples;
  t.features = layout.size();
  t.values.resize(samples * t.features);
  t.hashes.resize(samples);
  const double delta = declared_delta(alg.info(), params);
  // Public inputs (workloads, query sets) are the same in every run: the algorithm is audited
  // for one fixed public input, as its privacy claim is.
  const TrialSeeds seeds{seed, 0};
  std::exception_ptr failure;
#pragma omp parallel num_threads(threads > 0 ? threads : omp_get_max_threads())
  {
    Scratch scratch;
#pragma omp for schedule(dynamic, 256)
    for (std::size_t i = 0; i < samples; ++i) {
      if (failure) continue;
      try {
        AlgorithmRun r = run_algorithm(alg, params, budget, &data, Stream(seed, key, i), seeds, scratch, delta, noise);
        t.hashes[i] = layout.extract(r.outputs, t.values.data() + i * t.features);
      } catch (...) {
#pragma omp critical(dplab_audit_failure)
        if (!failure) failure = std::current_exception();
      }
    }
  }
  if (failure) std::rethrow_exception(failure);
  return t;
}

// The output a feature comes from: "x" for "x", "x[3]" and "sum(x)" (events.hpp's names).
std::string output_of_feature(const std::string& feature) {
  if (!feature.empty() && feature.back() == ')') {
    const auto open = feature.find('(');
    if (open != std::string::npos) return feature.substr(open + 1, feature.size() - open - 2);
  }
  return feature.substr(0, feature.find('['));
}

// The note of a violation found on an output whose name or doc says it is computed from the true
// data (an error, a true or exact answer): such an output is evaluation, not release, and an
// unmarked one makes an eps-DP algorithm look leaky.
std::string evaluation_note(const AlgorithmInfo& info, const std::string& output) {
  for (const auto& o : info.outputs) {
    if (o.name != output) continue;
    std::string text = o.name + " " + o.doc;
    for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (const char* word : {"true", "exact", "error", "actual", "ground truth", "unnoised"})
      if (text.find(word) != std::string::npos)
        return "the event reads output '" + o.name + "' (\"" + o.doc + "\"), which looks computed from the true data: " +
               "if it is an evaluation output (an error, a true answer) and not part of the release, mark it " +
               "evaluation = true in the algorithm's OutputSpec and the audit leaves it out";
  }
  return "";
}

}  // namespace

std::string unauditable_reason(const AlgorithmInfo& info) {
  if (!info.unauditable.empty()) return info.unauditable;
  if (info.budget_param.empty() && !info.budget_of) return "it is not private (no privacy budget)";
  if (!info.delta_param.empty())
    return "it is (eps, delta)-DP: events of probability up to delta may exceed e^eps, and the audit tests pure eps-DP";
  if (info.accepts.empty()) return "it reads no dataset, so there is no private input to protect";
  if (!generator_for(info)) {
    std::string kinds;
    for (DatasetKind k : info.accepts) kinds += (kinds.empty() ? "" : ", ") + std::string(kind_name(k));
    return "there is no neighbouring-pair generator for its dataset kinds (" + kinds + ")";
  }
  if (FeatureLayout(info).empty()) return "it releases no output the audit can read";
  return "";
}

AuditReport run_audit(const AuditOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  const Algorithm& alg = find_algorithm(opts.algorithm);
  const AlgorithmInfo info = alg.info();
  if (const std::string why = unauditable_reason(info); !why.empty())
    throw Error(info.name + " cannot be audited: " + why);
  if (opts.samples < 200) throw Error("--samples must be at least 200 (half of them search, half test)");
  if (!(opts.alpha > 0 && opts.alpha < 1)) throw Error("the confidence level must lie strictly between 0 and 1");
  if (opts.point_params && !opts.params.empty())
    throw Error("--param cannot be combined with a spec point (the point gives every parameter)");
  const Params params = opts.point_params ? *opts.point_params : parse_params(info, opts.params);
  // Fixtures refuse specs in check(); for the others it enforces the parameters' domain rules.
  if (info.role == AlgorithmRole::Algorithm) alg.check(params);
  const double budget = declared_budget(info, params);
  const FeatureLayout layout(info);
  PairShape shape = opts.shape;
  shape.lo = info.point_domain.first;
  shape.hi = info.point_domain.second;
  const PairGenerator* generator = generator_for(info);
  if (opts.point_kind) {
    generator = find_pair_generator(*opts.point_kind);
    if (!generator)
      throw Error(std::string("there is no neighbouring-pair generator for the spec's dataset kind ") +
                  kind_name(*opts.point_kind));
  }
  const std::vector<NeighbourPair> pairs = (*generator)(shape);

  AuditReport rep;
  rep.algorithm = info.name;
  rep.params = params_text(params);
  rep.claimed_eps = budget;
  rep.confidence = 1 - opts.alpha;
  rep.samples = opts.samples;
  rep.pairs = pairs.size();
  std::string stream_key = "audit " + info.name;
  for (const auto& [k, v] : params.all()) stream_key += " " + k + "=" + canonical(v);

  const std::size_t half = opts.samples / 2;
  const std::size_t tests = pairs.size() * opts.events_per_pair;
  // Each event's two bounds at alpha / (2 m): all of them hold together with probability >= 1 - alpha.
  const double level = opts.alpha / (2.0 * static_cast<double>(tests));
  for (std::size_t p = 0; p < pairs.size(); ++p) {
    const std::string key = stream_key + " pair " + std::to_string(p);
    const FeatureTable d = sample(alg, params, budget, *pairs[p].a, layout, opts.seed, hash64(key + " D"),
                                  opts.samples, opts.threads, opts.noise);
    const FeatureTable e = sample(alg, params, budget, *pairs[p].b, layout, opts.seed, hash64(key + " D'"),
                                  opts.samples, opts.threads, opts.noise);
    const RowRange d_search{&d, 0, half}, e_search{&e, 0, half};
    const RowRange d_test{&d, half, 2 * half}, e_test{&e, half, 2 * half};
    for (const Event& ev : search_events(d_search, e_search, opts.events_per_pair, 0.05)) {
      EventResult r;
      r.pair = pairs[p].description;
      r.event = ev.describe(layout.names());
      if (ev.kind != EventKind::ReleaseEqual) r.output = output_of_feature(layout.names()[ev.feature]);
      r.n = half;
      r.count_d = count_event(ev, d_test);
      r.count_d_prime = count_event(ev, e_test);
      r.eps_hat = ev.first_over_second ? log_ratio_lower(r.count_d, r.count_d_prime, half, level)
                                       : log_ratio_lower(r.count_d_prime, r.count_d, half, level);
      r.eps_hat = std::max(r.eps_hat, 0.0);
      rep.tested.push_back(r);
      if (rep.tested.size() == 1 || r.eps_hat > rep.best.eps_hat) rep.best = r;
    }
  }
  rep.eps_hat = rep.best.eps_hat;
  if (rep.violation()) rep.note = evaluation_note(info, rep.best.output);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

}  // namespace dplab::audit

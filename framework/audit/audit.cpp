#include "framework/audit/audit.hpp"

#include <omp.h>

#include <algorithm>
#include <boost/math/distributions/normal.hpp>
#include <cctype>
#include <chrono>
#include <cmath>
#include <numeric>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "framework/audit/configure.hpp"
#include "framework/audit/sampling.hpp"
#include "framework/audit/search.hpp"

namespace dplab::audit {

namespace {

// The pair generator of the first accepted kind that has one.
const PairGenerator* generator_for(const AlgorithmInfo& info) {
  for (DatasetKind k : info.accepts)
    if (const PairGenerator* g = find_pair_generator(k)) return g;
  return nullptr;
}

// The largest of 1, 1.5, 2, 3, 5, 7 x 10^k at most x (at least 1): run counts that a slightly
// different pilot timing does not change.
std::size_t round_down(double x) {
  double step = 1;
  while (step * 10 <= x) step *= 10;
  for (double m : {7.0, 5.0, 3.0, 2.0, 1.5, 1.0})
    if (m * step <= x) return static_cast<std::size_t>(m * step);
  return 1;
}

// Runs per side and pairs, for the search and the test.
struct Plan {
  std::size_t pairs = 0, search = 0, test_total = 0;  // test_total: runs per side over the tested pairs
  double cpu_per_run = 0;
};

constexpr std::size_t kMinSearch = 1000;
// Test runs per side of a tested pair at most, when the time budget chooses them: beyond this a
// cheap algorithm's audit would only take longer (5 x 10^6 runs per side measure a log ratio on
// an event of probability 10^-3 to about +-0.05).
constexpr std::size_t kMaxTest = 5000000;

// From the options, or from the time budget: the pilot's cost per run gives the runs the
// budget buys, half for the search (spread over as many pairs as can get kMinSearch runs per
// side each, at most `max_search` per side), the rest for the test.
Plan plan_runs(const AuditOptions& o, std::size_t family, std::size_t max_search, const RunSetup& setup,
               const Dataset& pilot_data) {
  Plan p;
  p.pairs = o.max_pairs ? std::min(o.max_pairs, family) : family;
  if (o.samples) {
    p.search = o.samples;
    p.test_total = o.samples * p.pairs;
    return p;
  }
  // Pilot: runs until a tenth of a second of CPU time (timing noise) or 20,000 runs.
  std::size_t runs = 50;
  for (;;) {
    p.cpu_per_run = cpu_seconds_per_run(setup, pilot_data, runs);
    if (p.cpu_per_run * static_cast<double>(runs) >= 0.1 || runs >= 20000) break;
    runs *= 4;
  }
  const int threads = setup.threads > 0 ? setup.threads : omp_get_max_threads();
  const double total = o.seconds * threads / std::max(p.cpu_per_run, 1e-9);  // runs, both sides, both stages
  const double per_side = total / 2;
  double search = per_side / 2 / static_cast<double>(p.pairs);
  if (search < kMinSearch) {
    p.pairs = std::max<std::size_t>(1, static_cast<std::size_t>(per_side / 2 / kMinSearch));
    search = kMinSearch;
  }
  p.search = std::min(round_down(search), max_search);
  p.test_total = round_down(std::max(per_side - static_cast<double>(p.search * p.pairs), per_side / 2));
  return p;
}

// The family in a random order of the audit's seed (Fisher-Yates), so that a budget that
// covers part of it covers a random part.
std::vector<std::size_t> pair_order(std::size_t n, std::uint64_t seed) {
  std::vector<std::size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  Stream st(seed, hash64("audit pair order"), 0);
  for (std::size_t i = n; i > 1; --i) std::swap(order[i - 1], order[static_cast<std::size_t>(st.uniform() * static_cast<double>(i))]);
  return order;
}

// The best candidates over all pairs, best first: `events` of them from at most
// kMaxTestedPairs pairs.
std::vector<Candidate> choose(std::vector<Candidate> all, std::size_t events) {
  std::stable_sort(all.begin(), all.end(), [](const Candidate& a, const Candidate& b) { return a.score > b.score; });
  std::vector<Candidate> out;
  std::vector<std::size_t> pairs;
  for (auto& c : all) {
    if (out.size() == events) break;
    // Most likely the same event seen through another feature (equal coordinates of duplicate
    // queries; distinct(v) > 3 and = 4): the same counts on the same search runs.
    const bool duplicate = std::any_of(out.begin(), out.end(), [&](const Candidate& o) {
      return o.pair == c.pair && o.n == c.n && o.count_first == c.count_first && o.count_second == c.count_second &&
             o.event.first_over_second == c.event.first_over_second;
    });
    if (duplicate) continue;
    const bool known = std::find(pairs.begin(), pairs.end(), c.pair) != pairs.end();
    if (!known && pairs.size() == kMaxTestedPairs) continue;
    if (!known) pairs.push_back(c.pair);
    out.push_back(std::move(c));
  }
  return out;
}

// The note of a violation found on an output whose name or doc says it is computed from the true
// data (an error, a true or exact answer): such an output is evaluation, not release, and an
// unmarked one makes an eps-DP algorithm look leaky.
std::string evaluation_note(const AlgorithmInfo& info, const std::vector<std::string>& outputs) {
  for (const auto& o : info.outputs) {
    if (std::find(outputs.begin(), outputs.end(), o.name) == outputs.end()) continue;
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
  if (FeatureLayout(info, true).empty()) return "it releases no output the audit can read";
  return "";
}

AuditReport run_audit(const AuditOptions& opts) {
  const auto t0 = std::chrono::steady_clock::now();
  const Algorithm& alg = find_algorithm(opts.algorithm);
  const AlgorithmInfo info = alg.info();
  if (const std::string why = unauditable_reason(info); !why.empty())
    throw Error(info.name + " cannot be audited: " + why);
  if (opts.samples && opts.samples < 100) throw Error("--samples must be at least 100 (runs per side of each pair)");
  if (!(opts.alpha > 0 && opts.alpha < 1)) throw Error("the confidence level must lie strictly between 0 and 1");
  if (!(opts.seconds > 0)) throw Error("--seconds must be positive");
  if (opts.events < 1) throw Error("--events must be at least 1");
  if (opts.point_params && !opts.params.empty())
    throw Error("--param cannot be combined with a spec point (the point gives every parameter)");
  Configuration config;
  if (opts.point_params) config.params = *opts.point_params;
  else config = configure(info, opts.params);
  const Params& params = config.params;
  // Fixtures refuse specs in check(); for the others it enforces the parameters' domain rules.
  if (info.role == AlgorithmRole::Algorithm) alg.check(params);
  const double budget = declared_budget(info, params);
  const FeatureLayout layout(info, opts.include_internal);
  if (layout.empty())
    throw Error(info.name + " releases nothing but internal outputs: audit them with --internal");
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
  const std::vector<NeighbourPair> family = (*generator)(shape);
  const std::vector<std::size_t> order = pair_order(family.size(), opts.seed);

  AuditReport rep;
  rep.algorithm = info.name;
  rep.params = params_text(params);
  rep.chosen = config.chosen;
  rep.released = layout.released();
  rep.left_out = layout.left_out();
  rep.claimed_eps = budget;
  rep.confidence = 1 - opts.alpha;
  rep.pairs_total = family.size();
  std::string stream_key = "audit " + info.name;
  for (const auto& [k, v] : params.all()) stream_key += " " + k + "=" + canonical(v);
  auto key = [&](std::size_t pair, const char* what) {
    return hash64(stream_key + " pair " + std::to_string(pair) + " " + what);
  };

  RunSetup setup;
  setup.alg = &alg;
  setup.params = &params;
  setup.budget = budget;
  setup.delta = declared_delta(info, params);
  setup.layout = &layout;
  setup.seed = opts.seed;
  setup.threads = opts.threads;
  setup.noise = opts.noise;
  // The search keeps its runs' features: at most 64 MB per side.
  const std::size_t max_search = std::clamp<std::size_t>((std::size_t{64} << 20) / (8 * layout.size() + 16), 10000, 250000);
  const Plan plan = plan_runs(opts, family.size(), opts.samples ? SIZE_MAX : max_search, setup, *family[order[0]].b);
  rep.pairs_searched = plan.pairs;
  rep.search_samples = plan.search;
  rep.cpu_per_run = plan.cpu_per_run;

  // Stage 1: search every pair, keep its best candidates.
  const std::size_t m = opts.events;
  const double level = opts.alpha / (2.0 * static_cast<double>(m));
  Ranker rank;
  rank.z_test = boost::math::quantile(boost::math::complement(boost::math::normal(), level));
  rank.test_runs = opts.test_samples ? opts.test_samples
                                     : plan.test_total / std::min({m, plan.pairs, kMaxTestedPairs});
  if (!opts.samples && !opts.test_samples) rank.test_runs = std::min(rank.test_runs, kMaxTest);
  std::vector<Candidate> candidates;
  for (std::size_t i = 0; i < plan.pairs; ++i) {
    const std::size_t p = order[i];
    const FeatureTable d = sample_table(setup, *family[p].a, key(p, "D search"), plan.search);
    const FeatureTable e = sample_table(setup, *family[p].b, key(p, "D' search"), plan.search);
    for (Candidate& c : search_events({&d, 0, d.rows}, {&e, 0, e.rows}, rank, 2 * m)) {
      c.pair = p;
      candidates.push_back(std::move(c));
    }
  }

  // Stage 2: the chosen events on fresh runs, pair by pair.
  const std::vector<Candidate> chosen = choose(std::move(candidates), m);
  std::vector<std::size_t> tested_pairs;
  for (const Candidate& c : chosen)
    if (std::find(tested_pairs.begin(), tested_pairs.end(), c.pair) == tested_pairs.end()) tested_pairs.push_back(c.pair);
  rep.pairs_tested = tested_pairs.size();
  std::size_t test = opts.test_samples;
  if (!test && !tested_pairs.empty()) {
    test = plan.test_total / tested_pairs.size();
    if (!opts.samples) test = std::min(round_down(static_cast<double>(test)), kMaxTest);
  }
  rep.test_samples = test;
  for (std::size_t p : tested_pairs) {
    std::vector<Event> events;
    std::vector<const Candidate*> of_pair;
    for (const Candidate& c : chosen)
      if (c.pair == p) events.push_back(c.event), of_pair.push_back(&c);
    const auto on_d = count_events(setup, *family[p].a, key(p, "D test"), test, events);
    const auto on_e = count_events(setup, *family[p].b, key(p, "D' test"), test, events);
    for (std::size_t j = 0; j < events.size(); ++j) {
      EventResult r;
      r.pair = family[p].description;
      r.event = events[j].describe(layout);
      r.outputs = events[j].outputs(layout);
      r.n = test;
      r.count_d = on_d[j];
      r.count_d_prime = on_e[j];
      const Candidate& c = *of_pair[j];
      r.search_n = c.n;
      r.search_d = c.event.first_over_second ? c.count_first : c.count_second;
      r.search_d_prime = c.event.first_over_second ? c.count_second : c.count_first;
      r.eps_hat = events[j].first_over_second ? log_ratio_lower(r.count_d, r.count_d_prime, test, level)
                                              : log_ratio_lower(r.count_d_prime, r.count_d, test, level);
      r.eps_hat = std::max(r.eps_hat, 0.0);
      rep.tested.push_back(r);
      if (rep.tested.size() == 1 || r.eps_hat > rep.best.eps_hat) rep.best = r;
    }
  }
  rep.eps_hat = rep.best.eps_hat;
  if (rep.violation()) rep.note = evaluation_note(info, rep.best.outputs);
  rep.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return rep;
}

}  // namespace dplab::audit

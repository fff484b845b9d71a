// lu_aggregation.aggregation: `runs` independent runs of a scheme of lu_thesis Figs 4.2-4.5 on
// the curators' data (one row per curator), with Eq. 4.3's errors of the released sums R_i
// against the true sum R averaged over the runs: `mae` = mean |R_i - R|, `mre` = mae / R. The
// thesis's N = 10,000 runs is trials x runs (the specs: 100 x 100); runs are batched in a trial
// because a run costs about 100 ns, far less than storing a trial, and the mean over trials of
// the batch means is the mean over all N runs (with a confidence interval over the batches).
// Also the scheme's analytic quantities: its expected absolute noise (the MAE the runs converge
// to), Ineq. 4.2 (f(ratio), its optimum, the break-evens with PrivaDA) and the probability that
// a release carries no noise at all.
//
// Privacy ledger: the runs are independent replicates of the scheme (the thesis repeats it to
// average the error), each charged in its own branch of a parallel scope, so the ledger checks
// that every run spends eps (Proposition 4.1: eps_u + eps_s for ThisWork and Orig).
#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>

#include "algorithms/linear_queries/laplace_sums.hpp"
#include "algorithms/lu_aggregation/curators.hpp"
#include "algorithms/lu_aggregation/normalised_noise.hpp"
#include "algorithms/lu_aggregation/schemes.hpp"
#include "core/samplers.hpp"
#include "framework/build_once_cache.hpp"
#include "framework/registry.hpp"

namespace dplab::lu_aggregation {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// D = max_{i,j} w_i^j u_i for weights drawn uniformly on the simplex (Dirichlet(1, ..., 1):
// normalised exponentials), one draw per curator per trial from the trial's stream (the split
// is the curators' own, data-independent randomness).
double simplex_share_sensitivity(const Curators& cur, std::uint64_t c, Stream& stream) {
  double d = 0, e[64];
  std::vector<double> big(c > 64 ? c : 0);
  double* w = c > 64 ? big.data() : e;
  for (std::size_t i = 0; i < cur.n(); ++i) {
    double sum = 0, top = 0;
    for (std::uint64_t j = 0; j < c; ++j) {
      bool unused;
      w[j] = sample_exponential(stream, unused);
      sum += w[j];
      top = std::max(top, w[j]);
    }
    d = std::max(d, top / sum * cur.value[i]);
  }
  return d;
}

// Values that depend only on the point (not the trial, not the data scale), computed once.
struct Analysis {
  double unit_expected_abs = 0;  // E|noise| at D = 1, eps = 1
  double no_noise = 0;
  double exact_pr_u = kNaN, exact_pr_s = kNaN;
  double exact_optimum = kNaN;
};

std::shared_ptr<const Analysis> analysis(const Setting& s) {
  static BuildOnceCache<Analysis> cache(512);
  std::ostringstream key;
  key.precision(17);
  key << int(s.scheme) << '|' << s.n << '|' << s.c << '|' << s.ratio << '|' << s.pr_u << '|' << s.pr_s << '|'
      << s.paste_sensitivity / s.share_sensitivity << '|' << s.privada_sensitivity / s.share_sensitivity;
  return cache.get(key.str(), [&] {
    Setting unit = s;
    unit.eps = 1;
    unit.share_sensitivity = 1;
    unit.paste_sensitivity = s.paste_sensitivity / s.share_sensitivity;
    unit.privada_sensitivity = s.privada_sensitivity / s.share_sensitivity;
    Analysis a;
    const auto terms = noise_terms(unit);
    a.unit_expected_abs = linear_queries::expected_abs_laplace_sum(terms);
    a.no_noise = linear_queries::probability_no_noise(terms);
    if (s.scheme == Scheme::ThisWork) {
      a.exact_pr_u = exact_break_even_pr_u(s.n, s.c, s.pr_s, s.ratio);
      a.exact_pr_s = exact_break_even_pr_s(s.n, s.c, s.pr_u, s.ratio);
    }
    if (s.scheme == Scheme::ThisWork || s.scheme == Scheme::Orig) a.exact_optimum = exact_optimum_ratio(s.n, s.c, s.pr_u, s.pr_s);
    return a;
  });
}

class Aggregation : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "lu_aggregation.aggregation";
    i.doc = "lu_thesis ch. 4: a noisy sum through n curators and c aggregators by ThisWork (Algorithm 4.1), Orig, PrivaDA or PASTE";
    i.params = {
        ParamSpec::text("scheme", "ThisWork", "ThisWork (Algorithm 4.1), Orig (both probabilities 1), PrivaDA, PASTE")
            .one_of(scheme_names()),
        ParamSpec::real("eps", 10.0, "total privacy budget eps = eps_u + eps_s (Proposition 4.1)").above(0),
        ParamSpec::real("ratio", 0.75, "eps_u / eps, the curators' share of the budget (ThisWork, Orig)").above(0).below(1),
        ParamSpec::real("Pr_u", 1e-4, "probability that a curator adds its noise (ThisWork)").at_least(0).at_most(1),
        ParamSpec::real("Pr_s", 1e-2, "probability that an aggregator adds its noise (ThisWork)").at_least(0).at_most(1),
        ParamSpec::integer("c", 5, "number of aggregators").at_least(1).at_most(1e6),
        ParamSpec::text("weights", "equal", "splitting weights w_i^j: equal (1/c) or simplex (uniform on the simplex, drawn per curator and run)")
            .one_of({"equal", "simplex"}),
        ParamSpec::integer("runs", 100, "independent runs per trial (the thesis's N = 10,000 is trials x runs)").at_least(1).at_most(1e9),
        ParamSpec::text("paste_sensitivity", "curator",
                        "PASTE's sensitivity: curator (max_i u_i: its aggregator receives whole values) or share (D, as the two-layer schemes)")
            .one_of({"curator", "share"}),
        ParamSpec::text("privada_sensitivity", "share",
                        "PrivaDA's noises: share (Lap(D / eps) each, Ineq. 4.1's model: c eps-DP with a whole curator as "
                        "the neighbour) or curator (Lap(max_i u_i / eps) each: eps-DP at curator level, as PASTE)")
            .one_of({"share", "curator"}),
    };
    i.outputs = {
        {"mae", "mean over the trial's runs of |R_i - R| (Eq. 4.3; its mean over trials is the MAE over all runs)", false, ""},
        {"mre", "mae / R (Eq. 4.3's MRE)", false, ""},
        {"exact_releases", "share of the trial's runs that released the exact sum (no noise present)", false, ""},
        {"expected_mae", "E|noise|: the MAE the runs converge to (exact, from the characteristic function)", false, ""},
        {"expected_mre", "expected_mae / R", false, ""},
        {"normalised_noise", "Ineq. 4.1: the scheme's sum of Pr x Laplace parameter over PrivaDA's; ThisWork: f(ratio) of Ineq. 4.2", false, ""},
        {"optimum_ratio", "argmin of Ineq. 4.2's f over ratio for the scheme's probabilities (ThisWork, Orig; NaN otherwise)", false, ""},
        {"f_minimum", "f at that optimum (ThisWork, Orig; NaN otherwise)", false, ""},
        {"exact_optimum_ratio", "argmin over ratio of the exact E|noise| (ThisWork, Orig; NaN otherwise): where the noises' "
                                "cancellation, which Ineq. 4.2 ignores, puts the optimum", false, ""},
        {"break_even_pr_u", "Ineq. 4.2: the Pr_u at which f(ratio) = 1 for this Pr_s (ThisWork; NaN otherwise)", false, ""},
        {"break_even_pr_s", "Ineq. 4.2: the Pr_s at which f(ratio) = 1 for this Pr_u (ThisWork; NaN otherwise)", false, ""},
        {"exact_break_even_pr_u", "the Pr_u at which ThisWork's E|noise| equals PrivaDA's (ThisWork; NaN otherwise)", false, ""},
        {"exact_break_even_pr_s", "the Pr_s at which ThisWork's E|noise| equals PrivaDA's (ThisWork; NaN otherwise)", false, ""},
        {"no_noise_probability", "probability that a release carries no noise at all (the exact sum)", false, ""},
        {"sensitivity", "the sensitivity of the scheme's noises (D, or D_P for PASTE; the mean over runs with simplex weights)", false, ""},
    };
    i.budget_param = "eps";
    i.accepts = {DatasetKind::Points};
    i.unauditable = "its outputs are error statistics over many simulated releases (MAE, share of exact releases), not a release";
    // Neighbours differ in one curator's whole value, which moves all c partial sums (README
    // ch. 4, privacy findings); D is taken as a public bound (the thesis computes it from the data).
    i.privacy = PrivacyStatus::dp(
        "the release's noise protects a curator's whole value (c D) at eps: PASTE's one Laplace at D_P = c D, "
        "PrivaDA's c noises at D_P (privada_sensitivity: curator), or Orig with c min(ratio, 1 - ratio) <= 1");
    const auto scheme_is = [](const Params& p, const char* s) { return p.text("scheme") == s; };
    const auto both_layers = [scheme_is](const Params& p) { return scheme_is(p, "ThisWork") || scheme_is(p, "Orig"); };
    i.privacy_rules = {
        when("scheme = ThisWork with Pr_u < 1 or Pr_s < 1",
             [scheme_is](const Params& p) { return scheme_is(p, "ThisWork") && (p.real("Pr_u") < 1 || p.real("Pr_s") < 1); },
             PrivacyStatus::not_dp("lu_thesis.alg41_exact_release",
                                   "Algorithm 4.1: a noise is absent with probability 1 - Pr, the exact sum goes out")),
        when("scheme = PrivaDA with privada_sensitivity = share",
             [scheme_is](const Params& p) { return scheme_is(p, "PrivaDA") && p.text("privada_sensitivity") == "share"; },
             PrivacyStatus::not_dp("lu_thesis.aggregators_overlap",
                                   "c noises of the share scale D / eps protect a curator's c D at c eps")),
        when("scheme = PASTE with paste_sensitivity = share",
             [scheme_is](const Params& p) { return scheme_is(p, "PASTE") && p.text("paste_sensitivity") == "share"; },
             PrivacyStatus::not_dp("lu_thesis.aggregators_overlap",
                                   "one noise of the share scale D / eps protects a curator's c D at c eps")),
        when("scheme in {ThisWork, Orig} with c min(ratio, 1 - ratio) > 1",
             [both_layers](const Params& p) {
               return both_layers(p) && double(p.integer("c")) * std::min(p.real("ratio"), 1 - p.real("ratio")) > 1;
             },
             PrivacyStatus::not_dp("lu_thesis.aggregators_overlap",
                                   "the noise layers charged as if disjoint: a curator's c D is protected at "
                                   "c min(eps_u, eps_s) > eps")),
    };
    return i;
  }

  void run(TrialContext& ctx) const override {
    const Params& p = ctx.params;
    const auto cur = curators_of(ctx.dataset<PointSet>());
    Setting s;
    s.scheme = parse_scheme(p.text("scheme"));
    s.n = cur->n();
    s.c = static_cast<std::uint64_t>(p.integer("c"));
    s.eps = p.real("eps");
    s.ratio = p.real("ratio");
    s.pr_u = s.scheme == Scheme::ThisWork ? p.real("Pr_u") : 1.0;
    s.pr_s = s.scheme == Scheme::ThisWork ? p.real("Pr_s") : 1.0;
    const bool equal = p.text("weights") == "equal";
    const bool paste_curator = p.text("paste_sensitivity") == "curator";
    const bool privada_curator = p.text("privada_sensitivity") == "curator";
    auto sensitivities = [&] {
      s.share_sensitivity = equal ? cur->max_value / double(s.c) : simplex_share_sensitivity(*cur, s.c, ctx.stream);
      s.paste_sensitivity = paste_curator ? cur->max_value : s.share_sensitivity;
      s.privada_sensitivity = privada_curator ? cur->max_value : s.share_sensitivity;
    };
    sensitivities();

    const auto runs = static_cast<std::uint64_t>(p.integer("runs"));
    double abs_error = 0, exact = 0, share_sum = 0, paste_sum = 0, privada_sum = 0;
    {
      auto replicates = ctx.ledger.parallel("runs: independent replicates of the scheme (Eq. 4.3)");
      for (std::uint64_t r = 0; r < runs; ++r) {
        auto branch = replicates.branch();
        if (!equal && r > 0) sensitivities();  // a new split for every run
        share_sum += s.share_sensitivity;
        paste_sum += s.paste_sensitivity;
        privada_sum += s.privada_sensitivity;
        const auto drawn = draw_noise(s, ctx.noise);
        // |R_i - R| with R_i = R + noise: the noise itself (R cancels exactly).
        abs_error += std::fabs(drawn.noise);
        exact += drawn.present == 0;
      }
    }
    // Every noise scale is proportional to D, so E|noise| over the runs is the unit value times
    // the mean D (the same D every run with equal weights).
    s.share_sensitivity = share_sum / double(runs);
    s.paste_sensitivity = paste_sum / double(runs);
    s.privada_sensitivity = privada_sum / double(runs);
    const auto a = analysis(s);
    const double scale = s.share_sensitivity / s.eps;  // the analysis is at D = 1, eps = 1
    const bool two_layers = s.scheme == Scheme::ThisWork || s.scheme == Scheme::Orig;
    const bool thiswork = s.scheme == Scheme::ThisWork;

    ctx.out.scalar("mae", abs_error / double(runs));
    ctx.out.scalar("mre", abs_error / double(runs) / cur->total);
    ctx.out.scalar("exact_releases", exact / double(runs));
    ctx.out.scalar("expected_mae", a->unit_expected_abs * scale);
    ctx.out.scalar("expected_mre", a->unit_expected_abs * scale / cur->total);
    ctx.out.scalar("normalised_noise", normalised_noise(s));
    ctx.out.scalar("optimum_ratio", two_layers ? optimum_ratio(s.n, s.c, s.pr_u, s.pr_s) : kNaN);
    ctx.out.scalar("f_minimum", two_layers ? f_minimum(s.n, s.c, s.pr_u, s.pr_s) : kNaN);
    ctx.out.scalar("exact_optimum_ratio", a->exact_optimum);
    ctx.out.scalar("break_even_pr_u", thiswork ? break_even_pr_u(s.n, s.c, s.pr_s, s.ratio) : kNaN);
    ctx.out.scalar("break_even_pr_s", thiswork ? break_even_pr_s(s.n, s.c, s.pr_u, s.ratio) : kNaN);
    ctx.out.scalar("exact_break_even_pr_u", a->exact_pr_u);
    ctx.out.scalar("exact_break_even_pr_s", a->exact_pr_s);
    ctx.out.scalar("no_noise_probability", a->no_noise);
    ctx.out.scalar("sensitivity", s.scheme == Scheme::PASTE     ? s.paste_sensitivity
                                  : s.scheme == Scheme::PrivaDA ? s.privada_sensitivity
                                                                : s.share_sensitivity);
  }
};

}  // namespace
}  // namespace dplab::lu_aggregation

using dplab::lu_aggregation::Aggregation;
DPLAB_ALGORITHM(Aggregation);

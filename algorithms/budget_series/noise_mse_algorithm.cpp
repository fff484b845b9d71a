// budget_series.noise_mse: Table 2. N sum queries over the KOS "wordcount" column scaled to
// [0, 1] (so the sum query has sensitivity 1, §5.2.1), query i answered by the Laplace
// mechanism with budget eps_i = k_i eps. The metric sum_squared_error gives eq. 37's
// MSE_i = sum_i (y_i - x_i)^2 for one round; the table is its mean over the rounds (trials).
#include <algorithm>
#include <cmath>

#include "algorithms/budget_series/allocation_params.hpp"
#include "algorithms/budget_series/protections.hpp"
#include "framework/registry.hpp"

namespace dplab::budget_series {
namespace {

class NoiseMse : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "budget_series.noise_mse";
    i.doc = "total squared noise of N Laplace sum queries under an allocation strategy (Table 2)";
    i.params = {
        ParamSpec::integer("N", 20, "number of sum queries").at_least(1).at_most(100000),
        ParamSpec::real("eps", 1.0, "total privacy budget").above(0),
    };
    for (auto& p : allocation_param_specs()) i.params.push_back(p);
    i.outputs = {
        {"answers", "noisy answers y_i of the N sum queries", true, "i"},
        {"truth", "true answers x_i", true, "i", false, false, /*evaluation=*/true},
        {"expected_mse", "its expectation, sum of 2 / eps_i^2 (Laplace variance)", false, ""},
        {"expected_mse_sd", "standard deviation of one round, sqrt(sum 20 / eps_i^4) (Var L^2 = 20 b^4)", false, ""},
    };
    i.budget_param = "eps";
    i.accepts = {DatasetKind::BagOfWords};
    i.privacy = PrivacyStatus::dp(
        "N Laplace sum queries, query i at eps_i = k_i eps (sequential composition: eps), on the wordcount sum "
        "scaled to [0, 1] by the largest count (§5.2.1's normalisation, its scale taken as public)");
    return i;
  }

  void check(const Params& p) const override {
    check_allocation(p, static_cast<int>(p.integer("N")), p.real("eps"));
  }

  void run(TrialContext& ctx) const override {
    const auto& bow = ctx.dataset<BagOfWords>();
    const Params& p = ctx.params;
    const int N = static_cast<int>(p.integer("N"));
    const double eps = p.real("eps");

    // The sum query over wordcount scaled to [0, 1]: one record moves it by at most 1.
    const double max_count = *std::max_element(bow.count.begin(), bow.count.end());
    double x = 0;
    for (auto c : bow.count) x += c / max_count;

    StrategyParams sp = strategy_params(p, N, eps);
    auto answer = [&](const std::vector<double>& k) {
      double expected = 0, variance = 0;
      std::vector<double> answers(static_cast<std::size_t>(N));
      for (int i = 0; i < N; ++i) {
        const double eps_i = eps * k[static_cast<std::size_t>(i)];
        answers[static_cast<std::size_t>(i)] = ctx.noise.laplace(x, 1.0, eps_i, "sum query");
        expected += 2.0 / (eps_i * eps_i);
        variance += 20.0 / (eps_i * eps_i * eps_i * eps_i);
      }
      ctx.out.vector("answers", std::move(answers));
      ctx.out.vector("truth", std::vector<double>(static_cast<std::size_t>(N), x));
      ctx.out.scalar("expected_mse", expected);
      ctx.out.scalar("expected_mse_sd", std::sqrt(variance));
    };
    if (protection(p) == Protection::NoisyN) {
      // §6.4: the noisy count and the queries touch disjoint inputs (parallel composition).
      auto scope = ctx.ledger.parallel("noisy query count (§6.4)");
      { auto b = scope.branch(); sp.n_shape = noisy_query_count(N, eps, ctx.noise); }
      auto b = scope.branch();
      answer(protected_proportions(p, sp, ctx.stream));
    } else {
      answer(protected_proportions(p, sp, ctx.stream));
    }
  }
};

}  // namespace
}  // namespace dplab::budget_series

using dplab::budget_series::NoiseMse;
DPLAB_ALGORITHM(NoiseMse);

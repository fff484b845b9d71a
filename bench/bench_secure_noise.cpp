// The cost of exact noise (core/secure_noise.hpp) against the fast ziggurat Laplace
// (core/samplers.hpp), in samples per second on one thread; and the speed of `dplab audit` on
// one mechanism (mechanism.laplace: 3 neighbouring pairs, both sides, runner-style parallel runs),
// in algorithm runs per second. The docs/audit-and-secure-noise.md quote them.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <vector>

#include "core/rng.hpp"
#include "core/samplers.hpp"
#include "core/secure_noise.hpp"
#include "framework/audit/audit.hpp"

namespace {

namespace sn = dplab::secure;

// Fast path: Laplace(2) by the ziggurat (what Mechanisms::laplace draws in fast mode).
void BM_ZigguratLaplace(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  double sink = 0;
  for (auto _ : state) sink += dplab::sample_laplace(s, 2.0);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_ZigguratLaplace);

// Exact discrete Laplace of scale 2 (sensitivity 1, eps 0.5).
void BM_SecureDiscreteLaplace(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  const sn::Rational b = sn::laplace_scale(1.0, 0.5);
  std::int64_t sink = 0;
  for (auto _ : state) sink += sn::discrete_laplace(s, b.num, b.den);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SecureDiscreteLaplace);

// Exact discrete Laplace at eps = 0.1 as a double (scale 2^55 / 3602879701896397: the
// 128-bit path of uniform_below).
void BM_SecureDiscreteLaplaceEps01(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  const sn::Rational b = sn::laplace_scale(1.0, 0.1);
  std::int64_t sink = 0;
  for (auto _ : state) sink += sn::discrete_laplace(s, b.num, b.den);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SecureDiscreteLaplaceEps01);

// The real-valued secure path: value 0.3, sensitivity 1, eps 0.5 (grid 2^-39, noise of about
// 2^40 grid steps: the discrete Laplace's 128-bit path).
void BM_SecureGranularLaplace(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  double sink = 0;
  for (auto _ : state) sink += sn::granular_laplace(s, 0.3, 1.0, 0.5);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SecureGranularLaplace);

// The batched paths (issue 30): 4,096 draws a call, the words read ahead in whole cipher
// blocks (BulkWords), the same values as the one-at-a-time calls above. Items are draws.
void discrete_laplace_batch(benchmark::State& state, double eps) {
  dplab::Stream s(1, 2, 3);
  const sn::Rational b = sn::laplace_scale(1.0, eps);
  std::vector<std::int64_t> out(4096);
  for (auto _ : state) {
    sn::discrete_laplace(s, b.num, b.den, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(out.size()));
}
// Scale 2 (eps 0.5), and eps 0.1 as a double (the 128-bit path of uniform_below).
void BM_SecureDiscreteLaplaceBatch(benchmark::State& state) { discrete_laplace_batch(state, 0.5); }
void BM_SecureDiscreteLaplaceEps01Batch(benchmark::State& state) { discrete_laplace_batch(state, 0.1); }
BENCHMARK(BM_SecureDiscreteLaplaceBatch);
BENCHMARK(BM_SecureDiscreteLaplaceEps01Batch);

// Granular Laplace on a vector of 4,096 values (sensitivity 1, eps 0.5): the secure mode of
// Mechanisms::laplace on a vector query.
void BM_SecureGranularLaplaceBatch(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  std::vector<double> values(4096);
  for (auto _ : state) {
    std::fill(values.begin(), values.end(), 0.3);
    sn::granular_laplace(s, values, 1.0, 0.5);
    benchmark::DoNotOptimize(values.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(values.size()));
}
BENCHMARK(BM_SecureGranularLaplaceBatch);

// The fast path on the same vector: Laplace(2) by the vector ziggurat, 4,096 a call.
void BM_ZigguratLaplaceBatch(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  std::vector<double> out(4096);
  for (auto _ : state) {
    dplab::sample_laplace(s, 2.0, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * static_cast<std::int64_t>(out.size()));
}
BENCHMARK(BM_ZigguratLaplaceBatch);

// Exact discrete Gaussian, sigma^2 = 4 and 1e6 (num/den = 1000000/1).
void BM_SecureDiscreteGaussian(benchmark::State& state) {
  dplab::Stream s(1, 2, 3);
  const auto var = static_cast<std::uint64_t>(state.range(0));
  std::int64_t sink = 0;
  for (auto _ : state) sink += sn::discrete_gaussian(s, var, 1);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations());
}
BENCHMARK(BM_SecureDiscreteGaussian)->Arg(4)->Arg(1000000);

// dplab audit mechanism.laplace at 10^4 search runs per side of 3 pairs and 10^5 test runs per
// side of the tested pairs, fast or secure noise, two threads: items are algorithm runs.
void BM_AuditLaplace(benchmark::State& state) {
  dplab::audit::AuditOptions o;
  o.algorithm = "mechanism.laplace";
  o.params = {"eps=1"};
  o.samples = 10000;
  o.test_samples = 100000;
  o.max_pairs = 3;
  o.alpha = 1e-3;
  o.threads = 2;
  o.noise = state.range(0) ? dplab::Mechanisms::Noise::secure : dplab::Mechanisms::Noise::fast;
  std::size_t runs = 0;
  for (auto _ : state) {
    const auto r = dplab::audit::run_audit(o);
    runs += 2 * (r.search_samples * r.pairs_searched + r.test_samples * r.pairs_tested);
    benchmark::DoNotOptimize(r.eps_hat);
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(runs));
}
BENCHMARK(BM_AuditLaplace)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->UseRealTime();

}  // namespace

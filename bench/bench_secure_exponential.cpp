// The cost of the exact exponential family (core/secure_exponential.hpp, the `noise: secure`
// path of Mechanisms::exponential, exponential_each, laplace_exceedances and
// randomized_response) against the floating-point samplers of the fast path, in draws per
// second on one thread, measured in the same run. The the table of docs/audit-and-secure-noise.md quotes them.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include "core/rng.hpp"
#include "core/secure_exponential.hpp"
#include "framework/ledger.hpp"
#include "framework/mechanisms.hpp"

namespace {

// Times `draw` (one Mechanisms call per iteration, `items` draws each) in either noise mode,
// with a budget no call exhausts; the results go to a sink so nothing is optimised away.
template <class Draw>
void time_draws(benchmark::State& state, dplab::Mechanisms::Noise noise, std::int64_t items, Draw draw) {
  dplab::Stream s(1, 2, 3);
  dplab::PrivacyLedger l(1e300);
  dplab::Mechanisms m(s, l);
  m.set_noise(noise);
  std::size_t sink = 0;
  for (auto _ : state) sink += draw(m);
  benchmark::DoNotOptimize(sink);
  state.SetItemsProcessed(state.iterations() * items);
}

// Scores 0..15 (sensitivity 1).
std::vector<double> sixteen_scores() {
  std::vector<double> scores(16);
  for (std::size_t i = 0; i < scores.size(); ++i) scores[i] = static_cast<double>(i);
  return scores;
}

// 16 candidates at eps: one exponential-mechanism draw, by Mechanisms in either mode (the secure
// one builds its grid-rounded exponents per call, as a mechanism call does).
void exponential_draws(benchmark::State& state, dplab::Mechanisms::Noise noise, double eps) {
  const std::vector<double> scores = sixteen_scores();
  time_draws(state, noise, 1, [&](dplab::Mechanisms& m) { return m.exponential(scores, 1.0, eps); });
}
void BM_ExponentialFast(benchmark::State& state) { exponential_draws(state, dplab::Mechanisms::Noise::fast, 1.0); }
void BM_ExponentialSecure(benchmark::State& state) { exponential_draws(state, dplab::Mechanisms::Noise::secure, 1.0); }
void BM_ExponentialSecureEps01(benchmark::State& state) {
  exponential_draws(state, dplab::Mechanisms::Noise::secure, 0.1);
}
BENCHMARK(BM_ExponentialFast);
BENCHMARK(BM_ExponentialSecure);
BENCHMARK(BM_ExponentialSecureEps01);

// exponential_each: 1,000 parts with the same 16 candidates per call (lu_thesis Algorithm 6.2's
// form); items are parts.
void each_draws(benchmark::State& state, dplab::Mechanisms::Noise noise) {
  const std::vector<double> scores = sixteen_scores();
  time_draws(state, noise, 1000, [&](dplab::Mechanisms& m) { return m.exponential_each(1000, scores, 1.0, 1.0).back(); });
}
void BM_ExponentialEachFast(benchmark::State& state) { each_draws(state, dplab::Mechanisms::Noise::fast); }
void BM_ExponentialEachSecure(benchmark::State& state) { each_draws(state, dplab::Mechanisms::Noise::secure); }
BENCHMARK(BM_ExponentialEachFast);
BENCHMARK(BM_ExponentialEachSecure);

// laplace_exceedances over 10,000 zero answers at threshold 3, eps 1 (about 250 exceed):
// items are queries. The fast path skips geometrically, the secure one draws per query.
void exceedance_draws(benchmark::State& state, dplab::Mechanisms::Noise noise) {
  time_draws(state, noise, 10000, [](dplab::Mechanisms& m) { return m.laplace_exceedances(10000, 3.0, 1.0, 1.0).size(); });
}
void BM_ExceedancesFast(benchmark::State& state) { exceedance_draws(state, dplab::Mechanisms::Noise::fast); }
void BM_ExceedancesSecure(benchmark::State& state) { exceedance_draws(state, dplab::Mechanisms::Noise::secure); }
BENCHMARK(BM_ExceedancesFast);
BENCHMARK(BM_ExceedancesSecure);

// Randomized response on one bit at eps = 1.
void rr_draws(benchmark::State& state, dplab::Mechanisms::Noise noise) {
  time_draws(state, noise, 1, [](dplab::Mechanisms& m) { return std::size_t{m.randomized_response(true, 1.0)}; });
}
void BM_RandomizedResponseFast(benchmark::State& state) { rr_draws(state, dplab::Mechanisms::Noise::fast); }
void BM_RandomizedResponseSecure(benchmark::State& state) { rr_draws(state, dplab::Mechanisms::Noise::secure); }
BENCHMARK(BM_RandomizedResponseFast);
BENCHMARK(BM_RandomizedResponseSecure);

}  // namespace

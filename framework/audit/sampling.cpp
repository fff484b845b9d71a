#include "framework/audit/sampling.hpp"

#include <omp.h>

#include <ctime>
#include <exception>

#include "framework/runner.hpp"

namespace dplab::audit {

namespace {

// Runs [0, count) of the stream `key` in parallel, handing each run's outputs to
// visit(thread_state, run index, outputs); the first exception stops the loop and is rethrown.
template <class State, class Visit>
std::vector<State> for_each_run(const RunSetup& s, const Dataset& data, std::uint64_t key, std::size_t count,
                                const State& init, Visit visit) {
  const int threads = s.threads > 0 ? s.threads : omp_get_max_threads();
  std::vector<State> states(static_cast<std::size_t>(threads), init);
  // Public inputs (workloads, query sets) are the same in every run: the algorithm is audited
  // for one fixed public input, as its privacy claim is.
  const TrialSeeds seeds{s.seed, 0};
  std::exception_ptr failure;
#pragma omp parallel num_threads(threads)
  {
    Scratch scratch;
    State& state = states[static_cast<std::size_t>(omp_get_thread_num())];
#pragma omp for schedule(dynamic, 256)
    for (std::size_t i = 0; i < count; ++i) {
      if (failure) continue;
      try {
        AlgorithmRun r = run_algorithm(*s.alg, *s.params, s.budget, &data, Stream(s.seed, key, i), seeds, scratch,
                                       s.delta, s.noise);
        visit(state, i, r.outputs);
      } catch (...) {
#pragma omp critical(dplab_audit_failure)
        if (!failure) failure = std::current_exception();
      }
    }
  }
  if (failure) std::rethrow_exception(failure);
  return states;
}

}  // namespace

double process_cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

FeatureTable sample_table(const RunSetup& s, const Dataset& data, std::uint64_t key, std::size_t count) {
  FeatureTable t;
  t.rows = count;
  t.features = s.layout->size();
  t.values.resize(count * t.features);
  t.hashes.resize(count);
  struct None {};
  for_each_run(s, data, key, count, None{}, [&](None&, std::size_t i, const Outputs& out) {
    t.hashes[i] = s.layout->extract(out, t.values.data() + i * t.features);
  });
  return t;
}

std::vector<std::size_t> count_events(const RunSetup& s, const Dataset& data, std::uint64_t key, std::size_t count,
                                      const std::vector<Event>& events) {
  struct Counts {
    std::vector<std::size_t> hits;
    std::vector<double> row;
  };
  const Counts init{std::vector<std::size_t>(events.size(), 0), std::vector<double>(s.layout->size())};
  const auto states = for_each_run(s, data, key, count, init, [&](Counts& c, std::size_t, const Outputs& out) {
    const ReleaseHashes h = s.layout->extract(out, c.row.data());
    for (std::size_t e = 0; e < events.size(); ++e) c.hits[e] += events[e].holds(c.row.data(), h);
  });
  std::vector<std::size_t> total(events.size(), 0);
  for (const auto& c : states)
    for (std::size_t e = 0; e < events.size(); ++e) total[e] += c.hits[e];
  return total;
}

double cpu_seconds_per_run(const RunSetup& s, const Dataset& data, std::size_t runs) {
  const double t0 = process_cpu_seconds();
  for_each_run(s, data, hash64("audit pilot"), runs, std::vector<double>(s.layout->size()),
               [&](std::vector<double>& row, std::size_t, const Outputs& out) { s.layout->extract(out, row.data()); });
  return (process_cpu_seconds() - t0) / static_cast<double>(runs);
}

}  // namespace dplab::audit

// MPI ranks for `dplab run` (built with -DDPLAB_WITH_MPI=ON; see framework/cluster.hpp).
//
// Protocol: rank r > 0 sends rank 0 a request (tag kRequest) carrying its thread count and the
// trials it finished since its last message, a little before its queue runs dry; rank 0 answers
// with a block of (point, trial) items (kBlock; empty: nothing more). Finished trials also go
// back every kFlushSeconds on their own (kResults), so progress and checkpoints follow the whole
// job; a rank whose trial throws sends the message (kFail), and a rank with nothing more to do
// sends its last trials (kBye). Only each process's main thread calls MPI (MPI_THREAD_FUNNELED):
// the OpenMP threads compute in a std::thread of their own.
// The C API only (the deprecated C++ bindings do not compile cleanly under -Werror).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <iostream>
#include <list>
#include <thread>

#include "core/error.hpp"
#include "framework/cluster.hpp"

namespace dplab {

namespace {

enum Tag : int { kRequest = 1, kResults = 2, kBye = 3, kFail = 4, kBlock = 5 };
constexpr double kFlushSeconds = 0.25;
// A block is a share of what is left (large early: few messages; small late: the last items
// balance across ranks), at least one item per thread of the asking rank, at most kMaxPerThread.
constexpr std::size_t kMaxPerThread = 16;
constexpr std::size_t kSetupBytes = 4096;

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// Started by mpirun/mpiexec (OpenMPI, MPICH's hydra) or srun with PMI/PMIx: then MPI_Init; a
// dplab started alone never initialises MPI (no singleton runtime, no delay).
bool launched_by_mpi() {
  for (const char* v : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK", "PMI_SIZE"})
    if (std::getenv(v)) return true;
  return false;
}

// mpirun binds each rank to one core by default (OpenMPI: --bind-to core when there are at most
// two ranks), so a rank's OpenMP threads would share that core: measured on 2 cores, Fig 7.7 at
// 40 trials took 38-55 s under `mpirun -np 1 ... --threads 2` against 19-21 s without mpirun.
// One line per rank whose affinity mask has fewer cores than its threads.
void warn_if_bound(int rank, int threads) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return;
  const int cores = CPU_COUNT(&set);
  if (cores >= threads) return;
  std::cerr << "dplab run: warning: MPI rank " << rank << " runs " << threads << " threads on the " << cores
            << " core(s) mpirun bound it to; start mpirun with --bind-to none (or --map-by slot:PE=" << threads
            << ") so that each thread has a core\n";
}

std::string pack_setup(const RankSetup& s) {
  const char sep = '\x1f';
  std::string out = std::string(s.ok ? "1" : "0") + sep + std::to_string(s.threads) + sep + s.host + sep + s.spec_hash +
                    sep + s.code + sep + s.error;
  out.resize(kSetupBytes - 1);  // an over-long error message is cut, never overflows
  return out;
}

RankSetup unpack_setup(const char* bytes) {
  std::string s(bytes, strnlen(bytes, kSetupBytes));
  std::vector<std::string> f;
  std::size_t from = 0;
  for (int i = 0; i < 5; ++i) {
    const auto at = s.find('\x1f', from);
    if (at == std::string::npos) break;
    f.push_back(s.substr(from, at - from));
    from = at + 1;
  }
  f.push_back(s.substr(std::min(from, s.size())));
  RankSetup r;
  if (f.size() != 6) {
    r.ok = false;
    r.error = "unreadable setup message";
    return r;
  }
  r.ok = f[0] == "1";
  r.threads = std::atoi(f[1].c_str());
  r.host = f[2]; r.spec_hash = f[3]; r.code = f[4]; r.error = f[5];
  return r;
}

// Polling MPI between messages: 50 us after one, doubling to 2 ms while nothing comes (a rank
// asks for its next block before its queue runs dry, so a late answer costs no computing time,
// and an idle rank 0 stays near 500 wake-ups a second).
class Backoff {
 public:
  void reset() { us_ = 50; }
  void wait() {
    std::this_thread::sleep_for(std::chrono::microseconds(us_));
    us_ = std::min(us_ * 2, 2000);
  }

 private:
  int us_ = 50;
};

// A block on its way to a rank: the buffer lives until MPI_Isend completes.
struct Outgoing {
  std::vector<std::uint64_t> items;
  MPI_Request request = MPI_REQUEST_NULL;
};

// Forgets the sends that completed (all of them, waiting, when `wait`).
void reap(std::list<Outgoing>& pending, bool wait) {
  for (auto it = pending.begin(); it != pending.end();) {
    int done = 0;
    if (wait) {
      MPI_Wait(&it->request, MPI_STATUS_IGNORE);
      done = 1;
    } else {
      MPI_Test(&it->request, &done, MPI_STATUS_IGNORE);
    }
    it = done ? pending.erase(it) : std::next(it);
  }
}

class MpiCluster final : public Cluster {
 public:
  MpiCluster() {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    if (provided < MPI_THREAD_FUNNELED) throw Error("the MPI library does not support MPI_THREAD_FUNNELED");
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_);
    MPI_Comm_size(MPI_COMM_WORLD, &size_);
  }
  ~MpiCluster() override {
    if (finalize_) MPI_Finalize();
  }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void abandon() override { finalize_ = false; }
  bool abandoned() const override { return !finalize_; }

  std::vector<RankSetup> gather(const RankSetup& mine) override {
    const std::string packed = pack_setup(mine);
    std::vector<char> all(rank_ == 0 ? kSetupBytes * static_cast<std::size_t>(size_) : 1);
    std::vector<char> own(kSetupBytes, '\0');
    std::memcpy(own.data(), packed.data(), packed.size());
    MPI_Gather(own.data(), static_cast<int>(kSetupBytes), MPI_CHAR, all.data(), static_cast<int>(kSetupBytes), MPI_CHAR, 0,
               MPI_COMM_WORLD);
    std::vector<RankSetup> out;
    if (rank_ == 0)
      for (int i = 0; i < size_; ++i) out.push_back(unpack_setup(all.data() + kSetupBytes * static_cast<std::size_t>(i)));
    return out;
  }

  bool decide(bool go) override {
    int g = go ? 1 : 0;
    MPI_Bcast(&g, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return g == 1;
  }

  void serve(const ComputeJob& job, Dispenser& dispenser, Collector& collector,
             const std::function<bool()>& interrupted) override {
    warn_if_bound(rank_, job.threads);
    std::atomic<bool> local_done{false};
    auto stopping = [&] { return collector.failed() || interrupted(); };
    // Rank 0's own threads take items one at a time, as the single-process runner does.
    std::thread local([&] {
      compute_items(
          job, [&](WorkItem& w) { return dispenser.next(w); },
          [&](std::size_t p, std::size_t t, TrialResult& tr) {
            collector.commit(p, t, tr);
            // Checkpoints are written by rank 0's computing threads, as in one process, so that
            // the thread serving the other ranks never stops for a write.
            collector.checkpoint_if_due();
          },
          [&](const std::string& why) {
            collector.fail(why);
            dispenser.stop();
          },
          stopping);
      local_done = true;
    });
    int active = size_ - 1;
    const std::size_t metrics = job.spec.metrics.size();
    std::vector<double>& buf = inbox_;
    std::list<Outgoing> pending;
    Backoff idle;
    while (!(active == 0 && local_done)) {
      if (interrupted()) {
        // At once, before waiting for rank 0's threads: mpirun's SIGKILL follows its SIGTERM
        // within a second (odls_base_sigkill_timeout), Slurm's within KillWait (30 s).
        dispenser.stop();
        collector.checkpoint();
        break;
      }
      int flag = 0;
      MPI_Status st;
      MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st);
      if (!flag) {
        if (local_done) collector.checkpoint_if_due();
        idle.wait();
        continue;
      }
      idle.reset();
      const int from = st.MPI_SOURCE;
      if (st.MPI_TAG == kFail) {
        int n = 0;
        MPI_Get_count(&st, MPI_CHAR, &n);
        text_.assign(static_cast<std::size_t>(n), '\0');
        if (!receive(text_.data(), n, MPI_CHAR, st, interrupted)) continue;
        collector.fail(text_);
        dispenser.stop();
        continue;
      }
      int n = 0;
      MPI_Get_count(&st, MPI_DOUBLE, &n);
      buf.resize(static_cast<std::size_t>(n));
      if (!receive(buf.data(), n, MPI_DOUBLE, st, interrupted)) continue;
      const auto threads = buf.empty() ? std::size_t{1} : static_cast<std::size_t>(std::max(1.0, buf[0]));
      try {
        for (std::size_t at = 1; at < buf.size();) {
          std::size_t p = 0, t = 0;
          TrialResult tr = unpack_trial(buf, at, metrics, p, t);
          if (p >= job.points.size() || t >= static_cast<std::size_t>(job.spec.trials))
            throw Error("trial message from another rank names a cell outside the sweep");
          collector.commit(p, t, tr);
        }
      } catch (const Error& e) {
        collector.fail("MPI rank " + std::to_string(from) + ": " + e.what());
        dispenser.stop();
      }
      if (st.MPI_TAG == kBye) --active;
      if (st.MPI_TAG != kRequest) continue;
      std::vector<WorkItem> block;
      if (!stopping()) {
        const std::size_t left = dispenser.remaining();
        const std::size_t share = left / (2 * static_cast<std::size_t>(size_));
        block = dispenser.take(std::clamp(share, threads, kMaxPerThread * threads));
      }
      // Non-blocking: a block of many threads' items may exceed the eager limit, and the rank
      // may itself be sending a large batch of trials to rank 0 at that moment.
      pending.emplace_back();
      Outgoing& o = pending.back();
      for (const auto& w : block) {
        o.items.push_back(w.point);
        o.items.push_back(w.trial);
      }
      MPI_Isend(o.items.data(), static_cast<int>(o.items.size()), MPI_UINT64_T, from, kBlock, MPI_COMM_WORLD, &o.request);
      reap(pending, false);
    }
    if (!interrupted()) reap(pending, true);
    local.join();
  }

  void work(const ComputeJob& job, std::int64_t abort_after) override {
    warn_if_bound(rank_, job.threads);
    std::mutex m;
    std::condition_variable cv;
    std::deque<WorkItem> queue;
    bool no_more = false;
    std::vector<double> outbox;
    std::vector<std::string> failures;
    std::int64_t computed = 0;
    std::atomic<bool> compute_done{false};
    std::thread compute([&] {
      compute_items(
          job,
          [&](WorkItem& w) {
            std::unique_lock<std::mutex> lock(m);
            cv.wait(lock, [&] { return !queue.empty() || no_more; });
            if (queue.empty()) return false;
            w = queue.front();
            queue.pop_front();
            return true;
          },
          [&](std::size_t p, std::size_t t, TrialResult& tr) {
            std::lock_guard<std::mutex> lock(m);
            pack_trial(p, t, tr, outbox);
            if (abort_after >= 0 && ++computed >= abort_after) std::raise(SIGKILL);  // testing: a rank that dies
          },
          [&](const std::string& why) {
            std::lock_guard<std::mutex> lock(m);
            failures.push_back(why);
          },
          [] { return false; });
      compute_done = true;
    });
    const auto threads = static_cast<std::size_t>(job.threads);
    Backoff idle;
    bool requested = false;
    auto last_send = Clock::now();
    std::vector<double> send;
    std::vector<std::string> fails;
    for (;;) {
      bool want = false, bye = false;
      send.assign(1, static_cast<double>(threads));
      {
        std::lock_guard<std::mutex> lock(m);
        fails.swap(failures);
        want = !requested && !no_more && queue.size() <= threads;
        bye = no_more && queue.empty() && compute_done;
        if (want || bye || (!outbox.empty() && since(last_send) >= kFlushSeconds)) {
          send.insert(send.end(), outbox.begin(), outbox.end());
          outbox.clear();
        }
      }
      for (auto& why : fails)
        MPI_Send(why.data(), static_cast<int>(why.size()), MPI_CHAR, 0, kFail, MPI_COMM_WORLD);
      fails.clear();
      if (want || bye || send.size() > 1) {
        MPI_Send(send.data(), static_cast<int>(send.size()), MPI_DOUBLE, 0, want ? kRequest : bye ? kBye : kResults,
                 MPI_COMM_WORLD);
        last_send = Clock::now();
        if (bye) break;
        requested = requested || want;
      }
      if (requested) {
        int flag = 0;
        MPI_Status st;
        MPI_Iprobe(0, kBlock, MPI_COMM_WORLD, &flag, &st);
        if (flag) {
          int n = 0;
          MPI_Get_count(&st, MPI_UINT64_T, &n);
          std::vector<std::uint64_t> items(static_cast<std::size_t>(n));
          MPI_Recv(items.data(), n, MPI_UINT64_T, 0, kBlock, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
          {
            std::lock_guard<std::mutex> lock(m);
            if (items.empty()) no_more = true;
            for (std::size_t i = 0; i + 1 < items.size(); i += 2) queue.push_back({items[i], items[i + 1]});
            requested = false;
          }
          cv.notify_all();
          idle.reset();
          continue;
        }
      }
      idle.wait();
    }
    compute.join();
  }

 private:
  // Receives the message `st` announced, giving up when `interrupted`: a rank killed half-way
  // through sending leaves a matched message that never completes, and MPI_Recv would wait for
  // it for ever (then mpirun's SIGTERM could not reach the runner's handler in time).
  static bool receive(void* data, int n, MPI_Datatype type, const MPI_Status& st,
                      const std::function<bool()>& interrupted) {
    MPI_Request request;
    MPI_Irecv(data, n, type, st.MPI_SOURCE, st.MPI_TAG, MPI_COMM_WORLD, &request);
    for (;;) {
      int done = 0;
      MPI_Test(&request, &done, MPI_STATUS_IGNORE);
      if (done) return true;
      if (interrupted()) return false;  // the job ends; the buffer stays allocated until then
      std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
  }

  int rank_ = 0, size_ = 1;
  bool finalize_ = true;
  std::vector<double> inbox_;  // rank 0's receive buffers, members so that an abandoned receive
  std::string text_;           // never writes into freed memory
};

}  // namespace

std::unique_ptr<Cluster> join_cluster() {
  if (!launched_by_mpi()) return nullptr;
  return std::make_unique<MpiCluster>();
}

bool built_with_mpi() { return true; }

}  // namespace dplab

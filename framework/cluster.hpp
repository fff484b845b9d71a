// What the runner shares with a job of several processes (MPI ranks, framework/mpi_cluster.cpp,
// built only with -DDPLAB_WITH_MPI=ON): rank 0 hands out (point, trial) work items in blocks on
// request, computes some itself, and alone writes the result; every other rank computes the
// blocks it is given on its OpenMP threads and sends the trials back. Results do not depend on
// which rank computed what: every trial draws from the counter-based stream of (seed, point,
// trial), so a job of any size writes the same metrics as one process.
//
// This header is MPI-free: the runner (framework/runner.cpp) calls a Cluster through this
// interface, and a build without MPI links framework/mpi_absent.cpp, whose join_cluster() says
// no job exists, so the single-process runner is all there is.
#pragma once
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "framework/progress.hpp"
#include "framework/runner.hpp"
#include "framework/store.hpp"

namespace dplab {

struct WorkItem {
  std::size_t point, trial;
};

// The work list, handed out in order, thread-safe: one item at a time to rank 0's threads,
// blocks to the other ranks.
class Dispenser {
 public:
  explicit Dispenser(const std::vector<WorkItem>& work) : work_(work) {}
  bool next(WorkItem& item);
  std::vector<WorkItem> take(std::size_t n);
  std::size_t remaining();
  void stop();  // hand out nothing more (a failure or an interruption)

 private:
  const std::vector<WorkItem>& work_;
  std::size_t cursor_ = 0;
  bool stopped_ = false;
  std::mutex mutex_;
};

// Where finished trials go in the process that writes the result: the result in memory, the
// progress line and periodic atomic checkpoints (a snapshot taken under the lock, written
// outside it while trials go on). Thread-safe.
class Collector {
 public:
  // abort_after >= 0: testing, die like kill -9 once that many trials are committed.
  Collector(ResultData& r, const std::string& out, std::size_t already, double checkpoint_seconds,
            Progress& progress, std::int64_t abort_after = -1);
  void commit(std::size_t p, std::size_t t, TrialResult& tr);
  void fail(const std::string& why);  // the first failure is kept
  bool failed() const;
  std::string failure();
  // Writes a checkpoint when one is due and no other thread is writing one.
  void checkpoint_if_due();
  // Writes a checkpoint now (an interrupted MPI job: before the launcher's SIGKILL comes).
  void checkpoint();
  std::size_t committed();
  std::size_t saved();
  void set_saved(std::size_t n);

 private:
  ResultData& r_;
  std::string out_;
  std::size_t already_, committed_ = 0, saved_, written_ = 0;
  double checkpoint_seconds_;
  Progress& progress_;
  std::int64_t abort_after_;
  std::chrono::steady_clock::time_point last_checkpoint_;
  std::atomic<bool> failed_{false};
  std::string failure_;
  std::mutex commit_mutex_, checkpoint_mutex_;
};

// Everything a rank needs to compute trials.
struct ComputeJob {
  const Spec& spec;
  const std::vector<Point>& points;
  const DatasetMap& data;
  int threads;
};

// Computes items from `next` on `threads` OpenMP threads until it gives none or `stop` says so,
// handing each finished trial to `done` and each exception to `fail` (from any thread).
void compute_items(const ComputeJob& job, const std::function<bool(WorkItem&)>& next,
                   const std::function<void(std::size_t, std::size_t, TrialResult&)>& done,
                   const std::function<void(const std::string&)>& fail, const std::function<bool()>& stop);
// "point 3 (DWORK eps=0.1) trial 7: <what>": the runner's words for a failed trial.
std::string trial_failure(const std::vector<Point>& points, std::size_t p, std::size_t t, const std::string& what);

// One trial as doubles (exact: metrics travel as their bit patterns), for the wire.
void pack_trial(std::size_t p, std::size_t t, const TrialResult& tr, std::vector<double>& buf);
// Reads the trial at buf[at...]; advances `at`. Throws on a malformed buffer.
TrialResult unpack_trial(const std::vector<double>& buf, std::size_t& at, std::size_t metrics, std::size_t& p,
                         std::size_t& t);

// What each rank reports once its setup (spec, datasets) is done, before any trial runs.
struct RankSetup {
  bool ok = true;
  std::string error;                    // when !ok
  int threads = 1;
  std::string host, spec_hash, code;    // rank 0 refuses ranks of another spec or build
};

class Cluster {
 public:
  virtual ~Cluster() = default;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  // Collective: every rank's setup, on rank 0 (other ranks get an empty list).
  virtual std::vector<RankSetup> gather(const RankSetup& mine) = 0;
  // Collective: rank 0's decision to go on, on every rank (false: rank 0 reports why, the other
  // ranks exit quietly).
  virtual bool decide(bool go) = 0;
  // Rank 0: serves blocks of `dispenser` to the other ranks and commits their trials to
  // `collector` while computing items on its own threads; returns when every rank has finished
  // or when `interrupted()` (then at once: the job is being killed).
  virtual void serve(const ComputeJob& job, Dispenser& dispenser, Collector& collector,
                     const std::function<bool()>& interrupted) = 0;
  // Other ranks: compute what rank 0 hands out until it has nothing more. `abort_after` >= 0:
  // testing, die by SIGKILL after that many trials (a rank that crashes).
  virtual void work(const ComputeJob& job, std::int64_t abort_after) = 0;
  // The job ends without MPI_Finalize (rank 0 interrupted while other ranks still compute).
  virtual void abandon() = 0;
  virtual bool abandoned() const = 0;
};

// The MPI job this process was started in (mpirun, srun), or nullptr: built without MPI, or
// started alone.
std::unique_ptr<Cluster> join_cluster();
// True when this dplab was built with MPI (-DDPLAB_WITH_MPI=ON).
bool built_with_mpi();

}  // namespace dplab

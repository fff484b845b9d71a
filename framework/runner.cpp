#include "framework/runner.hpp"

#include <omp.h>
#include <unistd.h>

#include <atomic>
#include <cctype>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <mutex>
#include <sstream>

#include "dplab_git_version.hpp"
#include "core/error.hpp"
#include "framework/home.hpp"
#include "framework/plot_check.hpp"
#include "framework/plugin_loader.hpp"
#include "framework/progress.hpp"
#include "framework/registry.hpp"
#include "framework/checked_file.hpp"
#include "framework/result_lock.hpp"
#include "framework/store.hpp"
#include "dplab_source_dir.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

std::atomic<bool> g_interrupted{false};
void on_signal(int) { g_interrupted.store(true); }

std::string utc_now() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&t));
  return buf;
}

std::string hostname() {
  char buf[256] = {0};
  ::gethostname(buf, sizeof buf - 1);
  return buf;
}

std::string read_file_or_empty(const std::string& path) {
  std::ifstream in(path);
  if (!in) return "";
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Kind (vector or scalar), index name and doc of each metric of the spec.
MetricData describe_metric(const std::string& name, const std::vector<Point>& points) {
  MetricData md;
  md.name = name;
  if (const Metric* m = MetricRegistry::instance().find(name)) {
    MetricInfo mi = m->info();
    md.doc = mi.doc; md.is_vector = mi.is_vector; md.index = mi.index;
    if (mi.is_vector && mi.index_values) for (const auto& p : points) md.index_values.push_back(mi.index_values(p.params));
    return md;
  }
  bool first = true;
  for (const auto& p : points) {
    for (const auto& o : find_algorithm(p.algorithm).info().outputs) {
      if (o.name != name) continue;
      if (!first && o.is_vector != md.is_vector)
        throw Error("metric '" + name + "' is a vector for one algorithm and a number for another");
      md.doc = o.doc; md.is_vector = o.is_vector; md.index = o.index; md.raw = o.raw;
      first = false;
    }
  }
  return md;
}

// Builds the points table: every parameter of every point, plus algorithm, dataset and key.
void fill_columns(ResultData& r, const std::vector<Point>& points) {
  std::vector<std::string> names = {"algorithm", "algorithm_name", "dataset"};
  std::map<std::string, bool> is_text;
  std::map<std::string, std::string> type;  // the value's kind; "text" when points disagree
  for (const auto& p : points)
    for (const auto& [k, v] : p.params.all()) {
      bool text = !is_number(v);
      if (!is_text.count(k)) names.push_back(k);
      is_text[k] = is_text[k] || text;
      static const char* kKinds[] = {"integer", "real", "boolean", "text"};
      const std::string kind = kKinds[v.index()];
      auto [it, fresh] = type.emplace(k, kind);
      if (!fresh && it->second != kind)
        it->second = (it->second == "integer" || it->second == "real") && (kind == "integer" || kind == "real") ? "real" : "text";
    }
  for (const auto& n : names) {
    PointColumn c;
    c.name = n;
    c.text = n == "algorithm" || n == "algorithm_name" || n == "dataset" || is_text[n];
    c.type = type.count(n) ? type[n] : "text";
    for (const auto& p : points) {
      if (n == "algorithm") c.strings.push_back(p.label);
      else if (n == "algorithm_name") c.strings.push_back(p.algorithm);
      else if (n == "dataset") c.strings.push_back(p.dataset);
      else if (!p.params.has(n)) {
        if (c.text) c.strings.push_back("");
        else c.numbers.push_back(std::numeric_limits<double>::quiet_NaN());
      } else if (c.text) c.strings.push_back(to_string(p.params.get(n)));
      else c.numbers.push_back(as_number(p.params.get(n)));
    }
    r.columns.push_back(std::move(c));
  }
  PointColumn key;
  key.name = "key";
  key.text = true;  // 64-bit keys do not fit a double exactly
  key.type = "text";
  for (const auto& p : points) key.strings.push_back(std::to_string(p.key));
  r.columns.push_back(std::move(key));
  // Coordinates: the axes that vary, in the order of the first point.
  if (!points.empty())
    for (const auto& [k, _] : points.front().coords) r.axes.push_back(k);
  for (const auto& p : points)
    for (const auto& [k, _] : p.coords)
      if (std::find(r.axes.begin(), r.axes.end(), k) == r.axes.end()) r.axes.push_back(k);
}

void check_writable(const std::string& out) {
  fs::path target(out);
  std::error_code ec;
  fs::path dir = target.has_parent_path() ? target.parent_path() : fs::path(".");
  fs::create_directories(dir, ec);
  if (ec) throw Error(out + ": cannot create output directory " + dir.string() + " (" + ec.message() + ")");
  fs::path probe = dir / (".dplab-write-test-" + std::to_string(::getpid()));
  { std::ofstream f(probe); if (!f) throw Error(out + ": output directory " + dir.string() + " is not writable"); }
  fs::remove(probe, ec);
}

}  // namespace

std::string default_output(const Spec& spec, const std::vector<std::string>& overrides) {
  std::string stem = spec.name;
  if (!overrides.empty()) {
    // An overridden run never lands on the paper run's file: "table2@params.eps=2".
    std::string tag;
    for (const auto& o : overrides) tag += (tag.empty() ? "" : "+") + o;
    for (char& c : tag)
      if (!std::isalnum(static_cast<unsigned char>(c)) && std::string("._=,+-").find(c) == std::string::npos) c = '_';
    if (tag.size() > 80) {
      char h[17];
      std::snprintf(h, sizeof h, "%016llx", static_cast<unsigned long long>(hash64(tag)));
      tag = tag.substr(0, 60) + "-" + h;
    }
    stem += "@" + tag;
  }
  return (fs::path("results") / spec.paper / (stem + ".h5")).string();
}

std::string joined_overrides(const std::vector<std::string>& overrides) {
  std::string out;
  for (const auto& o : overrides) out += (out.empty() ? "" : "; ") + ("--set " + o);
  return out;
}

std::shared_ptr<const Dataset> load_resolved(const ResolvedDataset& ref) {
  const DatasetInfo& info = find_dataset(ref.name);
  DatasetRequest req{data_root(), ref.params, ref.seed};
  std::shared_ptr<const Dataset> ds = load_dataset(info, req);
  // Each transform draws from its own stream, keyed by the dataset reference and its position.
  for (std::size_t i = 0; i < ref.transforms.size(); ++i) {
    Stream stream(ref.seed, hash64(ref.key), 0, i);
    ds = find_transform(ref.transforms[i].first).apply(ds, ref.transforms[i].second, stream);
  }
  return ds;
}

DatasetMap load_datasets(const std::vector<Point>& points, bool quiet) {
  DatasetMap out;
  for (const auto& p : points) {
    if (!p.data || out.count(p.data->key)) continue;
    auto t0 = std::chrono::steady_clock::now();
    auto ds = load_resolved(*p.data);
    double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (!quiet)
      std::cerr << "dataset " << p.dataset << ": " << ds->summary() << " (loaded in "
                << Progress::format_duration(s) << ")\n";
    out[p.data->key] = std::move(ds);
  }
  return out;
}

const Dataset* dataset_of(const DatasetMap& data, const Point& p) {
  return p.data ? data.at(p.data->key).get() : nullptr;
}

AlgorithmRun run_algorithm(const Algorithm& alg, const Params& params, double budget, const Dataset* data,
                           Stream stream, const TrialSeeds& seeds, Scratch& scratch, double delta_budget,
                           Mechanisms::Noise noise_mode) {
  AlgorithmRun r;
  PrivacyLedger ledger(budget, delta_budget);
  Mechanisms noise(stream, ledger);
  noise.set_noise(noise_mode);
  TrialContext ctx{params, data, stream, ledger, noise, scratch, r.outputs, seeds};
  // Wall time is the algorithm's alone (the papers time the sanitiser, not its evaluation).
  auto t0 = std::chrono::steady_clock::now();
  alg.run(ctx);
  r.wall_time = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  r.spent_eps = ledger.spent();
  r.spent_delta = ledger.spent_delta();
  r.charges = ledger.charges();
  return r;
}

AlgorithmRun run_algorithm(const std::string& name, const Params& given, const Dataset* data, Stream stream,
                           const TrialSeeds& seeds) {
  const Algorithm& alg = find_algorithm(name);
  const AlgorithmInfo info = alg.info();
  const Params params = with_defaults(info.params, given);
  Scratch scratch;
  return run_algorithm(alg, params, declared_budget(info, params), data, stream, seeds, scratch,
                       declared_delta(info, params));
}

TrialResult run_trial(const Spec& spec, const Point& point, std::uint64_t trial,
                      const Dataset* data, Scratch& scratch) {
  const TrialSeeds seeds{spec.seed, trial};
  AlgorithmRun run = run_algorithm(find_algorithm(point.algorithm), point.params, point.budget, data,
                                   Stream(spec.seed, point.key, trial), seeds, scratch, point.delta,
                                   spec.noise == "secure" ? Mechanisms::Noise::secure : Mechanisms::Noise::fast);
  TrialResult r;
  r.outputs = std::move(run.outputs);
  r.wall_time = run.wall_time;
  r.spent_eps = run.spent_eps;
  r.spent_delta = run.spent_delta;
  const MetricContext mc{r.outputs, data, point.params, seeds};
  for (const auto& name : spec.metrics) {
    if (const Metric* m = MetricRegistry::instance().find(name)) {
      r.metrics.push_back(m->compute(mc));
    } else if (r.outputs.has_scalar(name)) {
      r.metrics.push_back({r.outputs.scalar(name)});
    } else {
      r.metrics.push_back(r.outputs.vector(name));
    }
  }
  return r;
}

namespace {

// Opens the result to resume (same spec) or starts a new one; refuses a result of another spec,
// a damaged file and anything that is not a result, each with what to do about it.
ResultData open_result(const Spec& spec, const std::vector<Point>& points, const std::string& out, bool force,
                       bool& resumed) {
  ResultData r;
  resumed = false;
  std::error_code ec;
  if (fs::exists(out, ec) && !force) {
    if (!looks_checked_or_hdf5(out))
      throw Error(out + ": exists but is not a dplab result file; remove it or use --force to overwrite");
    ResultData old;
    try {
      old = read_result(out);
    } catch (const Error& e) {
      throw Error(std::string(e.what()) + "; use --force to start over, or --out for another file");
    }
    if (old.meta.spec_hash != spec.hash)
      throw Error(out + ": holds results of a different spec (hash " + old.meta.spec_hash +
                  ", this spec " + spec.hash + "); use --force to start over or --out for another file");
    if (old.points != points.size())
      throw Error(out + ": holds " + std::to_string(old.points) + " points but the spec has " +
                  std::to_string(points.size()) + "; use --force to start over");
    r = std::move(old);
    resumed = true;
    // HDF5 lists metrics by name; put them back in the spec's order (the set is the same: the
    // metrics are part of the spec hash).
    std::vector<MetricData> ordered;
    for (const auto& name : spec.metrics)
      for (auto& md : r.metrics)
        if (md.name == name) ordered.push_back(std::move(md));
    if (ordered.size() != spec.metrics.size())
      throw Error(out + ": its metrics differ from the spec's; use --force to start over");
    r.metrics = std::move(ordered);
    return r;
  }
  r.points = points.size();
  r.trials = 0;
  fill_columns(r, points);
  for (const auto& m : spec.metrics) r.metrics.push_back(describe_metric(m, points));
  r.meta.started = utc_now();
  return r;
}

// The spec's description of the run, written with every checkpoint.
void stamp_spec(ResultData& r, const Spec& spec, const std::vector<std::string>& overrides) {
  r.meta.overrides = joined_overrides(overrides);
  r.meta.name = spec.name; r.meta.paper = spec.paper; r.meta.id = spec.id;
  r.meta.description = spec.description; r.meta.spec_text = spec.effective_yaml;
  r.meta.spec_source = spec.source_text; r.meta.spec_path = spec.file;
  r.meta.spec_hash = spec.hash;
  r.meta.seed = spec.seed; r.meta.host = hostname(); r.meta.plot_json = spec.plot_json;
  r.meta.finished.clear();
  const std::string ref_path = spec.reference.empty()
      ? (fs::path("results") / "reference" / spec.paper / (spec.name + ".csv")).string()
      : spec.reference;
  r.meta.reference_csv = read_file_or_empty(fs::path(ref_path).is_absolute() || fs::exists(ref_path)
                                                ? ref_path
                                                : (fs::path(dplab_home()) / ref_path).string());
}

// Records which code computes trials; warns when a result will mix code versions.
void stamp_code(ResultData& r, bool resumed, std::size_t already, const std::string& out, bool quiet) {
  const std::string code = code_version();  // with "-dirty+plugins(...)" when plugins are loaded
  if (resumed && already && r.meta.code_version != code && !quiet)
    std::cerr << "warning: " << out << " holds trials computed by code " << r.meta.code_version
              << "; the missing ones will be computed by " << code
              << " (--force recomputes everything with this code)\n";
  r.meta.code_version = code;
  r.meta.plugins = plugins_record();
  if (r.meta.code_history.empty()) r.meta.code_history = code;
  else if (r.meta.code_history.substr(r.meta.code_history.rfind(',') + 1) != code)
    r.meta.code_history += "," + code;
}

struct WorkItem {
  std::size_t point, trial;
};

// Trials 0..T-1 of every point not yet done, trial-major: every point gets its first trials
// early (an interrupted run has something everywhere), and the mix of cheap and expensive points
// keeps the progress rate, and so the ETA, steady.
std::vector<WorkItem> plan_work(const ResultData& r, std::size_t& already) {
  std::vector<WorkItem> work;
  already = 0;
  for (std::size_t t = 0; t < r.trials; ++t)
    for (std::size_t p = 0; p < r.points; ++p) {
      if (r.done[r.cell(p, t)]) ++already;
      else work.push_back({p, t});
    }
  return work;
}

// A private algorithm (declared eps > 0) whose trial charged nothing released its output without
// noise: almost always a plugin that forgot ctx.noise, so say so once per algorithm entry.
void warn_unspent(const ResultData& r, const std::vector<Point>& points,
                  const std::vector<WorkItem>& work, bool quiet) {
  if (quiet) return;
  std::map<std::string, std::size_t> unspent;
  for (const auto& [p, t] : work) {
    const std::size_t c = r.cell(p, t);
    if (r.done[c] && points[p].budget > 0 && r.spent_eps[c] == 0) ++unspent[points[p].label];
  }
  for (const auto& [label, n] : unspent)
    std::cerr << "warning: " << n << " trial(s) of " << label << " declared a privacy budget but spent nothing "
              << "(no mechanism charged the ledger): their outputs carry no noise\n";
}

// Stores one finished trial in the result.
void commit(ResultData& r, std::size_t p, std::size_t t, TrialResult& tr) {
  const std::size_t c = r.cell(p, t);
  for (std::size_t m = 0; m < tr.metrics.size(); ++m) {
    if (r.metrics[m].is_vector) r.metrics[m].vectors[c] = std::move(tr.metrics[m]);
    else r.metrics[m].scalar[c] = tr.metrics[m].empty() ? std::numeric_limits<double>::quiet_NaN() : tr.metrics[m][0];
  }
  r.wall_time[c] = tr.wall_time;
  r.spent_eps[c] = tr.spent_eps;
  if (r.has_delta) r.spent_delta[c] = tr.spent_delta;
  r.done[c] = 1;
}

}  // namespace

RunSummary run(const RunOptions& opts) {
  std::vector<std::string> overrides = opts.overrides;
  if (opts.trials) overrides.push_back("trials=" + std::to_string(*opts.trials));
  Spec spec = load_spec(opts.spec_path, overrides);
  std::vector<Point> points = expand(spec, opts.max_points);  // validates everything before any trial runs
  // The spec's own figure must show every parameter it varies. An override may change what varies
  // (--set sweep.eps=[1,2] on a table of eps = 1): the numbers are still worth computing, so that
  // is a warning, and the figure can be made to fit with a further --set plot.<option>=...
  try {
    check_plot(spec, points);
  } catch (const Error& e) {
    if (opts.overrides.empty()) throw;
    std::cerr << "warning: " << e.what() << " (after --set; the trials run, the figure will not fit until the plot "
              << "block is changed too, e.g. --set plot.columns=eps)\n";
  }
  const std::string out = opts.out.empty() ? default_output(spec, opts.overrides) : opts.out;
  const std::size_t P = points.size();
  const auto T = static_cast<std::size_t>(spec.trials);
  if (T > opts.max_cells / std::max<std::size_t>(1, P))
    throw Error(spec.file + ": " + std::to_string(P) + " points x " + std::to_string(T) + " trials exceed " +
                std::to_string(opts.max_cells) + " trial cells (memory for every cell is reserved up front); "
                "use fewer trials, or --max-cells for a run this large");

  check_writable(out);
  const ResultLock lock(out);  // one writer per result, held until the last write
  bool resumed = false;
  ResultData r = open_result(spec, points, out, opts.force, resumed);
  if (!r.has_delta && std::any_of(points.begin(), points.end(), [](const Point& p) { return p.delta > 0; })) {
    r.has_delta = true;  // (eps, delta) algorithms: their spent delta is recorded per trial
    r.spent_delta.assign(r.points * r.trials, std::numeric_limits<double>::quiet_NaN());
  }
  r.resize_trials(T);
  stamp_spec(r, spec, opts.overrides);
  std::size_t already = 0;
  const std::vector<WorkItem> work = plan_work(r, already);
  if (!work.empty()) stamp_code(r, resumed, already, out, opts.quiet);

  const int threads = opts.threads > 0 ? opts.threads : omp_get_max_threads();
  r.meta.threads = threads;
  RunSummary summary{out, P, T, 0, already, 0};
  if (!opts.quiet)
    std::cerr << spec.file << ": " << P << " points x " << T << " trials"
              << (already ? ", " + std::to_string(already) + " already done in " + out : "")
              << ", " << work.size() << " to run on " << threads << " threads\n";
  if (work.empty()) {
    if (r.meta.finished.empty()) r.meta.finished = utc_now();
    write_result(out, r);
    return summary;
  }

  DatasetMap data = load_datasets(points, opts.quiet);
  std::vector<Scratch> scratch(static_cast<std::size_t>(threads));
  Progress progress(spec.name, work.size(), opts.quiet);
  std::mutex commit_mutex, checkpoint_mutex;
  std::atomic<bool> failed{false};
  std::string failure;
  std::size_t committed = 0, saved = already;
  auto last_checkpoint = std::chrono::steady_clock::now();
  const auto t_start = last_checkpoint;

  g_interrupted.store(false);
  auto old_int = std::signal(SIGINT, on_signal);
  auto old_term = std::signal(SIGTERM, on_signal);
  auto fail = [&](const std::string& why) {
    std::lock_guard<std::mutex> lock(commit_mutex);
    if (!failed.exchange(true)) failure = why;
  };
  // A snapshot under the commit lock, written outside it (trials go on meanwhile).
  auto checkpoint = [&]() {
    ResultData snapshot;
    std::size_t in_snapshot = 0;
    {
      std::lock_guard<std::mutex> lock(commit_mutex);
      snapshot = r;
      in_snapshot = already + committed;
      last_checkpoint = std::chrono::steady_clock::now();
    }
    try {
      write_result(out, snapshot);
      std::lock_guard<std::mutex> lock(commit_mutex);
      saved = std::max(saved, in_snapshot);
    } catch (const Error& e) {
      fail(std::string("checkpoint failed: ") + e.what());
    }
  };

#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::size_t w = 0; w < work.size(); ++w) {
    if (failed.load(std::memory_order_relaxed) || g_interrupted.load(std::memory_order_relaxed)) continue;
    const auto [p, t] = work[w];
    const Point& point = points[p];
    try {
      TrialResult tr = run_trial(spec, point, t, dataset_of(data, point), scratch[static_cast<std::size_t>(omp_get_thread_num())]);
      bool due = false;
      {
        std::lock_guard<std::mutex> lock(commit_mutex);
        commit(r, p, t, tr);
        ++committed;
        if (opts.abort_after >= 0 && committed >= static_cast<std::size_t>(opts.abort_after))
          std::_Exit(137);  // simulated kill -9: no cleanup, no final write
        due = std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint).count() >=
              opts.checkpoint_seconds;
      }
      progress.advance();
      if (due && checkpoint_mutex.try_lock()) {
        std::lock_guard<std::mutex> guard(checkpoint_mutex, std::adopt_lock);
        checkpoint();
      }
    } catch (const std::exception& e) {
      fail("point " + std::to_string(p) + " (" + point.label + " " + describe(point) + ") trial " +
           std::to_string(t) + ": " + e.what());
    }
  }
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  progress.finish();
  warn_unspent(r, points, work, opts.quiet);

  summary.computed = committed;
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
  if (!failed && !g_interrupted) r.meta.finished = utc_now();
  try {
    write_result(out, r);  // keep everything computed, even after a failure
    saved = already + committed;
  } catch (const Error& e) {
    const std::string kept = saved ? std::to_string(saved) + " trials of the last checkpoint kept in " + out
                                   : "nothing was saved";
    throw Error(std::string(e.what()) + " [" + kept + "]" + (failed ? "; before that: " + failure : ""));
  }
  if (failed) throw Error(failure + " [" + std::to_string(saved) + " trials saved in " + out + "]");
  if (g_interrupted)
    throw Error("interrupted: " + std::to_string(saved) + " trials saved in " + out +
                "; run the same command again to resume");
  return summary;
}

}  // namespace dplab

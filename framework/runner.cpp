#include "framework/runner.hpp"

#include <omp.h>
#include <unistd.h>

#include <algorithm>
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
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>

#include "dplab_git_version.hpp"
#include "core/error.hpp"
#include "core/home.hpp"
#include "datasets/frozen.hpp"
#include "framework/plot_check.hpp"
#include "framework/plugin_loader.hpp"
#include "framework/progress.hpp"
#include "framework/registry.hpp"
#include "framework/checked_file.hpp"
#include "framework/cluster.hpp"
#include "framework/result_lock.hpp"
#include "framework/spec_diff.hpp"
#include "framework/result_privacy.hpp"
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
MetricData describe_metric(const std::string& name, std::size_t index, const std::vector<Point>& points) {
  MetricData md;
  md.name = name;
  if (std::any_of(points.begin(), points.end(), [&](const Point& p) { return !p.measured.empty() && !p.measured[index]; }))
    for (const auto& p : points) md.measured.push_back(p.measured.empty() || p.measured[index] ? 1 : 0);
  if (const Metric* m = MetricRegistry::instance().find(name)) {
    MetricInfo mi = m->info();
    md.doc = mi.doc; md.is_vector = mi.is_vector; md.index = mi.index;
    if (mi.is_vector && mi.index_values) for (const auto& p : points) md.index_values.push_back(mi.index_values(p.params));
    return md;
  }
  bool first = true;
  for (const auto& p : points) {
    if (!p.measured.empty() && !p.measured[index]) continue;
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
  // The draws of each point's data (DatasetRef::samples), only when some dataset has several:
  // summaries and claims take them as the independent units of the intervals.
  if (std::any_of(points.begin(), points.end(), [](const Point& p) { return p.data && p.data->samples > 1; })) {
    PointColumn samples;
    samples.name = "data_samples";
    samples.type = "integer";
    for (const auto& p : points) samples.numbers.push_back(p.data ? static_cast<double>(p.data->samples) : 1.0);
    r.columns.push_back(std::move(samples));
  }
  add_privacy_columns(r, points);  // privacy, privacy_finding: what each point was as it ran
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

std::string shard_label(std::size_t index, std::size_t count) {
  return count ? std::to_string(index) + "/" + std::to_string(count) : "";
}

std::string default_output(const Spec& spec, const std::vector<std::string>& overrides, std::size_t shard_index,
                           std::size_t shard_count) {
  std::string stem = spec.name;
  // An overridden run never lands on the paper run's file: "table2@params.eps=2". Only overrides
  // of fields that change the numbers (result_keys()) name a file of their own: a plot option,
  // the trials or the text redraws or extends the same result.
  std::string tag;
  for (const auto& o : overrides) {
    const std::string top = o.substr(0, o.find_first_of(".="));
    const auto& keys = result_keys();
    if (std::find(keys.begin(), keys.end(), top) != keys.end()) tag += (tag.empty() ? "" : "+") + o;
  }
  if (!tag.empty()) {
    for (char& c : tag)
      if (!std::isalnum(static_cast<unsigned char>(c)) && std::string("._=,+-").find(c) == std::string::npos) c = '_';
    if (tag.size() > 80) {
      char h[17];
      std::snprintf(h, sizeof h, "%016llx", static_cast<unsigned long long>(hash64(tag)));
      tag = tag.substr(0, 60) + "-" + h;
    }
    stem += "@" + tag;
  }
  if (shard_count) stem += ".shard-" + std::to_string(shard_index) + "-of-" + std::to_string(shard_count);
  return (fs::path("results") / spec.paper / (stem + ".h5")).string();
}

std::string joined_overrides(const std::vector<std::string>& overrides) {
  std::string out;
  for (const auto& o : overrides) out += (out.empty() ? "" : "; ") + ("--set " + o);
  return out;
}

std::string sample_key(const ResolvedDataset& ref, std::size_t sample) {
  return sample == 0 ? ref.key : ref.key + "#sample=" + std::to_string(sample);
}

std::shared_ptr<const Dataset> load_resolved(const ResolvedDataset& ref, std::size_t sample) {
  const DatasetInfo& info = find_dataset(ref.name);
  // Draw k > 0 of a generator: a seed of its own, derived from the dataset's seed and k.
  const std::uint64_t seed = sample == 0 ? ref.seed : hash64(std::to_string(ref.seed) + "#sample=" + std::to_string(sample));
  DatasetRequest req{data_root(), ref.params, seed};
  std::shared_ptr<const Dataset> ds = load_dataset(info, req);
  // Each transform draws from its own stream, keyed by the dataset reference, the draw and its
  // position (draw 0 as a spec of one draw: counter 0).
  for (std::size_t i = 0; i < ref.transforms.size(); ++i) {
    Stream stream(ref.seed, hash64(ref.key), sample, i);
    ds = find_transform(ref.transforms[i].first).apply(ds, ref.transforms[i].second, stream);
  }
  return ds;
}

std::vector<std::size_t> point_order(const std::vector<Point>& points) {
  std::unordered_map<std::string, std::size_t> group_of;  // dataset key -> its group
  std::vector<std::vector<std::size_t>> groups;               // in order of first appearance
  for (std::size_t p = 0; p < points.size(); ++p) {
    const std::string key = points[p].data ? points[p].data->key : std::string();
    const auto [it, added] = group_of.emplace(key, groups.size());
    if (added) groups.emplace_back();
    groups[it->second].push_back(p);
  }
  std::vector<std::size_t> order;
  order.reserve(points.size());
  for (std::size_t round = 0; order.size() < points.size(); ++round)
    for (const auto& g : groups)
      if (round < g.size()) order.push_back(g[round]);
  return order;
}

std::vector<std::pair<std::size_t, std::size_t>> item_order(const std::vector<Point>& points, std::size_t trials) {
  const std::vector<std::size_t> order = point_order(points);
  // point_order's first round: one point of each dataset (of each dataset key), in front.
  std::set<std::string> keys;
  for (const auto& p : points) keys.insert(p.data ? p.data->key : std::string());
  const std::size_t leads = std::min(keys.size(), order.size());
  std::vector<std::pair<std::size_t, std::size_t>> items;
  items.reserve(order.size() * trials);
  for (std::size_t t = 0; t <= trials; ++t) {
    if (t < trials)
      for (std::size_t i = 0; i < leads; ++i) items.emplace_back(order[i], t);
    if (t > 0)
      for (std::size_t i = leads; i < order.size(); ++i) items.emplace_back(order[i], t - 1);
  }
  return items;
}

DatasetMap load_datasets(const std::vector<Point>& points, bool quiet) {
  DatasetMap out;
  for (const auto& p : points) {
    if (!p.data) continue;
    for (std::size_t k = 0; k < p.data->samples; ++k) {
      if (out.count(sample_key(*p.data, k))) continue;  // one load per draw, whoever asks for it
      auto t0 = std::chrono::steady_clock::now();
      auto ds = load_resolved(*p.data, k);
      double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
      if (!quiet)
        std::cerr << "dataset " << p.dataset
                  << (p.data->samples > 1 ? " (draw " + std::to_string(k + 1) + " of " + std::to_string(p.data->samples) + ")" : "")
                  << ": " << ds->summary() << " (loaded in " << Progress::format_duration(s) << ")\n";
      out[sample_key(*p.data, k)] = freeze(std::move(ds));  // read-only until the run ends
    }
  }
  return out;
}

const Dataset* dataset_of(const DatasetMap& data, const Point& p, std::uint64_t trial) {
  if (!p.data) return nullptr;
  return data.at(sample_key(*p.data, static_cast<std::size_t>(trial % p.data->samples))).get();
}

AlgorithmRun run_algorithm(const Algorithm& alg, const Params& params, double budget, const Dataset* data,
                           Stream stream, const TrialSeeds& seeds, Scratch& scratch, double delta_budget,
                           Mechanisms::Noise noise_mode) {
  AlgorithmRun r;
  PrivacyLedger ledger(budget, delta_budget);
  Mechanisms noise(stream, ledger);
  noise.set_noise(noise_mode);
  TrialContext ctx{params, data, stream, ledger, noise, scratch, r.outputs, seeds};
  // Wall time is the algorithm's alone (the papers time the sanitiser, not its evaluation, nor
  // the public inputs it shares with the trial's other algorithms: Algorithm::prepare).
  alg.prepare(params, data, seeds);
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
  for (std::size_t i = 0; i < spec.metrics.size(); ++i) {
    const std::string& name = spec.metrics[i];
    if (!point.measured.empty() && !point.measured[i]) {
      r.metrics.emplace_back();  // not measured at this point: stored as NaN, summarised as absent
      continue;
    }
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
                       const std::string& shard, bool& resumed) {
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
    if (old.meta.spec_hash != spec.hash) {
      // Name what changed (the file keeps the spec it was run with), not only the hashes.
      std::string what;
      for (const auto& d : result_field_differences(old.meta.spec_text, spec.effective_yaml))
        what += (what.empty() ? "" : "; ") + d;
      throw Error(out + ": holds results of a different spec (hash " + old.meta.spec_hash + ", this spec " + spec.hash + ")" +
                  (what.empty() ? std::string() : ": " + what) + "; use --force to start over or --out for another file");
    }
    if (old.points != points.size())
      throw Error(out + ": holds " + std::to_string(old.points) + " points but the spec has " +
                  std::to_string(points.size()) + "; use --force to start over");
    if (!resumable_version(old.meta.results_version, spec.noise))
      throw Error(out + ": holds trials of results version " + std::to_string(old.meta.results_version) +
                  " (random streams, sums or samplers of another dplab), and this dplab computes version " +
                  std::to_string(kResultsVersion) + (spec.noise == "secure" ? " with noise: secure" : "") +
                  "; the two cannot be mixed in one result: use --force to recompute it, or --out for another file");
    if (old.meta.shard != shard)
      throw Error(out + ": " + (old.meta.shard.empty() ? "holds a whole run" : "holds shard " + old.meta.shard) +
                  (shard.empty() ? ", not a whole run (dplab merge joins shards)" : ", not shard " + shard) +
                  "; use --out for another file or --force to start over");
    r = std::move(old);
    r.meta.results_version = kResultsVersion;  // the same bits (resumable_version)
    resumed = true;
    // A file written before results stored their privacy status gets it now.
    if (!r.column(kPrivacyColumn)) add_privacy_columns(r, points);
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
  for (std::size_t m = 0; m < spec.metrics.size(); ++m) r.metrics.push_back(describe_metric(spec.metrics[m], m, points));
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

// The plugins of a record (plugins_record(): "<sha256>  <path>" lines) whose code differs
// between the trials already in a result and this run: "my.so sha256 1a2b3c4d... -> 5e6f7a8b..."
// (a plugin rebuilt with other code keeps its file name, so the code version alone cannot tell).
std::string plugin_changes(const std::string& before, const std::string& now) {
  auto parse = [](const std::string& record) {
    std::map<std::string, std::string> sha_of;  // path -> sha256
    std::istringstream in(record);
    for (std::string line; std::getline(in, line);)
      if (line.size() > 66) sha_of[line.substr(66)] = line.substr(0, 64);
    return sha_of;
  };
  const auto a = parse(before), b = parse(now);
  std::string out;
  auto add = [&](const std::string& path, const std::string& was, const std::string& is) {
    out += (out.empty() ? "" : ", ") + fs::path(path).filename().string() + " sha256 " +
           (was.empty() ? "(not loaded)" : was.substr(0, 12) + "...") + " -> " +
           (is.empty() ? "(not loaded)" : is.substr(0, 12) + "...");
  };
  for (const auto& [path, sha] : a) {
    auto it = b.find(path);
    if (it == b.end() || it->second != sha) add(path, sha, it == b.end() ? "" : it->second);
  }
  for (const auto& [path, sha] : b)
    if (!a.count(path)) add(path, "", sha);
  return out;
}

// Records which code computes trials; warns when a result will mix code versions, and refuses
// to mix trials of a plugin whose code changed unless allow_code_change.
void stamp_code(ResultData& r, bool resumed, std::size_t already, const std::string& out, bool quiet,
                bool allow_code_change) {
  const std::string code = code_version();  // with "-dirty+plugins(<file>@<sha256 prefix>)" when plugins are loaded
  if (resumed && already && (!r.meta.plugins.empty() || !plugins_record().empty())) {
    const std::string changed = plugin_changes(r.meta.plugins, plugins_record());
    if (!changed.empty() && !allow_code_change)
      throw Error(out + ": its " + std::to_string(already) + " trials were computed by other plugin code (" + changed +
                  "); the missing trials would mix two codes in one result. Use --force to start over with this "
                  "code, --allow-code-change to add trials anyway (recorded in the file's code history), or --out "
                  "for another file");
  }
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

// Trials 0..T-1 of every point not yet done, trial-major (item_order): every point gets its
// first trials early (an interrupted run has something everywhere), and the mix of cheap and
// expensive points keeps the progress rate, and so the ETA, steady. With shards, only the
// shard's own items.
std::vector<WorkItem> plan_work(const ResultData& r, const std::vector<Point>& points, std::size_t& already,
                                std::size_t shard_index, std::size_t shard_count) {
  std::vector<WorkItem> work;
  already = 0;
  for (const auto& [p, t] : item_order(points, r.trials)) {
    if (!in_shard(p, t, r.points, shard_index, shard_count)) continue;
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


// ---- shared by the single-process runner and the MPI ranks (framework/cluster.hpp) ----

bool Dispenser::next(WorkItem& item) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopped_ || cursor_ >= work_.size()) return false;
  item = work_[cursor_++];
  return true;
}

std::vector<WorkItem> Dispenser::take(std::size_t n) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (stopped_) return {};
  n = std::min(n, work_.size() - cursor_);
  std::vector<WorkItem> out(work_.begin() + static_cast<long>(cursor_), work_.begin() + static_cast<long>(cursor_ + n));
  cursor_ += n;
  return out;
}

std::size_t Dispenser::remaining() {
  std::lock_guard<std::mutex> lock(mutex_);
  return stopped_ ? 0 : work_.size() - cursor_;
}

void Dispenser::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  stopped_ = true;
}

Collector::Collector(ResultData& r, const std::string& out, std::size_t already, double checkpoint_seconds,
                     Progress& progress, std::int64_t abort_after)
    : r_(r), out_(out), already_(already), saved_(already), written_(already), checkpoint_seconds_(checkpoint_seconds),
      progress_(progress), abort_after_(abort_after), last_checkpoint_(std::chrono::steady_clock::now()) {}

void Collector::commit(std::size_t p, std::size_t t, TrialResult& tr) {
  {
    std::lock_guard<std::mutex> lock(commit_mutex_);
    dplab::commit(r_, p, t, tr);
    ++committed_;
    if (abort_after_ >= 0 && committed_ >= static_cast<std::size_t>(abort_after_))
      std::_Exit(137);  // simulated kill -9: no cleanup, no final write
  }
  progress_.advance();
}

void Collector::fail(const std::string& why) {
  std::lock_guard<std::mutex> lock(commit_mutex_);
  if (!failed_.exchange(true)) failure_ = why;
}

bool Collector::failed() const { return failed_.load(std::memory_order_relaxed); }

std::string Collector::failure() {
  std::lock_guard<std::mutex> lock(commit_mutex_);
  return failure_;
}

std::size_t Collector::committed() {
  std::lock_guard<std::mutex> lock(commit_mutex_);
  return committed_;
}

std::size_t Collector::saved() {
  std::lock_guard<std::mutex> lock(commit_mutex_);
  return saved_;
}

void Collector::set_saved(std::size_t n) {
  std::lock_guard<std::mutex> lock(commit_mutex_);
  saved_ = n;
}

void Collector::checkpoint_if_due() {
  bool due = false;
  {
    std::lock_guard<std::mutex> lock(commit_mutex_);
    due = already_ + committed_ > written_ &&
          std::chrono::duration<double>(std::chrono::steady_clock::now() - last_checkpoint_).count() >=
              checkpoint_seconds_;
  }
  if (due && checkpoint_mutex_.try_lock()) {
    std::lock_guard<std::mutex> guard(checkpoint_mutex_, std::adopt_lock);
    checkpoint();
  }
}

// A snapshot under the commit lock, written outside it (trials go on meanwhile).
void Collector::checkpoint() {
  ResultData snapshot;
  std::size_t in_snapshot = 0;
  {
    std::lock_guard<std::mutex> lock(commit_mutex_);
    snapshot = r_;
    in_snapshot = already_ + committed_;
    written_ = in_snapshot;
    last_checkpoint_ = std::chrono::steady_clock::now();
  }
  try {
    write_result(out_, snapshot);
    std::lock_guard<std::mutex> lock(commit_mutex_);
    saved_ = std::max(saved_, in_snapshot);
  } catch (const Error& e) {
    fail(std::string("checkpoint failed: ") + e.what());
  }
}

std::string trial_failure(const std::vector<Point>& points, std::size_t p, std::size_t t, const std::string& what) {
  return "point " + std::to_string(p) + " (" + points[p].label + " " + describe(points[p]) + ") trial " +
         std::to_string(t) + ": " + what;
}

void compute_items(const ComputeJob& job, const std::function<bool(WorkItem&)>& next,
                   const std::function<void(std::size_t, std::size_t, TrialResult&)>& done,
                   const std::function<void(const std::string&)>& fail, const std::function<bool()>& stop) {
  std::vector<Scratch> scratch(static_cast<std::size_t>(job.threads));
#pragma omp parallel num_threads(job.threads)
  {
    Scratch& mine = scratch[static_cast<std::size_t>(omp_get_thread_num())];
    WorkItem item{};
    while (!stop() && next(item)) {
      const Point& point = job.points[item.point];
      try {
        TrialResult tr = run_trial(job.spec, point, item.trial, dataset_of(job.data, point, item.trial), mine);
        done(item.point, item.trial, tr);
      } catch (const std::exception& e) {
        fail(trial_failure(job.points, item.point, item.trial, e.what()));
      }
    }
  }
}

// [p, t, wall_time, spent_eps, spent_delta, then per metric: length, values...]
void pack_trial(std::size_t p, std::size_t t, const TrialResult& tr, std::vector<double>& buf) {
  buf.push_back(static_cast<double>(p));
  buf.push_back(static_cast<double>(t));
  buf.push_back(tr.wall_time);
  buf.push_back(tr.spent_eps);
  buf.push_back(tr.spent_delta);
  for (const auto& m : tr.metrics) {
    buf.push_back(static_cast<double>(m.size()));
    buf.insert(buf.end(), m.begin(), m.end());
  }
}

TrialResult unpack_trial(const std::vector<double>& buf, std::size_t& at, std::size_t metrics, std::size_t& p,
                         std::size_t& t) {
  auto take = [&]() {
    if (at >= buf.size()) throw Error("malformed trial message from another rank (truncated)");
    return buf[at++];
  };
  TrialResult tr;
  p = static_cast<std::size_t>(take());
  t = static_cast<std::size_t>(take());
  tr.wall_time = take();
  tr.spent_eps = take();
  tr.spent_delta = take();
  tr.metrics.resize(metrics);
  for (auto& m : tr.metrics) {
    const auto n = static_cast<std::size_t>(take());
    if (n > buf.size() - at) throw Error("malformed trial message from another rank (metric length)");
    m.assign(buf.begin() + static_cast<long>(at), buf.begin() + static_cast<long>(at + n));
    at += n;
  }
  return tr;
}

namespace {

std::atomic<int> g_signal{0};
void on_signal_number(int sig) {
  g_signal.store(sig);
  g_interrupted.store(true);
}

// The spec, expanded and checked, before any file is touched (every rank does this).
struct Prepared {
  Spec spec;
  std::vector<Point> points;
  std::string out;
  std::size_t P = 0, T = 0;
};

Prepared prepare(const RunOptions& opts, bool report) {
  Prepared pr;
  std::vector<std::string> overrides = opts.overrides;
  if (opts.trials) overrides.push_back("trials=" + std::to_string(*opts.trials));
  pr.spec = load_spec(opts.spec_path, overrides);
  pr.points = expand(pr.spec, opts.max_points);  // validates everything before any trial runs
  // The spec's own figure must show every parameter it varies. An override may change what varies
  // (--set sweep.eps=[1,2] on a table of eps = 1): the numbers are still worth computing, so that
  // is a warning, and the figure can be made to fit with a further --set plot.<option>=... (the
  // message names one that this plot kind has). A --set of the plot itself that does not fit is
  // an error: it is there only to change the figure.
  try {
    check_plot(pr.spec, pr.points);
  } catch (const Error& e) {
    const bool plot_set = std::any_of(opts.overrides.begin(), opts.overrides.end(),
                                      [](const std::string& o) { return o.rfind("plot", 0) == 0; });
    if (opts.overrides.empty() || plot_set) throw;
    if (report)
      std::cerr << "warning: " << e.what() << " (after --set; the trials run, and dplab plot RESULT --set plot.<option>=... "
                << "redraws the figure without recomputing anything)\n";
  }
  if (opts.shard_count && opts.shard_index >= opts.shard_count)
    throw Error("--shard " + shard_label(opts.shard_index, opts.shard_count) + ": the index must be below the count");
  pr.out = opts.out.empty() ? default_output(pr.spec, opts.overrides, opts.shard_index, opts.shard_count) : opts.out;
  pr.P = pr.points.size();
  pr.T = static_cast<std::size_t>(pr.spec.trials);
  if (pr.T > opts.max_cells / std::max<std::size_t>(1, pr.P))
    throw Error(pr.spec.file + ": " + std::to_string(pr.P) + " points x " + std::to_string(pr.T) + " trials exceed " +
                std::to_string(opts.max_cells) + " trial cells (memory for every cell is reserved up front); "
                "use fewer trials, or --max-cells for a run this large");
  return pr;
}

// The result to write (resumed or new) and the items still to compute; the caller holds the lock.
struct Opened {
  ResultData r;
  std::vector<WorkItem> work;
  std::size_t already = 0;
};

Opened open_for_run(const RunOptions& opts, const Prepared& pr) {
  Opened o;
  bool resumed = false;
  const std::string shard = shard_label(opts.shard_index, opts.shard_count);
  o.r = open_result(pr.spec, pr.points, pr.out, opts.force, shard, resumed);
  ResultData& r = o.r;
  if (!r.has_delta && std::any_of(pr.points.begin(), pr.points.end(), [](const Point& p) { return p.delta > 0; })) {
    r.has_delta = true;  // (eps, delta) algorithms: their spent delta is recorded per trial
    r.spent_delta.assign(r.points * r.trials, std::numeric_limits<double>::quiet_NaN());
  }
  r.resize_trials(pr.T);
  stamp_spec(r, pr.spec, opts.overrides);
  r.meta.shard = shard;
  o.work = plan_work(r, pr.points, o.already, opts.shard_index, opts.shard_count);
  if (!o.work.empty()) stamp_code(r, resumed, o.already, pr.out, opts.quiet, opts.allow_code_change);
  return o;
}

void announce(const RunOptions& opts, const Prepared& pr, const Opened& o, int threads, int ranks) {
  if (opts.quiet) return;
  std::cerr << pr.spec.file << ": " << pr.P << " points x " << pr.T << " trials"
            << (opts.shard_count ? ", shard " + shard_label(opts.shard_index, opts.shard_count) : "")
            << (o.already ? ", " + std::to_string(o.already) + " already done in " + pr.out : "") << ", "
            << o.work.size() << " to run on " << threads << " threads"
            << (ranks > 1 ? " in " + std::to_string(ranks) + " MPI ranks" : "") << "\n";
}

// The last write, keeping everything computed even after a failure, and the run's outcome.
void finish(const RunOptions& opts, const Prepared& pr, Opened& o, Collector& collector, RunSummary& summary,
            const std::string& interrupted_how) {
  ResultData& r = o.r;
  warn_unspent(r, pr.points, o.work, opts.quiet);
  summary.computed = collector.committed();
  const bool failed = collector.failed();
  if ((failed || g_interrupted) && summary.computed == 0) {
    // Nothing new to keep (e.g. a mechanism refused the first trial of a secure run): a new run
    // leaves no empty result file behind, a resumed one its file as it was.
    std::error_code ec;
    const std::string kept = fs::exists(pr.out, ec) ? pr.out + " left as it was, " + std::to_string(o.already) +
                                                          " trials" : "no result file written";
    if (!failed) throw Interrupted(interrupted_how + ": no trial finished [" + kept + "]; run the same command again to resume");
    throw Error(collector.failure() + " [" + kept + "]");
  }
  if (!failed && !g_interrupted) r.meta.finished = utc_now();
  try {
    write_result(pr.out, r);
    collector.set_saved(o.already + summary.computed);
  } catch (const Error& e) {
    const std::size_t saved = collector.saved();
    const std::string kept = saved ? std::to_string(saved) + " trials of the last checkpoint kept in " + pr.out
                                   : "nothing was saved";
    throw Error(std::string(e.what()) + " [" + kept + "]" + (failed ? "; before that: " + collector.failure() : ""));
  }
  const std::size_t saved = collector.saved();
  if (failed) throw Error(collector.failure() + " [" + std::to_string(saved) + " trials saved in " + pr.out + "]");
  if (g_interrupted)
    throw Interrupted(interrupted_how + ": " + std::to_string(saved) + " trials saved in " + pr.out +
                "; run the same command again to resume");
}

RunSummary run_local(const RunOptions& opts) {
  const Prepared pr = prepare(opts, true);
  check_writable(pr.out);
  const ResultLock lock(pr.out);  // one writer per result, held until the last write
  Opened o = open_for_run(opts, pr);
  ResultData& r = o.r;
  const int threads = opts.threads > 0 ? opts.threads : omp_get_max_threads();
  r.meta.threads = threads;
  RunSummary summary{pr.out, pr.P, pr.T, 0, o.already, 0};
  announce(opts, pr, o, threads, 1);
  if (o.work.empty()) {
    if (r.meta.finished.empty()) r.meta.finished = utc_now();
    write_result(pr.out, r);
    return summary;
  }

  DatasetMap data = load_datasets(pr.points, opts.quiet);
  std::vector<Scratch> scratch(static_cast<std::size_t>(threads));
  Progress progress(pr.spec.name, o.work.size(), opts.quiet);
  Collector collector(r, pr.out, o.already, opts.checkpoint_seconds, progress, opts.abort_after);
  const auto t_start = std::chrono::steady_clock::now();
  const std::vector<WorkItem>& work = o.work;

  g_interrupted.store(false);
  auto old_int = std::signal(SIGINT, on_signal);
  auto old_term = std::signal(SIGTERM, on_signal);
#pragma omp parallel for schedule(dynamic, 1) num_threads(threads)
  for (std::size_t w = 0; w < work.size(); ++w) {
    if (collector.failed() || g_interrupted.load(std::memory_order_relaxed)) continue;
    const auto [p, t] = work[w];
    try {
      TrialResult tr = run_trial(pr.spec, pr.points[p], t, dataset_of(data, pr.points[p], t),
                                 scratch[static_cast<std::size_t>(omp_get_thread_num())]);
      collector.commit(p, t, tr);
      collector.checkpoint_if_due();
    } catch (const std::exception& e) {
      collector.fail(trial_failure(pr.points, p, t, e.what()));
    }
  }
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  progress.finish();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
  finish(opts, pr, o, collector, summary, "interrupted");
  return summary;
}

// Every rank prepares (rank 0 also opens the result and plans the work), then they agree to go
// on; rank 0 serves and writes, the others compute.
RunSummary run_cluster(const RunOptions& opts, Cluster& cluster) {
  const bool root = cluster.rank() == 0;
  const int threads = opts.threads > 0 ? opts.threads : omp_get_max_threads();
  RankSetup mine;
  mine.threads = threads;
  mine.host = hostname();
  mine.code = code_version();  // ranks must agree on the plugins too
  std::optional<Prepared> pr;
  std::optional<ResultLock> lock;
  Opened o;
  DatasetMap data;
  try {
    pr.emplace(prepare(opts, root));
    mine.spec_hash = pr->spec.hash;
    if (root) {
      check_writable(pr->out);
      lock.emplace(pr->out);
      o = open_for_run(opts, *pr);
    }
    if (!root || !o.work.empty()) data = load_datasets(pr->points, opts.quiet || !root);
  } catch (const std::exception& e) {
    mine.ok = false;
    mine.error = e.what();
  }
  const std::vector<RankSetup> setups = cluster.gather(mine);
  RunSummary summary;
  summary.ranks = cluster.size();
  if (!root) {
    summary.worker = true;
    if (!cluster.decide(false)) return summary;  // rank 0 says why
    cluster.work(ComputeJob{pr->spec, pr->points, data, threads}, opts.abort_rank == cluster.rank() ? opts.abort_after : -1);
    return summary;
  }
  // Rank 0: the first problem of any rank, in rank order.
  std::string problem = mine.ok ? "" : mine.error;
  int total_threads = 0;
  std::vector<std::string> hosts;
  for (std::size_t i = 0; i < setups.size() && problem.empty(); ++i) {
    const RankSetup& s = setups[i];
    const std::string who = "MPI rank " + std::to_string(i) + " on " + s.host;
    if (!s.ok) problem = who + ": " + s.error;
    else if (s.spec_hash != mine.spec_hash)
      problem = who + " reads another spec (hash " + s.spec_hash + ", rank 0 " + mine.spec_hash +
                "): every rank must see the same spec file and --set options";
    else if (s.code != mine.code)
      problem = who + " runs dplab " + s.code + ", rank 0 runs " + mine.code + ": every rank must run the same build";
    total_threads += s.threads;
    if (std::find(hosts.begin(), hosts.end(), s.host) == hosts.end()) hosts.push_back(s.host);
  }
  if (!cluster.decide(problem.empty())) throw Error(problem);

  ResultData& r = o.r;
  r.meta.threads = total_threads;
  r.meta.host.clear();
  for (const auto& h : hosts) r.meta.host += (r.meta.host.empty() ? "" : ",") + h;
  summary.out = pr->out;
  summary.points = pr->P;
  summary.trials = pr->T;
  summary.already_done = o.already;
  announce(opts, *pr, o, total_threads, cluster.size());

  Progress progress(pr->spec.name, o.work.size(), opts.quiet || o.work.empty());
  Collector collector(r, pr->out, o.already, opts.checkpoint_seconds, progress,
                      opts.abort_rank == 0 ? opts.abort_after : -1);
  Dispenser dispenser(o.work);
  const auto t_start = std::chrono::steady_clock::now();
  g_interrupted.store(false);
  g_signal.store(0);
  auto old_int = std::signal(SIGINT, on_signal_number);
  auto old_term = std::signal(SIGTERM, on_signal_number);
  cluster.serve(ComputeJob{pr->spec, pr->points, data, threads}, dispenser, collector,
                [] { return g_interrupted.load(std::memory_order_relaxed); });
  std::signal(SIGINT, old_int);
  std::signal(SIGTERM, old_term);
  progress.finish();
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t_start).count();
  if (g_interrupted) {
    // The job is being killed: the checkpoint serve() wrote at once is the file; no second
    // write, no MPI_Finalize (the other ranks may still compute), just the one line.
    cluster.abandon();
    throw Error(std::string(g_signal.load() == SIGTERM
                                ? "the MPI job was stopped (SIGTERM: mpirun ends the whole job when a rank dies, a "
                                  "scheduler when the job is cancelled or out of time)"
                                : "interrupted") +
                ": " + std::to_string(collector.saved()) + " trials saved in " + pr->out +
                "; run the same command again to resume" +
                (collector.failed() ? " (before that: " + collector.failure() + ")" : ""));
  }
  finish(opts, *pr, o, collector, summary, "interrupted");
  return summary;
}

}  // namespace

RunSummary run(const RunOptions& opts) {
  if (opts.cluster) return run_cluster(opts, *opts.cluster);
  return run_local(opts);
}

}  // namespace dplab

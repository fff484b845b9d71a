#include "framework/merge.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "core/error.hpp"
#include "framework/checked_file.hpp"
#include "framework/result_lock.hpp"
#include "framework/runner.hpp"

namespace fs = std::filesystem;

namespace dplab {

namespace {

// "3/32" -> (3, 32); false for anything else.
bool parse_label(const std::string& label, std::size_t& index, std::size_t& count) {
  const auto slash = label.find('/');
  if (slash == std::string::npos) return false;
  try {
    index = std::stoul(label.substr(0, slash));
    count = std::stoul(label.substr(slash + 1));
  } catch (const std::exception&) {
    return false;
  }
  return count > 0 && index < count;
}

std::vector<std::string> metric_names(const ResultData& r) {
  std::vector<std::string> names;
  for (const auto& m : r.metrics) names.push_back(m.name + (m.is_vector ? "[]" : ""));
  return names;
}

// The computed trials of `r` at trial indices >= `trials`: what a result of `trials` trials lacks.
std::size_t trials_beyond(const ResultData& r, std::size_t trials) {
  std::size_t n = 0;
  for (std::size_t p = 0; p < r.points; ++p)
    for (std::size_t t = trials; t < r.trials; ++t) n += r.done[r.cell(p, t)];
  return n;
}

// A word for a POSIX shell: as it is when it is plain, else in single quotes.
std::string shell_word(const std::string& w) {
  if (!w.empty() && w.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=.,/:@%") ==
                        std::string::npos)
    return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// The command that resumes the shard at `path` as it was started: its spec, shard, output file,
// trial count, --set options (recorded as "--set a=1; --set b=2") and plugins.
std::string resume_command(const ResultData& s, const std::string& path) {
  std::string cmd = "dplab";
  for (std::size_t at = 0; at < s.meta.plugins.size();) {  // "<sha256>  <path>" lines
    const std::size_t end = std::min(s.meta.plugins.find('\n', at), s.meta.plugins.size());
    const std::string line = s.meta.plugins.substr(at, end - at);
    if (const auto sep = line.find("  "); sep != std::string::npos) cmd += " --plugins " + shell_word(line.substr(sep + 2));
    at = end + 1;
  }
  cmd += " run " + shell_word(s.meta.spec_path) + " --shard " + s.meta.shard + " --out " + shell_word(path) +
         " --trials " + std::to_string(s.trials);
  const std::string& o = s.meta.overrides;
  for (std::size_t at = 0; at < o.size();) {
    const std::size_t end = std::min(o.find("; --set ", at), o.size());
    std::string one = o.substr(at, end - at);
    if (one.rfind("--set ", 0) == 0) one = one.substr(6);
    cmd += " --set " + shell_word(one);
    at = end + 2;
  }
  return cmd;
}

}  // namespace

ResultData merge_shards(const std::vector<std::string>& paths) {
  if (paths.empty()) throw Error("dplab merge: no shard files given");
  std::vector<ResultData> shards;
  std::vector<std::size_t> index(paths.size());
  std::size_t count = 0;
  for (std::size_t i = 0; i < paths.size(); ++i) {
    shards.push_back(read_result(paths[i]));
    const ResultData& s = shards.back();
    std::size_t n = 0;
    if (!parse_label(s.meta.shard, index[i], n))
      throw Error(paths[i] + ": not a shard (no 'shard' attribute; it was not written by dplab run --shard I/N)");
    if (i == 0) count = n;
    if (n != count)
      throw Error(paths[i] + ": shard " + s.meta.shard + " of a split into " + std::to_string(n) + ", but " + paths[0] +
                  " is shard " + shards[0].meta.shard + " (every shard must come from the same --shard I/N split)");
  }
  const ResultData& first = shards[0];
  auto differ = [&](std::size_t i, const std::string& what, const std::string& a, const std::string& b) {
    throw Error(paths[i] + ": " + what + " differs from " + paths[0] + "'s (" + a + " vs " + b +
                "); these shards are not of the same run and cannot be merged");
  };
  std::map<std::size_t, std::size_t> by_index;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const ResultData& s = shards[i];
    if (s.meta.spec_hash != first.meta.spec_hash) differ(i, "the spec (hash)", s.meta.spec_hash, first.meta.spec_hash);
    if (s.meta.seed != first.meta.seed)
      differ(i, "the seed", std::to_string(s.meta.seed), std::to_string(first.meta.seed));
    if (s.points != first.points)
      differ(i, "the number of points", std::to_string(s.points), std::to_string(first.points));
    if (s.trials != first.trials)
      differ(i, "the number of trials", std::to_string(s.trials), std::to_string(first.trials));
    if (s.meta.overrides != first.meta.overrides) differ(i, "the --set options", s.meta.overrides, first.meta.overrides);
    if (s.meta.spec_text != first.meta.spec_text) differ(i, "the effective spec text", "...", "...");
    if (s.meta.results_version != first.meta.results_version)
      differ(i, "the results version", std::to_string(s.meta.results_version),
             std::to_string(first.meta.results_version));
    if (s.meta.code_version != first.meta.code_version)
      differ(i, "the code that computed it", s.meta.code_version, first.meta.code_version);
    if (s.meta.code_history != first.meta.code_history)
      differ(i, "the code history", s.meta.code_history, first.meta.code_history);
    if (metric_names(s) != metric_names(first)) differ(i, "the metrics", "...", "...");
    if (s.has_delta != first.has_delta) differ(i, "the spent-delta record", "...", "...");
    if (!by_index.emplace(index[i], i).second)
      throw Error(paths[i] + ": shard " + s.meta.shard + " is given twice (also " + paths[by_index[index[i]]] + ")");
  }
  std::string missing;
  for (std::size_t k = 0; k < count; ++k)
    if (!by_index.count(k)) missing += (missing.empty() ? "" : ", ") + std::to_string(k);
  if (!missing.empty())
    throw Error("dplab merge: shard(s) " + missing + " of " + std::to_string(count) + " missing; give all " +
                std::to_string(count) + " files");

  ResultData out = first;
  out.meta.shard.clear();
  const std::size_t P = first.points, T = first.trials;
  std::vector<std::string> hosts;
  int threads = 0;
  for (std::size_t i = 0; i < shards.size(); ++i) {
    ResultData& s = shards[i];
    std::size_t own = 0, done = 0;
    for (std::size_t p = 0; p < P; ++p)
      for (std::size_t t = 0; t < T; ++t) {
        const std::size_t c = s.cell(p, t);
        if (!in_shard(p, t, P, index[i], count)) {
          if (s.done[c]) throw Error(paths[i] + ": holds trial " + std::to_string(t) + " of point " +
                                     std::to_string(p) + ", which is not shard " + s.meta.shard + "'s");
          continue;
        }
        ++own;
        if (!s.done[c]) continue;
        ++done;
        out.done[c] = 1;
        out.wall_time[c] = s.wall_time[c];
        out.spent_eps[c] = s.spent_eps[c];
        if (out.has_delta) out.spent_delta[c] = s.spent_delta[c];
        for (std::size_t m = 0; m < out.metrics.size(); ++m) {
          if (out.metrics[m].is_vector) out.metrics[m].vectors[c] = std::move(s.metrics[m].vectors[c]);
          else out.metrics[m].scalar[c] = s.metrics[m].scalar[c];
        }
      }
    if (done != own)
      throw Error(paths[i] + ": shard " + s.meta.shard + " holds " + std::to_string(done) + " of its " +
                  std::to_string(own) + " trials; run `" + resume_command(s, paths[i]) + "` to finish it");
    if (std::find(hosts.begin(), hosts.end(), s.meta.host) == hosts.end()) hosts.push_back(s.meta.host);
    threads += s.meta.threads;
    if (!s.meta.started.empty() && (out.meta.started.empty() || s.meta.started < out.meta.started))
      out.meta.started = s.meta.started;
    if (s.meta.finished > out.meta.finished) out.meta.finished = s.meta.finished;
  }
  out.meta.threads = threads;
  out.meta.host.clear();
  for (const auto& h : hosts) out.meta.host += (out.meta.host.empty() ? "" : ",") + h;
  return out;
}

MergeSummary merge_to_file(const std::string& out, const std::vector<std::string>& shard_paths, bool force) {
  for (const auto& p : shard_paths)
    if (fs::exists(out) && fs::exists(p) && fs::equivalent(out, p))
      throw Error(out + ": is also one of the shards; give the merged result another name");
  ResultData merged = merge_shards(shard_paths);
  std::error_code ec;
  if (fs::path(out).has_parent_path()) fs::create_directories(fs::path(out).parent_path(), ec);
  const ResultLock lock(out);
  if (fs::exists(out) && !force) {
    std::string why;
    try {
      const ResultData old = read_result(out);
      if (old.meta.spec_hash != merged.meta.spec_hash) why = "holds results of a different spec";
      else if (!old.meta.shard.empty()) why = "is a shard";
      else if (const std::size_t lost = trials_beyond(old, merged.trials))
        why = "holds " + std::to_string(lost) + " computed trial(s) beyond the shards' " + std::to_string(merged.trials) +
              " per point (it has " + std::to_string(old.trials) + "), which the merge would drop";
    } catch (const Error&) {
      why = "exists but is not a dplab result";
    }
    if (!why.empty()) throw Error(out + ": " + why + "; use --force to overwrite it or give another OUT");
  }
  write_result(out, merged);
  return MergeSummary{shard_paths.size(), merged.points, merged.trials};
}

}  // namespace dplab

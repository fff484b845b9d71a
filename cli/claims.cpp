// dplab claims [--results DIR]... [--paper P]... [--seeds K [--trials N] [--result R]... [--scratch DIR] [--fresh]]
// (also `dplab report --claims`): every claim of results/reference/<paper>/claims.yaml with its
// verdict (framework/claims.hpp), the interval behind it and the paper's printed precision.
// With --seeds K it first reruns every spec a paper's claims need at K other seeds (the spec's
// seed + 1 .. + K, at the spec's trial counts or --trials) into SCRATCH/seed+k/<paper>/, then
// shows each claim's verdict at every seed: a claim that holds at one seed and does not hold at
// another flips, a defect of the claim (exit 1).
#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <iostream>
#include <set>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/claims.hpp"
#include "framework/runner.hpp"
#include "framework/spec.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

std::vector<SeedFolder> seed_folders(const std::string& results, const std::string& scratch, int seeds,
                                     std::optional<std::int64_t> trials) {
  std::vector<SeedFolder> out = {{"own seed", results, 0}};
  const std::string suffix = trials ? "-trials" + std::to_string(*trials) : "";
  if (seeds > 0) {
    for (int k = 1; k <= seeds; ++k)
      out.push_back({"+" + std::to_string(k), (fs::path(scratch) / ("seed+" + std::to_string(k) + suffix)).string(), k});
    return out;
  }
  // Without --seeds: the folders of an earlier `dplab claims --seeds` at paper counts.
  std::error_code ec;
  std::vector<SeedFolder> found;
  if (fs::is_directory(scratch, ec))
    for (const auto& e : fs::directory_iterator(scratch)) {
      const std::string name = e.path().filename().string();
      if (!e.is_directory() || name.rfind("seed+", 0) != 0) continue;
      const std::string k = name.substr(5);
      if (k.empty() || k.size() > 4 || k.find_first_not_of("0123456789") != std::string::npos) continue;
      found.push_back({"+" + k, e.path().string(), std::stoi(k)});
    }
  std::sort(found.begin(), found.end(), [](const SeedFolder& a, const SeedFolder& b) { return a.offset < b.offset; });
  out.insert(out.end(), found.begin(), found.end());
  return out;
}

std::vector<PaperVerdicts> claim_verdicts(const std::vector<ClaimsFile>& files, const std::vector<SeedFolder>& folders) {
  std::vector<PaperVerdicts> out;
  for (const auto& f : files) {
    PaperVerdicts p{&f, {}};
    for (const auto& folder : folders) p.by_folder.push_back(evaluate_claims(f, folder.dir, home()));
    out.push_back(std::move(p));
  }
  return out;
}

namespace {

// Runs the specs a paper's claims name at seed + k into folder/<paper>/<result>.h5.
// `only` (--result) limits the reruns to those results, e.g. the cheap ones at the paper's counts.
void run_seed(const ClaimsFile& f, const SeedFolder& folder, std::optional<std::int64_t> trials, int threads,
              const std::vector<std::string>& only) {
  std::set<std::string> results;
  for (const auto& c : f.claims)
    if (only.empty() || std::find(only.begin(), only.end(), c.result) != only.end()) results.insert(c.result);
  for (const auto& r : results) {
    const std::string spec_path = (fs::path(home()) / "experiments" / f.paper / (r + ".yaml")).string();
    if (!fs::exists(spec_path)) throw Error(f.path + ": claims name result " + quote(r) + ", but " + spec_path + " does not exist");
    const Spec spec = load_spec(spec_path);
    RunOptions o;
    o.spec_path = spec_path;
    o.overrides = {"seed=" + std::to_string(spec.seed + static_cast<std::uint64_t>(folder.offset))};
    o.trials = trials;
    o.threads = threads;
    o.out = (fs::path(folder.dir) / f.paper / (r + ".h5")).string();
    fs::create_directories(fs::path(o.out).parent_path());
    std::cout << "== " << f.paper << "/" << r << " at seed " << spec.seed + folder.offset << " (" << folder.label
              << ") -> " << o.out << std::endl;
    try {
      const RunSummary s = run(o);
      std::cout << "   " << s.points << " points x " << s.trials << " trials (" << s.computed << " computed now)" << std::endl;
    } catch (const Interrupted&) {
      throw;  // SIGINT / SIGTERM: stop here, not at the next seed (the run saved its trials)
    } catch (const Error& e) {
      // A spec that cannot run here (a dataset absent): its claims stay "not run" at this seed.
      std::cout << "   not run: " << e.what() << std::endl;
    }
  }
}

const char* short_status(ClaimStatus s) {
  switch (s) {
    case ClaimStatus::holds: return "holds";
    case ClaimStatus::fails: return "FAILS";
    case ClaimStatus::inconclusive: return "incon";
    default: return "-";
  }
}

}  // namespace

int claims(const std::vector<std::string>& args) {
  po::options_description opts("dplab claims [options]");
  opts.add_options()("help,h", "show this help")
      ("results", po::value<std::string>()->default_value("results"), "the results folder (<paper>/<name>.h5)")
      ("paper", po::value<std::vector<std::string>>(), "only this paper (repeatable)")
      ("seeds", po::value<int>()->default_value(0), "rerun the specs the claims need at K other seeds first")
      ("trials", po::value<std::int64_t>(), "with --seeds: trials per point (default: the spec's, the paper's count)")
      ("scratch", po::value<std::string>(), "with --seeds: where the reruns go (default RESULTS/seeds)")
      ("result", po::value<std::vector<std::string>>(), "with --seeds: rerun only this result (repeatable)")
      ("fresh", "with --seeds: delete the paper's earlier reruns first (after a code change)")
      ("threads", po::value<int>()->default_value(0), "with --seeds: OpenMP threads (0: all cores)")
      ("verbose,v", "the numbers at every seed, not only at the own seed and where verdicts differ");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(opts).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << "\nPer claim: its verdict (holds / does not hold / inconclusive / not run) at the own\n"
                         "seed (RESULTS) and at every seed +k found in SCRATCH (or run now with --seeds K), the\n"
                         "interval behind it and the paper's printed precision. Exit 1 when a claim flips\n"
                         "between holds and does not hold across seeds, or its own-seed verdict differs from\n"
                         "its `expect`. See docs/report-and-claims.md.\n";
    return 0;
  }
  const std::string results = vm["results"].as<std::string>();
  const std::string scratch = vm.count("scratch") ? vm["scratch"].as<std::string>() : (fs::path(results) / "seeds").string();
  const int seeds = vm["seeds"].as<int>();
  if (seeds < 0 || seeds > 1000) throw Error("--seeds must be between 0 and 1000");
  std::optional<std::int64_t> trials;
  if (vm.count("trials")) {
    if (!seeds) throw Error("--trials applies to the reruns of --seeds");
    trials = vm["trials"].as<std::int64_t>();
    if (*trials < 1) throw Error("--trials must be >= 1");
  }
  std::vector<std::string> only_results;
  if (vm.count("result")) {
    if (!seeds) throw Error("--result applies to the reruns of --seeds");
    only_results = vm["result"].as<std::vector<std::string>>();
  }
  std::vector<std::string> only;
  if (vm.count("paper")) only = vm["paper"].as<std::vector<std::string>>();
  std::vector<ClaimsFile> files;
  for (auto& f : load_all_claims(home()))
    if (only.empty() || std::find(only.begin(), only.end(), f.paper) != only.end()) files.push_back(std::move(f));
  for (const auto& p : only)
    if (std::none_of(files.begin(), files.end(), [&](const ClaimsFile& f) { return f.paper == p; }))
      throw Error("--paper " + quote(p) + ": no results/reference/" + p + "/claims.yaml");

  for (const auto& r : only_results)
    if (std::none_of(files.begin(), files.end(), [&](const ClaimsFile& f) {
          return std::any_of(f.claims.begin(), f.claims.end(), [&](const Claim& c) { return c.result == r; });
        }))
      throw Error("--result " + quote(r) + ": no claim of the selected papers uses that result");
  const auto folders = seed_folders(results, scratch, seeds, trials);
  if (seeds > 0) {
    for (const auto& f : files)
      for (std::size_t i = 1; i < folders.size(); ++i) {
        if (vm.count("fresh")) {
          if (only_results.empty()) fs::remove_all(fs::path(folders[i].dir) / f.paper);
          for (const auto& r : only_results) fs::remove(fs::path(folders[i].dir) / f.paper / (r + ".h5"));
        }
        run_seed(f, folders[i], trials, vm["threads"].as<int>(), only_results);
      }
  }

  int unexpected = 0, flips = 0, counts[4] = {0, 0, 0, 0};
  for (const auto& pv : claim_verdicts(files, folders)) {
    std::cout << pv.file->paper << " (" << pv.file->path << "); verdicts at: ";
    for (std::size_t i = 0; i < folders.size(); ++i) std::cout << (i ? ", " : "") << folders[i].label;
    std::cout << "\n";
    for (std::size_t c = 0; c < pv.file->claims.size(); ++c) {
      const ClaimOutcome& own = pv.by_folder[0][c];
      std::vector<ClaimStatus> v;
      for (const auto& f : pv.by_folder) v.push_back(f[c].status);
      const bool flip = verdicts_flip(v);
      flips += flip;
      unexpected += own.unexpected();
      ++counts[static_cast<int>(own.status)];
      std::cout << "  " << own.claim->id << "  " << status_text(own.status);
      if (folders.size() > 1) {
        std::cout << "  [";
        for (std::size_t i = 0; i < v.size(); ++i) std::cout << (i ? " " : "") << short_status(v[i]);
        std::cout << "]";
      }
      if (flip) std::cout << "  FLIPS ACROSS SEEDS";
      if (own.unexpected()) std::cout << "  (expected: " << status_text(expected_status(own.claim->expect)) << ")";
      std::cout << "\n      " << own.numbers << "\n";
      if (!own.confidence.empty()) std::cout << "      CI: " << own.confidence << "\n";
      if (!own.precision.empty()) std::cout << "      printed: " << own.precision << "\n";
      for (std::size_t i = 1; i < folders.size(); ++i) {
        const ClaimOutcome& o = pv.by_folder[i][c];
        if (vm.count("verbose") || (o.status != own.status && o.status != ClaimStatus::not_run))
          std::cout << "      at " << folders[i].label << ": " << status_text(o.status) << ": " << o.numbers << "\n";
      }
    }
  }
  std::cout << "own seed: " << counts[0] << " hold, " << counts[1] << " do not hold, " << counts[2] << " inconclusive, "
            << counts[3] << " not run";
  if (folders.size() > 1) std::cout << "; " << flips << " flip between holds and does not hold across " << folders.size() << " seeds";
  std::cout << "\n";
  if (unexpected) std::cerr << "dplab claims: " << unexpected << " claim(s) differ from their `expect`\n";
  if (flips) std::cerr << "dplab claims: " << flips << " claim(s) flip across seeds: a defect of the claim\n";
  return unexpected || flips ? 1 : 0;
}

}  // namespace dplab::cli

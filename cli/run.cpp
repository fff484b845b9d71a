// dplab run SPEC [--trials N] [--threads T] [--out FILE] [--set key=value]... [--shard I/N] [--point I --trial J]
// Under mpirun/srun (a build with -DDPLAB_WITH_MPI=ON) every rank runs this; rank 0 reports.
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdlib>
#include <iostream>
#include <memory>
#include <tuple>

#include "cli/commands.hpp"
#include "datasets/catalogue.hpp"
#include "core/error.hpp"
#include "framework/cluster.hpp"
#include "framework/registry.hpp"
#include "framework/runner.hpp"

namespace po = boost::program_options;

namespace dplab::cli {

namespace {

void print_vector(const std::vector<double>& v) {
  std::cout << "[";
  for (std::size_t i = 0; i < v.size(); ++i) std::cout << (i ? ", " : "") << to_string(Value(v[i]));
  std::cout << "]";
}

int replay(const RunOptions& o, std::int64_t point_index, std::int64_t trial) {
  std::vector<std::string> overrides = o.overrides;
  if (o.trials) overrides.push_back("trials=" + std::to_string(*o.trials));
  Spec spec = load_spec(o.spec_path, overrides);
  std::vector<Point> points = expand(spec);
  if (point_index < 0 || point_index >= static_cast<std::int64_t>(points.size()))
    throw Error("--point " + std::to_string(point_index) + " is out of range: the spec has points 0.." +
                std::to_string(points.size() - 1));
  if (trial < 0) throw Error("--trial must be >= 0");
  const Point& p = points[static_cast<std::size_t>(point_index)];
  DatasetMap data = load_datasets({p}, o.quiet);
  Scratch scratch;
  TrialResult r = run_trial(spec, p, static_cast<std::uint64_t>(trial), dataset_of(data, p, static_cast<std::uint64_t>(trial)), scratch);
  std::cout << "point " << point_index << ": " << p.label << " " << describe(p) << "\n"
            << "trial " << trial << " (seed " << spec.seed << ", stream key " << p.key << ")\n"
            << "spent epsilon: " << to_string(Value(r.spent_eps)) << " of " << to_string(Value(p.budget))
            << (p.delta > 0 ? "\nspent delta: " + to_string(Value(r.spent_delta)) + " of " + to_string(Value(p.delta)) : "")
            << "\nwall time: " << r.wall_time << " s\n";
  for (std::size_t m = 0; m < spec.metrics.size(); ++m) {
    std::cout << "metric " << spec.metrics[m] << ": ";
    if (!p.measured.empty() && !p.measured[m]) std::cout << "not measured (its algorithm entry's metrics)";
    else if (r.metrics[m].size() == 1) std::cout << to_string(Value(r.metrics[m][0]));
    else print_vector(r.metrics[m]);
    std::cout << "\n";
  }
  for (const auto& out : find_algorithm(p.algorithm).info().outputs) {
    if (r.outputs.has_scalar(out.name))
      std::cout << "output " << out.name << ": " << to_string(Value(r.outputs.scalar(out.name))) << "\n";
    else if (r.outputs.has_vector(out.name)) {
      std::cout << "output " << out.name << ": ";
      print_vector(r.outputs.vector(out.name));
      std::cout << "\n";
    }
  }
  return 0;
}

// "3/32" -> (3, 32).
std::pair<std::size_t, std::size_t> parse_shard(const std::string& text) {
  const auto slash = text.find('/');
  auto number = [&](const std::string& s) -> long long {
    if (s.empty() || s.size() > 9 || s.find_first_not_of("0123456789") != std::string::npos) return -1;
    return std::stoll(s);
  };
  const long long i = slash == std::string::npos ? -1 : number(text.substr(0, slash));
  const long long n = slash == std::string::npos ? -1 : number(text.substr(slash + 1));
  if (i < 0 || n < 1 || i >= n)
    throw Error("--shard " + quote(text) + ": expected I/N with 0 <= I < N, e.g. --shard 0/32 (Slurm: --shard "
                "$SLURM_ARRAY_TASK_ID/$SLURM_ARRAY_TASK_COUNT)");
  return {static_cast<std::size_t>(i), static_cast<std::size_t>(n)};
}

}  // namespace

int run(const std::vector<std::string>& args) {
  po::options_description opts("dplab run SPEC [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("trials", po::value<std::int64_t>(), "number of trials per point (default: the spec's, the paper's count)")
      ("threads", po::value<int>()->default_value(0), "OpenMP threads (0: all cores)")
      ("out", po::value<std::string>()->default_value(""), "result file (default results/<paper>/<name>.h5)")
      ("set", po::value<std::vector<std::string>>()->composing(),
       "override a spec field, e.g. --set params.eps=0.5 --set sweep.N=[3,4] (value in YAML)")
      ("point", po::value<std::int64_t>(), "replay one point (index in the expanded sweep) ...")
      ("trial", po::value<std::int64_t>(), "... and this trial, printing its outputs (writes nothing)")
      ("shard", po::value<std::string>(), "compute only shard I of N (I/N, 0 <= I < N) into its own file; "
       "dplab merge joins the N files")
      ("force", "discard an existing result of a different spec and start over")
      ("allow-code-change", "add trials to a result whose trials came from plugins that have changed since")
      ("data-dir", po::value<std::string>()->default_value(""), "data root (default $DPLAB_DATA, ../shared/datasets, datasets/cache)")
      ("max-points", po::value<std::uint64_t>()->default_value(kDefaultMaxPoints),
       "refuse sweeps of more points (a guard against mistaken axes)")
      ("max-cells", po::value<std::uint64_t>()->default_value(RunOptions{}.max_cells),
       "refuse runs of more points x trials (memory is reserved for every cell)")
      ("quiet,q", "no progress output");
  po::options_description hidden;
  hidden.add_options()
      ("spec", po::value<std::string>(), "spec file")
      ("checkpoint-seconds", po::value<double>()->default_value(5.0), "seconds between checkpoints")
      ("abort-after", po::value<std::int64_t>()->default_value(-1), "testing: die like kill -9 after N trials")
      ("abort-rank", po::value<int>()->default_value(0), "testing: the MPI rank --abort-after applies to");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("spec", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts
              << "\nRuns every sweep point of SPEC for its number of trials in parallel and stores every\n"
                 "trial in one HDF5 file. Re-running finishes only missing trials (an interrupted run\n"
                 "resumes); a result of a different spec is refused unless --force.\n"
                 "\nSeveral machines: --shard I/N computes the items (point p, trial t) with\n"
                 "(p + t) mod N = I into results/<paper>/<name>.shard-I-of-N.h5 (a Slurm array\n"
                 "task each); `dplab merge OUT SHARD...` joins them into the file one run would write.\n"
              << (built_with_mpi()
                      ? "This dplab is built with MPI: `mpirun -np K dplab run SPEC` shares the items among K\n"
                        "ranks (rank 0 hands out blocks on request and writes the one result file).\n"
                      : "This dplab is built without MPI (cmake -DDPLAB_WITH_MPI=ON adds mpirun support).\n");
    return 0;
  }
  if (!vm.count("spec")) throw Error("missing SPEC: dplab run experiments/<paper>/<figure>.yaml");

  RunOptions o;
  o.spec_path = vm["spec"].as<std::string>();
  if (vm.count("set")) o.overrides = vm["set"].as<std::vector<std::string>>();
  if (vm.count("trials")) {
    o.trials = vm["trials"].as<std::int64_t>();
    if (*o.trials < 1) throw Error("--trials must be >= 1");
  }
  o.threads = vm["threads"].as<int>();
  if (o.threads < 0) throw Error("--threads must be >= 0");
  o.out = vm["out"].as<std::string>();
  o.force = vm.count("force") > 0;
  o.allow_code_change = vm.count("allow-code-change") > 0;
  o.quiet = vm.count("quiet") > 0;
  o.checkpoint_seconds = vm["checkpoint-seconds"].as<double>();
  if (!(o.checkpoint_seconds >= 0)) throw Error("--checkpoint-seconds must be >= 0");
  o.abort_after = vm["abort-after"].as<std::int64_t>();
  o.abort_rank = vm["abort-rank"].as<int>();
  if (vm.count("shard")) std::tie(o.shard_index, o.shard_count) = parse_shard(vm["shard"].as<std::string>());
  o.max_points = vm["max-points"].as<std::uint64_t>();
  o.max_cells = vm["max-cells"].as<std::uint64_t>();
  set_data_root_override(vm["data-dir"].as<std::string>());

  if (vm.count("point") != vm.count("trial"))
    throw Error("--point and --trial go together: dplab run SPEC --point I --trial J");
  if (vm.count("point")) return replay(o, vm["point"].as<std::int64_t>(), vm["trial"].as<std::int64_t>());

  // Under mpirun/srun: one rank of a job (rank 0 writes the result and reports, the others
  // compute and stay silent).
  std::unique_ptr<Cluster> cluster = join_cluster();
  o.cluster = cluster.get();
  RunSummary s;
  try {
    s = run(o);
  } catch (const Error& e) {
    if (!cluster || !cluster->abandoned()) throw;
    // The job is being killed (a rank died, the job was cancelled): the line, then out at once,
    // past MPI's exit handlers, which would wait for ranks that are gone.
    std::cerr << "dplab run: error: " << e.what() << "\n";
    std::cerr.flush();
    std::_Exit(1);
  }
  if (s.worker) return 0;
  std::cout << "wrote " << s.out << ": " << s.points << " points x " << s.trials << " trials ("
            << s.computed << " computed now, " << s.already_done << " already done"
            << (s.ranks > 1 ? ", " + std::to_string(s.ranks) + " MPI ranks" : "") << ")\n";
  return 0;
}

}  // namespace dplab::cli

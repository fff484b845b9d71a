// dplab audit NAME [--param key=value]... [--samples N] [--seed S] [--confidence C] [--threads T]
//                  [--pair-param size=N|dim=D]...   |   dplab audit --list
// dplab audit SPEC.yaml [--point I | --where key=value...] [--set k=v]... [same options]: the
//                  algorithm and parameters of one sweep point of a spec
// Exit codes: 0 no violation found at the claimed eps, 1 a violation (eps_hat > eps), 2 bad input
// or an algorithm that cannot be audited.
#include <boost/program_options.hpp>
#include <iomanip>
#include <iostream>
#include <optional>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/audit/audit.hpp"
#include "framework/audit/spec_point.hpp"
#include "framework/registry.hpp"

namespace po = boost::program_options;

namespace dplab::cli {

namespace {

const char* role_name(AlgorithmRole r) {
  switch (r) {
    case AlgorithmRole::Mechanism: return "mechanism fixture";
    case AlgorithmRole::Canary: return "canary (deliberately not eps-DP)";
    default: return "algorithm";
  }
}

int list_auditable() {
  for (const auto& name : AlgorithmRegistry::instance().names()) {
    const AlgorithmInfo info = find_algorithm(name).info();
    const std::string why = audit::unauditable_reason(info);
    std::cout << "  " << name << " [" << role_name(info.role) << "]: "
              << (why.empty() ? "auditable" : "not auditable: " + why) << "\n";
  }
  return 0;
}

}  // namespace

int audit(const std::vector<std::string>& args) {
  po::options_description opts("dplab audit NAME [options]  |  dplab audit SPEC.yaml [--point I | --where k=v...] [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("list", "list every algorithm and whether it can be audited (and why not)")
      ("param", po::value<std::vector<std::string>>()->composing(), "an algorithm parameter, key=value (others default)")
      ("point", po::value<std::size_t>(), "SPEC.yaml: the sweep point to audit, by index (0-based, as dplab run --point)")
      ("where", po::value<std::vector<std::string>>()->composing(),
       "SPEC.yaml: the sweep point whose key equals value (a parameter, algorithm, label or dataset); repeat to narrow")
      ("set", po::value<std::vector<std::string>>()->composing(), "SPEC.yaml: override a spec field, key.path=value")
      ("samples", po::value<std::size_t>()->default_value(audit::AuditOptions{}.samples),
       "runs per side of each neighbouring pair (half search events, half test them)")
      ("seed", po::value<std::uint64_t>()->default_value(1), "seed of every run's stream")
      ("confidence", po::value<double>()->default_value(0.95), "confidence of the lower bound eps_hat")
      ("events", po::value<std::size_t>()->default_value(audit::AuditOptions{}.events_per_pair),
       "events validated per pair (the confidence is corrected for all of them)")
      ("pair-param", po::value<std::vector<std::string>>()->composing(),
       "size of the neighbouring datasets: size=N (records or cells), dim=D (points)")
      ("noise", po::value<std::string>(),
       "the mechanisms' samplers: fast (floating point, the default) or secure (exact integer samplers); "
       "for a spec point, the spec's noise unless given")
      ("threads", po::value<int>()->default_value(0), "OpenMP threads (0: all cores)");
  po::options_description hidden;
  hidden.add_options()("name", po::value<std::string>(), "algorithm");
  po::options_description all;
  all.add(opts).add(hidden);
  po::positional_options_description pos;
  pos.add("name", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts
              << "\nTests whether an algorithm is eps-DP as it claims: it runs the algorithm on each\n"
                 "side of neighbouring datasets, searches events on half the runs and bounds\n"
                 "eps from below on the other half (Clopper-Pearson, Bonferroni over events).\n"
                 "Exit 0: no violation found; 1: eps_hat > eps; 2: bad input.\n";
    return 0;
  }
  if (vm.count("list")) return list_auditable();
  if (!vm.count("name")) {
    std::cerr << "dplab audit: name an algorithm (dplab audit --list shows them)\n";
    return 2;
  }
  audit::AuditOptions o;
  o.algorithm = vm["name"].as<std::string>();
  const bool spec_mode = o.algorithm.size() > 5 && (o.algorithm.ends_with(".yaml") || o.algorithm.ends_with(".yml"));
  if (!spec_mode && (vm.count("point") || vm.count("where") || vm.count("set"))) {
    std::cerr << "dplab audit: --point, --where and --set need a spec (SPEC.yaml) instead of an algorithm name\n";
    return 2;
  }
  std::optional<audit::SpecPoint> point;
  if (spec_mode) {
    try {
      point = audit::find_spec_point(
          o.algorithm, vm.count("point") ? std::optional<std::size_t>(vm["point"].as<std::size_t>()) : std::nullopt,
          vm.count("where") ? vm["where"].as<std::vector<std::string>>() : std::vector<std::string>{},
          vm.count("set") ? vm["set"].as<std::vector<std::string>>() : std::vector<std::string>{});
    } catch (const Error& e) {
      std::cerr << "dplab audit: " << e.what() << "\n";
      return 2;
    }
    o.algorithm = point->algorithm;
    o.point_params = &point->params;
    if (point->kind) o.point_kind = &*point->kind;
  }
  if (vm.count("param")) o.params = vm["param"].as<std::vector<std::string>>();
  o.samples = vm["samples"].as<std::size_t>();
  o.seed = vm["seed"].as<std::uint64_t>();
  o.alpha = 1 - vm["confidence"].as<double>();
  o.events_per_pair = vm["events"].as<std::size_t>();
  o.threads = vm["threads"].as<int>();
  const std::string noise = vm.count("noise") ? vm["noise"].as<std::string>() : point ? point->noise : "fast";
  if (noise != "fast" && noise != "secure") {
    std::cerr << "dplab audit: --noise must be fast or secure, got '" << noise << "'\n";
    return 2;
  }
  o.noise = noise == "secure" ? Mechanisms::Noise::secure : Mechanisms::Noise::fast;
  audit::AuditReport r;
  try {
    if (vm.count("pair-param")) o.shape = audit::parse_pair_shape(vm["pair-param"].as<std::vector<std::string>>());
    if (o.events_per_pair < 1) throw Error("--events must be at least 1");
    r = audit::run_audit(o);
  } catch (const Error& e) {
    std::cerr << "dplab audit: " << e.what() << "\n";
    return 2;
  }
  std::cout << std::setprecision(4);
  if (point)
    std::cout << "spec point: " << point->spec << " point " << point->index << " of " << point->points << " ("
              << point->description << ")\n"
              << "data:       the neighbouring pairs of the " << (point->kind ? kind_name(*point->kind) : "algorithm's")
              << " pair generator (small generated datasets), not the spec's dataset\n";
  std::cout << "algorithm:  " << r.algorithm << " (" << r.params << ")\n"
            << "claimed:    eps = " << r.claimed_eps << " (noise: " << noise << ")\n"
            << "eps_hat:    " << r.eps_hat << " (lower bound at confidence " << r.confidence << ", "
            << r.samples << " runs per side of each of " << r.pairs << " pairs, " << r.tested.size()
            << " events tested)\n"
            << "pair:       " << r.best.pair << "\n"
            << "event:      " << r.best.event << "\n"
            << "test half:  " << r.best.count_d << " / " << r.best.n << " runs on D, " << r.best.count_d_prime << " / "
            << r.best.n << " on D'\n"
            << "time:       " << r.seconds << " s\n"
            << "verdict:    "
            << (r.violation() ? "VIOLATION: eps_hat exceeds the claimed eps" : "no violation found at the claimed eps")
            << "\n";
  if (!r.note.empty()) std::cout << "note:       " << r.note << "\n";
  return r.violation() ? 1 : 0;
}

}  // namespace dplab::cli

// dplab audit NAME [--param key=value]... [--samples N] [--test-samples M] [--seconds S] [--seed S]
//                  [--confidence C] [--events K] [--threads T] [--internal] [--pair-param size=N|dim=D]...
// dplab audit --list   |   dplab audit --all [--markdown FILE] (cli/audit_all.hpp)
// dplab audit SPEC.yaml [--point I | --where key=value...] [--set k=v]... [same options]: the
//                  algorithm and parameters of one sweep point of a spec
// Exit codes: 0 no violation found at the claimed eps, 1 a violation (eps_hat > eps), 2 bad input
// or an algorithm that cannot be audited.
#include <boost/program_options.hpp>
#include <iomanip>
#include <iostream>
#include <optional>

#include "cli/audit_all.hpp"
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

std::string joined(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

void print_report(std::ostream& out, const audit::AuditReport& r, const std::string& noise, bool verbose) {
  out << std::setprecision(4);
  out << "algorithm:  " << r.algorithm << " (" << r.params << ")\n";
  for (const auto& c : r.chosen) out << "set:        " << c << "\n";
  out << "released:   " << joined(r.released);
  if (!r.left_out.empty()) out << " (internal, left out: " << joined(r.left_out) << "; --internal audits them)";
  out << "\n"
      << "claimed:    eps = " << r.claimed_eps << " (noise: " << noise << ")\n"
      << "runs:       " << r.pairs_searched << " of " << r.pairs_total << " neighbouring pairs searched, "
      << r.search_samples << " runs per side each; " << r.tested.size() << " events of " << r.pairs_tested
      << " pairs tested on " << r.test_samples << " fresh runs per side";
  if (r.cpu_per_run > 0) out << " (runs chosen for the time budget: " << r.cpu_per_run * 1e6 << " us of CPU per run)";
  out << "\n"
      << "eps_hat:    " << r.eps_hat << " (lower bound at confidence " << r.confidence << ")\n";
  if (r.tested.empty()) {
    out << "event:      none: no output told the two sides of any pair apart on the search runs\n";
  } else {
    out << "pair:       " << r.best.pair << "\n"
        << "event:      " << r.best.event << "\n"
        << "test runs:  " << r.best.count_d << " / " << r.best.n << " on D, " << r.best.count_d_prime << " / "
        << r.best.n << " on D' (search runs: " << r.best.search_d << " vs " << r.best.search_d_prime << " of "
        << r.best.search_n << ")\n";
  }
  if (verbose)
    for (const auto& e : r.tested)
      out << "  tested:   eps_hat " << e.eps_hat << ": " << e.event << " on " << e.pair << ": " << e.count_d << " vs "
          << e.count_d_prime << " of " << e.n << " (search " << e.search_d << " vs " << e.search_d_prime << " of "
          << e.search_n << ")\n";
  out << "time:       " << r.seconds << " s\n"
      << "verdict:    "
      << (r.violation() ? "VIOLATION: eps_hat exceeds the claimed eps" : "no violation found at the claimed eps")
      << "\n";
}

}  // namespace

int audit(const std::vector<std::string>& args) {
  po::options_description opts("dplab audit NAME [options]  |  dplab audit SPEC.yaml [--point I | --where k=v...] [options]");
  opts.add_options()
      ("help,h", "show this help")
      ("list", "list every algorithm and whether it can be audited (and why not)")
      ("all", "the default audit of every auditable algorithm and every known violation, one line each; exit 1 "
              "when a verdict differs from the expected one")
      ("markdown", po::value<std::string>(), "--all: also write the results as a markdown table to this file")
      ("only", po::value<std::vector<std::string>>()->composing(),
       "--all: only the audits whose label starts with this (repeatable); with --markdown, the file's other rows are "
       "kept (it must have been written with the same --seconds, --threads, --seed and --confidence)")
      ("param", po::value<std::vector<std::string>>()->composing(), "an algorithm parameter, key=value (others default)")
      ("point", po::value<std::size_t>(), "SPEC.yaml: the sweep point to audit, by index (0-based, as dplab run --point)")
      ("where", po::value<std::vector<std::string>>()->composing(),
       "SPEC.yaml: the sweep point whose key equals value (a parameter, algorithm, label or dataset); repeat to narrow")
      ("set", po::value<std::vector<std::string>>()->composing(), "SPEC.yaml: override a spec field, key.path=value")
      ("samples", po::value<std::size_t>(),
       "search runs per side of each neighbouring pair (default: as many as --seconds buys)")
      ("test-samples", po::value<std::size_t>(),
       "test runs per side of each pair holding a tested event (default: as many as the search spent)")
      ("seconds", po::value<double>()->default_value(audit::AuditOptions{}.seconds),
       "time budget without --samples: the runs a pilot says fit in this many seconds on --threads cores")
      ("max-pairs", po::value<std::size_t>(), "search at most this many neighbouring pairs of the family")
      ("verbose,v", "list every event tested, with its counts")
      ("internal", "audit the outputs marked internal (diagnostics the release does not contain) as released")
      ("seed", po::value<std::uint64_t>()->default_value(1), "seed of every run's stream")
      ("confidence", po::value<double>()->default_value(0.95), "confidence of the lower bound eps_hat")
      ("events", po::value<std::size_t>()->default_value(audit::AuditOptions{}.events),
       "events tested over all pairs (the confidence is corrected for all of them)")
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
  const bool every = vm.count("all") > 0;
  if (every && vm.count("name")) {
    std::cerr << "dplab audit: --all audits every algorithm; give no name with it\n";
    return 2;
  }
  if (!every && (vm.count("markdown") || vm.count("only"))) {
    std::cerr << "dplab audit: --markdown and --only go with --all\n";
    return 2;
  }
  if (!every && !vm.count("name")) {
    std::cerr << "dplab audit: name an algorithm (dplab audit --list shows them)\n";
    return 2;
  }
  audit::AuditOptions o;
  if (!every) o.algorithm = vm["name"].as<std::string>();
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
  if (vm.count("samples")) o.samples = vm["samples"].as<std::size_t>();
  if (vm.count("test-samples")) o.test_samples = vm["test-samples"].as<std::size_t>();
  if (vm.count("max-pairs")) o.max_pairs = vm["max-pairs"].as<std::size_t>();
  o.seconds = vm["seconds"].as<double>();
  o.include_internal = vm.count("internal") > 0;
  o.seed = vm["seed"].as<std::uint64_t>();
  o.alpha = 1 - vm["confidence"].as<double>();
  o.events = vm["events"].as<std::size_t>();
  o.threads = vm["threads"].as<int>();
  const std::string noise = vm.count("noise") ? vm["noise"].as<std::string>() : point ? point->noise : "fast";
  if (noise != "fast" && noise != "secure") {
    std::cerr << "dplab audit: --noise must be fast or secure, got '" << noise << "'\n";
    return 2;
  }
  o.noise = noise == "secure" ? Mechanisms::Noise::secure : Mechanisms::Noise::fast;
  if (every) {
    if (vm.count("pair-param") || vm.count("param") || vm.count("samples") || vm.count("test-samples")) {
      std::cerr << "dplab audit: --all runs every audit at its defaults and the --seconds budget (no --param, "
                   "--pair-param, --samples or --test-samples)\n";
      return 2;
    }
    try {
      return audit_all(o, vm.count("markdown") ? vm["markdown"].as<std::string>() : "",
                       vm.count("only") ? vm["only"].as<std::vector<std::string>>() : std::vector<std::string>{});
    } catch (const Error& e) {
      std::cerr << "dplab audit: " << e.what() << "\n";
      return 2;
    }
  }
  audit::AuditReport r;
  try {
    if (vm.count("pair-param")) o.shape = audit::parse_pair_shape(vm["pair-param"].as<std::vector<std::string>>());
    r = audit::run_audit(o);
  } catch (const Error& e) {
    std::cerr << "dplab audit: " << e.what() << "\n";
    return 2;
  }
  if (point)
    std::cout << "spec point: " << point->spec << " point " << point->index << " of " << point->points << " ("
              << point->description << ")\n"
              << "data:       the neighbouring pairs of the " << (point->kind ? kind_name(*point->kind) : "algorithm's")
              << " pair generator (small generated datasets), not the spec's dataset\n";
  if (point) {
    // What the point declares (framework/privacy.hpp): a not-dp point is expected to be flagged,
    // though an audit may not see every leak at these pairs and runs.
    const PrivacyStatus status = privacy_status(find_algorithm(point->algorithm).info(), point->params);
    std::cout << "privacy:    " << privacy_name(status.kind)
              << (status.finding.empty() ? "" : " (finding " + status.finding + ")") << ": " << status.why << "\n";
  }
  print_report(std::cout, r, noise, vm.count("verbose") > 0);
  if (!r.note.empty()) std::cout << "note:       " << r.note << "\n";
  return r.violation() ? 1 : 0;
}

}  // namespace dplab::cli

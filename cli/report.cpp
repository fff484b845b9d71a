// dplab report [--results DIR] [--out DIR] [--claims]: the reproduction report. One static
// HTML page (no script, no external asset: figures are embedded as data: URIs, the style is
// inline) with, per paper, the claims of results/reference/<paper>/claims.yaml evaluated
// against the result files (framework/claims.hpp; at every seed of RESULTS/seeds, cli/claims.cpp,
// with the interval behind each verdict), its privacy findings with their evidence and audit
// command (framework/findings.hpp, cli/findings.cpp), then every result file present: its figures
// drawn by `dplab plot` (the one plotting path), and its numbers beside the paper's, from the
// engine's summary (framework/summary.hpp) as `dplab show` prints them.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/program_options.hpp>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <sstream>

#include "cli/commands.hpp"
#include "core/error.hpp"
#include "framework/claims.hpp"
#include "framework/result_privacy.hpp"
#include "framework/replace_file.hpp"
#include "framework/store.hpp"
#include "framework/summary.hpp"

namespace po = boost::program_options;
namespace fs = std::filesystem;

namespace dplab::cli {

namespace {

constexpr std::size_t kMaxRows = 300;  // rows of one result's full table in the page

std::string html(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      default: out += c;
    }
  }
  return out;
}

std::string num(double x) {
  if (std::isnan(x)) return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

std::string base64(const std::string& in) {
  static const char* k = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((in.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 2 < in.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(in[i]) << 16) | (static_cast<unsigned char>(in[i + 1]) << 8) |
                       static_cast<unsigned char>(in[i + 2]);
    for (int s = 18; s >= 0; s -= 6) out += k[(v >> s) & 63];
  }
  if (i < in.size()) {
    unsigned v = static_cast<unsigned char>(in[i]) << 16;
    if (i + 1 < in.size()) v |= static_cast<unsigned char>(in[i + 1]) << 8;
    out += k[(v >> 18) & 63];
    out += k[(v >> 12) & 63];
    out += i + 1 < in.size() ? k[(v >> 6) & 63] : '=';
    out += '=';
  }
  return out;
}

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// fig3 < fig10 < table2: digits compared as numbers.
bool natural_less(const std::string& a, const std::string& b) {
  std::size_t i = 0, j = 0;
  while (i < a.size() && j < b.size()) {
    if (std::isdigit(static_cast<unsigned char>(a[i])) && std::isdigit(static_cast<unsigned char>(b[j]))) {
      std::size_t ie = i, je = j;
      while (ie < a.size() && std::isdigit(static_cast<unsigned char>(a[ie]))) ++ie;
      while (je < b.size() && std::isdigit(static_cast<unsigned char>(b[je]))) ++je;
      const long x = std::stol(a.substr(i, ie - i)), y = std::stol(b.substr(j, je - j));
      if (x != y) return x < y;
      i = ie;
      j = je;
    } else {
      if (a[i] != b[j]) return a[i] < b[j];
      ++i;
      ++j;
    }
  }
  return a.size() - i < b.size() - j;
}

// `dplab plot RESULT --format png --out-dir DIR` (this binary), its output in DIR/plot.log: the
// figures come from the one plotting path. Several run at once (--jobs): matplotlib's start-up
// dominates a quick result's figure.
struct Drawing {
  std::string result;
  fs::path dir;
  std::vector<fs::path> pngs;
  std::string error;
};

pid_t start_drawing(const Drawing& d) {
  fs::create_directories(d.dir);
  const std::string log = (d.dir / "plot.log").string();
  std::vector<std::string> argv_s = {"/proc/self/exe", "plot", d.result, "--format", "png", "--out-dir", d.dir.string()};
  std::vector<char*> argv;
  for (auto& s : argv_s) argv.push_back(s.data());
  argv.push_back(nullptr);
  std::cout.flush();
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = ::open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      ::dup2(fd, 1);
      ::dup2(fd, 2);
    }
    execv(argv[0], argv.data());
    _exit(127);
  }
  if (pid < 0) throw Error("cannot start dplab plot for " + d.result);
  return pid;
}

void finish_drawing(Drawing& d, int status) {
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    d.error = slurp(d.dir / "plot.log");
    if (d.error.empty()) d.error = "dplab plot failed";
    return;
  }
  for (const auto& e : fs::directory_iterator(d.dir))
    if (e.path().extension() == ".png") d.pngs.push_back(e.path());
  std::sort(d.pngs.begin(), d.pngs.end(), [](const fs::path& a, const fs::path& b) {
    return natural_less(a.filename().string(), b.filename().string());
  });
}

// Draws every result, at most `jobs` at a time.
void draw_all(std::vector<Drawing>& all, int jobs) {
  std::map<pid_t, std::size_t> running;
  std::size_t next = 0;
  while (next < all.size() || !running.empty()) {
    while (next < all.size() && static_cast<int>(running.size()) < jobs) {
      running[start_drawing(all[next])] = next;
      ++next;
    }
    int status = 0;
    const pid_t pid = ::waitpid(-1, &status, 0);
    if (pid < 0) break;
    auto it = running.find(pid);
    if (it == running.end()) continue;
    finish_drawing(all[it->second], status);
    running.erase(it);
  }
}

const char* kStyle = R"(
body{font-family:sans-serif;margin:24px auto;max-width:1200px;color:#222;line-height:1.35}
h1{border-bottom:3px solid #335;padding-bottom:6px}
h2{background:#335;color:#fff;padding:6px 10px;margin-top:40px}
h3{border-bottom:1px solid #aab;margin-top:28px}
table{border-collapse:collapse;margin:8px 0 16px;font-size:13px}
th,td{border:1px solid #ccd;padding:3px 7px;text-align:left;vertical-align:top}
th{background:#eef}
td.n{text-align:right;font-variant-numeric:tabular-nums}
td.holds{background:#d4f4d4;font-weight:bold}
td.fails{background:#f9d0d0;font-weight:bold}
td.notrun{background:#eee;color:#666}
td.incon{background:#fbeec1;font-weight:bold}
span.seed{display:inline-block;padding:0 4px;margin:1px;font-size:12px;white-space:nowrap}
span.holds{background:#d4f4d4}span.fails{background:#f9d0d0}span.incon{background:#fbeec1}span.notrun{background:#eee;color:#666}
.unexpected{color:#a00;font-weight:bold}
figure{display:inline-block;margin:6px 12px 6px 0;vertical-align:top}
img{max-width:100%;max-height:460px;border:1px solid #ddd}
td.status{white-space:nowrap}
tr.section th{background:#dde;text-align:left}
.meta{color:#666;font-size:12px}
.summary{font-size:14px;margin:6px 0 12px}
details{margin:6px 0 12px}
)";

struct Counts {
  int holds = 0, fails = 0, inconclusive = 0, not_run = 0, unexpected = 0, flips = 0;
};

const char* status_class(ClaimStatus s) {
  switch (s) {
    case ClaimStatus::holds: return "holds";
    case ClaimStatus::fails: return "fails";
    case ClaimStatus::inconclusive: return "incon";
    default: return "notrun";
  }
}

// Per claim: its verdict at the own seed and at every rerun seed found (dplab claims --seeds),
// the numbers, the interval behind the verdict and the paper's printed precision.
void claims_table(std::ostream& o, const PaperVerdicts& pv, const std::vector<SeedFolder>& folders, Counts& counts) {
  o << "<table class=\"claims\"><tr><th>claim</th><th>the paper says</th><th>result</th><th>verdict</th>";
  if (folders.size() > 1) {
    o << "<th>at seeds";
    for (std::size_t i = 1; i < folders.size(); ++i) o << " " << html(folders[i].label);
    o << "</th>";
  }
  o << "<th>the numbers</th><th>interval behind it</th><th>paper's printed precision</th></tr>\n";
  const std::size_t cols = folders.size() > 1 ? 8 : 7;
  std::string section;
  for (std::size_t k = 0; k < pv.file->claims.size(); ++k) {
    const ClaimOutcome& oc = pv.by_folder[0][k];
    const Claim& c = *oc.claim;
    if (c.section != section) {
      section = c.section;
      o << "<tr class=\"section\"><th colspan=\"" << cols << "\">" << html(section) << "</th></tr>\n";
    }
    switch (oc.status) {
      case ClaimStatus::holds: ++counts.holds; break;
      case ClaimStatus::fails: ++counts.fails; break;
      case ClaimStatus::inconclusive: ++counts.inconclusive; break;
      default: ++counts.not_run;
    }
    o << "<tr><td>" << html(c.id) << "</td><td>" << html(c.says) << "</td><td>" << html(c.result)
      << "</td><td class=\"status " << status_class(oc.status) << "\">" << status_text(oc.status);
    if (oc.unexpected()) {
      ++counts.unexpected;
      o << "<br><span class=\"unexpected\">docs say: " << status_text(expected_status(c.expect)) << "</span>";
    }
    o << "</td>";
    if (folders.size() > 1) {
      std::vector<ClaimStatus> v;
      o << "<td class=\"seeds\">";
      for (std::size_t i = 0; i < folders.size(); ++i) {
        v.push_back(pv.by_folder[i][k].status);
        if (i) o << "<span class=\"seed " << status_class(v.back()) << "\" title=\"" << html(folders[i].label) << ": "
                 << html(pv.by_folder[i][k].numbers) << "\">" << status_text(v.back()) << "</span> ";
      }
      if (verdicts_flip(v)) {
        ++counts.flips;
        o << "<br><span class=\"unexpected\">flips across seeds</span>";
      }
      o << "</td>";
    }
    o << "<td>" << html(oc.numbers) << "</td><td>" << html(oc.interval)
      << (oc.confidence.empty() ? "" : "<br><span class=\"meta\">" + html(oc.confidence) + "</span>") << "</td><td>"
      << html(oc.precision) << "</td></tr>\n";
  }
  o << "</table>\n";
}

// Ours beside the paper's: every row with a paper value, then (folded) the whole summary. A
// not-dp point's mean carries a dagger (its finding is in the paper's privacy findings).
void numbers_tables(std::ostream& o, const ResultData& r, const std::vector<SummaryRow>& rows) {
  const std::vector<PointPrivacy> privacy = privacy_of_points(r);
  bool any_vector = false;
  for (const auto& m : r.metrics) any_vector |= m.is_vector && !m.raw;
  auto header = [&](bool with_paper) {
    o << "<table><tr>";
    for (const auto& a : r.axes) o << "<th>" << html(a) << "</th>";
    o << "<th>metric</th>" << (any_vector ? "<th>index</th>" : "")
      << "<th>ours: mean</th><th>95% CI</th><th>trials</th>";
    if (with_paper) o << "<th>paper</th><th>ours / paper</th>";
    o << "</tr>\n";
  };
  auto row_html = [&](const SummaryRow& s, bool with_paper) {
    o << "<tr>";
    for (const auto& a : r.axes) o << "<td>" << html(cell_text(*r.column(a), s.point)) << "</td>";
    o << "<td>" << html(s.metric) << "</td>";
    if (any_vector) o << "<td class=\"n\">" << (s.index < 0 ? "" : std::to_string(s.index)) << "</td>";
    const std::string& finding = privacy[s.point].finding;
    o << "<td class=\"n\">" << num(s.stats.mean)
      << (finding.empty() ? "" : " <span title=\"not eps-DP as published: " + html(finding) + "\">&dagger;</span>")
      << "</td><td class=\"n\">[" << num(s.stats.ci_low) << ", "
      << num(s.stats.ci_high) << "]</td><td class=\"n\">" << s.stats.n << "</td>";
    if (with_paper)
      o << "<td class=\"n\">" << (s.paper ? num(*s.paper) : "-") << "</td><td class=\"n\">"
        << (s.paper && *s.paper != 0 ? num(s.stats.mean / *s.paper) : "-") << "</td>";
    o << "</tr>\n";
  };
  std::vector<const SummaryRow*> with_paper, all;
  for (const auto& s : rows) {
    if (!s.baseline.empty() || s.metric == "wall_time") continue;
    all.push_back(&s);
    if (s.paper) with_paper.push_back(&s);
  }
  if (!with_paper.empty()) {
    o << "<p class=\"summary\">Ours beside the paper's published values (" << with_paper.size() << " values):</p>\n";
    header(true);
    for (const auto* s : with_paper) row_html(*s, true);
    o << "</table>\n";
  }
  o << "<details><summary>All " << all.size() << " summary rows"
    << (all.size() > kMaxRows ? " (the first " + std::to_string(kMaxRows) + " here; dplab show prints all)" : "")
    << "</summary>\n";
  header(true);
  for (std::size_t i = 0; i < all.size() && i < kMaxRows; ++i) row_html(*all[i], true);
  o << "</table></details>\n";
}

}  // namespace

int report(const std::vector<std::string>& args) {
  // `dplab report --claims [...]` is `dplab claims [...]` (the claims as text, --seeds K).
  if (std::find(args.begin(), args.end(), "--claims") != args.end()) {
    std::vector<std::string> rest;
    for (const auto& a : args)
      if (a != "--claims") rest.push_back(a);
    return claims(rest);
  }
  po::options_description opts("dplab report [options]");
  opts.add_options()("help,h", "show this help")
      ("results", po::value<std::string>()->default_value("results"), "the results folder (<paper>/<name>.h5)")
      ("out", po::value<std::string>()->default_value("results/report"), "where to write index.html")
      ("claims", "the claims as text, no HTML: the same as `dplab claims` (its options: --seeds K, ...)")
      ("paper", po::value<std::vector<std::string>>(), "only this paper (repeatable)")
      ("no-figures", "leave the figures out (faster)")
      ("jobs", po::value<int>()->default_value(2), "figures drawn at once");
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(opts).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    std::cout << opts << "\nWrites OUT/index.html: per paper, its claims (results/reference/<paper>/claims.yaml)\n"
                         "evaluated against RESULTS (holds / does not hold / inconclusive / not run, with the\n"
                         "numbers, the interval behind each verdict and the verdicts at the seeds of an earlier\n"
                         "`dplab claims --seeds K` in RESULTS/seeds), then every result file's figures and its\n"
                         "numbers beside the paper's. The page has no external asset: figures are embedded.\n"
                         "See docs/report-and-claims.md.\n";
    return 0;
  }
  const std::string results = vm["results"].as<std::string>();
  std::vector<std::string> only;
  if (vm.count("paper")) only = vm["paper"].as<std::vector<std::string>>();
  auto wanted = [&](const std::string& p) { return only.empty() || std::find(only.begin(), only.end(), p) != only.end(); };

  // Papers: those with claims, then any other folder of results holding result files.
  std::vector<ClaimsFile> files = load_all_claims(home());
  std::vector<std::string> papers;
  std::map<std::string, const ClaimsFile*> claims_of;
  for (const auto& f : files) {
    papers.push_back(f.paper);
    claims_of[f.paper] = &f;
  }
  std::error_code ec;
  if (fs::is_directory(results, ec)) {
    std::vector<std::string> extra;
    for (const auto& e : fs::directory_iterator(results)) {
      const std::string p = e.path().filename().string();
      if (!e.is_directory() || p == "reference" || claims_of.count(p)) continue;
      for (const auto& f : fs::directory_iterator(e.path()))
        if (f.path().extension() == ".h5") { extra.push_back(p); break; }
    }
    std::sort(extra.begin(), extra.end());
    papers.insert(papers.end(), extra.begin(), extra.end());
  }
  for (const auto& p : only)
    if (std::find(papers.begin(), papers.end(), p) == papers.end())
      throw Error("--paper " + quote(p) + ": no claims file and no results for it");

  const fs::path out = vm["out"].as<std::string>();
  fs::create_directories(out, ec);
  if (ec) throw Error(out.string() + ": cannot create the report folder (" + ec.message() + ")");
  const fs::path work = out / ".figures";
  // The figures are drawn into `work` and embedded in the page; a killed report's are not reused.
  struct RemoveWork {
    fs::path dir;
    ~RemoveWork() {
      std::error_code e;
      fs::remove_all(dir, e);
    }
  } remove_work{work};
  fs::remove_all(work, ec);
  std::ostringstream body;
  std::ostringstream toc;
  // Every result file of every paper, in natural order (fig3 before fig10), and their figures.
  std::map<std::string, std::vector<fs::path>> files_of;
  std::vector<Drawing> drawings;
  for (const auto& p : papers) {
    if (!wanted(p)) continue;
    auto& h5 = files_of[p];
    if (fs::is_directory(fs::path(results) / p, ec))
      for (const auto& e : fs::directory_iterator(fs::path(results) / p))
        if (e.path().extension() == ".h5") h5.push_back(e.path());
    std::sort(h5.begin(), h5.end(), [](const fs::path& a, const fs::path& b) {
      return natural_less(a.filename().string(), b.filename().string());
    });
    if (!vm.count("no-figures"))
      for (const auto& f : h5) drawings.push_back(Drawing{f.string(), work / p / f.stem(), {}, {}});
  }
  if (vm["jobs"].as<int>() < 1) throw Error("--jobs must be at least 1");
  draw_all(drawings, vm["jobs"].as<int>());
  std::map<std::string, const Drawing*> drawing_of;
  for (const auto& d : drawings) drawing_of[d.result] = &d;

  Counts total;
  const auto folders = seed_folders(results, (fs::path(results) / "seeds").string(), 0);
  for (const auto& p : papers) {
    if (!wanted(p)) continue;
    const ClaimsFile* cf = claims_of.count(p) ? claims_of[p] : nullptr;
    const std::string title = cf && !cf->title.empty() ? cf->title : p;
    body << "<h2 id=\"" << html(p) << "\">" << html(p) << ": " << html(title) << "</h2>\n";
    toc << "<li><a href=\"#" << html(p) << "\">" << html(p) << "</a>";
    if (cf) {
      Counts c;
      body << "<h3>Claims</h3>\n";
      try {
        const std::vector<ClaimsFile> one = {*cf};  // outlives the verdicts, which point into it
        const auto verdicts = claim_verdicts(one, folders);
        claims_table(body, verdicts.front(), folders, c);
      } catch (const Error& e) {
        // A result that cannot be read, or a claim naming a column it lacks: said on the page.
        body << "<p class=\"unexpected\">claims not evaluated: " << html(e.what()) << "</p>\n";
      }
      body << "<p class=\"summary\">" << c.holds << " hold, " << c.fails << " do not hold, " << c.inconclusive
           << " inconclusive, " << c.not_run << " not run"
           << (c.unexpected ? ", <span class=\"unexpected\">" + std::to_string(c.unexpected) +
                                  " differ from what the docs report</span>"
                            : "")
           << (c.flips ? ", <span class=\"unexpected\">" + std::to_string(c.flips) + " flip across seeds</span>" : "")
           << " (claims in results/reference/" << html(p) << "/claims.yaml).</p>\n";
      toc << ": " << c.holds << " hold, " << c.fails << " do not hold, " << c.inconclusive << " inconclusive, "
          << c.not_run << " not run";
      total.holds += c.holds;
      total.fails += c.fails;
      total.inconclusive += c.inconclusive;
      total.not_run += c.not_run;
      total.unexpected += c.unexpected;
      total.flips += c.flips;
    }
    if (const int n = findings_html(body, p)) toc << "; " << n << " privacy finding" << (n > 1 ? "s" : "");
    toc << "</li>\n";
    const auto& h5 = files_of[p];
    if (h5.empty()) body << "<p class=\"meta\">No result files of this paper in " << html(results) << ".</p>\n";
    for (const auto& f : h5) {
      ResultData r;
      try {
        r = read_result(f.string());
        ensure_privacy_columns(r, f.string());
      } catch (const Error& e) {
        body << "<h3>" << html(f.filename().string()) << "</h3>\n<p class=\"unexpected\">" << html(e.what()) << "</p>\n";
        continue;
      }
      const auto rows = summarize_result(r, load_reference(r, home()), SummaryOptions{true, {}});
      std::size_t done = 0;
      for (auto d : r.done) done += d;
      body << "<h3>" << html(r.meta.id.empty() ? r.meta.name : r.meta.id) << " <span class=\"meta\">("
           << html(f.filename().string()) << ")</span></h3>\n<p>" << html(r.meta.description) << "</p>\n"
           << "<p class=\"meta\">" << r.points << " points x " << r.trials << " trials, " << done << " done; seed "
           << r.meta.seed << "; code " << html(r.meta.code_version) << "; " << html(r.meta.started) << " .. "
           << html(r.meta.finished.empty() ? "(incomplete)" : r.meta.finished)
           << (r.meta.overrides.empty() ? "" : "; overridden: " + html(r.meta.overrides)) << "</p>\n";
      if (const auto it = drawing_of.find(f.string()); it != drawing_of.end()) {
        const Drawing& d = *it->second;
        if (!d.error.empty()) body << "<p class=\"unexpected\">figure not drawn: " << html(d.error) << "</p>\n";
        for (const auto& png : d.pngs)
          body << "<figure><img alt=\"" << html(png.stem().string()) << "\" src=\"data:image/png;base64,"
               << base64(slurp(png)) << "\"></figure>\n";
      }
      numbers_tables(body, r, rows);
    }
  }

  std::ostringstream page;
  page << "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>dplab reproduction report</title>"
       << "<style>" << kStyle << "</style></head><body>\n<h1>dplab reproduction report</h1>\n"
       << "<p class=\"meta\">Results from " << html(results) << "; claims from results/reference/*/claims.yaml. "
       << "Verdicts from confidence intervals over the trials, simultaneous over each claim's intervals: "
       << "<b>holds</b> (the statement holds for every value in them) / <b>does not hold</b> (for none) / "
       << "<b>inconclusive</b> (the data's noise allows both) / <b>not run</b> (the result file or the points a "
       << "claim needs are absent). A number the paper prints stands for the interval its digits allow. "
       << (folders.size() > 1 ? "Verdicts at the seeds of results/seeds (dplab claims --seeds) beside the own seed's. "
                              : "")
       << "Statistics from the engine (dplab show).</p>\n"
       << "<p class=\"summary\">" << total.holds << " claims hold, " << total.fails << " do not hold, "
       << total.inconclusive << " inconclusive, " << total.not_run << " not run"
       << (total.unexpected ? "; <span class=\"unexpected\">" + std::to_string(total.unexpected) +
                                  " differ from what the docs report</span>"
                            : "")
       << (total.flips ? "; <span class=\"unexpected\">" + std::to_string(total.flips) + " flip across seeds</span>" : "")
       << ".</p>\n<ul>\n" << toc.str() << "</ul>\n" << body.str() << "</body></html>\n";
  // Whole or not at all: a full disk leaves an existing page as it was (framework/replace_file.hpp).
  replace_file_text((out / "index.html").string(), [&](std::ostream& o) { o << page.str(); });
  std::cout << "wrote " << (out / "index.html").string() << "\n";
  return 0;
}

}  // namespace dplab::cli

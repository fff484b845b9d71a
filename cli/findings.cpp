// What `dplab list` and `dplab report` show of privacy (issue 28): an algorithm's status lines,
// the findings as text or Markdown (docs/privacy-findings.md is `dplab list findings --markdown`),
// and each paper's findings in the report with their evidence and audit command.
#include <cmath>
#include <cstdio>
#include <iostream>

#include "cli/commands.hpp"
#include "framework/findings.hpp"
#include "framework/registry.hpp"

namespace dplab::cli {

namespace {

std::string status_text(const PrivacyStatus& s) {
  std::string t = privacy_name(s.kind);
  if (!s.finding.empty()) t += " (" + s.finding + ")";
  return t + ": " + s.why;
}

std::string number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", x);
  return buf;
}

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

}  // namespace

void print_privacy(const AlgorithmInfo& info) {
  if (info.privacy_rules.empty()) {
    std::cout << "    privacy: " << status_text(info.privacy) << "\n";
    return;
  }
  std::cout << "    privacy (the first that applies):\n";
  for (const auto& r : info.privacy_rules) std::cout << "      when " << r.when << ": " << status_text(r.status) << "\n";
  std::cout << "      otherwise: " << status_text(info.privacy) << "\n";
}

int list_findings(bool markdown) {
  if (markdown) {
    std::cout << findings_markdown();
    return 0;
  }
  std::cout << "privacy findings (a published method that is not eps-DP as published; "
               "dplab list findings --markdown for the evidence):\n";
  for (const Finding* f : all_findings()) {
    std::cout << "  " << f->id << ": " << f->title << "\n";
    if (!f->audit.empty())
      std::cout << "    audit: " << f->audit << "\n      eps_hat " << number(f->eps_hat) << " against the claimed "
                << number(f->claimed_eps) << "\n";
    else
      std::cout << "    not shown by the audit: " << f->unaudited << "\n";
    std::cout << "    docs: " << f->docs << "\n";
  }
  return 0;
}

int findings_html(std::ostream& o, const std::string& paper) {
  int n = 0;
  for (const Finding* f : all_findings()) {
    if (f->paper() != paper) continue;
    if (n++ == 0)
      o << "<h3>Privacy findings</h3>\n<p class=\"meta\">Published methods that are not eps-DP as published "
           "(figures draw them dashed, with a dagger). eps_hat: <code>dplab audit</code>'s lower bound of the "
           "privacy loss at confidence 0.999; a violation is eps_hat above the claimed eps.</p>\n"
           "<table><tr><th>finding</th><th>evidence</th><th>audit</th><th>claimed eps</th><th>eps_hat</th>"
           "<th>docs</th></tr>\n";
    o << "<tr><td><b>" << html(f->id) << "</b><br>" << html(f->title) << "</td><td>" << html(f->evidence) << "</td>";
    if (!f->audit.empty())
      o << "<td><code>" << html(f->audit) << "</code></td><td class=\"n\">" << number(f->claimed_eps)
        << "</td><td class=\"n fails\">" << number(f->eps_hat) << "</td>";
    else
      o << "<td colspan=\"3\">not shown by the audit: " << html(f->unaudited) << "</td>";
    o << "<td>" << html(f->docs) << "</td></tr>\n";
  }
  if (n) o << "</table>\n";
  return n;
}

}  // namespace dplab::cli

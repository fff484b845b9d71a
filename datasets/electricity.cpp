// ElectricityLoadDiagrams20112014 (UCI dataset 321; Trindade 2015), LD2011_2014.txt: one line per
// quarter-hour from 2011-01-01 00:15 to 2015-01-01 00:00 (140,256 lines) with the kW reading of
// each of 370 clients ("MT_001".."MT_370"), fields separated by ';', decimal commas
// ("2,53807106598985"), a header line of quoted client names and a quoted time stamp first on
// every line. Clients created after 2011 read 0 before they started (UCI's notes).
//
// lu_thesis ch. 5 treats each meter as a data curator and sums its readings, so the loader keeps
// what Algorithm 5.1 needs per meter (CuratorTotals: readings, total, largest reading), reading
// the 711 MB file line by line instead of holding its 52 million values. A meter's records are
// all its readings (zeros included, as in the file); the largest reading of any meter bounds the
// value domain and the number of readings the records per meter (the global sensitivity).
//
// The file is not on this machine (no network); the checksum is the one published with a copy
// of the UCI download (LD2011_2014.txt, 710,998,915 bytes), and the parser is tested on a
// fixture of the same format (tests/fixtures/datasets/electricity/). Until the file is fetched
// (scripts/fetch-datasets.sh electricity_load_diagrams) the specs use electricity_like, a
// documented synthetic substitute.
#include <algorithm>
#include <charconv>
#include <cmath>
#include <fstream>
#include <string>

#include "core/error.hpp"
#include "datasets/catalogue.hpp"

namespace dplab {
namespace {

// One reading: digits with a decimal comma (or point), no exponent needed but accepted.
double reading(std::string_view field, const std::string& path, int line, std::size_t column) {
  char buf[64];
  std::size_t n = 0;
  for (char ch : field) {
    if (ch == '\r' || ch == ' ' || ch == '"') continue;
    if (n + 1 >= sizeof buf) break;
    buf[n++] = ch == ',' ? '.' : ch;
  }
  double v = 0;
  auto [ptr, ec] = std::from_chars(buf, buf + n, v);
  if (n == 0 || ec != std::errc() || ptr != buf + n || !std::isfinite(v) || v < 0)
    throw Error(located(path, line, "meter " + std::to_string(column),
                        "'" + std::string(field) + "' is not a reading (allowed: a number >= 0 with a decimal comma, e.g. 2,538)"));
  return v;
}

std::shared_ptr<const Dataset> load_load_diagrams(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  std::ifstream in(path, std::ios::binary);
  if (!in) throw Error("dataset '" + info.name + "': cannot open " + path);
  std::string text;
  int line = 1;
  if (!std::getline(in, text)) throw Error(located(path, 1, "header", "empty file (expected a header of client names)"));
  const auto meters = static_cast<std::size_t>(std::count(text.begin(), text.end(), ';'));
  if (meters == 0)
    throw Error(located(path, 1, "header", "no ';'-separated client names (expected \"\";\"MT_001\";...)"));
  auto d = std::make_shared<CuratorTotals>();
  d->name = info.name;
  d->records.assign(meters, 0);
  d->total.assign(meters, 0.0);
  d->largest.assign(meters, 0.0);
  std::size_t rows = 0;
  while (std::getline(in, text)) {
    ++line;
    if (text.find_first_not_of(" \r\t") == std::string::npos) continue;
    std::string_view rest(text);
    std::size_t cut = rest.find(';');  // the time stamp
    std::size_t m = 0;
    while (cut != std::string_view::npos) {
      rest.remove_prefix(cut + 1);
      cut = rest.find(';');
      const std::string_view field = rest.substr(0, cut);
      if (m == meters)
        throw Error(located(path, line, "meters", "more than the header's " + std::to_string(meters) + " readings"));
      const double v = reading(field, path, line, m + 1);
      d->total[m] += v;
      d->largest[m] = std::max(d->largest[m], v);
      ++m;
    }
    if (m != meters)
      throw Error(located(path, line, "meters", std::to_string(m) + " readings, the header names " + std::to_string(meters)));
    ++rows;
  }
  for (std::size_t m = 0; m < meters; ++m) {
    d->records[m] = rows;
    d->value_bound = std::max(d->value_bound, d->largest[m]);
  }
  d->records_bound = double(rows);
  if (info.rows && rows != info.rows)
    throw Error("dataset '" + info.name + "': " + path + " has " + std::to_string(rows) + " readings per meter, the catalogue expects " +
                std::to_string(info.rows) + " (a different version of the file, or a wrong catalogue entry)");
  return d;
}

DatasetInfo load_diagrams_info() {
  DatasetInfo info;
  info.name = "electricity_load_diagrams";
  info.kind = DatasetKind::CuratorTotals;
  info.doc = "UCI ElectricityLoadDiagrams20112014: 15-minute kW readings of 370 clients, 2011-2014 (140,256 x 370), per meter: readings, total, largest";
  info.files = {{"electricity_load_diagrams/LD2011_2014.txt", "d51565f2cb5a6b768d06ba1bbd3c084c6e2f3aab07f00c6f2dcb80e90175124b"}};
  info.rows = 140256;
  info.cols = 370;
  info.upstream = "https://archive.ics.uci.edu/dataset/321/electricityloaddiagrams20112014 (LD2011_2014.txt.zip, 711 MB unzipped)";
  info.licence = "CC BY 4.0 (UCI Machine Learning Repository)";
  info.papers = "lu_thesis ch. 5, Tables 5.3-5.4 and Figs 5.3-5.4 ('ELD-1114': each meter a curator, summation); not on this machine: the specs use electricity_like";
  info.load = load_load_diagrams;
  return info;
}

}  // namespace

DPLAB_DATASET(electricity_load_diagrams, load_diagrams_info());

}  // namespace dplab

// gowalla_1m_substitute: a SUBSTITUTE for the 1,000,000 Gowalla check-ins that wavecluster §7.1
// sampled from SNAP's loc-gowalla (about 6.4M records). The raw check-ins are not available
// here (gowalla_raw); DPBench's 256 x 256 histogram of the same check-in locations is
// (gowalla_checkins, scale 6,442,863). This generator draws n of those 6,442,863 records
// without replacement (Knuth's selection sampling, Algorithm S, so every n-subset is equally
// likely, as a uniform sample of the raw records would be) and places each uniformly at random
// inside its histogram cell: cell (row r, column c) becomes the square [c, c+1) x [r, r+1), so
// x runs with the columns (longitude) and y with the rows (latitude), the domain is
// [0, 256] x [0, 256], and the points draw the world map of the paper's Fig 4(d). Inside a
// cell of 1/256 of the map's width the substitute is uniform where the real check-ins are not;
// at the paper's g = 80 (a grid cell spans 3.2 histogram cells) the grid counts are those of a
// uniform sample of the real records up to that within-cell placement.
#include "core/error.hpp"
#include "core/rng.hpp"
#include "datasets/catalogue.hpp"

namespace dplab {
namespace {

const char* const kCheckinSha = "cb93037b627abae418103f0b125bd4b654ef7191617eba53a7493289074b0f8c";

std::shared_ptr<const Dataset> generate(const DatasetInfo& info, const DatasetRequest& req) {
  for (const auto& spec : info.params)
    if (auto err = spec.validate(req.params.get(spec.name)))
      throw Error("dataset '" + info.name + "': parameter '" + spec.name + "': " + *err);
  dataset_file(info, req, 0);  // checks that the histogram is there and intact, with this entry's name
  const auto hist = std::dynamic_pointer_cast<const Histogram2D>(load_dataset(find_dataset("gowalla_checkins"), {req.root, {}, 1}));
  if (!hist) throw Error("dataset '" + info.name + "': gowalla_checkins did not load as a 2-D histogram");
  double total = 0;
  for (double c : hist->counts) total += c;
  const auto n = static_cast<std::uint64_t>(req.params.integer("n"));
  if (double(n) > total)
    throw Error("dataset '" + info.name + "': n = " + std::to_string(n) + " is more than the " +
                std::to_string(static_cast<std::uint64_t>(total)) + " check-ins of the histogram");

  Stream s(req.seed, hash64(info.name), 0);
  auto ps = std::make_shared<PointSet>();
  ps->name = info.name;
  ps->d = 2;
  ps->x.reserve(2 * n);
  // Algorithm S: record t (0-based, in cell order) is kept with probability
  // (n - kept) / (total - t), which gives a uniformly random n-subset.
  std::uint64_t kept = 0, seen = 0;
  const auto N = static_cast<std::uint64_t>(total);
  for (std::size_t r = 0; r < hist->rows && kept < n; ++r)
    for (std::size_t c = 0; c < hist->cols && kept < n; ++c) {
      const auto count = static_cast<std::uint64_t>(hist->counts[r * hist->cols + c]);
      for (std::uint64_t j = 0; j < count && kept < n; ++j, ++seen)
        if (double(N - seen) * s.uniform() < double(n - kept)) {
          ps->x.push_back(double(c) + s.uniform());
          ps->x.push_back(double(r) + s.uniform());
          ++kept;
        }
    }
  ps->n = kept;
  return ps;
}

DatasetInfo gowalla_substitute_info() {
  DatasetInfo info;
  info.name = "gowalla_1m_substitute";
  info.kind = DatasetKind::Points;
  info.generator = true;
  info.doc =
      "SUBSTITUTE for wavecluster's 1M Gowalla check-in sample: n records drawn without replacement from "
      "DPBench's 256 x 256 Gowalla histogram (gowalla_checkins), each placed uniformly inside its cell; "
      "x = column, y = row, domain [0, 256]^2";
  info.files = {{"dpbench_2d/checkin_256_256.txt.gz", kCheckinSha}};
  info.rows = 1000000;  // the default n
  info.cols = 2;
  info.upstream = "built from gowalla_checkins (https://github.com/dpcomp-org/dpcomp_core, datafiles/2D/checkin_256_256.npy); "
                  "the real check-ins are SNAP loc-gowalla, not available here (gowalla_raw)";
  info.licence = "derived from DPBench's data file (no licence file in its repository)";
  info.papers = "wavecluster §7, Figs 4-8 as 'Gowalla (substitute)' (g = 80, p = 31): the paper sampled 1M raw "
                "check-ins, which are not available";
  info.params = {ParamSpec::integer("n", 1000000, "number of check-ins drawn (without replacement) from the 6,442,863")
                     .at_least(1)
                     .at_most(6442863)};
  info.load = generate;
  return info;
}

}  // namespace

DPLAB_DATASET(gowalla_1m_substitute, gowalla_substitute_info());

}  // namespace dplab

// The point sets of "WaveCluster with Differential Privacy" (Chen, Yu, Chirkova; paper key
// `wavecluster`, §7.1), exactly as the authors used them: their ARFF files from the first
// author's public repository lchen10/DiffPrivWaveCluster (commit 37839e9,
// WaveCluster_PrivQT/dataset/). Each is a Fränti shape set enlarged by the authors' generator
// (every base point replaced by n points drawn on the integer lattice of a small square around
// it); the labels are the base sets' clusters, not WaveCluster results. The figures cluster them
// on the authors' bounding boxes, which are these files' own extents (see
// experiments/wavecluster/): DS1 [20406, 963731] x [51397, 972296], DS2 [90045, 964418] x
// [87019, 955379], DS3 [100504, 1097098] x [58503, 875093].
#include "datasets/arff.hpp"
#include "datasets/catalogue.hpp"
#include "datasets/text_file.hpp"

namespace dplab {
namespace {

const char* const kRepo =
    "https://github.com/lchen10/DiffPrivWaveCluster (commit 37839e9bcbfc23a484e0ed0cb700f680a481ceae, "
    "WaveCluster_PrivQT/dataset/";
const char* const kLicence =
    "research data of the paper's authors; the repository has no licence file (see "
    "../shared/datasets/wavecluster/README.md)";

std::shared_ptr<const Dataset> load_arff(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  auto ps = std::make_shared<PointSet>(parse_arff_points(read_text_file(path), path));
  ps->name = info.name;
  if (ps->n != info.rows || ps->d != info.cols)
    throw Error("dataset '" + info.name + "': " + path + " has " + std::to_string(ps->n) + " points in " +
                std::to_string(ps->d) + " dimensions, the catalogue expects " + std::to_string(info.rows) +
                " x " + std::to_string(info.cols) + " (a different version of the file?)");
  return ps;
}

DatasetInfo ds(std::string name, const std::string& file, std::string sha256, std::size_t rows,
               std::string doc, std::string papers) {
  DatasetInfo info;
  info.name = std::move(name);
  info.kind = DatasetKind::Points;
  info.doc = std::move(doc);
  info.files = {{"wavecluster/" + file, std::move(sha256)}};
  info.rows = rows;
  info.cols = 2;
  info.upstream = std::string(kRepo) + file + ")";
  info.licence = kLicence;
  info.papers = std::move(papers);
  info.load = load_arff;
  return info;
}

}  // namespace

DPLAB_DATASET(wavecluster_ds1, ds(
    "wavecluster_ds1", "deritative-15-clusters-30k-unit-0.01.arff",
    "44dbacd81c35cca22dd49acac5a4b747b4da94ce604617d976933aa93ba47371", 30000,
    "wavecluster DS1: 30,000 2-D points in 15 Gaussian clusters of varying overlap (the authors' file, "
    "integer coordinates, 15 base labels)",
    "wavecluster §7, Figs 4-8 and the budget-split sweep (DS1, g = 64, p = 58)"));

DPLAB_DATASET(wavecluster_ds2, ds(
    "wavecluster_ds2", "deritative-spiral-30k-unit-0.01.arff",
    "7e3b95a8b15d11c72ec07b3d20ead199d6126ce0885d18a871e32db7fed6b9b6", 31200,
    "wavecluster DS2: 31,200 2-D points in 3 spirals (the authors' file: Fränti's Spiral, each of its "
    "312 points replaced by 100)",
    "wavecluster §7, Figs 4-8 (DS2, g = 40, p = 10; the paper prints k = 144, |Z| = 241)"));

DPLAB_DATASET(wavecluster_ds3, ds(
    "wavecluster_ds3", "deritative-aggregation-30k-unit-0.01.arff",
    "63d801889ee1ec6636bd33f3bee81e7edab826663ed432c042de365ff95df628", 31520,
    "wavecluster DS3: 31,520 2-D points in 5 clusters of various shapes, two joined by narrow bridges (the "
    "authors' file: Fränti's Aggregation, each of its 788 points replaced by 40)",
    "wavecluster §7, Figs 4-8 (DS3, g = 36, p = 23)"));

}  // namespace dplab

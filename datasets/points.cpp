// Point sets for the DP clustering experiments (kind Points): P. Fränti's clustering benchmark
// sets (http://cs.uef.fi/sipu/datasets/), UCI Iris and the thesis's House colour set.
//
// Files (see /work/shared/datasets/<folder>/README.md): `<name>.data.txt` holds one point per
// line, coordinates separated by spaces; `<name>.labels.txt`, when present, one integer
// ground-truth label per line, aligned with the data rows. Labels are converted to 0-based
// consecutive ids in the order of their values (unbalance 1..8 -> 0..7; s1 uses 0,1,3..15 in
// its source ARFF, which becomes 0..14), since the metrics (clustering F1 with Kuhn-Munkres)
// index clusters by id.
#include <algorithm>

#include "datasets/catalogue.hpp"
#include "datasets/parse.hpp"
#include "datasets/text_file.hpp"

namespace dplab {
namespace {

const char* const kFranti = "http://cs.uef.fi/sipu/datasets/";
const char* const kFrantiLicence =
    "P. Fränti's clustering benchmark: published for research use, cite the original paper (no formal licence); "
    "the copy used here comes from a public GitHub repository without a licence file (see the folder's README.md)";

std::string size_text(std::size_t rows, std::size_t cols) {
  return std::to_string(rows) + " rows x " + std::to_string(cols) + " values";
}

std::shared_ptr<const Dataset> load_points(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string data_path = dataset_file(info, req, 0);
  const std::string text = read_text_file(data_path);
  RealTable t = parse_real_table(text, data_path, info.cols, info.rows);
  if ((info.rows && t.rows != info.rows) || (info.cols && t.cols != info.cols))
    throw Error("dataset '" + info.name + "': " + data_path + " has " + size_text(t.rows, t.cols) +
                ", the catalogue expects " + size_text(info.rows, info.cols) +
                " (a different version of the file, or a wrong catalogue entry)");
  auto ps = std::make_shared<PointSet>();
  ps->name = info.name;
  ps->n = t.rows;
  ps->d = t.cols;
  ps->x = std::move(t.values);
  if (info.files.size() > 1) {
    const std::string label_path = dataset_file(info, req, 1);
    std::vector<std::int64_t> raw = parse_integer_column(read_text_file(label_path), label_path, ps->n);
    if (raw.size() != ps->n)
      throw Error("dataset '" + info.name + "': " + label_path + " has " + std::to_string(raw.size()) +
                  " labels, expected one per point of " + data_path + " (" + std::to_string(ps->n) + ")");
    ps->labels = dense_labels(raw);
  }
  return ps;
}

struct Entry {
  std::string name, doc;
  std::vector<DataFile> files;
  std::size_t rows, cols;
  std::string upstream, licence, papers;
};

// `embedded`: the files ship in the repository (datasets/embedded/, licence permitting).
DatasetInfo points_info(Entry e, bool embedded = false) {
  DatasetInfo info;
  info.embedded = embedded;
  info.name = std::move(e.name);
  info.kind = DatasetKind::Points;
  info.doc = std::move(e.doc);
  info.files = std::move(e.files);
  info.rows = e.rows;
  info.cols = e.cols;
  info.upstream = std::move(e.upstream);
  info.licence = std::move(e.licence);
  info.papers = std::move(e.papers);
  info.load = load_points;
  return info;
}

const std::string kBirchPaper =
    "Zhang, Ramakrishnan & Livny, BIRCH, Data Mining and Knowledge Discovery 1(2) 1997; ";

}  // namespace

DPLAB_DATASET(unbalance, points_info({
    "unbalance",
    "Fränti 'Unbalance': 6,500 2-D points, 8 labelled clusters (3 dense of 2,000, 5 sparse of 100)",
    {{"unbalance/unbalance.data.txt", "5a9352d87b411977ccbdf8275dacbfeb7016296cb5ac972aa5dddfa7d6d87f50"},
     {"unbalance/unbalance.labels.txt", "56000381e1c21fcf9d5a91524e4dfb23f95046c1a57d34d52fc3c0de36cceee7"}},
    6500, 2, std::string(kFranti) + " (unbalance.txt; Rezaei & Fränti 2016)", kFrantiLicence,
    "budget_series §7.2.1-7.2.2, Figs 10-12 (DP k-means, k = 8, F1 and NIVC)"}));

DPLAB_DATASET(s1, points_info({
    "s1",
    "Fränti S1: 5,000 2-D points, 15 Gaussian clusters with little overlap (labels 0..14)",
    {{"s1/s1.data.txt", "ecce2f01fcce8f26a6ab0235f8c89c27814c8170303b21368f5abaca4b68a8f4"},
     {"s1/s1.labels.txt", "a81213940fbd60604386b4e6f60f952bdbcbe6a6842b93e49943416d111072f8"}},
    5000, 2, std::string(kFranti) + " (s1.txt; Fränti & Virmajoki, Pattern Recognition 39(5) 2006)",
    kFrantiLicence, "lu_thesis ch. 7, Table 7.2 and Figs 7.7-7.10 (S1, 5,000 x 2, 15 clusters)"}));

DPLAB_DATASET(r15, points_info({
    "r15",
    "R15: 600 2-D points, 15 Gaussian clusters (Fränti shape sets)",
    {{"r15/r15.data.txt", "3f58ac2b76f7b74183b753877156b53abe6ac8f52cf9acc51ebcc6f1aa4891c9"},
     {"r15/r15.labels.txt", "dd0ded1bc56e74f31c2350af0f688e275e18d9193b71bffa6eb4956508b56256"}},
    600, 2, std::string(kFranti) + " (shape sets: R15.txt; Veenman, Reinders & Backer, IEEE TPAMI 2002)",
    kFrantiLicence,
    "none of the figures since the authors' DS1 (wavecluster_ds1) was found; R15 is the nearest public shape set"}));

DPLAB_DATASET(spiral, points_info({
    "spiral",
    "Spiral: 312 2-D points, 3 spiral clusters (Fränti shape sets)",
    {{"spiral/spiral.data.txt", "36b7d75bcecbad38c42ad91f802daaf3f936dd69896b769bbaaba4dcb00b32be"},
     {"spiral/spiral.labels.txt", "c3d2335c45cd461a2863290fe19e57ef179b05a89d94c7566cc1bfb24644feee"}},
    312, 2, std::string(kFranti) + " (shape sets: spiral.txt; Chang & Yeung, Pattern Recognition 2008)",
    kFrantiLicence, "wavecluster: the base set of DS2 (the authors' enlarged file is wavecluster_ds2, which the figures use)"}));

DPLAB_DATASET(aggregation, points_info({
    "aggregation",
    "Aggregation: 788 2-D points, 7 clusters of various shapes (Fränti shape sets)",
    {{"aggregation/aggregation.data.txt", "6093abfe517a37a057d99fc0da8b14c041c34a3ccdfbe5ebcecfae191351583f"},
     {"aggregation/aggregation.labels.txt", "9fd3b572eca3b2019f55614d52dc2c8b52e540fa93942042dee5d37865325195"}},
    788, 2,
    std::string(kFranti) + " (shape sets: Aggregation.txt; Gionis, Mannila & Tsaparas, ACM TKDD 2007)",
    kFrantiLicence,
    "wavecluster: the base set of DS3 (the authors' enlarged file is wavecluster_ds3, which the figures use)"}));

DPLAB_DATASET(iris, points_info({
    "iris",
    "UCI Iris: 150 flowers x 4 measurements (cm), 3 classes of 50 (setosa, versicolor, virginica = 0, 1, 2)",
    {{"iris/iris.data.txt", "7ef55f44922e23859e53d29de23d94f04f8df57b3529792e25444f7b83509c36"},
     {"iris/iris.labels.txt", "cdb523f28baf2f55e8b3b1cd843ba6bd5ce1e6dcb38b1293708ab4e6730fe4f6"}},
    150, 4, "https://archive.ics.uci.edu/dataset/53/iris (iris.data; Fisher 1936)",
    "UCI Machine Learning Repository, CC BY 4.0",
    "lu_thesis ch. 7, Table 7.2 and Figs 7.7-7.10 (Iris, 150 x 4, 3 clusters); make demo"}, true));

DPLAB_DATASET(birch1, points_info({
    "birch1",
    "Birch1: 100,000 2-D points, 100 clusters on a 10 x 10 grid (no ground-truth labels)",
    {{"birch1/birch1.data.txt", "4cf2181aa38bb7af14440afdb61971327ff1532fb110409ae0ec7380a63ce207"}},
    100000, 2, std::string(kFranti) + " (birch1.txt; " + kBirchPaper + "Fränti's copy)", kFrantiLicence,
    "none of the five papers directly; kept with Birch2/Birch3 for scaling runs"}));

DPLAB_DATASET(birch2, points_info({
    "birch2",
    "Birch2: 100,000 2-D points, 100 clusters along a sine curve (no ground-truth labels)",
    {{"birch2/birch2.data.txt", "b49257a2fa5a5727911efa858b922d478883e9784bdb50fe8762a19f3907e461"}},
    100000, 2, std::string(kFranti) + " (birch2.txt; " + kBirchPaper + "Fränti's copy)", kFrantiLicence,
    "lu_thesis ch. 7, Table 7.2 lists Birch2 as 12,000 x 2 with 5 clusters, which matches neither this "
    "file nor its published subsets: a spec must draw its own 12,000-point, 5-cluster sample"}));

DPLAB_DATASET(birch3, points_info({
    "birch3",
    "Birch3: 100,000 2-D points, 100 clusters of random size and position (no ground-truth labels)",
    {{"birch3/birch3.data.txt", "c64fde17ceb6b84df6c025333ab87915974717d9a47700d3c3ad69e19425a0fc"}},
    100000, 2, std::string(kFranti) + " (birch3.txt; " + kBirchPaper + "Fränti's copy)", kFrantiLicence,
    "budget_series §7.2.3, Figs 13-14 ('Brich3', k = 20, NIVC)"}));

// Fränti's published subsets of Birch2 (same repository as the full set): cheap to list, and
// the nearest public files to the thesis's 12,000-point Birch2 (none of them matches it).
DPLAB_DATASET(b2_random_1, points_info({
    "b2-random-1", "Birch2 subset b2-random-1: 1,000 2-D points (Fränti)",
    {{"birch2/subsets/b2-random-1.data.txt", "6e7ac26b8cfc6ee312cea3a9773b9df98d7395b07b71bed1fbab41f0267f8926"}},
    1000, 2, std::string(kFranti) + " (b2-random-1.txt)", kFrantiLicence,
    "none directly (a small stand-in for lu_thesis's Birch2)"}));
DPLAB_DATASET(b2_random_5, points_info({
    "b2-random-5", "Birch2 subset b2-random-5: 5,000 2-D points (Fränti)",
    {{"birch2/subsets/b2-random-5.data.txt", "f122d78204b7a5d01cd499bf45485946121f47db2ad7c059430bf3d49f17958d"}},
    5000, 2, std::string(kFranti) + " (b2-random-5.txt)", kFrantiLicence,
    "none directly (a small stand-in for lu_thesis's Birch2)"}));
DPLAB_DATASET(b2_random_10, points_info({
    "b2-random-10", "Birch2 subset b2-random-10: 10,000 2-D points (Fränti)",
    {{"birch2/subsets/b2-random-10.data.txt", "743fee81a30ce8181f5c03f4266575a140da081b68fdfaf167885b90b1ccc3f9"}},
    10000, 2, std::string(kFranti) + " (b2-random-10.txt)", kFrantiLicence,
    "none directly (a small stand-in for lu_thesis's Birch2)"}));
DPLAB_DATASET(b2_sub_2, points_info({
    "b2-sub-2", "Birch2 subset b2-sub-2: 3,000 2-D points (Fränti)",
    {{"birch2/subsets/b2-sub-2.data.txt", "c240ac39e5c1872b0af1b2bb4691228cf51efba477f4ad6876ea59090089a1d9"}},
    3000, 2, std::string(kFranti) + " (b2-sub-2.txt)", kFrantiLicence,
    "none directly (a small stand-in for lu_thesis's Birch2)"}));

// lu_thesis Table 7.2 lists House as 1,837 x 3 with colours quantised to 5 bits (§7.6.1): this
// file has exactly 1,837 distinct RGB rows, all multiples of 8 (5-bit), so it IS the thesis's
// House. The 34,112-point 8-bit "Image" is a different set and is not available (unavailable.cpp).
DPLAB_DATASET(house, points_info({
    "house",
    "House: 1,837 distinct RGB colours of a house picture, 5-bit quantised (values 0..248), "
    "unlabelled; the thesis's House",
    {{"house_1837_variant/house.data.txt", "5d9a2ce451cba5ce9fc9524ef042937621b48c95ad3fc030858c88214e127d94"}},
    1837, 3, std::string(kFranti) + " (house colour data; copy from D-Diaa/privateclustering data/house.txt)",
    "Fränti's clustering benchmark, research use; copied from an Apache-2.0 repository",
    "lu_thesis ch. 7, Table 7.2 and Figs 7.7-7.10 (House, 1,837 x 3, 3 clusters)"}));

}  // namespace dplab

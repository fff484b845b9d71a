// The DPBench histograms (Hay, Machanavajjhala, Miklau, Chen, Zhang, "Principled Evaluation of
// Differentially Private Algorithms using DPBench", SIGMOD 2016), from the benchmark's code
// repository https://github.com/dpcomp-org/dpcomp_core (datafiles/1D and datafiles/2D, NumPy
// .npy float64 vectors with integral values), converted to text: 1-D, one count per line,
// 4,096 lines; 2-D, gzip text of 256 lines x 256 counts (row = first array axis).
//
// workload_division (Li et al.) Table 1 uses three of the 1-D vectors under other names:
// Adult = ADULTFRANK.n4096, Patents = PATENT.n4096, Income = INCOME.n4096; their scale, % zero
// counts, mean and population standard deviation (printed as "variance") match the table
// exactly (tests/test_datasets.cpp). `adult`, `patents` and `income` are separate entries
// sharing the files and loader, so specs can use the paper's names.
#include "datasets/catalogue.hpp"
#include "datasets/parse.hpp"
#include "datasets/text_file.hpp"

namespace dplab {
namespace {

const char* const kRepo = "https://github.com/dpcomp-org/dpcomp_core (commit 233cfcc3, dpcomp_core/datafiles/";
const char* const kLicence =
    "DPBench data files; the repository has no licence file; the sources are public data sets "
    "(see the repository's datafiles/README.md)";

// Counts are non-negative; DPBench stores them as floats, so they are read as reals.
RealTable read_counts(const DatasetInfo& info, const std::string& path, std::size_t cols,
                      std::size_t rows) {
  const std::string text = read_text_file(path);
  RealTable t = parse_real_table(text, path, cols, rows);
  if (t.rows != rows || t.cols != cols)
    throw Error("dataset '" + info.name + "': " + path + " has " + std::to_string(t.rows) + " lines of " +
                std::to_string(t.cols) + " counts, the catalogue expects " + std::to_string(rows) + " x " +
                std::to_string(cols) + " (a different version of the file, or a wrong catalogue entry)");
  for (std::size_t i = 0; i < t.values.size(); ++i)
    if (t.values[i] < 0)
      throw Error(located(path, static_cast<int>(i / cols + 1), "column " + std::to_string(i % cols + 1),
                          "negative count " + std::to_string(t.values[i]) + " (allowed: counts >= 0)"));
  return t;
}

std::shared_ptr<const Dataset> load_histogram(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  auto h = std::make_shared<Histogram>();
  h->name = info.name;
  h->counts = read_counts(info, path, 1, info.rows).values;
  return h;
}

std::shared_ptr<const Dataset> load_histogram2d(const DatasetInfo& info, const DatasetRequest& req) {
  const std::string path = dataset_file(info, req, 0);
  auto h = std::make_shared<Histogram2D>();
  h->name = info.name;
  h->rows = info.rows;
  h->cols = info.cols;
  h->counts = read_counts(info, path, info.cols, info.rows).values;
  return h;
}

// One DPBench catalogue entry: 1-D files are dpbench_1d/<file>.txt (4096 counts), 2-D files
// dpbench_2d/<file>.txt.gz (256 x 256).
DatasetInfo dpbench_entry(bool two_d, std::string name, const std::string& file, std::string sha256,
                          std::string doc, std::string papers) {
  DatasetInfo info;
  info.name = std::move(name);
  info.kind = two_d ? DatasetKind::Histogram2D : DatasetKind::Histogram;
  info.doc = std::move(doc);
  info.upstream = std::string(kRepo) + (two_d ? "2D/" : "1D/") + file + ".npy)";
  info.files = {{two_d ? "dpbench_2d/" + file + ".txt.gz" : "dpbench_1d/" + file + ".txt", std::move(sha256)}};
  info.rows = two_d ? 256 : 4096;
  info.cols = two_d ? 256 : 1;
  info.licence = kLicence;
  info.papers = papers.empty() ? std::string("DPBench ") + (two_d ? "2-D" : "1-D") +
                                     " benchmark (Hay et al. 2016); none of the five papers directly"
                               : std::move(papers);
  info.load = two_d ? load_histogram2d : load_histogram;
  return info;
}

DatasetInfo hist1d(std::string name, const std::string& file, std::string sha256, std::string doc,
                   std::string papers = "") {
  return dpbench_entry(false, std::move(name), file, std::move(sha256), std::move(doc), std::move(papers));
}

DatasetInfo hist2d(std::string name, const std::string& file, std::string sha256, std::string doc,
                   std::string papers = "") {
  return dpbench_entry(true, std::move(name), file, std::move(sha256), std::move(doc), std::move(papers));
}

// workload_division uses these three (Table 1, Figs 3-7).
const char* const kAdultSha = "c17a62325d101b4bdb02853c4cc526ced408d5bcd00852c6aca648d662e5c861";
const char* const kPatentSha = "d55ba7e01614dd362b9502e1973932f7819bde5deb514ac27d988689ea5c39e9";
const char* const kIncomeSha = "cd23518ef8748068d1f14c1be107919d84d4a96508421df978555406fd6387d7";
const char* const kAdultDoc = "DPBench ADULT: UCI Adult 'capital loss' histogram, 4,096 bins, scale 17,665, 98% zeros";
const char* const kPatentDoc = "DPBench PATENT: patent citation histogram (Li et al., DAWA), 4,096 bins, scale 27,948,226";
const char* const kIncomeDoc = "DPBench INCOME: IPUMS personal income histogram (DAWA), 4,096 bins, scale 20,787,122";

}  // namespace

// ---- 1-D, 4,096 bins (DPBench names from the repository's README) ----
DPLAB_DATASET(dpbench_adult, hist1d("dpbench_adult", "ADULTFRANK.n4096", kAdultSha, kAdultDoc,
    "workload_division Table 1 and Figs 3-7 as 'Adult' (also registered as 'adult')"));
DPLAB_DATASET(dpbench_patent, hist1d("dpbench_patent", "PATENT.n4096", kPatentSha, kPatentDoc,
    "workload_division Table 1 and Figs 3-7 as 'Patents' (also registered as 'patents')"));
DPLAB_DATASET(dpbench_income, hist1d("dpbench_income", "INCOME.n4096", kIncomeSha, kIncomeDoc,
    "workload_division Table 1 and Figs 3-7 as 'Income' (also registered as 'income')"));
DPLAB_DATASET(dpbench_hepth, hist1d("dpbench_hepth", "HEPTH.n4096",
    "9207ea83c9b98a06e252598bd9b530439edba32f19ac12229a32743399612d95",
    "DPBench HEPTH: arXiv hep-th citation histogram (DAWA), 4,096 bins, scale 347,414"));
DPLAB_DATASET(dpbench_medcost, hist1d("dpbench_medcost", "MEDCOST.n4096",
    "385965f6346bd3a8015265ce5a50847ab30d2c6db1930b37f096e76d8f5c5b61",
    "DPBench MEDCOST: medical cost histogram (DAWA), 4,096 bins, scale 9,415"));
DPLAB_DATASET(dpbench_nettrace, hist1d("dpbench_nettrace", "NETTRACE.n4096",
    "8269ccc276417ba91817bb038f3ff623137da18bb3fac9eb028dcd983e761196",
    "DPBench NETTRACE: network trace histogram (Hay et al. 2010), 4,096 bins, scale 25,714"));
DPLAB_DATASET(dpbench_searchlogs, hist1d("dpbench_searchlogs", "SEARCHLOGS.n4096",
    "9455aa4578ce94a22a11afbecb2c7263ab0ee9946e24d0b4a4b6f2ce0389763f",
    "DPBench SEARCHLOGS: search query log histogram (Hay et al. 2010), 4,096 bins, scale 335,889"));
DPLAB_DATASET(dpbench_md_sal, hist1d("dpbench_md_sal", "GrossCompenMDSalary1",
    "8f8430c9faea52811aae69c763ebea0742ada561eb21fe888696fd2c025606fa",
    "DPBench MD-SAL: Maryland 2012 salaries, 4,096 bins, scale 135,727"));
DPLAB_DATASET(dpbench_md_sal_fa, hist1d("dpbench_md_sal_fa", "GrossCompenMDSalary2_filtered",
    "08c26de66bed241271fc040427ed9473db6e1e8d541777ba07cdd4c60cfd2956",
    "DPBench MD-SAL-FA: Maryland 2012 salaries, filtered, 4,096 bins, scale 100,534"));
DPLAB_DATASET(dpbench_lc_req_all, hist1d("dpbench_lc_req_all", "RejectStats_0_4096_no_outliers",
    "594dc94bbee176abf6b1c38c28265e883f237f8fc93fb4ddb882045ddf33219e",
    "DPBench LC-REQ-ALL: Lending Club rejected loans, requested amount, 4,096 bins, scale 3,999,425"));
DPLAB_DATASET(dpbench_lc_req_f1, hist1d("dpbench_lc_req_f1", "RejectStats_0_4096_no_outliers_filter_7_1",
    "10db858d751406fe89e4d6aedaf9166d09d4a4cf47187ce9c165d08134e30942",
    "DPBench LC-REQ-F1: Lending Club rejected loans, requested amount, filter 1, 4,096 bins, scale 3,737,472"));
DPLAB_DATASET(dpbench_lc_req_f2, hist1d("dpbench_lc_req_f2", "RejectStats_0_4096_no_outliers_filter_7_2",
    "d6d712afa041d74c837974cfd73af6962113938fc9fc7ebd10716cfd3903be7a",
    "DPBench LC-REQ-F2: Lending Club rejected loans, requested amount, filter 2, 4,096 bins, scale 198,045"));
DPLAB_DATASET(dpbench_lc_dtir_all, hist1d("dpbench_lc_dtir_all", "RejectStats_4_4096_no_outliers",
    "ef02a38cae13812bd0290f3f8b55462c774b85c29707be32ac7b62d06a79bf32",
    "DPBench LC-DTIR-ALL: Lending Club rejected loans, debt-to-income ratio, 4,096 bins, scale 3,589,119"));
DPLAB_DATASET(dpbench_lc_dtir_f1, hist1d("dpbench_lc_dtir_f1", "RejectStats_4_4096_no_outliers_filter_7_1",
    "0c13929ee11b4c4e30a25c0b80af7d711bdadace52d069a11145bc1ac51fac40",
    "DPBench LC-DTIR-F1: Lending Club rejected loans, debt-to-income ratio, filter 1, 4,096 bins, scale 3,336,740"));
DPLAB_DATASET(dpbench_lc_dtir_f2, hist1d("dpbench_lc_dtir_f2", "RejectStats_4_4096_no_outliers_filter_7_2",
    "0b2c5c2f6017044362f66415f834cade4af7a5699b65c414267c7fb698d9628d",
    "DPBench LC-DTIR-F2: Lending Club rejected loans, debt-to-income ratio, filter 2, 4,096 bins, scale 189,827"));
DPLAB_DATASET(dpbench_bids_all, hist1d("dpbench_bids_all", "bids",
    "4f1b1af42d43c9af8425ef80b3ef6d96e5c64e21f1791ee8e4d9ab646b666d82",
    "DPBench BIDS-ALL: Kaggle 'Facebook recruiting IV' bids, 4,096 bins, scale 7,655,502, no zeros"));
DPLAB_DATASET(dpbench_bids_fj, hist1d("dpbench_bids_fj", "bids_j",
    "08a19470ef94b34bd9826e0aad486af287ceee19bc613880d18b8791fb3e4faa",
    "DPBench BIDS-FJ: Kaggle bids, filter j, 4,096 bins, scale 1,901,799, no zeros"));
DPLAB_DATASET(dpbench_bids_fm, hist1d("dpbench_bids_fm", "bids_m",
    "ec0bd1b7df55c2e24dd7364d7cdd2b030acf8dd85913b8608ddefae693aed402",
    "DPBench BIDS-FM: Kaggle bids, filter m, 4,096 bins, scale 2,126,344, no zeros"));

// ---- the workload_division paper's names for three of them (same files, same loader) ----
DPLAB_DATASET(adult, hist1d("adult", "ADULTFRANK.n4096", kAdultSha,
    std::string("workload_division 'Adult' = dpbench_adult. ") + kAdultDoc,
    "workload_division Table 1 and Figs 3-7 ('Adult', the sparse one)"));
DPLAB_DATASET(patents, hist1d("patents", "PATENT.n4096", kPatentSha,
    std::string("workload_division 'Patents' = dpbench_patent. ") + kPatentDoc,
    "workload_division Table 1 and Figs 3-7 ('Patents')"));
DPLAB_DATASET(income, hist1d("income", "INCOME.n4096", kIncomeSha,
    std::string("workload_division 'Income' = dpbench_income. ") + kIncomeDoc,
    "workload_division Table 1 and Figs 3-7 ('Income')"));

// ---- 2-D, 256 x 256 ----
DPLAB_DATASET(dpbench2d_adult_2d, hist2d("dpbench2d_adult_2d", "Adult_2D_256_256",
    "248f4d25719777d8598812ab575c9c6e34aeb1a474f89e98544c9e96b3f3ed28",
    "DPBench 2-D ADULT: UCI Adult capital gain x capital loss, 256 x 256, scale 32,561"));
DPLAB_DATASET(dpbench2d_beijingtaxie, hist2d("dpbench2d_beijingtaxie", "BeijingTaxiE_256_256",
    "a917597787c9e69799d88249e01d10e60dea51c8036f00fa491f917d508e7e2e",
    "DPBench 2-D BEIJING-TAXI-E: Beijing taxi trip end locations, 256 x 256"));
DPLAB_DATASET(dpbench2d_beijingtaxis, hist2d("dpbench2d_beijingtaxis", "BeijingTaxiS_256_256",
    "d05178ef22c44a7c308681208ef2451c60744827e9ed537870f2af6dafdf9ffd",
    "DPBench 2-D BEIJING-TAXI-S: Beijing taxi trip start locations, 256 x 256"));
DPLAB_DATASET(dpbench2d_loan_2d, hist2d("dpbench2d_loan_2d", "Loan_2D_256_256",
    "30e01902e8fb12550f2f65c11878f03c97b546d274fa9341305e0046999eff6e",
    "DPBench 2-D LOAN: Lending Club loans, 256 x 256"));
DPLAB_DATASET(dpbench2d_mdsalary2d, hist2d("dpbench2d_mdsalary2d", "MDSalary2D_256_256",
    "943a028b54d23d4ad3c1659051efa4feece2d6321f99be2fab9c9bb74ca0ad03",
    "DPBench 2-D MD-SAL: Maryland 2012 salaries, 256 x 256"));
DPLAB_DATASET(dpbench2d_stroke_2d, hist2d("dpbench2d_stroke_2d", "Stroke_2D_256_256",
    "f13cc1e15d0900a3b194c7b73d6670b1c927907dadafeada5e9c43dfdb393b4e",
    "DPBench 2-D STROKE: International Stroke Trial, 256 x 256"));
DPLAB_DATASET(dpbench2d_cabspottinge, hist2d("dpbench2d_cabspottinge", "cabspottingE_256_256",
    "c6a042915d30fac381136c8c8415f5a3a14664e08a9a2a6531f5d95beff39c26",
    "DPBench 2-D SF-CABS-E: San Francisco cab trip end locations (cabspotting), 256 x 256"));
DPLAB_DATASET(dpbench2d_cabspottings, hist2d("dpbench2d_cabspottings", "cabspottingS_256_256",
    "715955f86f61eb2c167f667a7a0f66672f0e99337848d006600a995cb0ba09c0",
    "DPBench 2-D SF-CABS-S: San Francisco cab trip start locations (cabspotting), 256 x 256"));
DPLAB_DATASET(dpbench2d_checkin, hist2d("dpbench2d_checkin", "checkin_256_256",
    "cb93037b627abae418103f0b125bd4b654ef7191617eba53a7493289074b0f8c",
    "DPBench 2-D GOWALLA: SNAP loc-gowalla check-in locations, 256 x 256, scale 6,442,863 "
    "(same file as gowalla_checkins)"));
DPLAB_DATASET(dpbench2d_twitter, hist2d("dpbench2d_twitter", "twitter_256_256",
    "35912b7f65695279999e016737fba272e8772f9764bb6cbf3994bdfae974d2e0",
    "DPBench 2-D TWITTER: geotagged tweet locations, 256 x 256"));

// wavecluster §6 clusters the Gowalla check-in locations (SNAP loc-gowalla, ~6.4M records,
// a 1M sample). The raw check-ins are not available here (gowalla_raw in unavailable.cpp);
// this is DPBench's 256 x 256 histogram of the same locations, the nearest public form.
DPLAB_DATASET(gowalla_checkins, hist2d("gowalla_checkins", "checkin_256_256",
    "cb93037b627abae418103f0b125bd4b654ef7191617eba53a7493289074b0f8c",
    "Gowalla check-in locations as DPBench's 256 x 256 histogram (checkin_256_256) of SNAP "
    "loc-gowalla, scale 6,442,863; NOT the raw check-ins",
    "wavecluster §6, Figs 4-8 ('Gowalla', g = 80): a histogram, not the 1M raw check-in sample the paper drew"));

}  // namespace dplab

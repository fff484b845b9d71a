// Privacy findings of budget_series (Bai, Yang, Xiang, Wang 2021); framework/findings.hpp.
#include "framework/findings.hpp"

DPLAB_FINDINGS(budget_series,
               {{
                   .id = "budget_series.paper_sums",
                   .title = "DP k-means (Algorithm 1) with the paper's sensitivity-1 coordinate sums is not eps-DP for d > 1",
                   .evidence =
                       "A point at a corner of [-1, 1]^d moves one cluster's coordinate sums by d in L1; the paper "
                       "normalises 'the' sum query to sensitivity 1, so an iteration's sums cost d eps_i / 2, not eps_i / 2, "
                       "and a run (d + 1) eps / 2: 4.5 eps at d = 8. budget_series.dp_kmeans (what the figures run) "
                       "adds Lap(2d / eps_i) per coordinate and passes the same audit (eps_hat 0.10 at k = N = 1); the canary "
                       "budget_series.dp_kmeans_paper_sums keeps the paper's calibration for the audit to catch.",
                   .docs = "docs/papers/budget_series.md#budget_series.paper_sums",
                   .audit = "dplab audit budget_series.dp_kmeans_paper_sums --param eps=1 --pair-param dim=8 "
                            "--samples 40000 --confidence 0.999 --seed 7",
                   .claimed_eps = 1,
                   .eps_hat = 2.560,
               },
               {
                   .id = "budget_series.kmeans_init_data",
                   .title = "DP k-means (Algorithm 1) started from data records (init: data or kmeanspp) releases "
                            "records outside the budget",
                   .evidence =
                       "The paper does not say how it initialised (issue 32). With init: data the k initial centroids "
                       "are data records drawn uniformly, with init: kmeanspp records drawn by k-means++ on the exact "
                       "data; the first iteration's partition, and through it every later centroid, is a function of "
                       "those records that no eps_i pays for (the same argument as lu_thesis.kmeans_init_data, where "
                       "the audit flags Algorithm 7.1 at eps_hat 5.17 against 2). init: uniform and init: sphere "
                       "(Su et al.'s sphere packing) draw the start from the stream alone and are the provable "
                       "variants; the docs compare the four on Figs 10-12.",
                   .docs = "docs/papers/budget_series.md#budget_series.kmeans_init_data",
                   .unaudited =
                       "the records' effect passes through N noisy Lloyd steps, and the quick audit of the same "
                       "start in the chapter-7 noisy-Lloyd baselines had too little power to see it "
                       "(lu_thesis.kmeans_init_data); the argument is the use of records by construction.",
               }});

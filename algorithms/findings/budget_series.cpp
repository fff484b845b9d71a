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
                   .eps_hat = 2.14,
               }});

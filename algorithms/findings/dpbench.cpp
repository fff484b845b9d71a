// Privacy findings of the DPBench study (Hay et al., SIGMOD 2016) in the algorithms as DPBench's
// code (dpcomp-org/dpcomp_core) runs them; framework/findings.hpp.
#include "framework/findings.hpp"

DPLAB_FINDINGS(dpbench,
               {{
                    .id = "dpbench.efpa_sensitivity",
                    .title = "EFPA as DPBench runs it is not eps-DP: unnormalised Fourier coefficients with sensitivity 1, exact phases",
                    .evidence =
                        "DPBench's efpa_engine calls Acs et al.'s EFPA.py with l2_sens = 1 on scipy's unnormalised rfft, "
                        "whose coefficients all move by 1 when one record moves: the score's energy term has sensitivity "
                        "sqrt(n), not 1, and the Laplace noise on the kept coefficients is too small by about sqrt(n/2). "
                        "The noise goes on each coefficient's magnitude only; its phase is released exactly. "
                        "The audit on 4 cells finds outputs that only one neighbour can give: with exact phases the "
                        "estimate lies in a set fixed by the data (x = (1, 0, 1, 0) has X_1 = 0), so the ties among "
                        "the released answers follow patterns never seen on the other side (0 of 60,000 runs against "
                        "20,802). variant: provable (orthonormal coefficients, noise on both parts) is the "
                        "construction whose proof holds; it passes the default audit.",
                    .docs = "docs/papers/dpbench.md#dpbench.efpa_sensitivity",
                    .audit = "dplab audit baselines.efpa --param variant=dpbench --samples 20000 --confidence 0.999 --seed 7",
                    .claimed_eps = 1,
                    .eps_hat = 2.200,
                },
               {
                   .id = "dpbench.sf_private_bound",
                   .title = "StructureFirst as DPBench runs it reads its count bound F = 10^4 sum(x) / n from the "
                            "private data: not eps-DP",
                   .evidence =
                       "F sets the exponential mechanism's sensitivity 2F + 1 (its temperature) and, through "
                       "getOptEps1, the budget split, which moves while F is below about 32 / eps (sum(x) below "
                       "32 n / (10^4 eps)): sf_eps1(20, 2, 1, F) is 0.25 at F = 0 and 0.1, 0.3 at F = 1 and 0.05 at "
                       "F = 500 (tests/test_dpbench_1d_more.cpp). Neighbours on either side of such a move get "
                       "different Laplace scales in the buckets, whose density ratio is unbounded in the tails. "
                       "Above it the leak is a relative change of 1/sum(x) in the temperature. The audit sees it "
                       "between the empty 12-cell histogram and a one-record one (two buckets; a tail event of the "
                       "answers, 3,147 against 295 of 180,000 runs); at the spec's point (eps = 0.1) eps_hat 0.108 "
                       "at confidence 0.95. max_count = F (public) is the eps-DP variant: eps_hat 0.209 at eps = 1 "
                       "and 0 at the spec's point.",
                   .docs = "docs/papers/dpbench.md#dpbench.sf_private_bound",
                   .audit = "dplab audit baselines.sf --param max_count=0 --pair-param size=12 --samples 20000 "
                            "--confidence 0.999 --seed 7",
                   .claimed_eps = 1,
                   .eps_hat = 1.969,
               }});

// Privacy findings of DPBench's own runs of the algorithms it compares (Hay et al., SIGMOD 2016;
// its code dpcomp_core); framework/findings.hpp.
#include "framework/findings.hpp"

DPLAB_FINDINGS(dpbench,
               {{
                   .id = "dpbench.sf_private_bound",
                   .title = "StructureFirst as DPBench runs it reads its count bound F = 10^4 sum(x) / n from the "
                            "private data: not eps-DP",
                   .evidence =
                       "F sets the exponential mechanism's sensitivity 2F + 1 (its temperature) and, through "
                       "getOptEps1, the budget split, which moves while F is below about 32 / eps (sum(x) below "
                       "32 n / (10^4 eps)): sf_eps1(20, 2, 1, F) is 0.25 at F = 0 and 0.1, 0.3 at F = 1 and 0.05 at "
                       "F = 500 (tests/test_dpbench_1d_more.cpp). Neighbours on either side of such a move get "
                       "different Laplace scales in the buckets, whose density ratio is unbounded in the tails. "
                       "Above it the leak is a relative change of 1/sum(x) in the temperature. max_count = F "
                       "(public) is the eps-DP variant.",
                   .docs = "docs/papers/dpbench.md#dpbench.sf_private_bound",
                   .unaudited = "the audit's pairs are too small for two buckets (k = ceil(n / 10)) unless n > 10, "
                                "and the scale change is visible only in the Laplace tails between the empty "
                                "dataset and a one-record one",
               }});

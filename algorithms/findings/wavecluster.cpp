// Privacy findings of wavecluster (Chen, Yu, Chirkova); framework/findings.hpp.
#include "framework/findings.hpp"

DPLAB_FINDINGS(wavecluster,
               {{
                   .id = "wavecluster.privthrem_range",
                   .title = "PrivTHREM with the paper's output range (0, max W] is not eps-DP: the range is the data's",
                   .evidence =
                       "Algorithm 4 draws the threshold by the exponential mechanism over (0, max W], and max W is a "
                       "function of the data: for D' = D plus one point in the densest block the range grows by 1/2, "
                       "and a threshold above max W(D) has probability 0 under D and a positive one under D', so no "
                       "eps bounds the ratio. On the authors' datasets Pr_D'[threshold > max W(D)] is 4.8e-4 (DS1), "
                       "5.2e-4 (DS2), 6.8e-4 (DS3) at eps = 0.1 and 1e-11 to 7e-15 at eps = 1 (at best (eps, delta)-DP "
                       "with delta of that size). em_range: public draws from (0, em_upper] with a public bound.",
                   .docs = "docs/papers/wavecluster.md#wavecluster.privthrem_range",
                   .unaudited =
                       "the default audit pairs put the leaking threshold at probability about 1e-4, below what "
                       "4,000 runs per side can see (eps_hat 0 in the quick suite); the probabilities above are "
                       "computed exactly (numpy + PyWavelets, and in tests/test_wavecluster.cpp for DS2 at eps = 0.1).",
               }});

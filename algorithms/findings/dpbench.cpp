// Privacy findings of the DPBench study (Hay et al., SIGMOD 2016) in the algorithms as DPBench's
// code (dpcomp-org/dpcomp_core) runs them; framework/findings.hpp.
#include "framework/findings.hpp"

DPLAB_FINDINGS(dpbench,
               {
               {
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
                    .eps_hat = 7.65,
               },
               {
                    .id = "dpbench.hybridtree_data_bounds",
                    .title = "HybridTree as DPBench runs it takes the data's bounding box as its root and does not split "
                        "a node without a record: the tree's shape shows where records are",
                    .evidence =
                        "dpcomp_core's HybridTree.py (its first public commit; removed later) sets the root box to the "
                        "min and max of the records' coordinates (Params.LOW, HIGH = amin, amax) and the tree code "
                        "(Spatial_DP KTree.testLeaf) makes a node without a true record a leaf. Both are functions of "
                        "the true data outside any mechanism: cells outside the bounding box are estimated 0 exactly, "
                        "and a leaf spreads one count evenly where a split node would not, so one record added outside "
                        "the box or into an empty node changes the estimate's support outright. The audit's best "
                        "event (answers nonzero, one record added to an empty 4 x 4 histogram) held in 0 of 6,000 runs "
                        "on one side and 6,000 of 6,000 on the other; at the 2-D spec's eps = 0.1, eps_hat 8.33 (2,000 "
                        "search runs a pair). structure: provable (the domain as the root, nodes split whatever they "
                        "hold) passes the same audit.",
                    .docs = "docs/papers/dpbench.md#dpbench.hybridtree_data_bounds",
                    .audit = "dplab audit baselines.hybridtree --param structure=reference --samples 500 --confidence 0.999 --seed 7",
                    .claimed_eps = 1,
                    .eps_hat = 6.43,
               }});

// Privacy findings of DPBench's 2-D algorithms as its code (dpcomp-org/dpcomp_core) runs them
// (Hay et al., SIGMOD 2016); framework/findings.hpp. A file of its own beside the 1-D ones
// (findings/dpbench.cpp), the same paper prefix.
#include "framework/findings.hpp"

DPLAB_FINDINGS(dpbench_2d,
               {{
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

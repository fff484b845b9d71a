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
                    .eps_hat = 7.65,
                }});

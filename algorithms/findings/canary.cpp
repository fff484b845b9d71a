// The audit's canary (algorithms/canary/halved_laplace.cpp): deliberately not eps-DP, so that
// `dplab audit` shows it can catch a wrong sensitivity; framework/findings.hpp.
#include "framework/findings.hpp"

DPLAB_FINDINGS(canary,
               {{
                   .id = "canary.halved_laplace",
                   .title = "the audit canary: a count released with Laplace noise of half the scale eps needs (true loss 2 eps)",
                   .evidence =
                       "Deliberately wrong sensitivity (1/2 for a count of sensitivity 1) with the ledger charged "
                       "eps: the ledger cannot see it, the audit must. An audit fixture, refused by specs.",
                   .docs = "docs/audit-and-secure-noise.md#auditing-privacy-dplab-audit",
                   .audit = "dplab audit canary.halved_laplace --param eps=1 --samples 40000 --confidence 0.999 --seed 7",
                   .claimed_eps = 1,
                   .eps_hat = 1.90,
               }});

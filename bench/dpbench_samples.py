#!/usr/bin/python3
"""The DPBench cross-check's data (bench/dpbench_ektelo.sh, bench/peers.sh): each (shape, scale) drawn
once as `scale` records i.i.d. from the shape (numpy's multinomial of the shape, DPBench's generator;
seeded, so every caller writes the very same files), one count per line (2-D: one row per line).

Usage: dpbench_samples.py DATA_ROOT OUTDIR [DIM [SIDE]]     writes OUTDIR/<shape>_<scale>.txt
  DIM 1 (default): ADULT and HEPTH (4,096 cells) at 10^3, 10^5 and 10^7 records
  DIM 2: ADULT-2D and GOWALLA (256 x 256) at 10^4, 10^6 and 10^8 records; SIDE (a divisor of 256,
         default 256) coarsens the shape to SIDE x SIDE first by adding blocks of adjacent cells,
         for the peers too slow or too large at 65,536 cells
  DPBENCH_SHAPES="FILE:SHORT ..." (files under DATA_ROOT) and DPBENCH_SCALES="N ..." replace the
  shapes and scales (bench/dpbench_php_peer.sh)
"""
import os, sys

import numpy as np

if len(sys.argv) < 3:
    sys.exit(__doc__)
src, out = sys.argv[1], sys.argv[2]
dim = sys.argv[3] if len(sys.argv) > 3 else "1"
side = int(sys.argv[4]) if len(sys.argv) > 4 else 256
if dim == "2" and (side < 1 or 256 % side):
    sys.exit("dpbench_samples.py: SIDE must divide 256, got %d" % side)
rng = np.random.RandomState(33)
if dim == "2":
    sets = (("dpbench_2d/Adult_2D_256_256.txt.gz", "adult2d"), ("dpbench_2d/checkin_256_256.txt.gz", "gowalla"))
    scales = (10000, 1000000, 100000000)
else:
    sets = (("dpbench_1d/ADULTFRANK.n4096.txt", "adult"), ("dpbench_1d/HEPTH.n4096.txt", "hepth"))
    scales = (1000, 100000, 10000000)
if os.environ.get("DPBENCH_SHAPES"):
    sets = tuple(tuple(s.split(":")) for s in os.environ["DPBENCH_SHAPES"].split())
if os.environ.get("DPBENCH_SCALES"):
    scales = tuple(int(s) for s in os.environ["DPBENCH_SCALES"].split())
for shape, short in sets:
    x = np.loadtxt(src + "/" + shape)
    if dim == "2" and side != x.shape[0]:
        b = x.shape[0] // side
        x = x.reshape(side, b, side, b).sum(axis=(1, 3))
    for scale in scales:
        s = rng.multinomial(scale, (x / x.sum()).ravel()).reshape(x.shape)
        np.savetxt("%s/%s_%d.txt" % (out, short, scale), s, fmt="%d")

"""Whether two dplab result files hold the same results, bit for bit.

Compares every dataset of OLD and NEW (floats by their bytes, so -0.0 and NaN payloads count)
except measured times (the per-trial wall time, and the cpu_time metric some specs report),
which differ from run to run by nature. Prints one line and
exits 0 when all match, 1 otherwise (the differing datasets named).

Usage: python3 bench/same_results.py OLD.h5 NEW.h5
"""
import sys

import h5py
import numpy as np

SKIP = {"trials/wall_time", "metrics/cpu_time"}


def datasets(f):
    names = []
    f.visititems(lambda n, o: names.append(n) if isinstance(o, h5py.Dataset) else None)
    return names


def same(x, y):
    if isinstance(x, np.ndarray) and isinstance(y, np.ndarray):
        if x.shape != y.shape or x.dtype != y.dtype:
            return False
        if x.dtype.kind in "fc":
            return x.tobytes() == y.tobytes()
        return np.array_equal(x, y)
    return x == y


def main(old_path, new_path):
    with h5py.File(old_path, "r") as old, h5py.File(new_path, "r") as new:
        a, b = set(datasets(old)) - SKIP, set(datasets(new)) - SKIP
        differ = sorted(a ^ b) + sorted(n for n in a & b if not same(old[n][()], new[n][()]))
    if differ:
        print(f"DIFFER in {len(differ)} of {len(a | b)} datasets: {', '.join(differ[:8])}")
        return 1
    print(f"same bits ({len(a)} datasets; measured times not compared)")
    return 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    sys.exit(main(sys.argv[1], sys.argv[2]))

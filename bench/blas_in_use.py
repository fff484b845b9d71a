"""Which BLAS numpy loaded in this process, from /proc/self/maps: 'openblas', 'reference' (Debian's
libblas3), or the file name of another. bench/run.sh selects one with LD_LIBRARY_PATH and prints
this beside every scikit-learn time, so a row never claims a BLAS it did not use."""


def blas_in_use():
    libs = set()
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.split()[-1]
                name = path.rsplit("/", 1)[-1]
                if "blas" in name:
                    libs.add(path)
    except OSError:
        return "unknown"
    if any("openblas" in p for p in libs):
        return "openblas"
    if any(p.endswith("/blas/libblas.so.3") or "libblas.so.3" in p for p in libs):
        return "reference"
    return ",".join(sorted(libs)) or "none"

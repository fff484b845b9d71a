#!/usr/bin/env bash
# dplab against ektelo (DPBench's Identity, MWEM and DAWA; ../shared/peers) in one run: accuracy
# side by side with 95% intervals, then speed, one thread each, with the ratios; then the speed
# ratio of every 1-D and 2-D DPBench algorithm ektelo has, on DPBench's data (issue 33).
#   bash bench/peers.sh [BUILD] [EKTELO_TRIALS] [DPLAB_TRIALS] [WARMUP]
# PEERS_PARTS (default "workload dpbench dpbench2d") chooses the parts:
#   workload  Identity, MWEM and DAWA on ADULT and INCOME at eps 0.1 and 1 (below);
#   dpbench   identity uniform h2 hb privelet ahp dawa greedy_h mwem on DPBench's ADULT shape
#             sampled at 10^3 and 10^7 records (bench/dpbench_samples.py: the files of the accuracy
#             cross-check, bench/dpbench_ektelo.sh), eps 0.1, 2,000 RandomRange queries. ektelo:
#             bench/dpbench_ektelo.py, DPBENCH_EKTELO_TRIALS trials a cell (default 4, the first
#             WARMUP not timed), CPU time of its plan's Run; dplab: bench_dpbench.cpp on the same
#             files, timed right after ektelo's cell. H2 and Hb rootless on both sides (ektelo's
#             are); DAWA with DPBench's partition noise (ektelo's) and with the provable one.
#   dpbench2d the 2-D algorithms ektelo runs at 64 x 64 cells (identity, ugrid, agrid, ahp, dawa,
#             mwem) on GOWALLA sampled at 10^4 and 10^8 records and coarsened to 64 x 64 cells
#             (bench/dpbench_samples.py DIR 2 64, the files of DPBENCH_SIDE=64), 2,000 random
#             rectangles, timed the same way.
# Same datasets (ADULT, INCOME), eps (0.1, 1) and workload law (2,000 RandomRange queries: width
# uniform on 1..n, then the offset); ektelo's DAWA is the exact L1 partition with DPBench's noise,
# dplab's runs with that noise and with the provable one. ektelo's times are its plans' Run alone
# (its script builds the workload before the clock starts); dplab's are bench_baselines.cpp's, the
# workload also built before. The ektelo code is called from ../shared/peers, never copied.
# Speed is CPU time on both sides and the same statistic, a mean per trial: ektelo's over its
# trials after the first WARMUP (default 1; imports and caches make the first slower), with
# run_ektelo.py's clock switched to time.process_time (bench/ektelo_cpu.py); dplab's is Google
# Benchmark's cpu_time over three repetitions. The ranges are over ektelo's trials and dplab's
# repetitions.
set -euo pipefail
BUILD=${1:-build}
EK_TRIALS=${2:-20}
OUR_TRIALS=${3:-200}
WARMUP=${4:-1}
PARTS=${PEERS_PARTS:-workload dpbench dpbench2d}
DPB_TRIALS=${DPBENCH_EKTELO_TRIALS:-4}
[ "$EK_TRIALS" -gt "$WARMUP" ] || { echo "peers.sh: EKTELO_TRIALS ($EK_TRIALS) must exceed WARMUP ($WARMUP)" >&2; exit 1; }
[ "$DPB_TRIALS" -gt "$WARMUP" ] || { echo "peers.sh: DPBENCH_EKTELO_TRIALS ($DPB_TRIALS) must exceed WARMUP ($WARMUP)" >&2; exit 1; }
part() { case " $PARTS " in *" $1 "*) return 0 ;; *) return 1 ;; esac; }
here=$(cd "$(dirname "$0")" && pwd)
peers=${DPLAB_PEERS:-$here/../../shared/peers}
data=${DPLAB_DATA:-$here/../../shared/datasets}
PY=/usr/bin/python3
[ -x "$PY" ] || PY=python3
[ -d "$peers" ] || { echo "peers.sh: no peers folder at $peers (set DPLAB_PEERS)" >&2; exit 1; }
ektelo=$(bash "$peers/setup-ektelo.sh")
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

if part workload; then
echo "== dplab: accuracy, $OUR_TRIALS trials per cell" >&2
"$BUILD/dplab" run "$here/peers_accuracy.yaml" --trials "$OUR_TRIALS" --threads 2 --out "$tmp/ours.h5" --force >&2
"$BUILD/dplab" show "$tmp/ours.h5" --csv > "$tmp/ours.csv"

# Each ektelo cell is followed at once by dplab's timing of the same cell, so that both sides of a
# speed ratio see the same load on this shared machine.
echo "== ektelo: accuracy and run time, $EK_TRIALS trials per cell; dplab's run time after each, one thread" >&2
cell=0
for alg in identity mwem dawa; do
  case $alg in identity) ours=identity ;; mwem) ours=mwem ;; dawa) ours='dawa_(dpbench_noise|provable)' ;; esac
  for ds in ADULTFRANK.n4096.txt INCOME.n4096.txt; do
    short=$(echo "$ds" | sed 's/FRANK//; s/\..*//' | tr 'A-Z' 'a-z')
    for eps in 0.1 1; do
      echo "   $alg $ds eps=$eps" >&2
      OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 "$PY" "$here/ektelo_cpu.py" "$peers/run_ektelo.py" --ektelo "$ektelo" \
          "$alg" "$ds" "$eps" "$EK_TRIALS" dpbench >> "$tmp/ektelo.csv"
      cell=$((cell + 1))
      "$BUILD/bench/dplab_bench" --benchmark_filter="^BM_Baseline/$ours/$short/eps$eps/" --benchmark_repetitions=3 \
          --benchmark_out="$tmp/speed$cell.json" --benchmark_out_format=json --benchmark_min_time=0.3 > /dev/null
    done
  done
done

"$PY" - "$WARMUP" "$tmp/ours.csv" "$tmp/ektelo.csv" "$tmp"/speed*.json <<'PY'
import csv, json, math, statistics, sys
from scipy.stats import t as student_t

warmup = int(sys.argv.pop(1))
ours = {}
for row in csv.DictReader(open(sys.argv[1])):
    ours[(row["algorithm"], row["dataset"], float(row["eps"]))] = (
        float(row["mean"]), float(row["ci95_low"]), float(row["ci95_high"]), int(row["trials"]))
ek_err, ek_time = {}, {}
for line in open(sys.argv[2]):
    f = line.strip().split(",")
    if len(f) < 8 or f[0] != "ektelo":
        continue
    key = (f[1], "ADULT" if f[2].startswith("ADULT") else "INCOME", float(f[3]))
    ek_err.setdefault(key, []).append(float(f[6]))
    if int(f[5]) >= warmup:  # trial index: the first `warmup` trials of a cell are not timed
        ek_time.setdefault(key, []).append(float(f[7]))
speed = {}  # benchmark name -> CPU seconds of each repetition
for path in sys.argv[3:]:
    for b in json.load(open(path))["benchmarks"]:
        if b.get("run_type") == "iteration" and "cpu_time" in b:
            unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
            speed.setdefault(b["run_name"], []).append(b["cpu_time"] * unit)

def interval(v):
    m = statistics.fmean(v)
    if len(v) < 2:
        return m, float("nan"), float("nan")
    h = student_t.ppf(0.975, len(v) - 1) * statistics.stdev(v) / math.sqrt(len(v))
    return m, m - h, m + h

def fmt(m, lo, hi):
    return "%.4g [%.4g, %.4g]" % (m, lo, hi)

print("\naccuracy: mean L1 error per query [95% interval], 2,000 RandomRange queries")
print("| algorithm | dataset | eps | dplab | ektelo (DPBench) | ratio | intervals overlap |")
print("|---|---|---|---|---|---|---|")
pairs = [("Identity", "identity"), ("MWEM", "mwem"), ("DAWA (DPBench noise)", "dawa"), ("DAWA (provable noise)", "dawa")]
for label, ek in pairs:
    for ds in ("ADULT", "INCOME"):
        for eps in (0.1, 1.0):
            o, e = ours.get((label, ds, eps)), ek_err.get((ek, ds, eps))
            if not o or not e:
                continue
            em, elo, ehi = interval(e)
            overlap = "yes" if o[1] <= ehi and elo <= o[2] else "no"
            print("| %s | %s | %g | %s (%d) | %s (%d) | %.2f | %s |" % (label, ds, eps, fmt(*o[:3]), o[3], fmt(em, elo, ehi),
                                                                  len(e), o[0] / em, overlap))

print("\nspeed: CPU ms per trial, one thread, each cell timed right after ektelo's (ektelo: mean [range] of its "
      "trials' Run after %d warm-up trial(s); dplab: bench_baselines' mean [range] over 3 repetitions)" % warmup)
print("| algorithm | dataset | eps | dplab ms | ektelo ms | ektelo / dplab (of the means) [range] | target |")
print("|---|---|---|---|---|---|---|")
targets = {"identity": 1, "mwem": 100, "dawa": 50}
for ours_label, ek in [("identity", "identity"), ("mwem", "mwem"), ("dawa_dpbench_noise", "dawa"), ("dawa_provable", "dawa")]:
    for ds in ("adult", "income"):
        for eps in (0.1, 1.0):
            b = speed.get("BM_Baseline/%s/%s/eps%s/real_time" % (ours_label, ds, "0.1" if eps < 1 else "1"))
            e = ek_time.get((ek, ds.upper(), eps))
            if not b or not e:
                continue
            d_ms, e_ms = statistics.fmean(b) * 1e3, statistics.fmean(e) * 1e3
            ratio = e_ms / d_ms
            target = targets[ek]
            print("| %s | %s | %g | %.3f [%.3f-%.3f] | %.1f [%.1f-%.1f] | %.0fx [%.0f-%.0fx] | >= %dx %s |" % (
                ours_label, ds.upper(), eps, d_ms, min(b) * 1e3, max(b) * 1e3, e_ms, min(e) * 1e3, max(e) * 1e3, ratio,
                min(e) / max(b), max(e) / min(b), target, "met" if ratio >= target else "MISSED"))
PY
fi

# Parts 2 and 3: every DPBench algorithm ektelo has, speed only (accuracy: bench/dpbench_ektelo.sh).
# dpbench_speed DIM FAMILY ENV "DATA..." "ALG:LABEL..." times each cell on ektelo (ALG, its plan) and then
# dplab (LABEL, bench_dpbench.cpp's FAMILY/LABEL/DATA on the same file, passed in ENV).
dpbench_speed() {
  local dim=$1 family=$2 env=$3 datasets=$4 cells=$5 files="" ds cell alg label
  for ds in $datasets; do files="$files $ds=$tmp/$dim/$ds.txt"; done
  for ds in $datasets; do
    for cell in $cells; do
      alg=${cell%%:*} label=${cell#*:}
      echo "   $alg $ds" >&2
      OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 "$PY" "$here/dpbench_ektelo.py" --ektelo "$ektelo" "$alg" "$tmp/$dim/$ds.txt" 0.1 \
          "$DPB_TRIALS" >> "$tmp/dpbench_ektelo_$dim.csv"
      env "$env=$files" "$BUILD/bench/dplab_bench" --benchmark_filter="^$family/$label/$ds/" --benchmark_repetitions=3 \
          --benchmark_out="$tmp/dpbench_$dim.$label.$ds.json" --benchmark_out_format=json --benchmark_min_time=0.3 > /dev/null
    done
  done
  "$PY" - "$WARMUP" "$DPB_TRIALS" "$dim" "$datasets" "$cells" "$tmp/dpbench_ektelo_$dim.csv" "$tmp"/dpbench_"$dim".*.json <<'PY'
import json, statistics, sys

warmup, trials, dim = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
datasets, cells = sys.argv[4].split(), [c.split(":") for c in sys.argv[5].split()]
ek = {}  # (alg, data) -> CPU seconds of ektelo's Run, trials after the warm-up
for line in open(sys.argv[6]):
    f = line.strip().split(",")
    if len(f) == 6 and f[0] == "ektelo" and int(f[3]) >= warmup:
        ek.setdefault((f[1], f[2][:-4]), []).append(float(f[5]))
ours = {}  # (label, data) -> CPU seconds per trial of each repetition
for path in sys.argv[7:]:
    for b in json.load(open(path))["benchmarks"]:
        if b.get("run_type") == "iteration" and "cpu_time" in b:
            unit = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}[b.get("time_unit", "ns")]
            _, label, data = b["run_name"].split("/")[:3]
            ours.setdefault((label, data), []).append(b["cpu_time"] * unit)
if dim == "1d":
    print("\nDPBench's 1-D algorithms, speed: CPU ms per trial, eps 0.1, 2,000 RandomRange queries, ADULT sampled at "
          "10^3 and 10^7 records, one thread", end="")
else:
    print("\nDPBench's 2-D algorithms, speed: CPU ms per trial, eps 0.1, 2,000 random rectangles, GOWALLA sampled at "
          "10^4 and 10^8 records and coarsened to 64 x 64 cells (ektelo's DAWA, AHP and MWEM need 32 GiB or minutes "
          "a trial at 256 x 256), one thread", end="")
print(" (ektelo: mean [range] of %d trials' Run after %d warm-up; dplab: bench_dpbench's mean [range] over 3 "
      "repetitions, timed right after ektelo's cell)" % (trials - warmup, warmup))
print("| algorithm | data | dplab ms | ektelo ms | ektelo / dplab (of the means) [range] |")
print("|---|---|---|---|---|")
for alg, label in cells:
    for data in datasets:
        b, e = ours.get((label, data)), ek.get((alg, data))
        if not b or not e:
            continue
        d_ms, e_ms = statistics.fmean(b) * 1e3, statistics.fmean(e) * 1e3
        print("| %s | %s | %.4g [%.4g-%.4g] | %.4g [%.4g-%.4g] | %.0fx [%.0f-%.0fx] |" % (
            label, data, d_ms, min(b) * 1e3, max(b) * 1e3, e_ms, min(e) * 1e3, max(e) * 1e3, e_ms / d_ms,
            min(e) / max(b), max(e) / min(b)))
PY
}

if part dpbench; then
bash "$here/ektelo_ahp_ext.sh" "$ektelo"
mkdir -p "$tmp/1d"
"$PY" "$here/dpbench_samples.py" "$data" "$tmp/1d" 1
echo "== DPBench's 1-D algorithms: ektelo, $DPB_TRIALS trials per cell; dplab's run time after each, one thread" >&2
dpbench_speed 1d BM_DpbenchTrial DPLAB_BENCH_DPBENCH "adult_1000 adult_10000000" \
  "identity:identity uniform:uniform h2:h2 hb:hb privelet:privelet ahp:ahp dawa:dawa_dpbench_noise dawa:dawa_provable greedy_h:greedy_h mwem:mwem"
fi

if part dpbench2d; then
bash "$here/ektelo_ahp_ext.sh" "$ektelo"
mkdir -p "$tmp/2d"
"$PY" "$here/dpbench_samples.py" "$data" "$tmp/2d" 2 64
echo "== DPBench's 2-D algorithms at 64 x 64: ektelo, $DPB_TRIALS trials per cell; dplab's run time after each, one thread" >&2
dpbench_speed 2d BM_Dpbench2DTrial DPLAB_BENCH_DPBENCH_2D "gowalla_10000 gowalla_100000000" \
  "identity_2d:identity_2d ugrid:ugrid agrid:agrid ahp_2d:ahp_2d dawa_2d:dawa_2d_dpbench_noise dawa_2d:dawa_2d_provable mwem_2d:mwem_2d"
fi

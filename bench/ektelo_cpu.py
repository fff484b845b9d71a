"""Runs ../shared/peers/run_ektelo.py (called from there, never copied) with its clock,
time.perf_counter, replaced by time.process_time: its run_s column becomes the CPU seconds of the
plan's Run, the clock of Google Benchmark's cpu_time for dplab in bench/peers.sh.

Usage: ektelo_cpu.py PATH/run_ektelo.py --ektelo DIR ALG DATASET EPS TRIALS WORKLOAD [SEED0]"""
import runpy
import sys
import time

script = sys.argv[1]
sys.argv = [script] + sys.argv[2:]
time.perf_counter = time.process_time
runpy.run_path(script, run_name="__main__")

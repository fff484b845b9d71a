# Thin front for CMake. `make demo`, `make test`, `make data`, `make bench`,
# `make reproduce PAPER=budget_series` (or PAPER=all). Each builds only what it needs: `make`,
# `make build` and `make demo` the dplab binary; `make test` adds the test binary; `make bench`
# the benchmarks.
BUILD   ?= build
JOBS    ?= $(shell nproc)
PAPER   ?= budget_series
DPLAB   := $(BUILD)/dplab
FORMATS ?= png,pdf

.PHONY: all build test test-asan bench reproduce summaries docs-tables claims-seeds claims-verdicts demo data clean audit

all: build

# ccache, when installed, makes rebuilds and other checkouts of the tree cheap.
LAUNCHER := $(if $(shell command -v ccache),-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)

# MPI ranks (mpirun -np K dplab run SPEC) when OpenMPI is installed (scripts/install-deps.sh
# installs it), so `make test` runs the MPI suites; MPI=OFF builds without. CMake's own default
# is OFF: a plain `cmake -S . -B build` has no MPI header or library.
MPI ?= $(if $(shell command -v mpicxx),ON,OFF)

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release -DDPLAB_WITH_MPI=$(MPI) $(LAUNCHER)

build: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target dplab

# Suites that need a real dataset the data root lacks exit 77 (shown as skipped); everything
# else runs. The skipped parts are listed at the end, each with the dataset and `make data`.
test: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target dplab dplab_tests
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS); rc=$$?; bash $(CURDIR)/tests/skipped_parts.sh $(abspath $(BUILD)); exit $$rc

# The suite under AddressSanitizer and UndefinedBehaviorSanitizer (a CI step of its own).
# Without MPI (OpenMPI's runtime keeps allocations LeakSanitizer reports): the MPI suites skip.
# ASAN_SKIP leaves out the suites that repeat code the others already run: the statistical
# suites and the audits at many samples (each algorithm's code runs in its unit suite, in
# paper_specs and in the quick audit suites kept here), and under the sanitizers they cost most
# of CI's margin: audit_cli 306 s and audit_canaries 193 s, audit_known and audit_findings more
# (2026-11-26, on a loaded machine), when the whole CI run took 82 of its 90 minutes.
# ASAN_SKIP= runs everything. ASAN_SPEC_SAMPLE=ON (default): paper_specs replays one trial of a
# sample of each spec's points (every algorithm entry, tests/test_paper_specs.cpp), not every
# point: that took 1,809 of the step's 2,302 test seconds; OFF runs every point.
ASAN_BUILD ?= build-asan
ASAN_SKIP ?= _statistical$$|^audit_(known|findings|cli|canaries|mechanisms)$$
ASAN_SPEC_SAMPLE ?= ON
test-asan:
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DDPLAB_SANITIZE=ON -DDPLAB_WITH_MPI=OFF \
	  -DDPLAB_SPEC_SAMPLE=$(ASAN_SPEC_SAMPLE) $(LAUNCHER)
	cmake --build $(ASAN_BUILD) -j $(JOBS) --target dplab dplab_tests
	cd $(ASAN_BUILD) && ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1 \
	  UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 LSAN_OPTIONS=suppressions=$(CURDIR)/tests/lsan.supp:print_suppressions=0 \
	  ctest --output-on-failure -j $(JOBS) $(if $(ASAN_SKIP),-E '$(ASAN_SKIP)'); rc=$$?; \
	  bash $(CURDIR)/tests/skipped_parts.sh $(abspath $(ASAN_BUILD)); \
	  $(if $(ASAN_SKIP),echo "test-asan: left out (ASAN_SKIP): $$(ctest -N -R '$(ASAN_SKIP)' | grep -c 'Test *#') suites matching '$(ASAN_SKIP)'";) exit $$rc

# The privacy audits (tests/test_audit.cpp) at 10 times the samples of their quick version in make test.
audit: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target dplab dplab_tests
	cd $(BUILD) && DPLAB_AUDIT_SAMPLES=10 ctest -L audit --timeout 7200 --output-on-failure

bench: $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS) --target dplab dplab_bench
	bash bench/run.sh $(BUILD)

# Every spec of one paper (PAPER=all: of every paper under experiments/) at the paper's trial
# counts, then its figures: each spec's drawn while the next specs run (a plot is one Python
# process beside the run's threads), at most JOBS plots at a time. scripts/reproduce-timed.sh
# does the same and records each spec's wall time and peak memory in a markdown table.
# (experiments/demo/ is `make demo`'s, not a paper.)
REPRODUCE_PAPERS = $(if $(filter all,$(PAPER)),$(filter-out demo,$(notdir $(patsubst %/,%,$(sort $(dir $(wildcard experiments/*/*.yaml)))))),$(PAPER))
reproduce: build
	@for paper in $(REPRODUCE_PAPERS); do \
	  plots=""; \
	  for spec in experiments/$$paper/*.yaml; do \
	    echo "== $$spec"; \
	    $(DPLAB) run $$spec || exit 1; \
	    set -- $$plots; if [ $$# -ge $(JOBS) ]; then wait $$1 || exit 1; shift; fi; \
	    $(DPLAB) plot results/$$paper/$$(basename $$spec .yaml).h5 --format $(FORMATS) & plots="$$* $$!"; \
	  done; \
	  for plot in $$plots; do wait $$plot || exit 1; done; \
	done
	$(MAKE) summaries docs-tables PAPER=$(PAPER)

# The committed summaries of the paper-count runs (results/summary/<paper>/<result>.csv: the
# `dplab show --csv --provenance` of each result in results/<paper>/; runs made with --trials
# are skipped), from which docs-tables renders the docs' tables of our numbers.
summaries: build
	python3 scripts/docs_tables.py summarize --dplab $(DPLAB) $(foreach p,$(REPRODUCE_PAPERS),--paper $(p))

docs-tables:
	python3 scripts/docs_tables.py

# Seed stability of the claims: the specs each paper's claims need, rerun at SEEDS other seeds
# at the paper's trial counts into results/seeds/seed+k/, and every claim's verdict at each seed
# (a claim that holds at one seed and does not hold at another is a defect). CPU-heavy: papers
# one at a time under nice. FRESH=1 drops earlier reruns (after a code change). Each paper's
# verdicts at every seed found are kept in results/summary/<paper>/claims-seeds.txt, the file the
# docs cite for seed stability (claims-verdicts rewrites it from the seed folders, no rerun).
SEEDS ?= 5
claims-seeds: build
	@for paper in $(REPRODUCE_PAPERS); do \
	  nice -n 10 $(DPLAB) claims --paper $$paper --seeds $(SEEDS) $(if $(FRESH),--fresh) || status=1; \
	done; $(MAKE) --no-print-directory claims-verdicts PAPER=$(PAPER); exit $${status:-0}

claims-verdicts: build
	@for paper in $(REPRODUCE_PAPERS); do \
	  mkdir -p results/summary/$$paper; \
	  $(DPLAB) claims --paper $$paper > results/summary/$$paper/claims-seeds.txt; \
	  echo "results/summary/$$paper/claims-seeds.txt: $$(tail -1 results/summary/$$paper/claims-seeds.txt)"; \
	done

# The default end-to-end experiment: lu_thesis Figure 7.10 on Iris, the dataset that ships in the
# repository (datasets/embedded/), so it runs from a fresh clone with no download: Algorithm 7.1 as
# published and its provable variant, 3,000 trials each, results/lu_thesis/fig7_10_iris.h5, its
# tables with the thesis's numbers, and the figures beside them.
DEMO_SPEC ?= experiments/demo/iris.yaml
DEMO_RESULT = results/lu_thesis/fig7_10_iris.h5
FULL_DATA_PROBE = s1 house kos unbalance
demo: build
	$(DPLAB) run $(DEMO_SPEC)
	$(DPLAB) show $(DEMO_RESULT)
	$(DPLAB) plot $(DEMO_RESULT) --format png
	@if $(DPLAB) datasets verify -q $(FULL_DATA_PROBE) > /dev/null 2>&1; then \
	  echo "demo: ran on Iris (shipped with dplab); the full data is here too: make reproduce PAPER=lu_thesis (or PAPER=all) runs every figure"; \
	else \
	  echo "demo: ran on Iris (shipped with dplab); for every paper's data run make data (downloads and verifies each public dataset) or point DPLAB_DATA at a copy"; \
	fi

# Every public dataset of the catalogue into datasets/cache/, checksums verified; re-running
# fetches only what is missing or corrupt, and resumes interrupted downloads. NAMES="kos s1" for
# some. Datasets that have no public source are listed with their substitutes.
data:
	bash scripts/fetch-datasets.sh $(NAMES)

clean:
	rm -rf $(BUILD)

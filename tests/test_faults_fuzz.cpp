// Faults (ctest -L faults): the spec fuzzer. Every node of a spec that uses every block (dataset,
// algorithms, params, sweep, zip, plot with its options) is replaced, one at a time, by values of
// the wrong shape (a mapping, a nested list, a mapping whose key is a mapping, null, numbers that
// overflow, a string of format characters), every key by a mapping or a list, and every key is
// removed. Each
// spec goes through `dplab run`: it must run (exit 0) or end in one error line (exit 1), never
// in a raw internal error (exit 3), a crash or a hang. Issue 26 found 7 such specs, all in the
// plot block, e.g. `panel_size: [7.5, {{a: 1}: 2}]`.
#include <doctest/doctest.h>
#include <yaml-cpp/yaml.h>

#include <functional>
#include <map>
#include <string>
#include <vector>

#include "faults_support.hpp"
#include "framework/plot_check.hpp"
#include "framework/spec.hpp"
#include "framework/sweep.hpp"

using namespace dplab::testing;

namespace {

// Cheap to run (no dataset file: a synthetic one), every block and most plot options present.
const char* kBase = R"yaml(name: fuzz
paper: testpaper
id: Fuzz 1
description: a spec with every block
dataset: {name: aggregation_values, label: Values, params: {curators: 20, values: 3}}
algorithms:
  - {name: lu_aggregation.aggregation, label: A, params: {scheme: ThisWork}}
  - {name: lu_aggregation.aggregation, label: B, params: {scheme: PrivaDA}}
params: {runs: 2, Pr_s: 0.01}
sweep:
  c: [2, 3]
zip:
  eps: [0.5, 1.0]
  ratio: [0.5, 0.75]
trials: 1
seed: 3
metrics: [mae, expected_mae]
plot:
  kind: line
  x: eps
  y: mae
  expected: expected_mae
  series: algorithm
  panels: [{title: "(a)", where: {c: [2]}}, {title: "(b)", where: {c: [3]}}]
  labels: {A: "first", B: "second"}
  styles: {A: {marker: o, linestyle: "-"}}
  panel_size: [7.5, 4]
  panel_cols: 2
  ylim: [0, 10]
  logy: true
  xlabel: eps
  ylabel: MAE
  title: t
  suptitle: s
  legend: best
  xticklabels: ["0.5", "1"]
  band: ci95
)yaml";

// The values every node is replaced by, in turn.
const char* kWrongValues[] = {
    "{a: 1}", "[1, [2, {b: 3}]]", "{{a: 1}: 2}", "~", "1e400", "9999999999999999999999", "\"%s %n {}[]\"",
};

struct Step {
  bool in_seq = false;
  std::string key;
  std::size_t index = 0;
};
using Path = std::vector<Step>;

void collect(const YAML::Node& n, Path& path, std::vector<Path>& out) {
  if (!path.empty()) out.push_back(path);
  if (n.IsMap()) {
    for (const auto& kv : n) {
      path.push_back({false, kv.first.Scalar(), 0});
      collect(kv.second, path, out);
      path.pop_back();
    }
  } else if (n.IsSequence()) {
    for (std::size_t i = 0; i < n.size(); ++i) {
      path.push_back({true, "", i});
      collect(n[i], path, out);
      path.pop_back();
    }
  }
}

std::string where(const Path& p) {
  std::string s;
  for (const auto& st : p) s += st.in_seq ? "[" + std::to_string(st.index) + "]" : (s.empty() ? "" : ".") + st.key;
  return s;
}

// A copy of `root` whose map holding the last step of `path` is rebuilt by `edit(map, key)`.
YAML::Node edit_parent(const YAML::Node& root, const Path& path,
                       const std::function<void(YAML::Node& parent, const Step& last)>& edit) {
  YAML::Node copy = YAML::Clone(root);
  YAML::Node parent = copy;
  for (std::size_t i = 0; i + 1 < path.size(); ++i)
    parent.reset(path[i].in_seq ? parent[path[i].index] : parent[path[i].key]);
  edit(parent, path.back());
  return copy;
}

// `map` with key `key` replaced by the node `new_key` (value kept), or removed when it is null.
YAML::Node rebuilt(const YAML::Node& map, const std::string& key, const YAML::Node* new_key) {
  YAML::Node out(YAML::NodeType::Map);
  for (const auto& kv : map) {
    if (kv.first.Scalar() != key) out.force_insert(kv.first, kv.second);
    else if (new_key) out.force_insert(*new_key, kv.second);
  }
  return out;
}

std::string emit(const YAML::Node& n) {
  YAML::Emitter e;
  e << n;
  return e.c_str();
}

}  // namespace

TEST_SUITE("faults_fuzz") {
  TEST_CASE("fuzzed specs: every node of every block of the wrong shape, every key a mapping, a list or gone") {
    TempDir dir;
    write_file(dir / "base.yaml", kBase);
    const Command base = run_dplab("run " + dir / "base.yaml --out " + dir / "base.h5 -q", dir);
    REQUIRE_MESSAGE(base.code == 0, base.err);  // the base spec itself runs

    const YAML::Node root = YAML::Load(kBase);
    Path path;
    std::vector<Path> paths;
    collect(root, path, paths);
    std::vector<std::pair<std::string, std::string>> specs;  // (what was changed, the spec)
    for (const auto& p : paths) {
      for (const char* v : kWrongValues)
        specs.emplace_back(where(p) + " = " + v, emit(edit_parent(root, p, [&](YAML::Node& parent, const Step& last) {
                             if (last.in_seq) parent[last.index] = YAML::Load(v);
                             else parent[last.key] = YAML::Load(v);
                           })));
      if (p.back().in_seq) continue;
      for (const char* k : {"{x: 1}", "[x]"}) {
        const YAML::Node key = YAML::Load(k);
        specs.emplace_back("key " + where(p) + " -> " + k, emit(edit_parent(root, p, [&](YAML::Node& parent, const Step& last) {
                             parent = rebuilt(parent, last.key, &key);
                           })));
      }
      specs.emplace_back("no " + where(p), emit(edit_parent(root, p, [&](YAML::Node& parent, const Step& last) {
                           parent = rebuilt(parent, last.key, nullptr);
                         })));
    }
    // The example of issue 26, as written (the emitter writes complex keys its own way).
    specs.emplace_back("plot.panel_size = [7.5, {{a: 1}: 2}]",
                       std::string(kBase).replace(std::string(kBase).find("panel_size: [7.5, 4]"), 20,
                                                  "panel_size: [7.5, {{a: 1}: 2}]"));

    // Every spec through what `dplab run` does before its first trial (the spec, its sweep, its
    // figure): only dplab::Error may come out, which main() prints as one line with exit 1; any
    // other exception is exit 3.
    int refused = 0;
    for (const auto& [what, yaml] : specs) {
      CAPTURE(what);
      try {
        const dplab::Spec spec = dplab::parse_spec(yaml, "f.yaml");
        dplab::check_plot(spec, dplab::expand(spec));
      } catch (const dplab::Error&) {
        ++refused;
      } catch (const std::exception& e) {
        FAIL_CHECK("not a dplab::Error (exit 3): " << std::string(e.what()) << "\nspec:\n" << yaml);
      }
    }
    // Every seventh spec (all mutations come round: 7 is prime to the 10 per key) and the example
    // of issue 26 through the binary, trials, result file and all.
    std::map<int, int> by_code;
    int slow = 0;
    for (std::size_t i = 0; i < specs.size(); ++i) {
      if (i % 7 != 0 && i + 1 != specs.size()) continue;
      const auto& [what, yaml] = specs[i];
      CAPTURE(what);
      write_file(dir / "f.yaml", yaml);
      const Timed t = run_dplab_timed("run " + dir / "f.yaml --out " + dir / "f.h5 -q --force", dir, 60);
      ++by_code[t.c.code];
      slow += t.seconds > 10;
      INFO("exit " << t.c.code << ", stderr: " << t.c.err << "spec:\n" << yaml);
      CHECK((t.c.code == 0 || t.c.code == 1));
      if (t.c.code == 1) CHECK(lines_of(t.c.err) == 1);
    }
    std::string codes;
    for (const auto& [code, n] : by_code) codes += " exit " + std::to_string(code) + ": " + std::to_string(n) + ";";
    MESSAGE(specs.size() << " fuzzed specs, " << refused << " refused in-process; through dplab run:" << codes << " "
                         << slow << " took over 10 s");
    CHECK(slow == 0);
  }
}

// What the benchmark groups share: a catalogue dataset loaded once per process (the first
// benchmark that asks pays for it), or null with the benchmark marked skipped when it cannot be
// loaded (e.g. ../shared/datasets missing), so one absent file does not stop the others.
#pragma once
#include <benchmark/benchmark.h>

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "framework/runner.hpp"
#include "framework/sweep.hpp"

namespace dplab::bench {

template <class T>
const T* dataset(benchmark::State& state, const std::string& name, const std::vector<std::string>& transforms = {}) {
  static std::map<std::string, std::shared_ptr<const Dataset>> loaded;
  static std::map<std::string, std::string> errors;
  std::string key = name;
  for (const auto& t : transforms) key += "|" + t;
  if (!loaded.count(key) && !errors.count(key)) {
    try {
      DatasetRef ref;
      ref.name = name;
      for (const auto& t : transforms) ref.transforms.push_back(TransformRef{t, {}, 0});
      loaded[key] = load_resolved(resolve_dataset(ref, "bench", "dataset"));
    } catch (const std::exception& e) {
      errors[key] = e.what();
    }
  }
  if (!loaded.count(key)) {
    state.SkipWithError(errors[key].c_str());
    return nullptr;
  }
  return &dynamic_cast<const T&>(*loaded[key]);
}

}  // namespace dplab::bench

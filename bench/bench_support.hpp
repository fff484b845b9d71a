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

// `key` names the dataset in the cache (and in the skip message); `ref` is how to load it.
template <class T>
const T* dataset_ref(benchmark::State& state, const std::string& key, const DatasetRef& ref) {
  static std::map<std::string, std::shared_ptr<const Dataset>> loaded;
  static std::map<std::string, std::string> errors;
  if (!loaded.count(key) && !errors.count(key)) {
    try {
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

// A catalogue entry with transforms that take no parameters.
template <class T>
const T* dataset(benchmark::State& state, const std::string& name, const std::vector<std::string>& transforms = {}) {
  DatasetRef ref;
  ref.name = name;
  std::string key = name;
  for (const auto& t : transforms) {
    ref.transforms.push_back(TransformRef{t, {}, 0});
    key += "|" + t;
  }
  return dataset_ref<T>(state, key, ref);
}

}  // namespace dplab::bench

// What one trial of an algorithm produces: named numbers and vectors that metrics read or
// that are stored directly, plus named objects of any type (centroids, a sanitised dataset)
// for the metrics of that paper.
#pragma once
#include <any>
#include <map>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace dplab {

class Outputs {
 public:
  void scalar(const std::string& name, double v) { scalars_[name] = v; }
  void vector(const std::string& name, std::vector<double> v) { vectors_[name] = std::move(v); }
  template <class T>
  void object(const std::string& name, T value) { objects_[name] = std::move(value); }

  bool has_scalar(const std::string& n) const { return scalars_.count(n) > 0; }
  bool has_vector(const std::string& n) const { return vectors_.count(n) > 0; }
  double scalar(const std::string& name) const;
  const std::vector<double>& vector(const std::string& name) const;
  template <class T>
  const T& object(const std::string& name) const {
    auto it = objects_.find(name);
    if (it == objects_.end()) throw Error("the algorithm produced no output '" + name + "'");
    const T* p = std::any_cast<T>(&it->second);
    if (!p) throw Error("output '" + name + "' does not have the type this metric expects");
    return *p;
  }
  // The object, or nullptr when there is none of that name or it has another type (for a metric
  // that accepts several output types, e.g. the DPBench error's 1-D and 2-D workloads).
  template <class T>
  const T* find_object(const std::string& name) const {
    auto it = objects_.find(name);
    return it == objects_.end() ? nullptr : std::any_cast<T>(&it->second);
  }
  void clear() { scalars_.clear(); vectors_.clear(); objects_.clear(); }

 private:
  std::map<std::string, double> scalars_;
  std::map<std::string, std::vector<double>> vectors_;
  std::map<std::string, std::any> objects_;
};

inline double Outputs::scalar(const std::string& name) const {
  auto it = scalars_.find(name);
  if (it == scalars_.end()) throw Error("the algorithm produced no scalar output '" + name + "'");
  return it->second;
}
inline const std::vector<double>& Outputs::vector(const std::string& name) const {
  auto it = vectors_.find(name);
  if (it == vectors_.end()) throw Error("the algorithm produced no vector output '" + name + "'");
  return it->second;
}

}  // namespace dplab

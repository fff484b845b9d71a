// Per-thread scratch memory. The runner gives each OpenMP thread one Scratch that lives for
// the whole run, so algorithms reuse buffers across trials instead of allocating per trial:
//   auto& assign = ctx.scratch.get<std::vector<int>>("assignment");
#pragma once
#include <any>
#include <map>
#include <string>

namespace dplab {

class Scratch {
 public:
  template <class T>
  T& get(const std::string& slot) {
    auto& a = slots_[slot];
    if (!a.has_value() || a.type() != typeid(T)) a = T{};
    return *std::any_cast<T>(&a);
  }

 private:
  std::map<std::string, std::any> slots_;
};

}  // namespace dplab

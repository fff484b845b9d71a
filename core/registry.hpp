// Self-registering named items: algorithms, metrics, datasets and transforms each keep one
// Registry, filled at static-initialisation time by a one-line macro in the item's own .cpp.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/error.hpp"

namespace dplab {

// While a plugin is being dlopen'ed (framework/plugin_loader.hpp) a failed registration, such as
// a name the binary already has, is recorded here instead of thrown: an exception must not
// unwind through dlopen. Null (the default): registrations throw.
std::vector<std::string>*& registration_errors();

template <class T>
class Registry {
 public:
  static Registry& instance() {
    static Registry r;
    return r;
  }
  bool add(const std::string& name, std::shared_ptr<const T> item) {
    if (items_.count(name)) {
      const std::string msg = "duplicate registration of '" + name + "'";
      if (auto* sink = registration_errors()) {
        sink->push_back(msg);
        return false;
      }
      throw Error(msg);
    }
    items_[name] = std::move(item);
    return true;
  }
  const T* find(const std::string& name) const {
    auto it = items_.find(name);
    return it == items_.end() ? nullptr : it->second.get();
  }
  std::vector<std::string> names() const {
    std::vector<std::string> out;
    for (const auto& [n, _] : items_) out.push_back(n);
    return out;
  }

 private:
  std::map<std::string, std::shared_ptr<const T>> items_;
};

// "unknown <what> 'x': did you mean 'y'? (allowed: ...)", suggesting only close matches.
std::string unknown_name_message(const std::string& what, const std::string& name,
                                 const std::vector<std::string>& known);

}  // namespace dplab

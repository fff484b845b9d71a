#include "framework/spec_diff.hpp"

#include <yaml-cpp/yaml.h>

#include "framework/spec.hpp"

namespace dplab {

namespace {

// A value as one short line of flow-style YAML.
std::string brief(const YAML::Node& n) {
  if (!n || n.IsNull()) return "absent";
  YAML::Emitter e;
  e.SetMapFormat(YAML::Flow);
  e.SetSeqFormat(YAML::Flow);
  e << n;
  std::string s = e.c_str();
  return s.size() > 60 ? s.substr(0, 57) + "..." : s;
}

std::string canonical(const YAML::Node& n) {
  if (!n || n.IsNull()) return "";
  YAML::Emitter e;
  e.SetMapFormat(YAML::Flow);
  e.SetSeqFormat(YAML::Flow);
  e << n;
  return e.c_str();
}

// Walks both trees in step: mappings key by key, lists of the same length element by element;
// anything else that differs is one difference at its path.
void compare(const YAML::Node& a, const YAML::Node& b, const std::string& path, std::vector<std::string>& out) {
  if (a && b && a.IsMap() && b.IsMap()) {
    std::vector<std::string> keys;
    for (const auto& kv : a) keys.push_back(kv.first.Scalar());
    for (const auto& kv : b)
      if (!a[kv.first.Scalar()]) keys.push_back(kv.first.Scalar());
    for (const auto& k : keys) compare(a[k], b[k], path + "." + k, out);
    return;
  }
  if (a && b && a.IsSequence() && b.IsSequence() && a.size() == b.size() && canonical(a) != canonical(b)) {
    // Elements that are mappings (datasets, algorithms) are compared inside; a list of scalars
    // (a sweep) is one value.
    bool maps = false;
    for (const auto& x : a) maps = maps || x.IsMap();
    if (maps) {
      for (std::size_t i = 0; i < a.size(); ++i) compare(a[i], b[i], path + "[" + std::to_string(i) + "]", out);
      return;
    }
  }
  if (canonical(a) != canonical(b)) out.push_back(path + " (" + brief(a) + " in the file, " + brief(b) + " now)");
}

}  // namespace

std::vector<std::string> result_field_differences(const std::string& stored_yaml, const std::string& current_yaml,
                                                  std::size_t limit) {
  YAML::Node a, b;
  try {
    a = YAML::Load(stored_yaml);
    b = YAML::Load(current_yaml);
  } catch (const YAML::Exception&) {
    return {};
  }
  if (!a.IsMap() || !b.IsMap()) return {};
  std::vector<std::string> all;
  for (const auto& k : result_keys()) compare(a[k], b[k], k, all);
  if (all.size() > limit) {
    const std::size_t more = all.size() - limit;
    all.resize(limit);
    all.push_back("... and " + std::to_string(more) + " more");
  }
  return all;
}

}  // namespace dplab

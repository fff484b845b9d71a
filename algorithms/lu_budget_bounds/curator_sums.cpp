#include "algorithms/lu_budget_bounds/curator_sums.hpp"

#include <algorithm>
#include <cstdio>
#include <map>

#include "core/error.hpp"
#include "core/rng.hpp"
#include "framework/build_once_cache.hpp"

namespace dplab::lu_budget_bounds {

Query parse_query(const std::string& name) {
  if (name == "sum") return Query::Sum;
  if (name == "count") return Query::Count;
  throw Error("unknown query '" + name + "' (allowed: sum, count)");
}

namespace {

std::string identity(const Ratings& r) {
  char address[32];
  std::snprintf(address, sizeof address, "%p", static_cast<const void*>(&r));
  return r.name + "@" + address + "|" + std::to_string(r.rating.size()) + "|" +
         std::to_string(hash64(r.rating.data(), r.rating.size() * sizeof(float))) + "|" +
         std::to_string(hash64(r.user.data(), r.user.size() * sizeof(std::uint32_t)));
}

CuratorTotals from_ratings(const Ratings& r) {
  CuratorTotals t;
  t.name = r.name;
  t.records.assign(r.users, 0);
  t.total.assign(r.users, 0.0);
  t.largest.assign(r.users, 0.0);
  for (std::size_t j = 0; j < r.rating.size(); ++j) {
    const auto u = r.user[j];
    const double v = r.rating[j];
    ++t.records[u];
    t.total[u] += v;
    t.largest[u] = std::max(t.largest[u], v);
    t.value_bound = std::max(t.value_bound, v);
  }
  t.records_bound = double(r.items);
  return t;
}

}  // namespace

std::shared_ptr<const CuratorTotals> curator_totals(const Dataset& data) {
  if (const auto* t = dynamic_cast<const CuratorTotals*>(&data))
    return std::shared_ptr<const CuratorTotals>(std::shared_ptr<const CuratorTotals>{}, t);  // not owned
  const auto* r = dynamic_cast<const Ratings*>(&data);
  if (!r) throw Error("dataset '" + data.name + "' holds neither ratings nor curator totals");
  static BuildOnceCache<CuratorTotals> cache(4);
  return cache.get(identity(*r), [&] { return from_ratings(*r); });
}

CuratorQuery query_of(const CuratorTotals& data, Query q) {
  CuratorQuery c;
  const std::size_t n = data.curators();
  if (n == 0) throw Error("dataset '" + data.name + "' has no curators");
  c.f.resize(n);
  c.local.resize(n);
  std::map<double, std::uint64_t> by_sensitivity;
  for (std::size_t i = 0; i < n; ++i) {
    c.f[i] = q == Query::Sum ? data.total[i] : double(data.records[i]);
    c.local[i] = q == Query::Sum ? data.largest[i] : (data.records[i] ? 1.0 : 0.0);
    c.local_X = std::max(c.local_X, c.f[i]);
    c.sum_local += c.local[i];
    c.grand_total += c.f[i];
    if (c.local[i] > 0) ++by_sensitivity[c.local[i]];
  }
  for (const auto& [s, count] : by_sensitivity) c.groups.push_back({s, count});
  c.global = q == Query::Sum ? data.value_bound * data.records_bound : data.records_bound;
  c.record_bound = q == Query::Sum ? data.value_bound : 1.0;
  if (!(c.local_X > 0)) throw Error("dataset '" + data.name + "': every curator's f(x_i) is 0");
  return c;
}

Sensitivity parse_sensitivity(const std::string& name) {
  if (name == "local") return Sensitivity::Local;
  if (name == "value_bound") return Sensitivity::ValueBound;
  throw Error("unknown sensitivity '" + name + "' (allowed: local, value_bound)");
}

CuratorQuery at_value_bound(CuratorQuery q) {
  // Every curator, even one with no record yet: under record neighbours its first record is
  // what its noise hides.
  q.local.assign(q.f.size(), q.record_bound);
  q.sum_local = q.record_bound * double(q.f.size());
  q.groups = {{q.record_bound, q.f.size()}};
  return q;
}

CuratorQuery query_of(const CuratorTotals& data, Query q, Sensitivity s) {
  CuratorQuery c = query_of(data, q);
  return s == Sensitivity::ValueBound ? at_value_bound(std::move(c)) : c;
}

double curator_level_loss(const CuratorQuery& q, double noise_sensitivity, double eps) {
  return eps * q.local_X / noise_sensitivity;
}

}  // namespace dplab::lu_budget_bounds

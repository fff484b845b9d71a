// The points family of neighbouring pairs (neighbours.hpp).
#include <sstream>

#include "core/rng.hpp"
#include "framework/audit/neighbours.hpp"

namespace dplab::audit {

namespace {
std::string num(double v) {
  std::ostringstream o;
  o << v;
  return o.str();
}
}  // namespace

// Points in the algorithm's box [lo, hi]^d ([-1, 1]^d unless it declares another, e.g. the
// clustering baselines' [0, 1]^d). D: n points drawn once (a fixed public seed) in the box's
// central half; D' adds one point at a corner (hi, ..., hi) or (lo, ..., lo), a mixed corner
// (hi, lo, hi, ...), the end of an axis (hi, mid, ..., mid) or the centre; one more pair
// removes D's first point. A corner is the record an attacker would add: it moves every
// coordinate sum by the most one point can (L1 d (hi - lo) / 2 from the centre), and so every
// mean and every data-dependent region built around a mean (lu_thesis Algorithm 7.1's sampling
// zones) as far as one record can; the other positions move some coordinates only, or none.
// One more pair adds a copy of a point of D (the densest spot of a density estimate gains a
// record). The last pairs are the extreme of that: D is a tight cluster of n distinct points
// (k-means starts from k distinct data points) within (hi - lo) / 40 of the point a quarter
// along the box's diagonal, and D' adds the far corner (the mean moves by about
// 3 (hi - lo) / (4 (n + 1)) per coordinate), the near corner, the box's centre or the cluster's.
std::vector<NeighbourPair> point_pairs(const PairShape& s) {
  const std::size_t n = s.size ? s.size : 20, d = s.dim;
  const double mid = (s.lo + s.hi) / 2, half = (s.hi - s.lo) / 2;
  PointSet base;
  base.n = n;
  base.d = d;
  Stream st(0xa0d17, hash64("audit points"), n, d);
  // mid + half (u - 1/2): for [-1, 1] exactly the u - 1/2 of the first audits.
  for (std::size_t i = 0; i < n * d; ++i) base.x.push_back(mid + half * (st.uniform() - 0.5));
  PointSet cluster;
  cluster.n = n;
  cluster.d = d;
  const double quarter = s.lo + (s.hi - s.lo) / 4;
  for (std::size_t i = 0; i < n * d; ++i) cluster.x.push_back(quarter + (s.hi - s.lo) / 20 * (st.uniform() - 0.5));

  auto with_point = [](PointSet p, const std::vector<double>& x) {
    p.n += 1;
    p.x.insert(p.x.end(), x.begin(), x.end());
    return p;
  };
  const std::string central = std::to_string(n) + " points in [" + num(mid - half / 2) + ", " + num(mid + half / 2) +
                              "]^" + std::to_string(d);
  const std::string tight = std::to_string(n) + " points within " + num((s.hi - s.lo) / 40) + " of (" + num(quarter) +
                            ", ..., " + num(quarter) + ")";
  std::vector<double> mixed(d), axis(d, mid);
  for (std::size_t j = 0; j < d; ++j) mixed[j] = j % 2 == 0 ? s.hi : s.lo;
  axis[0] = s.hi;
  const std::vector<double> high(d, s.hi), low(d, s.lo), centre(d, mid);
  std::vector<NeighbourPair> out;
  for (const auto& x : {high, low, mixed, axis, centre})
    out.push_back({central + ", and with a point added at " + vector_text(x), named(base, "audit D"),
                   named(with_point(base, x), "audit D'")});
  PointSet fewer = base;
  fewer.n -= 1;
  fewer.x.erase(fewer.x.begin(), fewer.x.begin() + static_cast<std::ptrdiff_t>(d));
  const std::vector<double> first(base.x.begin(), base.x.begin() + static_cast<std::ptrdiff_t>(d));
  out.push_back({central + " without its point " + vector_text(first) + ", and with it", named(std::move(fewer), "audit D"),
                 named(base, "audit D'")});
  // A copy of a point of D: the densest spot of any density estimate gains a record (the
  // maximum of WaveCluster's W, which PrivTHREM's paper range reads).
  const std::vector<double> duplicate(base.x.begin() + static_cast<std::ptrdiff_t>(d), base.x.begin() + static_cast<std::ptrdiff_t>(2 * d));
  out.push_back({central + ", and with a copy of its point " + vector_text(duplicate), named(base, "audit D"),
                 named(with_point(base, duplicate), "audit D'")});
  // The smallest data of the family: four distinct points spread over the central half (four
  // separate cells of any grid but the coarsest; at least k = 3 distinct records for k-means),
  // and D' doubles the first. A data-read range doubles with it (PrivTHREM's (0, max W]: the
  // thresholds above max W(D) are likely under D' and impossible under D), where on the 20
  // points above one copy moves it by half, to outputs of probability about 1e-4.
  PointSet few;
  few.n = 4;
  few.d = d;
  for (std::size_t i = 0; i < 4; ++i)
    for (std::size_t j = 0; j < d; ++j) few.x.push_back(mid + half * (static_cast<double>((i + j) % 4) / 3 - 0.5));
  const std::vector<double> few_first(few.x.begin(), few.x.begin() + static_cast<std::ptrdiff_t>(d));
  out.push_back({"4 points spread over the central half, and with a copy of its point " + vector_text(few_first),
                 named(few, "audit D"), named(with_point(few, few_first), "audit D'")});
  const std::vector<double> cluster_centre(d, quarter);
  for (const auto& x : {high, low, centre, cluster_centre})
    out.push_back({tight + ", and with a point added at " + vector_text(x), named(cluster, "audit D"),
                   named(with_point(cluster, x), "audit D'")});
  return out;
}

}  // namespace dplab::audit

// clustering.su: SU of lu_thesis §7.6 -- DPLloyd with Su et al.'s budget allocation (Su, Cao,
// Li, Bertino, Lyu, Jin, ACM TOPS 2017; first in CODASPY 2016): the iteration count chosen so
// that each iteration's mean squared error stays under their bound, and each iteration's budget
// split between counts and sums to minimise it (dplloyd_budgets.hpp). The thesis runs it from
// the same initial centroids as the others (§7.6.1), not Su et al.'s sphere-packing start.
#include "algorithms/clustering/dplloyd_budgets.hpp"
#include "algorithms/clustering/noisy_lloyd_plugin.hpp"

namespace dplab::clustering {
namespace {

class Su : public NoisyLloydBaseline {
 protected:
  std::string name() const override { return "clustering.su"; }
  std::string doc() const override {
    return "SU: DPLloyd with Su et al.'s iteration count and count/sum budget split (TOPS 2017; lu_thesis §7.6)";
  }
  std::vector<IterationBudget> schedule(double total, const PointSet& data, std::size_t k, const Params&) const override {
    return su_budgets(total, data.n, k, data.d).budgets;
  }
};

}  // namespace
}  // namespace dplab::clustering

using dplab::clustering::Su;
DPLAB_ALGORITHM(Su);

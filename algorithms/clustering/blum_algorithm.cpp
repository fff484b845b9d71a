// clustering.blum: BLUM of lu_thesis §7.6 -- SuLQ k-means (Blum, Dwork, McSherry, Nissim 2005):
// a predefined number of noisy Lloyd iterations, the total budget spread evenly
// (dplloyd_budgets.hpp).
#include "algorithms/clustering/dplloyd_budgets.hpp"
#include "algorithms/clustering/noisy_lloyd_plugin.hpp"

namespace dplab::clustering {
namespace {

class Blum : public NoisyLloydBaseline {
 protected:
  std::string name() const override { return "clustering.blum"; }
  std::string doc() const override {
    return "BLUM: SuLQ k-means (Blum et al. 2005), fixed iterations, the budget split evenly (lu_thesis §7.6)";
  }
  std::vector<ParamSpec> own_params() const override {
    return {ParamSpec::integer("iterations", 5,
                               "predefined number of iterations (neither Blum et al. nor the thesis gives one; 5 lies "
                               "in the 2-7 range Su et al. 2016 allow DPLloyd, see clustering.su)")
                .at_least(1)
                .at_most(10000)};
  }
  std::vector<IterationBudget> schedule(double total, const PointSet&, std::size_t, const Params& p) const override {
    return blum_budgets(total, static_cast<int>(p.integer("iterations")));
  }
};

}  // namespace
}  // namespace dplab::clustering

using dplab::clustering::Blum;
DPLAB_ALGORITHM(Blum);

// clustering.dwork: DWORK of lu_thesis §7.6 -- noisy Lloyd iterations whose budgets halve
// (Dwork 2011: eps/2, eps/4, eps/8, ...; dplloyd_budgets.hpp).
#include "algorithms/clustering/dplloyd_budgets.hpp"
#include "algorithms/clustering/noisy_lloyd_plugin.hpp"

namespace dplab::clustering {
namespace {

class Dwork : public NoisyLloydBaseline {
 protected:
  std::string name() const override { return "clustering.dwork"; }
  std::string doc() const override {
    return "DWORK: noisy Lloyd with halving budgets eps/2, eps/4, ... (Dwork 2011; lu_thesis §7.6)";
  }
  std::vector<ParamSpec> own_params() const override {
    return {ParamSpec::integer("iterations", 5,
                               "iterations (neither Dwork 2011 nor the thesis gives a number; 5 as BLUM, so the two "
                               "differ only in the allocation); the last takes the halving's remainder")
                .at_least(1)
                .at_most(60)};
  }
  std::vector<IterationBudget> schedule(double total, const PointSet&, std::size_t, const Params& p) const override {
    return dwork_budgets(total, static_cast<int>(p.integer("iterations")));
  }
};

}  // namespace
}  // namespace dplab::clustering

using dplab::clustering::Dwork;
DPLAB_ALGORITHM(Dwork);

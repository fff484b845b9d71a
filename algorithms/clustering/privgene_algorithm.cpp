// clustering.privgene: PrivGene of lu_thesis §7.6 (Zhang et al. 2013) for k-means, with the
// matched total budget of the non-convergent baselines (matched_budget.hpp). See privgene.hpp.
#include "algorithms/clustering/lloyd_reference.hpp"
#include "algorithms/clustering/matched_budget.hpp"
#include "algorithms/clustering/privgene.hpp"
#include "framework/registry.hpp"

namespace dplab::clustering {
namespace {

class PrivGene : public Algorithm {
 public:
  AlgorithmInfo info() const override {
    AlgorithmInfo i;
    i.name = "clustering.privgene";
    i.doc = "PrivGene: genetic search with exponential-mechanism selection (Zhang et al. 2013; lu_thesis §7.6)";
    i.params = shared_kmeans_params();
    for (auto& p : matched_budget_params()) i.params.push_back(p);
    const PrivGeneOptions def;
    const std::vector<ParamSpec> own = {
        ParamSpec::integer("population", def.population, "candidates per generation m (Zhang et al. 2013: 200)")
            .at_least(2)
            .at_most(100000),
        ParamSpec::integer("parents", def.parents, "candidates selected per generation m' (Zhang et al. 2013: 10)")
            .at_least(2)
            .at_most(100000),
        ParamSpec::real("generation_constant", def.c,
                        "c of the generation count r = max(2, floor(c eps n / m')) (attributed to Zhang et al. 2013)")
            .above(0),
        ParamSpec::integer("max_generations", def.max_generations,
                           "cap on r (default: none); a generation costs m k-means costs over the data, so the "
                           "lu_thesis specs cap it (README)")
            .at_least(2)
            .at_most(1000000),
        ParamSpec::real("mutation_start", def.mutation_start, "mutation range in the first round (share of [0, 1])")
            .above(0)
            .at_most(1),
        ParamSpec::real("mutation_end", def.mutation_end, "mutation range in the last round (share of [0, 1])")
            .above(0)
            .at_most(1),
    };
    i.params.insert(i.params.end(), own.begin(), own.end());
    i.outputs = {
        {"centroids", "the selected candidate, k x d row-major", true, "c"},
        {"centroids_before_noise", "the same", true, "c", false, false, false, /*internal=*/true},
        {"generations", "generations r", false, ""},
        {"budget_spent", "the total budget of this trial (budget_match: Algorithm 7.1's total, §7.6.1)", false, ""},
    };
    i.budget_of = declared_matched_budget;
    i.accepts = {DatasetKind::Points};
    i.point_domain = {0.0, 1.0};
    i.audit_params = matched_budget_audit_params();
    i.privacy = PrivacyStatus::dp(
        "exponential-mechanism selection of parents (fitness sensitivity d) each generation, the generations' "
        "budgets adding to a data-independent total (budget_match: total); its candidates start at random, not "
        "from init; the generation count uses n, taken as public");
    i.privacy_rules = {matched_budget_privacy_rule()};
    return i;
  }

  void run(TrialContext& ctx) const override {
    const PointSet& data = ctx.dataset<PointSet>();
    require_box(data, kUnitBox, "clustering.privgene", kUnitBoxFix);
    const Params& p = ctx.params;
    PrivGeneOptions opt;
    opt.population = static_cast<int>(p.integer("population"));
    opt.parents = static_cast<int>(p.integer("parents"));
    opt.c = p.real("generation_constant");
    opt.max_generations = static_cast<int>(p.integer("max_generations"));
    opt.mutation_start = p.real("mutation_start");
    opt.mutation_end = p.real("mutation_end");
    opt.box = kUnitBox;
    const double total = matched_budget(data, ctx.seeds, p);
    int generations = 0;
    const std::vector<double> c =
        privgene_kmeans(data, static_cast<std::size_t>(p.integer("k")), total, opt, ctx.stream, ctx.noise, generations);
    ctx.out.vector("centroids", c);
    ctx.out.vector("centroids_before_noise", c);
    ctx.out.scalar("generations", generations);
    ctx.out.scalar("budget_spent", total);
  }
};

}  // namespace
}  // namespace dplab::clustering

using dplab::clustering::PrivGene;
DPLAB_ALGORITHM(PrivGene);

// The parameters every MWEM plugin takes (baselines.mwem, baselines.mwem_2d): the rounds T,
// DPBench's multiplicative-weights passes and which estimate is published (mwem.hpp).
#pragma once
#include <vector>

#include "framework/registry.hpp"

namespace dplab::baselines {

inline std::vector<ParamSpec> mwem_params() {
  return {ParamSpec::integer("rounds", 10, "T, the number of rounds (DPBench default 10)").at_least(1).at_most(1000000),
          ParamSpec::integer("update_passes", 100,
                             "MW passes over all measurements so far in every round (DPBench default 100); 0: one "
                             "update with the new measurement (Algorithm 1)")
              .at_least(0)
              .at_most(1000000),
          ParamSpec::text("estimate", "last", "last: A_T (DPBench); average: mean of A_1..A_T (Hardt et al.'s theorem)")
              .one_of({"last", "average"})};
}

}  // namespace dplab::baselines

// Where dplab finds its experiments/, plots/, results/reference/ and datasets/embedded/:
// $DPLAB_HOME when set; else <prefix>/share/dplab beside an installed binary (<prefix>/bin/dplab);
// else the source tree the binary was built from. In core/ so that the dataset catalogue (a layer
// below the engine) finds the data shipped in the repository.
#pragma once
#include <string>

namespace dplab {

std::string dplab_home();

}  // namespace dplab

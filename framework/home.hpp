// Where dplab finds its experiments/, plots/ and results/reference/: $DPLAB_HOME when set; else
// <prefix>/share/dplab beside an installed binary (<prefix>/bin/dplab); else the source tree the
// binary was built from.
#pragma once
#include <string>

namespace dplab {

std::string dplab_home();

}  // namespace dplab

// Precompiled header of the build experiment DPLAB_PCH (CMakeLists.txt): the standard headers most
// sources include and the heaviest third-party ones (yaml-cpp, Eigen, HDF5's C++ API), parsed once
// per target instead of once per source file.
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Dense>
#include <H5Cpp.h>
#include <yaml-cpp/yaml.h>

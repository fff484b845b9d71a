// The network generator of lu_thesis ch. 6 (§6.4.1), callable on its own so that an algorithm
// can draw a new network for every trial from a public stream (the thesis's 1,000 runs per
// network size are 1,000 random networks), and by the catalogue entry `hamiltonian_network`
// (one network per seed).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>

#include "core/rng.hpp"
#include "datasets/dataset.hpp"

namespace dplab {

struct NetworkShape {
  std::uint32_t vertices = 10;  // |V|
  std::size_t edges = 0;        // |E|; 0: the path's own edges only
  std::uint32_t revisits = 0;   // 0: acyclic path (each vertex once); k > 0: k returns to an earlier vertex
};

// The smallest |E| the generator accepts: |V| - 1 for an acyclic path, |V| - 1 + 2k with k
// revisits (each revisit may add two edges to the path).
std::size_t min_edges(const NetworkShape& shape);
std::size_t max_edges(const NetworkShape& shape);

// Throws an Error starting with `where` when the shape is infeasible (naming the allowed range).
void check_network_shape(const NetworkShape& shape, const std::string& where);

// One network (see hamiltonian_network.cpp for the law). `shape.edges == 0` means min_edges.
Network generate_network(Stream& s, const NetworkShape& shape);

}  // namespace dplab

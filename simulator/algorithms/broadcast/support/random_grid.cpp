#include "algorithms/broadcast/support/random_grid.hpp"

namespace hetcoll {

GridCosts draw_grid(int clusters, int root, const GridRanges& r, RandomStream& stream) {
  GridCosts g;
  g.clusters = clusters;
  g.root = root;
  const std::size_t cells = static_cast<std::size_t>(clusters) * clusters;
  g.latency.assign(cells, 0.0);
  g.gap.assign(cells, 0.0);
  auto symmetric = [&](std::vector<double>& m, double low, double high) {
    for (int i = 0; i < clusters; ++i)
      for (int j = i + 1; j < clusters; ++j)
        m[static_cast<std::size_t>(i) * clusters + j] = m[static_cast<std::size_t>(j) * clusters + i] =
            low + (high - low) * stream.uniform();
  };
  symmetric(g.latency, r.latency_min, r.latency_max);
  symmetric(g.gap, r.gap_min, r.gap_max);
  g.intra.resize(clusters);
  for (double& t : g.intra) t = r.intra_min + (r.intra_max - r.intra_min) * stream.uniform();
  return g;
}

}  // namespace hetcoll

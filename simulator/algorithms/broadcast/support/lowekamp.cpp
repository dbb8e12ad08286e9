// Lowekamp's clustering: B. Lowekamp, "Discovery and Application of Network Information", PhD
// thesis, CMU, 2000, as listed in Steffenel, INRIA RR (2006), Algorithm 1.
//
// Cost: O(n² log n) for sorting the n(n−1)/2 edges, then near-constant time per edge with a
// union-find whose roots carry the subnet's smallest internal edge.
#include "algorithms/broadcast/support/lowekamp.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "core/error.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

struct Edge {
  double weight;
  int a, b;
};

class Subnets {
 public:
  explicit Subnets(int n) : parent_(n), min_edge_(n, std::numeric_limits<double>::infinity()), member_(n, false) {
    std::iota(parent_.begin(), parent_.end(), 0);
  }
  int find(int v) {
    while (parent_[v] != v) v = parent_[v] = parent_[parent_[v]];
    return v;
  }
  bool in_subnet(int v) const { return member_[v]; }
  double subnet_min(int v) { return min_edge_[find(v)]; }
  void merge(int a, int b, double weight) {
    const int ra = find(a), rb = find(b);
    const double least = std::min({weight, min_edge_[ra], min_edge_[rb]});
    parent_[rb] = ra;
    min_edge_[ra] = least;
    member_[a] = member_[b] = true;
  }

 private:
  std::vector<int> parent_;
  std::vector<double> min_edge_;  // valid at roots of real subnets; +inf for a lone host
  std::vector<bool> member_;      // the host has been merged into a subnet
};

}  // namespace

Clusters lowekamp_clusters(const LatencyMatrix& latency, double rho) {
  if (!(rho > 0 && rho <= 1))
    throw InputError("key 'rho' expects a tolerance in (0, 1], got " + format_number(rho));
  const int n = latency.n;
  std::vector<double> node_min(n, std::numeric_limits<double>::infinity());
  std::vector<Edge> edges;
  edges.reserve(static_cast<std::size_t>(n) * (n - 1) / 2);
  for (int a = 0; a < n; ++a)
    for (int b = a + 1; b < n; ++b) {
      const double x = latency.at(a, b);
      edges.push_back({x, a, b});
      node_min[a] = std::min(node_min[a], x);
      node_min[b] = std::min(node_min[b], x);
    }
  std::sort(edges.begin(), edges.end(), [](const Edge& l, const Edge& r) {
    if (l.weight != r.weight) return l.weight < r.weight;
    return l.a != r.a ? l.a < r.a : l.b < r.b;
  });
  const double factor = 1 + rho;
  Subnets subnets(n);
  for (const Edge& e : edges) {
    const bool a_in = subnets.in_subnet(e.a), b_in = subnets.in_subnet(e.b);
    if (a_in && b_in && subnets.find(e.a) == subnets.find(e.b)) continue;
    if (e.weight > factor * node_min[e.a] || e.weight > factor * node_min[e.b]) continue;
    if (a_in && e.weight > factor * subnets.subnet_min(e.a)) continue;
    if (b_in && e.weight > factor * subnets.subnet_min(e.b)) continue;
    subnets.merge(e.a, e.b, e.weight);
  }
  // Number clusters by their smallest host, so the output does not depend on merge order.
  Clusters clusters;
  std::vector<int> index_of_root(n, -1);
  for (int h = 0; h < n; ++h) {
    const int root = subnets.find(h);
    if (index_of_root[root] < 0) {
      index_of_root[root] = static_cast<int>(clusters.size());
      clusters.emplace_back();
    }
    clusters[index_of_root[root]].push_back(h);
  }
  return clusters;
}

std::vector<int> cluster_index(const Clusters& clusters, int hosts) {
  std::vector<int> index(hosts, -1);
  for (std::size_t c = 0; c < clusters.size(); ++c)
    for (int h : clusters[c]) index[h] = static_cast<int>(c);
  return index;
}

}  // namespace hetcoll

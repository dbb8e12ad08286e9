// DGGP: E. Jeannot, F. Wagner, "Messages scheduling for data redistribution between
// heterogeneous clusters" (δ-port), Fig. 5; tie-breaks in docs/redistribute.md.
//
// Cost in the model: each node v is split into δ(v) virtual nodes of load ⌈w(v)/δ(v)⌉ or
// ⌊w(v)/δ(v)⌋ (units of β), so a matching of the split graph G' puts at most δ(v) streams on v
// and, after OGGP's dummies, at most k on the backbone. OGGP on G' has R = max(max_v
// ⌈w(v)/δ(v)⌉, ⌈P/k⌉) = the weight term of LB_δ when weights are whole multiples of β, hence
// cost ≤ 2βR ≤ 2·LB_δ (the paper's 2-approximation). Split O(n·k·m); OGGP O((m + kn)^{5/2}).
#include <map>

#include "algorithms/redistribute/support/factories.hpp"
#include "algorithms/redistribute/support/schedule_policy.hpp"

namespace hetcoll {
namespace {

/// An edge seen from the node being split: the other end, units of β, the message.
struct Part {
  int other;
  std::int64_t units;
  int message;
};

/// Paper Fig. 5 (b)–(d) for one node of `delta` ports: loads ⌈w/δ⌉ for the first w mod δ
/// virtual nodes and ⌊w/δ⌋ for the rest; each virtual node in turn takes the heaviest part left
/// (ties: smallest `other`), whole if it fits, else a piece the size of its remaining load.
/// Returns the parts of each virtual node of positive load, in order.
std::vector<std::vector<Part>> split_node(std::vector<Part> parts, int delta) {
  std::int64_t total = 0;
  for (const Part& p : parts) total += p.units;
  std::vector<std::vector<Part>> nodes;
  for (int i = 0; i < delta; ++i) {
    std::int64_t load = total / delta + (i < total % delta ? 1 : 0);
    if (load == 0) continue;  // the paper's loads may be 0: such virtual nodes carry nothing
    std::vector<Part> mine;
    while (load > 0) {
      std::size_t heaviest = parts.size();
      for (std::size_t j = 0; j < parts.size(); ++j) {
        if (parts[j].units == 0) continue;
        if (heaviest == parts.size() || parts[j].units > parts[heaviest].units ||
            (parts[j].units == parts[heaviest].units && parts[j].other < parts[heaviest].other))
          heaviest = j;
      }
      Part& a = parts[heaviest];
      const std::int64_t take = std::min(a.units, load);
      mine.push_back({a.other, take, a.message});
      a.units -= take;
      load -= take;
    }
    nodes.push_back(std::move(mine));
  }
  return nodes;
}

}  // namespace

UnitGraph dggp_split(const Instance& instance) {
  const UnitGraph original = message_graph(instance);
  // Step 2: split the senders; edges (virtual sender, receiver).
  std::vector<std::vector<Part>> out_of(instance.senders);
  for (const UnitGraph::Edge& e : original.edges) out_of[e.left].push_back({e.right, e.units, e.message});
  std::vector<std::vector<Part>> into(instance.receivers);  // parts (virtual sender) per receiver
  int virtual_senders = 0;
  for (int s = 0; s < instance.senders; ++s)
    for (const std::vector<Part>& node : split_node(out_of[s], instance.delta[s])) {
      for (const Part& p : node) into[p.other].push_back({virtual_senders, p.units, p.message});
      ++virtual_senders;
    }
  // Step 3: split the receivers the same way; parallel pieces between two virtual nodes are summed.
  UnitGraph split;
  split.left = virtual_senders;
  std::map<std::pair<int, int>, std::size_t> index;
  for (int t = 0; t < instance.receivers; ++t) {
    for (const std::vector<Part>& node : split_node(into[t], instance.delta[instance.receiver_node(t)])) {
      for (const Part& p : node) {
        const auto [it, fresh] = index.try_emplace({p.other, split.right}, split.edges.size());
        if (fresh) split.edges.push_back({p.other, split.right, p.units, p.message});
        else split.edges[it->second].units += p.units;
      }
      ++split.right;
    }
  }
  return split;
}

Schedule dggp_schedule(const Instance& instance) {
  // Step 4: OGGP on G' with the same k, then merge back: a G' edge sends part of its message
  // between the message's own sender and receiver, so merging is reading the message ids.
  return to_schedule(instance, peel(dggp_split(instance), instance.k, MatchingRule::bottleneck));
}

std::unique_ptr<RedistributionPolicy> make_dggp(const RedistributionSetup& setup) {
  return step_schedule_policy(setup, "dggp", dggp_schedule);
}

}  // namespace hetcoll

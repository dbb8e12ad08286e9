#pragma once
/// @file reduce_keys.hpp
/// @brief The keys of the `reduce` family (docs/reduce.md, "Keys"; docs/keys.md), declared once
/// and read back as point[reduce_keys().cv].
#include "algorithms/amount_limits.hpp"
#include "algorithms/keys.hpp"
#include "algorithms/mpi_trees.hpp"
#include "algorithms/reduce/support/cluster.hpp"
#include "algorithms/reduce/support/reduction_costs.hpp"
#include "algorithms/root.hpp"

namespace hetcoll {

struct ReduceKeys;
/// @brief The family's one table of keys (the lambdas of the table read it back).
const ReduceKeys& reduce_keys();

/// @brief The points whose cluster `kind`'s law draws: a law's keys apply there only (elsewhere
/// check_written_keys refuses them, and their CSV cells are empty).
inline AppliesTo drawn_by(TextKey cluster, ClusterKind kind) {
  return [cluster, kind](const Point& point, bool /*platform_file*/) { return cluster_kind(point[cluster]) == kind; };
}

/// @brief The family's keys, declared once and read back as point[reduce_keys().cv].
struct ReduceKeys {
  ReduceKeys() { table.set_columns({processors, cv, ratio, spread, slow_fraction, x, levels, cluster_cv, message, segment});
  }

  KeyTable table;
  NumberKey processors =
      table.number("processors",
                   "number of processors n (0 with cluster = times: the length of 'times'; not given with a "
                   "platform file: all its hosts)",
                   0)
          .sweep().whole().at_most(kMaxHosts)
          .counts_hosts()
          // A platform file alone: its hosts, run as they are or read as a cluster of times.
          .counts_file_hosts_when([](const Point& point, bool /*platform_file*/) {
            const ClusterKind kind = cluster_kind(point[reduce_keys().cluster]);
            return kind == ClusterKind::file || kind == ClusterKind::platform;
          });
  NumberKey cv = table.number("cv", "coefficient of variation of every cost (0: every cost is its mean)", 0)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv);
  NumberKey ratio =
      table.number("ratio", "mean computation cost / mean communication cost (0: ⊕ is free)", 0)
          .sweep().at_most(1e6);
  NumberKey comm_mean =
      table.number("comm-mean", "mean cost of one message, in values: a message of cost d carries d values", 1)
          .above(0).at_most(1e6);
  TextKey cluster = table.text("cluster",
                               "where each host's time t(p) comes from: platform (the platform as it is, every t = 1), "
                               "times (the default without a platform file), file (the platform file's <host>_UP links "
                               "or routes; the default with one), uniform, two-type, power-of-two, gamma (drawn per "
                               "replication)",
                               "times", cluster_words())
                        // A platform file is the input: its hosts and routes, unless the scenario says otherwise.
                        .with_a_file("file");
  ListKey times = table.list("times", "cluster = times: the transmission time of each processor, e.g. 10,5,5,5,4,2,2",
                             "10,5,5,5,4,2,2")
                      .at_least(kShortestTime).at_most(kLongestTime);
  ListKey order = table.list("order", "ep-order: a permutation of the hosts 0..n-1 (the root is skipped; default: "
                                      "host order)")
                      .whole().at_most(kMaxHosts - 1);
  NumberKey spread = table.number("spread", "cluster = uniform: times drawn in [1, spread]", 4)
                         .sweep().at_least(1).at_most(kLongestTime)
                         .applies_when(drawn_by(cluster, ClusterKind::uniform));
  NumberKey slow_fraction =
      table.number("slow-fraction", "cluster = two-type: share of slow processors (rounded to a count)", 0.5)
          .sweep().at_most(1)
          .applies_when(drawn_by(cluster, ClusterKind::two_type));
  // Not below the grid of drawn times: the DOWN links are only that fast.
  NumberKey x = table.number("x", "cluster = two-type: time of a slow processor (the fast ones take 1)", 2)
                    .sweep().at_least(kTimeGrid).at_most(kLongestTime)
                    .applies_when(drawn_by(cluster, ClusterKind::two_type));
  NumberKey levels = table.number("levels", "cluster = power-of-two: times 2^k, k drawn in 0..levels", 3)
                         .sweep().whole().at_most(kLongestLevel)
                         .applies_when(drawn_by(cluster, ClusterKind::power_of_two));
  NumberKey cluster_cv =
      table.number("cluster-cv", "cluster = gamma: coefficient of variation of the times (mean 1)", 1)
          .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestTimeCv)
          .applies_when(drawn_by(cluster, ClusterKind::gamma));
  NumberKey message = table.number("message",
                                   "size of one value in bytes (8388608: one second on the ideal cluster's links; "
                                   "on a cluster of times, a value from host p lasts t(p))",
                                   kDefaultMessageBytes)
                          .sweep().whole().at_least(1).at_most(1e15);
  // Out of the seed: every segment size meets the same draws.
  NumberKey segment = table.number("segment", kSegmentKeyDescription, 0).sweep().whole().at_most(1e15).same_draws();
  // A word, so no column of its own (metric `root` says where results ended); out of the seed,
  // so every root meets the same draws.
  TextKey root = table.text("root",
                            "where the result must end: a host name (platform file), an index into the hosts, or any "
                            "(each algorithm chooses: the slowest host for the planners, P0 for the static trees, "
                            "the last receiver for the dynamic ones)",
                            "0")
                       .valid(kRootValuesOrAny).same_draws();
};

}  // namespace hetcoll

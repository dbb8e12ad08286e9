#pragma once
/// @file broadcast_keys.hpp
/// @brief The keys of the `broadcast` family (docs/broadcast.md), shared by the family and the
/// reading of its points.
#include <string>
#include <vector>

#include "algorithms/amount_limits.hpp"
#include "algorithms/broadcast/support/broadcast_settings.hpp"
#include "algorithms/broadcast/support/mpi_bcast_program.hpp"
#include "algorithms/keys.hpp"
#include "algorithms/root.hpp"

namespace hetcoll {

/// @brief Values of key `intra`: best, then every executable intra-cluster strategy.
std::vector<std::string> broadcast_intra_choices();

struct BroadcastKeys;
/// @brief The family's one table of keys (the lambdas of the table read it back).
const BroadcastKeys& broadcast_keys();

/// @brief The family's keys, declared once and read back as point[broadcast_keys().message].
struct BroadcastKeys {
  BroadcastKeys() { table.set_columns({clusters, message, segment, cluster_hosts, cv}); }

  KeyTable table;
  NumberKey clusters = table.number("clusters", "clusters C (costs = random or given; 0: 8 random clusters, or as many "
                                                "as intra-times lists); with costs = platform, the count Lowekamp must "
                                                "find (0: any)", 0)
                           .sweep().whole().at_most(kMaxHosts);
  NumberKey message = table.number("message", "message size m in bytes", 4194304)
                          .sweep().whole().above(0).at_most(kMaxMessage);
  NumberKey cluster_hosts = table.number("cluster-hosts", "costs = platform: hosts of the platform file used (key "
                                                          "hosts sets it to its selection), or without a file one "
                                                          "generated homogeneous cluster of this many hosts", 0)
                                .sweep().whole().at_most(kMaxHosts)
                                .applies_when([](const Point& point, bool platform_file) {
                                  return broadcast_key_applies("cluster-hosts", costs_mode(point, platform_file));
                                })
                                // With key `hosts`, a platform file's run uses every host selected,
                                // host 0 (the root) first.
                                .counts_hosts()
                                .counts_file_hosts_when([](const Point& point, bool /*platform_file*/) {
                                  return point[broadcast_keys().costs] == "platform" &&
                                         point[broadcast_keys().latency_file].empty();
                                });
  TextKey costs = table.text("costs", "random: L, g, T drawn per run (Table 3); given: keys gaps, latencies, "
                                      "intra-times; platform: measured on the platform", "random",
                             {"random", "given", "platform"})
                      // A platform file is the input: its hosts, measured, unless the scenario says otherwise.
                      .with_a_file("platform");
  NumberKey rho = table.number("rho", "Lowekamp's tolerance, in (0, 1]", 0.2).above(0).at_most(1);
  // A word, since it may name a host; out of the seed, so every root meets the same grids.
  TextKey root = table.text("root", "the source: root cluster (costs = random or given) or root host (costs = "
                                    "platform: a host name of a platform file, or an index)", "0")
                     .valid(kRootValues).same_draws();
  TextKey latency_file = table.text("latency-file", "host latency matrix (CSV, microseconds) from which the "
                                                    "platform is generated (costs = platform, no platform file)");
  NumberKey lan_bandwidth = table.number("lan-bandwidth", "bytes/s of every host's links (generated platforms)", 1.25e8)
                                .above(0).at_most(kMaxBandwidth);
  NumberKey wan_window = table.number("wan-window", "TCP window in bytes: a WAN link carries window / RTT bytes/s "
                                                    "(platform generated from latency-file)", 65536)
                             .above(0).at_most(kMaxMessage);
  NumberKey overhead =
      table.number("overhead", "pLogP g(0): a sender's per-message gap, seconds", 2e-5).at_most(kLongestDelay);
  TextKey sender_busy = table.text("sender-busy", "a sender is busy for g (pLogP) or g+L (Bhat) after it starts a send",
                                   "g", {"g", "g+L"});
  TextKey fef_weight =
      table.text("fef-weight", "FEF edge weight: latency (the paper) or g+L (Bhat)", "latency", {"latency", "g+L"});
  TextKey bottomup_ready = table.text("bottomup-ready", "yes: BottomUp adds the sender's ready time RT_i inside its min",
                                      "no", {"no", "yes"});
  TextKey intra = table.text("intra", "intra-cluster strategy: best (of the executable ones) or one of them", "best",
                             broadcast_intra_choices());
  // The MPI libraries' algorithms (the mpi-* rows; docs/broadcast.md, "The MPI libraries"). Out
  // of the seed: every segment size meets the same draws.
  NumberKey segment = table.number("segment", kSegmentKeyDescription, 0)
                          .sweep().whole().at_most(kMaxMessage).same_draws()
                          .applies_when([](const Point& point, bool platform_file) {
                            return broadcast_key_applies("segment", costs_mode(point, platform_file));
                          });
  NumberKey radix = table.number("radix", "mpi-knomial: the k-nomial tree's radix (Open MPI's default 4)",
                                 kOmpiKnomialRadix)
                        .whole().at_least(2).at_most(kMaxHosts);
  NumberKey latency_min =
      table.number("latency-min", "smallest L between clusters (s, costs = random)", 0.001).at_most(kLongestDelay);
  NumberKey latency_max =
      table.number("latency-max", "largest L between clusters (s, costs = random)", 0.015).at_most(kLongestDelay);
  NumberKey gap_min =
      table.number("gap-min", "smallest g(m) between clusters (s, costs = random)", 0.1).at_most(kLongestDelay);
  NumberKey gap_max =
      table.number("gap-max", "largest g(m) between clusters (s, costs = random)", 0.6).at_most(kLongestDelay);
  NumberKey intra_min = table.number("intra-min", "smallest intra-cluster broadcast time T (s, costs = random)", 0.02)
                            .at_most(kLongestDelay);
  NumberKey intra_max = table.number("intra-max", "largest intra-cluster broadcast time T (s, costs = random)", 3)
                            .at_most(kLongestDelay);
  ListKey gaps =
      table.list("gaps", "g_ij(m) between clusters, C x C row by row (s, costs = given)").at_most(kLongestDelay);
  ListKey latencies =
      table.list("latencies", "L_ij between clusters, C x C row by row (s, costs = given)").at_most(kLongestDelay);
  ListKey intra_times =
      table.list("intra-times", "T_c of every cluster, C values (s, costs = given)").at_most(kLongestDelay);
  NumberKey cluster_latency = table.number("cluster-latency", "latency between two hosts of the cluster-hosts "
                                                              "cluster (microseconds)", 50)
                                  .above(0).at_most(kMaxLatencyMicroseconds);
  // Out of the seed: the random grids are the same for every cv.
  NumberKey cv = table.number("cv",
                              "coefficient of variation of every message as executed and, with costs = random or "
                              "given, of every cluster's internal broadcast T: its nominal duration's bytes times a "
                              "gamma draw of mean 1 (0: the costs the heuristics schedule with)",
                              0)
                     .sweep().zero_or_at_least(kSmallestCv).at_most(kLargestCv).same_draws();
};

}  // namespace hetcoll

#pragma once
/// @file max_min_sharing.hpp
/// @brief Weighted max-min sharing of links among flows, as SimGrid's CM02 network model
/// computes it (its LMM solver, `lmm::MaxMin::maxmin_solve`), for the model engine.
///
/// Each link is a capacity constraint: a shared link's flows add up to at most its bandwidth (a
/// flow crossing it twice counts twice), a FATPIPE link bounds each flow alone (once, however
/// often its route crosses it). A flow has a
/// sharing penalty p (CM02: its route's latency; 0 while it pays its latency, when it takes no
/// bandwidth) and an optional bound (its rate cap and slowest link). Progressive filling: the
/// link whose remaining capacity over Σ weight/p of its unfixed flows is smallest saturates; its
/// flows get that level / p, or their bound if a bound is reached first; the levels of the links
/// they cross go down; and so on until every flow is fixed. Flows that share no link with each
/// other do not change each other's rates, so callers may solve a connected part alone.
///
/// The arithmetic follows SimGrid 3.32's, including its precision rule (`maxmin/precision`,
/// 1e-5 in bytes/s: a link whose remaining capacity falls below bandwidth × 1e-5, or whose
/// usage falls below 1e-5, is saturated), so rates agree with SimGrid's to rounding; the order
/// in which equal levels are visited can move the last bits (docs/design.md).
#include <cstddef>
#include <cstdint>
#include <vector>

namespace hetcoll {

/// @brief SimGrid's `maxmin/precision` default (3.32): bytes/s below which a usage is zero, and
/// the fraction of a link's bandwidth below which its remaining capacity is.
inline constexpr double kMaxMinPrecision = 1e-5;

/// @brief The sharing problem of one instant: links, and flows crossing them.
class MaxMinSharing {
 public:
  /// A link of `bandwidth` bytes/s; `shared` false for FATPIPE (each flow may use all of it).
  int add_link(double bandwidth, bool shared);
  /// A flow crossing `route` (link indices; a shared link listed twice counts twice) with sharing
  /// penalty `penalty` (0: inactive, rate 0) and rate bound `bound` (<= 0: none); returns its
  /// index. Indices of removed flows are reused.
  int add_flow(const std::vector<int>& route, double penalty, double bound);
  void remove_flow(int flow);
  void set_penalty(int flow, double penalty);

  /// Computes the rate of every flow: again for the flows connected, through links they send
  /// on, to a flow added, removed or given a new penalty since the last solve; the others keep
  /// theirs (they share no link with a change, so it cannot move them).
  void solve();
  /// Rate of `flow` in bytes/s after the last solve() (0 for an inactive flow).
  double rate(int flow) const { return flows_[static_cast<std::size_t>(flow)].value; }
  /// The flows whose rates the last solve() computed (the others kept theirs).
  const std::vector<int>& solved() const { return component_flows_; }

  std::size_t link_count() const { return links_.size(); }

 private:
  struct Use {
    int link;
    double weight;  //!< times the route crosses the link
  };
  struct Flow {
    std::vector<Use> uses;
    double penalty = 0, bound = -1, value = 0;
    bool live = false;
    bool fixed = false;  //!< its value is set in this solve
  };
  struct Crossing {
    int flow;
    double weight;
  };
  struct Link {
    double bandwidth = 0;
    bool shared = true;
    std::vector<Crossing> flows;
    double remaining = 0, usage = 0;
    int light = -1;  //!< its slot in light_ while it can still saturate, or -1
  };

  void solve_alone(Flow& flow);
  void fix(Flow& flow);
  void update_link(Link& link, int index);
  void collect_component();
  void consider_level(double level, int slot);
  void drop_light(int link);
  void collect_saturated();

  std::vector<Link> links_;
  std::vector<Flow> flows_;
  std::vector<int> free_flows_;
  // Scratch of one solve: links that can still saturate (SimGrid's cnst_light_tab, removal by
  // moving the last one in), their level remaining / usage, the links at the lowest level and
  // the flows they hold that are not fixed yet, in the order met.
  std::vector<int> light_;
  std::vector<double> light_level_;
  std::vector<int> saturated_links_;
  std::vector<int> saturated_flows_;
  std::vector<char> queued_;
  // What solve() solves again: links touched since the last solve, and what they reach.
  std::vector<int> touched_, component_links_, component_flows_;
  std::vector<std::uint32_t> link_seen_, flow_seen_;
  std::uint32_t stamp_ = 0;
  std::size_t live_ = 0;        // flows added and not removed
  std::size_t busy_links_ = 0;  // links that some live flow crosses
  bool whole_ = false;    // this solve solves every flow (collect_component())
  double min_level_ = -1;
};

}  // namespace hetcoll

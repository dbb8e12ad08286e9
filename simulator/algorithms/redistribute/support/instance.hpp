#pragma once
/// @file instance.hpp
/// @brief The redistribution problem of Jeannot & Wagner (§2.2–2.3; docs/redistribute.md): a
/// bipartite graph of messages with per-node stream limits δ, a backbone limit k and a step set-up
/// time β; schedules as sequences of steps, their cost and their validity.
#include <string>
#include <vector>

namespace hetcoll {

/// @brief One message: from sender `sender` (0..senders−1) to receiver `receiver`
/// (0..receivers−1); `weight` is its transfer time at base speed (seconds).
struct Message {
  int sender = 0;
  int receiver = 0;
  double weight = 0;
};

/// @brief G = (V1, V2, E, w, δ), k and β (the paper's §2.2).
struct Instance {
  int senders = 0;                //!< |V1|
  int receivers = 0;              //!< |V2|
  std::vector<Message> messages;  //!< E with w; at most one message per (sender, receiver)
  /// δ(v), senders first then receivers (node index senders + t for receiver t), already
  /// clamped to k.
  std::vector<int> delta;
  int k = 1;                      //!< messages at once through the backbone
  double beta = 0;                //!< set-up time of one step (seconds)

  int receiver_node(int receiver) const { return senders + receiver; }
  /// True if every weight, and β, is a whole number: schedules built from such weights have
  /// whole pieces, and the lower bounds may round up (docs/redistribute.md).
  bool whole_units() const;
};

/// @brief Part of a message sent in one step: `amount` seconds at base speed.
struct Piece {
  int message = 0;
  double amount = 0;
};

/// @brief The messages of one step, all started together after β. Two pieces of one message
/// in a step are two streams (DGGP may produce them, docs/redistribute.md).
using Step = std::vector<Piece>;

/// @brief A solution: steps run one after the other.
using Schedule = std::vector<Step>;

/// @brief W_i, the longest piece of a step.
double step_duration(const Step& step);

/// @brief Σ_i (β + W_i) over the steps (the paper's §2.4).
double schedule_cost(const Instance& instance, const Schedule& schedule);

/// @brief "" if `schedule` is a valid solution of `instance`, else a one-line reason: every step
/// is non-empty, has at most k streams and at most δ(v) streams at every node v; every piece is
/// positive; every message's pieces add up to its weight (relative tolerance 1e-9).
/// With `limits` false, only the pieces are checked (for all-at-once, which ignores k and δ).
std::string check_schedule(const Instance& instance, const Schedule& schedule, bool limits = true);

/// @brief The instance with every δ set to 1: the 1-port view that GGP and OGGP schedule.
Instance one_port(const Instance& instance);

/// @brief LB_δ, hetcoll's δ-port lower bound, the value of the lower-bound row (lower_bound.cpp;
/// docs/redistribute.md):
/// max(max_v w(v)/δ(v), P/k) + β·max(max_v ⌈deg(v)/δ(v)⌉, ⌈m/k⌉), where the weight terms are
/// rounded up when instance.whole_units() (then every schedule here has whole pieces).
/// No max_e w(e) term: two streams of one message may run in parallel.
double lower_bound(const Instance& instance);

/// @brief η of Cohen, Jeannot & Padoy: lower_bound(one_port(instance)), the 1-port bound.
double one_port_lower_bound(const Instance& instance);

}  // namespace hetcoll

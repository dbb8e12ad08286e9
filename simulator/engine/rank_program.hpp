#pragma once
/// @file rank_program.hpp
/// @brief Point-to-point programs of ranks, as MPI code is written, compiled to a Plan with the
/// matching and send semantics of SMPI (SimGrid's MPI): the form the MPI libraries' collective
/// algorithms take here, so they run on both engines and can be checked against SMPI itself.
///
/// Each rank's program is a sequence of posts (isend, irecv), waits and computations, in program
/// order; rank i runs on host i. The compiled plan holds one comm per matched message and one
/// computation per compute(), each depending on what its rank had waited for when it posted it:
/// - the k-th send from a to b matches the k-th receive b posts from a (MPI's non-overtaking
///   order with one tag);
/// - a message's transfer starts once both its send and its receive are posted (SMPI's mailbox
///   rendezvous with `smpi/async-small-thresh` = 0, its default): a send never pushes data ahead
///   of a late receive;
/// - a send below `detached_below` is detached (SMPI's `smpi/send-is-detached-thresh`, 65536
///   bytes by default): waiting for it returns at once, so a blocking send of a small message
///   releases its rank when posted; a larger one's wait returns when its transfer ends;
/// - a computation occupies its rank until it ends (a blocking call).
/// Costs are the caller's abstract costs (PlanOp::cost, or PlanOp::kDrawn), passed through as
/// they are; `detached_below` is in the same unit.
#include <cstdint>
#include <vector>

#include "engine/plan.hpp"

namespace hetcoll {

/// @brief SMPI's default `smpi/send-is-detached-thresh`: sends of fewer bytes of user data are
/// detached. RankProgram compares `detached_below` with the costs it is given: where those carry
/// the envelope (kSmpiEnvelopeBytes), pass kSmpiDetachedBelowBytes + kSmpiEnvelopeBytes, or a
/// message of 65520 to 65535 bytes is not detached where SMPI detaches it (docs/smpi.md).
inline constexpr double kSmpiDetachedBelowBytes = 65536;
/// @brief Bytes SMPI adds to every message's payload (its envelope): a message of n bytes moves
/// n + 16 through the network.
inline constexpr double kSmpiEnvelopeBytes = 16;

/// @brief The programs of `ranks` ranks, built call by call and compiled by plan().
class RankProgram {
 public:
  /// A rank's handle on one of its posts (an index into that rank's posts).
  using Request = int;

  /// `detached_below`: sends of a smaller cost are detached (their waits return at once).
  RankProgram(int ranks, double detached_below);

  int ranks() const { return static_cast<int>(programs_.size()); }

  Request isend(int rank, int to, double cost);
  Request irecv(int rank, int from, double cost);
  void wait(int rank, Request request);
  void waitall(int rank, const std::vector<Request>& requests);
  /// Blocking send and receive: a post and its wait.
  void send(int rank, int to, double cost) { wait(rank, isend(rank, to, cost)); }
  void recv(int rank, int from, double cost) { wait(rank, irecv(rank, from, cost)); }
  /// Both posted, then both waited for (MPI_Sendrecv).
  void sendrecv(int rank, int to, double send_cost, int from, double recv_cost);
  /// A computation of `cost` on the rank's host, which the rank waits for.
  void compute(int rank, double cost);

  /// The plan of every rank's program. Throws std::logic_error, naming the rank, if a message
  /// is never matched, a receive is smaller than its message, or the programs deadlock (every
  /// unfinished rank waits for a message no rank will post).
  Plan plan() const;

 private:
  enum class Kind { isend, irecv, wait, compute };
  struct Call {
    Kind kind;
    int peer = -1;         // isend: to; irecv: from
    double cost = 0;       // isend, irecv, compute
    Request request = -1;  // wait: the post it waits for
  };
  std::vector<std::vector<Call>> programs_;
  std::vector<std::vector<int>> posts_;  // per rank: index into its calls of each post
  double detached_below_;

  Request post(int rank, Call call);
};

}  // namespace hetcoll

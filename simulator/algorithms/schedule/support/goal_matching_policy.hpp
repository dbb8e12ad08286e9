#pragma once
/// @file goal_matching_policy.hpp
/// @brief Runs a GOAL program with wildcard receives, matching sends to receives as they are
/// posted (docs/schedule.md, "Wildcards: matching in posting order"), as LogGOPSim's queues do.
///
/// An operation is posted once every operation it `requires` has ended and every one it
/// `irequires` has started (a send or receive starts when posted, a calc when its computation
/// starts, at its posting). Per rank, two queues in posting order: its posted receives not yet
/// matched, and the posted sends to it not yet matched (the unexpected messages). A posted send
/// takes the first receive of its destination's queue that accepts it, a posted receive the first
/// send of its rank's queue that it accepts; otherwise each waits at the end of its queue. The
/// match starts the message (rendezvous: one comm of the send's bytes), and the send and the
/// receive both end when it ends. The operations a completion releases are posted in file order,
/// those a posting releases (irequires) joining the same order, so both engines, which deliver
/// completions in the same order, make the same matches.
///
/// A run that ends with operations left (a deadlock of this replication's timing) stops, as a
/// receive smaller than the message it meets does: an InputError of one line naming the file,
/// the line, the operation, what it waits for and the replication.
#include <cstdint>
#include <functional>
#include <queue>
#include <vector>

#include "algorithms/schedule/support/goal_program.hpp"
#include "engine/executor.hpp"

namespace hetcoll {

/// @brief A dynamic policy: no static plan, the matches depend on the run's timing. Activity
/// tags are operation indices (a message's: its send's).
class GoalMatchingPolicy final : public Policy {
 public:
  /// `program` and `replication` (the replication being run, for the error lines) must outlive
  /// the policy.
  GoalMatchingPolicy(const GoalProgram& program, const std::uint64_t* replication);

  void begin(Executor& executor) override;
  void on_complete(Executor& executor, const Completion& done) override;

 private:
  enum class State : std::uint8_t { waiting, posted, matched, ended };
  /// A queue of operations in posting order, linked through next_ and prev_.
  struct Queue {
    int head = -1, tail = -1;
  };

  void post_ready(Executor& executor);
  void post(Executor& executor, int op);
  void match(Executor& executor, int send, int recv);
  void end(int op);
  void release(const GroupedLists& released, int op);
  /// The first operation of `queue` that `fits`, taken out of it; -1 if none.
  int take(Queue& queue, const std::function<bool(int)>& fits);
  void append(Queue& queue, int op);
  [[noreturn]] void refuse_deadlock() const;
  const GoalOp& op(int i) const { return program_.ops[static_cast<std::size_t>(i)]; }

  const GoalProgram& program_;
  const std::uint64_t* replication_;
  std::vector<std::size_t> waiting_;  // per operation: dependencies not yet met
  std::vector<State> state_;
  std::vector<int> partner_;               // per send or receive: the other side of its message
  std::vector<Queue> receives_;            // per rank: its posted receives not yet matched
  std::vector<Queue> unexpected_;          // per rank: the posted sends to it not yet matched
  std::vector<int> next_, prev_;           // per operation: its neighbours in its queue
  std::priority_queue<int, std::vector<int>, std::greater<>> ready_;  // to post, by file order
  std::size_t in_flight_ = 0;  // activities started and not yet completed
  std::size_t left_ = 0;       // operations not yet ended
};

}  // namespace hetcoll

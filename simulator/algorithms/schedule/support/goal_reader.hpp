#pragma once
/// @file goal_reader.hpp
/// @brief Reads a GOAL schedule (LogGOPSim's text format, docs/schedule.md) into its operations
/// and dependencies, streaming: the text is read a line at a time and never held whole.
///
/// The reader checks what one block shows (grammar, ranks in range, labels defined once and
/// named, sizes and times non-negative numbers, wildcards on receives only); matching sends to
/// receives and the dependency graph are the compiler's (goal_plan.hpp, goal_program.hpp).
/// Every error is an InputError of one line, "FILE:LINE: 'the line': what was expected".
#include <cstdint>
#include <string>
#include <vector>

namespace hetcoll {

/// @brief What a GOAL operation does.
enum class GoalOpKind : std::uint8_t { send, recv, calc };

/// @brief A receive's source `-1`: any rank.
inline constexpr int kGoalAnySource = -1;
/// @brief A receive's tag `-1`: any tag (tags are otherwise below 2^32).
inline constexpr std::uint64_t kGoalAnyTag = ~std::uint64_t{0};

/// @brief One operation of a GOAL file, as written.
struct GoalOp {
  GoalOpKind kind = GoalOpKind::calc;
  int rank = 0;            //!< the block it is in
  int peer = -1;           //!< send: to; recv: from (kGoalAnySource: any); calc: -1
  std::uint64_t tag = 0;   //!< send, recv: the tag (0 if not given; a recv's kGoalAnyTag: any)
  double amount = 0;       //!< send, recv: bytes (whole); calc: TIME, in key calc-unit's unit
  std::uint64_t line = 0;  //!< where it is written (from 1)
  std::int64_t label_number = -1;  //!< K of a label `op<K>`, or -1
};

/// @brief `op requires on` (started = false) or `op irequires on` (started = true), by index
/// into GoalSchedule::ops.
struct GoalDependency {
  int op = 0;
  int on = 0;
  bool started = false;
  std::uint64_t line = 0;
};

/// @brief A GOAL file as read: its operations in file order and its dependencies.
struct GoalSchedule {
  std::string source;  //!< the file's name, as error messages give it
  int ranks = 0;       //!< num_ranks
  std::vector<GoalOp> ops;
  std::vector<GoalDependency> dependencies;
  /// Every send and every calc carries a label `op<K>`: the compiler orders by K
  /// (docs/schedule.md, "Order of the compiled operations").
  bool numbered = false;
  /// A receive has source -1 or tag -1: matching depends on timing, and the schedule runs as
  /// a dynamic policy (goal_program.hpp) rather than one plan.
  bool wildcards = false;
};

/// @brief "rank 0's send 8b to 1 tag 0": the operation as its line reads (a wildcard as -1).
std::string describe_goal_op(const GoalOp& op);

/// @brief The largest size, in bytes, of a GOAL message: 2^53, where doubles stop holding every
/// whole number.
inline constexpr double kMaxGoalBytes = 9007199254740992.0;

/// @brief The built-in schedule key `goal` runs when not given (docs/schedule.md).
const std::string& builtin_goal_text();
/// @brief The name error messages give the built-in schedule.
inline constexpr const char* kBuiltinGoalName = "the built-in schedule";

/// @brief Reads the GOAL file `path` ("" : the built-in schedule). Throws InputError.
GoalSchedule read_goal(const std::string& path);
/// @brief Reads GOAL text (tests, the built-in schedule), named `name` in errors.
GoalSchedule read_goal_text(const std::string& text, const std::string& name);
/// @brief num_ranks of the GOAL file `path` ("": the built-in schedule), reading no further than
/// the line that gives it. Throws InputError.
int read_goal_ranks(const std::string& path);

}  // namespace hetcoll

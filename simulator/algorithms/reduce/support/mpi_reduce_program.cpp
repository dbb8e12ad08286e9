#include "algorithms/reduce/support/mpi_reduce_program.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "algorithms/reduce/support/factories.hpp"
#include "core/number_format.hpp"

namespace hetcoll {
namespace {

const std::uint64_t kOneInstance = 0;

}  // namespace

MpiReduceProgram::MpiReduceProgram(int ranks, double count, bool computes)
    : calls_(ranks, kSmpiDetachedBelowBytes), count_(count), computes_(computes) {
  if (!(count >= 1)) throw std::logic_error("MPI reduce: the vector needs at least one byte");
}

void MpiReduceProgram::combine(int rank, double bytes) {
  if (computes_) calls_.compute(rank, bytes);
}

Plan MpiReduceProgram::plan() const {
  // The rank program's costs are bytes of user data (SMPI's detached threshold compares those);
  // the run's are shares of one drawn message or ⊕, a message's with SMPI's envelope. Same
  // operations, same dependencies, in the same order.
  const Plan bytes = calls_.plan();
  std::vector<std::vector<int>> after(bytes.size());
  for (std::size_t i = 0; i < bytes.size(); ++i)
    for (int next : bytes.dependents(static_cast<int>(i))) after[next].push_back(static_cast<int>(i));
  Plan drawn;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    PlanOp op = bytes.op(static_cast<int>(i));
    const double moved = op.kind == ActivityKind::comm ? op.cost + kSmpiEnvelopeBytes : op.cost;
    op.share = moved / count_;
    op.cost = PlanOp::kDrawn;
    drawn.add(op, after[i]);
  }
  return drawn;
}

std::string mpi_segment_limit(const ReduceAlgorithm& row, double bytes, double segment, int ranks) {
  if (segment <= 0 || !row.honours_segment()) return "";
  const std::string given = "key 'segment' = " + format_number(segment) + ": ";
  const double count = std::max(1.0, nearest_whole(bytes));
  const double segments = segment < count ? std::ceil(count / segment) : 1;
  const double most = std::floor(kMostMpiMessages / ranks);  // segments per rank
  if (segments <= most) return "";
  return given + row.name() + " would send " + format_number(segments * ranks) + " messages (" +
         format_number(count) + " bytes in segments, " + std::to_string(ranks) + " ranks; at most " +
         format_number(kMostMpiMessages) + "); give segment >= " + format_number(std::ceil(count / most)) +
         ", or 0";
}

void ompi_reduce_generic(MpiReduceProgram& program, const MpiTree& tree, const std::vector<double>& segments) {
  RankProgram& calls = program.calls();
  const int segment_count = static_cast<int>(segments.size());
  for (int me = 0; me < program.ranks(); ++me) {
    const std::vector<int>& children = tree.children[me];
    const int parent = tree.parent[me];
    if (children.empty()) {  // a leaf: blocking sends, segment by segment (max_requests = 0)
      if (parent >= 0)
        for (double size : segments) calls.send(me, parent, size);
      continue;
    }
    // Double buffering: the receive just posted, and the one posted before it, waited for now.
    int previous = -1;
    for (int s = 0; s <= segment_count; ++s) {
      for (std::size_t i = 0; i < children.size(); ++i) {
        const int posted = s < segment_count ? calls.irecv(me, children[i], segments[s]) : -1;
        if (previous >= 0) calls.wait(me, previous);
        previous = posted;
        if (i > 0) {
          program.combine(me, segments[s]);  // child i-1's segment s (at i = 1, the own data)
        } else if (s > 0) {
          program.combine(me, segments[s - 1]);  // the last child's (or the own) segment s-1
          if (me != tree.root) calls.send(me, parent, segments[s - 1]);
          if (s == segment_count) break;
        }
      }
    }
  }
}

void ompi_reduce_linear(MpiReduceProgram& program, int root) {
  RankProgram& calls = program.calls();
  const int last = program.ranks() - 1;
  const double count = program.count();
  for (int me = 0; me <= last; ++me)
    if (me != root) calls.send(me, root, count);
  // The root starts from rank p-1's data (its own if it is p-1), then combines p-2 down to 0.
  if (root != last) calls.recv(root, last, count);
  for (int i = last - 1; i >= 0; --i) {
    if (i != root) calls.recv(root, i, count);
    program.combine(root, count);
  }
}

void ompi_reduce_in_order_binary(MpiReduceProgram& program, int root, const std::vector<double>& segments) {
  const int io_root = program.ranks() - 1;
  ompi_reduce_generic(program, ompi_in_order_binary_tree(program.ranks()), segments);
  if (root != io_root) {
    program.calls().send(io_root, root, program.count());
    program.calls().recv(root, io_root, program.count());
  }
}

void mpich_reduce_binomial(MpiReduceProgram& program, int root) {
  RankProgram& calls = program.calls();
  const int p = program.ranks();
  const double count = program.count();
  for (int me = 0; me < p; ++me) {
    const int v = (me - root + p) % p;
    for (long long mask = 1; mask < p; mask <<= 1) {
      if ((v & mask) == 0) {
        const long long source = v | mask;
        if (source < p) {
          calls.recv(me, static_cast<int>((source + root) % p), count);
          program.combine(me, count);
        }
      } else {
        calls.send(me, static_cast<int>(((v & ~mask) + root) % p), count);
        break;
      }
    }
  }
}

MpiReduceInput mpi_reduce_input(const ReduceSetup& setup) {
  reduction_draws(setup);
  MpiReduceInput input;
  input.ranks = setup.processors;
  input.root = setup.root == kAnyRoot ? 0 : setup.root;
  input.count = std::max(1.0, nearest_whole(setup.costs->params().comm_mean * setup.scale.bytes_per_unit));
  input.segment = setup.segment;
  return input;
}

std::unique_ptr<Policy> mpi_reduce_policy(const ReduceSetup& setup, MpiReduceWriter write) {
  CostDraws* draws = reduction_draws(setup);
  auto planner = [input = mpi_reduce_input(setup), computes = setup.costs->computes(), write] {
    MpiReduceProgram program(input.ranks, input.count, computes);
    write(program, input);
    return program.plan();
  };
  return std::make_unique<PlannedPolicy>(planner, &kOneInstance, setup.scale, draws);
}

}  // namespace hetcoll

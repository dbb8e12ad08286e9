// The MPI libraries' broadcasts as programs of ranks: Open MPI 4.1.8
// (ompi/mca/coll/base/coll_base_bcast.c) and MPICH 4.2.3 (src/mpi/coll/bcast/*.c), each rank's
// posts and waits in the order the library's code issues them. Sizes are bytes (MPI_BYTE).
#include "algorithms/broadcast/support/mpi_bcast_program.hpp"

#include <algorithm>
#include <cmath>

namespace hetcoll {
namespace {

/// The relative rank of `rank` (MPI's (rank − root) mod p) and back.
int relative(const MpiBroadcast& b, int rank) { return (rank - b.root + b.ranks) % b.ranks; }
int absolute(const MpiBroadcast& b, int v) { return (v + b.root) % b.ranks; }

/// MPICH's block of relative rank v: ⌈n / p⌉ bytes, the last ones shorter or empty.
double scatter_block(const MpiBroadcast& b) { return std::ceil(b.message / b.ranks); }
double block_bytes(const MpiBroadcast& b, long long v) {
  return std::clamp(b.message - static_cast<double>(v) * scatter_block(b), 0.0, scatter_block(b));
}

/// MPICH's MPII_Scatter_for_bcast: the binomial scatter of the blocks, farthest child first,
/// blocking sends and receives; a rank receives what its parent still holds for its subtree.
void add_scatter(RankProgram& program, const MpiBroadcast& b) {
  const int p = b.ranks;
  const double block = scatter_block(b);
  std::vector<double> held(p, 0);  // bytes each relative rank holds once its receive is done
  held[0] = b.message;
  for (int v = 0; v < p; ++v) {
    const int me = absolute(b, v);
    long long mask = 1;
    while (mask < p && (v & mask) == 0) mask <<= 1;
    if (v != 0) {
      const double room = b.message - static_cast<double>(v) * block;
      if (room > 0) program.recv(me, absolute(b, static_cast<int>(v - mask)), mpi_message(room));
    }
    for (mask >>= 1; mask > 0; mask >>= 1) {
      if (v + mask >= p) continue;
      const double send = held[v] - block * static_cast<double>(mask);
      if (send <= 0) continue;
      program.send(me, absolute(b, static_cast<int>(v + mask)), mpi_message(send));
      held[v + mask] = send;
      held[v] -= send;
    }
  }
}

}  // namespace

RankProgram mpi_program(const MpiBroadcast& b) {
  return RankProgram(b.ranks, kSmpiDetachedBelowBytes + kSmpiEnvelopeBytes);
}

double mpi_message(double bytes) { return bytes + kSmpiEnvelopeBytes; }

void add_tree_pipeline(RankProgram& program, const MpiTree& tree, const std::vector<double>& segments) {
  const int S = static_cast<int>(segments.size());
  for (int me = 0; me < program.ranks(); ++me) {
    const std::vector<int>& children = tree.children[me];
    auto forward = [&](int s) {
      std::vector<RankProgram::Request> sends;
      for (int child : children) sends.push_back(program.isend(me, child, mpi_message(segments[s])));
      program.waitall(me, sends);
    };
    const int parent = tree.parent[me];
    if (parent < 0) {
      for (int s = 0; s < S; ++s) forward(s);
      continue;
    }
    // Two receives posted at a time: the next segment's before waiting for the current one.
    RankProgram::Request current = program.irecv(me, parent, mpi_message(segments[0]));
    for (int s = 1; s < S; ++s) {
      const RankProgram::Request next = program.irecv(me, parent, mpi_message(segments[s]));
      program.wait(me, current);
      if (!children.empty()) forward(s - 1);
      current = next;
    }
    program.wait(me, current);
    if (!children.empty()) forward(S - 1);
  }
}

void add_linear(RankProgram& program, const MpiBroadcast& b) {
  std::vector<RankProgram::Request> sends;
  for (int rank = 0; rank < b.ranks; ++rank)
    if (rank != b.root) {
      sends.push_back(program.isend(b.root, rank, mpi_message(b.message)));
      program.recv(rank, b.root, mpi_message(b.message));
    }
  program.waitall(b.root, sends);
}

void add_split_binary(RankProgram& program, const MpiBroadcast& b, double segment) {
  const int p = b.ranks;
  if (p == 1) return;
  const double half[2] = {std::ceil(b.message / 2), b.message - std::ceil(b.message / 2)};
  if (half[0] == 0 || half[1] == 0 || segment > half[0] || segment > half[1]) {
    // The library's fallback: chain with fanout 1 (the pipeline), same segment size.
    add_tree_pipeline(program, ompi_chain_tree(1, p, b.root), ompi_segments(b.message, segment));
    return;
  }
  const MpiTree tree = ompi_kary_tree(2, p, b.root);
  std::vector<double> segments[2];
  for (int i = 0; i < 2; ++i)
    segments[i] = segment > 0 ? ompi_segments(half[i], std::max(segment, 1.0)) : std::vector<double>{half[i]};
  // Phase 1: each half down its subtree (odd relative ranks the left one, half 0).
  for (int me = 0; me < p; ++me) {
    const std::vector<int>& children = tree.children[me];
    if (me == b.root) {
      for (std::size_t s = 0; s < segments[0].size(); ++s)
        for (std::size_t i = 0; i < children.size(); ++i)
          if (s < segments[i].size()) program.send(me, children[i], mpi_message(segments[i][s]));
      continue;
    }
    const std::vector<double>& mine = segments[(relative(b, me) + 1) % 2];
    const int parent = tree.parent[me];
    if (children.empty()) {
      for (double bytes : mine) program.recv(me, parent, mpi_message(bytes));
      continue;
    }
    RankProgram::Request current = program.irecv(me, parent, mpi_message(mine[0]));
    for (std::size_t s = 1; s < mine.size(); ++s) {
      const RankProgram::Request next = program.irecv(me, parent, mpi_message(mine[s]));
      program.wait(me, current);
      for (int child : children) program.send(me, child, mpi_message(mine[s - 1]));
      current = next;
    }
    program.wait(me, current);
    for (int child : children) program.send(me, child, mpi_message(mine.back()));
  }
  // Phase 2: every rank swaps its half, whole, with its pair in the other subtree; with p even
  // the last relative rank has no pair and takes half 1 from the root.
  const int last = absolute(b, p - 1);
  for (int me = 0; me < p; ++me) {
    if (me == b.root) {
      if (p % 2 == 0) program.send(me, last, mpi_message(half[1]));
      continue;
    }
    if (p % 2 == 0 && me == last) {
      program.recv(me, b.root, mpi_message(half[1]));
      continue;
    }
    const int lr = (relative(b, me) + 1) % 2;
    const int pair = lr == 0 ? (me + 1) % p : (me - 1 + p) % p;
    program.sendrecv(me, pair, mpi_message(half[lr]), pair, mpi_message(half[1 - lr]));
  }
}

void add_mpich_binomial(RankProgram& program, const MpiBroadcast& b) {
  const MpiTree tree = mpich_binomial_tree(b.ranks, b.root);
  for (int me = 0; me < b.ranks; ++me) {
    if (tree.parent[me] >= 0) program.recv(me, tree.parent[me], mpi_message(b.message));
    for (int child : tree.children[me]) program.send(me, child, mpi_message(b.message));
  }
}

void add_scatter_ring_allgather(RankProgram& program, const MpiBroadcast& b) {
  const int p = b.ranks;
  if (p == 1) return;
  add_scatter(program, b);
  for (int me = 0; me < p; ++me) {
    const int left = (me - 1 + p) % p, right = (me + 1) % p;
    for (int i = 1, j = me, next = left; i < p; ++i) {
      program.sendrecv(me, right, mpi_message(block_bytes(b, relative(b, j))), left,
                       mpi_message(block_bytes(b, relative(b, next))));
      j = next;
      next = (next - 1 + p) % p;
    }
  }
}

void add_scatter_rd_allgather(RankProgram& program, const MpiBroadcast& b) {
  const int p = b.ranks;
  if (p == 1) return;
  add_scatter(program, b);
  const double block = scatter_block(b);
  // Each relative rank's bytes held (MPICH's curr_size) and last received (recv_size), moved
  // in lockstep: a step's sizes depend only on the previous step's.
  std::vector<double> held(p), received(p, 0);
  for (int v = 0; v < p; ++v) held[v] = block_bytes(b, v);
  for (long long mask = 1, i = 0; mask < p; mask <<= 1, ++i) {
    const std::vector<double> before = held;
    for (int v = 0; v < p; ++v) {
      const long long partner = v ^ mask;
      if (partner >= p) continue;
      const double room = std::max(0.0, b.message - static_cast<double>((partner >> i) << i) * block);
      program.sendrecv(absolute(b, v), absolute(b, static_cast<int>(partner)), mpi_message(before[v]),
                       absolute(b, static_cast<int>(partner)), mpi_message(room));
      received[v] = before[partner];
      held[v] += received[v];
    }
    // The fix-up: where a subtree had no partner (p not a power of two), the ranks holding the
    // data forward it, halving distances, to those that do not.
    int k = 0;
    for (long long j = mask; j > 0; j >>= 1) ++k;
    --k;
    for (long long step = mask >> 1; step > 0; step >>= 1, --k) {
      const std::vector<double> sent = received;
      for (int v = 0; v < p; ++v) {
        const long long my_root = (static_cast<long long>(v) >> i) << i;
        const long long partner_root = ((v ^ mask) >> i) << i;
        if (partner_root + mask <= p) continue;
        const long long completed = p - my_root - mask;
        const long long tree_root = (static_cast<long long>(v) >> k) << k;
        const long long dst = v ^ step;
        const double offset = block * static_cast<double>(my_root + mask);
        if (dst > v && v < tree_root + completed && dst >= tree_root + completed) {
          program.send(absolute(b, v), absolute(b, static_cast<int>(dst)), mpi_message(sent[v]));
        } else if (dst < v && dst < tree_root + completed && v >= tree_root + completed) {
          program.recv(absolute(b, v), absolute(b, static_cast<int>(dst)),
                       mpi_message(std::max(0.0, b.message - offset)));
          received[v] = sent[dst];
          held[v] += received[v];
        }
      }
    }
  }
}

const char* mpi_bcast_name(MpiBcastAlgorithm algorithm) {
  switch (algorithm) {
    case MpiBcastAlgorithm::linear: return "mpi-linear";
    case MpiBcastAlgorithm::chain: return "mpi-chain";
    case MpiBcastAlgorithm::pipeline: return "mpi-pipeline";
    case MpiBcastAlgorithm::split_binary: return "mpi-split-binary";
    case MpiBcastAlgorithm::binary: return "mpi-binary";
    case MpiBcastAlgorithm::binomial: return "mpi-binomial";
    case MpiBcastAlgorithm::knomial: return "mpi-knomial";
    case MpiBcastAlgorithm::scatter_rd_allgather: return "mpi-scatter-rd-allgather";
    case MpiBcastAlgorithm::scatter_ring_allgather: return "mpi-scatter-ring-allgather";
    case MpiBcastAlgorithm::mpich_binomial: return "mpich-binomial";
  }
  return "";
}

double add_mpi_bcast(RankProgram& program, const MpiBroadcast& b, MpiBcastAlgorithm algorithm, double segment,
                     int radix) {
  const std::vector<double> segments = ompi_segments(b.message, segment);
  const double cut = segments.size() > 1 ? segment : 0;
  switch (algorithm) {
    case MpiBcastAlgorithm::linear: add_linear(program, b); return 0;
    case MpiBcastAlgorithm::chain:
      add_tree_pipeline(program, ompi_chain_tree(kOmpiChainFanout, b.ranks, b.root), segments);
      return cut;
    case MpiBcastAlgorithm::pipeline:
      add_tree_pipeline(program, ompi_chain_tree(1, b.ranks, b.root), segments);
      return cut;
    case MpiBcastAlgorithm::split_binary: add_split_binary(program, b, segment); return segment;
    case MpiBcastAlgorithm::binary:
      add_tree_pipeline(program, ompi_kary_tree(2, b.ranks, b.root), segments);
      return cut;
    case MpiBcastAlgorithm::binomial:
      add_tree_pipeline(program, ompi_binomial_tree(b.ranks, b.root), segments);
      return cut;
    case MpiBcastAlgorithm::knomial:
      add_tree_pipeline(program, ompi_knomial_tree(radix, b.ranks, b.root), segments);
      return cut;
    case MpiBcastAlgorithm::scatter_rd_allgather: add_scatter_rd_allgather(program, b); return 0;
    case MpiBcastAlgorithm::scatter_ring_allgather: add_scatter_ring_allgather(program, b); return 0;
    case MpiBcastAlgorithm::mpich_binomial: add_mpich_binomial(program, b); return 0;
  }
  return 0;
}

}  // namespace hetcoll

#!/usr/bin/env python3
"""Collective schedules as GOAL files (LogGOPSim's format), for the family `schedule`.

usage: scripts/goal_schedules.py PATTERN RANKS [--size BYTES] [--calc TIME] [--output FILE]

PATTERN is one of binomial-bcast, binary-bcast, binomial-reduce, binary-reduce,
dissemination-barrier, ring-allreduce, recursive-doubling-allreduce, for any number of ranks;
the root of the trees is rank 0. --size is the bytes of each message (the whole vector; the
ring cuts it into RANKS chunks), --calc the time of the reduction's operation on each received
message (reductions only; seconds with the family's default calc-unit). The file goes to
standard output or, written whole or not at all, to --output. docs/schedule.md, "Shipped
schedules", gives each pattern, what it does for any rank count and its makespan on the ideal
cluster, which test/cli/goal_schedules.sh checks.
"""
import argparse
import os
import sys
import tempfile


class Rank:
    """One rank's block: its operations, labelled l0, l1, ... in order, and their dependencies."""

    def __init__(self):
        self.lines = []
        self.count = 0

    def op(self, text, *after):
        """Adds `text` (send, recv or calc) after the operations `after` (labels or None); returns its label."""
        label = "l%d" % self.count
        self.count += 1
        self.lines.append("%s: %s" % (label, text))
        for before in after:
            if before is not None:
                self.lines.append("%s requires %s" % (label, before))
        return label

    def send(self, size, to, *after):
        return self.op("send %db to %d" % (size, to), *after)

    def recv(self, size, source, *after):
        return self.op("recv %db from %d" % (size, source), *after)

    def calc(self, time, *after):
        return self.op("calc %s" % time, *after)


def binomial_parent(r):
    """r's parent in the binomial tree rooted at 0 (MPICH's): r without its lowest set bit."""
    return r & (r - 1)


def binomial_children(r, p):
    """The children of r in the binomial tree of p ranks rooted at 0, r + 2^k for 2^k below r's
    lowest set bit (any k for the root), smallest subtree first."""
    top = (r & -r).bit_length() - 1 if r else p.bit_length()
    return [r + (1 << k) for k in range(top) if r + (1 << k) < p]


def binary_children(r, p):
    """The children of r in the binary tree of p ranks in heap order (2r + 1, 2r + 2)."""
    return [c for c in (2 * r + 1, 2 * r + 2) if c < p]


def binomial_bcast(r, p, size, calc):
    rank = Rank()
    last = rank.recv(size, binomial_parent(r)) if r else None
    for child in reversed(binomial_children(r, p)):  # largest subtree first: round order
        last = rank.send(size, child, last)
    return rank


def binary_bcast(r, p, size, calc):
    rank = Rank()
    last = rank.recv(size, (r - 1) // 2) if r else None
    for child in binary_children(r, p):
        last = rank.send(size, child, last)
    return rank


def tree_reduce(r, p, size, calc, children, parent):
    """Receive each child's partial result in turn, combine it (calc), then send to the parent."""
    rank = Rank()
    last = None
    for child in children:
        received = rank.recv(size, child, last)
        last = rank.calc(calc, received)
    if r:
        rank.send(size, parent, last)
    return rank


def binomial_reduce(r, p, size, calc):
    return tree_reduce(r, p, size, calc, binomial_children(r, p), binomial_parent(r) if r else None)


def binary_reduce(r, p, size, calc):
    return tree_reduce(r, p, size, calc, binary_children(r, p), (r - 1) // 2)


def dissemination_barrier(r, p, size, calc):
    """Round k: send to r + 2^k and receive from r - 2^k (mod p), both once round k - 1 is over."""
    rank = Rank()
    previous = (None, None)
    k = 0
    while (1 << k) < p:
        step = 1 << k
        sent = rank.send(size, (r + step) % p, *previous)
        received = rank.recv(size, (r - step) % p, *previous)
        previous = (sent, received)
        k += 1
    return rank


def chunk(size, p, j):
    """Bytes of chunk j of p: whole bytes summing to size, all equal when p divides size."""
    return size * (j + 1) // p - size * j // p


def ring_allreduce(r, p, size, calc):
    """Reduce-scatter then allgather around the ring, p - 1 steps each: at step s rank r sends a
    chunk to r + 1 and receives one from r - 1 at once, combining it in the first phase."""
    rank = Rank()
    right, left = (r + 1) % p, (r - 1) % p
    previous = (None, None)
    for s in range(p - 1):
        sent = rank.send(chunk(size, p, (r - s) % p), right, *previous)
        received = rank.recv(chunk(size, p, (r - s - 1) % p), left, *previous)
        previous = (sent, rank.calc(calc, received))
    for s in range(p - 1):
        sent = rank.send(chunk(size, p, (r + 1 - s) % p), right, *previous)
        received = rank.recv(chunk(size, p, (r - s) % p), left, *previous)
        previous = (sent, received)
    return rank


def recursive_doubling_allreduce(r, p, size, calc):
    """Exchange the whole vector with r XOR 2^k and combine, log2 p rounds; for p not a power of
    two, MPICH's fix-up: of the first 2 * rem ranks (rem = p - p', p' the largest power of two
    below p) each even rank first hands its vector to the next odd one and gets the result back
    at the end, and the p' others run the rounds."""
    rank = Rank()
    low = 1 << (p.bit_length() - 1)  # p'
    rem = p - low
    if r < 2 * rem and r % 2 == 0:  # folded into r + 1
        sent = rank.send(size, r + 1)
        rank.recv(size, r + 1, sent)
        return rank
    last = None
    if r < 2 * rem:
        last = rank.calc(calc, rank.recv(size, r - 1))
    new = r // 2 if r < 2 * rem else r - rem

    def actual(n):
        return 2 * n + 1 if n < rem else n + rem

    mask = 1
    while mask < low:
        partner = actual(new ^ mask)
        sent = rank.send(size, partner, last)
        received = rank.recv(size, partner, last)
        last = rank.calc(calc, sent, received)
        mask <<= 1
    if r < 2 * rem:
        rank.send(size, r - 1, last)
    return rank


PATTERNS = {
    "binomial-bcast": binomial_bcast,
    "binary-bcast": binary_bcast,
    "binomial-reduce": binomial_reduce,
    "binary-reduce": binary_reduce,
    "dissemination-barrier": dissemination_barrier,
    "ring-allreduce": ring_allreduce,
    "recursive-doubling-allreduce": recursive_doubling_allreduce,
}
REDUCTIONS = {"binomial-reduce", "binary-reduce", "ring-allreduce", "recursive-doubling-allreduce"}
PROGRESS_FROM = 1 << 17  # ranks; fewer take under a second


def write(out, pattern, p, size, calc, progress):
    out.write("// %s of %d ranks, %d bytes%s (scripts/goal_schedules.py)\n" %
              (pattern, p, size, ", calc %s" % calc if pattern in REDUCTIONS else ""))
    out.write("num_ranks %d\n" % p)
    make = PATTERNS[pattern]
    for r in range(p):
        lines = make(r, p, size, calc).lines
        if lines:
            out.write("rank %d {\n%s\n}\n" % (r, "\n".join(lines)))
        if progress and ((r + 1) % (p // 10) == 0 or r + 1 == p):
            print("goal_schedules.py: %d of %d ranks" % (r + 1, p), file=sys.stderr)


def non_negative_int(text):
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("expected a whole number >= 0, got %s" % text)
    return value


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("pattern", choices=sorted(PATTERNS))
    parser.add_argument("ranks", type=non_negative_int, help="number of ranks, at least 1")
    parser.add_argument("--size", type=non_negative_int, default=8, help="bytes of a message (default 8)")
    parser.add_argument("--calc", default="0", help="time of one combination, reductions only (default 0)")
    parser.add_argument("--output", help="the GOAL file (default: standard output)")
    args = parser.parse_args(argv)
    if args.ranks < 1:
        parser.error("ranks: expected at least 1, got %d" % args.ranks)
    try:
        if not float(args.calc) >= 0:
            raise ValueError
    except ValueError:
        parser.error("--calc: expected a time >= 0, got %s" % args.calc)
    if args.calc != "0" and args.pattern not in REDUCTIONS:
        parser.error("--calc: %s combines nothing (only %s do)" % (args.pattern, ", ".join(sorted(REDUCTIONS))))
    progress = args.ranks >= PROGRESS_FROM
    if args.output is None:
        write(sys.stdout, args.pattern, args.ranks, args.size, args.calc, progress)
        return 0
    directory = os.path.dirname(os.path.abspath(args.output))
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=os.path.basename(args.output) + ".tmp.")
    try:
        with os.fdopen(handle, "w") as out:
            write(out, args.pattern, args.ranks, args.size, args.calc, progress)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)  # mkstemp's 0600 would outlive the rename
        os.replace(temporary, args.output)
    except BaseException:
        os.unlink(temporary)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Per-replication paired metrics of an uncertainty study, from its raw CSV (hetcoll run --raw).

usage: scripts/paired.py RAW.csv [--higher-is-better] [--variant COLUMN] [--exclude ALGORITHM ...]
                          [--output OUT.csv]

For every algorithm and CV (and value of the variant column, e.g. redistribute's asynchronous),
two ratios per replication, summarised as mean, q10, q50 and q90 over the replications:
  to_best     value / the best value of the same replication (lowest, or highest with
              --higher-is-better, e.g. divisible's throughput), over the algorithms of the file;
  to_nominal  value / the same algorithm's value at CV = 0 in the same replication: the cost of
              uncertainty on the same instance (divisible, redistribute and broadcast leave cv
              out of the seed; for reduce, whose seeds include cv, the column is left empty).
--exclude leaves out rows that are no schedule (redistribute's lower-bound). Every column before
`replication` but `cv` and the variant must hold one value. Writes a tidy CSV
(stdout by default). Exit status 2 with one line naming the file on bad input.
The command line over hetcoll.paired (docs/python.md), which computes the same from a DataFrame.
"""
import argparse
import csv
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
import hetcoll  # noqa: E402
from hetcoll.figures import PlotError, common as pc  # noqa: E402


def cell(value):
    """A number in shortest round-trip form, an empty cell for none."""
    if isinstance(value, str):
        return value
    return "" if value != value else repr(float(value))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("raw")
    parser.add_argument("--higher-is-better", action="store_true")
    parser.add_argument("--variant")
    parser.add_argument("--exclude", nargs="+", default=[])
    parser.add_argument("--output")
    args = parser.parse_args()
    if args.output:
        pc.refuse_input_as_output(args.output, [args.raw])
    table = hetcoll.paired(pc.read_csv(args.raw), higher_is_better=args.higher_is_better,
                           variant=args.variant, exclude=args.exclude)
    rows = [list(table.columns)] + [[cell(value) for value in row] for row in table.itertuples(index=False)]
    if not args.output:
        csv.writer(sys.stdout).writerows(rows)
        return
    # Written under a temporary name and renamed: a failed write leaves no half file.
    part = args.output + ".part"
    try:
        with open(part, "w", newline="") as out:
            csv.writer(out).writerows(rows)
        os.replace(part, args.output)
    except OSError as error:
        if os.path.exists(part):
            os.remove(part)
        raise PlotError(args.output, f"cannot write the CSV ({error.strerror})") from None


if __name__ == "__main__":
    pc.run(main)

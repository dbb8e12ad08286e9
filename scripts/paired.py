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
"""
import argparse
import csv
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
from hetcoll_plots import PlotError, common as pc  # noqa: E402
from hetcoll_plots import uncertainty  # noqa: E402

QUANTILES = (0.1, 0.5, 0.9)
STATISTICS = ("mean",) + QUANTILES
NAMES = ("mean", "q10", "q50", "q90")


def summarise(table, algorithm, cv):
    """The statistics of one (algorithm, cv) of `table` as text, or empty cells without ratios."""
    if (algorithm, cv) not in table.index:
        return ["" for _ in STATISTICS]
    return [repr(float(table.loc[(algorithm, cv), name])) for name in STATISTICS]


def paired_rows(frame, higher_better, variant=None, exclude=()):
    columns = uncertainty.parameter_columns(frame, "replication")
    rows = [r for r in pc.records(frame, uncertainty.RAW, uncertainty.RAW_NUMERIC) if r["algorithm"] not in exclude]
    if not rows:
        raise PlotError(pc.source(frame), "no data rows")
    uncertainty.one_study(rows, columns, pc.source(frame), variant)
    # The reduce family's layout (its cluster columns): its seeds include cv, so CV 0 is another
    # cluster, not the same instance.
    family_reduce = "cluster_cv" in frame.columns
    variants = sorted({float(r[variant]) for r in rows}) if variant else [None]
    out = []
    for v in variants:
        subset = [r for r in rows if v is None or float(r[variant]) == v]
        values = uncertainty.per_replication(subset, pc.source(frame))
        algorithms = sorted(values["algorithm"].unique())
        cvs = sorted(values["cv"].unique())
        best = uncertainty.statistics(uncertainty.to_best(values, algorithms, higher_better), QUANTILES)
        nominal = (uncertainty.statistics(uncertainty.to_nominal(values), QUANTILES)
                   if not family_reduce and 0.0 in cvs else best.iloc[0:0])
        for cv in cvs:
            for a in algorithms:
                out.append([a, repr(float(cv))] + ([repr(v)] if variant else []) +
                           summarise(best, a, cv) + summarise(nominal, a, cv))
    header = ["algorithm", "cv"] + ([variant] if variant else []) + \
        [f"to_best_{name}" for name in NAMES] + [f"to_nominal_{name}" for name in NAMES]
    return header, out


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
    header, rows = paired_rows(pc.read_csv(args.raw), args.higher_is_better, args.variant, args.exclude)
    if not args.output:
        csv.writer(sys.stdout).writerows([header] + rows)
        return
    # Written under a temporary name and renamed: a failed write leaves no half file.
    part = args.output + ".part"
    try:
        with open(part, "w", newline="") as out:
            csv.writer(out).writerows([header] + rows)
        os.replace(part, args.output)
    except OSError as error:
        if os.path.exists(part):
            os.remove(part)
        raise PlotError(args.output, f"cannot write the CSV ({error.strerror})") from None


if __name__ == "__main__":
    pc.run(main)

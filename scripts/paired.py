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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetcoll_plots import PlotError, common as pc  # noqa: E402
from hetcoll_plots import uncertainty  # noqa: E402

STATISTICS = (("mean", None), ("q10", 0.1), ("q50", 0.5), ("q90", 0.9))


def summarise(values):
    if not values:
        return ["" for _ in STATISTICS]
    return [repr(sum(values) / len(values)) if q is None else repr(uncertainty.quantile(values, q))
            for _, q in STATISTICS]


def paired_rows(table, higher_better, variant=None, exclude=()):
    columns = uncertainty.parameter_columns(table, "replication")
    rows = [r for r in pc.table_rows(table, uncertainty.RAW, uncertainty.RAW_NUMERIC) if r["algorithm"] not in exclude]
    if not rows:
        raise PlotError(table.source, "no data rows")
    uncertainty.one_study(rows, columns, table.source, variant)
    # The reduce family's layout (its cluster columns): its seeds include cv, so CV 0 is another
    # cluster, not the same instance.
    family_reduce = "cluster_cv" in table.header
    variants = sorted({float(r[variant]) for r in rows}) if variant else [None]
    out = []
    for v in variants:
        subset = [r for r in rows if v is None or float(r[variant]) == v]
        values = uncertainty.per_replication(subset, table.source)
        algorithms = sorted({r["algorithm"] for r in subset})
        cvs = pc.distinct(subset, "cv")
        best = uncertainty.to_best(values, algorithms, cvs, higher_better)
        nominal = {} if family_reduce or 0.0 not in cvs else uncertainty.to_nominal(values, algorithms, cvs)
        for cv in cvs:
            for a in algorithms:
                out.append([a, repr(cv)] + ([repr(v)] if variant else []) +
                           summarise(best.get((a, cv), [])) + summarise(nominal.get((a, cv), [])))
    header = ["algorithm", "cv"] + ([variant] if variant else []) + \
        [f"to_best_{name}" for name, _ in STATISTICS] + [f"to_nominal_{name}" for name, _ in STATISTICS]
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
    header, rows = paired_rows(pc.read_table(args.raw), args.higher_is_better, args.variant, args.exclude)
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

#!/usr/bin/env python3
"""Checks the claims of the papers against the CSVs of a run: every value computed, none typed.

usage: scripts/claims.py RESULTS_DIR [--claims DIR] [--output CLAIMS.csv]

Each file `scenarios/claims/PAPER.toml` lists a paper's claims, one `[[claim]]` table each:

  id          short name, unique within the paper
  where       the paper's section, figure, table or theorem
  statement   the claim in one sentence
  paper       the paper's value: a number, or true for a statement that holds or not
  value       a Python expression over the run's CSVs giving hetcoll's value (functions below)
  tolerance   for a number: |hetcoll − paper| within it holds; a number or an expression (a
              few standard errors of the run, say); 0 by default
  expected    `holds`, or `differs` when the paper is wrong or imprecise ...
  reason      ... and why, with the evidence (required for `differs`)

Functions of `value` and `tolerance` (NAME: a CSV of RESULTS_DIR without `.csv`; WHERE: a pandas
query over its columns, e.g. "algorithm == 'snf' and cv == 1"):
  table(NAME, WHERE=None)            the rows, a DataFrame
  at(NAME, WHERE, COLUMN='mean')     the one row's value; more or fewer rows is an error
  pivot(NAME, INDEX, COLUMN='mean', WHERE=None)
                                     one column per algorithm, one row per value of INDEX
  best(NAME, INDEX, COLUMN='mean', WHERE=None)
                                     the algorithm of least COLUMN per value of INDEX (a list of
                                     columns gives a MultiIndex), a Series
  crossing(SERIES, LEVEL=1)          where a Series over a positive axis (the CV, say) first rises
                                     through LEVEL, interpolated in log(axis)
  harmonic(N)                        1 + 1/2 + ... + 1/N
  and abs, min, max, all, any, len, sum, sqrt, math.

Writes CLAIMS.csv (default RESULTS_DIR/claims.csv) with the columns paper, id, where,
statement, paper_value, hetcoll_value, tolerance, verdict, expected, reason, and exits with
status 1 when a verdict is not the expected one (status 2 for a claim that cannot be computed:
a missing CSV, a bad expression).
"""
import argparse
import csv
import math
import os
import sys
import tomllib

import pandas

EXIT_UNEXPECTED = 1
EXIT_BAD_INPUT = 2
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CLAIMS = os.path.join(HERE, "..", "scenarios", "claims")
COLUMNS = ["paper", "id", "where", "statement", "paper_value", "hetcoll_value", "tolerance", "verdict",
           "expected", "reason"]


class ClaimError(Exception):
    """A claim that cannot be computed: reported as one line naming the file and the claim."""


class Results:
    """The CSVs of one run, read once each."""

    def __init__(self, directory):
        self.directory = directory
        self.frames = {}

    def frame(self, name):
        if name not in self.frames:
            path = os.path.join(self.directory, name + ".csv")
            if not os.path.isfile(path):
                raise ClaimError(f"{path}: no such CSV (was its scenario run?)")
            self.frames[name] = pandas.read_csv(path)
        return self.frames[name]

    def table(self, name, where=None):
        frame = self.frame(name)
        return frame.query(where) if where else frame

    def at(self, name, where, column="mean"):
        rows = self.table(name, where)
        if len(rows) != 1:
            raise ClaimError(f"{name}.csv: {len(rows)} rows where {where}, expected one")
        if column not in rows.columns:
            raise ClaimError(f"{name}.csv: no column '{column}'")
        return float(rows[column].iloc[0])

    def pivot(self, name, index, column="mean", where=None):
        rows = self.table(name, where)
        return rows.pivot_table(index=index, columns="algorithm", values=column, aggfunc="first")

    def best(self, name, index, column="mean", where=None):
        return self.pivot(name, index, column, where).idxmin(axis=1)

    def namespace(self):
        return {"table": self.table, "at": self.at, "pivot": self.pivot, "best": self.best, "crossing": crossing,
                "harmonic": lambda n: sum(1.0 / k for k in range(1, int(n) + 1)),
                "abs": abs, "bool": bool, "float": float, "min": min, "max": max, "all": all, "any": any, "len": len, "sum": sum,
                "sqrt": math.sqrt, "math": math, "__builtins__": {}}


def crossing(series, level=1.0):
    """Where `series` (a pandas Series over a positive, increasing axis such as the CV) first
    rises through `level`: interpolated linearly in log(axis) between the last point at or below
    it and the next one above. Points of axis 0 are skipped (no log). A series that never
    crosses is a ClaimError: the claim cannot be judged."""
    points = [(float(x), float(y)) for x, y in series.items() if float(x) > 0]
    for (a, ya), (b, yb) in zip(points, points[1:]):
        if ya <= level < yb:
            t = (level - ya) / (yb - ya)
            return 10 ** (math.log10(a) + t * (math.log10(b) - math.log10(a)))
    raise ClaimError(f"the series never rises through {level:g} (values {[round(y, 4) for _, y in points]})")


def evaluate(expression, results, what):
    try:
        return eval(expression, results.namespace())  # the claims are the project's own files
    except ClaimError as error:
        raise ClaimError(f"{what}: {error}") from None
    except Exception as error:  # a bad expression or column: name the claim
        raise ClaimError(f"{what}: {type(error).__name__}: {error}") from None


def as_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(float(value)) if isinstance(value, (int, float)) else str(value)


def check(paper, claim, results, source):
    what = f"{source}: claim '{claim.get('id', '?')}'"
    for key in ("id", "where", "statement", "paper", "value", "expected"):
        if key not in claim:
            raise ClaimError(f"{what}: no key '{key}'")
    if claim["expected"] not in ("holds", "differs"):
        raise ClaimError(f"{what}: expected must be holds or differs, got '{claim['expected']}'")
    if claim["expected"] == "differs" and not claim.get("reason"):
        raise ClaimError(f"{what}: a claim expected to differ needs its reason")
    value = evaluate(claim["value"], results, what)
    if hasattr(value, "item"):  # numpy scalars
        value = value.item()
    tolerance = claim.get("tolerance", 0)
    if isinstance(tolerance, str):
        tolerance = evaluate(tolerance, results, what + " (tolerance)")
    if isinstance(claim["paper"], bool):
        if not isinstance(value, bool):
            raise ClaimError(f"{what}: the paper's value is true or false, hetcoll's is {value!r}")
        holds = value == claim["paper"]
    else:
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ClaimError(f"{what}: expected a finite number, got {value!r}")
        holds = abs(value - claim["paper"]) <= float(tolerance)
    return {"paper": paper, "id": claim["id"], "where": claim["where"], "statement": claim["statement"],
            "paper_value": as_text(claim["paper"]), "hetcoll_value": as_text(value),
            "tolerance": as_text(float(tolerance)), "verdict": "holds" if holds else "differs",
            "expected": claim["expected"], "reason": claim.get("reason", "")}


def claim_files(directory):
    return sorted(os.path.join(directory, f) for f in os.listdir(directory) if f.endswith(".toml"))


def read_claims(path):
    try:
        with open(path, "rb") as file:
            document = tomllib.load(file)
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise ClaimError(f"{path}: {error}") from None
    paper = os.path.splitext(os.path.basename(path))[0]
    claims = document.get("claim", [])
    ids = [c.get("id") for c in claims]
    if len(set(ids)) != len(ids):
        raise ClaimError(f"{path}: a claim id is used twice")
    return paper, document.get("title", paper), claims


def check_all(results_dir, claims_dir, papers=None):
    """Every claim of every paper (or of `papers`), as rows of claims.csv, in file order."""
    results = Results(results_dir)
    rows = []
    for path in claim_files(claims_dir):
        paper, _, claims = read_claims(path)
        if papers is not None and paper not in papers:
            continue
        rows.extend(check(paper, claim, results, path) for claim in claims)
    return rows


def write_rows(rows, path):
    with open(path + ".part", "w", newline="") as file:
        writer = csv.DictWriter(file, fieldnames=COLUMNS)
        writer.writeheader()
        writer.writerows(rows)
    os.replace(path + ".part", path)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("results", help="directory of the run's CSVs")
    parser.add_argument("--claims", default=DEFAULT_CLAIMS, help="directory of the PAPER.toml files")
    parser.add_argument("--output", help="claims CSV (default RESULTS/claims.csv)")
    args = parser.parse_args()
    try:
        rows = check_all(args.results, args.claims)
    except ClaimError as error:
        print(f"claims.py: error: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    write_rows(rows, args.output or os.path.join(args.results, "claims.csv"))
    unexpected = [r for r in rows if r["verdict"] != r["expected"]]
    for r in unexpected:
        print(f"claims.py: {r['paper']} {r['id']}: {r['verdict']} (expected {r['expected']}): paper "
              f"{r['paper_value']}, hetcoll {r['hetcoll_value']}", file=sys.stderr)
    print(f"claims: {len(rows) - len(unexpected)} passed, {len(unexpected)} failed", file=sys.stderr)
    return EXIT_UNEXPECTED if unexpected else 0


if __name__ == "__main__":
    sys.exit(main())

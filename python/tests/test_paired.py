"""hetcoll.paired against the ratios computed replication by replication in plain Python (the way
scripts/paired.py computed them before it was vectorised), on a real raw file; and
scripts/paired.py, now the command line over it, writes the same numbers."""
import csv
import io
import math
import statistics
import subprocess
import sys
from collections import defaultdict

import pytest

import hetcoll
from conftest import ROOT

CVS = [0, 0.1, 1]


@pytest.fixture(scope="module")
def broadcast():
    """A real raw file: broadcast's uncertainty study, cut down (cv out of its seed, so replication r
    of every CV is the same instance)."""
    return hetcoll.run(ROOT / "scenarios/broadcast-uncertainty.ini", cv=CVS, replications=20, engine="model",
                       raw=True, progress=False)


def loops(raw_rows, higher_is_better=False):
    """{(algorithm, cv): (to_best statistics, to_nominal statistics)} by plain loops over the rows."""
    values = {(row["algorithm"], row["cv"], row["replication"]): row["value"] for row in raw_rows}
    algorithms = sorted({a for a, _, _ in values})
    best_ratios, nominal_ratios = defaultdict(list), defaultdict(list)
    for (algorithm, cv, replication), value in values.items():
        field = [values[(a, cv, replication)] for a in algorithms]
        best = max(field) if higher_is_better else min(field)
        best_ratios[(algorithm, cv)].append(value / best)
        nominal = values.get((algorithm, 0.0, replication))
        if nominal:
            nominal_ratios[(algorithm, cv)].append(value / nominal)

    def summary(ratios):
        deciles = statistics.quantiles(ratios, n=10, method="inclusive")
        return [statistics.fmean(ratios), deciles[0], deciles[4], deciles[8]]

    return {cell: (summary(best_ratios[cell]), summary(nominal_ratios[cell])) for cell in best_ratios}


def test_paired_equals_the_replication_by_replication_ratios(broadcast):
    table = hetcoll.paired(broadcast.raw)
    expected = loops(broadcast.raw.to_dict("records"))
    assert len(table) == len(expected)
    assert list(table.columns[:2]) == ["algorithm", "cv"]
    for row in table.itertuples(index=False):
        best, nominal = expected[(row.algorithm, row.cv)]
        got = list(row)[2:]
        assert got == pytest.approx(best + nominal, rel=1e-12, abs=0)
    # Ordered by cv, then algorithm.
    assert list(zip(table.cv, table.algorithm)) == sorted(zip(table.cv, table.algorithm))


def test_higher_is_better_takes_the_largest_as_best(broadcast):
    table = hetcoll.paired(broadcast.raw, higher_is_better=True)
    expected = loops(broadcast.raw.to_dict("records"), higher_is_better=True)
    for row in table.itertuples(index=False):
        assert row.to_best_mean == pytest.approx(expected[(row.algorithm, row.cv)][0][0], rel=1e-12)
        assert row.to_best_q90 <= 1


def test_the_script_writes_the_same_numbers(broadcast, tmp_path):
    raw = tmp_path / "raw.csv"
    broadcast.raw.to_csv(raw, index=False, float_format=repr)
    out = subprocess.run([sys.executable, str(ROOT / "scripts/paired.py"), str(raw)], capture_output=True,
                         text=True, check=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    table = hetcoll.paired(broadcast.raw)
    assert len(rows) == len(table)
    for row, expected in zip(rows, table.to_dict("records")):
        for column, value in expected.items():
            if isinstance(value, float) and math.isnan(value):
                assert row[column] == ""
            elif isinstance(value, float):
                assert float(row[column]) == value
            else:
                assert row[column] == value


def test_a_file_of_two_studies_is_refused(broadcast):
    raw = broadcast.raw.copy()
    raw.loc[raw.index[:5], "message"] = 1.0
    with pytest.raises(hetcoll.PlotError, match="column message holds several values"):
        hetcoll.paired(raw)

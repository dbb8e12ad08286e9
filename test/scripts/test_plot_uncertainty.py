#!/usr/bin/env python3
"""Tests of the uncertainty studies' figures (python/hetcoll/figures/uncertainty.py).

run: scripts/python.sh test/scripts/test_plot_uncertainty.py

The per-replication ratios are checked on hand-made numbers: (b) divides by the best of the same
replication (highest for a throughput, lowest for a time), (c) by the same algorithm's value at
CV = 0 in the same replication; CV = 0 sits one grid step left of the smallest positive CV.
Every study figure draws through plot.py; a file sweeping another key than cv, or a replication
given twice, exits 2 naming the file.
"""
import os
import unittest

import pandas

from hetcoll.figures import uncertainty
from plot_test_support import PlotScriptTest, script, write

CVS = (0, 0.1, 1)


def study_csvs(directory, algorithms, parameters=("workers",), value=None):
    """A summary and a raw CSV of a study: `value(algorithm, cv, replication)` per replication."""
    value = value or (lambda a, cv, r: (1 + algorithms.index(a)) * (1 + cv) * (1 + r % 3))
    summary, raw = os.path.join(directory, "study.csv"), os.path.join(directory, "study-raw.csv")
    write(summary, ["algorithm", *parameters, "cv", "replications", "mean", "stddev", "stderr", "q10", "q50", "q90"],
          [[a, *[4] * len(parameters), cv, 6, sum(value(a, cv, r) for r in range(6)) / 6, 0, 0,
            min(value(a, cv, r) for r in range(6)), 0, max(value(a, cv, r) for r in range(6))]
           for cv in CVS for a in algorithms])
    write(raw, ["algorithm", *parameters, "cv", "replication", "value"],
          [[a, *[4] * len(parameters), cv, r, value(a, cv, r)] for cv in CVS for a in algorithms for r in range(6)])
    return summary, raw


def raw_values(cells):
    """The DataFrame per_replication gives: {(algorithm, cv): {replication: value}} as rows."""
    return pandas.DataFrame([(a, cv, r, v) for (a, cv), values in cells.items() for r, v in values.items()],
                            columns=["algorithm", "cv", "replication", "value"])


def ratios_of(table):
    """{(algorithm, cv): [ratio, ...]} of to_best's or to_nominal's rows, in their order."""
    out = {}
    for row in table.itertuples():
        out.setdefault((row.algorithm, row.cv), []).append(row.ratio)
    return out


class RatioTest(unittest.TestCase):
    def test_to_best_divides_by_the_best_of_the_same_replication(self):
        values = raw_values({("a", 1.0): {0: 2.0, 1: 8.0}, ("b", 1.0): {0: 4.0, 1: 4.0}})
        self.assertEqual(ratios_of(uncertainty.to_best(values, ["a", "b"], higher_better=False)),
                         {("a", 1.0): [1.0, 2.0], ("b", 1.0): [2.0, 1.0]})
        self.assertEqual(ratios_of(uncertainty.to_best(values, ["a", "b"], higher_better=True)),
                         {("a", 1.0): [0.5, 1.0], ("b", 1.0): [1.0, 0.5]})

    def test_to_best_keeps_the_replications_every_algorithm_holds(self):
        values = raw_values({("a", 1.0): {0: 2.0, 1: 8.0}, ("b", 1.0): {1: 4.0}})
        self.assertEqual(ratios_of(uncertainty.to_best(values, ["a", "b"], higher_better=False)),
                         {("a", 1.0): [2.0], ("b", 1.0): [1.0]})

    def test_to_nominal_divides_by_the_same_replication_at_cv_zero(self):
        values = raw_values({("a", 0.0): {0: 2.0, 1: 4.0}, ("a", 0.5): {0: 3.0, 1: 2.0, 2: 9.0}})
        self.assertEqual(ratios_of(uncertainty.to_nominal(values)),
                         {("a", 0.0): [1.0, 1.0], ("a", 0.5): [1.5, 0.5]})

    def test_cv_zero_sits_one_grid_step_left(self):
        where = uncertainty.positions([0.0, 0.1, 1.0])
        self.assertAlmostEqual(where[0.0], 0.01)
        self.assertEqual((where[0.1], where[1.0]), (0.1, 1.0))

    def test_quantiles_interpolate_between_the_nearest_ranks(self):
        ratios = pandas.DataFrame({"algorithm": ["a"] * 4 + ["b"] * 5, "cv": [1.0] * 9,
                                   "ratio": [4, 1, 3, 2, 1, 2, 3, 4, 5]})
        table = uncertainty.statistics(ratios, (0.1, 0.5))
        self.assertEqual(table.loc[("a", 1.0), 0.5], 2.5)
        self.assertAlmostEqual(table.loc[("b", 1.0), 0.1], 1.4)
        self.assertEqual(table.loc[("b", 1.0), "mean"], 3.0)


class StudyFigureTest(PlotScriptTest):
    SCRIPT = script("plot.py")

    def test_each_study_draws_and_a_second_axis_is_refused(self):
        for figure, algorithms in (("divisible-uncertainty", ["opt-fifo", "opt-lifo"]),
                                   ("redistribute-uncertainty", ["oggp", "dggp", "lower-bound"]),
                                   ("broadcast-uncertainty", ["ecef", "flat"])):
            with self.subTest(figure=figure):
                summary, raw = study_csvs(self.dir.name, algorithms)
                output = self.path(f"{figure}.png")
                self.assert_png(self.run_script(figure, summary, raw, "--output", output), output)
        summary, raw = study_csvs(self.dir.name, ["ecef", "flat"])
        with open(summary, "a") as handle:
            handle.write("ecef,5,0.1,6,1,0,0,1,1,1\n")
        self.assert_input_error(self.run_script("broadcast-uncertainty", summary, raw), summary, "workers")

    def test_the_footer_names_only_the_keys_that_apply(self):
        # broadcast's cluster_hosts does not apply to random costs: its cells are empty.
        summary, raw = study_csvs(self.dir.name, ["ecef", "flat"], parameters=("clusters", "cluster_hosts"))
        for path in (summary, raw):
            with open(path) as handle:
                lines = handle.read().splitlines()
            with open(path, "w") as handle:
                handle.write("\n".join([lines[0]] + [",".join(line.split(",")[:2] + [""] + line.split(",")[3:])
                                                      for line in lines[1:]]) + "\n")
        uncertainty.pc.use_file_backend()
        figure, _ = uncertainty.draw_study([uncertainty.pc.read_csv(summary), uncertainty.pc.read_csv(raw)],
                                           "time", False, uncertainty.pc.MethodStyles({}))
        footer = figure._supxlabel.get_text()
        self.assertIn("clusters = 4", footer)
        self.assertNotIn("cluster_hosts", footer)
        uncertainty.pc.pyplot().close(figure)

    def test_the_variant_column_draws_each_algorithm_again(self):
        # redistribute's `asynchronous` = 0 1: eight series from four algorithms, one file.
        summary, raw = study_csvs(self.dir.name, ["oggp", "dggp"], parameters=("k",))
        for path, value_at in ((summary, 5), (raw, 4)):
            with open(path) as handle:
                lines = handle.read().splitlines()
            header = lines[0].split(",")
            where = header.index("cv") + 1
            rows = [line.split(",") for line in lines[1:]]
            with open(path, "w") as handle:
                handle.write(",".join(header[:where] + ["asynchronous"] + header[where:]) + "\n")
                for flag in (0, 1):
                    for row in rows:
                        handle.write(",".join(row[:where] + [str(flag)] + row[where:]) + "\n")
        tables = [uncertainty.pc.read_csv(summary), uncertainty.pc.read_csv(raw)]
        figure, _ = uncertainty.FIGURES["redistribute-uncertainty"](tables, {})
        labels = [text.get_text() for text in figure.axes[0].get_legend().get_texts()]
        self.assertEqual(labels, ["OGGP", "OGGP (asynchronous)", "DGGP", "DGGP (asynchronous)"])

    def test_plot_refuses_to_draw_over_its_input(self):
        summary, raw = study_csvs(self.dir.name, ["ecef", "flat"])
        with open(raw) as handle:
            before = handle.read()
        self.assert_input_error(self.run_script("broadcast-uncertainty", summary, raw, "--output", raw), raw, "input")
        with open(raw) as handle:
            self.assertEqual(handle.read(), before)

    def test_a_replication_given_twice_is_refused(self):
        summary, raw = study_csvs(self.dir.name, ["ecef", "flat"])
        with open(raw, "a") as handle:
            handle.write("ecef,4,0.1,2,7\n")
        self.assert_input_error(self.run_script("broadcast-uncertainty", summary, raw), raw,
                                "two rows for algorithm ecef, cv 0.1, replication 2")


class PairedScriptTest(PlotScriptTest):
    SCRIPT = script("paired.py")

    def test_the_ratios_of_each_replication_are_summarised_per_algorithm_and_cv(self):
        # value = (1 + index) (1 + cv) (1 + r mod 3): the first algorithm is the best of every
        # replication, the second twice it; at cv = 1 each value is twice its own at cv = 0.
        _, raw = study_csvs(self.dir.name, ["fast", "slow"])
        output = self.path("paired.csv")
        result = self.run_script(raw, "--output", output)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(output) as handle:
            rows = {(r["algorithm"], float(r["cv"])): r for r in __import__("csv").DictReader(handle)}
        self.assertAlmostEqual(float(rows[("fast", 1.0)]["to_best_mean"]), 1.0)
        self.assertAlmostEqual(float(rows[("slow", 1.0)]["to_best_q90"]), 2.0)
        self.assertAlmostEqual(float(rows[("slow", 1.0)]["to_nominal_mean"]), 2.0)
        self.assertAlmostEqual(float(rows[("fast", 0.1)]["to_nominal_q10"]), 1.1)
        result = self.run_script(raw, "--higher-is-better", "--exclude", "fast", "--output", output)
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(output) as handle:
            self.assertEqual({r["algorithm"] for r in __import__("csv").DictReader(handle)}, {"slow"})

    def test_the_input_is_never_the_output(self):
        _, raw = study_csvs(self.dir.name, ["fast", "slow"])
        with open(raw) as handle:
            before = handle.read()
        self.assert_input_error(self.run_script(raw, "--output", raw), raw, "input")
        with open(raw) as handle:
            self.assertEqual(handle.read(), before)

    def test_a_missing_column_exits_2_naming_the_file(self):
        bad = self.path("bad.csv")
        write(bad, ["algorithm", "cv", "value"], [["a", 0, 1]])
        self.assert_input_error(self.run_script(bad), bad, "replication")


if __name__ == "__main__":
    unittest.main()

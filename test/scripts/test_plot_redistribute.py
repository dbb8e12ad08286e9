#!/usr/bin/env python3
"""Tests of scripts/plot_redistribute.py on small synthetic CSVs of the redistribution family.

run: /usr/bin/python3 test/scripts/test_plot_redistribute.py

Runs the script as plot_test_support.py says: each figure must give a PNG and name its
figure; bad input, one line on stderr naming the file and status 2.
"""
import sys
import unittest

sys.dont_write_bytecode = True  # importing the support module leaves no __pycache__ behind
from plot_test_support import PlotScriptTest, script, write  # noqa: E402

PARAMETERS = ["senders", "receivers", "edges", "k", "beta", "uncapped"]
SUMMARY = (["algorithm"] + PARAMETERS + ["replications", "mean", "stddev", "stderr", "q10",
           "q50", "q90", "over_bound_mean", "over_bound_stddev", "over_bound_min", "over_bound_q10", "over_bound_q50",
           "over_bound_q90", "over_bound_max"])
RAW = ["algorithm"] + PARAMETERS + ["replication", "value", "ratio"]


def summary(algorithm, edges, k, uncapped, ratio):
    """One plausible row: LB 100, the given mean ratio."""
    return [algorithm, 14, 14, edges, k, 1, uncapped, 100, 100 * ratio, 5, 0.5, 90, 100, 110,
            ratio, 0.05, 1, ratio - 0.05, ratio, ratio + 0.05, ratio + 0.2]


class PlotJw(PlotScriptTest):
    SCRIPT = script("plot_redistribute.py")

    def test_every_figure_draws_a_png(self):
        rows = [summary(a, e, k, u, 1 + 1 / e)
                for a in ("oggp", "dggp", "greedy", "all-at-once", "lower-bound")
                for e in (10, 60) for k in (3, 10) for u in (0, 1)]
        write(self.path("s.csv"), SUMMARY, rows)
        raw = [[a, 14, 14, 0, k, 1, 0, r, 100 + (r if a == "oggp" else 0), 1]
               for a in ("oggp", "dggp") for k in (3, 10) for r in range(5)]
        write(self.path("raw.csv"), RAW, raw)
        for figure in ("7", "8", "9", "sharing"):
            output = self.path(f"fig{figure}.png")
            result = self.run_script(self.path("s.csv"), "--figure", figure, "--raw",
                                     self.path("raw.csv"), "--output", output)
            self.assert_png(result, output, output)

    def test_paired_figures_without_raw_exit_2_naming_the_file(self):
        write(self.path("s.csv"), SUMMARY, [summary("dggp", 10, 3, 0, 1.2)])
        result = self.run_script(self.path("s.csv"), "--figure", "9")
        self.assertEqual(result.returncode, 2)
        self.assertIn("s.csv", result.stderr)
        self.assertIn("--raw", result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1)

    def test_missing_column_exits_2_naming_the_column(self):
        write(self.path("bad.csv"), SUMMARY[:-1], [summary("dggp", 10, 3, 0, 1.2)[:-1]])
        result = self.run_script(self.path("bad.csv"), "--figure", "7")
        self.assertEqual(result.returncode, 2)
        self.assertIn("over_bound_max", result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1)


if __name__ == "__main__":
    unittest.main()

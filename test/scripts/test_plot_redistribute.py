#!/usr/bin/env python3
"""Tests of Jeannot & Wagner's figures (scripts/plot.py jw-*) on small synthetic CSVs of the
redistribution family.

run: scripts/python.sh test/scripts/test_plot_redistribute.py

Runs plot.py as plot_test_support.py says: each figure must give a PNG and name its
figure; bad input, one line on stderr naming the file and status 2.
"""
import unittest

from plot_test_support import PlotScriptTest, script, write

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
    SCRIPT = script("plot.py")

    def test_every_figure_draws_a_png(self):
        rows = [summary(a, e, k, u, 1 + 1 / e)
                for a in ("oggp", "dggp", "greedy", "all-at-once", "lower-bound")
                for e in (10, 60) for k in (3, 10) for u in (0, 1)]
        write(self.path("s.csv"), SUMMARY, rows)
        raw = [[a, 14, 14, 0, k, 1, 0, r, 100 + (r if a == "oggp" else 0), 1]
               for a in ("oggp", "dggp") for k in (3, 10) for r in range(5)]
        write(self.path("raw.csv"), RAW, raw)
        for figure, paired in (("jw-fig7", False), ("jw-fig8", True), ("jw-fig9", True), ("jw-sharing", False)):
            output = self.path(f"{figure}.png")
            raw = [self.path("raw.csv")] if paired else []
            result = self.run_script(figure, self.path("s.csv"), *raw, "--output", output)
            self.assert_png(result, output, output)

    def test_paired_figures_without_raw_exit_2_naming_the_file(self):
        write(self.path("s.csv"), SUMMARY, [summary("dggp", 10, 3, 0, 1.2)])
        result = self.run_script("jw-fig9", self.path("s.csv"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("s.csv", result.stderr)
        self.assertIn("raw CSV", result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1)

    def test_missing_column_exits_2_naming_the_column(self):
        write(self.path("bad.csv"), SUMMARY[:-1], [summary("dggp", 10, 3, 0, 1.2)[:-1]])
        result = self.run_script("jw-fig7", self.path("bad.csv"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("over_bound_max", result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1)


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""Tests of the divisible-load figures (scripts/plot.py bmr-*) on small synthetic CSVs with the
columns hetcoll writes.

run: scripts/python.sh test/scripts/test_plot_divisible.py

Each figure is drawn in a subprocess, as a user would run it: a drawing must produce a PNG;
an input problem must exit with status 2 and one line on stderr naming the file.
"""
import unittest

from plot_test_support import PlotScriptTest, script, write

SUMMARY = ["algorithm", "workers", "z", "wc_ratio", "replications", "mean", "stddev", "stderr", "q10", "q50",
           "q90", "normalized_mean", "normalized_stderr", "normalized_min", "normalized_q10", "normalized_q50",
           "normalized_q90", "normalized_max", "enrolled_mean", "enrolled_min", "enrolled_max"]
TRACE = ["algorithm", "workers", "z", "wc_ratio", "replication", "kind", "host", "peer", "start", "end"]
RAW = ["algorithm", "workers", "z", "wc_ratio", "replication", "value", "normalized", "enrolled"]
HEURISTICS = ("opt-fifo", "opt-lifo", "fifo-inc-c", "fifo-inc-w")


def summary_rows(z, algorithms):
    rows = []
    for wc in (0.1, 1, 10, 100):
        for k, name in enumerate(algorithms):
            norm = 1 if name == "opt-fifo" else 0.6 + 0.004 * wc - 0.01 * k
            rows.append([name, 100, z, wc, 1000, 0.5 * norm, 0.01, 0.001, 0.4, 0.5, 0.6, norm, 0.001, norm - 0.1,
                         norm - 0.05, norm, norm + 0.05, norm + 0.1, 20 + 0.8 * wc, 10, 30 + 0.7 * wc])
    return rows


class PlotBmr(PlotScriptTest):
    SCRIPT = script("plot.py")

    def assert_bad_input(self, result, path):
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertEqual(len(result.stderr.strip().splitlines()), 1, result.stderr)
        self.assertIn(path, result.stderr)

    def test_figure4_draws_three_panels_from_the_three_scenarios(self):
        write(self.path("a.csv"), SUMMARY, summary_rows(0.8, HEURISTICS))
        write(self.path("b.csv"), SUMMARY, summary_rows(0.8, ("opt-fifo",)))
        write(self.path("c.csv"), SUMMARY, summary_rows(1, HEURISTICS))
        result = self.run_script("bmr-fig4", self.path("a.csv"), self.path("b.csv"), self.path("c.csv"))
        self.assert_png(result, self.path("a.png"))

    def test_gantt_draws_the_figure2_fifo_schedule(self):
        rows = [["opt-fifo", 3, 1, 1, 0, "comm", 0, 1, 0, 0.25], ["opt-fifo", 3, 1, 1, 0, "comm", 0, 2, 0.25, 0.5],
                ["opt-fifo", 3, 1, 1, 0, "compute", 1, -1, 0.25, 0.5],
                ["opt-fifo", 3, 1, 1, 0, "compute", 2, -1, 0.5, 0.75],
                ["opt-fifo", 3, 1, 1, 0, "comm", 1, 0, 0.55, 0.75], ["opt-fifo", 3, 1, 1, 0, "comm", 2, 0, 0.75, 1]]
        write(self.path("trace.csv"), TRACE, rows)
        self.assert_png(self.run_script("bmr-fig2", self.path("trace.csv"), "--algorithm", "opt-fifo"),
                        self.path("trace.png"))
        self.assert_bad_input(self.run_script("bmr-fig2", self.path("trace.csv"), "--algorithm", "lp"),
                              self.path("trace.csv"))

    def test_gap_draws_ecdfs_and_prints_a_table(self):
        rows = []
        for r in range(20):
            for name, value in zip(HEURISTICS + ("optimal",), (0.48, 0.4, 0.47, 0.45, 0.5)):
                rows.append([name, 4, 0.8, 1, r, value - 0.001 * (r % 3), 1, 4])
        write(self.path("raw.csv"), RAW, rows)
        result = self.run_script("bmr-gap", self.path("raw.csv"), "--table")
        self.assert_png(result, self.path("raw.png"))
        self.assertIn("| 4 | 0.8 | 1 |", result.stdout)

    def test_gap_without_optimal_and_a_missing_column_are_bad_input(self):
        write(self.path("raw.csv"), RAW, [["opt-fifo", 4, 0.8, 1, 0, 0.5, 1, 4]])
        self.assert_bad_input(self.run_script("bmr-gap", self.path("raw.csv")), self.path("raw.csv"))
        write(self.path("short.csv"), SUMMARY[:5], [["opt-fifo", 100, 0.8, 1, 10]])
        self.assert_bad_input(self.run_script("bmr-fig4", self.path("short.csv"), self.path("short.csv"),
                                              self.path("short.csv")), self.path("short.csv"))


if __name__ == "__main__":
    unittest.main()

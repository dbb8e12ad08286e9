#!/usr/bin/env python3
"""Tests of scripts/plot_liu.py on small synthetic CSVs of the hetreduce family.

run: /usr/bin/python3 test/scripts/test_plot_liu.py

Runs the script as plot_test_support.py says: gantt, fig8, ratio and scaling are detected
and drawn; bad input, one line on stderr naming the file and status 2.
"""
import sys
import unittest

sys.dont_write_bytecode = True  # importing the support module leaves no __pycache__ behind
from plot_test_support import PlotScriptTest, script, write  # noqa: E402

PARAMETERS = ["processors", "spread", "slow_fraction", "x", "levels", "cv"]
SUMMARY = (["algorithm"] + PARAMETERS + ["replications", "mean", "stddev", "stderr", "q10", "q50", "q90",
                                        "over_bound_mean", "over_bound_max"])
TRACE = ["algorithm"] + PARAMETERS + ["replication", "kind", "host", "peer", "start", "end"]


def summary(algorithm, n, x, mean, ratio):
    return [algorithm, n, 4, 0.5, x, 3, 1, 100, mean, 0, 0, mean, mean, mean, ratio, ratio * 1.1]


# The SNF schedule of the Figure 1 cluster (docs/hetreduce.md, "Figure 1 worked through").
FIGURE1 = [(1, 0, 0, 5), (2, 5, 0, 5), (3, 6, 0, 5), (5, 6, 5, 7), (4, 0, 5, 9), (6, 0, 9, 11)]


class PlotLiu(PlotScriptTest):
    SCRIPT = script("plot_liu.py")

    def test_each_figure_is_detected_and_drawn(self):
        write(self.path("trace.csv"), TRACE,
              [[a, 0, 4, 0.5, 2, 3, 1, 0, "comm", h, p, s, e] for a in ("snf", "optimal") for h, p, s, e in FIGURE1])
        write(self.path("fig8.csv"), SUMMARY,
              [summary(a, 12, x / 10, m, m / 4) for x in range(10, 21)
               for a, m in (("snf", x / 10 + 3), ("optimal", min(4, 2 * x / 10 + 1)))])
        write(self.path("ratio.csv"), SUMMARY, [summary(a, n, 2, 5, r) for n in range(3, 13)
                                                for a, r in (("snf", 1.02), ("optimal", 1), ("binomial", 30))])
        write(self.path("scaling.csv"), SUMMARY, [summary(a, n, 2, 5, r) for n in (16, 256, 4096)
                                                  for a, r in (("snf", 1.2), ("fastest-first", 2.5))])
        for name, figure, extra in (("trace", "gantt", []), ("fig8", "fig8", []), ("ratio", "ratio", []),
                                    ("scaling", "scaling", []),
                                    ("ratio", "ratio", [self.path("ratio.csv")])):
            output = self.path(f"{name}-{len(extra)}.png")
            self.assert_png(self.run_script(self.path(f"{name}.csv"), *extra, "--output", output), output,
                            f"{output}: {figure} figure")

    def test_missing_column_exits_2_naming_the_file(self):
        write(self.path("bad.csv"), ["algorithm", "processors", "mean"], [["snf", 7, 11]])
        result = self.run_script(self.path("bad.csv"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("bad.csv", result.stderr)
        self.assertIn("missing column", result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1)

    def test_fig8_without_the_optimum_exits_2(self):
        write(self.path("snf.csv"), SUMMARY, [summary("snf", 12, x / 10, x / 10 + 3, 1) for x in range(10, 21)])
        result = self.run_script(self.path("snf.csv"), "--figure", "fig8")
        self.assertEqual(result.returncode, 2)
        self.assertIn("snf.csv", result.stderr)
        self.assertIn("optimal", result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1)


if __name__ == "__main__":
    unittest.main()

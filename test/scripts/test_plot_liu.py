#!/usr/bin/env python3
"""Tests of scripts/plot_liu.py on small synthetic CSVs of the hetreduce family.

run: /usr/bin/python3 test/scripts/test_plot_liu.py

The script runs in a subprocess, as a user would run it. A drawing must produce a non-empty
PNG and name the figure; an input problem must exit with status 2 and one line on stderr that
names the file.
"""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
SCRIPT = os.path.join(ROOT, "scripts", "plot_liu.py")
PARAMETERS = ["processors", "spread", "slow-fraction", "x", "levels", "cv"]
SUMMARY = (["algorithm"] + PARAMETERS + ["replications", "mean", "stddev", "stderr", "q10", "q50", "q90",
                                        "ratio_mean", "ratio_max"])
TRACE = ["algorithm"] + PARAMETERS + ["replication", "kind", "host", "peer", "start", "end"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def write(path, header, rows):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


def summary(algorithm, n, x, mean, ratio):
    return [algorithm, n, 4, 0.5, x, 3, 1, 100, mean, 0, 0, mean, mean, mean, ratio, ratio * 1.1]


# The SNF schedule of the Figure 1 cluster (ALGORITHMS.md 3.5).
FIGURE1 = [(1, 0, 0, 5), (2, 5, 0, 5), (3, 6, 0, 5), (5, 6, 5, 7), (4, 0, 5, 9), (6, 0, 9, 11)]


class PlotLiu(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def run_script(self, *args):
        return subprocess.run([sys.executable, SCRIPT, *args], capture_output=True, text=True)

    def assert_png(self, result, output, figure):
        self.assertEqual(result.returncode, 0, result.stderr)
        with open(output, "rb") as handle:
            self.assertEqual(handle.read(8), PNG_SIGNATURE)
        self.assertIn(f"{output}: {figure} figure", result.stdout)

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
            self.assert_png(self.run_script(self.path(f"{name}.csv"), *extra, "--output", output), output, figure)

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

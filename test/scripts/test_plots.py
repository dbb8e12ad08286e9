#!/usr/bin/env python3
"""Tests of scripts/plot_rr8315.py and scripts/plot_gantt.py on small synthetic CSVs.

run: /usr/bin/python3 test/scripts/test_plots.py

Each script runs in a subprocess with this interpreter, as a user would run it. A drawing
must produce a non-empty PNG and name the figure it drew; an input problem must exit with
status 2 and one line on stderr that names the file.
"""
import csv
import math
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# Keep the source tree free of __pycache__, here and in the scripts run below.
sys.dont_write_bytecode = True
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"
sys.path.insert(0, os.path.join(ROOT, "scripts"))
import plot_gantt  # noqa: E402  (after the path that makes it importable)
import plot_rr8315  # noqa: E402

RR8315 = os.path.join(ROOT, "scripts", "plot_rr8315.py")
GANTT = os.path.join(ROOT, "scripts", "plot_gantt.py")
SUMMARY_HEADER = ["algorithm", "processors", "cv", "ratio", "replications",
                  "mean", "stddev", "stderr", "q10", "q50", "q90"]
TRACE_HEADER = ["algorithm", "processors", "cv", "ratio", "replication",
                "kind", "host", "peer", "start", "end"]
# Other families' traces: algorithm, the family's parameters, then the same event columns.
DIVISIBLE_TRACE_HEADER = ["algorithm", "workers", "z", "wc_ratio", "replication",
                          "kind", "host", "peer", "start", "end"]
BROADCAST_TRACE_HEADER = ["algorithm", "clusters", "message", "cluster_hosts", "replication",
                          "kind", "host", "peer", "start", "end"]
ALL_METHODS = ("binomial-stat", "fibonacci-stat", "tree-dyn", "non-commut-tree-dyn")
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def synthetic_mean(algorithm, cv, ratio):
    """n = 64 makespans at CV -> 0 (docs/reduction.md: 9 + c and 6(1 + c); Non-Commut-Tree-dyn
    is given one extra step), inflated by the CV. Plausible shapes for drawing, not simulation results.

    Static trees suffer more from dispersion than dynamic ones, so the regions of the
    paper's Figures 5 and 6 appear: Fibonacci-stat wins near ratio 1 at low CV, the
    dynamic methods at high CV.
    """
    steps = {"binomial-stat": 6 * (1 + ratio), "tree-dyn": 6 * (1 + ratio),
             "fibonacci-stat": 1 + 8 * max(1, ratio) + ratio,
             "non-commut-tree-dyn": 7 * (1 + ratio)}[algorithm]
    spread = {"binomial-stat": 0.6, "fibonacci-stat": 0.5, "tree-dyn": 0.25,
              "non-commut-tree-dyn": 0.3}[algorithm]
    return steps * (1 + spread * cv)


def summary_row(algorithm, processors, cv, ratio):
    mean = synthetic_mean(algorithm, cv, ratio)
    stddev = mean * 0.3 * cv
    # Skewed like a makespan: the 10% quantile stays positive, the 90% one grows with the CV.
    q10, q90 = mean / (1 + 0.5 * cv), mean * (1 + 0.5 * cv)
    return [algorithm, processors, repr(cv), repr(ratio), 1000, repr(mean), repr(stddev),
            repr(stddev / math.sqrt(1000)), repr(q10), repr(mean), repr(q90)]


def log_grid(low, high, count):
    return [round(10 ** (low + (high - low) * i / (count - 1)), 6) for i in range(count)]


def write_csv(path, header, rows):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def summary_rows(cvs, ratios, methods, processors=(64,)):
    return [summary_row(method, n, cv, ratio) for n in processors for ratio in ratios
            for cv in cvs for method in methods]


def trace_rows(algorithm, cv=0.1, ratio=0.5, processors=4):
    """A hand-made binomial-like schedule on 4 hosts: 1->0 and 3->2, then 2->0."""
    events = [("comm", 1, 0, 0.0, 1.0), ("comm", 3, 2, 0.0, 1.2),
              ("compute", 0, -1, 1.0, 1.5), ("compute", 2, -1, 1.2, 1.6),
              ("comm", 2, 0, 1.6, 2.5), ("compute", 0, -1, 2.5, 3.0)]
    return [[algorithm, processors, cv, ratio, 0, kind, host, peer, start, end]
            for kind, host, peer, start, end in events]


def divisible_trace_rows(algorithm, workers=3, z=1, wc_ratio=1):
    """A FIFO-like master-worker schedule: master 0 sends to 1, 2, 3 in turn, each worker
    computes its load, then returns its result to the master in the same order."""
    events = []
    for worker in range(1, 4):
        sent = 0.1 * (worker - 1)
        events += [("comm", 0, worker, sent, sent + 0.1),
                   ("compute", worker, -1, sent + 0.1, 0.5 + 0.05 * worker),
                   ("comm", worker, 0, 0.5 + 0.1 * worker, 0.6 + 0.1 * worker)]
    return [[algorithm, workers, z, wc_ratio, 0, kind, host, peer, start, end]
            for kind, host, peer, start, end in events]


def broadcast_trace_rows(algorithm, clusters=4, message=4194304):
    """A flat broadcast from cluster 0 to clusters 1..3, each then broadcasting inside."""
    events = [("compute", 0, -1, 0, 150)]
    for cluster in range(1, clusters):
        events += [("comm", 0, cluster, 60 * (cluster - 1), 60 * cluster),
                   ("compute", cluster, -1, 60 * cluster, 60 * cluster + 100 * cluster)]
    return [[algorithm, clusters, message, 0, 0, kind, host, peer, start, end]
            for kind, host, peer, start, end in events]


def run_script(script, *args):
    return subprocess.run([sys.executable, script, *args], capture_output=True, text=True,
                          timeout=120)


class PlotTestCase(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def path(self, name):
        return os.path.join(self.directory.name, name)

    def assert_png(self, result, png, expected_stdout):
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(expected_stdout, result.stdout)
        with open(png, "rb") as handle:
            content = handle.read()
        self.assertTrue(content.startswith(PNG_SIGNATURE), f"{png} is not a PNG")
        self.assertGreater(len(content), 10_000, f"{png} is too small to hold a chart")

    def assert_input_error(self, result, named_file, expected_words):
        self.assertEqual(result.returncode, 2, result.stderr)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, f"expected one line, got: {result.stderr!r}")
        self.assertIn(named_file, lines[0])
        self.assertIn(expected_words, lines[0])
        self.assertNotIn("Traceback", result.stderr)


class Rr8315FigureTest(PlotTestCase):
    def test_one_ratio_is_detected_as_figure4_with_default_output(self):
        data = write_csv(self.path("fig4.csv"), SUMMARY_HEADER,
                         summary_rows(log_grid(-2, 1, 7), [0], ALL_METHODS))
        self.assert_png(run_script(RR8315, data), self.path("fig4.png"), "Figure 4")

    def test_cv_by_ratio_grid_with_fibonacci_and_tree_dyn_is_figure5(self):
        data = write_csv(self.path("fig5.csv"), SUMMARY_HEADER,
                         summary_rows(log_grid(-2, 1, 6), log_grid(-1, 1, 5),
                                      ("fibonacci-stat", "tree-dyn")))
        out = self.path("heat.png")
        self.assert_png(run_script(RR8315, data, "--output", out), out, "Figure 5")

    def test_grid_of_non_commutative_methods_is_figure6(self):
        data = write_csv(self.path("fig6.csv"), SUMMARY_HEADER,
                         summary_rows(log_grid(-2, 1, 6), log_grid(-1, 1, 5),
                                      ("binomial-stat", "fibonacci-stat", "non-commut-tree-dyn")))
        self.assert_png(run_script(RR8315, data), self.path("fig6.png"), "Figure 6")

    def test_figure_option_overrides_detection(self):
        data = write_csv(self.path("all.csv"), SUMMARY_HEADER,
                         summary_rows(log_grid(-2, 1, 4), log_grid(-1, 1, 3), ALL_METHODS))
        self.assert_png(run_script(RR8315, data, "--figure", "6"), self.path("all.png"),
                        "Figure 6")

    def test_several_processor_counts_use_the_largest_and_say_so(self):
        data = write_csv(self.path("sweep.csv"), SUMMARY_HEADER,
                         summary_rows(log_grid(-2, 1, 4), [0], ALL_METHODS, processors=(8, 64)))
        result = run_script(RR8315, data)
        self.assert_png(result, self.path("sweep.png"), "Figure 4")
        self.assertIn("n = 64", result.stderr)


class Rr8315ErrorTest(PlotTestCase):
    def test_missing_file(self):
        missing = self.path("absent.csv")
        self.assert_input_error(run_script(RR8315, missing), missing, "no such file")

    def test_missing_column(self):
        rows = [row[:-1] for row in summary_rows([0.1, 1], [0], ALL_METHODS)]
        data = write_csv(self.path("short.csv"), SUMMARY_HEADER[:-1], rows)
        self.assert_input_error(run_script(RR8315, data), data, "q90")

    def test_no_rows_for_the_requested_figure(self):
        data = write_csv(self.path("binomial.csv"), SUMMARY_HEADER,
                         summary_rows([0.1, 1], [0.1, 1], ("binomial-stat",)))
        self.assert_input_error(run_script(RR8315, data, "--figure", "5"), data,
                                "fibonacci-stat")
        self.assertFalse(os.path.exists(self.path("binomial.png")))

    def test_unreadable_number(self):
        rows = summary_rows([0.1], [0], ALL_METHODS)
        rows[0][5] = "fast"
        data = write_csv(self.path("text.csv"), SUMMARY_HEADER, rows)
        self.assert_input_error(run_script(RR8315, data), data, "expected a number")


class Rr8315HelperTest(unittest.TestCase):
    """The numbers behind the heat maps, checked without drawing."""

    def test_cell_edges_are_geometric_midpoints(self):
        edges = plot_rr8315.cell_edges([0.1, 1.0, 10.0])
        for edge, expected in zip(edges, [10 ** -1.5, 10 ** -0.5, 10 ** 0.5, 10 ** 1.5]):
            self.assertAlmostEqual(edge, expected)

    def test_figure6_cell_holds_the_method_with_the_smallest_mean(self):
        methods = plot_rr8315.FIGURE6_METHODS
        means = {(0.1, 0.1): (6.6, 9.2, 7.7), (0.1, 1.0): (12, 10, 14), (5.0, 1.0): (40, 35, 30)}
        points = {(name, cv, ratio): {"mean": mean} for (cv, ratio), cell in means.items()
                  for name, mean in zip(methods, cell)}
        grid = plot_rr8315.value_grid(points, [0.1, 5.0], [0.1, 1.0],
                                      plot_rr8315.best_method, methods)
        self.assertEqual(grid[0, 0], 0)
        self.assertEqual(grid[1, 0], 1)
        self.assertEqual(grid[1, 1], 2)
        self.assertTrue(grid.mask[0, 1], "a cell without data must stay empty")

    def test_tie_goes_to_the_first_method_in_paper_order(self):
        self.assertEqual(plot_rr8315.best_method([{"mean": 9.0}, {"mean": 9.0}, {"mean": 9.5}]), 0)

    def test_figure5_value_is_fibonacci_over_tree_dyn(self):
        self.assertAlmostEqual(plot_rr8315.mean_ratio([{"mean": 9.0}, {"mean": 6.0}]), 1.5)


class GanttTest(PlotTestCase):
    def test_one_panel_per_algorithm_of_the_first_point(self):
        rows = trace_rows("binomial-stat") + trace_rows("tree-dyn") + trace_rows("tree-dyn", cv=1)
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        result = run_script(GANTT, trace)
        self.assert_png(result, self.path("trace.png"), "binomial-stat, tree-dyn")
        self.assertIn("several points", result.stderr)

    def test_algorithm_option_draws_only_that_algorithm(self):
        rows = trace_rows("binomial-stat") + trace_rows("tree-dyn")
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        out = self.path("tree.png")
        result = run_script(GANTT, trace, "--algorithm", "tree-dyn", "--output", out)
        self.assert_png(result, out, "Gantt chart of tree-dyn")

    def test_missing_file(self):
        missing = self.path("absent.csv")
        self.assert_input_error(run_script(GANTT, missing), missing, "no such file")

    def test_missing_column(self):
        rows = [row[:-1] for row in trace_rows("tree-dyn")]
        trace = write_csv(self.path("short.csv"), TRACE_HEADER[:-1], rows)
        self.assert_input_error(run_script(GANTT, trace), trace, "end")

    def test_no_rows_for_the_requested_algorithm(self):
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, trace_rows("tree-dyn"))
        self.assert_input_error(run_script(GANTT, trace, "--algorithm", "fibonacci-stat"),
                                trace, "fibonacci-stat")

    def test_unknown_event_kind(self):
        rows = trace_rows("tree-dyn")
        rows[2][5] = "idle"
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        self.assert_input_error(run_script(GANTT, trace), trace, "expected comm or compute")


class GanttOtherFamiliesTest(PlotTestCase):
    """Every family's trace is drawn: the parameters are the columns between algorithm and
    replication (docs/outputs.md, Trace CSV)."""

    def test_divisible_trace(self):
        rows = divisible_trace_rows("opt-fifo") + divisible_trace_rows("opt-lifo")
        trace = write_csv(self.path("divisible.csv"), DIVISIBLE_TRACE_HEADER, rows)
        result = run_script(GANTT, trace)
        self.assert_png(result, self.path("divisible.png"), "Gantt chart of opt-fifo, opt-lifo")
        self.assertNotIn("several points", result.stderr)

    def test_several_divisible_points_name_the_first_with_its_parameters(self):
        rows = divisible_trace_rows("lp") + divisible_trace_rows("lp", z=2)
        trace = write_csv(self.path("sweep.csv"), DIVISIBLE_TRACE_HEADER, rows)
        result = run_script(GANTT, trace, "--algorithm", "lp")
        self.assert_png(result, self.path("sweep.png"), "Gantt chart of lp")
        self.assertIn("workers = 3, z = 1, wc_ratio = 1", result.stderr)

    def test_broadcast_trace(self):
        rows = broadcast_trace_rows("flat") + broadcast_trace_rows("ecef")
        trace = write_csv(self.path("broadcast.csv"), BROADCAST_TRACE_HEADER, rows)
        out = self.path("bcast.png")
        self.assert_png(run_script(GANTT, trace, "--output", out), out, "Gantt chart of ecef, flat")

    def test_missing_peer_column(self):
        peer = DIVISIBLE_TRACE_HEADER.index("peer")
        rows = [row[:peer] + row[peer + 1:] for row in divisible_trace_rows("opt-fifo")]
        header = [name for name in DIVISIBLE_TRACE_HEADER if name != "peer"]
        trace = write_csv(self.path("nopeer.csv"), header, rows)
        self.assert_input_error(run_script(GANTT, trace), trace, "peer")
        self.assertFalse(os.path.exists(self.path("nopeer.png")))

    def test_replication_before_algorithm(self):
        header = ["replication", "workers", "algorithm"] + DIVISIBLE_TRACE_HEADER[5:]
        rows = [[row[4], row[1], row[0]] + row[5:] for row in divisible_trace_rows("lp")]
        trace = write_csv(self.path("order.csv"), header, rows)
        self.assert_input_error(run_script(GANTT, trace), trace, "replication before algorithm")

    def test_empty_trace(self):
        trace = write_csv(self.path("empty.csv"), BROADCAST_TRACE_HEADER, [])
        self.assert_input_error(run_script(GANTT, trace), trace, "no events")


class GanttHelperTest(unittest.TestCase):
    """Parameters and host rows, checked without drawing."""

    @staticmethod
    def rows(header, rows):
        return [dict(zip(header, map(str, row))) for row in rows]

    def test_parameters_are_the_columns_between_algorithm_and_replication(self):
        cases = ((TRACE_HEADER, ("processors", "cv", "ratio")),
                 (DIVISIBLE_TRACE_HEADER, ("workers", "z", "wc_ratio")),
                 (BROADCAST_TRACE_HEADER, ("clusters", "message", "cluster_hosts")))
        for header, parameters in cases:
            rows = self.rows(header, [[""] * len(header)])
            self.assertEqual(plot_gantt.parameter_columns(rows, "t.csv"), parameters)

    def test_host_rows_cover_every_host_and_peer(self):
        rows = [{"host": 0.0, "peer": 5.0}, {"host": 2.0, "peer": -1.0}]
        self.assertEqual(plot_gantt.host_count(rows), 6)

    def test_host_rows_cover_idle_processors(self):
        rows = [{"host": 1.0, "peer": 0.0, "processors": 8.0}]
        self.assertEqual(plot_gantt.host_count(rows), 8)

    def test_point_description_shortens_long_numbers_only(self):
        row = {"message": "4194304", "beta": "0.30000000000000004", "mode": "fifo"}
        self.assertEqual(plot_gantt.describe_point(row, ("message", "beta", "mode")),
                         "message = 4194304, beta = 0.3, mode = fifo")


if __name__ == "__main__":
    unittest.main(verbosity=2)

#!/usr/bin/env python3
"""Tests of the gantt figure (scripts/plot.py gantt) on small synthetic trace CSVs of every family.

run: scripts/python.sh test/scripts/test_plot_gantt.py

plot.py runs in a subprocess with this interpreter, as a user would run it. A drawing
must produce a non-empty PNG and name what it drew; an input problem must exit with
status 2 and one line on stderr that names the file.
"""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

from hetcoll.figures import common, FIGURES as figures, gantt as plot_gantt

common.use_file_backend()

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PLOT = os.path.join(ROOT, "scripts", "plot.py")
# The reduce family's trace: algorithm, its sweep columns, then the event columns.
REDUCE_PARAMETERS = ("processors", "cv", "ratio", "spread", "slow_fraction", "x", "levels", "cluster_cv", "message")
TRACE_HEADER = ["algorithm", *REDUCE_PARAMETERS, "replication", "kind", "host", "peer", "start", "end"]
# Other families' traces: algorithm, the family's parameters, then the same event columns.
DIVISIBLE_TRACE_HEADER = ["algorithm", "workers", "z", "wc_ratio", "replication",
                          "kind", "host", "peer", "start", "end"]
BROADCAST_TRACE_HEADER = ["algorithm", "clusters", "message", "cluster_hosts", "replication",
                          "kind", "host", "peer", "start", "end"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def write_csv(path, header, rows):
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)
    return path


def trace_rows(algorithm, cv=0.1, ratio=0.5, processors=4):
    """A hand-made binomial-like schedule on 4 hosts: 1->0 and 3->2, then 2->0."""
    events = [("comm", 1, 0, 0.0, 1.0), ("comm", 3, 2, 0.0, 1.2),
              ("compute", 0, -1, 1.0, 1.5), ("compute", 2, -1, 1.2, 1.6),
              ("comm", 2, 0, 1.6, 2.5), ("compute", 0, -1, 2.5, 3.0)]
    # The cluster columns as cluster = platform writes them (spread, slow_fraction, x, levels,
    # cluster_cv empty: no law draws the times), and the value's default size.
    return [[algorithm, processors, cv, ratio, "", "", "", "", "", 8388608, 0, kind, host, peer, start, end]
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
    # cluster_hosts is empty: it does not apply to random costs.
    return [[algorithm, clusters, message, "", 0, kind, host, peer, start, end]
            for kind, host, peer, start, end in events]


def run_script(script, *args):
    """plot.py gantt ARGS..."""
    return subprocess.run([sys.executable, script, "gantt", *args], capture_output=True, text=True,
                          timeout=120)


class PlotTestCase(unittest.TestCase):
    def setUp(self):
        self.directory = tempfile.TemporaryDirectory()
        self.addCleanup(self.directory.cleanup)

    def path(self, name):
        return os.path.join(self.directory.name, name)

    def assert_png(self, result, png, algorithms, trace, algorithm=None):
        """plot.py wrote the PNG and named it; the same trace drawn here holds `algorithms`."""
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn(f"{png}: gantt", result.stdout)
        drawn = figures["gantt"].draw([trace], algorithm=algorithm)
        self.addCleanup(common.pyplot().close, drawn)
        self.assertEqual(", ".join(plot_gantt.drawn_algorithms(drawn)), algorithms)
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


class GanttTest(PlotTestCase):
    def test_one_panel_per_algorithm_of_the_first_point(self):
        rows = trace_rows("binomial-stat") + trace_rows("tree-dyn") + trace_rows("tree-dyn", cv=1)
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        result = run_script(PLOT, trace)
        self.assert_png(result, self.path("trace.png"), "binomial-stat, tree-dyn", trace)
        self.assertIn("several points", result.stderr)

    def test_an_empty_event_cell_is_still_refused(self):
        rows = trace_rows("tree-dyn")
        rows[0][-1] = ""
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        self.assert_input_error(run_script(PLOT, trace), trace, "expected a number")

    def test_algorithm_option_draws_only_that_algorithm(self):
        rows = trace_rows("binomial-stat") + trace_rows("tree-dyn")
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        out = self.path("tree.png")
        result = run_script(PLOT, trace, "--algorithm", "tree-dyn", "--output", out)
        self.assert_png(result, out, "tree-dyn", trace, "tree-dyn")

    def test_missing_file(self):
        missing = self.path("absent.csv")
        self.assert_input_error(run_script(PLOT, missing), missing, "no such file")

    def test_missing_column(self):
        rows = [row[:-1] for row in trace_rows("tree-dyn")]
        trace = write_csv(self.path("short.csv"), TRACE_HEADER[:-1], rows)
        self.assert_input_error(run_script(PLOT, trace), trace, "end")

    def test_no_rows_for_the_requested_algorithm(self):
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, trace_rows("tree-dyn"))
        self.assert_input_error(run_script(PLOT, trace, "--algorithm", "fibonacci-stat"),
                                trace, "fibonacci-stat")

    def test_unknown_event_kind(self):
        rows = trace_rows("tree-dyn")
        rows[2][TRACE_HEADER.index("kind")] = "idle"
        trace = write_csv(self.path("trace.csv"), TRACE_HEADER, rows)
        self.assert_input_error(run_script(PLOT, trace), trace, "expected comm or compute")


class GanttOtherFamiliesTest(PlotTestCase):
    """Every family's trace is drawn: the parameters are the columns between algorithm and
    replication (docs/outputs.md, Trace CSV)."""

    def test_divisible_trace(self):
        rows = divisible_trace_rows("opt-fifo") + divisible_trace_rows("opt-lifo")
        trace = write_csv(self.path("divisible.csv"), DIVISIBLE_TRACE_HEADER, rows)
        result = run_script(PLOT, trace)
        self.assert_png(result, self.path("divisible.png"), "opt-fifo, opt-lifo", trace)
        self.assertNotIn("several points", result.stderr)

    def test_several_divisible_points_name_the_first_with_its_parameters(self):
        rows = divisible_trace_rows("lp") + divisible_trace_rows("lp", z=2)
        trace = write_csv(self.path("sweep.csv"), DIVISIBLE_TRACE_HEADER, rows)
        result = run_script(PLOT, trace, "--algorithm", "lp")
        self.assert_png(result, self.path("sweep.png"), "lp", trace, "lp")
        self.assertIn("workers = 3, z = 1, wc_ratio = 1", result.stderr)

    def test_broadcast_trace(self):
        rows = broadcast_trace_rows("flat") + broadcast_trace_rows("ecef")
        trace = write_csv(self.path("broadcast.csv"), BROADCAST_TRACE_HEADER, rows)
        out = self.path("bcast.png")
        self.assert_png(run_script(PLOT, trace, "--output", out), out, "ecef, flat", trace)

    def test_missing_peer_column(self):
        peer = DIVISIBLE_TRACE_HEADER.index("peer")
        rows = [row[:peer] + row[peer + 1:] for row in divisible_trace_rows("opt-fifo")]
        header = [name for name in DIVISIBLE_TRACE_HEADER if name != "peer"]
        trace = write_csv(self.path("nopeer.csv"), header, rows)
        self.assert_input_error(run_script(PLOT, trace), trace, "peer")
        self.assertFalse(os.path.exists(self.path("nopeer.png")))

    def test_replication_before_algorithm(self):
        header = ["replication", "workers", "algorithm"] + DIVISIBLE_TRACE_HEADER[5:]
        rows = [[row[4], row[1], row[0]] + row[5:] for row in divisible_trace_rows("lp")]
        trace = write_csv(self.path("order.csv"), header, rows)
        self.assert_input_error(run_script(PLOT, trace), trace, "replication before algorithm")

    def test_empty_trace(self):
        trace = write_csv(self.path("empty.csv"), BROADCAST_TRACE_HEADER, [])
        self.assert_input_error(run_script(PLOT, trace), trace, "no events")


class GanttHelperTest(unittest.TestCase):
    """Parameters and host rows, checked without drawing."""

    @staticmethod
    def rows(header, rows):
        return [dict(zip(header, map(str, row))) for row in rows]

    def test_parameters_are_the_columns_between_algorithm_and_replication(self):
        cases = ((TRACE_HEADER, REDUCE_PARAMETERS),
                 (DIVISIBLE_TRACE_HEADER, ("workers", "z", "wc_ratio")),
                 (BROADCAST_TRACE_HEADER, ("clusters", "message", "cluster_hosts")))
        for header, parameters in cases:
            rows = self.rows(header, [[""] * len(header)])
            self.assertEqual(plot_gantt.parameter_columns(rows, "t.csv", header), parameters)

    def test_host_rows_cover_every_host_and_peer(self):
        rows = [{"host": 0.0, "peer": 5.0}, {"host": 2.0, "peer": -1.0}]
        self.assertEqual(plot_gantt.host_count(rows), 6)

    def test_host_rows_cover_idle_processors(self):
        rows = [{"host": 1.0, "peer": 0.0, "processors": 8.0}]
        self.assertEqual(plot_gantt.host_count(rows), 8)

    def test_point_description_leaves_out_the_keys_that_do_not_apply(self):
        # An empty cell (csv) or NaN (pandas) is a key that does not apply to the point.
        row = {"clusters": "4", "message": "4194304", "cluster_hosts": "", "cv": float("nan")}
        self.assertEqual(plot_gantt.describe_point(row, ("clusters", "message", "cluster_hosts", "cv")),
                         "clusters = 4, message = 4194304")

    def test_point_description_shortens_long_numbers_only(self):
        row = {"message": "4194304", "beta": "0.30000000000000004", "mode": "fifo"}
        self.assertEqual(plot_gantt.describe_point(row, ("message", "beta", "mode")),
                         "message = 4194304, beta = 0.3, mode = fifo")


if __name__ == "__main__":
    unittest.main(verbosity=2)

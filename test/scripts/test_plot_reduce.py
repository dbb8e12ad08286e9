#!/usr/bin/env python3
"""Tests of the reduce family's figures (scripts/plot.py rr8315-*, liu-*, reduce-clairvoyance)
on small synthetic CSVs.

run: scripts/python.sh test/scripts/test_plot_reduce.py

Runs plot.py as plot_test_support.py says: RR-8315's Figures 4 to 6 and Liu & Wang's fig1, fig8,
ratio and scaling are drawn; bad input (a missing column, points a figure cannot show, a CSV
without the reduce layout), one line on stderr naming the file and status 2. The numbers behind
the heat maps are checked without drawing, against pandas on the same rows.
"""
import math
import os
import unittest

import pandas

from hetcoll.figures import clairvoyance, reduce as plot_reduce
from plot_test_support import PlotScriptTest, script, write

# The reduce layout (docs/outputs.md): every sweep column of the family, then the statistics.
PARAMETERS = ["processors", "cv", "ratio", "spread", "slow_fraction", "x", "levels", "cluster_cv", "message"]
SUMMARY = (["algorithm"] + PARAMETERS + ["replications", "mean", "stddev", "stderr", "q10", "q50", "q90",
                                        "over_bound_mean", "over_bound_max", "sender_spread_max"])
TRACE = ["algorithm"] + PARAMETERS + ["replication", "kind", "host", "peer", "start", "end"]
RAW = ["algorithm"] + PARAMETERS + ["replication", "value", "over_bound", "sender_spread"]
# Cluster columns as cluster = platform (RR-8315's model) writes them: spread, slow_fraction, x,
# levels, cluster_cv empty, since no law draws the times (docs/outputs.md); then the value's
# size (the default; Liu & Wang's scenarios use 1e7 B).
DEFAULT_CLUSTER = ["", "", "", "", "", 8388608]
RR8315_METHODS = ("binomial-stat", "fibonacci-stat", "tree-dyn", "non-commut-tree-dyn")
FIGURE6_METHODS = ("binomial-stat", "fibonacci-stat", "non-commut-tree-dyn")


# ---- RR-8315 data -----------------------------------------------------------------------

def synthetic_mean(algorithm, cv, ratio):
    """n = 64 makespans at CV -> 0 (RR-8315's deterministic 9 + c and 6(1 + c); Non-Commut-Tree-dyn
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


def rr8315_row(algorithm, processors, cv, ratio, cluster=DEFAULT_CLUSTER):
    mean = synthetic_mean(algorithm, cv, ratio)
    stddev = mean * 0.3 * cv
    # Skewed like a makespan: the 10% quantile stays positive, the 90% one grows with the CV.
    q10, q90 = mean / (1 + 0.5 * cv), mean * (1 + 0.5 * cv)
    # Over the lower bound of 64 hosts of time 1 (6 communications in a row).
    return ([algorithm, processors, repr(cv), repr(ratio)] + list(cluster)
            + [1000, repr(mean), repr(stddev), repr(stddev / math.sqrt(1000)), repr(q10), repr(mean),
               repr(q90), repr(mean / 6), repr(q90 / 6), 1])


def log_grid(low, high, count):
    return [round(10 ** (low + (high - low) * i / (count - 1)), 6) for i in range(count)]


def rr8315_rows(cvs, ratios, methods, processors=(64,)):
    return [rr8315_row(method, n, cv, ratio) for n in processors for ratio in ratios
            for cv in cvs for method in methods]


def clairvoyance_rows(cvs=(0, 0.01, 0.1, 1), xs=(1, 2, 4, 16)):
    """The map of scenarios/reduce-clairvoyance-map.ini, synthetic: SNF's plan worsens with the
    CV, Tree-dyn's and Binomial-stat's with the slow/fast ratio x (shapes, not results)."""
    def mean(algorithm, cv, x):
        return {"snf": 6 + x * (1 + 2 * cv), "tree-dyn": 6 * x * (1 + 0.4 * cv),
                "binomial-stat": 7 * x * (1 + 0.8 * cv)}[algorithm]
    return [[algorithm, 64, repr(cv), 0, "", 0.5, repr(x), "", "", 8388608, 2000, repr(mean(algorithm, cv, x)),
             1, 0.02, 1, 2, 3, 1, 1, 1]
            for x in xs for cv in cvs for algorithm in ("snf", "tree-dyn", "binomial-stat")]


# ---- Liu & Wang data --------------------------------------------------------------------

def liu_row(algorithm, n, x, mean, ratio, cv=0, spread=4, cluster="uniform"):
    """A summary row of Liu & Wang's model: cv = ratio = 0, the cluster's columns after them (those
    of another law than `cluster`'s empty), values of 1e7 B, one time per sender (sender_spread 1)."""
    laws = ["", 0.5, x, "", ""] if cluster == "two-type" else [spread, "", "", "", ""]
    return [algorithm, n, cv, 0] + laws + [10000000, 100, mean, 0, 0, mean, mean, mean, ratio, ratio * 1.1, 1]


# The SNF schedule of Liu & Wang's Figure 1 cluster (their Figure 5): host, peer, start, end.
FIGURE1 = [(1, 0, 0, 5), (2, 5, 0, 5), (3, 6, 0, 5), (5, 6, 5, 7), (4, 0, 5, 9), (6, 0, 9, 11)]


def liu_trace(algorithms=("snf", "optimal"), cv=0):
    """The Figure 1 cluster is given by its times: processors is 0 in the CSV."""
    return [[a, 0, cv, 0] + DEFAULT_CLUSTER + [0, "comm", h, p, s, e] for a in algorithms for h, p, s, e in FIGURE1]


class ReduceScriptTest(PlotScriptTest):
    SCRIPT = script("plot.py")

    def assert_chart(self, result, path, stdout_names):
        """A PNG that holds a chart, not an empty frame."""
        self.assert_png(result, path, stdout_names)
        self.assertGreater(os.path.getsize(path), 10_000, f"{path} is too small to hold a chart")


# ---- RR-8315, Figures 4 to 6 ------------------------------------------------------------

class Rr8315FigureTest(ReduceScriptTest):
    def test_figure4_with_default_output(self):
        data = self.path("fig4.csv")
        write(data, SUMMARY, rr8315_rows(log_grid(-2, 1, 7), [0], RR8315_METHODS))
        self.assert_chart(self.run_script("rr8315-fig4", data), self.path("fig4.png"), "rr8315-fig4")

    def test_cv_by_ratio_grid_with_fibonacci_and_tree_dyn_is_figure5(self):
        data, out = self.path("fig5.csv"), self.path("heat.png")
        write(data, SUMMARY, rr8315_rows(log_grid(-2, 1, 6), log_grid(-1, 1, 5), ("fibonacci-stat", "tree-dyn")))
        self.assert_chart(self.run_script("rr8315-fig5", data, "--output", out), out, "rr8315-fig5")

    def test_one_grid_of_every_method_draws_figures_5_and_6(self):
        data = self.path("all.csv")
        write(data, SUMMARY, rr8315_rows(log_grid(-2, 1, 4), log_grid(-1, 1, 3), RR8315_METHODS))
        for figure in ("rr8315-fig5", "rr8315-fig6"):
            output = self.path(f"{figure}.png")
            self.assert_chart(self.run_script(figure, data, "--output", output), output, figure)

    def test_several_processor_counts_use_the_largest_and_say_so(self):
        data = self.path("sweep.csv")
        write(data, SUMMARY, rr8315_rows(log_grid(-2, 1, 4), [0], RR8315_METHODS, processors=(8, 64)))
        result = self.run_script("rr8315-fig4", data)
        self.assert_chart(result, self.path("sweep.png"), "rr8315-fig4")
        self.assertIn("n = 64", result.stderr)


class Rr8315ErrorTest(ReduceScriptTest):
    def test_missing_file(self):
        missing = self.path("absent.csv")
        self.assert_input_error(self.run_script("rr8315-fig4", missing), missing, "no such file")

    def test_missing_column(self):
        rows = [row[:-1] for row in rr8315_rows([0.1, 1], [0], RR8315_METHODS)]
        data = self.path("short.csv")
        write(data, SUMMARY[:-1], rows)
        self.assert_input_error(self.run_script("rr8315-fig4", data), data, "missing column", "over_bound_max")

    def test_no_rows_for_the_requested_figure(self):
        data = self.path("binomial.csv")
        write(data, SUMMARY, rr8315_rows([0.1, 1], [0.1, 1], ("binomial-stat",)))
        self.assert_input_error(self.run_script("rr8315-fig5", data), data, "fibonacci-stat")
        self.assertFalse(os.path.exists(self.path("binomial.png")))

    def test_unreadable_number(self):
        rows = rr8315_rows([0.1], [0], RR8315_METHODS)
        rows[0][SUMMARY.index("mean")] = "fast"
        data = self.path("text.csv")
        write(data, SUMMARY, rows)
        self.assert_input_error(self.run_script("rr8315-fig4", data), data, "line 2: column mean", "expected a number")

    def test_a_swept_cluster_column_is_refused_naming_it(self):
        # Two cluster_cv values give two rows per (algorithm, cv, ratio): one line would zigzag.
        rows = [rr8315_row(m, 64, cv, 0, DEFAULT_CLUSTER[:4] + [cluster_cv] + DEFAULT_CLUSTER[5:])
                for cluster_cv in (0.5, 1) for cv in (0.1, 1) for m in RR8315_METHODS]
        data = self.path("cluster.csv")
        write(data, SUMMARY, rows)
        self.assert_input_error(self.run_script("rr8315-fig4", data), data, "two rows", "cluster_cv")
        self.assertFalse(os.path.exists(self.path("cluster.png")))

    def test_several_rr8315_files_are_refused(self):
        for name in ("a.csv", "b.csv"):
            write(self.path(name), SUMMARY, rr8315_rows([0.1, 1], [0], RR8315_METHODS))
        self.assert_input_error(self.run_script("rr8315-fig4", self.path("a.csv"), self.path("b.csv")),
                                self.path("b.csv"), "draws 1 CSV")


class Rr8315HelperTest(unittest.TestCase):
    """The numbers behind the heat maps, checked without drawing against pandas on the same rows."""

    def test_cell_edges_are_geometric_midpoints(self):
        edges = plot_reduce.cell_edges([0.1, 1.0, 10.0])
        for edge, expected in zip(edges, [10 ** -1.5, 10 ** -0.5, 10 ** 0.5, 10 ** 1.5]):
            self.assertAlmostEqual(edge, expected)

    def test_figure6_cell_holds_the_method_with_the_smallest_mean(self):
        methods = plot_reduce.FIGURE6_METHODS
        means = {(0.1, 0.1): (6.6, 9.2, 7.7), (0.1, 1.0): (12, 10, 14), (5.0, 1.0): (40, 35, 30)}
        rows = [{"algorithm": name, "cv": cv, "ratio": ratio, "mean": mean} for (cv, ratio), cell in means.items()
                for name, mean in zip(methods, cell)]
        cvs, ratios, grid = plot_reduce.method_grid(rows, "fig6.csv", "ratio", "cv", methods)
        values = plot_reduce.as_grid(plot_reduce.best_method(grid), cvs, ratios)
        self.assertEqual((cvs, ratios), ([0.1, 5.0], [0.1, 1.0]))
        self.assertEqual(values[0, 0], 0)
        self.assertEqual(values[1, 0], 1)
        self.assertEqual(values[1, 1], 2)
        self.assertTrue(values.mask[0, 1], "a cell without data must stay empty")

    def test_tie_goes_to_the_first_method_in_paper_order(self):
        means = pandas.DataFrame([[9.0, 9.0, 9.5]], columns=list(plot_reduce.FIGURE6_METHODS))
        self.assertEqual(plot_reduce.best_method(means).tolist(), [0])

    def test_figure5_value_is_fibonacci_over_tree_dyn(self):
        means = pandas.DataFrame([[9.0, 6.0], [9.0, 0.0]], columns=list(plot_reduce.FIGURE5_METHODS))
        ratio = plot_reduce.mean_ratio(means)
        self.assertAlmostEqual(ratio[0], 1.5)
        self.assertTrue(math.isnan(ratio[1]), "a Tree-dyn mean of 0 gives no ratio")

    def test_two_rows_of_one_cell_are_refused(self):
        rows = [{"algorithm": "tree-dyn", "cv": 0.1, "ratio": 1.0, "mean": m, "cluster_cv": c} for m, c in ((6, 1), (7, 2))]
        with self.assertRaisesRegex(plot_reduce.pc.PlotError, "two rows for algorithm tree-dyn, cv 0.1, ratio 1"):
            plot_reduce.method_grid(rows, "fig5.csv", "ratio", "cv", ("tree-dyn",))

    def test_clairvoyance_cell_is_snf_over_the_other_and_cv_zero_sits_one_step_left(self):
        rows = [{"algorithm": a, "cv": cv, "x": x, "mean": m}
                for a, cv, x, m in (("snf", 0, 2, 7.0), ("tree-dyn", 0, 2, 10.0), ("snf", 0.1, 2, 9.0),
                                    ("tree-dyn", 0.1, 2, 6.0), ("snf", 1.0, 2, 12.0))]
        cvs, xs, values = clairvoyance.clairvoyance_grid(rows, "map.csv", "tree-dyn")
        self.assertEqual((cvs, xs), ([0, 0.1, 1.0], [2]))
        self.assertAlmostEqual(values[0, 0], 0.7)
        self.assertAlmostEqual(values[0, 1], 1.5)
        self.assertTrue(values.mask[0, 2], "a cell without tree-dyn must stay empty")
        self.assertEqual([round(p, 9) for p in clairvoyance.cv_positions([0, 0.1, 1.0])], [0.01, 0.1, 1.0])


class ClairvoyanceFigureTest(ReduceScriptTest):
    def test_the_map_is_drawn_and_needs_all_three_algorithms(self):
        data = self.path("map.csv")
        write(data, SUMMARY, clairvoyance_rows())
        output = self.path("map.png")
        self.assert_chart(self.run_script("reduce-clairvoyance", data, "--output", output), output,
                          "reduce-clairvoyance")
        partial = self.path("partial.csv")
        write(partial, SUMMARY, [row for row in clairvoyance_rows() if row[0] != "binomial-stat"])
        self.assert_input_error(self.run_script("reduce-clairvoyance", partial), partial,
                                "binomial-stat")


# ---- Liu & Wang -------------------------------------------------------------------------

class LiuFigureTest(ReduceScriptTest):
    def test_each_figure_is_drawn(self):
        write(self.path("trace.csv"), TRACE, liu_trace())
        write(self.path("fig8.csv"), SUMMARY,
              [liu_row(a, 12, x / 10, m, m / 4, cluster="two-type") for x in range(10, 21)
               for a, m in (("snf", x / 10 + 3), ("optimal", min(4, 2 * x / 10 + 1)))])
        write(self.path("ratio.csv"), SUMMARY, [liu_row(a, n, 2, 5, r) for n in range(3, 13)
                                                for a, r in (("snf", 1.02), ("optimal", 1), ("binomial-stat", 30))])
        write(self.path("scaling.csv"), SUMMARY, [liu_row(a, n, 2, 5, r) for n in (16, 256, 4096)
                                                  for a, r in (("snf", 1.2), ("fastest-first", 2.5))])
        for name, figure, extra in (("trace", "liu-fig1", []), ("fig8", "liu-fig8", []),
                                    ("ratio", "liu-ratio", []), ("scaling", "liu-scaling", []),
                                    ("ratio", "liu-ratio", [self.path("ratio.csv")])):
            output = self.path(f"{name}-{len(extra)}.png")
            self.assert_chart(self.run_script(figure, self.path(f"{name}.csv"), *extra, "--output", output),
                              output, f"{output}: {figure}")

    def test_ratio_pools_the_cluster_points_of_each_n(self):
        data = self.path("uniform.csv")
        write(data, SUMMARY, [liu_row(a, n, 2, 5, r, spread=s) for s in (1.5, 10) for n in range(3, 13)
                              for a, r in (("snf", 1.02), ("optimal", 1))])
        self.assert_chart(self.run_script("liu-ratio", data), self.path("uniform.png"), "liu-ratio")


class LiuErrorTest(ReduceScriptTest):
    def test_missing_column_exits_2_naming_the_file(self):
        data = self.path("bad.csv")
        write(data, SUMMARY[:-1], [liu_row("snf", 7, 2, 11, 1)[:-1]])
        self.assert_input_error(self.run_script("liu-ratio", data), data, "missing column", "over_bound_max")

    def test_fig8_without_the_optimum_exits_2(self):
        data = self.path("snf.csv")
        write(data, SUMMARY, [liu_row("snf", 12, x / 10, x / 10 + 3, 1, cluster="two-type") for x in range(10, 21)])
        self.assert_input_error(self.run_script("liu-fig8", data), data, "optimal")

    def test_drawn_costs_are_refused_by_every_liu_figure(self):
        data = self.path("drawn.csv")
        write(data, SUMMARY, [liu_row(a, n, 2, 5, 1, cv=cv) for cv in (0, 0.5) for n in range(3, 13)
                              for a in ("snf", "optimal")])
        for figure in ("liu-fig8", "liu-ratio", "liu-scaling"):
            self.assert_input_error(self.run_script(figure, data), data,
                                    "column cv is 0.5", figure)
        self.assertFalse(os.path.exists(self.path("drawn.png")))

    def test_a_costly_reduction_is_refused(self):
        rows = [liu_row(a, n, 2, 5, 1) for n in range(3, 13) for a in ("snf", "optimal")]
        rows[0][PARAMETERS.index("ratio") + 1] = 0.5
        data = self.path("costly.csv")
        write(data, SUMMARY, rows)
        self.assert_input_error(self.run_script("liu-ratio", data), data, "column ratio is 0.5")

    def test_gantt_of_drawn_costs_points_to_the_gantt_figure(self):
        trace = self.path("trace.csv")
        write(trace, TRACE, liu_trace(cv=1))
        self.assert_input_error(self.run_script("liu-fig1", trace), trace, "column cv", "plot.py gantt")

    def test_scaling_of_several_spreads_is_refused(self):
        data = self.path("spreads.csv")
        write(data, SUMMARY, [liu_row("snf", n, 2, 5, 1.2, spread=s) for s in (4, 10) for n in (16, 256)])
        self.assert_input_error(self.run_script("liu-scaling", data), data, "two rows", "spread")

    def test_trace_given_to_a_summary_figure_is_refused(self):
        trace = self.path("trace.csv")
        write(trace, TRACE, liu_trace())
        self.assert_input_error(self.run_script("liu-fig8", trace), trace, "a trace CSV")


# ---- CSVs the figures do not draw -------------------------------------------------------

class OtherLayoutTest(ReduceScriptTest):
    """CSVs without the reduce layout (the former reduction and hetreduce families', a raw CSV)
    are refused, never misread."""

    def test_a_summary_without_cluster_cv_is_refused_naming_the_column(self):
        # hetreduce's cv was the CV of the cluster's times, now cluster_cv: reading it as the
        # costs' CV would be wrong.
        header = (["algorithm", "processors", "spread", "slow_fraction", "x", "levels", "cv"]
                  + SUMMARY[len(PARAMETERS) + 1:])
        data = self.path("hetreduce.csv")
        write(data, header, [["snf", n, 4, 0.5, 2, 3, 1, 100, 5, 0, 0, 5, 5, 5, 1, 1] for n in range(3, 13)])
        self.assert_input_error(self.run_script("liu-ratio", data), data, "missing column", "cluster_cv")
        self.assertFalse(os.path.exists(self.path("hetreduce.png")))

    def test_a_trace_without_cluster_cv_is_refused_naming_the_column(self):
        header = ["algorithm", "processors", "spread", "slow_fraction", "x", "levels", "cv"] + TRACE[-6:]
        trace = self.path("trace.csv")
        write(trace, header, [["snf", 0, 4, 0.5, 2, 3, 1, 0, "comm", h, p, s, e] for h, p, s, e in FIGURE1])
        self.assert_input_error(self.run_script("liu-fig1", trace), trace, "missing column", "cluster_cv")

    def test_raw_csv_is_refused(self):
        data = self.path("raw.csv")
        write(data, RAW, [["snf", 7, 0, 0] + DEFAULT_CLUSTER + [r, 11, 1, 1] for r in range(3)])
        self.assert_input_error(self.run_script("liu-ratio", data), data, "raw CSV")


if __name__ == "__main__":
    unittest.main()

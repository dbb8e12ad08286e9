#!/usr/bin/env python3
"""The data each figure draws, read back from the matplotlib Figure, against the CSVs.

run: scripts/python.sh test/scripts/test_drawn_data.py

For every registered figure (a test fails when one has no check here), its synthetic CSVs (those
of test_plot.py, read by pandas) are drawn with hetcoll.plot, and the lines, bars, heat-map cells and
titles the Figure holds are compared with what pandas computes from the same CSVs in this file:
means per point, pivot tables of ratios, groupby quantiles of per-replication ratios, ECDFs,
Gantt windows. The CSVs are read with float_precision="round_trip", as the figures read them.
"""
import tempfile
import unittest

import numpy
import pandas

import hetcoll.plot
from hetcoll.figures import against_mpi, broadcast, clairvoyance, common, divisible, FIGURES as figures, gantt, liu, reduce, redistribute
from test_plot import synthetic_inputs

common.use_file_backend()
MIB = 1048576


def read(path):
    return pandas.read_csv(path, float_precision="round_trip")


def xy(line):
    return numpy.asarray(line.get_xdata(), float), numpy.asarray(line.get_ydata(), float)


def lines(axes):
    """{label: (x, y)} of the labelled lines of `axes` (matplotlib names the others _child...),
    and of its error bars' data lines (the label goes to their container)."""
    drawn = {line.get_label(): xy(line) for line in axes.get_lines() if not line.get_label().startswith("_")}
    drawn.update({container.get_label(): xy(container.lines[0]) for container in axes.containers
                  if hasattr(container, "has_yerr") and container.lines[0] is not None})
    return drawn


def unlabelled(axes, colour):
    """The y data of the unlabelled data lines of `colour` (bands' edges; not axhline's, which
    spans the axes), as sorted tuples."""
    from matplotlib.colors import to_rgba
    return sorted(tuple(line.get_ydata()) for line in axes.get_lines()
                  if line.get_label().startswith("_") and line.get_transform() == axes.transData
                  and to_rgba(line.get_color()) == to_rgba(colour))


def bars(axes, colour):
    """(x0, x1, y0) of every broken_barh rectangle of face `colour` in `axes`."""
    from matplotlib.colors import to_rgba
    found = []
    for collection in axes.collections:
        faces = collection.get_facecolor()
        for index, path in enumerate(collection.get_paths()):
            if len(faces) and numpy.allclose(faces[min(index, len(faces) - 1)], to_rgba(colour)):
                box = path.get_extents()
                found.append((round(box.x0, 9), round(box.x1, 9), round(box.y0, 9)))
    return sorted(found)


def mesh_values(axes):
    """The cells of the first heat map of `axes`, a line per y value."""
    from matplotlib.collections import QuadMesh
    mesh = next(c for c in axes.collections if isinstance(c, QuadMesh))
    return numpy.ma.filled(numpy.ma.asarray(mesh.get_array(), float), numpy.nan).ravel()


def first_point(frame, columns):
    """The rows of the first row's values of `columns` (the point a Gantt chart draws)."""
    first = frame.iloc[0]
    return frame[(frame[columns].fillna(-1) == first[columns].fillna(-1)).all(axis=1)]


class DrawnDataTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.inputs = synthetic_inputs(self.dir.name)

    def draw(self, name, **options):
        """The Figure hetcoll.plot's function of `name` draws from the CSVs read as DataFrames, as
        a notebook would read them (pandas' types, empty cells NaN)."""
        inputs = self.inputs[name]
        frames = [read(path) for path in ([inputs] if isinstance(inputs, str) else inputs)]
        axes = getattr(hetcoll.plot, hetcoll.plot.function_name(name))(*frames, **options)
        drawn = (axes if hasattr(axes, "figure") else axes[0]).figure
        self.addCleanup(common.pyplot().close, drawn)
        return drawn

    def same(self, drawn, expected, what):
        numpy.testing.assert_allclose(numpy.asarray(drawn, float), numpy.asarray(expected, float),
                                      rtol=1e-12, atol=0, err_msg=what)

    def test_every_registered_figure_is_checked(self):
        self.assertEqual(sorted(name for name in figures), sorted(CHECKS))
        for name in figures:
            with self.subTest(figure=name):
                CHECKS[name](self, name)

    # ---- reduce ----------------------------------------------------------------------------

    def check_rr8315_fig4(self, name):
        frame = read(self.inputs[name][0])
        frame = frame[(frame.processors == frame.processors.max()) & (frame.ratio == frame.ratio.min()) & (frame.cv > 0)]
        axes = self.draw(name).axes[0]
        drawn = lines(axes)
        for algorithm, rows in frame.sort_values("cv").groupby("algorithm"):
            x, y = drawn[common.method_label(algorithm)]
            self.same(x, rows.cv, f"{algorithm} cv")
            self.same(y, rows["mean"], f"{algorithm} mean")
            self.assertEqual(unlabelled(axes, common.method_colour(algorithm)),
                             sorted([tuple(rows.q10), tuple(rows.q90)]), f"{algorithm} q10-q90 band")

    def heat_map(self, frame, index, numerator, denominator):
        means = frame.pivot_table(index=[index, "cv"], columns="algorithm", values="mean")
        return (means[numerator] / means[denominator]).unstack("cv").to_numpy().ravel()

    def check_rr8315_fig5(self, name):
        frame = read(self.inputs[name][0])
        self.same(mesh_values(self.draw(name).axes[0]), self.heat_map(frame, "ratio", "fibonacci-stat", "tree-dyn"),
                  "mean(Fibonacci-stat) / mean(Tree-dyn) per cell")

    def check_rr8315_fig6(self, name):
        frame = read(self.inputs[name][0])
        frame = frame[frame.algorithm.isin(reduce.FIGURE6_METHODS)]
        best = frame.loc[frame.groupby(["ratio", "cv"])["mean"].idxmin()].set_index(["ratio", "cv"]).algorithm
        expected = best.map(list(reduce.FIGURE6_METHODS).index).unstack("cv").to_numpy().ravel()
        self.same(mesh_values(self.draw(name).axes[0]), expected, "best method per cell")

    def check_reduce_clairvoyance(self, name):
        frame = read(self.inputs[name][0])
        drawn = self.draw(name)
        for axes, other in zip(drawn.axes, clairvoyance.CLAIRVOYANCE_OTHERS):
            self.same(mesh_values(axes), self.heat_map(frame, "x", "snf", other), f"mean(SNF) / mean({other})")

    def check_liu_fig1(self, name):
        frame = read(self.inputs[name][0])
        drawn = self.draw(name)
        hosts = int(max(frame.host.max(), frame.peer.max())) + 1
        charts = [axes for axes in drawn.axes if axes.get_title()]
        counts = [axes for axes in drawn.axes if "2A(t) + C(t)" in lines(axes)]
        for algorithm, chart, count in zip(frame.algorithm.unique(), charts, counts):
            events = frame[frame.algorithm == algorithm]
            self.assertEqual(chart.get_title(), f"{liu.label(algorithm)}: makespan {events.end.max():g}")
            self.assertEqual(bars(chart, liu.colour(algorithm)),
                             sorted((s, e, round(h - 0.35, 9)) for s, e, h in zip(events.start, events.end, events.host)))
            dates = numpy.unique(numpy.concatenate([[0.0], events.start, events.end]))
            active = [((events.start <= d) & (d < events.end)).sum() for d in dates]
            complete = [(d >= events.end).sum() for d in dates]
            x, y = lines(count)["2A(t) + C(t)"]
            self.same(x, dates, "validity dates")
            self.same(y, 2 * numpy.array(active) + numpy.array(complete), "2A(t) + C(t)")
            self.assertLessEqual(y.max(), hosts)

    def check_liu_fig8(self, name):
        frame = read(self.inputs[name][0]).sort_values("x")
        drawn = lines(self.draw(name).axes[0])
        for algorithm, rows in frame.groupby("algorithm"):
            x, y = drawn[f"hetcoll: {liu.label(algorithm)}"]
            self.same(x, rows.x, algorithm)
            self.same(y, rows["mean"], algorithm)

    def check_liu_ratio(self, name):
        drawn = self.draw(name)
        for axes, path in zip(drawn.axes, self.inputs[name]):
            frame = read(path)
            panel = lines(axes)
            for algorithm, rows in frame[frame.algorithm != "optimal"].groupby("algorithm"):
                points = rows.groupby("processors")
                weighted = (rows.over_bound_mean * rows.replications).groupby(rows.processors).sum()
                x, y = panel[f"{liu.label(algorithm)}: mean"]
                self.same(x, weighted.index, algorithm)
                self.same(y, weighted / points.replications.sum(), f"{algorithm}: mean over the clusters of each n")
                if algorithm == "snf":
                    self.same(panel["SNF: largest"][1], points.over_bound_max.max(), "SNF: largest")

    def check_liu_scaling(self, name):
        frame = read(self.inputs[name][0]).sort_values("processors")
        drawn = lines(self.draw(name).axes[0])
        for algorithm, rows in frame.groupby("algorithm"):
            x, y = drawn[liu.label(algorithm)]
            self.same(x, rows.processors, algorithm)
            self.same(y, rows.over_bound_mean, algorithm)

    # ---- divisible -------------------------------------------------------------------------

    def check_bmr_gantt(self, name):
        frame = first_point(read(self.inputs[name][0]), ["workers", "z", "wc_ratio", "replication"])
        drawn = self.draw(name)
        for axes, algorithm in zip(drawn.axes, divisible.ordered(set(frame.algorithm))):
            events = frame[frame.algorithm == algorithm]
            compute = events[events.kind == "compute"]
            self.assertEqual(axes.get_title(), f"{divisible.label(algorithm)}: {len(compute)} workers enrolled, "
                                               f"makespan {events.end.max():.6g}")
            self.assertEqual([(x0, x1) for x0, x1, _ in bars(axes, "white")],
                             sorted(zip(compute.start.round(9), compute.end.round(9))))

    def check_bmr_fig4(self, name):
        drawn = self.draw(name)
        for axes, path in ((drawn.axes[0], self.inputs[name][0]), (drawn.axes[2], self.inputs[name][2])):
            frame = read(path)
            panel = lines(axes)
            for algorithm, rows in frame.sort_values("wc_ratio").groupby("algorithm"):
                label = next(text for text in panel if text.split(" (dashed")[0] == divisible.label(algorithm))
                self.same(panel[label][0], rows.wc_ratio, algorithm)
                self.same(panel[label][1], rows.normalized_mean, algorithm)
        enrolled = read(self.inputs[name][1]).query("algorithm == 'opt-fifo'").sort_values("wc_ratio")
        self.same(lines(drawn.axes[1])["mean"][1], enrolled.enrolled_mean, "(b) workers enrolled by OPT-FIFO")

    def check_bmr_gap(self, name):
        frame = read(self.inputs[name][0])
        values = frame.pivot_table(index=["workers", "z", "wc_ratio", "replication"], columns="algorithm", values="value")
        drawn = lines(self.draw(name).axes[0])
        for algorithm in values.columns.drop("optimal"):
            for workers, ratios in (values[algorithm] / values["optimal"]).groupby(level="workers"):
                x, y = drawn[f"{divisible.label(algorithm)}, p = {workers:g}"]
                self.same(x, numpy.sort(ratios), f"{algorithm}: ECDF of throughput / optimal")
                self.same(y, numpy.arange(1, len(ratios) + 1) / len(ratios), f"{algorithm}: ECDF")

    # ---- redistribute ----------------------------------------------------------------------

    def check_jw_fig7(self, name):
        frame = read(self.inputs[name][0]).sort_values(["edges", "k"], kind="stable")
        drawn = lines(self.draw(name).axes[0])
        for k, rows in frame[frame.algorithm == "dggp"].groupby("k"):
            self.same(drawn[f"k = {k:g}: mean (ribbon q10-q90)"][1], rows.over_bound_mean, f"k {k}")
            self.same(drawn[f"k = {k:g}: worst instance"][1], rows.over_bound_max, f"k {k}")

    def oggp_over_dggp(self, path):
        raw = read(path)
        keys = redistribute.PARAMETERS + ("replication",)
        pairs = raw.pivot_table(index=list(keys), columns="algorithm", values="value").dropna()
        pairs = pairs[pairs.dggp > 0]
        return (pairs.oggp / pairs.dggp).groupby(level="k")

    def check_jw_fig8(self, name):
        frame = read(self.inputs[name][0]).sort_values(["k", "edges"], kind="stable")
        left, right = self.draw(name).axes
        for algorithm, rows in frame[frame.algorithm.isin(["oggp", "dggp"])].groupby("algorithm"):
            self.same(lines(left)[redistribute.STYLE[algorithm][0]][1], rows.over_bound_mean, algorithm)
        ratios = self.oggp_over_dggp(self.inputs[name][1])
        panel = lines(right)
        self.same(panel["mean"][1], ratios.mean(), "mean OGGP / DGGP per k")
        self.same(panel["best case for DGGP (max)"][1], ratios.max(), "max")
        self.same(panel["worst case for DGGP (min)"][1], ratios.min(), "min")

    def check_jw_fig9(self, name):
        ratios = self.oggp_over_dggp(self.inputs[name][1])
        axes = self.draw(name).axes[0]
        heights = [patch.get_height() for patch in axes.containers[0]]
        self.same(heights, ratios.apply(lambda r: 100 * (r > 1 + redistribute.TIE).mean()), "% DGGP shorter")
        self.same(lines(axes)["tie"][1], ratios.apply(lambda r: 100 * ((r - 1).abs() <= redistribute.TIE).mean()), "% ties")

    def check_jw_sharing(self, name):
        frame = read(self.inputs[name][0]).sort_values(["edges", "k"], kind="stable")
        drawn = self.draw(name)
        for axes, k in zip(drawn.axes, sorted(frame.k.unique())):
            panel = lines(axes)
            for (algorithm, uncapped), rows in frame[frame.k == k].groupby(["algorithm", "uncapped"]):
                if algorithm not in redistribute.STYLE or (algorithm == "all-at-once" and uncapped):
                    continue
                suffix = "" if algorithm == "all-at-once" else (" uncapped" if uncapped else " capped")
                x, y = panel[redistribute.STYLE[algorithm][0] + suffix]
                self.same(x, rows.edges, f"{algorithm} {suffix} k {k}")
                self.same(y, rows.over_bound_mean, f"{algorithm} {suffix} k {k}")

    # ---- broadcast -------------------------------------------------------------------------

    def check_steffenel_clusters(self, name):
        frame = read(self.inputs[name][0]).sort_values("clusters")
        drawn = lines(self.draw(name).axes[0])
        for algorithm, rows in frame.groupby("algorithm"):
            x, y = drawn[broadcast.label(algorithm)]
            self.same(x, rows.clusters, algorithm)
            self.same(y, 1000 * rows["mean"], f"{algorithm}: mean in ms")

    def check_steffenel_grid(self, name):
        frame = read(self.inputs[name][0])
        chosen = frame[frame.message <= broadcast.FOUR_MIB].message.max()
        rows = frame[frame.message == chosen].set_index("algorithm").loc[broadcast.order(set(frame.algorithm))]
        axes = self.draw(name).axes[0]
        predicted, simulated = ([patch.get_height() for patch in container] for container in axes.containers)
        self.same(predicted, rows.predicted_mean, "predicted bars")
        self.same(simulated, rows["mean"], "simulated bars")

    def check_steffenel_sizes(self, name):
        frame = read(self.inputs[name][0]).sort_values("message")
        axes = self.draw(name).axes[0]
        drawn = lines(axes)
        for algorithm, rows in frame.groupby("algorithm"):
            x, y = drawn[broadcast.label(algorithm)]
            self.same(x, rows.message / MIB, algorithm)
            self.same(y, rows["mean"], algorithm)
            self.assertIn(tuple(rows.predicted_mean), unlabelled(axes, broadcast.colour(algorithm)))

    def check_steffenel_intra(self, name):
        drawn = self.draw(name)
        frames = [read(path).sort_values("message") for path in self.inputs[name]]
        for axes, frame in zip(drawn.axes, frames):
            for hosts, rows in frame.groupby("cluster_hosts"):
                self.same(lines(axes)[f"P = {hosts:g}"][1], rows["mean"], f"P = {hosts:g}")
        last = lines(drawn.axes[len(frames)])
        for (strategy, (x, y)), frame in zip(last.items(), frames):
            rows = frame[frame.cluster_hosts == broadcast.FIGURE6_HOSTS]
            self.same(y, rows["mean"], f"Figure 6: {strategy}")

    # ---- uncertainty and gantt -------------------------------------------------------------

    def check_uncertainty(self, name):
        summary, raw = (read(path) for path in self.inputs[name])
        drawn = self.draw(name).axes
        styles = {"reduce-uncertainty": reduce.PLANNER_AND_RR8315_STYLES, "divisible-uncertainty": divisible.METHODS,
                  "redistribute-uncertainty": redistribute.METHODS, "broadcast-uncertainty": broadcast.HEURISTICS}[name]
        for algorithm, rows in summary.sort_values("cv").groupby("algorithm"):
            self.same(lines(drawn[0])[styles.label(algorithm)][1], rows["mean"], f"(a) {algorithm}")
        values = raw.pivot_table(index=["cv", "replication"], columns="algorithm", values="value")
        higher = name == "divisible-uncertainty"
        to_best = values.div(values.max(axis=1) if higher else values.min(axis=1), axis=0)
        nominal = values.div(values.xs(0.0, level="cv"), level="replication")
        panels = [(drawn[1], to_best)] + ([(drawn[2], nominal)] if len(drawn) == 3 else [])
        self.assertEqual(len(drawn), 2 if name == "reduce-uncertainty" else 3)
        for axes, ratios in panels:
            for algorithm in ratios.columns:
                by_cv = ratios[algorithm].groupby(level="cv")
                self.same(lines(axes)[styles.label(algorithm)][1], by_cv.mean(), f"{name} {algorithm} mean")
                self.assertEqual(unlabelled(axes, styles.colour(algorithm)),
                                 sorted([tuple(by_cv.quantile(0.1)), tuple(by_cv.quantile(0.9))]),
                                 f"{name} {algorithm}: 10% and 90% quantiles")

    def check_against_mpi(self, name):
        drawn = self.draw(name).axes
        for axes, path in zip(drawn, self.inputs[name]):
            means = read(path).pivot(index="cv", columns="algorithm", values="mean")
            ratios = means.div(means[list(against_mpi.SELECTORS)].min(axis=1), axis=0)
            shown = lines(axes)
            for algorithm in ratios.columns:
                label = (against_mpi.SELECTORS[algorithm][0] if algorithm in against_mpi.SELECTORS
                         else against_mpi.STYLES.label(algorithm))
                if algorithm.startswith("mpi-"):
                    self.assertNotIn(label, shown, f"{path}: the library's row {algorithm} is not drawn")
                    continue
                self.same(shown[label][1], ratios[algorithm], f"{path}: {algorithm} over the better selector")

    def check_gantt(self, name):
        frame = read(self.inputs[name][0])
        axes = self.draw(name).axes[0]
        events = frame[frame.replication == frame.replication.min()]
        compute, comm = events[events.kind == "compute"], events[events.kind == "comm"]
        self.assertEqual(bars(axes, gantt.COMPUTE), sorted(zip(compute.start, compute.end, compute.host.astype(float))))
        self.assertEqual(bars(axes, gantt.SEND), sorted(zip(comm.start, comm.end, (comm.host - 0.4).round(9))))
        self.assertEqual(axes.get_title(), f"{common.method_label(events.algorithm.iloc[0])}: makespan "
                                           f"{events.end.max():.4g} s")


CHECKS = {
    "rr8315-fig4": DrawnDataTest.check_rr8315_fig4, "rr8315-fig5": DrawnDataTest.check_rr8315_fig5,
    "rr8315-fig6": DrawnDataTest.check_rr8315_fig6, "reduce-clairvoyance": DrawnDataTest.check_reduce_clairvoyance,
    "liu-fig1": DrawnDataTest.check_liu_fig1, "liu-fig8": DrawnDataTest.check_liu_fig8,
    "liu-ratio": DrawnDataTest.check_liu_ratio, "liu-scaling": DrawnDataTest.check_liu_scaling,
    "bmr-fig2": DrawnDataTest.check_bmr_gantt, "bmr-fig3": DrawnDataTest.check_bmr_gantt,
    "bmr-fig4": DrawnDataTest.check_bmr_fig4, "bmr-gap": DrawnDataTest.check_bmr_gap,
    "jw-fig7": DrawnDataTest.check_jw_fig7, "jw-fig8": DrawnDataTest.check_jw_fig8,
    "jw-fig9": DrawnDataTest.check_jw_fig9, "jw-sharing": DrawnDataTest.check_jw_sharing,
    "steffenel-fig7": DrawnDataTest.check_steffenel_clusters, "steffenel-fig8": DrawnDataTest.check_steffenel_clusters,
    "steffenel-grid": DrawnDataTest.check_steffenel_grid, "steffenel-sizes": DrawnDataTest.check_steffenel_sizes,
    "steffenel-intra": DrawnDataTest.check_steffenel_intra,
    "reduce-uncertainty": DrawnDataTest.check_uncertainty, "divisible-uncertainty": DrawnDataTest.check_uncertainty,
    "redistribute-uncertainty": DrawnDataTest.check_uncertainty,
    "broadcast-uncertainty": DrawnDataTest.check_uncertainty,
    "against-mpi": DrawnDataTest.check_against_mpi,
    "gantt": DrawnDataTest.check_gantt,
}


if __name__ == "__main__":
    unittest.main()

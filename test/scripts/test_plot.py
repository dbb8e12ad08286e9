#!/usr/bin/env python3
"""Tests of scripts/plot.py and of the figure registry it draws from (hetcoll.figures).

run: scripts/python.sh test/scripts/test_plot.py

Every figure `plot.py --list` names draws from small synthetic CSVs (the ones the family tests
write, imported from them) through the command line; --list names every registered figure; bad
input (a missing file, a missing column, an unknown figure, too few CSVs) exits 2 with one line on
stderr; --title, and the default title, are checked on the Figure the importable function returns;
the coinciding-lines note of bmr-fig4 is computed from the data.
"""
import json
import os
import unittest

import pandas

import test_plot_against_mpi as against_mpi_data  # the family tests' synthetic CSVs
import test_plot_broadcast as broadcast_data
import test_plot_divisible as divisible_data
import test_plot_gantt as gantt_data
import test_plot_redistribute as redistribute_data
import test_plot_reduce as reduce_data
import test_plot_uncertainty as uncertainty_data
from hetcoll.figures import PlotError, common, FIGURES as figures
from plot_test_support import PlotScriptTest, script, write

common.use_file_backend()


def synthetic_inputs(directory):
    """{figure name: [CSV paths]}: for every registered figure, CSVs it draws."""
    def path(name):
        return os.path.join(directory, name)

    r = reduce_data
    write(path("rr4.csv"), r.SUMMARY, r.rr8315_rows(r.log_grid(-2, 1, 7), [0], r.RR8315_METHODS))
    write(path("rr5.csv"), r.SUMMARY, r.rr8315_rows(r.log_grid(-2, 1, 6), r.log_grid(-1, 1, 5),
                                                     ("fibonacci-stat", "tree-dyn")))
    write(path("rr6.csv"), r.SUMMARY, r.rr8315_rows(r.log_grid(-2, 1, 6), r.log_grid(-1, 1, 5), r.FIGURE6_METHODS))
    write(path("clairvoyance.csv"), r.SUMMARY, r.clairvoyance_rows())
    write(path("liu-trace.csv"), r.TRACE, r.liu_trace())
    write(path("liu8.csv"), r.SUMMARY, [r.liu_row(a, 12, x / 10, m, m / 4, cluster="two-type") for x in range(10, 21)
                                        for a, m in (("snf", x / 10 + 3), ("optimal", min(4, 2 * x / 10 + 1)))])
    write(path("liu-ratio.csv"), r.SUMMARY, [r.liu_row(a, n, 2, 5, q) for n in range(3, 13)
                                             for a, q in (("snf", 1.02), ("optimal", 1))])
    write(path("liu-scaling.csv"), r.SUMMARY, [r.liu_row(a, n, 2, 5, q) for n in (16, 256, 4096)
                                               for a, q in (("snf", 1.2), ("fastest-first", 2.5))])
    d = divisible_data
    write(path("bmr-trace.csv"), gantt_data.DIVISIBLE_TRACE_HEADER, gantt_data.divisible_trace_rows("opt-fifo")
          + gantt_data.divisible_trace_rows("lp"))
    write(path("bmr-a.csv"), d.SUMMARY, d.summary_rows(0.8, d.HEURISTICS))
    write(path("bmr-b.csv"), d.SUMMARY, d.summary_rows(0.8, ("opt-fifo",)))
    write(path("bmr-c.csv"), d.SUMMARY, d.summary_rows(1, d.HEURISTICS))
    write(path("bmr-raw.csv"), d.RAW, [[name, 4, 0.8, 1, k, value - 0.001 * (k % 3), 1, 4] for k in range(20)
                                       for name, value in zip(d.HEURISTICS + ("optimal",), (0.48, 0.4, 0.47, 0.45, 0.5))])
    j = redistribute_data
    write(path("jw.csv"), j.SUMMARY, [j.summary(a, e, k, u, 1 + 1 / e)
                                      for a in ("oggp", "dggp", "greedy", "all-at-once", "lower-bound")
                                      for e in (10, 60) for k in (3, 10) for u in (0, 1)])
    write(path("jw-raw.csv"), j.RAW, [[a, 14, 14, 0, k, 1, 0, n, 100 + (n if a == "oggp" else 0), 1]
                                      for a in ("oggp", "dggp") for k in (3, 10) for n in range(5)])
    b = broadcast_data
    b.write_csv(path("st7.csv"), [(a, c, 4194304, 0, 2 + c * (1 + i) / 10, 2) for i, a in enumerate(b.HEURISTICS[:7])
                                  for c in range(2, 11)])
    b.write_csv(path("st8.csv"), [(a, c, 4194304, 0, 2 + c * (1 + i) / 10, 2) for i, a in enumerate(b.HEURISTICS[:7])
                                  for c in range(2, 51, 8)])
    b.write_csv(path("st-grid.csv"), [(a, 6, m, 0, (1 + i) * m / 1e6, (1 + i) * m / 1.1e6)
                                      for i, a in enumerate(b.HEURISTICS) for m in (65536, 1048576, 4194304)])
    intra = []
    for strategy in ("flat", "binomial"):
        intra.append(path(f"st-{strategy}.csv"))
        b.write_csv(intra[-1], [("ecef", 1, m, p, p * m / 1e8, p * m / 1e8) for p in (4, 16) for m in (65536, 1048576)])
        with open(intra[-1] + ".manifest.json", "w") as manifest:
            json.dump({"identity": {"family": "broadcast", "parameters": {"intra": strategy}}}, manifest)
    write(path("reduce-trace.csv"), gantt_data.TRACE_HEADER, gantt_data.trace_rows("tree-dyn"))
    studies = {}
    for name, algorithms in (("reduce-uncertainty", ["snf", "tree-dyn"]), ("divisible-uncertainty", ["opt-fifo", "opt-lifo"]),
                             ("redistribute-uncertainty", ["oggp", "dggp"]), ("broadcast-uncertainty", ["ecef", "flat"])):
        os.makedirs(path(name))
        # Ratios that differ between replications, so that the bands' quantiles are not one value.
        studies[name] = list(uncertainty_data.study_csvs(
            path(name), algorithms, value=lambda a, cv, r, names=algorithms:
            (1 + names.index(a)) * (1 + cv) * (1 + r % 3) + (r * r + 3 * names.index(a)) % 5 * cv))
    a = against_mpi_data
    a.reduce_csv(path("against-reduce.csv"), a.REDUCE_MEANS, platform="platforms/two-sites.xml")
    a.broadcast_csv(path("against-broadcast.csv"), a.BROADCAST_MEANS)
    return {
        **studies,
        "against-mpi": [path("against-reduce.csv"), path("against-broadcast.csv")],
        "rr8315-fig4": [path("rr4.csv")], "rr8315-fig5": [path("rr5.csv")], "rr8315-fig6": [path("rr6.csv")],
        "reduce-clairvoyance": [path("clairvoyance.csv")],
        "liu-fig1": [path("liu-trace.csv")], "liu-fig8": [path("liu8.csv")],
        "liu-ratio": [path("liu-ratio.csv"), path("liu-ratio.csv")], "liu-scaling": [path("liu-scaling.csv")],
        "bmr-fig2": [path("bmr-trace.csv")], "bmr-fig3": [path("bmr-trace.csv")],
        "bmr-fig4": [path("bmr-a.csv"), path("bmr-b.csv"), path("bmr-c.csv")], "bmr-gap": [path("bmr-raw.csv")],
        "jw-fig7": [path("jw.csv")], "jw-fig8": [path("jw.csv"), path("jw-raw.csv")],
        "jw-fig9": [path("jw.csv"), path("jw-raw.csv")], "jw-sharing": [path("jw.csv")],
        "steffenel-fig7": [path("st7.csv")], "steffenel-fig8": [path("st8.csv")],
        "steffenel-grid": [path("st-grid.csv")], "steffenel-sizes": [path("st-grid.csv")],
        "steffenel-intra": intra, "gantt": [path("reduce-trace.csv")],
    }


class PlotCommandTest(PlotScriptTest):
    SCRIPT = script("plot.py")

    def test_every_listed_figure_draws_from_synthetic_csvs(self):
        inputs = synthetic_inputs(self.dir.name)
        listed = [line.split()[0] for line in self.run_script("--list").stdout.splitlines()]
        self.assertEqual(sorted(listed), sorted(inputs), "a figure without synthetic CSVs in this test")
        for name in listed:
            with self.subTest(figure=name):
                output = self.path(f"{name}.png")
                result = self.run_script(name, *inputs[name], "--output", output)
                self.assert_png(result, output, f"{output}: {name}")

    def test_list_names_every_registered_figure_with_its_csvs(self):
        result = self.run_script("--list")
        self.assertEqual(result.returncode, 0, result.stderr)
        lines = result.stdout.splitlines()
        self.assertEqual([line.split()[0] for line in lines], list(figures))
        for line, figure in zip(lines, figures.values()):
            self.assertIn(figure.description, line)
            self.assertIn("scenarios/" if figure.name != "gantt" else "--trace", line)

    def test_default_output_is_the_first_csv_with_png(self):
        inputs = synthetic_inputs(self.dir.name)
        self.assert_png(self.run_script("bmr-fig4", *inputs["bmr-fig4"]), self.path("bmr-a.png"))

    def test_missing_file(self):
        missing = self.path("absent.csv")
        self.assert_input_error(self.run_script("rr8315-fig4", missing), missing, "no such file")

    def test_missing_column(self):
        data = self.path("short.csv")
        write(data, reduce_data.SUMMARY[:-1],
              [row[:-1] for row in reduce_data.rr8315_rows([0.1, 1], [0], reduce_data.RR8315_METHODS)])
        self.assert_input_error(self.run_script("rr8315-fig4", data), data, "missing column", "sender_spread_max")

    def test_unknown_figure_and_wrong_csv_count(self):
        inputs = synthetic_inputs(self.dir.name)
        self.assert_input_error(self.run_script("rr8315-fig9", *inputs["rr8315-fig4"]), "rr8315-fig9", "--list")
        self.assert_input_error(self.run_script("bmr-fig4", *inputs["bmr-fig4"][:2]), "bmr-b.csv", "draws 3 CSV")
        self.assert_input_error(self.run_script("jw-fig9", inputs["jw-fig9"][0]), "jw.csv", "raw")

    def test_an_option_the_figure_does_not_take(self):
        inputs = synthetic_inputs(self.dir.name)
        self.assert_input_error(self.run_script("rr8315-fig4", *inputs["rr8315-fig4"], "--algorithm", "tree-dyn"),
                                "rr8315-fig4", "no option algorithm")


class FigureFunctionTest(unittest.TestCase):
    """The importable side: figures[NAME].draw(data, title) returns a matplotlib Figure."""

    def setUp(self):
        import tempfile
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)
        self.inputs = synthetic_inputs(self.dir.name)

    def draw(self, name, data, **keywords):
        drawn = figures[name].draw(data, **keywords)
        self.addCleanup(common.pyplot().close, drawn)
        return drawn

    def test_title_replaces_the_default_title(self):
        for name in ("rr8315-fig4", "bmr-fig4", "gantt"):
            with self.subTest(figure=name):
                self.assertEqual(self.draw(name, self.inputs[name], title="my run")._suptitle.get_text(), "my run")

    def test_default_title_describes_the_plot_and_names_the_paper_with_cf(self):
        title = self.draw("rr8315-fig4", self.inputs["rr8315-fig4"])._suptitle.get_text()
        self.assertTrue(title.startswith("Mean schedule length"), title)
        self.assertTrue(title.endswith("(cf. RR-8315 Fig. 4)"), title)

    def test_a_dataframe_draws_the_data_of_its_csv(self):
        # A notebook's DataFrame (pandas.read_csv's numbers, NaN in the empty cells) draws the
        # lines the command line draws from the file; one input needs no list. round_trip: the
        # default float parser of read_csv may be one unit in the last place away from float().
        path = self.inputs["rr8315-fig4"][0]
        frame = pandas.read_csv(path, float_precision="round_trip")
        lines = [[(line.get_label(), list(line.get_xdata()), list(line.get_ydata())) for line in drawn.axes[0].lines]
                 for drawn in (self.draw("rr8315-fig4", [path]), self.draw("rr8315-fig4", [frame]),
                               self.draw("rr8315-fig4", frame))]
        self.assertEqual(lines[1], lines[0])
        self.assertEqual(lines[2], lines[0])
        self.assertEqual(frame.columns.tolist(), reduce_data.SUMMARY, "the caller's DataFrame is not changed")

    def test_missing_column_of_a_dataframe_names_it(self):
        short = pandas.read_csv(self.inputs["jw-fig7"][0]).drop(columns="over_bound_max")
        short.attrs["source"] = "my frame"
        with self.assertRaisesRegex(PlotError, "my frame: missing column.*over_bound_max"):
            figures["jw-fig7"].draw([short])

    def test_bmr_fig4_notes_the_lines_that_coincide_from_the_data(self):
        # summary_rows gives FIFO-INC-C and FIFO-INC-W distinct means; make them equal in (c) only.
        rows = divisible_data.summary_rows(1, divisible_data.HEURISTICS)
        column = divisible_data.SUMMARY.index("normalized_mean")
        means = {(row[0], row[3]): row[column] for row in rows}
        for row in rows:
            if row[0] == "fifo-inc-w":
                row[column] = means[("fifo-inc-c", row[3])]
        write(self.inputs["bmr-fig4"][2], divisible_data.SUMMARY, rows)
        drawn = self.draw("bmr-fig4", self.inputs["bmr-fig4"])
        legends = [[text.get_text() for text in axes.get_legend().get_texts()] for axes in drawn.axes]
        self.assertIn("FIFO-INC-W (dashed: same means as FIFO-INC-C)", legends[2])
        self.assertFalse(any("dashed" in label for label in legends[0]), legends[0])


if __name__ == "__main__":
    unittest.main()

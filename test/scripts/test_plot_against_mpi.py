#!/usr/bin/env python3
"""Tests of the figure of the studies against MPI (python/hetcoll/figures/against_mpi.py).

run: scripts/python.sh test/scripts/test_plot_against_mpi.py

On small synthetic CSVs of both families: the ratio each algorithm is drawn at is its mean over
the better of ompi-tuned and mpich at the same CV (hand-made numbers); the libraries' single
algorithms (mpi-*) are not drawn; a panel names the platform its manifest gives; a CSV without a
selector, or sweeping another key than cv, exits 2 naming the file.
"""
import json
import unittest

import numpy
import pandas

from hetcoll.figures import against_mpi, common
from plot_test_support import PlotScriptTest, script, write

CVS = (0, 0.1, 1)
REDUCE = ["algorithm", "processors", "cv", "ratio", "message", "segment", "replications", "mean", "stddev",
          "stderr", "q10", "q50", "q90", "root", "chosen", "chosen_segment"]
BROADCAST = ["algorithm", "clusters", "message", "cluster_hosts", "cv", "replications", "mean", "stddev", "stderr",
             "q10", "q50", "q90", "predicted_mean", "root", "chosen", "chosen_segment"]


def reduce_csv(path, means, platform=None):
    """A reduce summary of 10 hosts: means[algorithm](cv); a manifest naming `platform` if given."""
    write(path, REDUCE, [[a, 10, cv, 0, 1000000, 0, 100, mean(cv), 0.1, 0.01 * mean(cv), 0, 0, 0, 0, a, 0]
                         for cv in CVS for a, mean in means.items()])
    if platform is not None:
        with open(path + ".manifest.json", "w") as manifest:
            json.dump({"platform": platform}, manifest)


def broadcast_csv(path, means):
    """A broadcast summary of 14 hosts, 1 MiB: means[algorithm](cv)."""
    write(path, BROADCAST, [[a, 3, 1048576, 14, cv, 100, mean(cv), 0.1, 0.02 * mean(cv), 0, 0, 0, 0, 0, a, -1]
                            for cv in CVS for a, mean in means.items()])


REDUCE_MEANS = {"snf": lambda cv: 2 + cv, "tree-dyn": lambda cv: 1.5 - cv / 2, "ompi-tuned": lambda cv: 1.2,
                "mpich": lambda cv: 1 + cv, "mpi-linear": lambda cv: 5}
BROADCAST_MEANS = {"ecef": lambda cv: 0.5 + cv, "flat": lambda cv: 3, "ompi-tuned": lambda cv: 2,
                   "mpich": lambda cv: 1, "mpi-chain": lambda cv: 0.9}


class AgainstMpiFigureTest(PlotScriptTest):
    SCRIPT = script("plot.py")

    def test_each_algorithm_is_drawn_over_the_better_selector_and_library_rows_are_not(self):
        reduce_path, broadcast_path = self.path("reduce.csv"), self.path("broadcast.csv")
        reduce_csv(reduce_path, REDUCE_MEANS, platform="/somewhere/platforms/two-sites.xml")
        broadcast_csv(broadcast_path, BROADCAST_MEANS)
        common.use_file_backend()
        figure, _ = against_mpi.draw_against_mpi([common.read_csv(reduce_path), common.read_csv(broadcast_path)], {})
        self.addCleanup(common.pyplot().close, figure)
        reduce_axes, broadcast_axes = figure.axes[:2]
        drawn = {line.get_label(): list(line.get_ydata()) for line in reduce_axes.get_lines()
                 if not line.get_label().startswith("_")}
        # The better selector: mpich at CV 0 (1) and 0.1 (1.1), ompi-tuned at CV 1 (1.2 against 2).
        numpy.testing.assert_allclose(drawn["SNF"], [2 / 1, 2.1 / 1.1, 3 / 1.2], rtol=1e-12)
        numpy.testing.assert_allclose(drawn["Tree-dyn"], [1.5 / 1, 1.45 / 1.1, 1 / 1.2], rtol=1e-12)
        self.assertEqual(sorted(drawn), sorted(["SNF", "Tree-dyn", against_mpi.SELECTORS["ompi-tuned"][0],
                                                against_mpi.SELECTORS["mpich"][0]]))
        self.assertIn("reduce on two-sites.xml: 10 hosts, 1,000,000 B", reduce_axes.get_title())
        self.assertIn("standard errors at most 1 % of a mean", reduce_axes.get_title())
        labels = [line.get_label() for line in broadcast_axes.get_lines() if not line.get_label().startswith("_")]
        self.assertNotIn("mpi-chain", labels)
        self.assertIn("broadcast on broadcast.csv: 14 hosts, 1 MiB", broadcast_axes.get_title())

    def test_the_command_draws_one_panel_per_csv(self):
        paths = [self.path("a.csv"), self.path("b.csv"), self.path("c.csv")]
        reduce_csv(paths[0], REDUCE_MEANS, platform="")
        broadcast_csv(paths[1], BROADCAST_MEANS)
        reduce_csv(paths[2], REDUCE_MEANS)
        output = self.path("against.png")
        self.assert_png(self.run_script("against-mpi", *paths, "--output", output), output, "against-mpi")

    def test_a_csv_without_a_selector_is_refused_naming_it(self):
        path = self.path("no-mpich.csv")
        reduce_csv(path, {name: mean for name, mean in REDUCE_MEANS.items() if name != "mpich"})
        self.assert_input_error(self.run_script("against-mpi", path), path, "mpich")

    def test_a_second_swept_key_is_refused_naming_it(self):
        path = self.path("two-messages.csv")
        reduce_csv(path, REDUCE_MEANS)
        frame = pandas.read_csv(path)
        pandas.concat([frame, frame.assign(message=2000000)]).to_csv(path, index=False)
        self.assert_input_error(self.run_script("against-mpi", path), path, "message")

    def test_a_csv_of_another_family_is_refused_naming_it(self):
        path = self.path("divisible.csv")
        write(path, ["algorithm", "workers", "cv", "message", "replications", "mean", "stderr"],
              [["opt-fifo", 4, 0, 1, 10, 1, 0]])
        self.assert_input_error(self.run_script("against-mpi", path), path, "processors or cluster_hosts")


if __name__ == "__main__":
    unittest.main()

#!/usr/bin/env python3
"""Tests of Steffenel's broadcast figures (scripts/plot.py steffenel-*) on small synthetic CSVs.

run: scripts/python.sh test/scripts/test_plot_broadcast.py

Each figure must produce a non-empty PNG and name what it drew; an input problem must exit
with status 2 and one line on stderr that names the file.
"""
import json
import unittest

from plot_test_support import PlotScriptTest, script, write

HEADER = ["algorithm", "clusters", "message", "cluster_hosts", "replications", "mean", "stddev", "stderr",
          "q10", "q50", "q90", "predicted_mean"]
HEURISTICS = ("flat", "fef", "ecef", "ecef-la", "ecef-lat", "ecef-lat-max", "bottomup", "binomial")


def write_csv(path, points):
    """points: (algorithm, clusters, message, hosts, mean, predicted) tuples."""
    write(path, HEADER, [[algorithm, clusters, message, hosts, 100, mean, 0.1, 0.01, mean, mean, mean, predicted]
                         for algorithm, clusters, message, hosts, mean, predicted in points])


class PlotSteffenel(PlotScriptTest):
    SCRIPT = script("plot.py")

    def test_clusters_figure_from_several_cluster_counts(self):
        csv_path = self.path("fig7.csv")
        # Random costs: cluster_hosts does not apply, its cells are empty.
        write_csv(csv_path, [(a, c, 4194304, "", 2 + c * (1 + i) / 10, 2 + c * (1 + i) / 10)
                             for i, a in enumerate(HEURISTICS[:7]) for c in range(2, 11)])
        result = self.run_script("steffenel-fig7", csv_path)
        self.assert_png(result, self.path("fig7.png"), "steffenel-fig7")

    def test_grid_and_sizes_figures_from_a_message_sweep(self):
        csv_path = self.path("grid.csv")
        write_csv(csv_path, [(a, 6, m, "", (1 + i) * m / 1e6, (1 + i) * m / 1.1e6)
                             for i, a in enumerate(HEURISTICS) for m in (65536, 1048576, 4194304)])
        result = self.run_script("steffenel-grid", csv_path, "--output", self.path("grid.png"))
        self.assert_png(result, self.path("grid.png"), "steffenel-grid")
        result = self.run_script("steffenel-sizes", csv_path, "--output", self.path("sizes.png"))
        self.assert_png(result, self.path("sizes.png"), "steffenel-sizes")

    def test_grid_figure_reads_the_clusters_found_and_the_prediction_error_when_present(self):
        csv_path = self.path("two-sites.csv")
        header = HEADER + ["prediction_error_mean", "clusters_found_mean"]
        rows = [[a, 0, 4194304, 14, 1, 1.4, 0, 0, 1.4, 1.4, 1.4, 1.1, (1.4 - 1.1) / 1.4, 3] for a in HEURISTICS]
        write(csv_path, header, rows)
        result = self.run_script("steffenel-grid", csv_path, "--output", self.path("two-sites.png"))
        self.assert_png(result, self.path("two-sites.png"), "steffenel-grid")
        rows[0][-1] = "three"
        write(csv_path, header, rows)
        self.assert_input_error(self.run_script("steffenel-grid", csv_path), "two-sites.csv", "clusters_found_mean")

    def test_intra_figure_reads_the_strategy_from_each_manifest(self):
        paths = []
        for strategy in ("flat", "binomial", "segmented-chain"):
            csv_path = self.path(f"{strategy}.csv")
            write_csv(csv_path, [("ecef", 1, m, p, p * m / 1e8, p * m / 1e8) for p in (4, 16) for m in (65536, 1048576)])
            with open(csv_path + ".manifest.json", "w") as manifest:
                json.dump({"identity": {"family": "broadcast", "parameters": {"intra": strategy}}}, manifest)
            paths.append(csv_path)
        result = self.run_script("steffenel-intra", *paths, "--output", self.path("intra.png"))
        self.assert_png(result, self.path("intra.png"), "steffenel-intra")

    def test_a_missing_column_is_one_line_naming_the_file_with_status_2(self):
        csv_path = self.path("bad.csv")
        with open(csv_path, "w") as handle:
            handle.write("algorithm,clusters,mean\nflat,2,1\n")
        result = self.run_script("steffenel-fig7", csv_path)
        self.assertEqual(result.returncode, 2)
        self.assertIn(csv_path, result.stderr)
        self.assertEqual(result.stderr.count("\n"), 1, result.stderr)

    def test_a_missing_file_is_one_line_with_status_2(self):
        result = self.run_script("steffenel-sizes", self.path("none.csv"))
        self.assertEqual(result.returncode, 2)
        self.assertIn("none.csv", result.stderr)


if __name__ == "__main__":
    unittest.main()

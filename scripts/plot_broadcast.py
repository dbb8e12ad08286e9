#!/usr/bin/env python3
"""Steffenel's broadcast figures under their former command line; plot.py draws them all.

usage: plot_broadcast.py FILE.csv [FILE.csv ...] [--figure clusters|grid|sizes|intra] [--output OUT.png] [--title T]

  clusters: plot.py steffenel-fig7 (up to 10 clusters) or steffenel-fig8 (more)
  grid:     plot.py steffenel-grid       sizes: plot.py steffenel-sizes
  intra:    plot.py steffenel-intra (several CSVs)
See hetcoll_plots/broadcast.py for what each draws. Without --figure, several CSVs or several
`cluster_hosts` values mean `intra`, several `clusters` values mean `clusters`, several `message`
values mean `sizes`, anything else `grid`. The default output is the (first) input path with the
extension .png. Input problems print one line naming the file and exit with status 2.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetcoll_plots import broadcast, common as pc  # noqa: E402
from hetcoll_plots.figures import FIGURES  # noqa: E402

# What the script prints for each figure, as before plot.py.
PRINTED = {"steffenel-fig7": "Figure 7", "steffenel-fig8": "Figure 8", "steffenel-grid": "Figures 9 and 10",
           "steffenel-sizes": "message-size sweep", "steffenel-intra": "Figures 3 to 6"}


def registered_name(figure, tables):
    if figure == "clusters":
        # The paper's Figure 7 goes up to 10 clusters, its Figure 8 to 50.
        return "steffenel-fig7" if max(broadcast.read(tables[0]), key=lambda r: r["clusters"])["clusters"] <= 10 \
            else "steffenel-fig8"
    return f"steffenel-{figure}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="CSV written by hetcoll for a steffenel-*.ini scenario")
    parser.add_argument("--figure", choices=("clusters", "grid", "sizes", "intra"),
                        help="figure to draw (default: detected from the data)")
    parser.add_argument("--output", help="PNG to write (default: FILE with .png)")
    parser.add_argument("--title", help="title of the figure, in place of the default")
    args = parser.parse_args()
    pc.use_file_backend()
    tables = [pc.read_table(path) for path in args.csv]
    figure = args.figure or broadcast.detect(tables)
    if figure != "intra" and len(tables) > 1:
        raise pc.PlotError(args.csv[1], f"the {figure} figure reads one CSV; several are for --figure intra")
    name = registered_name(figure, tables)
    drawn = FIGURES[name].draw(tables, args.title)
    pc.save(drawn, args.output or pc.default_output(args.csv[0]), PRINTED[name], inputs=args.csv)


if __name__ == "__main__":
    pc.run(main)

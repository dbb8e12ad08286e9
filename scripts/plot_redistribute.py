#!/usr/bin/env python3
"""Jeannot & Wagner's Figures 7, 8, 9 and the bandwidth-sharing comparison under their former
command line; plot.py draws them all.

usage: plot_redistribute.py FILE.csv --figure 7|8|9|sharing [--raw RAW.csv] [--output OUT.png] [--title T]

The same as `plot.py jw-fig7 FILE.csv`, `plot.py jw-fig8 FILE.csv RAW.csv`, ... (see
hetcoll_plots/redistribute.py). Figures 8 and 9 need --raw. The default output is the input path
with the extension .png. Input problems print one line naming the file and exit with status 2.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetcoll_plots import common as pc  # noqa: E402
from hetcoll_plots.figures import FIGURES  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="summary CSV written by hetcoll for a jw-*.ini scenario")
    parser.add_argument("--figure", required=True, choices=("7", "8", "9", "sharing"))
    parser.add_argument("--raw", help="per-replication CSV (key raw), needed by figures 8 and 9")
    parser.add_argument("--output", help="PNG to write (default: FILE with .png)")
    parser.add_argument("--title", help="title of the figure, in place of the default")
    args = parser.parse_args()
    pc.use_file_backend()
    name = "jw-sharing" if args.figure == "sharing" else f"jw-fig{args.figure}"
    paired = args.figure in ("8", "9")
    if paired and not args.raw:
        raise pc.PlotError(args.csv, f"figure {args.figure} pairs instances: give the "
                                     "per-replication file with --raw")
    drawn = FIGURES[name].draw([args.csv] + ([args.raw] if paired else []), args.title)
    pc.save(drawn, args.output or pc.default_output(args.csv), f"Figure {args.figure}", inputs=[args.csv])


if __name__ == "__main__":
    pc.run(main)

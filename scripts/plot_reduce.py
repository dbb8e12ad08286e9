#!/usr/bin/env python3
"""The reduce family's figures under their former command line; plot.py draws them all.

usage: plot_reduce.py FILE.csv [FILE.csv ...] [--figure NAME] [--output OUT.png] [--title T]

NAME is one of rr8315-fig4, rr8315-fig5, rr8315-fig6, liu-fig1 (liu-gantt, its former name),
liu-fig8, liu-ratio, liu-scaling: the same as `plot.py NAME FILE.csv...` (see hetcoll_plots/reduce.py).
Without --figure: a trace draws liu-fig1, several files liu-ratio. A single summary CSV with cv
or ratio other than 0 draws rr8315-fig4 if it has one ratio value, else rr8315-fig5 if it holds
fibonacci-stat and tree-dyn, else rr8315-fig6; one with cv = ratio = 0 everywhere draws liu-fig8
if its x varies and it holds optimal, liu-scaling if its n exceeds 12, else liu-ratio.
The default output is the first input path with the extension .png.
Input problems print one line naming the file and exit with status 2.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetcoll_plots import common as pc, reduce  # noqa: E402
from hetcoll_plots.figures import FIGURES  # noqa: E402

FORMER_NAMES = {"liu-gantt": "liu-fig1"}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", nargs="+", help="CSV written by hetcoll for the reduce family")
    parser.add_argument("--figure", choices=tuple(reduce.FIGURES) + tuple(FORMER_NAMES),
                        help="figure to draw (default: detected from the data)")
    parser.add_argument("--output", help="PNG to write (default: first FILE with .png)")
    parser.add_argument("--title", help="title of the figure, in place of the default")
    args = parser.parse_args()
    pc.use_file_backend()
    tables = [pc.read_table(path) for path in args.csv]
    name = FORMER_NAMES.get(args.figure, args.figure) or reduce.detect(tables)
    drawn = FIGURES[name].draw(tables, args.title)
    pc.save(drawn, args.output or pc.default_output(args.csv[0]), f"{name} figure", inputs=args.csv)


if __name__ == "__main__":
    pc.run(main)

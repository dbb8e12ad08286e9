#!/usr/bin/env python3
"""Draws a Gantt chart of one replication from any hetcoll trace CSV (written by --trace):
the same as `plot.py gantt TRACE.csv` (see hetcoll_plots/gantt.py for what it draws).

usage: plot_gantt.py TRACE.csv [--algorithm NAME] [--output OUT.png] [--title T]

The default output is the input path with the extension .png. Input problems print one line
naming the file and exit with status 2.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetcoll_plots import common as pc, gantt  # noqa: E402
from hetcoll_plots.figures import FIGURES  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trace", help="trace CSV written by hetcoll --trace")
    parser.add_argument("--algorithm", help="draw only this algorithm (e.g. tree-dyn)")
    parser.add_argument("--output", help="PNG to write (default: TRACE with .png)")
    parser.add_argument("--title", help="title of the figure, in place of the default")
    args = parser.parse_args()
    pc.use_file_backend()
    drawn = FIGURES["gantt"].draw([args.trace], args.title, algorithm=args.algorithm)
    algorithms = ", ".join(gantt.drawn_algorithms(drawn))
    pc.save(drawn, args.output or pc.default_output(args.trace), f"Gantt chart of {algorithms}",
            inputs=[args.trace])


if __name__ == "__main__":
    pc.run(main)

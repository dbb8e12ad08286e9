#!/usr/bin/env python3
"""Draws any figure of the papers hetcoll reproduces, from the CSVs hetcoll writes.

usage: plot.py FIGURE CSV... [--output PNG] [--title TITLE] [--algorithm NAME] [--table]
       plot.py --list

FIGURE is one of the names `plot.py --list` prints, with the CSVs each expects and the scenario
(scenarios/*.ini) that writes them; e.g. `plot.py rr8315-fig4 results/rr8315-fig4.csv`.
The default output is the first CSV's path with the extension .png. --title replaces the
default title (what is drawn, then "(cf. <paper> Fig. N)" when the figure reproduces one).
--algorithm draws one algorithm of a Gantt chart; --table makes bmr-gap print a Markdown table.
Input problems (a missing file or column, a CSV of another figure) print one line naming the
file and exit with status 2.

The command line over hetcoll.plot (docs/python.md), whose functions draw the same figures from
pandas DataFrames, one per figure (rr8315-fig4 is hetcoll.plot.rr8315_fig4), and return the Axes:
    import hetcoll, pandas
    axes = hetcoll.plot.rr8315_fig4(pandas.read_csv("results/rr8315-fig4.csv"))
"""
import argparse
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
import hetcoll.plot  # noqa: E402
from hetcoll.figures import common as pc  # noqa: E402
from hetcoll.figures import FIGURES  # noqa: E402


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("figure", nargs="?", metavar="FIGURE", help="figure name (see --list)")
    parser.add_argument("csv", nargs="*", metavar="CSV", help="the CSVs the figure expects, in order")
    parser.add_argument("--list", action="store_true", help="print every figure, what it shows and the CSVs it expects")
    parser.add_argument("--output", help="PNG to write (default: the first CSV with .png)")
    parser.add_argument("--title", help="title of the figure, in place of the default")
    parser.add_argument("--algorithm", help="Gantt charts: draw only this algorithm")
    parser.add_argument("--table", action="store_true", help="bmr-gap: also print a Markdown table")
    return parser.parse_args()


def print_list():
    width = max(len(name) for name in FIGURES)
    for name, figure in FIGURES.items():
        reference = f" ({figure.reference})" if figure.reference else ""
        print(f"{name:<{width}}  {figure.description}{reference}; reads {figure.expects()}")


def main():
    args = parse_args()
    if args.list:
        print_list()
        return
    if args.figure is None:
        raise pc.PlotError("plot.py", "no FIGURE given; plot.py --list names them")
    if args.figure not in FIGURES:
        raise pc.PlotError(args.figure, "no such figure; plot.py --list names them")
    if not args.csv:
        raise pc.PlotError(args.figure, f"no CSV given; it reads {FIGURES[args.figure].expects()}")
    pc.use_file_backend()
    draw = getattr(hetcoll.plot, hetcoll.plot.function_name(args.figure))
    axes = draw(*args.csv, title=args.title, algorithm=args.algorithm, table=args.table)
    drawn = (axes if hasattr(axes, "figure") else axes[0]).figure
    pc.save(drawn, args.output or pc.default_output(args.csv[0]), args.figure, inputs=args.csv)


if __name__ == "__main__":
    pc.run(main)

#!/usr/bin/env python3
"""The divisible-load figures (Beaumont, Marchal, Robert, HiPC 2005) under their former command
line; plot.py draws them all.

usage: plot_divisible.py fig4 A.csv B.csv C.csv [--output OUT.png] [--title T]     (plot.py bmr-fig4)
       plot_divisible.py gantt TRACE.csv [--algorithm NAME] [--output OUT.png]    (plot.py bmr-fig2, bmr-fig3)
       plot_divisible.py gap RAW.csv [--output OUT.png] [--table]                 (plot.py bmr-gap)

See hetcoll_plots/divisible.py for what each draws. The default output is the first input path
with the extension .png. Input problems print one line naming the file and exit with status 2.
"""
import argparse
import os
import sys

sys.dont_write_bytecode = True  # running a script leaves no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from hetcoll_plots import common as pc  # noqa: E402
from hetcoll_plots.figures import BMR, FIGURES  # noqa: E402

# Subcommand -> (registered figure, what the script prints, "(cf. ...)" in place of the figure's).
COMMANDS = {"fig4": ("bmr-fig4", "Figure 4", None),
            # Any divisible trace, not only Figure 2's: the title says the style, not the number.
            "gantt": ("bmr-fig2", "Gantt chart", f"{BMR}, Figure 1 style"),
            "gap": ("bmr-gap", "distance to the optimum", None)}


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    fig4 = commands.add_parser("fig4", help="Figure 4 (a), (b), (c)")
    # One metavar string: a tuple breaks argparse's missing-argument message (Python 3.11).
    fig4.add_argument("csv", nargs=3, metavar="CSV", help="the CSVs of panels (a), (b) and (c)")
    gantt = commands.add_parser("gantt", help="Figure 1 style Gantt chart of a trace")
    gantt.add_argument("csv", nargs=1, metavar="TRACE.csv")
    gantt.add_argument("--algorithm", help="draw only this algorithm")
    gap = commands.add_parser("gap", help="distance to the optimum (raw CSV)")
    gap.add_argument("csv", nargs=1, metavar="RAW.csv")
    gap.add_argument("--table", action="store_true", help="also print a Markdown table")
    for command in (fig4, gantt, gap):
        command.add_argument("--output", help="PNG to write (default: first CSV with .png)")
        command.add_argument("--title", help="title of the figure, in place of the default")
    return parser.parse_args()


def main():
    args = parse_args()
    pc.use_file_backend()
    name, what, reference = COMMANDS[args.command]
    options = {"algorithm": getattr(args, "algorithm", None), "table": getattr(args, "table", False)}
    drawn = FIGURES[name].draw(args.csv, args.title, reference, **options)
    pc.save(drawn, args.output or pc.default_output(args.csv[0]), what, inputs=args.csv)


if __name__ == "__main__":
    pc.run(main)

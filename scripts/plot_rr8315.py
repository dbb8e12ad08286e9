#!/usr/bin/env python3
"""Draws Figure 4, 5 or 6 of Benoit, Canon, Marchal (INRIA RR-8315, section 6) from a hetcoll CSV.

usage: plot_rr8315.py FILE.csv [--figure 4|5|6] [--output OUT.png]

  Figure 4: mean makespan per method against the CV (log axis), ribbon from q10 to q90.
  Figure 5: heat map of mean(Fibonacci-stat) / mean(Tree-dyn) over CV x mu_c/mu_d, contour at 1.
  Figure 6: the method with the best mean among Binomial-stat, Fibonacci-stat and
            Non-Commut-Tree-dyn (the non-commutative methods) in each CV x mu_c/mu_d cell.

Without --figure, one `ratio` value means Figure 4, several mean Figure 5 or 6 depending on
the methods present. The default output is the input path with the extension .png.
Input problems print one line naming the file and exit with status 2.
"""
import argparse
import math

import plot_common as pc

COLUMNS = ("algorithm", "processors", "cv", "ratio", "replications",
           "mean", "stddev", "stderr", "q10", "q50", "q90")
NUMERIC = COLUMNS[1:]
FIGURE5_METHODS = ("fibonacci-stat", "tree-dyn")
FIGURE6_METHODS = ("binomial-stat", "fibonacci-stat", "non-commut-tree-dyn")
COLOUR_BAR_TICKS = (0.1, 0.2, 0.33, 0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 5, 10)
MU_RATIO = "\u03bc$_c$/\u03bc$_d$"


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("csv", help="CSV written by hetcoll for the RR-8315 scenarios")
    parser.add_argument("--figure", type=int, choices=(4, 5, 6),
                        help="figure to draw (default: detected from the data)")
    parser.add_argument("--output", help="PNG to write (default: FILE with .png)")
    return parser.parse_args()


def main():
    args = parse_args()
    rows = pc.read_rows(args.csv, COLUMNS, NUMERIC)
    if not rows:
        raise pc.PlotError(args.csv, "no data rows, expected one row per (point, algorithm)")
    rows = largest_processor_count(rows)
    figure = args.figure or detect_figure(rows, args.csv)
    plt = pc.pyplot()
    drawn = DRAW[figure](rows, args.csv, plt)
    pc.save(drawn, args.output or pc.default_output(args.csv), f"Figure {figure}")


def largest_processor_count(rows):
    """The paper draws one n per figure (n = 64); a CSV sweeping n keeps its largest."""
    counts = pc.distinct(rows, "processors")
    if len(counts) > 1:
        pc.note(f"processor counts {', '.join(f'{n:g}' for n in counts)}; "
                f"drawing n = {counts[-1]:g}")
    return [row for row in rows if row["processors"] == counts[-1]]


def detect_figure(rows, path):
    algorithms = {row["algorithm"] for row in rows}
    if len(pc.distinct(rows, "ratio")) == 1:
        return 4
    if algorithms.issuperset(FIGURE5_METHODS):
        if algorithms.issuperset(FIGURE6_METHODS):
            pc.note("the data also holds Figure 6; draw it with --figure 6")
        return 5
    if algorithms.issuperset(FIGURE6_METHODS):
        return 6
    raise pc.PlotError(path, "several ratio values but neither fibonacci-stat and tree-dyn "
                             "(Figure 5) nor binomial-stat, fibonacci-stat and "
                             "non-commut-tree-dyn (Figure 6)")


def index_points(rows, path):
    """Maps (algorithm, cv, ratio) to its row; two rows for one key would silently hide one."""
    points = {}
    for row in rows:
        key = (row["algorithm"], row["cv"], row["ratio"])
        if key in points:
            raise pc.PlotError(path, f"two rows for algorithm {key[0]}, cv {key[1]:g}, "
                                     f"ratio {key[2]:g}; expected one row per point")
        points[key] = row
    return points


def require_methods(rows, path, methods, figure):
    present = {row["algorithm"] for row in rows}
    missing = [name for name in methods if name not in present]
    if missing:
        raise pc.PlotError(path, f"no rows for {', '.join(missing)}; Figure {figure} "
                                 f"expects {', '.join(methods)}")


def positive(rows, column, path, figure):
    """Log axes cannot show zero (e.g. mu_c = 0 or CV = 0); those rows are left out."""
    kept = [row for row in rows if row[column] > 0]
    if not kept:
        raise pc.PlotError(path, f"no rows with {column} > 0, which Figure {figure} "
                                 "draws on a log axis")
    if len(kept) < len(rows):
        pc.note(f"left out {len(rows) - len(kept)} rows with {column} <= 0 (log axis)")
    return kept


def runs_per_point(rows):
    runs = pc.distinct(rows, "replications")
    text = f"{runs[0]:,.0f}" if len(runs) == 1 else f"{runs[0]:,.0f}\u2013{runs[-1]:,.0f}"
    return f"{text} MC runs per point"


def set_titles(figure, axes, number, subject, details):
    figure.suptitle(f"Figure {number} ({pc.PAPER}): {subject}", fontsize=11)
    axes.set_title(details, fontsize=9)


def plain_log_axis(axis):
    """Log axis labelled 0.01, 0.1, 1, 10 (as in the paper) rather than 1e-02 or 10^-2."""
    from matplotlib.ticker import LogFormatter

    class PlainLogFormatter(LogFormatter):
        # LogFormatter decides which ticks get a label (a few minor ones only when the axis
        # spans less than about a decade); only its number format is replaced.
        def _num_to_string(self, value, vmin, vmax):
            return f"{value:g}"

    axis.set_major_formatter(PlainLogFormatter())
    axis.set_minor_formatter(PlainLogFormatter(labelOnlyBase=False))


def draw_figure4(rows, path, plt):
    ratio = pc.distinct(rows, "ratio")[0]
    if len(pc.distinct(rows, "ratio")) > 1:
        pc.note(f"several ratio values; Figure 4 uses the smallest, {ratio:g}")
    rows = positive([row for row in rows if row["ratio"] == ratio], "cv", path, 4)
    index_points(rows, path)  # only to reject duplicates, which would draw zigzags
    figure, axes = plt.subplots(figsize=(8, 5))
    for algorithm in pc.method_order({row["algorithm"] for row in rows}):
        draw_ribbon(axes, sorted((r for r in rows if r["algorithm"] == algorithm),
                                 key=lambda row: row["cv"]), algorithm)
    axes.set_xscale("log")
    plain_log_axis(axes.xaxis)
    axes.set_xlabel("Coefficient of variation of the costs (CV)")
    axes.set_ylabel("Schedule length (makespan)")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(title="Method", loc="upper left", frameon=False)
    set_titles(figure, axes, 4, "mean schedule length against cost dispersion",
               f"n = {rows[0]['processors']:g}, \u03bc$_d$ = 1, {MU_RATIO} = {ratio:g}, "
               f"{runs_per_point(rows)}; ribbons from the 10% to the 90% quantile")
    return figure


def draw_ribbon(axes, rows, algorithm):
    cvs = [row["cv"] for row in rows]
    colour = pc.method_colour(algorithm)
    axes.fill_between(cvs, [row["q10"] for row in rows], [row["q90"] for row in rows],
                      color=colour, alpha=0.18, linewidth=0)
    axes.plot(cvs, [row["mean"] for row in rows], color=colour, marker="o", markersize=3,
              linewidth=1.6, label=pc.method_label(algorithm))


def cell_edges(values):
    """Cell borders halfway between grid values in log space, so each value sits mid-cell."""
    logs = [math.log10(value) for value in values]
    if len(logs) == 1:
        return [10 ** (logs[0] - 0.5), 10 ** (logs[0] + 0.5)]
    middles = [(a + b) / 2 for a, b in zip(logs, logs[1:])]
    first = 2 * logs[0] - middles[0]
    last = 2 * logs[-1] - middles[-1]
    return [10 ** edge for edge in [first] + middles + [last]]


def heat_map_grid(rows, path, figure):
    rows = positive(positive(rows, "cv", path, figure), "ratio", path, figure)
    return pc.distinct(rows, "cv"), pc.distinct(rows, "ratio"), index_points(rows, path)


def cell_value(points, cv, ratio, function, methods):
    """function(rows of methods at the cell), or NaN when one of them is missing there."""
    cell = [points.get((name, cv, ratio)) for name in methods]
    return math.nan if None in cell else function(cell)


def value_grid(points, cvs, ratios, function, methods):
    import numpy
    return numpy.ma.masked_invalid([[cell_value(points, cv, ratio, function, methods)
                                     for cv in cvs] for ratio in ratios])


def heat_map_values(rows, path, figure, methods, function, wanted):
    """Rows of `methods`, the grid's CV and ratio values, and function(cell) at every cell.

    A grid without one cell where every method has a row is nothing to draw: PlotError
    "no (cv, ratio) point has <wanted>", `wanted` naming the methods for the reader.
    """
    require_methods(rows, path, methods, figure)
    rows = [row for row in rows if row["algorithm"] in methods]
    cvs, ratios, points = heat_map_grid(rows, path, figure)
    values = value_grid(points, cvs, ratios, function, methods)
    if values.count() == 0:
        raise pc.PlotError(path, f"no (cv, ratio) point has {wanted}")
    return rows, cvs, ratios, values


def heat_map_axes(plt):
    figure, axes = plt.subplots(figsize=(8, 5.5))
    axes.set_xscale("log")
    axes.set_yscale("log")
    plain_log_axis(axes.xaxis)
    plain_log_axis(axes.yaxis)
    axes.set_xlabel("Coefficient of variation of the costs (CV)")
    axes.set_ylabel(f"{MU_RATIO} (mean computation / mean communication cost)")
    return figure, axes


def mean_ratio(cell):
    fibonacci, tree = cell
    return fibonacci["mean"] / tree["mean"] if tree["mean"] > 0 else math.nan


def draw_figure5(rows, path, plt):
    from matplotlib.colors import LogNorm
    rows, cvs, ratios, values = heat_map_values(rows, path, 5, FIGURE5_METHODS, mean_ratio,
                                                "both fibonacci-stat and tree-dyn")
    figure, axes = heat_map_axes(plt)
    # A log scale centred on 1 gives "x times faster" and "x times slower" the same shade.
    spread = max(values.max(), 1 / values.min(), 1.01)
    mesh = axes.pcolormesh(cell_edges(cvs), cell_edges(ratios), values, cmap="RdBu_r",
                           norm=LogNorm(1 / spread, spread))
    bar = figure.colorbar(mesh, ax=axes)
    plain_ratio_ticks(bar, spread)
    bar.set_label("mean(Fibonacci-stat) / mean(Tree-dyn)\n< 1: Fibonacci-stat is faster")
    bar.ax.axhline(1, color="black", linewidth=1.2)
    draw_contour_at_one(axes, cvs, ratios, values)
    set_titles(figure, axes, 5, "Fibonacci-stat against Tree-dyn",
               f"n = {rows[0]['processors']:g}, \u03bc$_d$ = 1, \u03c3$_c$/\u03bc$_c$ = "
               f"\u03c3$_d$/\u03bc$_d$ = CV, {runs_per_point(rows)}; black line: ratio 1")
    return figure


def plain_ratio_ticks(bar, spread):
    """Ratios such as 0.8 and 1.25 read better than 10^-0.1 on a log colour bar."""
    from matplotlib.ticker import NullLocator
    ticks = [t for t in COLOUR_BAR_TICKS if 1 / spread <= t <= spread]
    bar.set_ticks(ticks, labels=[f"{t:g}" for t in ticks])
    bar.ax.yaxis.set_minor_locator(NullLocator())


def draw_contour_at_one(axes, cvs, ratios, values):
    """The paper's contour line at 1; it exists only where the grid has values on both sides."""
    if len(cvs) > 1 and len(ratios) > 1 and values.min() < 1 < values.max():
        axes.contour(cvs, ratios, values, levels=[1], colors="black", linewidths=1.5)


def best_method(cell):
    """Index of the smallest mean; a tie goes to the first method in paper order."""
    means = [row["mean"] for row in cell]
    return means.index(min(means))


def draw_figure6(rows, path, plt):
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch
    rows, cvs, ratios, values = heat_map_values(rows, path, 6, FIGURE6_METHODS, best_method,
                                                "all of " + ", ".join(FIGURE6_METHODS))
    figure, axes = heat_map_axes(plt)
    colours = [pc.method_colour(name) for name in FIGURE6_METHODS]
    axes.pcolormesh(cell_edges(cvs), cell_edges(ratios), values, cmap=ListedColormap(colours),
                    vmin=-0.5, vmax=len(colours) - 0.5, edgecolors="white", linewidth=0.3)
    handles = [Patch(color=colour, label=pc.method_label(name))
               for name, colour in zip(FIGURE6_METHODS, colours)]
    axes.legend(handles=handles, title="Best mean", loc="upper left",
                bbox_to_anchor=(1.02, 1), frameon=False)
    set_titles(figure, axes, 6, "method with the best mean (non-commutative methods)",
               f"n = {rows[0]['processors']:g}, \u03bc$_d$ = 1, \u03c3$_c$/\u03bc$_c$ = "
               f"\u03c3$_d$/\u03bc$_d$ = CV, {runs_per_point(rows)}")
    return figure


DRAW = {4: draw_figure4, 5: draw_figure5, 6: draw_figure6}

if __name__ == "__main__":
    pc.run(main)

"""The reduce family's CSVs, and RR-8315's figures (Benoit, Canon, Marchal).

Benoit, Canon, Marchal (INRIA RR-8315, section 6): costs drawn from gamma laws of coefficient of
variation cv, mu_c/mu_d = ratio. One summary CSV each (scenarios/rr8315-fig*.ini). The CV (and,
in the heat maps, the ratio) is on a log axis, so rows where it is 0 are left out; a CSV sweeping
processors draws its largest n; there must be one row per algorithm, cv and ratio (the cluster
columns spread, slow_fraction, x, levels, cluster_cv constant).
  rr8315-fig4: mean makespan per method against the CV (log axis), ribbon from q10 to q90.
               Needs one ratio value (with several, the smallest is drawn).
  rr8315-fig5: heat map of mean(Fibonacci-stat) / mean(Tree-dyn) over CV x mu_c/mu_d, contour
               at 1. Needs fibonacci-stat and tree-dyn over a cv x ratio grid.
  rr8315-fig6: the method with the best mean among Binomial-stat, Fibonacci-stat and
               Non-Commut-Tree-dyn (the non-commutative methods) in each CV x mu_c/mu_d cell.
               Needs those three methods over a cv x ratio grid.

Liu & Wang's figures (liu.py) and the clairvoyance map (clairvoyance.py) read their CSVs with
this module's read_as.

Every input has the reduce layout: algorithm, processors, cv, ratio, spread, slow_fraction, x,
levels, cluster_cv, then the summary's statistics (or the trace's events). A CSV without one of
those columns (one written before the reduce family, say) is refused, naming the column.
"""
import math

import pandas

from . import common as pc

# ---- the reduce CSVs --------------------------------------------------------------------

PARAMETERS = ("processors", "cv", "ratio", "spread", "slow_fraction", "x", "levels", "cluster_cv", "message")
STATISTICS = ("replications", "mean", "stddev", "stderr", "q10", "q50", "q90",
              "over_bound_mean", "over_bound_max", "sender_spread_max")
SUMMARY = ("algorithm",) + PARAMETERS + STATISTICS
TRACE = ("algorithm",) + PARAMETERS + ("replication", "kind", "host", "peer", "start", "end")
SUMMARY_NUMERIC = SUMMARY[1:]
TRACE_NUMERIC = PARAMETERS + ("replication", "host", "peer", "start", "end")
WRITTEN_BY = {"summary": "output", "trace": "trace"}  # the hetcoll run option writing each CSV


def read(frame):
    """("trace" or "summary", rows) of a reduce DataFrame; any other CSV is a PlotError."""
    path, header = pc.source(frame), list(frame.columns)
    if header and "value" in header and "mean" not in header:
        raise pc.PlotError(path, "a raw CSV (one row per replication, --raw); the figures draw "
                                 "the summary CSV (--output) or a trace (--trace)")
    kind = "trace" if "kind" in header else "summary"
    if kind == "trace":
        rows = pc.records(frame, TRACE, TRACE_NUMERIC)
    else:
        rows = pc.records(frame, SUMMARY, SUMMARY_NUMERIC)
    if not rows:
        raise pc.PlotError(path, "no data rows, expected one row per (point, algorithm)"
                           if kind == "summary" else "no events, expected the events of replication 0")
    return kind, rows


def read_as(tables, figure):
    """[(path, rows)] of the tables, each of the kind of CSV that `figure` draws."""
    wanted = "trace" if figure == "liu-fig1" else "summary"
    read_tables = []
    for frame in tables:
        kind, rows = read(frame)
        if kind != wanted:
            raise pc.PlotError(pc.source(frame), f"a {kind} CSV; {figure} draws a {wanted} CSV "
                                                 f"(hetcoll run --{WRITTEN_BY[wanted]})")
        read_tables.append((pc.source(frame), rows))
    return read_tables


def listed(values, shown=4):
    text = ", ".join(f"{value:g}" for value in values[:shown])
    return text + (", ..." if len(values) > shown else "")


def require_unique(rows, path, keys):
    """Two rows for one value of `keys` would silently hide one or draw zigzags: refused."""
    pc.require_unique(pc.frame_of(rows, path), keys)


# ---- RR-8315, Figures 4 to 6 ------------------------------------------------------------

FIGURE5_METHODS = ("fibonacci-stat", "tree-dyn")
FIGURE6_METHODS = ("binomial-stat", "fibonacci-stat", "non-commut-tree-dyn")
COLOUR_BAR_TICKS = (0.1, 0.2, 0.33, 0.5, 0.67, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 2, 3, 5, 10)
MU_RATIO = "\u03bc$_c$/\u03bc$_d$"


def rr8315_figure(name, draw):
    """An RR-8315 figure: one summary CSV, its largest processor count."""
    def figure(tables, _options):
        path, rows = read_as(tables, name)[0]
        return draw(largest_processor_count(rows), path, pc.pyplot())
    return figure


def largest_processor_count(rows):
    """The paper draws one n per figure (n = 64); a CSV sweeping n keeps its largest."""
    counts = pc.distinct(rows, "processors")
    if len(counts) > 1:
        pc.note(f"processor counts {', '.join(f'{n:g}' for n in counts)}; "
                f"drawing n = {counts[-1]:g}")
    return [row for row in rows if row["processors"] == counts[-1]]


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


def set_details(axes, details):
    """The axes title tells what the data holds; the figure's title (set by the registry) what
    is drawn, so a --title of the user's replaces the latter only."""
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
    require_unique(rows, path, ("algorithm", "cv", "ratio"))
    figure, axes = plt.subplots(figsize=(8, 5), layout="constrained")
    for algorithm in pc.method_order({row["algorithm"] for row in rows}):
        draw_ribbon(axes, sorted((r for r in rows if r["algorithm"] == algorithm),
                                 key=lambda row: row["cv"]), algorithm)
    axes.set_xscale("log")
    plain_log_axis(axes.xaxis)
    axes.set_xlabel("Coefficient of variation of the costs (CV)")
    axes.set_ylabel("Schedule length (makespan)")
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(title="Method", loc="upper left", frameon=False)
    set_details(axes, f"n = {rows[0]['processors']:g}, \u03bc$_d$ = 1, {MU_RATIO} = {ratio:g}, "
                      f"{runs_per_point(rows)}; bands from the 10% to the 90% quantile, edged")
    return figure, "mean schedule length against cost dispersion"


def draw_ribbon(axes, rows, algorithm):
    """The mean as a line, the q10..q90 band as a faint fill edged by thin lines of the method's
    colour: at high CV the four bands overlap, and stacked fills alone turn into one brown area
    (RR-8315 Fig. 4 above CV 3); the edges keep each band's extent readable through the others."""
    cvs = [row["cv"] for row in rows]
    colour = pc.method_colour(algorithm)
    low, high = [row["q10"] for row in rows], [row["q90"] for row in rows]
    axes.fill_between(cvs, low, high, color=colour, alpha=0.06, linewidth=0)
    for bound in (low, high):
        axes.plot(cvs, bound, color=colour, linewidth=0.8, linestyle=(0, (4, 2)), alpha=0.8)
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


def method_grid(rows, path, index, columns, methods):
    """(column values, index values, the means of `methods`): a DataFrame (pivot_table) with one
    row per (index, column) cell of the grid in that order, one column per method, NaN where
    the method has no row."""
    frame = pc.frame_of(rows, path)
    pc.require_unique(frame, ("algorithm", columns, index))
    xs, ys = sorted(frame[columns].unique()), sorted(frame[index].unique())
    means = frame.pivot_table(index=[index, columns], columns="algorithm", values="mean", aggfunc="first")
    cells = pandas.MultiIndex.from_product([ys, xs], names=[index, columns])
    return xs, ys, means.reindex(index=cells, columns=list(methods))


def as_grid(values, xs, ys):
    """A Series over the (y, x) cells of a grid as a masked array, a line per y: NaN masked."""
    import numpy
    return numpy.ma.masked_invalid(values.to_numpy(dtype=float).reshape(len(ys), len(xs)))


def heat_map_values(rows, path, figure, methods, function, wanted):
    """Rows of `methods`, the grid's CV and ratio values, and function(means) at every cell.

    `function` maps the grid's DataFrame of means (a column per method) to a value per cell
    (NaN where one of the methods is missing). A grid without one cell where every method has a
    row is nothing to draw: PlotError "no (cv, ratio) point has <wanted>", `wanted` naming the
    methods for the reader.
    """
    require_methods(rows, path, methods, figure)
    rows = [row for row in rows if row["algorithm"] in methods]
    rows = positive(positive(rows, "cv", path, figure), "ratio", path, figure)
    cvs, ratios, means = method_grid(rows, path, "ratio", "cv", methods)
    values = as_grid(function(means), cvs, ratios)
    if values.count() == 0:
        raise pc.PlotError(path, f"no (cv, ratio) point has {wanted}")
    return rows, cvs, ratios, values


def heat_map_axes(plt):
    figure, axes = plt.subplots(figsize=(8, 5.5), layout="constrained")
    axes.set_xscale("log")
    axes.set_yscale("log")
    plain_log_axis(axes.xaxis)
    plain_log_axis(axes.yaxis)
    axes.set_xlabel("Coefficient of variation of the costs (CV)")
    axes.set_ylabel(f"{MU_RATIO} (mean computation / mean communication cost)")
    return figure, axes


def mean_ratio(means):
    """mean(Fibonacci-stat) / mean(Tree-dyn) per cell; NaN where Tree-dyn's mean is not above 0."""
    fibonacci, tree = (means[name] for name in FIGURE5_METHODS)
    return fibonacci / tree.where(tree > 0)


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
    set_details(axes, f"n = {rows[0]['processors']:g}, \u03bc$_d$ = 1, \u03c3$_c$/\u03bc$_c$ = "
               f"\u03c3$_d$/\u03bc$_d$ = CV, {runs_per_point(rows)}; black line: ratio 1")
    return figure, "Fibonacci-stat against Tree-dyn"


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


def best_method(means):
    """Per cell, the index (in FIGURE6_METHODS) of the smallest mean; a tie goes to the first
    method in paper order; NaN where a method is missing."""
    complete = means.notna().all(axis=1)
    best = means[list(FIGURE6_METHODS)].fillna(math.inf).to_numpy().argmin(axis=1)
    return pandas.Series(best, index=means.index).where(complete)


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
    set_details(axes, f"n = {rows[0]['processors']:g}, \u03bc$_d$ = 1, \u03c3$_c$/\u03bc$_c$ = "
               f"\u03c3$_d$/\u03bc$_d$ = CV, {runs_per_point(rows)}")
    return figure, "method with the best mean (non-commutative methods)"


# Every algorithm of the family in one table, for figures that draw both kinds (the uncertainty
# study): RR-8315's four with their colours, then the planners with colours RR-8315's do not use.
PLANNER_AND_RR8315_STYLES = pc.MethodStyles({
    **pc.METHODS,
    "snf": ("SNF", "#000000"),
    "optimal": ("optimum", "#999999"),
    "fastest-first": ("fastest first", "#e6ab02"),
    "random-order": ("random order", "#a6761d"),
    "ep-order": ("EP, given order", "#66a61e"),
})


# Each figure: draw(tables, options) -> (matplotlib Figure, what it shows), tables being the
# DataFrames in command-line order; hetcoll.figures.registry registers them.
FIGURES = {
    "rr8315-fig4": rr8315_figure("rr8315-fig4", draw_figure4),
    "rr8315-fig5": rr8315_figure("rr8315-fig5", draw_figure5),
    "rr8315-fig6": rr8315_figure("rr8315-fig6", draw_figure6),
}

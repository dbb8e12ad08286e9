"""The figures of the reduce family: RR-8315 (Benoit, Canon, Marchal) and Liu & Wang (IPDPS 2000).

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

Liu & Wang (IPDPS 2000): a message lasts its sender's time and the reduction is free, so these
figures need cv = 0 and ratio = 0 on every row (scenarios/liu-*.ini).
  liu-fig1:    a trace CSV (--trace): one Gantt chart per algorithm, as the paper's Figures 1, 3
               and 5: a row per processor (A, B, ... for up to 26), each sending window labelled
               with its receiver, and under it the validity count 2A(t) + C(t) <= n of Section 2.
               Draws the first point and the lowest replication of the trace.
  liu-fig8:    a summary CSV over x (liu-fig8.ini): SNF and the optimum against x, with the
               paper's curves x + 3 and min(4 | 2x + 1). Needs snf and optimal, one row per
               algorithm and x.
  liu-ratio:   one or more summary CSVs of n <= 12 (liu-theorem1, liu-theorem3, liu-ratio-*):
               one panel per file, the largest and the mean makespan / optimum per n and
               algorithm, and the bound 2 of Theorem 2. Any points, pooled per n.
  liu-scaling: a summary CSV of large n (liu-scaling.ini): mean makespan / lower bound against
               n. Needs one row per algorithm and n.

Beyond both papers (scenarios/reduce-clairvoyance-map.ini):
  reduce-clairvoyance: two heat maps over CV (0 included, drawn left of the smallest positive CV)
               x the slow/fast ratio x of a two-type cluster: mean(SNF) / mean(Tree-dyn) and
               mean(SNF) / mean(Binomial-stat), contour at 1. Needs snf, tree-dyn and
               binomial-stat over a cv x x grid, one processors and slow_fraction value.

Every input has the reduce layout: algorithm, processors, cv, ratio, spread, slow_fraction, x,
levels, cluster_cv, then the summary's statistics (or the trace's events). A CSV without one of
those columns (one written before the reduce family, say) is refused, naming the column.
"""
import math
import os

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


# ---- Liu & Wang -------------------------------------------------------------------------

# Liu & Wang's own colours, not RR-8315's: fastest-first takes the orange of Binomial-stat.
LIU_METHODS = pc.MethodStyles({
    "snf": ("SNF", "#1b9e77"),
    "optimal": ("optimum", "#000000"),
    "ep-order": ("EP, given order", "#7570b3"),
    "fastest-first": ("fastest first", "#d95f02"),
    "random-order": ("random order", "#e7298a"),
    "binomial-stat": ("binomial tree", "#66a61e"),
})
label, colour, order = LIU_METHODS.label, LIU_METHODS.colour, LIU_METHODS.order
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
RECEIVING = "#bbbbbb"  # the receiver's window, thinner than the sender's
TRACE_ELSEWHERE = "; draw this trace with plot.py gantt"
SEARCH_LIMIT = 12  # kOptimalMaxProcessors: ratios are to the optimum up to here


def liu_figure(name, draw):
    """A Liu & Wang figure: every file must hold that paper's model (cv = ratio = 0)."""
    def figure(tables, _options):
        tables = read_as(tables, name)
        for path, rows in tables:
            for column, meaning in (("cv", "every message lasts its sender's time"),
                                    ("ratio", "the reduction operation is free")):
                others = pc.distinct([row for row in rows if row[column] != 0], column)
                if others:
                    raise pc.PlotError(path, f"column {column} is {listed(others)} on some rows; "
                                             f"{name} draws Liu & Wang's model, where {meaning} "
                                             f"({column} = 0)" + (TRACE_ELSEWHERE if name == "liu-fig1" else ""))
        return draw(tables, pc.pyplot())
    return figure


# ---- liu-fig1 (Gantt) --------------------------------------------------------------------------

def host_name(host, hosts):
    return chr(ord("A") + int(host)) if hosts <= 26 else f"p{host:g}"


def draw_gantt(tables, plt):
    path, rows = tables[0]
    rows = [row for row in rows if row["replication"] == min(r["replication"] for r in rows)]
    point = tuple(rows[0][name] for name in PARAMETERS)
    if any(tuple(row[name] for name in PARAMETERS) != point for row in rows):
        pc.note("the trace holds several points; drawing the first one")
        rows = [row for row in rows if tuple(row[name] for name in PARAMETERS) == point]
    algorithms = []
    for row in rows:  # scenario order, as the trace lists them
        if row["algorithm"] not in algorithms:
            algorithms.append(row["algorithm"])
    if any(row["kind"] != "comm" for row in rows):
        raise pc.PlotError(path, "liu-fig1 draws comm events only, as Liu & Wang's model has"
                                 + TRACE_ELSEWHERE)
    hosts = int(max(max(row["host"], row["peer"]) for row in rows)) + 1
    horizon = max(row["end"] for row in rows)
    columns, lines = min(len(algorithms), 2), (len(algorithms) + 1) // 2
    figure = plt.figure(layout="constrained", figsize=(6.5 * columns, 1.0 + (0.3 * hosts + 1.9) * lines))
    outer = figure.add_gridspec(lines, columns, hspace=0.45, wspace=0.15)
    for index, algorithm in enumerate(algorithms):
        # A Gantt chart and its validity count, stacked tight on one time axis.
        inner = outer[index // 2, index % 2].subgridspec(2, 1, height_ratios=[0.3 * hosts, 1.1], hspace=0.06)
        chart = figure.add_subplot(inner[0])
        count = figure.add_subplot(inner[1], sharex=chart)
        events = [row for row in rows if row["algorithm"] == algorithm]
        draw_windows(chart, events, hosts)
        draw_validity(count, events, hosts)
        chart.set_title(f"{label(algorithm)}: makespan {max(r['end'] for r in events):g}", fontsize=10)
        chart.set_xlim(0, 1.03 * horizon)
    return figure, f"reduction schedules, times {times_text(rows, hosts)}"


def times_text(rows, hosts):
    """Each sender's time is its window's length; the root (which never sends) is left blank."""
    times = {}
    for row in rows:
        times[int(row["host"])] = row["end"] - row["start"]
    return ", ".join(f"{host_name(h, hosts)} {times[h]:g}" if h in times else f"{host_name(h, hosts)} root"
                     for h in range(hosts))


def draw_windows(axes, events, hosts):
    for row in events:
        sender, receiver = int(row["host"]), int(row["peer"])
        width = row["end"] - row["start"]
        axes.broken_barh([(row["start"], width)], (sender - 0.35, 0.7), facecolors=colour(row["algorithm"]),
                         edgecolor="white", linewidth=0.5)
        axes.broken_barh([(row["start"], width)], (receiver - 0.15, 0.3), facecolors=RECEIVING, linewidth=0)
        if hosts <= 26:
            axes.text(row["start"] + width / 2, sender, f"\u2192{host_name(receiver, hosts)}", fontsize=7,
                      color="white", ha="center", va="center", clip_on=True)
    axes.set_ylim(hosts - 0.5, -0.5)
    axes.set_yticks(range(hosts))
    axes.set_yticklabels([host_name(h, hosts) for h in range(hosts)], fontsize=7)
    axes.set_ylabel("processor")
    axes.grid(True, axis="x", alpha=0.3)
    axes.tick_params(labelbottom=False)


def draw_validity(axes, events, hosts):
    """Also holds the chart's legend: the thin grey bars above (a processor receiving) read
    as idle time without one."""
    from matplotlib.patches import Patch
    """2A(t) + C(t) (Section 2: senders and receivers busy, plus processors done) never above n."""
    dates = sorted({0.0} | {row["start"] for row in events} | {row["end"] for row in events})
    values = []
    for date in dates:
        active = sum(1 for row in events if row["start"] <= date < row["end"])
        complete = sum(1 for row in events if date >= row["end"])
        values.append(2 * active + complete)
    axes.step(dates, values, where="post", color="#333333", linewidth=1.2, label="2A(t) + C(t)")
    axes.axhline(hosts, color="#d95f02", linestyle="--", linewidth=1, label=f"n = {hosts}")
    axes.set_ylim(0, hosts + 1.5)
    axes.set_xlabel("time")
    axes.set_ylabel("2A + C", fontsize=8)
    handles, _ = axes.get_legend_handles_labels()
    handles = [Patch(color=colour(events[0]["algorithm"]), label="sending (\u2192 receiver)"),
               Patch(color=RECEIVING, label="receiving (thin grey)")] + handles
    axes.legend(handles=handles, fontsize=7, loc="lower right", frameon=False, ncol=4)
    axes.grid(True, alpha=0.3)


# ---- liu-fig8 ---------------------------------------------------------------------------

def draw_fig8(tables, plt):
    path, rows = tables[0]
    present = {row["algorithm"] for row in rows}
    if not {"snf", "optimal"} <= present:
        raise pc.PlotError(path, "Figure 8 needs rows for snf and optimal")
    require_unique(rows, path, ("algorithm", "x"))  # one cluster shape: n and the slow share fixed
    figure, axes = plt.subplots(figsize=(7, 4.5), layout="constrained")
    xs = [i / 100 for i in range(100, 201)]
    axes.plot(xs, [x + 3 for x in xs], color=colour("snf"), linewidth=1, alpha=0.5, label="paper: SNF = x + 3")
    axes.plot(xs, [4 if x < 1.5 else 2 * x + 1 for x in xs], color="#000000", linewidth=1, alpha=0.5,
              linestyle="--", label="paper: better schedule, 4 or 2x + 1")
    for algorithm in order(present):
        series = sorted((row for row in rows if row["algorithm"] == algorithm), key=lambda row: row["x"])
        axes.plot([row["x"] for row in series], [row["mean"] for row in series], linestyle="none",
                  marker="o" if algorithm == "optimal" else "s", markersize=5 if algorithm == "optimal" else 4,
                  markerfacecolor="none" if algorithm == "optimal" else colour(algorithm),
                  color=colour(algorithm), label=f"hetcoll: {label(algorithm)}")
    n, slow = rows[0]["processors"], round(rows[0]["slow_fraction"] * rows[0]["processors"])
    axes.set_xlabel("x (time of a slow processor; fast ones take 1)")
    axes.set_ylabel("makespan")
    axes.set_title(f"{slow:g} slow and {n - slow:g} fast processors", fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, frameon=False)
    return figure, "SNF and the optimum against x, the time of a slow processor"


# ---- liu-ratio --------------------------------------------------------------------------

def draw_ratio(tables, plt):
    figure, grid = plt.subplots(1, len(tables), figsize=(4.2 * len(tables), 4.4), squeeze=False, sharey=True, layout="constrained")
    # Linear up to a little above the bound of Theorem 2; baselines beyond it say so.
    top = 2.4
    legend = {}
    for axes, (path, rows) in zip(grid[0], tables):
        if max(row["processors"] for row in rows) > SEARCH_LIMIT:
            pc.note(f"{path}: rows with n > {SEARCH_LIMIT} are ratios to the lower bound")
        instances = sum(row["replications"] for row in rows if row["algorithm"] == rows[0]["algorithm"])
        for algorithm in order({row["algorithm"] for row in rows} - {"optimal"}):
            mine = [row for row in rows if row["algorithm"] == algorithm]
            ns = pc.distinct(mine, "processors")
            mean = [sum(row["over_bound_mean"] * row["replications"] for row in mine if row["processors"] == n) /
                    sum(row["replications"] for row in mine if row["processors"] == n) for n in ns]
            axes.plot(ns, mean, color=colour(algorithm), linestyle=":", marker=".", linewidth=1.2,
                      label=f"{label(algorithm)}: mean")
            if max(mean) > top:
                axes.text(ns[0], top * 0.985, f" {label(algorithm)} mean up to {max(mean):.3g} (off scale)",
                          fontsize=7, va="top", color=colour(algorithm))
            if algorithm == "snf":  # the subject of the theorems: its worst case too
                worst = [max(row["over_bound_max"] for row in mine if row["processors"] == n) for n in ns]
                axes.plot(ns, worst, color=colour(algorithm), marker="^", markersize=4, linewidth=1.6,
                          label="SNF: largest")
        axes.axhline(2, color="#d95f02", linestyle="--", linewidth=1)
        axes.text(ns[-1], 2.03, "Theorem 2: SNF \u2264 2 OPT", fontsize=7, va="bottom", ha="right", color="#d95f02")
        axes.set_title(f"{os.path.splitext(os.path.basename(path))[0]}\n{instances:,.0f} clusters", fontsize=9)
        axes.set_xlabel("processors n")
        axes.grid(True, alpha=0.3)
        handles, labels = axes.get_legend_handles_labels()
        legend = dict(zip(labels, handles)) if len(labels) > len(legend) else legend
    grid[0][0].set_ylim(0.95, top)
    grid[0][0].set_ylabel("makespan / optimum of the same cluster")
    # One legend for all panels, under the first (constrained layout makes room for it there).
    grid[0][0].legend(legend.values(), legend.keys(), loc="upper left", bbox_to_anchor=(0, -0.14),
                      ncol=min(len(legend), 5), fontsize=8, frameon=False)
    return figure, "SNF against the exact optimum (Theorems 1-3 as experiments)"


# ---- liu-scaling ------------------------------------------------------------------------

def draw_scaling(tables, plt):
    path, rows = tables[0]
    require_unique(rows, path, ("algorithm", "processors"))  # one curve per algorithm, no zigzags
    figure, axes = plt.subplots(figsize=(7, 4.5), layout="constrained")
    for algorithm in order({row["algorithm"] for row in rows}):
        series = sorted((row for row in rows if row["algorithm"] == algorithm), key=lambda row: row["processors"])
        axes.plot([row["processors"] for row in series], [row["over_bound_mean"] for row in series],
                  color=colour(algorithm), marker="o", markersize=4, label=label(algorithm))
        axes.fill_between([row["processors"] for row in series], [row["over_bound_mean"] for row in series],
                          [row["over_bound_max"] for row in series], color=colour(algorithm), alpha=0.12, linewidth=0)
    axes.set_xscale("log", base=2)
    ns = pc.distinct(rows, "processors")
    axes.set_xticks(ns)
    axes.set_xticklabels([f"{n:g}" for n in ns])
    axes.axhline(2, color="#1b9e77", linestyle="--", linewidth=0.8)
    axes.text(ns[-1], 2.02, "SNF \u2264 2 \u00d7 bound", fontsize=7, ha="right", va="bottom", color="#1b9e77")
    axes.set_xlabel("processors n")
    axes.set_ylabel("makespan / lower bound (mean; band up to the largest)")
    spreads = ", ".join(f"{s:g}" for s in pc.distinct(rows, "spread"))
    axes.set_title(f"times uniform in [1, {spreads}], "
                   f"{rows[0]['replications']:,.0f} clusters per point", fontsize=10)
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, frameon=False)
    return figure, "makespan over the lower bound in large clusters"


# ---- beyond both papers: clairvoyant planning against non-clairvoyance --------------------

CLAIRVOYANCE_PLANNER = "snf"
CLAIRVOYANCE_OTHERS = ("tree-dyn", "binomial-stat")


def cv_positions(cvs):
    """Where each CV sits on the log axis: itself, and CV = 0 (no noise, the planners' model)
    one grid step left of the smallest positive CV, so the deterministic column is drawn too."""
    positive = [cv for cv in cvs if cv > 0]
    if not positive:
        return [1.0 for _ in cvs]
    step = positive[1] / positive[0] if len(positive) > 1 else 10.0
    return [cv if cv > 0 else positive[0] / step for cv in cvs]


def clairvoyance_grid(rows, path, other):
    """(cvs, xs, values): mean(SNF) / mean(other) per (cv, x) cell, NaN where one is missing."""
    cvs, xs, means = method_grid(rows, path, "x", "cv", (CLAIRVOYANCE_PLANNER, other))
    planner, dynamic = means[CLAIRVOYANCE_PLANNER], means[other]
    return cvs, xs, as_grid(planner / dynamic.where(dynamic > 0), cvs, xs)


def draw_clairvoyance(rows, path, plt):
    """Two heat maps over (CV, slow/fast ratio x): mean(SNF) / mean(Tree-dyn) and
    mean(SNF) / mean(Binomial-stat); above 1 (red) the non-clairvoyant algorithm is faster."""
    import numpy
    from matplotlib.colors import LogNorm
    from matplotlib.ticker import NullLocator
    require_methods(rows, path, (CLAIRVOYANCE_PLANNER,) + CLAIRVOYANCE_OTHERS, "reduce-clairvoyance")
    if len(pc.distinct(rows, "processors")) > 1 or len(pc.distinct(rows, "slow_fraction")) > 1:
        raise pc.PlotError(path, "several processors or slow_fraction values; the map draws one cluster "
                                 "shape over cv and x")
    grids = [clairvoyance_grid(rows, path, other) for other in CLAIRVOYANCE_OTHERS]
    if all(values.count() == 0 for _, _, values in grids):
        raise pc.PlotError(path, "no (cv, x) point has snf beside tree-dyn or binomial-stat")
    spread = max(max(values.max(), 1 / values.min()) for _, _, values in grids if values.count())
    spread = max(spread, 1.01)
    figure, panels = plt.subplots(1, 2, figsize=(12, 5), layout="constrained", sharey=True)
    for axes, other, (cvs, xs, values) in zip(panels, CLAIRVOYANCE_OTHERS, grids):
        positions = cv_positions(cvs)
        mesh = axes.pcolormesh(cell_edges(positions), cell_edges(xs), values, cmap="RdBu_r",
                               norm=LogNorm(1 / spread, spread))
        # Where both algorithms build the same tree (SNF on equal hosts is a binomial tree) the
        # ratio is exactly 1: no frontier there, so those cells stay out of the contour.
        draw_contour_at_one(axes, positions, xs, numpy.ma.masked_where(values == 1, values))
        axes.set_xscale("log")
        axes.set_yscale("log")
        # Ticks at 0 and at the decades the grid holds (0.01, 0.1, 1), as on RR-8315's axes.
        ticks = [(p, cv) for p, cv in zip(positions, cvs) if cv == 0 or abs(math.log10(cv) - round(math.log10(cv))) < 1e-9]
        axes.set_xticks([p for p, _ in ticks], [f"{cv:g}" for _, cv in ticks])
        axes.xaxis.set_minor_locator(NullLocator())
        axes.set_yticks(xs, [f"{x:g}" for x in xs])
        axes.yaxis.set_minor_locator(NullLocator())
        axes.set_xlabel("Coefficient of variation of the costs (CV; 0: the planner's own model)")
        axes.set_title(f"mean(SNF) / mean({pc.method_label(other)})", fontsize=10)
    panels[0].set_ylabel("slow / fast time ratio x")
    bar = figure.colorbar(mesh, ax=panels)
    plain_ratio_ticks(bar, spread)
    bar.set_label("> 1: the non-clairvoyant algorithm is faster")
    bar.ax.axhline(1, color="black", linewidth=1.2)
    figure.supxlabel(f"n = {rows[0]['processors']:g}, slow-fraction {rows[0]['slow_fraction']:g} (slow hosts at "
                     f"random places), a message from p lasts t(p) \u00d7 gamma(mean 1, CV), "
                     f"{runs_per_point(rows)}; black line: ratio 1", fontsize=8)
    return figure, "clairvoyant SNF against non-clairvoyant reductions"


def clairvoyance_figure(tables, _options):
    path, rows = read_as(tables, "reduce-clairvoyance")[0]
    return draw_clairvoyance(rows, path, pc.pyplot())


# Each figure: draw(tables, options) -> (matplotlib Figure, what it shows), tables being the
# DataFrames in command-line order; hetcoll_plots.figures registers them.
FIGURES = {
    "rr8315-fig4": rr8315_figure("rr8315-fig4", draw_figure4),
    "rr8315-fig5": rr8315_figure("rr8315-fig5", draw_figure5),
    "rr8315-fig6": rr8315_figure("rr8315-fig6", draw_figure6),
    "liu-fig1": liu_figure("liu-fig1", draw_gantt),
    "liu-fig8": liu_figure("liu-fig8", draw_fig8),
    "liu-ratio": liu_figure("liu-ratio", draw_ratio),
    "liu-scaling": liu_figure("liu-scaling", draw_scaling),
    "reduce-clairvoyance": clairvoyance_figure,
}

"""The figures of Liu & Wang (IPDPS 2000), from the reduce family's CSVs (reduce.read_as).

In their model a message lasts its sender's time and the reduction is free, so these figures
need cv = 0 and ratio = 0 on every row (scenarios/liu-*.ini).
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
"""
import os

from . import common as pc
from .reduce import PARAMETERS, listed, read_as, require_unique

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


# Each figure: draw(tables, options) -> (matplotlib Figure, what it shows); hetcoll.figures.registry
# registers them.
FIGURES = {
    "liu-fig1": liu_figure("liu-fig1", draw_gantt),
    "liu-fig8": liu_figure("liu-fig8", draw_fig8),
    "liu-ratio": liu_figure("liu-ratio", draw_ratio),
    "liu-scaling": liu_figure("liu-scaling", draw_scaling),
}

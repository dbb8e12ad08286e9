"""The divisible-load figures of Beaumont, Marchal, Robert (HiPC 2005), from hetcoll CSVs.

  bmr-fig4     Figure 4, three panels: (a) throughput normalised by OPT-FIFO against the w/c-ratio
               (z = 0.8, column normalized_mean, ribbon normalized_q10..q90), (b) number of workers
               OPT-FIFO enrols (enrolled_mean, band enrolled_min..max), (c) as (a) with z = 1.
               The three CSVs are the outputs of scenarios/bmr-fig4a.ini, bmr-fig4b.ini, bmr-fig4c.ini.
               Two methods whose mean lines coincide (FIFO-INC-C and FIFO-INC-W when z = 1) would
               hide one under the other: the later one is drawn dashed and its legend entry says so.
  bmr-fig2/3   Figure 1 style chart of one schedule from a --trace CSV: one row per worker in send
               order; dark grey its initial message, white its computation, a bold line its idle
               time, light grey its return message; the master's row shows its sends above and
               its receptions below. One panel per algorithm of the first point (option algorithm:
               only that one).
  bmr-gap      Past the paper: distribution (ECDF) of throughput / optimal throughput, paired per
               replication, from the raw CSV of scenarios/bmr-optimal-gap.ini; option table also
               prints a Markdown table of the mean and worst ratios and how often each heuristic
               is optimal.
"""
from . import common as pc

# Paper names and fixed colours of the methods, in the paper's order.
METHODS = pc.MethodStyles({
    "opt-fifo": ("OPT-FIFO", "#1b9e77"),
    "opt-lifo": ("OPT-LIFO", "#d95f02"),
    "fifo-inc-c": ("FIFO-INC-C", "#7570b3"),
    "fifo-inc-w": ("FIFO-INC-W", "#e7298a"),
    "lp": ("LP (given orders)", "#66a61e"),
    "optimal": ("Optimal", "#000000"),
    "self-scheduling": ("self-scheduling", "#e6ab02"),
})
label, colour, ordered = METHODS.label, METHODS.colour, METHODS.order
SUMMARY = ("algorithm", "workers", "z", "wc_ratio", "replications", "mean", "normalized_mean",
           "normalized_q10", "normalized_q90", "enrolled_mean", "enrolled_min", "enrolled_max")
TRACE = ("algorithm", "workers", "z", "wc_ratio", "replication", "kind", "host", "peer", "start", "end")
RAW = ("algorithm", "workers", "z", "wc_ratio", "replication", "value")
SEND, RETURN = "#555555", "#c8c8c8"
# An idle gap shorter than this (seconds of a T = 1 schedule) is rounding, not idle time.
IDLE_EPSILON = 1e-9


# A line closer to another than this share of the panel's y range, at every point, is hidden
# under it at the size the figure is drawn.
COINCIDE = 0.005


def read(table, columns):
    rows = pc.records(table, columns, [c for c in columns if c not in ("algorithm", "kind")])
    if not rows:
        raise pc.PlotError(pc.source(table), "no data rows")
    return rows


def one_value(rows, column, path):
    values = pc.distinct(rows, column)
    if len(values) > 1:
        pc.note(f"{path}: several {column} values; drawing {column} = {values[0]:g}")
    return [row for row in rows if row[column] == values[0]], values[0]


def series(rows, algorithm, path):
    chosen = sorted((r for r in rows if r["algorithm"] == algorithm), key=lambda r: r["wc_ratio"])
    ratios = [r["wc_ratio"] for r in chosen]
    if len(set(ratios)) < len(ratios):
        raise pc.PlotError(path, f"two rows for {algorithm} at one wc_ratio; expected one per point")
    return chosen


def log_x(axes):
    axes.set_xscale("log")
    axes.xaxis.set_major_formatter(pc_log_formatter())
    axes.set_xlabel("w/c-ratio (mean w / mean c)")
    axes.grid(True, which="major", alpha=0.3)


def pc_log_formatter():
    from matplotlib.ticker import FuncFormatter
    return FuncFormatter(lambda value, _: f"{value:g}")


def coinciding(curves):
    """{later method: earlier method} for the mean lines that lie on an earlier one: the same
    w/c-ratios, and at each a gap below COINCIDE of the panel's y range."""
    values = [v for points in curves.values() for v in points.values()]
    tolerance = COINCIDE * max(max(values) - min(values), 1e-12)
    hidden = {}
    names = list(curves)
    for k, later in enumerate(names):
        for earlier in names[:k]:
            if earlier not in hidden and curves[later].keys() == curves[earlier].keys() and all(
                    abs(curves[later][x] - curves[earlier][x]) <= tolerance for x in curves[later]):
                hidden[later] = earlier
                break
    return hidden


def normalized_panel(axes, table, title):
    path = pc.source(table)
    rows, _ = one_value(read(table, SUMMARY), "workers", path)
    rows, z = one_value(rows, "z", path)
    algorithms = ordered({row["algorithm"] for row in rows})
    chosen = {algorithm: series(rows, algorithm, path) for algorithm in algorithms}
    hidden = coinciding({a: {r["wc_ratio"]: r["normalized_mean"] for r in points} for a, points in chosen.items()})
    for algorithm, points in chosen.items():
        x = [r["wc_ratio"] for r in points]
        axes.fill_between(x, [r["normalized_q10"] for r in points], [r["normalized_q90"] for r in points],
                          color=colour(algorithm), alpha=0.15, linewidth=0)
        name = label(algorithm)
        style = dict(linestyle="-", marker="o", markersize=3)
        if algorithm in hidden:
            # Dashed and without markers on top of the line it covers, so both colours show.
            name += f" (dashed: same means as {label(hidden[algorithm])})"
            style = dict(linestyle=(0, (3, 3)), marker=None)
        axes.plot(x, [r["normalized_mean"] for r in points], color=colour(algorithm), linewidth=1.5,
                  label=name, **style)
    log_x(axes)
    axes.set_ylabel("throughput / OPT-FIFO throughput")
    axes.set_title(f"{title}, z = {z:g}, p = {rows[0]['workers']:g}, "
                   f"{rows[0]['replications']:,.0f} stars per point", fontsize=9)
    axes.legend(frameon=False, fontsize=8, loc="lower right")


def draw_figure4(tables, _options):
    plt = pc.pyplot()
    figure, axes = plt.subplots(1, 3, figsize=(16, 4.6), layout="constrained")
    normalized_panel(axes[0], tables[0], "(a) performance")
    path = pc.source(tables[1])
    rows, _ = one_value(read(tables[1], SUMMARY), "z", path)
    points = series(rows, "opt-fifo", path)
    if not points:
        raise pc.PlotError(path, "no opt-fifo rows; Figure 4(b) counts OPT-FIFO's workers")
    x = [r["wc_ratio"] for r in points]
    axes[1].fill_between(x, [r["enrolled_min"] for r in points], [r["enrolled_max"] for r in points],
                         color=colour("opt-fifo"), alpha=0.2, linewidth=0, label="min to max")
    axes[1].plot(x, [r["enrolled_mean"] for r in points], color=colour("opt-fifo"), marker="o",
                 markersize=3, linewidth=1.5, label="mean")
    log_x(axes[1])
    axes[1].set_ylim(0, points[0]["workers"] * 1.05)
    axes[1].set_ylabel("workers enrolled by OPT-FIFO")
    axes[1].set_title(f"(b) enrolled workers, z = {points[0]['z']:g}, p = {points[0]['workers']:g}", fontsize=9)
    axes[1].legend(frameon=False, fontsize=8, loc="lower right")
    normalized_panel(axes[2], tables[2], "(c) performance")
    return figure, "heuristics against OPT-FIFO; ribbons from the 10% to the 90% quantile"


def draw_gantt(tables, options):
    path, algorithm, plt = pc.source(tables[0]), options.get("algorithm"), pc.pyplot()
    rows = read(tables[0], TRACE)
    for line, row in enumerate(rows, start=2):
        if row["kind"] not in ("comm", "compute"):
            raise pc.PlotError(path, f"line {line}: kind {row['kind']!r}, expected comm or compute")
    first = (rows[0]["workers"], rows[0]["z"], rows[0]["wc_ratio"], rows[0]["replication"])
    rows = [r for r in rows if (r["workers"], r["z"], r["wc_ratio"], r["replication"]) == first]
    algorithms = ordered({r["algorithm"] for r in rows})
    if algorithm is not None:
        if algorithm not in algorithms:
            raise pc.PlotError(path, f"no events for {algorithm}; the trace holds {', '.join(algorithms)}")
        algorithms = [algorithm]
    figure, axes = plt.subplots(len(algorithms), 1, figsize=(9, 1.2 + 1.9 * len(algorithms)), squeeze=False, layout="constrained")
    for panel, name in zip(axes[:, 0], algorithms):
        gantt_panel(panel, [r for r in rows if r["algorithm"] == name], name)
    axes[-1, 0].set_xlabel("time (the schedule is built for T = 1)")
    legend_of_the_bars(axes[-1, 0], 1.2 + 1.9 * len(algorithms))
    return figure, "divisible-load schedules, one panel per algorithm"


def legend_of_the_bars(axes, height):
    """The bars' meaning, under the last panel: a --title replaces the figure's title, so the
    legend, not the title, says what the greys mean."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    edge = dict(edgecolor="black", linewidth=0.6)
    handles = [Patch(facecolor=SEND, label="initial message (master \u2192 worker)", **edge),
               Patch(facecolor="white", label="computation", **edge),
               Line2D([], [], color="black", linewidth=3, label="idle (computed, waiting to return)"),
               Patch(facecolor=RETURN, label="return message (worker \u2192 master)", **edge)]
    axes.legend(handles=handles, loc="upper center", bbox_to_anchor=(0.5, -0.5 / 1.9), ncol=4,
                frameon=False, fontsize=8)


def gantt_panel(axes, rows, algorithm):
    sends = sorted((r for r in rows if r["kind"] == "comm" and r["host"] == 0), key=lambda r: r["start"])
    order = [int(r["peer"]) for r in sends]
    level = {worker: len(order) - k for k, worker in enumerate(order)}
    level[0] = len(order) + 1
    edge = dict(edgecolor="black", linewidth=0.6)
    computed = {}
    for r in rows:
        if r["kind"] == "compute":
            worker = int(r["host"])
            computed[worker] = r["end"]
            axes.broken_barh([(r["start"], r["end"] - r["start"])], (level[worker] - 0.3, 0.6), facecolor="white",
                             **edge)
    for r in rows:
        if r["kind"] != "comm":
            continue
        worker = int(r["peer"] if r["host"] == 0 else r["host"])
        face = SEND if r["host"] == 0 else RETURN
        span = [(r["start"], r["end"] - r["start"])]
        axes.broken_barh(span, (level[worker] - 0.3, 0.6), facecolor=face, **edge)
        # The master's row: sends in its upper half, receptions in its lower half.
        master_band = (level[0], 0.3) if r["host"] == 0 else (level[0] - 0.3, 0.3)
        axes.broken_barh(span, master_band, facecolor=face, **edge)
        if r["host"] != 0 and r["start"] - computed.get(worker, r["start"]) > IDLE_EPSILON:
            axes.plot([computed[worker], r["start"]], [level[worker]] * 2, color="black", linewidth=3)
    axes.set_yticks([level[0]] + [level[w] for w in order], ["P0 (master)"] + [f"P{w}" for w in order])
    end = max(r["end"] for r in rows)
    load = sum(1 for r in rows if r["kind"] == "compute")
    axes.set_xlim(0, end * 1.01)
    axes.set_ylim(0.4, level[0] + 0.6)
    axes.set_title(f"{label(algorithm)}: {load} workers enrolled, makespan {end:.6g}", fontsize=9)


def draw_gap(tables, options):
    path, plt = pc.source(tables[0]), pc.pyplot()
    rows = read(tables[0], RAW)
    by_point = {}
    for r in rows:
        by_point.setdefault((r["workers"], r["z"], r["wc_ratio"], r["replication"]), {})[r["algorithm"]] = r["value"]
    if not any("optimal" in values for values in by_point.values()):
        raise pc.PlotError(path, "no optimal rows; the distances are to the optimum")
    heuristics = ordered({r["algorithm"] for r in rows} - {"optimal"})
    ratios = {}  # (workers, z, wc_ratio, algorithm) -> [throughput / optimal]
    for (workers, z, wc, _), values in by_point.items():
        for name in heuristics:
            if name in values and "optimal" in values:
                ratios.setdefault((workers, z, wc, name), []).append(values[name] / values["optimal"])
    panels = sorted({(z, wc) for (_, z, wc, _) in ratios})
    counts = sorted({w for (w, _, _, _) in ratios})
    styles = ["-", "--", ":", "-."]
    columns = min(2, len(panels))
    rows_of_panels = (len(panels) + columns - 1) // columns
    figure, axes = plt.subplots(rows_of_panels, columns, figsize=(6 * columns, 4.2 * rows_of_panels), layout="constrained",
                                squeeze=False, sharey=True)
    for panel in axes.flat[len(panels):]:
        panel.set_visible(False)
    for panel, (z, wc) in zip(axes.flat, panels):
        for name in heuristics:
            for style, workers in zip(styles, counts):
                values = sorted(ratios.get((workers, z, wc, name), []))
                if values:
                    panel.step(values, [(k + 1) / len(values) for k in range(len(values))], where="post",
                               color=colour(name), linestyle=style, linewidth=1.3,
                               label=f"{label(name)}, p = {workers:g}")
        panel.set_title(f"z = {z:g}, w/c-ratio = {wc:g}", fontsize=9)
        panel.set_xlabel("throughput / optimal throughput")
        panel.grid(True, alpha=0.3)
    for panel in axes[:, 0]:
        panel.set_ylabel("fraction of random stars at or below")
    axes.flat[0].legend(frameon=False, fontsize=7, loc="upper left")
    if options.get("table"):
        print_table(ratios, heuristics)
    return figure, ("throughput of the heuristics relative to the optimum over all pairs of orders,\n"
                    "small random stars (ECDF, paired per star)")


def print_table(ratios, heuristics):
    print("| p | z | w/c | " + " | ".join(f"{label(h)} mean / worst / optimal" for h in heuristics) + " |")
    print("|---|---|---|" + "---|" * len(heuristics))
    for workers, z, wc in sorted({k[:3] for k in ratios}):
        cells = []
        for name in heuristics:
            values = ratios.get((workers, z, wc, name), [])
            if not values:
                cells.append("")
                continue
            optimal = sum(1 for v in values if v > 1 - 1e-9) / len(values)
            cells.append(f"{sum(values) / len(values):.4f} / {min(values):.4f} / {optimal:.0%}")
        print(f"| {workers:g} | {z:g} | {wc:g} | " + " | ".join(cells) + " |")



# Each figure: draw(tables, options) -> (matplotlib Figure, what it shows).
FIGURES = {"bmr-fig4": draw_figure4, "bmr-gantt": draw_gantt, "bmr-gap": draw_gap}

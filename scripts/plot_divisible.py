#!/usr/bin/env python3
"""Draws the divisible-load figures of Beaumont, Marchal, Robert (HiPC 2005) from hetcoll CSVs.

usage: plot_divisible.py fig4 A.csv B.csv C.csv [--output OUT.png]
       plot_divisible.py gantt TRACE.csv [--algorithm NAME] [--output OUT.png]
       plot_divisible.py gap RAW.csv [--output OUT.png] [--table]

  fig4   Figure 4, three panels: (a) throughput normalised by OPT-FIFO against the w/c-ratio
         (z = 0.8, column normalized_mean, ribbon normalized_q10..q90), (b) number of workers
         OPT-FIFO enrols (enrolled_mean, band enrolled_min..max), (c) as (a) with z = 1.
         A, B, C are the outputs of scenarios/bmr-fig4a.ini, bmr-fig4b.ini, bmr-fig4c.ini.
  gantt  Figure 1 style chart of one schedule from a --trace CSV: one row per worker in send
         order; dark grey its initial message, white its computation, a bold line its idle
         time, light grey its return message; the master's row shows its sends above and
         its receptions below. One panel per algorithm of the first point.
  gap    Past the paper: distribution (ECDF) of throughput / optimal throughput, paired per
         replication, from the raw CSV of scenarios/bmr-optimal-gap.ini; --table also prints
         a Markdown table of the mean and worst ratios and how often each heuristic is optimal.

The default output is the first input path with the extension .png. Input problems print
one line naming the file and exit with status 2.
"""
import argparse

import plot_common as pc

PAPER = "Beaumont, Marchal, Robert, HiPC 2005"
# Paper names and fixed colours of the methods, in the paper's order.
METHODS = pc.MethodStyles({
    "opt-fifo": ("OPT-FIFO", "#1b9e77"),
    "opt-lifo": ("OPT-LIFO", "#d95f02"),
    "fifo-inc-c": ("FIFO-INC-C", "#7570b3"),
    "fifo-inc-w": ("FIFO-INC-W", "#e7298a"),
    "lp": ("LP (given orders)", "#66a61e"),
    "optimal": ("Optimal", "#000000"),
})
label, colour, ordered = METHODS.label, METHODS.colour, METHODS.order
SUMMARY = ("algorithm", "workers", "z", "wc_ratio", "replications", "mean", "normalized_mean",
           "normalized_q10", "normalized_q90", "enrolled_mean", "enrolled_min", "enrolled_max")
TRACE = ("algorithm", "workers", "z", "wc_ratio", "replication", "kind", "host", "peer", "start", "end")
RAW = ("algorithm", "workers", "z", "wc_ratio", "replication", "value")
SEND, RETURN = "#555555", "#c8c8c8"
# An idle gap shorter than this (seconds of a T = 1 schedule) is rounding, not idle time.
IDLE_EPSILON = 1e-9


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
    return parser.parse_args()


def main():
    args = parse_args()
    plt = pc.pyplot()
    if args.command == "fig4":
        figure, what = draw_figure4(args.csv, plt), "Figure 4"
    elif args.command == "gantt":
        figure, what = draw_gantt(args.csv[0], args.algorithm, plt), "Gantt chart"
    else:
        figure, what = draw_gap(args.csv[0], args.table, plt), "distance to the optimum"
    pc.save(figure, args.output or pc.default_output(args.csv[0]), what)


def read(path, columns):
    rows = pc.read_rows(path, columns, [c for c in columns if c not in ("algorithm", "kind")])
    if not rows:
        raise pc.PlotError(path, "no data rows")
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


def normalized_panel(axes, path, title):
    rows, _ = one_value(read(path, SUMMARY), "workers", path)
    rows, z = one_value(rows, "z", path)
    for algorithm in ordered({row["algorithm"] for row in rows}):
        points = series(rows, algorithm, path)
        x = [r["wc_ratio"] for r in points]
        axes.fill_between(x, [r["normalized_q10"] for r in points], [r["normalized_q90"] for r in points],
                          color=colour(algorithm), alpha=0.15, linewidth=0)
        axes.plot(x, [r["normalized_mean"] for r in points], color=colour(algorithm), marker="o",
                  markersize=3, linewidth=1.5, label=label(algorithm))
    log_x(axes)
    axes.set_ylabel("throughput / OPT-FIFO throughput")
    axes.set_title(f"{title}, z = {z:g}, p = {rows[0]['workers']:g}, "
                   f"{rows[0]['replications']:,.0f} stars per point", fontsize=9)
    axes.legend(frameon=False, fontsize=8, loc="lower right")


def draw_figure4(paths, plt):
    figure, axes = plt.subplots(1, 3, figsize=(16, 4.6))
    normalized_panel(axes[0], paths[0], "(a) performance")
    rows, _ = one_value(read(paths[1], SUMMARY), "z", paths[1])
    points = series(rows, "opt-fifo", paths[1])
    if not points:
        raise pc.PlotError(paths[1], "no opt-fifo rows; Figure 4(b) counts OPT-FIFO's workers")
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
    normalized_panel(axes[2], paths[2], "(c) performance")
    figure.suptitle(f"Figure 4 ({PAPER}): heuristics against OPT-FIFO; ribbons from the 10% "
                    "to the 90% quantile", fontsize=11)
    figure.tight_layout()
    return figure


def draw_gantt(path, algorithm, plt):
    rows = read(path, TRACE)
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
    figure, axes = plt.subplots(len(algorithms), 1, figsize=(9, 1.2 + 1.9 * len(algorithms)), squeeze=False)
    for panel, name in zip(axes[:, 0], algorithms):
        gantt_panel(panel, [r for r in rows if r["algorithm"] == name], name)
    axes[-1, 0].set_xlabel("time (the schedule is built for T = 1)")
    figure.suptitle(f"Schedules ({PAPER}, Figure 1 style): dark grey initial messages, white "
                    "computations, bold line idle time, light grey returns", fontsize=10)
    figure.tight_layout()
    return figure


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


def draw_gap(path, table, plt):
    rows = read(path, RAW)
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
    figure, axes = plt.subplots(rows_of_panels, columns, figsize=(6 * columns, 4.2 * rows_of_panels),
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
    figure.suptitle(f"Past the paper ({PAPER}): throughput of the heuristics relative to the optimum "
                    "over all pairs of orders,\nsmall random stars (ECDF, paired per star)", fontsize=10)
    figure.tight_layout()
    if table:
        print_table(ratios, heuristics)
    return figure


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


if __name__ == "__main__":
    pc.run(main)

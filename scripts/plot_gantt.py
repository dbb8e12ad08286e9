#!/usr/bin/env python3
"""Draws a Gantt chart of one replication from a hetcoll trace CSV (written by --trace).

usage: plot_gantt.py TRACE.csv [--algorithm NAME] [--output OUT.png]

One row per host. The upper half of a row shows communications (dark: the host sends,
light: the host receives), the lower half its computations, so that a reception that
overlaps a computation (as Fibonacci-stat does) stays visible. An arrow goes from the
sender at the start of each message to the receiver at its end.

Every family's trace is accepted: its header is algorithm,<parameters>,replication,kind,host,
peer,start,end (docs/outputs.md), the parameters being the family's sweep axes (processors,cv,
ratio,... for reduce, workers,z,wc_ratio for divisible, ...). A sweep point is one tuple of
parameter values. The chart shows the first point of the file (the first one holding
--algorithm if given) and the lowest replication number in it. Without --algorithm there is
one panel per algorithm of that point. The default output is the input path with the
extension .png. Input problems print one line naming the file and exit with status 2.
"""
import argparse
import math

import plot_common as pc

# The parameter columns, strictly between algorithm and replication, depend on the family.
COLUMNS = ("algorithm", "replication", "kind", "host", "peer", "start", "end")
NUMERIC = ("replication", "host", "peer", "start", "end")
# The reduce family, whose point gets RR-8315's notation (n, CV, μc/μd) in the titles; the keys
# of its drawn clusters follow in the trace but stay out of the title.
REDUCE = ("processors", "cv", "ratio", "spread", "slow_fraction", "x", "levels", "cluster_cv", "message")
KINDS = ("comm", "compute")
SEND, RECEIVE, COMPUTE = "#1f4e9c", "#9cc3e6", "#d1495b"
# Host labels and peer labels stop being readable beyond these many rows.
MAX_LABELLED_HOSTS = 32
MAX_PEER_LABELS_HOSTS = 16


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("trace", help="trace CSV written by hetcoll --trace")
    parser.add_argument("--algorithm", help="draw only this algorithm (e.g. tree-dyn)")
    parser.add_argument("--output", help="PNG to write (default: TRACE with .png)")
    return parser.parse_args()


def main():
    args = parse_args()
    rows = pc.read_rows(args.trace, COLUMNS, NUMERIC)
    parameters = parameter_columns(rows, args.trace)
    check_kinds(rows, args.trace)
    check_parameters(rows, args.trace, parameters)
    rows = select_algorithm(rows, args.trace, args.algorithm)
    rows = select_replication(first_point(rows, parameters))
    plt = pc.pyplot()
    figure = draw(rows, parameters, plt)
    algorithms = ", ".join(pc.method_order({row["algorithm"] for row in rows}))
    pc.save(figure, args.output or pc.default_output(args.trace), f"Gantt chart of {algorithms}")


def parameter_columns(rows, path):
    """The family's parameter columns: those strictly between algorithm and replication."""
    if not rows:
        raise pc.PlotError(path, "no events, expected the events of replication 0")
    # A DictReader row keeps the header's column order (missing fields included).
    header = [name for name in rows[0] if name is not None]
    first, last = header.index("algorithm"), header.index("replication")
    if first > last:
        raise pc.PlotError(path, "column replication before algorithm; expected header "
                                 "algorithm,<parameters>,replication,kind,host,peer,start,end")
    return tuple(header[first + 1:last])


def check_parameters(rows, path, parameters):
    """Converts the parameters that are used as numbers; the others stay as written."""
    numeric = REDUCE if parameters == REDUCE else ("processors",)
    numeric = [name for name in numeric if name in parameters]
    for line, row in enumerate(rows, start=2):
        for name in numeric:
            try:
                row[name] = float(row[name])
            except (TypeError, ValueError):
                raise pc.PlotError(path, f"line {line}: column {name} = {row[name]!r}, "
                                         "expected a number") from None


def check_kinds(rows, path):
    for line, row in enumerate(rows, start=2):
        if row["kind"] not in KINDS:
            raise pc.PlotError(path, f"line {line}: kind {row['kind']!r}, expected comm or compute")


def select_algorithm(rows, path, algorithm):
    if algorithm is None:
        return rows
    chosen = [row for row in rows if row["algorithm"] == algorithm]
    if not chosen:
        present = ", ".join(pc.method_order({row["algorithm"] for row in rows}))
        raise pc.PlotError(path, f"no events for algorithm {algorithm}; the trace holds {present}")
    return chosen


def point_of(row, parameters):
    return tuple(row[name] for name in parameters)


def first_point(rows, parameters):
    """Events of the first sweep point in file order; a trace may hold a whole sweep."""
    point = point_of(rows[0], parameters)
    chosen = [row for row in rows if point_of(row, parameters) == point]
    if len(chosen) < len(rows):
        if parameters == REDUCE:
            where = "n = {:g}, cv = {:g}, ratio = {:g}".format(*point[:3])
        else:
            where = describe_point(rows[0], parameters)
        pc.note(f"the trace holds several points; drawing the first one, {where}")
    return chosen


def format_value(text):
    """A parameter value as written, shortened when it is a long number (0.30000000000000004)."""
    try:
        value = float(text)
    except (TypeError, ValueError):
        return str(text)
    if value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return f"{value:.6g}" if math.isfinite(value) else str(text)


def describe_point(row, parameters):
    return ", ".join(f"{name} = {format_value(row[name])}" for name in parameters)


def select_replication(rows):
    replications = pc.distinct(rows, "replication")
    if len(replications) > 1:
        pc.note(f"several replications; drawing replication {replications[0]:g}")
    return [row for row in rows if row["replication"] == replications[0]]


def host_count(rows):
    hosts = [row["host"] for row in rows] + [row["peer"] for row in rows]
    # processors may exceed the hosts that appear (an idle host), or be 0 (reduce with
    # given clusters); families without it have exactly the hosts that appear.
    return int(max(max(hosts) + 1, rows[0].get("processors", 0)))


def draw(rows, parameters, plt):
    algorithms = pc.method_order({row["algorithm"] for row in rows})
    hosts = host_count(rows)
    columns = 1 if len(algorithms) == 1 else 2
    lines = math.ceil(len(algorithms) / columns)
    # Rows stay about a tenth of an inch high, within a readable panel height.
    panel_height = min(max(0.13 * hosts + 1.2, 3), 9.5)
    figure, grid = plt.subplots(lines, columns, squeeze=False, sharex=True,
                                figsize=(7 * columns, panel_height * lines + 1))
    for axes, algorithm in zip(grid.flat, algorithms):
        events = [row for row in rows if row["algorithm"] == algorithm]
        draw_panel(axes, events, hosts)
        axes.set_title(f"{pc.method_label(algorithm)}: makespan "
                       f"{max(row['end'] for row in events):.4g} s", fontsize=10)
    for axes in list(grid.flat)[len(algorithms):]:
        axes.set_visible(False)
    # Shared axis set once from all panels: a per-panel limit would clip the longer schedules.
    grid[0, 0].set_xlim(0, 1.02 * max(row["end"] for row in rows))
    add_titles_and_legend(figure, rows[0], parameters)
    return figure


def draw_panel(axes, rows, hosts):
    # Shading every other host keeps a host's comm and compute halves visibly together.
    for host in range(1, hosts, 2):
        axes.axhspan(host - 0.5, host + 0.5, color="#f0f0f0", zorder=0, linewidth=0)
    for row in rows:
        if row["kind"] == "compute":
            bar(axes, row, row["host"], 0.0, COMPUTE)
        else:
            draw_message(axes, row, hosts)
    axes.set_ylim(hosts - 0.5, -0.5)
    step = 1 if hosts <= MAX_LABELLED_HOSTS else math.ceil(hosts / MAX_LABELLED_HOSTS)
    axes.set_yticks(range(0, hosts, step))
    axes.set_yticklabels([f"P{host}" for host in range(0, hosts, step)], fontsize=7)
    axes.set_xlabel("Time (s)")
    axes.set_ylabel("Host")
    axes.grid(True, axis="x", alpha=0.3)


def bar(axes, row, host, offset, colour):
    """A bar in one half of a host's row: offset -0.4 is the comm half, 0 the compute half."""
    axes.broken_barh([(row["start"], row["end"] - row["start"])], (host + offset, 0.4),
                     facecolors=colour, edgecolor="white", linewidth=0.3)


def draw_message(axes, row, hosts):
    sender, receiver = row["host"], row["peer"]
    bar(axes, row, sender, -0.4, SEND)
    bar(axes, row, receiver, -0.4, RECEIVE)
    axes.annotate("", xy=(row["end"], receiver - 0.2), xytext=(row["start"], sender - 0.2),
                  arrowprops=dict(arrowstyle="->", color=SEND, alpha=0.5, linewidth=0.7,
                                  shrinkA=0, shrinkB=0))
    if hosts <= MAX_PEER_LABELS_HOSTS:
        axes.text(row["start"], sender - 0.2, f" \u2192P{receiver:g}", fontsize=6,
                  va="center", ha="left", color="white", clip_on=True)


def add_titles_and_legend(figure, row, parameters):
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    if parameters == REDUCE:
        figure.suptitle(f"Schedule of replication {row['replication']:g}\n"
                        f"n = {row['processors']:g}, CV = {row['cv']:g}, "
                        f"\u03bc$_c$/\u03bc$_d$ = {row['ratio']:g}", fontsize=11)
        computing = "computing (\u2295)"
    else:
        # Parameter names such as wc_ratio must not be read as mathtext or subscripts.
        point = describe_point(row, parameters).replace("$", r"\$")
        figure.suptitle(f"Schedule of replication {row['replication']:g}"
                        + (f"\n{point}" if point else ""), fontsize=11)
        computing = "computing"
    handles = [Patch(color=SEND, label="sending"), Patch(color=RECEIVE, label="receiving"),
               Patch(color=COMPUTE, label=computing),
               Line2D([], [], color=SEND, alpha=0.5, label="message: sender \u2192 receiver")]
    figure.legend(handles=handles, loc="lower center", ncol=4, frameon=False,
                  bbox_to_anchor=(0.5, -0.02))
    figure.tight_layout(rect=(0, 0.04, 1, 1))


if __name__ == "__main__":
    pc.run(main)

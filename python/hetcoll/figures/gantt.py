"""The Gantt chart of one replication of any family's trace CSV (written by --trace): figure `gantt`.

One row per host. The upper half of a row shows communications (dark: the host sends,
light: the host receives), the lower half its computations, so that a reception that
overlaps a computation (as Fibonacci-stat does) stays visible. An arrow goes from the
sender at the start of each message to the receiver at its end. Every other row is shaded
grey, so that a host's two halves read together; the legend says so.

Every family's trace is accepted: its header is algorithm,<parameters>,replication,kind,host,
peer,start,end (docs/outputs.md), the parameters being the family's sweep axes (processors,cv,
ratio,... for reduce, workers,z,wc_ratio for divisible, ...). A sweep point is one tuple of
parameter values. The chart shows the first point of the table (the first one holding the
option algorithm if given) and the lowest replication number in it. Without the option there
is one panel per algorithm of that point.
"""
import math

from . import common as pc

# The parameter columns, strictly between algorithm and replication, depend on the family.
COLUMNS = ("algorithm", "replication", "kind", "host", "peer", "start", "end")
NUMERIC = ("replication", "host", "peer", "start", "end")
# The reduce family, whose point gets RR-8315's notation (n, CV, μc/μd) in the titles; the keys
# of its drawn clusters follow in the trace but stay out of the title.
REDUCE = ("processors", "cv", "ratio", "spread", "slow_fraction", "x", "levels", "cluster_cv", "message")
KINDS = ("comm", "compute")
SEND, RECEIVE, COMPUTE, SHADE = "#1f4e9c", "#9cc3e6", "#d1495b", "#f0f0f0"
# Host labels and peer labels stop being readable beyond these many rows.
MAX_LABELLED_HOSTS = 32
MAX_PEER_LABELS_HOSTS = 16


def draw_trace(tables, options):
    """The figure `gantt`: (matplotlib Figure, what it shows) of the first DataFrame, a trace."""
    frame = tables[0]
    path = pc.source(frame)
    rows = pc.records(frame, COLUMNS, NUMERIC)
    parameters = parameter_columns(rows, path, list(frame.columns))
    check_kinds(rows, path)
    rows = pc.records(frame, COLUMNS, NUMERIC + numeric_parameters(parameters))
    rows = select_algorithm(rows, path, options.get("algorithm"))
    rows = select_replication(first_point(rows, parameters))
    figure = draw(rows, parameters, pc.pyplot())
    return figure, schedule_title(rows[0], parameters)


def drawn_algorithms(figure):
    """The algorithms a gantt figure drew, in paper order (for the line the script prints)."""
    return getattr(figure, "hetcoll_algorithms", [])


def parameter_columns(rows, path, header):
    """The family's parameter columns: those strictly between algorithm and replication."""
    if not rows:
        raise pc.PlotError(path, "no events, expected the events of replication 0")
    first, last = header.index("algorithm"), header.index("replication")
    if first > last:
        raise pc.PlotError(path, "column replication before algorithm; expected header "
                                 "algorithm,<parameters>,replication,kind,host,peer,start,end")
    return tuple(header[first + 1:last])


def numeric_parameters(parameters):
    """The parameters used as numbers (reduce's, to name the point; processors, to count the
    hosts); the others stay as written."""
    numeric = REDUCE if parameters == REDUCE else ("processors",)
    return tuple(name for name in numeric if name in parameters)


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
    """`name = value` of each parameter that applies to the point (an empty cell does not)."""
    return ", ".join(f"{name} = {format_value(row[name])}" for name in parameters if not pc.is_empty(row[name]))


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
    figure, grid = plt.subplots(lines, columns, squeeze=False, sharex=True, layout="constrained",
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
    add_legend(grid[-1, 0], rows[0], parameters, panel_height)
    figure.hetcoll_algorithms = algorithms
    return figure


def draw_panel(axes, rows, hosts):
    # Shading every other host keeps a host's comm and compute halves visibly together.
    for host in range(1, hosts, 2):
        axes.axhspan(host - 0.5, host + 0.5, color=SHADE, zorder=0, linewidth=0)
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


def schedule_title(row, parameters):
    if parameters == REDUCE:
        return (f"schedule of replication {row['replication']:g}\n"
                f"n = {row['processors']:g}, CV = {row['cv']:g}, \u03bc$_c$/\u03bc$_d$ = {row['ratio']:g}")
    # Parameter names such as wc_ratio must not be read as mathtext or subscripts.
    point = describe_point(row, parameters).replace("$", r"\$")
    return f"schedule of replication {row['replication']:g}" + (f"\n{point}" if point else "")


def add_legend(axes, row, parameters, panel_height):
    """Under the bottom-left panel and its axis label (about 0.55 inch), where constrained
    layout makes room for it."""
    from matplotlib.lines import Line2D
    from matplotlib.patches import Patch
    computing = "computing (\u2295)" if parameters == REDUCE else "computing"
    handles = [Patch(color=SEND, label="sending"), Patch(color=RECEIVE, label="receiving"),
               Patch(color=COMPUTE, label=computing),
               Line2D([], [], color=SEND, alpha=0.5, label="message: sender \u2192 receiver"),
               # The grey bands behind every other host are not events: say so, or they read as idle time.
               Patch(facecolor=SHADE, edgecolor="#cccccc", label="(grey band: every other host, no event)")]
    axes.legend(handles=handles, loc="upper left", bbox_to_anchor=(0, -0.55 / panel_height), ncol=3,
                frameon=False, fontsize=8)

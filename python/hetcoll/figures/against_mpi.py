"""A figure beyond the papers: their algorithms against what an MPI library runs by default.

From the studies against MPI (scenarios/reduce-mpi-*.ini, scenarios/broadcast-mpi-*.ini), or any
reduce or broadcast summary CSV that sweeps cv only and holds both selectors:
  against-mpi: one panel per CSV: each algorithm's mean over the better of the two libraries'
               default selections at the same CV, min(mean(ompi-tuned), mean(mpich)), against the
               CV on a log axis (CV = 0 one grid step left of the smallest positive CV, as in the
               uncertainty studies), on a log ratio axis. Below 1 the algorithm is faster than
               both libraries. The selectors are drawn in black (ompi-tuned dashed, mpich
               dash-dotted); the libraries' single algorithms (rows mpi-*) stay in the CSV and out
               of the drawing, which compares the papers' algorithms with what a user gets
               without choosing.
Each panel's title says what the CSV holds: the family, the platform (the manifest hetcoll writes
beside the CSV, or a DataFrame's attrs["platform"]; without either the panel names its file),
the hosts, the message size and the replications, and the largest standard error of a drawn
mean relative to that mean.
"""
import json
import math
import os

from . import broadcast, common as pc, reduce, uncertainty

COLUMNS = ("algorithm", "cv", "message", "replications", "mean", "stderr")
NUMERIC = COLUMNS[1:]
# The two selectors a ratio is taken against, each with its label and line style.
SELECTORS = {
    "ompi-tuned": ("ompi-tuned (Open MPI 4.1's default)", (0, (6, 2))),
    "mpich": ("mpich (MPICH 4's default)", (0, (6, 2, 1, 2))),
}
LIBRARY_ROW = "mpi-"  # the libraries' single algorithms: their rows' names start so
# The families' own tables: an algorithm has the colour and label of its family's figures.
STYLES = pc.MethodStyles({**reduce.PLANNER_AND_RR8315_STYLES.table, **broadcast.HEURISTICS.table})
# Which family a summary CSV is of, by its count of hosts (each family's own column).
HOST_COLUMNS = {"processors": "reduce", "cluster_hosts": "broadcast"}


def family_of(frame):
    """(family, its column of hosts) of a summary CSV."""
    for column, family in HOST_COLUMNS.items():
        if column in frame.columns:
            return family, column
    raise pc.PlotError(pc.source(frame), "no column processors or cluster_hosts; expected a reduce or "
                                         "broadcast summary CSV")


def platform_of(frame):
    """The platform file's name, 'the built-in platform' without one, or None when unknown: a
    DataFrame's attrs["platform"], else the manifest beside the CSV."""
    path = pc.source(frame)
    platform = frame.attrs.get("platform")
    if not isinstance(platform, str):
        try:
            with open(path + ".manifest.json") as manifest:
                platform = json.load(manifest)["platform"]
        except (OSError, ValueError, KeyError, TypeError):
            platform = None
    if not isinstance(platform, str):
        pc.note(f"no manifest naming the platform beside {path}; naming the panel by its file")
        return None
    return os.path.basename(platform) if platform else "the built-in platform"


def bytes_text(message):
    for unit, size in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if message >= size and message % size == 0:
            return f"{message / size:g} {unit}"
    return f"{message:,.0f} B"


def over_selectors(rows, path):
    """Per CV (index) and algorithm (columns): mean / min(mean(ompi-tuned), mean(mpich))."""
    means = pc.frame_of(rows, path).pivot(index="cv", columns="algorithm", values="mean").sort_index()
    missing = [name for name in SELECTORS if name not in means.columns]
    if missing:
        raise pc.PlotError(path, f"no rows of {' and '.join(missing)}; against-mpi divides by the better "
                                 "of ompi-tuned and mpich")
    if means[list(SELECTORS)].isna().any().any():
        raise pc.PlotError(path, "a CV without both ompi-tuned and mpich; expected both at every CV")
    reference = means[list(SELECTORS)].min(axis=1)
    if (reference <= 0).any():
        raise pc.PlotError(path, "a selector's mean is 0; expected positive times")
    return means.div(reference, axis=0)


def drawn_algorithms(algorithms):
    """The papers' algorithms in their figures' order, then the selectors."""
    papers = [a for a in algorithms if a not in SELECTORS and not a.startswith(LIBRARY_ROW)]
    return STYLES.order(papers) + [name for name in SELECTORS if name in algorithms]


# Ticks of the log ratio axis, written as plain numbers.
RATIO_TICKS = (0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 1.1, 1.25, 1.5, 1.75, 2, 2.5, 3, 4, 5, 6, 8, 10, 15,
               20, 30, 40, 60, 80, 100)


def ratio_axis(axes, lows, highs):
    """A log axis from the least to the largest ratio drawn, ticked at plain numbers."""
    from matplotlib.ticker import NullLocator
    axes.set_yscale("log")
    low, high = min(lows), max(highs)
    ticks = [t for t in RATIO_TICKS if low / 1.05 <= t <= high * 1.05]
    axes.set_yticks(ticks, [f"{t:g}" for t in ticks])
    axes.yaxis.set_minor_locator(NullLocator())


def draw_panel(axes, frame):
    path = pc.source(frame)
    family, hosts_column = family_of(frame)
    rows = pc.records(frame, COLUMNS + (hosts_column,), NUMERIC + (hosts_column,))
    if not rows:
        raise pc.PlotError(path, "no data rows, expected one row per (cv, algorithm)")
    uncertainty.one_study(rows, uncertainty.parameter_columns(frame, "replications"), path)
    pc.require_unique(pc.frame_of(rows, path), ("algorithm", "cv"), "cv and algorithm")
    ratios = over_selectors(rows, path)
    where = uncertainty.positions(list(ratios.index))
    xs = [where[cv] for cv in ratios.index]
    shown = drawn_algorithms(list(ratios.columns))
    for algorithm in shown:
        if algorithm in SELECTORS:
            label, style = SELECTORS[algorithm]
            axes.plot(xs, ratios[algorithm].tolist(), color="black", linestyle=style, linewidth=1.6, label=label)
        else:
            axes.plot(xs, ratios[algorithm].tolist(), color=STYLES.colour(algorithm), marker="o", markersize=3,
                      linewidth=1.3, label=STYLES.label(algorithm))
    uncertainty.cv_axis(axes, where)
    ratio_axis(axes, [ratios[a].min() for a in shown] + [1.0], [ratios[a].max() for a in shown])
    axes.axhline(1, color="black", linewidth=0.6, alpha=0.5)
    axes.set_ylabel("mean / the better MPI default's mean")
    platform = platform_of(frame)
    drawn = [r for r in rows if r["algorithm"] in shown and r["mean"] > 0]
    spread = max(r["stderr"] / r["mean"] for r in drawn)
    runs = pc.distinct(rows, "replications")
    axes.set_title(f"{family} on {platform or os.path.basename(path)}: {rows[0][hosts_column]:g} hosts, "
                   f"{bytes_text(rows[0]['message'])}\n{runs[-1]:,.0f} replications per CV; "
                   f"standard errors at most {100 * spread:.2g} % of a mean", fontsize=9)
    axes.legend(fontsize=7, frameon=False)


def draw_against_mpi(tables, _options):
    plt = pc.pyplot()
    columns = 2 if len(tables) > 1 else 1
    lines = math.ceil(len(tables) / columns)
    figure, axes = plt.subplots(lines, columns, figsize=(6.2 * columns, 4.4 * lines), layout="constrained",
                                squeeze=False)
    for panel, frame in zip(axes.ravel(), tables):
        draw_panel(panel, frame)
    for panel in axes.ravel()[len(tables):]:
        panel.set_visible(False)
    figure.supxlabel("every algorithm of a panel solves the same problem: the same hosts, root and bytes; "
                     "plans on the nominal costs, executed on costs drawn around them (gamma, mean 1)",
                     fontsize=8)
    return figure, "the papers' algorithms against the MPI libraries' default selections"


FIGURES = {"against-mpi": draw_against_mpi}

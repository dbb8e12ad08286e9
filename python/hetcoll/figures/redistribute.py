"""Figures 7, 8 and 9 of Jeannot & Wagner (data redistribution between heterogeneous clusters)
and the bandwidth-sharing comparison, from hetcoll CSVs of the redistribution family.

  jw-fig7:    DGGP time / lower bound against the number of edges, one line per k: the mean,
              a ribbon from q10 to q90 and the worst instance (dashed). One summary CSV.
  jw-fig8:    left, OGGP and DGGP time / lower bound against k (mean); right, OGGP time / DGGP
              time per instance (mean, worst and best over the instances; > 1: DGGP is better),
              paired replication by replication: the summary CSV, then the raw one (--raw).
  jw-fig9:    share of instances where DGGP is strictly shorter than OGGP, per k: the summary
              CSV, then the raw one.
  jw-sharing: time / lower bound against the number of edges under SimGrid's bandwidth sharing,
              one panel per k: step schedules capped (solid) and uncapped (dashed), and
              all-at-once. One summary CSV.
"""
from collections import defaultdict

from . import common as pc

PARAMETERS = ("senders", "receivers", "edges", "k", "beta", "uncapped")
SUMMARY = ("algorithm",) + PARAMETERS + ("replications", "mean", "over_bound_mean", "over_bound_q10",
                                         "over_bound_q90", "over_bound_max")
RAW = ("algorithm",) + PARAMETERS + ("replication", "value")
STYLE = {  # label and colour per algorithm, the same in every figure
    "ggp": ("GGP", "#7570b3"),
    "oggp": ("OGGP", "#d95f02"),
    "dggp": ("DGGP", "#1b9e77"),
    "greedy": ("greedy", "#e7298a"),
    "exact": ("exact", "#000000"),
    "all-at-once": ("all-at-once", "#66a61e"),
}
METHODS = pc.MethodStyles(STYLE)  # the same table, for figures drawn by the generic modules
K_COLOURS = ("#1b9e77", "#d95f02", "#7570b3", "#e7298a")
# Two costs closer than this (relative) are a tie: schedule costs are sums of whole numbers.
TIE = 1e-9


def summary_rows(table):
    rows = pc.records(table, SUMMARY, SUMMARY[1:])
    if not rows:
        raise pc.PlotError(pc.source(table), "no data rows, expected one row per (point, algorithm)")
    return rows


def paired_figure(draw):
    """Figures 8 and 9 pair instances: the summary CSV, then the per-replication one."""
    def figure(tables, options):
        if len(tables) < 2:
            raise pc.PlotError(pc.source(tables[0]), "this figure pairs instances: give the per-replication "
                                                 "file (hetcoll run --raw) after the summary CSV")
        raw = pc.records(tables[1], RAW, RAW[1:])
        return draw(summary_rows(tables[0]), pc.source(tables[0]), raw, pc.source(tables[1]))
    return figure


def summary_figure(draw):
    def figure(tables, options):
        return draw(summary_rows(tables[0]), pc.source(tables[0]))
    return figure


def select(rows, path, algorithm, **fixed):
    """Rows of `algorithm` whose parameters equal `fixed`, sorted by edges then k."""
    chosen = [row for row in rows if row["algorithm"] == algorithm
              and all(row[key] == value for key, value in fixed.items())]
    if not chosen:
        raise pc.PlotError(path, f"no row for algorithm {algorithm} "
                                 + " ".join(f"{key}={value:g}" for key, value in fixed.items()))
    return sorted(chosen, key=lambda row: (row["edges"], row["k"]))


def figure7(rows, path):
    plt = pc.pyplot()
    figure, axes = plt.subplots(figsize=(6.4, 4.2), layout="constrained")
    for colour, k in zip(K_COLOURS, reversed(pc.distinct(rows, "k"))):
        points = select(rows, path, "dggp", k=k)
        edges = [row["edges"] for row in points]
        axes.fill_between(edges, [row["over_bound_q10"] for row in points],
                          [row["over_bound_q90"] for row in points], color=colour, alpha=0.2, lw=0)
        axes.plot(edges, [row["over_bound_mean"] for row in points], color=colour, marker="o", ms=3,
                  label=f"k = {k:g}: mean (ribbon q10-q90)")
        axes.plot(edges, [row["over_bound_max"] for row in points], color=colour, ls="--", lw=1,
                  label=f"k = {k:g}: worst instance")
    axes.axhline(1, color="grey", lw=0.8)
    first = rows[0]
    axes.set_xlabel(f"number of edges ({first['senders']:g} + {first['receivers']:g} nodes)")
    axes.set_ylabel("DGGP time / lower bound")
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3)
    return figure, "DGGP evaluation: schedule time over the lower bound"


def paired(raw, path, first, second):
    """{k: [value(first) / value(second) per replication]}, pairing rows of one point."""
    values = defaultdict(dict)
    for row in raw:
        if row["algorithm"] in (first, second):
            point = tuple(row[key] for key in PARAMETERS) + (row["replication"],)
            values[point][row["algorithm"]] = row["value"]
    ratios = defaultdict(list)
    for point, pair in values.items():
        if len(pair) == 2 and pair[second] > 0:
            ratios[point[PARAMETERS.index("k")]].append(pair[first] / pair[second])
    if not ratios:
        raise pc.PlotError(path, f"no replication holds both {first} and {second}")
    return dict(sorted(ratios.items()))


def figure8(rows, path, raw, raw_path):
    plt = pc.pyplot()
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2), layout="constrained")
    for algorithm in ("oggp", "dggp"):
        label, colour = STYLE[algorithm]
        points = sorted(select(rows, path, algorithm), key=lambda row: row["k"])
        left.plot([row["k"] for row in points], [row["over_bound_mean"] for row in points],
                  color=colour, marker="o", ms=3, label=label)
    left.axhline(1, color="grey", lw=0.8)
    left.set_xlabel("k")
    left.set_ylabel("time / delta-port lower bound (mean)")
    left.set_title("optimum ratio", fontsize=9)
    left.legend(fontsize=8)
    ratios = paired(raw, raw_path, "oggp", "dggp")
    ks = list(ratios)
    for statistic, style, name in ((max, "^--", "best case for DGGP (max)"),
                                   (lambda v: sum(v) / len(v), "o-", "mean"),
                                   (min, "v--", "worst case for DGGP (min)")):
        right.plot(ks, [statistic(ratios[k]) for k in ks], style, color="#444444", ms=3,
                   label=name)
    right.axhline(1, color="grey", lw=0.8)
    right.set_xlabel("k")
    right.set_ylabel("OGGP time / DGGP time (per instance)")
    right.set_title("schedule ratio (> 1: DGGP is better)", fontsize=9)
    right.legend(fontsize=8)
    for axes in (left, right):
        axes.grid(alpha=0.3)
        axes.set_xticks(ks)
    first = rows[0]
    return figure, (f"DGGP against OGGP, {first['senders']:g} + {first['receivers']:g} nodes, "
                    "random edge count")


def figure9(rows, path, raw, raw_path):
    plt = pc.pyplot()
    ratios = paired(raw, raw_path, "oggp", "dggp")
    ks = list(ratios)
    better = [100 * sum(r > 1 + TIE for r in ratios[k]) / len(ratios[k]) for k in ks]
    ties = [100 * sum(abs(r - 1) <= TIE for r in ratios[k]) / len(ratios[k]) for k in ks]
    figure, axes = plt.subplots(figsize=(6.4, 4.2), layout="constrained")
    axes.bar(ks, better, color=STYLE["dggp"][1], label="DGGP shorter than OGGP")
    axes.plot(ks, ties, "o--", color="#444444", ms=3, label="tie")
    axes.set_xlabel("k")
    axes.set_xticks(ks)
    axes.set_ylabel("% of instances")
    axes.set_ylim(0, 100)
    axes.set_title(f"{len(ratios[ks[0]])} instances per k", fontsize=9)
    axes.legend(fontsize=8)
    axes.grid(alpha=0.3, axis="y")
    return figure, "DGGP improvements over OGGP"


def figure_sharing(rows, path):
    plt = pc.pyplot()
    ks = pc.distinct(rows, "k")
    figure, panels = plt.subplots(1, len(ks), figsize=(5.5 * len(ks), 4.2), squeeze=False, layout="constrained")
    algorithms = [a for a in STYLE if a in {row["algorithm"] for row in rows}]
    for axes, k in zip(panels[0], ks):
        for algorithm in algorithms:
            label, colour = STYLE[algorithm]
            modes = (0,) if algorithm == "all-at-once" else (0, 1)
            for uncapped in modes:
                points = [row for row in select(rows, path, algorithm, k=k)
                          if row["uncapped"] == uncapped]
                if not points:
                    continue
                suffix = "" if algorithm == "all-at-once" else (" uncapped" if uncapped else " capped")
                axes.plot([row["edges"] for row in points], [row["over_bound_mean"] for row in points],
                          color=colour, ls="--" if uncapped else "-", marker="o", ms=3,
                          label=label + suffix)
        axes.axhline(1, color="grey", lw=0.8)
        axes.set_xlabel("number of edges")
        axes.set_ylabel("simulated time / lower bound (mean)")
        axes.set_title(f"k = {k:g}", fontsize=9)
        axes.grid(alpha=0.3)
        axes.legend(fontsize=7)
    first = rows[0]
    return figure, (f"schedules against all-at-once under SimGrid's max-min sharing, "
                    f"{first['senders']:g} + {first['receivers']:g} nodes, beta = {first['beta']:g}")


# Each figure: draw(tables, options) -> (matplotlib Figure, what it shows).
FIGURES = {"jw-fig7": summary_figure(figure7), "jw-fig8": paired_figure(figure8),
           "jw-fig9": paired_figure(figure9), "jw-sharing": summary_figure(figure_sharing)}

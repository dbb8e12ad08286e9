"""The uncertainty studies: any family's algorithms across the CV of their costs (key cv).

Each study (scenarios/*-uncertainty.ini) plans on the nominal costs and executes on costs drawn
around them (docs of each family, "Uncertain costs"); its figure has up to three panels, each
against the CV on a log axis with CV = 0 drawn one grid step left of the smallest positive CV:
  (a) the value's mean per algorithm, with a band from its 10% to its 90% quantile (summary CSV);
  (b) the value over the best algorithm's value in the same replication: the mean of that
      per-replication ratio, with its 10-90% band (raw CSV);
  (c) the cost of uncertainty: the value over the same algorithm's value at CV = 0 in the same
      replication, i.e. on the same instance (divisible, redistribute and broadcast leave cv out
      of the seed, so replication r of every CV draws the same star, matrix or grid; raw CSV, the
      sweep must hold cv = 0). Not drawn for reduce, whose seeds include cv (RR-8315's streams):
      its replication r draws another cluster at every CV.
Inputs: the summary CSV, then the raw CSV of the same run. Every column before `replications`
(summary) or `replication` (raw) but `cv` must hold one value: one study per file, except the
figure's variant column (redistribute: `asynchronous`), whose value 1 draws each algorithm again,
dashed, as another series. Whether higher or lower is better comes from the figure's
registration (throughput or time).
"""
import math

from . import broadcast, common as pc, divisible, redistribute, reduce

SUMMARY = ("algorithm", "cv", "replications", "mean", "q10", "q90")
SUMMARY_NUMERIC = ("cv", "replications", "mean", "q10", "q90")
RAW = ("algorithm", "cv", "replication", "value")
RAW_NUMERIC = ("cv", "replication", "value")


def parameter_columns(table, last):
    """The point's columns: those after `algorithm` and before `last`."""
    header = list(table.columns)
    if last not in header:
        raise pc.PlotError(pc.source(table), f"no column {last}; expected a hetcoll summary or raw CSV")
    return header[1:header.index(last)]


def one_study(rows, columns, path, variant=None):
    """Refuses rows whose point columns other than cv (and the variant) hold several values."""
    for column in columns:
        # Empty cells (a key that does not apply) are one value, NaN as pandas reads them too.
        if column not in ("cv", variant) and len({None if pc.is_empty(row[column]) else row[column]
                                                  for row in rows}) > 1:
            raise pc.PlotError(path, f"column {column} holds several values; a study sweeps cv only "
                                     "(draw one file per value)")


def positions(cvs):
    """x of each CV: itself, and CV = 0 one grid step left of the smallest positive one."""
    positive = [cv for cv in cvs if cv > 0]
    if not positive:
        raise pc.PlotError("cv", "no CV above 0: a study draws the value against the CV")
    step = positive[1] / positive[0] if len(positive) > 1 else 10.0
    return {cv: (cv if cv > 0 else positive[0] / step) for cv in cvs}


VARIANT_MARK = " \u2022 "  # joins an algorithm's name and its variant's in a series name


def series_name(row, variant):
    """The algorithm, or with the variant column at 1, the algorithm and the variant."""
    if variant and float(row.get(variant, 0) or 0) == 1:
        return row["algorithm"] + VARIANT_MARK + variant
    return row["algorithm"]


def ribbon(axes, xs, means, lows, highs, series, styles):
    algorithm, _, variant = series.partition(VARIANT_MARK)
    colour = styles.colour(algorithm)
    line = "--" if variant else "-"
    axes.fill_between(xs, lows, highs, color=colour, alpha=0.08 if not variant else 0.04, linewidth=0)
    for bound in (lows, highs):
        axes.plot(xs, bound, color=colour, linewidth=0.6, linestyle=(0, (4, 2)), alpha=0.6)
    axes.plot(xs, means, color=colour, marker="o" if not variant else "s", markersize=3, linewidth=1.5,
              linestyle=line, label=styles.label(algorithm) + (f" ({variant})" if variant else ""))


def cv_axis(axes, where):
    from matplotlib.ticker import NullLocator
    axes.set_xscale("log")
    ticks = [(x, cv) for cv, x in sorted(where.items())
             if cv == 0 or abs(math.log10(cv) - round(math.log10(cv))) < 1e-9]
    axes.set_xticks([x for x, _ in ticks], [f"{cv:g}" for _, cv in ticks])
    axes.xaxis.set_minor_locator(NullLocator())
    axes.set_xlabel("CV of the costs (0: the nominal costs the plans use)")
    axes.grid(True, which="major", alpha=0.3)


def per_replication(raw, path):
    """The raw rows as a DataFrame of algorithm (series name), cv, replication and value; a
    replication that appears twice for one algorithm and CV is refused."""
    frame = pc.frame_of(raw, path)[["algorithm", "cv", "replication", "value"]]
    pc.require_unique(frame, ("algorithm", "cv", "replication"), "replication")
    return frame


def to_best(values, algorithms, higher_better):
    """value / the best value of its replication among `algorithms`, over the replications
    (of each CV) that all of them hold; a best of 0 gives no ratio. Columns algorithm, cv, ratio."""
    wide = values.pivot_table(index=["cv", "replication"], columns="algorithm", values="value",
                              aggfunc="first").reindex(columns=list(algorithms)).dropna()
    best = wide.max(axis=1) if higher_better else wide.min(axis=1)
    ratios = wide[best != 0].div(best[best != 0], axis=0)
    return ratios.stack().rename("ratio").reset_index()


def to_nominal(values):
    """value / the same algorithm's value at CV = 0 in the same replication (where that is not
    0). Columns algorithm, cv, ratio."""
    nominal = values[values["cv"] == 0][["algorithm", "replication", "value"]]
    paired = values.merge(nominal, on=["algorithm", "replication"], suffixes=("", "_nominal"))
    paired = paired[paired["value_nominal"] != 0]
    return paired.assign(ratio=paired["value"] / paired["value_nominal"])[["algorithm", "cv", "ratio"]]


def statistics(ratios, quantiles=(0.1, 0.9)):
    """Per (algorithm, cv): the mean ratio and its quantiles (pandas' linear interpolation,
    numpy's default: between the two nearest ranks), one column per statistic."""
    groups = ratios.groupby(["algorithm", "cv"])["ratio"]
    table = groups.quantile(list(quantiles)).unstack()
    table.insert(0, "mean", groups.mean())
    return table


def draw_panel(axes, ratios, algorithms, where, ylabel, styles):
    table = statistics(ratios)
    for a in algorithms:
        if a not in table.index.get_level_values("algorithm"):
            continue
        rows = table.loc[a]
        rows = rows[rows.index.isin(list(where))]
        if rows.empty:
            continue
        ribbon(axes, [where[cv] for cv in rows.index], rows["mean"].tolist(), rows[0.1].tolist(),
               rows[0.9].tolist(), a, styles)
    cv_axis(axes, where)
    axes.axhline(1, color="black", linewidth=0.8)
    axes.set_ylabel(ylabel)


def draw_study(tables, value_label, higher_better, styles, exclude=(), variant=None, paired=True):
    """(Figure, subject) of a study: tables = [summary] or [summary, raw]."""
    plt = pc.pyplot()
    summary_table = tables[0]
    columns = parameter_columns(summary_table, "replications")
    summary = [r for r in pc.records(summary_table, SUMMARY, SUMMARY_NUMERIC) if r["algorithm"] not in exclude]
    if not summary:
        raise pc.PlotError(pc.source(summary_table), "no data rows")
    one_study(summary, columns, pc.source(summary_table), variant)
    for row in summary:
        row["algorithm"] = series_name(row, variant)
    bases = styles.order({r["algorithm"].partition(VARIANT_MARK)[0] for r in summary})
    names = {r["algorithm"] for r in summary}
    algorithms = [n for b in bases for n in sorted(names) if n.partition(VARIANT_MARK)[0] == b]
    cvs = pc.distinct(summary, "cv")
    where = positions(cvs)
    raw = None
    if len(tables) > 1:
        raw_table = tables[1]
        raw_rows = [r for r in pc.records(raw_table, RAW, RAW_NUMERIC) if r["algorithm"] not in exclude]
        one_study(raw_rows, parameter_columns(raw_table, "replication"), pc.source(raw_table), variant)
        for row in raw_rows:
            row["algorithm"] = series_name(row, variant)
        raw = per_replication(raw_rows, pc.source(raw_table))
    panels = 1 if raw is None else (3 if paired and 0.0 in cvs else 2)
    figure, axes = plt.subplots(1, panels, figsize=(6 * panels, 4.6), layout="constrained", squeeze=False)
    axes = axes[0]
    for a in algorithms:
        rows = sorted((r for r in summary if r["algorithm"] == a), key=lambda r: r["cv"])
        ribbon(axes[0], [where[r["cv"]] for r in rows], [r["mean"] for r in rows], [r["q10"] for r in rows],
               [r["q90"] for r in rows], a, styles)
    cv_axis(axes[0], where)
    axes[0].set_ylabel(f"{value_label} (mean; band: 10% to 90% quantile)")
    axes[0].set_title("(a) the value as executed", fontsize=10)
    axes[0].legend(fontsize=8, frameon=False)
    if raw is not None:
        best = "highest" if higher_better else "lowest"
        draw_panel(axes[1], to_best(raw, algorithms, higher_better), algorithms, where,
                   f"value / the replication's {best} value", styles)
        axes[1].set_title("(b) against the best of the same replication", fontsize=10)
        if panels == 3:
            draw_panel(axes[2], to_nominal(raw), algorithms, where,
                       "value / its own value at CV = 0, same instance", styles)
            axes[2].set_title("(c) the cost of uncertainty", fontsize=10)
    # The footer names the keys that apply: an empty cell is a key the point does not read.
    fixed = ", ".join(f"{c} = {pc.cell_text(summary[0][c])}" for c in columns
                      if c not in ("cv", variant) and not pc.is_empty(summary[0][c]))
    runs = pc.distinct(summary, "replications")
    figure.supxlabel(f"{fixed}; {runs[0]:,.0f} replications per CV; plans on the nominal costs, executed on "
                     "costs drawn around them (gamma, mean 1)", fontsize=8)
    return figure, f"{value_label} under uncertain costs"


def study_figure(value_label, higher_better, styles, exclude=(), variant=None, paired=True):
    def figure(tables, _options):
        return draw_study(tables, value_label, higher_better, styles, exclude, variant, paired)
    return figure


FIGURES = {
    "reduce-uncertainty": study_figure("reduction makespan (s)", False, reduce.PLANNER_AND_RR8315_STYLES, paired=False),
    "divisible-uncertainty": study_figure("throughput \u03c1 (load / makespan)", True, divisible.METHODS),
    "redistribute-uncertainty": study_figure("redistribution time (s)", False, redistribute.METHODS,
                                             exclude=("lower-bound",), variant="asynchronous"),
    "broadcast-uncertainty": study_figure("broadcast completion time (s)", False, broadcast.HEURISTICS),
}

"""A figure of the reduce family beyond its papers: clairvoyant planning against non-clairvoyance.

From scenarios/reduce-clairvoyance-map.ini (a reduce summary CSV, reduce.read_as):
  reduce-clairvoyance: two heat maps over CV (0 included, drawn left of the smallest positive CV)
               x the slow/fast ratio x of a two-type cluster: mean(SNF) / mean(Tree-dyn) and
               mean(SNF) / mean(Binomial-stat), contour at 1. Needs snf, tree-dyn and
               binomial-stat over a cv x x grid, one processors and slow_fraction value.
"""
import math

from . import common as pc
from .reduce import (as_grid, cell_edges, draw_contour_at_one, method_grid, plain_ratio_ticks, read_as,
                     require_methods, runs_per_point)

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


FIGURES = {"reduce-clairvoyance": clairvoyance_figure}

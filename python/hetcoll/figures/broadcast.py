"""The broadcast figures of Steffenel (INRIA RR inria-00116897, 2006), from hetcoll CSVs.

  steffenel-fig7/8: Figures 7 and 8: mean completion time per heuristic against the number of
                    clusters (random costs), with 95% confidence bars (capped; the subtitle gives
                    the widest, as with many runs they shrink below the markers).
  steffenel-grid:   Figures 9 and 10: predicted and simulated completion time per heuristic for
                    one message size (the largest row at or below 4 MiB), side by side.
  steffenel-sizes:  predicted (dashed) and simulated (solid) completion time per heuristic against
                    the message size.
  steffenel-intra:  Figures 3 to 6: one panel per CSV of a single-cluster scenario (steffenel-fig3/4/5,
                    one intra-cluster strategy each, read from the manifest beside the CSV, or a
                    DataFrame's attrs["intra"]), simulated (solid) and predicted (dashed) time
                    against the message size for each cluster size, and a last panel comparing the
                    strategies on 16 machines (Figure 6).

Times are drawn in milliseconds for Figures 7 and 8 (as in the paper) and seconds otherwise.
When the CSV has them (hetcoll writes them since they were added), the titles count the clusters
of `clusters_found_mean` (those Lowekamp found, which the column `clusters` shows too), and the
grid figure writes each heuristic's `prediction_error_mean`, in percent, above its bars.
"""
from . import common as pc

COLUMNS = ("algorithm", "clusters", "message", "replications", "mean", "stderr", "predicted_mean")
NUMERIC = COLUMNS[1:]
# Paper order, labels and fixed colours of the heuristics.
HEURISTICS = pc.MethodStyles({
    "flat": ("Flat Tree", "#666666"),
    "fef": ("FEF", "#e6ab02"),
    "ecef": ("ECEF", "#1b9e77"),
    "ecef-la": ("ECEF-LA", "#7570b3"),
    "ecef-lat": ("ECEF-LAt", "#66a61e"),
    "ecef-lat-max": ("ECEF-LAT", "#e7298a"),
    "bottomup": ("BottomUp", "#d95f02"),
    "dynamic-ecef": ("dynamic ECEF", "#000000"),
    "binomial": ("Binomial (grid-unaware)", "#1f78b4"),
}, fallback_colour="#999999")
label, colour, order = HEURISTICS.label, HEURISTICS.colour, HEURISTICS.order
FOUR_MIB = 4 * 1024 * 1024
STRATEGIES = {"flat": "Flat Tree", "chain": "Chain", "segmented-chain": "Segmented Chain",
              "binary": "Binary Tree", "binomial": "Binomial Tree", "best": "best strategy"}
FIGURE6_HOSTS = 16
# Columns older CSVs lack: read when present.
FOUND, ERROR = "clusters_found_mean", "prediction_error_mean"


def read(frame, columns=COLUMNS, numeric=NUMERIC):
    rows = pc.records(frame, columns, numeric)
    if not rows:
        raise pc.PlotError(pc.source(frame), "no data rows, expected one row per (point, heuristic)")
    return rows


def one_table(draw):
    """A figure of one summary CSV: draw(rows, path, plt)."""
    def figure(tables, _options):
        return draw(read(tables[0]), pc.source(tables[0]), pc.pyplot())
    return figure


def single(rows, column, path, figure):
    values = pc.distinct(rows, column)
    if len(values) > 1:
        pc.note(f"several {column} values; the {figure} figure uses {values[-1]:g}")
    return [row for row in rows if row[column] == values[-1]]


def check_unique(rows, key, path):
    pc.require_unique(pc.frame_of(rows, path), key, "point and heuristic")


def runs_text(rows):
    runs = pc.distinct(rows, "replications")
    text = f"{runs[0]:,.0f}" if len(runs) == 1 else f"{runs[0]:,.0f}\u2013{runs[-1]:,.0f}"
    return f"{text} runs per point"


def series_per_algorithm(rows, column):
    """(algorithm, its rows sorted by `column`) for each algorithm, in paper order."""
    for algorithm in order({row["algorithm"] for row in rows}):
        yield algorithm, sorted((r for r in rows if r["algorithm"] == algorithm), key=lambda r: r[column])


def plot_against_size(axes, series, tone, name, **simulated_style):
    """The simulated (solid, dots) and predicted (dashed) times of `series` against the message
    size in MiB: the pair every message-size figure draws per line."""
    sizes = [r["message"] / 1048576 for r in series]
    axes.plot(sizes, [r["mean"] for r in series], color=tone, marker="o", markersize=3, label=name,
              **simulated_style)
    axes.plot(sizes, [r["predicted_mean"] for r in series], color=tone, linestyle="--", linewidth=1)


def message_size_axes(axes, rows):
    """Log-log time against message size, ticked at the sizes of `rows` in MiB."""
    ticks = [size / 1048576 for size in pc.distinct(rows, "message")]
    axes.set_xscale("log", base=2)
    axes.set_yscale("log")
    axes.set_xticks(ticks)
    axes.set_xticklabels([f"{tick:g}" for tick in ticks])
    axes.minorticks_off()
    axes.set_xlabel("Message size (MiB)")
    axes.set_ylabel("Completion time (s)")


def optional(row, column, path):
    """The number in `column` of `row`, or None if the CSV has no such column."""
    if row.get(column) is None:
        return None
    try:
        return float(row[column])
    except ValueError:
        raise pc.PlotError(path, f"column {column}: '{row[column]}' is not a number") from None


def clusters_text(rows, path):
    """"6 logical clusters": those found when the CSV says, else the axis `clusters`."""
    found = optional(rows[0], FOUND, path)
    return f"{found if found is not None else rows[0]['clusters']:g} logical clusters"


def draw_clusters(rows, path, plt):
    rows = single(rows, "message", path, "clusters")
    check_unique(rows, ("algorithm", "clusters"), path)
    figure, axes = plt.subplots(figsize=(8, 5), layout="constrained")
    widest = 0
    for algorithm, series in series_per_algorithm(rows, "clusters"):
        half_widths = [1000 * 1.96 * r["stderr"] for r in series]
        widest = max([widest] + half_widths)
        # Caps and bars drawn over the markers: with thousands of runs the bars are short, and
        # without caps they vanished under the markers (RR inria-00116897 Fig. 8 readers missed them).
        axes.errorbar([r["clusters"] for r in series], [1000 * r["mean"] for r in series],
                      yerr=half_widths, color=colour(algorithm), marker="o", markersize=3, linewidth=1.3,
                      elinewidth=1.2, capsize=4, capthick=1.2, barsabove=True, label=label(algorithm))
    counts = pc.distinct(rows, "clusters")
    axes.set_xlabel("Number of clusters")
    axes.set_ylabel("Mean completion time (ms)")
    axes.set_xlim(0, counts[-1] + 1)
    axes.grid(True, alpha=0.3)
    axes.legend(title="Heuristic", loc="upper left", frameon=False)
    # Two lines: the costs, then the runs and the bars, so the subtitle fits the axes' width.
    axes.set_title(f"L ~ U[1,15] ms, g ~ U[100,600] ms, T ~ U[20,3000] ms (Table 3)\n{runs_text(rows)}; "
                   f"bars: 95% CI, half-width up to {widest:.3g} ms", fontsize=9)
    return figure, "broadcast completion time against the number of clusters"


def draw_grid(rows, path, plt):
    sizes = pc.distinct(rows, "message")
    chosen = max([s for s in sizes if s <= FOUR_MIB] or [sizes[0]])
    if len(sizes) > 1:
        pc.note(f"several message sizes; drawing {chosen:g} bytes")
    rows = [row for row in rows if row["message"] == chosen]
    check_unique(rows, ("algorithm",), path)
    algorithms = order({row["algorithm"] for row in rows})
    by_name = {row["algorithm"]: row for row in rows}
    figure, axes = plt.subplots(figsize=(8, 4.8), layout="constrained")
    width = 0.38
    positions = range(len(algorithms))
    axes.bar([p - width / 2 for p in positions], [by_name[a]["predicted_mean"] for a in algorithms], width,
             color=[colour(a) for a in algorithms], alpha=0.45, edgecolor="black", label="predicted (pLogP)")
    axes.bar([p + width / 2 for p in positions], [by_name[a]["mean"] for a in algorithms], width,
             color=[colour(a) for a in algorithms], edgecolor="black", hatch="//", label="simulated")
    for position, algorithm in zip(positions, algorithms):
        row = by_name[algorithm]
        error = optional(row, ERROR, path)
        if error is not None:
            axes.annotate(f"{100 * error:+.1f}%", (position, max(row["mean"], row["predicted_mean"])),
                          textcoords="offset points", xytext=(0, 3), ha="center", fontsize=7)
            # Room above the tallest bar for its label and the legend.
            axes.set_ylim(top=1.25 * max(max(r["mean"], r["predicted_mean"]) for r in rows))
    axes.set_xticks(list(positions))
    axes.set_xticklabels([label(a) for a in algorithms], rotation=25, ha="right")
    axes.set_ylabel("Completion time (s)")
    axes.grid(True, axis="y", alpha=0.3)
    axes.legend(frameon=False)

    axes.set_title(f"{clusters_text(rows, path)}, message {chosen / 1048576:g} MiB"
                   + (", above the bars: (simulated - predicted) / simulated" if ERROR in rows[0] else ""),
                   fontsize=9)
    return figure, "predicted and simulated broadcast"


def draw_sizes(rows, path, plt):
    rows = single(rows, "clusters", path, "sizes")
    check_unique(rows, ("algorithm", "message"), path)
    figure, axes = plt.subplots(figsize=(8, 5), layout="constrained")
    for algorithm, series in series_per_algorithm(rows, "message"):
        plot_against_size(axes, series, colour(algorithm), label(algorithm), linewidth=1.5)
    message_size_axes(axes, rows)
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(title="Heuristic (solid: simulated, dashed: predicted)", loc="upper left", frameon=False,
                fontsize=8)

    axes.set_title(clusters_text(rows, path), fontsize=9)
    return figure, "broadcast against message size"


def strategy_of(frame):
    """The `intra` key of the run: a DataFrame's attrs["intra"], else the manifest hetcoll writes
    beside every CSV."""
    import json
    path = pc.source(frame)
    if isinstance(frame.attrs.get("intra"), str):
        return frame.attrs["intra"]
    try:
        with open(path + ".manifest.json") as manifest:
            value = json.load(manifest)["identity"]["parameters"].get("intra")
            if isinstance(value, str):
                return value
    except (OSError, ValueError, KeyError, TypeError):
        pass
    pc.note(f"no manifest with key intra beside {path}; labelling the panel by its file name")
    return None


def draw_intra(tables, _options):
    import math
    plt = pc.pyplot()
    panels = []
    for frame in tables:
        path = pc.source(frame)
        rows = read(frame, COLUMNS + ("cluster_hosts",), NUMERIC + ("cluster_hosts",))
        rows = single(rows, "clusters", path, "intra")
        check_unique(rows, ("algorithm", "message", "cluster_hosts"), path)
        strategy = strategy_of(frame)
        panels.append((STRATEGIES.get(strategy, strategy) if strategy else path.rsplit("/", 1)[-1], rows))
    columns = 2 if len(panels) > 1 else 1
    count = len(panels) + (1 if len(panels) > 1 else 0)
    lines = math.ceil(count / columns)
    figure, grid = plt.subplots(lines, columns, figsize=(6.5 * columns, 4.2 * lines), squeeze=False, layout="constrained")
    axes_list = [a for row in grid for a in row]
    palette = plt.get_cmap("viridis")
    for axes, (name, rows) in zip(axes_list, panels):
        hosts = pc.distinct(rows, "cluster_hosts")
        for index, p in enumerate(hosts):
            series = sorted((r for r in rows if r["cluster_hosts"] == p), key=lambda r: r["message"])
            plot_against_size(axes, series, palette(index / max(1, len(hosts) - 1)), f"P = {p:g}")
        intra_axes(axes, rows, name)
    if len(panels) > 1:
        axes = axes_list[len(panels)]
        for index, (name, rows) in enumerate(panels):
            series = sorted((r for r in rows if r["cluster_hosts"] == FIGURE6_HOSTS), key=lambda r: r["message"])
            if not series:
                pc.note(f"no {FIGURE6_HOSTS}-host rows for {name}; Figure 6 leaves it out")
                continue
            plot_against_size(axes, series, plt.get_cmap("tab10")(index), name)
        intra_axes(axes, panels[0][1], f"Figure 6: {FIGURE6_HOSTS} machines")
    for axes in axes_list[count:]:
        axes.set_visible(False)
    return figure, "intra-cluster broadcast, simulated (solid) and predicted by pLogP (dashed)"


def intra_axes(axes, rows, title):
    message_size_axes(axes, rows)
    axes.set_title(title, fontsize=10)
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=7, frameon=False, loc="upper left")


# Each figure: draw(tables, options) -> (matplotlib Figure, what it shows).
FIGURES = {"steffenel-clusters": one_table(draw_clusters), "steffenel-grid": one_table(draw_grid),
           "steffenel-sizes": one_table(draw_sizes), "steffenel-intra": draw_intra}

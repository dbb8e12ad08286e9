"""`hetcoll.paired`: per-replication ratios of an uncertainty study, from its raw values."""
from __future__ import annotations

import os
from typing import Iterable, Optional, Union

import pandas

from .figures import common as pc, uncertainty

QUANTILES = (0.1, 0.5, 0.9)
NAMES = ("mean", "q10", "q50", "q90")


def one_study(frame: pandas.DataFrame, variant: Optional[str]) -> None:
    """Refuses a file whose point columns other than cv (and the variant) hold several values."""
    for column in uncertainty.parameter_columns(frame, "replication"):
        if column in ("cv", variant):
            continue
        # An empty cell (a key that does not apply) is one value, "" as text, NaN as a number.
        cells = frame[column].map(lambda cell: None if pc.is_empty(cell) else cell)
        if cells.nunique(dropna=False) > 1:
            raise pc.PlotError(pc.source(frame), f"column {column} holds several values; a study sweeps cv "
                                                 "only (draw one file per value)")


def table(ratios: pandas.DataFrame, prefix: str, cells: pandas.MultiIndex) -> pandas.DataFrame:
    """Mean and quantiles of the ratios per (algorithm, cv), at `cells` (NaN where none)."""
    if ratios.empty:
        statistics = pandas.DataFrame(columns=["mean", *QUANTILES], index=cells, dtype=float)
    else:
        statistics = uncertainty.statistics(ratios, QUANTILES).reindex(cells)
    statistics.columns = [f"{prefix}_{name}" for name in NAMES]
    return statistics


def paired(raw: Union[pandas.DataFrame, str, os.PathLike], *, higher_is_better: bool = False,
           variant: Optional[str] = None, exclude: Iterable[str] = ()) -> pandas.DataFrame:
    """Per algorithm and CV (and value of the `variant` column, e.g. redistribute's
    asynchronous), the mean, q10, q50 and q90 over the replications of two ratios:

    to_best: value / the best value of the same replication over the algorithms (lowest, or
    highest with higher_is_better, e.g. divisible's throughput);
    to_nominal: value / the same algorithm's value at CV 0 in the same replication: the cost of
    uncertainty on the same instance (NaN for reduce, whose seeds include cv, and without CV 0).

    raw: a raw CSV (its path) or DataFrame (Result.raw). exclude: algorithms left out (rows that
    are no schedule, redistribute's lower-bound). Every column before `replication` but cv and
    the variant must hold one value. Rows: variant, then cv, then algorithm, each ascending.
    Bad input raises hetcoll.figures.PlotError (a ValueError) naming the file.
    """
    frame = pc.as_frame(raw, "raw")
    numeric = uncertainty.RAW_NUMERIC + ((variant,) if variant else ())
    frame = pc.checked(frame, uncertainty.RAW + ((variant,) if variant else ()), numeric)
    frame = frame[~frame["algorithm"].isin(list(exclude))]
    if frame.empty:
        raise pc.PlotError(pc.source(frame), "no data rows")
    one_study(frame, variant)
    # The reduce family's layout (its cluster columns): its seeds include cv, so CV 0 is another
    # cluster, not the same instance.
    family_reduce = "cluster_cv" in frame.columns
    parts = []
    for value in sorted(frame[variant].unique()) if variant else [None]:
        subset = frame if value is None else frame[frame[variant] == value]
        values = subset[["algorithm", "cv", "replication", "value"]]
        values.attrs["source"] = pc.source(frame)
        pc.require_unique(values, ("algorithm", "cv", "replication"), "replication")
        algorithms = sorted(values["algorithm"].unique())
        cvs = sorted(values["cv"].unique())
        cells = pandas.MultiIndex.from_product([algorithms, cvs], names=["algorithm", "cv"])
        best = table(uncertainty.to_best(values, algorithms, higher_is_better), "to_best", cells)
        nominal_ratios = uncertainty.to_nominal(values) if not family_reduce and 0.0 in cvs else values.iloc[0:0]
        nominal = table(nominal_ratios, "to_nominal", cells)
        part = pandas.concat([best, nominal], axis=1).reset_index()
        if variant:
            part.insert(2, variant, float(value))
        parts.append(part.sort_values(["cv", "algorithm"], kind="stable"))
    out = pandas.concat(parts, ignore_index=True)
    for column in out.columns[1:]:
        out[column] = out[column].astype("float64")
    return out

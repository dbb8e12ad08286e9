"""hetcoll's CSVs as tidy DataFrames (docs/outputs.md): numbers as floats, words as text.

A column whose every non-empty cell is a number is float64, an empty cell (a key that does not
apply to the point) NaN; a column holding words (`algorithm`, a text key, a metric of words) is
text. A column of numbers that may also hold a word (`root`, and a metric's `same` aggregate, where
the replications disagree: `varies`) keeps each number as a float and each word as text, so no
cell is lost. Numbers are read by Python's float(): the very doubles the CLI wrote (shortest
round-trip form).
"""
from __future__ import annotations

import io
from typing import Union

import pandas


def is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def typed(cells: pandas.Series) -> pandas.Series:
    """A column of CSV text as floats, as text, or mixed (see the module's notes)."""
    empty = cells == ""
    try:
        # astype(float) parses as Python's float() does, to the last bit.
        return cells.where(~empty, "nan").astype("float64")
    except ValueError:
        pass
    numbers = cells.map(is_number) & ~empty
    if not numbers.any():
        return cells
    return cells.map(lambda text: float("nan") if text == "" else float(text) if is_number(text) else text)


def read_csv(source: Union[str, bytes, io.IOBase], name: str) -> pandas.DataFrame:
    """The CSV at `source` (a path, or its bytes) as a typed DataFrame named `name`
    (attrs["source"], which the figures' messages name)."""
    if isinstance(source, bytes):
        source = io.BytesIO(source)
    text = pandas.read_csv(source, dtype=str, keep_default_na=False)
    frame = pandas.DataFrame({column: typed(text[column]) for column in text.columns}, index=text.index)
    frame.attrs["source"] = name
    return frame

"""Every figure of `scripts/plot.py`, one function each, drawing DataFrames and returning Axes.

A figure's function is named as the figure with underscores for hyphens (rr8315-fig4 is
`rr8315_fig4`, steffenel-fig7 `steffenel_fig7`); `names()` lists them with the figure names:

    import hetcoll
    result = hetcoll.run("scenarios/broadcast-uncertainty.ini", raw=True, replications=100)
    axes = hetcoll.plot.broadcast_uncertainty(result.summary, result.raw)

    fn(*data, ax=None, title=None, **options) -> Axes, or an array of Axes

data: the DataFrames (or CSV paths) the figure reads, in the order `scripts/plot.py --list`
gives (a summary, then a raw CSV, ...), or one Result, from which the figure takes the summary,
raw or trace it reads. ax: an Axes to draw on, for a figure that draws one panel of these data (a
figure of several panels refuses it with a ValueError); without it the figure is a new matplotlib
Figure, titled as scripts/plot.py titles it (`title` replaces that). The return value is the Axes
the data are drawn on: `ax` itself, the one Axes of a one-panel figure, else a numpy array of
them in the figure's order (a colour bar's Axes left out). options: the figure's own (gantt and
the bmr Gantt charts: algorithm=NAME). Input problems raise hetcoll.figures.PlotError, a
ValueError naming the DataFrame or file; choices made for the caller (the n drawn, rows a log
axis leaves out) are warnings of category hetcoll.Note. Nothing is printed.
"""
from __future__ import annotations

from typing import Any, Callable, Dict

from ._run import Result
from .figures import FIGURES, Figure, common as pc

#: The Result attribute each kind of input reads (registry.Input's kinds).
RESULT_PARTS = {"summary": "summary", "raw": "raw", "trace": "trace"}


def data_axes(figure):
    """The Axes of a drawn Figure that hold data: a colour bar's Axes, and hidden ones, left out."""
    import numpy
    axes = [a for a in figure.axes if a.get_visible() and a.get_label() != "<colorbar>"]
    if len(axes) == 1:
        return axes[0]
    array = numpy.empty(len(axes), dtype=object)
    array[:] = axes
    return array


def frames_of(figure: Figure, data: tuple) -> list:
    """The inputs of `figure`: the data given, or a Result's parts the figure's inputs name."""
    if len(data) == 1 and isinstance(data[0], Result):
        result, frames = data[0], []
        for wanted in figure.inputs:
            part = RESULT_PARTS[wanted.kind.split()[0]]
            frame = getattr(result, part)
            if frame is None:
                raise ValueError(f"{figure.name} reads the Result's {part}; run with {part}=True")
            frames.append(frame)
        return frames
    return list(data)


def drawer(name: str) -> Callable[..., Any]:
    figure = FIGURES[name]

    def draw(*data, ax=None, title=None, **options):
        with pc.drawing_on(ax):
            drawn = figure.draw(frames_of(figure, data), title, **options)
        return ax if ax is not None else data_axes(drawn)

    draw.__name__ = draw.__qualname__ = function_name(name)
    reference = f" ({figure.reference})" if figure.reference else ""
    draw.__doc__ = (f"{figure.description[:1].upper()}{figure.description[1:]}{reference}.\n\n"
                    f"Reads {figure.expects()}. See hetcoll.plot for the arguments.")
    return draw


def function_name(figure: str) -> str:
    """The function drawing a figure: its name with underscores for hyphens."""
    return figure.replace("-", "_")


def names() -> Dict[str, str]:
    """Each function's name and the figure it draws (as scripts/plot.py names it)."""
    return {function_name(name): name for name in FIGURES}


for _function, _figure in names().items():
    globals()[_function] = drawer(_figure)

__all__ = ["names", "function_name", *names()]

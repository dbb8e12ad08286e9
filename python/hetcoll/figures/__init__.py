"""hetcoll's figures, importable: `from hetcoll_plots import figures`.

    import pandas, hetcoll_plots
    frame = pandas.read_csv("results/rr8315-fig4.csv")
    fig = hetcoll_plots.figures["rr8315-fig4"].draw([frame], title="my run")

`figures` maps each figure name (as `scripts/plot.py --list` prints them) to a Figure entry:
its description, the CSVs it expects, and `draw(data, title=None, **options)` which returns a
matplotlib Figure. scripts/plot.py is the command line over it.
"""
from .common import PlotError, read_csv  # noqa: F401
from .figures import FIGURES as figures, Figure, draw  # noqa: F401

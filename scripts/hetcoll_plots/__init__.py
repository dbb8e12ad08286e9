"""hetcoll's figures, importable: `from hetcoll_plots import figures`.

    import pandas, hetcoll_plots
    frame = pandas.read_csv("results/rr8315-fig4.csv")
    fig = hetcoll_plots.figures["rr8315-fig4"].draw([frame], title="my run")

`figures` maps each figure name (as `scripts/plot.py --list` prints them) to a Figure entry:
its description, the CSVs it expects, and `draw(data, title=None, **options)` which returns a
matplotlib Figure. The scripts/plot*.py command lines are thin layers over it.
"""
from .common import PlotError, Table, as_table, read_table  # noqa: F401
from .figures import FIGURES as figures, Figure, draw  # noqa: F401

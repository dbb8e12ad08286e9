"""The drawing code of hetcoll's figures, one module per family, and their registry.

`hetcoll.plot` is the public side (one function per figure, returning the Axes); this package
holds what it draws with: `FIGURES` maps each figure name (as `scripts/plot.py --list` prints
them) to a Figure entry, with its description, the CSVs it expects, and
`draw(data, title=None, **options)` which returns a matplotlib Figure. scripts/plot.py is the
command line over it.
"""
from .common import PlotError, read_csv  # noqa: F401
from .registry import FIGURES, Figure, draw  # noqa: F401

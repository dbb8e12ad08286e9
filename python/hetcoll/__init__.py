"""hetcoll from Python: run sweeps with the hetcoll CLI and get pandas DataFrames back.

    import hetcoll
    result = hetcoll.run(family="reduce", processors=16, cv=[0, 0.5, 1], replications=200)
    result.summary            # one row per (point, algorithm), as the CLI's summary CSV
    hetcoll.plot.rr8315_fig4(result.summary)

run() runs the CLI (the one engine; SimGrid allows one simulation per process) in a process of
its own, which forks its workers (jobs). families(), algorithms(family) and keys(family) read
`hetcoll list --json`; paired(raw) gives per-replication ratios; hetcoll.plot draws every figure
of scripts/plot.py. docs/python.md documents the package.
"""
from . import plot  # noqa: F401
from ._cli import CLIError, CLINotFound, InputError, find_cli  # noqa: F401
from ._listing import Algorithm, Family, Key, Metric, algorithms, families, keys  # noqa: F401
from ._paired import paired  # noqa: F401
from ._run import Note, Result, run  # noqa: F401
from .figures import PlotError  # noqa: F401

__all__ = ["run", "Result", "InputError", "CLIError", "CLINotFound", "Note", "PlotError", "find_cli",
           "families", "algorithms", "keys", "Family", "Algorithm", "Key", "Metric", "paired", "plot"]
__version__ = "0.1.0"

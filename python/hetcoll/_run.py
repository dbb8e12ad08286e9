"""`hetcoll.run`: a scenario run by the CLI, its outputs as DataFrames."""
from __future__ import annotations

import json
import os
import tempfile
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, List, Mapping, Optional, Union

import pandas

from ._cli import find_cli, run_cli
from ._frames import read_csv
from ._progress import Progress
from .figures.common import Note

#: Keys run() sets itself: where the outputs go and how progress is shown.
OWN_KEYS = ("output", "raw", "trace", "quiet", "resume", "dry-run", "shard")


@dataclass(eq=False)
class Result:
    """What a run wrote: the summary (one row per point and algorithm), the raw values (one row
    per replication, with raw=True) and the trace (replication 0's events, with trace=True) as
    DataFrames (docs/outputs.md), the manifest as a dict, the CLI's notes and its command line."""
    summary: pandas.DataFrame
    manifest: dict
    raw: Optional[pandas.DataFrame] = None
    trace: Optional[pandas.DataFrame] = None
    notes: List[str] = field(default_factory=list)
    command: List[str] = field(default_factory=list)


def option_value(key: str, value: Any) -> str:
    """A value as the command line takes it: a list (a sweep axis, or a list key) comma-separated,
    a bool as true/false, a float in shortest round-trip form."""
    if isinstance(value, (list, tuple)):
        if not value:
            raise ValueError(f"key {key!r}: an empty list (a sweep axis needs one value at least)")
        return ",".join(option_value(key, item) for item in value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, os.PathLike):
        return os.fspath(value)
    return str(value)


def arguments(keys: Mapping[str, Any]) -> List[str]:
    """`--key value` words; a Python name's underscores are the key's hyphens (slow_fraction is
    key slow-fraction), a value None leaves the key out (its default, or the scenario file's)."""
    words: List[str] = []
    for name, value in keys.items():
        key = name.replace("_", "-")
        if key in OWN_KEYS:
            raise TypeError(f"key {key!r} is run()'s own (outputs come back in the Result; "
                            "raw=True and trace=True ask for those)")
        if value is not None:
            words += [f"--{key}", option_value(key, value)]
    return words


def run(scenario: Union[str, os.PathLike, Mapping[str, Any], None] = None, *, family: Optional[str] = None,
        raw: bool = False, trace: bool = False, jobs: Optional[int] = None, progress: bool = True,
        cli: Union[str, os.PathLike, None] = None, **keys: Any) -> Result:
    """Runs a scenario with the hetcoll CLI and returns its outputs.

    scenario: a scenario file (or a manifest, which reruns its run), or a dict of keys; keyword
    keys are added and win over both (as the command line wins over a file). A list is a sweep
    axis. family: the family (key family). raw, trace: also return the per-replication values and
    replication 0's events. jobs: the CLI's worker processes (default: the CLI's, every CPU).
    progress: show progress (a terminal line on stderr, or a notebook display). cli: the program
    (default: see find_cli).

    Raises InputError (the CLI's one line) for a refused input, CLIError for any other failure.
    """
    program = find_cli(cli)
    given = dict(scenario) if isinstance(scenario, Mapping) else {}
    given.update(keys)
    if family is not None:
        given["family"] = family
    if jobs is not None:
        given["jobs"] = jobs
    with tempfile.TemporaryDirectory(prefix="hetcoll-run-") as scratch:
        where = Path(scratch)
        command = [program, "run"]
        if scenario is not None and not isinstance(scenario, Mapping):
            command.append(os.fspath(scenario))
        command += arguments(given)
        command += ["--output", str(where / "summary.csv"), "--quiet"]
        if raw:
            command += ["--raw", str(where / "raw.csv")]
        if trace:
            command += ["--trace", str(where / "trace.csv")]
        env = dict(os.environ, HETCOLL_PROGRESS_FILE=str(where / "progress"))
        shown = Progress(where / "progress", progress)
        try:
            run_cli(command, env=env, stderr_path=where / "stderr", poll=shown.update)
        finally:
            shown.close()
        notes = [line for line in (where / "stderr").read_text(errors="replace").splitlines() if line.strip()]
        for note in notes:
            warnings.warn(note, Note, stacklevel=2)
        return Result(summary=read_csv(str(where / "summary.csv"), "summary"),
                      manifest=json.loads((where / "summary.csv.manifest.json").read_text()),
                      raw=read_csv(str(where / "raw.csv"), "raw") if raw else None,
                      trace=read_csv(str(where / "trace.csv"), "trace") if trace else None,
                      notes=notes, command=command)

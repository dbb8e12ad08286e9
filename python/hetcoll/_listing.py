"""The families, algorithms and keys the CLI knows, from `hetcoll list --json` (docs/outputs.md,
"Families as JSON"), as dataclasses."""
from __future__ import annotations

import functools
import json
import os
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import List, Optional, Tuple, Union

from ._cli import find_cli, run_cli

FORMAT = "hetcoll-list-1"


@dataclass(frozen=True)
class Algorithm:
    """An algorithm of a family, as written in scenarios (key algorithms)."""
    name: str
    description: str
    reference: str


@dataclass(frozen=True)
class Key:
    """A family's scenario key. `default` is a number (kind number), a text (list, text) or None
    (no default: a file the scenario names); `minimum`/`maximum` None where unbounded or for
    text keys; `choices` the words a text key allows (empty: any)."""
    key: str
    kind: str
    description: str
    default: Union[float, str, None]
    axis: bool
    in_seed: bool
    flag: bool = False
    integer: bool = False
    minimum: Optional[float] = None
    minimum_exclusive: bool = False
    maximum: Optional[float] = None
    maximum_exclusive: bool = False
    choices: Tuple[str, ...] = ()

    @property
    def column(self) -> str:
        """The key's CSV column (hyphens as underscores), where it is a sweep axis."""
        return self.key.replace("-", "_")


@dataclass(frozen=True)
class Metric:
    """A per-replication metric beside the family's value: its aggregates name summary columns
    `<name>_<aggregate>`; a metric of `words` is a choice shown as a word."""
    name: str
    description: str
    aggregates: Tuple[str, ...]
    words: Tuple[str, ...]


@dataclass(frozen=True)
class Family:
    """A family of algorithms: what `hetcoll list` prints of it."""
    name: str
    description: str
    value: str
    example: Tuple[str, ...]
    algorithms: Tuple[Algorithm, ...]
    keys: Tuple[Key, ...]
    metrics: Tuple[Metric, ...]


def family_of(entry: dict) -> Family:
    keys = []
    for k in entry["keys"]:
        k = dict(k)
        k["choices"] = tuple(k.get("choices", ()))
        keys.append(Key(**k))
    return Family(name=entry["name"], description=entry["description"], value=entry["value"],
                  example=tuple(entry["example"]),
                  algorithms=tuple(Algorithm(**a) for a in entry["algorithms"]), keys=tuple(keys),
                  metrics=tuple(Metric(m["name"], m["description"], tuple(m["aggregates"]), tuple(m["words"]))
                                for m in entry["metrics"]))


@functools.lru_cache(maxsize=None)
def listing(cli: str) -> Tuple[Family, ...]:
    """Every family of the program at `cli` (read once per program and process)."""
    command = [cli, "list", "--json"]
    with tempfile.TemporaryDirectory(prefix="hetcoll-list-") as scratch:
        text = run_cli(command, stderr_path=Path(scratch) / "stderr")
    document = json.loads(text)
    if document.get("format") != FORMAT:
        raise RuntimeError(f"{cli} list --json: format {document.get('format')!r}, expected {FORMAT} "
                           "(a hetcoll of another version than this package)")
    return tuple(family_of(entry) for entry in document["families"])


def families(*, cli: Optional[Union[str, os.PathLike]] = None) -> List[Family]:
    """Every family of the CLI, in `hetcoll list`'s order."""
    return list(listing(find_cli(cli)))


def family(name: str, *, cli: Optional[Union[str, os.PathLike]] = None) -> Family:
    """The family called `name`; a KeyError naming the families otherwise."""
    every = families(cli=cli)
    for f in every:
        if f.name == name:
            return f
    raise KeyError(f"no family {name!r}; one of {', '.join(f.name for f in every)}")


def algorithms(family_name: str, *, cli: Optional[Union[str, os.PathLike]] = None) -> List[Algorithm]:
    """The algorithms of a family, in its table's order."""
    return list(family(family_name, cli=cli).algorithms)


def keys(family_name: str, *, cli: Optional[Union[str, os.PathLike]] = None) -> List[Key]:
    """The keys of a family, in its table's order (the common keys, `hetcoll run --help`, aside)."""
    return list(family(family_name, cli=cli).keys)

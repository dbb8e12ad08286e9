"""Progress of a run, shown where the caller looks: a line on a terminal, an updating display in
a notebook, nothing otherwise.

The CLI keeps its progress in the file HETCOLL_PROGRESS_FILE names (`UNITS_DONE UNITS_TOTAL
REPLICATIONS_DONE REPLICATIONS_TOTAL`, replaced whole at most once a second; simulator/driver/
progress.hpp); the run reads it, so the display is the package's own and the CLI's stderr holds
only what must be said (its error line, its notes).
"""
from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Optional, Tuple


def read_counts(path: Path) -> Optional[Tuple[int, int, int, int]]:
    """The four counts of the progress file, or None before it is first written."""
    try:
        words = path.read_text().split()
    except OSError:
        return None
    if len(words) != 4 or not all(word.isdigit() for word in words):
        return None
    return tuple(int(word) for word in words)  # type: ignore[return-value]


def describe(replications: int, total: int, elapsed: float) -> str:
    """`hetcoll: 1,200/4,000 replications (30%), 850/s, about 3 s left`."""
    share = f" ({100 * replications // total}%)" if total else ""
    text = f"hetcoll: {replications:,}/{total:,} replications{share}"
    if replications and elapsed > 0:
        rate = replications / elapsed
        text += f", {rate:,.0f}/s, about {max(total - replications, 0) / rate:.0f} s left"
    return text


def in_notebook() -> bool:
    """True inside a Jupyter kernel (IPython importable and its shell a kernel's)."""
    shell = sys.modules.get("IPython")
    if shell is None:
        return False
    try:
        ipython = shell.get_ipython()
    except AttributeError:
        return False
    return ipython is not None and "IPKernelApp" in getattr(ipython, "config", {})


class Progress:
    """Shows the counts of a progress file: `update()` while the run goes, `close()` at its end."""

    def __init__(self, path: Path, enabled: bool):
        self.path = path
        self.start = time.monotonic()
        self.shown = ""
        self.handle = None
        self.mode = None
        if enabled and in_notebook():
            self.mode = "notebook"
        elif enabled and sys.stderr.isatty():
            self.mode = "terminal"

    def update(self) -> None:
        if self.mode is None:
            return
        counts = read_counts(self.path)
        if counts is None:
            return
        text = describe(counts[2], counts[3], time.monotonic() - self.start)
        if text == self.shown:
            return
        if self.mode == "terminal":
            sys.stderr.write("\r" + text.ljust(len(self.shown)))
            sys.stderr.flush()
        else:
            from IPython.display import display
            if self.handle is None:
                self.handle = display(text, display_id=True)
            else:
                self.handle.update(text)
        self.shown = text

    def close(self) -> None:
        self.update()
        if self.mode == "terminal" and self.shown:
            sys.stderr.write("\n")
            sys.stderr.flush()

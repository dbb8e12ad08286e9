"""Finding the hetcoll command line and running it: the one engine behind the package.

The CLI is found, in this order: the `cli` argument of the call; the environment variable
HETCOLL; `hetcoll` on PATH; the program `cmake --install` installed with the package (its
_installed.py names it); and, when the package is imported from a source checkout
(python/hetcoll), that checkout's build/hetcoll. The CLI runs in a process of its own per call
(SimGrid allows one simulation per process) and forks its own workers (key jobs).
"""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
from pathlib import Path
from typing import Callable, Optional, Sequence

#: The CLI's exit status for a refused input (docs/outputs.md): one line on stderr says why.
EXIT_BAD_INPUT = 2
#: How many lines of stderr a CLIError keeps.
STDERR_TAIL = 20
#: How long an interrupted CLI may take to clean up before it is killed.
STOP_SECONDS = 30


class InputError(ValueError):
    """The CLI refused the input (exit status 2); the message is the CLI's one line."""

    def __init__(self, line: str, command: Sequence[str] = ()):
        super().__init__(line)
        self.line = line
        self.command = list(command)


class CLIError(RuntimeError):
    """The CLI failed otherwise (a crash, a signal, a full disk): its status and stderr's tail."""

    def __init__(self, status: int, stderr: str, command: Sequence[str] = ()):
        self.status = status
        self.stderr = "\n".join(stderr.splitlines()[-STDERR_TAIL:])
        self.command = list(command)
        super().__init__(f"hetcoll exited with status {status}" + (f":\n{self.stderr}" if self.stderr else ""))


class CLINotFound(FileNotFoundError):
    """No hetcoll program where the package looks (see find_cli)."""


def source_build() -> Path:
    """build/hetcoll of the source checkout this package would be part of (python/hetcoll)."""
    return Path(__file__).resolve().parent.parent.parent / "build" / "hetcoll"


def installed_with_package() -> Optional[Path]:
    """The program cmake --install installed beside this package, or None (pip, a checkout)."""
    try:
        from ._installed import CLI  # type: ignore[import-not-found]
    except ImportError:
        return None
    return Path(CLI)


def find_cli(cli: Optional[os.PathLike | str] = None) -> str:
    """The path of the hetcoll program: `cli`, else $HETCOLL, else `hetcoll` on PATH, else the one
    installed with the package, else the source checkout's build/hetcoll. A program named by `cli`
    or HETCOLL that is not there is refused, not skipped."""
    for given, origin in ((cli, "argument cli"), (os.environ.get("HETCOLL") or None, "HETCOLL")):
        if given is None:
            continue
        found = shutil.which(str(given))
        if found is None:
            raise CLINotFound(f"{origin}: {given} is no executable hetcoll program")
        return os.path.abspath(found)
    found = shutil.which("hetcoll")
    if found is not None:
        return os.path.abspath(found)
    for candidate in (installed_with_package(), source_build()):
        if candidate is not None and os.access(candidate, os.X_OK):
            return str(candidate)
    raise CLINotFound("no hetcoll program: pass cli=PATH, set HETCOLL, put hetcoll on PATH, or build the "
                      f"source checkout's {source_build()} (docs/python.md)")


def completed(command: Sequence[str], status: int, stderr: str) -> None:
    """Raises InputError for exit status 2 (its last line: the CLI's one line), CLIError for any
    other failure; returns for status 0."""
    if status == 0:
        return
    lines = [line for line in stderr.splitlines() if line.strip()]
    if status == EXIT_BAD_INPUT and lines:
        raise InputError(lines[-1], command)
    raise CLIError(status, stderr, command)


def run_cli(command: Sequence[str], *, env: Optional[dict] = None, stderr_path: Path,
            poll: Optional[Callable[[], None]] = None) -> str:
    """Runs `command` with stderr into `stderr_path`, calling `poll` about 5 times a second while it
    runs; returns stdout. An interrupt (Ctrl-C) stops the CLI (SIGINT: it removes its temporaries)
    before it is raised again."""
    with open(stderr_path, "wb") as err:
        process = subprocess.Popen(list(command), stdout=subprocess.PIPE, stderr=err,
                                   stdin=subprocess.DEVNULL, env=env)
        try:
            if poll is None:
                out, _ = process.communicate()
            else:
                out = wait_polling(process, poll)
        except BaseException:
            stop(process)
            raise
    stderr = Path(stderr_path).read_text(errors="replace")
    completed(command, process.returncode, stderr)
    return out.decode()


def stop(process: subprocess.Popen) -> None:
    """SIGINT, on which the CLI removes its temporaries and exits; SIGKILL if it has not within
    STOP_SECONDS (a stuck child never hangs the caller)."""
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def wait_polling(process: subprocess.Popen, poll: Callable[[], None]) -> bytes:
    """The process's stdout once it exits, calling `poll` between waits."""
    while True:
        try:
            out, _ = process.communicate(timeout=0.2)
            return out
        except subprocess.TimeoutExpired:
            poll()

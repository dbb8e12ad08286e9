"""What the package's tests share: the CLI they run (hetcoll.find_cli's order: HETCOLL, PATH, the
source checkout's build/hetcoll) and small runs of it, each a second or less on the model engine."""
import csv
import io
import subprocess
from pathlib import Path

import pytest

import hetcoll

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def cli():
    return hetcoll.find_cli()


def run_cli_to_files(cli, where, *words, raw=False, trace=False):
    """The CLI's own CSVs of `hetcoll run WORDS`, as bytes: {"summary": ..., "raw": ..., "trace": ...}."""
    command = [cli, "run", *words, "--output", str(where / "summary.csv"), "--quiet"]
    if raw:
        command += ["--raw", str(where / "raw.csv")]
    if trace:
        command += ["--trace", str(where / "trace.csv")]
    subprocess.run(command, check=True, capture_output=True)
    return {name: (where / f"{name}.csv").read_bytes() for name in ("summary", "raw", "trace")
            if (where / f"{name}.csv").exists()}


def csv_cells(data):
    """The rows of CSV bytes as lists of text cells, the header first."""
    return list(csv.reader(io.StringIO(data.decode())))

"""hetcoll.run against the CLI: its frames hold the CLI's own CSV cells (numbers to the bit, empty
cells as NaN, words as text), the manifest is the CLI's, a refused input raises InputError with
the CLI's line, other failures CLIError; jobs changes no cell."""
import json
import math
import os
import stat
import subprocess
import sys

import pandas
import pytest

import hetcoll
from conftest import csv_cells, run_cli_to_files

# Two CVs on a drawn cluster; root = any lets each algorithm choose, so that a row's root may
# differ between replications (a `varies` cell).
KEYS = dict(family="reduce", processors=6, cv=[0, 0.5], cluster="uniform", root="any",
            replications=30, engine="model", seed=7)
WORDS = ["--family", "reduce", "--processors", "6", "--cv", "0,0.5", "--cluster", "uniform", "--root", "any",
         "--replications", "30", "--engine", "model", "--seed", "7"]


def assert_frame_holds(frame, data):
    """Every cell of `frame` is the CSV's: the same columns, a float equal to the cell's number,
    NaN for an empty cell, the text of a word."""
    rows = csv_cells(data)
    assert list(frame.columns) == rows[0]
    assert len(frame) == len(rows) - 1
    for index, row in enumerate(rows[1:]):
        for column, text in zip(rows[0], row):
            value = frame.at[index, column]
            if text == "":
                assert isinstance(value, float) and math.isnan(value), (column, index)
            elif isinstance(value, float):
                assert value == float(text) and repr(value) == repr(float(text)), (column, index, text)
            else:
                assert value == text, (column, index)


@pytest.fixture(scope="module")
def both(cli, tmp_path_factory):
    where = tmp_path_factory.mktemp("cli")
    return hetcoll.run(**KEYS, raw=True, trace=True, progress=False), run_cli_to_files(cli, where, *WORDS, raw=True, trace=True)


def test_summary_raw_and_trace_hold_the_cli_csv_cells(both):
    result, files = both
    for part in ("summary", "raw", "trace"):
        assert_frame_holds(getattr(result, part), files[part])


def test_numbers_are_floats_and_words_text(both):
    result, _ = both
    summary = result.summary
    for column in ("cv", "mean", "q10", "replications"):
        assert summary[column].dtype == "float64"
    assert summary["algorithm"].map(type).eq(str).all()
    # A column of numbers that may hold `varies` keeps both (root = any: some rows' roots vary).
    assert set(summary["root"].map(type)) == {float, str}
    assert all(cell == "varies" for cell in summary["root"] if isinstance(cell, str))


def test_the_manifest_is_the_cli_s(both):
    result, _ = both
    assert result.manifest["format"] == "hetcoll-manifest-1"
    assert result.manifest["seed"] == 7
    assert result.command[1] == "run"


def test_jobs_changes_no_cell(both):
    result, _ = both
    one = hetcoll.run(**KEYS, jobs=1, progress=False)
    pandas.testing.assert_frame_equal(one.summary, result.summary)


def test_a_scenario_file_with_keyword_keys_on_top(cli, tmp_path):
    scenario = tmp_path / "s.ini"
    scenario.write_text("family = reduce\nprocessors = 6\ncluster = uniform\nreplications = 30\nengine = model\n"
                        "seed = 7\ncv = 3\nroot = any\n")
    from_file = hetcoll.run(scenario, cv=[0, 0.5], progress=False)
    from_dict = hetcoll.run({k: v for k, v in KEYS.items()}, progress=False)
    pandas.testing.assert_frame_equal(from_file.summary, from_dict.summary)


def test_a_refused_input_raises_input_error_with_the_cli_line(cli, tmp_path):
    words = ["--family", "reduce", "--cv", "-1", "--output", str(tmp_path / "x.csv")]
    direct = subprocess.run([cli, "run", *words], capture_output=True, text=True)
    assert direct.returncode == 2
    with pytest.raises(hetcoll.InputError) as refused:
        hetcoll.run(family="reduce", cv=-1, progress=False)
    assert str(refused.value) == direct.stderr.strip()
    assert "'cv'" in str(refused.value)


def test_an_unknown_key_is_the_cli_s_to_refuse():
    with pytest.raises(hetcoll.InputError, match="unknown key 'no-such-key'"):
        hetcoll.run(family="reduce", no_such_key=1, progress=False)


def test_run_s_own_keys_are_refused_before_the_cli():
    with pytest.raises(TypeError, match="'output'"):
        hetcoll.run(family="reduce", output="x.csv")


def fake_cli(tmp_path, status, stderr):
    path = tmp_path / "hetcoll"
    path.write_text(f"#!/bin/sh\nprintf '{stderr}' >&2\nexit {status}\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_another_failure_raises_cli_error_with_status_and_stderr(tmp_path):
    program = fake_cli(tmp_path, 134, "first\\nsecond: Aborted\\n")
    with pytest.raises(hetcoll.CLIError) as failed:
        hetcoll.run(family="reduce", cli=program, progress=False)
    assert not isinstance(failed.value, hetcoll.InputError)
    assert failed.value.status == 134
    assert failed.value.stderr == "first\nsecond: Aborted"


def test_the_cli_is_the_argument_then_hetcoll_then_path(tmp_path, monkeypatch, cli):
    named = fake_cli(tmp_path, 0, "")
    monkeypatch.setenv("HETCOLL", cli)
    assert hetcoll.find_cli(named) == str(named)
    assert hetcoll.find_cli() == cli
    monkeypatch.setenv("HETCOLL", str(tmp_path / "missing"))
    with pytest.raises(hetcoll.CLINotFound, match="HETCOLL"):
        hetcoll.find_cli()
    monkeypatch.delenv("HETCOLL")
    monkeypatch.setenv("PATH", str(tmp_path))
    assert hetcoll.find_cli() == str(named)


def test_no_progress_and_no_printing_when_progress_is_off(capfd):
    hetcoll.run(**KEYS, progress=False)
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_progress_on_a_terminal_ends_at_every_replication(monkeypatch):
    class Terminal:
        def __init__(self):
            self.text = ""

        def isatty(self):
            return True

        def write(self, text):
            self.text += text

        def flush(self):
            pass

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    result = hetcoll.run(**KEYS)
    total = int(result.summary["replications"].sum())
    last = terminal.text.rstrip("\n").split("\r")[-1]
    assert last.startswith(f"hetcoll: {total:,}/{total:,} replications (100%)")
    assert terminal.text.endswith("\n")


def test_progress_in_a_notebook_updates_one_display(monkeypatch):
    """In a Jupyter kernel (IPython imported, its shell a kernel's), one display is made and
    updated; IPython itself is faked: only its two calls the package makes."""
    import types

    shown = []

    class Handle:
        def update(self, text):
            shown.append(text)

    def display(text, display_id):
        assert display_id is True
        shown.append(text)
        return Handle()

    ipython = types.ModuleType("IPython")
    ipython.get_ipython = lambda: types.SimpleNamespace(config={"IPKernelApp": {}})
    ipython.display = types.ModuleType("IPython.display")
    ipython.display.display = display
    monkeypatch.setitem(sys.modules, "IPython", ipython)
    monkeypatch.setitem(sys.modules, "IPython.display", ipython.display)
    result = hetcoll.run(**KEYS)
    total = int(result.summary["replications"].sum())
    assert shown and shown[-1].startswith(f"hetcoll: {total:,}/{total:,} replications (100%)")
    assert len(shown) == len(set(shown))  # each text once: an update only when the counts move


def test_an_interrupt_stops_the_cli_and_is_raised_again(tmp_path, monkeypatch):
    """Ctrl-C while the CLI runs: the CLI gets SIGINT (here a program that records it and exits)
    and the KeyboardInterrupt reaches the caller."""
    got = tmp_path / "got-sigint"
    program = tmp_path / "hetcoll"
    program.write_text(f"#!/bin/sh\ntrap 'touch {got}; exit 130' INT\nwhile :; do sleep 0.05; done\n")
    program.chmod(program.stat().st_mode | stat.S_IXUSR)
    from hetcoll import _progress

    calls = []

    def interrupt(self):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt

    monkeypatch.setattr(_progress.Progress, "update", interrupt)
    with pytest.raises(KeyboardInterrupt):
        hetcoll.run(family="reduce", cli=program)
    assert got.exists()

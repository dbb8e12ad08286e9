"""What the tests of the family plot scripts share (test_plot_*.py).

Each test runs its script in a subprocess, as a user would run it, on small synthetic CSVs
written into a temporary directory of its own that is removed when the test ends. A drawing
must produce a PNG and name what it drew on stdout; an input problem must exit with status 2
and one line on stderr that names the file.
"""
import csv
import os
import subprocess
import sys
import tempfile
import unittest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

# The scripts import the hetcoll package: keep them from writing bytecode into the source tree.
os.environ["PYTHONDONTWRITEBYTECODE"] = "1"


def script(name):
    """Path of scripts/`name`."""
    return os.path.join(ROOT, "scripts", name)


def write(path, header, rows):
    """A CSV with `header`, then `rows`."""
    with open(path, "w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(header)
        writer.writerows(rows)


class PlotScriptTest(unittest.TestCase):
    """Runs SCRIPT (set by the subclass) in a temporary directory."""

    SCRIPT = None

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def path(self, name):
        return os.path.join(self.dir.name, name)

    def run_script(self, *args):
        return subprocess.run([sys.executable, self.SCRIPT, *args], capture_output=True, text=True)

    def assert_png(self, result, path, stdout_names=None):
        """The run succeeded and wrote a PNG at `path`; its stdout holds `stdout_names` if given."""
        self.assertEqual(result.returncode, 0, result.stderr)
        if stdout_names is not None:
            self.assertIn(stdout_names, result.stdout)
        with open(path, "rb") as handle:
            self.assertEqual(handle.read(8), PNG_SIGNATURE)

    def assert_input_error(self, result, named_file, *expected_words):
        """The run refused its input: status 2, one line on stderr naming the file and the words."""
        self.assertEqual(result.returncode, 2, result.stderr)
        self.assertNotIn("Traceback", result.stderr)
        lines = result.stderr.strip().splitlines()
        self.assertEqual(len(lines), 1, f"expected one line, got: {result.stderr!r}")
        self.assertIn(named_file, lines[0])
        for words in expected_words:
            self.assertIn(words, lines[0])

"""docs/example_two_sites.py runs end to end as a script and writes its figure where asked."""
import subprocess
import sys

from conftest import ROOT

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def test_the_example_answers_and_draws(tmp_path):
    figure = tmp_path / "two-sites.png"
    done = subprocess.run([sys.executable, str(ROOT / "docs/example_two_sites.py"), str(figure)],
                          capture_output=True, text=True, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert figure.read_bytes()[:8] == PNG_SIGNATURE
    # One winner per CV of the sweep, each an algorithm of the run.
    lines = done.stdout.splitlines()
    table = [line.split() for line in lines[2:] if line and line[0].isdigit()]
    assert [row[0] for row in table] == ["0.0", "0.1", "0.3", "1.0", "3.0"]
    algorithms = {"binomial-stat", "fibonacci-stat", "tree-dyn", "non-commut-tree-dyn", "snf", "optimal",
                  "ompi-tuned", "mpich"}
    assert all(row[1] in algorithms for row in table)
    assert lines[-1] == f"figure: {figure}"

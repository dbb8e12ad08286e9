#!/usr/bin/env bash
# Runs a Python 3 that can import matplotlib and pandas, with the hetcoll package of the source tree
# importable.
#
# usage: scripts/python.sh ARGS...     e.g. scripts/python.sh scripts/plot.py rr8315-fig4 fig4.csv
#                                           scripts/python.sh -m unittest discover -s test/scripts
#
# Debian's python3-matplotlib lives in /usr/bin/python3, which a pyenv or venv python3 on
# PATH does not see; so prefer /usr/bin/python3, else the first python3 on PATH that has both.
# The source tree's python/ (the package hetcoll, docs/python.md) and this script's directory (the
# scripts' modules, claims and reproduce) go first on PYTHONPATH: this is how the scripts and tests
# find them, from anywhere, without a path of their own (an installed hetcoll, pip or cmake
# --install, is found without it; the source tree's comes first). No bytecode is written into
# the source tree.
set -euo pipefail

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)  # -P: a linked scripts/ still finds its python/
export PYTHONPATH="$(dirname "$here")/python:$here${PYTHONPATH:+:$PYTHONPATH}"
export PYTHONDONTWRITEBYTECODE=1
for python in /usr/bin/python3 python3; do
  if command -v "$python" >/dev/null && "$python" -c 'import matplotlib, pandas' 2>/dev/null; then
    exec "$python" "$@"
  fi
done
echo "python.sh: no Python 3 with matplotlib and pandas found: run scripts/setup.sh (Debian), or install them (pip install --user matplotlib pandas)" >&2
exit 1

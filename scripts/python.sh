#!/usr/bin/env bash
# Runs a Python 3 that can import matplotlib, so the plot scripts work on a fresh machine.
#
# usage: scripts/python.sh ARGS...     e.g. scripts/python.sh scripts/plot.py rr8315-fig4 fig4.csv
#
# Debian's python3-matplotlib lives in /usr/bin/python3, which a pyenv or venv python3 on
# PATH does not see; so prefer /usr/bin/python3, else the first python3 on PATH that has it.
set -euo pipefail

for python in /usr/bin/python3 python3; do
  if command -v "$python" >/dev/null && "$python" -c 'import matplotlib' 2>/dev/null; then
    exec "$python" "$@"
  fi
done
echo "python.sh: no Python 3 with matplotlib found: run scripts/setup.sh (Debian), or install matplotlib and pandas (pip install --user matplotlib pandas)" >&2
exit 1

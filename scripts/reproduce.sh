#!/usr/bin/env bash
# One command reproduces the five papers: installs and builds what is missing (scripts/setup.sh),
# runs every figure scenario, draws every figure and checks every claim (scripts/reproduce.py).
#
# usage: scripts/reproduce.sh [--quick] [--jobs N] [--out DIR]     (DIR: results/reproduction)
#
# Writes DIR/csv/, DIR/figures/*.png, DIR/claims.csv and DIR/report.md; a rerun skips the
# scenarios already run by this build. Exit status 1 when a claim's verdict is not the expected one.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh >&2
exec scripts/python.sh scripts/reproduce.py "$@"

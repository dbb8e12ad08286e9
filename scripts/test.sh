#!/usr/bin/env bash
# One command on a fresh machine: installs and builds (scripts/setup.sh), then runs every test:
# the C++ tests (ctest), the plot script tests and the CLI smoke test.
#
# usage: scripts/test.sh
#
# Every stage runs even if an earlier one failed; the exit status is non-zero if any failed.
# Budget: under 15 minutes on 2 cores, build included.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh

failed=()

echo "test: C++ tests (ctest)" >&2
# The timeout only guards against a hung test; no test should come near it.
ctest --test-dir build --output-on-failure -j2 --timeout 600 || failed+=(ctest)

if [[ -f test/scripts/test_plots.py ]]; then
  echo "test: plot script tests" >&2
  scripts/python.sh test/scripts/test_plots.py || failed+=(plot-scripts)
fi

echo "test: CLI smoke test" >&2
bash test/cli/smoke.sh "$(pwd)/build/hetcoll" || failed+=(cli-smoke)

if ((${#failed[@]})); then
  echo "test: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "test: all passed" >&2

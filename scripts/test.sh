#!/usr/bin/env bash
# One command on a fresh machine: installs and builds every target (scripts/setup.sh --all), then
# runs every test: the C++ tests (ctest), the Python scripts' tests, the Python package's tests
# and the build for a cluster without root.
#
# usage: scripts/test.sh
#
# Every stage runs even if an earlier one failed; the exit status is non-zero if any failed.
# Budget: under 15 minutes on 2 cores, build included.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/setup.sh --all

failed=()

echo "test: C++ tests (ctest)" >&2
# The timeout only guards against a hung test; no test should come near it.
ctest --test-dir build --output-on-failure -j2 --timeout 600 || failed+=(ctest)

# The Python scripts' tests (the CLI smoke test already ran inside ctest, as cli_smoke): every
# test/scripts/test_*.py, with the scripts' package importable (scripts/python.sh).
echo "test: test/scripts (python -m unittest)" >&2
scripts/python.sh -m unittest discover -s test/scripts -t test/scripts || failed+=(test/scripts)

# The Python package's tests (docs/python.md): pytest on python/tests, against the CLI just built
# (HETCOLL), the package and the example docs/example_two_sites.py included. Skipped, saying
# so, where no Python has pandas, matplotlib and pytest (setup.sh installs Debian's).
echo "test: python/tests (pytest)" >&2
if scripts/python.sh -c 'import pytest' 2>/dev/null; then
  HETCOLL="$PWD/build/hetcoll" scripts/python.sh -m pytest -q -p no:cacheprovider python/tests || failed+=(python/tests)
else
  echo "test: SKIPPED python/tests: no Python 3 with pandas, matplotlib and pytest (Debian: python3-pytest)" >&2
fi

# The build for a cluster without root of docs/hpc.md, into a temporary prefix (its objects mostly
# from the ccache of the build above).
echo "test: test/hpc/cluster_build.sh" >&2
bash test/hpc/cluster_build.sh build/hetcoll || failed+=(test/hpc/cluster_build.sh)

if ((${#failed[@]})); then
  echo "test: FAILED: ${failed[*]}" >&2
  exit 1
fi
echo "test: all passed" >&2

#!/usr/bin/env bash
# Installs what hetcoll needs on Debian 12 and builds it in Release into build/.
#
# usage: scripts/setup.sh [--all]
#
# Builds build/hetcoll and its SimGrid plugin, what scripts/run.sh and scripts/reproduce.sh
# run; --all builds every target besides (the tests, hetcoll_bench, hetcoll-mpi), as
# scripts/test.sh needs. Compiles through ccache (installed here), so that a second build
# directory of the same sources, the cluster build of test/hpc/cluster_build.sh, takes its
# objects from the cache instead of compiling them again.
# Idempotent: packages already installed are checked with dpkg-query, and apt-get (update
# included) runs only when one is missing; the build is incremental. Works from any directory.
# Progress goes to stderr; nothing is exported.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

targets=(--target hetcoll)
case "${1:-}" in
  --all) targets=() ;;
  "") ;;
  *) echo "setup: unknown argument '$1'; usage: scripts/setup.sh [--all]" >&2; exit 2 ;;
esac

PACKAGES=(
  build-essential cmake pkg-config ccache
  # libsimgrid-dev also holds SimGrid's MPI, smpicc (over build-essential's cc) and smpirun, which
  # the SMPI check runs (docs/smpi.md); without them that check is skipped.
  libsimgrid-dev libboost-program-options-dev librandom123-dev
  libgtest-dev googletest libbenchmark-dev libglpk-dev nlohmann-json3-dev libssl-dev
  python3-matplotlib python3-numpy python3-pandas
  # The Python package's tests (python/tests) and `pip install --no-build-isolation ./python`.
  python3-pytest python3-setuptools
  libopenmpi-dev openmpi-bin
  pajeng
)

say() { echo "setup: $*" >&2; }

installed() {
  [[ "$(dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null)" == ?i* ]]
}

missing=()
for package in "${PACKAGES[@]}"; do
  installed "$package" || missing+=("$package")
done

if ((${#missing[@]})); then
  say "installing ${missing[*]}"
  sudo=()
  if ((EUID != 0)); then
    command -v sudo >/dev/null || { say "not root and no sudo: install ${missing[*]} by hand"; exit 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -q >&2
  "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    "${missing[@]}" >&2
else
  say "all packages present"
fi

# The build stamps its own revision (git describe, at every build): nothing to pass here.
say "configuring build/ (Release)"
cmake -S . -B build --log-level=WARNING -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER_LAUNCHER=ccache >&2
say "building ${targets[*]:-every target}"
cmake --build build -j2 "${targets[@]}" >&2
say "built $(pwd)/build/hetcoll"

for python in /usr/bin/python3 python3; do
  if "$python" -c 'import matplotlib' 2>/dev/null; then
    say "python with matplotlib: $(command -v "$python") (or use scripts/python.sh)"
    break
  fi
done

#!/usr/bin/env bash
# The commands of docs/hpc.md, "Building without root", run as written by a user without root: SimGrid
# found only through a prefix of the user's (CMAKE_PREFIX_PATH), no GoogleTest, Google Benchmark
# or MPI, `cmake --install` into a temporary prefix, and the installed hetcoll and
# slurm_array.sh run from the prefix alone, with the same bytes as the repository's build.
#
# usage: test/hpc/cluster_build.sh HETCOLL     (HETCOLL: the repository's build, for comparison)
#
# The prefix is made of links to this machine's SimGrid, with a pkg-config file of its own, and
# pkg-config is told to look nowhere else (PKG_CONFIG_LIBDIR): so the configure step must find
# SimGrid through CMAKE_PREFIX_PATH, and fails without it (checked).
# With ccache on PATH (scripts/setup.sh installs it and builds the repository through it), the
# README's build compiles through it too, from the user's cache (not the scratch $HOME's): the
# sources the repository's build compiled come from the cache, so only the files that include
# SimGrid's headers (found here under the prefix) and the revision header compile again. The
# configure, link, install and run steps, what the test proves, are those of a cold build;
# without ccache it is a full build, about two minutes on 2 cores.
set -uo pipefail
reference=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
passed=0 failed=0
check() { if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $*" >&2; fi; }

# The user's prefix, $HOME/opt of a scratch $HOME: SimGrid's library, headers and a pkg-config
# file pointing there.
home=$dir/home
deps=$home/opt
mkdir -p "$deps/lib/pkgconfig" "$deps/include"
libdir=$(pkg-config --variable=libdir simgrid)
ln -s "$libdir"/libsimgrid.so* "$deps/lib/"
for d in simgrid xbt smpi xbt.h; do ln -s "/usr/include/$d" "$deps/include/$d"; done
sed -e "s|^prefix=.*|prefix=$deps|" -e "s|^libdir=.*|libdir=$deps/lib|" -e "s|^includedir=.*|includedir=$deps/include|" \
  "$(pkg-config --variable=pcfiledir simgrid)/simgrid.pc" > "$deps/lib/pkgconfig/simgrid.pc"
# libcrypto (OpenSSL) is on every cluster's system paths: its own pkg-config file, seen alone.
system_pc=$dir/system-pc
mkdir -p "$system_pc"
cp "$(pkg-config --variable=pcfiledir libcrypto)/libcrypto.pc" "$system_pc/"
export PKG_CONFIG_LIBDIR=$system_pc
if command -v ccache >/dev/null; then
  CCACHE_DIR=$(ccache -k cache_dir)
  export CCACHE_DIR CMAKE_CXX_COMPILER_LAUNCHER=ccache
fi

# The page's commands, as written, with $HOME the scratch directory.
commands=$(awk '/^## / { section = $0 } /^```/ { if (section ~ /Building without root/) inside = !inside; next }
                inside { print }' "$repo/docs/hpc.md")
check test "$(grep -c . <<<"$commands")" -ge 4

# Without the prefix, SimGrid is not found (so the run below found it there).
cmake -S "$repo" -B "$dir/no-prefix" -DHETCOLL_TESTS=OFF > "$dir/no-prefix.log" 2>&1
check test $? -ne 0
check grep -q simgrid "$dir/no-prefix.log"
# The documented options need neither GoogleTest, Google Benchmark nor MPI.
cmake -S "$repo" -B "$dir/absent" -DHETCOLL_TESTS=OFF -DHETCOLL_MPI=OFF -DCMAKE_PREFIX_PATH="$deps" \
  -DCMAKE_DISABLE_FIND_PACKAGE_GTest=ON -DCMAKE_DISABLE_FIND_PACKAGE_benchmark=ON -DCMAKE_DISABLE_FIND_PACKAGE_MPI=ON \
  > "$dir/absent.log" 2>&1
check test $? -eq 0

while IFS= read -r command; do
  if ! (cd "$repo" && HOME=$home bash -c "$command" </dev/null >"$dir/command.log" 2>&1); then
    check false "$command"
    tail -20 "$dir/command.log" >&2
    exit 1
  fi
done <<<"$commands"

prefix=$home/hetcoll
share=$prefix/share/hetcoll
check test ! -e "$home/build-hetcoll/hetcoll_tests"
check test -x "$prefix/bin/hetcoll"
check test -x "$share/scripts/slurm_array.sh"
check test -x "$share/scripts/plot.py"
check test -f "$share/python/hetcoll/figures/registry.py"
# The package, in python3's site directory for the prefix, runs the installed hetcoll by itself.
site=$(find "$prefix/lib" -path "*/hetcoll/_installed.py" | head -n 1)
check test -n "$site"
check grep -q "CLI = '$prefix/bin/hetcoll'" "$site"
check test -f "$share/platforms/two-sites.xml"
check test -f "$prefix/share/doc/hetcoll/README.md"

# The installed hetcoll and slurm_array.sh gave the repository build's bytes.
(cd "$repo" && "$reference" run scenarios/rr8315-fig4.ini --replications 10000 --quiet --output "$dir/reference.csv")
check cmp -s "$dir/reference.csv" "$home/fig4.csv"
check cmp -s "$dir/reference.csv" "$home/fig4-array.csv"
(cd "$repo" && "$reference" run scenarios/jw-example-platform.ini --quiet --output "$dir/reference-jw.csv")
(cd "$share" && "$prefix/bin/hetcoll" run scenarios/jw-example-platform.ini --quiet --output "$dir/installed-jw.csv")
check cmp -s "$dir/reference-jw.csv" "$dir/installed-jw.csv"
# The installed plugin finds SimGrid in the user's prefix by itself (its RUNPATH), not only
# because this machine also has it in a system directory.
plugin=$(find "$prefix" -name hetcoll_simgrid.so | head -n 1)
check test -n "$plugin"
check grep -q "libsimgrid.so.* => $deps/lib/" <(ldd "$plugin")

echo "$passed passed, $failed failed"
test "$failed" -eq 0
